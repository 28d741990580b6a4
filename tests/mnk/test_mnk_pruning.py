"""The sound pruning rules used by ``solve`` (ours; docs/papers/001-mnk.md, "Additions").

Each rule must leave every exact value and every set of optimal moves unchanged:

* ``forced_moves`` (search_moves: only the immediate win, else only a block;
  proof_bounds: a win when the side to move can complete K, a loss against two
  threats);
* ``dead_cells`` (search_moves: no cell on a K-line nobody can still complete);
* ``pairings`` (proof_bounds: a pairing strategy proves the other side cannot win).

Checked rule by rule at *every* reachable tic-tac-toe position against an
independent brute-force negamax, and on random reachable 4 x 3, 4 x 4 (K = 3 and 4)
and 5 x 4 positions against the solver with every rule switched off.
"""

from __future__ import annotations

import functools
from typing import TypedDict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from mnk_strategies import brute_force_value, play_choices, reachable_games

from reference.mnk.game import MNKGame
from reference.mnk.geometry import completing_cells_by_windows, open_lines
from reference.mnk.pairing import find_pairing, find_pairing_after_move, is_pairing
from reference.mnk.rules import MNKState
from reference.search import INFINITY, WIN, TranspositionTable, solve_raw


class Rules(TypedDict):
    """The constructor switches of the rules."""

    forced_moves: bool
    dead_cells: bool
    pairings: bool


CONFIGS: list[Rules] = [
    {"forced_moves": True, "dead_cells": False, "pairings": False},
    {"forced_moves": False, "dead_cells": True, "pairings": False},
    {"forced_moves": False, "dead_cells": False, "pairings": True},
    {"forced_moves": True, "dead_cells": True, "pairings": True},
]
"""Each rule alone, then all of them (the default)."""

NO_RULES: Rules = {"forced_moves": False, "dead_cells": False, "pairings": False}

WINDOWS = [(-INFINITY, INFINITY), (0, 1), (-1, 0), (-WIN, 0), (0, WIN), (-1, 1)]
"""Windows handed to ``proof_bounds``: it computes only the bounds a window can use."""


def config_id(config: Rules) -> str:
    return "+".join(rule for rule, on in config.items() if on)


def game_from(text: str, k: int, config: Rules, symmetry: bool = False) -> MNKGame:
    return MNKGame.from_notation(text, k, symmetry=symmetry, **config)


@functools.cache
def reachable_positions(m: int, n: int, k: int) -> tuple[str, ...]:
    """Every position reachable from the empty board (finished games included), in notation."""
    seen: set[str] = set()
    order: list[str] = []
    game = MNKGame(m, n, k, ordering="natural", **NO_RULES)

    def walk() -> None:
        text = game.to_notation()
        if text in seen:
            return
        seen.add(text)
        order.append(text)
        for move in game.legal_moves():
            game.make(move)
            walk()
            game.unmake()

    walk()
    return tuple(order)


def test_tic_tac_toe_has_5478_reachable_positions() -> None:
    """5,478 legal positions (Wikipedia, "Tic-tac-toe", §Combinatorics): the walk below is complete."""
    assert len(reachable_positions(3, 3, 3)) == 5478


def child_values(game: MNKGame) -> dict[int, int]:
    """Exact value (brute force, -1/0/1) of each legal move for the side to move."""
    values = {}
    for move in game.legal_moves():
        game.make(move)
        values[move] = -brute_force_value(game.to_notation(), game.k)
        game.unmake()
    return values


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_every_tic_tac_toe_position_keeps_its_value(config: Rules) -> None:
    """At every reachable 3,3,3 position: the search moves are legal moves that keep the value,
    and every proved bound holds (brute-force negamax, no package search code)."""
    for text in reachable_positions(3, 3, 3):
        game = game_from(text, 3, config)
        if game.is_terminal():
            continue
        value = brute_force_value(text, 3)
        children = child_values(game)
        moves = game.search_moves()
        assert moves and set(moves) <= set(children), text
        assert max(children[move] for move in moves) == value, text
        for alpha, beta in WINDOWS:
            lower, upper = game.proof_bounds(alpha, beta)
            assert lower <= value * WIN <= upper, (text, alpha, beta)
        assert game.to_notation() == text  # proof_bounds restores the position


def test_every_tic_tac_toe_pairing_proves_the_maker_cannot_win() -> None:
    """Whenever a pairing is found against a player, that player's exact value is <= 0."""
    found = 0
    for text in reachable_positions(3, 3, 3):
        game = game_from(text, 3, CONFIGS[-1])
        if game.is_terminal():
            continue
        value = brute_force_value(text, 3)
        for maker in (0, 1):
            if game.has_pairing(maker):
                found += 1
                maker_value = value if maker == game.to_move else -value
                assert maker_value <= 0, text
        if game.has_pairing(1 - game.to_move, after_move=True):
            found += 1
            assert value >= 0, text  # the side to move has a move after which it pairs
    assert found > 1000  # the rule is exercised (not vacuous)


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_every_tic_tac_toe_position_solves_the_same(config: Rules) -> None:
    """``solve`` with the rule(s) == brute force: value and the set of optimal moves, at every
    reachable 3,3,3 position (about 4,500 solves per rule set)."""
    for text in reachable_positions(3, 3, 3):
        game = game_from(text, 3, config, symmetry=True)
        if game.is_terminal():
            continue
        result = solve_raw(game, tt=TranspositionTable(1 << 10))
        children = child_values(game)
        value = brute_force_value(text, 3)
        assert result.value == value, text
        assert set(result.best_moves) == {m for m, v in children.items() if v == value}, text


@settings(max_examples=examples(60))
@given(st.lists(st.integers(0, 1000), min_size=0, max_size=9), st.sampled_from(CONFIGS))
def test_tic_tac_toe_solve_is_unchanged(choices: list[int], config: Rules) -> None:
    """A sample of the slow test above (every rule set, random reachable 3,3,3 positions)."""
    game = play_choices(MNKGame(3, 3, 3, symmetry=True, **config), choices)
    if game.is_terminal():
        return
    result = solve_raw(game, tt=TranspositionTable(1 << 10))
    children = child_values(game)
    value = brute_force_value(game.to_notation(), 3)
    assert result.value == value
    assert set(result.best_moves) == {m for m, v in children.items() if v == value}


BIGGER = [(4, 3, 3), (3, 4, 3), (4, 4, 3), (4, 4, 4)]


def unpruned(game: MNKGame) -> MNKGame:
    return MNKGame.from_notation(game.to_notation(), game.k, symmetry=True, **NO_RULES)


@settings(max_examples=examples(40))
@given(
    st.one_of(
        reachable_games(shapes=BIGGER, min_moves=4, max_moves=12),
        reachable_games(shapes=[(5, 4, 4)], min_moves=7, max_moves=14),
    ),
    st.sampled_from(CONFIGS),
)
def test_bigger_boards_solve_the_same(game: MNKGame, config: Rules) -> None:
    """Random reachable 4x3, 3x4, 4x4 (K = 3, 4) and 5x4 (K = 4) positions: value and set of
    optimal moves with the rule(s) == with no rule (the solver the other tests check)."""
    if game.is_terminal():
        return
    text = game.to_notation()
    pruned = solve_raw(game_from(text, game.k, config, symmetry=True), tt=TranspositionTable(1 << 14))
    plain = solve_raw(unpruned(game), tt=TranspositionTable(1 << 14))
    assert pruned.score == plain.score
    assert set(pruned.best_moves) == set(plain.best_moves)


@settings(max_examples=examples(25))
@given(reachable_games(shapes=[(4, 4, 3), (4, 4, 4)], min_moves=5, max_moves=12))
def test_bigger_boards_every_bound_and_search_move_list_is_sound(game: MNKGame) -> None:
    """At random 4x4 positions, with every rule on: the search moves keep the exact value and
    the proved bounds contain it (values from the solver with no rule)."""
    if game.is_terminal():
        return
    tt = TranspositionTable(1 << 14)  # one table: every entry is an exact value of this game
    value = solve_raw(unpruned(game), tt=tt).score
    pruned = game_from(game.to_notation(), game.k, CONFIGS[-1])
    children: dict[int, int] = {}
    for move in pruned.legal_moves():
        child = unpruned(game)
        child.make(move)
        terminal = child.is_terminal()
        children[move] = -child.terminal_score() if terminal else -solve_raw(child, tt=tt).score
    moves = pruned.search_moves()
    assert moves and set(moves) <= set(children)
    assert max(children[move] for move in moves) == value
    for alpha, beta in WINDOWS:
        lower, upper = pruned.proof_bounds(alpha, beta)
        assert lower <= value <= upper


@settings(max_examples=examples(60))
@given(
    reachable_games(shapes=[(3, 3, 3), (4, 4, 3), (5, 5, 4), (7, 6, 4), (15, 15, 5)]),
    st.integers(0, 12),
    st.lists(st.integers(0, 1000), max_size=8),
)
def test_tracked_threats_and_open_lines_equal_a_fresh_count(
    game: MNKGame, undo: int, more: list[int]
) -> None:
    """The per-ply threats and open K-lines kept by make / unmake equal a count from scratch,
    also after taking back moves made before tracking started, and after more moves."""
    game.completing_cells(0)  # start tracking here
    for _ in range(min(undo, game.stones)):
        game.unmake()
    play_choices(game, more)
    geo = game.geometry
    x_bits, o_bits = game.bits
    assert game.completing_cells(0) == completing_cells_by_windows(x_bits, o_bits, geo)
    assert game.completing_cells(1) == completing_cells_by_windows(o_bits, x_bits, geo)
    for player, other in ((0, o_bits), (1, x_bits)):
        expected = sum(1 << i for i, w in enumerate(geo.windows) if not w & other)
        assert game.open_lines(player) == expected
    copy = game.copy()
    assert copy.completing_cells(0) == game.completing_cells(0)
    assert copy.open_lines(1) == game.open_lines(1)


@settings(max_examples=examples(150))
@given(
    st.sampled_from([(3, 3, 3), (4, 4, 3), (4, 4, 4), (5, 4, 4), (6, 6, 4), (4, 5, 2), (2, 3, 2)]),
    st.booleans(),
    st.lists(st.tuples(st.integers(0, 1000), st.integers(0, 3)), max_size=40),
)
def test_solver_make_equals_the_rules_make(
    shape: tuple[int, int, int], symmetry: bool, steps: list[tuple[int, int]]
) -> None:
    """``MNKGame.make`` (the rules' make fused with the threat bookkeeping) and the literal
    ``MNKState.make`` leave the same position after every make and unmake: bitboards, keys,
    side to move, history and result.  Now and then (action 3) the bookkeeping is asked
    (it starts there, or goes on): the threats-first move order, the completing cells and
    the open K-lines then equal the rules' counted from scratch, also after moves taken
    back below the ply where it started and other moves made without asking."""
    m, n, k = shape
    rules = MNKState(m, n, k, symmetry=symmetry)
    game = MNKGame(m, n, k, symmetry=symmetry)
    for choice, action in steps:
        if action == 0 and game.moves:  # take a move back
            rules.unmake()
            game.unmake()
        elif not rules.is_terminal():
            move = rules.legal_moves()[choice % len(rules.legal_moves())]
            rules.make(move)
            game.make(move)
        state = (rules.bits, rules.key, rules.tt_key(), rules.to_move, rules.moves)
        assert state == (game.bits, game.key, game.tt_key(), game.to_move, game.moves)
        assert (rules.is_terminal(), rules.winner()) == (game.is_terminal(), game.winner())
        if action == 3:
            assert game.legal_moves() == rules.legal_moves()
            for side in (0, 1):
                assert game.completing_cells(side) == rules.completing_cells(side)
                assert game.open_lines(side) == open_lines(rules.bits[1 - side], rules.geometry)


@settings(max_examples=examples(200))
@given(st.lists(st.integers(1, (1 << 8) - 1), min_size=0, max_size=8))
def test_found_pairings_are_pairings(lines: list[int]) -> None:
    """Whatever the search returns is a pairing: disjoint pairs, one inside every line."""
    pairs = find_pairing(lines, budget=10_000)
    if pairs is not None:
        assert is_pairing(pairs, lines)
    if any(cells.bit_count() < 2 for cells in lines):
        assert pairs is None


@settings(max_examples=examples(200))
@given(st.lists(st.integers(1, (1 << 7) - 1), min_size=0, max_size=7))
def test_pairing_after_move_is_a_pairing_after_one_of_the_moves(lines: list[int]) -> None:
    """The one-search answer == trying every hole cell with :func:`find_pairing`, and what it
    returns is a pairing of the lines the hole does not close."""
    found = find_pairing_after_move(lines, budget=10_000)
    cells = 0
    for line in lines:
        cells |= line
    holes = [1 << c for c in range(7) if cells >> c & 1] or [0]
    by_hole = any(
        find_pairing([line & ~hole for line in lines if not line & hole], budget=10_000) is not None
        for hole in holes
    )
    assert (found is not None) == by_hole
    if found is not None:
        hole, pairs = found
        assert hole.bit_count() <= 1 and is_pairing(pairs, lines, hole)


def test_pairing_search_is_complete_on_small_cases() -> None:
    """Exhaustively over every set of up to 3 lines on 5 cells: a pairing is found exactly when
    one exists (checked by trying every set of disjoint pairs)."""
    cells = 5
    all_pairs = [(1 << a) | (1 << b) for a in range(cells) for b in range(a + 1, cells)]
    pairings: list[list[int]] = [[]]
    for pair in all_pairs:
        pairings += [[*p, pair] for p in pairings if all(not pair & q for q in p)]
    candidates = range(3, 1 << cells)
    for a in candidates:
        for b in candidates:
            for c in (3, 0b10110, 0b11000):
                lines = [a, b, c]
                exists = any(is_pairing(p, lines) for p in pairings)
                assert (find_pairing(lines, budget=10_000) is not None) == exists, lines


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_rules_change_only_the_speed_4_4_4(config: Rules) -> None:
    """4,4,4 is a draw in which every first move draws (see test_known_values)."""
    result = solve_raw(MNKGame(4, 4, 4, symmetry=True, **config))
    assert result.score == 0 and len(result.best_moves) == 16


def test_pinned_solve_node_counts() -> None:
    """Nodes of ``solve`` with every rule and with none (examples/mnk_solve_rules.py,
    docs/papers/001-mnk.md); pinned so that a change is deliberate."""
    assert solve_raw(MNKGame(4, 4, 4, symmetry=True)).stats.nodes == 48
    assert solve_raw(MNKGame(4, 4, 4, symmetry=True, **NO_RULES)).stats.nodes == 55_803
