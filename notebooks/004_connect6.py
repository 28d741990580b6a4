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
# # Seed 004: Connect6, the road table and threat-space search
#
# The course report plays Connect6 (19 x 19; black first places one stone, then each
# side two; six in a row wins) with a *road* model: every six consecutive points in a
# line is a road (路), black, white or colourless, and a position is scored by its
# roads.  The road table (路表) is kept by "global initialisation + local
# modification": a stone changes only the roads through it.  Threat-space search (TSS)
# looks for a forced win by double threats, reading the threat points off the table.
# This notebook checks the local updates against a full rebuild, draws the report's
# model (`docs/papers/004-connect6.md`; the report has no figures: these are drawn
# from the code), and reproduces the TSS claim on constructed positions.

# %%
import random

from IPython.display import SVG, display
from IPython.utils.capture import capture_output
from ipywidgets import Dropdown, interact

from reference.connect6 import Connect6, RoadTable
from reference.connect6.candidates import candidate_points
from reference.connect6.figures import road_table, roads_through_points, tss_win
from reference.connect6.geometry import geometry
from reference.connect6.puzzles import PUZZLES, WIN_IN_3
from reference.connect6.tss import threat_space_search, tss_attack, verify_win
from reference.listings import beside

# %% [markdown]
# ## The listing beside the code
#
# The report describes threat-space search in prose (§2.1.4, §2.2.3), in steps (numbered
# by us in `reference/connect6/tss.py`'s docstring): the left column names the step each
# line of the core carries out (the driver `threat_space_search` adds the node budget, the
# memo and the result).

# %%
beside(tss_attack)

# %% [markdown]
# ## The road model
#
# On the empty 19 x 19 board: how many roads, and how many pass through one point
# (at most 24: four directions, six roads each).  The picture shades each point by it.

# %%
geo = geometry(19)
through = [len(geo.through[p]) for p in geo.points]
print("roads:", len(geo.roads), " most through one point:", max(through),
      " at a corner:", len(geo.through[geo.point(0, 0)]))
# independently: 14 windows of six per line of 19, 19 rows + 19 columns, and the
# diagonals of length 6..19 (each holding length - 5 windows), twice
diagonals = 2 * (2 * sum(n - 5 for n in range(6, 19)) + (19 - 5))
display(SVG(roads_through_points(19)))

# %% [markdown]
# ## The main algorithm: global initialisation + local modification
#
# A random game of 60 moves on a 10 x 10 board; after every stone the table kept by
# local modification (`RoadTable.place`, only the roads through the stone) must equal
# a table rebuilt from the whole board (`RoadTable.rebuild`, all roads).

# %%
rng = random.Random(4)
game = Connect6(10)
checked = 0
tables_equal = True
while checked < 60 and not game.is_terminal():
    points = candidate_points(game.geo, game.occupied)
    game.play(tuple(sorted(rng.sample(points, game.stones_per_move()))))
    rebuilt = RoadTable.rebuild(game.geo, game.black, game.white)
    tables_equal = tables_equal and game.table.state() == rebuilt.state()
    checked += 1
print(f"{checked} moves: the incrementally kept table equals the rebuilt one after each:",
      tables_equal)
display(game)

# %% [markdown]
# The road table of a position: coloured roads of length 2 and more, drawn as bars.

# %%
display(SVG(road_table(WIN_IN_3.position)))

# %% [markdown]
# ## Threat-space search, on a small example
#
# A double threat wins in three attacker moves.  TSS searches only moves that make
# threats; `verify_win` checks the win full width (every defender reply at every
# defender node), so the claim does not rest on TSS itself.

# %%
game = Connect6.from_notation(WIN_IN_3.position)
display(game)
result = threat_space_search(game, max_depth=4)
print("win:", result.win, " attacker moves:", result.depth, " nodes:", result.nodes)
print("main line:", " ".join(game.format_move(m) for m in result.line))
check = verify_win(game, result.depth)
print("forced (full width):", check.forced, f"({check.defender_moves:,} defender replies checked)")
display(SVG(tss_win(WIN_IN_3)))

# %% [markdown]
# ## Try it: another position
#
# Pick one of the constructed positions: the board, and what TSS finds there.

# %%
def search_puzzle(name: str) -> None:
    puzzle = next(p for p in PUZZLES if p.name == name)
    board = Connect6.from_notation(puzzle.position)
    display(board)
    found = threat_space_search(board, max_depth=4, single_threats=puzzle.single_threats)
    line = " ".join(board.format_move(m) for m in found.line)
    print(f"win: {found.win}, attacker moves: {found.depth}, nodes: {found.nodes}, line: {line}")


interact(search_puzzle, name=Dropdown(options=[p.name for p in PUZZLES], value=WIN_IN_3.name))

# %% [markdown]
# ## Experiment: TSS on the constructed positions
#
# The report claims TSS with double threats finds forced wins quickly, sped up by the
# road table, and names single threats as future work (§3.2).  It gives no positions:
# these are ours (`reference.connect6.puzzles`), each with the outcome it was built
# for.  For each: what TSS finds (at most 4 attacker moves), its nodes, and the
# full-width check of every win.

# %%
print(f"{'position':<38} {'win':>4} {'depth':>5} {'nodes':>6} {'expected':>9} {'forced':>7}")
outcomes = []
for puzzle in PUZZLES:
    game = Connect6.from_notation(puzzle.position)
    found = threat_space_search(game, max_depth=4, single_threats=puzzle.single_threats)
    forced = "-"
    if found.win:
        forced = str(verify_win(game, found.depth, single_threats=puzzle.single_threats).forced)
    expected = (found.win, found.depth) == (puzzle.win, puzzle.depth)
    outcomes.append((expected, forced))
    print(f"{puzzle.name:<38} {found.win!s:>4} {found.depth:>5} {found.nodes:>6} "
          f"{'ok' if expected else 'DIFFERS':>9} {forced:>7}")

# %% [markdown]
# ## Checks
#
# Each number above against an independent one (`make test` executes every notebook).

# %%
assert len(geo.roads) == 19 * 14 * 2 + diagonals == 924  # counted by hand above
assert max(through) == 24
assert tables_equal  # local modification = global initialisation, after every stone
assert result.win and result.depth == WIN_IN_3.depth and check.forced
assert all(expected for expected, _ in outcomes)  # each position: the outcome built for
assert all(forced in ("True", "-") for _, forced in outcomes)  # every win forced full width

# The widget's function, at the ends of its controls: a function under `interact` that
# raises only shows the error in the widget (the cell passes), so it is called here.
with capture_output():
    for puzzle in PUZZLES:
        search_puzzle(puzzle.name)
