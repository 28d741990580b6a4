"""A Gomocup-protocol brain for freestyle gomoku: the (M,N,K)-game with K = 5.

The Gomocup AI protocol (P. Lastovicka and M. Petricek, "Gomoku AI protocol",
plastovicka.github.io/protocl2en.htm) is line based: the manager writes commands on
the brain's standard input, the brain answers on its standard output.  This module
is the state machine; :mod:`reference.gomocup.cli` connects it to stdin / stdout.

==============================  ==============================================================
manager sends                   this brain answers
==============================  ==============================================================
``START N``                     ``OK`` (board N x N), or ``ERROR ...`` for an unsupported size
``RECTSTART W,H``               ``OK`` (W columns = x, H rows = y), or ``ERROR ...``
``RESTART``                     ``OK``: empty board of the same size, new match
``BEGIN``                       its first move ``x,y`` on the empty board
``TURN x,y``                    the opponent's stone on ``x,y``, then its move ``x,y``
``BOARD`` / ``x,y,f`` / ``DONE`` a whole new position (f: 1 own, 2 opponent), then its move
``TAKEBACK x,y``                removes the stone on ``x,y``; ``OK``
``PLAY x,y``                    plays ``x,y`` as its own move and echoes it
``INFO key value``              nothing (see below)
``ABOUT``                       ``name="...", version="...", author="...", ...``
``END``                         nothing; the brain exits
anything else                   ``UNKNOWN ...``
==============================  ==============================================================

Coordinates count from 0; ``x`` is the column and ``y`` the row (cell ``y * W + x`` of
:class:`~reference.mnk.game.MNKGame`, whose row 1 is ``y = 0``).  Before a move the
brain writes one ``MESSAGE`` line saying why it chose it (and ``DEBUG`` lines when
started with ``--debug``), as the protocol allows ("just before respond to some command").

Errors: a known command it cannot carry out (bad coordinates, an occupied cell, an
unsupported board, a position where it is not the brain's turn or the game is over,
a malformed line) is answered ``ERROR message`` and changes nothing; the brain never
exits on bad input.  ``INFO`` gets no answer (the manager does not read one), so an
``INFO rule`` other than 0 (freestyle: five or more in a row wins; 1 exactly five,
2 continuous game, 4 renju are not supported) makes the brain answer the next
``BEGIN`` / ``TURN`` / ``BOARD`` with ``ERROR`` (the protocol: "wait with the output of
the problem until the manager sends the first command not having an INFO form");
a malformed INFO value is ignored with a ``MESSAGE`` before the next answer.

>>> from itertools import count
>>> ticks = count(step=0.001)                # a clock: 1 ms more at every reading
>>> brain = Brain(clock=lambda: next(ticks), vcf_nodes=0)
>>> brain.handle("START 15")
['OK']
>>> brain.handle("BOARD"), brain.handle("7,7,1"), brain.handle("8,7,1")
([], [], [])
>>> brain.handle("9,7,1"), brain.handle("10,7,1"), brain.handle("7,8,2")
([], [], [])
>>> brain.handle("8,8,2"), brain.handle("9,8,2"), brain.handle("0,0,2")
([], [], [])
>>> brain.handle("DONE")[-1]       # own four on row y = 7: the five is played
'6,7'
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from importlib import metadata
from typing import Final

from reference.errors import GameError
from reference.gomocup.engine import VCF_NODES, BrainMove, choose_move
from reference.gomocup.timeman import UNLIMITED_MS, TimeControl, move_budget
from reference.mnk.game import MNKGame
from reference.mnk.geometry import Cell, check_parameters
from reference.mnk.notation import format_position
from reference.search import Deadline, TranspositionTable
from reference.search.context import MAX_TIME_LIMIT

K: Final = 5
"""Freestyle gomoku: five (or more) in a row wins."""
FREESTYLE_RULE: Final = 0
"""``INFO rule`` value of freestyle gomoku (bits: 1 exactly five, 2 continuous, 4 renju)."""
TABLE_SIZE: Final = 1 << 18
"""Entries of the brain's transposition table, kept from move to move (our choice)."""
SLOT_BYTES: Final = 160
"""Bytes a slot of the table takes when full (measured: 134 on CPython 3.11 with random
64-bit keys and values; our margin on top)."""
BRAIN_BYTES: Final = 32 << 20
"""Bytes the brain needs besides its table (measured: 19 MB resident after ``START 20``
on CPython 3.11; our margin on top for the search)."""
MIN_TABLE_SLOTS: Final = 1 << 10
"""The smallest table the brain plays with, whatever ``max_memory`` says (our choice)."""
OWN: Final = 1
OPPONENT: Final = 2
PACKAGE: Final = "gametree-reference"

_COORD = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*$")
_BOARD_LINE = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*,\s*(-?\d+)\s*$")


def package_version() -> str:
    """The installed version of this package (``reference.__version__`` when not installed)."""
    try:
        return metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:  # pragma: no cover (run from a source tree)
        from reference import __version__

        return __version__


def table_slots(max_memory: int, largest: int = TABLE_SIZE) -> int:
    """Slots of a transposition table that keeps the brain within ``max_memory`` bytes
    (``INFO max_memory``; 0 or less: no limit, ``largest``), at least :data:`MIN_TABLE_SLOTS`.

    >>> table_slots(0), table_slots(40 << 20), table_slots(1 << 20)
    (262144, 52428, 1024)
    """
    if max_memory <= 0:
        return largest
    return min(largest, max(MIN_TABLE_SLOTS, (max_memory - BRAIN_BYTES) // SLOT_BYTES))


def warm_up(width: int, height: int) -> None:
    """Build the board's precomputed tables (cached) now, at START, which the protocol
    leaves untimed: built at the first move they would take a few tenths of a second of
    its turn."""
    game = MNKGame(width, height, K)
    game.completing_cells(0)
    game.make(game.legal_moves()[0])
    game.evaluate()


class ProtocolError(GameError):
    """A command the brain cannot carry out; answered ``ERROR <message>``."""


@dataclass(slots=True)
class _Match:
    """The board of the current match: stones by cell, in the order they came."""

    width: int
    height: int
    stones: dict[Cell, int] = field(default_factory=dict)


class Brain:
    """The protocol state machine: :meth:`handle` one input line, get the output lines.

    ``clock`` is the only clock it reads (through :class:`Deadline`); tests inject a
    fake one.  ``max_depth`` caps the search depth (tests); ``vcf_nodes`` the VCF search.
    """

    def __init__(
        self,
        *,
        clock: Callable[[], float] = time.monotonic,
        debug: bool = False,
        vcf_nodes: int = VCF_NODES,
        max_depth: int | None = None,
        table_size: int = TABLE_SIZE,
    ) -> None:
        self.clock = clock
        self.debug = debug
        self.vcf_nodes = vcf_nodes
        self.max_depth = max_depth
        self.table_size = table_size
        self.table_slots = table_size
        """Slots of the table now: ``table_size``, or fewer under ``INFO max_memory``."""
        self.table = TranspositionTable(table_size)
        self.match: _Match | None = None
        self.control = TimeControl()
        self.time_left_fresh = False
        self.used_seconds = 0.0
        """Seconds the brain thought in this match (its turns, from command to answer)."""
        self.used_at_time_left = 0.0
        """``used_seconds`` when the last ``time_left`` came."""
        self.rule = FREESTYLE_RULE
        self.info_warnings: list[str] = []
        self.board_lines: list[str] | None = None
        """Lines of a BOARD block being read (``None`` outside one)."""
        self.board_start: Deadline | None = None
        self.finished = False
        """True after END: the caller stops reading."""
        self.last_move: BrainMove | None = None

    # ------------------------------------------------------------------ dispatch
    def handle(self, line: str) -> list[str]:
        """The output lines answering one input line (possibly none)."""
        text = line.strip()
        if self.board_lines is not None:
            return self._board_line(text)
        if not text:
            return []
        command, _, argument = text.partition(" ")
        command = command.upper()
        argument = argument.strip()
        handler = self._handlers().get(command)
        if handler is None:
            return [f"UNKNOWN command {command!r} is not supported"]
        try:
            return handler(argument)
        except ProtocolError as error:
            return [f"ERROR {error}"]
        except GameError as error:  # a rule of the game refused the position or move
            return [f"ERROR {error}"]

    def _handlers(self) -> dict[str, Callable[[str], list[str]]]:
        return {
            "START": self._start,
            "RECTSTART": self._rectstart,
            "RESTART": self._restart,
            "BEGIN": self._begin,
            "TURN": self._turn,
            "BOARD": self._board,
            "TAKEBACK": self._takeback,
            "PLAY": self._play,
            "INFO": self._info,
            "ABOUT": self._about,
            "END": self._end,
        }

    # ------------------------------------------------------------------ set-up
    def _new_match(self, width: int, height: int) -> list[str]:
        try:
            check_parameters(width, height, K)
        except GameError as error:
            raise ProtocolError(f"unsupported board {width}x{height}: {error}") from None
        self.match = _Match(width, height)
        self.table = TranspositionTable(self.table_slots)
        self.used_seconds = self.used_at_time_left = 0.0
        warm_up(width, height)
        return ["OK"]

    def _start(self, argument: str) -> list[str]:
        if not re.fullmatch(r"\d+", argument):
            raise ProtocolError(f"START needs the board size, e.g. 'START 20', got {argument!r}")
        size = int(argument)
        return self._new_match(size, size)

    def _rectstart(self, argument: str) -> list[str]:
        match = _COORD.match(argument)
        if match is None:
            raise ProtocolError(
                f"RECTSTART needs width,height, e.g. 'RECTSTART 30,20', got {argument!r}"
            )
        return self._new_match(int(match[1]), int(match[2]))

    def _restart(self, argument: str) -> list[str]:
        match = self._require_match()
        return self._new_match(match.width, match.height)

    def _require_match(self) -> _Match:
        if self.match is None:
            raise ProtocolError("no board: send START (or RECTSTART) first")
        return self.match

    # ------------------------------------------------------------------ INFO, ABOUT, END
    def _info(self, argument: str) -> list[str]:
        key, _, value = argument.partition(" ")
        key = key.lower()
        value = value.strip()
        if key in ("timeout_turn", "timeout_match", "time_left", "rule", "max_memory"):
            try:
                number = int(value)
            except ValueError:
                self.info_warnings.append(f"ignored INFO {key} {value!r}: not an integer")
                return []
            if key == "timeout_turn":
                self.control = replace(self.control, timeout_turn_ms=max(0, number))
            elif key == "timeout_match":
                self.control = replace(self.control, timeout_match_ms=max(0, number))
            elif key == "time_left":
                self.control = replace(self.control, time_left_ms=number)
                self.time_left_fresh = True
                self.used_at_time_left = self.used_seconds
            elif key == "max_memory":
                self._limit_memory(number)
            else:
                self.rule = number
        return []  # other keys (game_type, evaluate, folder, ...) are ignored

    def _limit_memory(self, max_memory: int) -> None:
        """Size the transposition table to fit ``max_memory`` bytes (0: no limit); a new
        size starts a new, empty table."""
        slots = table_slots(max_memory, self.table_size)
        if max_memory > 0 and max_memory < BRAIN_BYTES + MIN_TABLE_SLOTS * SLOT_BYTES:
            self.info_warnings.append(
                f"INFO max_memory {max_memory} is less than this brain needs (about "
                f"{BRAIN_BYTES >> 20} MiB and a table): it uses its smallest table"
            )
        if slots != self.table_slots:
            self.table_slots = slots
            self.table = TranspositionTable(slots)

    def _about(self, argument: str) -> list[str]:
        return [
            f'name="{PACKAGE}", version="{package_version()}", '
            f'author="{PACKAGE} contributors", '
            'country="-", www="-", style="freestyle gomoku, threat heuristic, '
            'iterative-deepening PVS, VCF"'
        ]

    def _end(self, argument: str) -> list[str]:
        self.finished = True
        return []

    # ------------------------------------------------------------------ moves
    def _coordinates(self, argument: str, command: str) -> Cell:
        match = self._require_match()
        parsed = _COORD.match(argument)
        if parsed is None:
            raise ProtocolError(f"{command} needs x,y (numbers from 0), got {argument!r}")
        x, y = int(parsed[1]), int(parsed[2])
        if not (0 <= x < match.width and 0 <= y < match.height):
            raise ProtocolError(
                f"{command} {x},{y} is off the board: x 0..{match.width - 1}, "
                f"y 0..{match.height - 1}"
            )
        return y * match.width + x

    def _format(self, cell: Cell) -> str:
        match = self._require_match()
        y, x = divmod(cell, match.width)
        return f"{x},{y}"

    def _begin(self, argument: str) -> list[str]:
        turn = self._turn_clock()
        match = self._require_match()
        if match.stones:
            raise ProtocolError("BEGIN needs an empty board (use BOARD for a position)")
        return self._think(turn)

    def _turn(self, argument: str) -> list[str]:
        turn = self._turn_clock()
        match = self._require_match()
        cell = self._coordinates(argument, "TURN")
        if cell in match.stones:
            raise ProtocolError(f"TURN {argument}: the cell is already occupied")
        match.stones[cell] = OPPONENT
        try:
            return self._think(turn)
        except GameError:
            del match.stones[cell]  # nothing changes on an error
            raise

    def _play(self, argument: str) -> list[str]:
        match = self._require_match()
        cell = self._coordinates(argument, "PLAY")
        if cell in match.stones:
            raise ProtocolError(f"PLAY {argument}: the cell is already occupied")
        self._position(match)  # it must be the brain's turn in a game still going on
        match.stones[cell] = OWN
        return [self._format(cell)]

    def _takeback(self, argument: str) -> list[str]:
        match = self._require_match()
        cell = self._coordinates(argument, "TAKEBACK")
        if cell not in match.stones:
            raise ProtocolError(f"TAKEBACK {argument}: there is no stone there")
        del match.stones[cell]
        return ["OK"]

    def _board(self, argument: str) -> list[str]:
        self.board_start = self._turn_clock()
        self.board_lines = []
        return []

    def _board_line(self, text: str) -> list[str]:
        """One line inside a BOARD block: ``x,y,field`` or ``DONE`` (``END`` still ends)."""
        assert self.board_lines is not None
        word = text.upper()
        if word == "END":
            self.board_lines = None
            return self._end("")
        if word != "DONE":
            if text:
                self.board_lines.append(text)
            return []
        lines, self.board_lines = self.board_lines, None
        turn = self.board_start or self._turn_clock()
        try:
            match = self._require_match()
            stones: dict[Cell, int] = {}
            for line in lines:
                parsed = _BOARD_LINE.match(line)
                if parsed is None:
                    raise ProtocolError(f"bad BOARD line {line!r}: expected x,y,field")
                colour = int(parsed[3])
                if colour == 3:
                    raise ProtocolError("BOARD field 3 (continuous game) is not supported")
                if colour not in (OWN, OPPONENT):
                    raise ProtocolError(f"bad BOARD line {line!r}: field must be 1 or 2")
                cell = self._coordinates(f"{parsed[1]},{parsed[2]}", "BOARD")
                if cell in stones:
                    raise ProtocolError(f"BOARD line {line!r}: the cell is given twice")
                stones[cell] = colour
            previous = match.stones
            match.stones = stones
            try:
                return self._think(turn)
            except GameError:
                match.stones = previous
                raise
        except GameError as error:
            return [f"ERROR {error}"]

    # ------------------------------------------------------------------ thinking
    def _turn_clock(self) -> Deadline:
        """A stopwatch started when a thinking command arrives (the turn's time runs from here)."""
        return Deadline(MAX_TIME_LIMIT, clock=self.clock)

    def _position(self, match: _Match) -> MNKGame:
        """The brain's position as an MNKGame with the brain to move; ProtocolError if it cannot be."""
        own = sum(1 << c for c, who in match.stones.items() if who == OWN)
        opponent = sum(1 << c for c, who in match.stones.items() if who == OPPONENT)
        own_count, opponent_count = own.bit_count(), opponent.bit_count()
        if own_count == opponent_count:
            x_bits, o_bits = own, opponent  # the brain has the first player's colour
        elif own_count == opponent_count - 1:
            x_bits, o_bits = opponent, own
        else:
            raise ProtocolError(
                f"the brain has {own_count} stones and the opponent {opponent_count}: "
                "it is not the brain's turn"
            )
        text = format_position(x_bits, o_bits, match.width, match.height)
        try:
            game = MNKGame.from_notation(text, K, symmetry=False)
        except GameError as error:
            raise ProtocolError(f"impossible position: {error}") from None
        if game.is_terminal():
            raise ProtocolError("the game is over: five in a row or a full board")
        return game

    def _estimated_time_left(self) -> int | None:
        """The match time left when no ``time_left`` came before this move: the last one
        sent less the brain's own use since, else ``timeout_match`` less its use in this
        match (``None`` or :data:`UNLIMITED_MS`: no limit)."""
        control = self.control
        if control.time_left_ms is not None and control.time_left_ms != UNLIMITED_MS:
            since = self.used_seconds - self.used_at_time_left
            return int(control.time_left_ms - 1000 * since)
        if control.timeout_match_ms > 0 and control.time_left_ms is None:
            return int(control.timeout_match_ms - 1000 * self.used_seconds)
        return control.time_left_ms

    def _think(self, turn: Deadline) -> list[str]:
        """Choose and play the brain's move; the answer lines (messages, then ``x,y``)."""
        match = self._require_match()
        out = [f"MESSAGE {warning}" for warning in self.info_warnings]
        self.info_warnings = []
        if self.rule != FREESTYLE_RULE:
            raise ProtocolError(
                f"INFO rule {self.rule} is not supported: this brain plays freestyle "
                "gomoku only (rule 0: five or more in a row wins)"
            )
        game = self._position(match)
        control = self.control
        if not self.time_left_fresh:  # no time_left this turn: estimate it
            control = replace(control, time_left_ms=self._estimated_time_left())
        self.time_left_fresh = False
        empty = game.geometry.cells - game.stones
        budget = move_budget(control, empty)
        left = budget - turn.elapsed()
        deadline = Deadline(max(left, 1e-6), clock=self.clock)
        choice = choose_move(
            game, deadline, self.table, vcf_nodes=self.vcf_nodes, max_depth=self.max_depth
        )
        self.last_move = choice
        match.stones[choice.cell] = OWN
        self.used_seconds += turn.elapsed()
        out.append(f"MESSAGE {self._describe(game, choice, budget)}")
        if self.debug:
            out.append(
                f"DEBUG budget {budget:.3f} s, used {turn.elapsed():.3f} s, "
                f"position {game.to_notation()}"
            )
        out.append(self._format(choice.cell))
        return out

    def _describe(self, game: MNKGame, choice: BrainMove, budget: float) -> str:
        move = self._format(choice.cell)
        if choice.reason == "five":
            return f"five at {move}"
        if choice.reason == "block":
            return f"blocks the opponent's four at {move}"
        if choice.reason == "vcf":
            line = " ".join(self._format(c) for c in choice.line)
            return f"win by continuous fours (VCF): {line}"
        if choice.reason == "search":
            return (
                f"depth {choice.depth} ev {choice.value} n {choice.nodes} "
                f"budget {budget:.2f}s move {move}"
            )
        if choice.reason == "one ply":
            return f"one ply ev {choice.value} budget {budget:.2f}s move {move}"
        return f"{choice.reason}: {move}"
