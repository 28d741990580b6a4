"""A sieve of Eratosthenes, written out for tests of the package's primality checks."""

from __future__ import annotations


def primes_up_to(limit: int) -> list[int]:
    """Every prime p <= ``limit``, by the sieve of Eratosthenes.

    >>> primes_up_to(20)
    [2, 3, 5, 7, 11, 13, 17, 19]
    """
    composite = [False] * (limit + 1)
    primes = []
    for n in range(2, limit + 1):
        if not composite[n]:
            primes.append(n)
            for multiple in range(n * n, limit + 1, n):
                composite[multiple] = True
    return primes
