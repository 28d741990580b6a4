"""An explicit game tree for hand-worked search examples: which nodes a search visits.

A tree is a nested tuple: a tuple is a position whose moves are its indices, an
``int`` is a finished game scored for the side to move there (players alternate,
nothing is scored on the way; ``points=True`` makes the scores points, as in Dots and
Boxes, instead of +-WIN / 0).  ``Tree.visits`` logs, in order, the path of every
position entered by ``make``: a test compares it with a trace worked out by hand.
"""

from __future__ import annotations

from reference.search.protocol import Key, Score

Node = int | tuple["Node", ...]

MASK = (1 << 64) - 1


def height(node: Node) -> int:
    return 0 if isinstance(node, int) else 1 + max(height(child) for child in node)


class Tree:
    """See the module docstring."""

    selective = False

    def __init__(self, tree: Node, *, points: bool = False) -> None:
        self.tree = tree
        self.counts_points = points
        """A points game: a leaf's number is the net score, not a win / draw / loss."""
        self.path: list[int] = []
        self.to_move = 0
        self.visits: list[str] = []
        """Each position entered, as its path of moves (``"10"``: move 1, then move 0)."""

    @property
    def node(self) -> Node:
        node = self.tree
        for move in self.path:
            assert isinstance(node, tuple)
            node = node[move]
        return node

    def legal_moves(self) -> list[int]:
        node = self.node
        return [] if isinstance(node, int) else list(range(len(node)))

    def search_moves(self) -> list[int]:
        return self.legal_moves()

    def make(self, move: int) -> int:
        self.path.append(move)
        self.visits.append("".join(map(str, self.path)))
        self.to_move ^= 1
        return 0

    def unmake(self) -> None:
        self.path.pop()
        self.to_move ^= 1

    def is_terminal(self) -> bool:
        return isinstance(self.node, int)

    def terminal_score(self) -> Score:
        node = self.node
        assert isinstance(node, int)
        return node

    def evaluate(self) -> Score:
        raise AssertionError("the examples search to the end of the tree")

    @property
    def key(self) -> Key:
        return hash((-1, *self.path)) & MASK  # ints only: the same hash in every run

    def tt_key(self) -> Key:
        return self.key

    def max_plies_left(self) -> int:
        return height(self.node)
