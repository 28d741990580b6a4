"""Dou Shou Qi (Jungle): the rules, as a mutable position the search core can drive.

Seed 003, §2.1 (rules), §3.3 (Evaluate, kept incrementally), §11 (move ordering,
the 200-move draw limit) and §6.1 (the non-move of split search).

The position, ``DouShouQi`` (implements :class:`~reference.search.protocol.PlayableGame`):

* ``DouShouQi(placement=None, *, draw_limit=200, ordering="thesis", allow_non_move=False,
  allowed_squares=ALL_SQUARES, rules="thesis")``; ``DouShouQi.from_notation(text, ...)``;
  ``DouShouQi.start(...)``.  ``placement=None`` is the starting position.  ``rules``:
  ``"thesis"`` (§2.1 as written, the default) or ``"standard"`` (the common Jungle
  rules: dog 3, wolf 4, a piece on an opponent's trap still takes at full strength;
  :data:`~reference.dou_shou_qi.geometry.STANDARD_RULES`) or ``"vanrijn"`` (the rules of
  van Rijn and Vis's endgame tables: the elephant takes the mouse, a mouse takes a mouse
  across the water's edge; :data:`~reference.dou_shou_qi.geometry.VANRIJN_RULES`), read
  back as ``rules``.
* ``to_move`` (a :class:`~reference.dou_shou_qi.geometry.Side`), ``legal_moves()`` (a
  tuple; empty when the game is over), ``make(move) -> 0`` and ``unmake()`` (the
  Zobrist key updated in ``make``, restored by ``unmake``), ``play(move)`` (checked),
  ``is_terminal()``, ``terminal_score()``, ``winner()``, ``evaluate()`` (§3.3 for the
  side to move), ``key`` / ``tt_key()`` (64-bit Zobrist), ``plies`` (plies played).
* ``pieces(side=None) -> list[Piece]`` by increasing square, ``piece_at(sq)``,
  ``placement()``, ``can_capture(src, dst)``.
* ``parse_move("e3-d3")``, ``format_move(move)``, ``to_notation()``, ``render()``, ``copy()``,
  ``player_name(p)``, ``result_text()``.
* Switches (each clears the cached move list): ``ordering`` (§11 move order in
  ``legal_moves``, :mod:`reference.dou_shou_qi.ordering`), ``allow_non_move``
  (:data:`~reference.dou_shou_qi.notation.NON_MOVE` listed last and accepted by
  ``play``; ``make(NON_MOVE)`` always works: it only hands the turn over),
  ``allowed_squares`` (a bitboard: moves whose destination is outside it are not
  generated; for Partition-Board, §9.4).

Squares, sides, kinds and terrain are in :mod:`reference.dou_shou_qi.geometry`;
pieces, moves and the notation in :mod:`reference.dou_shou_qi.notation`.

Rules implemented (§2.1): one orthogonal step per move; a piece takes an enemy
of equal or lower strength, except that the elephant cannot take the mouse and
the mouse takes the elephant; a piece standing on an opponent's trap has an
effective strength of zero both ways: any enemy piece may take it, and it takes
nothing (the thesis's words; common Jungle rules say only the first half); only
mice enter water, and a mouse cannot capture across the water / land boundary
(water mouse takes only a water mouse, land mouse only land pieces); lion and
tiger jump over a whole body of water horizontally or vertically (capturing on
landing under the same rules) unless a mouse of either side is in the water on
the path; no piece enters its own den; entering the opponent's den wins; a side
with no pieces, or with no legal move when it is to move, loses (OURS: the thesis
leaves both implicit); after ``draw_limit`` plies without a result the game is
drawn (§11: 200 moves; ``None`` disables it).  Under ``rules="standard"`` the wolf is
strength 4 and the dog 3, and a piece on an opponent's trap takes at full strength;
the rest is the same (docs/oracle.md lists every rule reading).  ``key`` does not include the ply
count; ``tt_key`` does when there is a draw limit (the value depends on the plies
left).
"""

from __future__ import annotations

from functools import cache
from typing import Self, TypedDict, Unpack

from reference.bits import Bitboard
from reference.dou_shou_qi.evaluation import COMPOSITES
from reference.dou_shou_qi.geometry import (
    ALL_SQUARES,
    COLS,
    DEN,
    DEN_MASK,
    FILES,
    NUM_SQUARES,
    ROWS,
    RULE_SETS,
    THESIS_RULES,
    TRAP_MASK,
    TRAPS_OF,
    WATER,
    WATER_JUMPS,
    WATER_MASK,
    Kind,
    RuleSet,
    Side,
    Square,
    neighbours,
    rule_set,
    square_name,
)
from reference.dou_shou_qi.notation import (
    NON_MOVE,
    PASS_TEXT,
    START_NOTATION,
    Move,
    Piece,
    Placement,
    format_move,
    format_placement,
    parse_move_text,
    parse_placement,
    piece_label,
    validate_pieces,
)
from reference.dou_shou_qi.ordering import (
    CAPTURE_PRIORITY,
    KIND_PRIORITY,
    NUM_PRIORITIES,
    ORDERINGS,
    THESIS_ORDER,
    check_ordering,
)
from reference.errors import IllegalMoveError, ParameterError
from reference.search.protocol import WIN, Key, Score
from reference.search.zobrist import counter_key, random_keys

__all__ = [
    "DEFAULT_DRAW_LIMIT",
    "JUMPS",
    "NON_MOVE",
    "RANK_BEATS",
    "START_PLACEMENT",
    "ZOBRIST_SEED",
    "DouShouQi",
    "Move",
    "can_capture",
]

START_PLACEMENT = parse_placement(START_NOTATION)
"""The starting position of Figure 2."""

DEFAULT_DRAW_LIMIT = 200
"""§11: "the game was called a draw if it lasted more than 200 moves" (counted here in plies)."""

ZOBRIST_SEED = 3_003
"""Seed of this game's Zobrist table (our choice)."""

# ---------------------------------------------------------------------------
# Precomputed tables (built once at import).
# A cell of the board is 0 (empty) or ``kind + 8 * side``: A's pieces 1..8, B's 9..16.


@cache
def _move(src: Square, dst: Square) -> Move:
    """The one :class:`Move` object of ``(src, dst)`` (the tables share them)."""
    return Move(src, dst)


def _steps(side: Side, swimmer: bool) -> tuple[tuple[tuple[Square, Move], ...], ...]:
    """``[src]``: the one-square steps (up, down, left, right) a piece of ``side`` may try."""
    table: list[tuple[tuple[Square, Move], ...]] = []
    for src in range(NUM_SQUARES):
        targets = [
            (dst, _move(src, dst))
            for dst in neighbours(src)
            if dst != DEN[side] and (swimmer or dst not in WATER)
        ]
        table.append(tuple(targets))
    return tuple(table)


_LAND_STEPS = (_steps(Side.A, False), _steps(Side.B, False))
_SWIM_STEPS = (_steps(Side.A, True), _steps(Side.B, True))
JUMPS: tuple[tuple[tuple[Square, tuple[Square, ...], Move], ...], ...] = tuple(
    tuple((dst, path, _move(src, dst)) for dst, path in WATER_JUMPS[src])
    for src in range(NUM_SQUARES)
)
"""``JUMPS[sq]``: the lion / tiger jumps from ``sq`` as ``(landing, water squares crossed, move)``."""

_IN_WATER = tuple(sq in WATER for sq in range(NUM_SQUARES))
# _TRAP_OWNER[sq] = the side whose trap sq is, or -1.
_TRAP_OWNER = tuple(
    next((int(side) for side in Side if sq in TRAPS_OF[side]), -1) for sq in range(NUM_SQUARES)
)


def _rank_beats(attacker: int, defender: int, rules: RuleSet) -> bool:
    if attacker == Kind.ELEPHANT and defender == Kind.MOUSE:
        return rules.elephant_takes_mouse
    if attacker == Kind.MOUSE and defender == Kind.ELEPHANT:
        return True
    return rules.strength[attacker] >= rules.strength[defender]


RankTable = tuple[tuple[bool, ...], ...]
"""``[attacker kind][defender kind]``: whether the attacker may take the defender off the traps."""

RANK_BEATS_OF: dict[str, RankTable] = {
    name: tuple(tuple(_rank_beats(a, d, rules) for d in range(9)) for a in range(9))
    for name, rules in RULE_SETS.items()
}
"""``RANK_BEATS_OF[rules name][attacker][defender]``: the strength rule off the traps."""

RANK_BEATS = RANK_BEATS_OF[THESIS_RULES.name]
"""``RANK_BEATS[attacker][defender]``: strength rule off the traps (§2.1, the thesis's strengths)."""

_KEYS = random_keys(17 * NUM_SQUARES + 1, seed=ZOBRIST_SEED)
_ZOBRIST: tuple[tuple[Key, ...], ...] = tuple(
    tuple(_KEYS[cell * NUM_SQUARES + sq] if cell else 0 for sq in range(NUM_SQUARES))
    for cell in range(17)
)
"""``_ZOBRIST[cell][sq]``: the Zobrist key of the piece ``cell`` on ``sq`` (0 for an empty cell)."""
_SIDE_KEY: Key = _KEYS[17 * NUM_SQUARES]
"""XORed into the key when B is to move."""
_PLIES_SALT, _NON_MOVE_SALT, _ALLOWED_SALT, _RULES_SALT = 3, 4, 5, 6
"""Salts of :func:`~reference.search.zobrist.counter_key` for the parts of ``tt_key`` beyond ``key``."""


def _signed(rules_name: str) -> tuple[tuple[int, ...], ...]:
    """``[cell][sq]``: the piece's C[t, s] from A's point of view (+ for A, - for B at OppositeSquare)."""
    composite = COMPOSITES[rules_name]
    return tuple(
        (0,) * NUM_SQUARES
        if cell == 0
        else tuple(
            (1 if cell <= 8 else -1)
            * composite[0 if cell <= 8 else 1][cell if cell <= 8 else cell - 8][sq]
            for sq in range(NUM_SQUARES)
        )
        for cell in range(17)
    )


_SIGNED_OF = {name: _signed(name) for name in RULE_SETS}


def can_capture(
    attacker_side: int,
    attacker: int,
    src: Square,
    defender: int,
    dst: Square,
    rules: RuleSet = THESIS_RULES,
) -> bool:
    """Whether a piece of kind ``attacker`` on ``src`` may take an enemy ``defender`` on ``dst``.

    Seed 003, §2.1: "While standing on an opponent's trap a piece has an effective
    strength of zero and is therefore vulnerable to capture by any opposing piece":
    an attacker on the defender's trap takes nothing (strength 0 takes only strength
    0, and no enemy next to it can stand on one of the attacker's traps; the standard
    rules drop this half: it takes at full strength), a defender on the attacker's trap
    is taken by anything (both override the elephant / mouse exception); water boundary
    (a mouse cannot attack across it); then strength (the rule set's).
    """
    if _TRAP_OWNER[src] == 1 - attacker_side and not rules.trapped_piece_takes:
        return False  # attacker on an opponent's trap: strength 0
    across = attacker == Kind.MOUSE and _IN_WATER[src] != _IN_WATER[dst]
    if across and not (rules.mouse_takes_mouse_across_banks and defender == Kind.MOUSE):
        return False  # across the water's edge (the van Rijn rules: mouse takes mouse)
    if _TRAP_OWNER[dst] == attacker_side:  # defender on one of my traps: strength 0
        return True
    return RANK_BEATS_OF[rules.name][attacker][defender]


class Options(TypedDict, total=False):
    """The keyword options of :class:`DouShouQi` (see its constructor)."""

    draw_limit: int | None
    ordering: str
    allow_non_move: bool
    allowed_squares: Bitboard
    rules: str | RuleSet


class DouShouQi:
    """A mutable Dou Shou Qi position with make / unmake (see the module docstring)."""

    __slots__ = (
        "_allow_non_move",
        "_allowed",
        "_board",
        "_count",
        "_history",
        "_key",
        "_moves",
        "_ordering",
        "_plies",
        "_rank_beats",
        "_rules",
        "_score_a",
        "_signed",
        "_switch_key",
        "_to_move",
        "_where",
        "draw_limit",
    )

    def __init__(
        self,
        placement: Placement | None = None,
        *,
        draw_limit: int | None = DEFAULT_DRAW_LIMIT,
        ordering: str = THESIS_ORDER,
        allow_non_move: bool = False,
        allowed_squares: Bitboard = ALL_SQUARES,
        rules: str | RuleSet = THESIS_RULES,
    ) -> None:
        self._rules = rule_set(rules)
        self._rank_beats = RANK_BEATS_OF[self._rules.name]
        self._signed = signed = _SIGNED_OF[self._rules.name]
        if placement is None:
            placement = START_PLACEMENT
        validate_pieces(placement.pieces, placement.to_move)
        if draw_limit is not None and draw_limit < 1:
            raise ParameterError(
                f"draw_limit must be a positive number of plies or None, got {draw_limit}"
            )
        if placement.plies < 0:
            raise ParameterError(f"plies played must be >= 0, got {placement.plies}")
        if draw_limit is not None and placement.plies > draw_limit:
            raise ParameterError(
                f"{placement.plies} plies played is past the draw limit of {draw_limit} plies: "
                "the game ended in a draw at the limit"
            )
        self.draw_limit = draw_limit
        self._ordering = check_ordering(ordering) == THESIS_ORDER
        self._allow_non_move = allow_non_move
        self._allowed = allowed_squares & ALL_SQUARES
        self._switch_key: Key = 0
        self._moves: tuple[Move, ...] | None = None
        self._switches_changed()
        self._board = [0] * NUM_SQUARES
        self._where = [-1] * 17
        self._count = [0, 0]
        self._key: Key = 0
        self._score_a = 0
        for piece in placement.pieces:
            cell = int(piece.kind) + 8 * int(piece.side)
            self._board[piece.square] = cell
            self._where[cell] = piece.square
            self._count[piece.side] += 1
            self._key ^= _ZOBRIST[cell][piece.square]
            self._score_a += signed[cell][piece.square]
        self._to_move = placement.to_move
        if self._to_move == Side.B:
            self._key ^= _SIDE_KEY
        self._plies = placement.plies
        self._history: list[tuple[Move, int, Key, int, tuple[Move, ...] | None]] = []

    # ----------------------------------------------------------- construction
    @classmethod
    def from_notation(
        cls,
        text: str,
        **options: Unpack[Options],
    ) -> DouShouQi:
        """Build a position from the piece-list notation (:mod:`reference.dou_shou_qi.notation`)."""
        return cls(parse_placement(text), **options)

    @classmethod
    def start(
        cls,
        *,
        draw_limit: int | None = DEFAULT_DRAW_LIMIT,
        ordering: str = THESIS_ORDER,
        rules: str | RuleSet = THESIS_RULES,
    ) -> DouShouQi:
        """The starting position of Figure 2."""
        return cls(None, draw_limit=draw_limit, ordering=ordering, rules=rules)

    def copy(self) -> Self:
        """An independent copy of the current position, switches and move history (same class)."""
        other = type(self)(
            self.placement(),
            draw_limit=self.draw_limit,
            ordering=self.ordering,
            allow_non_move=self._allow_non_move,
            allowed_squares=self._allowed,
            rules=self._rules,
        )
        other._history = list(self._history)
        return other

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves made since construction (or since the position was parsed), oldest first."""
        return tuple(entry[0] for entry in self._history)

    # -------------------------------------------------------------- switches
    @property
    def rules(self) -> RuleSet:
        """The rule set (``thesis`` or ``standard``; fixed at construction)."""
        return self._rules

    @property
    def ordering(self) -> str:
        """The order of ``legal_moves``: ``"thesis"`` (§11: captures, lion, tiger, elephant,
        mouse, rest) or ``"none"`` (generation order); :data:`.ordering.ORDERINGS`."""
        return ORDERINGS[0] if self._ordering else ORDERINGS[1]

    @ordering.setter
    def ordering(self, value: str) -> None:
        self._ordering = check_ordering(value) == THESIS_ORDER
        self._moves = None  # the same moves, in another order: tt_key does not change

    @property
    def allow_non_move(self) -> bool:
        """Whether the pass ``NON_MOVE`` is listed (last) among the legal moves (split search, §6.1)."""
        return self._allow_non_move

    @allow_non_move.setter
    def allow_non_move(self, value: bool) -> None:
        self._allow_non_move = value
        self._switches_changed()

    @property
    def allowed_squares(self) -> Bitboard:
        """Destination squares moves may go to (a bitboard; all squares by default)."""
        return self._allowed

    @allowed_squares.setter
    def allowed_squares(self, value: Bitboard) -> None:
        self._allowed = value & ALL_SQUARES
        self._switches_changed()

    def _switches_changed(self) -> None:
        """Clear the cached moves and recompute the part of ``tt_key`` that records the
        switches changing the moves (0 by default)."""
        self._moves = None
        key = 0
        if self._allow_non_move:
            key ^= counter_key(1, _NON_MOVE_SALT)
        if self._allowed != ALL_SQUARES:
            key ^= counter_key(self._allowed, _ALLOWED_SALT)
        if self._rules != THESIS_RULES:  # the same pieces have other moves and values
            key ^= counter_key(1, _RULES_SALT)
        self._switch_key = key

    # ------------------------------------------------------------- inspection
    @property
    def to_move(self) -> Side:
        """The side to move."""
        return self._to_move

    @property
    def plies(self) -> int:
        """Plies played (including those given in the notation); the draw limit counts these."""
        return self._plies

    @property
    def key(self) -> Key:
        """The 64-bit Zobrist key (pieces on squares, side to move; not the ply count)."""
        return self._key

    def tt_key(self) -> Key:
        """The transposition-table key: :attr:`key` plus every other state that changes a value.

        With a draw limit a position's value depends on the plies left before it
        (keyed by the pieces alone, a table filled far from the limit would give 0 to
        ``A: Ea1 Ca4 / B: Dd3 Ef7 / A / 193``, where A loses in 4 plies), so they are
        mixed in; so are the switches that change the moves (``allow_non_move``,
        ``allowed_squares``, the rule set) when they are not the default.  The setup has no
        symmetry to fold.
        """
        limit = self.draw_limit
        if limit is None:
            return self._key ^ self._switch_key
        return self._key ^ self._switch_key ^ counter_key(max(0, limit - self._plies), _PLIES_SALT)

    def max_plies_left(self) -> int | None:
        """The plies left before the draw limit; ``None`` without one (positions can repeat)."""
        if self.draw_limit is None:
            return None
        return max(0, self.draw_limit - self._plies)

    def piece_at(self, sq: Square) -> Piece | None:
        """The piece on ``sq``, or ``None``."""
        cell = self._board[sq]
        if not cell:
            return None
        side = Side.A if cell <= 8 else Side.B
        return Piece(side, Kind(cell - 8 * side), sq)

    def pieces(self, side: Side | None = None) -> list[Piece]:
        """The pieces (of ``side``, or of both sides) by increasing square."""
        result: list[Piece] = []
        for sq in range(NUM_SQUARES):
            piece = self.piece_at(sq)
            if piece is not None and (side is None or piece.side == side):
                result.append(piece)
        return result

    def square_of(self, side: Side, kind: Kind) -> Square | None:
        """Where ``side``'s piece of ``kind`` stands, or ``None`` if it has none."""
        sq = self._where[int(kind) + 8 * int(side)]
        return None if sq < 0 else sq

    def placement(self) -> Placement:
        """The current position as a frozen :class:`Placement`."""
        pieces = self.pieces(Side.A) + self.pieces(Side.B)
        return Placement(tuple(pieces), self._to_move, self._plies)

    def can_capture(self, src: Square, dst: Square) -> bool:
        """Whether the piece on ``src`` could take the enemy piece on ``dst`` (strength, traps, water)."""
        cell, target = self._board[src], self._board[dst]
        if not cell or not target or (cell <= 8) == (target <= 8):
            return False
        side = 0 if cell <= 8 else 1
        defender = target - 8 * (0 if target <= 8 else 1)
        return can_capture(side, cell - 8 * side, src, defender, dst, self._rules)

    # ------------------------------------------------------------------ rules
    def winner(self) -> Side | None:
        """The side that has won (den entered, or the other side has no pieces or no move), else ``None``."""
        if self._board[DEN[Side.B]]:
            return Side.A
        if self._board[DEN[Side.A]]:
            return Side.B
        if self._count[Side.A] == 0:
            return Side.B
        if self._count[Side.B] == 0:
            return Side.A
        if self._draw_reached():
            return None
        if not self.legal_moves():
            return Side(1 - self._to_move)
        return None

    def _draw_reached(self) -> bool:
        return self.draw_limit is not None and self._plies >= self.draw_limit

    def _decided(self) -> bool:
        """Game over by den, by capture of every piece, or by the draw limit."""
        board = self._board
        return bool(
            board[DEN[Side.A]]
            or board[DEN[Side.B]]
            or not self._count[0]
            or not self._count[1]
            or self._draw_reached()
        )

    selective = False
    counts_points = False

    def search_moves(self) -> tuple[Move, ...]:
        """The moves a search tries: :meth:`legal_moves` (in the §11 order when ``ordering``)."""
        return self.legal_moves()

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves of the side to move (empty when the game is over).

        Generation order: pieces by increasing square; for each, steps up, down,
        left, right, then lion / tiger jumps.  With ``ordering`` on, the same moves
        in the §11 order (stable): captures, lion, tiger, elephant, mouse, the rest.
        ``NON_MOVE`` comes last when ``allow_non_move`` is on.
        """
        moves = self._moves
        if moves is None:
            moves = self._moves = () if self._decided() else self._generate()
        return moves

    def _generate(self) -> tuple[Move, ...]:
        """The legal moves of an undecided position (§2.1), in generation or §11 order."""
        board = self._board
        side = int(self._to_move)
        base = 8 * side
        allowed = self._allowed
        restricted = allowed != ALL_SQUARES
        land = _LAND_STEPS[side]
        swim = _SWIM_STEPS[side]
        plain: list[Move] = []
        ordering = self._ordering
        rules = self._rules
        beats = self._rank_beats
        # §11: captures first, then by the mover's kind, a bucket each (without ordering:
        # every bucket is the one list, in generation order)
        buckets = [[] for _ in range(NUM_PRIORITIES)] if ordering else [plain] * NUM_PRIORITIES
        captures = buckets[CAPTURE_PRIORITY]
        for src in sorted(sq for sq in self._where[base + 1 : base + 9] if sq >= 0):
            kind = board[src] - base
            quiet = buckets[KIND_PRIORITY[kind]]
            for dst, move in swim[src] if kind == Kind.MOUSE else land[src]:  # one step
                if restricted and not (allowed >> dst) & 1:
                    continue
                cell = board[dst]
                if not cell:
                    quiet.append(move)
                elif (cell <= 8) != (side == 0) and can_capture(
                    side, kind, src, cell - 8 + base, dst, rules
                ):
                    captures.append(move)
            if kind == Kind.TIGER or kind == Kind.LION:
                for dst, path, move in JUMPS[src]:  # a leap across the water
                    if restricted and not (allowed >> dst) & 1:
                        continue
                    for water in path:
                        if board[water]:
                            break  # a mouse in the water on the path blocks the leap
                    else:
                        cell = board[dst]
                        if not cell:
                            quiet.append(move)
                        elif (cell <= 8) != (side == 0) and beats[kind][cell - 8 + base]:
                            captures.append(move)  # leaps start and end off the traps
        if ordering:
            plain = [move for bucket in buckets for move in bucket]
        if self._allow_non_move:
            plain.append(NON_MOVE)
        return tuple(plain)

    def make(self, move: Move) -> int:
        """Play a legal move without checking it (undo with :meth:`unmake`); returns 0."""
        board = self._board
        src, dst = move
        if src < 0:  # NON_MOVE: only the turn changes
            self._history.append((move, 0, self._key, self._score_a, self._moves))
        else:
            cell = board[src]
            captured = board[dst]
            self._history.append((move, captured, self._key, self._score_a, self._moves))
            zob = _ZOBRIST[cell]
            signed = self._signed[cell]
            key = self._key ^ zob[src] ^ zob[dst]  # Zobrist: the piece leaves src, lands on dst
            score = self._score_a - signed[src] + signed[dst]  # Evaluate (§3.3), incrementally
            if captured:
                key ^= _ZOBRIST[captured][dst]  # Zobrist: the captured piece leaves dst
                score -= self._signed[captured][dst]
                self._where[captured] = -1
                self._count[0 if captured <= 8 else 1] -= 1
            board[dst] = cell
            board[src] = 0
            self._where[cell] = dst
            self._key = key
            self._score_a = score
        self._key ^= _SIDE_KEY  # Zobrist: the other side is to move
        self._to_move = Side.B if self._to_move == Side.A else Side.A
        self._plies += 1
        self._moves = None
        return 0

    def unmake(self) -> None:
        """Take back the last move (the Zobrist key and the evaluation come back from the history)."""
        if not self._history:
            raise IllegalMoveError("no move to take back")
        move, captured, key, score, moves = self._history.pop()
        src, dst = move
        if src >= 0:
            board = self._board
            cell = board[dst]
            board[src] = cell
            board[dst] = captured
            self._where[cell] = src
            if captured:
                self._where[captured] = dst
                self._count[0 if captured <= 8 else 1] += 1
        self._key = key
        self._score_a = score
        self._moves = moves
        self._to_move = Side.B if self._to_move == Side.A else Side.A
        self._plies -= 1

    def play(self, move: Move) -> int:
        """Check ``move`` (raise :class:`IllegalMoveError` saying why) and make it."""
        if move not in self.legal_moves():
            raise IllegalMoveError(self._why_illegal(move))
        return self.make(move)

    def _why_illegal(self, move: Move) -> str:
        text = self.format_move(move) if move.src >= 0 else PASS_TEXT
        if not self.legal_moves():
            return f"{text}: the game is over"
        if move == NON_MOVE:
            return "pass: a non-move is not legal in normal play (only in split search)"
        piece = self.piece_at(move.src)
        if piece is None:
            return f"{text}: there is no piece on {square_name(move.src)}"
        if piece.side != self._to_move:
            return f"{text}: the piece on {square_name(move.src)} belongs to {piece.side.name}, {self._to_move.name} is to move"
        is_jump = piece.kind in (Kind.LION, Kind.TIGER) and any(
            move.dst == dst for dst, _, _ in JUMPS[move.src]
        )
        if not 0 <= move.dst < NUM_SQUARES or (
            move.dst not in neighbours(move.src) and not is_jump
        ):
            return (
                f"{text}: pieces move one square orthogonally "
                "(lion and tiger may also jump over a body of water)"
            )
        if move.dst == DEN[piece.side]:
            return f"{text}: no piece may enter its own den"
        if move.dst in WATER and piece.kind != Kind.MOUSE:
            return f"{text}: only mice may enter the water"
        target = self.piece_at(move.dst)
        if target is not None and target.side == piece.side:
            return f"{text}: {square_name(move.dst)} holds a piece of the same side"
        if target is not None and not self.can_capture(move.src, move.dst):
            return f"{text}: {self._why_no_capture(piece, target)}"
        if not (self._allowed >> move.dst) & 1:
            return f"{text}: {square_name(move.dst)} is off limits in this position"
        if is_jump:
            return f"{text}: a mouse in the water blocks the jump"
        return f"{text}: not a legal move here"

    def _why_no_capture(self, piece: Piece, target: Piece) -> str:
        """Why ``piece`` may not take ``target`` (next to it), with the rule's numbers."""
        rules, mine, theirs = self._rules, piece.kind.name.lower(), target.kind.name.lower()
        strength = rules.strength
        at = f"{square_name(piece.square)} -> {square_name(target.square)}"
        if _TRAP_OWNER[piece.square] == 1 - piece.side and not rules.trapped_piece_takes:
            return (
                f"the {mine} stands on {target.side.name}'s trap {square_name(piece.square)}: it "
                f"has strength 0 and takes nothing (§2.1, the {rules.name} rules; off the trap "
                f"the {mine} has {strength[piece.kind]}, the {theirs} {strength[target.kind]})"
            )
        if piece.kind == Kind.MOUSE and _IN_WATER[piece.square] != _IN_WATER[target.square]:
            side = (
                "from the water onto land"
                if _IN_WATER[piece.square]
                else "from land into the water"
            )
            return f"a mouse cannot take {side} ({at}: the water's edge, the {rules.name} rules)"
        if piece.kind == Kind.ELEPHANT and target.kind == Kind.MOUSE:
            return f"the elephant cannot take the mouse off the traps (the {rules.name} rules)"
        return (
            f"a {mine} of strength {strength[piece.kind]} cannot take a {theirs} of strength "
            f"{strength[target.kind]} off the traps ({strength[piece.kind]} < "
            f"{strength[target.kind]}, the {rules.name} rules)"
        )

    def is_terminal(self) -> bool:
        """True when the game is over (a den entered, a side without pieces or moves, the draw limit)."""
        return not self.legal_moves()

    def terminal_score(self) -> Score:
        """``-WIN`` / ``0`` / ``WIN`` for the side to move in a finished game."""
        winner = self.winner()
        if winner is None:
            return 0
        return WIN if winner == self._to_move else -WIN

    def player_name(self, player: int) -> str:
        """The thesis's name of a player: ``"A"`` (moves first) or ``"B"``."""
        return Side(player).name

    def result_text(self) -> str:
        """How the game ended, e.g. ``"A wins (den entered)"`` or ``"draw (move limit)"``."""
        winner = self.winner()
        if winner is None:
            return "draw (move limit)" if self.is_terminal() else "not over"
        loser = Side(1 - winner)
        if self._board[DEN[loser]]:
            how = "den entered"
        elif not self._count[loser]:
            how = f"{loser.name} has no pieces"
        else:
            how = f"{loser.name} has no legal move"
        return f"{winner.name} wins ({how})"

    def evaluate(self) -> Score:
        """Evaluate (§3.3) from the side to move's point of view (kept incrementally)."""
        return self._score_a if self._to_move == Side.A else -self._score_a

    def evaluate_for_a(self) -> int:
        """Evaluate[position] of §3.3: positive is good for player A, whoever is to move."""
        return self._score_a

    # --------------------------------------------------------------- notation
    def parse_move(self, text: str) -> Move:
        """Parse ``e3-d3`` (or ``pass``); legality is not checked."""
        squares = parse_move_text(text)
        if squares is None:
            return NON_MOVE
        return _move(*squares)

    def format_move(self, move: Move) -> str:
        """The move as ``from-to`` (``pass`` for the non-move)."""
        return format_move(move)

    def to_notation(self) -> str:
        """The piece-list notation of the position (canonical form)."""
        return format_placement(self.placement())

    def _repr_svg_(self) -> str:
        """The board as a picture (Jupyter shows it in place of the text)."""
        from reference.dou_shou_qi.drawing import board_svg

        title = self.result_text() if self.is_terminal() else f"{self.to_move.name} to move"
        return board_svg(self.pieces(), title=title)

    def render(self) -> str:
        """A drawing: A's pieces upper case, B's lower case; ``~`` water, ``#`` trap, ``*`` den."""
        lines: list[str] = []
        for row in range(ROWS - 1, -1, -1):
            cells: list[str] = []
            for col in range(COLS):
                sq = row * COLS + col
                piece = self.piece_at(sq)
                if piece is not None:
                    cells.append(piece_label(piece)[0])
                elif (WATER_MASK >> sq) & 1:
                    cells.append("~")
                elif (TRAP_MASK >> sq) & 1:
                    cells.append("#")
                elif (DEN_MASK >> sq) & 1:
                    cells.append("*")
                else:
                    cells.append(".")
            lines.append(f"{row + 1}  {' '.join(cells)}")
        lines.append(f"   {' '.join(FILES)}")
        status = f"{self._to_move.name} to move"
        if self.is_terminal():
            winner = self.winner()
            status = "draw (move limit)" if winner is None else f"{winner.name} has won"
        lines.append(status)
        return "\n".join(lines)

    def __repr__(self) -> str:
        if self._rules == THESIS_RULES:
            return f"DouShouQi.from_notation({self.to_notation()!r})"
        return f"DouShouQi.from_notation({self.to_notation()!r}, rules={self._rules.name!r})"
