"""The tree a traced search walked: its nodes in the order visited, and what each one did.

A :class:`TraceNode` is one call of the search's node function (one node of the
search's own count): the window it was entered with, the value it returned (both for
its side to move), the move that led to it, the moves it never searched (a cutoff),
and its table probe and store.  :class:`Trace` holds the passes of one search (one,
or several for MTD(f)) and the principal variation read off the tree.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field

from reference.search.protocol import INFINITY, Score
from reference.search.tt import Bound


@dataclass(slots=True)
class TableProbe:
    """A look-up of the node's key: missed, or the entry found (depth, flag, stored value)."""

    hit: bool
    depth: int = 0
    flag: Bound = Bound.EXACT
    value: Score = 0
    """The stored value, node-relative (wins and losses: ``reference.search.tt.to_tt``)."""


@dataclass(slots=True)
class TableStore:
    """A store of the node's final value; ``written`` is false when a deeper entry stayed."""

    depth: int
    flag: Bound
    value: Score
    written: bool


@dataclass(slots=True)
class TraceNode:
    """One node of a traced search (one call of its node function)."""

    order: int
    """1 for the first node visited, 2 for the next, ... (over every pass)."""
    ply: int
    depth: int
    """The depth still to search below this node."""
    alpha: Score | None
    """The window the node was entered with, for its side to move (``None``: minimax has none)."""
    beta: Score | None
    to_move: int
    move: Hashable | None = None
    """The move that led here from the parent (``None`` at the root)."""
    move_text: str = ""
    """The same move in the game's notation."""
    points: int = 0
    """The points the move scored (Dots and Boxes); the parent's value of the move is
    ``points + value`` when the mover moves again, else ``points - value``."""
    turn_passed: bool = True
    value: Score | None = None
    """What the node returned, for its side to move (``None`` when the search was stopped)."""
    terminal: bool = False
    evaluated: bool = False
    """Depth 0: the value is the game's static evaluation."""
    moves: tuple[Hashable, ...] | None = None
    """The moves the node generated (``None``: it generated none, a leaf or a table cutoff)."""
    move_texts: tuple[str, ...] = ()
    """The same moves in the game's notation."""
    children: list[TraceNode] = field(default_factory=list)
    probe: TableProbe | None = None
    store: TableStore | None = None

    def value_for_parent(self) -> Score | None:
        """The value of this node's move for the side to move at the parent."""
        if self.value is None:
            return None
        return self.points - self.value if self.turn_passed else self.points + self.value

    @property
    def unsearched(self) -> tuple[Hashable, ...]:
        """The moves generated here but never searched (cut off by the window)."""
        if self.moves is None:
            return ()
        searched = {child.move for child in self.children}
        return tuple(move for move in self.moves if move not in searched)

    @property
    def unsearched_text(self) -> tuple[str, ...]:
        """:attr:`unsearched` in the game's notation."""
        if self.moves is None:
            return ()
        searched = {child.move for child in self.children}
        return tuple(
            text for move, text in zip(self.moves, self.move_texts, strict=True)
            if move not in searched
        )

    @property
    def table_cutoff(self) -> bool:
        """True when a stored entry ended the node: a subtree the table spared."""
        return (
            self.probe is not None
            and self.probe.hit
            and not self.children
            and self.moves is None
            and self.value is not None
        )

    @property
    def kind(self) -> str:
        """``game over``, ``evaluate`` (depth 0), ``table cutoff``, ``cutoff`` (moves left
        unsearched), ``inner`` (every move searched) or ``stopped``."""
        if self.value is None:
            return "stopped"
        if self.terminal:
            return "game over"
        if self.evaluated:
            return "evaluate"
        if self.table_cutoff:
            return "table cutoff"
        return "cutoff" if self.unsearched else "inner"

    def best_child(self) -> TraceNode | None:
        """The child whose value the node returned (the last search of a move searched twice
        by PVS; the first such move, as the listings keep the first of equal values)."""
        last: dict[Hashable, TraceNode] = {}
        for child in self.children:
            last[child.move] = child  # a re-searched move: its last search counts
        for child in last.values():
            if child.value_for_parent() == self.value:
                return child
        return None

    def walk(self) -> Iterator[TraceNode]:
        """This node and every node below it, in the order visited."""
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass(frozen=True, slots=True)
class Trace:
    """A traced search: its passes' trees, value, node count and principal variation."""

    algorithm: str
    depth: int
    value: Score
    nodes: int
    """The search's own node count (its ``SearchContext.counters.nodes``)."""
    passes: tuple[TraceNode, ...]
    """The root of each search from the root position (MTD(f): one per null-window pass)."""
    pv: tuple[TraceNode, ...]
    """The nodes of the principal variation below the root, in order."""
    pv_ends_in_table: bool
    """True when the principal variation stops at a table cutoff (it goes on in the table)."""
    tt_probes: int = 0
    tt_hits: int = 0
    tt_cutoffs: int = 0

    def walk(self) -> Iterator[TraceNode]:
        """Every node of every pass, in the order visited."""
        for root in self.passes:
            yield from root.walk()


def principal_variation(root: TraceNode) -> tuple[tuple[TraceNode, ...], bool]:
    """The line of best children from ``root``; True when it stops at a table cutoff."""
    line: list[TraceNode] = []
    node = root
    while True:
        child = node.best_child()
        if child is None:
            return tuple(line), node.table_cutoff
        line.append(child)
        node = child


def show_score(score: Score | None) -> str:
    """A score as printed: ``-inf`` / ``inf`` for the search's infinities."""
    if score is None:
        return "?"
    if score >= INFINITY:
        return "inf"
    if score <= -INFINITY:
        return "-inf"
    return str(score)
