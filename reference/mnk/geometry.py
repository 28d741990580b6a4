"""The geometry of the (M,N,K)-game: cells, K-lines, masks and the Zobrist table of a shape.

Seed 001, §Introduction (an M x N grid; K consecutive marks in a row, a column or a
diagonal win) and §Zobrist Hashing (an M x N x 2 table of 64-bit random keys).

Representation (python-chess style): one Python ``int`` per side, bit
``row * M + column`` set for each of that side's stones (``a1`` = bit 0, see
:mod:`reference.mnk.notation`).  Everything that depends only on (M, N, K) is
precomputed once per shape in a :class:`Geometry` and shared by every game of that
shape (:func:`geometry` caches it).

Win detection uses shifts along the 4 line directions (right, up, up-right,
up-left; steps ``1``, ``M``, ``M + 1``, ``M - 1``):

* :func:`has_k_line` tests a whole bitboard: ``b & b >> s & b >> 2s ...``, masked
  by the cells from which a K-run in that direction stays on the board (the edge
  masks), so runs never wrap around an edge.  Only right shifts are used, so no
  bit ever leaves the board on the high side; every left shift elsewhere (the
  neighbourhood used by the ``"near"`` ordering) is masked by ``full``.
* :meth:`reference.mnk.rules.MNKState.make` only looks at the lines through the stone
  just placed: for each direction, the stones on the (at most ``2K - 1``)-cell
  *segment* through it; if there are at least K of them, K - 1 doubling shifts
  (``x &= x >> s; x &= x >> 2s; ...``) leave a bit set exactly when K of them are
  consecutive.  The segment contains one line only, so shifts cannot wrap.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, TypeAlias

from reference.bits import Bitboard
from reference.errors import ParameterError
from reference.mnk.symmetry import Permutation, packed_zobrist, symmetries
from reference.search import random_keys
from reference.search.protocol import TwoSides


class Side(TwoSides):
    """The two sides.  OURS: X moves first (the report says only that the players take turns)."""

    X = 0
    O = 1  # noqa: E741 (the symbol of the second player)


Cell: TypeAlias = int
"""A cell index ``row * M + column`` (``a1`` = 0); also the mnk move type."""

MAX_SIDE: Final = 26
"""Largest M or N: one column letter per column, ``a`` to ``z`` (OURS; 15 x 15, the gomoku
board, fits)."""

ZOBRIST_SEED: Final = 1
"""Seed of the Zobrist keys (our choice; any fixed seed makes keys reproducible)."""

DIRECTIONS: Final = ((1, 0), (0, 1), (1, 1), (-1, 1))
"""(column step, row step) of the 4 line directions: right, up, up-right, up-left."""

WINDOW_LOOP_LIMIT: Final = 150
"""Above this many K-lines, :func:`completing_cells` uses shifts, not a loop over lines
(measured crossover: 15 x 15, K = 5 has 572 lines, ~25 µs by shifts vs ~130 µs by loop)."""


def check_dimensions(m: int, n: int) -> None:
    """Raise :class:`ParameterError` unless ``1 <= m, n <= MAX_SIDE``."""
    for name, value in (("m (columns)", m), ("n (rows)", n)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ParameterError(f"{name} must be an integer, got {value!r}")
        if not 1 <= value <= MAX_SIDE:
            raise ParameterError(f"{name} = {value} is out of range: allowed 1..{MAX_SIDE}")


def check_parameters(m: int, n: int, k: int) -> None:
    """Raise :class:`ParameterError` unless 1 <= M, N <= 26 and 1 <= K <= max(M, N)."""
    check_dimensions(m, n)
    if isinstance(k, bool) or not isinstance(k, int):
        raise ParameterError(f"k must be an integer, got {k!r}")
    if not 1 <= k <= max(m, n):
        raise ParameterError(f"k = {k} is out of range: allowed 1..max(m, n) = {max(m, n)}")


@dataclass(frozen=True, slots=True)
class Geometry:
    """Everything that depends only on (M, N, K): masks, segments, orders, keys."""

    m: int
    n: int
    k: int
    cells: int
    full: Bitboard
    segments: tuple[tuple[tuple[Bitboard, tuple[int, ...]], ...], ...]
    """Per cell: (segment mask, shift amounts) for each direction with >= K cells."""
    stars: tuple[Bitboard, ...]
    """Per cell: the union of its segments (fewer than K stones there: no line through it)."""
    start_masks: tuple[tuple[int, Bitboard], ...]
    """Per direction with a possible K-run: (step, cells a K-run can start from)."""
    windows: tuple[Bitboard, ...]
    """Every set of K consecutive cells in a line (the K-lines)."""
    lines_through: tuple[int, ...]
    """Per cell: how many K-lines contain it."""
    line_sets: tuple[int, ...]
    """Per cell: the set of K-lines through it, as a bitset over indices into ``windows``."""
    windows_through: tuple[tuple[Bitboard, ...], ...]
    """Per cell: the K-lines (cell masks) through it."""
    orders: dict[str, tuple[Cell, ...]]
    not_first_column: Bitboard
    not_last_column: Bitboard
    move_lists: dict[str, dict[Bitboard, tuple[Cell, ...]]]
    """Cache: order name -> occupied cells -> the empty cells in that order (bounded size)."""
    perms: tuple[Permutation, ...]
    zobrist: tuple[tuple[int, ...], tuple[int, ...]]
    """Seed 001's Zobrist table, M x N x 2 keys of 64 bits: ``zobrist[side][cell]``."""
    packed: tuple[tuple[int, ...], tuple[int, ...]]
    """Zobrist keys of all symmetric images packed in one int (see :mod:`.symmetry`)."""
    seed: int
    """The Zobrist seed the keys were drawn with."""

    def __reduce__(self) -> tuple[object, tuple[int, int, int, int]]:
        """Pickled as its parameters (a worker process rebuilds or reuses its own tables)."""
        return geometry, (self.m, self.n, self.k, self.seed)


def _run_shifts(k: int) -> tuple[int, ...]:
    """Multipliers m_i such that ``x &= x >> (m_i * s)`` for each i leaves runs of ``k``.

    After shifting by 1, 2, 4, ... a bit marks a run of 2, 4, 8, ...; the last
    shift ``k - n`` (``<= n``) joins two overlapping runs of ``n`` into one of ``k``.
    """
    multipliers: list[int] = []
    length = 1
    while 2 * length <= k:
        multipliers.append(length)
        length *= 2
    if length < k:
        multipliers.append(k - length)
    return tuple(multipliers)


def _ray(m: int, n: int, cell: Cell, direction: tuple[int, int], first: int, last: int) -> Bitboard:
    """The cells ``cell + i * direction``, ``first <= i <= last``, that are on the board."""
    row, column = divmod(cell, m)
    dc, dr = direction
    mask = 0
    for i in range(first, last + 1):
        if 0 <= column + i * dc < m and 0 <= row + i * dr < n:
            mask |= 1 << ((row + i * dr) * m + column + i * dc)
    return mask


def _segments(m: int, n: int, k: int) -> tuple[tuple[tuple[Bitboard, tuple[int, ...]], ...], ...]:
    """Per cell, per direction with room for K: the cells within K - 1 steps and the win shifts."""
    if k == 1:  # every stone is a line: one segment, no shift
        return tuple(((1 << cell, ()),) for cell in range(m * n))
    multipliers = _run_shifts(k)
    segments = []
    for cell in range(m * n):
        per_cell = []
        for direction in DIRECTIONS:
            mask = _ray(m, n, cell, direction, -(k - 1), k - 1)
            if mask.bit_count() >= k:
                step = direction[1] * m + direction[0]
                per_cell.append((mask, tuple(step * mult for mult in multipliers)))
        segments.append(tuple(per_cell))
    return tuple(segments)


def _k_lines(
    m: int, n: int, k: int
) -> tuple[tuple[tuple[int, Bitboard], ...], tuple[Bitboard, ...]]:
    """The start masks of K-runs per direction, and every K-line (each once), direction by direction."""
    start_masks: list[tuple[int, Bitboard]] = []
    windows: list[Bitboard] = []
    seen: set[Bitboard] = set()  # with K = 1 every direction gives the same one-cell lines
    for direction in DIRECTIONS:
        starts = 0
        for cell in range(m * n):
            window = _ray(m, n, cell, direction, 0, k - 1)
            if window.bit_count() == k:
                starts |= 1 << cell
                if window not in seen:
                    seen.add(window)
                    windows.append(window)
        if starts:
            start_masks.append((direction[1] * m + direction[0], starts))
    return tuple(start_masks), tuple(windows)


def _centre_order(m: int, n: int, lines_through: tuple[int, ...]) -> tuple[Cell, ...]:
    """Cells on more K-lines first, then nearer the centre (tic-tac-toe: centre, corners, edges)."""

    def rank(cell: Cell) -> tuple[int, int, int]:
        row, column = divmod(cell, m)
        distance = (2 * column - (m - 1)) ** 2 + (2 * row - (n - 1)) ** 2
        return (-lines_through[cell], distance, cell)

    return tuple(sorted(range(m * n), key=rank))


def _zobrist_tables(
    cells: int, perms: tuple[Permutation, ...], seed: int
) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[int, ...], tuple[int, ...]]]:
    """Seed 001's M x N x 2 table of 64-bit keys (``[side][cell]``), and the packed keys of
    the symmetric images (:func:`~reference.mnk.symmetry.packed_zobrist`)."""
    keys = random_keys(2 * cells, seed)
    packed_x, packed_o = packed_zobrist(keys, perms, cells)
    return (tuple(keys[:cells]), tuple(keys[cells:])), (tuple(packed_x), tuple(packed_o))


def _union(masks: Iterable[Bitboard]) -> Bitboard:
    result = 0
    for mask in masks:
        result |= mask
    return result


@lru_cache(maxsize=64)
def geometry(m: int, n: int, k: int, seed: int = ZOBRIST_SEED) -> Geometry:
    """The precomputed tables of the ``m x n`` board with ``k`` in a row (cached)."""
    check_parameters(m, n, k)
    cells = m * n
    full = (1 << cells) - 1
    segments = _segments(m, n, k)
    start_masks, windows = _k_lines(m, n, k)
    windows_through = tuple(tuple(w for w in windows if w >> cell & 1) for cell in range(cells))
    lines_through = tuple(len(through) for through in windows_through)
    orders = {"natural": tuple(range(cells)), "centre": _centre_order(m, n, lines_through)}
    first_column = sum(1 << (row * m) for row in range(n))
    perms = tuple(symmetries(m, n))
    zobrist, packed = _zobrist_tables(cells, perms, seed)
    return Geometry(
        m=m,
        n=n,
        k=k,
        cells=cells,
        full=full,
        segments=segments,
        stars=tuple(_union(mask for mask, _ in per_cell) for per_cell in segments),
        start_masks=start_masks,
        windows=windows,
        lines_through=lines_through,
        line_sets=tuple(
            sum(1 << i for i, w in enumerate(windows) if w >> cell & 1) for cell in range(cells)
        ),
        windows_through=windows_through,
        orders=orders,
        not_first_column=full & ~first_column,
        not_last_column=full & ~(first_column << (m - 1)),
        move_lists={name: {} for name in orders},
        perms=perms,
        zobrist=zobrist,
        packed=packed,
        seed=seed,
    )


def has_k_line(bits: Bitboard, geo: Geometry) -> bool:
    """True when ``bits`` contains K consecutive cells in some direction (whole-board shifts)."""
    for step, starts in geo.start_masks:
        run = bits & starts
        for i in range(1, geo.k):
            run &= bits >> (i * step)
        if run:
            return True
    return False


def line_cells(own: Bitboard, other: Bitboard, geo: Geometry, stones: int) -> Bitboard:
    """The empty cells of every K-line holding exactly ``stones`` of ``own`` and none of ``other``."""
    cells = 0
    for window in geo.windows:
        if not window & other and (own & window).bit_count() == stones:
            cells |= window
    return cells & ~own


def completing_cells_by_windows(own: Bitboard, other: Bitboard, geo: Geometry) -> Bitboard:
    """Empty cells completing K in a row for ``own``: every K-line with K-1 own stones and no other.

    The literal version: one pass over the precomputed K-lines.
    """
    return line_cells(own, other, geo, geo.k - 1)


def completing_cells_by_shifts(own: Bitboard, other: Bitboard, geo: Geometry) -> Bitboard:
    """Same as :func:`completing_cells_by_windows`, with whole-board shifts (faster on big boards).

    A K-line starting at p (a bit of the direction's start mask) is ``p, p+s, ..., p+(K-1)s``.
    With ``A_i = own >> i*s``, the line lacks only its j-th cell when
    ``AND_{i<j} A_i & AND_{i>j} A_i & (empty >> j*s)`` has bit p; the cell is then p + j*s.
    Prefix and suffix products give all j in O(K) operations per direction.
    """
    k = geo.k
    empty = geo.full & ~(own | other)
    cells = 0
    for step, starts in geo.start_masks:
        shifted = [own >> (i * step) for i in range(k)]
        suffix = [starts] * (k + 1)
        for i in range(k - 1, -1, -1):
            suffix[i] = suffix[i + 1] & shifted[i]
        prefix = starts
        for j in range(k):
            lacking = prefix & suffix[j + 1] & (empty >> (j * step))
            if lacking:
                cells |= lacking << (j * step)  # back onto the board: below ``full``
            prefix &= shifted[j]
    return cells


def completing_cells(own: Bitboard, other: Bitboard, geo: Geometry) -> Bitboard:
    """The cells completing K for ``own``: by windows on small boards, by shifts on big ones."""
    if len(geo.windows) <= WINDOW_LOOP_LIMIT:
        return completing_cells_by_windows(own, other, geo)
    return completing_cells_by_shifts(own, other, geo)


def open_lines(other: Bitboard, geo: Geometry) -> int:
    """The K-lines holding no stone of ``other``, as a bitset over indices into ``geo.windows``."""
    return sum(1 << i for i, window in enumerate(geo.windows) if not window & other)


def neighbourhood(bits: Bitboard, geo: Geometry) -> Bitboard:
    """The cells at king-move distance <= 1 from ``bits`` (every left shift masked)."""
    m = geo.m
    row_spread = bits | ((bits << 1) & geo.not_first_column) | ((bits >> 1) & geo.not_last_column)
    return (row_spread | (row_spread << m) | (row_spread >> m)) & geo.full
