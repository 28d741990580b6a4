"""Slots of two words in shared memory, written without locks: what every shared table is made of.

The block is one anonymous shared mapping (:mod:`mmap`) made before the worker
processes are forked, so that every worker inherits it.  No file, no name in the
system: the memory goes when the last process holding it closes it or exits.  Each
slot is two unsigned 64-bit words (R. Hyatt and T. Mann, "A lock-less transposition
table implementation for parallel search chess engines", ICGA Journal, 2002)::

    word 1 (data)    the table's packed entry, never 0 in a used slot
    word 0 (check)   key XOR data

A reader accepts a slot only when ``check XOR data == key``: a slot half written by
another process (its check from one store, its data from another) fails the test and
is a miss, as an empty slot or an index collision is.  What the data word holds and
which slot a key goes to are the table's: :class:`~reference.search.shared_tt.SharedTable`
(the search core's entries, one slot per index) and the Dots and Boxes solver's
:class:`~reference.dots_and_boxes.shared_table.SharedBoxTable` (two slots a bucket).
"""

from __future__ import annotations

import contextlib
import mmap
import secrets

from reference.errors import ParameterError

WORD = (1 << 64) - 1
"""The largest word: keys and data words must fit in it."""

_BLOCKS: dict[str, mmap.mmap] = {}
"""The blocks this process created (or inherited by fork), by name: what :meth:`SlotArray.attach` finds."""


class SlotArray:
    """``count`` slots of (check, data) words in one shared block (see the module docstring).

    >>> slots = SlotArray.create(7)
    >>> slots.save(3, key=12345, data=99)
    >>> slots.load(3, 12345), slots.load(3, 54321)         # the other key: a miss
    (99, 0)
    >>> other = SlotArray.attach(slots.name)                # as a forked worker would
    >>> other.load(3, 12345), other.filled()
    (99, 1)
    >>> other.close(); slots.destroy()
    """

    __slots__ = ("_memory", "count", "name", "words")

    def __init__(self, name: str, memory: mmap.mmap) -> None:
        self.name = name
        self._memory = memory
        self.words = memoryview(memory).cast("Q")
        """Slot ``i``'s check word is ``words[2 * i]``, its data word ``words[2 * i + 1]``."""
        self.count = len(self.words) // 2

    @classmethod
    def create(cls, count: int) -> SlotArray:
        """A new block of ``count`` empty slots."""
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise ParameterError(f"a shared table needs at least 1 slot, got {count!r}")
        memory = mmap.mmap(-1, 16 * count)  # anonymous, shared with forked children
        name = secrets.token_hex(8)
        _BLOCKS[name] = memory
        return cls(name, memory)

    @classmethod
    def attach(cls, name: str) -> SlotArray:
        """A view of the block ``name``, made by this process or by the one it was forked from."""
        memory = _BLOCKS.get(name)
        if memory is None or memory.closed:
            raise ParameterError(
                f"no shared table {name!r} in this process: a shared table reaches only "
                "processes forked after it was made"
            )
        return cls(name, memory)

    def load(self, slot: int, key: int) -> int:
        """The data word of ``slot`` when it holds ``key``, else 0."""
        words = self.words
        data: int = words[2 * slot + 1]
        return data if data and words[2 * slot] ^ data == key else 0

    def save(self, slot: int, key: int, data: int) -> None:
        """Write ``key``'s entry ``data`` (not 0) into ``slot``, check word first."""
        words = self.words
        words[2 * slot] = (key ^ data) & WORD
        words[2 * slot + 1] = data

    def clear(self) -> None:
        """Empty every slot (every process sees them empty)."""
        words = self.words
        for i in range(len(words)):
            words[i] = 0

    def filled(self) -> int:
        """The slots in use (a scan: for tests and reports)."""
        words = self.words
        return sum(1 for i in range(1, len(words), 2) if words[i])

    def close(self) -> None:
        """Drop this view (the memory stays for the other views)."""
        self.words.release()

    def __del__(self) -> None:
        # release the view before the block's own finaliser closes it (else: BufferError)
        words = getattr(self, "words", None)
        if words is not None:
            words.release()

    def destroy(self) -> None:
        """Drop this view and unmap the block in this process (its creator, once all is done)."""
        self.close()
        _BLOCKS.pop(self.name, None)
        # a view of another thread may still hold it: then it is unmapped when that view goes
        with contextlib.suppress(BufferError):
            self._memory.close()


__all__ = ["WORD", "SlotArray"]
