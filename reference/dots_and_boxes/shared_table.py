"""The exact solver's table in shared memory: one table for the worker processes of a parallel solve.

Not from seed 000: what lets two processes of :mod:`.parallel` search different root
moves while each sees what the other has proven.  Dots and Boxes transposes heavily (the
same set of edges is reached below many first moves), so workers with a table each
search much of the tree twice; with this table the total stays close to the serial
solver's.

The block is the core's :class:`~reference.search.shared_slots.SlotArray` (one
anonymous shared mapping made before the worker processes are forked, slots of a check
word and a data word written without locks), here ``buckets`` buckets of two slots.
The data word is the solver's packed entry (lower bound, upper bound, best move),
never 0 (its bounds are stored offset to be positive).  Replacement (our
choice): the first slot of a bucket keeps the deeper entry (fewer drawn edges: the
larger subtree), the second takes whatever the first does not.  A lost entry costs
nodes, never a wrong value: every entry is a proven bound.
"""

from __future__ import annotations

from collections.abc import Callable

from reference.errors import ParameterError
from reference.search.shared_slots import SlotArray

KEY_BITS = 64
"""Table keys (edge sets of the padded layout) must fit in one word."""

DEFAULT_BUCKETS = (1 << 24) + 43  # a prime: 16,777,259 buckets of 2 slots, 512 MiB
"""Buckets of a shared table (our choice: five slots for each of the 3.3 million entries
of a 3x4 solve; with 4,194,319 buckets, 128 MiB, a 3x4 solve searched 17.1 million nodes
against the serial 12.9 million, entries lost to full buckets; 4x4 asks for more, see
``docs/benchmarks.md``).  The mapping is anonymous: pages never written take no memory."""

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

    __slots__ = ("buckets", "name", "slots")

    def __init__(self, slots: SlotArray) -> None:
        self.slots = slots
        self.name = slots.name
        self.buckets = slots.count // 2

    @classmethod
    def create(cls, buckets: int = DEFAULT_BUCKETS) -> SharedBoxTable:
        """A new, empty table of ``buckets`` buckets (two entries each)."""
        if isinstance(buckets, bool) or not isinstance(buckets, int) or buckets < 1:
            raise ParameterError(f"a shared table needs at least 1 bucket, got {buckets!r}")
        return cls(SlotArray.create(2 * buckets))

    @classmethod
    def attach(cls, name: str) -> SharedBoxTable:
        """A view of the table ``name``, made by this process or by the one it was forked from."""
        return cls(SlotArray.attach(name))

    def functions(self) -> tuple[TableGet, TablePut]:
        """``get(key)`` (the packed entry or ``None``) and ``put(key, data)``, as closures
        over local names (they run once per node)."""
        words, buckets = self.slots.words, self.buckets
        load, save = self.slots.load, self.slots.save

        def get(key: int) -> int | None:
            slot = (key % buckets) << 1
            return load(slot, key) or load(slot + 1, key) or None

        def put(key: int, data: int) -> None:
            slot = (key % buckets) << 1
            old = words[2 * slot + 1]
            if old:
                old_key = words[2 * slot] ^ old
                if old_key != key and old_key.bit_count() < key.bit_count():
                    slot += 1  # the first slot holds a deeper entry: keep it
            save(slot, key, data)

        return get, put

    def filled(self) -> int:
        """The slots in use (a scan: for tests and reports)."""
        return self.slots.filled()

    def close(self) -> None:
        """Drop this view (the memory stays for the other views)."""
        self.slots.close()

    def destroy(self) -> None:
        """Drop this view and unmap the block in this process (its creator, once all is done)."""
        self.slots.destroy()


__all__ = ["DEFAULT_BUCKETS", "KEY_BITS", "SharedBoxTable"]
