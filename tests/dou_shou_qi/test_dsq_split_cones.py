"""Effect cones, A(), B(), Max, MinHeight and T[u, v] (seed 003, §6.2-§7.1)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.dou_shou_qi.causality import causality, complete_causality_graph
from reference.dou_shou_qi.cones import (
    INF,
    MOVEMENT_GRAPHS,
    Movement,
    a_cone,
    b_cone,
    cone_from_matrix,
    cone_matrix,
    cone_max,
    cone_min,
    fold_min,
    format_cone,
    min_height,
    project_effect_cone,
)
from reference.dou_shou_qi.geometry import (
    DEN,
    NUM_SQUARES,
    WATER,
    WATER_JUMPS,
    Kind,
    Side,
    neighbours,
    parse_square,
    square_name,
)
from reference.dou_shou_qi.notation import Piece
from reference.dou_shou_qi.rules import DouShouQi
from reference.errors import ParameterError

I = INF  # noqa: E741  (the thesis's infinity, to keep the matrices readable)

# §6.4.1: the cat's free-body effect cone from f8, and A() of it.
CAT_F8 = [
    [6, 5, 4, I, 2, 1, 2],
    [5, 4, 3, 2, 1, 0, 1],
    [6, 5, 4, 3, 2, 1, 2],
    [7, I, I, 4, I, I, 3],
    [8, I, I, 5, I, I, 4],
    [9, I, I, 6, I, I, 5],
    [10, 9, 8, 7, 8, 7, 6],
    [11, 10, 9, 8, 9, 8, 7],
    [12, 11, 10, 9, 10, 9, 8],
]
A_CAT_F8 = [
    [11, 9, 7, I, 3, 1, 3],
    [9, 7, 5, 3, 1, 0, 1],
    [11, 9, 7, 5, 3, 1, 3],
    [13, I, I, 7, I, I, 5],
    [15, I, I, 9, I, I, 7],
    [17, I, I, 11, I, I, 9],
    [19, 17, 15, 13, 15, 13, 11],
    [21, 19, 17, 15, 17, 15, 13],
    [23, 21, 19, 17, 19, 17, 15],
]
# §6.4.2: the tiger's free-body effect cone from a1, and B() of it.
TIGER_A1 = [
    [7, 6, 7, 8, 9, 10, 10],
    [6, 5, 6, 7, 8, 9, 9],
    [5, 4, 5, 6, 7, 8, 8],
    [5, I, I, 6, I, I, 7],
    [4, I, I, 5, I, I, 6],
    [3, I, I, 4, I, I, 5],
    [2, 3, 4, 5, 6, 7, 6],
    [1, 2, 3, 4, 5, 6, 7],
    [0, 1, 2, I, 6, 7, 8],
]
B_TIGER_A1 = [
    [14, 12, 14, 16, 18, 20, 20],
    [12, 10, 12, 14, 16, 18, 18],
    [10, 8, 10, 12, 14, 16, 16],
    [10, I, I, 12, I, I, 14],
    [8, I, I, 10, I, I, 12],
    [6, I, I, 8, I, I, 10],
    [4, 6, 8, 10, 12, 14, 12],
    [2, 4, 6, 8, 10, 12, 14],
    [0, 2, 4, I, 12, 14, 16],
]
# §6.4.3: Max(A(U), B(V)) of the two.
MAX_CAT_TIGER = [
    [14, 12, 14, I, 18, 20, 20],
    [12, 10, 12, 14, 16, 18, 18],
    [11, 9, 10, 12, 14, 16, 16],
    [13, I, I, 12, I, I, 14],
    [15, I, I, 10, I, I, 12],
    [17, I, I, 11, I, I, 10],
    [19, 17, 15, 13, 15, 14, 12],
    [21, 19, 17, 15, 17, 15, 14],
    [23, 21, 19, I, 19, 17, 16],
]

F8, A1 = parse_square("f8"), parse_square("a1")


def cat_f8() -> tuple[float, ...]:
    # The cat that starts on f8 is B's: its cone excludes d9 (B's own den), as printed.
    return project_effect_cone(Kind.CAT, F8, Side.B)


def tiger_a1() -> tuple[float, ...]:
    # The tiger that starts on a1 is A's: its cone excludes d1, as printed.
    return project_effect_cone(Kind.TIGER, A1, Side.A)


def test_effect_cone_cat_f8_matches_section_6_4() -> None:
    """Seed 003, §6.4.1: the cat's free-body cone from f8 and A() of it."""
    assert cone_matrix(cat_f8()) == CAT_F8
    assert cone_matrix(a_cone(cat_f8())) == A_CAT_F8


def test_effect_cone_tiger_a1_matches_section_6_4() -> None:
    """Seed 003, §6.4.2: the tiger's free-body cone from a1 and B() of it."""
    assert cone_matrix(tiger_a1()) == TIGER_A1
    assert cone_matrix(b_cone(tiger_a1())) == B_TIGER_A1


def test_max_and_min_height_match_section_6_4() -> None:
    """Seed 003, §6.4.3-§6.4.4: Max(A(U), B(V)) and its MinHeight 9 (square b7)."""
    both = cone_max(a_cone(cat_f8()), b_cone(tiger_a1()))
    assert cone_matrix(both) == MAX_CAT_TIGER
    assert min_height(both) == 9
    assert both.index(9) == parse_square("b7")


def test_definition_7_1_all_four_cases() -> None:
    """Definition 7.1: opposite sides MinHeight(Max(..)) - 1, same side 2 MinHeight(..) - 1."""
    cat_b = Piece(Side.B, Kind.CAT, F8)
    tiger_a = Piece(Side.A, Kind.TIGER, A1)
    # The worked example treats the cat as A's and the tiger as B's: T = 9 - 1.
    cat_as_a = project_effect_cone(Kind.CAT, F8, Side.B)
    assert min_height(cone_max(a_cone(cat_as_a), b_cone(tiger_a1()))) - 1 == 8
    # u in A, v in B and u in B, v in A: symmetric
    t_ab = causality(tiger_a, cat_b)
    assert t_ab == causality(cat_b, tiger_a)
    assert t_ab == min_height(cone_max(a_cone(tiger_a1()), b_cone(cat_f8()))) - 1
    # same side
    wolf_a = Piece(Side.A, Kind.WOLF, parse_square("c3"))
    u, v = tiger_a1(), project_effect_cone(Kind.WOLF, wolf_a.square, Side.A)
    assert causality(tiger_a, wolf_a) == 2 * min_height(cone_max(a_cone(u), a_cone(v))) - 1
    wolf_b = Piece(Side.B, Kind.WOLF, parse_square("e7"))
    u, v = cat_f8(), project_effect_cone(Kind.WOLF, wolf_b.square, Side.B)
    assert causality(cat_b, wolf_b) == 2 * min_height(cone_max(b_cone(u), b_cone(v))) - 1


def test_adjacent_enemies_have_time_to_effect_zero() -> None:
    """Two enemy pieces side by side can affect each other at once (A to move next)."""
    a = Piece(Side.A, Kind.DOG, parse_square("c3"))
    b = Piece(Side.B, Kind.CAT, parse_square("c2"))
    assert causality(a, b) == 0


def test_movement_graphs() -> None:
    """§6.2, Figure 10: G_n avoids water, G_j adds the leaps, G_s goes everywhere."""
    g_n, g_j, g_s = (MOVEMENT_GRAPHS[m] for m in Movement)
    for sq in range(NUM_SQUARES):
        assert set(g_s[sq]) == set(neighbours(sq))
        if sq in WATER:
            assert g_n[sq] == () and g_j[sq] == ()
        else:
            assert set(g_n[sq]) == {x for x in neighbours(sq) if x not in WATER}
            assert set(g_n[sq]) <= set(g_j[sq])
    jumps = {(a, b) for a in range(NUM_SQUARES) for b in g_j[a] if b not in g_n[a]}
    assert len(jumps) == 2 * (4 + 6)  # 4 vertical and 6 horizontal leaps, both ways
    assert (parse_square("b3"), parse_square("b7")) in jumps
    assert (parse_square("a5"), parse_square("d5")) in jumps


def test_mouse_cone_swims_and_unreachable_is_infinite() -> None:
    mouse = project_effect_cone(Kind.MOUSE, parse_square("a1"), Side.A)
    assert mouse[parse_square("b4")] == 4 and mouse[DEN[Side.A]] == INF
    assert all(math.isfinite(x) for sq, x in enumerate(mouse) if sq != DEN[Side.A])
    dog = project_effect_cone(Kind.DOG, parse_square("a1"), Side.A)
    assert all(dog[sq] == INF for sq in WATER)


def test_min_and_fold_min() -> None:
    """Definition 9.1: Min is elementwise; folding from the infinite cone."""
    u, v = cat_f8(), tiger_a1()
    assert cone_min(u, v) == tuple(min(x, y) for x, y in zip(u, v, strict=True))
    assert fold_min([u, v]) == cone_min(u, v)
    assert fold_min([]) == (INF,) * NUM_SQUARES
    assert cone_from_matrix(cone_matrix(u)) == u


def test_cone_rejects_impossible_pieces() -> None:
    with pytest.raises(ParameterError, match="only a mouse"):
        project_effect_cone(Kind.DOG, parse_square("b4"), Side.A)
    with pytest.raises(ParameterError, match="own den"):
        project_effect_cone(Kind.DOG, DEN[Side.B], Side.B)


@settings(max_examples=examples(40))
@given(st.lists(st.integers(0, 1000), min_size=0, max_size=30))
def test_causality_graph_symmetric_and_bounded(choices: list[int]) -> None:
    """§8.2.1: T[u, v] <= 2 (Manhattan + 4); T >= Manhattan - 2 when neither piece jumps.

    The thesis's lower bound T >= Manhattan - 4 holds only for non-jumping
    pairs (see ``test_lower_bound_of_section_8_2_1_fails_for_two_jumpers``).
    """
    game = DouShouQi.start()
    for c in choices:
        moves = game.legal_moves()
        if not moves:
            break
        game.make(moves[c % len(moves)])
    pieces = game.pieces()
    weights = complete_causality_graph(pieces)
    for i, p in enumerate(pieces):
        for j, q in enumerate(pieces):
            if i == j:
                continue
            assert weights[i][j] == weights[j][i]
            manhattan = abs(p.square % 7 - q.square % 7) + abs(p.square // 7 - q.square // 7)
            if Kind.TIGER not in (p.kind, q.kind) and Kind.LION not in (p.kind, q.kind):
                assert weights[i][j] >= manhattan - 2
            assert weights[i][j] <= 2 * (manhattan + 4)


def test_lower_bound_of_section_8_2_1_fails_for_two_jumpers() -> None:
    """§8.2.1 claims T[u, v] >= M[u, v] - 4; two tigers at a1 and g9 (start) give T = 9, M = 14.

    Each tiger saves 3 plies with a vertical leap and 2 with a horizontal one.
    """
    a = Piece(Side.A, Kind.TIGER, A1)
    b = Piece(Side.B, Kind.TIGER, parse_square("g9"))
    assert causality(a, b) == 9 < 14 - 4


def test_jump_landings_are_the_twenty_river_leaps() -> None:
    """G_j's leaps (seed 003 §6.2, the lion and tiger rule): the two rivers cover columns
    b-c and e-f of rows 4-6.  Across a row: a <-> d over b, c and d <-> g over e, f, in
    rows 4, 5, 6 (12 leaps); along a column: 3 <-> 7 over 4, 5, 6 in columns b, c, e, f
    (8 leaps).  Listed here from that description, with the water crossed in order."""
    expected = set()
    for row in "456":
        for a, b, water in (("a", "d", "bc"), ("d", "g", "ef")):
            expected.add((a + row, b + row, tuple(w + row for w in water)))
            expected.add((b + row, a + row, tuple(w + row for w in reversed(water))))
    for col in "bcef":
        expected.add((col + "3", col + "7", tuple(col + r for r in "456")))
        expected.add((col + "7", col + "3", tuple(col + r for r in "654")))
    found = {
        (square_name(sq), square_name(to), tuple(square_name(w) for w in path))
        for sq, leaps in enumerate(WATER_JUMPS)
        for to, path in leaps
    }
    assert len(expected) == 20 and found == expected


def test_cone_functions_refuse_bad_input_and_the_causality_diagonal_is_zero() -> None:
    """One clear ``ParameterError`` each: a square off the board (0..62), a matrix not of
    9 rows of 7, two pieces on one square.  G_T's weight matrix has 0 on its diagonal
    (Definition 7.2)."""
    assert len(project_effect_cone(Kind.CAT, NUM_SQUARES - 1, Side.A)) == NUM_SQUARES
    for bad in (-1, NUM_SQUARES):
        with pytest.raises(ParameterError, match=r"off the board \(allowed: 0\.\.62\)"):
            project_effect_cone(Kind.CAT, bad, Side.A)
    good = cone_matrix(project_effect_cone(Kind.CAT, 0, Side.A))
    assert len(cone_from_matrix(good)) == NUM_SQUARES
    for rows in (good[:-1], [*good[:-1], good[-1][:-1]], [row[:-1] for row in good]):
        with pytest.raises(ParameterError, match="9 rows of 7 entries"):
            cone_from_matrix(rows)
    with pytest.raises(ParameterError, match="cannot share square"):
        causality(Piece(Side.A, Kind.CAT, 5), Piece(Side.B, Kind.DOG, 5))
    pieces = [Piece(Side.A, Kind.CAT, 5), Piece(Side.B, Kind.DOG, 60), Piece(Side.A, Kind.LION, 0)]
    weights = complete_causality_graph(pieces)
    assert [weights[i][i] for i in range(3)] == [0, 0, 0]
    assert all(weights[i][j] == weights[j][i] > 0 for i in range(3) for j in range(3) if i != j)


def test_format_cone_prints_the_matrix_with_dots_for_never() -> None:
    """The thesis's layout: 9 rows of 7 numbers, row 9 first; ``inf`` (never) as ``.``."""
    never = cone_from_matrix([[INF] * 7 for _ in range(9)])
    assert format_cone(never).splitlines() == ["  .   .   .   .   .   .   ."] * 9
    rows = [[INF] * 7 for _ in range(9)]
    rows[8][0] = 0  # a1 (row 1, printed last), time 0
    rows[0][6] = 12  # g9 (row 9, printed first)
    lines = format_cone(cone_from_matrix(rows)).splitlines()
    assert lines[0].split() == [".", ".", ".", ".", ".", ".", "12"]
    assert lines[8].split() == ["0", ".", ".", ".", ".", ".", "."]
