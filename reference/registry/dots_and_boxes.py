"""Dots and Boxes in the registry: ``python -m reference <command> dots-and-boxes``.

Seed 000.  Options: ``--rows R --cols C`` (boxes; default 2 x 2, or the size in
``--position``), and the solving aids (each leaves values unchanged): ``--no-capture-rule``,
``--no-symmetry``, ``--ordering captures|edges`` (the move order), and for ``solve`` (the
exact solver of :mod:`reference.dots_and_boxes.engine`, after Barker and Korf 2012)
``--no-chain-rule``, ``--no-endgame-rule``, ``--no-corner-rule`` and ``--checkpoint
FILE`` (a resumable solve).  ``perft`` counts every legal move sequence (the capture
rule prunes searches only).  Moves are OpenSpiel edge names ``h<r>,<c>`` /
``v<r>,<c>``; the value is the net number of boxes the side to move wins from here on.
"""

from __future__ import annotations

from reference.dots_and_boxes.geometry import MAX_SIDE
from reference.dots_and_boxes.ordering import CAPTURES_FIRST, ORDERINGS
from reference.dots_and_boxes.rules import DEFAULT_SIZE, SWITCHES, DotsAndBoxes
from reference.errors import ParameterError
from reference.ranges import IntRange
from reference.registry import (
    GameSpec,
    Options,
    choice,
    file,
    int_value,
    integer,
    is_on,
    switch,
    text_value,
)

SIDE = IntRange(1, MAX_SIDE)
"""``--rows`` and ``--cols``."""


def new_game(options: Options, position: str | None) -> DotsAndBoxes:
    """Build the board from ``rows`` / ``cols`` or ``position`` (they must agree)."""
    rows, cols = int_value(options, "rows"), int_value(options, "cols")
    # each solving aid (rules.SWITCHES) is on unless its no_ option is given
    switches = {name: not is_on(options, "no_" + name) for name in SWITCHES}
    ordering = text_value(options, "ordering") or CAPTURES_FIRST
    if position is not None:
        game = DotsAndBoxes.from_notation(position, ordering=ordering, **switches)
        if (rows is not None and rows != game.rows) or (cols is not None and cols != game.cols):
            raise ParameterError(
                f"--rows/--cols {rows}x{cols} disagree with the {game.rows}x{game.cols} position"
            )
    else:
        game = DotsAndBoxes(
            DEFAULT_SIZE if rows is None else rows,
            DEFAULT_SIZE if cols is None else cols,
            ordering=ordering,
            **switches,
        )
    game.checkpoint = text_value(options, "checkpoint")
    return game


SPEC = GameSpec(
    name="dots-and-boxes",
    help="Dots and Boxes on R x C boxes (seed 000); value = net boxes for the side to move",
    options=(
        integer("rows", SIDE, f"rows of boxes (default {DEFAULT_SIZE})"),
        integer("cols", SIDE, f"columns of boxes (default {DEFAULT_SIZE})"),
        switch("no_capture_rule", "search every move (no capture rule)"),
        switch("no_symmetry", "no board symmetries in the TT key"),
        choice(
            "ordering",
            ORDERINGS,
            f"move order (default {CAPTURES_FIRST}: captures, safe moves from the centre, "
            "then sacrifices; edges: edge order); values never depend on it",
            CAPTURES_FIRST,
        ),
        switch(
            "no_chain_rule",
            "solve: open every edge of independent chains and loops (no chain rule)",
        ),
        switch(
            "no_endgame_rule",
            "solve: search simple loony endgames instead of valuing them by formula",
        ),
        switch(
            "no_corner_rule",
            "solve: no corner symmetry (border edges of one box kept apart in the table key)",
        ),
        file(
            "checkpoint",
            "solve: write the solver's table to FILE every few million nodes and resume "
            "from FILE if it exists (same board, position and rules)",
        ),
    ),
    new_game=new_game,
    moves_example="h0,0 v0,1",
    exact_solver="reference.dots_and_boxes.parallel",
    rule_options=lambda game: {"rows": game.rows, "cols": game.cols},
    explain="reference.dots_and_boxes.explain",
)
