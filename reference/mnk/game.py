"""The solver's (M,N,K)-game: the rules plus threat bookkeeping, sound pruning and static proofs.

Ours, beyond seed 001 (docs/papers/001-mnk.md, "Additions: sound pruning for
solving").  :class:`MNKGame` is :class:`~reference.mnk.rules.MNKState` (the rules,
make / unmake with Zobrist keys) plus what ``solve`` needs to reach 5,5,4:

* **threat bookkeeping**: per ply, each side's completing cells (the cells where it
  would complete K in a row) and its open K-lines (the lines holding no stone of the
  other side), counted the first time a rule asks for them, then kept by :meth:`MNKGame.make`
  (the rules' make fused with the bookkeeping, the engine's fast path): each ply's entries
  follow from the ply before and the move between them;
* **forced moves** and **dead cells** (:meth:`MNKGame.search_moves`): a sound pruning
  of the legal moves;
* **static proofs** (:meth:`MNKGame.proof_bounds`): a win or a loss from threats, a
  draw when no line is open, and pairing strategies (:mod:`.pairing`).

None of them changes an exact value or a set of optimal moves; each is a switch of
the constructor (``forced_moves``, ``dead_cells``, ``pairings``, all on by default).
This is what ``from reference import MNKGame`` gives and what the registry builds.
"""

from __future__ import annotations

from typing import Final, Self, Unpack

from reference.bits import Bitboard, bit_indices
from reference.mnk import notation
from reference.mnk.geometry import ZOBRIST_SEED, Cell, completing_cells, open_lines
from reference.mnk.pairing import find_pairing, find_pairing_after_move
from reference.mnk.rules import SIDES, MNKState, StateOptions
from reference.search import INFINITY, WIN, Score

NOT_TRACKED: Final = 1 << 30
"""``_track_base`` before the bookkeeping starts: above every ply."""

PAIR_CACHE_SIZE: Final = 1 << 20
"""Most pairing answers cached per game (our choice; emptied when full)."""


class GameOptions(StateOptions, total=False):
    """The keyword options of :class:`MNKGame`: the state's and the solver's switches."""

    forced_moves: bool
    dead_cells: bool
    pairings: bool


class MNKGame(MNKState):
    """An (M,N,K)-game position for the solver: :class:`MNKState` with the threat
    bookkeeping, the sound pruning of :meth:`search_moves` and the static proofs of
    :meth:`proof_bounds` (each rule a switch of the constructor, all on by default)."""

    __slots__ = (
        "_opn",
        "_pair_cache",
        "_thr",
        "_track_base",
        "dead_cells",
        "forced_moves",
        "pairings",
    )
    forced_moves: bool
    """Whether :meth:`search_moves` keeps only the immediate win, or the forced blocks, and
    :meth:`proof_bounds` proves a win or a loss from threats."""
    dead_cells: bool
    """Whether :meth:`search_moves` leaves out the cells on no K-line either side can still
    complete, and :meth:`proof_bounds` proves a draw when no line is open."""
    pairings: bool
    """Whether :meth:`proof_bounds` looks for pairing strategies (``solve`` only).  Each rule
    is sound: switching one on or off never changes a value, only the speed."""

    def __init__(
        self,
        m: int = 3,
        n: int = 3,
        k: int = 3,
        *,
        symmetry: bool = True,
        ordering: str = "threats",
        zobrist_seed: int = ZOBRIST_SEED,
        forced_moves: bool = True,
        dead_cells: bool = True,
        pairings: bool = True,
    ) -> None:
        super().__init__(m, n, k, symmetry=symmetry, ordering=ordering, zobrist_seed=zobrist_seed)
        self.forced_moves = forced_moves
        self.dead_cells = dead_cells
        self.pairings = pairings
        self._pair_cache: dict[int, bool] = {}
        plies = self._cells + 1
        self._thr = [[0] * plies, [0] * plies]
        """``_thr[side][ply]``: the cells where ``side`` would complete K in a row."""
        self._opn = [[0] * plies, [0] * plies]
        """``_opn[side][ply]``: the K-lines holding no stone of the other side (a bitset over
        ``geometry.windows``)."""
        self._track_base = NOT_TRACKED
        """The ply where the bookkeeping started (:meth:`_start_tracking`): the entries of
        every ply from there to the current one are this line's; :data:`NOT_TRACKED` before."""

    @classmethod
    def from_notation(
        cls,
        text: str,
        k: int,
        *,
        m: int | None = None,
        n: int | None = None,
        **options: Unpack[GameOptions],
    ) -> Self:
        """:meth:`MNKState.from_notation` with the solver's switches."""
        parsed = notation.parse_position(text, m, n)
        game = cls(parsed.m, parsed.n, k, **options)
        game._set_position(parsed)
        return game

    def copy(self) -> Self:
        """An independent copy of the position (history and bookkeeping included)."""
        other = super().copy()
        other._thr = [list(self._thr[0]), list(self._thr[1])]
        other._opn = [list(self._opn[0]), list(self._opn[1])]
        return other

    # ----------------------------------------------------------------- threat bookkeeping
    def make(self, move: Cell) -> int:
        """:meth:`MNKState.make` fused with the bookkeeping (the engine's fast path; a property
        test checks that both leave the same position, keys and result).

        While the bookkeeping runs, the entries of the next ply are derived from those of
        this one: threats and open K-lines change only on the lines through the new stone.
        A move below the ply where it started leaves its entries stale: it stops.
        """
        ply = self._count
        side = self._side
        bit = 1 << move
        bits = self._bits[side] | bit
        self._bits[side] = bits
        self._zkey ^= self._ztable[side][move]  # Zobrist hashing, as in MNKState.make
        self._history.append(move)
        self._count = ply + 1
        self._side = side ^ 1
        self.to_move = SIDES[side ^ 1]
        k = self._k
        if ply >= self._track_base:
            other = side ^ 1
            geo = self._geo
            thr_other = self._thr[other]
            thr_other[ply + 1] = thr_other[ply] & ~bit  # blocked (or never completing)
            opn_other = self._opn[other]
            opn_other[ply + 1] = opn_other[ply] & ~geo.line_sets[move]
            opn_own = self._opn[side]
            opn_own[ply + 1] = opn_own[ply]
            thr_own = self._thr[side]
            threats = thr_own[ply] & ~bit
            need = k - 1
            if (bits & self._stars[move]).bit_count() >= need:
                opponent = self._bits[other]
                for window in geo.windows_through[move]:
                    if not window & opponent and (window & bits).bit_count() == need:
                        threats |= window & ~bits  # a K-line through the stone, one cell short
            thr_own[ply + 1] = threats
        elif self._track_base != NOT_TRACKED:
            self._track_base = NOT_TRACKED
        # Win test: only the lines through the new stone can have become K-lines (OURS: K or
        # more in a row wins, an overline counts).  Inline, not a call: the lines of :meth:`MNKState.make`
        # (a call cost 12% of a 3x3 alpha-beta, measured).
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

    def _start_tracking(self) -> None:
        """Count the entries of the current ply over every K-line; from here on :meth:`make`
        derives those of each next ply.  ``unmake`` has nothing to undo: the entries of the
        earlier plies are still there.  Searches that never ask (perft with a static order,
        no pruning rule) never pay for it."""
        geo = self._geo
        ply = self._count
        x_bits, o_bits = self._bits
        self._thr[0][ply] = completing_cells(x_bits, o_bits, geo)
        self._thr[1][ply] = completing_cells(o_bits, x_bits, geo)
        self._opn[0][ply] = open_lines(o_bits, geo)
        self._opn[1][ply] = open_lines(x_bits, geo)
        self._track_base = ply

    def _first_cells(self, occupied: Bitboard) -> Bitboard:
        """:meth:`MNKState._first_cells` with the ``"threats"`` order read from the bookkeeping."""
        if self._ordering != "threats":
            return super()._first_cells(occupied)
        ply = self._count
        if ply < self._track_base:
            self._start_tracking()
        side = ply & 1
        return self._thr[side][ply] or self._thr[side ^ 1][ply]

    def completing_cells(self, side: int) -> Bitboard:
        """The empty cells where ``side`` would complete K in a row (from the bookkeeping)."""
        ply = self._count
        if ply < self._track_base:
            self._start_tracking()
        return self._thr[side][ply]

    def open_lines(self, side: int) -> int:
        """The K-lines with no stone of the other side, as a bitset over ``geometry.windows``."""
        ply = self._count
        if ply < self._track_base:
            self._start_tracking()
        return self._opn[side][ply]

    # ----------------------------------------------------------------- sound pruning
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
          the sides (a *dead* cell is on no line either side can still complete:
          a stone there is a pass, and passing never gains in an (M,N,K)-game).
          When every empty cell is dead, all of them (the game is a draw;
          :meth:`proof_bounds` says so at once).
        """
        if self._won:
            return []
        if not (self.forced_moves or self.dead_cells):
            return self.legal_moves()
        ply = self._count
        if ply < self._track_base:
            self._start_tracking()
        if self.forced_moves:
            side = ply & 1
            wins = self._thr[side][ply]
            if wins:
                return [(wins & -wins).bit_length() - 1]
            blocks = self._thr[side ^ 1][ply]
            if blocks:
                return [cell for cell in self._geo.orders["centre"] if blocks >> cell & 1]
        moves = self.legal_moves()
        if self.dead_cells:
            live_lines = self._opn[0][ply] | self._opn[1][ply]
            line_sets = self._geo.line_sets
            live = [cell for cell in moves if line_sets[cell] & live_lines]
            return live or moves
        return moves

    # ----------------------------------------------------------------- static proofs
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
        ply = self._count
        if ply < self._track_base:
            self._start_tracking()
        side = ply & 1
        if self.forced_moves:
            if self._thr[side][ply]:
                return WIN, WIN
            against = self._thr[side ^ 1][ply]
            if against & (against - 1):
                return -WIN, -WIN
        if self.dead_cells and not self._opn[0][ply] | self._opn[1][ply]:
            return 0, 0  # no line either side can complete: every empty cell is dead
        lower, upper = -INFINITY, INFINITY  # nothing proved
        if self.pairings:
            if beta > 0 and self.has_pairing(side):
                upper = 0
            if alpha < 0 and self.has_pairing(side ^ 1, after_move=True):
                lower = 0
        return lower, upper

    def has_pairing(self, maker: int, after_move: bool = False) -> bool:
        """Whether ``1 - maker`` has a pairing against every line still open for ``maker``.

        Then ``maker`` can never complete K in a row (:mod:`reference.mnk.pairing`).
        With ``after_move`` (``1 - maker`` to move): whether it has one after some move
        (:func:`~reference.mnk.pairing.find_pairing_after_move`).  Cached per position.
        """
        ply = self._count
        if ply < self._track_base:
            self._start_tracking()
        threats = self._thr[maker][ply]
        if threats and (not after_move or threats & (threats - 1)):
            return False  # a line with one empty cell has no pair (and one move blocks one)
        bits = self._bits
        cache_key = ((bits[0] << self._cells | bits[1]) << 2) | maker << 1 | after_move
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

    def _open_line_empties(self, maker: int) -> list[Bitboard]:
        """The empty cells of each K-line still open for ``maker``."""
        bits = self._bits
        empty = self._geo.full & ~(bits[0] | bits[1])
        windows = self._geo.windows
        lines = self._opn[maker][self._count]  # has_pairing brought the bookkeeping up to date
        return [windows[index] & empty for index in bit_indices(lines)]
