"""perft of Dou Shou Qi cross-checked against an independent, slow move generator.

No published perft values exist for the thesis's setup (seed 003, §2.1; a search
found none for Jungle either), so every count here is computed twice: by the
game's fast generator through the core's ``perft``, and by ``reference_perft``
below, written separately from the rules text: a dict board keyed by
``(col, row)``, jumps found by walking into the water, copies instead of make /
unmake.  The start-position counts are also pinned as constants so that any
change of behaviour is deliberate.
"""

from __future__ import annotations

import pytest

from reference.dou_shou_qi.rules import DouShouQi
from reference.search import divide_raw, perft_raw

Coord = tuple[int, int]
RefBoard = dict[Coord, tuple[str, int]]  # (col, row) -> (side "A"/"B", strength 1..8)

R_WATER = {(c, r) for c in (1, 2, 4, 5) for r in (3, 4, 5)}
R_DEN = {"A": (3, 0), "B": (3, 8)}
R_TRAPS = {"A": {(2, 0), (4, 0), (3, 1)}, "B": {(2, 8), (4, 8), (3, 7)}}
R_LETTERS = {"M": 1, "C": 2, "W": 3, "D": 4, "H": 5, "T": 6, "L": 7, "E": 8}


def other(side: str) -> str:
    return "B" if side == "A" else "A"


def ref_parse(text: str) -> tuple[RefBoard, str]:
    fields = [f.strip() for f in text.split("/")]
    board: RefBoard = {}
    for field in fields[:2]:
        side, body = field.split(":")
        for token in body.split():
            if token == "-":
                continue
            board[("abcdefg".index(token[1]), int(token[2]) - 1)] = (side, R_LETTERS[token[0]])
    return board, fields[2]


def ref_can_take(side: str, att: int, frm: Coord, dfd: int, to: Coord) -> bool:
    """§2.1 read afresh: traps (strength 0 both ways), water boundary, elephant / mouse, strength."""
    if frm in R_TRAPS[other(side)]:
        return False
    if att == 1 and ((frm in R_WATER) != (to in R_WATER)):
        return False
    if to in R_TRAPS[side]:
        return True
    if att == 8 and dfd == 1:
        return False
    if att == 1 and dfd == 8:
        return True
    return att >= dfd


def ref_over(board: RefBoard) -> bool:
    if any(board.get(R_DEN[s], ("", 0))[0] == other(s) for s in "AB"):
        return True
    return any(all(v[0] != s for v in board.values()) for s in "AB")


def ref_moves(board: RefBoard, side: str) -> list[tuple[Coord, Coord]]:
    if ref_over(board):
        return []
    result: list[tuple[Coord, Coord]] = []
    for frm, (owner, strength) in board.items():
        if owner != side:
            continue
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            to = (frm[0] + dc, frm[1] + dr)
            if not (0 <= to[0] < 7 and 0 <= to[1] < 9) or to == R_DEN[side]:
                continue
            if to in R_WATER and strength != 1:
                if strength not in (6, 7):
                    continue
                blocked = False
                while to in R_WATER:  # walk across the water; any piece there is a mouse
                    if to in board:
                        blocked = True
                    to = (to[0] + dc, to[1] + dr)
                if blocked:
                    continue
            occupant = board.get(to)
            if occupant is None or (
                occupant[0] != side and ref_can_take(side, strength, frm, occupant[1], to)
            ):
                result.append((frm, to))
    return result


def reference_perft(board: RefBoard, side: str, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for frm, to in ref_moves(board, side):
        child = dict(board)
        child[to] = child.pop(frm)
        total += reference_perft(child, other(side), depth - 1)
    return total


START = "A: Ta1 Lg1 Cb2 Df2 Ea3 Wc3 He3 Mg3 / B: Ma7 Hc7 We7 Eg7 Db8 Cf8 La9 Tg9 / A"

SPECIAL = {
    # lions and tigers at the water's edge: jumps both ways, capturing on landing
    "jumps": "A: Ma1 Tb3 Ld5 Hg4 / B: Mg9 Tf7 La5 Hb7 Ec7 / A",
    # the same jumps with mice in the water on some of the paths
    "blocked_jumps": "A: Mb5 Tb3 Ld5 Hg4 / B: Mf5 Tf7 La5 Hb7 Ec7 / A",
    # pieces on and next to both sides' traps (strength 0 when attacked)
    "traps": "A: Cc1 Wd3 Ec9 Mf1 Hd7 / B: Ed2 Mb1 Le1 Td8 Cc8 / A",
    # mice in and at the edge of the water, elephants and a cat on the bank
    "water_captures": "A: Mb4 Ea4 Cc3 Wf7 Lg1 / B: Mc4 Eb3 Ha5 Td8 / A",
    # pieces one step from the dens: games end on the den square
    "dens": "A: Hd8 Tc8 Mc2 Ld3 / B: Ed2 Cc1 Wf9 Mg9 / A",
}


def fast_perft(text: str, depth: int) -> int:
    return perft_raw(DouShouQi.from_notation(text, draw_limit=None), depth)


START_PERFT = {1: 24, 2: 576, 3: 12_240, 4: 260_099}
"""Computed by both generators of this file (no published values exist)."""


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_perft_start_matches_reference_generator(depth: int) -> None:
    board, side = ref_parse(START)
    assert fast_perft(START, depth) == reference_perft(board, side, depth) == START_PERFT[depth]


def test_perft_start_depth_4_pinned() -> None:
    assert fast_perft(START, 4) == START_PERFT[4]


@pytest.mark.slow
def test_perft_start_depth_4_matches_reference_generator() -> None:
    board, side = ref_parse(START)
    assert reference_perft(board, side, 4) == START_PERFT[4]


@pytest.mark.parametrize("name", sorted(SPECIAL))
@pytest.mark.parametrize("depth", [1, 2, 3])
def test_perft_special_positions_match_reference_generator(name: str, depth: int) -> None:
    """Jumps, blocked jumps, traps, water captures and dens, depths 1-3 (divide on failure)."""
    text = SPECIAL[name]
    board, side = ref_parse(text)
    expected = reference_perft(board, side, depth)
    got = fast_perft(text, depth)
    if got != expected:
        game = DouShouQi.from_notation(text, draw_limit=None)
        breakdown = {game.format_move(m): n for m, n in divide_raw(game, depth).items()}
        pytest.fail(f"{name} depth {depth}: {got} != {expected}; divide: {breakdown}")


@pytest.mark.parametrize("name", sorted(SPECIAL))
def test_perft_special_positions_depth_4(name: str) -> None:
    text = SPECIAL[name]
    board, side = ref_parse(text)
    assert fast_perft(text, 4) == reference_perft(board, side, 4)


def test_special_positions_exercise_what_they_are_named_after() -> None:
    def moves(name: str) -> set[str]:
        g = DouShouQi.from_notation(SPECIAL[name])
        return {g.format_move(m) for m in g.legal_moves()}

    assert {"b3-b7", "d5-a5", "d5-g5"} <= moves("jumps")  # b7 and a5 are captures
    assert not {"b3-b7", "d5-a5", "d5-g5"} & moves("blocked_jumps")
    assert {"d3-d2", "f1-e1"} <= moves("traps")  # wolf and mouse take pieces on A's traps
    assert "d7-d8" not in moves("traps")  # B's tiger on its own trap keeps its strength
    assert "c9-c8" not in moves("traps")  # A's elephant on B's trap has strength 0
    assert "b4-c4" in moves("water_captures") and "b4-b3" not in moves("water_captures")
    assert "d8-d9" in moves("dens")
