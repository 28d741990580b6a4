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
                   :mod:`.ordering`; here :func:`_settle_function` and :func:`_moves_function`)
``chain_rule``     with no capture pending, each *independent* chain or loop (2-boxes joined
                   only to each other and to the border) is opened by one move per kind and
                   length: a 2-chain by its middle edge (the hard-hearted handout), a longer
                   chain or a loop by any one edge (:mod:`.endgame`, Berlekamp's "all or all
                   but two"; :func:`_components_function`)
``endgame_rule``   a simple endgame (only independent chains and loops left, no safe move)
                   is valued by the formula of :mod:`.endgame`, without search
``symmetry``       the table key is the smallest image of the edge set under the board's
                   symmetries (4, or 8 on square boards; :func:`.layout.table_key_function`)
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
same PATH, board, position and rules starts from them (:mod:`.checkpoint`).

The search works on the padded bitboard of :mod:`.layout` (not the game's edge numbering):
the sides drawn per box are a bit-sliced sum of four shifts of the edge set.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TypeAlias

from reference.dots_and_boxes.checkpoint import (
    RootProgress,
    checkpoint_header,
    load_checkpoint,
    save_checkpoint,
)
from reference.dots_and_boxes.endgame import simple_endgame_value
from reference.dots_and_boxes.geometry import Edge, Edges
from reference.dots_and_boxes.layout import Layout, layout, table_key_function
from reference.dots_and_boxes.ordering import CAPTURES_FIRST
from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.dots_and_boxes.shared_table import KEY_BITS, SharedBoxTable
from reference.errors import GameError, ParameterError, SearchTimeoutError
from reference.graphs.union_find import UnionFind
from reference.search.context import DEADLINE_CHECK_INTERVAL, Deadline
from reference.search.progress import RootEstimate, SolveReport
from reference.search.protocol import Score
from reference.search.solve import RawSolution
from reference.search.stats import Counters, SearchStats

PROGRESS_NODES = 1 << 18
"""``on_progress`` is called every this many nodes (a power of two; the default of
``progress_nodes``)."""

DEFAULT_MAX_ENTRIES = 12_000_000
"""Table entries kept before a trim (our choice: about 1.5 GB of Python dict; a 3x4 solve
makes about 3.3 million)."""

TRIM_TO = 0.7
"""A trim keeps the deepest entries, down to this fraction of ``max_entries`` (our choice)."""

DEFAULT_CHECKPOINT_NODES = 4_000_000
"""Nodes between two checkpoints when ``checkpoint`` is given (our choice: about half a
minute of CPU)."""

_OFF = 512
"""Offset that makes stored bounds non-negative (boards have at most 256 boxes)."""
_VBITS = 10
_VMASK = (1 << _VBITS) - 1

_Settled: TypeAlias = tuple[int, int, int, int, int]
"""What ``settle`` returns: edges, boxes gained, and the boxes with 2, 3 and 4 sides drawn."""
_Component: TypeAlias = tuple[bool, int, int]
"""An independent chain or loop: (is_loop, length, the edge that opens it)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The solver's switches (see the module docstring); all on by default."""

    capture_rule: bool = True
    chain_rule: bool = True
    endgame_rule: bool = True
    symmetry: bool = True
    corner_rule: bool = True
    ordering: str = CAPTURES_FIRST
    """The move order (:data:`.ordering.ORDERINGS`; ``"edges"``: none)."""

    @classmethod
    def of_game(cls, game: DotsAndBoxes) -> Rules:
        """The rules a game's switches and move order ask for (the same names)."""
        return cls(ordering=game.ordering, **game.switches())


@dataclass(frozen=True, slots=True)
class DabSolveResult:
    """A solve's answer and what this solver adds to :class:`~reference.search.RawSolution`."""

    result: RawSolution[Edge]
    move_values: dict[Edge, int] | None
    """The exact value of every legal move for the side to move (``move_values=True``)."""
    table_entries: int


class Solver:
    """An exact solver for one board size and one set of :class:`Rules`.

    >>> solver = Solver(2, 2)
    >>> solver.value(0)            # the empty 2x2 board: the first player wins 3-1
    2
    >>> solver.value(0) == Solver(2, 2, Rules(capture_rule=False, chain_rule=False,
    ...     endgame_rule=False, symmetry=False, corner_rule=False, ordering="edges")).value(0)
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
        shared: SharedBoxTable | None = None,
        progress_nodes: int = PROGRESS_NODES,
    ) -> None:
        if max_entries < 1:
            raise ParameterError(f"max_entries must be >= 1, got {max_entries}")
        if checkpoint_nodes < 1:
            raise ParameterError(f"checkpoint_nodes must be >= 1, got {checkpoint_nodes}")
        self.rules = rules if rules is not None else Rules()
        self.lay = layout(rows, cols)
        self.table: dict[int, int] = {}
        """Canonical edge set -> lower bound, upper bound and best move, packed in one int."""
        self.shared = shared
        """A table in shared memory used instead of ``table`` (the workers of :mod:`.parallel`)."""
        self.counters = Counters()
        self.max_entries = max_entries
        self.on_progress = on_progress
        self.on_checkpoint: Callable[[], None] | None = None
        """Called every ``checkpoint_nodes`` nodes (set by :func:`solve_position`)."""
        self.checkpoint_nodes = checkpoint_nodes
        self._next_checkpoint = checkpoint_nodes
        self.bound: int | None = None
        """The null-window test under way at the root: worth at least this? (for reports)"""
        self.deadline = deadline
        """Stop with :class:`~reference.errors.SearchTimeoutError` once it has passed."""
        if progress_nodes < 1 or progress_nodes & (progress_nodes - 1):
            raise ParameterError(f"progress_nodes must be a power of two, got {progress_nodes}")
        self.progress_nodes = progress_nodes
        tick = min(progress_nodes, 1 << (checkpoint_nodes.bit_length() - 1))
        self._tick_every = min(tick, DEADLINE_CHECK_INTERVAL) if deadline is not None else tick
        self._search = self._build()

    # --- the search -----------------------------------------------------------------------
    def _build(self) -> Callable[[int, int, int], int]:
        """The node function ``search(edges, alpha, beta)``: fail-soft value for the side to move.

        A closure over local constants (the hot loop) and the pieces built by the functions
        below: forced captures, table key, move list, table store (one call each per node).
        """
        lay, rules, table, counters, solver = self.lay, self.rules, self.table, self.counters, self
        if self.shared is not None and lay.full.bit_length() > KEY_BITS:
            raise ParameterError(f"a {lay.rows}x{lay.cols} board's keys do not fit a shared table")
        settle = _settle_function(lay, rules.capture_rule)
        get: Callable[[int], int | None]
        if self.shared is None:
            get, store = table.get, _store_function(self)
        else:
            get, put = self.shared.functions()
            store = _shared_store_function(put)
        key_of = table_key_function(lay, rules.symmetry, rules.corner_rule)
        components = _components_function(lay)
        moves = _moves_function(lay, rules, components)
        full, boxes_mask, num_boxes = lay.full, lay.boxes, lay.num_boxes
        w, vl, vr, tick_mask = lay.col_stride, lay.v_left, lay.v_right, self._tick_every - 1
        endgame_rule = rules.endgame_rule

        def search(edges: int, alpha: int, beta: int) -> int:
            nodes = counters.nodes = counters.nodes + 1
            if not nodes & tick_mask:
                solver._tick()
            edges, gain, two, three, fours = settle(edges)  # capture rule, part 1
            if edges == full:
                return gain
            remaining = num_boxes - fours.bit_count()  # the value lies in [-remaining, remaining]
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
            entry = get(key)
            hint = 0
            if entry is None:
                lo, hi = -remaining, remaining
            else:  # both bounds: return when they close the window, else narrow it
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
            if endgame_rule and not three and not (boxes_mask & ~fours & ~two):
                return gain + _simple_value(components(full & ~edges, two)[0])  # endgame rule
            best, best_move, a = -num_boxes - 1, 0, alpha
            for group in moves(edges, two, three, hint):
                while group:
                    e = group & -group
                    group ^= e
                    k = ((e | e >> w | e >> vl | e >> vr) & three).bit_count() if three else 0
                    if k:  # a capture: the mover moves again
                        value = k + search(edges | e, a - k, beta - k)
                    else:
                        value = -search(edges | e, -beta, -a)
                    if value > best:
                        best, best_move = value, e
                        if value > a:
                            a = value
                            if a >= beta:
                                break
                if a >= beta:
                    break
            store(key, lo, hi, best, best_move, alpha, beta)
            return gain + best

        return search

    def _tick(self) -> None:
        """Every few nodes: report progress (every ``PROGRESS_NODES``), checkpoint when due."""
        nodes = self.counters.nodes
        if self.on_progress is not None and not nodes % self.progress_nodes:
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
                       guess: int = 0, progress: RootProgress | None = None) -> int:
        """The exact value of an internal edge set by MTD(f): null-window tests that close
        ``[lower, upper]`` around it (Plaat et al. 1996; Barker and Korf search null windows)."""
        remaining = self.lay.num_boxes - self.lay.completed(edges)
        lo = -remaining if lower is None else lower
        hi = remaining if upper is None else upper
        g = guess
        while lo < hi:
            beta = g if g > lo else lo + 1
            if beta > hi:
                beta = hi
            self.bound = beta
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


# --- the pieces of the node function (closures over one board's constants) ---------------


def _settle_function(lay: Layout, capture_rule: bool) -> Callable[[int], _Settled]:
    """``settle(edges)``: the position after the forced captures, and its box classes.

    With ``capture_rule``, a box that can be completed by an edge giving no other box its
    third side is completed at once, as often as there is one (part 1 of the capture rule
    of :mod:`.ordering`).  Returns the edges, the boxes so gained, and the boxes with two,
    three and four sides drawn (the bit-sliced count of :meth:`.Layout.box_classes`,
    inlined).  On a full board the classes are not computed (returned as 0).
    """
    full, boxes_mask = lay.full, lay.boxes
    w, vl, vr = lay.col_stride, lay.v_left, lay.v_right

    def settle(edges: int) -> _Settled:
        gain = 0
        while True:
            if edges == full:
                return edges, gain, 0, 0, 0
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
            free = full & ~edges
            cap = (three | three << w | three << vl | three << vr) & free
            chainy = (two | two << w | two << vl | two << vr) & free
            independent = cap & ~chainy
            if not independent:
                break
            e = independent & -independent  # complete a box that gives nothing away
            gain += ((e | e >> w | e >> vl | e >> vr) & three).bit_count()
            edges |= e
        return edges, gain, two, three, (a1 & a2) | (c0 & (a1 ^ a2))

    return settle


def _components_function(lay: Layout) -> Callable[[int, int], tuple[list[_Component], int]]:
    """``components(free, two)``: the independent chains and loops of 2-boxes (joined only to
    each other and to the border) as (is_loop, length, one opening edge), and all their edges.

    The opening edge is the one the chain rule keeps: a 2-chain's middle edge (the
    hard-hearted handout), an end of a longer chain, any edge of a loop.
    """
    w, vl, vr, boxes_mask, border = lay.col_stride, lay.v_left, lay.v_right, lay.boxes, lay.border

    def neighbours(s: int, free: int) -> int:
        """Boxes joined to the boxes ``s`` by an undrawn edge."""
        return (
            (s & free) >> w | (s << w) & free | ((s << vl) & free) >> vr | ((s << vr) & free) >> vl
        ) & boxes_mask

    def components(free: int, two: int) -> tuple[list[_Component], int]:
        found: list[_Component] = []
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

    return components


def _simple_value(found: list[_Component]) -> int:
    """The endgame rule: the exact value of a simple endgame made of the components ``found``
    (:func:`.endgame.simple_endgame_value`)."""
    chains = sorted(n for is_loop, n, _ in found if not is_loop)
    loops = sorted(n for is_loop, n, _ in found if is_loop)
    return simple_endgame_value(tuple(chains), tuple(loops))


def _moves_function(
    lay: Layout, rules: Rules, components: Callable[[int, int], tuple[list[_Component], int]]
) -> Callable[[int, int, int, int], list[int]]:
    """``moves(edges, two, three, hint)``: the moves to search, as edge masks in order
    (lowest bit first within a mask), after the settled captures.

    With a box to complete: the captures, then (capture rule, part 2) only the
    double-dealing declines, or every other move.  Otherwise: safe moves from the centre
    outwards, the chain rule's openings (one per kind and length of independent component,
    shortest chains first), then the other sacrifices, one box handed over before two.
    ``hint`` (the table's best move, bit number + 1, or 0) goes first.
    """
    full, w, vl, vr = lay.full, lay.col_stride, lay.v_left, lay.v_right
    capture_rule, chain_rule = rules.capture_rule, rules.chain_rule
    ordering = rules.ordering == CAPTURES_FIRST
    order_classes = lay.order_classes if ordering else (full,)

    def moves(edges: int, two: int, three: int, hint: int) -> list[int]:
        free = full & ~edges
        groups: list[int]
        if three:
            cap = (three | three << w | three << vl | three << vr) & free
            if capture_rule:
                joined = (cap | cap >> w | cap >> vl | cap >> vr) & two
                groups = [cap, (joined | joined << w | joined << vl | joined << vr) & free & ~cap]
            else:
                groups = [cap, *(free & ~cap & m for m in order_classes)]
        else:
            chainy = (two | two << w | two << vl | two << vr) & free
            openings: list[int] = []
            covered = 0
            if chain_rule and chainy:  # chain rule: one opening per kind and length
                found, covered = components(free, two)
                kinds: set[tuple[bool, int]] = set()
                for is_loop, n, edge in sorted(found):  # chains before loops, shortest first
                    if (is_loop, n) not in kinds:
                        kinds.add((is_loop, n))
                        openings.append(edge)
            if ordering:
                doubles = (((two << w) & two) | (((two << 1) & two) << vl)) & chainy
                groups = [free & ~chainy & m for m in order_classes]
                groups += openings
                groups += [chainy & ~doubles & ~covered, doubles & ~covered]
            else:
                groups = [(free & ~covered) | sum(openings)]
        if hint:  # the groups are disjoint: take the hint out of its group, put it first
            hint_bit = 1 << (hint - 1)
            for i, group in enumerate(groups):
                if group & hint_bit:
                    groups[i] = group ^ hint_bit
                    groups.insert(0, hint_bit)
                    break
        return groups

    return moves


def _store_function(solver: Solver) -> Callable[[int, int, int, int, int, int, int], None]:
    """``store(key, lo, hi, best, best_move, alpha, beta)``: the bounds ``best`` proves,
    searched in the window (alpha, beta), merged with the table's ``lo`` / ``hi``, and the
    best move, packed into ``solver.table[key]``; trims the table when it is too big."""
    table = solver.table

    def store(key: int, lo: int, hi: int, best: int, best_move: int, alpha: int, beta: int) -> None:
        if best <= alpha:  # fail low: an upper bound
            if best < hi:
                hi = best
        elif best >= beta:  # fail high: a lower bound
            if best > lo:
                lo = best
        else:
            lo = hi = best
        table[key] = (lo + _OFF) | (hi + _OFF) << _VBITS | best_move.bit_length() << (2 * _VBITS)
        if len(table) > solver.max_entries:
            solver.trim()

    return store


def _shared_store_function(
    put: Callable[[int, int], None],
) -> Callable[[int, int, int, int, int, int, int], None]:
    """``store`` of :func:`_store_function` writing to a shared table's ``put`` (which
    replaces entries itself, so there is nothing to trim)."""

    def store(key: int, lo: int, hi: int, best: int, best_move: int, alpha: int, beta: int) -> None:
        if best <= alpha:
            if best < hi:
                hi = best
        elif best >= beta:
            if best > lo:
                lo = best
        else:
            lo = hi = best
        put(key, (lo + _OFF) | (hi + _OFF) << _VBITS | best_move.bit_length() << (2 * _VBITS))

    return store


def first_moves(lay: Layout, rules: Rules, edges: int) -> list[int]:
    """The moves the node function tries first at the internal edge set ``edges`` (an
    empty table: no hint), as single-edge masks in its order, after the forced captures
    it settles (which come first).  :mod:`.parallel` picks by it the root move to split."""
    settled, _, two, three, _ = _settle_function(lay, rules.capture_rule)(edges)
    forced = settled & ~edges
    order = [forced & -forced] if forced else []
    for group in _moves_function(lay, rules, _components_function(lay))(settled, two, three, 0):
        while group:
            e = group & -group
            group ^= e
            order.append(e)
    return order


def root_orbits(game: DotsAndBoxes, rules: Rules) -> list[list[Edge]]:
    """The legal moves grouped into classes of equal value, in ``legal_moves`` order.

    Two moves have the same value when an automorphism of the *root* position maps one
    onto the other: a board symmetry that fixes the edge set (with ``symmetry``), or the
    swap of two undrawn border edges of the same box (with ``corner_rule``).  Each class
    is closed under both (union-find over the generators).
    """
    geo = game.geo
    moves = list(game.legal_moves())
    legal = set(moves)
    sets = UnionFind(geo.num_edges)
    edges = game.edges
    if rules.symmetry:
        for s, perm in enumerate(geo.symmetries[1:], 1):
            if geo.transform(edges, s) == edges:
                for m in moves:
                    sets.union(m, perm[m])
    if rules.corner_rule:
        for border_edges in geo.box_border_edges:
            undrawn = [e for e in border_edges if e in legal]
            for other in undrawn[1:]:
                sets.union(undrawn[0], other)
    classes: dict[Edge, list[Edge]] = {}
    for m in moves:
        classes.setdefault(sets.find_set(m), []).append(m)
    return list(classes.values())


def _start(
    game: DotsAndBoxes,
    rules: Rules | None,
    on_progress: Callable[[Counters], None] | None,
    checkpoint: str | os.PathLike[str] | None,
    checkpoint_nodes: int,
    max_entries: int,
    deadline: Deadline | None,
    progress_nodes: int = PROGRESS_NODES,
) -> tuple[Solver, int, RootProgress]:
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
        progress_nodes=progress_nodes,
    )
    lay = solver.lay
    root = lay.to_internal(game.edges)
    remaining = lay.num_boxes - lay.completed(root)
    progress = RootProgress(-remaining, remaining, 0 if remaining % 2 == 0 else 1)
    if checkpoint is not None:
        path = Path(checkpoint)
        header = checkpoint_header(game.rows, game.cols, game.edges, asdict(rules))
        if path.exists():
            progress, table = load_checkpoint(path, header)
            solver.table.update(table)
            solver.counters.nodes = progress.nodes
            solver._next_checkpoint = progress.nodes + checkpoint_nodes
        saved, begun, earlier = progress, time.monotonic(), progress.seconds

        def write() -> None:
            saved.nodes = solver.counters.nodes
            saved.seconds = earlier + time.monotonic() - begun
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

    >>> from reference.dots_and_boxes.rules import DotsAndBoxes
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
    on_report: Callable[[SolveReport], None] | None = None,
    progress_nodes: int = PROGRESS_NODES,
    clock: Callable[[], float] = time.monotonic,
) -> DabSolveResult:
    """The exact value of ``game``'s position for the side to move and every optimal move.

    See the module docstring for the rules (``rules``: default :meth:`Rules.of_game`),
    the root procedure and ``checkpoint``.  ``deadline`` stops the solve with
    :class:`~reference.errors.SearchTimeoutError` (after writing the checkpoint, if any:
    a later call resumes).  ``game`` is left unchanged.

    ``on_report`` receives a :class:`~reference.search.progress.SolveReport` every
    ``progress_nodes`` nodes (a power of two) and after each step at the root: the
    window of the root value, the test under way, the root moves decided (a resumed
    solve reports those of its checkpoint), nodes per second of ``clock``.

    >>> from reference.dots_and_boxes.rules import DotsAndBoxes
    >>> answer = solve_position(DotsAndBoxes(2, 2)).result
    >>> answer.value, len(answer.best_moves)
    (2, 8)
    """
    start = time.perf_counter()
    solver, root, progress = _start(
        game, rules, on_progress, checkpoint, checkpoint_nodes, max_entries, deadline,
        progress_nodes,
    )
    if game.is_terminal():
        stats = solver.counters.freeze()
        return DabSolveResult(RawSolution(0, (), stats, 0.0, 0), {} if move_values else None, 0)
    orbits = root_orbits(game, solver.rules)
    report = None if on_report is None else _Reporter(game, solver, progress, orbits, on_report, clock)
    value = solver.value_internal(
        root, progress.lower, progress.upper, progress.guess, progress
    )
    best: list[Edge] = []
    values: dict[Edge, int] | None = {} if move_values else None
    if report is not None:
        report.value = value
        report()
    for orbit in orbits:  # one move of each orbit is tested
        solver.bound = value
        if _reaches(solver, game, orbit[0], value, progress, move_values):
            best.extend(orbit)
        if values is not None:
            values.update(dict.fromkeys(orbit, progress.values[str(orbit[0])]))
        if report is not None:
            report()
    order = {m: i for i, m in enumerate(game.legal_moves())}
    best.sort(key=order.__getitem__)
    if not best:
        raise GameError("internal error: no legal move reaches the root value")
    result = RawSolution(
        value, tuple(best), solver.counters.freeze(), time.perf_counter() - start, value
    )
    return DabSolveResult(result, values, len(solver.table))


class _Reporter:
    """The :class:`~reference.search.progress.SolveReport` of a serial solve, built from
    the solver and the root's progress; called by the solver's ticks and at root steps."""

    def __init__(
        self,
        game: DotsAndBoxes,
        solver: Solver,
        progress: RootProgress,
        orbits: list[list[Edge]],
        on_report: Callable[[SolveReport], None],
        clock: Callable[[], float],
    ) -> None:
        self.game, self.solver, self.progress, self.orbits = game, solver, progress, orbits
        self.on_report, self.clock = on_report, clock
        self.start, self.start_nodes, self.earlier = clock(), solver.counters.nodes, progress.seconds
        self.value: int | None = None
        """The root value, once known (then the root moves are tested against it)."""
        self.timing = RootEstimate()
        """When the root moves are decided: the estimate of the time left."""
        user = solver.on_progress

        def tick(counters: Counters) -> None:
            self()
            if user is not None:
                user(counters)

        solver.on_progress = tick

    def __call__(self) -> None:
        now, progress, value = self.clock(), self.progress, self.value
        moves: dict[str, str] = {}
        if value is not None:
            for orbit in self.orbits:
                name = str(orbit[0])
                if name in progress.values:
                    moves[self.game.format_move(orbit[0])] = f"={progress.values[name]}"
                elif name in progress.tests:
                    moves[self.game.format_move(orbit[0])] = (
                        f"={value}" if progress.tests[name] else f"<={value - 2}"
                    )
            if self.timing.began is None:  # the tests start (a resumed solve: some are done)
                self.timing.start(now, len(moves))
            self.timing.decided(now, len(moves))
        estimate = self.timing.estimate(now, len(moves), len(self.orbits))
        nodes, run = self.solver.counters.nodes, now - self.start
        self.on_report(SolveReport(
            nodes, self.earlier + run, nodes - self.start_nodes, run, progress.lower,
            progress.upper, self.solver.bound, len(moves), len(self.orbits), moves, estimate,
        ))


def _reaches(
    solver: Solver,
    game: DotsAndBoxes,
    move: Edge,
    value: int,
    progress: RootProgress,
    exact: bool,
) -> bool:
    """Whether root ``move`` is worth the root ``value``: by its exact value (``exact``:
    one MTD(f), kept in ``progress.values``) or by one null-window test (kept in
    ``progress.tests``).  A move the progress already holds is not searched again; each
    new verdict is checkpointed."""
    name = str(move)
    if name not in (progress.values if exact else progress.tests):
        k = game.make(move)
        child = solver.lay.to_internal(game.edges)
        game.unmake()
        full = child == solver.lay.full
        if exact:
            child_value = 0 if full else solver.value_internal(child)
            progress.values[name] = k + child_value if k else -child_value
        elif full:
            progress.tests[name] = k >= value
        elif k:  # the mover moves again: worth k + the child's value
            progress.tests[name] = solver.test(child, value - k)
        else:  # the turn passes: worth minus the child's value
            progress.tests[name] = not solver.test(child, -value + 1)
        if solver.on_checkpoint is not None:
            solver.on_checkpoint()
    return progress.values[name] == value if exact else progress.tests[name]


# ---------------------------------------------------------------------------
# the registry's exact solver (reference.registry.ExactSolver): api.solve and parallel jobs


def solve_exactly(
    game: DotsAndBoxes,
    on_progress: Callable[[Counters], None] | None = None,
    *,
    deadline: Deadline | None = None,
    on_report: Callable[[SolveReport], None] | None = None,
) -> RawSolution[Edge]:
    """The exact value and every optimal move of ``game`` (left unchanged).

    :func:`reference.api.solve` (and so the command line's ``solve``) uses it: the
    rules ``game``'s switches ask for and its :attr:`~DotsAndBoxes.checkpoint` file.
    ``deadline`` stops it with :class:`~reference.errors.SearchTimeoutError`;
    ``on_report`` follows it (see :func:`solve_position`).
    """
    return solve_position(
        game, on_progress=on_progress, checkpoint=game.checkpoint, deadline=deadline,
        on_report=on_report,
    ).result


def value_exactly(game: DotsAndBoxes) -> tuple[Score, SearchStats]:
    """The exact value alone, and the solver's counters (the jobs of a parallel solve).

    >>> value_exactly(DotsAndBoxes(2, 2))[0]
    2
    """
    value, solver = value_position(game, checkpoint=None)
    return value, solver.counters.freeze()
