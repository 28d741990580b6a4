"""Dou Shou Qi (Jungle): rules, the thesis's evaluation, move ordering and split search.

Seed 003 (Burnett, *Discovering and Searching Loosely Coupled Subproblems in Dou
Shou Qi*, 2010).  The public board API is documented in
:mod:`reference.dou_shou_qi.board`.
"""

from reference.dou_shou_qi.board import NON_MOVE, DouShouQi, Move
from reference.dou_shou_qi.notation import Piece, Placement
from reference.dou_shou_qi.squares import Kind, Side, Square, parse_square, square_name

__all__ = [
    "NON_MOVE",
    "DouShouQi",
    "Kind",
    "Move",
    "Piece",
    "Placement",
    "Side",
    "Square",
    "parse_square",
    "square_name",
]
