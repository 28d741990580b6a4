"""Seed 000's hash pieces at their edges: Theorem 9's draw of h_ab from H_pm (a in Z_p*,
b in Z_p, any table size m >= 1), formula 25 with a table of one slot, and the range and
the bases of the Miller-Rabin test that checks Theorem 9's prime p."""

from __future__ import annotations

import pytest

from reference.dots_and_boxes.hashing import (
    P_64,
    UniversalHash,
    index_formula25,
    universal_hash,
)
from reference.errors import ParameterError
from reference.search.tt import is_probable_prime

BASES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
"""The first 13 primes: the bases ``is_probable_prime`` documents."""

ONE_BASE_SHORT = {
    2: (39894815805005411251, 11, 43),
    3: (17009922316524747611, 9, 25),
    5: (5926855983562756243, 9, 53),
    7: (114528492056314051, 5, 9),
    11: (1751458130666683531, 5, 9),
    13: (130616978518873771, 5, 9),
    17: (2022369398739691, 5, 9),
    19: (887113702586521411, 5, 9),
    23: (1296886590693223531, 5, 9),
    29: (1412235300797731411, 5, 9),
    31: (924832470401049211, 5, 9),
    37: (1656774252587183731, 5, 9),
    41: (880552207814689411, 5, 9),
}
"""For each base b, (p1, k2, k3) of a composite n = p1 (k2 (p1 - 1) + 1) (k3 (p1 - 1) + 1)
that passes Miller-Rabin to every base but b (Arnault's construction; made by
``python tools/strong_pseudoprimes.py``, whose docstring has the proof)."""

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


def strong_probable_prime(n: int, a: int) -> bool:
    """Whether odd n > 2 passes Miller-Rabin to base a: with n - 1 = 2^s d, d odd,
    a^d = 1 or a^(2^r d) = -1 (mod n) for some r < s.  Written out here from the
    definition, apart from the code under test."""
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    powers = [pow(a, d * 2**r, n) for r in range(s)]
    return powers[0] == 1 or n - 1 in powers


@pytest.mark.parametrize("base", BASES)
def test_miller_rabin_tests_each_of_its_13_bases(base: int) -> None:
    """For each base b a composite n, the product of three primes, passes Miller-Rabin to
    the other twelve bases and fails b, so ``is_probable_prime`` calls n composite only
    because it tests b.  With b dropped, or replaced by another base whose answer the
    others decide (b + 1: 4 = 2^2, 6 = 2 * 3, ..., 42 = 2 * 3 * 7; n passes each of them,
    as the Legendre symbol is multiplicative), n would pass as prime.  n is far above the
    exact range (it has 48 to 62 digits): the least such numbers are unknown."""
    p1, k2, k3 = ONE_BASE_SHORT[base]
    factors = (p1, k2 * (p1 - 1) + 1, k3 * (p1 - 1) + 1)
    assert all(is_probable_prime(p) for p in factors)  # each far inside the exact range
    n = factors[0] * factors[1] * factors[2]
    assert [a for a in BASES if not strong_probable_prime(n, a)] == [base]
    assert strong_probable_prime(n, base + 1)
    assert not is_probable_prime(n)
