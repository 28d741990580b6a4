"""No crash at depth: searches deeper than Python's default stack.

Python stops a recursion at 1,000 frames by default, about 490 plies of alpha-beta.
Every search raises the limit before it starts, to what its deepest line can need
(``reference.search.recursion.make_room``).  Each test starts from a limit far too
low for its search, so it fails with ``RecursionError`` unless the search made room.
``solve`` refuses a game whose positions can repeat with no ply limit (Dou Shou
Qi with ``--draw-limit 0``): its tree is infinite.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator

import pytest

from reference.cli.main import main
from reference.connect6.rules import Connect6
from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.dou_shou_qi.geometry import parse_square
from reference.dou_shou_qi.rules import DouShouQi
from reference.errors import GameError, ParameterError, SearchTimeoutError
from reference.mnk.game import MNKGame
from reference.search import (
    ALGORITHMS,
    MAX_PLY,
    WIN,
    Deadline,
    alphabeta,
    alphabeta_tt,
    divide_raw,
    iterative_deepening,
    minimax,
    mtdf,
    perft_raw,
    pvs,
    search,
    solve_raw,
)
from reference.search.recursion import FRAMES_PER_PLY, make_room, stack_depth
from reference.search.solve import SOLVE_DEPTH
from reference.search.toy_games import Nim
from reference.wargame.rules import WarState

LONG = 3_000
"""Plies of the forced lines below: six times what the default limit allows."""


@pytest.fixture
def low_recursion_limit() -> Iterator[int]:
    """Set the recursion limit just above the current stack (restored afterwards)."""
    saved = sys.getrecursionlimit()
    low = stack_depth() + 60
    sys.setrecursionlimit(low)
    yield low
    sys.setrecursionlimit(saved)


def test_a_forced_line_of_3000_plies_every_entry_point(low_recursion_limit: int) -> None:
    """Nim taking one stone at a time: one move per ply, ``LONG`` plies; the mover
    loses on an even pile.  Every entry point reaches the end (iterative deepening,
    quadratic on such a line, is stopped by an injected clock)."""
    loss = -(WIN - LONG)
    assert perft_raw(Nim(LONG, take=1), LONG) == 1
    assert divide_raw(Nim(LONG, take=1), LONG) == {1: 1}
    assert solve_raw(Nim(LONG, take=1)).value == -1
    assert solve_raw(Nim(LONG, take=1), use_tt=False).value == -1
    for algorithm in ALGORITHMS:
        result = search(Nim(LONG, take=1), LONG, algorithm=algorithm)
        assert result.score == loss and result.exact
    deepening = iterative_deepening(Nim(LONG, take=1), deadline=Deadline(3.0, clock=TickClock()))
    assert deepening.depth >= 1  # stopped by the clock, not by the stack
    for node in (minimax, alphabeta, alphabeta_tt, pvs, mtdf):
        assert node(Nim(LONG, take=1), LONG) == loss
    assert sys.getrecursionlimit() >= FRAMES_PER_PLY * LONG > low_recursion_limit


@pytest.mark.parametrize("count", [perft_raw, divide_raw], ids=["perft_raw", "divide_raw"])
def test_perft_and_divide_each_make_their_own_room(
    count: Callable[[Nim, int], object], low_recursion_limit: int
) -> None:
    """Each of ``perft`` and ``divide_raw`` raises the limit itself before its ``LONG``-ply line
    (alone: in the test above the first call may have made room for the next)."""
    assert count(Nim(LONG, take=1), LONG) in (1, {1: 1})
    assert sys.getrecursionlimit() >= FRAMES_PER_PLY * LONG > low_recursion_limit


@pytest.mark.parametrize(
    "node", [minimax, alphabeta, alphabeta_tt, pvs, mtdf], ids=lambda f: str(f.__name__)
)
def test_each_node_function_called_directly_makes_its_own_room(
    node: Callable[[Nim, int], int], low_recursion_limit: int
) -> None:
    """Called directly (not through ``search``, whose root loop makes room), each node
    function raises the limit itself before its ``LONG``-ply line."""
    assert node(Nim(LONG, take=1), LONG) == -(WIN - LONG)
    assert sys.getrecursionlimit() >= FRAMES_PER_PLY * LONG > low_recursion_limit


@pytest.mark.parametrize(
    "node", [minimax, alphabeta, alphabeta_tt, pvs, mtdf], ids=lambda f: str(f.__name__)
)
def test_each_node_function_called_directly_refuses_a_line_longer_than_max_ply(
    node: Callable[[Nim, int], int],
) -> None:
    """The root (ply 0) checks the whole request: a forced line of ``MAX_PLY + 1`` plies
    is refused before any node is searched (a check left to the children would see
    ``MAX_PLY`` plies, accept, and search the line)."""
    game = Nim(MAX_PLY + 1, take=1)
    with pytest.raises(ParameterError, match="more than the 10000 plies"):
        node(game, MAX_PLY + 1)
    assert game.pile == MAX_PLY + 1


def test_room_is_sized_by_the_game_not_by_the_request() -> None:
    """A depth beyond the end of the game needs only the plies the game can last."""
    assert make_room(MNKGame(3, 3, 3), 10**30) == 9
    assert make_room(DotsAndBoxes(2, 2), 10**6) == 12
    assert make_room(WarState.from_notation("... aS@a1,bS@c1 a 0/5"), 50) == 5
    assert make_room(DouShouQi.from_notation("A: Lg1 / B: Mg7 / A / 190"), 50) == 10
    assert make_room(Connect6(7), 100) == 49
    assert make_room(DouShouQi(draw_limit=None), 1000) == 1000
    with pytest.raises(ParameterError, match="more than the 10000 plies"):
        make_room(DouShouQi(draw_limit=None), MAX_PLY + 1)


def confined_lion_and_mouse(draw_limit: int | None) -> DouShouQi:
    """``A: Lg1 / B: Mg7 / A`` with moves confined to g1, g2, g7, g8: each side has one
    move, back and forth, so the game is one line as long as the draw limit allows."""
    allowed = 0
    for name in ("g1", "g2", "g7", "g8"):
        allowed |= 1 << parse_square(name)
    return DouShouQi.from_notation(
        "A: Lg1 / B: Mg7 / A", draw_limit=draw_limit, allowed_squares=allowed
    )


def test_dou_shou_qi_without_a_draw_limit_perft_1000(low_recursion_limit: int) -> None:
    """``perft dou-shou-qi --draw-limit 0 --depth 1000`` once died with RecursionError."""
    game = confined_lion_and_mouse(None)
    assert perft_raw(game, 1000) == 1
    assert game.to_notation() == "A: Lg1 / B: Mg7 / A"


def test_dou_shou_qi_solve_to_a_draw_limit_of_3000_plies(low_recursion_limit: int) -> None:
    game = confined_lion_and_mouse(3000)
    result = solve_raw(game)
    assert result.value == 0 and len(result.best_moves) == 1  # a draw at the limit
    assert result.stats.nodes >= 3000


def test_solve_takes_a_game_of_exactly_solve_depth_plies(low_recursion_limit: int) -> None:
    """``SOLVE_DEPTH`` (= ``MAX_PLY``) plies is the longest game ``solve`` takes: Nim with
    that many stones, one at a time, is lost for the mover (an even pile); one more
    stone is refused."""
    assert solve_raw(Nim(SOLVE_DEPTH, take=1)).value == -1
    with pytest.raises(GameError, match=f"can last {SOLVE_DEPTH + 1} more plies"):
        solve_raw(Nim(SOLVE_DEPTH + 1, take=1))


def test_solve_refuses_a_game_that_can_repeat_forever() -> None:
    """``solve dou-shou-qi --position 'A: Lg1 / B: Mg7 / A' --draw-limit 0`` once crashed.
    Without a draw limit the tree is infinite: refused before any search."""
    with pytest.raises(GameError, match="no ply limit"):
        solve_raw(DouShouQi.from_notation("A: Lg1 / B: Mg7 / A", draw_limit=None))
    with pytest.raises(GameError, match="can last 20000 more plies"):
        solve_raw(DouShouQi.from_notation("A: Lg1 / B: Mg7 / A", draw_limit=20_000))
    over = DouShouQi.from_notation("A: Lg1 / B: - / B", draw_limit=None)
    assert solve_raw(over).value == -1  # a finished game has a value even without a limit


def test_cli_solve_dou_shou_qi_without_a_draw_limit_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["solve", "dou-shou-qi", "--position", "A: Lg1 / B: Mg7 / A", "--draw-limit", "0"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no ply limit" in err
    assert main(["perft", "dou-shou-qi", "--draw-limit", "0", "--depth", "100000"]) == 2
    err = capsys.readouterr().err  # refused by the option's range, before any work
    assert err.count("\n") == 1 and "allowed 0..10000" in err


class TickClock:
    """A clock that advances one second per read: a deadline of n seconds lets the search
    run about n * DEADLINE_CHECK_INTERVAL nodes, whatever the machine's speed."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


@pytest.mark.parametrize(
    "game",
    [MNKGame(26, 26, 26), DotsAndBoxes(16, 16)],
    ids=["mnk-26-26-26", "dots-and-boxes-16x16"],
)
def test_solve_dives_to_the_end_of_a_676_or_544_ply_game(
    game: MNKGame | DotsAndBoxes, low_recursion_limit: int
) -> None:
    """``solve mnk --m 26 --n 26 --k 26`` and ``solve dots-and-boxes --rows 16
    --cols 16`` once died with RecursionError.  Alpha-beta's first line goes to the end of the
    game (676 / 544 plies) within the first few hundred nodes; an injected clock stops the
    solve after about 1,280 nodes, well past it."""
    plies = game.max_plies_left()
    with pytest.raises(SearchTimeoutError, match="deadline"):
        solve_raw(game, deadline=Deadline(20.0, clock=TickClock()))
    assert sys.getrecursionlimit() >= FRAMES_PER_PLY * plies
    assert game.max_plies_left() == plies  # the position was restored
