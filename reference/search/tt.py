"""The transposition table: bound flags, prime size, depth-preferred replacement.

Seed 001, "Transposition Tables" and "Index Collisions"; seed 000, Algorithm 1
(the EXACT / LOWERBOUND flags, corrected: see ``docs/papers/000-dots-and-boxes.md``).

Entry layout and replacement rule (one slot per index, parallel lists)::

    index = key % size                 size is a prime (seed 001: fewer index collisions)
    keys[index]   the full 64-bit key  (detects index collisions: a probe with another key misses)
    depths[index] remaining depth the entry was searched to
    complete[index] True when that search reached no horizon (no depth cut-off, no pruned
                  move list, no such stored value below): the value then holds at any
                  greater depth too
    values[index] the value, node-relative for wins / losses (see to_tt / from_tt)
    flags[index]  Bound.LOWER, Bound.UPPER or Bound.EXACT (0 = empty slot)
    moves[index]  the best move found (only ever used to order moves first)

    store: write when the slot is empty or new depth >= stored depth (seed 001:
    "an entry is replaced ... only if the new node's depth is greater or equal");
    a complete entry counts as deeper than any incomplete one.

    growth (ours): a table of more than INITIAL_SIZE slots starts with about that many
    and, when a store meets another key's entry, grows eightfold (entries re-inserted)
    until it reaches its full prime size; only then does a collision replace an entry.
    A small search so never pays for allocating a million slots (tic-tac-toe: 0.05 s
    of set-up against a few milliseconds of search), and while the table grows no entry
    is lost, so the search sees what a table allocated at full size would hold.

Each node stores once, after its move loop, under its own key; its flag says how
the value relates to the window it was searched with (``bound_of``).

One table, one meaning: the first search that uses a table writes what its values
mean into ``purpose`` (exact solve values, or depth-limited values reused at
exactly / at least their depth, over full-width or selective move lists); a search
of another kind refuses the table until :meth:`TranspositionTable.clear`.
"""

from __future__ import annotations

from enum import IntFlag

from reference.errors import ParameterError
from reference.search.protocol import MATE_BOUND, Key, Score


class Bound(IntFlag):
    """What a stored value means: a lower bound, an upper bound, or both (exact)."""

    LOWER = 1
    """value <= true value (the node failed high: value >= beta)."""
    UPPER = 2
    """value >= true value (the node failed low: value <= alpha)."""
    EXACT = LOWER | UPPER


def bound_of(value: Score, alpha: Score, beta: Score) -> Bound:
    """The flag of a fail-soft result ``value`` searched with window ``(alpha, beta)``."""
    if value <= alpha:
        return Bound.UPPER
    if value >= beta:
        return Bound.LOWER
    return Bound.EXACT


def to_tt(value: Score, ply: int) -> Score:
    """Make a win / loss score relative to the node at ``ply`` before storing it.

    A root-relative ``WIN - n`` (win in n plies from the root) seen at ply p is
    stored as ``WIN - (n - p)``: a win in n - p plies from this node.
    """
    if value >= MATE_BOUND:
        return value + ply
    if value <= -MATE_BOUND:
        return value - ply
    return value


def from_tt(value: Score, ply: int) -> Score:
    """Inverse of :func:`to_tt`: a node-relative stored score seen at ``ply``."""
    if value >= MATE_BOUND:
        return value - ply
    if value <= -MATE_BOUND:
        return value + ply
    return value


def is_probable_prime(n: int) -> bool:
    """Deterministic Miller-Rabin for n < 3.3e24 (bases 2..41): the one primality test.

    For the prime table sizes here (:func:`next_prime`) and the prime p of Dots and
    Boxes' universal hashing (seed 000, Theorem 9 needs p prime; OURS: the paper does
    not say how p is found, this test checks the p it is given).
    """
    if n < 2:
        return False
    small = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
    for p in small:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in small:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def next_prime(n: int) -> int:
    """The smallest prime >= n."""
    while not is_probable_prime(n):
        n += 1
    return n


INITIAL_SIZE = 4099
"""The number of slots a larger table starts with (a prime; see "growth" above)."""

GROWTH = 8
"""A growing table multiplies its number of slots by this at each step."""


class TranspositionTable:
    """A prime-sized, depth-preferred table of search results (see the module docstring).

    >>> tt = TranspositionTable(10)
    >>> tt.size
    11
    >>> tt.store(12345, depth=3, value=7, flag=Bound.EXACT, move="a1")
    >>> slot = tt.probe(12345)
    >>> tt.values[slot], tt.flags[slot] == Bound.EXACT, tt.moves[slot]
    (7, True, 'a1')
    >>> tt.probe(12345 + 11)   # same index, other key: an index collision misses
    -1
    """

    __slots__ = (
        "capacity",
        "complete",
        "depths",
        "flags",
        "keys",
        "moves",
        "purpose",
        "size",
        "stores",
        "values",
    )

    def __init__(self, size: int = 1 << 20) -> None:
        if size < 1:
            raise ParameterError(f"transposition table size must be >= 1, got {size}")
        self.capacity = next_prime(size)
        """The full size: the number of slots the table grows to (a prime)."""
        self.size = min(self.capacity, INITIAL_SIZE)
        """The number of slots now (a prime; ``capacity`` once the table has grown)."""
        self._allocate(self.size)
        self.stores = 0
        self.purpose: str | None = None
        """What the stored values mean (set by the first search; see the module docstring)."""

    def bind(self, purpose: str) -> None:
        """Claim the table for searches whose values mean ``purpose``; refuse another meaning."""
        if self.purpose is None or self.stores == 0:
            self.purpose = purpose
        elif self.purpose != purpose:
            raise ParameterError(
                f"this transposition table holds values of another kind of search "
                f"({self.purpose}); this search stores {purpose}: use another table "
                f"or call clear() first"
            )

    def probe(self, key: Key) -> int:
        """The slot holding ``key``, or -1 when it is not stored."""
        index = key % self.size
        if self.flags[index] and self.keys[index] == key:
            return index
        return -1

    def store(
        self,
        key: Key,
        depth: int,
        value: Score,
        flag: Bound,
        move: object,
        complete: bool = False,
    ) -> None:
        """Write an entry unless the slot holds a deeper one (depth-preferred replacement).

        A complete entry (its search reached no horizon) counts as deeper than any
        incomplete one.
        """
        index = key % self.size
        if self.flags[index]:
            if self.keys[index] != key and self.size < self.capacity:
                self._grow()
                self.store(key, depth, value, flag, move, complete)
                return
            if self.complete[index] and not complete:
                return
            if complete == self.complete[index] and depth < self.depths[index]:
                return
        self.keys[index] = key
        self.depths[index] = depth
        self.values[index] = value
        self.flags[index] = flag
        self.moves[index] = move
        self.complete[index] = complete
        self.stores += 1

    def usable(self, slot: int, depth: int, reuse_deeper: bool) -> bool:
        """Whether the entry in ``slot`` gives a value for a search of ``depth`` plies.

        Exactly (``reuse_deeper`` False): searched to the same depth, or complete and
        searched to at most ``depth``.  At least (True): searched at least as deep, or complete.
        """
        stored = self.depths[slot]
        if self.complete[slot]:
            return reuse_deeper or stored <= depth
        return stored >= depth if reuse_deeper else stored == depth

    def clear(self) -> None:
        """Empty the table (and forget what its values meant); it starts small again."""
        self.size = min(self.capacity, INITIAL_SIZE)
        self._allocate(self.size)
        self.stores = 0
        self.purpose = None

    def _allocate(self, size: int) -> None:
        self.keys: list[Key] = [0] * size
        self.depths: list[int] = [0] * size
        self.values: list[Score] = [0] * size
        self.flags: list[int] = [0] * size
        self.moves: list[object] = [None] * size
        self.complete: list[bool] = [False] * size

    def _grow(self) -> None:
        """Re-insert every entry into a table ``GROWTH`` times larger (at most ``capacity``)."""
        entries = [
            (self.keys[i], self.depths[i], self.values[i], self.flags[i], self.moves[i],
             self.complete[i])
            for i in range(self.size)
            if self.flags[i]
        ]
        stores = self.stores
        grown = next_prime(self.size * GROWTH)
        self.size = self.capacity if grown >= self.capacity else grown
        self._allocate(self.size)
        for key, depth, value, flag, move, complete in entries:
            self.store(key, depth, value, Bound(flag), move, complete)
        self.stores = stores

    def filled(self) -> int:
        """How many slots hold an entry."""
        return self.size - self.flags.count(0)
