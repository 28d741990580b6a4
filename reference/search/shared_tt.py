"""A transposition table in shared memory, for the worker processes of one parallel solve.

Worker processes each with a table of their own search again what another worker
has already solved: in Dots and Boxes, where the same set of edges is reached
below many first moves, two workers visit twice the serial nodes.  This table
lives in one anonymous shared memory mapping (:mod:`mmap`) made before the worker
processes are forked, so that every worker inherits it.

Same entries, same replacement rule as :class:`~reference.search.tt.TranspositionTable`
(the module docstring of :mod:`reference.search.tt`), packed in two 64-bit words
per slot, written without locks (R. Hyatt and T. Mann, "A lock-less transposition
table implementation for parallel search chess engines", ICGA Journal, 2002)::

    word 1 (data)   flag (2 bits) | complete (1) | depth (14) | value + 2**31 (32) | move + 1 (15)
    word 0 (check)  key XOR data

A reader accepts a slot only when ``check XOR data == key``: a slot half written
by another process (its check from one store, its data from another) fails the test
and is a miss, as an index collision is.  A probe copies the entry into a private
one-slot snapshot, so the fields alpha-beta reads afterwards all belong to that one
entry, whatever other processes write meanwhile.  A move is kept only when it is an
integer from 0 to 32,766 (a cell, an edge); other moves are not stored (a stored
move only orders the search, it never decides a value).

Values are the same as with a private table; node counts depend on the order in
which the workers happen to fill the table.
"""

from __future__ import annotations

import contextlib
import mmap
import secrets

from reference.errors import ParameterError
from reference.search.protocol import INFINITY, MAX_PLY, Key
from reference.search.tt import Bound, TranspositionTable, next_prime

_FLAG_BITS = 2
_DEPTH_BITS = 14
_VALUE_BITS = 32
_MOVE_BITS = 15
_VALUE_OFFSET = 1 << (_VALUE_BITS - 1)
_MOVE_LIMIT = (1 << _MOVE_BITS) - 1
_WORD = (1 << 64) - 1

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


_TABLES: dict[str, mmap.mmap] = {}
"""The tables this process created (or inherited by fork), by name: what :meth:`SharedTable.attach` finds."""


class SharedTable(TranspositionTable):
    """A :class:`TranspositionTable` whose slots live in shared memory (see the module docstring).

    ``SharedTable.create(size)`` maps an anonymous shared block; a process forked
    from the creator afterwards (a ``fork`` process pool started after the table)
    inherits the mapping, and ``SharedTable.attach(name)`` gives a view of it with
    a snapshot of its own (one per thread).  No file, no name in the system: the
    memory goes when the last process holding it closes it or exits.

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

    __slots__ = ("_memory", "_words", "name")

    def __init__(self, name: str, memory: mmap.mmap) -> None:
        self.name = name
        self._memory = memory
        self._words = memoryview(memory).cast("Q")
        self.size = self.capacity = len(self._words) // 2  # a shared table never grows
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
        memory = mmap.mmap(-1, 16 * next_prime(size))  # anonymous, shared with forked children
        name = secrets.token_hex(8)
        _TABLES[name] = memory
        return cls(name, memory)

    @classmethod
    def attach(cls, name: str) -> SharedTable:
        """A view of the table ``name``, created by this process or by the one it was forked from."""
        memory = _TABLES.get(name)
        if memory is None or memory.closed:
            raise ParameterError(
                f"no shared table {name!r} in this process: a shared table reaches only "
                "processes forked after it was made"
            )
        return cls(name, memory)

    def probe(self, key: Key) -> int:
        """0 (the snapshot slot) when ``key`` is stored, -1 otherwise."""
        index = 2 * (key % self.size)
        words = self._words
        data = words[index + 1]
        if data == 0 or words[index] ^ data != key:
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
        index = 2 * (key % self.size)
        words = self._words
        old = words[index + 1]
        if old:
            old_depth, _, _, _, old_complete = unpack(old)
            if old_complete and not complete:
                return
            if complete == old_complete and depth < old_depth:
                return
        data = pack(depth, value, int(flag), move, complete)
        words[index] = (key ^ data) & _WORD
        words[index + 1] = data
        self.stores += 1

    def clear(self) -> None:
        """Empty the table (every process sees it empty)."""
        for i in range(2 * self.size):
            self._words[i] = 0
        self.stores = 0
        self.purpose = None

    def filled(self) -> int:
        return sum(1 for i in range(self.size) if self._words[2 * i + 1])

    def close(self) -> None:
        """Drop this view (the memory stays for the other views)."""
        self._words.release()

    def __del__(self) -> None:
        # release the view before the block's own finaliser closes it (else: BufferError)
        words = getattr(self, "_words", None)
        if words is not None:
            words.release()

    def destroy(self) -> None:
        """Drop this view and unmap the block in this process (the creator, once every job is
        done)."""
        self.close()
        _TABLES.pop(self.name, None)
        # a view of another thread may still hold it: then it is unmapped when that view goes
        with contextlib.suppress(BufferError):
            self._memory.close()


__all__ = ["SharedTable", "pack", "unpack"]
