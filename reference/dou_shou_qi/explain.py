"""Why, in one line: a move legal, a game over, what a move does (Dou Shou Qi rules, seed 003).

``check`` ends each finding with one of these lines (the leaf of the descent).  The
capture rule is the rules class's own (:meth:`DouShouQi.can_capture`), so whichever
rule set the game was built with is the one explained.

>>> from reference.dou_shou_qi.rules import DouShouQi
>>> game = DouShouQi.start()
>>> why_legal(game, game.parse_move("a3-a4"))
'a3-a4 is legal: the A elephant steps one square orthogonally onto empty land'
"""

from __future__ import annotations

from reference.dou_shou_qi.geometry import DEN, TRAPS_OF, WATER, Side, neighbours, square_name
from reference.dou_shou_qi.rules import DouShouQi, Move


def _name(kind: object) -> str:
    return str(getattr(kind, "name", kind)).lower()


def why_legal(game: DouShouQi, move: Move) -> str:
    """Why ``move`` is legal: the piece, how it moves (step, swim, jump) and what it takes."""
    text = game.format_move(move)
    piece = game.piece_at(move.src)
    if piece is None:
        return f"{text} is legal here"
    who = f"the {piece.side.name} {_name(piece.kind)}"
    how = (
        "steps one square orthogonally"
        if move.dst in neighbours(move.src)
        else "jumps over the water (no mouse in the way)"
    )
    where = "into the water (only mice swim)" if move.dst in WATER else "onto"
    target = game.piece_at(move.dst)
    if move.dst == DEN[Side(1 - piece.side)]:
        return f"{text} is legal: {who} {how} into the opponent's den, and wins"
    if target is None:
        land = "" if move.dst in WATER else " empty land"
        return f"{text} is legal: {who} {how} {where}{land}"
    reason = (
        f"it stands on {piece.side.name}'s trap {square_name(move.dst)}, where it has strength 0"
        if move.dst in TRAPS_OF[piece.side]
        else "the capture rule allows it"
    )
    return f"{text} is legal: {who} {how} and takes the {_name(target.kind)} ({reason})"


def why_over(game: DouShouQi) -> str:
    """Why the game is over: a den entered (which piece), no pieces, no move, or the draw limit."""
    winner = game.winner()
    if winner is None:
        return f"{game.result_text()}: {game.plies} plies played, the draw limit is {game.draw_limit}: worth 0"
    loser = Side(1 - winner)
    intruder = game.piece_at(DEN[loser])
    if intruder is not None:
        how = f"the {winner.name} {_name(intruder.kind)} entered {loser.name}'s den {square_name(DEN[loser])}"
    else:
        how = game.result_text()
    worth = -1 if game.to_move == loser else 1
    return f"{how}: {winner.name} wins; worth {worth} to the side to move ({game.to_move.name})"


def what_move_does(game: DouShouQi, move: Move) -> str:
    """What ``move`` does: enters the den, takes a piece, or steps; the turn passes."""
    text = game.format_move(move)
    target = game.piece_at(move.dst)
    piece = game.piece_at(move.src)
    if piece is not None and move.dst == DEN[Side(1 - piece.side)]:
        return f"{text} enters the opponent's den: {piece.side.name} wins"
    if target is not None:
        return f"{text} takes the {target.side.name} {_name(target.kind)}; the turn passes"
    return f"{text} takes nothing; the turn passes"
