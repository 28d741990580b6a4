"""Commands only one game has: ``threats mnk``, ``tss connect6``, ``partition dou-shou-qi``, ...

Each game's module here (``reference/cli/extra/<game>.py``) defines ``COMMANDS``, a
dict of :class:`ExtraCommand`; :data:`EXTRA_COMMANDS` lists them with their help so that
``--help`` needs no game imported.  ``tests/cli/test_cli_startup.py`` checks that the
two agree.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from dataclasses import dataclass

from reference.cli.options import add_game_and_position
from reference.registry import GameSpec, JsonObject, entry


@dataclass(frozen=True, slots=True)
class ExtraCommand:
    """A command only one game has, e.g. ``python -m reference tss connect6``."""

    help: str
    run: Callable[[GameSpec, argparse.Namespace], JsonObject]
    """Compute the result (a JSON-ready dict).  Raise ``GameError`` on bad input."""
    render: Callable[[JsonObject], str] | None = None
    """Text output without ``--json``; ``None`` prints ``key: value`` lines."""
    add_arguments: Callable[[argparse.ArgumentParser, GameSpec], None] = add_game_and_position
    """Add the command's options (by default the game's options, ``--position`` and
    ``--moves``)."""


EXTRA_COMMANDS: dict[str, tuple[tuple[str, str], ...]] = {
    "mnk": (("threats", "list the threats of a position and its heuristic evaluation (seed 001)"),),
    "dots-and-boxes": (
        (
            "chains",
            "chain and loop analysis of a Dots and Boxes position (seed 000, formulas 17-18)",
        ),
        ("bfs", "distinct Dots and Boxes states per depth (seed 000, §III.B)"),
    ),
    "wargame": (
        ("enumerate", "enumerate one side's turn with Algorithm 2 or 5; count plans, states, ops1"),
    ),
    "connect6": (
        ("tss", "threat-space search (double threats, optional single threats) for a forced win"),
    ),
    "dou-shou-qi": (
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
}
"""Per game, ``(command, help)`` of its own commands (the same texts as its ``COMMANDS``)."""


def module_name(game: str) -> str:
    """The module defining ``game``'s extra commands."""
    return "reference.cli.extra." + entry(game).package.rsplit(".", 1)[1]


def load_commands(game: str) -> dict[str, ExtraCommand]:
    """Import ``game``'s extra-command module and return its ``COMMANDS``."""
    commands = importlib.import_module(module_name(game)).COMMANDS
    assert isinstance(commands, dict)
    return commands


__all__ = ["EXTRA_COMMANDS", "ExtraCommand", "load_commands", "module_name"]
