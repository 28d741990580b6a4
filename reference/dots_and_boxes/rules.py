"""The Dots and Boxes board: edges as bits of one int, boxes as precomputed masks.

Seed 000, §II.A (rules) and §III.A (board representation).  An R x C board has
R x C boxes, (R + 1) x (C + 1) dots and ``(R + 1) * C + R * (C + 1)`` edges.

Edge numbering (OpenSpiel's ``dots_and_boxes`` order, so engines can be cross-checked)::

    h<r>,<c>  top edge of box (r, c), r in 0..R, c in 0..C-1     index r * C + c
    v<r>,<c>  left edge of box (r, c), r in 0..R-1, c in 0..C    index (R+1) * C + r * (C+1) + c

Row 0 is the top.  Bit ``i`` of :attr:`DotsAndBoxes.edges` is set when edge ``i``
is drawn.  Box ``(r, c)`` is number ``r * C + c``; its mask has its four edge bits.

The value of a position is the net number of boxes the side to move wins *from
here on*: ``make`` returns the boxes the mover completed (0, 1 or 2), the turn
passes only when that is 0, and neither the score so far nor the side to move is
part of the key (the same edge set has the same value for whoever is to move).

Notation (``to_notation`` / ``from_notation``)::

    <R>x<C>:<edges in hex>:<boxes of player 0>:<boxes of player 1>:<player to move>
    e.g. "2x2:0x0:0:0:0" (the empty 2x2 board, player 0 to move)

The scores must add up to the number of completed boxes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeAlias

from reference.digits import parse_natural
from reference.errors import IllegalMoveError, ParameterError, PositionFormatError
from reference.search.protocol import Key, Score
from reference.search.zobrist import random_keys

Edge: TypeAlias = int
"""An edge index (see the module docstring); the moves of this game."""

Edges: TypeAlias = int
"""A set of edges as a bitboard: bit i set <=> edge i is drawn."""

MAX_SIDE = 16
"""Largest number of rows or columns accepted (our choice: keeps tables small)."""

ZOBRIST_SEED = 3_000
"""Seed of this game's Zobrist table (our choice)."""

CHUNK_BITS = 12
"""Symmetry tables map 12 edges at a time on boards of up to 64 edges (our choice:
4096-entry tables, 2 lookups per symmetry for 3x3)."""

BIG_CHUNK_BITS = 8
"""Chunk width on boards of more than 64 edges (256-entry tables: quick to build)."""

_MOVE_RE = re.compile(r"\s*([hv])\s*([0-9]+)\s*,\s*([0-9]+)\s*", re.ASCII)
_NOTATION_RE = re.compile(
    r"\s*([0-9]+)x([0-9]+):(0x[0-9a-fA-F]+|[0-9a-fA-F]+):([0-9]+):([0-9]+):([01])\s*", re.ASCII
)
"""Numbers are ASCII digits only (``\\d`` would also match ``٢``); see :mod:`reference.digits`."""


class Geometry:
    """Everything about an R x C board that never changes: masks, neighbours, symmetries.

    Built once per board size and shared by every position of that size.
    """

    __slots__ = (
        "_pairs",
        "box_masks",
        "chunk",
        "cols",
        "edge_boxes",
        "edge_masks_by_edge",
        "endpoints",
        "full",
        "interior",
        "move_order",
        "num_boxes",
        "num_edges",
        "rows",
        "sym_tables",
        "symmetries",
        "zobrist",
    )

    def __init__(self, rows: int, cols: int) -> None:
        check_size(rows, cols)
        self.rows = rows
        self.cols = cols
        self.num_boxes = rows * cols
        self.num_edges = (rows + 1) * cols + rows * (cols + 1)
        self.full: Edges = (1 << self.num_edges) - 1
        masks: list[int] = []
        for r in range(rows):
            for c in range(cols):
                top = h_index(rows, cols, r, c)
                bottom = h_index(rows, cols, r + 1, c)
                left = v_index(rows, cols, r, c)
                right = v_index(rows, cols, r, c + 1)
                masks.append((1 << top) | (1 << bottom) | (1 << left) | (1 << right))
        self.box_masks: tuple[int, ...] = tuple(masks)
        edge_boxes: list[list[int]] = [[] for _ in range(self.num_edges)]
        for b, mask in enumerate(masks):
            for e in range(self.num_edges):
                if mask >> e & 1:
                    edge_boxes[e].append(b)
        self.edge_boxes: tuple[tuple[int, ...], ...] = tuple(tuple(bs) for bs in edge_boxes)
        """The one or two boxes each edge borders."""
        self.interior: tuple[bool, ...] = tuple(len(bs) == 2 for bs in edge_boxes)
        """True for edges between two boxes, False for border edges."""
        centre_r, centre_c = rows / 2, cols / 2

        def priority(e: int) -> tuple[bool, float, int]:
            (r1, c1), (r2, c2) = edge_endpoints(rows, cols, e)
            distance = abs((r1 + r2) / 2 - centre_r) + abs((c1 + c2) / 2 - centre_c)
            return (not self.interior[e], distance, e)

        self.move_order: tuple[int, ...] = tuple(sorted(range(self.num_edges), key=priority))
        """The order moves are listed in within each group (our choice): interior edges
        first, then by distance of the edge's midpoint from the board's centre."""
        self.edge_masks_by_edge: tuple[tuple[int, ...], ...] = tuple(
            tuple(masks[b] for b in bs) for bs in edge_boxes
        )
        """The masks of the boxes each edge borders (box completion test: edges & m == m)."""
        self.endpoints: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = tuple(
            edge_endpoints(rows, cols, e) for e in range(self.num_edges)
        )
        self.zobrist: list[Key] = random_keys(self.num_edges, ZOBRIST_SEED)
        self.symmetries: tuple[tuple[int, ...], ...] = self._symmetries()
        self.chunk = CHUNK_BITS if self.num_edges <= 64 else BIG_CHUNK_BITS
        """Edges mapped per table lookup."""
        self.sym_tables: tuple[tuple[tuple[int, ...], ...], ...] = self._sym_tables()
        self._pairs: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] | None = None
        if self.num_edges <= 2 * self.chunk:
            self._pairs = tuple(
                (t[0], t[1] if len(t) > 1 else (0,) * (1 << self.chunk))
                for t in self.sym_tables[1:]
            )

    def _symmetries(self) -> tuple[tuple[int, ...], ...]:
        """Edge permutations of the board's symmetry group (4 for rectangles, 8 for squares)."""
        rows, cols = self.rows, self.cols
        index = {frozenset(ends): e for e, ends in enumerate(self.endpoints)}
        count = 8 if rows == cols else 4
        perms: list[tuple[int, ...]] = []
        for t in range(count):
            perm = tuple(
                index[frozenset((_dot_image(t, rows, cols, a), _dot_image(t, rows, cols, b)))]
                for a, b in self.endpoints
            )
            if perm not in perms:
                perms.append(perm)
        return tuple(perms)

    def _sym_tables(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """Chunk lookup tables: ``image = OR over k of tables[s][k][(edges >> CHUNK*k) & MASK]``.

        Each table is filled in one pass: ``table[v] = table[v & (v - 1)] | image of v's
        lowest bit``.
        """
        width = self.chunk
        chunks = (self.num_edges + width - 1) // width
        tables = []
        for perm in self.symmetries:
            per_chunk = []
            for k in range(chunks):
                table = [0] * (1 << width)
                for v in range(1, 1 << width):
                    low = (v & -v).bit_length() - 1
                    e = width * k + low
                    bit = 1 << perm[e] if e < self.num_edges else 0
                    table[v] = table[v & (v - 1)] | bit
                per_chunk.append(tuple(table))
            tables.append(tuple(per_chunk))
        return tuple(tables)

    def transform(self, edges: Edges, symmetry: int) -> Edges:
        """The image of an edge set under symmetry number ``symmetry``."""
        width = self.chunk
        mask = (1 << width) - 1
        image = 0
        k = 0
        for table in self.sym_tables[symmetry]:
            image |= table[(edges >> k) & mask]
            k += width
        return image

    def canonical(self, edges: Edges) -> Edges:
        """The smallest image of ``edges`` over the board's symmetries."""
        best = edges
        if self._pairs is not None:  # boards of at most 2 chunks (3x3: 24 edges): 2 lookups
            lo = edges & 0xFFF
            hi = edges >> 12
            for t_lo, t_hi in self._pairs:
                image = t_lo[lo] | t_hi[hi]
                if image < best:
                    best = image
            return best
        width = self.chunk
        mask = (1 << width) - 1
        for tables in self.sym_tables[1:]:
            image = 0
            k = 0
            for table in tables:
                image |= table[(edges >> k) & mask]
                k += width
            if image < best:
                best = image
        return best

    def completed_boxes(self, edges: Edges) -> int:
        """How many boxes have all four sides drawn."""
        return sum(1 for m in self.box_masks if edges & m == m)


_GEOMETRIES: dict[tuple[int, int], Geometry] = {}


def geometry(rows: int, cols: int) -> Geometry:
    """The shared :class:`Geometry` of an R x C board (built on first use)."""
    g = _GEOMETRIES.get((rows, cols))
    if g is None:
        g = Geometry(rows, cols)
        _GEOMETRIES[(rows, cols)] = g
    return g


def _dot_image(t: int, rows: int, cols: int, dot: tuple[int, int]) -> tuple[int, int]:
    """Dot (r, c) under symmetry t: 0-3 flips (identity, mirror, upside down, 180 degrees),
    4-7 (square boards only) the transpose and the quarter turns."""
    r, c = dot
    return (
        (r, c),
        (r, cols - c),
        (rows - r, c),
        (rows - r, cols - c),
        (c, r),
        (cols - c, rows - r),
        (c, rows - r),
        (cols - c, r),
    )[t]


def check_size(rows: int, cols: int) -> None:
    """Raise ``ParameterError`` unless 1 <= rows, cols <= MAX_SIDE."""
    if not (isinstance(rows, int) and isinstance(cols, int)):
        raise ParameterError(f"rows and cols must be integers, got {rows!r} x {cols!r}")
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise ParameterError(
            f"board must have 1..{MAX_SIDE} rows and columns of boxes, got {rows} x {cols}"
        )


def h_index(rows: int, cols: int, r: int, c: int) -> Edge:
    """Index of ``h<r>,<c>``, the top edge of box (r, c) (0 <= r <= R, 0 <= c < C)."""
    return r * cols + c


def v_index(rows: int, cols: int, r: int, c: int) -> Edge:
    """Index of ``v<r>,<c>``, the left edge of box (r, c) (0 <= r < R, 0 <= c <= C)."""
    return (rows + 1) * cols + r * (cols + 1) + c


def edge_name(rows: int, cols: int, e: Edge) -> str:
    """The OpenSpiel-style name of edge ``e``: ``h<r>,<c>`` or ``v<r>,<c>``."""
    horizontal = (rows + 1) * cols
    if e < horizontal:
        return f"h{e // cols},{e % cols}"
    e -= horizontal
    return f"v{e // (cols + 1)},{e % (cols + 1)}"


def edge_endpoints(rows: int, cols: int, e: Edge) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two dots (row, col) an edge joins."""
    horizontal = (rows + 1) * cols
    if e < horizontal:
        r, c = divmod(e, cols)
        return (r, c), (r, c + 1)
    r, c = divmod(e - horizontal, cols + 1)
    return (r, c), (r + 1, c)


class DotsAndBoxes:
    """A mutable Dots and Boxes position: the game protocol of :mod:`reference.search`.

    Seed 000, §II.A.  ``capture_rule``, ``ordering`` and ``symmetry`` switch the
    solving aids of :meth:`search_moves` and :meth:`tt_key` (each is tested to leave
    values unchanged); with ``chain_rule``, ``endgame_rule`` and ``corner_rule`` all six
    are the rules of the exact solver (:mod:`.solver`, :meth:`solve_exactly`).

    >>> g = DotsAndBoxes(1, 1)
    >>> [g.format_move(m) for m in g.legal_moves()]
    ['h0,0', 'h1,0', 'v0,0', 'v0,1']
    >>> g.play(g.parse_move("h0,0")), g.play(g.parse_move("h1,0")), g.play(g.parse_move("v0,0"))
    (0, 0, 0)
    >>> g.play(g.parse_move("v0,1")), g.scores, g.is_terminal()
    (1, (0, 1), True)
    """

    __slots__ = (
        "_counts",
        "_history",
        "_scores",
        "capture_rule",
        "chain_rule",
        "checkpoint",
        "corner_rule",
        "edges",
        "endgame_rule",
        "geo",
        "key",
        "ordering",
        "symmetry",
        "to_move",
    )

    def __init__(
        self,
        rows: int,
        cols: int,
        *,
        capture_rule: bool = True,
        ordering: bool = True,
        symmetry: bool = True,
        chain_rule: bool = True,
        endgame_rule: bool = True,
        corner_rule: bool = True,
    ) -> None:
        self.geo = geometry(rows, cols)
        self.edges: Edges = 0
        self.key: Key = 0
        """Zobrist key of the edge set (no score, no side to move)."""
        self.to_move = 0
        self._scores = [0, 0]
        self._counts = [0] * self.geo.num_boxes
        """Sides drawn per box, kept by make / unmake."""
        self._history: list[int] = []
        """One int per move made: edge | completed << 16 | mover << 18."""
        self.capture_rule = capture_rule
        self.ordering = ordering
        self.symmetry = symmetry
        self.chain_rule = chain_rule
        """Exact solver (:mod:`.solver`): independent chains and loops opened once per kind."""
        self.endgame_rule = endgame_rule
        """Exact solver: simple loony endgames valued by formula (:mod:`.endgame`)."""
        self.corner_rule = corner_rule
        """Exact solver: the border edges of one box are interchangeable in the table key."""
        self.checkpoint: str | None = None
        """Exact solver: a file to checkpoint the solve to and resume it from (see :mod:`.solver`)."""

    # --- read-only views -------------------------------------------------------------
    @property
    def rows(self) -> int:
        return self.geo.rows

    @property
    def cols(self) -> int:
        return self.geo.cols

    @property
    def scores(self) -> tuple[int, int]:
        """Boxes completed so far by player 0 and player 1."""
        return self._scores[0], self._scores[1]

    @property
    def moves_played(self) -> int:
        return len(self._history)

    def box_sides(self, box: int) -> int:
        """How many sides of box number ``box`` are drawn."""
        return self._counts[box]

    def copy(self) -> DotsAndBoxes:
        """An independent copy (same position, same switches, same history)."""
        other = DotsAndBoxes(
            self.rows,
            self.cols,
            capture_rule=self.capture_rule,
            ordering=self.ordering,
            symmetry=self.symmetry,
            chain_rule=self.chain_rule,
            endgame_rule=self.endgame_rule,
            corner_rule=self.corner_rule,
        )
        other.checkpoint = self.checkpoint
        other.edges = self.edges
        other.key = self.key
        other.to_move = self.to_move
        other._scores = list(self._scores)
        other._counts = list(self._counts)
        other._history = list(self._history)
        return other

    # --- the search protocol -----------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.edges == self.geo.full

    def terminal_score(self) -> Score:
        """0: boxes were already counted by ``make`` (a points game)."""
        return 0

    def evaluate(self) -> Score:
        """Heuristic: the chain evaluation of formulas 17-18 (see :mod:`.chains`)."""
        from reference.dots_and_boxes.chains import evaluate_position

        return evaluate_position(self)

    def tt_key(self) -> Key:
        """The table key: the edge set itself (canonical over symmetries when ``symmetry``).

        The edge set is the exact state (score and side to move do not change the
        value), so for boards of at most 64 edges the key is collision-free.  Larger
        boards fold it to 64 bits with a multiplicative mix.
        """
        edges = self.geo.canonical(self.edges) if self.symmetry else self.edges
        if self.geo.num_edges <= 64:
            return edges
        return fold64(edges)

    def max_plies_left(self) -> int:
        """The undrawn edges: each move draws one."""
        return self.geo.num_edges - self.edges.bit_count()

    def make(self, move: Edge) -> int:
        """Draw edge ``move`` (unchecked); return the boxes completed (0, 1 or 2).

        The turn passes only when no box was completed (seed 000, §II.A: "Once a
        player captures a grid cell, they get an extra turn").
        """
        geo = self.geo
        edges = self.edges | (1 << move)
        self.edges = edges
        self.key ^= geo.zobrist[move]
        counts = self._counts
        completed = 0
        for b in geo.edge_boxes[move]:
            counts[b] += 1
            if counts[b] == 4:
                completed += 1
        mover = self.to_move
        self._history.append(move | completed << 16 | mover << 18)
        if completed:
            self._scores[mover] += completed
        else:
            self.to_move = 1 - mover
        return completed

    def unmake(self) -> None:
        """Take back the last move: edges, score, side to move and key are restored."""
        record = self._history.pop()
        move = record & 0xFFFF
        completed = (record >> 16) & 3
        mover = record >> 18
        self.edges ^= 1 << move
        self.key ^= self.geo.zobrist[move]
        counts = self._counts
        for b in self.geo.edge_boxes[move]:
            counts[b] -= 1
        self._scores[mover] -= completed
        self.to_move = mover

    selective = False
    """The capture rule is a sound pruning (it keeps the value), not a heuristic one."""
    counts_points = True
    """The value of a position is the net number of boxes the side to move wins from here."""

    def legal_moves(self) -> Sequence[Edge]:
        """Every undrawn edge (the rules), in search order when ``ordering`` is on."""
        return self.ordered_moves(prune=False)

    def search_moves(self) -> Sequence[Edge]:
        """The edges a search tries: :meth:`legal_moves` pruned by the capture rule
        (when ``capture_rule`` is on), which never changes the value."""
        return self.ordered_moves(self.capture_rule)

    def ordered_moves(self, prune: bool) -> list[Edge]:
        """The undrawn edges, ordered for alpha-beta (when ``ordering``) and pruned by
        the capture rule (when ``prune``).

        Ordering (our choice): moves that complete a box first, then safe moves (that
        give no box a third side), then sacrifices that give one box its third side,
        then those that give two boxes theirs; within each group, interior edges
        before border edges and edges nearer the centre first
        (:attr:`Geometry.move_order`; measured on 2x4: 1,512,031 nodes in edge order
        within groups, 675,209 interior first, 577,314 interior and centre first).

        Capture rule (our formulation, after Barker and Korf 2012, "Solving
        Dots-And-Boxes", AAAI): when a box can be completed by an edge that gives no
        other box its third side, that capture is optimal and is the only move kept;
        when every capture gives a box its third side (a chain or loop being taken),
        only the captures and the double-dealing declines are kept.  Not proved here:
        checked exhaustively on every edge set of the boards up to 2x3 and 1x5
        (``tests/dots_and_boxes/test_dab_board.py``) and on random late positions of
        3x3 (``tests/dots_and_boxes/test_dab_properties.py``).
        ``solve`` tests every *legal* move for optimality, so the optimal moves it
        reports are never pruned.
        """
        geo = self.geo
        free = geo.full & ~self.edges
        if not free:
            return []
        if not self.ordering and not prune:
            return _bits(free)
        counts = self._counts
        edge_boxes = geo.edge_boxes
        edges = self.edges
        captures: list[Edge] = []
        safe: list[Edge] = []
        sacrifices: list[Edge] = []
        doubles: list[Edge] = []
        independent: list[Edge] = []
        for e in geo.move_order:  # interior edges first, nearest the centre first
            if edges >> e & 1:
                continue
            done = 0
            gives = 0
            for b in edge_boxes[e]:
                n = counts[b]
                if n == 3:
                    done += 1
                elif n == 2:
                    gives += 1
            if done:
                captures.append(e)
                if not gives:
                    independent.append(e)
            elif gives == 1:
                sacrifices.append(e)
            elif gives:
                doubles.append(e)
            else:
                safe.append(e)
        if prune and captures:
            if independent:
                # Capture rule, part 1: a capture that makes no other box capturable is optimal.
                return [self._symmetric_choice(independent)]
            # Capture rule, part 2: only captures and the double-dealing declines remain.
            return captures + self._double_deals(captures)
        if not self.ordering:
            return _bits(geo.full & ~self.edges)
        return captures + safe + sacrifices + doubles

    def _symmetric_choice(self, independent: list[Edge]) -> Edge:
        """The independent capture to keep: the one whose child has the smallest canonical
        edge set (the first in move order on ties).

        Any of them keeps the exact value, but a depth-limited search sees different
        subtrees below different captures.  Chosen this way, the child of a symmetric
        image of the position is the image of this child, so a table that folds
        symmetries (``tt_key``) never changes a depth-limited value (issue 14; with the
        first capture in move order, 10 of 1,500 random positions searched 1-4 plies
        deep had an image of another value).  The choice does not depend on
        ``symmetry``: folding on or off, the same tree is searched.
        """
        if len(independent) == 1:
            return independent[0]
        canonical = self.geo.canonical
        edges = self.edges
        return min(independent, key=lambda e: canonical(edges | 1 << e))

    def _double_deals(self, captures: list[Edge]) -> list[Edge]:
        """For each capture edge e that gives a 2-sided box N its third side, N's other free
        edge: drawing it declines the last two boxes of a chain (or four of a loop).
        """
        geo = self.geo
        counts = self._counts
        edges = self.edges
        masks = geo.box_masks
        seen = set(captures)
        extra: list[Edge] = []
        for e in captures:
            for b in geo.edge_boxes[e]:
                if counts[b] == 2:
                    rest = masks[b] & ~edges & ~(1 << e)
                    f = rest.bit_length() - 1
                    if f not in seen:
                        seen.add(f)
                        extra.append(f)
        return extra

    # --- the checked interface -----------------------------------------------------------
    def play(self, move: Edge) -> int:
        """Validate and make ``move``; raise ``IllegalMoveError`` when it is not legal."""
        if not isinstance(move, int) or not 0 <= move < self.geo.num_edges:
            raise IllegalMoveError(
                f"no edge {move!r} on a {self.rows}x{self.cols} board "
                f"(edges are 0..{self.geo.num_edges - 1})"
            )
        if self.edges >> move & 1:
            raise IllegalMoveError(f"edge {self.format_move(move)} is already drawn")
        return self.make(move)

    def parse_move(self, text: str) -> Edge:
        """Parse ``h<r>,<c>`` or ``v<r>,<c>`` (OpenSpiel names); legality is not checked."""
        match = _MOVE_RE.fullmatch(text)
        if match is None:
            raise PositionFormatError(
                f"bad move {text!r}: expected h<r>,<c> (top edge of box r,c) or v<r>,<c>"
                " (left edge of box r,c)"
            )
        rows, cols = self.rows, self.cols
        kind = match.group(1)
        r = parse_natural(match.group(2), f"bad move {text!r}: row")
        c = parse_natural(match.group(3), f"bad move {text!r}: column")
        if kind == "h":
            if not (0 <= r <= rows and 0 <= c < cols):
                raise PositionFormatError(
                    f"bad move {text!r}: h<r>,<c> needs 0 <= r <= {rows}, 0 <= c <= {cols - 1}"
                )
            return h_index(rows, cols, r, c)
        if not (0 <= r < rows and 0 <= c <= cols):
            raise PositionFormatError(
                f"bad move {text!r}: v<r>,<c> needs 0 <= r <= {rows - 1}, 0 <= c <= {cols}"
            )
        return v_index(rows, cols, r, c)

    def format_move(self, move: Edge) -> str:
        return edge_name(self.rows, self.cols, move)

    def to_notation(self) -> str:
        """``<R>x<C>:<edges hex>:<score 0>:<score 1>:<to move>`` (see the module docstring)."""
        return (
            f"{self.rows}x{self.cols}:{self.edges:#x}:{self._scores[0]}:"
            f"{self._scores[1]}:{self.to_move}"
        )

    @classmethod
    def from_notation(
        cls,
        text: str,
        *,
        capture_rule: bool = True,
        ordering: bool = True,
        symmetry: bool = True,
        chain_rule: bool = True,
        endgame_rule: bool = True,
        corner_rule: bool = True,
    ) -> DotsAndBoxes:
        """Parse :meth:`to_notation`'s format; raise ``PositionFormatError`` on bad input.

        Besides the format, the scores must add up to the completed boxes.  Either player
        may be to move in any position: the labels 0 and 1 name the players, not who
        started, so a position with player 1 to move and an even number of edges is one
        where player 1 moved first (the paper's theorems and hand examples use both).
        """
        match = _NOTATION_RE.fullmatch(text)
        if match is None:
            raise PositionFormatError(
                f"bad position {text!r}: expected <R>x<C>:<edges hex>:<score0>:<score1>:<0|1>,"
                " e.g. 2x2:0x0:0:0:0"
            )
        rows = parse_natural(match.group(1), f"bad position {text!r}: rows")
        cols = parse_natural(match.group(2), f"bad position {text!r}: columns")
        try:
            check_size(rows, cols)
        except ParameterError as error:
            raise PositionFormatError(f"bad position {text!r}: {error}") from None
        game = cls(
            rows,
            cols,
            capture_rule=capture_rule,
            ordering=ordering,
            symmetry=symmetry,
            chain_rule=chain_rule,
            endgame_rule=endgame_rule,
            corner_rule=corner_rule,
        )
        edges = int(match.group(3), 16)
        if edges >> game.geo.num_edges:
            raise PositionFormatError(
                f"bad position {text!r}: edge bits beyond the {game.geo.num_edges} edges of a "
                f"{rows}x{cols} board"
            )
        boxes = rows * cols
        s0 = parse_natural(match.group(4), f"bad position {text!r}: score", high=boxes)
        s1 = parse_natural(match.group(5), f"bad position {text!r}: score", high=boxes)
        player = int(match.group(6))
        done = game.geo.completed_boxes(edges)
        if s0 + s1 != done:
            raise PositionFormatError(
                f"bad position {text!r}: scores {s0}+{s1} must add up to the {done} completed boxes"
            )
        game.set_position(edges, (s0, s1), player)
        return game

    def set_position(self, edges: Edges, scores: tuple[int, int], to_move: int) -> None:
        """Set the position directly (clears the history; used by from_notation)."""
        geo = self.geo
        self.edges = edges
        self.key = 0
        for e in _bits(edges):
            self.key ^= geo.zobrist[e]
        self._counts = [(edges & m).bit_count() for m in geo.box_masks]
        self._scores = [scores[0], scores[1]]
        self.to_move = to_move
        self._history = []

    def render(self) -> str:
        """Dots (``+``), lines (``---`` and ``|``), box owners unknown so completed boxes show ``#``."""
        rows, cols = self.rows, self.cols
        edges = self.edges
        lines: list[str] = []
        for r in range(rows + 1):
            row = "+"
            for c in range(cols):
                row += ("---" if edges >> h_index(rows, cols, r, c) & 1 else "   ") + "+"
            lines.append(row)
            if r == rows:
                break
            row = ""
            for c in range(cols + 1):
                row += "|" if edges >> v_index(rows, cols, r, c) & 1 else " "
                if c < cols:
                    full = edges & self.geo.box_masks[r * cols + c] == self.geo.box_masks[
                        r * cols + c
                    ]
                    row += " # " if full else "   "
            lines.append(row)
        lines.append(
            f"score {self._scores[0]}-{self._scores[1]}, "
            + ("game over" if self.is_terminal() else f"player {self.to_move + 1} to move")
        )
        return "\n".join(lines)

    def result_text(self) -> str:
        """The result of a finished game, for the command line's ``play``."""
        a, b = self._scores
        if a == b:
            return f"draw {a}-{b}"
        return f"player {1 if a > b else 2} wins {max(a, b)}-{min(a, b)}"


def _bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_MIX = 0x9E3779B97F4A7C15
_MASK64 = (1 << 64) - 1


def fold64(value: int) -> Key:
    """Fold an arbitrary non-negative int to 64 bits (multiply-xorshift per 64-bit limb)."""
    h = 0
    while True:
        h = ((h ^ (value & _MASK64)) * _MIX) & _MASK64
        h ^= h >> 29
        value >>= 64
        if not value:
            return h
