"""The paper's hash functions: formula 9 (Theorem 5), h_ab (Theorem 9), formulas 22-23 and 25.

Seed 000, §II.B Theorems 5 and 9, §IV.A formulas 22-23, §IV.B formula 25.

* **Formula 9** (Theorem 5): the board is a vector S of n cell states, B a random
  0/1 vector, x_i = s_i XOR b_i, and h(S) is the base-256 number
  ``((x_1 * 2^8 + x_2) * 2^8 + ...) * 2^8 + x_n``.  Here the cells are the edges
  (state 1 = drawn).  ERRATUM: that number has 8n bits, not the "unsigned 64-bit
  integer" §III.A says; :func:`formula9_hash` computes it literally as a Python
  int and :func:`reduce_to_64` gives three 64-bit reductions of it (the low 64
  bits, as a C ``uint64_t`` would keep; an XOR fold of the 64-bit limbs; the
  remainder modulo a prime below 2^64).  Since x_i is 0 or 1 the literal number
  is a perfect (collision-free) code of the edge set; the first two reductions are
  not: they keep at most 256 distinct values.
* **Theorem 9** (formulas 14-16): the universal family
  ``h_ab(k) = ((a k + b) mod p) mod m`` with p prime, a in Z_p*, b in Z_p.
* **Formulas 22-23**: ``v32 = key.v32[0] ^ key.v32[1]`` and
  ``i = v32.v16[0] ^ (v32.v16[1] << 4)``; ERRATUM: the shift makes i a 20-bit
  number (0 <= i < 2^20), not 16-bit.
* **Formula 25**: ``H(s) = h(s) % M``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reference.dots_and_boxes.geometry import Edges, geometry
from reference.errors import ParameterError
from reference.search.protocol import Key
from reference.search.tt import is_probable_prime

MASK64 = (1 << 64) - 1

FORMULA9_SEED = 9
"""Seed of the random bit vector B of formula 9 (our choice)."""

P_64 = (1 << 64) + 13
"""The smallest prime above 2^64: every 64-bit key lies in Z_p (Theorem 9, formula 14)."""

P_BELOW_64 = (1 << 64) - 59
"""The largest prime below 2^64: the modulus of the ``"prime"`` 64-bit reduction."""


def random_bit_vector(n: int, seed: int = FORMULA9_SEED) -> list[int]:
    """B = [b_1, ..., b_n], each b_i a random 0 or 1 (Theorem 5)."""
    rng = random.Random(seed)
    return [rng.getrandbits(1) for _ in range(n)]


def formula9_hash(states: Sequence[int], bits: Sequence[int]) -> int:
    """h(S) of formula 9, literally: the base-256 number of the bytes x_i = s_i XOR b_i.

    Seed 000, §II.B, Theorem 5, formula 9.  Cell states must be bytes (0..255).

    >>> formula9_hash([1, 0, 1], [0, 0, 0]) == 1 * 256**2 + 0 * 256 + 1
    True
    """
    if len(states) != len(bits):
        raise ParameterError(f"S has {len(states)} cells but B has {len(bits)}")
    h = 0
    for s, b in zip(states, bits, strict=True):
        if not 0 <= s <= 255:
            raise ParameterError(f"cell states must be bytes 0..255, got {s}")
        h = h * 256 + (s ^ b)  # formula 9: (... * 2^8 + x_i)
    return h


def edge_states(rows: int, cols: int, edges: Edges) -> list[int]:
    """S for a Dots and Boxes position: s_i = 1 when edge i is drawn."""
    return [edges >> e & 1 for e in range(geometry(rows, cols).num_edges)]


def board_formula9(rows: int, cols: int, edges: Edges, seed: int = FORMULA9_SEED) -> int:
    """Formula 9 of a board's edge vector (an 8n-bit Python int)."""
    n = geometry(rows, cols).num_edges
    return formula9_hash(edge_states(rows, cols, edges), random_bit_vector(n, seed))


def reduce_to_64(h: int, method: str = "prime") -> Key:
    """Reduce a formula-9 hash to 64 bits.

    ``"low"`` keeps the low 64 bits (what C ``uint64_t`` arithmetic would keep);
    ``"fold"`` XORs the 64-bit limbs together; ``"prime"`` takes ``h mod P`` with
    P = 2^64 - 59, the largest prime below 2^64 (OURS: in the spirit of Theorem 9).
    With 0/1 cells the first two keep only 8 bits of information
    (each byte is 0 or 1 and the limbs overlap byte for byte): at most 256 values.
    """
    if method == "low":
        return h & MASK64
    if method == "prime":
        return h % P_BELOW_64
    if method != "fold":
        raise ParameterError(f"reduction must be 'low', 'fold' or 'prime', got {method!r}")
    out = 0
    while h:
        out ^= h & MASK64
        h >>= 64
    return out


@dataclass(frozen=True, slots=True)
class UniversalHash:
    """One member h_ab of the family H_pm (Theorem 9, formulas 14-16)."""

    a: int
    b: int
    p: int
    m: int

    def __call__(self, k: int) -> int:
        """h_ab(k) = ((a k + b) mod p) mod m  (formula 15)."""
        return ((self.a * k + self.b) % self.p) % self.m


def universal_hash(m: int, seed: int, p: int = P_64) -> UniversalHash:
    """Draw h_ab from H_pm: a uniform in Z_p* = {1..p-1}, b uniform in Z_p = {0..p-1}.

    Seed 000, §II.B, Theorem 9.  ``p`` must be a prime larger than every key.
    """
    if m < 1:
        raise ParameterError(f"table size m must be >= 1, got {m}")
    if not is_probable_prime(p):
        raise ParameterError(f"p must be prime, got {p}")
    rng = random.Random(seed)
    return UniversalHash(rng.randrange(1, p), rng.randrange(0, p), p, m)


def fold32(key: Key) -> int:
    """Formula 22: ``temp.v32 = position.v32[0] ^ position.v32[1]``."""
    return (key & 0xFFFFFFFF) ^ (key >> 32 & 0xFFFFFFFF)


def index_formula23(key: Key) -> int:
    """Formula 23 after 22: ``i = temp.v16[0] ^ (temp.v16[1] << 4)``, a 20-bit index."""
    temp = fold32(key)
    return (temp & 0xFFFF) ^ ((temp >> 16) << 4)


def index_formula25(h: int, size: int) -> int:
    """Formula 25: ``H(s) = h(s) % M``."""
    if size < 1:
        raise ParameterError(f"table size M must be >= 1, got {size}")
    return h % size


def count_collisions(keys: Sequence[int], index: Callable[[int], int]) -> int:
    """How many of ``keys`` land on an index some earlier key already took."""
    seen: set[int] = set()
    collisions = 0
    for k in keys:
        i = index(k)
        if i in seen:
            collisions += 1
        else:
            seen.add(i)
    return collisions
