"""Trace a search: every node in the order visited, its window, value, cutoffs and table use.

``trace(game, "alphabeta", depth=2)`` runs the literal listing of the search core
(:func:`~reference.search.minimax.minimax`, :func:`~reference.search.alphabeta.alphabeta`,
:func:`~reference.search.alphabeta_tt.alphabeta_tt`, :func:`~reference.search.pvs.pvs`,
:func:`~reference.search.mtdf.mtdf`) on the position, unchanged, and watches it from
outside (:mod:`reference.trace.recorder`): so the tree it returns has exactly the
search's own node count, and the value is the search's.  :func:`render_text` prints
it as an indented tree, :func:`to_json` as one JSON object, and
:func:`reference.trace.drawing.draw_trace` draws it (SVG).

>>> from reference.search.toy_games import Nim
>>> result = trace(Nim(3, take=2), "minimax", depth=3)   # 3 stones, take 1 or 2: lost
>>> result.value < 0, result.nodes, [node.move for node in result.pv]
(True, 7, [1, 2])

The 7 nodes: the pile of 3; after taking 1, the pile of 2 and its children 1 and 0
(and 1's child 0); after taking 2, the pile of 1 and its child 0.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from reference.errors import ParameterError
from reference.search.alphabeta import alphabeta
from reference.search.alphabeta_tt import alphabeta_tt
from reference.search.checks import check_count
from reference.search.context import DEFAULT_TT_SIZE, SearchContext, SearchTimeout
from reference.search.engine import alphabeta_tt_engine
from reference.search.minimax import minimax
from reference.search.mtdf import mtdf
from reference.search.protocol import MAX_PLY, Game, Score
from reference.search.pvs import pvs
from reference.search.root import ALGORITHMS, Algorithm, is_algorithm
from reference.trace.recorder import Recorder, TracedGame, TracedTable, watching
from reference.trace.text import render_text, to_json
from reference.trace.tree import Trace, TraceNode, principal_variation

M = TypeVar("M", bound=Hashable)

DEFAULT_MAX_NODES = 2_000
"""A trace stops (and is refused) beyond this many nodes unless told otherwise (our choice:
a tree a reader can still scroll through)."""

MAX_NODES_LIMIT = 1_000_000
"""The largest ``max_nodes`` accepted (the whole tree is held in memory)."""


def _run(algorithm: Algorithm, game: Game[M], depth: int, ctx: SearchContext) -> Score:
    """Run the algorithm's listing from the root, as a user calling it directly would."""
    if algorithm == "minimax":
        return minimax(game, depth, ctx)
    if algorithm == "alphabeta":
        return alphabeta(game, depth, ctx=ctx)
    if algorithm == "alphabeta_tt":
        return alphabeta_tt(game, depth, ctx=ctx)
    if algorithm == "pvs":
        return pvs(game, depth, ctx=ctx)
    return mtdf(game, depth, 0, ctx)


NODE_FUNCTIONS: dict[Algorithm, Callable[..., Score]] = {
    "minimax": minimax,
    "alphabeta": alphabeta,
    "alphabeta_tt": alphabeta_tt,
    "pvs": pvs,
    "mtdf": alphabeta_tt_engine,
}
"""The function whose calls are the nodes of each algorithm (MTD(f)'s passes run the engine's
alpha-beta with a table)."""

USES_TABLE: tuple[Algorithm, ...] = ("alphabeta_tt", "mtdf")
"""The traced listings that use a transposition table (the ``pvs`` listing has none)."""


def trace(
    game: Game[M],
    algorithm: str,
    depth: int,
    *,
    max_nodes: int = DEFAULT_MAX_NODES,
    describe: Callable[[M], str] | None = None,
) -> Trace:
    """Run ``algorithm``'s listing on ``game`` to ``depth`` plies and record the tree it walks.

    ``describe`` names a move (default: the game's ``format_move``, else ``str``).
    A search that would visit more than ``max_nodes`` nodes is stopped and refused
    with a :class:`~reference.errors.ParameterError` (the position is restored).
    """
    if not is_algorithm(algorithm):
        raise ParameterError(
            f"unknown algorithm {algorithm!r}; choose one of {', '.join(ALGORITHMS)}"
        )
    check_count("trace depth", depth, least=1)
    check_count("max_nodes", max_nodes, least=1)
    if depth > MAX_PLY or max_nodes > MAX_NODES_LIMIT:
        raise ParameterError(
            f"trace depth must be <= {MAX_PLY} and max_nodes <= {MAX_NODES_LIMIT:,}, "
            f"got {depth} and {max_nodes}"
        )
    if describe is None:
        describe = _describer(game)
    recorder = Recorder()
    ctx = SearchContext(node_limit=max_nodes)
    if algorithm in USES_TABLE:
        ctx.tt = TracedTable(DEFAULT_TT_SIZE, recorder)
    traced = TracedGame(game, recorder, describe)
    try:
        with watching(recorder, NODE_FUNCTIONS[algorithm], game):
            value = _run(algorithm, traced, depth, ctx)
    except SearchTimeout:
        raise ParameterError(
            f"{algorithm} to depth {depth} visits more than {max_nodes:,} nodes: too many "
            f"to show; ask for a smaller depth, a later position, or a larger node limit"
        ) from None
    return _result(algorithm, depth, value, ctx.counters.nodes, recorder.passes)


def _result(
    algorithm: str, depth: int, value: Score, nodes: int, passes: list[TraceNode]
) -> Trace:
    """The :class:`Trace` of a finished search; its principal variation from the pass that
    found the value (MTD(f): the last pass that failed high)."""
    root = passes[-1]
    if algorithm == "mtdf":
        high = [p for p in passes if p.beta is not None and p.value is not None and p.value >= p.beta]
        root = high[-1] if high else root
    pv, in_table = principal_variation(root)
    every = [node for p in passes for node in p.walk()]
    return Trace(
        algorithm,
        depth,
        value,
        nodes,
        tuple(passes),
        pv,
        in_table,
        tt_probes=sum(1 for node in every if node.probe is not None),
        tt_hits=sum(1 for node in every if node.probe is not None and node.probe.hit),
        tt_cutoffs=sum(1 for node in every if node.table_cutoff),
    )


def _describer(game: Game[M]) -> Callable[[M], str]:
    """The game's ``format_move`` when it has one (every registered game does), else ``str``."""
    format_move = getattr(game, "format_move", None)
    if callable(format_move):
        return lambda move: str(format_move(move))
    return str


__all__ = [
    "DEFAULT_MAX_NODES",
    "Trace",
    "TraceNode",
    "render_text",
    "to_json",
    "trace",
]
