"""The road table (路表): global initialisation + local modification.

Seed 004, §2.1.3 (roads, their colour and length; the score kept in the board
structure and changed by each added or removed stone, line 49), §2.1.4 and §2.2.1
(the road table, "全局初始化 + 局部修改": a new stone only changes the roads through
it, in four directions), §2.2.3 (O(1) counts of each side's roads of each length,
O(1) access to the points of roads of a given colour and length, used by TSS).

State, for a board of ``R`` roads (924 on 19 x 19)::

    stones[c][r]      number of colour-c stones on road r
    live[c][n]        set of roads of colour c and length n (n = 1..6): roads with
                      n stones of colour c and none of the other colour
    blank             roads with no stone at all (colourless, length 0)
    score[c]          sum of ROAD_WEIGHTS[n] over colour c's roads (the road evaluation,
                      kept incrementally; :mod:`.evaluation` reads it)

A road with stones of both colours is colourless ("dead"): it is in no set.
Placing or removing a stone touches only ``geometry.through[point]`` (at most 24
roads): that is the local modification; :meth:`RoadTable.rebuild` is the global
initialisation, also used as the from-scratch oracle in the tests.
"""

from __future__ import annotations

from reference.bits import Bitboard
from reference.connect6.geometry import ROAD_LENGTH, Geometry, Point, Side

ROAD_WEIGHTS: tuple[int, ...] = (0, 1, 8, 40, 400, 500, 100_000)
"""GAP (the report gives no weights): the weight of a one-coloured road by its length 0..6.

Our choice.  A road of 4 or 5 is a threat (威胁): its owner completes six with at most
two stones.  Length 6 is a won game; its weight only makes winning pairs sort first.
The weights live with the road table because the table keeps the score (§2.1.3: the
evaluation is embedded in the board structure); :mod:`.evaluation` uses the score.
"""

THREAT_LENGTHS = (4, 5)
"""Seed 004, §2.1.4: "在六子棋中，4 子和 5 子是对对方产生威胁的棋形" (in Connect6, 4 and 5
stones are the shapes that threaten the opponent; our translation)."""

RoadState = tuple[
    tuple[tuple[int, ...], tuple[int, ...]],
    tuple[tuple[frozenset[int], ...], tuple[frozenset[int], ...]],
    frozenset[int],
    tuple[int, int],
]
"""A comparable snapshot of a road table (see :meth:`RoadTable.state`)."""


class RoadTable:
    """Per-colour, per-length sets and counts of live roads, kept up to date stone by stone.

    Seed 004, §2.2.1: the road table and its "全局初始化和局部修改" maintenance (global
    initialisation and local modification).
    """

    __slots__ = ("blank", "geo", "live", "score", "stones")

    def __init__(self, geo: Geometry) -> None:
        """The table of the empty board: every road blank (global initialisation)."""
        self.geo = geo
        roads = len(geo.roads)
        self.stones: list[list[int]] = [[0] * roads, [0] * roads]
        self.live: list[list[set[int]]] = [
            [set() for _ in range(ROAD_LENGTH + 1)] for _ in range(2)
        ]
        self.blank: set[int] = set(range(roads))
        self.score: list[int] = [0, 0]

    @classmethod
    def rebuild(cls, geo: Geometry, black: Bitboard, white: Bitboard) -> RoadTable:
        """Global initialisation: build the table of a whole position by scanning every road.

        Seed 004, §2.1.3 ("在初始化棋盘结构体时，我们会得到一个初始化的分数").
        """
        table = cls(geo)
        table.blank.clear()
        for r, mask in enumerate(geo.road_masks):
            b = (black & mask).bit_count()
            w = (white & mask).bit_count()
            table.stones[Side.BLACK][r] = b
            table.stones[Side.WHITE][r] = w
            if b == 0 and w == 0:
                table.blank.add(r)
            elif w == 0:
                table.live[Side.BLACK][b].add(r)
                table.score[Side.BLACK] += ROAD_WEIGHTS[b]
            elif b == 0:
                table.live[Side.WHITE][w].add(r)
                table.score[Side.WHITE] += ROAD_WEIGHTS[w]
        return table

    def place(self, point: Point, colour: int) -> None:
        """Local modification: a ``colour`` stone arrives on the empty ``point``.

        Seed 004, §2.2.1: only the roads through the point, in four directions, change.
        """
        own = self.stones[colour]
        other = self.stones[1 - colour]
        live_own = self.live[colour]
        weights = ROAD_WEIGHTS
        gain = 0
        loss = 0
        for r in self.geo.through[point]:
            n = own[r]
            o = other[r]
            own[r] = n + 1
            if o == 0:  # blank or own road: it grows by one
                if n == 0:
                    self.blank.discard(r)
                else:
                    live_own[n].discard(r)
                live_own[n + 1].add(r)
                gain += weights[n + 1] - weights[n]
            elif n == 0:  # the opponent's road of length o dies (becomes colourless)
                self.live[1 - colour][o].discard(r)
                loss += weights[o]
        self.score[colour] += gain
        self.score[1 - colour] -= loss

    def remove(self, point: Point, colour: int) -> None:
        """Local modification: the ``colour`` stone on ``point`` is taken back (undo of :meth:`place`)."""
        own = self.stones[colour]
        other = self.stones[1 - colour]
        live_own = self.live[colour]
        weights = ROAD_WEIGHTS
        loss = 0
        gain = 0
        for r in self.geo.through[point]:
            n = own[r]
            o = other[r]
            own[r] = n - 1
            if o == 0:  # own road shrinks by one (to blank at 0)
                live_own[n].discard(r)
                if n == 1:
                    self.blank.add(r)
                else:
                    live_own[n - 1].add(r)
                loss += weights[n] - weights[n - 1]
            elif n == 1:  # the road was dead only because of this stone: it revives for the other
                self.live[1 - colour][o].add(r)
                gain += weights[o]
        self.score[colour] -= loss
        self.score[1 - colour] += gain

    def count(self, colour: int, length: int) -> int:
        """How many roads of ``colour`` have exactly ``length`` stones (O(1); length 1..6)."""
        return len(self.live[colour][length])

    def roads(self, colour: int, length: int) -> set[int]:
        """The roads of ``colour`` and ``length`` (the table's own set: do not modify)."""
        return self.live[colour][length]

    def dead_count(self) -> int:
        """How many roads hold stones of both colours (colourless, of no use to either side)."""
        live = sum(len(s) for side in self.live for s in side)
        return len(self.geo.roads) - live - len(self.blank)

    def has_six(self, colour: int) -> bool:
        """True when ``colour`` has six in a row (a road of length 6)."""
        return bool(self.live[colour][ROAD_LENGTH])

    def threat_roads(self, colour: int) -> list[int]:
        """``colour``'s threat roads: length 4 or 5, no opponent stone (seed 004, §2.1.4)."""
        live = self.live[colour]
        return [*live[4], *live[5]]

    def empty_points(self, colour: int, length: int, occupied: Bitboard) -> Bitboard:
        """The empty points of every road of ``colour`` and ``length``, as one bitboard.

        Seed 004, §2.2.3 (2): "通过路表，在 TSS 选点时就可以 $O(1)$ 的找到我们可用的点"
        (O(1) per road: one AND with the road's mask).
        """
        masks = self.geo.road_masks
        points = 0
        for r in self.live[colour][length]:
            points |= masks[r]
        return points & ~occupied & self.geo.board_mask

    def empty_points_mask(self, road: int, occupied: Bitboard) -> Bitboard:
        """The empty points of ``road`` as a bitboard."""
        return self.geo.road_masks[road] & ~occupied

    def state(self) -> RoadState:
        """A comparable snapshot: stone counts, live sets, blank set, scores."""
        return (
            (tuple(self.stones[0]), tuple(self.stones[1])),
            (
                tuple(frozenset(s) for s in self.live[0]),
                tuple(frozenset(s) for s in self.live[1]),
            ),
            frozenset(self.blank),
            (self.score[0], self.score[1]),
        )
