"""Partition-Board, BUILD-SUBPROBLEMS, Compute-MST and the tracked MST, worked from the definitions.

Seed 003, §9.3-§9.4 (Partition-Board, Cumulative-Effectcone), §10.3 (Compute-MST with
MST-PRIM, "compute or update") and §10.4 (BUILD-SUBPROBLEMS).  The expected values are
worked by hand from the thesis's definitions (step counts of pieces that move one square
at a time, the tie rule, the den rule), or follow from an invariant (every square in at
most one region, a subproblem without pieces reaches nothing).
"""

from __future__ import annotations

import pytest

from reference.dou_shou_qi.causality import causality, complete_causality_graph
from reference.dou_shou_qi.figure_drawing import (
    den_access,
    format_partition_map,
    region_label,
    subproblem_notation,
)
from reference.dou_shou_qi.geometry import (
    DEN,
    DENS,
    NUM_SQUARES,
    TRAPS,
    WATER,
    Kind,
    Side,
    neighbours,
    parse_square,
    square,
)
from reference.dou_shou_qi.notation import Piece, parse_placement
from reference.dou_shou_qi.partition import (
    NO_REGION,
    CausalityMST,
    Subproblem,
    build_subproblems,
    compute_mst,
    find_subproblems,
    partition_board,
)
from reference.dou_shou_qi.rules import DouShouQi
from reference.errors import ParameterError
from reference.graphs import Edge, complete_graph_edges, mst_kruskal, tree_weight

FIGURE_13 = "A: Hc2 Cb3 Me6 / B: Ma2 Cb7 Dc7 Ee7 / A"

ELEPHANT_A1 = Piece(Side.A, Kind.ELEPHANT, parse_square("a1"))
DOG_G1 = Piece(Side.A, Kind.DOG, parse_square("g1"))
ELEPHANT_G9 = Piece(Side.B, Kind.ELEPHANT, parse_square("g9"))


def sq(name: str) -> int:
    return parse_square(name)


# ---- Partition-Board (§9.3-§9.4) -------------------------------------------------------


def test_partition_of_two_corner_pieces_worked_by_hand() -> None:
    """§9.3: A's elephant a1 and A's dog g1, one subproblem each.  Both step one square a
    ply and may not enter their own den d1, so (steps): c1 is 2 from a1 and 6 from g1
    (around d1), e1 the mirror image; d2 is 4 from both (a tie: the lowest index, TIE_RULE);
    c9 is 10 from a1 (up the a-file) and 12 from g1; d8 is 10 from both (a tie).  Each region
    holds a trap next to each den, so both subproblems may enter both dens."""
    part = partition_board([[ELEPHANT_A1], [DOG_G1]])
    owners = {name: part.region[sq(name)] for name in ("c1", "d2", "e1", "c9", "d8", "e9")}
    assert owners == {"c1": 0, "d2": 0, "e1": 1, "c9": 0, "d8": 0, "e9": 1}
    assert part.region[sq("a1")] == 0 and part.region[sq("g1")] == 1
    assert part.region[DEN[Side.A]] == part.region[DEN[Side.B]] == NO_REGION
    assert den_access(part, 0) == ["d1", "d9"]
    assert den_access(part, 1) == ["d1", "d9"]


def test_den_access_is_the_den_rule() -> None:
    """§9.3: a subproblem may enter a den exactly when its region holds a trap next to the den;
    checked from the regions, for Figure 13 and for the opening position, one piece each."""
    placements = [
        [[p] for p in DouShouQi().pieces()],
        [
            list(s.pieces)
            for s in find_subproblems(parse_placement(FIGURE_13).pieces, 4).subproblems
        ],
    ]
    for subproblems in placements:
        part = partition_board(subproblems)
        for i in range(len(subproblems)):
            expected = [
                name
                for name, den in (("d1", DEN[Side.A]), ("d9", DEN[Side.B]))
                if any(part.region[t] == i for t in neighbours(den) if t in TRAPS)
            ]
            assert den_access(part, i) == expected


def test_squares_of_is_the_region_and_its_dens() -> None:
    """``squares_of(i)``: the squares of region ``i`` plus its dens, in increasing order; the
    regions are disjoint and together hold every square some subproblem reaches."""
    d = find_subproblems(parse_placement(FIGURE_13).pieces, 4)
    part = d.partition
    seen: list[int] = []
    for i in range(len(d.subproblems)):
        region = [s for s in range(NUM_SQUARES) if part.region[s] == i]
        dens = [DEN[Side(k)] for k, name in enumerate(("d1", "d9")) if name in den_access(part, i)]
        assert part.squares_of(i) == sorted(region + dens)
        seen += region
    assert sorted(seen) == [s for s in range(NUM_SQUARES) if s not in DENS]  # the mice swim
    two = partition_board([[ELEPHANT_A1], [DOG_G1]])
    assert two.squares_of(0)[:3] == [sq("a1"), sq("b1"), sq("c1")]
    assert sq("d1") in two.squares_of(0) and sq("d1") in two.squares_of(1)
    assert sq("e1") in two.squares_of(1) and sq("e1") not in two.squares_of(0)


def test_a_subproblem_without_pieces_reaches_nothing() -> None:
    """§9.4.2: the cumulative cone of no pieces is Fold(Min(), infinity, []) = infinity, so an
    empty subproblem owns no square, holds no trap and may enter no den."""
    alone = partition_board([[]])
    assert alone.region == (NO_REGION,) * NUM_SQUARES
    assert alone.allowed == (0,)
    assert den_access(alone, 0) == []
    beside = partition_board([[], [ELEPHANT_A1]])
    assert beside.allowed[0] == 0
    assert den_access(beside, 1) == ["d1", "d9"]


def test_partition_board_refuses_no_subproblems() -> None:
    with pytest.raises(ParameterError, match="at least one subproblem"):
        partition_board([])


# ---- BUILD-SUBPROBLEMS (§10.4) and Compute-MST (§10.3) ----------------------------------


def test_build_subproblems_of_one_piece() -> None:
    """§10.4: one piece, an empty tree: one subproblem, that piece, no edges."""
    assert build_subproblems(4, [ELEPHANT_A1], []) == [Subproblem((ELEPHANT_A1,), ())]
    assert build_subproblems(0, [ELEPHANT_A1], []) == [Subproblem((ELEPHANT_A1,), ())]
    with pytest.raises(ParameterError, match="at least one piece"):
        build_subproblems(4, [], [])


def test_compute_mst_is_mst_prim_from_vertex_0() -> None:
    """§10.3: Compute-MST runs MST-PRIM from vertex 0.  Worked by hand on a triangle of equal
    weights: vertex 0 leaves Q first and sets key 1 and pi = 0 for both others; line 9's
    strict < keeps pi = 0 when vertex 1 is taken.  A graph of 0 or 1 vertices has no edge."""
    assert compute_mst([]) == []
    assert compute_mst([[0]]) == []
    triangle = [[0, 1, 1], [1, 0, 1], [1, 1, 0]]
    assert compute_mst(triangle) == [Edge.of(0, 1, 1), Edge.of(0, 2, 1)]


def test_find_subproblems_of_one_and_two_pieces() -> None:
    """One piece: no tree, T_max is None (no MST-Partition of one vertex), one subproblem that
    reaches every square but the dens (an elephant cannot swim).  Two pieces: the tree is
    their one G_T edge, T_max its weight T[u, v] (Definition 7.1)."""
    one = find_subproblems([ELEPHANT_A1], 4)
    assert (one.mst, one.t_max) == ((), None)
    assert one.subproblems == (Subproblem((ELEPHANT_A1,), ()),)
    assert [s for s in range(NUM_SQUARES) if one.partition.region[s] == 0] == [
        s for s in range(NUM_SQUARES) if s not in DENS and s not in WATER
    ]
    with pytest.raises(ParameterError, match="no pieces"):
        find_subproblems([], 4)
    pair = [ELEPHANT_A1, ELEPHANT_G9]
    weight = causality(ELEPHANT_A1, ELEPHANT_G9)
    for threshold in (0, weight, weight + 1):
        d = find_subproblems(pair, threshold)
        assert d.mst == (Edge.of(0, 1, weight),)
        assert d.t_max == weight
        assert len(d.subproblems) == (1 if weight <= threshold else 2)


def test_find_subproblems_keeps_its_own_copy_of_the_pieces() -> None:
    """The decomposition is a frozen value: a list handed in is copied to a tuple, so changing
    the list afterwards changes nothing."""
    pieces = list(parse_placement(FIGURE_13).pieces)
    d = find_subproblems(pieces, 4)
    assert d.pieces == tuple(pieces)
    pieces.clear()
    assert d.pieces == tuple(parse_placement(FIGURE_13).pieces)


# ---- the tracked MST (§10.3 "compute or update") ----------------------------------------


def mst_weight(pieces: tuple[Piece, ...]) -> float:
    weights = complete_causality_graph(pieces)
    return tree_weight(mst_kruskal(len(pieces), complete_graph_edges(weights)))


def test_tracker_same_position_is_neither_updated_nor_recomputed() -> None:
    tracker = CausalityMST(DouShouQi().pieces())
    tree = tracker.tree
    tracker.follow(list(reversed(DouShouQi().pieces())))  # the same pieces in another order
    assert (tracker.updates, tracker.recomputations) == (0, 1)
    assert tracker.tree == tree


def test_tracker_updates_when_one_of_two_pieces_moves() -> None:
    """One piece moves (of two): Update-MST, no recomputation; the tree is G_T's one edge."""
    tracker = CausalityMST([ELEPHANT_A1, ELEPHANT_G9])
    moved = Piece(Side.A, Kind.ELEPHANT, sq("a2"))
    tracker.follow([moved, ELEPHANT_G9])
    assert (tracker.updates, tracker.recomputations) == (1, 1)
    assert tracker.pieces == (moved, ELEPHANT_G9)
    assert tracker.tree == (Edge.of(0, 1, causality(moved, ELEPHANT_G9)),)


def test_tracker_recomputes_for_a_lone_piece() -> None:
    """A lone piece has no tree to update: its move is a recomputation."""
    tracker = CausalityMST([ELEPHANT_A1])
    moved = Piece(Side.A, Kind.ELEPHANT, sq("a2"))
    tracker.follow([moved])
    assert (tracker.updates, tracker.recomputations) == (0, 2)
    assert (tracker.pieces, tracker.tree) == ((moved,), ())


def test_tracker_recomputes_after_a_capture_and_after_a_new_piece() -> None:
    """A capture removes a vertex (§8.2.2 cannot): the tree is recomputed, once, for the new
    pieces; so is a position with a piece more (none moved)."""
    game = DouShouQi.from_notation("A: Ea1 Dd3 / B: Cd4 Lg9 / A")
    tracker = CausalityMST(game.pieces())
    game.make(game.parse_move("d3-d4"))  # the dog takes the cat
    after = tuple(game.pieces())
    assert len(after) == 3
    tracker.follow(after)
    assert (tracker.updates, tracker.recomputations) == (0, 2)
    assert tracker.pieces == after
    assert tracker.weights == complete_causality_graph(after)
    assert tree_weight(tracker.tree) == mst_weight(after)
    more: tuple[Piece, ...] = (*after, Piece(Side.B, Kind.MOUSE, sq("a7")))
    tracker.follow(more)
    assert (tracker.updates, tracker.recomputations) == (0, 3)
    assert tracker.pieces == more
    assert tree_weight(tracker.tree) == mst_weight(more)


def test_find_subproblems_moves_its_tracker() -> None:
    """With a tracker, find_subproblems brings it to the position first (SEARCH-POSITION
    line 2, "update"), so the decomposition is that of the position handed in."""
    game = DouShouQi()
    tracker = CausalityMST(game.pieces())
    game.make(game.parse_move("a3-a4"))
    d = find_subproblems(game.pieces(), 4, tracker=tracker)
    assert sorted(d.pieces, key=lambda p: p.square) == sorted(game.pieces(), key=lambda p: p.square)
    assert (tracker.updates, tracker.recomputations) == (1, 1)
    assert tree_weight(d.mst) == mst_weight(d.pieces)


# ---- what the partition command prints ---------------------------------------------------


def test_region_labels() -> None:
    """Subproblems are printed 1..9, then A..Z, then + for every further one."""
    labels = [region_label(i) for i in range(40)]
    assert "".join(labels[:35]) == "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    assert labels[35:] == ["+"] * 5


def test_subproblem_notation_is_the_subproblem_as_a_position() -> None:
    """Figure 13's first subproblem (B's mouse a2 against A's hyena c2 and cat b3) in the
    piece-list notation, each side's pieces by increasing square."""
    d = find_subproblems(parse_placement(FIGURE_13).pieces, 4)
    text = subproblem_notation(d.subproblems[0], Side.B)
    assert text == "A: Hc2 Cb3 / B: Ma2 / B"
    assert set(parse_placement(text).pieces) == set(d.subproblems[0].pieces)
    assert parse_placement(text).to_move == Side.B


ONE_SUBPROBLEM_MAP = [
    "9  1 1 1 D 1 1 1",
    "8  1 1 1 1 1 1 1",
    "7  1 1 1 1 1 1 1",
    "6  1 ~ ~ 1 ~ ~ 1",
    "5  1 ~ ~ 1 ~ ~ 1",
    "4  1 ~ ~ 1 ~ ~ 1",
    "3  1 1 1 1 1 1 1",
    "2  1 1 1 1 1 1 1",
    "1  1 1 1 D 1 1 1",
    "   a b c d e f g",
]
"""Two elephants (a1, g9) in one subproblem, drawn by hand: they reach every land square,
no mouse swims (water ``~``), the dens are ``D``, row 9 on top (Figure 14(b))."""


def test_partition_map_of_one_subproblem_drawn_by_hand() -> None:
    d = find_subproblems([ELEPHANT_A1, ELEPHANT_G9], 100)
    assert len(d.subproblems) == 1
    assert format_partition_map(d) == ONE_SUBPROBLEM_MAP
    with_pieces = list(ONE_SUBPROBLEM_MAP)
    with_pieces[0] = "9  1 1 1 D 1 1 e"  # B's pieces lower case
    with_pieces[8] = "1  E 1 1 D 1 1 1"  # A's upper case
    assert format_partition_map(d, show_pieces=True) == with_pieces


def test_partition_map_layout() -> None:
    """Figure 13 split at T_thresh 4: the cell in column c of the line of row r is the label
    of the region of square (c, r), ``D`` on a den; every region label appears."""
    d = find_subproblems(parse_placement(FIGURE_13).pieces, 4)
    lines = format_partition_map(d)
    assert lines[-1] == "   a b c d e f g"
    for i, line in enumerate(lines[:-1]):
        row = 8 - i
        assert line.startswith(f"{row + 1}  ")
        cells = line[3:].split(" ")
        assert len(cells) == 7
        for col, cell in enumerate(cells):
            s = square(col, row)
            owner = d.partition.region[s]
            assert cell == ("D" if s in DENS else region_label(owner))
    assert {c for line in lines[:-1] for c in line[3:].split(" ")} == {"1", "2", "D"}
