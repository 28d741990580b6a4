"""Split search: SEARCH-SUBPROBLEMS and SEARCH-POSITION, with non-moves and ImpliedScore.

Seed 003, §10.1 (SEARCH-POSITION), §10.5 (SEARCH-SUBPROBLEMS, §10.5.1 non-moves,
ImpliedScore), §6.1 (the non-move), §9.2 (static partitioning).

Each subproblem is searched as a game of its own (:class:`SubproblemGame`): only
its pieces are on the board, its pieces may move only to the squares
Partition-Board gave it, and a non-move (pass) is allowed at every ply below the
root when there is more than one subproblem.  The searches are the core's
(:func:`reference.search.root.run_root`, alpha-beta by default); this module only
combines their values.

ERRATUM (SEARCH-SUBPROBLEMS line 15): ``NonMoveScore[s] <- -Minimax(p, d-1)``
negates the value of ``p`` itself, with the same side to move; the non-move
score is minus the value of ``p`` *after* a non-move (the opponent to move),
which is what :func:`search_subproblems` computes.

ERRATUM (ImpliedScore with infinities): a win in one subproblem and a loss in
another give ``+inf + -inf``.  Scores here are finite (a win is ``WIN - plies``,
reference.search); :func:`implied_score` sums the heuristic parts and, when a
term is a decided game, lets the nearest decided result win ("prioritize
shallow wins", §10.5).

Departures (documented choices): root moves are only real moves (a subproblem
must be able to *move*; its non-move value is NonMoveScore) and only moves legal
in the whole position (a lion's leap can be blocked by a mouse of another
subproblem); with a single subproblem no non-move is offered, so the split
search is then the plain search; a subproblem ends only when a den is entered
(a side with no pieces *in the subproblem* simply passes).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from reference.dou_shou_qi.board import NON_MOVE, DouShouQi, Move
from reference.dou_shou_qi.cones import JUMP_LANDINGS, MOVEMENT_GRAPHS, movement_of
from reference.dou_shou_qi.notation import Piece, Placement
from reference.dou_shou_qi.ordering import KIND_PRIORITY
from reference.dou_shou_qi.partition import CausalityMST, Decomposition, find_subproblems
from reference.dou_shou_qi.squares import ALL_SQUARES, DEN, Bitboard, Kind, Side
from reference.errors import GameError, ParameterError, SearchTimeoutError
from reference.search import MATE_BOUND, WIN, Key, Score, SearchContext
from reference.search.context import Deadline, SearchTimeout
from reference.search.root import run_root


class SubproblemGame:
    """A subproblem as a game for the core search: confined moves plus a non-move.

    Seed 003, §9.2 (static partitioning) and §10.5.1 (non-moves).  Implements
    :class:`reference.search.protocol.Game`.  ``allowed`` is the bitboard of
    destination squares (Partition-Board); ``non_move`` offers the pass at
    every ply except the root; ``root_moves``, when given, limits the root
    moves (to those legal in the whole position).
    """

    __slots__ = ("_allowed", "_depth", "_inner", "_non_move", "_ordering", "_root_moves")

    def __init__(
        self,
        pieces: Sequence[Piece],
        to_move: Side,
        allowed: Bitboard = ALL_SQUARES,
        *,
        non_move: bool = True,
        ordering: bool = False,
        root_moves: frozenset[Move] | None = None,
    ) -> None:
        self._inner = DouShouQi(
            Placement(tuple(pieces), to_move),
            draw_limit=None,
            ordering=ordering,
            allowed_squares=allowed,
        )
        self._allowed = allowed & ALL_SQUARES
        self._non_move = non_move
        self._ordering = ordering
        self._root_moves = root_moves
        self._depth = 0

    @property
    def board(self) -> DouShouQi:
        """The underlying position (only the subproblem's pieces); do not make moves on it."""
        return self._inner

    @property
    def to_move(self) -> int:
        return int(self._inner.to_move)

    @property
    def key(self) -> Key:
        return self._inner.key

    def tt_key(self) -> Key:
        return self._inner.key

    def is_terminal(self) -> bool:
        """A subproblem ends only when a den is entered."""
        inner = self._inner
        return inner.piece_at(DEN[Side.A]) is not None or inner.piece_at(DEN[Side.B]) is not None

    def terminal_score(self) -> Score:
        # a den is entered on the opponent's move: the side to move has lost
        return -WIN if self.is_terminal() else 0

    def evaluate(self) -> Score:
        """Evaluate (§3.3) over this subproblem's pieces, for the side to move."""
        return self._inner.evaluate()

    selective = True
    """A subproblem is a heuristic decomposition (§10): no value searched on it is exact."""
    counts_points = False

    def search_moves(self) -> Sequence[Move]:
        return self.legal_moves()

    def legal_moves(self) -> Sequence[Move]:
        if self.is_terminal():
            return ()
        inner = self._inner
        side = inner.to_move
        if inner.piece_count(side) == 0:
            moves: list[Move] = []
        elif inner.piece_count(Side(1 - side)) > 0:
            moves = list(inner.legal_moves())
        else:
            moves = self._quiet_moves(side)
        if self._depth == 0:
            if self._root_moves is not None:
                moves = [m for m in moves if m in self._root_moves]
            return tuple(moves)
        if self._non_move:
            moves.append(NON_MOVE)
        return tuple(moves)

    def _quiet_moves(self, side: Side) -> list[Move]:
        """Moves when the opponent has no piece in the subproblem (the board calls that game over)."""
        inner = self._inner
        found: list[tuple[int, Move]] = []
        for kind in Kind:
            src = inner.square_of(side, kind)
            if src is None:
                continue
            targets = list(MOVEMENT_GRAPHS[movement_of(kind)][src])
            if kind in (Kind.LION, Kind.TIGER):
                blocked = {
                    landing
                    for landing, path in JUMP_LANDINGS[src]
                    if any(inner.piece_at(w) is not None for w in path)
                }
                targets = [t for t in targets if t not in blocked]
            for dst in targets:
                if dst != DEN[side] and self._allowed >> dst & 1 and inner.piece_at(dst) is None:
                    found.append((KIND_PRIORITY[kind] if self._ordering else 0, Move(src, dst)))
        found.sort(key=lambda pm: (pm[0], pm[1].src))
        return [m for _, m in found]

    def make(self, move: Move) -> int:
        self._inner.make(move)
        self._depth += 1
        return 0

    def unmake(self) -> None:
        self._inner.unmake()
        self._depth -= 1


def implied_score(move_scores: Sequence[Score], non_move_scores: Sequence[Score], i: int) -> Score:
    """ImpliedScore[s_i] = MoveScore[s_i] + sum_j NonMoveScore[s_j] - NonMoveScore[s_i].

    Seed 003, §10.5.1.  Decided games (``abs(score) >= MATE_BOUND``) do not add:
    the nearest one (largest ``abs``) is the result (ERRATUM, see module docstring).
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
    """max ImpliedScore at the last completed depth."""
    depth: int
    """The last completed depth d (2, 4, ...)."""
    scores: tuple[SubproblemScore, ...]
    nodes: int
    seconds: float
    decomposition: Decomposition


def search_subproblems(
    game: DouShouQi,
    decomposition: Decomposition,
    *,
    max_depth: int | None = None,
    time_limit: float | None = None,
    node_budget: int | None = None,
    algorithm: str = "alphabeta",
    ordering: bool | None = None,
) -> SplitSearchResult:
    """SEARCH-SUBPROBLEMS(S): iterative deepening d = 2, 4, ... over every subproblem.

    Seed 003, §10.5.2, SEARCH-SUBPROBLEMS.  Stops after ``max_depth``, when
    ``time_limit`` seconds have passed (the unfinished depth is discarded), when
    the nodes searched so far reach ``node_budget`` (checked between depths),
    or at once when a forced win is found (shallow wins first, line 20).
    Raises :class:`GameError` when no subproblem has a legal move inside its
    region (every legal move crosses a partition): callers then search the
    whole position (the self-play runner does).
    """
    if max_depth is None and time_limit is None and node_budget is None:
        raise ParameterError("give max_depth, time_limit or node_budget")
    if max_depth is not None and max_depth < 2:
        raise ParameterError(
            f"split search depths are 2, 4, ...; max_depth must be >= 2, got {max_depth}"
        )
    if node_budget is not None and node_budget < 1:
        raise ParameterError(f"node_budget must be >= 1, got {node_budget}")
    legal = frozenset(game.legal_moves())
    if not legal:
        raise GameError("the game is over: there is no move to search")
    if ordering is None:
        ordering = game.ordering
    subs = decomposition.subproblems
    split = len(subs) > 1
    positions = [
        SubproblemGame(
            s.pieces,
            game.to_move,
            decomposition.partition.allowed[i] if split else ALL_SQUARES,
            non_move=split,
            ordering=ordering,
            root_moves=legal,
        )
        for i, s in enumerate(subs)
    ]
    ctx = SearchContext(deadline=None if time_limit is None else Deadline(time_limit))
    start = time.perf_counter()
    pc: Move | None = None  # line 1
    best: SplitSearchResult | None = None
    moves: list[Move | None] = [None] * len(subs)
    d = 2
    while max_depth is None or d <= max_depth:  # lines 2-3: iterative deepening
        try:
            move_scores: list[Score] = []
            non_move_scores: list[Score] = []
            for i, p in enumerate(positions):  # line 5
                if p.legal_moves():  # lines 7-14: MoveScore[s], Move[s] (root: real moves)
                    value, moves[i] = run_root(algorithm, p, d, ctx, first=moves[i])
                else:
                    value, moves[i] = -WIN, None
                move_scores.append(value)
                p.make(NON_MOVE)  # line 15 (ERRATUM): value after a non-move
                try:
                    non_move_scores.append(-run_root(algorithm, p, d - 1, ctx)[0])
                finally:
                    p.unmake()
        except SearchTimeout:
            break
        best_value = -10 * WIN  # line 4
        pc = None
        scores: list[SubproblemScore] = []
        for i in range(len(subs)):  # lines 16-19
            implied = implied_score(move_scores, non_move_scores, i)
            scores.append(SubproblemScore(moves[i], move_scores[i], non_move_scores[i], implied))
            if moves[i] is not None and implied > best_value:
                best_value, pc = implied, moves[i]
        if pc is None:
            break  # no subproblem can move within its region (GameError below)
        best = SplitSearchResult(
            pc,
            best_value,
            d,
            tuple(scores),
            ctx.counters.nodes,
            time.perf_counter() - start,
            decomposition,
        )
        if best_value >= MATE_BOUND:  # line 20: prioritize shallow wins
            break
        if node_budget is not None and ctx.counters.nodes >= node_budget:
            break
        d += 2
    if best is None:
        if (
            time_limit is not None
            and pc is None
            and ctx.deadline is not None
            and ctx.deadline.passed()
        ):
            raise SearchTimeoutError(f"{time_limit} s is too short to finish split-search depth 2")
        raise GameError("no subproblem has a legal move inside its region")
    return best


def search_position(
    game: DouShouQi,
    t_thresh: float = 4,
    *,
    max_depth: int | None = None,
    time_limit: float | None = None,
    node_budget: int | None = None,
    algorithm: str = "alphabeta",
    ordering: bool | None = None,
    tracker: CausalityMST | None = None,
) -> SplitSearchResult:
    """SEARCH-POSITION(P, T_thresh): find the subproblems, search them, return a move.

    Seed 003, §10.1, SEARCH-POSITION.  Phase 1 is
    :func:`reference.dou_shou_qi.partition.find_subproblems` (lines 1-3);
    phase 2 is :func:`search_subproblems` (line 4).  With a ``tracker`` the
    minimum spanning tree is updated (Update-MST) rather than recomputed.
    """
    decomposition = find_subproblems(game.pieces(), t_thresh, tracker=tracker)  # lines 1-3
    return search_subproblems(  # line 4
        game,
        decomposition,
        max_depth=max_depth,
        time_limit=time_limit,
        node_budget=node_budget,
        algorithm=algorithm,
        ordering=ordering,
    )
