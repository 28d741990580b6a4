"""Solving small (M,N,K)-games and checking every search algorithm against the others.

Seed 001: alpha-beta with TT and Zobrist keys, and its "possible improvements"
(MTD(f), NegaScout / PVS, symmetries) must all give the minimax value.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from mnk_strategies import brute_force_value, paper_game, reachable_games

from reference.mnk.game import MNKGame
from reference.search import ALGORITHMS, WIN, Algorithm, TranspositionTable, search, solve_raw


@pytest.mark.parametrize(
    ("m", "n", "k", "value"),
    [(3, 3, 3, 0), (4, 3, 3, 1), (3, 4, 3, 1), (4, 4, 3, 1), (4, 4, 4, 0), (2, 2, 2, 1)],
)
@pytest.mark.parametrize("symmetry", [True, False])
def test_known_values(m: int, n: int, k: int, value: int, symmetry: bool) -> None:
    """3,3,3 draw; 4,3,3 and 4,4,3 first-player wins; 4,4,4 draw.

    Source: Wikipedia, "m,n,k-game", §Specific results (k = 3: a draw for m, n <= 3 and a
    first-player win when m >= 4, n >= 3 or m >= 3, n >= 4; k = 4: a draw for m, n <= 5 except
    m = 6 / n = 5 ... , in particular 4,4,4), after Uiterwijk and van den Herik, "The advantage
    of the initiative", Information Sciences 122 (2000).  2,2,2 is a trivial first-player win.
    """
    result = solve_raw(MNKGame(m, n, k, symmetry=symmetry))
    assert result.value == value
    assert result.best_moves  # the value is reached by some first move


def test_known_value_5_4_4_draw() -> None:
    """5,4,4 is a draw: 5,5,4 is a draw (Wikipedia, "m,n,k-game", §Specific results) and a
    smaller board cannot help the first player (same page, "Applying results to different
    board sizes").  About 3,000 nodes with the pruning rules (1.4 million without)."""
    result = solve_raw(MNKGame(5, 4, 4, symmetry=True))
    assert result.score == 0 and len(result.best_moves) == 20


@pytest.mark.slow
def test_known_value_4_5_4_draw_every_first_move_draws() -> None:
    """4,5,4 (4 columns, 5 rows) is a draw: the board of 5,4,4 above turned a quarter (same
    sources), solved here in its own layout; every one of the 20 first moves draws."""
    result = solve_raw(MNKGame(4, 5, 4, symmetry=True))
    assert result.score == 0 and len(result.best_moves) == 20


@pytest.mark.slow
def test_known_value_5_5_4_draw_every_first_move_draws() -> None:
    """5,5,4 is a draw.  Berlekamp, Conway and Guy, *Winning Ways for your Mathematical Plays*:
    4 in a row is a draw on a 5 x 5 board (after C. Y. Lee), as quoted in the rec.puzzles
    archive, competition/games/go-moku.s (https://djm.cc/rpa-output/competition/games/go-moku.s);
    Wikipedia, "m,n,k-game", §Specific results.  About 0.7 million nodes and a minute or two
    here (docs/papers/001-mnk.md); every one of the 25 first moves keeps the draw."""
    result = solve_raw(MNKGame(5, 5, 4, symmetry=True))
    assert result.score == 0 and len(result.best_moves) == 25


@settings(max_examples=examples(40))
@given(reachable_games(shapes=[(3, 3, 3), (4, 3, 3), (3, 4, 3), (2, 3, 2)], min_moves=3))
def test_solve_matches_brute_force_and_best_moves_keep_the_value(game: MNKGame) -> None:
    if game.is_terminal():
        return
    expected = brute_force_value(game.to_notation(), game.k)
    result = solve_raw(game)
    assert result.value == expected
    assert abs(result.score) in (0, WIN)
    for move in game.legal_moves():
        game.make(move)
        child = -brute_force_value(game.to_notation(), game.k)
        game.unmake()
        assert (move in result.best_moves) == (child == expected)


def affordable_depth(game: MNKGame, wanted: int, budget: int = 4000) -> int:
    """At most ``wanted``, small enough for plain minimax to stay under ``budget`` leaves."""
    width = max(1, len(game.legal_moves()))
    depth, leaves = 1, width
    while depth < wanted and leaves * max(1, width - depth) <= budget:
        leaves *= max(1, width - depth)
        depth += 1
    return depth


@settings(max_examples=examples(80))
@given(reachable_games(min_moves=1), st.integers(1, 5))
def test_all_algorithms_agree(game: MNKGame, wanted: int) -> None:
    """minimax == alphabeta == alphabeta_tt == pvs == mtdf, with the threat heuristic at the
    horizon (seed 001, "Possible Improvements": MTD(f), NegaScout)."""
    if game.is_terminal():
        return
    depth = affordable_depth(game, wanted)
    values = {name: search(game, depth, algorithm=name).score for name in ALGORITHMS}
    assert len(set(values.values())) == 1, values


@settings(max_examples=examples(40))
@given(reachable_games(min_moves=1), st.integers(1, 4))
def test_tt_on_equals_tt_off(game: MNKGame, depth: int) -> None:
    """PVS with a transposition table == PVS without one, and alpha-beta without one."""
    if game.is_terminal():
        return
    with_tt = search(game, depth, algorithm="pvs", tt=TranspositionTable(1 << 12)).score
    without = search(game, depth, algorithm="pvs").score
    plain = search(game, depth, algorithm="alphabeta").score
    assert with_tt == without == plain


def sibling_values(game: MNKGame, depth: int, algorithm: Algorithm) -> list[int | None]:
    """Every root move's value, the children searched ``depth`` plies with one table."""
    tt = TranspositionTable(1 << 12)
    values: list[int | None] = []
    for move in game.legal_moves():
        game.make(move)
        values.append(
            None if game.is_terminal() else search(game, depth, algorithm=algorithm, tt=tt).score
        )
        game.unmake()
    return values


@settings(max_examples=examples(30))
@given(
    st.one_of(
        reachable_games(min_moves=3),
        reachable_games(shapes=[(4, 4, 3), (5, 4, 3), (4, 4, 4)], max_moves=3),
    ),
    st.integers(1, 4),
)
def test_symmetry_on_equals_symmetry_off(game: MNKGame, depth: int) -> None:
    """Canonical keys change what the TT shares, never a value or the set of optimal moves.

    A heuristic that scores mirror images differently changes depth-limited
    values when folding is on.  Root values alone rarely show it; the values of all the
    root moves, searched with one shared table, do: on a position with few stones many
    siblings are images of each other, and with folding the later one reuses the earlier
    one's entries (8 to 17 of 30 random 4 x 4 / 5 x 4 / 5 x 5 positions failed with the
    old heuristic).
    """
    if game.is_terminal():
        return
    text = game.to_notation()
    plain = MNKGame.from_notation(text, game.k, symmetry=False)
    reduced = MNKGame.from_notation(text, game.k, symmetry=True)
    for algorithm in ("alphabeta_tt", "mtdf", "pvs"):
        tt_plain, tt_reduced = TranspositionTable(1 << 12), TranspositionTable(1 << 12)
        assert (
            search(plain, depth, algorithm=algorithm, tt=tt_plain).score
            == search(reduced, depth, algorithm=algorithm, tt=tt_reduced).score
        )
        # children searched 2 plies: the shallowest search whose inner nodes use the table
        assert sibling_values(plain, 2, algorithm) == sibling_values(reduced, 2, algorithm)
    if game.geometry.cells - game.stones > 11:
        return  # keep the exact solves small; 4 x 4 from the start is in test_known_values
    solved_plain, solved_reduced = solve_raw(plain), solve_raw(reduced)
    assert solved_plain.score == solved_reduced.score
    assert set(solved_plain.best_moves) == set(solved_reduced.best_moves)


@pytest.mark.parametrize("ordering", ["threats", "centre", "natural", "near"])
def test_orderings_do_not_change_values(ordering: str) -> None:
    result = solve_raw(MNKGame(4, 3, 3, ordering=ordering, symmetry=True))
    assert result.score == WIN
    assert set(result.best_moves) == set(solve_raw(MNKGame(4, 3, 3)).best_moves)


def test_symmetry_and_ordering_cut_nodes_4_3_3() -> None:
    """Seed 001's claims in miniature: ordering and symmetries shrink the solved tree
    (measured: 79,420 nodes natural order, 32,349 centre, 7,720 threats, 2,323 threats +
    symmetry)."""
    natural = solve_raw(paper_game(4, 3, 3, ordering="natural")).stats.nodes
    centre = solve_raw(paper_game(4, 3, 3, ordering="centre")).stats.nodes
    reduced = solve_raw(paper_game(4, 3, 3, ordering="threats", symmetry=True)).stats.nodes
    assert reduced * 10 < centre < natural


@pytest.mark.parametrize(
    ("algorithm", "ordering", "symmetry", "nodes"),
    [
        ("alphabeta", "natural", False, 20_865),
        ("alphabeta", "threats", False, 2_095),
        ("alphabeta_tt", "threats", False, 915),
        ("alphabeta_tt", "threats", True, 241),
        ("pvs", "threats", True, 234),
    ],
)
def test_pinned_node_counts_tic_tac_toe(
    algorithm: Algorithm, ordering: str, symmetry: bool, nodes: int
) -> None:
    """Node counts of full-depth searches of 3,3,3 (examples/mnk_node_counts.py, Table 1 and
    docs/papers/001-mnk.md).  Pinned so that a change of behaviour is always deliberate:
    update the numbers there too."""
    game = paper_game(3, 3, 3, ordering=ordering, symmetry=symmetry)
    tt = TranspositionTable(1 << 20) if algorithm != "alphabeta" else None
    result = search(game, 9, algorithm=algorithm, tt=tt)
    assert result.score == 0 and result.exact
    assert result.stats.nodes == nodes
