"""The (M,N,K) pictures: threat lines are the evaluation's threats, the VCF line and the move
values are the searches' answers, checked against hand-worked positions and a brute force."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.mnk.drawing import KIND_NAME, threat_runs
from reference.mnk.evaluation import find_threats
from reference.mnk.figures import (
    TICTACTOE_POSITION,
    move_values,
    move_values_figure,
    threat_lines_figure,
    vcf_figure,
)
from reference.mnk.notation import format_cell
from reference.mnk.rules import MNKState
from reference.mnk.vcf import check_vcf_line

NS = {"svg": "http://www.w3.org/2000/svg"}


@st.composite
def reachable(draw: st.DrawFn) -> MNKState:
    """A position reached by legal moves from the empty board (stops at a finished game)."""
    m, n = draw(st.integers(1, 7)), draw(st.integers(2, 7))
    game = MNKState(m, n, draw(st.integers(2, min(5, max(m, n)))))
    for _ in range(draw(st.integers(0, m * n))):
        if game.is_terminal():
            break
        moves = game.legal_moves()
        game.play(moves[draw(st.integers(0, len(moves) - 1))])
    return game


@settings(max_examples=examples(300))
@given(reachable())
def test_threat_runs_are_the_threats_of_find_threats(game: MNKState) -> None:
    """The drawing's scan keeps the cells but finds the evaluation's threats, in its order."""
    x_bits, o_bits = game.bits
    for own, other in ((x_bits, o_bits), (o_bits, x_bits)):
        runs = threat_runs(own, other, game.m, game.n)
        assert [(r.kind, r.stones) for r in runs] == find_threats(own, other, game.m, game.n)
        for run in runs:
            assert all(own >> cell & 1 for cell in run.cells)


def test_threat_lines_figure_shows_the_hand_worked_threats() -> None:
    """The threat position's docstring, worked by hand: x's four threats of 2+ stones (and the
    gap pair), o has none."""
    root = ET.fromstring(threat_lines_figure())
    drawn = sorted(
        (line.get("data-side"), line.get("data-threat"), line.get("data-cells"))
        for line in root.findall(".//svg:line[@data-threat]", NS)
    )
    assert drawn == [
        ("x", "closed", "d1 e1"),
        ("x", "open", "c10 d10 e10"),
        ("x", "open", "d4 e4"),
        ("x", "semi-open", "b7 c7 d7"),
        ("x", "semi-open", "d4 e4 g4"),
    ]
    assert set(KIND_NAME.values()) <= {t for _, t, _ in drawn}


def test_vcf_figure_numbers_the_proof_line_of_vcf_search() -> None:
    """The line of vcf_search's example (f3 g3 f4 f2 f7), a valid VCF, numbered 1-5."""
    svg = vcf_figure()
    assert "proof line: f3 g3 f4 f2 f7 (3 x moves" in svg
    game = MNKState(9, 9, 5)
    for name in ("c3", "b3", "d3", "a9", "e3", "i9", "f5", "a1", "f6", "i1"):
        game.play(game.parse_move(name))
    line = tuple(game.parse_move(name) for name in ("f3", "g3", "f4", "f2", "f7"))
    assert check_vcf_line(game, line)
    numbers = [
        t.text for t in ET.fromstring(svg).findall(".//svg:text", NS) if t.get("font-weight")
    ]
    assert numbers == ["4", "1", "2", "3", "5"]  # drawn cell by cell: f2, f3, g3, f4, f7


LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


@cache
def brute_force(board: str, mover: str) -> int:
    """Tic-tac-toe by plain negamax on a 9-character string (cells a1, b1, ..., c3): +1 / 0 / -1."""
    other = "o" if mover == "x" else "x"
    if any(all(board[c] == other for c in line) for line in LINES):
        return -1
    empties = [c for c in range(9) if board[c] == "."]
    if not empties:
        return 0
    return max(-brute_force(board[:c] + mover + board[c + 1 :], other) for c in empties)


def test_tictactoe_move_values_match_a_brute_force() -> None:
    game = MNKState.from_notation(TICTACTOE_POSITION, 3)
    board = "".join(
        "x" if game.bits[0] >> c & 1 else "o" if game.bits[1] >> c & 1 else "." for c in range(9)
    )
    expected = {
        format_cell(c, 3): "WDL"[1 - -brute_force(board[:c] + "o" + board[c + 1 :], "x")]
        for c in range(9)
        if board[c] == "."
    }
    got = {format_cell(c, 3): v for c, v in move_values().items()}
    assert got == expected
    assert sorted(got.values()) == ["D", "D", "D", "D", "L", "L"]
    assert "0 winning, 4 drawing, 2 losing moves" in move_values_figure()
