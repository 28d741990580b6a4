"""Turn-based war chess in the registry: ``python -m reference <command> wargame``.

Seed 002.  The generic commands drive :class:`~reference.wargame.game.WarGame`
(the rules' :class:`~reference.wargame.rules.WarState` with a turn's enumeration watched
by the search's deadline and a plan budget); moves are whole-turn plans written
``b1-b3,c1-c2xc4`` (see :mod:`reference.wargame.notation`).
Options: ``--scenario FILE`` (the start position, instead of the built-in skirmish) and
``--turn-limit N`` (side turns before a draw).
"""

from __future__ import annotations

from reference.errors import ParameterError
from reference.ranges import IntRange
from reference.registry import GameSpec, Options, file, int_value, integer, text_value
from reference.wargame.game import WarGame
from reference.wargame.notation import read_scenario
from reference.wargame.rules import DEFAULT_TURN_LIMIT, MAX_TURN_LIMIT, SKIRMISH

MOVES_EXAMPLE = "a1-a2,b1-b2,c1-c2 c4-c3,d4-b4xb2"
"""Alex's three units step up, then Billie's swordsman steps down and her archer shoots b2
(legal from the default skirmish; a test checks it)."""

TURN_LIMIT = IntRange(1, MAX_TURN_LIMIT)
"""``--turn-limit``: side turns before a draw."""


def start_text(scenario: str | None, position: str | None) -> str | None:
    """The position notation of ``--scenario FILE`` or ``--position P`` (not both)."""
    if scenario is not None and position is not None:
        raise ParameterError("give --scenario or --position, not both")
    return read_scenario(scenario) if scenario is not None else position


def new_game(options: Options, position: str | None) -> WarGame:
    """The skirmish, the ``scenario`` file's position or ``position``, with the turn limit."""
    text = start_text(text_value(options, "scenario"), position)
    return WarGame.from_notation(
        SKIRMISH if text is None else text, int_value(options, "turn_limit")
    )


SOLVED_TURNS = 8
"""The most turns left at the start for which ``check`` and ``suite`` try values by default
(our choice: the default skirmish has 20, and 64 nodes of it take half a second and solve
nothing)."""


def default_budget(game: WarGame) -> int:
    """Nodes ``check`` and ``suite`` let a reference solve spend per position by default: none
    (0, values not tried) when more than :data:`SOLVED_TURNS` turns are left at the start, else
    2**20 (our choice; measured in docs/oracle.md)."""
    return 0 if game.turn_limit - game.turns_played > SOLVED_TURNS else 1 << 20


SPEC = GameSpec(
    name="wargame",
    help="turn-based war chess (seed 002); a move is a whole turn's plan, e.g. b1-b3,c1-c2xc4",
    options=(
        file(
            "scenario",
            "read the start position from FILE (position notation, UTF-8; '#' comments); "
            "default: the built-in 5x4 skirmish (3 units against 2); not with --position",
        ),
        integer(
            "turn_limit",
            TURN_LIMIT,
            f"side turns before a draw (default: the position's, else {DEFAULT_TURN_LIMIT})",
        ),
    ),
    new_game=new_game,
    moves_example=MOVES_EXAMPLE,
    rule_options=lambda game: {"turn_limit": game.turn_limit},
    budget=default_budget,
    depth=1,
    explain="reference.wargame.explain",
)
