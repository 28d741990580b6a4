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

from reference.dou_shou_qi.geometry import DEN, TRAPS_OF, WATER, Kind, Side, neighbours, square_name
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
    return f"{text} is legal: {who} {how} and takes the {_name(target.kind)} ({capture_reason(game, move)})"


def capture_reason(game: DouShouQi, move: Move) -> str:
    """The capture rule that allows ``move``, with its numbers: the trap and the strengths used.

    >>> game = DouShouQi.from_notation("A: Dd3 Mg1 / B: Wd4 Mg9 / A / 10")
    >>> capture_reason(game, game.parse_move("d3-d4"))
    'strength 4 (dog) against 3 (wolf): 4 >= 3, the thesis rules'
    >>> game = DouShouQi.from_notation("A: Wd8 Mg1 / B: Dc8 Mg9 / A / 10", rules="standard")
    >>> capture_reason(game, game.parse_move("d8-c8"))
    "standing on B's trap d8, it takes at full strength under the standard rules; strength 4 (wolf) against 3 (dog): 4 >= 3, the standard rules"
    """
    piece, target = game.piece_at(move.src), game.piece_at(move.dst)
    assert piece is not None and target is not None
    rules = game.rules
    strength = rules.strength
    mine, theirs = strength[piece.kind], strength[target.kind]
    names = f"({_name(piece.kind)}) against {theirs} ({_name(target.kind)})"
    if move.dst in TRAPS_OF[piece.side]:
        return (
            f"the {_name(target.kind)} stands on {piece.side.name}'s trap {square_name(move.dst)}, "
            f"where its strength is 0, not {theirs}: any enemy takes it"
        )
    on_trap = ""
    if move.src in TRAPS_OF[Side(1 - piece.side)]:
        on_trap = (
            f"standing on {Side(1 - piece.side).name}'s trap {square_name(move.src)}, it takes at "
            f"full strength under the {rules.name} rules; "
        )
    if piece.kind == Kind.MOUSE and target.kind == Kind.ELEPHANT:
        return f"{on_trap}the mouse takes the elephant (strength {mine} against {theirs}: the exception)"
    if piece.kind == Kind.ELEPHANT and target.kind == Kind.MOUSE:
        return f"{on_trap}the elephant takes the mouse under the {rules.name} rules"
    return f"{on_trap}strength {mine} {names}: {mine} >= {theirs}, the {rules.name} rules"


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
