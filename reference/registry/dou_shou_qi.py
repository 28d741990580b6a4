"""Dou Shou Qi in the registry: ``python -m reference <command> dou-shou-qi``.

Seed 003.  ``--position`` takes the piece-list notation (``A: Ta1 Lg1 ... / B: ... /
A``) or a named position (``start``, ``appendix-a-a``, ``appendix-a-m`` ...
``appendix-a-t``); ``--moves`` takes ``from-to`` moves such as ``"e3-d3 c7-d7"``.
Options: ``--draw-limit N`` (plies, default 200 as in §11; 0 = none) and ``--ordering
thesis|none`` (the §11 move order in the move list, default ``thesis``; ``perft``
counts are the same either way), ``--rules thesis|standard|vanrijn`` (the rule set, default
``thesis``: §2.1 as written; ``standard``: the common Jungle rules, dog 3, wolf 4, a piece
on an opponent's trap still takes at full strength).
"""

from __future__ import annotations

from reference.dou_shou_qi.geometry import RULE_SETS, THESIS_RULES
from reference.dou_shou_qi.ordering import ORDERINGS, THESIS_ORDER
from reference.dou_shou_qi.positions import NAMED_POSITIONS
from reference.dou_shou_qi.rules import DEFAULT_DRAW_LIMIT, DouShouQi
from reference.ranges import IntRange
from reference.registry import GameSpec, Options, choice, int_value, integer, text_value
from reference.search.protocol import MAX_PLY

DRAW_LIMIT = IntRange(0, MAX_PLY)
"""``--draw-limit``: plies; 0 = no limit, at most the search core's deepest ply."""


def new_game(options: Options, position: str | None) -> DouShouQi:
    """The start, a named position, or a position in piece-list notation."""
    limit = int_value(options, "draw_limit")
    draw_limit = None if limit == 0 else limit
    ordering = text_value(options, "ordering") or THESIS_ORDER
    rules = text_value(options, "rules") or THESIS_RULES.name
    text = NAMED_POSITIONS["start"] if position is None else position.strip()
    text = NAMED_POSITIONS.get(text, text)
    return DouShouQi.from_notation(text, draw_limit=draw_limit, ordering=ordering, rules=rules)


SOLVED_PLIES = 24
"""The most plies left before the draw limit, at the start, for which ``check`` and ``suite``
try values by default (our choice: the 200-ply default limit is far beyond any solve)."""


def default_budget(game: DouShouQi) -> int:
    """Nodes ``check`` and ``suite`` let a reference solve spend per position by default: none
    (0, values not tried) without a draw limit or with more than :data:`SOLVED_PLIES` plies
    left, else 2**16 (our choice; measured in docs/oracle.md)."""
    limit = game.draw_limit
    return 0 if limit is None or limit - game.plies > SOLVED_PLIES else 1 << 16


def rule_options(game: DouShouQi) -> dict[str, object]:
    """The options that decide the rules: the draw limit (0: none) and the rule set
    (``thesis`` or ``standard``)."""
    return {"draw_limit": game.draw_limit or 0, "rules": game.rules.name}


SPEC = GameSpec(
    name="dou-shou-qi",
    help="Dou Shou Qi / Jungle (seed 003): 7 x 9 board, thesis evaluation and move ordering",
    options=(
        integer(
            "draw_limit",
            DRAW_LIMIT,
            f"plies after which the game is drawn (default {DEFAULT_DRAW_LIMIT}; 0 = no limit)",
            DEFAULT_DRAW_LIMIT,
        ),
        choice(
            "ordering",
            ORDERINGS,
            "move order: thesis = captures, lion, tiger, elephant, mouse, rest (default)",
            THESIS_ORDER,
        ),
        choice(
            "rules",
            tuple(RULE_SETS),
            "rule set: thesis = §2.1 as written (wolf 3, dog 4, a piece on an enemy trap "
            "takes nothing; default); standard = common Jungle rules (dog 3, wolf 4, "
            "a trapped piece still takes); vanrijn = the rules of van Rijn and Vis's endgame "
            "tables (the thesis's, but the elephant takes the mouse and a mouse takes a "
            "mouse across the water's edge)",
            THESIS_RULES.name,
        ),
    ),
    new_game=new_game,
    moves_example="e3-d3 c7-d7",
    rule_options=rule_options,
    budget=default_budget,
    explain="reference.dou_shou_qi.explain",
)
