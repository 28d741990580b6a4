"""Connect6 in the registry: ``python -m reference <command> connect6``.

Seed 004.  Options: ``--size S`` (6..19, default 19, or the size written in
``--position``), ``--pair-width`` / ``--point-width`` (how many candidate pairs the
search tries, and from how many best single points they are formed) and
``--full-width`` (heuristic searches try every legal move instead of the candidate
pairs; ``perft``, ``solve`` and ``show`` always use every legal move).  Points are
``j10`` (``a1`` bottom left), moves ``j10`` or ``i9,k11``, positions ``size/black
points/white points`` (:mod:`reference.connect6.notation`).  The reported value of
``solve`` is the sign of the score (1 win, 0 draw, -1 loss).
"""

from __future__ import annotations

import math

from reference.connect6.candidates import PAIR_WIDTH, POINT_WIDTH
from reference.connect6.geometry import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, check_size
from reference.connect6.notation import parse_position
from reference.connect6.rules import Connect6
from reference.errors import ParameterError
from reference.ranges import IntRange
from reference.registry import GameSpec, Options, int_value, integer, is_on, switch

SIZE = IntRange(MIN_SIZE, MAX_SIZE)
"""``--size``: a road of six must fit; one column letter per column."""
PAIR_WIDTH_RANGE = IntRange(1, 100_000)
"""``--pair-width``: a 19 x 19 board has at most 64,980 pairs, so any larger width is all of them."""
POINT_WIDTH_RANGE = IntRange(2, MAX_SIZE * MAX_SIZE)
"""``--point-width``: two points make a pair; a board has at most 361 points."""


def new_game(options: Options, position: str | None) -> Connect6:
    """Build the game from ``size`` and ``position`` (their sizes must agree)."""
    size = int_value(options, "size")
    pair_width = int_value(options, "pair_width") or PAIR_WIDTH
    point_width = int_value(options, "point_width") or POINT_WIDTH
    if position is not None:
        parsed = parse_position(position)
        if size is not None and size != parsed.size:
            raise ParameterError(f"--size {size} disagrees with the position's size {parsed.size}")
        game = Connect6(position=parsed, pair_width=pair_width, point_width=point_width)
    else:
        game = Connect6(
            check_size(DEFAULT_SIZE if size is None else size),
            pair_width=pair_width,
            point_width=point_width,
        )
    game.full_width = is_on(options, "full_width")
    return game


SIZE_OPTION = integer("size", SIZE, f"board size (default {DEFAULT_SIZE}, or --position's)")

SOLVED_SIZE = 8
"""The largest board whose values ``check`` and ``suite`` try by default (our choice)."""


def default_budget(game: Connect6) -> int:
    """Nodes ``check`` and ``suite`` let a reference solve spend per position by default: on
    boards above :data:`SOLVED_SIZE` none (a full-width node there lists tens of thousands of
    pairs: 64 nodes take seconds and solve nothing), else 2**14 (our choice; measured in
    docs/oracle.md)."""
    return 0 if game.size > SOLVED_SIZE else 1 << 14


REACH_LOG10 = 12
"""A full-width solve is offered without a word up to 10^12 move sequences (our choice:
a 6 x 6 board with 10 empty points has 113,400 and solves in 2,953 nodes; each two more
empty points multiply the sequences by about a hundred)."""


def sequences_log10(empty: int, stones_now: int) -> float:
    """log10 of the number of move sequences to a full board: the stones to place now, then
    two points a turn (an upper bound on the game tree: wins end games sooner)."""
    total, left, place = 0.0, empty, stones_now
    while left > 0:
        take = min(place, left)
        total += math.log10(math.comb(left, take))
        left -= take
        place = 2
    return total


def out_of_reach(game: Connect6) -> str | None:
    """The sentence ``solve`` says at once for a position it cannot finish (full width)."""
    empty = game.size * game.size - (game.stones(0) | game.stones(1)).bit_count()
    log10 = sequences_log10(empty, game.stones_per_move())
    if log10 <= REACH_LOG10:
        return None
    return (
        f"a full solve of this position cannot finish: every legal move is searched, and "
        f"with {empty} empty points the game tree has up to 10^{log10:.0f} move sequences; "
        "searching anyway (Ctrl-C stops; --time SECONDS or --nodes N bound it)"
    )


SPEC = GameSpec(
    name="connect6",
    help="Connect6 (seed 004): S x S board, black opens with one stone, then two per move",
    options=(
        SIZE_OPTION,
        integer(
            "pair_width",
            PAIR_WIDTH_RANGE,
            f"candidate pairs tried per position (default {PAIR_WIDTH})",
            PAIR_WIDTH,
        ),
        integer(
            "point_width",
            POINT_WIDTH_RANGE,
            f"best single points combined into pairs (default {POINT_WIDTH})",
            POINT_WIDTH,
        ),
        switch(
            "full_width",
            "bestmove / play search every legal move, not only candidate pairs "
            "(perft, solve and show always use every legal move)",
        ),
    ),
    new_game=new_game,
    moves_example="j10 i9,k11",
    rule_options=lambda game: {"size": game.size},
    budget=default_budget,
    depth=1,
    positions=10,
    explain="reference.connect6.explain",
    out_of_reach=out_of_reach,
)
