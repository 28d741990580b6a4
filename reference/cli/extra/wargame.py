"""``enumerate wargame``: one side's turn enumerated by Algorithm 2 or 5 of seed 002.

Runs one single-turn enumeration (Algorithm 2 ``order`` or Algorithm 5
``recursion``) on the §5 set-up or on a ``--scenario`` file and reports ``plans``,
``distinct_states`` and ``ops1`` (with the closed form of §4.3 on the §5 set-ups).
"""

from __future__ import annotations

import argparse
import time

from reference.cli.extra import ExtraCommand
from reference.ranges import IntRange, add_ranged_argument
from reference.registry import GameSpec, JsonObject
from reference.registry.wargame import start_text
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
from reference.wargame.rules import SKIRMISH, Battle, WarState

UNITS = IntRange(1, MAX_UNITS)
"""``enumerate --units``: the §5 set-ups (one side's swordsmen on an open board)."""
MOVEMENT = IntRange(0, MAX_MOVEMENT)
"""``enumerate --movement``: movement points of each unit in the §5 set-ups."""


def add_enumerate_arguments(parser: argparse.ArgumentParser, spec: GameSpec) -> None:
    add_ranged_argument(parser, "--units", UNITS, "units of the side (default 3)", default=3)
    add_ranged_argument(parser, "--movement", MOVEMENT, "movement points (default 2)", default=2)
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
        f'skirmish), e.g. "{spec.moves_example}"',
    )


def run_enumerate(spec: GameSpec, args: argparse.Namespace) -> JsonObject:
    """One single-turn enumeration: seed 002, §4-§5."""
    text = start_text(args.scenario, getattr(args, "position", None))
    moves: str | None = getattr(args, "moves", None)
    if text is None and moves:
        text = SKIRMISH
    out: JsonObject = {"algorithm": args.algorithm}
    if text is not None:
        game = spec.game(position=text, moves=moves)
        assert isinstance(game, WarState)
        battle: Battle = game.battle
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
        formula = (
            ops1_dictionary_sequence if args.algorithm == "order" else ops1_recursive_enumeration
        )
        out["range_size"] = r
        out["closed_form_ops1"] = formula(args.units, r)
    return out


COMMANDS = {
    "enumerate": ExtraCommand(
        help="enumerate one side's turn with Algorithm 2 or 5; count plans, states, ops1",
        add_arguments=add_enumerate_arguments,
        run=run_enumerate,
    )
}
