"""Why, in one line: a plan legal, a game over, what a plan does (war chess rules, seed 002).

``check`` ends each finding with one of these lines (the leaf of the descent).
"""

from __future__ import annotations

from reference.wargame.geometry import NO_TILE, Side
from reference.wargame.notation import Plan, format_action
from reference.wargame.rules import WarState


def why_legal(game: WarState, move: Plan) -> str:
    """Why ``move`` is legal: every unit of the side to move acts once, as its kind allows;
    each action with its numbers (the path cost against the unit's movement points, the
    distance to its target against its attack range)."""
    return (
        f"{game.format_move(move)} is legal: each unit of {game.player_name(game.to_move)} acts "
        f"once ({'; '.join(action_numbers(game, move))}) and turn "
        f"{game.turns_played + 1} of {game.turn_limit} may be played"
    )


def action_numbers(game: WarState, move: Plan) -> list[str]:
    """Each action of ``move`` with the rule's numbers, played in order on a copy of the battle."""
    battle = game.battle.copy()
    board = battle.board
    said: list[str] = []
    for action in move:
        unit = battle.occupant[action.source]
        if unit < 0:
            said.append(f"{format_action(board, action)}: no unit")
            continue
        points = battle.movement[unit]
        cost = battle.path_costs(unit, points).get(action.destination)
        text = f"{format_action(board, action)}: path cost {cost} of {points} movement points"
        if action.target != NO_TILE:
            distance = board.distance(action.destination, action.target)
            span = f"{battle.attack_min[unit]}-{battle.attack_max[unit]}"
            text += f", target at distance {distance} (attack range {span})"
        said.append(text)
        battle.move_unit(unit, action.destination)
        target = battle.occupant[action.target] if action.target != NO_TILE else -1
        if target >= 0:
            battle.attack(unit, target)
    return said


def why_over(game: WarState) -> str:
    """Why the game is over: one side has no units, or the turn limit is reached."""
    result, score = game.result_text(), game.terminal_score()
    if score == 0:
        return f"{result}: worth 0"
    return f"{result}; worth {1 if score > 0 else -1} to the side to move"


def what_move_does(game: WarState, move: Plan) -> str:
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
