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
# # Seed 002: turn-based war chess, enumerating the plans of one turn
#
# Nan et al. (2016) model a turn of war chess (every unit of one side moves and may
# attack, in any order) and enumerate its end states two ways: Algorithm 2 walks every
# order of the units (dictionary-sequence order, Algorithm 1 `next_permutation`) and
# searches each (Algorithm 3); Algorithm 5 (`plans_search`) recurses over "which unit
# acts next" and shares the common prefixes.  Theorem 1: both reach the same states.
# This notebook runs the listings on a small example, draws the paper's figures (lost
# in the text: drawn from the code, `docs/papers/002-war-chess.md`), and reproduces
# Table 2's comparison of the two at small scale.

# %%
from IPython.display import SVG, display
from IPython.utils.capture import capture_output
from ipywidgets import IntSlider, interact

from reference.listings import beside
from reference.wargame.complexity import (
    diamond_size,
    ops1_dictionary_sequence,
    ops1_recursive_enumeration,
)
from reference.wargame.experiment import enumerate_turn, paper_setup
from reference.wargame.figures import figure_3, figure_4, figure_5, figure_7
from reference.wargame.next_permutation import next_permutation
from reference.wargame.recursive_permutation import recursive_permutation
from reference.wargame.rules import SKIRMISH, WarState

# %% [markdown]
# ## The listing beside the code
#
# Algorithm 1, `next_permutation`, line by line (left: the paper's line).

# %%
beside(next_permutation)

# %% [markdown]
# A battle draws itself: the skirmish the command line plays (`python -m reference play
# wargame`), Alex's units red, Billie's blue.

# %%
display(WarState.from_notation(SKIRMISH))

# %% [markdown]
# ## Algorithm 1: the next permutation in dictionary order
#
# The paper's worked example: 754938621 -> 754961238.  Repeating it from the sorted
# order lists every order of the units; Algorithm 4 (`recursive_permutation`) lists the
# same orders by recursion.

# %%
order = [7, 5, 4, 9, 3, 8, 6, 2, 1]
advanced = next_permutation(order)
print("".join(map(str, order)))

units = [0, 1, 2]
orders = [tuple(units)]
while next_permutation(units):
    orders.append(tuple(units))
print(orders)
by_recursion = sorted(recursive_permutation([0, 1, 2]))

# %% [markdown]
# ## Pictures: the board, movement and attack ranges, one turn's states
#
# Figure 3 (a board with both sides' units), Figure 4 (movement ranges: an enemy
# blocks, an ally lets a unit pass), Figure 5 (attack ranges) and Figure 7 (the
# states one turn can reach), drawn by `reference.wargame.figures`.

# %%
for draw in (figure_3, figure_4, figure_5, figure_7):
    display(SVG(draw()))

# %% [markdown]
# ## The two enumerations on a small example, and Theorem 1
#
# Three swordsmen of one side, movement 2, on an open board (§5's set-up): Algorithm 2
# (`order`) and Algorithm 5 (`recursion`) enumerate the end-of-turn states; ops1 counts
# their atomic operation (a unit placed on a tile).

# %%
theorem1 = []
for layout in ("dispersed", "compact"):
    results = {a: enumerate_turn(paper_setup(3, 2, layout), a) for a in ("order", "recursion")}
    order_result, recursion_result = results["order"], results["recursion"]
    print(f"{layout:<10} plans {order_result.plans:>6,}  distinct states "
          f"{order_result.distinct_states:>5,}  ops1: Algorithm 2 {order_result.ops1:>6,}, "
          f"Algorithm 5 {recursion_result.ops1:>6,}")
    theorem1.append((order_result.plans, order_result.distinct_states)
                    == (recursion_result.plans, recursion_result.distinct_states))

# %% [markdown]
# ## Try it: units and movement
#
# How many plans one turn has, and what each algorithm pays, for your choice of units
# and movement (dispersed units, §5's set-up).

# %%
def plans(units: int, movement: int) -> None:
    two = enumerate_turn(paper_setup(units, movement, "dispersed"), "order")
    five = enumerate_turn(paper_setup(units, movement, "dispersed"), "recursion")
    print(f"{units} units, movement {movement}: {two.plans:,} plans, "
          f"ops1 Algorithm 2 {two.ops1:,}, Algorithm 5 {five.ops1:,}")


interact(plans, units=IntSlider(value=3, min=1, max=4), movement=IntSlider(value=1, min=1, max=2))

# %% [markdown]
# ## Experiment: Table 2 at small scale
#
# Table 2 compares the ops1 of Algorithm 2 and Algorithm 5 for 3 and 4 units with
# movement 2, 3 and 4, dispersed (Assumption 2: ranges of r tiles that never overlap)
# and compact.  Under Assumption 2, ops1 has a closed form: n! (r + r^2 + ... + r^n)
# for Algorithm 2, the sum of n!/(n - i)! r^i for Algorithm 5 (both reconstructed,
# the formulas were lost in extraction).  Here: 3 units with movement 1 to 3, 4 units
# with movement 1 (the paper's larger cases take minutes: `examples/wargame_table2.py
# --full`).  The dispersed counts must equal the closed forms.

# %%
print(f"{'n':>2} {'p':>2} {'layout':<10} {'r':>3} {'ops1 Alg. 2':>12} {'ops1 Alg. 5':>12} {'saving':>7}")
savings: dict[tuple[int, str], list[float]] = {}
table_rows = []
for units, movement in ((3, 1), (3, 2), (3, 3), (4, 1)):
    r = diamond_size(movement)
    for layout in ("dispersed", "compact"):
        two = enumerate_turn(paper_setup(units, movement, layout), "order")
        five = enumerate_turn(paper_setup(units, movement, layout), "recursion")
        table_rows.append((units, r, layout, two, five))
        saving = (two.ops1 - five.ops1) / two.ops1
        savings.setdefault((units, layout), []).append(saving)
        print(f"{units:>2} {movement:>2} {layout:<10} {r:>3} {two.ops1:>12,} {five.ops1:>12,} "
              f"{saving:>7.1%}")

# %% [markdown]
# As §5 says, Algorithm 5 always needs fewer operations for three or more units, and
# its share of the saving shrinks as the movement range r grows (formula 11: it tends
# to 0).

# %% [markdown]
# ## Checks
#
# Each number above against an independent one (`make test` executes every notebook).

# %%
assert advanced and order == [7, 5, 4, 9, 6, 1, 2, 3, 8]  # the paper's worked example
assert by_recursion == orders  # Algorithms 1 and 4: the same orders
assert all(theorem1)  # Theorem 1: the same states, as many times each
for units, r, layout, two, five in table_rows:
    assert (two.plans, two.distinct_states) == (five.plans, five.distinct_states)
    assert five.ops1 < two.ops1
    if layout == "dispersed":  # the closed forms
        assert (two.ops1, five.ops1) == (
            ops1_dictionary_sequence(units, r), ops1_recursive_enumeration(units, r))
assert savings[3, "dispersed"] == sorted(savings[3, "dispersed"], reverse=True)

# The widget's function, at the ends of its controls: a function under `interact` that
# raises only shows the error in the widget (the cell passes), so it is called here.
with capture_output():
    for units, movement in ((1, 1), (4, 1), (3, 2)):
        plans(units, movement)
