"""Annotate a game record: check every move, prove what can be proven, flag the mistakes.

A game record is a start position and its moves.  :func:`annotate_game` replays it:

1. **legality first**: every move is parsed and played on a copy; the first that
   fails is reported with its (1-based) index and the reason, and only the moves
   before it are annotated;
2. **every position is classified** where this package can *prove* its value within
   the budget (:class:`~reference.search.Budget`: nodes or seconds per proof attempt):

   * ``solve``: the exact value and every optimal move, by alpha-beta with a
     transposition table to the end of the game (:mod:`reference.search.solve`,
     here with a budget; one table per game, so later positions reuse earlier work):
     small boards, late Dots and Boxes positions, the end of any game;
   * ``vcf`` ((M,N,K)-game): a win of the side to move by continuous fours
     (:func:`reference.mnk.vcf.vcf_search`; sound for any K, made for gomoku, K = 5);
   * ``tss`` (Connect6): a win of the side to move by threat-space search
     (:func:`reference.connect6.tss.threat_space_search`, double threats, sound);

   A threat-space proof proves a win only (value 1); "no win found" proves nothing;
3. **every move is judged** when both the value before it and the value it leads to
   are proven: the move's value for the mover is the points it scored plus the value
   after it (minus when the turn passed).  A move worth less than the position is a
   mistake: ``??`` when it turns a result that was not a loss into a loss, ``?``
   otherwise (a win into a draw, or boxes given away); ``!`` marks the only optimal
   move of a won position (known from ``solve`` only).  Every flag carries its proof:
   the optimal moves and a line after the move (the refutation), or the two
   threat-space wins (the one missed and the opponent's).  A heuristic value never
   flags anything.

Library code: no printing; the clock is read only through a :class:`Deadline`.

>>> from reference import MNKGame
>>> record = annotate_game(MNKGame(3, 3, 3), "b2 a2 a1 c3 b1".split())
>>> [(p.move, p.mark) for p in record.positions]
[('b2', ''), ('a2', '??'), ('a1', ''), ('c3', ''), ('b1', ''), (None, '')]
>>> record.positions[1].comment
'draw -> loss (best: a1 c1 a3 c3); after it: a1 c3 c1 a3 b1'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Protocol

from reference.errors import GameError
from reference.registry import player_name
from reference.search.context import Budget, SearchContext, SearchTimeout
from reference.search.engine import alphabeta_tt_engine
from reference.search.negamax import child_value
from reference.search.protocol import INFINITY, PlayableGame
from reference.search.rootloop import root_search
from reference.search.solve import SOLVE_DEPTH
from reference.search.tt import TranspositionTable
from reference.search.value import game_value

AnyGame = PlayableGame[Any]

DEFAULT_NODES: Final = 100_000
"""Default budget of one proof attempt, in nodes (our choice; a Connect6 node, which lists
every pair of empty points, costs far more than an (M,N,K) node)."""
LINE_LIMIT: Final = 30
"""Longest line (plies) shown after a flagged move (our choice)."""
TABLE_SIZE: Final = 1 << 20
"""Entries of the exact solver's table, one per annotated game (our choice)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """What is proven about one position (values for the side to move)."""

    value: int | None
    """The exact value (1 / 0 / -1, or net points), or ``None`` when nothing is proven."""
    method: str
    """``"terminal"``, ``"solve"``, ``"vcf"``, ``"tss"`` or ``"none"``."""
    best_moves: tuple[str, ...] | None = None
    """Every optimal move (``solve`` only), in notation."""
    line: tuple[str, ...] = ()
    """The threat-space win (``vcf``, ``tss``); for ``solve`` the optimal line is computed
    only after a flagged move (:attr:`AnnotatedPosition.refutation`)."""
    nodes: int = 0

    @property
    def proven(self) -> bool:
        return self.value is not None


@dataclass(frozen=True, slots=True)
class AnnotatedPosition:
    """One position of the record and the move played from it (``None`` for the last)."""

    ply: int
    """Moves played before this position (0: the start)."""
    notation: str
    to_move: int
    mover_name: str
    verdict: Verdict
    result: int | None
    """The final result for the side to move if the value holds: 1 / 0 / -1 (win / draw / loss,
    counting the points already scored), or ``None`` when the value is not proven."""
    move: str | None = None
    move_value: int | None = None
    """The played move's value for the mover, when proven."""
    mark: str = ""
    """``"??"``, ``"?"``, ``"!"`` or ``""``."""
    comment: str = ""
    """Why the mark (with the proof), or what is proven when nothing is flagged."""
    refutation: tuple[str, ...] = ()
    """A proof line after a flagged move (the opponent's win, or the optimal line)."""


@dataclass(frozen=True, slots=True)
class IllegalMove:
    """The first move of a record that could not be played."""

    index: int
    """1-based index of the move in the record."""
    move: str
    reason: str


@dataclass(frozen=True, slots=True)
class AnnotatedGame:
    """The annotation of one record."""

    positions: tuple[AnnotatedPosition, ...]
    illegal: IllegalMove | None
    final: str
    """How the record ends (the game's ``result_text`` or ``"game in progress"``)."""
    marks: dict[str, int] = field(default_factory=dict)


# ----------------------------------------------------------------------------- proofs
class BoundedSolver:
    """Exact values with a budget: :func:`reference.search.solve.solve_raw` that gives up.

    The same search (alpha-beta + TT to the end of the game, every legal move of a
    selective game, sound pruning of the others, wins not scored by distance); it
    returns ``None`` when the budget runs out.  One table serves every position of a
    game: its entries are exact values of complete subtrees (a stopped search stores
    nothing for the nodes it abandons).
    """

    def __init__(self, budget: Budget, table_size: int = TABLE_SIZE) -> None:
        self.budget = budget
        self.table = TranspositionTable(table_size)

    def solve(self, game: AnyGame) -> tuple[int, list[Any], int] | None:
        """(exact score, every optimal move, nodes) for the side to move, or ``None``."""
        ctx = SearchContext(tt=self.table, mate_distance=False, full_width=True)
        ctx.bind_table(game)
        ctx.deadline = self.budget.deadline(lambda: ctx.counters.nodes)
        try:
            value, _ = root_search(alphabeta_tt_engine, game, SOLVE_DEPTH, -INFINITY, INFINITY, ctx)
            best = [
                move
                for move in game.legal_moves()
                if child_value(
                    alphabeta_tt_engine, game, move, SOLVE_DEPTH - 1, value - 1, value + 1, ctx, 0
                )
                == value
            ]
        except SearchTimeout:
            return None
        if ctx.horizon_reached:  # pragma: no cover (no game here lasts SOLVE_DEPTH plies)
            return None
        return value, best, ctx.counters.nodes

    def line(self, game: AnyGame, first: Any | None = None) -> list[str]:
        """An optimal line from ``game`` (starting with ``first`` when given), as far as the
        budget and :data:`LINE_LIMIT` allow; ``game`` is restored."""
        line: list[str] = []
        made = 0
        try:
            while len(line) < LINE_LIMIT and not game.is_terminal():
                if first is not None and made == 0:
                    move = first
                else:
                    solved = self.solve(game)
                    if solved is None or not solved[1]:
                        break
                    move = solved[1][0]
                line.append(game.format_move(move))
                game.make(move)
                made += 1
        finally:
            for _ in range(made):
                game.unmake()
        return line


class _ThreatWin(Protocol):
    """What a threat-space search answers (:class:`reference.mnk.vcf.VCFResult`,
    :class:`reference.connect6.tss.TSSResult`)."""

    @property
    def win(self) -> bool: ...

    @property
    def line(self) -> Sequence[Any]: ...

    @property
    def nodes(self) -> int: ...


def _threat_proof(game: AnyGame, budget: Budget) -> Verdict | None:
    """A threat-space win of the side to move, for the games that have one (else ``None``)."""
    prover = _threat_prover(game)
    if prover is None:
        return None
    method, search = prover
    deadline = None if budget.nodes is not None else budget.deadline()
    found = search(game, max_nodes=budget.nodes, deadline=deadline)
    if not found.win:
        return None
    line = tuple(game.format_move(move) for move in found.line)
    return Verdict(1, method, line=line, nodes=found.nodes)


def _threat_prover(game: AnyGame) -> tuple[str, Callable[..., _ThreatWin]] | None:
    """The threat-space search of ``game``'s kind: VCF in the (M,N,K)-game (K >= 2),
    threat-space search in Connect6; ``None`` for the other games."""
    from reference import Connect6, MNKGame

    if isinstance(game, MNKGame) and game.k >= 2:
        from reference.mnk.vcf import vcf_search

        return "vcf", vcf_search
    if isinstance(game, Connect6):
        from reference.connect6.tss import threat_space_search

        return "tss", threat_space_search
    return None


def classify(game: AnyGame, solver: BoundedSolver, inherited: Verdict | None = None) -> Verdict:
    """What can be proven about ``game`` within the solver's budget (``game`` is unchanged).

    ``inherited``: a loss already proven for the side to move (the opponent just played
    the first move of a threat-space win, whose proof covers every reply); used when the
    exact solver gives up, instead of searching a threat-space win for the loser.
    """
    if game.is_terminal():
        return Verdict(game_value(game, game.terminal_score()), "terminal")
    solved = solver.solve(game)
    if solved is not None:
        score, best, nodes = solved
        return Verdict(
            game_value(game, score),
            "solve",
            best_moves=tuple(game.format_move(m) for m in best),
            nodes=nodes,
        )
    if inherited is not None:
        return inherited
    proof = _threat_proof(game, solver.budget)
    if proof is not None:
        return proof
    return Verdict(None, "none")


# ----------------------------------------------------------------------------- judging
def _score_difference(game: AnyGame) -> int:
    """Points the side to move is ahead by so far (0 in games not scored in points)."""
    scores = getattr(game, "scores", None)
    if not game.counts_points or scores is None:
        return 0
    mover = game.to_move
    return int(scores[mover]) - int(scores[1 - mover])


def _result(value: int | None, difference: int) -> int | None:
    if value is None:
        return None
    total = value + difference
    return (total > 0) - (total < 0)


def _describe(value: int, counts_points: bool) -> str:
    if counts_points:
        return f"{value:+d}"
    return {1: "win", 0: "draw", -1: "loss"}[value]


@dataclass(frozen=True, slots=True)
class _Turn:
    """What the replay learns about one position besides its verdict."""

    to_move: int
    name: str
    """The side to move's name."""
    points: int
    """Points scored by the move played from here (0 at the last position)."""
    difference: int
    """Points the side to move is ahead by so far."""


def annotate_game(
    game: AnyGame,
    moves: Sequence[str],
    budget: Budget | None = None,
    *,
    on_position: Callable[[int, int], None] | None = None,
    table_size: int = TABLE_SIZE,
) -> AnnotatedGame:
    """Annotate the record ``moves`` (in notation) played from ``game`` (left unchanged).

    ``on_position(ply, total)`` is called before each position is classified (progress);
    ``table_size``: entries of the exact solver's table.
    """
    record, illegal = legal_prefix(game, moves)  # 1. legality first
    solver = BoundedSolver(budget or Budget(nodes=DEFAULT_NODES), table_size)
    verdicts, turns, final = classify_record(game, record, solver, on_position)  # 2.
    positions: list[AnnotatedPosition] = []
    marks: dict[str, int] = {"??": 0, "?": 0, "!": 0}
    for ply in range(len(record) + 1):  # 3. judge every move
        position = judge_position(game, record, ply, verdicts, turns, solver)
        if position.mark:
            marks[position.mark] += 1
        positions.append(position)
    return AnnotatedGame(tuple(positions), illegal, final, marks)


def legal_prefix(game: AnyGame, moves: Sequence[str]) -> tuple[list[Any], IllegalMove | None]:
    """The moves of the record before the first that cannot be played, and that one
    (``None`` when every move is legal); ``game`` is restored."""
    record: list[Any] = []
    illegal: IllegalMove | None = None
    try:
        for index, text in enumerate(moves, start=1):
            try:
                move = game.parse_move(text)
                game.play(move)
            except GameError as error:
                illegal = IllegalMove(index, text, str(error))
                break
            record.append(move)
    finally:
        for _ in record:
            game.unmake()
    return record, illegal


def classify_record(
    game: AnyGame,
    record: Sequence[Any],
    solver: BoundedSolver,
    on_position: Callable[[int, int], None] | None = None,
) -> tuple[list[Verdict], list[_Turn], str]:
    """Replay ``record`` and classify every position: the verdicts, what each turn scored,
    and how the record ends (``game`` is restored)."""
    verdicts: list[Verdict] = []
    turns: list[_Turn] = []
    inherited: Verdict | None = None
    made = 0
    try:
        for ply in range(len(record) + 1):
            if on_position is not None:
                on_position(ply, len(record) + 1)
            verdicts.append(classify(game, solver, inherited))
            to_move, difference = game.to_move, _score_difference(game)
            points, inherited = 0, None
            if ply < len(record):
                points, inherited = _make_recorded(game, record[ply], verdicts[-1])
                made += 1
            turns.append(_Turn(to_move, player_name(game, to_move), points, difference))
        final = getattr(game, "result_text", None)
        return verdicts, turns, str(final()) if callable(final) else "game in progress"
    finally:
        for _ in range(made):
            game.unmake()


def _make_recorded(game: AnyGame, move: Any, proof: Verdict) -> tuple[int, Verdict | None]:
    """Make the recorded ``move``: the points it scores, and the loss now proven for the
    opponent when the mover follows its threat-space win (its proof covers every reply)."""
    to_move = game.to_move
    text = game.format_move(move)
    points = game.make(move)
    follows = proof.method in ("vcf", "tss") and proof.line[:1] == (text,)
    if follows and game.to_move != to_move:
        return points, Verdict(-1, proof.method, line=proof.line[1:])
    return points, None


def judge_position(
    game: AnyGame,
    record: Sequence[Any],
    ply: int,
    verdicts: Sequence[Verdict],
    turns: Sequence[_Turn],
    solver: BoundedSolver,
) -> AnnotatedPosition:
    """The annotation of the position after ``ply`` moves and of the move played from it."""
    turn, verdict = turns[ply], verdicts[ply]
    here = AnnotatedPosition(
        ply,
        _notation_at(game, record, ply),
        turn.to_move,
        turn.name,
        verdict,
        _result(verdict.value, turn.difference),
    )
    if ply == len(record):
        return here
    after = verdicts[ply + 1]
    move_value: int | None = None
    if after.value is not None:
        same_mover = turns[ply + 1].to_move == turn.to_move
        move_value = turn.points + after.value if same_mover else turn.points - after.value
    line = after.line
    if (
        after.method == "solve"
        and move_value is not None
        and verdict.value is not None
        and move_value < verdict.value
    ):  # a flagged move: the optimal line after it
        line = tuple(_at(game, record, ply + 1, solver.line))
    move = game.format_move(record[ply])
    mark, comment, refutation = _judge(
        turn.name,
        move,
        verdict,
        replace(after, line=line),
        move_value,
        turn.difference,
        game.counts_points,
    )
    return replace(
        here,
        move=move,
        move_value=move_value,
        mark=mark,
        comment=comment,
        refutation=refutation,
    )


def _notation_at(game: AnyGame, moves: Sequence[Any], ply: int) -> str:
    return str(_at(game, moves, ply, lambda board: board.to_notation()))


def _at(game: AnyGame, moves: Sequence[Any], ply: int, function: Callable[[AnyGame], Any]) -> Any:
    """``function`` of the position after the first ``ply`` moves (``game`` is restored)."""
    for move in moves[:ply]:
        game.make(move)
    try:
        return function(game)
    finally:
        for _ in range(ply):
            game.unmake()


def _judge(
    name: str,
    move: str,
    before: Verdict,
    after: Verdict,
    move_value: int | None,
    difference: int,
    counts_points: bool,
) -> tuple[str, str, tuple[str, ...]]:
    """(mark, comment, refutation line) of one move (see the module docstring, step 3)."""
    value = before.value
    after_line = after.line
    if value is None or move_value is None:
        if value == 1 and before.method in ("vcf", "tss") and move_value is None:
            return (
                "",
                f"a win was proven ({before.method}: {' '.join(before.line)}); not proven after the move",
                (),
            )
        if move_value is not None and move_value < 0 and after.method in ("vcf", "tss"):
            return (
                "",
                f"after it the opponent has a proven win ({after.method}: {' '.join(after.line)})",
                (),
            )
        return "", "", ()
    before_result = _result(value, difference)
    after_result = _result(move_value, difference)
    assert before_result is not None and after_result is not None
    if move_value < value:
        mark = "??" if after_result < 0 <= before_result else "?"
        change = f"{_describe(value, counts_points)} -> {_describe(move_value, counts_points)}"
        if before.best_moves is not None:
            proof = f"best: {' '.join(before.best_moves)}"
        else:
            proof = f"{before.method} win: {' '.join(before.line)}"
        comment = f"{change} ({proof})"
        if after_line:
            comment += f"; after it: {' '.join(after_line)}"
        return mark, comment, tuple(after_line)
    if (
        before.best_moves is not None
        and len(before.best_moves) == 1
        and before_result == 1
        and move in before.best_moves
    ):
        return "!", f"the only move that keeps the {_describe(value, counts_points)}", ()
    return "", "", ()
