"""The (M,N,K)-game of seed 001 (Luccioli, *Project Report: Algorithms and Data Structures*).

:mod:`.board` (bitboards, rules, Zobrist and symmetry keys), :mod:`.notation`
(cells and positions), :mod:`.symmetry`, :mod:`.threats` (the threat heuristic),
:mod:`.player` (a time-limited player) and :mod:`.cli` (the command-line spec).
"""

from reference.mnk.board import ORDERINGS, MNKGame, Player, has_k_line

__all__ = ["ORDERINGS", "MNKGame", "Player", "has_k_line"]
