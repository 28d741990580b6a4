"""The ``partition`` command: ``python -m reference partition dou-shou-qi``.

Seed 003, §9.4 and §10.4 (Figure 14(b): the board split among subproblems).

    python -m reference partition dou-shou-qi --position P --threshold T [--moves M] [--json]

prints the subproblems (pieces and the position of each), T_max (the largest
edge of the minimum spanning tree of G_T, MST-Partition's value), the tree
edges and a map of the board with each square's subproblem.  The command
itself (with ``--position`` / ``--moves``) is assembled in
:mod:`reference.dou_shou_qi.cli` from :func:`add_arguments`, :func:`run` and
:func:`render`.
"""

from __future__ import annotations

import argparse
import math

from reference.cli.options import FloatRange, ranged_help
from reference.cli.spec import JsonObject
from reference.dou_shou_qi.board import DouShouQi
from reference.dou_shou_qi.cones import Time
from reference.dou_shou_qi.partition import (
    TIE_RULE,
    den_access,
    find_subproblems,
    format_partition_map,
    piece_label,
    region_label,
    subproblem_notation,
)
from reference.dou_shou_qi.squares import square_name
from reference.errors import ParameterError

DEFAULT_THRESHOLD = 4
"""The thesis's splitting threshold in every test (§11.2: "we set the threshold at four")."""

THRESHOLD = FloatRange(0.0, 1000.0)
"""``--threshold`` in plies (our bound: every effect-cone time on a 7 x 9 board is far below)."""


def _time(value: Time) -> int | None:
    return None if math.isinf(value) else int(value)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's own option (the game's options, ``--position`` and ``--moves`` come from cli.py)."""
    parser.add_argument(
        "--threshold",
        type=THRESHOLD,
        default=DEFAULT_THRESHOLD,
        help=ranged_help(
            f"splitting threshold T_thresh in plies (default {DEFAULT_THRESHOLD})", THRESHOLD
        ),
    )


def run(game: DouShouQi, args: argparse.Namespace) -> JsonObject:
    """Split the position into subproblems; a JSON-ready result."""
    threshold = float(getattr(args, "threshold", DEFAULT_THRESHOLD))
    if not math.isfinite(threshold) or threshold < 0:
        raise ParameterError(f"--threshold must be a number >= 0, got {threshold}")
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


def render(result: JsonObject) -> str:
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
