"""The Gomocup brain as a state machine: protocol answers, forced moves, time management.

Protocol: P. Lastovicka and M. Petricek, "Gomoku AI protocol" (plastovicka.github.io/
protocl2en.htm).  No test reads the wall clock: the brain's clock is a
:class:`FakeClock`, and searches are bounded by depth.
"""

from __future__ import annotations

import io
import random

import pytest
from fake_clock import FakeClock

from reference.gomocup.cli import serve
from reference.gomocup.engine import CANDIDATE_RADIUS, choose_move, forced_move, one_ply_move
from reference.gomocup.protocol import (
    MIN_TABLE_SLOTS,
    TABLE_SIZE,
    Brain,
    package_version,
)
from reference.gomocup.timeman import (
    MATCH_RESERVE,
    MIN_BUDGET,
    MOVES_TO_GO,
    TURN_FRACTION,
    TURN_RESERVE,
    UNLIMITED_MS,
    TimeControl,
    move_budget,
    turn_budget,
)
from reference.mnk.game import MNKGame
from reference.mnk.geometry import geometry
from reference.mnk.players import NearMovesGame
from reference.search import Deadline, iterative_deepening
from reference.search.context import MAX_TIME_LIMIT


def brain_with(
    *lines: str, step: float = 0.0, max_depth: int | None = 2, vcf_nodes: int = 2000
) -> tuple[Brain, list[str]]:
    """A brain fed ``lines``; returns it and every answer line."""
    brain = Brain(clock=FakeClock(step=step), max_depth=max_depth, vcf_nodes=vcf_nodes)
    out: list[str] = []
    for line in lines:
        out.extend(brain.handle(line))
    return brain, out


def board(*stones: tuple[int, int, int]) -> list[str]:
    return ["BOARD", *(f"{x},{y},{f}" for x, y, f in stones), "DONE"]


def moves_only(out: list[str]) -> list[str]:
    return [line for line in out if not line.startswith(("MESSAGE", "DEBUG"))]


# -------------------------------------------------------------------- forced moves
OWN_FOUR = [(7, 7, 1), (8, 7, 1), (9, 7, 1), (10, 7, 1)]
OPPONENT_FOUR = [(3, 3, 2), (3, 4, 2), (3, 5, 2), (3, 6, 2)]


@pytest.mark.parametrize("step", [0.0, 1000.0])
def test_an_immediate_five_is_played_even_with_no_time(step: float) -> None:
    """step 1000: every clock reading is 1000 s later, so the deadline has passed before
    any search; the five is a rule checked before searching."""
    _, out = brain_with("START 15", *board(*OWN_FOUR, *OPPONENT_FOUR), step=step)
    assert moves_only(out)[-1] in ("6,7", "11,7")
    assert "five" in out[-2]


@pytest.mark.parametrize("step", [0.0, 1000.0])
def test_an_opponent_four_is_blocked_even_with_no_time(step: float) -> None:
    own_three = [(7, 7, 1), (8, 7, 1), (9, 7, 1)]  # an open three the search might prefer
    _, out = brain_with("START 15", *board(*own_three, *OPPONENT_FOUR), step=step)
    assert moves_only(out)[-1] in ("3,2", "3,7")
    assert "blocks" in out[-2]


def test_turn_blocks_the_four_the_opponent_just_made() -> None:
    position = [(7, 7, 1), (12, 12, 1), (0, 14, 1), (3, 3, 2), (3, 4, 2), (3, 5, 2)]
    brain, out = brain_with("START 15", *board(*position), step=1000.0)
    brain.handle(f"TAKEBACK {out[-1]}")  # the brain's own stone goes elsewhere
    assert brain.handle("PLAY 12,0") == ["12,0"]
    assert moves_only(brain.handle("TURN 3,6")) in (["3,2"], ["3,7"])
    assert brain.last_move is not None and brain.last_move.reason == "block"


def test_five_comes_before_block() -> None:
    """Both sides have a four: the five wins at once; without the own four, the block."""
    _, out = brain_with("START 15", *board(*OWN_FOUR, *OPPONENT_FOUR))
    assert moves_only(out)[-1] in ("6,7", "11,7")
    position = [*OWN_FOUR[:3], (0, 0, 1), *OPPONENT_FOUR]  # own 7,7 8,7 9,7: no four
    _, out = brain_with("START 15", *board(*position))
    assert moves_only(out)[-1] in ("3,2", "3,7")


def test_a_vcf_is_played_and_followed_to_the_five() -> None:
    """Hand-worked (as in tests/mnk/test_mnk_vcf.py, x = the brain on a 9 x 9 board):
    four on row 3 forces the block, then a double four."""
    own = [(2, 2, 1), (3, 2, 1), (4, 2, 1), (5, 4, 1), (5, 5, 1)]
    opponent = [(1, 2, 2), (0, 8, 2), (8, 8, 2), (0, 0, 2), (8, 0, 2)]
    brain, out = brain_with("START 9", *board(*own, *opponent))
    assert out[-2].startswith("MESSAGE win by continuous fours (VCF): 5,2 6,2 5,3")
    assert out[-1] == "5,2"
    out = brain.handle("TURN 6,2")
    assert out[-1] == "5,3"
    out = brain.handle("TURN 5,1")
    assert out[-1] == "5,6"  # the five
    assert brain.last_move is not None and brain.last_move.reason == "five"


def test_search_result_does_not_depend_on_time_when_depth_bounded() -> None:
    """With a clock that never moves, the depth bound decides: the same move twice."""
    runs = [
        moves_only(brain_with("START 15", "BEGIN", "TURN 8,8", max_depth=2)[1]) for _ in range(2)
    ]
    assert runs[0] == runs[1] == ["OK", "7,7", runs[0][2]]
    brain, _ = brain_with("START 15", "BEGIN", "TURN 8,8", max_depth=2)
    assert brain.last_move is not None
    assert brain.last_move.reason == "search" and brain.last_move.depth == 2


def one_ply_values(game: MNKGame) -> dict[int, int]:
    """Each candidate's value one ply ahead, worked out afresh: the position after it read
    from notation, evaluated for the opponent (to move there) and negated."""
    values = {}
    for move in NearMovesGame.of(game, CANDIDATE_RADIUS).search_moves():
        child = MNKGame.from_notation(game.to_notation(), game.k)
        child.play(move)
        assert not child.is_terminal()
        values[move] = -child.evaluate()
    return values


# x to move on 15 x 15 (the brain's colour): no five, no four to block; the first
# candidate in the search's order is not the best one ply ahead
NO_TIME_POSITION = [(7, 7, 1), (8, 7, 2), (7, 8, 1), (8, 8, 2), (6, 6, 1), (9, 9, 2)]


@pytest.mark.parametrize("step", [1000.0, 0.02])
def test_no_time_left_plays_the_best_move_one_ply_ahead(step: float) -> None:
    """With the deadline passed at once (step 1000: every clock reading is 1000 s later;
    step 0.02 with INFO time_left 0: the 0.01 s budget is gone at the next reading) the
    move is the best by the evaluation one ply ahead, never the first candidate unseen."""
    info = [] if step > 1 else ["INFO timeout_match 100000", "INFO time_left 0"]
    brain, out = brain_with("START 15", *info, *board(*NO_TIME_POSITION), step=step)
    assert brain.last_move is not None and brain.last_move.reason == "one ply"
    assert brain.match is not None
    del brain.match.stones[brain.last_move.cell]
    game = brain._position(brain.match)  # the position before the move, brain to move
    values = one_ply_values(game)
    assert brain.last_move.value == max(values.values())
    assert values[brain.last_move.cell] == max(values.values())
    first = NearMovesGame.of(game, CANDIDATE_RADIUS).search_moves()[0]
    assert values[first] < max(values.values())  # the old fallback would have erred here
    assert out[-2].startswith("MESSAGE one ply")


def test_the_only_candidate_is_played_at_once() -> None:
    """On the empty board the one candidate is the centre: no search spends the turn on it
    (the clock moves 0.01 s a reading; a search would read it until 9 s had passed)."""
    brain, out = brain_with("START 15", "INFO timeout_turn 10000", "BEGIN", step=0.01)
    assert out[-1] == "7,7"
    assert brain.last_move is not None and brain.last_move.reason == "one ply"
    assert brain.used_seconds < 0.1


def test_timeout_turn_zero_still_evaluates_one_ply() -> None:
    """``INFO timeout_turn 0`` (as fast as possible): the least budget, a one-ply move."""
    brain, _ = brain_with("START 15", "INFO timeout_turn 0", *board(*NO_TIME_POSITION), step=0.02)
    assert brain.last_move is not None and brain.last_move.reason == "one ply"
    assert brain.match is not None
    del brain.match.stones[brain.last_move.cell]
    values = one_ply_values(brain._position(brain.match))
    assert values[brain.last_move.cell] == max(values.values())


def random_positions(count: int, seed: int) -> list[MNKGame]:
    """Positions of freestyle gomoku on 11 x 11 reached by random near moves, without a
    five or a four on the board (where the brain would not evaluate)."""
    rng = random.Random(seed)
    found: list[MNKGame] = []
    while len(found) < count:
        game = MNKGame(11, 11, 5)
        for _ in range(rng.randrange(1, 30)):
            near = NearMovesGame.of(game, 1).search_moves()
            game.play(rng.choice(near))
            if game.is_terminal() or forced_move(game) is not None:
                break
        else:
            found.append(game)
    return found


def test_one_ply_move_is_the_best_of_a_depth_1_search() -> None:
    """``one_ply_move`` (a literal loop over the candidates) against the search core's
    depth-1 PVS over each candidate: the same values, and the best one is chosen."""
    for game in random_positions(12, seed=5):
        choice = one_ply_move(NearMovesGame.of(game, CANDIDATE_RADIUS))
        values = one_ply_values(game)
        assert choice.value == max(values.values()) == values[choice.cell]
        whole = iterative_deepening(
            NearMovesGame.of(game, CANDIDATE_RADIUS), max_depth=1, use_tt=False
        )
        assert whole.score == choice.value


def test_choose_move_leaves_the_game_unchanged() -> None:
    game = MNKGame.from_notation("....../....../..xx../..oo../....../...... x", 5)
    before = game.to_notation()
    choice = choose_move(game, Deadline(10.0, clock=FakeClock()), None, max_depth=2)
    assert game.to_notation() == before
    assert choice.cell in game.legal_moves()


# -------------------------------------------------------------------- protocol
def test_start_sizes_and_rectstart() -> None:
    assert brain_with("START 20")[1] == ["OK"]
    assert brain_with("START 5")[1] == ["OK"]
    for bad in ("START 4", "START 30", "START", "START x", "RECTSTART 10", "RECTSTART 40,10"):
        out = brain_with(bad)[1]
        assert len(out) == 1 and out[0].startswith("ERROR "), (bad, out)
    brain, out = brain_with("RECTSTART 12,7", "BEGIN")
    assert out[0] == "OK" and brain.match is not None
    assert (brain.match.width, brain.match.height) == (12, 7)
    x, y = (int(v) for v in out[-1].split(","))
    assert 0 <= x < 12 and 0 <= y < 7


def test_commands_need_a_board_and_bad_coordinates_change_nothing() -> None:
    for line in ("BEGIN", "TURN 1,1", "TAKEBACK 1,1", "RESTART"):
        out = brain_with(line)[1]
        assert out[0].startswith("ERROR ") and "START" in out[0]
    brain, out = brain_with("START 15", "TURN 7,7")
    assert brain.match is not None
    stones = dict(brain.match.stones)
    for bad in ("TURN 7,7", "TURN 15,0", "TURN -1,3", "TURN 1", "TURN a,b", "TURN"):
        answer = brain.handle(bad)
        assert len(answer) == 1 and answer[0].startswith("ERROR "), (bad, answer)
        assert brain.match.stones == stones


def test_takeback_restart_and_play() -> None:
    brain, out = brain_with("START 15", "BEGIN")
    assert brain.match is not None
    first = out[-1]
    assert brain.handle(f"TAKEBACK {first}") == ["OK"]
    assert brain.match.stones == {}
    assert brain.handle("TAKEBACK 0,0")[0].startswith("ERROR")
    assert brain.handle("PLAY 4,4") == ["4,4"]
    assert brain.handle("PLAY 4,4")[0].startswith("ERROR")  # occupied (and not its turn)
    assert brain.handle("RESTART") == ["OK"]
    assert brain.match.stones == {}


def test_board_errors_are_reported_after_done() -> None:
    cases = {
        "bad line": ["BOARD", "7,7", "DONE"],
        "field 3": ["BOARD", "7,7,3", "DONE"],
        "field 4": ["BOARD", "7,7,4", "DONE"],
        "twice": ["BOARD", "7,7,1", "7,7,2", "DONE"],
        "off board": ["BOARD", "15,7,1", "DONE"],
        "not its turn": ["BOARD", "7,7,1", "8,8,1", "DONE"],
        "game over": board(
            *OWN_FOUR, (11, 7, 1), (0, 0, 2), (0, 1, 2), (0, 2, 2), (0, 3, 2), (2, 0, 2)
        ),
    }
    for name, lines in cases.items():
        brain, out = brain_with("START 15", *lines)
        assert out[0] == "OK"
        assert len(out) == 2 and out[1].startswith("ERROR "), (name, out)
        assert brain.match is not None and brain.match.stones == {}, name
        assert brain.board_lines is None


def test_board_with_the_brain_second_and_an_empty_board() -> None:
    _, out = brain_with("START 15", *board((7, 7, 2)))
    x, y = (int(v) for v in out[-1].split(","))
    assert (x, y) != (7, 7)
    _, out = brain_with("START 15", "BOARD", "DONE")
    assert out[-1] == "7,7"


def test_info_rule_other_than_freestyle_is_an_error_at_the_next_move() -> None:
    brain, out = brain_with("START 15", "INFO rule 1")
    assert out == ["OK"]  # INFO is never answered
    answer = brain.handle("BEGIN")
    assert len(answer) == 1 and answer[0].startswith("ERROR ") and "rule 1" in answer[0]
    assert brain.handle("INFO RULE 0") == []  # keys are case-insensitive (pygomo sends upper case)
    assert moves_only(brain.handle("BEGIN")) == ["7,7"]
    for rule in (2, 4, 5):
        brain, _ = brain_with("START 15", f"INFO rule {rule}")
        assert brain.handle("TURN 7,7")[0].startswith("ERROR")
        assert brain.match is not None and brain.match.stones == {}


def test_malformed_info_is_ignored_with_a_message_and_unknown_keys_silently() -> None:
    brain, out = brain_with(
        "START 15",
        "INFO timeout_turn soon",
        "INFO max_memory 83886080",
        "INFO folder C:\\x y",
        "INFO game_type 1",
        "INFO evaluate 3,4",
    )
    assert out == ["OK"]
    answer = brain.handle("BEGIN")
    assert answer[0].startswith("MESSAGE ignored INFO timeout_turn")
    assert answer[-1] == "7,7"
    assert brain.control.timeout_turn_ms == TimeControl().timeout_turn_ms


def test_about_unknown_and_end() -> None:
    brain, out = brain_with("ABOUT", "SWAP2BOARD", "")
    assert out[0].startswith(f'name="gametree-reference", version="{package_version()}", ')
    assert out[1].startswith("UNKNOWN ")
    assert len(out) == 2  # an empty line gets no answer
    assert brain.handle("end") == [] and brain.finished


def test_end_inside_a_board_block_ends() -> None:
    brain, out = brain_with("START 15", "BOARD", "7,7,1", "END")
    assert out == ["OK"] and brain.finished


def test_serve_answers_each_line_and_survives_internal_errors() -> None:
    brain = Brain(clock=FakeClock(), max_depth=1)
    calls = []

    def broken(line: str) -> list[str]:
        calls.append(line)
        if line.startswith("BOOM"):
            raise RuntimeError("kaput")
        return Brain.handle(brain, line)

    brain.handle = broken  # type: ignore[method-assign]
    stdout = io.StringIO()
    serve(brain, io.StringIO("START 9\r\nBOOM\r\nBEGIN\r\nEND\r\nSTART 10\r\n"), stdout)
    lines = stdout.getvalue().splitlines()
    assert lines[0] == "OK"
    assert lines[1] == "ERROR internal error: RuntimeError: kaput"
    assert lines[-1] == "4,4"
    assert len(calls) == 4  # nothing read after END


# -------------------------------------------------------------------- time
def test_move_budget_takes_the_smallest_limit() -> None:
    turn_only = move_budget(TimeControl(timeout_turn_ms=2000), 200)
    assert turn_only == pytest.approx(2 * TURN_FRACTION)
    match = move_budget(TimeControl(timeout_turn_ms=30_000, time_left_ms=50_000), 200)
    assert match == pytest.approx(50 / MOVES_TO_GO)
    late = move_budget(TimeControl(timeout_turn_ms=30_000, time_left_ms=50_000), 7)
    assert late == pytest.approx(50 / 4)  # 4 moves left to this player
    almost_out = move_budget(TimeControl(timeout_turn_ms=30_000, time_left_ms=1_000), 1)
    assert almost_out == pytest.approx(1 - MATCH_RESERVE)
    assert move_budget(TimeControl(timeout_turn_ms=30_000, time_left_ms=UNLIMITED_MS), 9) == (
        pytest.approx(30 * TURN_FRACTION)
    )
    assert move_budget(TimeControl(timeout_turn_ms=30_000, time_left_ms=-5), 9) == MIN_BUDGET
    assert move_budget(TimeControl(timeout_turn_ms=30_000, time_left_ms=0), 9) == MIN_BUDGET
    assert move_budget(TimeControl(timeout_turn_ms=100), 9) == MIN_BUDGET


@pytest.mark.parametrize(
    ("timeout_ms", "seconds"),
    [
        (0, MIN_BUDGET),
        (100, MIN_BUDGET),
        (250, 0.15),
        (500, 0.4),
        (1000, 0.9),
        (5000, 4.5),
        (180_000, 162.0),
    ],
)
def test_turn_budget_is_90_percent_with_a_reserve(timeout_ms: int, seconds: float) -> None:
    """Worked by hand: min(0.9 T, T - 0.1 s), at least 0.01 s."""
    assert turn_budget(timeout_ms) == pytest.approx(seconds)
    if seconds > MIN_BUDGET:
        assert turn_budget(timeout_ms) <= timeout_ms / 1000 - TURN_RESERVE + 1e-9


@pytest.mark.parametrize("timeout_ms", [2000, 10_000])
def test_a_searched_move_uses_90_percent_of_timeout_turn(timeout_ms: int) -> None:
    """The injected clock moves 1/40 of the turn at every reading; the search goes on
    until its deadline, 90 % of the turn after the command came, and the answer is ready
    a few readings later, inside the reserve."""
    step = timeout_ms / 1000 / 40
    position = [(7, 7, 1), (8, 8, 2), (7, 8, 1), (6, 9, 2)]
    brain, out = brain_with(
        "START 15",
        f"INFO timeout_turn {timeout_ms}",
        *board(*position),
        step=step,
        max_depth=None,
        vcf_nodes=0,
    )
    assert brain.last_move is not None and brain.last_move.reason == "search", out
    turn = timeout_ms / 1000
    assert TURN_FRACTION * turn <= brain.used_seconds <= TURN_FRACTION * turn + 3 * step
    assert brain.used_seconds < turn


def test_huge_time_limits_still_give_a_move() -> None:
    """A timeout_turn or time_left beyond the search's longest time limit (about 116 days)
    is that limit: the brain moves instead of answering ERROR."""
    assert move_budget(TimeControl(timeout_turn_ms=10**17), 200) == MAX_TIME_LIMIT
    huge = move_budget(TimeControl(timeout_turn_ms=10**17, time_left_ms=10**18), 200)
    assert huge == MAX_TIME_LIMIT
    brain, out = brain_with(
        "START 15",
        "INFO timeout_turn 100000000000000",
        "INFO time_left 99999999999999999",
        "BEGIN",
    )
    assert out[-1] == "7,7"
    assert brain.last_move is not None


def test_a_time_left_sent_once_is_reduced_by_the_brains_own_use() -> None:
    """A manager that sends time_left once: at the next move the brain counts the time
    it has used since, instead of trusting the old number again."""
    brain, _ = brain_with(
        "START 15",
        "INFO timeout_turn 100000",
        "INFO time_left 60000",
        "BEGIN",
        step=0.5,
        max_depth=1,
    )
    used = brain.used_seconds
    assert used > 0
    assert brain._estimated_time_left() == int(60_000 - 1000 * used)
    brain.handle("TURN 8,8")
    assert brain._estimated_time_left() == int(60_000 - 1000 * brain.used_seconds)
    brain.handle("INFO time_left 30000")  # a fresh number is taken as it is
    used_then = brain.used_seconds
    assert brain.time_left_fresh and brain.control.time_left_ms == 30_000
    brain.handle("TURN 9,9")
    estimate = brain._estimated_time_left()
    assert estimate is not None and estimate == int(
        30_000 - 1000 * (brain.used_seconds - used_then)
    )


def test_start_builds_the_board_tables_before_the_first_move() -> None:
    """The geometry of the board is built at START (untimed), not in the first move's time."""
    geometry.cache_clear()
    brain, _ = brain_with("START 17", max_depth=1)
    built = geometry.cache_info().misses
    assert built >= 1
    assert brain.handle("TURN 8,8")[-1] != "ERROR"
    assert geometry.cache_info().misses == built  # nothing built in the move's time


def test_brain_estimates_time_left_from_its_own_use_when_not_told() -> None:
    """timeout_match 10 s and no time_left: each move costs the fake clock's readings;
    after some moves the estimate shrinks the budget."""
    brain, _ = brain_with(
        "START 15",
        "INFO timeout_turn 100000",
        "INFO timeout_match 10000",
        "BEGIN",
        step=0.5,
        max_depth=1,
    )
    assert brain.used_seconds > 0
    budget_after = move_budget(
        TimeControl(100_000, 10_000, int(10_000 - 1000 * brain.used_seconds)), 224
    )
    assert budget_after < 10 / MOVES_TO_GO
    brain.handle("INFO time_left 2147483647")
    assert brain.time_left_fresh


# -------------------------------------------------------------------- memory
def test_max_memory_sizes_the_table() -> None:
    """INFO max_memory (bytes): the table gets (max_memory - 32 MiB) / 160 slots, worked by
    hand, at most the default 2**18 and at least 2**10; 0 is no limit."""
    brain, out = brain_with("START 15", "INFO max_memory 41943040")  # 40 MiB
    assert out == ["OK"]
    assert brain.table_slots == (41_943_040 - 33_554_432) // 160 == 52_428
    assert brain.table.capacity >= 52_428
    brain.handle("INFO max_memory 0")
    assert brain.table_slots == TABLE_SIZE
    brain.handle("INFO max_memory 367001600")  # Gomocup's 350 MB: the default table fits
    assert brain.table_slots == TABLE_SIZE
    brain.handle("RESTART")
    brain.handle("INFO max_memory 41943040")
    brain.handle("RESTART")  # a new match keeps the limit
    assert brain.table_slots == 52_428 and brain.table.capacity < TABLE_SIZE


def test_a_max_memory_too_small_is_reported_and_the_smallest_table_used() -> None:
    brain, _ = brain_with("START 15", "INFO max_memory 1000000")
    assert brain.table_slots == MIN_TABLE_SLOTS
    answer = brain.handle("BEGIN")
    assert answer[0].startswith("MESSAGE INFO max_memory 1000000 is less than this brain needs")
    assert answer[-1] == "7,7"
