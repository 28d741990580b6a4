"""The evaluation of seed 003: Figure 3 tables, C[t,s], OppositeSquare, Evaluate (§2.3, §3.3)."""

from __future__ import annotations

import ast
import json
import random
import re
from typing import Any

import pytest
from paper_text import DATA, seed

from reference.dou_shou_qi.evaluation import (
    DEN_DEVELOPMENT,
    DEVELOPMENT,
    MATERIAL,
    RECONSTRUCTED,
    composite,
    evaluate_pieces,
)
from reference.dou_shou_qi.geometry import WATER, Kind, Side, opposite_square, parse_square
from reference.dou_shou_qi.notation import Piece, Placement
from reference.dou_shou_qi.rules import DouShouQi

FIGURE3 = seed("003-figure3.md")
FIGURE3_DATA = DATA / "dsq_figure3.json"
"""Figure 3 as checked in (written from the seed by :func:`figure3_from_seed`)."""
TABLE_NAMES = {
    "mouse": Kind.MOUSE,
    "cat": Kind.CAT,
    "wolf": Kind.WOLF,
    "dog": Kind.DOG,
    "hyena": Kind.HYENA,
    "tiger": Kind.TIGER,
    "lion": Kind.LION,
    "elephant": Kind.ELEPHANT,
}


def test_material_values_of_figure_3a() -> None:
    """Figure 3 (a) and §2.3.1: mouse 500, cat 200, wolf 300, dog 400, hyena 500, tiger 800, lion 900, elephant 1000."""
    assert [MATERIAL[k] for k in Kind] == [500, 200, 300, 400, 500, 800, 900, 1000]


def test_development_rules_of_section_2_3_1() -> None:
    """Start squares are worth 10, water 0 for non-swimmers, own den 0, opponent's den infinite."""
    start = DouShouQi()
    for piece in start.pieces(Side.A):
        assert DEVELOPMENT[piece.kind][piece.square] == 10
    for kind in Kind:
        assert DEVELOPMENT[kind][parse_square("d1")] == 0
        assert DEVELOPMENT[kind][parse_square("d9")] == DEN_DEVELOPMENT
        if kind != Kind.MOUSE:
            assert all(DEVELOPMENT[kind][sq] == 0 for sq in WATER)
    # Prose checks: cat a2 13, wolf c2 13, dog e2 13, tiger / lion base of the water 16, elephant b3 15.
    assert DEVELOPMENT[Kind.CAT][parse_square("a2")] == 13
    assert DEVELOPMENT[Kind.WOLF][parse_square("c2")] == 13
    assert DEVELOPMENT[Kind.DOG][parse_square("e2")] == 13
    for name in ("b3", "c3", "e3", "f3"):
        assert DEVELOPMENT[Kind.TIGER][parse_square(name)] == 16
        assert DEVELOPMENT[Kind.LION][parse_square(name)] == 16
    assert DEVELOPMENT[Kind.ELEPHANT][parse_square("b3")] == 15


def figure3_from_seed() -> dict[str, object]:
    """The Development tables of ``003-figure3.md`` (its machine-readable block) and its
    starred (reconstructed) cells, by table name, as square indices."""
    text = FIGURE3.read_text(encoding="utf-8")
    block = re.search(r"```python\n(.*?)```", text, re.S)
    assert block is not None
    tables = ast.literal_eval(block.group(1))
    assert isinstance(tables, dict)
    starred: dict[str, list[int]] = {}
    for heading in ("(g) Tiger", "(h) Lion", "(i) Elephant"):
        section = text.split(f"## {heading}")[1].split("\n\n", 2)[1]
        cells: set[int] = set()
        for line in section.splitlines()[2:11]:
            parts = [p.strip() for p in line.strip("|").split("|")]
            row = int(parts[0].strip("*")) - 1
            for col, cell in enumerate(parts[1:8]):
                if cell.endswith("*"):
                    cells.add(row * 7 + col)
        starred[heading.split()[1].lower()] = sorted(cells)
    return {"tables": tables, "starred": starred}


def checked_in_figure3() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIGURE3_DATA.read_text(encoding="utf-8"))
    return data


@pytest.mark.skipif(not FIGURE3.exists(), reason=f"{FIGURE3} not available (checked where it is)")
def test_the_checked_in_figure_3_is_the_seeds() -> None:
    """``tests/data/dsq_figure3.json`` holds exactly the tables and starred cells of
    ``003-figure3.md`` (the tests below run on it everywhere, CI included)."""
    assert checked_in_figure3() == figure3_from_seed()


def test_tables_equal_the_machine_readable_block_of_003_figure3() -> None:
    """Our Development tables are exactly those of 003-figure3.md (as checked in)."""
    for name, rows in checked_in_figure3()["tables"].items():
        kind = TABLE_NAMES[name]
        for printed_row, cells in enumerate(rows):
            for col, value in enumerate(cells):
                sq = (8 - printed_row) * 7 + col
                expected = DEN_DEVELOPMENT if value == "inf" else value
                assert DEVELOPMENT[kind][sq] == expected, (name, sq)


def test_reconstructed_cells_are_the_69_starred_cells() -> None:
    """69 development cells were reconstructed (tiger 28, lion 25, elephant 16), as starred in 003-figure3.md."""
    kinds = {"tiger": Kind.TIGER, "lion": Kind.LION, "elephant": Kind.ELEPHANT}
    starred = {kinds[name]: set(cells) for name, cells in checked_in_figure3()["starred"].items()}
    assert {k: set(v) for k, v in RECONSTRUCTED.items()} == starred
    assert sum(len(v) for v in RECONSTRUCTED.values()) == 69
    assert [len(RECONSTRUCTED[k]) for k in (Kind.TIGER, Kind.LION, Kind.ELEPHANT)] == [28, 25, 16]


def test_c_is_material_plus_development() -> None:
    """§3.3: C[t, s] = Material[t] + Development[t, s]."""
    assert composite(Kind.ELEPHANT, parse_square("b3")) == 1015
    assert composite(Kind.MOUSE, parse_square("e5")) == 512


def test_opposite_square_rotates_the_board() -> None:
    """Figure 6: OppositeSquare rotates the board by 180 degrees."""
    assert opposite_square(parse_square("a1")) == parse_square("g9")
    assert opposite_square(parse_square("c2")) == parse_square("e8")
    assert all(opposite_square(opposite_square(s)) == s for s in range(63))


def test_start_position_evaluates_to_zero() -> None:
    assert DouShouQi().evaluate() == 0


def test_evaluate_is_a_minus_b_and_antisymmetric_under_rotation() -> None:
    """Evaluate = sum C over A - sum C over B at OppositeSquare; swapping sides by rotation negates it."""
    rng = random.Random(3)
    for _ in range(30):
        g = DouShouQi(draw_limit=None)
        for _ply in range(rng.randrange(40)):
            legal = g.legal_moves()
            if not legal:
                break
            g.make(rng.choice(legal))
        pieces = g.pieces()
        assert evaluate_pieces(pieces) == g.evaluate_for_a()
        assert g.evaluate() == (g.evaluate_for_a() if g.to_move == Side.A else -g.evaluate_for_a())
        rotated = [Piece(Side(1 - p.side), p.kind, opposite_square(p.square)) for p in pieces]
        assert evaluate_pieces(rotated) == -evaluate_pieces(pieces)
        if not g.is_terminal():
            other = DouShouQi(Placement(tuple(rotated), Side(1 - g.to_move)), draw_limit=None)
            assert other.evaluate() == g.evaluate()


def test_missing_piece_positions_favour_a_by_that_pieces_c() -> None:
    """Appendix A (m)-(t): B misses one piece, so Evaluate = C of that piece on its start square."""
    from reference.dou_shou_qi.positions import APPENDIX_A

    for letter, kind in zip("mnopqrst", Kind, strict=True):
        g = DouShouQi.from_notation(APPENDIX_A[letter].notation)
        assert g.evaluate() == MATERIAL[kind] + 10
