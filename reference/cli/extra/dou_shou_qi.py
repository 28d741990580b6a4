"""The Dou Shou Qi commands: ``evaluate``, ``positions`` and ``partition dou-shou-qi``.

``evaluate``: Evaluate of §3.3 with each piece's C[t,s].  ``positions``: the named
positions, and the Appendix A positions that could not be recovered.  ``partition``
(seed 003, §9.4 and §10.4, Figure 14(b)):

    python -m reference partition dou-shou-qi --position P --threshold T [--moves M] [--json]

prints the subproblems (pieces and the position of each), T_max (the largest edge of
the minimum spanning tree of G_T, MST-Partition's value), the tree edges and a map of
the board with each square's subproblem.
"""

from __future__ import annotations

import argparse
import math

from reference.cli.extra import ExtraCommand
from reference.cli.options import add_game_and_position, add_output_arguments, build_game_as
from reference.dou_shou_qi.cones import Time
from reference.dou_shou_qi.evaluation import DEVELOPMENT, RECONSTRUCTED, material
from reference.dou_shou_qi.figure_drawing import (
    den_access,
    format_partition_map,
    region_label,
    subproblem_notation,
)
from reference.dou_shou_qi.geometry import Side, opposite_square, square_name
from reference.dou_shou_qi.notation import piece_label
from reference.dou_shou_qi.partition import TIE_RULE, find_subproblems
from reference.dou_shou_qi.positions import NAMED_POSITIONS, UNRECOVERED
from reference.dou_shou_qi.rules import DouShouQi
from reference.ranges import FloatRange, add_ranged_argument
from reference.registry import GameSpec, JsonObject


def run_evaluate(spec: GameSpec, args: argparse.Namespace) -> JsonObject:
    """Evaluate[position] of §3.3 with the C[t,s] of every piece."""
    game = build_game_as(spec, args, DouShouQi)
    pieces: list[JsonObject] = []
    for piece in game.pieces():
        table_square = piece.square if piece.side == Side.A else opposite_square(piece.square)
        development = DEVELOPMENT[piece.kind][table_square]
        value = material(piece.kind, game.rules)
        pieces.append(
            {
                "side": piece.side.name,
                "kind": piece.kind.name.lower(),
                "square": square_name(piece.square),
                "table_square": square_name(table_square),
                "material": value,
                "development": development,
                "reconstructed": table_square in RECONSTRUCTED.get(piece.kind, frozenset()),
                "C": value + development,
            }
        )
    return {
        "position": game.to_notation(),
        "evaluate": game.evaluate_for_a(),
        "evaluate_for_side_to_move": game.evaluate(),
        "pieces": pieces,
    }


def render_evaluate(result: JsonObject) -> str:
    lines = [f"position: {result['position']}"]
    pieces = result["pieces"]
    assert isinstance(pieces, list)
    for piece in pieces:
        assert isinstance(piece, dict)
        mark = "*" if piece["reconstructed"] else ""
        lines.append(
            f"  {piece['side']} {piece['kind']:<8} {piece['square']} "
            f"(table {piece['table_square']}): {piece['material']} + {piece['development']}{mark}"
            f" = {piece['C']}"
        )
    lines.append(f"Evaluate (for A): {result['evaluate']}")
    lines.append("(* = development cell reconstructed in 003-figure3.md)")
    return "\n".join(lines)


def add_json_only(parser: argparse.ArgumentParser, spec: GameSpec) -> None:
    """``positions`` takes no game options: only ``--json`` and ``--quiet``."""
    add_output_arguments(parser)


def run_positions(spec: GameSpec, args: argparse.Namespace) -> JsonObject:
    """The named positions and the unrecoverable Appendix A captions."""
    return {"named": dict(NAMED_POSITIONS), "unrecovered_appendix_a": dict(UNRECOVERED)}


def render_positions(result: JsonObject) -> str:
    named = result["named"]
    lost = result["unrecovered_appendix_a"]
    assert isinstance(named, dict) and isinstance(lost, dict)
    lines = [f"{name}: {text}" for name, text in named.items()]
    lines.append("Appendix A positions that could not be recovered (diagrams lost):")
    lines.extend(f"  ({letter}) {caption}" for letter, caption in lost.items())
    return "\n".join(lines)


DEFAULT_THRESHOLD = 4
"""The thesis's splitting threshold in every test (§11.2: "we set the threshold at four")."""

THRESHOLD = FloatRange(0.0, 1000.0)
"""``--threshold`` in plies (our bound: every effect-cone time on a 7 x 9 board is far below)."""


def _time(value: Time) -> int | None:
    return None if math.isinf(value) else int(value)


def add_partition_arguments(parser: argparse.ArgumentParser, spec: GameSpec) -> None:
    """The game's options, ``--position``, ``--moves`` and ``--threshold``."""
    add_game_and_position(parser, spec)
    add_ranged_argument(
        parser,
        "--threshold",
        THRESHOLD,
        f"splitting threshold T_thresh in plies (default {DEFAULT_THRESHOLD})",
        default=DEFAULT_THRESHOLD,
    )


def run_partition(spec: GameSpec, args: argparse.Namespace) -> JsonObject:
    """Split the position into subproblems; a JSON-ready result."""
    game = build_game_as(spec, args, DouShouQi)
    threshold = float(args.threshold)
    decomposition = find_subproblems(game.pieces(), threshold)
    names = [piece_label(p) for p in decomposition.pieces]
    subproblems: list[JsonObject] = []
    for i, sub in enumerate(decomposition.subproblems):
        subproblems.append(
            {
                "label": region_label(i),
                "pieces": [piece_label(p) for p in sub.pieces],
                "position": subproblem_notation(sub, game.to_move),
                "squares": [square_name(sq) for sq in decomposition.partition.squares_of(i)],
                "dens": den_access(decomposition.partition, i),
            }
        )
    t_max = decomposition.t_max
    return {
        "position": game.to_notation(),
        "threshold": threshold if not threshold.is_integer() else int(threshold),
        "t_max": None if t_max is None else _time(t_max),
        "split": len(subproblems) > 1,
        "subproblems": subproblems,
        "mst": [[names[e.u], names[e.v], _time(e.weight)] for e in decomposition.mst],
        "map": format_partition_map(decomposition),
        "pieces_map": format_partition_map(decomposition, show_pieces=True),
        "tie_rule": TIE_RULE,
    }


def render_partition(result: JsonObject) -> str:
    """The text output: the map beside the pieces, then one line per subproblem."""
    board = result["map"]
    pieces = result["pieces_map"]
    assert isinstance(board, list) and isinstance(pieces, list)
    lines = [f"T_max = {result['t_max']}, T_thresh = {result['threshold']}"]
    lines += [f"{a}      {b[3:]}" for a, b in zip(board, pieces, strict=True)]
    subproblems = result["subproblems"]
    assert isinstance(subproblems, list)
    for sub in subproblems:
        assert isinstance(sub, dict)
        dens = sub["dens"]
        den_text = f" (may enter den {', '.join(dens)})" if dens else ""
        lines.append(f"{sub['label']}: {' '.join(sub['pieces'])}{den_text}")
    return "\n".join(lines)


COMMANDS = {
    "evaluate": ExtraCommand(
        help="Evaluate of a Dou Shou Qi position with each piece's C[t,s] (seed 003, §3.3)",
        run=run_evaluate,
        render=render_evaluate,
    ),
    "positions": ExtraCommand(
        help="named Dou Shou Qi positions (start, Appendix A) and the ones not recoverable",
        add_arguments=add_json_only,
        run=run_positions,
        render=render_positions,
    ),
    "partition": ExtraCommand(
        help="split a Dou Shou Qi position into subproblems (seed 003, §8-§10.4)",
        add_arguments=add_partition_arguments,
        run=run_partition,
        render=render_partition,
    ),
}
