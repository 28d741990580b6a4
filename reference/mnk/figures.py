"""Pictures for seed 001's page: threat lines, a VCF line and the exact value of each move.

The report has no figures; these draw what its text describes, so a student can
look instead of read (positions ours):

* the threats of the evaluation ("Evaluation Function"): runs of two or more stones
  drawn as lines, open green, semi-open orange, closed grey, dashed across a gap
  (``XX.X``), with each side's threat score;
* a win by continuous fours (VCF, the threat search of :mod:`.vcf`): the proof line
  numbered in the order it is played;
* tic-tac-toe solved move by move: the exact value of every move of the side to move
  (``solve_raw`` on the position after it), win / draw / loss.

``tools/figures.py`` writes them into ``docs/figures/``.
"""

from __future__ import annotations

from reference.mnk.drawing import ThreatLine, board_svg, threat_runs
from reference.mnk.evaluation import threat_score
from reference.mnk.rules import MNKState
from reference.mnk.vcf import vcf_search
from reference.search import solve_raw

THREATS_POSITION = (
    "o.xxx..../.......o./.....o.../oxxx....o/........./.o.....o./...xx.x../......o../o......../"
    "..oxxo... x"
)
"""A 9 x 10 position (ours, K = 5) whose only threats of two or more stones are x's: an open
three (c10-e10), a semi-open three (b7-d7, blocked by o on a7), an open two with a gap pair
(d4 e4 . g4) and a closed two (d1 e1, between o stones)."""

VCF_MOVES = ("c3", "b3", "d3", "a9", "e3", "i9", "f5", "a1", "f6", "i1")
"""The moves of :func:`reference.mnk.vcf.vcf_search`'s example (9 x 9, K = 5)."""

TICTACTOE_POSITION = "x../.o./..x o"
"""A tic-tac-toe position (ours): x on a3 and c1, o on b2, o to move."""


def threat_lines_figure(position: str = THREATS_POSITION, k: int = 5) -> str:
    """The threats of both sides with two or more stones, and each side's threat score."""
    game = MNKState.from_notation(position, k)
    x_bits, o_bits = game.bits
    m, n = game.m, game.n
    lines = [
        ThreatLine(run, side)
        for side, (own, other) in enumerate(((x_bits, o_bits), (o_bits, x_bits)))
        for run in threat_runs(own, other, m, n)
        if run.stones >= 2
    ]
    scores = [threat_score(x_bits, o_bits, m, n, k), threat_score(o_bits, x_bits, m, n, k)]
    return board_svg(
        m,
        n,
        x_bits,
        o_bits,
        threats=lines,
        title=f"Threats of seed 001's evaluation ({m} x {n}, K = {k})",
        caption=[
            "lines: runs of 2+ stones; green open, orange semi-open, grey closed",
            "dashed: two runs one empty cell apart (semi-open); thick: x, thin: o",
            f"threat score: x {scores[0]}, o {scores[1]} (every threat, single stones too)",
        ],
    )


def vcf_figure() -> str:
    """The VCF example of :func:`reference.mnk.vcf.vcf_search`, its proof line numbered."""
    game = MNKState(9, 9, 5)
    for name in VCF_MOVES:
        game.play(game.parse_move(name))
    x_bits, o_bits = game.bits
    result = vcf_search(game)
    line = [game.format_move(c) for c in result.line]
    numbers = {cell: str(k + 1) for k, cell in enumerate(result.line)}
    for cell in result.line:
        game.play(cell)
    return board_svg(
        9,
        9,
        *game.bits,
        numbers=numbers,
        title="A win by continuous fours (VCF), x to move, K = 5",
        caption=[
            f"proof line: {' '.join(line)} ({result.attacker_moves} x moves, {result.nodes} nodes)",
            "numbers: the order of the line; x's stones white numbers, o's red",
            f"before the line: {(x_bits | o_bits).bit_count()} stones",
        ],
    )


def move_values(position: str = TICTACTOE_POSITION, k: int = 3) -> dict[int, str]:
    """Every legal move of the side to move and its exact value for the mover: W, D or L
    (``solve_raw`` on the position after the move, negated)."""
    game = MNKState.from_notation(position, k)
    values: dict[int, str] = {}
    for move in game.legal_moves():
        game.make(move)
        value = -solve_raw(game).value
        game.unmake()
        values[move] = "W" if value > 0 else "D" if value == 0 else "L"
    return values


def move_values_figure(position: str = TICTACTOE_POSITION, k: int = 3) -> str:
    """Every move of the side to move with its exact value: W, D or L for the mover."""
    game = MNKState.from_notation(position, k)
    values = move_values(position, k)
    mover = game.player_name(game.stones % 2)
    tally = {v: sum(1 for w in values.values() if w == v) for v in "WDL"}
    return board_svg(
        game.m,
        game.n,
        *game.bits,
        numbers=values,
        title=f"Tic-tac-toe, {mover} to move: the exact value of each move",
        caption=[
            f"W win, D draw, L loss for {mover} (solve_raw after the move)",
            f"{tally['W']} winning, {tally['D']} drawing, {tally['L']} losing moves",
        ],
    )


def all_figures() -> dict[str, str]:
    """Every picture, by file stem."""
    return {
        "mnk_threat_lines": threat_lines_figure(),
        "mnk_vcf_line": vcf_figure(),
        "mnk_tictactoe_move_values": move_values_figure(),
        "mnk_tablebase_waves": tablebase_waves_figure(),
        "mnk_game_board": game_board_figure(),
    }


def tablebase_waves_figure() -> str:
    """Retrograde analysis's waves: positions decided in each wave (wave 0: the finished
    positions), 3 x 3 and 4 x 3 boards with K = 3 (:mod:`reference.mnk.tablebase`)."""
    from reference.mnk.tablebase import build_table
    from reference.svg import Series, line_chart

    series = []
    for (m, n), colour in (((3, 3), "#3f51b5"), ((4, 3), "#e65100")):
        waves = build_table(m, n, 3).table.waves
        points = tuple((float(w), float(count)) for w, count in enumerate(waves))
        series.append(Series(f"{m} x {n}, K = 3", points, colour))
    return line_chart(
        series,
        title="Retrograde analysis: positions decided in each wave",
        x_label="wave = distance to the end in plies",
        y_label="positions",
        log_y=True,
    )


GAME_BOARD = "xo./.x./..o x"
"""The Games page's tic-tac-toe position (docs/games.md)."""


def game_board_figure() -> str:
    """A tic-tac-toe position as the game draws itself (``_repr_svg_``)."""
    from reference.mnk.rules import MNKState

    return MNKState.from_notation(GAME_BOARD, 3)._repr_svg_()
