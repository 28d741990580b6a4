"""Zobrist keys (seed 001, "Zobrist Hashing") and counter keys: the values are part of the
interface (the command line prints ``key``; engine authors pin keys), so they are
checked against sources outside this package.
"""

from __future__ import annotations

import random

from reference.search.zobrist import DEFAULT_SEED, counter_key, random_keys

MASK = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15
"""SplitMix64's increment (Steele, Lea, Flood 2014; Vigna's splitmix64.c)."""
SALT_MULTIPLIER = 0xD1B54A32D192ED03
OFFSET = 0x632BE59BD9B4E019

SPLITMIX64_SEED_0 = (0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC)
"""The first four outputs of SplitMix64 seeded with 0: the published reference vector of
Vigna's splitmix64.c (prng.di.unimi.it), quoted by many independent implementations."""


def test_random_keys_draw_from_the_documented_default_seed() -> None:
    """``random_keys(n)`` is ``n`` draws of ``random.Random(20240601).getrandbits(64)``
    (the documented default; Python's Mersenne Twister is stable across versions)."""
    rng = random.Random(20240601)
    assert DEFAULT_SEED == 20240601
    assert random_keys(4) == [rng.getrandbits(64) for _ in range(4)]


def test_counter_key_is_the_splitmix64_sequence() -> None:
    """``counter_key(n, salt)`` is output ``n`` of SplitMix64 seeded with
    ``salt * SALT_MULTIPLIER + OFFSET`` (mod 2**64), as the docstring says.  The salt
    that makes that seed 0 gives the published seed-0 vector."""
    salt = (-OFFSET * pow(SALT_MULTIPLIER, -1, 1 << 64)) & MASK
    assert (salt * SALT_MULTIPLIER + OFFSET) & MASK == 0
    assert tuple(counter_key(n, salt) for n in (1, 2, 3, 4)) == SPLITMIX64_SEED_0


def test_counter_key_salt_defaults_to_zero() -> None:
    assert [counter_key(n) for n in range(5)] == [counter_key(n, 0) for n in range(5)]
    assert counter_key(1) != counter_key(1, 1)
