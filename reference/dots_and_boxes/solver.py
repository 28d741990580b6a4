"""An exact Dots and Boxes solver after Barker and Korf (2012): the value and every optimal move.

Barker, J. K. and Korf, R. E., "Solving Dots-And-Boxes", AAAI-12 (2012).  Not from seed
000: the seed's Algorithm 1 (:mod:`reference.search.alphabeta_tt`) solves 3x3 boxes; this
module takes what Barker and Korf use to go further and keeps every piece switchable.

The search is fail-soft alpha-beta over edge sets, driven by null-window tests (MTD(f)),
with a transposition table, and these rules (:class:`Rules`; each is tested to leave
every value unchanged, ``tests/dots_and_boxes/test_dab_solver.py``):

=================  ==========================================================================
rule               what it does (soundness: see the function or module named)
=================  ==========================================================================
``capture_rule``   a box that can be completed without giving any other box its third side
                   is completed at once (no branching); inside an opened chain only the
                   captures and the double-dealing declines are searched (the capture rule of
                   :meth:`.board.DotsAndBoxes.ordered_moves`)
``chain_rule``     with no capture pending, each *independent* chain or loop (2-boxes joined
                   only to each other and to the border) is opened by one move per kind and
                   length: a 2-chain by its middle edge (the hard-hearted handout), a longer
                   chain or a loop by any one edge (:mod:`.endgame`, Berlekamp's "all or all
                   but two")
``endgame_rule``   a simple endgame (only independent chains and loops left, no safe move)
                   is valued by the formula of :mod:`.endgame`, without search
``symmetry``       the table key is the smallest image of the edge set under the board's
                   symmetries (4, or 8 on square boards)
``corner_rule``    the two border edges of a corner box (every border edge of one box on a
                   1-row board) are interchangeable: the key records how many are drawn, not
                   which (Barker and Korf's corner symmetry)
``ordering``       captures, safe moves from the centre outwards, then sacrifices (fewest
                   boxes handed over first), the table's best move first; values never depend on it
=================  ==========================================================================

**Every optimal move.**  The rules prune inside the tree, never at the root: the root value
v comes from null-window tests of the root position, then *every* legal move is tested
with a null window for "worth at least v" (moves that a symmetry or a corner swap of the
root position maps onto each other have the same value, so one of each orbit is tested;
see :func:`root_orbits`).  ``move_values=True`` also gives the exact value of every move.

**The table** is a dict from the canonical edge set to both bounds (lower and upper) and
the best move found (Barker and Korf store two bounds too, so a bound learned in one
null-window test serves the next).  The value of an edge set does not depend on who is to
move or on the score (the game is impartial and the value counts boxes from here on), so
one entry serves both players.  When the table reaches ``max_entries`` it keeps the deep
entries: those with the most undrawn edges (the largest subtrees) survive a trim.

**Resumable.**  With ``checkpoint=PATH`` the table and the root's progress are written to
PATH every ``checkpoint_nodes`` nodes and after each root test, and a later call with the
same PATH, board, position and rules starts from them (:func:`save_checkpoint`).

Board representation (internal, not the game's edge numbering): a *padded* bitboard in
which box (r, c) is bit ``r * W + c`` with ``W = cols + 1``, the top edge of box (r, c) is
bit ``r * W + c``, its bottom edge bit ``(r + 1) * W + c``, its left edge bit
``V + r * W + c`` and its right edge bit ``V + r * W + c + 1`` with ``V = (rows + 1) * W``.
Then the four sides of every box are four shifts of the edge set, the number of sides
drawn per box is a bit-sliced sum of them (:meth:`Layout.box_classes`; the search inlines
it), and "the edges of these boxes" is four shifts back (:meth:`Layout.spread`).
"""

from __future__ import annotations

import json
import os
import time
from array import array
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from reference.dots_and_boxes.board import DotsAndBoxes, Edge, Edges, geometry
from reference.dots_and_boxes.endgame import simple_endgame_value
from reference.errors import GameError, ParameterError, SearchTimeoutError
from reference.search.context import DEADLINE_CHECK_INTERVAL, Deadline
from reference.search.protocol import Score
from reference.search.solve import RawSolution
from reference.search.stats import Counters, SearchStats

PROGRESS_NODES = 1 << 18
"""``on_progress`` is called every this many nodes (a power of two)."""

DEFAULT_MAX_ENTRIES = 12_000_000
"""Table entries kept before a trim (our choice: about 1.5 GB of Python dict; a 3x4 solve
makes about 3.3 million)."""

TRIM_TO = 0.7
"""A trim keeps the deepest entries, down to this fraction of ``max_entries`` (our choice)."""

DEFAULT_CHECKPOINT_NODES = 4_000_000
"""Nodes between two checkpoints when ``checkpoint`` is given (our choice: about half a
minute of CPU)."""

CHECKPOINT_FORMAT = "reference-dots-and-boxes-solver-checkpoint"
CHECKPOINT_VERSION = 1

_OFF = 512
"""Offset that makes stored bounds non-negative (boards have at most 256 boxes)."""
_VBITS = 10
_VMASK = (1 << _VBITS) - 1


@dataclass(frozen=True, slots=True)
class Rules:
    """The solver's switches (see the module docstring); all on by default."""

    capture_rule: bool = True
    chain_rule: bool = True
    endgame_rule: bool = True
    symmetry: bool = True
    corner_rule: bool = True
    ordering: bool = True

    @classmethod
    def of_game(cls, game: DotsAndBoxes) -> Rules:
        """The rules a game's switches ask for."""
        return cls(
            capture_rule=game.capture_rule,
            chain_rule=game.chain_rule,
            endgame_rule=game.endgame_rule,
            symmetry=game.symmetry,
            corner_rule=game.corner_rule,
            ordering=game.ordering,
        )


class Layout:
    """The padded bitboard of an R x C board (see the module docstring) and its tables."""

    __slots__ = (
        "border",
        "boxes",
        "col_stride",
        "cols",
        "corner_groups",
        "external",
        "full",
        "internal",
        "num_boxes",
        "order_classes",
        "rows",
        "sym_perms",
        "sym_tables",
        "v_left",
        "v_right",
    )

    CHUNK = 12
    """Bits mapped per symmetry table lookup (our choice: 4096-entry tables)."""

    def __init__(self, rows: int, cols: int) -> None:
        geo = geometry(rows, cols)
        self.rows, self.cols = rows, cols
        self.num_boxes = rows * cols
        w = cols + 1
        self.col_stride = w
        v = (rows + 1) * w
        self.v_left = v
        self.v_right = v + 1
        horizontal = (rows + 1) * cols
        internal: list[int] = []
        for e in range(geo.num_edges):
            if e < horizontal:
                r, c = divmod(e, cols)
                internal.append(r * w + c)
            else:
                r, c = divmod(e - horizontal, cols + 1)
                internal.append(v + r * w + c)
        self.internal: tuple[int, ...] = tuple(internal)
        """Game edge index -> internal bit position."""
        self.external: dict[int, Edge] = {p: e for e, p in enumerate(internal)}
        """Internal bit position -> game edge index."""
        self.full = sum(1 << p for p in internal)
        self.boxes = sum(1 << (r * w + c) for r in range(rows) for c in range(cols))
        self.border = sum(1 << internal[e] for e in range(geo.num_edges) if not geo.interior[e])
        # corner rule: border edges of the same box, as (group mask, bits in canonical order)
        groups: list[tuple[int, tuple[int, ...]]] = []
        for b in range(self.num_boxes):
            ground = [e for e in range(geo.num_edges) if geo.edge_boxes[e] == (b,)]
            if len(ground) >= 2:
                bits = tuple(1 << internal[e] for e in sorted(ground))  # horizontals first
                groups.append((sum(bits), bits))
        self.corner_groups: tuple[tuple[int, tuple[int, ...]], ...] = tuple(groups)
        # symmetries as permutations of internal bits, and chunked lookup tables
        perms: list[tuple[int, ...]] = []
        for perm in geo.symmetries:
            image = [0] * (v + rows * w)
            for e, p in enumerate(internal):
                image[p] = internal[perm[e]]
            perms.append(tuple(image))
        self.sym_perms: tuple[tuple[int, ...], ...] = tuple(perms)
        self.sym_tables: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            self._tables(perm) for perm in perms[1:]
        )
        # move ordering classes: interior edges first, then by distance from the centre
        classes: dict[tuple[bool, float], int] = {}
        centre_r, centre_c = rows / 2, cols / 2
        for e in range(geo.num_edges):
            (r1, c1), (r2, c2) = geo.endpoints[e]
            distance = abs((r1 + r2) / 2 - centre_r) + abs((c1 + c2) / 2 - centre_c)
            k = (not geo.interior[e], distance)
            classes[k] = classes.get(k, 0) | 1 << internal[e]
        self.order_classes: tuple[int, ...] = tuple(classes[k] for k in sorted(classes))
        """Masks of edges in search order (within a mask: lowest bit first)."""

    def _tables(self, perm: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        """``image = OR over k of table[k][(edges >> CHUNK * k) & MASK]`` for one symmetry."""
        width = self.CHUNK
        size = len(perm)
        tables = []
        for k in range((size + width - 1) // width):
            table = [0] * (1 << width)
            for x in range(1, 1 << width):
                low = (x & -x).bit_length() - 1
                p = width * k + low
                table[x] = table[x & (x - 1)] | (1 << perm[p] if p < size else 0)
            tables.append(tuple(table))
        return tuple(tables)

    def box_classes(self, edges: int) -> tuple[int, int, int, int]:
        """The boxes (box-layout masks) with exactly 2, exactly 3 and 4 sides drawn, and those
        with at most 1: a bit-sliced sum of the four side masks.

        >>> lay = layout(1, 2)       # game edges: h0,0 h0,1 h1,0 h1,1 v0,0 v0,1 v0,2
        >>> lay.box_classes(lay.to_internal(0b0010111))   # h0,0 h0,1 h1,0 v0,0 drawn
        (0, 1, 0, 2)

        (box 0, bit 1, has 3 sides; box 1, bit 2, has 1.)
        """
        w, vl, vr, mask = self.col_stride, self.v_left, self.v_right, self.boxes
        t, b = edges & mask, (edges >> w) & mask
        left, right = (edges >> vl) & mask, (edges >> vr) & mask
        x1, a1 = t ^ b, t & b  # top + bottom: sum bit, carry
        x2, a2 = left ^ right, left & right  # left + right
        ones = x1 ^ x2  # bit 0 of the count
        c0 = x1 & x2
        twos = a1 ^ a2 ^ c0  # bit 1 of the count
        fours = (a1 & a2) | (c0 & (a1 ^ a2))  # bit 2: all four sides
        return twos & ~ones, twos & ones, fours, mask & ~twos & ~fours

    def spread(self, boxes: int) -> int:
        """Every edge of the boxes in ``boxes`` (a box set in the box layout)."""
        return boxes | boxes << self.col_stride | boxes << self.v_left | boxes << self.v_right

    def to_internal(self, edges: Edges) -> int:
        """The internal bitboard of a game edge set."""
        out = 0
        internal = self.internal
        while edges:
            low = edges & -edges
            out |= 1 << internal[low.bit_length() - 1]
            edges ^= low
        return out

    def transform(self, edges: int, symmetry: int) -> int:
        """The image of an internal edge set under symmetry number ``symmetry``."""
        perm = self.sym_perms[symmetry]
        out = 0
        while edges:
            low = edges & -edges
            out |= 1 << perm[low.bit_length() - 1]
            edges ^= low
        return out


_LAYOUTS: dict[tuple[int, int], Layout] = {}


def layout(rows: int, cols: int) -> Layout:
    """The shared :class:`Layout` of an R x C board."""
    lay = _LAYOUTS.get((rows, cols))
    if lay is None:
        lay = _LAYOUTS[(rows, cols)] = Layout(rows, cols)
    return lay


@dataclass(frozen=True, slots=True)
class DabSolveResult:
    """A solve's answer with what this solver adds to :class:`~reference.search.solve.SolveResult`."""

    result: RawSolution[Edge]
    move_values: dict[Edge, int] | None
    """The exact value of every legal move for the side to move (``move_values=True``)."""
    table_entries: int


@dataclass(slots=True)
class _RootProgress:
    """What a checkpoint records about the root (so a resumed run skips finished work)."""

    lower: int
    upper: int
    guess: int
    tests: dict[str, bool] = field(default_factory=dict)
    values: dict[str, int] = field(default_factory=dict)
    nodes: int = 0


class Solver:
    """An exact solver for one board size and one set of :class:`Rules`.

    >>> solver = Solver(2, 2)
    >>> solver.value(0)            # the empty 2x2 board: the first player wins 3-1
    2
    >>> solver.value(0) == Solver(2, 2, Rules(capture_rule=False, chain_rule=False,
    ...     endgame_rule=False, symmetry=False, corner_rule=False, ordering=False)).value(0)
    True
    """

    def __init__(
        self,
        rows: int,
        cols: int,
        rules: Rules | None = None,
        *,
        max_entries: int = DEFAULT_MAX_ENTRIES,
        on_progress: Callable[[Counters], None] | None = None,
        checkpoint_nodes: int = DEFAULT_CHECKPOINT_NODES,
        deadline: Deadline | None = None,
    ) -> None:
        if max_entries < 1:
            raise ParameterError(f"max_entries must be >= 1, got {max_entries}")
        if checkpoint_nodes < 1:
            raise ParameterError(f"checkpoint_nodes must be >= 1, got {checkpoint_nodes}")
        self.rules = rules if rules is not None else Rules()
        self.lay = layout(rows, cols)
        self.table: dict[int, int] = {}
        """Canonical edge set -> lower bound, upper bound and best move, packed in one int."""
        self.counters = Counters()
        self.max_entries = max_entries
        self.on_progress = on_progress
        self.on_checkpoint: Callable[[], None] | None = None
        """Called every ``checkpoint_nodes`` nodes (set by :func:`solve_position`)."""
        self.checkpoint_nodes = checkpoint_nodes
        self._next_checkpoint = checkpoint_nodes
        self.deadline = deadline
        """Stop with :class:`~reference.errors.SearchTimeoutError` once it has passed."""
        tick = min(PROGRESS_NODES, 1 << (checkpoint_nodes.bit_length() - 1))
        self._tick_every = min(tick, DEADLINE_CHECK_INTERVAL) if deadline is not None else tick
        self._search = self._build()

    # --- the search -----------------------------------------------------------------------
    def _build(self) -> Callable[[int, int, int], int]:
        """The node function ``search(edges, alpha, beta)``: fail-soft value for the side to move.

        Written as one closure over local constants: this is the hot loop.
        """
        lay = self.lay
        rules = self.rules
        capture_rule = rules.capture_rule
        chain_rule = rules.chain_rule
        endgame_rule = rules.endgame_rule
        ordering = rules.ordering
        full, boxes_mask, border = lay.full, lay.boxes, lay.border
        w, vl, vr = lay.col_stride, lay.v_left, lay.v_right
        num_boxes = lay.num_boxes
        order_classes = lay.order_classes if ordering else (full,)
        key_of = self._key_function()
        table = self.table
        counters = self.counters
        solver = self
        tick_mask = self._tick_every - 1

        def touch(x: int) -> int:
            """The boxes the edges ``x`` border."""
            return (x | x >> w | x >> vl | x >> vr) & boxes_mask

        def neighbours(s: int, free: int) -> int:
            """Boxes joined to the boxes ``s`` by an undrawn edge."""
            return (
                (s & free) >> w
                | (s << w) & free
                | ((s << vl) & free) >> vr
                | ((s << vr) & free) >> vl
            ) & boxes_mask

        def components(free: int, two: int) -> tuple[list[tuple[bool, int, int]], int]:
            """Independent chains / loops of 2-boxes as (is_loop, length, one opening edge),
            and the edges of all of them."""
            found: list[tuple[bool, int, int]] = []
            covered = 0
            rest = two
            while rest:
                comp = rest & -rest
                frontier = comp
                while frontier:
                    frontier = neighbours(frontier, free) & two & ~comp
                    comp |= frontier
                rest &= ~comp
                if neighbours(comp, free) & ~two:
                    continue  # joined to a box with 0 or 1 sides: not independent
                comp_edges = (comp | comp << w | comp << vl | comp << vr) & free
                covered |= comp_edges
                n = comp.bit_count()
                ends = comp_edges & border
                if not ends:
                    found.append((True, n, comp_edges & -comp_edges))
                elif n == 2:
                    middle = comp_edges & ~border
                    found.append((False, 2, middle & -middle))
                else:
                    found.append((False, n, ends & -ends))
            return found, covered

        def simple_value(free: int, two: int) -> int:
            chains: list[int] = []
            loops: list[int] = []
            for is_loop, n, _ in components(free, two)[0]:
                (loops if is_loop else chains).append(n)
            chains.sort()
            loops.sort()
            return simple_endgame_value(tuple(chains), tuple(loops))

        def search(edges: int, alpha: int, beta: int) -> int:
            counters.nodes += 1
            if not counters.nodes & tick_mask:
                solver._tick()
            gain = 0
            while True:
                free = full & ~edges
                if not free:
                    return gain
                t = edges & boxes_mask
                b = (edges >> w) & boxes_mask
                lft = (edges >> vl) & boxes_mask
                rgt = (edges >> vr) & boxes_mask
                x1 = t ^ b
                a1 = t & b
                x2 = lft ^ rgt
                a2 = lft & rgt
                ones = x1 ^ x2
                c0 = x1 & x2
                twos = a1 ^ a2 ^ c0
                three = ones & twos
                two = twos & ~ones
                if not three or not capture_rule:
                    break
                cap = (three | three << w | three << vl | three << vr) & free
                chainy = (two | two << w | two << vl | two << vr) & free
                independent = cap & ~chainy
                if not independent:
                    break
                # capture rule, part 1: complete a box that gives no other box a third side
                e = independent & -independent
                gain += (touch(e) & three).bit_count()
                edges |= e
            fours = (a1 & a2) | (c0 & (a1 ^ a2))
            remaining = num_boxes - fours.bit_count()
            alpha -= gain
            beta -= gain
            if beta > remaining:
                beta = remaining
                if alpha >= beta:
                    return gain + remaining
            if alpha < -remaining:
                alpha = -remaining
                if alpha >= beta:
                    return gain - remaining
            counters.tt_probes += 1
            key = key_of(edges)
            entry = table.get(key)
            hint = 0
            if entry is not None:
                counters.tt_hits += 1
                lo = (entry & _VMASK) - _OFF
                hi = ((entry >> _VBITS) & _VMASK) - _OFF
                hint = entry >> (2 * _VBITS)
                if lo >= beta or hi <= alpha or lo == hi:
                    counters.tt_cutoffs += 1
                    return gain + (lo if lo >= beta or lo == hi else hi)
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            else:
                lo, hi = -remaining, remaining
            alpha0, beta0 = alpha, beta
            best = -num_boxes - 1
            best_move = 0
            # the move list: masks searched in order (lowest bit first within each)
            groups: list[int]
            if three:
                cap = (three | three << w | three << vl | three << vr) & free
                if capture_rule:
                    # capture rule, part 2: captures, then the double-dealing declines
                    joined = touch(cap) & two
                    declines = (joined | joined << w | joined << vl | joined << vr) & free & ~cap
                    groups = [cap, declines]
                else:
                    groups = [cap, *(free & ~cap & m for m in order_classes)]
            else:
                chainy = (two | two << w | two << vl | two << vr) & free
                safe = free & ~chainy
                if not safe and endgame_rule and not (boxes_mask & ~fours & ~two):
                    return gain + simple_value(free, two)
                reps: list[int] = []
                covered = 0
                if chain_rule and chainy:
                    # chain rule: one opening per kind and length of independent component
                    found, covered = components(free, two)
                    found.sort()  # chains before loops, shortest first
                    seen: set[tuple[bool, int]] = set()
                    for is_loop, n, edge in found:
                        if (is_loop, n) not in seen:
                            seen.add((is_loop, n))
                            reps.append(edge)
                if ordering:
                    doubles = (((two << w) & two) | (((two << 1) & two) << vl)) & chainy
                    singles = chainy & ~doubles & ~covered
                    groups = [safe & m for m in order_classes]
                    groups += reps
                    groups += [singles, doubles & ~covered]
                else:
                    groups = [(free & ~covered) | sum(reps)]
            if hint:
                hint_bit = 1 << (hint - 1)
                for group in groups:
                    if group & hint_bit:
                        groups = [hint_bit, *(g & ~hint_bit for g in groups)]
                        break
            a = alpha
            for group in groups:
                while group:
                    e = group & -group
                    group ^= e
                    k = (touch(e) & three).bit_count() if three else 0
                    if k:
                        value = k + search(edges | e, a - k, beta - k)
                    else:
                        value = -search(edges | e, -beta, -a)
                    if value > best:
                        best = value
                        best_move = e
                        if value > a:
                            a = value
                            if a >= beta:
                                break
                if a >= beta:
                    break
            # store both bounds (merged with what the table knew), and the best move
            if best <= alpha0:
                if best < hi:
                    hi = best
            elif best >= beta0:
                if best > lo:
                    lo = best
            else:
                lo = hi = best
            table[key] = (
                (lo + _OFF)
                | (hi + _OFF) << _VBITS
                | best_move.bit_length() << (2 * _VBITS)
            )
            if len(table) > solver.max_entries:
                solver.trim()
            return gain + best

        return search

    def _key_function(self) -> Callable[[int], int]:
        """The table key: corner-rule normal form, then the smallest symmetric image."""
        lay = self.lay
        corner_rule = self.rules.corner_rule and bool(lay.corner_groups)
        pairs = [(bits[1], bits[0] | bits[1]) for _, bits in lay.corner_groups if len(bits) == 2]
        larger = [(g, bits) for g, bits in lay.corner_groups if len(bits) > 2]
        width = Layout.CHUNK
        mask = (1 << width) - 1
        tables = lay.sym_tables if self.rules.symmetry else ()
        three_chunks = all(len(t) == 3 for t in tables)

        def corners(edges: int) -> int:
            for second, both in pairs:
                if edges & both == second:  # only the second of the two drawn: draw the first
                    edges ^= both
            for group, bits in larger:
                drawn = (edges & group).bit_count()
                edges &= ~group
                for bit in bits[:drawn]:
                    edges |= bit
            return edges

        if three_chunks and tables:
            packed = [(t[0], t[1], t[2]) for t in tables]

            def key3(edges: int) -> int:
                if corner_rule:
                    edges = corners(edges)
                lo, mid, hi = edges & mask, (edges >> width) & mask, edges >> (2 * width)
                best = edges
                for t0, t1, t2 in packed:
                    image = t0[lo] | t1[mid] | t2[hi]
                    if image < best:
                        best = image
                return best

            return key3

        def key(edges: int) -> int:
            if corner_rule:
                edges = corners(edges)
            best = edges
            for chunks in tables:
                image = 0
                shift = 0
                for table in chunks:
                    image |= table[(edges >> shift) & mask]
                    shift += width
                if image < best:
                    best = image
            return best

        return key

    def _tick(self) -> None:
        """Every few nodes: report progress (every ``PROGRESS_NODES``), checkpoint when due."""
        nodes = self.counters.nodes
        if self.on_progress is not None and not nodes % PROGRESS_NODES:
            self.on_progress(self.counters)
        if self.on_checkpoint is not None and nodes >= self._next_checkpoint:
            self._next_checkpoint = nodes + self.checkpoint_nodes
            self.on_checkpoint()
        if self.deadline is not None and self.deadline.passed():
            if self.on_checkpoint is not None:
                self.on_checkpoint()
            raise SearchTimeoutError(
                f"the solve was stopped by its time limit after {nodes:,} nodes"
                + (" (its checkpoint holds the work so far)" if self.on_checkpoint else "")
            )

    def trim(self) -> None:
        """Keep the deep entries: drop those with the fewest undrawn edges until the table
        holds at most ``TRIM_TO * max_entries`` entries."""
        target = int(self.max_entries * TRIM_TO)
        table = self.table
        if len(table) <= target:
            return
        histogram: dict[int, int] = {}
        for key in table:
            drawn = key.bit_count()
            histogram[drawn] = histogram.get(drawn, 0) + 1
        kept = 0
        limit = 0
        for drawn in sorted(histogram):
            if kept + histogram[drawn] > target:
                break
            kept += histogram[drawn]
            limit = drawn + 1
        for key in [k for k in table if k.bit_count() >= limit]:
            del table[key]

    # --- the public interface ------------------------------------------------------------------
    def test(self, edges: int, bound: int) -> bool:
        """Whether the value of the internal edge set ``edges`` is at least ``bound``."""
        return self._search(edges, bound - 1, bound) >= bound

    def value_internal(self, edges: int, lower: int | None = None, upper: int | None = None,
                       guess: int = 0, progress: _RootProgress | None = None) -> int:
        """The exact value of an internal edge set by MTD(f): null-window tests that close
        ``[lower, upper]`` around it (Plaat et al. 1996; Barker and Korf search null windows)."""
        remaining = self.lay.num_boxes - _completed(self.lay, edges)
        lo = -remaining if lower is None else lower
        hi = remaining if upper is None else upper
        g = guess
        while lo < hi:
            beta = g if g > lo else lo + 1
            if beta > hi:
                beta = hi
            v = self._search(edges, beta - 1, beta)
            if v >= beta:
                lo = v
            else:
                hi = v
            g = v
            if progress is not None:
                progress.lower, progress.upper, progress.guess = lo, hi, g
                if self.on_checkpoint is not None:
                    self.on_checkpoint()
        return lo

    def value(self, edges: Edges) -> int:
        """The exact value, for the side to move, of a game edge set (net boxes from here on)."""
        return self.value_internal(self.lay.to_internal(edges))


def _completed(lay: Layout, edges: int) -> int:
    """Boxes with four sides drawn in an internal edge set."""
    w, vl, vr, mask = lay.col_stride, lay.v_left, lay.v_right, lay.boxes
    return (edges & (edges >> w) & (edges >> vl) & (edges >> vr) & mask).bit_count()


def root_orbits(game: DotsAndBoxes, rules: Rules) -> list[list[Edge]]:
    """The legal moves grouped into classes of equal value, in ``legal_moves`` order.

    Two moves have the same value when an automorphism of the *root* position maps one
    onto the other: a board symmetry that fixes the edge set (with ``symmetry``), or the
    swap of two undrawn border edges of the same box (with ``corner_rule``).  Each class
    is closed under both (union-find over the generators).
    """
    geo = game.geo
    moves = list(game.legal_moves())
    parent = {m: m for m in moves}

    def find(m: Edge) -> Edge:
        while parent[m] != m:
            parent[m] = parent[parent[m]]
            m = parent[m]
        return m

    def union(a: Edge, b: Edge) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[rb] = ra

    edges = game.edges
    if rules.symmetry:
        for perm in geo.symmetries[1:]:
            image = 0
            for e in range(geo.num_edges):
                if edges >> e & 1:
                    image |= 1 << perm[e]
            if image == edges:
                for m in moves:
                    union(m, perm[m])
    if rules.corner_rule:
        for b in range(geo.num_boxes):
            ground = [e for e in range(geo.num_edges) if geo.edge_boxes[e] == (b,) and e in parent]
            for other in ground[1:]:
                union(ground[0], other)
    classes: dict[Edge, list[Edge]] = {}
    for m in moves:
        classes.setdefault(find(m), []).append(m)
    return list(classes.values())


def _header(game: DotsAndBoxes, rules: Rules) -> dict[str, object]:
    return {
        "format": CHECKPOINT_FORMAT,
        "version": CHECKPOINT_VERSION,
        "rows": game.rows,
        "cols": game.cols,
        "edges": game.edges,
        "rules": asdict(rules),
    }


def save_checkpoint(path: Path, header: dict[str, object], progress: _RootProgress,
                    table: dict[int, int]) -> None:
    """Write the table and the root's progress to ``path`` (atomically: temp file, rename).

    Format: one JSON line (the header: board, position, rules, root progress, entry
    count), then the keys as unsigned 64-bit ints and the packed entries likewise
    (native byte order, ``array('Q')``).
    """
    data = dict(header)
    data["progress"] = asdict(progress)
    data["entries"] = len(table)
    keys = array("Q", table.keys())
    values = array("Q", table.values())
    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "wb") as f:
            f.write(json.dumps(data).encode() + b"\n")
            keys.tofile(f)
            values.tofile(f)
        os.replace(tmp, path)
    except OSError as error:
        raise ParameterError(f"cannot write checkpoint {path}: {error.strerror or error}") from None


def load_checkpoint(path: Path, header: dict[str, object]) -> tuple[_RootProgress, dict[int, int]]:
    """Read a checkpoint written by :func:`save_checkpoint` for the same board, position and rules."""
    try:
        with open(path, "rb") as f:
            data = json.loads(f.readline())
            if not isinstance(data, dict):
                raise ValueError("header is not an object")
            for k, v in header.items():
                if data.get(k) != v:
                    raise ParameterError(
                        f"checkpoint {path} is for another solve ({k}: {data.get(k)!r}, "
                        f"this solve: {v!r}); use another file or delete it"
                    )
            n = int(data["entries"])
            keys = array("Q")
            values = array("Q")
            keys.fromfile(f, n)
            values.fromfile(f, n)
            progress = _RootProgress(**data["progress"])
    except (OSError, ValueError, KeyError, TypeError, EOFError) as error:
        raise ParameterError(f"cannot read checkpoint {path}: {error}") from None
    return progress, dict(zip(keys, values, strict=True))


def _start(
    game: DotsAndBoxes,
    rules: Rules | None,
    on_progress: Callable[[Counters], None] | None,
    checkpoint: str | os.PathLike[str] | None,
    checkpoint_nodes: int,
    max_entries: int,
    deadline: Deadline | None,
) -> tuple[Solver, int, _RootProgress]:
    """A solver for ``game``'s board, the internal root, and the root's progress (fresh,
    or read from the checkpoint, which the solver then keeps writing)."""
    if rules is None:
        rules = Rules.of_game(game)
    solver = Solver(
        game.rows,
        game.cols,
        rules,
        max_entries=max_entries,
        on_progress=on_progress,
        checkpoint_nodes=checkpoint_nodes,
        deadline=deadline,
    )
    lay = solver.lay
    root = lay.to_internal(game.edges)
    remaining = lay.num_boxes - _completed(lay, root)
    progress = _RootProgress(-remaining, remaining, 0 if remaining % 2 == 0 else 1)
    if checkpoint is not None:
        path = Path(checkpoint)
        header = _header(game, rules)
        if path.exists():
            progress, table = load_checkpoint(path, header)
            solver.table.update(table)
            solver.counters.nodes = progress.nodes
            solver._next_checkpoint = progress.nodes + checkpoint_nodes
        saved = progress

        def write() -> None:
            saved.nodes = solver.counters.nodes
            save_checkpoint(path, header, saved, solver.table)

        solver.on_checkpoint = write
        write()  # at once: a path that cannot be written is reported before any work
    return solver, root, progress


def value_position(
    game: DotsAndBoxes,
    rules: Rules | None = None,
    *,
    on_progress: Callable[[Counters], None] | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    checkpoint_nodes: int = DEFAULT_CHECKPOINT_NODES,
    max_entries: int = DEFAULT_MAX_ENTRIES,
    deadline: Deadline | None = None,
) -> tuple[int, Solver]:
    """The exact value of ``game``'s position only (no optimal moves), and the solver used.

    The same search as :func:`solve_position` without the test of every root move: for
    long runs whose value is the question (resumable through ``checkpoint`` like it).

    >>> from reference.dots_and_boxes.board import DotsAndBoxes
    >>> value_position(DotsAndBoxes(2, 3))[0]
    -2
    """
    solver, root, progress = _start(
        game, rules, on_progress, checkpoint, checkpoint_nodes, max_entries, deadline
    )
    if root == solver.lay.full:
        return 0, solver
    value = solver.value_internal(root, progress.lower, progress.upper, progress.guess, progress)
    return value, solver


def solve_position(
    game: DotsAndBoxes,
    rules: Rules | None = None,
    *,
    on_progress: Callable[[Counters], None] | None = None,
    move_values: bool = False,
    checkpoint: str | os.PathLike[str] | None = None,
    checkpoint_nodes: int = DEFAULT_CHECKPOINT_NODES,
    max_entries: int = DEFAULT_MAX_ENTRIES,
    deadline: Deadline | None = None,
) -> DabSolveResult:
    """The exact value of ``game``'s position for the side to move and every optimal move.

    See the module docstring for the rules (``rules``: default :meth:`Rules.of_game`),
    the root procedure and ``checkpoint``.  ``deadline`` stops the solve with
    :class:`~reference.errors.SearchTimeoutError` (after writing the checkpoint, if any:
    a later call resumes).  ``game`` is left unchanged.

    >>> from reference.dots_and_boxes.board import DotsAndBoxes
    >>> answer = solve_position(DotsAndBoxes(2, 2)).result
    >>> answer.value, len(answer.best_moves)
    (2, 8)
    """
    start = time.perf_counter()
    solver, root, progress = _start(
        game, rules, on_progress, checkpoint, checkpoint_nodes, max_entries, deadline
    )
    if rules is None:
        rules = solver.rules
    lay = solver.lay
    if game.is_terminal():
        stats = solver.counters.freeze()
        return DabSolveResult(RawSolution(0, (), stats, 0.0, 0), {} if move_values else None, 0)
    value = solver.value_internal(
        root, progress.lower, progress.upper, progress.guess, progress
    )
    best: list[Edge] = []
    values: dict[Edge, int] | None = {} if move_values else None
    for orbit in root_orbits(game, rules):
        move = orbit[0]
        k = game.make(move)
        child = lay.to_internal(game.edges)
        game.unmake()
        name = str(move)
        if values is not None:
            if name not in progress.values:
                if child == lay.full:
                    move_value = k
                else:
                    child_value = solver.value_internal(child)
                    move_value = k + child_value if k else -child_value
                progress.values[name] = move_value
                if solver.on_checkpoint is not None:
                    solver.on_checkpoint()
            optimal = progress.values[name] == value
        else:
            if name not in progress.tests:
                if child == lay.full:
                    progress.tests[name] = k >= value
                elif k:
                    progress.tests[name] = solver.test(child, value - k)
                else:
                    progress.tests[name] = not solver.test(child, -value + 1)
                if solver.on_checkpoint is not None:
                    solver.on_checkpoint()
            optimal = progress.tests[name]
        if values is not None:
            for m in orbit:
                values[m] = progress.values[name]
        if optimal:
            best.extend(orbit)
    order = {m: i for i, m in enumerate(game.legal_moves())}
    best.sort(key=order.__getitem__)
    if not best:
        raise GameError("internal error: no legal move reaches the root value")
    result = RawSolution(
        value, tuple(best), solver.counters.freeze(), time.perf_counter() - start, value
    )
    return DabSolveResult(result, values, len(solver.table))


# ---------------------------------------------------------------------------
# the registry's exact solver (reference.registry.ExactSolver): api.solve and parallel jobs


def solve_exactly(
    game: DotsAndBoxes,
    on_progress: Callable[[Counters], None] | None = None,
    *,
    deadline: Deadline | None = None,
) -> RawSolution[Edge]:
    """The exact value and every optimal move of ``game`` (left unchanged).

    :func:`reference.api.solve` (and so the command line's ``solve``) uses it: the
    rules ``game``'s switches ask for and its :attr:`~DotsAndBoxes.checkpoint` file.
    ``deadline`` stops it with :class:`~reference.errors.SearchTimeoutError`.
    """
    return solve_position(
        game, on_progress=on_progress, checkpoint=game.checkpoint, deadline=deadline
    ).result


def value_exactly(game: DotsAndBoxes) -> tuple[Score, SearchStats]:
    """The exact value alone, and the solver's counters (the jobs of a parallel solve).

    >>> value_exactly(DotsAndBoxes(2, 2))[0]
    2
    """
    value, solver = value_position(game, checkpoint=None)
    return value, solver.counters.freeze()
