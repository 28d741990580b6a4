"""Rule corners: small, named positions that show each rule of docs/oracle.md's rule table.

A random sample of short games rarely reaches a capture, let alone a mouse in the water
beside an elephant; an engine with a rules bug there passes it.  The rule corners are
positions chosen because one rule decides their moves: each is a move list from the
start (so every engine can be asked, in either protocol, without the position form),
shipped as a suite file per game in ``reference/oracle/corners/`` with the rule it shows
on the comment line above it (``# rule: ...``), and checked by the default ``check``
before its random positions.

The Dou Shou Qi corners are found by seeded random games (:func:`dou_shou_qi_corners`,
one file line per rule set and per corner); the others are built by hand
(:data:`HAND_CORNERS`).  ``tools/rule_corners.py`` writes the files;
``tests/oracle/test_oracle_corners.py`` re-derives every line and checks that each
position still shows its rule.

>>> from reference.registry import load
>>> corners = corner_positions(load("mnk"), {"m": 4, "n": 4, "k": 3})
>>> [c.rule for c in corners][:1]
['what wins: an overline (X to move makes four in a row with K = 3)']
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from reference.dou_shou_qi.geometry import (
    DEN,
    TRAPS_OF,
    WATER,
    WATER_JUMPS,
    Kind,
    Side,
    neighbours,
)
from reference.dou_shou_qi.rules import DouShouQi
from reference.oracle.positions import play_random_move, replay
from reference.oracle.suite import game_factory, read_suite, sampling_options
from reference.registry import GameSpec, JsonObject
from reference.registry import load as load_spec
from reference.wargame.geometry import Side as WarSide
from reference.wargame.rules import WarState

CORNER_DIR = Path(__file__).with_name("corners")
"""Where the rule-corner suite files are (one per game, ``<game>.jsonl``)."""


@dataclass(frozen=True, slots=True)
class Corner:
    """A position that shows one rule: the rule's words, the game options, the moves from the start."""

    rule: str
    options: JsonObject
    moves: tuple[str, ...]


def corner_file(game: str) -> Path:
    """The rule-corner suite file of ``game``."""
    return CORNER_DIR / f"{game}.jsonl"


def read_corners(path: Path) -> Iterator[tuple[str, Any]]:
    """``(rule, suite entry)`` for every line of a corner file (the rule is its ``# rule:`` comment)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    rule = ""
    for number, line in enumerate(lines, start=1):
        if line.startswith("# rule: "):
            rule = line[len("# rule: ") :]
            continue
        for entry in read_suite([line]):
            yield rule, replace(entry, line_number=number)


def _rule_key(spec: GameSpec, options: JsonObject) -> str:
    """What decides the rules of a game built with ``options``: the rule options and files
    (a war chess scenario), every default filled in; the search options left out."""
    values = spec.check_options(sampling_options(spec, options))
    return json.dumps(values, sort_keys=True, default=str)


def corner_positions(spec: GameSpec, options: JsonObject) -> list[Corner]:
    """The corners of ``spec``'s file whose rules are those of ``options`` (search options aside)."""
    path = corner_file(spec.name)
    if not path.exists():
        return []
    wanted = _rule_key(spec, options)
    return [
        Corner(rule, dict(entry.options), entry.moves)
        for rule, entry in read_corners(path)
        if _rule_key(spec, entry.options) == wanted
    ]


def blind_to_rule_sets(
    spec: GameSpec, options: JsonObject, samples: Sequence[Sequence[str]]
) -> list[str]:
    """The other rule sets (``--rules``) under which every position of ``samples`` has the same
    legal moves as under ``options``: rule sets that the sample cannot tell apart from this one
    at perft depth 1 (empty for a game without rule sets).

    >>> from reference.registry import load
    >>> blind_to_rule_sets(load("dou-shou-qi"), {}, [(), ("a3-a4",)])
    ['standard', 'vanrijn']
    """
    names = [o for o in spec.options if o.name == "rules" and o.choices]
    if not names:
        return []
    ours = spec.check_options(options)["rules"]
    blind: list[str] = []
    for other in names[0].choices:
        if other == ours:
            continue
        mine, theirs = game_factory(spec, options), game_factory(spec, {**options, "rules": other})
        if all(_same_moves(mine, theirs, moves) for moves in samples):
            blind.append(str(other))
    return blind


def _same_moves(mine: Callable[[], Any], theirs: Callable[[], Any], moves: Sequence[str]) -> bool:
    try:
        a, b = replay(mine, moves), replay(theirs, moves)
    except ValueError:
        return False  # a move of ours is illegal there: told apart
    return sorted(map(a.format_move, a.legal_moves())) == sorted(
        map(b.format_move, b.legal_moves())
    )


# ---------------------------------------------------------------------------
# Dou Shou Qi: found in seeded random games

DouShouQiTest = Callable[[DouShouQi], bool]


def _adjacent_enemies(game: DouShouQi) -> Iterator[tuple[Kind, int, Kind, int]]:
    """``(attacker kind, its square, defender kind, its square)`` for each mover's piece next to an enemy."""
    me = game.to_move
    for piece in game.pieces(me):
        for sq in neighbours(piece.square):
            other = game.piece_at(sq)
            if other is not None and other.side != me:
                yield piece.kind, piece.square, other.kind, sq


def _pair(test: Callable[[Side, Kind, int, Kind, int], bool]) -> DouShouQiTest:
    def holds(game: DouShouQi) -> bool:
        me = game.to_move
        return any(test(me, a, src, d, dst) for a, src, d, dst in _adjacent_enemies(game))

    return holds


def _land(sq: int, side: Side) -> bool:
    """Off the water and off ``side``'s traps."""
    return sq not in WATER and sq not in TRAPS_OF[side]


def _jump_over_mouse(game: DouShouQi) -> bool:
    for piece in game.pieces(game.to_move):
        if piece.kind in (Kind.LION, Kind.TIGER):
            for landing, path in WATER_JUMPS[piece.square]:
                target = game.piece_at(landing)
                if any(game.piece_at(sq) is not None for sq in path) and (
                    target is None or target.side != piece.side
                ):
                    return True
    return False


def _jump_takes(game: DouShouQi) -> bool:
    for piece in game.pieces(game.to_move):
        if piece.kind in (Kind.LION, Kind.TIGER):
            for landing, path in WATER_JUMPS[piece.square]:
                target = game.piece_at(landing)
                if all(game.piece_at(sq) is None for sq in path) and (
                    target is not None and target.side != piece.side
                ):
                    return True
    return False


def _next_to_den(own: bool) -> DouShouQiTest:
    def holds(game: DouShouQi) -> bool:
        me = game.to_move
        den = DEN[me] if own else DEN[Side(1 - me)]
        return any(den in neighbours(p.square) for p in game.pieces(me))

    return holds


DOU_SHOU_QI_CORNERS: tuple[tuple[str, DouShouQiTest], ...] = (
    (
        "strengths of W and D: a wolf and a dog side by side, the mover's to take",
        _pair(lambda me, a, s, d, t: {a, d} == {Kind.WOLF, Kind.DOG} and _land(t, me)),
    ),
    (
        "a piece on an opponent's trap, attacking: it stands on the trap beside an enemy piece "
        "it would take at full strength",
        _pair(
            lambda me, a, s, d, t: (
                s in TRAPS_OF[Side(1 - me)]
                and _land(t, me)
                and a != Kind.MOUSE
                and d != Kind.ELEPHANT
                and a >= d
            )
        ),
    ),
    (
        "a piece on an opponent's trap, attacked: an elephant beside a mouse on the elephant's trap",
        _pair(lambda me, a, s, d, t: a == Kind.ELEPHANT and d == Kind.MOUSE and t in TRAPS_OF[me]),
    ),
    (
        "a piece on an opponent's trap, attacked: a weaker piece beside a stronger one on its trap",
        _pair(lambda me, a, s, d, t: t in TRAPS_OF[me] and a < d and d != Kind.ELEPHANT),
    ),
    (
        "the mouse and the water: a mouse in the water beside an elephant on land",
        _pair(lambda me, a, s, d, t: a == Kind.MOUSE and s in WATER and d == Kind.ELEPHANT),
    ),
    (
        "the mouse and the water: a mouse in the water beside a piece on land",
        _pair(lambda me, a, s, d, t: a == Kind.MOUSE and s in WATER and t not in WATER),
    ),
    (
        "the mouse and the water: a mouse on land beside a mouse in the water",
        _pair(
            lambda me, a, s, d, t: (
                a == Kind.MOUSE and d == Kind.MOUSE and s not in WATER and t in WATER
            )
        ),
    ),
    (
        "the mouse and the water: a mouse on land beside an enemy mouse on land",
        _pair(
            lambda me, a, s, d, t: (
                a == Kind.MOUSE and d == Kind.MOUSE and s not in WATER and _land(t, me)
            )
        ),
    ),
    (
        "elephant and mouse: an elephant beside a mouse off the traps",
        _pair(lambda me, a, s, d, t: a == Kind.ELEPHANT and d == Kind.MOUSE and _land(t, me)),
    ),
    (
        "elephant and mouse: a mouse on land beside an elephant",
        _pair(
            lambda me, a, s, d, t: (
                a == Kind.MOUSE
                and d == Kind.ELEPHANT
                and s not in WATER
                and s not in TRAPS_OF[Side(1 - me)]
            )
        ),
    ),
    ("lion and tiger jumps: a jump blocked by a mouse in the water", _jump_over_mouse),
    ("lion and tiger jumps: a jump across the water that captures on landing", _jump_takes),
    ("dens: a piece beside the other side's den (entering it wins)", _next_to_den(own=False)),
    ("dens: a piece beside its own den (it may not enter)", _next_to_den(own=True)),
)
"""Each Dou Shou Qi corner: the rule (as the table in docs/oracle.md names it) and a test on
the position, the side to move being the one the rule concerns."""


def dou_shou_qi_corners(rules: str, *, seed: int = 31, games: int = 400) -> list[Corner]:
    """The shortest move list found for each Dou Shou Qi corner in ``games`` seeded random games.

    Every ply of every game is tested; a corner not found is looked for in ``games`` more
    games with the next seed (three times at most), then left out.  The draw-limit
    corner is the position one ply before the limit of the first game that reaches it.
    """
    options: JsonObject = {} if rules == "thesis" else {"rules": rules}
    found = random_corners(
        lambda: DouShouQi(rules=rules, ordering="none"),
        options,
        DOU_SHOU_QI_CORNERS,
        seed=seed,
        games=games,
    )
    for more in range(1, 4):  # a corner still missing: more games, with the next seeds
        missing = [t for t in DOU_SHOU_QI_CORNERS if t[0] not in {c.rule for c in found}]
        if missing:
            found += random_corners(
                lambda: DouShouQi(rules=rules, ordering="none"),
                options,
                missing,
                seed=seed + more,
                games=games,
            )
    order = [rule for rule, _ in DOU_SHOU_QI_CORNERS]
    found.sort(key=lambda corner: order.index(corner.rule))
    rng = random.Random(seed)
    for _ in range(games):  # the draw: the first game that lasts to one ply before the limit
        game, moves = DouShouQi(rules=rules, ordering="none"), list[str]()
        while not game.is_terminal() and len(moves) < (game.draw_limit or 0) - 1:
            legal = game.legal_moves()
            move = legal[rng.randrange(len(legal))]
            moves.append(game.format_move(move))
            game.make(move)
        if not game.is_terminal():
            rule = "a draw: one ply before the draw limit of 200 plies"
            return [*found, Corner(rule, options, tuple(moves))]
    return found


def random_corners(
    new_game: Callable[[], Any],
    options: JsonObject,
    tests: Sequence[tuple[str, Callable[[Any], bool]]],
    *,
    seed: int,
    games: int,
) -> list[Corner]:
    """The shortest move list found for each ``(rule, test)`` in ``games`` seeded random games
    (every ply of every game tested; a corner not found is left out)."""
    rng = random.Random(seed)
    best: dict[str, tuple[str, ...]] = {}
    for _ in range(games):
        game = new_game()
        moves: list[str] = []
        while True:
            for rule, test in tests:
                if (rule not in best or len(moves) < len(best[rule])) and test(game):
                    best[rule] = tuple(moves)
            if game.is_terminal():
                break
            play_random_move(game, rng, moves)
    return [Corner(rule, options, best[rule]) for rule, _ in tests if rule in best]


# ---------------------------------------------------------------------------
# war chess: found in seeded random games of the default scenario


def _war_units(game: WarState) -> Iterator[int]:
    battle = game.battle
    yield from battle.units_of(battle.to_move)


def _detour(game: WarState) -> bool:
    """A unit with a tile within its movement points as the crow flies (the map's distance)
    that costs more by the cheapest path (around an obstacle or an enemy)."""
    battle = game.battle
    for unit in _war_units(game):
        points, here = battle.movement[unit], battle.tile[unit]
        costs = battle.path_costs(unit, points + 4)
        for tile, cost in costs.items():
            if battle.board.distance(here, tile) <= points < cost and battle.occupant[tile] < 0:
                return True
    return False


def _through_ally(game: WarState) -> bool:
    """A unit next to an ally with an empty tile beyond it within reach."""
    battle = game.battle
    for unit in _war_units(game):
        allies = [u for u in _war_units(game) if u != unit]
        reach = battle.movement_range(unit)
        for ally in allies:
            if battle.board.distance(battle.tile[unit], battle.tile[ally]) == 1 and any(
                battle.board.distance(battle.tile[ally], t) == 1
                and battle.board.distance(battle.tile[unit], t) == 2
                for t in reach
            ):
                return True
    return False


def _range_limit(at_max: bool) -> Callable[[WarState], bool]:
    def holds(game: WarState) -> bool:
        battle = game.battle
        enemies = battle.units_of(WarSide(1 - battle.to_move))
        for unit in _war_units(game):
            low, high = battle.attack_min[unit], battle.attack_max[unit]
            if not at_max and low < 2:
                continue
            wanted = high if at_max else low - 1
            for tile in battle.movement_range(unit):
                if any(battle.board.distance(tile, battle.tile[e]) == wanted for e in enemies):
                    return True
        return False

    return holds


def _last_turn(game: WarState) -> bool:
    return not game.is_terminal() and game.turns_played == game.turn_limit - 1


def _eliminated(game: WarState) -> bool:
    return game.is_terminal() and game.turns_played < game.turn_limit


WARGAME_CORNERS: tuple[tuple[str, Callable[[WarState], bool]], ...] = (
    (
        "movement cost: a tile within the movement points as the crow flies that costs more "
        "by the cheapest path (around an obstacle or an enemy: Dijkstra, enemies block)",
        _detour,
    ),
    ("movement: a unit may pass an ally (and not end on it)", _through_ally),
    (
        "attack range at its limit: an enemy at the largest distance from a reachable tile",
        _range_limit(at_max=True),
    ),
    (
        "attack range at its limit: an enemy one closer than the smallest distance (an archer, 2-2)",
        _range_limit(at_max=False),
    ),
    ("a draw: the last side turn before the turn limit", _last_turn),
    ("how a game ends: every unit of one side dead", _eliminated),
)
"""Each war chess corner of the default scenario: the rule and a test on the position."""


def wargame_corners(*, seed: int = 31, games: int = 60) -> list[Corner]:
    """The shortest move list for each war chess corner in ``games`` seeded random games."""
    spec = load_spec("wargame")
    return random_corners(lambda: spec.game({}), {}, WARGAME_CORNERS, seed=seed, games=games)


# ---------------------------------------------------------------------------
# the other games: built by hand

HAND_CORNERS: tuple[tuple[str, str, JsonObject, tuple[str, ...]], ...] = (
    (
        "mnk",
        "what wins: an overline (X to move makes four in a row with K = 3)",
        {"m": 4, "n": 4, "k": 3},
        ("a1", "a4", "b1", "b4", "d1", "c3"),
    ),
    (
        "mnk",
        "what wins: an overline (X has just made four in a row with K = 3: the game is over)",
        {"m": 4, "n": 4, "k": 3},
        ("a1", "a4", "b1", "b4", "d1", "c3", "c1"),
    ),
    (
        "mnk",
        "what wins: an overline (X has just made five in a row with K = 4: the game is over)",
        {"m": 5, "n": 5, "k": 4},
        ("a1", "a5", "b1", "b5", "d1", "c5", "e1", "e5", "c1"),
    ),
    (
        "mnk",
        "a full board: one empty cell left, X to move, no line: a draw",
        {},
        ("a3", "b3", "c3", "b2", "b1", "c2", "a2", "a1"),
    ),
    ("mnk", "what wins: K in a row (X to move completes a1 b1 c1)", {}, ("a1", "a2", "b1", "b2")),
    (
        "connect6",
        "what wins: an overline (black has just made nine in a row: the game is over)",
        {},
        ("j10", "a1,a2", "d10,e10", "b1,b2", "h10,i10", "c1,c2", "k10,l10", "a19,b19", "f10,g10"),
    ),
    (
        "connect6",
        "what wins: an overline (black has just made seven in a row: the game is over)",
        {"size": 7},
        ("a4", "a1,a2", "b4,c4", "b1,b2", "e4,f4", "c1,c2", "d4,g4"),
    ),
    (
        "connect6",
        "what wins: six in a row (black to move completes a3..f3 with either stone)",
        {"size": 6},
        ("a3", "a1,a2", "b3,c3", "b1,b2", "e3,f3"),
    ),
    (
        "dots-and-boxes",
        "completing a box: two boxes at once score two and the mover moves again",
        {},
        ("h2,1", "v1,2", "h1,1", "h1,0", "h2,0", "v1,0", "h0,1"),
    ),
    (
        "dots-and-boxes",
        "completing a box: one box, the mover moves again",
        {},
        ("h0,0", "v0,0", "h1,0"),
    ),
)
"""``(game, rule, options, moves)`` of each hand-built corner."""


def hand_corners(game: str) -> list[Corner]:
    """The hand-built corners of ``game``."""
    return [
        Corner(rule, options, moves) for name, rule, options, moves in HAND_CORNERS if name == game
    ]


__all__ = [
    "CORNER_DIR",
    "DOU_SHOU_QI_CORNERS",
    "HAND_CORNERS",
    "Corner",
    "blind_to_rule_sets",
    "corner_file",
    "corner_positions",
    "dou_shou_qi_corners",
    "hand_corners",
    "random_corners",
    "read_corners",
    "wargame_corners",
]
