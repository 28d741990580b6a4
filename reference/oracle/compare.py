"""Compare an engine with the reference at one position, and localise a disagreement.

**perft** (perftree's method): ask both sides for the count below each move
(divide).  When they differ, the position is reported if the *moves* differ
(moves the engine is missing, moves it has extra); otherwise the first move
whose count differs is played and the comparison repeats one ply deeper, with
one less depth, down to depth 1.  The walk ends at the shallowest position on
that path where the move lists differ: there the engine's move generation (or
its idea of whether the game is over) is wrong.  If an engine's count below a
move disagrees with its own perft after that move, that is reported as well.

**value**: when the values differ, every child is compared (the reference solves
it, the engine is asked ``value``); the first child that differs is entered and
the comparison repeats.  The walk ends at a finished game (the engine misjudges
the end), or at a position whose children all agree while the position does not:
there the engine combines its children's values wrongly (who moves after which
move, the points a move scores).  The report then names the moves whose
combination, taken the other way (the turn passing instead of staying, or the
other way round), gives exactly the engine's value.

An engine is anything with the two questions of :class:`Peer`
(:class:`reference.oracle.engine.Engine` is the process one).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from reference import api
from reference.errors import GameError
from reference.oracle.engine import PerftAnswer
from reference.oracle.positions import replay, solve_within
from reference.registry import Explainer, JsonObject
from reference.search.protocol import PlayableGame

AnyGame = PlayableGame[Any]


class Peer(Protocol):
    """The two questions of the line protocol."""

    def perft(self, moves: Sequence[str], depth: int) -> PerftAnswer: ...

    def value(self, moves: Sequence[str]) -> int: ...


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a descent: at ``moves``, the answers differ below ``move`` (perft ``depth``,
    or the value after ``move`` when ``depth`` is ``None``)."""

    moves: tuple[str, ...]
    depth: int | None
    move: str
    engine: int
    reference: int

    def to_json(self) -> JsonObject:
        return {
            "moves": list(self.moves),
            "depth": self.depth,
            "move": self.move,
            "engine": self.engine,
            "reference": self.reference,
        }


@dataclass(frozen=True, slots=True)
class Finding:
    """Where and how the engine and the reference disagree (see the module docstring)."""

    what: str
    """``"perft"`` or ``"value"``."""
    kind: str
    """``"moves"`` (the move lists differ), ``"count"`` (a count at depth 1 is not 1),
    ``"inconsistent"`` (the engine contradicts itself), ``"end"`` (the value of a
    finished game), ``"combination"`` (every child agrees, the position does not),
    ``"value"`` (the walk stopped at the budget), ``"stale-suite"`` (the engine agrees
    with the reference, not with a suite file)."""
    moves: tuple[str, ...]
    """The moves from the start that reach the position."""
    position: str
    """That position in the game's notation."""
    summary: str
    """One line saying what differs."""
    depth: int | None = None
    """The perft depth at the position (``None`` for a value)."""
    move: str | None = None
    """The move the finding is about (see ``summary``), if one."""
    missing: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()
    suspects: tuple[str, ...] = ()
    """Combination: moves whose combination, taken the other way, gives the engine's value
    (``passes_after`` then ``stays_after``)."""
    passes_after: tuple[str, ...] = ()
    """Suspects after which the reference's mover moves again (the engine would pass the turn)."""
    stays_after: tuple[str, ...] = ()
    """Suspects after which the reference passes the turn (the engine would not)."""
    reference: object = None
    """The reference's answer here (a divide dictionary, or a value)."""
    engine: object = None
    """The engine's answer here (the same shape; unknown move names kept as written)."""
    trail: tuple[Step, ...] = field(default=())
    """The descent from the position checked to this one (perft or value)."""
    children: tuple[JsonObject, ...] = ()
    """Combination: per legal move, the points it scores, whether the mover moves again,
    the value after it (both sides agree on it) and what it gives here (the reference's rule)."""
    why: str = ""
    """One line saying why, by the rules (the move's rule, the winning line, the den entered...)."""

    @classmethod
    def at(
        cls, game: AnyGame, moves: Sequence[str], what: str, kind: str, summary: str = ""
    ) -> Finding:
        """A finding of ``kind`` at ``game``, the position ``moves`` reach (the other fields
        are added with :func:`dataclasses.replace`)."""
        return cls(what, kind, tuple(moves), game.to_notation(), summary)

    def to_json(self) -> JsonObject:
        return {
            "what": self.what,
            "kind": self.kind,
            "moves": list(self.moves),
            "position": self.position,
            "depth": self.depth,
            "summary": self.summary,
            "move": self.move,
            "missing": list(self.missing),
            "extra": list(self.extra),
            "suspects": list(self.suspects),
            "passes_after": list(self.passes_after),
            "stays_after": list(self.stays_after),
            "reference": self.reference,
            "engine": self.engine,
            "trail": [step.to_json() for step in self.trail],
            "children": list(self.children),
            "why": self.why,
        }


# ---------------------------------------------------------------------------
# naming the engine's moves the reference's way


@dataclass(frozen=True, slots=True)
class MatchedMoves:
    counts: dict[str, int]
    """Reference move name -> the engine's count, for every engine move the reference knows."""
    unknown: tuple[str, ...]
    """Engine move texts that name no legal move of the reference (as written)."""
    duplicate: tuple[str, str] | None
    """Two engine texts naming the same move, if any."""


def match_moves(game: AnyGame, reference: Sequence[str], engine: Mapping[str, int]) -> MatchedMoves:
    """Name each engine move by the reference's name of the same move.

    A text is the reference's name, or parses (ASCII only) to a move whose
    notation is (Connect6 ``k11,i9`` is ``i9,k11``), or is a legal move that
    reaches the same position as a reference move (war chess: a plan is identified
    by the end-of-turn state it reaches).  Anything else is unknown.
    """
    known = set(reference)
    by_result: dict[str, str] | None = None
    counts: dict[str, int] = {}
    source: dict[str, str] = {}
    unknown: list[str] = []
    duplicate: tuple[str, str] | None = None
    for text, count in engine.items():
        name: str | None = text if text in known else None
        if name is None and text.isascii() and text.isprintable():
            try:
                move = game.parse_move(text)
                formatted = game.format_move(move)
                if formatted in known:
                    name = formatted
                else:
                    if by_result is None:
                        by_result = _positions_after(game, reference)
                    game.play(move)
                    try:
                        name = by_result.get(game.to_notation())
                    finally:
                        game.unmake()
            except GameError:
                name = None
        if name is None:
            unknown.append(text)
            continue
        if name in counts and duplicate is None:
            duplicate = (source[name], text)
        counts[name] = count
        source[name] = text
    return MatchedMoves(counts, tuple(unknown), duplicate)


def _positions_after(game: AnyGame, names: Sequence[str]) -> dict[str, str]:
    """The notation of the position after each named move -> its name."""
    out: dict[str, str] = {}
    for name in names:
        game.make(game.parse_move(name))
        try:
            out[game.to_notation()] = name
        finally:
            game.unmake()
    return out


# ---------------------------------------------------------------------------
# perft


def _listing(counts: Mapping[str, int], total: int) -> JsonObject:
    return {"total": total, "divide": dict(counts)}


def compare_perft(
    new_game: Callable[[], AnyGame],
    peer: Peer,
    moves: Sequence[str],
    depth: int,
    *,
    expected: Mapping[str, int] | None = None,
) -> Finding | None:
    """``None`` when the engine's divide at ``moves`` equals the reference's, else a finding.

    ``expected``: the reference's divide at this position, already known (a suite
    file): it is not recomputed unless the engine disagrees with it.
    """
    root = replay(new_game, moves)
    if expected is not None:
        answer = peer.perft(moves, depth)
        matched = match_moves(root, list(expected), answer.counts)
        if not matched.unknown and matched.duplicate is None and matched.counts == dict(expected):
            return None
        live = api.divide(root, depth)
        if live != dict(expected) and matched.counts == live and not matched.unknown:
            summary = (
                f"perft {depth}: the engine agrees with this version of the reference "
                "but not with the suite file (stale or edited suite)"
            )
            return replace(
                Finding.at(root, moves, "perft", "stale-suite", summary),
                depth=depth,
                reference=_listing(live, sum(live.values())),
                engine=_listing(answer.counts, answer.total),
            )
    return _descend_perft(new_game, peer, moves, depth)


def _descend_perft(
    new_game: Callable[[], AnyGame], peer: Peer, moves: Sequence[str], depth: int
) -> Finding | None:
    """Walk down the first move whose count differs until the move lists differ (or a
    count at depth 1 is not 1, or the engine contradicts itself)."""
    path = list(moves)
    trail: list[Step] = []
    while True:
        game = replay(new_game, path)
        reference = api.divide(game, depth)
        answer = peer.perft(path, depth)
        matched = match_moves(game, list(reference), answer.counts)
        here = replace(
            Finding.at(game, path, "perft", "moves"),
            depth=depth,
            move=path[-1] if trail else None,
            reference=_listing(reference, sum(reference.values())),
            engine=_listing(answer.counts, answer.total),
            trail=tuple(trail),
        )
        moves_differ = _moves_finding(here, game.is_terminal(), list(reference), matched)
        if moves_differ is not None:
            return moves_differ
        differing = [m for m in reference if matched.counts[m] != reference[m]]
        if not differing:
            return _inconsistency(new_game, trail, answer.total) if trail else None
        move = differing[0]
        if depth == 1:
            summary = (
                f"perft 1: the engine counts {matched.counts[move]} for {move}; "
                "at depth 1 every move counts 1"
            )
            return replace(here, kind="count", move=move, summary=summary)
        trail.append(Step(tuple(path), depth, move, matched.counts[move], reference[move]))
        path.append(move)
        depth -= 1


def _moves_finding(
    here: Finding, over: bool, reference: Sequence[str], matched: MatchedMoves
) -> Finding | None:
    """``here`` as a finding when the engine's move list is not the reference's (a move
    listed twice, missing or extra; ``over``: the reference's game is over), else ``None``."""
    if matched.duplicate is not None:
        first, second = matched.duplicate
        summary = f"the engine lists one move twice, as {first!r} and {second!r}"
        return replace(here, summary=f"perft {here.depth}: {summary}")
    missing = tuple(m for m in reference if m not in matched.counts)
    extra = matched.unknown
    if not missing and not extra:
        return None
    parts = []
    if missing:
        parts.append(f"the engine is missing {len(missing)}: {' '.join(missing)}")
    if extra:
        parts.append(f"the engine has {len(extra)} extra: {' '.join(extra)}")
    differ = "the moves differ" + (" (the reference: the game is over here)" if over else "")
    summary = f"perft {here.depth}: {differ}: " + "; ".join(parts)
    return replace(here, summary=summary, missing=missing, extra=extra)


def _inconsistency(new_game: Callable[[], AnyGame], trail: Sequence[Step], total: int) -> Finding:
    """The engine's count below the last move of ``trail`` is not its own perft ``total``
    one ply down (where it agrees with the reference move by move)."""
    last = trail[-1]
    assert last.depth is not None  # a perft trail
    summary = (
        f"perft {last.depth}: the engine counts {last.engine} below {last.move}, "
        f"but its own perft {last.depth - 1} after {last.move} totals {total} "
        f"(the reference: {last.reference} both times)"
    )
    return replace(
        Finding.at(replay(new_game, last.moves), last.moves, "perft", "inconsistent", summary),
        depth=last.depth,
        move=last.move,
        reference=last.reference,
        engine=last.engine,
        trail=tuple(trail),
    )


# ---------------------------------------------------------------------------
# value

OVER_BUDGET = "over budget"
"""What :func:`compare_value` returns when the reference cannot solve within its budget."""


def compare_value(
    new_game: Callable[[], AnyGame],
    peer: Peer,
    moves: Sequence[str],
    *,
    expected: int | None = None,
    budget: int | None = None,
) -> Finding | str | None:
    """``None`` when the values agree, a finding when not, or :data:`OVER_BUDGET`
    when the reference cannot solve the position within ``budget`` nodes.

    ``expected``: the reference's value, already known (a suite file): it is not
    recomputed unless the engine disagrees with it.
    """
    game = replay(new_game, moves)
    known = expected is not None
    if expected is None:
        solution = solve_within(game, budget)
        if solution is None:
            return OVER_BUDGET
        expected = solution.value
    engine_value = peer.value(moves)
    if engine_value == expected:
        return None
    if known:
        solution = solve_within(game, budget)
        if solution is not None and solution.value != expected:
            summary = (
                f"value: the suite file says {expected}, this version of the reference "
                f"{solution.value}, the engine {engine_value} (stale or edited suite)"
            )
            return replace(
                Finding.at(game, moves, "value", "stale-suite", summary),
                reference=solution.value,
                engine=engine_value,
            )
    return _descend_value(new_game, peer, moves, expected, engine_value, budget)


Child = tuple[str, int, bool, int]
"""A move that both sides agree on: its name, the points it scores, whether the mover
moves again after it, and the value after it."""


def _descend_value(
    new_game: Callable[[], AnyGame],
    peer: Peer,
    moves: Sequence[str],
    reference_value: int,
    engine_value: int,
    budget: int | None,
) -> Finding:
    """Walk down the first child whose values differ until the game is over, the budget runs
    out, or every child agrees (the engine combines them wrongly)."""
    path = list(moves)
    trail: list[Step] = []
    while True:
        game = replay(new_game, path)
        here = replace(
            Finding.at(game, path, "value", "end"),
            move=path[-1] if len(path) > len(moves) else None,
            reference=reference_value,
            engine=engine_value,
            trail=tuple(trail),
        )
        if game.is_terminal():
            summary = (
                f"value: the game is over here and is worth {reference_value} to the "
                f"side to move; the engine says {engine_value} (does it see the end?)"
            )
            return replace(here, summary=summary)
        walked = _compare_children(game, peer, path, budget)
        if isinstance(walked, str):
            summary = (
                f"value: the engine says {engine_value}, the reference {reference_value}; "
                f"the walk stopped here: the position after {walked} is over budget"
            )
            return replace(here, kind="value", summary=summary)
        if isinstance(walked, list):
            return _combination_finding(here, walked)
        name, reference_value, engine_value = walked
        trail.append(Step(tuple(path), None, name, engine_value, reference_value))
        path.append(name)


def _compare_children(
    game: AnyGame, peer: Peer, path: Sequence[str], budget: int | None
) -> tuple[str, int, int] | list[Child] | str:
    """Ask both sides the value after each legal move, in order: the first move whose values
    differ (name, reference value, engine value), every child when all agree, or the name
    of the first move after which the reference is over budget."""
    children: list[Child] = []
    for move in game.legal_moves():
        name = game.format_move(move)
        mover = game.to_move
        points = game.make(move)
        kept = game.to_move == mover
        solution = solve_within(game, budget)
        game.unmake()
        if solution is None:
            return name
        engine_child = peer.value([*path, name])
        if engine_child != solution.value:
            return name, solution.value, engine_child
        children.append((name, points, kept, solution.value))
    return children


def _combination_finding(here: Finding, children: list[Child]) -> Finding:
    """Every child agrees, the position does not: name the moves that would explain it.

    The reference's value is the best over the moves of ``points + value`` (the mover
    moves again) or ``points - value`` (the turn passes).  A suspect is a move such
    that taking *its* combination the other way, and nothing else, gives the
    engine's value.  The values the protocol gives cannot tell suspects apart, so
    all of them are named.
    """

    def through(points: int, kept: bool, value: int) -> int:
        return points + value if kept else points - value

    engine_value = here.engine
    values = [through(p, k, v) for _, p, k, v in children]
    table = tuple(
        {"move": name, "points": points, "turn_kept": kept, "value": value, "through": total}
        for (name, points, kept, value), total in zip(children, values, strict=True)
    )
    passes: list[str] = []  # the reference keeps the turn; the engine would pass it
    stays: list[str] = []  # the reference passes the turn; the engine would keep it
    for i, (name, points, kept, value) in enumerate(children):
        others = values[:i] + values[i + 1 :]
        if max([*others, through(points, not kept, value)]) == engine_value:
            (passes if kept else stays).append(name)
    summary = (
        f"value: the engine says {engine_value}, the reference {here.reference}, though they "
        "agree on the value after every move: the engine combines them differently"
    )
    hypotheses = []
    if passes:
        hypotheses.append(
            f"the turn passes after {' or '.join(passes)} (the reference: the mover moves again)"
        )
    if stays:
        hypotheses.append(
            f"the mover moves again after {' or '.join(stays)} (the reference: the turn passes)"
        )
    if hypotheses:
        summary += "; its value is explained if " + ", or if ".join(hypotheses)
    suspects = (*passes, *stays)
    return replace(
        here,
        kind="combination",
        summary=summary,
        suspects=suspects,
        passes_after=tuple(passes),
        stays_after=tuple(stays),
        move=suspects[0] if len(suspects) == 1 else here.move,
        children=table,
    )


# ---------------------------------------------------------------------------
# why, in one line


def why_illegal(game: AnyGame, text: str) -> str:
    """Why ``text`` is not a legal move of ``game``: the rules class's own reason (``play``)."""
    try:
        game.play(game.parse_move(text))
    except GameError as error:
        return f"{text} is not legal: {error}"
    game.unmake()
    return f"{text} is legal by the rules, yet the reference does not list it"


def with_why(
    new_game: Callable[[], AnyGame], finding: Finding, explainer: Explainer | None
) -> Finding:
    """``finding`` with its ``why``: the rule behind its leaf, in one line (empty when the
    game has no explainer or the kind has no rule to name)."""
    if explainer is None:
        return finding
    game = replay(new_game, finding.moves)
    why = ""
    if finding.kind == "moves":
        reasons = []
        if game.is_terminal():
            reasons.append("the game is over: " + explainer.why_over(game))
        elif finding.missing:
            reasons.append(explainer.why_legal(game, game.parse_move(finding.missing[0])))
        if finding.extra and not game.is_terminal():
            reasons.append(why_illegal(game, finding.extra[0]))
        why = "; ".join(reasons)
    elif finding.kind == "end":
        why = explainer.why_over(game)
    elif finding.kind == "combination":
        named = finding.suspects or tuple(str(child["move"]) for child in finding.children[:1])
        why = "; ".join(explainer.what_move_does(game, game.parse_move(name)) for name in named)
    return replace(finding, why=why)


# ---------------------------------------------------------------------------
# the shortest witness

SHORTEN_TRIES = 400
"""Shorter *legal* move lists :func:`shorten` asks the engine about, at most (our choice:
each costs an engine request or a few)."""

SHORTEN_REPLAYS = 5_000
"""Shorter move lists :func:`shorten` replays at most, legal or not (our choice: an illegal
list costs no request, only a replay; in a long game most are illegal, and counting them
against :data:`SHORTEN_TRIES` left findings of 127-191 Dou Shou Qi plies unshortened)."""


def shorten(
    new_game: Callable[[], AnyGame],
    peer: Peer,
    finding: Finding,
    budget: int | None,
    tries: int = SHORTEN_TRIES,
    replays: int = SHORTEN_REPLAYS,
) -> Finding:
    """The same kind of disagreement, found at a shorter move list when one can be found.

    Removes runs of plies (longest first, as delta debugging does) while the list stays
    legal and the engine still disagrees *at that position itself* (perft: the move lists
    differ and share a missing or extra move with ``finding``; value: the descent from
    there ends there, with the same kind).  The result is a local minimum: no single run
    of plies can be removed (unless ``tries`` legal lists, or ``replays`` lists in all,
    were tried first).  Kinds without a local test (counts, budgets, suites) are
    returned as they are.
    """
    if finding.kind not in ("moves", "end", "combination") or not finding.moves:
        return finding
    best, moves = finding, list(finding.moves)
    left = Counts(tries, replays)
    size = max(1, len(moves) // 2)
    while size >= 1 and left.more():
        removed = False
        start = 0
        while start + size <= len(moves) and left.more():
            candidate = moves[:start] + moves[start + size :]
            shorter = _witness_at(new_game, peer, candidate, finding, budget, left)
            if shorter is not None:
                best, moves, removed = shorter, candidate, True
            else:
                start += 1
        if not removed:
            size //= 2
    return best


class Counts:
    """What :func:`shorten` may still spend: engine requests (legal lists) and replays."""

    def __init__(self, tries: int, replays: int) -> None:
        self.tries = tries
        self.replays = replays

    def more(self) -> bool:
        return self.tries > 0 and self.replays > 0


def _witness_at(
    new_game: Callable[[], AnyGame],
    peer: Peer,
    moves: Sequence[str],
    finding: Finding,
    budget: int | None,
    left: Counts | None = None,
) -> Finding | None:
    """The finding at ``moves`` itself when it is the same kind as ``finding``, else ``None``
    (``left``: counted down, a replay each time, a try when the list is legal)."""
    if left is not None:
        left.replays -= 1
    try:
        game = replay(new_game, moves)
    except GameError:
        return None
    if left is not None:
        left.tries -= 1
    if finding.what == "perft":
        answer = peer.perft(moves, 1)
        reference = [game.format_move(m) for m in game.legal_moves()]
        matched = match_moves(game, reference, answer.counts)
        here = replace(
            Finding.at(game, moves, "perft", "moves"),
            depth=1,
            move=moves[-1] if moves else None,
            reference=_listing(dict.fromkeys(reference, 1), len(reference)),
            engine=_listing(answer.counts, answer.total),
        )
        shorter = _moves_finding(here, game.is_terminal(), reference, matched)
        if shorter is None:
            return None
        same = set(shorter.missing) & set(finding.missing) or set(shorter.extra) & set(
            finding.extra
        )
        return shorter if same or (not finding.missing and not finding.extra) else None
    solution = solve_within(game, budget)
    if solution is None:
        return None
    engine_value = peer.value(moves)
    if engine_value == solution.value:
        return None
    found = _descend_value(new_game, peer, moves, solution.value, engine_value, budget)
    if found.kind != finding.kind or len(found.moves) != len(moves):
        return None
    return found


__all__ = [
    "OVER_BUDGET",
    "Finding",
    "MatchedMoves",
    "Peer",
    "Step",
    "compare_perft",
    "compare_value",
    "match_moves",
    "shorten",
    "why_illegal",
    "with_why",
]
