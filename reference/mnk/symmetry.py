"""Board symmetries and the canonical (symmetry-reduced) Zobrist key.

Seed 001, §Possible Improvements ("identifying symmetries between game states,
as symmetric nodes result in the same evaluation").

A square board has the 8 symmetries of the square (4 rotations, 4 reflections);
a rectangular board has 4 (identity, left-right mirror, top-bottom mirror,
half turn).  Each symmetry is a permutation of the cells.

The canonical key of a position is the smallest of the Zobrist keys of its
images under every symmetry.  All images of a position have the same set of
image keys, so symmetric positions share one canonical key and one
transposition-table entry.  To keep it cheap, the keys of all the images are
maintained *incrementally and at once*: the Zobrist value of "side p on cell c"
is packed into one wide integer whose 64-bit chunk ``t`` is the key of p on the
image of c under symmetry ``t`` (chunk 0 is the identity, i.e. the plain key).
Making or unmaking a move is then one XOR of that wide integer, and the
canonical key is the minimum of its chunks.
"""

from __future__ import annotations

from collections.abc import Sequence

from reference.bits import Bitboard

Permutation = tuple[int, ...]
"""``perm[cell]`` is the image of ``cell`` under a symmetry."""

KEY_BITS = 64
KEY_MASK = (1 << KEY_BITS) - 1


def symmetries(m: int, n: int) -> list[Permutation]:
    """The distinct symmetries of the ``m x n`` board as cell permutations, identity first.

    8 for a square board, 4 for a rectangular one (fewer when some coincide, e.g. 1 x n).
    """

    def image(column: int, row: int, flip_x: bool, flip_y: bool, transpose: bool) -> int:
        if flip_x:
            column = m - 1 - column
        if flip_y:
            row = n - 1 - row
        if transpose:  # only used when m == n
            column, row = row, column
        return row * m + column

    transposes = (False, True) if m == n else (False,)
    result: list[Permutation] = []
    for transpose in transposes:
        for flip_x in (False, True):
            for flip_y in (False, True):
                perm = tuple(
                    image(cell % m, cell // m, flip_x, flip_y, transpose) for cell in range(m * n)
                )
                if perm not in result:
                    result.append(perm)
    return result


def transform_bits(bits: Bitboard, perm: Permutation) -> Bitboard:
    """The image of a bitboard under a symmetry."""
    image = 0
    for cell, target in enumerate(perm):
        if bits >> cell & 1:
            image |= 1 << target
    return image


def packed_zobrist(
    keys: Sequence[int], perms: Sequence[Permutation], cells: int
) -> tuple[list[int], list[int]]:
    """Per side, per cell: the packed Zobrist values of all images (see the module docstring).

    ``keys[s * cells + c]`` is the plain Zobrist key of side ``s`` on cell ``c``.
    """
    packed: tuple[list[int], list[int]] = ([], [])
    for side in (0, 1):
        base = side * cells
        for cell in range(cells):
            value = 0
            for index, perm in enumerate(perms):
                value |= keys[base + perm[cell]] << (KEY_BITS * index)
            packed[side].append(value)
    return packed


def canonical_key(packed: int, count: int) -> int:
    """The smallest of the ``count`` 64-bit chunks of ``packed``."""
    return min((packed >> (KEY_BITS * index)) & KEY_MASK for index in range(count))


def canonical_index(packed: int, count: int) -> int:
    """The index of a symmetry whose image key is the canonical key (the first, on ties)."""
    chunks = [(packed >> (KEY_BITS * index)) & KEY_MASK for index in range(count)]
    return chunks.index(min(chunks))
