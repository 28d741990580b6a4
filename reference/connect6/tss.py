"""Threat-space search (TSS, 威胁空间搜索) with double threats (双威胁), and its full-width verifier.

Seed 004, §2.1.4 ("TSS 的实质就是产生威胁，使得对方一直处于被威胁状态，直到我们在某一步取得
成功。在六子棋中，4 子和 5 子是对对方产生威胁的棋形": the essence of TSS is to make threats
and keep the opponent under threat until we win; in Connect6, 4 and 5 stones are the
threatening shapes; our translation),
§2.2.3 (2) (the road table (路表) finds the threat points: the empty points of one's
roads (路) of length 2 and 3, in O(1) per road), §3.2 (future work: single-threat
search; we add it as an option).

**The search in the report's steps** (§2.1.4 and §2.2.3 (2); the report numbers
none, the step numbers are ours), read in :func:`tss_attack` and :func:`tss_defend`, the
core; :func:`threat_space_search` is the driver (node count, budget, deadline, memo,
shortest win first, the result):

1. find the points that make a threat, the empty points of our roads of length 2 and
   3, from the road table (:func:`threat_moves`);
2. keep the double-threat moves ("判断当前选择的下法是否为双威胁下法": decide whether
   the move is a double-threat move; our translation), best first;
3. the opponent must block every threat (:func:`blocking_replies`); after each block,
   back to step 1 ("使得对方一直处于被威胁状态": keep the opponent under threat);
4. until we succeed: a threat left open is completed to six, and three threats cannot
   be blocked with two stones.

Definitions (ours; the report names double threats but defines no count):

* a **threat** of colour c is a road of length 4 or 5 of colour c (no opponent
  stone): c completes six on it with its next move;
* the **threat count** is the least number of stones the opponent needs to block
  every threat (:func:`reference.connect6.evaluation.threat_count`, a smallest
  hitting set, capped at 3);
* a move leaving **three or more** threats wins: the opponent has two stones;
* a **double threat** (count 2) forces the opponent to spend both stones blocking;
  a **single threat** (count 1) leaves it one free stone.

The attacker's moves are generated from the road table only (never full width,
:func:`threat_moves`): pairs inside one of its roads of length 2 (-> a 4), and
pairs with a point of a road of length 3 (-> a 4 or 5); when the defender has
threats of its own the attacker's move must also block them.  A move is kept only
if afterwards the defender has no threat and the attacker at least one (two unless
single threats are allowed).  The defender's replies are *all* moves that block
every threat (:func:`blocking_replies`, computed exactly from the threat roads);
every other reply leaves a threat and loses at once, so the AND-node is complete.
Hence every win reported is a forced win (checked independently by
:func:`verify_win`, which enumerates every defender move, full width).  TSS is not
complete: "no win found" does not prove that there is none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reference.bits import Bitboard, bit_indices
from reference.connect6.evaluation import UNSTOPPABLE, static_value
from reference.connect6.geometry import has_six
from reference.connect6.notation import Move
from reference.connect6.rules import Connect6
from reference.errors import ParameterError
from reference.search.context import Deadline

TSS_MAX_DEPTH = 4
"""GAP (the report gives no depth): attacker moves searched, the final winning move included.

Our choice."""

TSS_SINGLE_THREATS = 0
"""OURS: single-threat moves allowed in one line, by default none (the report's double-threat TSS).

Seed 004 §3.2's future work, single threats, is opt-in: the defender's free stone is
tried on every empty point (sound but slow, ~20 s at depth 4 on 19 x 19)."""


@dataclass(frozen=True, slots=True)
class TSSResult:
    """The outcome of a threat-space search for the side to move (the attacker)."""

    win: bool
    """True when a forced win was found."""
    line: tuple[Move, ...]
    """The main line: attacker move, defender reply, ..., ending with the attacker's move that
    completes six or leaves three or more threats (empty when no win was found)."""
    nodes: int
    """Positions visited (attacker and defender nodes)."""
    depth: int
    """Attacker moves needed to win against the defender's best reply, the final six
    included (0 when no win); the main line may be shorter."""
    complete: bool = True
    """False when ``max_nodes`` or the deadline stopped the search (then ``win`` is False)."""


# --------------------------------------------------------------------------- threats and blocks
def threat_masks(game: Connect6, colour: int) -> list[Bitboard]:
    """The empty points of each threat road (length 4 or 5) of ``colour``, one bitboard a road."""
    free = game.free
    return [game.geo.road_masks[r] & free for r in game.table.threat_roads(colour)]


def _union_and_common(masks: list[Bitboard], board_mask: Bitboard) -> tuple[Bitboard, Bitboard]:
    """The points on some mask, and the points on every mask."""
    union = 0
    common = board_mask
    for m in masks:
        union |= m
        common &= m
    return union, common


def _pairs(points: Bitboard) -> list[Move]:
    """Every pair of ``points``."""
    indices = bit_indices(points)
    return [(p, q) for i, p in enumerate(indices) for q in indices[i + 1 :]]


def _pairs_meeting_all(masks: list[Bitboard], union: Bitboard) -> list[Move]:
    """Every pair of points of ``union`` that puts a stone on each of ``masks``."""
    pairs: list[Move] = []
    for p, q in _pairs(union):
        pq = (1 << p) | (1 << q)
        if all(m & pq for m in masks):
            pairs.append((p, q))
    return pairs


def _sorted_pair(p: int, q: int) -> Move:
    """The move of the two points ``p`` and ``q``, in increasing order."""
    return (p, q) if p < q else (q, p)


def blocking_replies(game: Connect6, masks: list[Bitboard]) -> list[Move]:
    """Every move of the side to move that puts a stone on each of the threat roads ``masks``.

    The masks are the empty points of the opponent's threat roads.  Pairs inside
    their union that meet every mask, plus (when one point meets them all) that
    point with any other empty point; a single point when only one stone is allowed.
    """
    union, common = _union_and_common(masks, game.geo.board_mask)
    if game.stones_per_move() == 1:
        return [(p,) for p in bit_indices(common)]
    replies = _pairs_meeting_all(masks, union)
    if common:
        others = bit_indices(game.free & ~union)
        for p in bit_indices(common):
            replies.extend(_sorted_pair(p, q) for q in others)
    return replies


# --------------------------------------------------------------------------- the attacker's moves
def _threat_making_moves(game: Connect6) -> tuple[set[Move], Bitboard]:
    """The attacker's moves that make a 4 or a 5, and its threat points (both from the road table).

    Seed 004, §2.2.3 (2): "通过路表，在 TSS 选点时就可以 $O(1)$ 的找到我们可用的点": the
    threat points are the empty points of the mover's roads of length 2 and 3.
    """
    table = game.table
    attacker = game.to_move
    occupied = game.occupied
    single_points = table.empty_points(attacker, 3, occupied)  # one stone makes a threat
    threat_points = single_points | table.empty_points(attacker, 2, occupied)
    moves: set[Move] = set()
    if game.stones_per_move() == 1:
        moves.update((p,) for p in bit_indices(single_points))
        return moves, threat_points
    free = game.free
    for r in table.roads(attacker, 2):  # two stones on a road of length 2 make a 4
        moves.update(_pairs(game.geo.road_masks[r] & free))
    others = bit_indices(threat_points)
    for p in bit_indices(single_points):  # one stone on a road of length 3, one anywhere useful
        moves.update(_sorted_pair(p, q) for q in others if p != q)
    return moves, threat_points


def _blocking_threat_moves(game: Connect6, threat_points: Bitboard) -> set[Move] | None:
    """When the defender threatens: the attacker's moves that block every threat, else ``None``.

    OURS (the report does not say): both stones block, or one stone blocks and the
    other goes on a threat point.
    """
    defence = threat_masks(game, 1 - game.to_move)
    if not defence:
        return None
    union, common = _union_and_common(defence, game.geo.board_mask)
    keep = set(_pairs_meeting_all(defence, union))
    for p in bit_indices(common):
        keep.update(_sorted_pair(p, q) for q in bit_indices(threat_points & ~(1 << p)))
    return keep


def threat_moves(game: Connect6, allow_single: bool) -> list[tuple[Move, int]]:
    """The attacker's threatening moves with the threat count each leaves, best first.

    Seed 004, §2.1.4 and §2.2.3 (2): moves from the threat points of the road table
    that leave the defender no threat and the attacker a double threat (or a single
    one when ``allow_single``); more threats first, then the better road evaluation.
    """
    attacker = game.to_move
    defender = 1 - attacker
    moves, threat_points = _threat_making_moves(game)
    blocks = _blocking_threat_moves(game, threat_points)
    if blocks is not None:
        moves = blocks
    need = 1 if allow_single else 2
    scored: list[tuple[int, int, Move]] = []
    for move in moves:
        game.make(move)
        if not game.table.threat_roads(defender):
            count = game.threat_count(attacker)
            if count >= need:
                scored.append(
                    (count, static_value(game.table, game.black, game.white, attacker), move)
                )
        game.unmake()
    scored.sort(key=lambda item: (-item[0], -item[1], item[2]))
    return [(move, count) for count, _, move in scored]


# --------------------------------------------------------------------------- the search
Win = tuple[tuple[Move, ...], int]
"""A found win: the main line and the attacker moves it needs against the worst reply."""

Attack = Callable[[Connect6, int, int], "Win | None"]
"""An attacker node: (position, attacker moves left, single-threat moves left) -> a win or None."""
Defend = Callable[[Connect6, int, int], "Win | None"]
"""A defender node, the same signature: a win against every blocking reply, or None."""


def tss_attack(
    game: Connect6, depth: int, singles: int = 0, defend: Defend | None = None
) -> Win | None:
    """A win for the side to move within ``depth`` attacker moves, by continuous threats (OR node).

    Seed 004, §2.1.4 and §2.2.3 (2): the search as the report describes it, in its
    steps (tagged below).  ``singles`` single-threat moves are allowed in the line
    (§3.2's future work; 0: the report's double-threat TSS).  ``defend`` answers the
    defender's node (default :func:`tss_defend`); :func:`threat_space_search` passes
    its own to count nodes, stop at a budget and keep a memo.

    >>> from reference.connect6.puzzles import WIN_IN_2
    >>> game = Connect6.from_notation(WIN_IN_2.position)
    >>> line, need = tss_attack(game, 2)   # f3,h3 leaves three threats: the defender is lost
    >>> [game.format_move(m) for m in line], need
    (['f3,h3'], 2)
    """
    if game.is_terminal():
        return None
    win = game.winning_move()  # step 4: a threat of ours is left open: complete six (success)
    if win is not None:
        return (win,), 1
    if depth <= 1 or game.threat_count(1 - game.to_move) >= UNSTOPPABLE:
        return None  # out of depth, or the defender's threats cannot all be blocked
    defend = defend or tss_defend
    for move, count in threat_moves(game, singles > 0):  # steps 1-2: threat points, double threats
        if count >= UNSTOPPABLE:  # step 4: three threats, two stones to block them: success
            return (move,), 2
        game.make(move)
        found = defend(game, depth - 1, singles - (count == 1))  # step 3: the opponent answers
        game.unmake()
        if found is not None:
            return (move, *found[0]), 1 + found[1]
    return None


def tss_defend(
    game: Connect6, depth: int, singles: int = 0, attack: Attack | None = None
) -> Win | None:
    """The attacker's win against *every* defender reply that blocks all its threats (AND node).

    Seed 004, §2.1.4 ("使得对方一直处于被威胁状态": keep the opponent under threat):
    step 3, the defender must block every threat (:func:`blocking_replies`; any other
    reply leaves a six); after each block the attacker threatens again (``attack``,
    default :func:`tss_attack`).  The line follows the first reply.
    """
    attack = attack or tss_attack
    replies = blocking_replies(game, threat_masks(game, 1 - game.to_move))  # step 3
    if not replies:
        return (), 1  # nothing blocks every threat (one stone left): six next move
    main: tuple[Move, ...] | None = None
    need = 0
    for reply in replies:
        game.make(reply)
        found = attack(game, depth, singles)  # back to steps 1-2: threaten again
        game.unmake()
        if found is None:
            return None  # this reply refutes the attack
        if main is None:
            main = (reply, *found[0])
        need = max(need, found[1])
    assert main is not None
    return main, need


class _Stop(Exception):
    """The node budget or the deadline of a threat-space search is exhausted."""


class _Searcher:
    """One TSS run: the core's nodes with counting, a node budget, a deadline and a memo."""

    __slots__ = ("deadline", "max_nodes", "memo", "nodes")

    def __init__(self, max_nodes: int | None = None, deadline: Deadline | None = None) -> None:
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.memo: dict[tuple[int, int, int], Win | None] = {}

    def visit(self) -> None:
        """Count a node; stop at the node budget or the deadline (OURS: for annotate)."""
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _Stop
        if self.deadline is not None and self.deadline.passed():
            raise _Stop

    def attack(self, game: Connect6, depth: int, singles: int) -> Win | None:
        """:func:`tss_attack`, counted, with a memo (OURS) of the positions already searched."""
        self.visit()
        memo_key = (game.key, depth, singles)
        if memo_key not in self.memo:
            self.memo[memo_key] = tss_attack(game, depth, singles, self.defend)
        return self.memo[memo_key]

    def defend(self, game: Connect6, depth: int, singles: int) -> Win | None:
        """:func:`tss_defend`, counted."""
        self.visit()
        return tss_defend(game, depth, singles, self.attack)


def threat_space_search(
    game: Connect6,
    *,
    max_depth: int = TSS_MAX_DEPTH,
    single_threats: int = TSS_SINGLE_THREATS,
    shortest: bool = True,
    max_nodes: int | None = None,
    deadline: Deadline | None = None,
) -> TSSResult:
    """Search for a forced win of the side to move by continuous threats (the driver).

    The search is the core's, :func:`tss_attack` / :func:`tss_defend`; this driver
    counts nodes, stops at ``max_nodes`` or the deadline, remembers positions already
    searched (a memo), and packages the result.  With ``shortest`` the depth grows 1, 2, ..., ``max_depth`` (sharing the memo),
    so the win reported is one of the fewest attacker moves TSS can find.

    Seed 004, §2.1.4 and §2.2.3 (2); single threats (§3.2's future work) when
    ``single_threats > 0``: at most that many single-threat moves per line.
    ``max_depth`` counts attacker moves, the final one (six, or three threats) included.
    ``max_nodes`` / ``deadline`` stop the search early (the result then has
    ``complete = False`` and ``win = False``).  The game is restored on return.
    """
    if isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 1:
        raise ParameterError(f"TSS depth must be an integer >= 1, got {max_depth!r}")
    if single_threats < 0:
        raise ParameterError(f"single threats per line must be >= 0, got {single_threats}")
    searcher = _Searcher(max_nodes, deadline)
    depths = range(1, max_depth + 1) if shortest else (max_depth,)
    history = len(game.history)
    try:
        for depth in depths:  # shortest: deepen one attacker move at a time, memo kept
            found = searcher.attack(game, depth, single_threats)
            if found is not None:
                return TSSResult(True, found[0], searcher.nodes, found[1])
    except _Stop:
        while len(game.history) > history:  # restore the position the search left
            game.unmake()
        return TSSResult(False, (), searcher.nodes, 0, complete=False)
    return TSSResult(False, (), searcher.nodes, 0)


# --------------------------------------------------------------------------- verification
@dataclass(frozen=True, slots=True)
class Verification:
    """The outcome of :func:`verify_win`."""

    forced: bool
    defender_moves: int
    """Defender moves examined (every legal move at every defender node)."""
    refutation: tuple[Move, ...]
    """When not forced: the line (attacker, defender, ...) where the attack failed."""


AttackerSearch = Callable[[Connect6, int], TSSResult]
"""A claimed attack: given the position (attacker to move) and the attacker moves left, a result
whose ``win`` is the claim and whose ``line[0]`` is the attacker's move."""


def _near_six_windows(game: Connect6, colour: int) -> list[tuple[Bitboard, int]]:
    """Roads ``colour`` completes with at most two stones, with the stones each needs.

    Found from the bitboards alone, not from the road table.
    """
    own = game.stones(colour)
    opp = game.stones(1 - colour)
    windows = []
    for mask in game.geo.road_masks:
        need = (mask & ~own).bit_count()
        if not mask & opp and need <= 2:
            windows.append((mask, need))
    return windows


class _Verifier:
    """One run of :func:`verify_win`: the game, the claim, the defender moves tried, the line."""

    __slots__ = ("attacker", "claim", "count", "game", "path")

    def __init__(self, game: Connect6, claim: AttackerSearch) -> None:
        self.game = game
        self.claim = claim
        self.attacker = game.to_move
        self.count = 0
        self.path: list[Move] = []

    def attack(self, depth: int) -> bool:
        """The claimed attacker move wins within ``depth`` attacker moves, whatever the defence."""
        game = self.game
        result = self.claim(game, depth)
        if not result.win:
            return False
        move = result.line[0]
        self.path.append(move)
        game.make(move)
        try:
            won = has_six(game.geo, game.stones(self.attacker)) or (
                depth > 1 and not game.is_terminal() and self.defend(depth - 1)
            )
        finally:
            game.unmake()
        if won:
            self.path.pop()
        return won

    def defend(self, depth: int) -> bool:
        """Every legal defender move (full width) loses within ``depth`` attacker moves."""
        game = self.game
        windows = _near_six_windows(game, self.attacker)
        empties = game.free.bit_count()
        for reply in game.legal_moves():
            self.count += 1
            stones: Bitboard = 0
            for p in reply:
                stones |= 1 << p
            if has_six(game.geo, game.stones(1 - self.attacker) | stones):
                self.path.append(reply)
                return False  # the defender wins first
            attacker_stones = min(2, empties - len(reply))
            if any(not w & stones and need <= attacker_stones for w, need in windows):
                continue  # an unblocked road: the attacker completes six next move
            if not self.attack_after(reply, depth):
                return False
        return True

    def attack_after(self, reply: Move, depth: int) -> bool:
        """Play the defender's ``reply``, then :meth:`attack`; the line keeps a refuting reply."""
        self.path.append(reply)
        self.game.make(reply)
        try:
            won = self.attack(depth)
        finally:
            self.game.unmake()
        if won:
            self.path.pop()
        return won


def verify_win(
    game: Connect6,
    max_depth: int,
    *,
    single_threats: int = TSS_SINGLE_THREATS,
    search: AttackerSearch | None = None,
) -> Verification:
    """Check, full width, that the side to move wins within ``max_depth`` of its moves.

    OURS (the report claims no proof).  The attacker's moves come from ``search``
    (default: :func:`threat_space_search` with ``single_threats``), which is asked
    again at every attacker node: the claim checked is "this search wins from here".
    At every defender node **every legal move** (:meth:`Connect6.legal_moves`) is
    tried.  A reply that leaves a road the attacker completes at once (found by
    scanning the bitboards, independently of the road table) is won; a reply that
    makes six for the defender, or any other reply the attacker cannot win after
    within the depth, refutes.  Meant for small boards (a defender node tries every
    pair of empty points).
    """

    def default_search(position: Connect6, depth: int) -> TSSResult:
        return threat_space_search(position, max_depth=depth, single_threats=single_threats)

    verifier = _Verifier(game, search if search is not None else default_search)
    forced = verifier.attack(max_depth)
    return Verification(forced, verifier.count, () if forced else tuple(verifier.path))
