"""Why, in one line: a move legal, a game over, what a move does ((M,N,K) rules, seed 001).

``check`` ends each finding with one of these lines (the leaf of the descent), so an
engine author reads the rule at stake, not only the counts.

>>> from reference.mnk.game import MNKGame
>>> game = MNKGame(3, 3, 3)
>>> for name in "a1 b1 b2 c1 c3".split():
...     _ = game.play(game.parse_move(name))
>>> why_over(game)
'x has 3 in a row: a1 b2 c3; the side to move (o) has lost: -1'
>>> game = MNKGame(4, 4, 3)
>>> for name in "a1 a4 b1 b4 d1 c3 c1".split():
...     _ = game.play(game.parse_move(name))
>>> why_over(game)
'x has 4 in a row (K = 3: K or more wins): a1 b1 c1 d1; the side to move (o) has lost: -1'
"""

from __future__ import annotations

from reference.in_a_row import winning_cells, won_sentence
from reference.mnk.rules import MNKState


def winning_line(game: MNKState, side: int) -> list[str]:
    """The first line of K or more of ``side``'s stones (scanned a1 upwards), whole, or ``[]``."""
    m, n, bits = game.m, game.n, game.bits[side]

    def has(c: int, r: int) -> bool:
        return 0 <= c < m and 0 <= r < n and bool(bits >> (r * m + c) & 1)

    return [game.format_move(r * m + c) for c, r in winning_cells(m, n, game.k, has)]


def line_words(game: MNKState, cells: list[str]) -> str:
    """``K in a row``, or for a longer line its length and the rule that it wins."""
    if len(cells) > game.k:
        return f"{len(cells)} in a row (K = {game.k}: K or more wins)"
    return f"{game.k} in a row"


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
    line = winning_line(game, winner)
    return won_sentence(
        game.player_name(winner), line_words(game, line), line, game.player_name(1 - winner)
    )


def what_move_does(game: MNKState, move: int) -> str:
    """What ``move`` does: completes a K-line (the cells), fills the board, or passes the turn."""
    name, mover = game.format_move(move), game.player_name(game.to_move)
    game.make(move)
    try:
        if game.winner() is not None:
            line = winning_line(game, game.winner() or 0)
            return f"{name} completes {line_words(game, line)} for {mover}: {' '.join(line)}"
        if game.is_terminal():
            return f"{name} fills the last cell: a draw"
        return f"{name} completes no line; the turn passes"
    finally:
        game.unmake()
