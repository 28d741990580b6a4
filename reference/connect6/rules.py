"""The Connect6 game (六子棋): the state, make / unmake with its Zobrist key, the rules.

**The rules are not the report's**: seed 004 never states them.  What it does say:
the game is 六子棋 (§2.1.4, "在六子棋中，4 子和 5 子是对对方产生威胁的棋形", and the
titles of its references [2]-[6]); a road (路) is six consecutive points in a line
(§2.1.3); stones are black and white (§2.1.3, §2.2.1); a move is a pair of points
(点对, §2.1.2 and §2.2.2 (1)).  It gives no board size, no opening rule, no rule for
lines longer than six and no rule for a full board.  This package's rules are the
standard Connect6 rules of I-Chen Wu (our choice): Wu and Huang, *A New Family of
k-in-a-row Games*, Advances in Computer Games 11 (ACG 2005), LNCS 4250, Springer
2006, pp. 180-194, define Connect(m, n, k, p, q) ("two players alternately place p
stones on an m × n board in each turn except for that the first player places q
stones for the first move.  The player who gets k consecutive stones of her own
first wins") and name Connect(6, 2, 1) Connect6; see also Wu, Huang and Chang,
*Connect6*, ICGA Journal 28(4), 2005, pp. 234-242.  Hence: black opens with one
stone, then each side places two; **six or more in a row wins** (a line of seven
holds six consecutive stones: the definition sets no upper limit, unlike free-style
Go-Moku's exactly five; the common rule texts say "six or more", e.g. Wikipedia,
Connect6, Rules); a full board is a draw.  The board is S x S for 6 <= S <= 19,
19 x 19 by default (the usual Go board).

The report's own items the state keeps: the road table (路表, §2.1.3, §2.2.1),
initialised globally at construction and modified locally by :meth:`Connect6.make`
/ :meth:`Connect6.unmake` (:mod:`.roads`); the road evaluation reads it
(:mod:`.evaluation`); the candidate pairs come from :mod:`.candidates`.

**legal_moves is the rules; search_moves is the candidates.**  On 19 x 19 a move
is any pair of the ~360 empty points (~64,000 moves), far too many to search, so
:meth:`Connect6.search_moves` (what a heuristic search tries) returns the report's
*candidate* pairs (:func:`.candidates.ordered_pairs`): pairs of empty points within
two rings of the stones, ordered best-first and cut to a configurable width.
:meth:`Connect6.legal_moves` is every legal move (any one or two empty points as the
rules require), and it is what ``perft``, ``solve`` and :meth:`Connect6.play` use.
The game is therefore ``selective`` (unless ``full_width``): a search over the
candidates is never reported exact, and ``solve`` searches every legal move.

A full board is a draw.  When the board has an even number of points the last
move has only one empty point left: that move is a single stone.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Self

from reference.bits import Bitboard, bit_indices
from reference.connect6.candidates import PAIR_WIDTH, POINT_WIDTH, ordered_pairs
from reference.connect6.evaluation import static_value, threat_count
from reference.connect6.geometry import DEFAULT_SIZE, Geometry, Side, geometry
from reference.connect6.notation import (
    Move,
    Position,
    check_position,
    format_move,
    format_point,
    format_position,
    parse_move,
    parse_position,
)
from reference.connect6.roads import RoadTable
from reference.errors import IllegalMoveError, ParameterError
from reference.search.protocol import WIN, Key, Score
from reference.search.zobrist import random_keys

ZOBRIST_SEED = 20240604
"""OURS: the seed of the Connect6 Zobrist table (the report has no hashing)."""

_SIDES = (Side.BLACK, Side.WHITE)


@cache
def zobrist_keys(size: int) -> tuple[tuple[Key, ...], tuple[Key, ...]]:
    """The Zobrist table of the ``size`` board: ``keys[colour][point]``, one random key each."""
    geo = geometry(size)
    bits = geo.size * geo.stride
    keys = random_keys(2 * bits, seed=ZOBRIST_SEED)
    return tuple(keys[:bits]), tuple(keys[bits:])


class Connect6:
    """A mutable Connect6 position with its road table, Zobrist key and move history."""

    __slots__ = (
        "_history",
        "_key",
        "_keys",
        "_to_move",
        "black",
        "full_width",
        "geo",
        "pair_width",
        "point_width",
        "table",
        "white",
    )

    def __init__(
        self,
        size: int = DEFAULT_SIZE,
        *,
        position: Position | None = None,
        pair_width: int = PAIR_WIDTH,
        point_width: int = POINT_WIDTH,
        full_width: bool = False,
    ) -> None:
        """The empty ``size x size`` board, or ``position`` (whose size wins).

        ``pair_width`` / ``point_width``: the widths of the candidate pairs
        (:func:`.candidates.ordered_pairs`).  ``full_width``: :meth:`search_moves`
        returns every legal move (full-width heuristic searches on small boards)
        instead of the candidate pairs.
        """
        if position is not None:
            check_position(position)
            size = position.size
        if pair_width < 1 or point_width < 2:
            raise ParameterError(
                f"pair width must be >= 1 and point width >= 2, got {pair_width} and {point_width}"
            )
        self.geo: Geometry = geometry(size)
        self.pair_width = pair_width
        self.point_width = point_width
        self.full_width = full_width
        self.black: Bitboard = position.black if position is not None else 0
        self.white: Bitboard = position.white if position is not None else 0
        self.table = RoadTable.rebuild(self.geo, self.black, self.white)  # global initialisation
        self._keys = zobrist_keys(self.geo.size)
        key = 0
        for colour, stones in enumerate((self.black, self.white)):
            for p in bit_indices(stones):
                key ^= self._keys[colour][p]
        self._key: Key = key
        self._to_move: Side = position.to_move if position is not None else Side.BLACK
        self._history: list[Move] = []

    @classmethod
    def from_notation(
        cls,
        text: str,
        *,
        pair_width: int = PAIR_WIDTH,
        point_width: int = POINT_WIDTH,
        full_width: bool = False,
    ) -> Connect6:
        """The position written ``size/black points/white points`` (see :mod:`.notation`)."""
        return cls(
            position=parse_position(text),
            pair_width=pair_width,
            point_width=point_width,
            full_width=full_width,
        )

    # ------------------------------------------------------------------ state
    @property
    def size(self) -> int:
        return self.geo.size

    @property
    def to_move(self) -> Side:
        return self._to_move

    @property
    def key(self) -> Key:
        return self._key

    def tt_key(self) -> Key:
        """The Zobrist key (the side to move follows from the stones, so it is not hashed)."""
        return self._key

    def max_plies_left(self) -> int:
        """The empty points: each move places one or two stones."""
        return self.free.bit_count()

    @property
    def occupied(self) -> Bitboard:
        return self.black | self.white

    @property
    def free(self) -> Bitboard:
        """The empty points."""
        return self.geo.board_mask & ~(self.black | self.white)

    def stones(self, colour: int) -> Bitboard:
        """The bitboard of ``colour``'s stones."""
        return self.white if colour else self.black

    def position(self) -> Position:
        """The current position as a frozen value."""
        return Position(self.geo.size, self.black, self.white)

    def copy(self) -> Self:
        """An independent copy (same position, options and history; the board's geometry
        and key tables, which never change, are shared)."""
        memo: dict[int, object] = {id(self.geo): self.geo, id(self._keys): self._keys}
        return copy.deepcopy(self, memo)

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves made since construction, oldest first."""
        return tuple(self._history)

    def stones_per_move(self) -> int:
        """1 for black's opening stone or the last empty point, else 2."""
        occupied = self.black | self.white
        if occupied == 0:
            return 1
        empties = (self.geo.board_mask & ~occupied).bit_count()
        return 1 if empties == 1 else 2

    def winner(self) -> Side | None:
        """The side with six in a row, if any."""
        if self.table.has_six(Side.BLACK):
            return Side.BLACK
        if self.table.has_six(Side.WHITE):
            return Side.WHITE
        return None

    # ----------------------------------------------------------- make / unmake
    def make(self, move: Move) -> int:
        """Place the move's stones for the side to move (unchecked); the turn passes."""
        colour = self._to_move
        keys = self._keys[colour]
        key = self._key
        for p in move:
            if colour:
                self.white |= 1 << p
            else:
                self.black |= 1 << p
            self.table.place(p, colour)  # the road table: local modification
            key ^= keys[p]  # Zobrist: XOR the stone in
        self._key = key
        self._history.append(move)
        self._to_move = _SIDES[1 - colour]
        return 0

    def unmake(self) -> None:
        """Take back the last move."""
        move = self._history.pop()
        colour = _SIDES[1 - self._to_move]
        keys = self._keys[colour]
        key = self._key
        for p in move:
            if colour:
                self.white &= ~(1 << p)
            else:
                self.black &= ~(1 << p)
            self.table.remove(p, colour)  # the road table: local modification, undone
            key ^= keys[p]  # Zobrist: XOR the stone out
        self._key = key
        self._to_move = colour

    def play(self, move: Move) -> int:
        """Check ``move`` against the rules (any empty points, not only candidates) and make it."""
        self._check(move)
        return self.make(tuple(sorted(move)))

    def _check(self, move: Move) -> None:
        """Raise :class:`IllegalMoveError` saying why, unless ``move`` is legal here."""
        if self.is_terminal():
            raise IllegalMoveError("the game is over: no move can be played")
        if not isinstance(move, tuple) or not all(
            isinstance(p, int) and not isinstance(p, bool) for p in move
        ):
            raise IllegalMoveError(f"a move is a tuple of one or two points, got {move!r}")
        need = self.stones_per_move()
        if len(move) != need:
            raise IllegalMoveError(
                f"this move needs {need} stone(s) ({self._why_stones(need)}), got {len(move)}"
            )
        if len(set(move)) != len(move):
            raise IllegalMoveError("the two stones of a move must go on different points")
        for p in move:
            if not self.geo.on_board(p):
                raise IllegalMoveError(
                    f"point index {p} is not on the {self.size}x{self.size} board"
                )
            if (self.occupied >> p) & 1:
                raise IllegalMoveError(f"point {format_point(self.geo, p)} is already occupied")

    def _why_stones(self, need: int) -> str:
        """Why a move here has ``need`` stones (for the error message)."""
        if need == 2:
            return "every move after black's first places two stones"
        if self.occupied == 0:
            return "black's opening move is one stone"
        return "only one empty point is left"

    # ---------------------------------------------------------------- outcome
    def is_terminal(self) -> bool:
        """Six in a row for either side, or a full board."""
        table = self.table
        return (
            table.has_six(Side.BLACK)
            or table.has_six(Side.WHITE)
            or (self.black | self.white) == self.geo.board_mask
        )

    def terminal_score(self) -> Score:
        """``-WIN`` when the side that just moved made six, ``WIN`` in the other case, else 0."""
        if self.table.has_six(self._to_move):
            return WIN
        if self.table.has_six(1 - self._to_move):
            return -WIN
        return 0

    def winning_move(self) -> Move | None:
        """A move completing six for the side to move, from its threat roads, or ``None``."""
        colour = self._to_move
        roads = self.table.threat_roads(colour)
        if not roads or self.is_terminal():
            return None
        free = self.free
        for r in roads:
            points = bit_indices(self.geo.road_masks[r] & free)
            if len(points) == 2 or self.stones_per_move() == 1:
                return tuple(points)
            spare = bit_indices(free & ~(1 << points[0]))
            return tuple(sorted((points[0], spare[0])))
        return None

    # ------------------------------------------------- evaluation and search moves
    def evaluate(self) -> Score:
        """The road evaluation for the side to move (:func:`.evaluation.static_value`)."""
        return static_value(self.table, self.black, self.white, self._to_move)

    def threat_count(self, colour: int) -> int:
        """How many stones block every threat of ``colour`` (:func:`.evaluation.threat_count`)."""
        return threat_count(self.table, self.black, self.white, colour)

    counts_points = False

    @property
    def selective(self) -> bool:
        """True unless ``full_width``: the search moves are candidate pairs, not every move."""
        return not self.full_width

    def search_moves(self) -> list[Move]:
        """The *candidate* moves the search tries, best first (see the module docstring).

        A move completing six comes first when there is one.  Black's opening move
        is the centre point; the last single empty point is the only move.  With
        ``full_width`` set, every legal move (:meth:`legal_moves`).
        """
        if self.is_terminal():
            return []
        if self.full_width:
            return self.legal_moves()
        if self.stones_per_move() == 1:
            if self.occupied == 0:
                return [(self.geo.centre,)]
            return [(p,) for p in bit_indices(self.free)]
        moves = ordered_pairs(
            self.table, self.black, self.white, self._to_move, self.point_width, self.pair_width
        )
        win = self.winning_move()
        if win is not None:
            moves = [win, *(m for m in moves if m != win)]
        return moves

    def legal_moves(self) -> list[Move]:
        """Every legal move (the rules): all single empty points, or all pairs of them."""
        if self.is_terminal():
            return []
        empties = bit_indices(self.free)
        if self.stones_per_move() == 1:
            return [(p,) for p in empties]
        return [(p, q) for i, p in enumerate(empties) for q in empties[i + 1 :]]

    # --------------------------------------------------------------- notation
    def parse_move(self, text: str) -> Move:
        return parse_move(self.geo, text)

    def format_move(self, move: Move) -> str:
        return format_move(self.geo, move)

    def to_notation(self) -> str:
        return format_position(self.position())

    def _repr_svg_(self) -> str:
        """The board as a picture (Jupyter shows it in place of the text)."""
        from reference.connect6.drawing import board_svg

        over = self.is_terminal()
        title = self.result_text() if over else f"{self.player_name(self.to_move)} to move"
        return board_svg(self.geo, self.black, self.white, title=title)

    def render(self) -> str:
        """The board, row ``size`` at the top, ``X`` black, ``O`` white, ``.`` empty."""
        geo = self.geo
        lines = []
        for row in range(geo.size - 1, -1, -1):
            cells = []
            for col in range(geo.size):
                p = geo.point(col, row)
                cells.append("X" if self.black >> p & 1 else "O" if self.white >> p & 1 else ".")
            lines.append(f"{row + 1:>2} " + " ".join(cells))
        lines.append(
            "   " + " ".join(format_point(geo, geo.point(c, 0))[0] for c in range(geo.size))
        )
        lines.append(self._status())
        return "\n".join(lines)

    def _status(self) -> str:
        """The last line of :meth:`render`: who won, a draw, or who is to move."""
        winner = self.winner()
        if winner is not None:
            return f"{winner.name.lower()} has six in a row"
        if self.is_terminal():
            return "the board is full: draw"
        mark = "X" if self._to_move == Side.BLACK else "O"
        return f"{self._to_move.name.lower()} ({mark}) to move, {self.stones_per_move()} stone(s)"

    def player_name(self, player: int) -> str:
        """``black`` or ``white`` (the CLI's name for a player)."""
        return "black" if player == Side.BLACK else "white"

    def result_text(self) -> str:
        """How the finished game ended."""
        winner = self.winner()
        if winner is not None:
            return f"{winner.name.lower()} wins with six in a row"
        return "draw: the board is full" if self.is_terminal() else "the game is not over"

    def __repr__(self) -> str:
        return f"Connect6.from_notation({self.to_notation()!r})"
