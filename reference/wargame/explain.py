"""Why, in one line: a plan legal, a game over, what a plan does (war chess rules, seed 002).

``check`` ends each finding with one of these lines (the leaf of the descent).
"""

from __future__ import annotations

from reference.wargame.notation import Plan, Side
from reference.wargame.rules import WarGame


def why_legal(game: WarGame, move: Plan) -> str:
    """Why ``move`` is legal: every unit of the side to move acts once, as its kind allows."""
    return (
        f"{game.format_move(move)} is legal: each unit of {game.player_name(game.to_move)} acts "
        f"once (moves within its range, then attacks a unit in reach) and turn "
        f"{game.turns_played + 1} of {game.turn_limit} may be played"
    )


def why_over(game: WarGame) -> str:
    """Why the game is over: one side has no units, or the turn limit is reached."""
    result, score = game.result_text(), game.terminal_score()
    if score == 0:
        return f"{result}: worth 0"
    return f"{result}; worth {1 if score > 0 else -1} to the side to move"


def what_move_does(game: WarGame, move: Plan) -> str:
    """What ``move`` does: the units it kills, and the position it reaches."""
    name, mover = game.format_move(move), game.to_move
    opponent = Side(1 - mover)
    before = len(game.battle.units_of(opponent))
    game.make(move)
    try:
        kills = before - len(game.battle.units_of(opponent))
        return f"{name} kills {kills} unit{'s' if kills != 1 else ''}; the turn passes"
    finally:
        game.unmake()
