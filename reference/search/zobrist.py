"""Zobrist hashing: reproducible 64-bit random keys XORed in and out on make / unmake.

Seed 001, "Zobrist Hashing": an M x N x 2 table of 64-bit pseudo-random numbers,
one per (cell, symbol); marking a cell XORs its number into the key.  Every game
of this package draws its table from :func:`random_keys` with a fixed seed, so the
same position has the same key in every run (engine authors can pin keys).
"""

from __future__ import annotations

import random

from reference.search.protocol import Key

DEFAULT_SEED = 20240601
"""The seed every game uses unless told otherwise (our choice)."""

KEY_MASK: Key = (1 << 64) - 1


def random_keys(count: int, seed: int = DEFAULT_SEED) -> list[Key]:
    """Return ``count`` reproducible 64-bit keys drawn from ``random.Random(seed)``.

    Seed 001, "Zobrist Hashing" (the M x N x 2 table, flattened).

    >>> random_keys(2, seed=1) == random_keys(2, seed=1)
    True
    >>> all(0 <= k < 2**64 for k in random_keys(5))
    True
    """
    rng = random.Random(seed)
    return [rng.getrandbits(64) for _ in range(count)]
