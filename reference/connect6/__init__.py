"""Connect6 (六子棋) with the road table, road evaluation, pair-move alpha-beta and TSS.

Seed 004 (a course report, in Chinese).  Modules, from the ground up:

* :mod:`.geometry`    board layout (padded bitboards), roads (路), neighbourhoods, ``Side``
* :mod:`.notation`    points ``j10``, moves ``i9,k11``, positions ``19/j10/i9,k11``
* :mod:`.roads`       the road table (路表): global initialisation + local modification
* :mod:`.evaluation`  road-based evaluation: the full rescan, the value from the road table
* :mod:`.candidates`  candidate points and point pairs ordered best first (for alpha-beta)
* :mod:`.rules`       the game: state, make / unmake with the Zobrist key, legal moves
* :mod:`.tss`         threat-space search (威胁空间搜索) and its full-width verifier
* :mod:`.players`     TSS first, then alpha-beta (the report's move choice)
* :mod:`.drawing`, :mod:`.figures`   SVG pictures of roads, the road table and a TSS win
* :mod:`.puzzles`     constructed TSS positions
"""

from reference.connect6.geometry import Side
from reference.connect6.notation import Move, Position, format_position, parse_position
from reference.connect6.roads import RoadTable
from reference.connect6.rules import Connect6

__all__ = [
    "Connect6",
    "Move",
    "Position",
    "RoadTable",
    "Side",
    "format_position",
    "parse_position",
]
