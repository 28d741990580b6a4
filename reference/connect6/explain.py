"""Why, in one line: a move legal, a game over, what a move does (Connect6 rules, seed 004).

``check`` ends each finding with one of these lines (the leaf of the descent).
"""

from __future__ import annotations

from reference.connect6.notation import Move, format_point
from reference.connect6.rules import Connect6
from reference.in_a_row import winning_cells, won_sentence

SIX = 6
"""Stones in a row that win (six or more)."""


def winning_line(game: Connect6, colour: int) -> list[str]:
    """The first line of six or more of ``colour``'s stones, whole, or ``[]``."""
    geo, stones, size = game.geo, game.stones(colour), game.size

    def has(c: int, r: int) -> bool:
        return 0 <= c < size and 0 <= r < size and bool(stones >> geo.point(c, r) & 1)

    return [format_point(geo, geo.point(c, r)) for c, r in winning_cells(size, size, SIX, has)]


def line_words(cells: list[str]) -> str:
    """``six in a row``, or for a longer line its length and the rule that it wins."""
    if len(cells) > SIX:
        return f"{len(cells)} in a row (six or more wins)"
    return "six in a row"


def why_legal(game: Connect6, move: Move) -> str:
    """Why ``move`` is legal: its points are empty, the stone count is right, no six yet."""
    count = game.stones_per_move()
    stones = "one stone" if count == 1 else "two stones"
    return (
        f"{game.format_move(move)} is legal: {game.player_name(game.to_move)} places {stones} "
        "on empty points and no one has six in a row yet"
    )


def why_over(game: Connect6) -> str:
    """Why the game is over: the six in a row (its points), or a full board."""
    winner = game.winner()
    if winner is None:
        return "the board is full and no one has six in a row: a draw, worth 0"
    line = winning_line(game, winner)
    return won_sentence(
        game.player_name(winner), line_words(line), line, game.player_name(1 - winner)
    )


def what_move_does(game: Connect6, move: Move) -> str:
    """What ``move`` does: completes six in a row (the points), or passes the turn."""
    name, mover = game.format_move(move), game.to_move
    game.make(move)
    try:
        if game.winner() is not None:
            line = winning_line(game, mover)
            return f"{name} completes {line_words(line)} for {game.player_name(mover)}: {' '.join(line)}"
        return f"{name} completes no six; the turn passes"
    finally:
        game.unmake()
