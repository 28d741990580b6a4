"""Connect6 (六子棋) with the road table, road evaluation, pair-move alpha-beta and TSS.

Seed 004 (a course report, in Chinese).  Modules:

* :mod:`.geometry`   board layout (padded bitboards), roads, neighbourhoods
* :mod:`.notation`   points ``j10``, moves ``i9,k11``, positions ``19/j10/i9,k11``
* :mod:`.evaluation` road weights and the full-rescan evaluation
* :mod:`.roads`      the road table (路表): global initialisation + local modification
* :mod:`.board`      the game: rules, make / unmake, candidate pairs, evaluation
* :mod:`.tss`        threat-space search (威胁空间搜索) and its full-width verifier
* :mod:`.cli`        the command-line spec (``tss connect6``)
"""

from reference.connect6.board import Connect6
from reference.connect6.geometry import Player
from reference.connect6.notation import Move, Position, format_position, parse_position
from reference.connect6.roads import RoadTable

__all__ = [
    "Connect6",
    "Move",
    "Player",
    "Position",
    "RoadTable",
    "format_position",
    "parse_position",
]
