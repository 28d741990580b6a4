"""Dou Shou Qi (Jungle): rules, the thesis's evaluation, move ordering and split search.

Seed 003 (Burnett, *Discovering and Searching Loosely Coupled Subproblems in Dou
Shou Qi*, 2010).  The rules class is :class:`~reference.dou_shou_qi.rules.DouShouQi`;
squares and terrain are in :mod:`~reference.dou_shou_qi.geometry`, pieces, moves and
the notation in :mod:`~reference.dou_shou_qi.notation`.  The thesis's algorithms:
:mod:`~reference.dou_shou_qi.evaluation` (Figure 3), :mod:`~reference.dou_shou_qi.ordering`
(§11), :mod:`~reference.dou_shou_qi.cones` (effect cones, §6),
:mod:`~reference.dou_shou_qi.causality` (§7), :mod:`~reference.dou_shou_qi.partition`
(the Voronoi board partition Partition-Board and BUILD-SUBPROBLEMS, §9-§10.4) and
:mod:`~reference.dou_shou_qi.split_search` (SEARCH-SUBPROBLEMS, §10.5).
"""

from reference.dou_shou_qi.geometry import Kind, Side, Square, parse_square, square_name
from reference.dou_shou_qi.notation import NON_MOVE, Move, Piece, Placement
from reference.dou_shou_qi.rules import DouShouQi

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
