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
# # Seed 001: the (M,N,K)-game, alpha-beta with a transposition table
#
# Luccioli's report builds an (M,N,K)-game player from depth-limited alpha-beta, a
# threat heuristic, iterative deepening and a transposition table keyed by Zobrist
# hashing (`docs/papers/001-mnk.md` maps every claim to the code and its test).  This
# notebook runs the report's search on tic-tac-toe (M = N = K = 3), draws the trees the
# search walks, and reproduces the report's cost claim: alpha-beta costs between
# sqrt(n!) and n! nodes, and a table with symmetries brings it near the best case.

# %%
import math
import time

from IPython.display import SVG, display
from IPython.utils.capture import capture_output
from ipywidgets import Dropdown, IntSlider, interact

from reference import MNKGame, solve
from reference.listings import beside
from reference.search import TranspositionTable, iterative_deepening, perft_raw, search
from reference.search.minimax import minimax
from reference.trace import render_text, trace
from reference.trace.drawing import draw_trace

# %% [markdown]
# ## The listing beside the code
#
# The report builds on MINIMAX with alpha-beta; the search core's `minimax` is the
# negamax listing (seed 003 prints it, lines 1-7), each line tagged with the line it
# implements.  `alphabeta`, `alphabeta_tt` and `pvs` add the window and the table to the
# same shape (`beside(alphabeta_tt)` shows it).

# %%
beside(minimax)

# %% [markdown]
# ## The main algorithm on a small example
#
# Tic-tac-toe is a draw: `solve` searches the whole tree and proves it (value 0 for
# `x`, every first move keeps the draw).

# %%
game = MNKGame(3, 3, 3)
solution = solve(game)
display(game)
print("value:", solution.value, " optimal first moves:", " ".join(solution.best_moves_notation))

# %% [markdown]
# The report's player searches with iterative deepening: depth 1, 2, 3, ... each
# iteration starting from the previous one's best move and table.  Here after `x b2`,
# `o a1`, `x c3`, `o` to move; its move is checked against the exact solver's optimal
# moves:

# %%
game = MNKGame(3, 3, 3, symmetry=True)
for move in ("b2", "a1", "c3"):
    game.play(game.parse_move(move))
result = iterative_deepening(game, max_depth=6, tt=TranspositionTable(1 << 12))
display(game)
print("best move:", game.format_move(result.best_move), " score:", result.score,
      " depth:", result.depth, " nodes:", result.stats.nodes)
exact = solve(game)

# %% [markdown]
# ## Pictures: the tree each listing walks
#
# `reference.trace` runs the literal listing and records every node: the window it
# was entered with (under each box), the value it returned for its side to move (in
# the box), the moves a cutoff never searched (the crosses) and the table cutoffs
# (orange `TT` boxes).  The empty board to depth 2: minimax visits 1 + 9 + 72 nodes.

# %%
empty = MNKGame(3, 3, 3, symmetry=True)
counts = {}
for algorithm in ("minimax", "alphabeta", "alphabeta_tt"):
    traced = trace(empty, algorithm, 2)
    counts[algorithm] = traced.nodes
    display(SVG(draw_trace(traced, f"{algorithm}, empty 3x3 board")))
print(counts)

# %% [markdown]
# The same tree as text, for alpha-beta: `*` marks the principal variation, `x` the
# moves a cutoff left unsearched.

# %%
print("\n".join(render_text(trace(empty, "alphabeta", 2)).splitlines()[:20]))

# %% [markdown]
# ## Try it: a listing and a depth
#
# Pick a listing and a depth: the tree it walks from the position after `x b2`, `o a1`
# (the [step-through page](../docs/step.md) of the site steps through such trees node by
# node).

# %%
after_two = MNKGame.from_notation(".../.x./o.. x", 3, symmetry=True)


def walk(algorithm: str, depth: int) -> None:
    result = trace(after_two.copy(), algorithm, depth)
    display(SVG(draw_trace(result, f"{algorithm} to depth {depth}")))
    print(f"value {result.value}, {result.nodes} nodes")


interact(walk, algorithm=Dropdown(options=["minimax", "alphabeta", "alphabeta_tt", "pvs", "mtdf"],
                                  value="alphabeta"),
         depth=IntSlider(value=2, min=1, max=3))

# %% [markdown]
# ## Experiment: the report's cost claim, on the whole tic-tac-toe tree
#
# §Computational Cost: with n moves available alpha-beta costs O(n!) nodes in the
# worst case (no cutoff) and O(sqrt(n!)) in the best (best move always first); a
# transposition table "improves the ordering" and symmetries (§Possible
# Improvements) shrink the tree again.  Every search below goes to the end of the
# game (9 plies), over every empty cell (the report's move lists: our sound pruning
# off), and counts nodes.  The full tree has 549,946 nodes (the root included), the
# published count of tic-tac-toe's game tree: minimax must visit all but the root,
# which the root loop does not count.  A few seconds (minimax takes most).

# %%
def report_game(ordering: str, symmetry: bool) -> MNKGame:
    return MNKGame(3, 3, 3, ordering=ordering, symmetry=symmetry,
                   forced_moves=False, dead_cells=False, pairings=False)


variants = [
    ("minimax", "natural", False),
    ("alphabeta", "natural", False),
    ("alphabeta", "threats", False),
    ("alphabeta_tt", "threats", False),
    ("alphabeta_tt", "threats", True),
    ("pvs", "threats", True),
    ("mtdf", "threats", True),
]
rows = []
for algorithm, ordering, symmetry in variants:
    table = TranspositionTable(1 << 16) if algorithm in ("alphabeta_tt", "pvs", "mtdf") else None
    start = time.perf_counter()
    found = search(report_game(ordering, symmetry), 9, algorithm=algorithm, tt=table)
    rows.append((algorithm, ordering, symmetry, found.score, found.stats.nodes,
                 time.perf_counter() - start))

print(f"{'algorithm':<13} {'ordering':<8} {'symmetry':<8} {'value':>5} {'nodes':>8} {'seconds':>8}")
for algorithm, ordering, symmetry, value, nodes, seconds in rows:
    print(f"{algorithm:<13} {ordering:<8} {symmetry!s:<8} {value:>5} {nodes:>8,} {seconds:>8.2f}")
print(f"n! = {math.factorial(9):,}   sqrt(n!) = {math.isqrt(math.factorial(9)):,}")

minimax_nodes = rows[0][4]

# %% [markdown]
# What the table says: plain alpha-beta in a1, b1, ... order sits between the two
# bounds; the threat-first ordering, the table and the symmetries each cut the tree
# again, down to a few hundred nodes, below sqrt(n!): the table merges transpositions,
# which the bound's tree model does not have.

# %% [markdown]
# ## Checks
#
# Each number above against an independent one (`make test` executes every notebook).

# %%
assert solution.value == 0 and len(solution.best_moves) == 9  # tic-tac-toe: a draw
assert game.format_move(result.best_move) in exact.best_moves_notation
assert counts["minimax"] == 1 + perft_raw(empty, 1) + perft_raw(empty, 2) == 82
assert counts["alphabeta_tt"] < counts["alphabeta"] < counts["minimax"]
assert minimax_nodes + 1 == 549_946 == sum(perft_raw(report_game("natural", False), d) for d in range(10))
assert all(value == 0 for _, _, _, value, _, _ in rows)  # every variant: a draw
assert math.isqrt(math.factorial(9)) < rows[1][4] < math.factorial(9)
assert rows[4][4] < math.isqrt(math.factorial(9))  # table + symmetries: below the bound

# The widget's function, at the ends of its controls: a function under `interact` that
# raises only shows the error in the widget (the cell passes), so it is called here.
with capture_output():
    for algorithm in ("minimax", "alphabeta", "alphabeta_tt", "pvs", "mtdf"):
        for depth in (1, 3):
            walk(algorithm, depth)
