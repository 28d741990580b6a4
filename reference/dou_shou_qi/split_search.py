"""Split search as the thesis lists it: SEARCH-POSITION, SEARCH-SUBPROBLEMS, non-moves, ImpliedScore.

Seed 003, §10.1 (SEARCH-POSITION), §10.5 (SEARCH-SUBPROBLEMS; §10.5.1 non-moves,
ImpliedScore), §6.1 (the non-move), §9.2 (static partitioning).

Each subproblem is searched as a game of its own (:class:`SubproblemGame`): its
pieces may move only to the squares Partition-Board gave it, a non-move (pass)
is allowed at every ply below the root when there is more than one subproblem,
and the pieces of the other subproblems stand still.  The searches are the
core's (:func:`reference.search.root.run_root`, alpha-beta by default); this
module only combines their values.  The listing reads in one place,
:func:`search_subproblems`, lines 1-21 in order; the two MINIMAX calls it makes per
subproblem are :meth:`SubproblemSearch.move_score` (lines 7-14) and
:meth:`SubproblemSearch.non_move_score` (line 15).

**When a line is over is decided in one place, the game's rules.**  A
subproblem is searched on the whole board (the other subproblems' pieces
stand still: every move stays inside the subproblem's region, so they can
neither move nor be taken), and :meth:`DouShouQi.is_terminal` /
:meth:`DouShouQi.terminal_score` end its lines exactly as they end the game: a
den entered, a side with no pieces left, a side to move with no legal move on
the board, the draw limit (a non-move is a ply: it stands for a move made in
another subproblem).  Only the evaluation is the subproblem's own (§3.3 over
its pieces, as the thesis's subproblem positions hold only their pieces).

ERRATUM (SEARCH-SUBPROBLEMS line 15): ``NonMoveScore[s] <- -Minimax(p, d-1)``
negates the value of ``p`` itself, with the same side to move; the non-move
score is minus the value of ``p`` *after* a non-move (the opponent to move),
which is what :func:`search_subproblems` computes (a win or loss found there
is one ply further from the root than that search counted: it is moved one
ply further).

GAP (ImpliedScore with infinities): a win in one subproblem and a loss in
another give ``+inf + -inf``, which the thesis leaves undefined.  OURS: scores
here are finite (a win is ``WIN - plies``, reference.search); :func:`implied_score`
sums the heuristic parts and, when a term is a decided game, lets the nearest
decided result win ("prioritize shallow wins", §10.5).  Line 20's ``max = inf`` is
``max >= MATE_BOUND``.

OURS (the thesis leaves them open): root moves are only real moves (a subproblem
must be able to *move*; its non-move value is NonMoveScore); with a single
subproblem no non-move is offered and the region is the whole board, so the
split search is then the plain search; line 2's "while time remains" is a
deadline, and optionally a node budget (for reproducible experiments).

ImpliedScore is not the value of the position even when the subproblems cannot
interact (ERRATUM, docs/papers/003-split-search.md).  What goes beyond the
listing, the whole-board check for games decided within the depth and the
corrected combination (the *sum* of the subproblems), is the engine's:
:func:`reference.dou_shou_qi.engine.search_subproblems_engine`, built on the
parts below.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TypedDict, Unpack

from reference.bits import Bitboard
from reference.dou_shou_qi.evaluation import evaluate_pieces
from reference.dou_shou_qi.geometry import ALL_SQUARES, Side
from reference.dou_shou_qi.notation import NON_MOVE, Move
from reference.dou_shou_qi.partition import CausalityMST, Decomposition, find_subproblems
from reference.dou_shou_qi.rules import DouShouQi
from reference.errors import GameError, ParameterError, SearchTimeoutError
from reference.search import MATE_BOUND, WIN, Score, SearchContext
from reference.search.context import Deadline, SearchTimeout
from reference.search.root import Algorithm, run_root
from reference.search.stats import Counters
from reference.search.view import GameView


class WholeBoardView(GameView[Move]):
    """The whole board, copied, as a game for the core search: every legal move, no pass.

    The base of the views split search builds; the game's own rules are the
    board's, in one place: every member not written here is :class:`GameView`'s,
    forwarded to the copy.  So ``is_terminal`` is the game's own rule (den, no
    pieces, no legal move on the board, draw limit) and ``max_plies_left`` the
    whole game's bound (a non-move counts as a ply towards the draw limit).
    """

    __slots__ = ()

    inner: DouShouQi

    def __init__(self, position: DouShouQi, *, ordering: str | None = None) -> None:
        inner = position.copy()
        inner.allow_non_move = False
        inner.allowed_squares = ALL_SQUARES
        if ordering is not None:
            inner.ordering = ordering
        super().__init__(inner)

    @property
    def board(self) -> DouShouQi:
        """The whole board (do not make moves on it)."""
        return self.inner

    @property
    def to_move(self) -> int:
        return int(self.inner.to_move)

    selective = False
    counts_points = False

    def search_moves(self) -> Sequence[Move]:
        return self.legal_moves()


class SubproblemGame(WholeBoardView):
    """One subproblem (or several searched as a sum) as a game for the core search.

    Seed 003, §9.2 (static partitioning) and §10.5.1 (non-moves).  Implements
    :class:`reference.search.protocol.Game`.

    ``position`` is the whole board (copied: its draw limit and plies played
    come along).  ``regions`` are bitboards of squares (Partition-Board's
    ``allowed``); the *members* are the pieces standing on them.  A move is a
    legal move of the board that starts and ends inside one region, so the
    other pieces stand still and cannot be taken.  ``non_move`` offers the pass
    at every ply except the root; a pass is also offered, whatever
    ``non_move`` says, below the root when no confined move exists but the game
    goes on (the moves that left the regions stand for it).  The game ends
    when the board's rules say so (one place: :meth:`DouShouQi.is_terminal`).
    ``evaluate`` is §3.3 over the members only.
    """

    __slots__ = ("_depth", "_frozen_a", "_non_move", "_regions")

    def __init__(
        self,
        position: DouShouQi,
        regions: Sequence[Bitboard] = (ALL_SQUARES,),
        *,
        non_move: bool = True,
        ordering: str | None = None,
    ) -> None:
        if not regions:
            raise ParameterError("a subproblem needs at least one region")
        super().__init__(position, ordering=ordering)
        inner = self.inner
        self._regions = tuple(r & ALL_SQUARES for r in regions)
        union = 0
        for r in self._regions:
            union |= r
        self._frozen_a = evaluate_pieces(
            (p for p in inner.pieces() if not union >> p.square & 1), inner.rules
        )
        self._non_move = non_move
        self._depth = 0

    def evaluate(self) -> Score:
        """Evaluate (§3.3) over this subproblem's pieces, for the side to move."""
        value_a = self.inner.evaluate_for_a() - self._frozen_a
        return value_a if self.inner.to_move == Side.A else -value_a

    selective = True
    """A subproblem is a heuristic decomposition (§10): no value searched on it is exact."""

    def _inside(self, move: Move) -> bool:
        src, dst = move
        return any(r >> src & 1 and r >> dst & 1 for r in self._regions)

    def legal_moves(self) -> Sequence[Move]:
        inner = self.inner
        if inner.is_terminal():
            return ()
        moves = [m for m in inner.legal_moves() if self._inside(m)]
        if self._depth > 0 and (self._non_move or not moves):
            moves.append(NON_MOVE)  # §10.5.1: "a non-move is a legitimate option at each ply"
        return tuple(moves)

    def make(self, move: Move) -> int:
        self.inner.make(move)
        self._depth += 1
        return 0

    def unmake(self) -> None:
        self.inner.unmake()
        self._depth -= 1


def one_ply_further(score: Score) -> Score:
    """A score seen one ply further from the root: a win or loss in k plies becomes one in k + 1."""
    if score >= MATE_BOUND:
        return score - 1
    if score <= -MATE_BOUND:
        return score + 1
    return score


def implied_score(move_scores: Sequence[Score], non_move_scores: Sequence[Score], i: int) -> Score:
    """ImpliedScore[s_i] = MoveScore[s_i] + sum_j NonMoveScore[s_j] - NonMoveScore[s_i].

    Seed 003, §10.5.1.  Decided games (``abs(score) >= MATE_BOUND``) do not add:
    the nearest one (largest ``abs``) is the result (GAP: ``+inf + -inf`` is undefined;
    OURS, see the module docstring).
    """
    terms = [move_scores[i]] + [s for j, s in enumerate(non_move_scores) if j != i]
    decided = [s for s in terms if abs(s) >= MATE_BOUND]
    if decided:
        return max(decided, key=abs)
    return sum(terms)


@dataclass(frozen=True, slots=True)
class SubproblemScore:
    """One subproblem's scores at the last completed depth."""

    move: Move | None
    """Move[s] (``None`` when the subproblem has no legal move)."""
    move_score: Score
    non_move_score: Score
    implied_score: Score


@dataclass(frozen=True, slots=True)
class SplitSearchResult:
    """The move SEARCH-POSITION suggests, with what it saw."""

    move: Move
    value: Score
    """max ImpliedScore (the engine: or the sum's value) at the last completed depth; the
    plain search's value when ``decided``.  With the engine's ``check_decided`` a win or
    loss the check refuted is reported as ``+-REFUTED_CLAIM``, so ``abs(value) >=
    MATE_BOUND`` exactly when the game is decided within the depth."""
    depth: int
    """The last completed depth d (2, 4, ...)."""
    scores: tuple[SubproblemScore, ...]
    """Each subproblem's scores (empty when ``decided`` or for ``combination="sum"``)."""
    nodes: int
    seconds: float
    decomposition: Decomposition
    decided: bool = False
    """The engine only: True when its whole-board check found the game decided within
    ``depth`` plies (``value`` is then the plain search's value at that depth)."""
    combination: str = "implied"
    """The engine only: ``"sum"`` when it searched the sum of the subproblems."""


@dataclass(frozen=True, slots=True)
class SearchLimits:
    """Line 2's "while time remains": a deepest depth, a deadline and / or a node budget.

    ``node_budget`` (ours, for reproducible experiments) is checked between depths;
    the deadline stops a search at once (its unfinished depth is discarded).
    """

    max_depth: int | None
    deadline: Deadline | None
    node_budget: int | None

    @classmethod
    def of(
        cls,
        max_depth: int | None,
        time_limit: float | None,
        node_budget: int | None,
        deadline: Deadline | None,
    ) -> SearchLimits:
        """Check the limits (at least one; depths 2, 4, ...) and start the clock."""
        if deadline is None and time_limit is not None:
            deadline = Deadline(time_limit)
        if max_depth is None and deadline is None and node_budget is None:
            raise ParameterError("give max_depth, time_limit or node_budget")
        if max_depth is not None and max_depth < 2:
            raise ParameterError(
                f"split search depths are 2, 4, ...; max_depth must be >= 2, got {max_depth}"
            )
        if node_budget is not None and node_budget < 1:
            raise ParameterError(f"node_budget must be >= 1, got {node_budget}")
        return cls(max_depth, deadline, node_budget)

    def depths(self) -> Iterator[int]:
        """Line 3: d = 2, 4, ... up to ``max_depth``."""
        d = 2
        while self.max_depth is None or d <= self.max_depth:
            yield d
            d += 2

    def spent(self, nodes: int) -> bool:
        """Whether the node budget is used up."""
        return self.node_budget is not None and nodes >= self.node_budget


class SubproblemSearch:
    """The subproblems S of one SEARCH-SUBPROBLEMS call, each a position p searched by the core.

    One table (search context) per subproblem: the views share the board's keys
    but not its moves (regions) nor its evaluation (members only), so a value
    stored by one must not be read by another.  The node counters are shared.
    """

    def __init__(
        self,
        game: DouShouQi,
        decomposition: Decomposition,
        algorithm: Algorithm,
        ordering: str | None,
        deadline: Deadline | None,
    ) -> None:
        if game.is_terminal():
            raise GameError("the game is over: there is no move to search")
        subs = decomposition.subproblems
        split = len(subs) > 1
        self.regions = [
            decomposition.partition.allowed[i] if split else ALL_SQUARES for i in range(len(subs))
        ]
        for sub, region in zip(subs, self.regions, strict=True):
            if any(not region >> p.square & 1 for p in sub.pieces):
                raise ParameterError("a subproblem's piece stands outside its region")
        self.positions = [
            SubproblemGame(game, (region,), non_move=split, ordering=ordering)
            for region in self.regions
        ]
        self.decomposition = decomposition
        self.algorithm = algorithm
        self.deadline = deadline
        self.counters = Counters()
        self.contexts = [self.new_context() for _ in self.positions]
        self.moves: list[Move | None] = [None] * len(subs)
        self.start = time.perf_counter()

    def new_context(self) -> SearchContext:
        """A search context of its own (its own table), sharing the deadline and node counters."""
        return SearchContext(deadline=self.deadline, counters=self.counters)

    def move_score(self, i: int, d: int) -> Score:
        """Lines 7-14: MoveScore[s] = max over real moves m of -MINIMAX(p', d - 1), and Move[s].

        The root loop is the core's (:func:`~reference.search.root.run_root`); the
        previous depth's Move[s] is tried first.
        """
        p = self.positions[i]
        if not p.legal_moves():
            self.moves[i] = None
            return -WIN
        value, self.moves[i] = run_root(
            self.algorithm, p, d, self.contexts[i], first=self.moves[i]
        )
        return value

    def non_move_score(self, i: int, d: int) -> Score:
        """Line 15 (ERRATUM): NonMoveScore[s] = -MINIMAX(p after a non-move, d - 1)."""
        p = self.positions[i]
        p.make(NON_MOVE)
        try:
            if p.is_terminal():  # e.g. the draw limit reached by the non-move
                after = p.terminal_score()
            else:
                after = run_root(self.algorithm, p, d - 1, self.contexts[i])[0]
        finally:
            p.unmake()
        return one_ply_further(-after)

    def score_subproblems(self, d: int) -> tuple[SubproblemScore, ...]:
        """The engine's lines 5-15 in one call: every subproblem's scores and ImpliedScore.

        (:func:`search_subproblems` spells the same lines out, the listing in one place.)
        """
        moves, non_moves = [], []
        for i in range(len(self.positions)):
            moves.append(self.move_score(i, d))
            non_moves.append(self.non_move_score(i, d))
        return tuple(
            SubproblemScore(m, moves[i], non_moves[i], implied_score(moves, non_moves, i))
            for i, m in enumerate(self.moves)
        )

    def result(
        self,
        move: Move,
        value: Score,
        d: int,
        scores: tuple[SubproblemScore, ...],
        *,
        decided: bool = False,
        combination: str = "implied",
    ) -> SplitSearchResult:
        """The result after depth ``d`` (``decided`` and ``combination``: the engine's)."""
        seconds = time.perf_counter() - self.start
        return SplitSearchResult(
            move,
            value,
            d,
            scores,
            self.counters.nodes,
            seconds,
            self.decomposition,
            decided=decided,
            combination=combination,
        )

    def finish(self, best: SplitSearchResult | None) -> SplitSearchResult:
        """Line 21: return PC, or say why there is none."""
        if best is not None:
            return best
        if self.deadline is not None and self.deadline.passed():
            seconds = self.deadline.end - self.deadline.start
            raise SearchTimeoutError(f"{seconds:g} s is too short to finish split-search depth 2")
        raise GameError("no subproblem has a legal move inside its region")


def choose_subproblem(scores: Sequence[SubproblemScore]) -> tuple[Score, Move | None]:
    """The engine's lines 4 and 16-19: the largest ImpliedScore (the first), and its Move[s]."""
    movable = [s for s in scores if s.move is not None]
    if not movable:
        return -10 * WIN, None
    best = max(movable, key=lambda s: s.implied_score)
    return best.implied_score, best.move


class SubproblemOptions(TypedDict, total=False):
    """The keyword options of :func:`search_subproblems` (and of :func:`search_position`,
    which passes them on)."""

    max_depth: int | None
    time_limit: float | None
    node_budget: int | None
    algorithm: Algorithm
    ordering: str | None
    deadline: Deadline | None


def search_subproblems(
    game: DouShouQi,
    decomposition: Decomposition,
    *,
    max_depth: int | None = None,
    time_limit: float | None = None,
    node_budget: int | None = None,
    algorithm: Algorithm = "alphabeta",
    ordering: str | None = None,
    deadline: Deadline | None = None,
) -> SplitSearchResult:
    """SEARCH-SUBPROBLEMS(S): iterative deepening d = 2, 4, ...; the move of the largest ImpliedScore.

    Seed 003, §10.5.2, SEARCH-SUBPROBLEMS.  Stops after ``max_depth``, when
    ``time_limit`` seconds have passed (the unfinished depth is discarded), when
    the nodes searched so far reach ``node_budget`` (checked between depths),
    or at once when a forced win is found (shallow wins first, line 20).
    Raises :class:`GameError` when no subproblem has a legal move inside its
    region (every legal move crosses a partition): callers then search the
    whole position (the self-play runner does).  ``deadline`` replaces ``time_limit``
    with a ready-made :class:`~reference.search.Deadline` (tests inject a fake clock).
    """
    limits = SearchLimits.of(max_depth, time_limit, node_budget, deadline)
    search = SubproblemSearch(game, decomposition, algorithm, ordering, limits.deadline)
    best: SplitSearchResult | None = None  # line 1: PC <- {} (PC is best.move)
    for d in limits.depths():  # lines 2-3: while time remains, for each d in {2, 4, ...}
        high: Score = -10 * WIN  # line 4: max <- -infinity
        move_scores: list[Score] = []
        non_move_scores: list[Score] = []
        try:
            for s in range(len(search.positions)):  # line 5: each subproblem s, position p
                move_scores.append(search.move_score(s, d))  # lines 7-14: -MINIMAX(p', d - 1)
                non_move_scores.append(search.non_move_score(s, d))  # line 15 (ERRATUM)
        except SearchTimeout:
            break  # time is up: the unfinished depth is discarded
        pc: Move | None = None
        scores: list[SubproblemScore] = []
        for s, move in enumerate(search.moves):  # line 16: for each subproblem s
            implied = implied_score(move_scores, non_move_scores, s)  # §10.5.1
            scores.append(SubproblemScore(move, move_scores[s], non_move_scores[s], implied))
            if move is not None and implied > high:  # line 17: ImpliedScore[s] > max
                high, pc = implied, move  # lines 18-19: max, PC <- ImpliedScore[s], Move[s]
        if pc is None:
            break  # no subproblem can move within its region (GameError below)
        best = search.result(pc, high, d, tuple(scores))
        if high >= MATE_BOUND or limits.spent(search.counters.nodes):
            break  # line 20: prioritize shallow wins (or the node budget is spent)
    return search.finish(best)  # line 21: return PC


def search_position(
    game: DouShouQi,
    t_thresh: float = 4,
    *,
    tracker: CausalityMST | None = None,
    **options: Unpack[SubproblemOptions],
) -> SplitSearchResult:
    """SEARCH-POSITION(P, T_thresh): find the subproblems, search them, return a move.

    Seed 003, §10.1, SEARCH-POSITION.  Phase 1 is
    :func:`reference.dou_shou_qi.partition.find_subproblems` (lines 1-3);
    phase 2 is :func:`search_subproblems` (line 4), with its ``options``
    (:class:`SubproblemOptions`).  With a ``tracker`` the minimum spanning tree is
    updated (Update-MST) rather than recomputed.

    >>> game = DouShouQi.from_notation("A: Ld3 Ta1 / B: Cd4 / A")
    >>> result = search_position(game, 4, max_depth=2)   # A takes B's last piece
    >>> game.format_move(result.move), result.value
    ('d3-d4', 999999)
    """
    if game.is_terminal():
        raise GameError("the game is over: there is no move to search")
    decomposition = find_subproblems(game.pieces(), t_thresh, tracker=tracker)  # lines 1-3
    return search_subproblems(game, decomposition, **options)  # lines 4-5
