"""The game interface every algorithm in :mod:`reference.search` works on.

One protocol fits all five papers:

* **A player who moves again** (Dots and Boxes, seed 000: completing a box keeps
  the turn).  The search never assumes the turn alternates: after ``make`` it asks
  ``to_move`` and flips the sign of the child's value only when the turn passed
  (see :func:`reference.search.negamax.child_value`).
* **In-play points** (Dots and Boxes boxes): ``make`` returns the points the mover
  scored with that move, so the value of a position is what the side to move gains
  *from here on* and the score so far is not part of the position's key.
* **A move that is several placements** (Connect6's two stones) or **a whole
  turn's plan** (war chess): a move is any hashable value; the game decides what
  it is.
* **A non-move / pass** (Dou Shou Qi split search): again just a move value the
  game accepts.

Scores are integers in *search units*, from the point of view of the side to
move.  A decided game is worth ``WIN`` (``terminal_score`` returns ``-WIN`` when
the side to move has lost, ``+WIN`` when it has won, ``0`` for a draw); the
search turns that into ``WIN - ply`` so that shorter wins score higher (seed 001,
"Wins at lower depths are considered better").  Heuristic evaluations must stay
strictly inside ``(-MATE_BOUND, MATE_BOUND)``.

Two names for playing a move, as python-chess does: ``play`` validates and raises
:class:`~reference.errors.IllegalMoveError`; ``make`` is the unchecked fast path
the search uses, undone by ``unmake`` (the papers' MakeMove / RestoreMove).

**The rules and the search's choices are two methods.**  ``legal_moves`` is the
rules: every legal move, nothing less; ``perft``, ``divide``, ``solve``'s list of
optimal moves and every count of legal moves use it.  ``search_moves`` is what a
search tries, best first: the same set in a search order, or a *sound* pruning of
it (a move left out provably cannot change the value: Dots and Boxes' capture
rule), or, when the game says ``selective``, a heuristic candidate list (Connect6's
candidate pairs, the (M,N,K) player's near moves).  A value searched over a
selective list is never reported exact, and ``solve`` never uses one.

**One value convention.**  A game with ``counts_points`` (Dots and Boxes) reports
an exact score as it is (net points for the side to move); every other game as
its sign: ``1`` win, ``0`` draw, ``-1`` loss for the side to move
(:func:`reference.search.value.game_value`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from enum import IntEnum
from typing import Protocol, Self, TypeAlias, TypeVar, runtime_checkable


class TwoSides(IntEnum):
    """The one interface of every game's ``Side``: two members, ``0`` (moves first) and ``1``.

    Each game names its sides as its paper does (``X`` / ``O``, ``BLACK`` / ``WHITE``,
    ``ALEX`` / ``BILLIE``, ``A`` / ``B``) in ``reference/<game>/geometry.py``, as a
    subclass of this enum; ``game.to_move`` is one of them, and ``game.player_name(side)``
    is what the command line calls it.

    >>> class Side(TwoSides):
    ...     X = 0
    ...     O = 1
    >>> Side.X.other, Side.O.other
    (<Side.O: 1>, <Side.X: 0>)
    """

    @property
    def other(self) -> Self:
        """The opponent."""
        return type(self)(1 - self)


Key: TypeAlias = int
"""A 64-bit position key (Zobrist or a game's own hash), ``0 <= key < 2**64``."""

Score: TypeAlias = int
"""A value in search units, from the side to move's point of view."""

WIN: Score = 1_000_000
"""The score of a won game (seed 001: "a score of 1,000,000 is assigned for a win")."""

MAX_PLY = 10_000
"""No search goes deeper than this many plies from its root."""

MATE_BOUND: Score = WIN - MAX_PLY
"""Scores with ``abs(score) >= MATE_BOUND`` are decided games (win / loss in ``WIN - abs(score)`` plies)."""

INFINITY: Score = 10 * WIN
"""Larger than any score; the initial window is ``(-INFINITY, INFINITY)``."""

MoveT = TypeVar("MoveT", bound=Hashable)


class Game(Protocol[MoveT]):
    """What the search algorithms need of a game (a mutable position).

    Players are ``0`` and ``1``.  All methods refer to the current position.
    """

    @property
    def to_move(self) -> int:
        """The player to move, 0 or 1."""
        ...

    def legal_moves(self) -> Sequence[MoveT]:
        """Every legal move (the rules, nothing less), in a fixed order; empty when terminal."""
        ...

    def search_moves(self) -> Sequence[MoveT]:
        """The moves a search tries here, best first (empty when terminal).

        The same set as :meth:`legal_moves`, or a subset that provably keeps the
        value, unless :attr:`selective` is true.
        """
        ...

    @property
    def selective(self) -> bool:
        """True when :meth:`search_moves` may leave out legal moves that could change the value."""
        ...

    @property
    def counts_points(self) -> bool:
        """True when the game is scored in points (``make`` returns them), not win / draw / loss."""
        ...

    def make(self, move: MoveT) -> int:
        """Play a legal move without checking it; return the points the mover scored with it.

        Games without in-play scoring return 0.  Undo with :meth:`unmake`.
        """
        ...

    def unmake(self) -> None:
        """Take back the last move made with :meth:`make` (or :meth:`play`)."""
        ...

    def is_terminal(self) -> bool:
        """True when the game is over."""
        ...

    def terminal_score(self) -> Score:
        """The value of a finished game for the side to move: ``-WIN``, ``0`` or ``WIN``.

        Games scored in points (Dots and Boxes) return 0: the points were already
        counted by ``make``.
        """
        ...

    def evaluate(self) -> Score:
        """A heuristic value for the side to move, strictly inside ``(-MATE_BOUND, MATE_BOUND)``."""
        ...

    @property
    def key(self) -> Key:
        """The 64-bit position key, updated incrementally by make / unmake."""
        ...

    def tt_key(self) -> Key:
        """The key the transposition table uses: ``key``, or a canonical key over symmetries.

        It must hold every state that changes a value (the plies left before a draw
        limit, for instance), and fold only symmetries under which :meth:`evaluate`
        and the moves are the same.
        """
        ...

    def max_plies_left(self) -> int | None:
        """The most plies the game can still last from here (an upper bound), or ``None``
        when it has none: positions can repeat and no ply limit ends the game.

        Searches size Python's recursion limit from it
        (:func:`reference.search.recursion.make_room`); ``solve`` refuses a game
        without a bound (its tree is infinite).
        """
        ...


@runtime_checkable
class ProvesBounds(Protocol):
    """Optional (ours): a game that can bound its exact value without searching.

    ``solve`` asks such a game at each node it does not find in its table; a bound
    that closes the window ends the node as a table entry would.  Only ``solve``
    uses it: the bounds are on the *exact* value (wins ``+-WIN``), not on a
    depth-limited one.  Example: the (M,N,K)-game's pairing strategies
    (:meth:`reference.mnk.game.MNKGame.proof_bounds`).
    """

    def proof_bounds(self, alpha: Score, beta: Score) -> tuple[Score, Score]:
        """``(lower, upper)`` with lower <= exact value <= upper, for the side to move.

        ``(alpha, beta)`` is the window of the node: a game may skip work on a bound
        that cannot close it.  Nothing proved is ``(-INFINITY, INFINITY)``.
        """
        ...


class PlayableGame(Game[MoveT], Protocol[MoveT]):
    """A game the command line can drive: checked moves, notation, printing."""

    def play(self, move: MoveT) -> int:
        """Validate ``move`` (raise ``IllegalMoveError`` with a reason) and make it."""
        ...

    def parse_move(self, text: str) -> MoveT:
        """Parse a move in the game's notation (raise ``PositionFormatError``); legality is not checked."""
        ...

    def format_move(self, move: MoveT) -> str:
        """The move in the game's notation; ``parse_move(format_move(m)) == m``."""
        ...

    def to_notation(self) -> str:
        """The position in the game's notation (parsed back by the game's ``from_notation``)."""
        ...

    def render(self) -> str:
        """A readable multi-line drawing of the position."""
        ...

    def copy(self) -> Self:
        """An independent copy of the position and its history."""
        ...

    @property
    def history(self) -> tuple[MoveT, ...]:
        """The moves made so far, oldest first (what ``unmake`` takes back)."""
        ...

    def winner(self) -> TwoSides | None:
        """The side that has won, or ``None`` (the game goes on, or is drawn)."""
        ...

    def player_name(self, side: int) -> str:
        """What the front ends call side ``side`` (0 or 1): ``x``, ``black``, ``Alex (a)``."""
        ...
