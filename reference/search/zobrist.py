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


def counter_key(value: int, salt: int = 0) -> Key:
    """A reproducible 64-bit key for a counter (plies left before a draw limit, say).

    A game whose value depends on a count that ``key`` leaves out (the plies left
    before Dou Shou Qi's draw limit) XORs ``counter_key(count)`` into its ``tt_key``:
    every state that changes a value must be part of the table key.  SplitMix64's
    finaliser (Steele, Lea, Flood 2014) mixes ``value`` and ``salt`` so that nearby
    counts give unrelated keys; no table is needed, so any count works.  Exactly:
    ``counter_key(n, salt)`` is output ``n`` of SplitMix64 seeded with
    ``salt * 0xD1B54A32D192ED03 + 0x632BE59BD9B4E019`` (mod 2**64; the two constants
    are our choice), so the keys can be reproduced outside this package.

    >>> counter_key(3) == counter_key(3), counter_key(3) == counter_key(4)
    (True, False)
    >>> 0 <= counter_key(10**6, salt=7) < 2**64
    True
    """
    z = (value * 0x9E3779B97F4A7C15 + salt * 0xD1B54A32D192ED03 + 0x632BE59BD9B4E019) & KEY_MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & KEY_MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & KEY_MASK
    return z ^ (z >> 31)
