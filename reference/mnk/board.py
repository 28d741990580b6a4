"""The (M,N,K)-game on bitboards: rules, make / unmake, Zobrist keys, symmetry keys.

Seed 001, §Introduction (the game) and §Transposition Tables / §Zobrist Hashing
(an M x N x 2 table of 64-bit random keys, XORed in as cells are marked).

Representation (python-chess style): one Python ``int`` per player, bit
``row * M + column`` set for each of that player's stones (``a1`` = bit 0, see
:mod:`reference.mnk.notation`).  Everything that depends only on (M, N, K) is
precomputed once per shape in a :class:`Geometry` and shared by every game of
that shape.

Win detection uses shifts along the 4 line directions (right, up, up-right,
up-left; steps ``1``, ``M``, ``M + 1``, ``M - 1``):

* :func:`has_k_line` tests a whole bitboard: ``b & b >> s & b >> 2s ...``, masked
  by the cells from which a K-run in that direction stays on the board (the edge
  masks), so runs never wrap around an edge.  Only right shifts are used, so no
  bit ever leaves the board on the high side; every left shift elsewhere (the
  neighbourhood used by the ``"near"`` ordering) is masked by ``full``.
* :meth:`MNKGame.make` only looks at the lines through the stone just placed: for
  each direction, the stones on the (at most ``2K - 1``)-cell segment through it;
  if there are at least K of them, K - 1 doubling shifts
  (``x &= x >> s; x &= x >> 2s; ...``) leave a bit set exactly when K of them are
  consecutive.  The segment contains one line only, so shifts cannot wrap.

Moves are cell indices.  ``make`` is the unchecked fast path used by the search;
``play`` validates first and raises :class:`~reference.errors.IllegalMoveError`.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache
from typing import Final

from reference.errors import IllegalMoveError, ParameterError, PositionFormatError
from reference.mnk import notation
from reference.mnk.notation import Bitboard, Cell
from reference.mnk.pairing import find_pairing, find_pairing_after_move
from reference.mnk.symmetry import (
    KEY_BITS,
    KEY_MASK,
    Permutation,
    canonical_index,
    packed_zobrist,
    symmetries,
)
from reference.mnk.threats import threat_evaluation
from reference.search import INFINITY, WIN, Key, Score, random_keys


class Player(IntEnum):
    """The two players; X moves first."""

    X = 0
    O = 1  # noqa: E741 (the symbol of the second player)


ZOBRIST_SEED: Final = 1
"""Seed of the Zobrist keys (our choice; any fixed seed makes keys reproducible)."""

ORDERINGS: Final = ("threats", "centre", "natural", "near")
"""Move orders for :meth:`MNKGame.legal_moves` (all of them list every empty cell):

* ``"threats"`` (default): first the cells where the side to move completes K in
  a row, else the cells where the opponent would (the forced blocks), then the
  rest in ``"centre"`` order.  Cheap on small boards (one pass over the K-lines);
  it cuts the nodes of a 4 x 4 solve about 5 to 25 times (examples/mnk_node_counts.py);
* ``"centre"``: cells on more K-lines first, then closer to the centre
  (tic-tac-toe: centre, corners, edges);
* ``"natural"``: ``a1, b1, ..., a2, ...`` (no ordering; for node-count experiments);
* ``"near"``: empty cells next to a stone first (each group in ``"centre"`` order),
  for large boards.
"""

DIRECTIONS: Final = ((1, 0), (0, 1), (1, 1), (-1, 1))
"""(column step, row step) of the 4 line directions: right, up, up-right, up-left."""


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
    """Plain Zobrist keys: ``zobrist[player][cell]``."""
    packed: tuple[tuple[int, ...], tuple[int, ...]]
    """Zobrist keys of all symmetric images packed in one int (see :mod:`.symmetry`)."""
    seed: int
    """The Zobrist seed the keys were drawn with."""

    def __reduce__(self) -> tuple[object, tuple[int, int, int, int]]:
        """Pickled as its parameters (a worker process rebuilds or reuses its own tables)."""
        return geometry, (self.m, self.n, self.k, self.seed)


PAIR_CACHE_SIZE: Final = 1 << 20
"""Most pairing answers cached per game (our choice; emptied when full)."""

MOVE_LIST_CACHE_SIZE: Final = 1 << 17
"""Most move lists cached per board shape and order (our choice; about 20 MB at most)."""


def _union(masks: Iterable[Bitboard]) -> Bitboard:
    result = 0
    for mask in masks:
        result |= mask
    return result


def check_parameters(m: int, n: int, k: int) -> None:
    """Raise :class:`ParameterError` unless 1 <= M, N <= 26 and 1 <= K <= max(M, N)."""
    notation.check_dimensions(m, n)
    if isinstance(k, bool) or not isinstance(k, int):
        raise ParameterError(f"k must be an integer, got {k!r}")
    if not 1 <= k <= max(m, n):
        raise ParameterError(f"k = {k} is out of range: allowed 1..max(m, n) = {max(m, n)}")


@lru_cache(maxsize=64)
def geometry(m: int, n: int, k: int, seed: int = ZOBRIST_SEED) -> Geometry:
    """The precomputed tables of the ``m x n`` board with ``k`` in a row (cached)."""
    check_parameters(m, n, k)
    cells = m * n
    full = (1 << cells) - 1
    multipliers = _run_shifts(k)

    def on_board(column: int, row: int) -> bool:
        return 0 <= column < m and 0 <= row < n

    segments: list[tuple[tuple[Bitboard, tuple[int, ...]], ...]] = []
    for cell in range(cells):
        row, column = divmod(cell, m)
        if k == 1:
            segments.append(((1 << cell, ()),))
            continue
        per_cell = []
        for dc, dr in DIRECTIONS:
            step = dr * m + dc
            mask = 0
            for i in range(-(k - 1), k):
                if on_board(column + i * dc, row + i * dr):
                    mask |= 1 << ((row + i * dr) * m + column + i * dc)
            if mask.bit_count() >= k:
                per_cell.append((mask, tuple(step * mult for mult in multipliers)))
        segments.append(tuple(per_cell))

    start_masks: list[tuple[int, Bitboard]] = []
    windows: list[Bitboard] = []
    seen: set[Bitboard] = set()  # with K = 1 every direction gives the same one-cell lines
    for dc, dr in DIRECTIONS:
        step = dr * m + dc
        starts = 0
        for cell in range(cells):
            row, column = divmod(cell, m)
            if on_board(column + (k - 1) * dc, row + (k - 1) * dr):
                starts |= 1 << cell
                window = 0
                for i in range(k):
                    window |= 1 << ((row + i * dr) * m + column + i * dc)
                if window not in seen:
                    seen.add(window)
                    windows.append(window)
        if starts:
            start_masks.append((step, starts))
    lines_through = tuple(sum(1 for w in windows if w >> cell & 1) for cell in range(cells))
    line_sets = tuple(
        sum(1 << i for i, w in enumerate(windows) if w >> cell & 1) for cell in range(cells)
    )
    windows_through = tuple(tuple(w for w in windows if w >> cell & 1) for cell in range(cells))

    def centre_rank(cell: Cell) -> tuple[int, int, int]:
        row, column = divmod(cell, m)
        distance = (2 * column - (m - 1)) ** 2 + (2 * row - (n - 1)) ** 2
        return (-lines_through[cell], distance, cell)

    orders = {
        "natural": tuple(range(cells)),
        "centre": tuple(sorted(range(cells), key=centre_rank)),
    }
    first_column = sum(1 << (row * m) for row in range(n))
    last_column = first_column << (m - 1)
    perms = tuple(symmetries(m, n))
    keys = random_keys(2 * cells, seed)
    zobrist = (tuple(keys[:cells]), tuple(keys[cells:]))
    packed_x, packed_o = packed_zobrist(keys, perms, cells)
    return Geometry(
        m=m,
        n=n,
        k=k,
        cells=cells,
        full=full,
        segments=tuple(segments),
        stars=tuple(_union(mask for mask, _ in per_cell) for per_cell in segments),
        start_masks=tuple(start_masks),
        windows=tuple(windows),
        lines_through=lines_through,
        line_sets=line_sets,
        windows_through=windows_through,
        orders=orders,
        not_first_column=full & ~first_column,
        not_last_column=full & ~last_column,
        move_lists={name: {} for name in orders},
        perms=perms,
        zobrist=zobrist,
        packed=(tuple(packed_x), tuple(packed_o)),
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


WINDOW_LOOP_LIMIT: Final = 150
"""Above this many K-lines, :meth:`MNKGame.completing_cells` uses shifts, not a loop over lines
(measured crossover: 15 x 15, K = 5 has 572 lines, ~25 µs by shifts vs ~130 µs by loop)."""


def completing_cells_by_windows(own: Bitboard, other: Bitboard, geo: Geometry) -> Bitboard:
    """Empty cells completing K in a row for ``own``: every K-line with K-1 own stones and no other.

    The literal version: one pass over the precomputed K-lines.
    """
    need = geo.k - 1
    cells = 0
    for window in geo.windows:
        if not window & other and (own & window).bit_count() == need:
            cells |= window
    return cells & ~own


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


def neighbourhood(bits: Bitboard, geo: Geometry) -> Bitboard:
    """The cells at king-move distance <= 1 from ``bits`` (every left shift masked)."""
    m = geo.m
    row_spread = bits | ((bits << 1) & geo.not_first_column) | ((bits >> 1) & geo.not_last_column)
    return (row_spread | (row_spread << m) | (row_spread >> m)) & geo.full


class MNKGame:
    """A mutable (M,N,K)-game position implementing the search protocol.

    Seed 001, §Introduction; make / unmake with incremental Zobrist keys
    (§Zobrist Hashing); symmetry keys from §Possible Improvements.

    ``symmetry=True`` makes :meth:`tt_key` the canonical key over the board's
    symmetries; ``ordering`` is one of :data:`ORDERINGS`.
    """

    __slots__ = (
        "_bits",
        "_cells",
        "_count",
        "_dead_cells",
        "_forced_moves",
        "_geo",
        "_history",
        "_k",
        "_key_bytes",
        "_opn",
        "_ordering",
        "_pair_cache",
        "_pairings",
        "_segments",
        "_stars",
        "_static_moves",
        "_static_order",
        "_symmetry",
        "_thr",
        "_track",
        "_track_base",
        "_unpack_keys",
        "_won",
        "_zkey",
        "_ztable",
        "to_move",
    )
    to_move: int
    """The player to move: 0 (x) or 1 (o).  Read it; ``make`` / ``unmake`` keep it (a plain
    attribute, not a property: the search reads it twice per node)."""

    def __init__(
        self,
        m: int = 3,
        n: int = 3,
        k: int = 3,
        *,
        symmetry: bool = False,
        ordering: str = "threats",
        zobrist_seed: int = ZOBRIST_SEED,
        forced_moves: bool = True,
        dead_cells: bool = True,
        pairings: bool = True,
    ) -> None:
        if ordering not in ORDERINGS:
            raise ParameterError(f"unknown ordering {ordering!r}: allowed {', '.join(ORDERINGS)}")
        check_parameters(m, n, k)
        geo = geometry(m, n, k, zobrist_seed)
        self._geo = geo
        self._k = k
        self._segments = geo.segments
        self._stars = geo.stars
        self._ordering = ordering
        static = ordering if ordering in ("natural", "centre") else "centre"
        self._static_order = geo.orders[static]
        self._static_moves: dict[Bitboard, tuple[Cell, ...]] | None = (
            geo.move_lists[static] if ordering in ("natural", "centre") else None
        )
        self._symmetry = symmetry
        self._ztable = geo.packed if symmetry else geo.zobrist
        self._key_bytes = KEY_BITS // 8 * len(geo.perms)
        self._unpack_keys = struct.Struct(f"<{len(geo.perms)}Q").unpack
        self._bits = [0, 0]
        self._count = 0
        self.to_move = 0
        self._cells = geo.cells
        self._history: list[Cell] = []
        self._won = False
        self._zkey = 0
        self._forced_moves = forced_moves
        self._dead_cells = dead_cells
        self._pairings = pairings
        self._pair_cache: dict[int, bool] = {}
        # Tracked per ply (see _start_tracking): threats and open K-lines of each player.
        self._track = False
        self._track_base = 0
        self._thr = [[0] * (geo.cells + 1), [0] * (geo.cells + 1)]
        self._opn = [[0] * (geo.cells + 1), [0] * (geo.cells + 1)]

    def _start_tracking(self) -> None:
        """Compute the tracked threats and open K-lines of this position from the bitboards.

        From here on ``make`` updates them incrementally, one entry per ply
        (``_thr[player][ply]``: the cells where ``player`` would complete K in a row;
        ``_opn[player][ply]``: the K-lines, as a bitset over ``geometry.windows``, that
        hold no stone of the other player).  ``unmake`` needs no undo information: the
        entries of the earlier plies are still there.  Taking back a move made before
        tracking started stops it until the next time it is needed.  Searches that never
        ask (perft, plain orderings without pruning) never pay for it.
        """
        geo = self._geo
        ply = self._count
        x_bits, o_bits = self._bits
        self._thr[0][ply] = completing_cells_by_windows(x_bits, o_bits, geo)
        self._thr[1][ply] = completing_cells_by_windows(o_bits, x_bits, geo)
        self._opn[0][ply] = sum(1 << i for i, w in enumerate(geo.windows) if not w & o_bits)
        self._opn[1][ply] = sum(1 << i for i, w in enumerate(geo.windows) if not w & x_bits)
        self._track_base = ply
        self._track = True

    # ----------------------------------------------------------------- construction
    @classmethod
    def from_notation(
        cls,
        text: str,
        k: int,
        *,
        m: int | None = None,
        n: int | None = None,
        symmetry: bool = False,
        ordering: str = "threats",
        zobrist_seed: int = ZOBRIST_SEED,
        forced_moves: bool = True,
        dead_cells: bool = True,
        pairings: bool = True,
    ) -> MNKGame:
        """Build a position from its notation (see :mod:`reference.mnk.notation`).

        Raises :class:`PositionFormatError` for malformed or impossible positions:
        wrong shape, bad counts, side to move not matching the counts, both sides
        with K in a row, a K-line of the side that did not just move, or lines no
        single last stone can have completed.
        """
        parsed = notation.parse_position(text, m, n)
        game = cls(
            parsed.m,
            parsed.n,
            k,
            symmetry=symmetry,
            ordering=ordering,
            zobrist_seed=zobrist_seed,
            forced_moves=forced_moves,
            dead_cells=dead_cells,
            pairings=pairings,
        )
        geo = game._geo
        x_line = has_k_line(parsed.x_bits, geo)
        o_line = has_k_line(parsed.o_bits, geo)
        if x_line and o_line:
            raise PositionFormatError("impossible position: both x and o have k in a row")
        just_moved = 1 - parsed.to_move
        if x_line or o_line:
            winner = 0 if x_line else 1
            name = notation.PLAYER_CHARS[winner]
            if winner != just_moved:
                raise PositionFormatError(
                    f"impossible position: {name} has k in a row but did not make the last move"
                )
            bits = parsed.x_bits if winner == 0 else parsed.o_bits
            if all(has_k_line(bits & ~(1 << cell), geo) for cell in _cells_of(bits)):
                raise PositionFormatError(
                    f"impossible position: {name}'s k-lines cannot all have been completed "
                    "by one last stone"
                )
        for player, bits in enumerate((parsed.x_bits, parsed.o_bits)):
            for cell in _cells_of(bits):
                game._zkey ^= game._ztable[player][cell]
        game._bits = [parsed.x_bits, parsed.o_bits]
        game._count = parsed.x_bits.bit_count() + parsed.o_bits.bit_count()
        game.to_move = game._count & 1
        game._won = x_line or o_line
        return game

    def copy(self) -> MNKGame:
        """An independent copy of the position (history included)."""
        other = MNKGame.__new__(MNKGame)
        for name in MNKGame.__slots__:
            setattr(other, name, getattr(self, name))
        other._bits = list(self._bits)
        other._history = list(self._history)
        other._thr = [list(self._thr[0]), list(self._thr[1])]
        other._opn = [list(self._opn[0]), list(self._opn[1])]
        return other

    def __getstate__(self) -> dict[str, object]:
        """Pickle support (parallel jobs send positions to worker processes): every slot
        but the key unpacker, which :meth:`__setstate__` rebuilds; the geometry pickles
        as its parameters."""
        return {name: getattr(self, name) for name in MNKGame.__slots__ if name != "_unpack_keys"}

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._unpack_keys = struct.Struct(f"<{len(self._geo.perms)}Q").unpack

    # ----------------------------------------------------------------- properties
    @property
    def m(self) -> int:
        """Number of columns."""
        return self._geo.m

    @property
    def n(self) -> int:
        """Number of rows."""
        return self._geo.n

    @property
    def k(self) -> int:
        """Stones in a row needed to win."""
        return self._k

    @property
    def symmetry(self) -> bool:
        """Whether :meth:`tt_key` is the canonical key over symmetries."""
        return self._symmetry

    @property
    def ordering(self) -> str:
        """The move ordering of :meth:`legal_moves`."""
        return self._ordering

    @property
    def geometry(self) -> Geometry:
        """The shared precomputed tables of this board shape."""
        return self._geo

    @property
    def bits(self) -> tuple[Bitboard, Bitboard]:
        """The bitboards (x, o)."""
        return (self._bits[0], self._bits[1])

    @property
    def moves(self) -> tuple[Cell, ...]:
        """The moves made since construction (or since the position was parsed)."""
        return tuple(self._history)

    @property
    def stones(self) -> int:
        """Number of stones on the board."""
        return self._count

    @property
    def key(self) -> Key:
        """The 64-bit Zobrist key of the position (seed 001, §Zobrist Hashing)."""
        return self._zkey & KEY_MASK

    def zobrist_from_scratch(self) -> Key:
        """The Zobrist key recomputed from the bitboards (for tests of the incremental key)."""
        key = 0
        for player in (0, 1):
            table = self._geo.zobrist[player]
            for cell in _cells_of(self._bits[player]):
                key ^= table[cell]
        return key

    def tt_key(self) -> Key:
        """The transposition-table key: the canonical key over symmetries, or :attr:`key`."""
        zkey = self._zkey
        if not self._symmetry:
            return zkey
        # The chunks of the packed key, read as little-endian 64-bit words (cheapest in Python).
        canonical: int = min(self._unpack_keys(zkey.to_bytes(self._key_bytes, "little")))
        return canonical

    def max_plies_left(self) -> int:
        """The empty cells: each move fills one."""
        return self._geo.cells - self._count

    def canonical_symmetry(self) -> Permutation:
        """A symmetry mapping this position onto the one whose key is :meth:`tt_key`.

        With ``symmetry=False`` it is the identity.  A move ``c`` here is the move
        ``perm[c]`` in the canonical image (use it to store / restore TT moves).
        """
        if not self._symmetry:
            return self._geo.perms[0]
        return self._geo.perms[canonical_index(self._zkey, len(self._geo.perms))]

    # ----------------------------------------------------------------- rules
    selective = False
    """The search moves are a *sound* pruning of the legal moves (see :meth:`search_moves`);
    the player's near-move pruning is :class:`NearMovesGame`."""
    counts_points = False

    @property
    def forced_moves(self) -> bool:
        """Whether :meth:`search_moves` keeps only the immediate win, or the forced block."""
        return self._forced_moves

    @property
    def dead_cells(self) -> bool:
        """Whether :meth:`search_moves` leaves out the cells on no K-line either side can still make."""
        return self._dead_cells

    @property
    def pairings(self) -> bool:
        """Whether :meth:`proof_bounds` looks for pairing strategies (``solve`` only)."""
        return self._pairings

    def _open_line_empties(self, maker: int) -> list[Bitboard]:
        """The empty cells of each K-line still open for ``maker``."""
        bits = self._bits
        geo = self._geo
        empty = geo.full & ~(bits[0] | bits[1])
        windows = geo.windows
        lines = self._opn[maker][self._count]
        empties = []
        while lines:
            low = lines & -lines
            empties.append(windows[low.bit_length() - 1] & empty)
            lines ^= low
        return empties

    def has_pairing(self, maker: int, after_move: bool = False) -> bool:
        """Whether ``1 - maker`` has a pairing against every line still open for ``maker``.

        Then ``maker`` can never complete K in a row (:mod:`reference.mnk.pairing`).
        With ``after_move`` (``1 - maker`` to move): whether it has one after some move
        (:func:`~reference.mnk.pairing.find_pairing_after_move`).  Cached per position.
        """
        if not self._track:
            self._start_tracking()
        threats = self._thr[maker][self._count]
        if threats and (not after_move or threats & (threats - 1)):
            return False  # a line with one empty cell has no pair (and one move blocks one)
        bits = self._bits
        cache_key = ((bits[0] << self._geo.cells | bits[1]) << 2) | maker << 1 | after_move
        found = self._pair_cache.get(cache_key)
        if found is None:
            empties = self._open_line_empties(maker)
            if after_move:
                found = find_pairing_after_move(empties) is not None
            else:
                found = find_pairing(empties) is not None
            if len(self._pair_cache) >= PAIR_CACHE_SIZE:
                self._pair_cache.clear()
            self._pair_cache[cache_key] = found
        return found

    def proof_bounds(self, alpha: Score, beta: Score) -> tuple[Score, Score]:
        """Bounds on the exact value for the side to move, proved without a search (``solve``).

        * ``forced_moves``: a cell that completes K for the side to move: a win;
          two or more for the opponent (and none for the side to move): a loss.
        * ``dead_cells``: no K-line open for either side (every empty cell dead): a draw.
        * ``pairings`` (:mod:`reference.mnk.pairing`): the opponent has a pairing
          against the side to move: at most a draw (asked only when ``beta > 0``,
          where it can matter); the side to move has one against the opponent after
          one of its moves: at least a draw (asked only when ``alpha < 0``).

        Nothing proved is ``(-INFINITY, INFINITY)``.
        """
        if not self._track:
            self._start_tracking()
        ply = self._count
        player = ply & 1
        if self._forced_moves:
            if self._thr[player][ply]:
                return WIN, WIN
            against = self._thr[1 - player][ply]
            if against & (against - 1):
                return -WIN, -WIN
        if self._dead_cells and not self._opn[0][ply] | self._opn[1][ply]:
            return 0, 0  # no line either side can complete: every empty cell is dead
        lower, upper = -INFINITY, INFINITY  # nothing proved
        if self._pairings:
            if beta > 0 and self.has_pairing(player):
                upper = 0
            if alpha < 0 and self.has_pairing(1 - player, after_move=True):
                lower = 0
        return lower, upper

    def search_moves(self) -> list[Cell]:
        """The moves a search tries: :meth:`legal_moves` pruned by two sound rules.

        Neither rule changes the value of any position (the proofs are in
        ``docs/papers/001-mnk.md``, "Additions: sound pruning for solving"):

        * ``forced_moves``: when the side to move can complete K in a row, only one
          such cell (the value is a win, whichever cell); otherwise, when the
          opponent can, only the cells where it could (block: every other move loses
          at once; with two or more such cells every move loses, and all the blocks
          are kept so that a depth-limited value does not depend on which one is
          first, e.g. on the board's orientation);
        * ``dead_cells``: only the cells on some K-line that has no stone of one of
          the players (a *dead* cell is on no line either side can still complete:
          a stone there is a pass, and passing never gains in an (M,N,K)-game).
          When every empty cell is dead, all of them (the game is a draw;
          :meth:`proof_bounds` says so at once).
        """
        if self._won:
            return []
        if not (self._forced_moves or self._dead_cells):
            return self.legal_moves()
        if not self._track:
            self._start_tracking()
        ply = self._count
        if self._forced_moves:
            player = ply & 1
            wins = self._thr[player][ply]
            if wins:
                return [(wins & -wins).bit_length() - 1]
            blocks = self._thr[1 - player][ply]
            if blocks:
                return [cell for cell in self._geo.orders["centre"] if blocks >> cell & 1]
        moves = self.legal_moves()
        if self._dead_cells:
            live_lines = self._opn[0][ply] | self._opn[1][ply]
            line_sets = self._geo.line_sets
            live = [cell for cell in moves if line_sets[cell] & live_lines]
            return live or moves
        return moves

    def legal_moves(self) -> list[Cell]:
        """The empty cells in the configured order; empty when the game is over."""
        if self._won:
            return []
        bits = self._bits
        occupied = bits[0] | bits[1]
        cache = self._static_moves
        if cache is None:  # a dynamic order: "threats" or "near"
            geo = self._geo
            order = geo.orders["centre"]
            if self._ordering == "threats":
                if not self._track:
                    self._start_tracking()
                ply = self._count
                first = self._thr[ply & 1][ply] or self._thr[1 - (ply & 1)][ply]
            else:
                first = neighbourhood(occupied, geo) & ~occupied if occupied else 0
            if first:
                return [cell for cell in order if first >> cell & 1] + [
                    cell for cell in order if not (occupied | first) >> cell & 1
                ]
            cache = geo.move_lists["centre"]
        moves = cache.get(occupied)
        if moves is None:
            moves = tuple(cell for cell in self._static_order if not occupied >> cell & 1)
            if len(cache) < MOVE_LIST_CACHE_SIZE:
                cache[occupied] = moves
        return list(moves)

    def completing_cells(self, player: int) -> Bitboard:
        """The empty cells where ``player`` would complete K in a row (K-lines with K-1 stones)."""
        if not self._track:
            self._start_tracking()
        return self._thr[player][self._count]

    def open_lines(self, player: int) -> int:
        """The K-lines with no stone of the other player, as a bitset over ``geometry.windows``."""
        if not self._track:
            self._start_tracking()
        return self._opn[player][self._count]

    def make(self, move: Cell) -> int:
        """Place the side to move's stone on ``move`` (unchecked); return 0 (no in-play points)."""
        ply = self._count
        player = self.to_move
        bit = 1 << move
        bits = self._bits[player] | bit
        self._bits[player] = bits
        self._zkey ^= self._ztable[player][move]
        self._history.append(move)
        self._count = ply + 1
        self.to_move = player ^ 1
        k = self._k
        if self._track:
            # Threats and open K-lines change only on the lines through the new stone.
            other = 1 - player
            geo = self._geo
            thr_other = self._thr[other]
            thr_other[ply + 1] = thr_other[ply] & ~bit  # blocked (or never completing)
            opn_other = self._opn[other]
            opn_other[ply + 1] = opn_other[ply] & ~geo.line_sets[move]
            opn_own = self._opn[player]
            opn_own[ply + 1] = opn_own[ply]
            thr_own = self._thr[player]
            own = thr_own[ply] & ~bit
            need = k - 1
            if (bits & self._stars[move]).bit_count() >= need:
                opponent = self._bits[other]
                for window in geo.windows_through[move]:
                    if not window & opponent and (window & bits).bit_count() == need:
                        own |= window & ~bits
            thr_own[ply + 1] = own
        # Only the lines through the new stone can have become K-lines.
        if (bits & self._stars[move]).bit_count() < k:
            return 0
        for segment, shifts in self._segments[move]:
            run = bits & segment
            if run.bit_count() >= k:
                for shift in shifts:
                    run &= run >> shift
                if run:
                    self._won = True
                    break
        return 0

    def unmake(self) -> None:
        """Take back the last move (a move is only ever made from a position still in play)."""
        try:
            move = self._history.pop()
        except IndexError:
            raise IllegalMoveError("no move to take back: the history is empty") from None
        ply = self._count - 1
        self._count = ply
        player = self.to_move ^ 1
        self.to_move = player
        self._bits[player] ^= 1 << move
        self._zkey ^= self._ztable[player][move]
        self._won = False
        if ply < self._track_base:
            self._track = False  # the tracked entries of this ply were never computed

    def play(self, move: Cell) -> int:
        """Validate ``move`` and make it; raise :class:`IllegalMoveError` saying why not."""
        geo = self._geo
        if isinstance(move, bool) or not isinstance(move, int):
            raise IllegalMoveError(f"a move is a cell index (int), got {move!r}")
        if not 0 <= move < geo.cells:
            raise IllegalMoveError(
                f"cell index {move} is off the board: allowed 0..{geo.cells - 1}"
            )
        if self.is_terminal():
            raise IllegalMoveError("the game is over: no move is legal")
        if (self._bits[0] | self._bits[1]) >> move & 1:
            raise IllegalMoveError(f"cell {self.format_move(move)} is already occupied")
        return self.make(move)

    def is_terminal(self) -> bool:
        """True when the last move completed K in a row or the board is full."""
        return self._won or self._count == self._cells

    def terminal_score(self) -> Score:
        """``-WIN`` when the opponent just completed K in a row, else 0 (a full board)."""
        return -WIN if self._won else 0

    def winner(self) -> Player | None:
        """The player who completed K in a row, if any."""
        if not self._won:
            return None
        return Player(1 - (self._count & 1))

    def player_name(self, player: int) -> str:
        """``"x"`` or ``"o"`` (used by the command line)."""
        return notation.PLAYER_CHARS[player]

    def result_text(self) -> str:
        """How a finished game ended, e.g. ``"x wins (3 in a row)"`` or ``"draw"``."""
        winner = self.winner()
        if winner is not None:
            return f"{self.player_name(winner)} wins ({self._k} in a row)"
        return "draw" if self.is_terminal() else "game in progress"

    def evaluate(self) -> Score:
        """Threat heuristic of seed 001 for the side to move (see :mod:`reference.mnk.threats`)."""
        player = self._count & 1
        geo = self._geo
        return threat_evaluation(self._bits[player], self._bits[1 - player], geo.m, geo.n, geo.k)

    # ----------------------------------------------------------------- notation
    def parse_move(self, text: str) -> Cell:
        """Parse a cell such as ``"b2"`` (legality is not checked)."""
        return notation.parse_cell(text, self._geo.m, self._geo.n)

    def format_move(self, move: Cell) -> str:
        """The cell in notation, e.g. ``"b2"``."""
        return notation.format_cell(move, self._geo.m)

    def to_notation(self) -> str:
        """The position in notation; :meth:`from_notation` parses it back."""
        return notation.format_position(self._bits[0], self._bits[1], self._geo.m, self._geo.n)

    def render(self) -> str:
        """The board drawn with column letters and row numbers, and the state of play."""
        geo = self._geo
        width = len(str(geo.n))
        lines = []
        for row in range(geo.n - 1, -1, -1):
            chars = []
            for column in range(geo.m):
                bit = 1 << (row * geo.m + column)
                chars.append("X" if self._bits[0] & bit else "O" if self._bits[1] & bit else ".")
            lines.append(f"{row + 1:>{width}} " + " ".join(chars))
        lines.append(" " * (width + 1) + " ".join(notation.COLUMN_LETTERS[: geo.m]))
        winner = self.winner()
        if winner is not None:
            lines.append(f"{winner.name} wins ({geo.k} in a row)")
        elif self.is_terminal():
            lines.append("draw (board full)")
        else:
            lines.append(f"{Player(self.to_move).name} to move")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"MNKGame.from_notation({self.to_notation()!r}, k={self._k})"


def _cells_of(bits: Bitboard) -> list[Cell]:
    """The cells of a bitboard, in increasing order."""
    cells = []
    while bits:
        low = bits & -bits
        cells.append(low.bit_length() - 1)
        bits ^= low
    return cells



