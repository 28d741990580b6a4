"""The command line's options: every numeric option has a range, checked before any work.

Ranges are :class:`reference.ranges.IntRange` / :class:`~reference.ranges.FloatRange`;
``type=argtype(DEPTH)`` (:func:`reference.ranges.argtype`) makes one an ``argparse`` type, so a refusal becomes ``error:
argument --depth: ...`` on one line, exit status 2, before the game is even built.
A game's own options come from the registry (:mod:`reference.registry`):
:func:`add_game_options` adds them, :func:`game_options` reads them back and
:func:`build_game` builds the game they describe.

"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import Any

from reference.ranges import FloatRange, IntRange, argtype, ranged_help
from reference.registry import GameSpec, JsonObject
from reference.search.protocol import PlayableGame

SEED = IntRange(0, 2**63 - 1)
"""A random seed (``random.Random(seed)``)."""
POSITIONS = IntRange(1, 1_000_000)
"""How many random positions an oracle command draws (our bound)."""
PLIES = IntRange(0, 10_000)
"""A number of plies of random play (the search core's deepest ply)."""
DEPTH = IntRange(1, 10_000)
"""A perft or search depth of at least one ply (the search core's deepest ply)."""
NODE_BUDGET = IntRange(1, 10**12)
"""Nodes a search may spend (our bound: days of Python)."""
SECONDS = FloatRange(0.0, 1e7, low_open=True)
"""Seconds, more than 0 and at most the search's largest deadline (``MAX_TIME_LIMIT``)."""

DEFAULT_MAX_MOVES = 10
"""Random play of ``check`` and ``suite`` lasts up to this many moves by default."""


def add_random_play_arguments(parser: argparse.ArgumentParser) -> None:
    """``--max-moves`` / ``--min-moves``: how long the random play that draws positions lasts
    (``check`` and ``suite``)."""
    parser.add_argument(
        "--max-moves",
        type=argtype(PLIES),
        default=DEFAULT_MAX_MOVES,
        help=ranged_help(f"random play lasts 0..L moves (default L = {DEFAULT_MAX_MOVES})", PLIES),
    )
    parser.add_argument(
        "--min-moves",
        type=argtype(PLIES),
        default=0,
        help=ranged_help("... and at least this many (default 0)", PLIES),
    )


# ---------------------------------------------------------------------------
# a game's own options, from the registry


def add_game_options(
    parser: argparse.ArgumentParser, spec: GameSpec, names: Iterable[str] | None = None
) -> None:
    """Add ``spec``'s options (only ``names`` when given) to ``parser``."""
    chosen = spec.option_names if names is None else tuple(names)
    for option in spec.options:
        if option.name not in chosen:
            continue
        if option.kind == "switch":
            parser.add_argument(option.flag, action="store_true", help=option.help)
        elif option.kind == "integer":
            assert option.range is not None
            parser.add_argument(
                option.flag,
                type=argtype(option.range),
                default=option.default,
                help=option.full_help,
            )
        elif option.kind == "choice":
            parser.add_argument(
                option.flag, choices=option.choices, default=option.default, help=option.help
            )
        else:
            parser.add_argument(option.flag, metavar="FILE", help=option.help)


def add_position_arguments(parser: argparse.ArgumentParser, moves_example: str) -> None:
    """Add ``--position`` and ``--moves`` (every command that starts from a position has them)."""
    parser.add_argument("--position", help="start from this position (the game's notation)")
    parser.add_argument(
        "--moves", help=f'space-separated moves played first, e.g. "{moves_example}"'
    )


def game_options(spec: GameSpec, args: argparse.Namespace) -> dict[str, object]:
    """The values of ``spec``'s options in ``args`` (options a command does not take: defaults)."""
    return {o.name: getattr(args, o.name, o.default) for o in spec.options}


def given_options(spec: GameSpec, args: argparse.Namespace) -> JsonObject:
    """The game options in ``args`` that differ from their defaults (what suites record)."""
    return spec.non_default(game_options(spec, args))


def options_to_argv(spec: GameSpec, options: object) -> list[str]:
    """The command-line arguments that give ``options`` (checked first)."""
    values = spec.non_default(spec.check_options(options))
    argv: list[str] = []
    for name, value in values.items():
        flag = spec.option(name).flag
        argv += [flag] if value is True else [flag, str(value)]
    return argv


def build_game(spec: GameSpec, args: argparse.Namespace) -> PlayableGame[Any]:
    """The game the options describe: ``--position`` (or the start), then ``--moves``."""
    return spec.game(
        given_options(spec, args), getattr(args, "position", None), getattr(args, "moves", None)
    )


def add_game_and_position(parser: argparse.ArgumentParser, spec: GameSpec) -> None:
    """The game's options, ``--position`` and ``--moves``."""
    add_game_options(parser, spec)
    add_position_arguments(parser, spec.moves_example)
