"""The command line's view of Dou Shou Qi: ``python -m reference <command> dou-shou-qi``.

Seed 003.  ``--position`` takes the piece-list notation
(``A: Ta1 Lg1 ... / B: ... / A``) or a named position (``start``,
``appendix-a-a``, ``appendix-a-m`` ... ``appendix-a-t``); ``--moves`` takes
``from-to`` moves such as ``"e3-d3 c7-d7"``.  Options: ``--draw-limit N`` (plies,
default 200 as in §11; 0 = none) and ``--ordering thesis|none`` (the §11 move
order in the move list, default ``thesis``; ``perft`` counts are the same either way).

Extra commands: ``evaluate dou-shou-qi`` (Evaluate of §3.3 with each piece's
C[t,s]), ``positions dou-shou-qi`` (the named positions, and the Appendix A
positions that could not be recovered) and ``partition dou-shou-qi`` (issue 6:
the subproblems of a position, :mod:`reference.dou_shou_qi.partition_cli`).
"""

from __future__ import annotations

import argparse

from reference.cli.options import IntRange, ranged_help
from reference.cli.spec import (
    ExtraCommand,
    GameSpec,
    JsonObject,
    add_position_arguments,
    game_from_args,
)
from reference.dou_shou_qi import partition_cli
from reference.dou_shou_qi.board import DEFAULT_DRAW_LIMIT, DouShouQi
from reference.dou_shou_qi.evaluation import DEVELOPMENT, MATERIAL, RECONSTRUCTED
from reference.dou_shou_qi.positions import NAMED_POSITIONS, UNRECOVERED
from reference.dou_shou_qi.squares import Side, opposite_square, square_name
from reference.errors import ParameterError
from reference.search.protocol import MAX_PLY

MOVES_EXAMPLE = "e3-d3 c7-d7"

DRAW_LIMIT = IntRange(0, MAX_PLY)
"""``--draw-limit``: plies; 0 = no limit, at most the search core's deepest ply."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--draw-limit",
        type=DRAW_LIMIT,
        default=DEFAULT_DRAW_LIMIT,
        help=ranged_help(
            f"plies after which the game is drawn (default {DEFAULT_DRAW_LIMIT}; 0 = no limit)",
            DRAW_LIMIT,
        ),
    )
    parser.add_argument(
        "--ordering",
        choices=("thesis", "none"),
        default="thesis",
        help="move order: thesis = captures, lion, tiger, elephant, mouse, rest (default)",
    )


def new_game(args: argparse.Namespace, position: str | None) -> DouShouQi:
    """The start, a named position, or a position in piece-list notation."""
    limit = getattr(args, "draw_limit", DEFAULT_DRAW_LIMIT)
    if limit is not None and limit < 0:
        raise ParameterError(f"--draw-limit must be >= 0 (0 = no limit), got {limit}")
    draw_limit = None if limit == 0 else limit
    ordering = getattr(args, "ordering", "thesis") == "thesis"
    text = NAMED_POSITIONS["start"] if position is None else position.strip()
    text = NAMED_POSITIONS.get(text, text)
    return DouShouQi.from_notation(text, draw_limit=draw_limit, ordering=ordering)


def _add_position_arguments(parser: argparse.ArgumentParser) -> None:
    add_arguments(parser)
    add_position_arguments(parser, MOVES_EXAMPLE)


def _build(args: argparse.Namespace) -> DouShouQi:
    return game_from_args(new_game, args)


def run_evaluate(args: argparse.Namespace) -> JsonObject:
    """Evaluate[position] of §3.3 with the C[t,s] of every piece."""
    game = _build(args)
    pieces: list[JsonObject] = []
    for piece in game.pieces():
        table_square = piece.square if piece.side == Side.A else opposite_square(piece.square)
        development = DEVELOPMENT[piece.kind][table_square]
        pieces.append(
            {
                "side": piece.side.name,
                "kind": piece.kind.name.lower(),
                "square": square_name(piece.square),
                "table_square": square_name(table_square),
                "material": MATERIAL[piece.kind],
                "development": development,
                "reconstructed": table_square in RECONSTRUCTED.get(piece.kind, frozenset()),
                "C": MATERIAL[piece.kind] + development,
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


def _add_json_only(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    parser.add_argument("--quiet", action="store_true", help="no progress output on stderr")


def run_positions(args: argparse.Namespace) -> JsonObject:
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



def _add_partition_arguments(parser: argparse.ArgumentParser) -> None:
    _add_position_arguments(parser)
    partition_cli.add_arguments(parser)


PARTITION_COMMAND = ExtraCommand(
    help="split a Dou Shou Qi position into subproblems (seed 003, §8-§10.4)",
    add_arguments=_add_partition_arguments,
    run=lambda args: partition_cli.run(_build(args), args),
    render=partition_cli.render,
)
"""``partition dou-shou-qi`` (issue 6), see :mod:`reference.dou_shou_qi.partition_cli`."""


SPEC = GameSpec(
    moves_example=MOVES_EXAMPLE,
    name="dou-shou-qi",
    help="Dou Shou Qi / Jungle (seed 003): 7 x 9 board, thesis evaluation and move ordering",
    add_arguments=add_arguments,
    new_game=new_game,
    extra_commands={
        "evaluate": ExtraCommand(
            help="Evaluate of a Dou Shou Qi position with each piece's C[t,s] (seed 003, §3.3)",
            add_arguments=_add_position_arguments,
            run=run_evaluate,
            render=render_evaluate,
        ),
        "positions": ExtraCommand(
            help="named Dou Shou Qi positions (start, Appendix A) and the ones not recoverable",
            add_arguments=_add_json_only,
            run=run_positions,
            render=render_positions,
        ),
        "partition": PARTITION_COMMAND,
    },
)
