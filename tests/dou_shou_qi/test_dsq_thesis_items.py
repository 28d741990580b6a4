"""Smaller numbered items of seed 003 that have no module of their own: §4.1, Figures 11 and 17, Proof 8.2."""

from __future__ import annotations

import math
from typing import ClassVar

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.dou_shou_qi.cones import project_effect_cone
from reference.dou_shou_qi.geometry import Kind, Side, parse_square
from reference.graphs import complete_graph_edges, mst_kruskal
from reference.graphs.lemmas import tree_degrees
from reference.search import Score, search


def test_section_4_1_constant_c_is_log16_of_15_over_62_erratum() -> None:
    """§4.1: from log16(2/15) + d' + 1 = log16(1/31) + d + 1 + log16(2^(d+1)) the thesis writes
    d' = d + (d + 1)/4 + C with "C is a small .198 ply penalty".  Solving gives
    C = log16(1/31) - log16(2/15) = log16(15/62) = -0.512 (ERRATUM); with it the two tree sizes
    2 (16^(d'+1)) / 15 and 32^(d+1) / 31 are equal for every d, with .198 they are not."""
    c = math.log(15 / 62, 16)
    assert round(c, 3) == -0.512

    def split_tree(d: int, constant: float) -> float:
        return 2 * 16 ** (d + (d + 1) / 4 + constant + 1) / 15

    for d in range(1, 12):
        plain = 32 ** (d + 1) / 31
        assert math.isclose(split_tree(d, c), plain, rel_tol=1e-12)
        assert not math.isclose(split_tree(d, 0.198), plain, rel_tol=1e-3)


def test_section_4_1_time_ratio() -> None:
    """§4.1: t'/t = (2/15) 16^(d+1) / ((1/31) 32^(d+1)) = (62/15) / 2^(d+1)."""
    for d in range(1, 12):
        ratio = (2 / 15) * 16 ** (d + 1) / ((1 / 31) * 32 ** (d + 1))
        assert math.isclose(ratio, (62 / 15) / 2 ** (d + 1), rel_tol=1e-12)


def test_figure_11_distance_depends_on_the_movement_type() -> None:
    """Figure 11 (lost in the text; §6.2): the same two squares are a different distance apart
    for a walker (G_n, around the water), a jumper (G_j, one leap) and a swimmer (G_s)."""
    c3, c7 = parse_square("c3"), parse_square("c7")
    walker = project_effect_cone(Kind.CAT, c3, Side.A)[c7]
    jumper = project_effect_cone(Kind.LION, c3, Side.A)[c7]
    swimmer = project_effect_cone(Kind.MOUSE, c3, Side.A)[c7]
    assert (walker, jumper, swimmer) == (6, 1, 4)


class Figure17Tree:
    """The tree of Figure 17: a maximising root, two minimising children, leaves 1, 2 and 0, x.

    Leaves are scored for the root's player (it is to move again at depth 2).
    """

    selective = False
    counts_points = False
    LEAVES: ClassVar[dict[tuple[int, int], int]] = {(0, 0): 1, (0, 1): 2, (1, 0): 0, (1, 1): 99}
    """(1, 1) is x."""

    def __init__(self) -> None:
        self.path: list[int] = []
        self.evaluated: list[tuple[int, ...]] = []

    @property
    def to_move(self) -> int:
        return len(self.path) % 2

    @property
    def key(self) -> int:
        return hash(tuple(self.path)) & (2**64 - 1)

    def tt_key(self) -> int:
        return self.key

    def legal_moves(self) -> list[int]:
        return [0, 1] if len(self.path) < 2 else []

    def search_moves(self) -> list[int]:
        return self.legal_moves()

    def make(self, move: int) -> int:
        self.path.append(move)
        return 0

    def unmake(self) -> None:
        self.path.pop()

    def max_plies_left(self) -> int:
        return 2 - len(self.path)

    def is_terminal(self) -> bool:
        return False

    def terminal_score(self) -> Score:
        return 0

    def evaluate(self) -> Score:
        self.evaluated.append(tuple(self.path))
        return self.LEAVES[(self.path[0], self.path[1])]


def test_figure_17_alpha_beta_never_looks_at_x() -> None:
    """Figure 17: "The left side will return a value of 1 and the right side will return a
    value less-than or equal-to 0 ... The branch under x is trimmed"; minimax looks at x."""
    tree = Figure17Tree()
    result = search(tree, 2, algorithm="alphabeta")
    assert (result.score, result.best_move) == (1, 0)
    assert tree.evaluated == [(0, 0), (0, 1), (1, 0)]
    tree = Figure17Tree()
    assert search(tree, 2, algorithm="minimax").score == 1
    assert (1, 1) in tree.evaluated


@settings(max_examples=examples(100))
@given(
    st.lists(
        st.tuples(st.floats(0, 1000, allow_nan=False), st.floats(0, 1000, allow_nan=False)),
        min_size=2,
        max_size=25,
        unique=True,
    )
)
def test_proof_8_2_euclidean_mst_degree_is_at_most_6(pts: list[tuple[float, float]]) -> None:
    """Proof 8.2: "the maximum degree of an minimum spanning tree in Euclidean space is 6"."""
    weights = [[math.dist(p, q) for q in pts] for p in pts]
    tree = mst_kruskal(len(pts), complete_graph_edges(weights))
    assert max(tree_degrees(len(pts), tree)) <= 6
