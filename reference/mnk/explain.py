"""Why, in one line: a move legal, a game over, what a move does ((M,N,K) rules, seed 001).

``check`` ends each finding with one of these lines (the leaf of the descent), so an
engine author reads the rule at stake, not only the counts.

>>> from reference.mnk.solver import MNKGame
>>> game = MNKGame(3, 3, 3)
>>> for name in "a1 b1 b2 c1 c3".split():
...     _ = game.play(game.parse_move(name))
>>> why_over(game)
'x has 3 in a row: a1 b2 c3; the side to move (o) has lost: -1'
"""

from __future__ import annotations

from reference.mnk.rules import MNKState

DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
"""Row, column, diagonal and anti-diagonal steps (column, row)."""


def winning_line(game: MNKState, side: int) -> list[str]:
    """The first K cells in a row of ``side``'s stones (scanned a1 upwards), or ``[]``."""
    m, n, k, bits = game.m, game.n, game.k, game.bits[side]
    for row in range(n):
        for column in range(m):
            for dc, dr in DIRECTIONS:
                cells = [(column + i * dc, row + i * dr) for i in range(k)]
                if all(0 <= c < m and 0 <= r < n and bits >> (r * m + c) & 1 for c, r in cells):
                    return [game.format_move(r * m + c) for c, r in cells]
    return []


def why_legal(game: MNKState, move: int) -> str:
    """Why placing a stone on ``move`` is legal: the cell is empty and no one has K in a row."""
    return (
        f"{game.format_move(move)} is legal: the cell is empty and no one has {game.k} in a row "
        f"yet ({game.player_name(game.to_move)} to move)"
    )


def why_over(game: MNKState) -> str:
    """Why the game is over: the winner's K-line, or a full board with none."""
    winner = game.winner()
    if winner is None:
        return f"the board is full and no one has {game.k} in a row: a draw, worth 0"
    cells = " ".join(winning_line(game, winner))
    loser = game.player_name(1 - winner)
    return f"{game.player_name(winner)} has {game.k} in a row: {cells}; the side to move ({loser}) has lost: -1"


def what_move_does(game: MNKState, move: int) -> str:
    """What ``move`` does: completes a K-line (the cells), fills the board, or passes the turn."""
    name, mover = game.format_move(move), game.player_name(game.to_move)
    game.make(move)
    try:
        if game.winner() is not None:
            cells = " ".join(winning_line(game, game.winner() or 0))
            return f"{name} completes {game.k} in a row for {mover}: {cells}"
        if game.is_terminal():
            return f"{name} fills the last cell: a draw"
        return f"{name} completes no line; the turn passes"
    finally:
        game.unmake()
