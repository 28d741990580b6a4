"""How the Gomocup brain chooses a move: forced moves first, then a VCF, then the search.

In this order, each a hard rule checked before any search:

1. **five**: the side to move completes five (K) in a row when it can;
2. **block**: otherwise, when the opponent has a four (a cell completing its five),
   the move takes that cell (with two such cells the game is lost; one is blocked);
3. **one ply**: every candidate (the empty cells next to a stone; the centre of an
   empty board) is played and the position after it evaluated (seed 001's threat
   heuristic); the best is the move whatever the clock says, so that even with no time
   left the brain never plays a candidate it has not looked at (with one candidate,
   the move at once);
4. **vcf**: a win by continuous fours (:func:`reference.mnk.vcf.vcf_search`, sound),
   within a share of the budget and a node limit;
5. **search**: iterative-deepening PVS with the transposition table kept from move
   to move, over the same candidates (:class:`reference.mnk.players.NearMovesGame`,
   the threat heuristic at the horizon), until the deadline; its deepest finished
   iteration replaces the one-ply move.

Library code: it reads the clock only through the :class:`Deadline` it is given.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from reference.bits import Bitboard
from reference.errors import GameError, SearchTimeoutError
from reference.gomocup.timeman import vcf_seconds
from reference.mnk.game import MNKGame
from reference.mnk.geometry import Cell
from reference.mnk.players import NearMovesGame
from reference.mnk.vcf import vcf_search
from reference.search import Deadline, TranspositionTable, iterative_deepening

VCF_NODES: Final = 20_000
"""Node limit of the brain's VCF search per move (our choice)."""
CANDIDATE_RADIUS: Final = 1
"""The search tries the empty cells within this many king moves of a stone (our choice)."""


@dataclass(frozen=True, slots=True)
class BrainMove:
    """The brain's move and why it was chosen."""

    cell: Cell
    reason: str
    """``"five"``, ``"block"``, ``"only move"``, ``"vcf"``, ``"search"`` or ``"one ply"``."""
    line: tuple[Cell, ...] = ()
    """The VCF proof line (``reason == "vcf"``) or the move itself."""
    depth: int = 0
    """Depth of the last finished search iteration (``"search"``; 1 for ``"one ply"``)."""
    value: int | None = None
    """The value for the side to move (``"search"``, ``"one ply"``)."""
    nodes: int = 0
    """Nodes searched for this move (the one-ply candidates, VCF and search)."""


def _first_in_order(game: MNKGame, cells: Bitboard) -> Cell:
    """The first of ``cells`` in the game's centre-first order."""
    for cell in game.geometry.orders["centre"]:
        if cells >> cell & 1:
            return cell
    raise GameError("no cell to choose from")  # pragma: no cover (callers pass a non-empty set)


def choose_move(
    game: MNKGame,
    deadline: Deadline,
    table: TranspositionTable | None = None,
    *,
    vcf_nodes: int = VCF_NODES,
    max_depth: int | None = None,
) -> BrainMove:
    """The move for the side to move of ``game`` (unchanged on return), by the rules above."""
    if game.is_terminal():
        raise GameError("the game is over: there is no move to make")
    forced = forced_move(game)  # rules 1 and 2
    if forced is not None:
        return forced
    view = NearMovesGame.of(game, CANDIDATE_RADIUS)
    floor = one_ply_move(view)  # rule 3: runs to the end, whatever the clock says
    if deadline.passed() or len(view.search_moves()) == 1:  # one candidate: no search
        return floor
    vcf, nodes = vcf_move(game, deadline, vcf_nodes)  # rule 4
    if vcf is not None:
        return vcf
    if deadline.passed():
        return replace(floor, nodes=floor.nodes + nodes)
    try:  # rule 5
        result = iterative_deepening(
            view,
            deadline=deadline,
            max_depth=max_depth,
            tt=table,
            reuse_deeper=True,  # one table from move to move, as game programs do
        )
    except SearchTimeoutError:  # not even depth 1 finished: the one-ply move stands
        return replace(floor, nodes=floor.nodes + nodes)
    return BrainMove(
        result.best_move,
        "search",
        (result.best_move,),
        depth=result.depth,
        value=result.score,
        nodes=floor.nodes + nodes + result.stats.nodes,
    )


def one_ply_move(view: NearMovesGame) -> BrainMove:
    """The candidate whose position after it evaluates best for the side to move (the
    first of ``search_moves()`` among equals): a depth-1 search with no clock.

    Each child is worth minus its value for the opponent, who moves there: minus
    :meth:`~reference.mnk.rules.MNKState.terminal_score` when the move ends the game,
    else minus the threat heuristic (``evaluate``).  ``view`` is left unchanged.
    """
    best: Cell | None = None
    best_value = 0
    moves = view.search_moves()
    for move in moves:
        view.make(move)
        try:
            value = -(view.terminal_score() if view.is_terminal() else view.evaluate())
        finally:
            view.unmake()
        if best is None or value > best_value:
            best, best_value = move, value
    if best is None:
        raise GameError("no move to evaluate")  # pragma: no cover (callers pass a game going on)
    return BrainMove(best, "one ply", (best,), depth=1, value=best_value, nodes=len(moves))


def forced_move(game: MNKGame) -> BrainMove | None:
    """Complete a five, block the opponent's, or play the only legal move (else ``None``)."""
    me = game.to_move
    five = game.completing_cells(me)
    if five:
        cell = _first_in_order(game, five)
        return BrainMove(cell, "five", (cell,))
    threats = game.completing_cells(1 - me)
    if threats:
        cell = _first_in_order(game, threats)
        return BrainMove(cell, "block", (cell,))
    moves = game.legal_moves()
    if len(moves) == 1:
        return BrainMove(moves[0], "only move", (moves[0],))
    return None


def vcf_move(game: MNKGame, deadline: Deadline, vcf_nodes: int) -> tuple[BrainMove | None, int]:
    """The first move of a win by continuous fours, if one is found within the time
    :func:`~reference.gomocup.timeman.vcf_seconds` allows and ``vcf_nodes`` nodes; and the
    nodes searched."""
    if game.k < 2 or vcf_nodes <= 0:
        return None, 0
    seconds = vcf_seconds(deadline.end - deadline.clock())
    if seconds is None:
        return None, 0
    vcf = vcf_search(game, max_nodes=vcf_nodes, deadline=Deadline(seconds, clock=deadline.clock))
    if not vcf.win:
        return None, vcf.nodes
    return BrainMove(vcf.line[0], "vcf", vcf.line, nodes=vcf.nodes), vcf.nodes
