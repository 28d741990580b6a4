"""Two tiny games for doctests and for testing the core without any real game.

* :class:`Nim`: one pile, take 1..``take`` stones, who takes the last stone wins.
  Known: the side to move loses exactly when the pile is a multiple of take + 1.
* :class:`PointsNim`: take 1 or 2 stones; taking 2 scores a point *and keeps the
  turn* (the Dots and Boxes situation, in miniature).  Value = points difference.
"""

from __future__ import annotations

from reference.errors import IllegalMoveError
from reference.search.protocol import WIN, Key, Score


class Pile:
    """What both games share: a pile of stones, the side to move, a key, no heuristic."""

    selective = False
    pile: int
    to_move: int

    def legal_moves(self) -> list[int]:
        raise NotImplementedError

    def search_moves(self) -> list[int]:
        return self.legal_moves()

    def is_terminal(self) -> bool:
        return self.pile == 0

    def evaluate(self) -> Score:
        return 0

    @property
    def key(self) -> Key:
        return self.pile * 2 + self.to_move

    def tt_key(self) -> Key:
        return self.key

    def max_plies_left(self) -> int:
        return self.pile  # every move takes at least one stone


class Nim(Pile):
    """Single-pile subtraction game (a move is the number of stones taken).

    ``descending`` lists the moves largest first (the order that exposes a table
    reusing deeper values: see ``tests/search``).
    """

    counts_points = False

    def __init__(self, pile: int, take: int = 3, *, descending: bool = False) -> None:
        self.pile = pile
        self.take = take
        self.descending = descending
        self.to_move = 0
        self._history: list[int] = []

    def legal_moves(self) -> list[int]:
        moves = list(range(1, min(self.take, self.pile) + 1))
        return moves[::-1] if self.descending else moves

    def make(self, move: int) -> int:
        self.pile -= move
        self.to_move ^= 1
        self._history.append(move)
        return 0

    def play(self, move: int) -> int:
        if move not in self.legal_moves():
            raise IllegalMoveError(f"cannot take {move} from a pile of {self.pile}")
        return self.make(move)

    def unmake(self) -> None:
        self.pile += self._history.pop()
        self.to_move ^= 1

    def terminal_score(self) -> Score:
        return -WIN  # the opponent took the last stone


class PointsNim(Pile):
    """Take 1 or 2 stones; taking 2 scores one point and the same player moves again."""

    counts_points = True

    def __init__(self, pile: int) -> None:
        self.pile = pile
        self.to_move = 0
        self.points = [0, 0]
        self._history: list[tuple[int, int]] = []

    def legal_moves(self) -> list[int]:
        return [m for m in (2, 1) if m <= self.pile]

    def make(self, move: int) -> int:
        mover = self.to_move
        self.pile -= move
        scored = 1 if move == 2 else 0
        self.points[mover] += scored
        self._history.append((move, mover))
        if not scored:
            self.to_move ^= 1
        return scored

    def unmake(self) -> None:
        move, mover = self._history.pop()
        self.pile += move
        self.points[mover] -= 1 if move == 2 else 0
        self.to_move = mover

    def terminal_score(self) -> Score:
        return 0  # points were counted by make
