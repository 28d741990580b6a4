"""``threats mnk``: the threats of both sides of an (M,N,K) position and its evaluation.

Seed 001, "Evaluation Function": open, semi-open and closed threats
(:mod:`reference.mnk.evaluation`) and the evaluation for the side to move.
"""

from __future__ import annotations

import argparse

from reference.cli.extra import ExtraCommand
from reference.cli.options import build_game_as
from reference.mnk.evaluation import CLOSED, OPEN, find_threats, threat_score
from reference.mnk.notation import SIDE_CHARS
from reference.mnk.rules import MNKState
from reference.registry import GameSpec, JsonObject

KIND_NAMES = {OPEN: "open", CLOSED: "closed"}


def run_threats(spec: GameSpec, args: argparse.Namespace) -> JsonObject:
    """Threats of both sides and the evaluation of a position (seed 001, Evaluation Function)."""
    game = build_game_as(spec, args, MNKState)
    geo = game.geometry
    result: JsonObject = {"position": game.to_notation(), "to_move": SIDE_CHARS[game.to_move]}
    for side, name in enumerate(SIDE_CHARS):
        own, other = game.bits[side], game.bits[1 - side]
        threats = find_threats(own, other, geo.m, geo.n)
        result[f"threats_{name}"] = [
            {"kind": KIND_NAMES.get(kind, "semi-open"), "stones": stones}
            for kind, stones in threats
        ]
        result[f"score_{name}"] = threat_score(own, other, geo.m, geo.n, geo.k)
    result["evaluation"] = 0 if game.is_terminal() else game.evaluate()
    return result


def render_threats(result: JsonObject) -> str:
    lines = [f"position: {result['position']}  ({result['to_move']} to move)"]
    for name in SIDE_CHARS:
        threats = result[f"threats_{name}"]
        assert isinstance(threats, list)
        described = ", ".join(f"{t['kind']} {t['stones']}" for t in threats) or "none"
        lines.append(f"{name}: score {result[f'score_{name}']}; threats: {described}")
    lines.append(f"evaluation for the side to move: {result['evaluation']}")
    return "\n".join(lines)


COMMANDS = {
    "threats": ExtraCommand(
        help="list the threats of a position and its heuristic evaluation (seed 001)",
        run=run_threats,
        render=render_threats,
    )
}
