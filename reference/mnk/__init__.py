"""The (M,N,K)-game of seed 001 (Luccioli, *Project Report: Algorithms and Data Structures*).

:mod:`.geometry` (cells, K-lines, masks, the Zobrist table), :mod:`.notation` (cells
and positions), :mod:`.symmetry` (the board's symmetries, canonical keys),
:mod:`.evaluation` (the threat heuristic), :mod:`.rules` (:class:`MNKState`: make /
unmake with Zobrist hashing, legal moves, the win test), then ours, beyond the
report: :mod:`.pairing` (pairing strategies), :mod:`.game` (:class:`MNKGame`: the
rules plus threat bookkeeping, sound pruning and static proofs, the public game),
:mod:`.vcf` (victory by continuous fours) and :mod:`.players` (a time-limited player).
"""

from reference.mnk.game import MNKGame
from reference.mnk.geometry import Side, has_k_line
from reference.mnk.rules import ORDERINGS, MNKState

__all__ = ["ORDERINGS", "MNKGame", "MNKState", "Side", "has_k_line"]
