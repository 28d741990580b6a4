"""Watching a search from outside: a game wrapper, a table wrapper and a call hook.

The listings in :mod:`reference.search` run unchanged: no hook inside them.  Three
observers build the tree:

* :class:`TracedGame` wraps the position and tells the recorder each move made (with
  the points it scored and whether the turn passed), each move list generated, each
  game-over test and each static evaluation;
* :class:`TracedTable` is a transposition table that tells it each probe and store;
* :func:`watching` installs a profile hook (``sys.setprofile``) that sees each call of
  the node function (its depth, ply and window, read from the call's arguments) and
  each return (its value).  One call is one node, so the traced tree has exactly the
  search's own node count.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from types import CodeType, FrameType
from typing import TypeVar

from reference.search.protocol import Game, Key, Score
from reference.search.tt import Bound, TranspositionTable
from reference.search.view import GameView
from reference.trace.tree import TableProbe, TableStore, TraceNode

M = TypeVar("M", bound=Hashable)


class Recorder:
    """Builds the tree from the events of the three observers."""

    def __init__(self) -> None:
        self.passes: list[TraceNode] = []
        self.stack: list[TraceNode] = []
        self.pending: tuple[Hashable, str, int, bool] | None = None
        """The last move made (move, notation, points, turn passed), waiting for its node."""
        self.count = 0

    @property
    def current(self) -> TraceNode | None:
        return self.stack[-1] if self.stack else None

    def enter(self, depth: int, ply: int, alpha: Score | None, beta: Score | None, to_move: int) -> None:
        """A node function was called: a new node, child of the open one (or a new pass)."""
        self.count += 1
        node = TraceNode(self.count, ply, depth, alpha, beta, to_move)
        parent = self.current
        if parent is None:
            self.passes.append(node)
        else:
            assert self.pending is not None, "a child node without a move made before it"
            node.move, node.move_text, node.points, node.turn_passed = self.pending
            parent.children.append(node)
        self.pending = None
        self.stack.append(node)

    def leave(self, value: Score | None) -> None:
        """The open node returned ``value`` (``None``: it was stopped by an exception)."""
        self.stack.pop().value = value

    def made(self, move: Hashable, text: str, points: int, turn_passed: bool) -> None:
        self.pending = (move, text, points, turn_passed)

    def moves_generated(self, moves: Sequence[Hashable], texts: Sequence[str]) -> None:
        node = self.current
        if node is not None:
            node.moves = tuple(moves)
            node.move_texts = tuple(texts)

    def terminal(self, over: bool) -> None:
        node = self.current
        if node is not None and over:
            node.terminal = True

    def evaluated(self) -> None:
        node = self.current
        if node is not None:
            node.evaluated = True

    def probed(self, probe: TableProbe) -> None:
        node = self.current
        if node is not None:
            node.probe = probe

    def stored(self, store: TableStore) -> None:
        node = self.current
        if node is not None:
            node.store = store


class TracedGame(GameView[M]):
    """A game that behaves exactly as the one it wraps and reports to a :class:`Recorder`.

    The members it reports are overridden here; the others are :class:`GameView`'s.
    """

    __slots__ = ("describe", "recorder")

    def __init__(self, game: Game[M], recorder: Recorder, describe: Callable[[M], str]) -> None:
        super().__init__(game)
        self.recorder = recorder
        self.describe = describe
        """The move in the game's notation (asked before the move is made)."""

    def legal_moves(self) -> Sequence[M]:
        moves = self.inner.legal_moves()
        self.recorder.moves_generated(moves, [self.describe(move) for move in moves])
        return moves

    def search_moves(self) -> Sequence[M]:
        moves = self.inner.search_moves()
        self.recorder.moves_generated(moves, [self.describe(move) for move in moves])
        return moves

    def make(self, move: M) -> int:
        mover = self.inner.to_move
        text = self.describe(move)
        points = self.inner.make(move)
        self.recorder.made(move, text, points, self.inner.to_move != mover)
        return points

    def is_terminal(self) -> bool:
        over = self.inner.is_terminal()
        self.recorder.terminal(over)
        return over

    def evaluate(self) -> Score:
        self.recorder.evaluated()
        return self.inner.evaluate()


class TracedTable(TranspositionTable):
    """A transposition table that reports each probe and store of the node being searched."""

    __slots__ = ("recorder", "storing")

    def __init__(self, size: int, recorder: Recorder) -> None:
        super().__init__(size)
        self.recorder = recorder
        self.storing = False
        """True inside a store: the re-insertions of a growing table are not the node's stores."""

    def probe(self, key: Key) -> int:
        slot = super().probe(key)
        if slot < 0:
            self.recorder.probed(TableProbe(hit=False))
        else:
            entry = TableProbe(True, self.depths[slot], Bound(self.flags[slot]), self.values[slot])
            self.recorder.probed(entry)
        return slot

    def store(
        self,
        key: Key,
        depth: int,
        value: Score,
        flag: Bound,
        move: object,
        complete: bool = False,
    ) -> None:
        if self.storing:
            super().store(key, depth, value, flag, move, complete)
            return
        before = self.stores
        self.storing = True
        try:
            super().store(key, depth, value, flag, move, complete)
        finally:
            self.storing = False
        self.recorder.stored(TableStore(depth, Bound(flag), value, self.stores > before))



@contextmanager
def watching(recorder: Recorder, node_function: Callable[..., Score], game: Game[M]) -> Iterator[None]:
    """Record each call of ``node_function`` (a node) and its return while the block runs.

    The window and depth are read from the call's arguments (``alpha``, ``beta``,
    ``depth``, ``ply``); ``to_move`` from the game at the moment of the call.
    """
    code: CodeType = node_function.__code__

    def hook(frame: FrameType, event: str, arg: object) -> None:
        if frame.f_code is not code:
            return
        if event == "call":
            local = frame.f_locals
            recorder.enter(
                _int(local["depth"]),
                _int(local.get("ply", 0)),
                _score(local.get("alpha")),
                _score(local.get("beta")),
                game.to_move,
            )
        elif event == "return":
            recorder.leave(arg if isinstance(arg, int) else None)

    previous = sys.getprofile()
    sys.setprofile(hook)
    try:
        yield
    finally:
        sys.setprofile(previous)


def _int(value: object) -> int:
    assert isinstance(value, int)
    return value


def _score(value: object) -> Score | None:
    return value if isinstance(value, int) else None
