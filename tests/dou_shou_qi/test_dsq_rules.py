"""Rules of Dou Shou Qi (seed 003, §2.1), one test per rule, on small constructed positions."""

from __future__ import annotations

import random

import pytest

from reference.dou_shou_qi.evaluation import evaluate_pieces, material
from reference.dou_shou_qi.geometry import (
    DEN,
    TRAPS_OF,
    WATER,
    Kind,
    Side,
    opposite_square,
    parse_square,
    square_name,
)
from reference.dou_shou_qi.rules import NON_MOVE, DouShouQi, Move
from reference.errors import IllegalMoveError, ParameterError, PositionFormatError
from reference.search import WIN

START = "A: Ta1 Lg1 Cb2 Df2 Ea3 Wc3 He3 Mg3 / B: Ma7 Hc7 We7 Eg7 Db8 Cf8 La9 Tg9 / A"


def game(text: str, **kwargs: object) -> DouShouQi:
    return DouShouQi.from_notation(text, **kwargs)  # type: ignore[arg-type]


def moves(g: DouShouQi) -> set[str]:
    return {g.format_move(m) for m in g.legal_moves()}


def test_square_indexing_a1_is_0_row_major() -> None:
    """Squares are row * 7 + col with a1 = 0 (§1.2, Figure 1; seven columns a-g)."""
    assert parse_square("a1") == 0
    assert parse_square("g1") == 6
    assert parse_square("a2") == 7
    assert parse_square("d9") == 59
    assert all(parse_square(square_name(s)) == s for s in range(63))
    assert opposite_square(parse_square("a1")) == parse_square("g9")


def test_terrain_matches_section_2_1() -> None:
    """Two bodies of water (b4-c6, e4-f6), dens d1/d9, traps around them (§2.1, Figure 2)."""
    assert {square_name(s) for s in WATER} == {f"{c}{r}" for c in "bcef" for r in (4, 5, 6)}
    assert square_name(DEN[Side.A]) == "d1" and square_name(DEN[Side.B]) == "d9"
    assert {square_name(s) for s in TRAPS_OF[Side.A]} == {"c1", "e1", "d2"}
    assert {square_name(s) for s in TRAPS_OF[Side.B]} == {"c9", "e9", "d8"}


def test_start_position_has_24_legal_moves() -> None:
    """The start position has 24 legal moves (Figure 2's start, §2.1's rules)."""
    g = DouShouQi()
    assert g.to_notation() == START
    assert len(g.legal_moves()) == 24


def test_orthogonal_one_square_moves() -> None:
    g = game("A: Hd5 / B: Ma9 / A")
    assert moves(g) == {"d5-d6", "d5-d4"}  # c5 and e5 are water
    g = game("A: Ha2 / B: Mg9 / A")
    assert moves(g) == {"a2-a3", "a2-a1", "a2-b2"}


def test_capture_equal_or_lower_strength() -> None:
    g = game("A: Da5 / B: Wa6 Da4 Ha7 / A")
    assert {"a5-a6", "a5-a4"} <= moves(g)
    g = game("A: Da5 / B: Ha6 / A")
    assert "a5-a6" not in moves(g)


def test_elephant_cannot_take_mouse_mouse_takes_elephant() -> None:
    g = game("A: Ea5 / B: Ma6 / A")
    assert "a5-a6" not in moves(g)
    g = game("A: Ma5 / B: Ea6 / A")
    assert "a5-a6" in moves(g)


def test_piece_on_opponent_trap_has_strength_zero_when_attacked() -> None:
    """B's elephant on A's trap c1 can be taken by A's mouse, cat, ...; even A's elephant may take a mouse there."""
    g = game("A: Cb1 / B: Ec1 / A")
    assert "b1-c1" in moves(g)
    g = game("A: Eb1 / B: Mc1 / A")
    assert "b1-c1" in moves(g)
    # On its *own* trap a piece keeps its strength.
    g = game("A: Cb9 / B: Ec9 / A")
    assert "b9-c9" not in moves(g)


def test_piece_on_opponent_trap_has_strength_zero_when_attacking() -> None:
    """§2.1: "While standing on an opponent's trap a piece has an effective strength of zero".

    B's hyena on A's trap c1 cannot take A's cat (strength 2 > 0); a mouse on B's trap d8
    cannot take B's elephant either (the trap overrides the mouse / elephant exception, as
    it does for a trapped mouse attacked by an elephant).  Off the trap both captures are legal.
    """
    g = game("A: Cb1 / B: Hc1 / B")
    assert "c1-b1" not in moves(g) and "c1-c2" in moves(g)
    with pytest.raises(IllegalMoveError, match="strength 0 and takes nothing"):
        g.play(g.parse_move("c1-b1"))
    assert "b2-b1" in moves(game("A: Cb1 / B: Hb2 / B"))
    g = game("A: Md8 / B: Ed7 / A")
    assert "d8-d7" not in moves(g)
    assert "c7-d7" in moves(game("A: Mc7 / B: Ed7 / A"))
    # on its own trap a piece keeps its strength when it attacks, too
    assert "d2-d3" in moves(game("A: Hd2 / B: Cd3 / A"))


def test_only_mice_swim() -> None:
    g = game("A: Ma4 Cd4 / B: Mg9 / A")
    assert "a4-b4" in moves(g)
    assert "d4-c4" not in moves(g) and "d4-e4" not in moves(g)


def test_mouse_cannot_attack_across_water_land_boundary() -> None:
    # A's mouse in the water next to B's elephant on land: no capture.
    g = game("A: Mb4 / B: Ea4 / A")
    assert "b4-a4" not in moves(g)
    # A's mouse on land cannot take B's mouse in the water.
    g = game("A: Ma4 / B: Mb4 / A")
    assert "a4-b4" not in moves(g)
    # In the water a mouse takes a mouse; on land too.
    g = game("A: Mb4 / B: Mb5 / A")
    assert "b4-b5" in moves(g)
    g = game("A: Ma4 / B: Ma5 / A")
    assert "a4-a5" in moves(g)


def test_lion_and_tiger_jump_across_water_both_ways() -> None:
    g = game("A: Lb3 / B: Mg9 / A")
    assert "b3-b7" in moves(g)
    g = game("A: Ta5 / B: Mg9 / A")
    assert "a5-d5" in moves(g)
    g = game("A: Td5 / B: Mg9 / A")
    assert {"d5-a5", "d5-g5"} <= moves(g)
    g = game("A: Hb3 / B: Mg9 / A")
    assert "b3-b7" not in moves(g)


def test_jump_blocked_by_any_mouse_in_the_water() -> None:
    for blocker in ("A: Lb3 Mb5 / B: Mg9 / A", "A: Lb3 / B: Mb6 / A"):
        assert "b3-b7" not in moves(game(blocker))
    # A mouse off the jump path does not block it.
    assert "b3-b7" in moves(game("A: Lb3 / B: Mc5 / A"))


def test_jump_captures_under_the_strength_rule() -> None:
    assert "b3-b7" in moves(game("A: Lb3 / B: Tb7 / A"))
    assert "b3-b7" not in moves(game("A: Tb3 / B: Lb7 / A"))
    assert "b3-b7" not in moves(game("A: Lb3 / B: Eb7 / A"))


def test_no_piece_enters_its_own_den() -> None:
    g = game("A: Lc1 / B: Mg9 / A")
    assert "c1-d1" not in moves(g)


def test_entering_opponent_den_wins() -> None:
    g = game("A: Hd8 / B: Ma1 / A")
    g.play(g.parse_move("d8-d9"))
    assert g.is_terminal() and g.winner() == Side.A
    assert g.terminal_score() == -WIN  # B to move has lost
    assert g.legal_moves() == ()


def test_side_with_no_pieces_loses() -> None:
    g = game("A: Ha4 / B: Ca5 / A")
    g.play(g.parse_move("a4-a5"))
    assert g.is_terminal() and g.winner() == Side.A and g.terminal_score() == -WIN


def test_side_with_no_legal_moves_loses() -> None:
    # B's cat in the corner a9 is boxed in by A's stronger pieces it cannot take.
    g = game("A: Ea8 Lb9 / B: Ca9 / B")
    assert g.legal_moves() == ()
    assert g.is_terminal() and g.winner() == Side.A and g.terminal_score() == -WIN


def test_move_count_draw_limit() -> None:
    """§11: games were called a draw after 200 moves; the limit is a parameter (in plies)."""
    g = game("A: Ha4 / B: Hg6 / A", draw_limit=2)
    g.play(g.parse_move("a4-a5"))
    assert not g.is_terminal()
    g.play(g.parse_move("g6-g5"))
    assert g.is_terminal() and g.winner() is None and g.terminal_score() == 0
    g.unmake()
    assert not g.is_terminal()
    assert DouShouQi().draw_limit == 200
    with pytest.raises(ParameterError):
        DouShouQi(draw_limit=0)
    h = game("A: Ha4 / B: Hg6 / A / 7", draw_limit=8)
    h.play(h.parse_move("a4-a5"))
    assert h.is_terminal()


def test_non_move_only_when_allowed() -> None:
    g = DouShouQi()
    assert NON_MOVE not in g.legal_moves()
    with pytest.raises(IllegalMoveError):
        g.play(NON_MOVE)
    g.allow_non_move = True
    assert g.legal_moves()[-1] == NON_MOVE
    key = g.key
    g.play(NON_MOVE)
    assert g.to_move == Side.B and g.key != key
    g.unmake()
    assert side_to_move(g) == Side.A and g.key == key


def side_to_move(game: DouShouQi) -> Side:
    """``game.to_move``, read through a call (mypy keeps no narrowing across it)."""
    return game.to_move


def test_allowed_squares_restricts_destinations() -> None:
    g = DouShouQi()
    g.allowed_squares = (1 << parse_square("a2")) | (1 << parse_square("b3"))
    assert moves(g) == {"a1-a2", "b2-a2", "a3-a2", "a3-b3", "b2-b3", "c3-b3"}


def test_illegal_moves_raise_with_reasons() -> None:
    g = DouShouQi()
    cases = {
        "a1-a3": "orthogonally",
        "a7-a6": "belongs to B",
        "d4-d5": "no piece",
        "c3-c4": "only mice",
        "a1-b2": "orthogonally",
        "b2-c3": "orthogonally",
    }
    for text, reason in cases.items():
        with pytest.raises(IllegalMoveError, match=reason):
            g.play(g.parse_move(text))
    g2 = game("A: Ce1 / B: Mg9 / A")
    with pytest.raises(IllegalMoveError, match="own den"):
        g2.play(g2.parse_move("e1-d1"))
    with pytest.raises(PositionFormatError):
        g.parse_move("a1a2")


@pytest.mark.parametrize("rules", ["thesis", "standard"])
def test_make_unmake_restore_position_and_key_on_random_games(rules: str) -> None:
    rng = random.Random(7)
    for _ in range(20):
        g = DouShouQi(draw_limit=None, rules=rules)
        snapshots: list[tuple[str, int, int]] = []
        for _ply in range(60):
            legal = g.legal_moves()
            if not legal:
                break
            snapshots.append((g.to_notation(), g.key, g.evaluate()))
            g.make(rng.choice(legal))
            fresh = DouShouQi.from_notation(g.to_notation(), draw_limit=None, rules=rules)
            assert fresh.key == g.key  # incremental key == key from scratch
            assert fresh.evaluate() == g.evaluate()
        while snapshots:
            g.unmake()
            assert (g.to_notation(), g.key, g.evaluate()) == snapshots.pop()
            assert g.evaluate_for_a() == evaluate_pieces(g.pieces(), g.rules)


def test_standard_rules_dog_3_wolf_4() -> None:
    """Common Jungle rules: the piece starting on f2 (D) is the dog 3, the one on c3 (W) the
    wolf 4 (the thesis has them the other way round, wolf 3 and dog 4)."""
    assert "a3-a4" not in moves(game("A: Wa3 / B: Da4 La9 / A"))  # wolf 3 < dog 4
    assert "a3-a4" in moves(game("A: Wa3 / B: Da4 La9 / A", rules="standard"))
    assert "c3-d3" in moves(game("A: Wc3 / B: Dd3 La9 / A", rules="standard"))
    assert "d3-c3" in moves(game("A: Dd3 / B: Wc3 La9 / A"))
    assert "d3-c3" not in moves(game("A: Dd3 / B: Wc3 La9 / A", rules="standard"))
    # equal strength takes in both rule sets; the elephant / mouse exception is unchanged
    assert "d3-c3" in moves(game("A: Wd3 / B: Wc3 / A", rules="standard"))
    assert "d3-c3" not in moves(game("A: Ed3 / B: Mc3 / A", rules="standard"))


def test_standard_rules_trapped_piece_takes_at_full_strength() -> None:
    """Common Jungle rules: a piece on an opponent's trap can be taken by any enemy piece
    (as in the thesis) but itself takes at its full strength (the thesis: strength 0)."""
    trapped = "A: Cb1 / B: Hc1 / B"
    assert "c1-b1" not in moves(game(trapped))
    assert "c1-b1" in moves(game(trapped, rules="standard"))
    # it still cannot take what is stronger than it
    assert "c1-b1" not in moves(game("A: Eb1 / B: Hc1 / B", rules="standard"))
    # and any enemy piece still takes it there
    assert "b1-c1" in moves(game("A: Cb1 / B: Ec1 / A", rules="standard"))
    assert "b1-c1" in moves(game("A: Eb1 / B: Mc1 / A", rules="standard"))


def test_rule_sets_differ_in_the_key_and_the_material_of_wolf_and_dog() -> None:
    """The transposition key tells the rule sets apart (the same pieces have other moves and
    values); the evaluation values wolf and dog by their strength; the default stays the thesis."""
    thesis, standard = DouShouQi(), DouShouQi(rules="standard")
    assert thesis.rules.name == "thesis" and standard.rules.name == "standard"
    assert thesis.key == standard.key and thesis.tt_key() != standard.tt_key()
    assert standard.copy().tt_key() == standard.tt_key()
    assert material(Kind.WOLF, standard.rules) == 400 and material(Kind.DOG, standard.rules) == 300
    g = game("A: Wc3 / B: Dd7 / A", rules="standard")
    # C = Material + Development (Figure 3): wolf on c3 (10), B's dog on d7 read at d3 (8)
    assert g.evaluate() == (400 + 10) - (300 + 8)
    assert g.evaluate_for_a() == evaluate_pieces(g.pieces(), g.rules)
    with pytest.raises(ParameterError, match="unknown rule set"):
        DouShouQi(rules="common")


def test_moves_listed_are_played_through_play() -> None:
    g = DouShouQi()
    for move in g.legal_moves():
        g.play(move)
        g.unmake()
    assert isinstance(g.legal_moves()[0], Move)
    assert g.square_of(Side.A, Kind.TIGER) == parse_square("a1")
