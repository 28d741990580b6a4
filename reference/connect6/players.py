"""Choosing a move: TSS first, then alpha-beta over candidate pairs with the core's TT.

Seed 004, §2.1.1 (game tree + alpha-beta, plus TSS), §2.1.4 ("如果我们在 TSS 中不能取得
获胜，我们会选择博弈树": if TSS does not win, we use the game tree; our translation),
§2.1.2 ("我们放弃了深度较深的树，选择了宽度大的树": a wide tree rather than a deep one).  The
alpha-beta, TT and iterative deepening are the search core's
(:mod:`reference.search`); this module only strings them together.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from reference.connect6.notation import Move
from reference.connect6.rules import Connect6
from reference.connect6.tss import TSS_MAX_DEPTH, TSSResult, threat_space_search
from reference.errors import GameError
from reference.search import SearchStats, TranspositionTable, iterative_deepening
from reference.search.protocol import WIN, Score
from reference.search.root import Algorithm, SearchResult

SEARCH_DEPTH = 2
"""GAP (the report gives no depth): alpha-beta depth in moves (plies of pairs).

Our choice: 2, since the report prefers a wide tree to a deep one (§2.1.2)."""

TSS_DEPTH_BEFORE_TREE = 3
"""GAP (the report gives no depth): the TSS depth tried before the game tree (our choice)."""


@dataclass(frozen=True, slots=True)
class MoveChoice:
    """A chosen move and how it was found."""

    move: Move
    source: str
    """``"tss"`` (a forced win) or ``"alphabeta"``."""
    score: Score
    """In search units for the side to move: a forced TSS win is ``WIN - plies`` (the win
    comes on the attacker's ``depth``-th move, ``2 * depth - 1`` plies away), as every
    search scores a win, never 0 (which reads as a draw)."""
    nodes: int
    depth: int


def tss_score(found: TSSResult) -> Score:
    """A forced TSS win in search units: ``WIN - plies``, the win on the attacker's
    ``depth``-th move, ``2 * depth - 1`` plies away (as every search scores a win)."""
    return WIN - (2 * found.depth - 1)


def choose_move(
    game: Connect6,
    *,
    depth: int = SEARCH_DEPTH,
    time_limit: float | None = None,
    tss_depth: int = min(TSS_DEPTH_BEFORE_TREE, TSS_MAX_DEPTH),
    algorithm: Algorithm = "alphabeta_tt",
    tt: TranspositionTable | None = None,
) -> MoveChoice:
    """TSS for a forced win; otherwise iterative-deepening alpha-beta with the TT.

    Seed 004, §2.1.4: "如果我们在 TSS 中不能取得获胜，我们会选择博弈树".
    """
    if game.is_terminal():
        raise GameError("the game is over: there is no move to choose")
    found = threat_space_search(game, max_depth=tss_depth) if tss_depth > 0 else None
    if found is not None and found.win:
        return MoveChoice(found.line[0], "tss", tss_score(found), found.nodes, found.depth)
    result = iterative_deepening(
        game,
        time_limit=time_limit,
        max_depth=depth,
        algorithm=algorithm,
        tt=tt if tt is not None else TranspositionTable(1 << 16),
    )
    return MoveChoice(result.best_move, "alphabeta", result.score, result.stats.nodes, result.depth)


@dataclass(frozen=True, slots=True)
class TssPlayer:
    """Seed 004's player, §2.1.4: threat-space search for a forced win first, else
    iterative-deepening alpha-beta over the candidate pairs with the core's table
    (:func:`choose_move`; a :class:`~reference.search.players.Player`).

    A TSS win is reported as a search result: ``value`` ``WIN - plies``, ``depth`` its
    plies, ``exact`` false (TSS proves the win, not that no shorter one exists).
    """

    depth: int = SEARCH_DEPTH
    time_limit: float | None = None
    node_limit: int | None = None
    """About this many nodes for the tree search (threat-space search has its own budget)."""
    tss_depth: int = min(TSS_DEPTH_BEFORE_TREE, TSS_MAX_DEPTH)
    algorithm: Algorithm = "alphabeta_tt"

    def choose(self, game: Connect6) -> SearchResult[Move]:
        """The move :func:`choose_move` picks, as the search result that found it."""
        if game.is_terminal():
            raise GameError("the game is over: there is no move to choose")
        start = time.perf_counter()
        found = threat_space_search(game, max_depth=self.tss_depth) if self.tss_depth > 0 else None
        if found is not None and found.win:
            return SearchResult(
                score=tss_score(found),
                best_move=found.line[0],
                depth=2 * found.depth - 1,
                stats=SearchStats(nodes=found.nodes),
                seconds=time.perf_counter() - start,
                exact=False,
            )
        return iterative_deepening(
            game,
            time_limit=self.time_limit,
            max_depth=self.depth,
            algorithm=self.algorithm,
            tt=TranspositionTable(1 << 16),
            node_limit=self.node_limit,
        )


def paper_player(
    *, depth: int | None = None, time_limit: float | None = None, node_limit: int | None = None
) -> TssPlayer:
    """Seed 004's player (:class:`TssPlayer`) searching ``depth`` moves (default
    :data:`SEARCH_DEPTH`), within ``time_limit`` s and / or about ``node_limit`` nodes."""
    return TssPlayer(
        depth=SEARCH_DEPTH if depth is None else depth, time_limit=time_limit, node_limit=node_limit
    )
