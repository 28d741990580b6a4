# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Seed 003: Dou Shou Qi, loosely coupled subproblems and split search
#
# Burnett's thesis searches Dou Shou Qi (Jungle) by splitting the board into
# subproblems that barely interact: each piece's *effect cone* says how soon it can
# reach each square (§6), the causality T[u, v] says how soon piece u can affect piece
# v (Definition 7.1), the minimum spanning tree of the complete causality graph G_T is
# cut at its edges heavier than T_thresh (MST-Partition, §8.1.1), and each part is
# searched on its own (SEARCH-SUBPROBLEMS, §10).  This notebook draws the thesis's
# board and graph figures (lost in the text extraction: drawn by
# `reference.dou_shou_qi.figures`, as on the paper page), runs MST-Partition and the
# split search on Figure 13's position, and reproduces §11's first measurement:
# alpha-beta and move ordering against MINIMAX, by nodes (`docs/papers/003-dou-shou-qi.md`,
# `docs/papers/003-split-search.md`).

# %%
from IPython.display import SVG, display
from IPython.utils.capture import capture_output
from ipywidgets import Dropdown, IntSlider, interact

from reference.dou_shou_qi.cones import Movement
from reference.dou_shou_qi.figure_drawing import board_svg
from reference.dou_shou_qi.figures import (
    PARTITIONS,
    cone_figure,
    movement_figure,
    partition_figure,
)
from reference.dou_shou_qi.geometry import Kind, Side, square_name
from reference.dou_shou_qi.notation import START_NOTATION, parse_placement
from reference.dou_shou_qi.partition import build_subproblems, find_subproblems
from reference.dou_shou_qi.positions import APPENDIX_A
from reference.dou_shou_qi.rules import DouShouQi
from reference.dou_shou_qi.split_search import search_position
from reference.graphs.kruskal import complete_graph_edges, mst_kruskal, tree_weight
from reference.listings import beside
from reference.search import SearchContext, alphabeta, minimax, perft_raw

# %% [markdown]
# ## The listing beside the code
#
# BUILD-SUBPROBLEMS (§10.4), line by line: cut the minimum spanning tree's edges heavier
# than T_thresh, and make one position of each part (left: the thesis's line).

# %%
beside(build_subproblems)

# %% [markdown]
# A position draws itself: the start.

# %%
display(DouShouQi.start())

# %% [markdown]
# ## Pictures: the board, effect cones, movement graphs
#
# Figure 2 (the start), Figure 8 (b)-(d) (free-body effect cones: the first ply a
# piece can stand on each square, darker is sooner) and Figure 10 (the mouse's
# movement graph G_s: it swims).

# %%
display(SVG(board_svg(parse_placement(START_NOTATION).pieces, title="Figure 2: the start")))
display(SVG(cone_figure(Kind.CAT, "b2", Side.A, "Figure 8(b): cat from b2")))
display(SVG(cone_figure(Kind.TIGER, "a1", Side.A, "Figure 8(c): tiger from a1")))
display(SVG(movement_figure(Movement.SWIMMING, "Figure 10: G_s (the mouse)")))

# %% [markdown]
# ## The main algorithm on a small example: MST-Partition and split search
#
# Figure 13's position at T_thresh = 4.  The thesis computes the tree with MST-PRIM
# (§10.3); Kruskal's algorithm on the same complete graph is an independent check:
# both trees weigh the same.  Cutting the tree's edges heavier than T_thresh leaves
# the subproblems; every piece is in exactly one.

# %%
notation, t_thresh, title = PARTITIONS["figure13_partition_mst"]
decomposition = find_subproblems(parse_placement(notation).pieces, t_thresh)
pieces = decomposition.pieces
kruskal = mst_kruskal(len(pieces), complete_graph_edges(decomposition.causality))
print("pieces:", len(pieces), " T_max:", decomposition.t_max,
      " MST weight (Prim):", tree_weight(decomposition.mst), " (Kruskal):", tree_weight(kruskal))
for k, sub in enumerate(decomposition.subproblems, start=1):
    print(f"subproblem {k}:", " ".join(
        f"{p.side.name} {p.kind.name.lower()} {square_name(p.square)}" for p in sub.pieces))
placed = [piece for sub in decomposition.subproblems for piece in sub.pieces]
display(SVG(partition_figure(notation, t_thresh, title)))

# %% [markdown]
# ## Try it: the threshold
#
# A lower T_thresh cuts more edges: more, smaller subproblems (each a colour).

# %%
def partition_at(position: str, threshold: int) -> None:
    found = find_subproblems(parse_placement(PARTITIONS[position][0]).pieces, threshold)
    print(f"{len(found.subproblems)} subproblems at T_thresh = {threshold}")
    display(SVG(partition_figure(PARTITIONS[position][0], threshold, f"T_thresh = {threshold}")))


interact(partition_at, position=Dropdown(options=sorted(PARTITIONS), value="figure13_partition_mst"),
         threshold=IntSlider(value=4, min=1, max=10))

# %% [markdown]
# SEARCH-POSITION: each subproblem searched on its own (moves, and the *non-move* of
# leaving it alone), combined by ImpliedScore (§10.5).

# %%
game = DouShouQi.from_notation(notation)
split = search_position(game, t_thresh, max_depth=4)
print("split search: move", game.format_move(split.move), " value", split.value,
      " depth", split.depth, " nodes", split.nodes, " subproblems", len(split.decomposition.subproblems))

# %% [markdown]
# ## Experiment: §11, alpha-beta and move ordering against MINIMAX
#
# §11 compares plain alpha-beta with alpha-beta and the move-ordering heuristic.
# Here: nodes to depth 3 on the recoverable Appendix A positions, for MINIMAX (§3.2),
# alpha-beta, and alpha-beta with the §11 ordering; all three must give the same
# value, and MINIMAX visits every move sequence (1 + perft_raw(1) + perft_raw(2) + perft_raw(3),
# counted independently by `perft`).  A few seconds.

# %%
def nodes(game: DouShouQi, algorithm: str) -> tuple[int, int]:
    ctx = SearchContext()
    value = minimax(game, 3, ctx) if algorithm == "minimax" else alphabeta(game, 3, ctx=ctx)
    return value, ctx.counters.nodes


totals = {"minimax": 0, "alpha-beta": 0, "ordered": 0}
measured = []
print(f"{'position':<9}{'minimax':>10}{'alpha-beta':>12}{'ordered':>10}")
for letter, named in APPENDIX_A.items():
    position = DouShouQi.from_notation(named.notation, ordering="none")  # §11: unordered
    mm_value, mm_nodes = nodes(position, "minimax")
    ab_value, ab_nodes = nodes(position, "alphabeta")
    position.ordering = "thesis"
    ordered_value, ordered_nodes = nodes(position, "alphabeta")
    measured.append((position, mm_value, ab_value, ordered_value, mm_nodes))
    totals["minimax"] += mm_nodes
    totals["alpha-beta"] += ab_nodes
    totals["ordered"] += ordered_nodes
    print(f"({letter}){'':<6}{mm_nodes:>10,}{ab_nodes:>12,}{ordered_nodes:>10,}")
print(f"{'total':<9}{totals['minimax']:>10,}{totals['alpha-beta']:>12,}{totals['ordered']:>10,}")
print(f"ordering keeps {totals['ordered'] / totals['alpha-beta']:.0%} of alpha-beta's nodes, "
      f"alpha-beta {totals['alpha-beta'] / totals['minimax']:.0%} of minimax's")

# %% [markdown]
# Move ordering cuts alpha-beta's tree again at the same depth and value, as §11
# finds (its Figure 20 measures the depth reached in a fixed time instead, and its
# self-play the games won: `examples/dsq_move_ordering.py`,
# `examples/dsq_split_selfplay.py`).

# %% [markdown]
# ## Checks
#
# Each number above against an independent one (`make test` executes every notebook).

# %%
assert tree_weight(decomposition.mst) == tree_weight(kruskal)  # Prim = Kruskal
assert len(placed) == len(pieces) and set(placed) == set(pieces)  # a partition
assert split.move in game.legal_moves()
for position, mm_value, ab_value, ordered_value, mm_nodes in measured:
    assert mm_value == ab_value == ordered_value  # the same value, three ways
    assert mm_nodes == sum(perft_raw(position, d) for d in range(4))  # minimax sees every sequence
assert totals["ordered"] < totals["alpha-beta"] < totals["minimax"]

# The widget's function, at the ends of its controls: a function under `interact` that
# raises only shows the error in the widget (the cell passes), so it is called here.
with capture_output():
    for name in sorted(PARTITIONS):
        for threshold in (1, 10):
            partition_at(name, threshold)
