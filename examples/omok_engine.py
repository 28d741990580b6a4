"""The ``omok`` package's Connect6 behind the line protocol of ``python -m reference check``.

A real engine that nobody here wrote (PyPI ``omok``, https://github.com/sjjeong94/omok:
an environment for Omok / Gomoku and Connect6 AIs), to check this package's Connect6
against::

    python examples/omok_engine.py --size 6

    python -m reference check connect6 --size 6 --depth 1 \\
        --engine "python examples/omok_engine.py --size 6"

Needs the ``peers`` extra (``pip install -e '.[peers]'``).  This file does not import
this package.  What ``omok.Connect6`` implements (read in its ``env.py``): black places
one stone, then each side two (its ``get_stones_left``); a stone goes on an empty point;
six **or more** in a row wins (``check_match(...) >= 6``: an overline wins, as here); a
full board is a draw; the game ends at the stone that wins or fills the board.  Its
board is 19 x 19 (a class attribute); ``--size S`` makes a subclass with ``size = S``,
which every method reads.

**Move names.**  ``omok`` numbers a point ``pos = y * size + x`` (its ``check`` does
``divmod(pos, size)``); this package names a point by column letter and row number.
``(x, y)`` is ``"abc..."[x] + str(y + 1)``; whether ``omok``'s ``y = 0`` is the top or the
bottom is a mirror image, a symmetry of the game that no count or value can see.  A move is
one point (``j10``) or two (``i9,k11``, either order).

**What the adapter decides** (``omok`` places stones one at a time, the protocol names
whole moves):

* the moves of a turn are the sets of ``get_stones_left()`` empty points (fewer when
  the board has fewer left), taken from ``omok``'s legal mask at the start of the turn;
  each stone is placed by ``omok``'s ``move``, which must accept it;
* a pair whose first stone already wins (or fills the board) ends the game there: ``omok``
  places no second stone, and the pair counts as one move that ends the game;
* ``value``: a plain negamax over ``omok``'s moves (no table), ``1`` / ``0`` / ``-1`` for the
  side to move; only positions with a few empty points are small enough for it.

**Protocol.**  Version 2 of ``check``'s protocol (docs/oracle.md): the handshake is answered
with ``protocol 2 connect6 size=S``, so a reference playing other options stops at the first line, and
request ids are echoed.  ``--protocol 1`` plays an engine written before the handshake.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from typing import Any

from omok import Connect6

COLUMN_LETTERS = "abcdefghijklmnopqrs"


class OmokEngine:
    """``omok``'s Connect6 on an S x S board, and the protocol's two questions."""

    def __init__(self, size: int) -> None:
        board_class = type(f"Connect6x{size}", (Connect6,), {"size": size})
        self.env: Any = board_class()
        self.size = size
        self.to_pos: dict[str, int] = {}
        self.to_name: dict[int, str] = {}
        for pos in range(size * size):
            y, x = divmod(pos, size)  # omok's own reading of a position (env.check)
            name = f"{COLUMN_LETTERS[x]}{y + 1}"
            self.to_pos[name] = pos
            self.to_name[pos] = name

    def moves(self) -> list[tuple[int, ...]]:
        """The moves of the side to move: sets of stones_left empty points (none when over)."""
        env = self.env
        if env.is_done():
            return []
        empty = [int(pos) for pos in env.get_legal_mask().nonzero()[0]]
        stones = min(env.get_stones_left(), len(empty))
        return list(itertools.combinations(empty, stones))

    def make(self, move: tuple[int, ...]) -> int:
        """Place the stones of ``move`` with ``omok``'s ``move``; return how many it placed."""
        placed = 0
        for pos in move:
            if self.env.is_done():
                break  # the first stone won or filled the board: omok places no second one
            if self.env.move(pos) == -1:
                self.unmake(placed)
                raise ValueError(f"omok refused the stone {self.to_name[pos]}")
            placed += 1
        return placed

    def unmake(self, placed: int) -> None:
        for _ in range(placed):
            self.env.move_back()

    def name(self, move: tuple[int, ...]) -> str:
        return ",".join(self.to_name[pos] for pos in move)

    def parse(self, text: str) -> tuple[int, ...]:
        """The move ``text`` if it is one of the legal moves here (points in either order)."""
        points = text.split(",")
        if any(point not in self.to_pos for point in points):
            raise ValueError(f"bad move {text!r}")
        move = tuple(sorted(self.to_pos[point] for point in points))
        env = self.env
        empty = set() if env.is_done() else {int(p) for p in env.get_legal_mask().nonzero()[0]}
        stones = min(env.get_stones_left(), len(empty))
        distinct = len(set(move)) == len(move) == stones
        if not empty or not distinct or not set(move) <= empty:
            raise ValueError(f"move {text!r} is not legal here")
        return move

    def play(self, moves: list[str]) -> int:
        """Play ``moves`` from the start (the env is reset first); return the stones placed."""
        self.env.reset()
        return sum(self.make(self.parse(text)) for text in moves)

    # ------------------------------------------------------------ questions
    def perft(self, depth: int) -> int:
        if depth == 0:
            return 1
        moves = self.moves()
        if depth == 1:
            return len(moves)
        total = 0
        for move in moves:
            placed = self.make(move)
            total += self.perft(depth - 1)
            self.unmake(placed)
        return total

    def divide(self, depth: int) -> list[tuple[str, int]]:
        result = []
        for move in self.moves():
            placed = self.make(move)
            result.append((self.name(move), self.perft(depth - 1)))
            self.unmake(placed)
        return result

    def value(self) -> int:
        """Negamax: 1 / 0 / -1 for the side to move."""
        env = self.env
        if env.is_done():
            # the game ended on the other side's stone: a win of theirs, or a draw
            return 0 if env.get_winner() == 0 else -1
        best = -1
        for move in self.moves():
            mover = env.get_player()
            placed = self.make(move)
            score = 1 if env.is_done() and env.get_winner() == mover else -self.value()
            self.unmake(placed)
            best = max(best, score)
            if best == 1:
                break
        return best


def answer(engine: OmokEngine, command: str, rest: list[str]) -> str:
    """The answer to one request (raise ``ValueError`` / ``IndexError`` on a bad one)."""
    if command == "perft":
        depth = int(rest[0])
        engine.play(rest[1:])
        counts = engine.divide(depth)
        lines = [f"{name} {count}" for name, count in counts]
        lines.append(f"total {sum(count for _, count in counts)}")
        return "\n".join(lines)
    if command == "value":
        engine.play(rest)
        return f"value {engine.value()}"
    raise ValueError(f"unknown request {command!r}")


def hello(engine: OmokEngine) -> str:
    """The answer to the handshake: protocol 2, this package's game name and the rule
    options in its names (no ``position``: the adapter takes move lists only)."""
    return f"protocol 2 connect6 size={engine.size}"


def serve(engine: OmokEngine, protocol: int = 2) -> int:
    """Answer protocol requests on stdin until ``quit`` or end of input.

    Protocol 2 (docs/oracle.md): the handshake ``protocol 2 ...`` is answered with
    :func:`hello`; a request that starts with an id (``12 perft 2 e3-d3``) is answered with
    lines that start with it.  ``protocol=1`` plays an engine written before the handshake:
    it takes the handshake for an unknown request and exits, as such engines do.
    """
    for line in sys.stdin:
        words = line.split()
        request_id: list[str] = []
        if words and words[0].isdigit():
            request_id, words = words[:1], words[1:]
        if not words:
            continue
        if words[0] == "quit":
            return 0
        if words[0] == "protocol" and protocol == 2:
            print(hello(engine), flush=True)
            continue
        try:
            lines = answer(engine, words[0], words[1:]).split("\n")
        except (ValueError, IndexError) as error:
            print(f"omok_engine: {error}", file=sys.stderr, flush=True)
            return 2
        print("\n".join(" ".join([*request_id, text]) for text in lines), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="omok's Connect6 behind the line protocol of "
        "`python -m reference check connect6` (see the module docstring)."
    )
    parser.add_argument("--size", type=int, default=19, help="S x S board, 6..19 (default 19)")
    parser.add_argument(
        "--protocol",
        type=int,
        choices=(1, 2),
        default=2,
        help="2 (default): answer the handshake and echo request ids; 1: an engine written "
        "before the handshake (it exits on it and is restarted)",
    )
    args = parser.parse_args(argv)
    return serve(OmokEngine(args.size), args.protocol)


if __name__ == "__main__":
    sys.exit(main())
