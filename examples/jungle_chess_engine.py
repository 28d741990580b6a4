"""The ``jungle-chess`` package's Dou Shou Qi rules behind the line protocol of ``check``.

A real engine that nobody here wrote (PyPI ``jungle-chess``, the game of
https://github.com/barbanevosa/jungle-chess), to check this package's
``--rules standard`` against::

    python examples/jungle_chess_engine.py --draw-limit 200

    python -m reference check dou-shou-qi --rules standard --depth 2 \\
        --engine "python examples/jungle_chess_engine.py --draw-limit 200"

Needs the ``peers`` extra (``pip install -e '.[peers]'``).  This file does not import
this package: the moves come from ``jungle_chess.board.Board.legal_moves`` and are made
by ``Board.move`` (its rules: dog 3, wolf 4, a piece on an opponent's trap may be taken
by any enemy and itself takes at full strength, a rat cannot take across the water's
edge, lion and tiger jump the river unless a rat is in the way).

**Move names.**  ``jungle-chess`` names a square ``(col, row)``, ``(0, 0)`` Red's left
corner; Red moves first and starts on rows 0-2.  This package's A moves first from
rows 1-3, so ``(col, row)`` is ``"abcdefg"[col] + str(row + 1)`` and a move is
``from-to`` (``e3-d3``).  The start squares of the two packages are compared at start-up
(:func:`check_start`), so a change of either layout cannot pass unnoticed.

**What the adapter adds** (``jungle-chess`` leaves it to its network game or not at
all; each is this package's rule, said in docs/oracle.md):

* the hang: ``Board.legal_moves`` loops forever when a lion or tiger faces a river with a
  rat in it (its ``while`` loop ``continue``\\ s without stepping).  :func:`legal_moves`
  lifts the rats off that piece's river paths, asks the package, puts them back and drops
  the landings beyond the water the rats were in (the package's own comment: "exclude
  jumping over rats").  This is the one rule the adapter decides;
* the draw limit (``--draw-limit N`` plies from the start, 0 = none) and a side with no
  legal move losing (the package has neither);
* ``value``: a plain negamax over the package's moves (no table, no ordering), for the
  side to move: ``1`` / ``0`` / ``-1``.  Only positions near the draw limit are small
  enough for it.

**Protocol.**  Version 2 of ``check``'s protocol (docs/oracle.md): the handshake is answered
with ``protocol 2 dou-shou-qi draw_limit=N rules=standard``, so a reference playing other options stops at the first line, and
request ids are echoed.  ``--protocol 1`` plays an engine written before the handshake.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from jungle_chess.board import Board
from jungle_chess.constants import COLS, ROWS
from jungle_chess.constants import Side as JungleSide

FILES = "abcdefg"
START_A = {"a1", "g1", "b2", "f2", "a3", "c3", "e3", "g3"}
"""This package's start squares of A (Figure 2 of the thesis; every rule set)."""
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))

Pos = tuple[int, int]
Undo = tuple[Any, Pos, Pos, Any, Any]


def name(pos: Pos) -> str:
    """This package's name of the ``jungle-chess`` square ``(col, row)``."""
    return f"{FILES[pos[0]]}{pos[1] + 1}"


SQUARES = {name((col, row)): (col, row) for col in range(COLS) for row in range(ROWS)}
"""``jungle-chess``'s square of each of this package's square names."""


def check_start(board: Board) -> None:
    """Red's start squares are A's, Green's are their 180-degree rotation."""
    red = {name(piece.pos) for piece in board.pieces(JungleSide.RED)}
    green = {
        name((COLS - 1 - p.pos[0], ROWS - 1 - p.pos[1])) for p in board.pieces(JungleSide.GREEN)
    }
    if red != START_A or green != START_A:
        raise SystemExit(
            f"jungle_chess_engine: unexpected start squares {sorted(red)} / {sorted(green)}"
        )


def blocked_river_paths(board: Board, pos: Pos) -> list[tuple[list[Pos], Pos]]:
    """``(river squares, landing)`` of each jump of the piece on ``pos`` with a rat in the river."""
    piece = board.at(pos)
    found: list[tuple[list[Pos], Pos]] = []
    if piece is None or not piece.can_jump:
        return found
    for dcol, drow in STEPS:
        col, row = pos[0] + dcol, pos[1] + drow
        path: list[Pos] = []
        while 0 <= col < COLS and 0 <= row < ROWS and Board.is_river((col, row)):
            path.append((col, row))
            col, row = col + dcol, row + drow
        if path and any(board.at(sq) is not None for sq in path):
            found.append((path, (col, row)))
    return found


def legal_moves(board: Board, pos: Pos) -> set[Pos]:
    """``Board.legal_moves(pos)`` without its hang (see the module docstring)."""
    blocked = blocked_river_paths(board, pos)
    if not blocked:
        return set(Board.legal_moves(board, pos))
    squares = board._squares  # the package's own grid: [row][col]
    lifted = [(sq, squares[sq[1]][sq[0]]) for path, _ in blocked for sq in path]
    for (col, row), _ in lifted:
        squares[row][col] = None
    try:
        moves = set(Board.legal_moves(board, pos))
    finally:
        for (col, row), piece in lifted:
            squares[row][col] = piece
    return moves - {landing for _, landing in blocked}


class JungleEngine:
    """``jungle-chess``'s board, the draw limit, and the protocol's two questions."""

    def __init__(self, draw_limit: int | None) -> None:
        self.draw_limit = draw_limit
        self.board = Board()
        check_start(self.board)
        # Board.move checks its move with legal_moves: give it the one that cannot hang
        self.board.legal_moves = lambda pos: legal_moves(self.board, pos)
        self.side = JungleSide.RED
        self.plies = 0

    # ------------------------------------------------------------ the board
    def moves(self) -> list[tuple[str, Pos, Pos]]:
        """The legal moves of the side to move (none when the game is over)."""
        board = self.board
        if not self.moves_allowed():
            return []
        found = []
        for piece in sorted(board.pieces(self.side), key=lambda p: p.pos):
            for dst in sorted(legal_moves(board, piece.pos)):
                found.append((f"{name(piece.pos)}-{name(dst)}", piece.pos, dst))
        return found

    def make(self, src: Pos, dst: Pos) -> Undo:
        board = self.board
        undo = (board.at(src), src, dst, board.at(dst), board.outcome)
        board.move(src, dst)  # the package's move: captures, den, last piece taken
        if board.at(dst) is not undo[0]:
            raise ValueError(f"jungle-chess refused {name(src)}-{name(dst)}")
        self.side = JungleSide.opposite(self.side)
        self.plies += 1
        return undo

    def unmake(self, undo: Undo) -> None:
        piece, src, dst, captured, outcome = undo
        squares = self.board._squares
        squares[src[1]][src[0]] = piece
        squares[dst[1]][dst[0]] = captured
        piece.move(src)
        if captured is not None:
            self.board._pieces[captured.side].add(captured)
        self.board._outcome = outcome
        self.side = JungleSide.opposite(self.side)
        self.plies -= 1

    def play(self, moves: list[str]) -> list[Undo]:
        """Play ``moves`` from the current position, each checked; return their undo records."""
        done: list[Undo] = []
        for text in moves:
            move = self.legal_move(text)
            if move is None:
                for undo in reversed(done):
                    self.unmake(undo)
                raise ValueError(f"move {text!r} is not legal here")
            done.append(self.make(*move))
        return done

    def legal_move(self, text: str) -> tuple[Pos, Pos] | None:
        """The squares of ``text`` (``e3-d3``) if it is a legal move of the side to move."""
        src_text, _, dst_text = text.partition("-")
        src, dst = SQUARES.get(src_text), SQUARES.get(dst_text)
        if src is None or dst is None:
            return None
        piece = self.board.at(src)
        if piece is None or piece.side != self.side or not self.moves_allowed():
            return None
        return (src, dst) if dst in legal_moves(self.board, src) else None

    def moves_allowed(self) -> bool:
        """Whether the game goes on: no den entered, no side without pieces, before the limit."""
        if self.board.outcome is not None:
            return False
        return self.draw_limit is None or self.plies < self.draw_limit

    # ------------------------------------------------------------ questions
    def perft(self, depth: int) -> int:
        if depth == 0:
            return 1
        moves = self.moves()
        if depth == 1:
            return len(moves)
        total = 0
        for _, src, dst in moves:
            undo = self.make(src, dst)
            total += self.perft(depth - 1)
            self.unmake(undo)
        return total

    def divide(self, depth: int) -> list[tuple[str, int]]:
        result = []
        for text, src, dst in self.moves():
            undo = self.make(src, dst)
            result.append((text, self.perft(depth - 1)))
            self.unmake(undo)
        return result

    def value(self) -> int:
        """Negamax: 1 / 0 / -1 for the side to move."""
        if self.board.outcome is not None:
            return 1 if self.board.outcome == self.side else -1
        moves = self.moves()
        if not moves:
            return 0 if self.draw_limit is not None and self.plies >= self.draw_limit else -1
        best = -1
        for _, src, dst in moves:
            undo = self.make(src, dst)
            best = max(best, -self.value())
            self.unmake(undo)
            if best == 1:
                break
        return best


def answer(engine: JungleEngine, command: str, rest: list[str]) -> str:
    """The answer to one request (raise ``ValueError`` / ``IndexError`` on a bad one)."""
    if command == "perft":
        depth, moves = int(rest[0]), rest[1:]
        done = engine.play(moves)
        try:
            counts = engine.divide(depth)
        finally:
            for undo in reversed(done):
                engine.unmake(undo)
        lines = [f"{text} {count}" for text, count in counts]
        lines.append(f"total {sum(count for _, count in counts)}")
        return "\n".join(lines)
    if command == "value":
        done = engine.play(rest)
        try:
            return f"value {engine.value()}"
        finally:
            for undo in reversed(done):
                engine.unmake(undo)
    raise ValueError(f"unknown request {command!r}")


def hello(engine: JungleEngine) -> str:
    """The answer to the handshake: protocol 2, this package's game name and the rule
    options in its names (no ``position``: the adapter takes move lists only)."""
    draw_limit = engine.draw_limit or 0
    return f"protocol 2 dou-shou-qi draw_limit={draw_limit} rules=standard"


def serve(engine: JungleEngine, protocol: int = 2) -> int:
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
            print(f"jungle_chess_engine: {error}", file=sys.stderr, flush=True)
            return 2
        print("\n".join(" ".join([*request_id, text]) for text in lines), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="jungle-chess's Dou Shou Qi behind the line protocol of "
        "`python -m reference check dou-shou-qi --rules standard` (see the module docstring)."
    )
    parser.add_argument(
        "--draw-limit", type=int, default=200, help="plies from the start; 0 = none (default 200)"
    )
    parser.add_argument(
        "--protocol",
        type=int,
        choices=(1, 2),
        default=2,
        help="2 (default): answer the handshake and echo request ids; 1: an engine written "
        "before the handshake (it exits on it and is restarted)",
    )
    args = parser.parse_args(argv)
    return serve(JungleEngine(args.draw_limit or None), args.protocol)


if __name__ == "__main__":
    sys.exit(main())
