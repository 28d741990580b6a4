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

from reference.cli.spec import ExtraCommand, GameSpec, JsonObject
from reference.errors import ParameterError
from reference.wargame.battle import Battle
from reference.wargame.complexity import (
    diamond_size,
    ops1_dictionary_sequence,
    ops1_recursive_enumeration,
)
from reference.wargame.experiment import ALGORITHMS, LAYOUTS, enumerate_turn, paper_setup
from reference.wargame.game import DEFAULT_TURN_LIMIT, SKIRMISH, WarGame, read_scenario


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--scenario",
        metavar="FILE",
        help="read the start position from FILE (position notation; '#' comments); "
        "default: the built-in 5x4 skirmish (3 units against 2)",
    )
    parser.add_argument(
        "--turn-limit",
        type=int,
        default=None,
        help=f"side turns before a draw (default: the position's, else {DEFAULT_TURN_LIMIT})",
    )


def new_game(args: argparse.Namespace, position: str | None) -> WarGame:
    limit: int | None = getattr(args, "turn_limit", None)
    scenario: str | None = getattr(args, "scenario", None)
    if position is None:
        position = read_scenario(scenario) if scenario else SKIRMISH
    return WarGame.from_notation(position, limit)



def add_enumerate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--units", type=int, default=3, help="units of the side (default 3)")
    parser.add_argument("--movement", type=int, default=2, help="movement points (default 2)")
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


def run_enumerate(args: argparse.Namespace) -> JsonObject:
    """One single-turn enumeration: seed 002, §4-§5."""
    scenario: str | None = args.scenario
    position: str | None = getattr(args, "position", None)
    if scenario and position:
        raise ParameterError("give --scenario or --position, not both")
    text = read_scenario(scenario) if scenario else position
    out: JsonObject = {"algorithm": args.algorithm}
    if text is not None:
        battle: Battle = WarGame.from_notation(text).battle
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
    moves_example="b1-b3,c1-c2xc4 a4-a4",
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
