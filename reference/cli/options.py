"""The command line's options: every numeric option has a range, checked before any work.

Ranges are :class:`reference.ranges.IntRange` / :class:`~reference.ranges.FloatRange`;
:func:`reference.ranges.add_ranged_argument` adds an option read by one, so a refusal
becomes ``error: argument --depth: ...`` on one line, exit status 2, before the game is
even built.  A game's own options come from the registry (:mod:`reference.registry`):
:func:`add_game_options` adds them, :func:`game_options` reads them back and
:func:`build_game` builds the game they describe.  ``check`` and ``suite`` draw their
positions by seeded random play (:func:`add_draw_arguments`,
:func:`add_random_play_arguments`, :func:`draw_positions`).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from reference.errors import ParameterError
from reference.ranges import FloatRange, IntRange, add_ranged_argument
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
DEFAULT_SEED = 1
"""The seed of ``check`` and ``suite`` unless ``--seed`` says otherwise."""


def add_draw_arguments(
    parser: argparse.ArgumentParser, positions_help: str, positions: int
) -> None:
    """``--positions`` (``positions`` by default) and ``--seed``: how many positions seeded
    random play draws (``check`` and ``suite``)."""
    add_ranged_argument(
        parser,
        "--positions",
        POSITIONS,
        f"{positions_help} (default {positions})",
        default=positions,
    )
    add_ranged_argument(parser, "--seed", SEED, f"default {DEFAULT_SEED}", default=DEFAULT_SEED)


def add_random_play_arguments(parser: argparse.ArgumentParser) -> None:
    """``--max-moves`` / ``--min-moves``: how long the random play that draws positions lasts
    (``check`` and ``suite``)."""
    add_ranged_argument(
        parser,
        "--max-moves",
        PLIES,
        f"random play lasts 0..L moves (default L = {DEFAULT_MAX_MOVES})",
        default=DEFAULT_MAX_MOVES,
    )
    add_ranged_argument(
        parser, "--min-moves", PLIES, "... and at least this many (default 0)", default=0
    )
    parser.add_argument(
        "--sample",
        choices=("walk", "placement", "both"),
        default="walk",
        help="how positions are drawn: walk = random games from the start (default), "
        "placement = pieces or stones placed at random (whole positions, asked of an engine in "
        "the position form; not with --position), both = half of each",
    )


def add_output_arguments(parser: argparse.ArgumentParser) -> None:
    """``--json`` (one JSON object on stdout) and ``--quiet`` (no progress on stderr)."""
    parser.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    parser.add_argument("--quiet", action="store_true", help="no progress output on stderr")


def check_random_play(args: argparse.Namespace) -> None:
    """Refuse ``--min-moves`` larger than ``--max-moves`` (before any game is built)."""
    if args.min_moves > args.max_moves:
        raise ParameterError(
            f"--min-moves {args.min_moves} is more than --max-moves {args.max_moves}"
        )


def draw_positions(
    new_game: Callable[[], PlayableGame[Any]], args: argparse.Namespace
) -> list[tuple[str, ...]]:
    """The move lists that ``--positions``, ``--seed``, ``--min-moves`` and ``--max-moves``
    draw (:func:`reference.oracle.positions.random_positions`; see :func:`check_random_play`)."""
    from reference.oracle.positions import random_positions  # only the commands that draw

    return random_positions(
        new_game,
        count=args.positions,
        seed=args.seed,
        max_moves=args.max_moves,
        min_moves=args.min_moves,
    )


def draw_starts(
    spec: GameSpec, options: JsonObject, start: str | None, args: argparse.Namespace
) -> list[tuple[str | None, tuple[str, ...]]]:
    """The positions ``--sample`` draws, each as ``(start, moves)``: a random game's moves
    from ``start`` (``--position`` or ``None``, the game's start), or a random placement
    with no moves (:mod:`reference.oracle.placement`).  With ``both``, the first half
    (rounded up) are random games.  Only the rule options and ``--seed`` choose them."""
    from reference.oracle.placement import placement_positions
    from reference.oracle.suite import game_factory, sampling_options

    sample = getattr(args, "sample", "walk")
    if sample != "walk" and start is not None:
        raise ParameterError(f"--sample {sample} draws whole positions: give it without --position")
    walks = {"walk": args.positions, "placement": 0}.get(sample, (args.positions + 1) // 2)
    placed = args.positions - walks
    drawn: list[tuple[str | None, tuple[str, ...]]] = []
    if walks:
        sampler = game_factory(spec, sampling_options(spec, options), start)
        count = args.positions
        args.positions = walks
        try:
            drawn += [(start, moves) for moves in draw_positions(sampler, args)]
        finally:
            args.positions = count
    if placed:
        texts = placement_positions(spec, options, count=placed, seed=args.seed)
        drawn += [(text, ()) for text in texts]
    return drawn


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
            add_ranged_argument(
                parser, option.flag, option.range, option.help, default=option.default
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


G = TypeVar("G")


def build_game_as(spec: GameSpec, args: argparse.Namespace, kind: type[G]) -> G:
    """:func:`build_game`, for a command that needs the game's own class ``kind``."""
    game = build_game(spec, args)
    assert isinstance(game, kind), (type(game), kind)
    return game


def build_game(spec: GameSpec, args: argparse.Namespace) -> PlayableGame[Any]:
    """The game the options describe: ``--position`` (or the start), then ``--moves``."""
    return spec.game(
        given_options(spec, args), getattr(args, "position", None), getattr(args, "moves", None)
    )


def add_game_and_position(parser: argparse.ArgumentParser, spec: GameSpec) -> None:
    """The game's options, ``--position`` and ``--moves``."""
    add_game_options(parser, spec)
    add_position_arguments(parser, spec.moves_example)
