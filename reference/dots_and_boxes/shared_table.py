"""The exact solver's table in shared memory: one table for the worker processes of a parallel solve.

Not from seed 000: what lets two processes of :mod:`.parallel` search different root
moves while each sees what the other has proven.  Dots and Boxes transposes heavily (the
same set of edges is reached below many first moves), so workers with a table each
search much of the tree twice; with this table the total stays close to the serial
solver's.

The block is one anonymous shared mapping (:mod:`mmap`) made before the worker
processes are forked, so that every worker inherits it.  It holds ``buckets`` buckets
of two slots, each slot two unsigned 64-bit words, written without locks (Hyatt and
Mann, "A lock-less transposition table implementation for parallel search chess
engines", ICGA Journal, 2002)::

    word 1 (data)    the solver's packed entry: lower bound, upper bound, best move
    word 0 (check)   key XOR data

A reader accepts a slot only when ``check XOR data == key``: a slot half written by
another process fails the test and is a miss, as an empty slot is.  The entry's data
word is never 0 (its bounds are stored offset to be positive).  Replacement (our
choice): the first slot of a bucket keeps the deeper entry (fewer drawn edges: the
larger subtree), the second takes whatever the first does not.  A lost entry costs
nodes, never a wrong value: every entry is a proven bound.
"""

from __future__ import annotations

import contextlib
import mmap
import secrets
from collections.abc import Callable

from reference.errors import ParameterError

KEY_BITS = 64
"""Table keys (edge sets of the padded layout) must fit in one word."""

DEFAULT_BUCKETS = (1 << 24) + 43  # a prime: 16,777,259 buckets of 2 slots, 512 MiB
"""Buckets of a shared table (our choice: five slots for each of the 3.3 million entries
of a 3x4 solve; with 4,194,319 buckets, 128 MiB, a 3x4 solve searched 17.1 million nodes
against the serial 12.9 million, entries lost to full buckets; 4x4 asks for more, see
``docs/benchmarks.md``).  The mapping is anonymous: pages never written take no memory."""

_TABLES: dict[str, mmap.mmap] = {}
"""The tables this process created (or inherited by fork), by name: what :meth:`attach` finds."""

TableGet = Callable[[int], "int | None"]
TablePut = Callable[[int, int], None]


class SharedBoxTable:
    """A table of packed entries in shared memory (see the module docstring).

    >>> table = SharedBoxTable.create(101)
    >>> get, put = table.functions()
    >>> put(0b1011, 12345)
    >>> get(0b1011), get(0b1011 + 101)                 # same bucket, other key: a miss
    (12345, None)
    >>> other = SharedBoxTable.attach(table.name)      # as a forked worker would
    >>> other.functions()[0](0b1011)
    12345
    >>> other.close(); table.destroy()
    """

    __slots__ = ("_memory", "buckets", "name", "words")

    def __init__(self, name: str, memory: mmap.mmap) -> None:
        self.name = name
        self._memory = memory
        self.words = memoryview(memory).cast("Q")
        self.buckets = len(self.words) // 4

    @classmethod
    def create(cls, buckets: int = DEFAULT_BUCKETS) -> SharedBoxTable:
        """A new, empty table of ``buckets`` buckets (two entries each)."""
        if isinstance(buckets, bool) or not isinstance(buckets, int) or buckets < 1:
            raise ParameterError(f"a shared table needs at least 1 bucket, got {buckets!r}")
        memory = mmap.mmap(-1, 32 * buckets)  # anonymous, shared with forked children
        name = secrets.token_hex(8)
        _TABLES[name] = memory
        return cls(name, memory)

    @classmethod
    def attach(cls, name: str) -> SharedBoxTable:
        """A view of the table ``name``, made by this process or by the one it was forked from."""
        memory = _TABLES.get(name)
        if memory is None or memory.closed:
            raise ParameterError(
                f"no shared table {name!r} in this process: a shared table reaches only "
                "processes forked after it was made"
            )
        return cls(name, memory)

    def functions(self) -> tuple[TableGet, TablePut]:
        """``get(key)`` (the packed entry or ``None``) and ``put(key, data)``, as closures
        over local names (they run once per node)."""
        words, buckets = self.words, self.buckets

        def get(key: int) -> int | None:
            i = (key % buckets) << 2
            data = words[i + 1]
            if data and words[i] ^ data == key:
                return data
            data = words[i + 3]
            if data and words[i + 2] ^ data == key:
                return data
            return None

        def put(key: int, data: int) -> None:
            i = (key % buckets) << 2
            old = words[i + 1]
            if old:
                old_key = words[i] ^ old
                if old_key != key and old_key.bit_count() < key.bit_count():
                    i += 2  # the first slot holds a deeper entry: keep it
            words[i] = key ^ data
            words[i + 1] = data

        return get, put

    def filled(self) -> int:
        """The slots in use (a scan: for tests and reports)."""
        words = self.words
        return sum(1 for i in range(1, len(words), 2) if words[i])

    def close(self) -> None:
        """Drop this view (the memory stays for the other views)."""
        self.words.release()

    def destroy(self) -> None:
        """Drop this view and unmap the block in this process (its creator, once all is done)."""
        self.close()
        _TABLES.pop(self.name, None)
        with contextlib.suppress(BufferError):  # another view still holds it: unmapped with it
            self._memory.close()


__all__ = ["DEFAULT_BUCKETS", "KEY_BITS", "SharedBoxTable"]
