"""The rules of the (M,N,K)-game: the state class, make / unmake with Zobrist keys, legal moves.

Seed 001, §Introduction (the game: K in a row on an M x N board), §Zobrist Hashing
(the key is XORed with the key of the marked cell each time a cell is marked:
:meth:`MNKState.make` and :meth:`MNKState.unmake`) and §Possible Improvements
(symmetries: :meth:`MNKState.tt_key`, see :mod:`.symmetry`).

:class:`MNKState` is the rules and nothing else: a position is one bitboard per side
(:mod:`.geometry`), ``make`` is the unchecked fast path a search uses, ``play``
validates first and raises :class:`~reference.errors.IllegalMoveError`.  The
solver's threat bookkeeping and proof rules are in :mod:`.game`, whose
:class:`~reference.mnk.game.MNKGame` (what ``from reference import MNKGame``
gives) is this class plus them.
"""

from __future__ import annotations

import struct
from typing import Final, Self, TypedDict, Unpack

from reference.bits import Bitboard, bit_indices
from reference.errors import IllegalMoveError, ParameterError
from reference.mnk import notation
from reference.mnk.evaluation import threat_evaluation
from reference.mnk.geometry import (
    ZOBRIST_SEED,
    Cell,
    Geometry,
    Side,
    check_parameters,
    completing_cells,
    geometry,
    neighbourhood,
)
from reference.mnk.symmetry import KEY_BITS, KEY_MASK, Permutation, canonical_index
from reference.search import WIN, Key, Score

SIDES: Final = (Side.X, Side.O)
"""Each side by its number (``to_move`` from ``_side`` in make / unmake)."""


ORDERINGS: Final = ("threats", "centre", "natural", "near")
"""Move orders for :meth:`MNKState.legal_moves` (all of them list every empty cell).  OURS: the
report orders by the table's move only; these order the legal moves themselves:

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

MOVE_LIST_CACHE_SIZE: Final = 1 << 17
"""Most move lists cached per board shape and order (our choice; about 20 MB at most)."""


def slot_names(cls: type) -> tuple[str, ...]:
    """Every ``__slots__`` name of ``cls`` and its bases (what ``copy`` and pickling carry)."""
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    return tuple(names)


class StateOptions(TypedDict, total=False):
    """The keyword options of :class:`MNKState` (see its constructor)."""

    symmetry: bool
    ordering: str
    zobrist_seed: int


class MNKState:
    """A mutable (M,N,K)-game position implementing the search protocol: the rules only.

    Seed 001, §Introduction; make / unmake with incremental Zobrist keys
    (§Zobrist Hashing); symmetry keys from §Possible Improvements.

    ``symmetry=True`` makes :meth:`tt_key` the canonical key over the board's
    symmetries; ``ordering`` is one of :data:`ORDERINGS`.
    """

    __slots__ = (
        "_bits",
        "_cells",
        "_count",
        "_geo",
        "_history",
        "_k",
        "_key_bytes",
        "_ordering",
        "_segments",
        "_side",
        "_stars",
        "_static_moves",
        "_static_order",
        "_symmetry",
        "_unpack_keys",
        "_won",
        "_zkey",
        "_ztable",
        "to_move",
    )
    to_move: Side
    """The side to move: ``Side.X`` or ``Side.O``.  Read it; ``make`` / ``unmake`` keep it (a
    plain attribute, not a property: the search reads it twice per node), and beside it
    ``_side``, the same side as a plain int, which indexes the tables (an enum member
    indexes a list more slowly: 10% of a perft, measured)."""

    selective = False
    """Every search move is a legal move that keeps the value (no heuristic pruning); the
    player's near-move pruning is :class:`~reference.mnk.players.NearMovesGame`."""
    counts_points = False

    def __init__(
        self,
        m: int = 3,
        n: int = 3,
        k: int = 3,
        *,
        symmetry: bool = True,
        ordering: str = "threats",
        zobrist_seed: int = ZOBRIST_SEED,
    ) -> None:
        if ordering not in ORDERINGS:
            raise ParameterError(f"unknown ordering {ordering!r}: allowed {', '.join(ORDERINGS)}")
        check_parameters(m, n, k)
        geo = geometry(m, n, k, zobrist_seed)
        self._geo = geo
        self._k = k
        self._cells = geo.cells
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
        self.to_move = Side.X
        self._side = 0
        self._history: list[Cell] = []
        self._won = False
        self._zkey = 0

    # ----------------------------------------------------------------- make / unmake
    def make(self, move: Cell) -> int:
        """Place the side to move's stone on ``move`` (unchecked); return 0 (no in-play points).

        Seed 001, §Zobrist Hashing: "each time a cell is marked, the game state key is
        updated using an XOR between the current key and the number corresponding to
        the marked cell".  With ``symmetry=True`` the number is the keys of all the
        symmetric images packed in one int (:mod:`.symmetry`): the same XOR updates them all.
        """
        side = self._side
        bits = self._bits[side] | 1 << move
        self._bits[side] = bits
        self._zkey ^= self._ztable[side][move]  # Zobrist hashing: XOR in the key of (side, cell)
        self._history.append(move)
        self._count += 1
        self._side = side ^ 1
        self.to_move = SIDES[side ^ 1]
        k = self._k
        # Win test: only the lines through the new stone can have become K-lines (OURS: K or
        # more in a row wins, an overline counts).  Inline, not a call: a method call here cost 12% of
        # a 3x3 alpha-beta (measured); ``MNKGame.make`` repeats these lines.
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
        self._count -= 1
        side = self._side ^ 1
        self._side = side
        self.to_move = SIDES[side]
        self._bits[side] ^= 1 << move
        self._zkey ^= self._ztable[side][move]  # Zobrist hashing: the same XOR takes it out
        self._won = False

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

    # ----------------------------------------------------------------- moves
    def legal_moves(self) -> list[Cell]:
        """The empty cells in the configured order; empty when the game is over."""
        if self._won:
            return []
        bits = self._bits
        occupied = bits[0] | bits[1]
        cache = self._static_moves
        if cache is None:  # a dynamic order: "threats" or "near"
            first = self._first_cells(occupied)
            if first:
                order = self._geo.orders["centre"]
                return [cell for cell in order if first >> cell & 1] + [
                    cell for cell in order if not (occupied | first) >> cell & 1
                ]
            cache = self._geo.move_lists["centre"]
        moves = cache.get(occupied)
        if moves is None:
            moves = tuple(cell for cell in self._static_order if not occupied >> cell & 1)
            if len(cache) < MOVE_LIST_CACHE_SIZE:
                cache[occupied] = moves
        return list(moves)

    def _first_cells(self, occupied: Bitboard) -> Bitboard:
        """The cells a dynamic order puts first: the side to move's completing cells, else
        the opponent's (``"threats"``), or the empty cells next to a stone (``"near"``)."""
        if self._ordering == "threats":
            side = self.to_move
            return self.completing_cells(side) or self.completing_cells(side ^ 1)
        return neighbourhood(occupied, self._geo) & ~occupied if occupied else 0

    def search_moves(self) -> list[Cell]:
        """The moves a search tries: every legal move (:class:`~reference.mnk.game.MNKGame`
        prunes them soundly)."""
        return self.legal_moves()

    def completing_cells(self, side: int) -> Bitboard:
        """The empty cells where ``side`` would complete K in a row (K-lines with K-1 stones)."""
        bits = self._bits
        return completing_cells(bits[side], bits[side ^ 1], self._geo)

    # ----------------------------------------------------------------- end of the game
    def is_terminal(self) -> bool:
        """True when the last move completed K in a row or the board is full."""
        return self._won or self._count == self._cells

    def terminal_score(self) -> Score:
        """``-WIN`` when the opponent just completed K in a row, else 0 (a full board)."""
        return -WIN if self._won else 0

    def winner(self) -> Side | None:
        """The side who completed K in a row, if any."""
        if not self._won:
            return None
        return Side(1 - (self._count & 1))

    def result_text(self) -> str:
        """How a finished game ended, e.g. ``"x wins (3 in a row)"`` or ``"draw"``."""
        winner = self.winner()
        if winner is not None:
            return f"{self.player_name(winner)} wins ({self._k} in a row)"
        return "draw" if self.is_terminal() else "game in progress"

    def evaluate(self) -> Score:
        """Threat heuristic of seed 001 for the side to move (see :mod:`reference.mnk.evaluation`)."""
        side = self._count & 1
        geo = self._geo
        return threat_evaluation(self._bits[side], self._bits[1 - side], geo.m, geo.n, geo.k)

    # ----------------------------------------------------------------- keys
    @property
    def key(self) -> Key:
        """The 64-bit Zobrist key of the position (seed 001, §Zobrist Hashing)."""
        return self._zkey & KEY_MASK

    def zobrist_from_scratch(self) -> Key:
        """The Zobrist key recomputed from the bitboards (for tests of the incremental key)."""
        key = 0
        for side in (0, 1):
            table = self._geo.zobrist[side]
            for cell in bit_indices(self._bits[side]):
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

    def canonical_symmetry(self) -> Permutation:
        """A symmetry mapping this position onto the one whose key is :meth:`tt_key`.

        With ``symmetry=False`` it is the identity.  A move ``c`` here is the move
        ``perm[c]`` in the canonical image (use it to store / restore TT moves).
        """
        if not self._symmetry:
            return self._geo.perms[0]
        return self._geo.perms[canonical_index(self._zkey, len(self._geo.perms))]

    def max_plies_left(self) -> int:
        """The empty cells: each move fills one."""
        return self._geo.cells - self._count

    # ----------------------------------------------------------------- construction
    @classmethod
    def from_notation(
        cls,
        text: str,
        k: int,
        *,
        m: int | None = None,
        n: int | None = None,
        **options: Unpack[StateOptions],
    ) -> Self:
        """Build a position from its notation (see :mod:`reference.mnk.notation`).

        Raises :class:`PositionFormatError` for malformed or impossible positions:
        wrong shape, bad counts, side to move not matching the counts, both sides
        with K in a row, a K-line of the side that did not just move, or lines no
        single last stone can have completed.
        """
        parsed = notation.parse_position(text, m, n)
        game = cls(parsed.m, parsed.n, k, **options)
        game._set_position(parsed)
        return game

    def _set_position(self, parsed: notation.ParsedPosition) -> None:
        """Put the stones of a parsed position on this empty board."""
        self._won = notation.check_k_lines(parsed, self._geo)
        self._bits = [parsed.x_bits, parsed.o_bits]
        self._count = parsed.x_bits.bit_count() + parsed.o_bits.bit_count()
        self._side = parsed.to_move
        self.to_move = SIDES[parsed.to_move]
        for side, bits in enumerate(self._bits):
            for cell in bit_indices(bits):
                self._zkey ^= self._ztable[side][cell]  # Zobrist hashing, stone by stone

    def copy(self) -> Self:
        """An independent copy of the position (history included)."""
        other = object.__new__(type(self))
        for name in slot_names(type(self)):
            setattr(other, name, getattr(self, name))
        other._bits = list(self._bits)
        other._history = list(self._history)
        return other

    def __getstate__(self) -> dict[str, object]:
        """Pickle support (parallel jobs send positions to worker processes): every slot
        but the key unpacker, which :meth:`__setstate__` rebuilds; the geometry pickles
        as its parameters."""
        return {
            name: getattr(self, name) for name in slot_names(type(self)) if name != "_unpack_keys"
        }

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
    def history(self) -> tuple[Cell, ...]:
        """The moves made since construction (or since the position was parsed), oldest first."""
        return tuple(self._history)

    @property
    def stones(self) -> int:
        """Number of stones on the board."""
        return self._count

    # ----------------------------------------------------------------- notation
    def player_name(self, side: int) -> str:
        """``"x"`` or ``"o"`` (used by the command line)."""
        return notation.SIDE_CHARS[side]

    def parse_move(self, text: str) -> Cell:
        """Parse a cell such as ``"b2"`` (legality is not checked)."""
        return notation.parse_cell(text, self._geo.m, self._geo.n)

    def format_move(self, move: Cell) -> str:
        """The cell in notation, e.g. ``"b2"``."""
        return notation.format_cell(move, self._geo.m)

    def to_notation(self) -> str:
        """The position in notation; :meth:`from_notation` parses it back."""
        return notation.format_position(self._bits[0], self._bits[1], self._geo.m, self._geo.n)

    def _repr_svg_(self) -> str:
        """The board as a picture (Jupyter shows it in place of the text)."""
        from reference.mnk.drawing import board_svg

        title = f"{self.result_text()}" if self.is_terminal() else f"{'xo'[self.to_move]} to move"
        return board_svg(self._geo.m, self._geo.n, self._bits[0], self._bits[1], title=title)

    def render(self) -> str:
        """The board drawn with column letters and row numbers, and the state of play."""
        geo = self._geo
        width = len(str(geo.n))
        rows = notation.board_rows(self._bits[0], self._bits[1], geo.m, geo.n, "XO.")
        lines = [f"{geo.n - i:>{width}} " + " ".join(row) for i, row in enumerate(rows)]
        lines.append(" " * (width + 1) + " ".join(notation.COLUMN_LETTERS[: geo.m]))
        winner = self.winner()
        if winner is not None:
            lines.append(f"{winner.name} wins ({geo.k} in a row)")
        elif self.is_terminal():
            lines.append("draw (board full)")
        else:
            lines.append(f"{Side(self.to_move).name} to move")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_notation({self.to_notation()!r}, k={self._k})"
