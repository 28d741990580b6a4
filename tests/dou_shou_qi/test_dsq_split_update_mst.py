"""Update-MST on the complete causality graph of real games (seed 003, §8.2 with §7)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.dou_shou_qi.causality import complete_causality_graph
from reference.dou_shou_qi.engine import search_subproblems_engine
from reference.dou_shou_qi.partition import CausalityMST, find_subproblems
from reference.dou_shou_qi.rules import DouShouQi
from reference.dou_shou_qi.split_search import search_position
from reference.graphs import (
    IndexedCompleteGraph,
    complete_graph_edges,
    mst_kruskal,
    tree_weight,
    update_mst_engine,
)

FIGURE_13 = "A: Hc2 Cb3 Me6 / B: Ma2 Cb7 Dc7 Ee7 / A"


@settings(max_examples=examples(30))
@given(st.lists(st.integers(0, 1000), min_size=1, max_size=40))
def test_update_mst_after_a_piece_moves_equals_recomputed_mst(choices: list[int]) -> None:
    """§8.2: after one (non-capturing) move, Update-MST == Compute-MST from scratch on G_T'."""
    game = DouShouQi()
    for c in choices[:-1]:
        moves = game.legal_moves()
        if not moves:
            return
        game.make(moves[c % len(moves)])
    quiet = [m for m in game.legal_moves() if game.piece_at(m.dst) is None]
    if not quiet:
        return
    move = quiet[choices[-1] % len(quiet)]
    before = game.pieces()
    v = next(i for i, p in enumerate(before) if p.square == move.src)
    weights = complete_causality_graph(before)
    game.make(move)
    moved = [p if i != v else type(p)(p.side, p.kind, move.dst) for i, p in enumerate(before)]
    after = complete_causality_graph(moved)
    graph = IndexedCompleteGraph(weights)
    tree = mst_kruskal(len(before), graph.edges())
    result = update_mst_engine(graph, tree, v, after[v])
    assert graph.matrix() == after
    assert tree_weight(result.tree) == tree_weight(
        mst_kruskal(len(moved), complete_graph_edges(after))
    )
    assert result.reduced_edges <= 2 * (len(before) - 1) + result.subtrees_reconnected


def test_pinned_split_search_counts() -> None:
    """Pinned numbers of a fixed split search, so that a change of behaviour is deliberate."""
    game = DouShouQi.from_notation(FIGURE_13, ordering="none")  # legal order, as pinned
    result = search_position(game, 4, max_depth=4)  # the thesis's
    assert (game.format_move(result.move), result.value, result.nodes) == ("b3-b2", -915, 748)
    d = find_subproblems(game.pieces(), 4)
    checked = search_subproblems_engine(game, d, max_depth=4)  # + the whole-board check
    assert (game.format_move(checked.move), checked.value, checked.nodes) == ("b3-b2", -915, 1096)
    # Figure 13's subproblems cannot interact within 4 plies: the corrected combination gives
    # plain alpha-beta's value (-914, b3-b2), ImpliedScore does not (-915)
    corrected = search_subproblems_engine(
        game, d, max_depth=4, combination="sum", check_decided=False
    )
    assert (game.format_move(corrected.move), corrected.value) == ("b3-b2", -914)
    d = find_subproblems(DouShouQi().pieces(), 2)
    assert (d.t_max, len(d.subproblems)) == (3, 9)


@settings(max_examples=examples(6))
@given(st.lists(st.integers(0, 1000), min_size=10, max_size=50))
def test_causality_mst_tracker_follows_a_game(choices: list[int]) -> None:
    """§10.3 "compute or update": the tracked tree stays an MST of G_T; subproblems unchanged."""
    game = DouShouQi()
    tracker = CausalityMST(game.pieces())
    played = 0
    for c in choices:
        moves = game.legal_moves()
        if not moves:
            break
        game.make(moves[c % len(moves)])
        played += 1
        tracker.follow(game.pieces())
        weights = complete_causality_graph(tracker.pieces)
        assert tracker.weights == weights
        assert tree_weight(tracker.tree) == tree_weight(
            mst_kruskal(len(weights), complete_graph_edges(weights))
        )
    # one MST at the start, then one Update-MST (a move) or recomputation (a capture) per ply
    assert tracker.updates + tracker.recomputations == 1 + played
    assert tracker.updates > 0
    plain = find_subproblems(game.pieces(), 4)
    tracked = find_subproblems(game.pieces(), 4, tracker=tracker)
    assert sorted(sorted(p.square for p in s.pieces) for s in plain.subproblems) == sorted(
        sorted(p.square for p in s.pieces) for s in tracked.subproblems
    )
