"""Positions drawn by placing pieces at random, beside the random games of :mod:`.positions`.

Random games from the start reach only what random play reaches early: in Dou Shou Qi a
hundred random games rarely allow a capture.  The placement sampler writes whole
positions instead, in the game's notation, with the right counts for the game:

* (M,N,K): ``n`` random stones, X has as many as O or one more (the side to move follows);
* Connect6: an odd number of black stones and one fewer or one more white stones;
* Dots and Boxes: a random set of lines, the completed boxes split at random between the
  players, a random side to move;
* Dou Shou Qi: 2-8 pieces a side of distinct kinds on legal squares (mice on water too,
  never a den), a random side to move
  (:func:`reference.dou_shou_qi.positions.random_placement`);
* war chess: the units of the start (``--scenario`` or the skirmish), a random non-empty
  subset of each side, on random distinct passable tiles, with random HP up to their own.

In a game with a draw limit (Dou Shou Qi's plies, war chess's turns) half the placements
stand just before it (:data:`NEAR_THE_LIMIT`), where the default budget tries values.

Every drawn text is read back through the game (``spec.new_game(options, text)``): a text
the game refuses, or a finished position, is drawn again.  Only ``random.Random(seed)``
and the rule options are used, so the same seed gives the same positions whatever the
search options.

>>> from reference.registry import load
>>> spec = load("mnk")
>>> texts = placement_positions(spec, {}, count=3, seed=1)
>>> texts == placement_positions(spec, {"ordering": "natural"}, count=3, seed=1)
True
>>> len(texts), all(spec.new_game(spec.check_options({}), t).legal_moves() for t in texts)
(3, True)
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from reference.errors import ParameterError
from reference.oracle.positions import MAX_DRAWS_PER_POSITION
from reference.oracle.suite import sampling_options
from reference.registry import GameSpec
from reference.search.protocol import PlayableGame

AnyGame = PlayableGame[Any]

Placer = Callable[[AnyGame, random.Random], str]
"""From the game's start (under the rule options) and a generator: a position's notation."""

NEAR_THE_LIMIT = {"dou-shou-qi": 4, "wargame": 2}
"""Half the placements of a game with a draw limit are this close to it (plies, turns):
the default budget tries values only there (``check --what value``; our choice: near
enough that most solve within it)."""

SAMPLES = ("walk", "placement", "both")
"""``--sample``: random games (walk), random placements, or half of each (walks first)."""

CONNECT6_MAX_STONES = 40
"""Most stones a Connect6 placement puts down (our choice: mid-game, where lines form)."""


def _mnk(game: AnyGame, rng: random.Random) -> str:
    rows_text, _ = game.to_notation().split()
    rows = rows_text.split("/")
    cells = [(r, c) for r in range(len(rows)) for c in range(len(rows[r]))]
    count = rng.randrange(len(cells))  # at least one cell stays empty
    chosen = rng.sample(cells, count)
    x_count = (count + 1) // 2
    board = [["."] * len(row) for row in rows]
    for index, (r, c) in enumerate(chosen):
        board[r][c] = "x" if index < x_count else "o"
    to_move = "x" if count % 2 == 0 else "o"
    return "/".join("".join(row) for row in board) + " " + to_move


def _connect6(game: AnyGame, rng: random.Random) -> str:
    # imported here: importing the oracle imports no game
    from reference.connect6.geometry import COLUMN_LETTERS

    size = int(game.to_notation().split("/")[0])
    points = [f"{COLUMN_LETTERS[x]}{y + 1}" for x in range(size) for y in range(size)]
    most = min(CONNECT6_MAX_STONES, size * size - 1)
    black = 2 * rng.randrange((most + 1) // 2) + 1  # odd
    white = black + rng.choice((-1, 1))
    while black + white > most and black > 1:
        black -= 2
        white -= 2
    chosen = rng.sample(points, black + white)
    return f"{size}/{','.join(chosen[:black])}/{','.join(chosen[black:])}"


def _dots_and_boxes(game: AnyGame, rng: random.Random) -> str:
    # imported here: importing the oracle imports no game
    from reference.dots_and_boxes.geometry import geometry as box_geometry
    from reference.dots_and_boxes.notation import Position as BoxPosition
    from reference.dots_and_boxes.notation import format_position as format_boxes
    from reference.dots_and_boxes.notation import parse_position as parse_boxes

    empty = parse_boxes(game.to_notation())
    geo = box_geometry(empty.rows, empty.cols)
    count = rng.randrange(geo.num_edges)  # at least one line left to draw
    edges = 0
    for e in rng.sample(range(geo.num_edges), count):
        edges |= 1 << e
    boxes = geo.completed_boxes(edges)
    first = rng.randint(0, boxes)
    position = BoxPosition(empty.rows, empty.cols, edges, (first, boxes - first), rng.randint(0, 1))
    return format_boxes(position)


def _dou_shou_qi(game: AnyGame, rng: random.Random) -> str:
    # imported here: importing the oracle imports no game
    from reference.dou_shou_qi.notation import format_placement
    from reference.dou_shou_qi.positions import random_placement

    placement = random_placement(rng, pieces_per_side=(2, 8))
    limit: int | None = getattr(game, "draw_limit", None)
    if limit is not None and rng.random() < 0.5:
        plies = max(0, limit - rng.randint(1, NEAR_THE_LIMIT["dou-shou-qi"]))
        placement = replace(placement, plies=plies)
    return format_placement(placement)


_UNIT = re.compile(r"([ab][A-Z])@([a-z][0-9]+):([0-9]+)(/.*)")


def _wargame(game: AnyGame, rng: random.Random) -> str:
    fields = game.to_notation().split()
    rows_text, units_text = fields[0], fields[1]
    body = rows_text.rpartition(":")[2]  # after hex: or oct:
    rows = body.split("/")
    passable = [
        f"{chr(ord('a') + x)}{len(rows) - y}"
        for y, row in enumerate(rows)
        for x, char in enumerate(row)
        if char in ".f"
    ]
    units = [m for m in (_UNIT.fullmatch(u) for u in units_text.split(",")) if m is not None]
    kept = []
    for side in "ab":
        own = [m for m in units if m.group(1)[0] == side]
        if own:
            kept += rng.sample(own, rng.randint(1, len(own)))
    tiles = rng.sample(passable, min(len(kept), len(passable)))
    placed = [
        f"{m.group(1)}@{tile}:{rng.randint(1, int(m.group(3)))}{m.group(4)}"
        for m, tile in zip(kept, tiles, strict=False)
    ]
    fields[1] = ",".join(placed) or "-"
    fields[2] = rng.choice("ab")
    if len(fields) == 4 and rng.random() < 0.5:  # the turn counter: near its limit
        limit = int(fields[3].partition("/")[2])
        played = max(0, limit - rng.randint(1, NEAR_THE_LIMIT["wargame"]))
        fields[3] = f"{played}/{limit}"
    return " ".join(fields)


PLACERS: dict[str, Placer] = {
    "mnk": _mnk,
    "connect6": _connect6,
    "dots-and-boxes": _dots_and_boxes,
    "dou-shou-qi": _dou_shou_qi,
    "wargame": _wargame,
}
"""The placement sampler of each game, by the registry's name."""


def placement_positions(spec: GameSpec, options: object, *, count: int, seed: int) -> list[str]:
    """``count`` distinct positions (the game's notation) drawn by random placement.

    Only the rule options of ``options`` are used (:func:`~.suite.sampling_options`), and
    only ``random.Random(seed)``: the same game, rules and seed give the same positions.
    Positions the game refuses or that are finished are drawn again, at most
    :data:`~.positions.MAX_DRAWS_PER_POSITION` times ``count`` draws in all.
    """
    placer = PLACERS.get(spec.name)
    if placer is None:
        raise ParameterError(
            f"{spec.name} has no random-placement sampler (games with one: "
            f"{', '.join(sorted(PLACERS))}); use --sample walk"
        )
    if count < 0:
        raise ParameterError(f"need count >= 0, got {count}")
    values = spec.check_options(sampling_options(spec, options))
    start = spec.new_game(values, None)
    rng = random.Random(seed)
    drawn: list[str] = []
    seen: set[str] = set()
    for _ in range(count * MAX_DRAWS_PER_POSITION):
        if len(drawn) == count:
            break
        text = placer(start, rng)
        try:
            game = spec.new_game(values, text)
        except ValueError:  # a text the game refuses (a finished line, a unit on a bad tile)
            continue
        if game.is_terminal():
            continue
        text = game.to_notation()
        if text not in seen:
            seen.add(text)
            drawn.append(text)
    if count and not drawn:
        raise ParameterError(
            f"no random placement of {spec.name} under these rules is a legal, unfinished "
            "position (use --sample walk)"
        )
    return drawn


__all__ = ["PLACERS", "SAMPLES", "placement_positions"]
