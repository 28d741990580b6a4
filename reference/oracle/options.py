"""A game's options as a JSON object, and back: what suites, ``serve`` and ``check`` record.

The options of a game are the ones its ``GameSpec.add_arguments`` gives the command
line, named by their ``argparse`` destination (``--draw-limit`` is ``"draw_limit"``).
A JSON object of options is turned into a namespace by the same parser the command
line uses, so it is checked by the same rules:

>>> from reference.cli.games import available_games
>>> spec = available_games()["mnk"]
>>> args = namespace_from_options(spec, {"m": 4, "n": 3, "k": 3})
>>> (args.m, args.n, args.k, args.no_symmetry)
(4, 3, 3, False)
>>> options_from_namespace(spec, args)
{'m': 4, 'n': 3, 'k': 3}
>>> options_to_argv(spec, {"m": 4, "no_symmetry": True})
['--m', '4', '--no-symmetry']
>>> namespace_from_options(spec, {"size": 6})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
reference.errors.ParameterError: unknown option 'size' for mnk (its options: m, n, k, no_symmetry, ...)
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import NoReturn

from reference.cli.spec import GameSpec, JsonObject
from reference.errors import ParameterError


class RaisingParser(argparse.ArgumentParser):
    """An argument parser that raises :class:`ParameterError` instead of exiting."""

    def error(self, message: str) -> NoReturn:
        raise ParameterError(message)


_PARSERS: dict[str, tuple[RaisingParser, dict[str, argparse.Action]]] = {}


def _parser(spec: GameSpec) -> tuple[RaisingParser, dict[str, argparse.Action]]:
    """The parser of ``spec``'s own options (cached) and its actions by destination."""
    cached = _PARSERS.get(spec.name)
    if cached is None:
        parser = RaisingParser(prog=spec.name, add_help=False, allow_abbrev=False)
        spec.add_arguments(parser)
        actions = {a.dest: a for a in parser._actions if a.option_strings}
        cached = _PARSERS[spec.name] = (parser, actions)
    return cached


def option_names(spec: GameSpec) -> list[str]:
    """The option names of a game, in the order its ``--help`` lists them."""
    return list(_parser(spec)[1])


def _flag(action: argparse.Action) -> str:
    long = [s for s in action.option_strings if s.startswith("--")]
    return (long or action.option_strings)[0]


def _is_switch(action: argparse.Action) -> bool:
    return action.nargs == 0


def _arguments(spec: GameSpec, options: object) -> list[tuple[str, str | None]]:
    """``(flag, value)`` per option (``None`` for a switch that is on); raise if malformed."""
    if not isinstance(options, Mapping):
        raise ParameterError(f"options must be a JSON object, got {type(options).__name__}")
    _, actions = _parser(spec)
    pairs: list[tuple[str, str | None]] = []
    for name, value in options.items():
        action = actions.get(name) if isinstance(name, str) else None
        if action is None:
            allowed = ", ".join(actions) or "none"
            raise ParameterError(
                f"unknown option {name!r} for {spec.name} (its options: {allowed})"
            )
        if _is_switch(action):
            if not isinstance(value, bool):
                raise ParameterError(f"option {name!r} is a switch: true or false, got {value!r}")
            if value:
                pairs.append((_flag(action), None))
        elif isinstance(value, int) and not isinstance(value, bool):
            pairs.append((_flag(action), str(value)))
        elif isinstance(value, str) and action.type in (None, str):
            pairs.append((_flag(action), value))
        else:  # a typed option (a number) given a string, or a value of no option's kind
            kind = "a string" if action.type in (None, str) else "an integer"
            raise ParameterError(f"option {name!r} takes {kind}, got {_brief(value)}")
    return pairs


def _brief(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:40]}... ({len(text)} characters)"


def options_to_argv(spec: GameSpec, options: object) -> list[str]:
    """The command-line arguments that give ``options``; raise ``ParameterError`` if malformed."""
    argv: list[str] = []
    for flag, value in _arguments(spec, options):
        argv += [flag] if value is None else [flag, value]
    return argv


def namespace_from_options(spec: GameSpec, options: object) -> argparse.Namespace:
    """The namespace the command line would build from ``options`` (checked the same way)."""
    parser, _ = _parser(spec)
    # "--m=-3", not "--m -3": a value that starts with '-' must not be read as an option.
    argv = [
        flag if value is None else f"{flag}={value}" for flag, value in _arguments(spec, options)
    ]
    try:
        return parser.parse_args(argv)
    except ParameterError as error:  # name the option as the JSON object does
        message = str(error)
        for name, action in _parser(spec)[1].items():
            message = message.replace(f"argument {_flag(action)}:", f"option {name!r}:")
        raise ParameterError(message) from None


def options_from_namespace(spec: GameSpec, args: argparse.Namespace) -> JsonObject:
    """The game options in ``args`` that differ from their defaults (what rebuilds the game)."""
    parser, actions = _parser(spec)
    out: JsonObject = {}
    for name in actions:
        value = getattr(args, name, None)
        if value != parser.get_default(name):
            out[name] = value
    return out


__all__ = [
    "RaisingParser",
    "namespace_from_options",
    "option_names",
    "options_from_namespace",
    "options_to_argv",
]
