"""Test suites as files: one JSON object per line, each a position with the reference's answers.

A line (format documented in ``docs/oracle.md``)::

    {"game": "mnk", "options": {"m": 3, "n": 3, "k": 3}, "moves": ["b2", "a1"],
     "position": ".../.x./o.. x", "perft": [7, 42], "divide": {"a2": 6, ...},
     "value": 0, "best_moves": ["a2", ...]}

``perft[d - 1]`` is the number of move sequences of exactly ``d`` plies from the
position; ``divide`` splits the last of them by first move.  ``value`` is the exact
value for the side to move (as ``solve`` reports it) and ``best_moves`` every
optimal move, or both are ``null`` when the reference could not solve the
position within the node budget the suite was written with.

>>> from reference.registry import load
>>> spec = load("mnk")
>>> line = suite_line(spec, {"m": 3, "n": 3, "k": 3}, ["b2", "a1"], depth=2)
>>> line["perft"], line["value"], sorted(line["best_moves"])[:3]
([7, 42], 0, ['a2', 'a3', 'b1'])
>>> verify_line(spec, read_suite_line(json.dumps(line), 1))
[]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from reference import api
from reference.errors import ParameterError, PositionFormatError
from reference.files import unique_keys
from reference.oracle.positions import DEFAULT_BUDGET, replay, solve_within
from reference.registry import GameSpec, JsonObject
from reference.search.protocol import PlayableGame

AnyGame = PlayableGame[Any]

MAX_SUITE_LINE = 1 << 24
"""Longest line read from a suite file, in characters (our choice)."""


def game_factory(
    spec: GameSpec, options: object, start: str | None = None
) -> Callable[[], AnyGame]:
    """A function building the start position of ``spec``'s game with ``options``, or the
    position ``start`` (the game's notation) when given; both checked now."""
    values = spec.check_options(options)
    spec.new_game(values, start)  # reports bad options, or a bad position, at once

    def new_game() -> AnyGame:
        return spec.new_game(values, start)

    return new_game


def sampling_options(spec: GameSpec, options: object) -> JsonObject:
    """``options`` without the search options: what random play draws its positions under.

    Only the rule options (``spec.rule_options``) and files (a war chess scenario) are kept,
    so a search option (``--ordering``, which reorders ``legal_moves``) never changes which
    positions a seed draws.
    """
    values = spec.check_options(options)
    if spec.rule_options is None:
        return spec.non_default(values)
    rules = set(spec.rule_options(spec.new_game(values, None)))
    kept = {o.name: values[o.name] for o in spec.options if o.name in rules or o.kind == "file"}
    return spec.non_default(kept)


def suite_line(
    spec: GameSpec,
    options: JsonObject,
    moves: Sequence[str],
    *,
    depth: int,
    budget: int | None = DEFAULT_BUDGET,
    start: str | None = None,
) -> JsonObject:
    """The suite line of the position reached by ``moves`` from the start, or from the
    position ``start`` (then the line has a ``start`` key; see the module docstring)."""
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise ParameterError(f"suite depth must be an integer >= 1, got {depth!r}")
    game = replay(game_factory(spec, options, start), moves)
    solution = solve_within(game, budget)
    return {
        "game": spec.name,
        "options": dict(options),
        **({} if start is None else {"start": start}),
        "moves": list(moves),
        "position": game.to_notation(),
        "perft": [api.perft(game, d) for d in range(1, depth + 1)],
        "divide": api.divide(game, depth),
        "value": None if solution is None else solution.value,
        "best_moves": None if solution is None else list(solution.best_moves_notation),
    }


@dataclass(frozen=True, slots=True)
class SuiteEntry:
    """One line of a suite file, checked for shape (not for truth: see :func:`verify_line`)."""

    line_number: int
    game: str
    options: JsonObject
    moves: tuple[str, ...]
    position: str
    perft: tuple[int, ...]
    divide: dict[str, int]
    value: int | None
    best_moves: tuple[str, ...] | None
    start: str | None = None
    """The position ``moves`` are played from (``None``: the game's start)."""

    @property
    def depth(self) -> int:
        return len(self.perft)


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def read_suite_line(text: str, line_number: int) -> SuiteEntry:
    """Parse and check the shape of one suite line; raise ``PositionFormatError`` saying what is wrong."""

    def bad(message: str) -> PositionFormatError:
        return PositionFormatError(f"suite line {line_number}: {message}")

    try:
        data = json.loads(text, object_pairs_hook=unique_keys)
    except (ValueError, RecursionError) as error:
        raise bad(f"not JSON ({str(error).splitlines()[0][:100]})") from None
    if not isinstance(data, dict):
        raise bad("not a JSON object")
    required = ("game", "options", "moves", "position", "perft", "divide", "value", "best_moves")
    missing = [key for key in required if key not in data]
    unknown = sorted(set(data) - set(required) - {"start"})
    if missing or unknown:
        raise bad(
            f"missing keys {missing}, unknown keys {unknown}; a line has exactly "
            f"{list(required)} (and 'start', the position the moves start from, when not the game's)"
        )
    start = data.get("start")
    if start is not None and not isinstance(start, str):
        raise bad("'start' must be a string (a position in the game's notation)")
    game, options, moves, position = data["game"], data["options"], data["moves"], data["position"]
    perft, divide, value, best = data["perft"], data["divide"], data["value"], data["best_moves"]
    if not isinstance(game, str) or not isinstance(position, str):
        raise bad("'game' and 'position' must be strings")
    if not isinstance(options, dict):
        raise bad("'options' must be an object")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise bad("'moves' must be a list of strings")
    if not isinstance(perft, list) or not perft or not all(_is_count(n) for n in perft):
        raise bad("'perft' must be a non-empty list of counts (integers >= 0)")
    if not isinstance(divide, dict) or not all(_is_count(n) for n in divide.values()):
        raise bad("'divide' must be an object of counts")
    if sum(divide.values()) != perft[-1]:
        raise bad(
            f"'divide' sums to {sum(divide.values())}, not to the last perft count {perft[-1]}"
        )
    if value is None:
        if best is not None:
            raise bad("'best_moves' must be null when 'value' is null")
    elif isinstance(value, bool) or not isinstance(value, int):
        raise bad("'value' must be an integer or null")
    elif not isinstance(best, list) or not all(isinstance(m, str) for m in best):
        raise bad("'best_moves' must be a list of strings when 'value' is given")
    return SuiteEntry(
        line_number=line_number,
        game=game,
        options=options,
        moves=tuple(moves),
        position=position,
        perft=tuple(perft),
        divide=dict(divide),
        value=value,
        best_moves=None if best is None else tuple(best),
        start=start,
    )


FILE_OPTIONS = ("scenario",)
"""Options whose value names a file (war chess ``--scenario``)."""


def read_suite(lines: Iterable[str], *, beside: Path | None = None) -> Iterator[SuiteEntry]:
    """The entries of a suite file's lines (blank lines and lines starting with ``#`` skipped).

    ``beside``: the suite file's folder; a relative file name in an option (a war chess
    scenario) names a file there, so a suite and its scenario travel together.
    """
    for number, line in enumerate(lines, start=1):
        if len(line) > MAX_SUITE_LINE:
            raise PositionFormatError(
                f"suite line {number}: longer than {MAX_SUITE_LINE:,} characters"
            )
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            entry = read_suite_line(stripped, number)
            if beside is not None:
                entry = _files_beside(entry, beside)
            yield entry


def _files_beside(entry: SuiteEntry, folder: Path) -> SuiteEntry:
    options = dict(entry.options)
    for name in FILE_OPTIONS:
        value = options.get(name)
        if isinstance(value, str) and value and not Path(value).is_absolute():
            options[name] = str(folder / value)
    return replace(entry, options=options)


def verify_line(spec: GameSpec, entry: SuiteEntry, *, budget: int | None = None) -> list[str]:
    """Re-derive every answer of ``entry`` with the reference; the differences (empty: all right).

    The value is re-derived when the line has one (``budget``: the most nodes to spend;
    ``None``, no limit).
    """
    problems: list[str] = []
    if entry.game != spec.name:
        return [f"game {entry.game!r} is not {spec.name!r}"]
    game = replay(game_factory(spec, entry.options, entry.start), entry.moves)
    if game.to_notation() != entry.position:
        problems.append(f"position: {entry.position!r}, the reference {game.to_notation()!r}")
    perft = tuple(api.perft(game, d) for d in range(1, entry.depth + 1))
    if perft != entry.perft:
        problems.append(f"perft: {list(entry.perft)}, the reference {list(perft)}")
    divide = api.divide(game, entry.depth)
    if divide != entry.divide:
        problems.append(f"divide: {entry.divide}, the reference {divide}")
    if entry.value is not None:
        solution = solve_within(game, budget)
        if solution is None:
            problems.append("value: the reference could not solve it within the budget")
        else:
            if solution.value != entry.value:
                problems.append(f"value: {entry.value}, the reference {solution.value}")
            if entry.best_moves is None or sorted(solution.best_moves_notation) != sorted(
                entry.best_moves
            ):
                problems.append(
                    f"best_moves: {entry.best_moves}, the reference {list(solution.best_moves_notation)}"
                )
    return problems


__all__ = [
    "SuiteEntry",
    "game_factory",
    "read_suite",
    "read_suite_line",
    "sampling_options",
    "suite_line",
    "verify_line",
]
