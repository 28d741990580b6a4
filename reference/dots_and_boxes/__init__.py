"""Dots and Boxes (seed 000, Liu, Li and Chen): rules, hashing, chains, Algorithms 1, 2; a solver.

Modules, from the ground up: :mod:`.geometry` (edges, boxes, symmetries), :mod:`.notation`,
:mod:`.chains`, :mod:`.evaluation` (formulas 17-18) and :mod:`.ordering` (search order, the
capture rule), :mod:`.rules` (the state class); the paper's items :mod:`.hashing`,
:mod:`.algorithm1`, :mod:`.bidirectional`, :mod:`.generation`, :mod:`.formulas`,
:mod:`.matrix_game` over the oracle :mod:`.exhaustive`; the engine :mod:`.engine` (after
Barker and Korf 2012) with :mod:`.layout`, :mod:`.endgame` and :mod:`.checkpoint`.
"""

from reference.dots_and_boxes.geometry import Edge, Edges, Geometry, Side, geometry
from reference.dots_and_boxes.rules import DotsAndBoxes

__all__ = ["DotsAndBoxes", "Edge", "Edges", "Geometry", "Side", "geometry"]
