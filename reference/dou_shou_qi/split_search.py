"""Split search: SEARCH-SUBPROBLEMS and SEARCH-POSITION, with non-moves and ImpliedScore.

Seed 003, §10.1 (SEARCH-POSITION), §10.5 (SEARCH-SUBPROBLEMS, §10.5.1 non-moves,
ImpliedScore), §6.1 (the non-move), §9.2 (static partitioning).

Each subproblem is searched as a game of its own (:class:`SubproblemGame`): its
pieces may move only to the squares Partition-Board gave it, a non-move (pass)
is allowed at every ply below the root when there is more than one subproblem,
and the pieces of the other subproblems stand still.  The searches are the
core's (:func:`reference.search.root.run_root`, alpha-beta by default); this
module only combines their values.

**When a line is over is decided in one place, the game's rules.**  A
subproblem is searched on the whole board (the other subproblems' pieces
stand still: every move stays inside the subproblem's region, so they can
neither move nor be taken), and :meth:`DouShouQi.is_terminal` /
:meth:`DouShouQi.terminal_score` end its lines exactly as they end the game: a
den entered, a side with no pieces left, a side to move with no legal move on
the board, the draw limit (a non-move is a ply: it stands for a move made in
another subproblem).  Only the evaluation is the subproblem's own (§3.3 over
its pieces, as the thesis's subproblem positions hold only their pieces).

Two checks that the thesis does not have, both on by default:

* ``check_decided``: before the subproblems are searched to depth ``d``, the
  whole position is searched to ``d`` with every undecided leaf scored 0.  That
  search's value is exactly the decided part of the plain search's value (a
  forced win or loss within ``d`` plies, or nothing), so when the game is
  decided within the depth the split search returns the plain search's value
  and a move that achieves it (§10.5's "prioritize shallow wins", made sound).
* ``combination="sum"``: the corrected combination of §10 (see below).

ERRATUM (SEARCH-SUBPROBLEMS line 15): ``NonMoveScore[s] <- -Minimax(p, d-1)``
negates the value of ``p`` itself, with the same side to move; the non-move
score is minus the value of ``p`` *after* a non-move (the opponent to move),
which is what :func:`search_subproblems` computes (a win or loss found there
is one ply further from the root than that search counted: it is moved one
ply further).

ERRATUM (ImpliedScore with infinities): a win in one subproblem and a loss in
another give ``+inf + -inf``.  Scores here are finite (a win is ``WIN - plies``,
reference.search); :func:`implied_score` sums the heuristic parts and, when a
term is a decided game, lets the nearest decided result win ("prioritize
shallow wins", §10.5).

ImpliedScore is not the value of the position even when the subproblems cannot
interact: each subproblem's search lets *both* players move in it at every
ply (or pass), so the opponent is credited with a reply in every subproblem at
once.  ``combination="implied"`` (the default) is the thesis's literal
ImpliedScore; ``combination="sum"`` searches the *sum* of the subproblems (one
real move per ply, in any one subproblem, with every piece confined to its
region and the evaluation summed over the subproblems), which is the full
search's value whenever no move crosses a region within the depth and no
piece of one subproblem can affect another (`docs/papers/003-split-search.md`
has the measured table).  The sum is not cheaper than a plain search: no
combination of a fixed set of numbers per subproblem is exact in general,
because who moves in a subproblem at each ply is chosen during play.

Departures (documented choices): root moves are only real moves (a subproblem
must be able to *move*; its non-move value is NonMoveScore); with a single
subproblem no non-move is offered and the region is the whole board, so the
split search is then the plain search.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from reference.bits import Bitboard
from reference.dou_shou_qi.causality import free_body_cone
from reference.dou_shou_qi.evaluation import evaluate_pieces
from reference.dou_shou_qi.geometry import ALL_SQUARES, WATER_JUMPS, Kind, Side
from reference.dou_shou_qi.partition import CausalityMST, Decomposition, find_subproblems
from reference.dou_shou_qi.rules import NON_MOVE, DouShouQi, Move
from reference.errors import GameError, ParameterError, SearchTimeoutError
from reference.search import MATE_BOUND, WIN, Key, Score, SearchContext
from reference.search.context import Deadline, SearchTimeout
from reference.search.root import run_root
from reference.search.stats import Counters

REFUTED_CLAIM: Score = MATE_BOUND - 1
"""What a decided-looking combined score becomes when ``check_decided`` found that the
game is not decided within the depth (the split model's claim, refuted): the largest
heuristic value of its sign."""

Combination = Literal["implied", "sum"]
COMBINATIONS: tuple[Combination, ...] = ("implied", "sum")


class WholeBoardView:
    """The whole board, copied, as a game for the core search: every legal move, no pass.

    The base of the two views split search builds; the game's own rules (end of
    game, draw limit, keys) are the board's, in one place.
    """

    __slots__ = ("_inner",)

    def __init__(self, position: DouShouQi, *, ordering: bool | None = None) -> None:
        inner = position.copy()
        inner.allow_non_move = False
        inner.allowed_squares = ALL_SQUARES
        if ordering is not None:
            inner.ordering = ordering
        self._inner = inner

    @property
    def board(self) -> DouShouQi:
        """The whole board (do not make moves on it)."""
        return self._inner

    @property
    def to_move(self) -> int:
        return int(self._inner.to_move)

    @property
    def key(self) -> Key:
        return self._inner.key

    def tt_key(self) -> Key:
        return self._inner.tt_key()

    def max_plies_left(self) -> int | None:
        """The whole game's bound: a non-move counts as a ply towards the draw limit."""
        return self._inner.max_plies_left()

    def is_terminal(self) -> bool:
        """The game's own rule (den, no pieces, no legal move on the board, draw limit)."""
        return self._inner.is_terminal()

    def terminal_score(self) -> Score:
        return self._inner.terminal_score()

    def evaluate(self) -> Score:
        return self._inner.evaluate()

    selective = False
    counts_points = False

    def search_moves(self) -> Sequence[Move]:
        return self.legal_moves()

    def legal_moves(self) -> Sequence[Move]:
        return self._inner.legal_moves()

    def make(self, move: Move) -> int:
        return self._inner.make(move)

    def unmake(self) -> None:
        self._inner.unmake()


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
        ordering: bool | None = None,
    ) -> None:
        if not regions:
            raise ParameterError("a subproblem needs at least one region")
        super().__init__(position, ordering=ordering)
        inner = self._inner
        self._regions = tuple(r & ALL_SQUARES for r in regions)
        union = 0
        for r in self._regions:
            union |= r
        self._frozen_a = evaluate_pieces(p for p in inner.pieces() if not union >> p.square & 1)
        self._non_move = non_move
        self._depth = 0

    def evaluate(self) -> Score:
        """Evaluate (§3.3) over this subproblem's pieces, for the side to move."""
        value_a = self._inner.evaluate_for_a() - self._frozen_a
        return value_a if self._inner.to_move == Side.A else -value_a

    selective = True
    """A subproblem is a heuristic decomposition (§10): no value searched on it is exact."""

    def _inside(self, move: Move) -> bool:
        src, dst = move
        return any(r >> src & 1 and r >> dst & 1 for r in self._regions)

    def legal_moves(self) -> Sequence[Move]:
        inner = self._inner
        if inner.is_terminal():
            return ()
        moves = [m for m in inner.legal_moves() if self._inside(m)]
        if self._depth > 0 and (self._non_move or not moves):
            moves.append(NON_MOVE)
        return tuple(moves)

    def make(self, move: Move) -> int:
        self._inner.make(move)
        self._depth += 1
        return 0

    def unmake(self) -> None:
        self._inner.unmake()
        self._depth -= 1


class DecisionsOnly(WholeBoardView):
    """The whole position with every undecided leaf scored 0 (for ``check_decided``).

    Its depth-``d`` value is ``f(v)`` where ``v`` is the plain search's value and
    ``f`` keeps decided scores (``abs >= MATE_BOUND``) and maps every other to 0:
    ``f`` is odd and nondecreasing, so it commutes with max and negation, hence
    with negamax.  Implements :class:`reference.search.protocol.Game`.
    """

    __slots__ = ()

    def evaluate(self) -> Score:
        return 0


def cannot_interact(game: DouShouQi, decomposition: Decomposition, depth: int) -> bool:
    """Whether, within ``depth`` plies, no piece can leave its region or affect another subproblem.

    A sufficient condition, from free-body effect cones (§6.3): every square a
    piece can reach in the moves its side makes within ``depth`` plies lies in
    its subproblem's region (so the partition cuts off no move, and no piece can
    take or block a piece of another subproblem: their squares are in other
    regions), and no mouse of one subproblem can reach a water square that a
    lion or tiger of another subproblem could leap over.  When it
    holds, the game tree to ``depth`` is the tree of the sum of the subproblems,
    so ``combination="sum"`` gives the plain search's value.
    """
    subs = decomposition.subproblems
    allowed = decomposition.partition.allowed if len(subs) > 1 else (ALL_SQUARES,)
    moves_of = {
        game.to_move: (depth + 1) // 2,
        Side(1 - game.to_move): depth // 2,
    }
    reach: list[list[tuple[Kind, set[int]]]] = []
    for i, sub in enumerate(subs):
        mine: list[tuple[Kind, set[int]]] = []
        for piece in sub.pieces:
            cone = free_body_cone(piece)
            squares = {sq for sq, t in enumerate(cone) if t <= moves_of[piece.side]}
            if any(not allowed[i] >> sq & 1 for sq in squares):
                return False
            mine.append((piece.kind, squares))
        reach.append(mine)
    for i, mine in enumerate(reach):
        leapt = {
            w
            for kind, squares in mine
            if kind in (Kind.LION, Kind.TIGER)
            for sq in squares
            for _, path in WATER_JUMPS[sq]
            for w in path
        }
        for j, theirs in enumerate(reach):
            if j != i and any(k == Kind.MOUSE and squares & leapt for k, squares in theirs):
                return False
    return True


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
    """max ImpliedScore (or the sum's value) at the last completed depth; the plain
    search's value when ``decided``.  With ``check_decided`` a win or loss the
    check refuted is reported as ``+-REFUTED_CLAIM``, so ``abs(value) >= MATE_BOUND``
    exactly when the game is decided within the depth."""
    depth: int
    """The last completed depth d (2, 4, ...)."""
    scores: tuple[SubproblemScore, ...]
    """Each subproblem's scores (empty when ``decided`` or for ``combination="sum"``)."""
    nodes: int
    seconds: float
    decomposition: Decomposition
    decided: bool = False
    """True when the full-board check found the game decided within ``depth`` plies:
    ``value`` is then the plain search's value at that depth."""
    combination: Combination = "implied"


def search_subproblems(
    game: DouShouQi,
    decomposition: Decomposition,
    *,
    max_depth: int | None = None,
    time_limit: float | None = None,
    node_budget: int | None = None,
    algorithm: str = "alphabeta",
    ordering: bool | None = None,
    combination: Combination = "implied",
    check_decided: bool = True,
    deadline: Deadline | None = None,
) -> SplitSearchResult:
    """SEARCH-SUBPROBLEMS(S): iterative deepening d = 2, 4, ... over every subproblem.

    Seed 003, §10.5.2, SEARCH-SUBPROBLEMS.  Stops after ``max_depth``, when
    ``time_limit`` seconds have passed (the unfinished depth is discarded), when
    the nodes searched so far reach ``node_budget`` (checked between depths),
    or at once when a forced win is found (shallow wins first, line 20).
    ``combination`` is ``"implied"`` (the thesis's ImpliedScore) or ``"sum"``
    (the corrected combination, see the module docstring); ``check_decided``
    first asks the whole position whether the game is decided within ``d``.
    Raises :class:`GameError` when no subproblem has a legal move inside its
    region (every legal move crosses a partition): callers then search the
    whole position (the self-play runner does).  ``deadline`` replaces ``time_limit``
    with a ready-made :class:`~reference.search.Deadline` (tests inject a fake clock).
    """
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
    if combination not in COMBINATIONS:
        raise ParameterError(
            f"combination is one of {', '.join(COMBINATIONS)}, got {combination!r}"
        )
    if game.is_terminal():
        raise GameError("the game is over: there is no move to search")
    subs = decomposition.subproblems
    split = len(subs) > 1
    regions = [
        decomposition.partition.allowed[i] if split else ALL_SQUARES for i in range(len(subs))
    ]
    for sub, region in zip(subs, regions, strict=True):
        if any(not region >> p.square & 1 for p in sub.pieces):
            raise ParameterError("a subproblem's piece stands outside its region")
    positions = [
        SubproblemGame(game, (region,), non_move=split, ordering=ordering) for region in regions
    ]
    whole = SubproblemGame(game, regions, non_move=False, ordering=ordering)
    decisions = DecisionsOnly(game, ordering=ordering)
    # One table per game searched: the views share the board's keys but not its moves
    # (regions) nor its evaluation (members only; DecisionsOnly scores 0), so a value
    # stored by one must not be read by another.  The counters are shared.
    counters = Counters()
    decisions_ctx = SearchContext(deadline=deadline, counters=counters)
    whole_ctx = SearchContext(deadline=deadline, counters=counters)
    contexts = [SearchContext(deadline=deadline, counters=counters) for _ in positions]
    start = time.perf_counter()
    pc: Move | None = None  # line 1
    best: SplitSearchResult | None = None
    moves: list[Move | None] = [None] * len(subs)
    d = 2
    while max_depth is None or d <= max_depth:  # lines 2-3: iterative deepening
        try:
            if check_decided:  # sound "prioritize shallow wins": is the game decided within d?
                value, move = run_root(algorithm, decisions, d, decisions_ctx, first=pc)
                if abs(value) >= MATE_BOUND:
                    best = SplitSearchResult(
                        move,
                        value,
                        d,
                        (),
                        counters.nodes,
                        time.perf_counter() - start,
                        decomposition,
                        decided=True,
                        combination=combination,
                    )
                    break
            scores: list[SubproblemScore] = []
            if combination == "sum":
                if not whole.legal_moves():
                    break  # every legal move crosses a region (GameError below)
                best_value, sum_move = run_root(algorithm, whole, d, whole_ctx, first=pc)
                pc = sum_move
            else:
                move_scores: list[Score] = []
                non_move_scores: list[Score] = []
                for i, p in enumerate(positions):  # line 5
                    if p.legal_moves():  # lines 7-14: MoveScore[s], Move[s] (root: real moves)
                        value, moves[i] = run_root(algorithm, p, d, contexts[i], first=moves[i])
                    else:
                        value, moves[i] = -WIN, None
                    move_scores.append(value)
                    p.make(NON_MOVE)  # line 15 (ERRATUM): value after a non-move
                    try:
                        if p.is_terminal():  # e.g. the draw limit reached by the non-move
                            after = p.terminal_score()
                        else:
                            after = run_root(algorithm, p, d - 1, contexts[i])[0]
                    finally:
                        p.unmake()
                    non_move_scores.append(one_ply_further(-after))
                best_value = -10 * WIN  # line 4
                pc = None
                for i in range(len(subs)):  # lines 16-19
                    implied = implied_score(move_scores, non_move_scores, i)
                    scores.append(
                        SubproblemScore(moves[i], move_scores[i], non_move_scores[i], implied)
                    )
                    if moves[i] is not None and implied > best_value:
                        best_value, pc = implied, moves[i]
                if pc is None:
                    break  # no subproblem can move within its region (GameError below)
        except SearchTimeout:
            break
        if check_decided and abs(best_value) >= MATE_BOUND:
            # the check found no forced result within d: a decided score is the model's claim
            best_value = max(-REFUTED_CLAIM, min(REFUTED_CLAIM, best_value))
        assert pc is not None
        best = SplitSearchResult(
            pc,
            best_value,
            d,
            tuple(scores),
            counters.nodes,
            time.perf_counter() - start,
            decomposition,
            combination=combination,
        )
        if best_value >= MATE_BOUND:  # line 20: prioritize shallow wins
            break
        if node_budget is not None and counters.nodes >= node_budget:
            break
        d += 2
    if best is None:
        if deadline is not None and deadline.passed():
            seconds = deadline.end - deadline.start
            raise SearchTimeoutError(f"{seconds:g} s is too short to finish split-search depth 2")
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
    combination: Combination = "implied",
    check_decided: bool = True,
    deadline: Deadline | None = None,
) -> SplitSearchResult:
    """SEARCH-POSITION(P, T_thresh): find the subproblems, search them, return a move.

    Seed 003, §10.1, SEARCH-POSITION.  Phase 1 is
    :func:`reference.dou_shou_qi.partition.find_subproblems` (lines 1-3);
    phase 2 is :func:`search_subproblems` (line 4).  With a ``tracker`` the
    minimum spanning tree is updated (Update-MST) rather than recomputed.

    >>> game = DouShouQi.from_notation("A: Ld3 Ta1 / B: Cd4 / A")
    >>> result = search_position(game, 4, max_depth=2)   # A takes B's last piece
    >>> game.format_move(result.move), result.value, result.decided
    ('d3-d4', 999999, True)
    """
    if game.is_terminal():
        raise GameError("the game is over: there is no move to search")
    decomposition = find_subproblems(game.pieces(), t_thresh, tracker=tracker)  # lines 1-3
    return search_subproblems(  # line 4
        game,
        decomposition,
        max_depth=max_depth,
        time_limit=time_limit,
        node_budget=node_budget,
        algorithm=algorithm,
        ordering=ordering,
        combination=combination,
        check_decided=check_decided,
        deadline=deadline,
    )
