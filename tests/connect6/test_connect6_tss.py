"""Threat-space search (威胁空间搜索) and its full-width verification (seed 004, §2.1.4, §2.2.3)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.bits import bit_indices
from reference.connect6 import Connect6, Position, Side
from reference.connect6.geometry import has_six
from reference.connect6.puzzles import (
    IMMEDIATE_WIN,
    NO_WIN,
    PUZZLES,
    SINGLE_THREAT_WIN,
    WIN_IN_2,
    WIN_IN_3,
    WIN_IN_4,
    Puzzle,
)
from reference.connect6.tss import TSSResult, threat_space_search, tss_attack, verify_win
from reference.errors import ParameterError

FAST = [p for p in PUZZLES if p.single_threats == 0]


@pytest.mark.parametrize("puzzle", FAST, ids=lambda p: p.name)
def test_tss_finds_the_constructed_wins_and_every_win_is_forced(puzzle: Puzzle) -> None:
    """Every win TSS reports survives *every* defender move (full-width verifier)."""
    game = Connect6.from_notation(puzzle.position)
    before = game.to_notation()
    result = threat_space_search(game, max_depth=5, single_threats=puzzle.single_threats)
    assert game.to_notation() == before  # restored
    assert (result.win, result.depth) == (puzzle.win, puzzle.depth)
    if result.win:
        check = verify_win(game, result.depth, single_threats=puzzle.single_threats)
        assert check.forced, [game.format_move(m) for m in check.refutation]
        assert game.to_notation() == before


def test_immediate_win_is_the_completing_pair() -> None:
    game = Connect6.from_notation(IMMEDIATE_WIN.position)
    result = threat_space_search(game)
    game.play(result.line[0])
    assert game.winner() == Side.BLACK


def test_three_threats_win_in_two() -> None:
    """A move leaving >= 3 threats wins: the defender has only two stones."""
    game = Connect6.from_notation(WIN_IN_2.position)
    result = threat_space_search(game)
    assert [game.format_move(m) for m in result.line] == ["f3,h3"]
    game.play(result.line[0])
    assert game.threat_count(Side.BLACK) == 3


def test_double_threat_line_forces_the_blocks() -> None:
    """In the win in 3 the first move is a double threat: two stones needed to block."""
    game = Connect6.from_notation(WIN_IN_3.position)
    result = threat_space_search(game)
    game.play(result.line[0])
    assert game.threat_count(Side.BLACK) == 2


def test_no_win_found_and_none_within_two_moves() -> None:
    """TSS finds nothing; full width confirms no win within 2 attacker moves: every black
    pair leaves at most 2 threats (white blocks them all) and no six."""
    game = Connect6.from_notation(NO_WIN.position)
    assert not threat_space_search(game, max_depth=5).win
    for move in game.legal_moves():
        game.make(move)
        assert game.winner() is None and game.threat_count(Side.BLACK) <= 2
        game.unmake()
    assert not verify_win(game, 2).forced


def test_single_threat_continuation_finds_what_double_threats_miss() -> None:
    """Seed 004, §3.2 (future work): single threats find more wins."""
    game = Connect6.from_notation(SINGLE_THREAT_WIN.position)
    assert not threat_space_search(game, max_depth=4, single_threats=0).win
    result = threat_space_search(game, max_depth=4, single_threats=1)
    assert result.win and result.depth == SINGLE_THREAT_WIN.depth


@pytest.mark.slow
def test_single_threat_win_is_forced_full_width() -> None:
    game = Connect6.from_notation(SINGLE_THREAT_WIN.position)
    result = threat_space_search(game, max_depth=4, single_threats=1)
    assert verify_win(game, result.depth, single_threats=1).forced


def brute_threat_count(game: Connect6, colour: int) -> int:
    """The least number of empty points meeting every near-six window, from bitboards only."""
    own, opp = game.stones(colour), game.stones(1 - colour)
    windows = [m for m in game.geo.road_masks if not m & opp and (m & own).bit_count() in (4, 5)]
    if not windows:
        return 0
    empties = bit_indices(game.geo.board_mask & ~game.occupied)
    if any(all(w >> p & 1 for w in windows) for p in empties):
        return 1
    for i, p in enumerate(empties):
        for q in empties[i + 1 :]:
            pq = (1 << p) | (1 << q)
            if all(w & pq for w in windows):
                return 2
    return 3


def attacker_game(seed: int, size: int, moves: int) -> Connect6:
    """Black plays its top candidate pairs, white mostly its best, sometimes a random pair."""
    rng = random.Random(seed)
    game = Connect6(size)
    game.play((game.geo.centre,))
    for _ in range(moves):
        if game.is_terminal():
            break
        if game.to_move == Side.BLACK:
            options = game.legal_moves()[:3]
        elif rng.random() < 0.7:
            options = game.legal_moves()[:1]
        else:
            options = game.legal_moves()
        game.play(options[rng.randrange(len(options))])
    return game


@settings(max_examples=examples(40))
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 14))
def test_threat_count_is_the_minimum_hitting_set(seed: int, moves: int) -> None:
    game = attacker_game(seed, 8, moves)
    for colour in (Side.BLACK, Side.WHITE):
        assert game.threat_count(colour) == brute_threat_count(game, colour)


@settings(max_examples=examples(40))
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 14))
def test_tss_depth_1_is_exactly_an_immediate_six(seed: int, moves: int) -> None:
    """Depth 1 is complete: TSS wins iff some pair (full width) makes six now."""
    game = attacker_game(seed, 8, moves)
    if game.is_terminal():
        return
    mover = game.to_move
    full_width = False
    for move in game.legal_moves():
        game.make(move)
        full_width = has_six(game.geo, game.stones(mover))
        game.unmake()
        if full_width:
            break
    assert threat_space_search(game, max_depth=1).win == full_width


def random_position(rng: random.Random, size: int = 8) -> Connect6 | None:
    """Black to move on a board of random stones (5 to 8 pairs played), or None with a six.

    Dense enough that wins are common: measured, 27 of 60 such positions had a win for black
    within two moves (a six now, or a move leaving three threats); the first win in exactly
    three moves came after 18 to 160 draws (seeds 0-5 of the test below)."""
    pairs = rng.randint(5, 8)
    game = Connect6(size)
    points = rng.sample(bit_indices(game.geo.board_mask), 4 * pairs - 1)
    black = sum(1 << p for p in points[: 2 * pairs - 1])
    white = sum(1 << p for p in points[2 * pairs - 1 :])
    if has_six(game.geo, black) or has_six(game.geo, white):
        return None
    return Connect6(position=Position(size, black, white))


def brute_win_in_two(game: Connect6) -> bool:
    """The mover wins within two of its moves, full width, from the bitboards alone: some move
    makes six, or leaves the opponent no six in one move and threats it cannot all block with
    two stones (a hitting set of three or more points)."""
    mover = game.to_move
    for move in game.legal_moves():
        game.make(move)
        try:
            if has_six(game.geo, game.stones(mover)):
                return True
            if game.is_terminal() or brute_threat_count(game, 1 - mover) > 0:
                continue  # the opponent completes six first
            if brute_threat_count(game, mover) >= 3:
                return True
        finally:
            game.unmake()
    return False


def test_tss_finds_exactly_the_wins_in_two() -> None:
    """On 40 random positions TSS at depth 2 reports a win exactly when a full-width search
    from the rules finds one; the sample holds wins and non-wins (so a search that never,
    or always, reports a win fails)."""
    rng = random.Random(2024)
    outcomes: list[bool] = []
    while len(outcomes) < 40:
        game = random_position(rng)
        if game is None:
            continue
        expected = brute_win_in_two(game)
        assert threat_space_search(game, max_depth=2).win == expected, game.to_notation()
        outcomes.append(expected)
    assert 5 <= outcomes.count(True) <= 35


@settings(max_examples=examples(30))
@given(seed=st.integers(0, 10**6), depth=st.integers(1, 3))
def test_the_core_alone_finds_what_the_driver_finds(seed: int, depth: int) -> None:
    """The public core (:func:`tss_attack` / ``tss_defend``, no memo, no budget) and the
    driver (:func:`threat_space_search`, the same core counted and memoised) find the same
    win, line and depth on random positions, and both restore the position."""
    game = random_position(random.Random(seed))
    if game is None:
        return
    before = game.to_notation()
    driver = threat_space_search(game, max_depth=depth, shortest=False)
    core = tss_attack(game, depth)
    assert game.to_notation() == before
    assert driver.win == (core is not None)
    if core is not None:
        assert (driver.line, driver.depth) == core


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.name)
def test_the_core_solves_the_puzzles(puzzle: Puzzle) -> None:
    """The core alone, at each puzzle's depth, finds the puzzle's win (or none)."""
    game = Connect6.from_notation(puzzle.position)
    found = tss_attack(game, max(puzzle.depth, 3), puzzle.single_threats)
    assert (found is not None) == puzzle.win
    if found is not None:
        assert found[1] <= puzzle.depth


def position_with_a_tss_win(seed: int, depth: int, attempts: int = 400) -> tuple[Connect6, int]:
    """The first random position (no six to play now) where TSS at depth 3 reports a win in
    exactly ``depth`` attacker moves, with the attempts it took; raises when none is found."""
    rng = random.Random(seed)
    for attempt in range(1, attempts + 1):
        game = random_position(rng)
        if game is None or game.winning_move() is not None:
            continue
        if threat_space_search(game, max_depth=3).depth == depth:
            return game, attempt
    raise AssertionError(f"no win in {depth} among {attempts} random positions (seed {seed})")


@pytest.mark.parametrize("depth", [2, 3])
@pytest.mark.parametrize("seed", range(6))
def test_every_reported_win_is_a_forced_win(seed: int, depth: int) -> None:
    """Random positions on 8 x 8 where TSS claims a win in 2 (a move leaving three threats) or
    in 3 (a double threat, every block, then a win in 2): each claim passes the full-width
    verifier, which tries every defender move.  The generator must find such a position (a
    search that never reports a win fails here), and the verifier must try defender moves."""
    game, _ = position_with_a_tss_win(seed, depth)
    before = game.to_notation()
    result = threat_space_search(game, max_depth=3)
    assert result.win and result.depth == depth
    check = verify_win(game, result.depth)
    assert check.forced, [game.format_move(m) for m in check.refutation]
    assert check.defender_moves > 0
    assert game.to_notation() == before


@settings(max_examples=examples(15))
@given(
    puzzle=st.sampled_from([WIN_IN_2, WIN_IN_3, WIN_IN_4]),
    picks=st.lists(st.integers(0, 10**6), min_size=4, max_size=4),
)
def test_every_win_in_perturbed_puzzles_is_forced(puzzle: Puzzle, picks: list[int]) -> None:
    """Add stones of both colours (two of each at a time: black to move, counts possible)
    to a puzzle: whatever TSS now reports, each win it claims passes the full-width verifier."""
    base = Connect6.from_notation(puzzle.position)
    boards = [base.black, base.white]
    for i, pick in enumerate(picks[: len(picks) // 4 * 4]):
        empties = bit_indices(base.geo.board_mask & ~(boards[0] | boards[1]))
        boards[i // 2 % 2] |= 1 << empties[pick % len(empties)]
    if has_six(base.geo, boards[0]) or has_six(base.geo, boards[1]):
        return
    game = Connect6(position=Position(base.size, boards[0], boards[1]))
    result = threat_space_search(game, max_depth=4)
    if result.win:
        check = verify_win(game, result.depth)
        assert check.forced, [game.format_move(m) for m in check.refutation]


FALSE_CLAIM = "10/a1,c3,d3,e3,h5,h6,h7/a8,a10,b10,c10,d10,j1,j7,j9"
"""Black to move can leave three threats (e.g. f3,h3), but white already has a four on row 10
(a10-d10, e10 and f10 empty): white completes six first."""


def tss_ignoring_the_defenders_threats(game: Connect6, max_depth: int) -> TSSResult:
    """A wrong TSS: an immediate six, else (depth >= 2) any pair leaving three or more threats is
    claimed as a win, without looking at the defender's own threats."""
    win = game.winning_move()
    if win is not None:
        return TSSResult(True, (win,), 1, 1)
    if max_depth >= 2:
        attacker = game.to_move
        for move in game.legal_moves():
            game.make(move)
            threats = game.threat_count(attacker)
            game.unmake()
            if threats >= 3:
                return TSSResult(True, (move,), 1, 2)
    return TSSResult(False, (), 1, 0)


def test_verifier_rejects_a_false_claim() -> None:
    """The verifier can fail.  A TSS that ignores the defender's threats claims a win in 2
    (a pair leaving three threats); ``verify_win`` tries every white reply and refutes it with
    white's six on row 10.  The real TSS makes no such claim (an attacker move must block the
    defender's threats), and whatever it reports is verified."""
    game = Connect6.from_notation(FALSE_CLAIM)
    before = game.to_notation()
    wrong = tss_ignoring_the_defenders_threats(game, 2)
    assert wrong.win
    game.make(wrong.line[0])
    assert game.threat_count(Side.BLACK) >= 3 and game.threat_count(Side.WHITE) == 1
    game.unmake()
    check = verify_win(game, 2, search=tss_ignoring_the_defenders_threats)
    assert not check.forced
    attack, reply = check.refutation
    assert attack == wrong.line[0]
    assert game.format_move(reply) == "e10,f10"  # white's six on row 10
    assert game.to_notation() == before
    real = threat_space_search(game, max_depth=2)
    assert not real.win
    assert not verify_win(game, 2).forced  # the default claim (the real TSS) is "no win"
    # and a plain false claim: no win within 3 moves for one stone of three in a row
    assert not verify_win(Connect6.from_notation("8/d4/c3,e5"), 3).forced


def test_bad_parameters() -> None:
    game = Connect6(9)
    with pytest.raises(ParameterError):
        threat_space_search(game, max_depth=0)
    with pytest.raises(ParameterError):
        threat_space_search(game, single_threats=-1)


def test_node_budget_and_deadline_stop_tss_and_restore_the_position() -> None:
    """A stopped search reports ``complete = False`` and no win, and leaves the game as it was;
    with enough nodes the same search finds the win (annotate relies on both)."""
    from reference.search import Deadline

    game = Connect6.from_notation(WIN_IN_4.position)
    before = (game.to_notation(), game.key, game.history)
    for budget in (1, 2, 5, 20):
        stopped = threat_space_search(game, max_depth=4, max_nodes=budget)
        assert not stopped.win and not stopped.complete
        assert (game.to_notation(), game.key, game.history) == before
    ticks = iter(range(10_000))
    late = Deadline(2.5, clock=lambda: float(next(ticks)))  # passes at the 3rd reading
    assert not threat_space_search(game, max_depth=4, deadline=late).complete
    assert (game.to_notation(), game.key, game.history) == before
    full = threat_space_search(game, max_depth=4)
    assert full.win and full.complete
