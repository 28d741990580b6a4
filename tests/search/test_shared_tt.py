"""The shared-memory table keeps the private table's entries and rule, and a torn slot misses."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.search.protocol import INFINITY, MAX_PLY
from reference.search.shared_tt import SharedTable, pack, unpack
from reference.search.tt import Bound, TranspositionTable

FLAGS = st.sampled_from([Bound.LOWER, Bound.UPPER, Bound.EXACT])
MOVES = st.one_of(st.none(), st.integers(0, 32_766), st.tuples(st.integers(0, 5)))


@pytest.fixture
def shared() -> Iterator[SharedTable]:
    table = SharedTable.create(7)
    yield table
    table.destroy()


@settings(max_examples=examples(200))
@given(st.integers(0, MAX_PLY), st.integers(-INFINITY, INFINITY), FLAGS, MOVES, st.booleans())
def test_pack_unpack_round_trip(
    depth: int, value: int, flag: Bound, move: object, complete: bool
) -> None:
    """Every field survives; an integer move from 0 to 32,766 too, any other move is dropped."""
    word = pack(depth, value, flag, move, complete)
    assert 0 < word < 1 << 64
    kept = move if isinstance(move, int) else None
    assert unpack(word) == (depth, value, int(flag), kept, complete)


STORE = st.tuples(
    st.integers(0, 40),  # keys collide on 7 slots
    st.integers(0, 30),
    st.integers(-1000, 1000),
    FLAGS,
    st.integers(0, 100),
    st.booleans(),
)


@settings(max_examples=examples(100))
@given(st.lists(STORE, max_size=60))
def test_shared_table_answers_as_the_private_table(
    stores: list[tuple[int, int, int, Bound, int, bool]],
) -> None:
    """The same stores into both tables (same prime size, same replacement rule): every
    probe finds the same entry, or misses in both."""
    shared = SharedTable.create(7)
    try:
        private = TranspositionTable(7)
        assert shared.size == private.size
        for key, depth, value, flag, move, complete in stores:
            shared.store(key, depth, value, flag, move, complete)
            private.store(key, depth, value, flag, move, complete)
        for key in range(41):
            a, b = shared.probe(key), private.probe(key)
            assert (a < 0) == (b < 0)
            if a >= 0:
                assert (shared.depths[a], shared.values[a], shared.flags[a]) == (
                    private.depths[b],
                    private.values[b],
                    private.flags[b],
                )
                assert (shared.moves[a], shared.complete[a]) == (
                    private.moves[b],
                    private.complete[b],
                )
                assert shared.usable(a, 20, False) == private.usable(b, 20, False)
    finally:
        shared.destroy()


def test_a_torn_slot_is_a_miss(shared: SharedTable) -> None:
    """The check word of one store with the data word of another (a write caught halfway by
    another process) fails ``check XOR data == key``: a miss, never a wrong entry."""
    shared.store(3, 5, 42, Bound.EXACT, None, True)
    index = 2 * (3 % shared.size)
    check = shared.slots.words[index]
    shared.store(3, 9, -7, Bound.LOWER, None, True)  # the same key, a deeper entry
    assert shared.probe(3) == 0 and shared.values[0] == -7
    shared.slots.words[index] = check  # the old check word with the new data word
    assert shared.probe(3) == -1


def test_another_attachment_sees_the_same_entries(shared: SharedTable) -> None:
    shared.store(12, 3, 9, Bound.UPPER, 2, False)
    other = SharedTable.attach(shared.name)
    try:
        slot = other.probe(12)
        assert (other.values[slot], other.flags[slot], other.moves[slot]) == (9, Bound.UPPER, 2)
        other.clear()
        assert shared.probe(12) == -1 and shared.filled() == 0
    finally:
        other.close()


def test_out_of_range_entries_and_unknown_tables_are_refused() -> None:
    with pytest.raises(ValueError):
        pack(1 << 14, 0, Bound.EXACT, None, False)
    with pytest.raises(ValueError):
        SharedTable.create(0)
    table = SharedTable.create(7)
    table.destroy()
    with pytest.raises(ValueError, match="forked"):
        SharedTable.attach(table.name)
