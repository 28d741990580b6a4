"""The command line's view of the (M,N,K)-game: ``python -m reference <command> mnk``.

Seed 001.  Options: ``--m`` (columns), ``--n`` (rows), ``--k`` (stones in a row;
each defaults to 3, or M and N to the size of ``--position``), ``--no-symmetry``
(plain Zobrist keys in the transposition table instead of canonical keys),
``--ordering`` (see :data:`reference.mnk.board.ORDERINGS`) and the sound pruning
rules ``--no-forced-moves``, ``--no-dead-cells``, ``--no-pairings`` (see
:meth:`reference.mnk.board.MNKGame.search_moves` and ``proof_bounds``).  No switch
changes an exact value or a set of optimal moves, only the speed.  Moves are cells
such as ``b2`` (``a1`` at the bottom left); positions are in the notation of
:mod:`reference.mnk.notation`.
The reported value is the sign of the exact score: 1 win, 0 draw, -1 loss for
the side to move.

Extra command: ``threats mnk`` lists the threats of both sides (seed 001's
evaluation function) and the evaluation for the side to move.
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
from reference.mnk.board import ORDERINGS, MNKGame
from reference.mnk.notation import MAX_SIDE, PLAYER_CHARS
from reference.mnk.threats import CLOSED, OPEN, find_threats, threat_score

MOVES_EXAMPLE = "b2 a1"

SIDE = IntRange(1, MAX_SIDE)
"""``--m``, ``--n`` and ``--k``: one column letter per column, a..z."""

DEFAULT_SIDE = 3
"""M, N and K when neither the options nor ``--position`` give them (tic-tac-toe)."""

KIND_NAMES = {OPEN: "open", CLOSED: "closed"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The game parameters of every mnk command."""
    for name, what in (("--m", "columns"), ("--n", "rows"), ("--k", "stones in a row to win")):
        parser.add_argument(
            name, type=SIDE, help=ranged_help(f"{what} (default {DEFAULT_SIDE})", SIDE)
        )
    parser.add_argument(
        "--no-symmetry",
        action="store_true",
        help="plain Zobrist keys in the transposition table (no symmetry reduction)",
    )
    parser.add_argument(
        "--ordering",
        choices=ORDERINGS,
        help=f"move ordering (default {ORDERINGS[0]}; counts and values never depend on it)",
    )
    parser.add_argument(
        "--no-forced-moves",
        action="store_true",
        help="searches try every move even when one completes K in a row or must block one",
    )
    parser.add_argument(
        "--no-dead-cells",
        action="store_true",
        help="searches also try cells on no K-line either side can still complete",
    )
    parser.add_argument(
        "--no-pairings",
        action="store_true",
        help="solve does not look for pairing strategies (static proofs of draws)",
    )


def new_game(args: argparse.Namespace, position: str | None) -> MNKGame:
    """Build the game from ``--m --n --k`` and ``--position`` (they must agree)."""
    m = getattr(args, "m", None)
    n = getattr(args, "n", None)
    k = getattr(args, "k", None)
    symmetry = not getattr(args, "no_symmetry", False)
    ordering = getattr(args, "ordering", None) or ORDERINGS[0]
    forced_moves = not getattr(args, "no_forced_moves", False)
    dead_cells = not getattr(args, "no_dead_cells", False)
    pairings = not getattr(args, "no_pairings", False)
    if position is not None:
        return MNKGame.from_notation(
            position,
            DEFAULT_SIDE if k is None else k,
            m=m,
            n=n,
            symmetry=symmetry,
            ordering=ordering,
            forced_moves=forced_moves,
            dead_cells=dead_cells,
            pairings=pairings,
        )
    return MNKGame(
        DEFAULT_SIDE if m is None else m,
        DEFAULT_SIDE if n is None else n,
        DEFAULT_SIDE if k is None else k,
        symmetry=symmetry,
        ordering=ordering,
        forced_moves=forced_moves,
        dead_cells=dead_cells,
        pairings=pairings,
    )



def _add_threats_arguments(parser: argparse.ArgumentParser) -> None:
    add_arguments(parser)
    add_position_arguments(parser, MOVES_EXAMPLE)


def run_threats(args: argparse.Namespace) -> JsonObject:
    """Threats of both sides and the evaluation of a position (seed 001, Evaluation Function)."""
    game = game_from_args(new_game, args)
    geo = game.geometry
    result: JsonObject = {"position": game.to_notation(), "to_move": PLAYER_CHARS[game.to_move]}
    for player, name in enumerate(PLAYER_CHARS):
        own, other = game.bits[player], game.bits[1 - player]
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
    for name in PLAYER_CHARS:
        threats = result[f"threats_{name}"]
        assert isinstance(threats, list)
        described = ", ".join(f"{t['kind']} {t['stones']}" for t in threats) or "none"
        lines.append(f"{name}: score {result[f'score_{name}']}; threats: {described}")
    lines.append(f"evaluation for the side to move: {result['evaluation']}")
    return "\n".join(lines)


SPEC = GameSpec(
    moves_example=MOVES_EXAMPLE,
    name="mnk",
    help="the (M,N,K)-game: K in a row on an M x N board (seed 001)",
    add_arguments=add_arguments,
    new_game=new_game,
    extra_commands={
        "threats": ExtraCommand(
            help="list the threats of a position and its heuristic evaluation (seed 001)",
            add_arguments=_add_threats_arguments,
            run=run_threats,
            render=render_threats,
        )
    },
)
