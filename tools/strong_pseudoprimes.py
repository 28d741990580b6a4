#!/usr/bin/env python3
"""Composites that pass Miller-Rabin to every base of a set but one (Arnault's construction).

``reference.search.tt.is_probable_prime`` runs Miller-Rabin with the first 13
primes 2, 3, ..., 41 as bases.  A test that checks it really uses base ``b`` needs a
composite ``n`` that passes every other base and fails ``b``: with ``b`` left out (or
replaced by a base whose answers follow from the others, such as ``b + 1``), the test
calls ``n`` prime.  The least such numbers are not known (the least composite that
passes the first 12 prime bases, psi_12 = 3.2e23, took Sorenson and Webster a large
search), but larger ones are easy to build.  This script builds one for each base and
prints the table that ``tests/dots_and_boxes/test_dab_hashing_formulas.py`` checks.

The construction (after F. Arnault, "Constructing Carmichael numbers which are strong
pseudoprimes to several bases", J. Symbolic Computation 20, 1995): n = p1 p2 p3 with

* p2 = k2 (p1 - 1) + 1 and p3 = k3 (p1 - 1) + 1 for odd k2, k3, all three primes = 3 mod 4;
* k3 p1 = -1 (mod k2) and k2 p1 = -1 (mod k3), which make p_i - 1 divide n - 1.

Then n = 3 (mod 4), so n - 1 = 2 d with d odd and Miller-Rabin checks a^d = +-1 (mod n)
only.  Each (p_i - 1) / 2 is odd and divides d an odd number of times, so
a^d = (a / p_i) (mod p_i), the Legendre symbol: n passes base a exactly when the three
symbols (a / p_i) are equal.  For an odd prime a and p = 3 (mod 4), quadratic reciprocity
gives (a / p) = (p mod a / a) times a sign that depends on a alone, so the condition is one
on p1 mod a (p_i mod a is a function of p1 mod a); for a = 2 it is one on p1 mod 8.  Pick,
for every base, a residue of p1 that makes the symbols equal (for the base ``b`` to fail:
not all equal), join the residues with the Chinese remainder theorem, and walk that
residue class until p1, p2, p3 are all prime.

Since the Legendre symbol is multiplicative, such an n also passes every base whose prime
factors are all bases it passes: ``b + 1`` (4 = 2^2, 6 = 2 * 3, ..., 42 = 2 * 3 * 7) in
particular.

Run: ``.venv/bin/python tools/strong_pseudoprimes.py`` (about a second; deterministic).
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reference.search.tt import is_probable_prime

BASES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
"""The Miller-Rabin bases of ``is_probable_prime``."""

MULTIPLIERS = range(3, 200, 2)
"""The odd numbers tried as k2 < k3, smallest first (smaller multipliers, smaller n)."""


def multipliers(failing: int) -> tuple[int, int]:
    """The first k2 < k3 (coprime) for which the constraints on p1 have a solution.

    A k = 1 (mod 4) keeps p_i mod 8 equal to p1 mod 8 (the symbols (2 / p_i) agree), so for
    base 2 to fail one k is 3 (mod 4); for base 3 to fail one k is a multiple of 3 (else
    p1 = 2 (mod 3) makes p_i = k_i + 1 = 0 or 2 (mod 3), and p1 = 1 makes all p_i = 1).
    """
    for k3 in MULTIPLIERS:
        for k2 in MULTIPLIERS:
            if k2 < k3 and math.gcd(k2, k3) == 1 and constraints(failing, k2, k3) is not None:
                return k2, k3
    raise SystemExit(f"no multipliers make base {failing} fail")


def legendre(a: int, p: int) -> int:
    """(a / p) for an odd prime p, by Euler's criterion: 1, -1 or 0."""
    r = pow(a, (p - 1) // 2, p)
    return -1 if r == p - 1 else r


def factors(p1: int, k2: int, k3: int) -> tuple[int, int, int]:
    """(p1, p2, p3) of the construction."""
    return p1, k2 * (p1 - 1) + 1, k3 * (p1 - 1) + 1


def allowed_residues(a: int, failing: int, k2: int, k3: int) -> list[int]:
    """The residues r of p1 modulo q (8 for a = 2, a otherwise) that give the wanted symbols.

    p1 = 3 (mod 4) always.  For a = 2 the symbol is read from p mod 8; for odd a from
    (p mod a / a) (the reciprocity sign is the same for the three factors).  The symbols must
    be equal and nonzero, or, for a == ``failing``, nonzero and not all equal.
    """
    q = 8 if a == 2 else a
    out = []
    for r in range(q):
        if a == 2:
            if r % 4 != 3:
                continue
            # p_i mod 8 depends on r only (r + 8 stands for p1)
            symbols = [1 if p % 8 == 7 else -1 for p in factors(r + 8, k2, k3)]
        else:
            residues = [p % a for p in factors(r + a, k2, k3)]  # p_i mod a depends on r only
            if 0 in residues:
                continue
            symbols = [legendre(x, a) for x in residues]
        equal = len(set(symbols)) == 1
        if equal != (a == failing):
            out.append(r)
    return out


def join(first: tuple[int, int], allowed: list[int], q: int) -> tuple[int, int] | None:
    """Join p1 = r (mod m) with p1 in ``allowed`` (mod q): the least joined class, or None.

    The moduli need not be coprime (k2 = 9 and base 3 share a factor): a residue s joins
    r when s = r modulo gcd(m, q).
    """
    r, m = first
    g = math.gcd(m, q)
    lcm = m // g * q
    for s in allowed:
        if (s - r) % g:
            continue
        # r + m t = s (mod q): m/g t = (s - r)/g (mod q/g)
        t = (s - r) // g * pow(m // g, -1, q // g) % (q // g)
        return (r + m * t) % lcm, lcm
    return None


def constraints(failing: int, k2: int, k3: int) -> tuple[int, int] | None:
    """One residue class p1 = r (mod M) meeting every condition, or None."""
    joined: tuple[int, int] | None = (0, 1)
    for a in BASES:
        allowed = allowed_residues(a, failing, k2, k3)
        joined = None if joined is None else join(joined, allowed, 8 if a == 2 else a)
    # k3 p1 = -1 (mod k2) and k2 p1 = -1 (mod k3): p_i - 1 divides n - 1
    for k, other in ((k2, k3), (k3, k2)):
        joined = None if joined is None else join(joined, [-pow(other, -1, k) % k], k)
    return joined


def build(failing: int) -> int:
    """The least p1 of the residue class for which p1, p2, p3 are all prime."""
    k2, k3 = multipliers(failing)
    joined = constraints(failing, k2, k3)
    assert joined is not None
    r, m = joined
    p1 = r
    while p1 < 3 or not all(is_probable_prime(p) for p in factors(p1, k2, k3)):
        p1 += m
    return p1


def passes(n: int, a: int) -> bool:
    """Whether odd n > 2 is a strong probable prime to base a."""
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    x = pow(a, d, n)
    if x in (1, n - 1):
        return True
    for _ in range(s - 1):
        x = x * x % n
        if x == n - 1:
            return True
    return False


def main() -> None:
    print("# n = p1 * (k2 (p1 - 1) + 1) * (k3 (p1 - 1) + 1)")
    print("# failing base: (p1, k2, k3)")
    for failing in BASES:
        p1 = build(failing)
        k2, k3 = multipliers(failing)
        n = math.prod(factors(p1, k2, k3))
        failed = [a for a in BASES if not passes(n, a)]
        assert failed == [failing], (failing, failed)
        assert passes(n, failing + 1)
        print(f"    {failing}: ({p1}, {k2}, {k3}),  # n has {len(str(n))} digits")


if __name__ == "__main__":
    main()
