"""A game seen through another object: the base of the wrappers that change a few members.

A wrapper that behaves as the game it holds except in a few members (the trace's
:class:`reference.trace.recorder.TracedGame` reports some calls; Dou Shou Qi's split
search confines the moves to a subproblem) subclasses :class:`GameView` and overrides
only those.  Every member is a plain method or property: the search calls them at every
node, and a ``__getattr__`` would be slower and invisible to the type checker.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Generic, TypeVar

from reference.search.protocol import Game, Key, Score

M = TypeVar("M", bound=Hashable)


class GameView(Generic[M]):
    """A game seen through another object: every member of the Game protocol forwarded to ``inner``.

    Implements :class:`reference.search.protocol.Game` as ``inner`` does.
    """

    __slots__ = ("inner",)

    def __init__(self, inner: Game[M]) -> None:
        self.inner = inner

    @property
    def to_move(self) -> int:
        return self.inner.to_move

    # The moves; ``selective`` says what ``search_moves`` may leave out.
    def legal_moves(self) -> Sequence[M]:
        return self.inner.legal_moves()

    def search_moves(self) -> Sequence[M]:
        return self.inner.search_moves()

    @property
    def selective(self) -> bool:
        return self.inner.selective

    def make(self, move: M) -> int:
        return self.inner.make(move)

    def unmake(self) -> None:
        self.inner.unmake()

    # The end and the value; ``counts_points`` says how a value reads.
    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def terminal_score(self) -> Score:
        return self.inner.terminal_score()

    @property
    def counts_points(self) -> bool:
        return self.inner.counts_points

    def evaluate(self) -> Score:
        return self.inner.evaluate()

    # The keys and the bound on the plies left.
    @property
    def key(self) -> Key:
        return self.inner.key

    def tt_key(self) -> Key:
        return self.inner.tt_key()

    def max_plies_left(self) -> int | None:
        return self.inner.max_plies_left()
