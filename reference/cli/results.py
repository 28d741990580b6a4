"""The answer of each generic command as one JSON-ready object, built in one place.

The command line's ``--json`` prints these objects, its text output is rendered
from them, and ``python -m reference serve`` returns them as ``"result"``: one
function per command, so the three can never disagree.  Every function answers
through the Python front door (:mod:`reference.api`).

>>> from reference import MNKGame
>>> perft_result(MNKGame(3, 3, 3), 2, divide=True)["nodes"]
72
>>> legal_result(MNKGame(3, 3, 2))["count"]
9
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from reference import api
from reference.registry import JsonObject
from reference.search import Counters, SearchResult
from reference.search.context import Deadline
from reference.search.progress import SolveReport
from reference.search.protocol import PlayableGame

AnyGame = PlayableGame[Any]


def solve_result(
    game: AnyGame,
    *,
    on_progress: Callable[[Counters], None] | None = None,
    parallel: api.Parallel | None = None,
    on_report: Callable[[SolveReport], None] | None = None,
    deadline: Deadline | None = None,
    node_limit: int | None = None,
) -> JsonObject:
    """``solve``: the exact value for the side to move and every optimal move
    (``parallel``: split over processes or a cluster; progress is then per job, or
    ``on_report``'s from a game's own solver).  ``deadline`` / ``node_limit`` stop a
    serial solve with :class:`~reference.errors.SearchTimeoutError`."""
    if parallel:
        result = api.solve(game, on_report=on_report, **parallel)
    else:
        result = api.solve(
            game, on_progress=on_progress, on_report=on_report, deadline=deadline,
            node_limit=node_limit,
        )
    return {
        "value": result.value,
        "best_moves": list(result.best_moves_notation),
        "score": result.score,
        "exact": result.exact,
        "nodes": result.stats.nodes,
        "seconds": round(result.seconds, 6),
        "tt_probes": result.stats.tt_probes,
        "tt_hits": result.stats.tt_hits,
        "tt_cutoffs": result.stats.tt_cutoffs,
    }


def perft_result(
    game: AnyGame, depth: int, *, divide: bool = False, parallel: api.Parallel | None = None
) -> JsonObject:
    """``perft``: the number of move sequences of exactly ``depth`` plies (``divide``: per move;
    ``parallel``: split over processes or a cluster)."""
    options = parallel or {}
    start = time.perf_counter()
    breakdown: dict[str, int] = {}
    if divide:
        breakdown = api.divide(game, depth, **options)
        nodes = sum(breakdown.values()) if depth > 0 else api.perft(game, depth)
    else:
        nodes = api.perft(game, depth, **options)
    seconds = time.perf_counter() - start
    out: JsonObject = {"depth": depth, "nodes": nodes, "seconds": round(seconds, 6)}
    if divide:
        out["divide"] = breakdown
    return out


def bestmove_result(game: AnyGame, answer: api.BestMove[Any]) -> JsonObject:
    """``bestmove``'s result object for the answer of :func:`reference.api.bestmove`."""
    return _move_object(answer.move_notation, answer)


def search_result(game: AnyGame, result: SearchResult[Any]) -> JsonObject:
    """A player's :class:`~reference.search.SearchResult` as ``bestmove``'s result object."""
    return _move_object(game.format_move(result.best_move), result)


def _move_object(move: str, result: SearchResult[Any] | api.BestMove[Any]) -> JsonObject:
    """``bestmove``'s result object: the move, its score (JSON key ``value``), the search's numbers."""
    return {
        "move": move,
        "value": result.score,
        "depth": result.depth,
        "exact": result.exact,
        "nodes": result.stats.nodes,
        "seconds": round(result.seconds, 6),
        "tt_probes": result.stats.tt_probes,
        "tt_hits": result.stats.tt_hits,
    }


def show_result(game: AnyGame) -> JsonObject:
    """``show``: the position's notation, side to move, whether it is over, and its legal moves."""
    terminal = game.is_terminal()
    moves = [] if terminal else [game.format_move(m) for m in game.legal_moves()]
    return {
        "position": game.to_notation(),
        "to_move": game.to_move,
        "terminal": terminal,
        "legal_moves": moves,
        "key": f"{game.key:016x}",
    }


def legal_result(game: AnyGame) -> JsonObject:
    """``legal``: every legal move in the game's notation (the rules, in ``legal_moves`` order)."""
    moves = [game.format_move(m) for m in game.legal_moves()]
    return {
        "position": game.to_notation(),
        "to_move": game.to_move,
        "moves": moves,
        "count": len(moves),
    }


__all__ = ["bestmove_result", "legal_result", "perft_result", "show_result", "solve_result"]
