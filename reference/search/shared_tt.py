"""A transposition table in shared memory, for the worker processes of one parallel solve.

Worker processes each with a table of their own search again what another worker
has already solved: in Dots and Boxes, where the same set of edges is reached
below many first moves, two workers visit twice the serial nodes.  This table
lives in one anonymous shared memory mapping (:mod:`mmap`) made before the worker
processes are forked, so that every worker inherits it.

Same entries, same replacement rule as :class:`~reference.search.tt.TranspositionTable`
(the module docstring of :mod:`reference.search.tt`), packed in the data word of
a slot of :mod:`reference.search.shared_slots` (check word: key XOR data, written
without locks)::

    flag (2 bits) | complete (1) | depth (14) | value + 2**31 (32) | move + 1 (15)

A probe copies the entry into a private
one-slot snapshot, so the fields alpha-beta reads afterwards all belong to that one
entry, whatever other processes write meanwhile.  A move is kept only when it is an
integer from 0 to 32,766 (a cell, an edge); other moves are not stored (a stored
move only orders the search, it never decides a value).

Values are the same as with a private table; node counts depend on the order in
which the workers happen to fill the table.
"""

from __future__ import annotations

from reference.errors import ParameterError
from reference.search.protocol import INFINITY, MAX_PLY, Key
from reference.search.shared_slots import SlotArray
from reference.search.tt import Bound, TranspositionTable, next_prime

_FLAG_BITS = 2
_DEPTH_BITS = 14
_VALUE_BITS = 32
_MOVE_BITS = 15
_VALUE_OFFSET = 1 << (_VALUE_BITS - 1)
_MOVE_LIMIT = (1 << _MOVE_BITS) - 1

assert MAX_PLY < 1 << _DEPTH_BITS and INFINITY < _VALUE_OFFSET


def pack(depth: int, value: int, flag: int, move: object, complete: bool) -> int:
    """The data word of an entry (``flag`` is never 0, so a used slot's word is never 0)."""
    if not 0 <= depth < 1 << _DEPTH_BITS or not -_VALUE_OFFSET <= value < _VALUE_OFFSET:
        raise ParameterError(
            f"entry out of range for the shared table: depth {depth}, value {value}"
        )
    stored_move = move + 1 if isinstance(move, int) and 0 <= move < _MOVE_LIMIT else 0
    word = flag
    word = word << 1 | complete
    word = word << _DEPTH_BITS | depth
    word = word << _VALUE_BITS | (value + _VALUE_OFFSET)
    return word << _MOVE_BITS | stored_move


def unpack(word: int) -> tuple[int, int, int, int | None, bool]:
    """``(depth, value, flag, move, complete)`` of a data word."""
    move = word & _MOVE_LIMIT
    word >>= _MOVE_BITS
    value = (word & ((1 << _VALUE_BITS) - 1)) - _VALUE_OFFSET
    word >>= _VALUE_BITS
    depth = word & ((1 << _DEPTH_BITS) - 1)
    word >>= _DEPTH_BITS
    complete = bool(word & 1)
    return depth, value, word >> 1, (move - 1 if move else None), complete


class SharedTable(TranspositionTable):
    """A :class:`TranspositionTable` whose slots live in shared memory (see the module docstring).

    ``SharedTable.create(size)`` maps an anonymous shared block
    (a :class:`~reference.search.shared_slots.SlotArray`); a process forked from the
    creator afterwards (a ``fork`` process pool started after the table) inherits the
    mapping, and ``SharedTable.attach(name)`` gives a view of it with a snapshot of its
    own (one per thread).

    >>> table = SharedTable.create(100)
    >>> table.store(12345, depth=7, value=-3, flag=Bound.EXACT, move=4, complete=True)
    >>> other = SharedTable.attach(table.name)            # as a worker would
    >>> slot = other.probe(12345)
    >>> other.values[slot], other.depths[slot], other.moves[slot], other.complete[slot]
    (-3, 7, 4, True)
    >>> other.probe(12345 + other.size)                   # same index, other key: a miss
    -1
    >>> other.close(); table.destroy()
    """

    __slots__ = ("name", "slots")

    def __init__(self, slots: SlotArray) -> None:
        self.slots = slots
        self.name = slots.name
        self.size = self.capacity = slots.count  # a shared table never grows
        # the one-slot snapshot that probe fills and the search reads
        self.keys = [0]
        self.depths = [0]
        self.values = [0]
        self.flags = [0]
        self.moves = [None]
        self.complete = [False]
        self.stores = 0
        self.purpose = None

    @classmethod
    def create(cls, size: int = 1 << 20) -> SharedTable:
        """A new, empty shared table of at least ``size`` slots (a prime number of them)."""
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise ParameterError(f"transposition table size must be >= 1, got {size!r}")
        return cls(SlotArray.create(next_prime(size)))

    @classmethod
    def attach(cls, name: str) -> SharedTable:
        """A view of the table ``name``, created by this process or by the one it was forked from."""
        return cls(SlotArray.attach(name))

    def probe(self, key: Key) -> int:
        """0 (the snapshot slot) when ``key`` is stored, -1 otherwise."""
        data = self.slots.load(key % self.size, key)
        if not data:
            return -1
        depth, value, flag, move, complete = unpack(data)
        self.keys[0] = key
        self.depths[0] = depth
        self.values[0] = value
        self.flags[0] = flag
        self.moves[0] = move
        self.complete[0] = complete
        return 0

    def store(
        self,
        key: Key,
        depth: int,
        value: int,
        flag: Bound,
        move: object,
        complete: bool = False,
    ) -> None:
        """Write an entry unless the slot holds a deeper one (the rule of the private table)."""
        slot = key % self.size
        old = self.slots.words[2 * slot + 1]
        if old:
            old_depth, _, _, _, old_complete = unpack(old)
            if old_complete and not complete:
                return
            if complete == old_complete and depth < old_depth:
                return
        self.slots.save(slot, key, pack(depth, value, int(flag), move, complete))
        self.stores += 1

    def clear(self) -> None:
        """Empty the table (every process sees it empty)."""
        self.slots.clear()
        self.stores = 0
        self.purpose = None

    def filled(self) -> int:
        return self.slots.filled()

    def close(self) -> None:
        """Drop this view (the memory stays for the other views)."""
        self.slots.close()

    def destroy(self) -> None:
        """Drop this view and unmap the block in this process (the creator, once every job is
        done)."""
        self.slots.destroy()


__all__ = ["SharedTable", "pack", "unpack"]
