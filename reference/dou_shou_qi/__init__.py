"""Dou Shou Qi (Jungle): rules, the thesis's evaluation, move ordering and split search.

Seed 003 (Burnett, *Discovering and Searching Loosely Coupled Subproblems in Dou
Shou Qi*, 2010).  The public board API is documented in
:mod:`reference.dou_shou_qi.rules`.
"""

from reference.dou_shou_qi.geometry import Kind, Side, Square, parse_square, square_name
from reference.dou_shou_qi.notation import Piece, Placement
from reference.dou_shou_qi.rules import NON_MOVE, DouShouQi, Move

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
