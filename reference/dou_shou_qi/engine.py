"""The split-search engine: what goes beyond the thesis's SEARCH-SUBPROBLEMS, beside it.

Seed 003, §10.5 ("prioritize shallow wins") and §10.5.1 (ImpliedScore), corrected.
The literal listing is :func:`reference.dou_shou_qi.split_search.search_subproblems`;
:func:`search_subproblems_engine` runs the same iterative deepening over the same
subproblem searches (:class:`~reference.dou_shou_qi.split_search.SubproblemSearch`)
with two options the thesis does not have:

* ``check_decided`` (on by default here): before the subproblems are searched to
  depth ``d``, the whole position is searched to ``d`` with every undecided leaf
  scored 0 (:class:`DecisionsOnly`).  That search's value is exactly the decided
  part of the plain search's value (a forced win or loss within ``d`` plies, or
  nothing), so when the game is decided within the depth the engine returns the
  plain search's value and a move that achieves it (§10.5's "prioritize shallow
  wins", made sound); when it is not, a decided combined score is the split
  model's claim, refuted, and is reported as ``+-REFUTED_CLAIM``.
* ``combination="sum"``: the corrected combination.  ImpliedScore lets the
  opponent reply in every subproblem at once, so it is not the position's value
  even when the subproblems cannot interact; the *sum* of the subproblems (one
  real move per ply, in any one subproblem, every piece confined to its region,
  the evaluation summed over the subproblems) is the full search's value whenever
  :func:`cannot_interact` holds (`docs/papers/003-split-search.md` has the measured
  table).  The sum is not cheaper than a plain search: no combination of a fixed
  set of numbers per subproblem is exact in general, because who moves in a
  subproblem at each ply is chosen during play.

With ``check_decided=False`` and ``combination="implied"`` the engine is the
literal SEARCH-SUBPROBLEMS (a property test checks that they agree).  SEARCH-POSITION
with the engine is ``search_subproblems_engine(game, find_subproblems(game.pieces(),
t_thresh), ...)``:

>>> from reference.dou_shou_qi.partition import find_subproblems
>>> game = DouShouQi.from_notation("A: Ld3 Ta1 / B: Cd4 / A")
>>> result = search_subproblems_engine(game, find_subproblems(game.pieces(), 4), max_depth=2)
>>> game.format_move(result.move), result.value, result.decided   # A takes B's last piece
('d3-d4', 999999, True)
"""

from __future__ import annotations

from typing import Literal

from reference.dou_shou_qi.causality import free_body_cone
from reference.dou_shou_qi.geometry import ALL_SQUARES, WATER_JUMPS, Kind, Side, Square
from reference.dou_shou_qi.notation import Move
from reference.dou_shou_qi.partition import Decomposition
from reference.dou_shou_qi.rules import DouShouQi
from reference.dou_shou_qi.split_search import (
    SearchLimits,
    SplitSearchResult,
    SubproblemGame,
    SubproblemScore,
    SubproblemSearch,
    WholeBoardView,
    choose_subproblem,
)
from reference.errors import ParameterError
from reference.search import MATE_BOUND, Score
from reference.search.context import Deadline, SearchTimeout
from reference.search.root import Algorithm, run_root

REFUTED_CLAIM: Score = MATE_BOUND - 1
"""What a decided-looking combined score becomes when ``check_decided`` found that the
game is not decided within the depth (the split model's claim, refuted): the largest
heuristic value of its sign."""

Combination = Literal["implied", "sum"]
COMBINATIONS: tuple[Combination, ...] = ("implied", "sum")


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
    reach: list[list[tuple[Kind, set[Square]]]] = []
    for i, sub in enumerate(subs):
        mine: list[tuple[Kind, set[Square]]] = []
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


def search_subproblems_engine(
    game: DouShouQi,
    decomposition: Decomposition,
    *,
    combination: Combination = "implied",
    check_decided: bool = True,
    max_depth: int | None = None,
    time_limit: float | None = None,
    node_budget: int | None = None,
    deadline: Deadline | None = None,
    algorithm: Algorithm = "alphabeta",
    ordering: str | None = None,
) -> SplitSearchResult:
    """SEARCH-SUBPROBLEMS with the whole-board check for decided games and a choice of combination.

    Limits, errors and results as in :func:`~reference.dou_shou_qi.split_search.search_subproblems`;
    ``combination``: ``"implied"`` (ImpliedScore) or ``"sum"`` (corrected); ``check_decided``:
    first ask the whole position whether the game is decided within ``d``.
    """
    limits = SearchLimits.of(max_depth, time_limit, node_budget, deadline)
    if combination not in COMBINATIONS:
        raise ParameterError(
            f"combination is one of {', '.join(COMBINATIONS)}, got {combination!r}"
        )
    search = SubproblemSearch(game, decomposition, algorithm, ordering, limits.deadline)
    whole = SubproblemGame(game, search.regions, non_move=False, ordering=ordering)
    decisions = DecisionsOnly(game, ordering=ordering)
    whole_ctx, decisions_ctx = search.new_context(), search.new_context()
    best: SplitSearchResult | None = None
    pc: Move | None = None
    for d in limits.depths():
        scores: tuple[SubproblemScore, ...] = ()
        try:
            if check_decided:  # sound "prioritize shallow wins": is the game decided within d?
                value, move = run_root(algorithm, decisions, d, decisions_ctx, first=pc)
                if abs(value) >= MATE_BOUND:
                    best = search.result(move, value, d, (), decided=True, combination=combination)
                    break
            if combination == "sum":
                if not whole.legal_moves():
                    break  # every legal move crosses a region (GameError below)
                value, sum_move = run_root(algorithm, whole, d, whole_ctx, first=pc)
                pc = sum_move
            else:
                scores = search.score_subproblems(d)  # the listing's lines 5-15
                value, pc = choose_subproblem(scores)  # lines 4, 16-19
        except SearchTimeout:
            break
        if pc is None:
            break  # no subproblem can move within its region (GameError below)
        if check_decided and abs(value) >= MATE_BOUND:
            value = max(-REFUTED_CLAIM, min(REFUTED_CLAIM, value))  # the check found no result
        best = search.result(pc, value, d, scores, combination=combination)
        if value >= MATE_BOUND:  # line 20: prioritize shallow wins
            break
        if limits.spent(search.counters.nodes):
            break
    return search.finish(best)
