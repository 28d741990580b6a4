"""A small game for testing the search core: many distinct values, transpositions, early wins.

Toy games with values in {-WIN, 0, WIN} (Nim) let a wrong window, a wrong table bound
or a skipped re-search go unnoticed: every bound is also the exact value.  ``Walk``
has a different heuristic value at almost every node, so each of those mistakes
changes some result.

A position is ``(total, to_move)``: a move adds 1 to ``width`` to ``total``, and the
player who brings it to ``goal`` or beyond wins.  Moves in another order reach the
same position, after the same number of plies (1 + 2 and 2 + 1) or after another
number (2 + 2 and 1 + 1 + 1 + 1), so the table is used, with entries searched to
other depths than the node needs.  The order the moves are listed in depends on the
position (the best move is not always first, so PVS must re-search).

With ``points=True`` it is scored like Dots and Boxes: a move of 2 scores one point
and the same player moves again (the turn does not pass), reaching the goal scores
nothing more, and the value is the net number of points from here on.
``evaluate`` is a fixed pseudo-random number in [-100, 100] of the position (for
the side to move), drawn from ``seed``.
"""

from __future__ import annotations

from reference.search.protocol import WIN, Key, Score

MASK = (1 << 64) - 1


def mix(*parts: int) -> int:
    """A 64-bit hash of ``parts`` (SplitMix64's finaliser after each part): no table needed."""
    z = 0x9E3779B97F4A7C15
    for part in parts:
        z = (z ^ (part & MASK)) * 0xBF58476D1CE4E5B9 & MASK
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB & MASK
        z ^= z >> 31
    return z


class Walk:
    """See the module docstring.  ``Walk(seed)``: goal 8, moves of 1, 2 or 3."""

    selective = False

    def __init__(self, seed: int, *, goal: int = 8, width: int = 3, points: bool = False) -> None:
        self.seed = seed
        self.goal = goal
        self.width = width
        self.counts_points = points
        self.total = 0
        self.to_move = 0
        self._history: list[tuple[int, int]] = []

    def legal_moves(self) -> list[int]:
        if self.is_terminal():
            return []
        order = mix(self.seed, 1, self.total)
        return sorted(range(1, self.width + 1), key=lambda m: mix(order, m))

    def search_moves(self) -> list[int]:
        return self.legal_moves()

    def make(self, move: int) -> int:
        mover = self.to_move
        self.total += move
        scored = 1 if self.counts_points and move == 2 else 0
        if not scored:
            self.to_move ^= 1
        self._history.append((move, mover))
        return scored

    def unmake(self) -> None:
        move, mover = self._history.pop()
        self.total -= move
        self.to_move = mover

    def is_terminal(self) -> bool:
        return self.total >= self.goal

    def terminal_score(self) -> Score:
        return 0 if self.counts_points else -WIN  # the opponent reached the goal

    def evaluate(self) -> Score:
        return mix(self.seed, 2, self.total, self.to_move) % 201 - 100

    @property
    def key(self) -> Key:
        return mix(self.seed, 3, self.total, self.to_move)

    def tt_key(self) -> Key:
        return self.key

    def max_plies_left(self) -> int:
        return max(0, self.goal - self.total)  # every move adds at least 1

    def state(self) -> tuple[int, int, int]:
        """Everything that defines the position (tests check that a search restores it)."""
        return self.total, self.to_move, len(self._history)


def brute_force(game: Walk, depth: int, ply: int = 0) -> Score:
    """The minimax value to ``depth`` plies, written here from the rules alone.

    The search's conventions: a win ``ply`` plies from the root scores ``WIN - ply``;
    the sign flips only when the turn passes; points scored are added.
    """
    if game.is_terminal():
        score = game.terminal_score()
        return score - ply if score >= WIN else score + ply if score <= -WIN else score
    if depth == 0:
        return game.evaluate()
    best: Score | None = None
    for move in game.legal_moves():
        mover = game.to_move
        points = game.make(move)
        child = brute_force(game, depth - 1, ply + 1)
        value = points + child if game.to_move == mover else points - child
        game.unmake()
        best = value if best is None else max(best, value)
    assert best is not None
    return best
