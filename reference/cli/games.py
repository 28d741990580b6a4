"""The games the command line knows: name, module and help, without importing them.

``python -m reference --help`` and ``python -m reference solve mnk ...`` must not
import all five games (issue 10, item 11: every call paid for all of them), so the
names and one-line helps the parser lists live here, and a game's module
(``reference/<game>/cli.py``, defining ``SPEC``) is imported only when the command
line names that game.  ``tests/cli/test_cli_startup.py`` checks that this table
agrees with every ``SPEC`` and that other games' sub-packages stay unimported.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from reference.cli.spec import GameSpec


@dataclass(frozen=True, slots=True)
class GameEntry:
    """What the parser shows about a game before its module is imported."""

    name: str
    """The name on the command line, e.g. ``"dots-and-boxes"``."""
    module: str
    """The module defining ``SPEC``."""
    help: str
    """The same text as ``SPEC.help``."""
    extra_commands: tuple[tuple[str, str], ...] = ()
    """``(command, help)`` of the game's own commands, as in ``SPEC.extra_commands``."""


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        "mnk",
        "reference.mnk.cli",
        "the (M,N,K)-game: K in a row on an M x N board (seed 001)",
        (("threats", "list the threats of a position and its heuristic evaluation (seed 001)"),),
    ),
    GameEntry(
        "dots-and-boxes",
        "reference.dots_and_boxes.cli",
        "Dots and Boxes on R x C boxes (seed 000); value = net boxes for the side to move",
        (
            (
                "chains",
                "chain and loop analysis of a Dots and Boxes position (seed 000, formulas 17-18)",
            ),
            ("bfs", "distinct Dots and Boxes states per depth (seed 000, §III.B)"),
        ),
    ),
    GameEntry(
        "wargame",
        "reference.wargame.cli",
        "turn-based war chess (seed 002); a move is a whole turn's plan, e.g. b1-b3,c1-c2xc4",
        (
            (
                "enumerate",
                "enumerate one side's turn with Algorithm 2 or 5; count plans, states, ops1",
            ),
        ),
    ),
    GameEntry(
        "connect6",
        "reference.connect6.cli",
        "Connect6 (seed 004): S x S board, black opens with one stone, then two per move",
        (
            (
                "tss",
                "threat-space search (double threats, optional single threats) for a forced win",
            ),
        ),
    ),
    GameEntry(
        "dou-shou-qi",
        "reference.dou_shou_qi.cli",
        "Dou Shou Qi / Jungle (seed 003): 7 x 9 board, thesis evaluation and move ordering",
        (
            (
                "evaluate",
                "Evaluate of a Dou Shou Qi position with each piece's C[t,s] (seed 003, §3.3)",
            ),
            (
                "positions",
                "named Dou Shou Qi positions (start, Appendix A) and the ones not recoverable",
            ),
            ("partition", "split a Dou Shou Qi position into subproblems (seed 003, §8-§10.4)"),
        ),
    ),
)
"""Every game, in the order ``--help`` lists them."""

GAME_MODULES: dict[str, str] = {entry.name: entry.module for entry in GAMES}


def load_spec(name: str) -> GameSpec:
    """Import one game's command-line module and return its ``SPEC``."""
    from reference.cli.spec import GameSpec

    spec = importlib.import_module(GAME_MODULES[name]).SPEC
    assert isinstance(spec, GameSpec)
    return spec


def available_games() -> dict[str, GameSpec]:
    """The specs of every game (imports all five; the command line imports one)."""
    return {entry.name: load_spec(entry.name) for entry in GAMES}
