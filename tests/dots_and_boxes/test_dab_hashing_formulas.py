"""Seed 000's hash pieces at their edges: Theorem 9's draw of h_ab from H_pm (a in Z_p*,
b in Z_p, any table size m >= 1), formula 25 with a table of one slot, and the range of
the Miller-Rabin test that checks Theorem 9's prime p."""

from __future__ import annotations

import pytest

from reference.dots_and_boxes.hashing import (
    P_64,
    UniversalHash,
    index_formula25,
    is_probable_prime,
    universal_hash,
)
from reference.errors import ParameterError

PSI_13 = 3317044064679887385961981
"""The least composite that is a strong pseudoprime to all of the first 13 prime bases
2, 3, ..., 41 (OEIS A014233; Sorenson and Webster, "Strong pseudoprimes to twelve prime
bases", Math. Comp. 2017): 1287836182261 * 2575672364521, just above the 3.3e24 bound in
``is_probable_prime``'s docstring."""


def test_theorem_9_draws_a_from_z_p_star_and_b_from_z_p() -> None:
    """Seed 000, §II.B, Theorem 9: a uniform in Z_p* = {1, ..., p-1}, b uniform in
    Z_p = {0, ..., p-1}.  With the small prime p = 3, 200 seeds draw every allowed value
    and nothing else: a is never 0 (h_ab would be constant), b is 0 sometimes.  With
    p = 2, Z_p* = {1}: a is always 1."""
    draws = [universal_hash(5, seed, p=3) for seed in range(200)]
    assert {h.a for h in draws} == {1, 2}
    assert {h.b for h in draws} == {0, 1, 2}
    assert all(h.p == 3 and h.m == 5 for h in draws)
    draws2 = [universal_hash(2, seed, p=2) for seed in range(50)]
    assert {h.a for h in draws2} == {1}
    assert {h.b for h in draws2} == {0, 1}


def test_theorem_9_a_table_of_one_slot() -> None:
    """m = 1 is a table size of H_pm (m >= 1): formula 15 maps every key to 0
    (x mod 1 = 0).  m = 0 and negative m are refused."""
    h = universal_hash(1, 7)
    assert h.m == 1
    assert {h(k) for k in (0, 1, 2**63, 2**64 - 1, 12345)} == {0}
    assert UniversalHash(3, 5, 11, 1)(4) == 0  # (3*4 + 5) mod 11 = 6, 6 mod 1 = 0
    for m in (0, -3):
        with pytest.raises(ParameterError, match="m must be >= 1"):
            universal_hash(m, 7)


def test_formula_25_with_one_slot_and_refused_sizes() -> None:
    """Seed 000, §IV.B, formula 25, H(s) = h(s) % M: with M = 1 every hash goes to slot 0;
    M = 2 splits even and odd hashes; M <= 0 is a clear ParameterError (not a
    ZeroDivisionError, not a negative index)."""
    assert [index_formula25(h, 1) for h in (0, 1, 2, 2**64 - 1)] == [0, 0, 0, 0]
    assert [index_formula25(h, 2) for h in (6, 7, 2**64 - 1)] == [0, 1, 1]
    for size in (0, -1, -8):
        with pytest.raises(ParameterError, match="M must be >= 1"):
            index_formula25(5, size)


def test_miller_rabin_range_ends_at_psi_13() -> None:
    """``is_probable_prime`` tests the bases 2..41 (the first 13 primes), which decide
    primality exactly for n < psi_13 (the docstring's n < 3.3e24).  The bound is sharp:
    psi_13 itself, a product of two primes (checked here by multiplication), passes all 13
    bases and is reported prime; P_64 = 2^64 + 13 (Theorem 9's p) lies far inside the
    exact range.  A different set of bases draws this line elsewhere."""
    p, q = 1287836182261, 2575672364521
    assert p * q == PSI_13 and q == 2 * p - 1
    assert is_probable_prime(p) and is_probable_prime(q)
    assert PSI_13 > 3.3e24 > P_64
    assert is_probable_prime(PSI_13)  # the first composite beyond the documented range
