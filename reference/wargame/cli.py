"""The command line of turn-based war chess (seed 002): ``python -m reference COMMAND wargame``.

Generic commands (``show``, ``bestmove``, ``play``, ...) drive :class:`~reference.wargame.game.WarGame`;
moves are whole-turn plans written ``b1-b3,c1-c2xc4`` (see :mod:`reference.wargame.battle`).
``enumerate wargame`` runs one single-turn enumeration (Algorithm 2 ``order`` or
Algorithm 5 ``recursion``) on the §5 set-up or on a ``--scenario`` file and reports
``plans``, ``distinct_states`` and ``ops1``.
"""

from __future__ import annotations

import argparse
import time

from reference.cli.options import IntRange, ranged_help
from reference.cli.spec import ExtraCommand, GameSpec, JsonObject, game_from_args
from reference.errors import ParameterError
from reference.wargame.battle import Battle
from reference.wargame.complexity import (
    diamond_size,
    ops1_dictionary_sequence,
    ops1_recursive_enumeration,
)
from reference.wargame.experiment import (
    ALGORITHMS,
    LAYOUTS,
    MAX_MOVEMENT,
    MAX_UNITS,
    enumerate_turn,
    paper_setup,
)
from reference.wargame.game import (
    DEFAULT_TURN_LIMIT,
    MAX_TURN_LIMIT,
    SKIRMISH,
    WarGame,
    read_scenario,
)

MOVES_EXAMPLE = "a1-a2,b1-b2,c1-c2 c4-c3,d4-b4xb2"
"""Alex's three units step up, then Billie's swordsman steps down and her archer shoots b2
(legal from the default skirmish; a test checks it)."""

TURN_LIMIT = IntRange(1, MAX_TURN_LIMIT)
"""``--turn-limit``: side turns before a draw."""
UNITS = IntRange(1, MAX_UNITS)
"""``enumerate --units``: the §5 set-ups (one side's swordsmen on an open board)."""
MOVEMENT = IntRange(0, MAX_MOVEMENT)
"""``enumerate --movement``: movement points of each unit in the §5 set-ups."""


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--scenario",
        metavar="FILE",
        help="read the start position from FILE (position notation, UTF-8; '#' comments); "
        "default: the built-in 5x4 skirmish (3 units against 2); not with --position",
    )
    parser.add_argument(
        "--turn-limit",
        type=TURN_LIMIT,
        default=None,
        help=ranged_help(
            f"side turns before a draw (default: the position's, else {DEFAULT_TURN_LIMIT})",
            TURN_LIMIT,
        ),
    )


def start_text(scenario: str | None, position: str | None) -> str | None:
    """The position notation of ``--scenario FILE`` or ``--position P`` (not both)."""
    if scenario is not None and position is not None:
        raise ParameterError("give --scenario or --position, not both")
    return read_scenario(scenario) if scenario is not None else position


def new_game(args: argparse.Namespace, position: str | None) -> WarGame:
    limit: int | None = getattr(args, "turn_limit", None)
    text = start_text(getattr(args, "scenario", None), position)
    return WarGame.from_notation(SKIRMISH if text is None else text, limit)



def add_enumerate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--units", type=UNITS, default=3, help=ranged_help("units of the side (default 3)", UNITS)
    )
    parser.add_argument(
        "--movement",
        type=MOVEMENT,
        default=2,
        help=ranged_help("movement points (default 2)", MOVEMENT),
    )
    parser.add_argument("--layout", choices=LAYOUTS, default="dispersed", help="default: dispersed")
    parser.add_argument(
        "--algorithm",
        choices=ALGORITHMS,
        default="recursion",
        help="order = Algorithm 2 (dictionary sequence), recursion = Algorithm 5 (default)",
    )
    parser.add_argument(
        "--scenario",
        metavar="FILE",
        help="enumerate the side to move of the position in FILE instead of the §5 set-up "
        "(--units/--movement/--layout are then ignored)",
    )
    parser.add_argument("--position", help="like --scenario, with the position given inline")
    parser.add_argument(
        "--moves",
        help="whole-turn plans played first from --scenario / --position (or the default "
        f'skirmish), e.g. "{MOVES_EXAMPLE}"',
    )


def run_enumerate(args: argparse.Namespace) -> JsonObject:
    """One single-turn enumeration: seed 002, §4-§5."""
    text = start_text(args.scenario, getattr(args, "position", None))
    moves: str | None = getattr(args, "moves", None)
    if text is None and moves:
        text = SKIRMISH
    out: JsonObject = {"algorithm": args.algorithm}
    if text is not None:
        notation: str = text
        battle: Battle = game_from_args(
            lambda _args, _position: WarGame.from_notation(notation), args
        ).battle
        out["position"] = battle.to_notation()
    else:
        battle = paper_setup(args.units, args.movement, args.layout)
        out.update(units=args.units, movement=args.movement, layout=args.layout)
    start = time.perf_counter()
    result = enumerate_turn(battle, args.algorithm)
    seconds = time.perf_counter() - start
    out.update(
        plans=result.plans,
        distinct_states=result.distinct_states,
        ops1=result.ops1,
        units=result.units,
        seconds=round(seconds, 6),
    )
    if text is None and args.layout == "dispersed":
        r = diamond_size(args.movement)
        formula = ops1_dictionary_sequence if args.algorithm == "order" else ops1_recursive_enumeration
        out["range_size"] = r
        out["closed_form_ops1"] = formula(args.units, r)
    return out


SPEC = GameSpec(
    name="wargame",
    moves_example=MOVES_EXAMPLE,
    help="turn-based war chess (seed 002); a move is a whole turn's plan, e.g. b1-b3,c1-c2xc4",
    add_arguments=add_game_arguments,
    new_game=new_game,
    extra_commands={
        "enumerate": ExtraCommand(
            help="enumerate one side's turn with Algorithm 2 or 5; count plans, states, ops1",
            add_arguments=add_enumerate_arguments,
            run=run_enumerate,
        )
    },
)
