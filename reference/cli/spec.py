"""What a game sub-package gives the command line.

Each game has a module ``reference/<game>/cli.py`` defining ``SPEC: GameSpec``;
:mod:`reference.cli.games` lists them.  The generic commands (``solve``,
``perft``, ``bestmove``, ``play``, ``show``) work for every game through the
spec; a game's own commands (``enumerate wargame``, ``tss connect6``,
``partition dou-shou-qi``) are :class:`ExtraCommand` entries.

Data flows one way: the CLI parses options, the spec builds a game, the search
returns a frozen result, the CLI prints text or one JSON object.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from reference.errors import GameError
from reference.search.protocol import PlayableGame

JsonObject = dict[str, object]

G = TypeVar("G", bound=PlayableGame[Any])


def add_position_arguments(parser: argparse.ArgumentParser, moves_example: str) -> None:
    """Add ``--position`` and ``--moves`` (every command that starts from a position has them)."""
    parser.add_argument("--position", help="start from this position (the game's notation)")
    parser.add_argument(
        "--moves", help=f'space-separated moves played first, e.g. "{moves_example}"'
    )


def game_from_args(
    new_game: Callable[[argparse.Namespace, str | None], G], args: argparse.Namespace
) -> G:
    """The game the options describe: ``--position`` (or the start), then ``--moves``, each checked.

    An illegal or malformed move is reported with its index in the list.
    """
    game = new_game(args, getattr(args, "position", None))
    moves_text = getattr(args, "moves", None)
    if moves_text:
        for index, text in enumerate(moves_text.split(), start=1):
            try:
                game.play(game.parse_move(text))
            except GameError as error:
                raise type(error)(f"move {index} ({text!r}) of --moves: {error}") from None
    return game


@dataclass(frozen=True, slots=True)
class ExtraCommand:
    """A command only one game has, e.g. ``python -m reference tss connect6``."""

    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], JsonObject]
    """Compute the result (a JSON-ready dict).  Raise ``GameError`` on bad input."""
    render: Callable[[JsonObject], str] | None = None
    """Text output without ``--json``; ``None`` prints ``key: value`` lines."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """How the command line builds, names and scores one game."""

    name: str
    """The name on the command line, e.g. ``"dots-and-boxes"``."""
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    """Add the game's parameters (``--m --n --k``, ``--rows --cols``, ...).

    The CLI itself adds ``--position`` and ``--moves``.
    """
    new_game: Callable[[argparse.Namespace, str | None], PlayableGame[Any]]
    """Build the game from its parameters and a position in notation (``None``: the start).

    The reported value of an exact score is not the spec's business: it is
    :func:`reference.search.value.game_value`, the same for Python and the command line.
    """
    extra_commands: Mapping[str, ExtraCommand] = field(default_factory=dict)
    moves_example: str = "m1 m2"
    """Shown in ``--moves`` help, e.g. ``"b2 a1"``."""
