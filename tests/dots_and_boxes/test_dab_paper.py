"""The paper's pieces: hashes (Theorems 5, 9, formulas 9, 22-23, 25), breadth-first
generation (§III.B), chains (formulas 17-18, Theorem 2), Algorithm 2, formulas 19-20."""

from __future__ import annotations

import functools
import math
import operator
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from sieve import primes_up_to

from reference.dots_and_boxes.algorithm1 import algorithm1
from reference.dots_and_boxes.bidirectional import (
    bfs_distance,
    bidirectional_search,
    dab_predecessors,
    dab_successors,
    full_state,
)
from reference.dots_and_boxes.chains import MoveKind, analyze, classify_move, long_chain_rule
from reference.dots_and_boxes.evaluation import component_value, evaluate_position
from reference.dots_and_boxes.formulas import (
    formula19_minimax_nodes,
    formula20_minimal_leaves,
    formula21_as_printed,
    theorem8_update,
)
from reference.dots_and_boxes.generation import bfs_layers, formula11_depth
from reference.dots_and_boxes.geometry import geometry
from reference.dots_and_boxes.hashing import (
    P_64,
    UniversalHash,
    board_formula9,
    count_collisions,
    edge_states,
    fold32,
    formula9_hash,
    index_formula23,
    index_formula25,
    random_bit_vector,
    reduce_to_64,
    universal_hash,
)
from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.errors import ParameterError
from reference.search import TranspositionTable, search
from reference.search.tt import is_probable_prime


def random_position(rows: int, cols: int, seed: int) -> DotsAndBoxes:
    rng = random.Random(seed)
    game = DotsAndBoxes(rows, cols)
    for _ in range(rng.randrange(game.geo.num_edges + 1)):
        game.play(rng.choice(game.legal_moves()))
    return game


# --- Theorem 5 / formula 9 -------------------------------------------------------------
def test_theorem_5_formula_9_is_the_base_256_number_of_x() -> None:
    """Seed 000, §II.B, Theorem 5, formula 9: h(S) = ((x_1 * 2^8 + x_2) * 2^8 + ...) + x_n
    with x_i = s_i XOR b_i."""
    states, bits = [3, 0, 255, 7], [1, 1, 0, 1]
    xs = [s ^ b for s, b in zip(states, bits, strict=True)]
    expected = ((xs[0] * 256 + xs[1]) * 256 + xs[2]) * 256 + xs[3]
    assert formula9_hash(states, bits) == expected
    with pytest.raises(ParameterError, match="bytes"):
        formula9_hash([256], [0])
    with pytest.raises(ParameterError, match="cells"):
        formula9_hash([1, 2], [0])


def test_theorem_5_formula9_needs_8n_bits_not_64() -> None:
    """ERRATUM, seed 000, §III.A ("map a chessboard state S to an unsigned 64-bit integer")
    and Theorem 5: the literal hash of a 3x3 board (24 edges) is a 192-bit number; it is
    collision-free on edge sets, but its low 64 bits see only the last 8 edges and an
    XOR fold of its limbs only 8 bits; reducing modulo a prime keeps it distinct."""
    geo = geometry(3, 3)
    full_hash = board_formula9(3, 3, geo.full)
    assert full_hash.bit_length() > 64
    rng = random.Random(5)
    sets = {rng.getrandbits(geo.num_edges) for _ in range(2000)}
    literal = [board_formula9(3, 3, e) for e in sets]
    assert len(set(literal)) == len(sets)  # perfect code
    low = [reduce_to_64(h, "low") for h in literal]
    fold = [reduce_to_64(h, "fold") for h in literal]
    prime = [reduce_to_64(h, "prime") for h in literal]
    assert len(set(low)) <= 256  # only 8 cells left: at most 2^8 values
    assert len(set(fold)) <= 256  # limbs overlap byte for byte
    assert len(set(prime)) == len(sets)
    assert is_probable_prime(2**64 - 59)
    with pytest.raises(ParameterError):
        reduce_to_64(1, "middle")


def test_theorem_5_bit_vector_b_is_random_0_1_and_reproducible() -> None:
    """Theorem 5: "the value of b_i is a randomly generated 0 or 1" (seeded here)."""
    assert random_bit_vector(30, 1) == random_bit_vector(30, 1)
    assert set(random_bit_vector(200, 2)) == {0, 1}


def test_reductions_bit_vector_and_edge_states_against_independent_computations() -> None:
    """``reduce_to_64`` as its docstring defines it: the low 64 bits, the XOR of the 64-bit
    limbs (read here from the number's bytes), ``h mod (2^64 - 59)``; B drawn from
    ``random.Random(9)`` by default (``FORMULA9_SEED``, our choice); S one bit per edge."""
    rng = random.Random(11)
    samples = [0, 1, 2**64 - 1, 2**64, 2**64 - 59, 2**128 + 7] + [
        rng.getrandbits(rng.randrange(1, 300)) for _ in range(200)
    ]
    for h in samples:
        assert reduce_to_64(h, "low") == h % 2**64
        data = h.to_bytes(8 * ((h.bit_length() + 63) // 64), "little")
        limbs = [int.from_bytes(data[i : i + 8], "little") for i in range(0, len(data), 8)]
        assert reduce_to_64(h, "fold") == functools.reduce(operator.xor, limbs, 0)
        assert reduce_to_64(h, "prime") == h % (2**64 - 59)
    draw = random.Random(9)
    assert random_bit_vector(40) == [draw.getrandbits(1) for _ in range(40)]
    assert edge_states(1, 1, 0b0101) == [1, 0, 1, 0]  # a 1 x 1 board has 4 edges
    assert edge_states(1, 1, 0b1110) == [0, 1, 1, 1]


STRONG_PSEUDOPRIMES = (
    2047, 1373653, 25326001, 3215031751, 2152302898747, 3474749660383, 341550071728321,
    3825123056546413051, 318665857834031151167461,
)
"""The least strong pseudoprimes to the first k prime bases, k = 1..12 (OEIS A014233, each
value once): they fool the first 1, 2, 3, 4, 5, 6, 8, 11 and 12 bases (2, 3, 5, ...), so
Miller-Rabin with fewer bases than ours calls them prime."""


def test_miller_rabin_against_a_sieve_pseudoprimes_and_known_primes() -> None:
    limit = 20_000
    assert [n for n in range(-2, limit + 1) if is_probable_prime(n)] == primes_up_to(limit)
    assert not any(is_probable_prime(n) for n in STRONG_PSEUDOPRIMES)
    for prime in (2**31 - 1, 2**61 - 1, 2**64 - 59, 2**64 + 13, 2**89 - 1):
        assert is_probable_prime(prime)
        assert not is_probable_prime(prime * 3) and not is_probable_prime(prime * prime)


def test_formula_15_by_hand() -> None:
    """h_ab(k) = ((a k + b) mod p) mod m with a = 3, b = 5, p = 11, m = 4: k = 0, 1, 2, 3
    give (5, 8, 0, 3) mod 4 = (1, 0, 0, 3)."""
    h = UniversalHash(3, 5, 11, 4)
    assert [h(k) for k in range(4)] == [1, 0, 0, 3]


def test_theorem_9_draws_a_from_z_p_star_and_b_from_z_p_and_m_may_be_1() -> None:
    """Theorem 9: a uniform in Z_p* = {1..p-1}, b uniform in Z_p = {0..p-1}; with p = 5,
    200 draws take every allowed value and no other.  A table of one slot (m = 1) is
    allowed (everything lands on 0), as is M = 1 in formula 25; 0 slots are refused."""
    draws = [universal_hash(3, seed, p=5) for seed in range(200)]
    assert {h.a for h in draws} == {1, 2, 3, 4}
    assert {h.b for h in draws} == {0, 1, 2, 3, 4}
    assert {universal_hash(1, seed)(k) for seed in range(5) for k in (0, 7, 2**63)} == {0}
    assert index_formula25(17, 5) == 2 and index_formula25(17, 1) == 0
    with pytest.raises(ParameterError, match="table size M must be >= 1"):
        index_formula25(17, 0)


# --- Theorem 9 / formulas 14-16 --------------------------------------------------------
def test_theorem_9_p_is_prime_above_every_64_bit_key() -> None:
    """Seed 000, §II.B, Theorem 9, formula 14: "a sufficiently large prime number p so that
    each possible keyword falls within the range of 0 to p-1"."""
    assert is_probable_prime(P_64) and P_64 > 2**64
    assert not is_probable_prime(2**64 + 1)
    assert [n for n in range(30) if is_probable_prime(n)] == [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]


def test_theorem_9_universal_hash_range_and_collision_rate() -> None:
    """Seed 000, Theorem 9, formulas 15-16: h_ab maps into 0..m-1; over random (a, b) two
    fixed keys collide with probability about 1/m (the universal property)."""
    m = 16
    k1, k2 = 12345678901234567, 98765432109876543
    collisions = 0
    trials = 2000
    for seed in range(trials):
        h = universal_hash(m, seed)
        assert 1 <= h.a < h.p and 0 <= h.b < h.p
        assert 0 <= h(k1) < m
        collisions += h(k1) == h(k2)
    assert collisions / trials < 2 / m
    with pytest.raises(ParameterError):
        universal_hash(0, 1)
    with pytest.raises(ParameterError, match="prime"):
        universal_hash(8, 1, p=2**64)


# --- formulas 22-23, 25 -----------------------------------------------------------------
def test_formulas_22_23_25_fold_index_and_remainder() -> None:
    """Seed 000, §IV.A formulas 22-23 (v32 = v32[0] ^ v32[1]; i = v16[0] ^ (v16[1] << 4),
    ERRATUM: a 20-bit index, not 16-bit) and §IV.B formula 25 (H(s) = h(s) % M)."""
    key = 0x0123_4567_89AB_CDEF
    assert fold32(key) == 0x0123_4567 ^ 0x89AB_CDEF
    t = fold32(key)
    assert index_formula23(key) == (t & 0xFFFF) ^ ((t >> 16) << 4)
    rng = random.Random(3)
    assert all(0 <= index_formula23(rng.getrandbits(64)) < 1 << 20 for _ in range(1000))
    assert index_formula25(1000, 7) == 1000 % 7
    assert count_collisions([1, 8, 15, 2], lambda k: k % 7) == 2


# --- §III.B breadth-first generation ----------------------------------------------------
@pytest.mark.parametrize("rows,cols", [(1, 1), (1, 2), (2, 2)])
def test_section_3b_breadth_first_generation_reaches_every_state_once(rows: int, cols: int) -> None:
    """Seed 000, §III.B: "uses a queue to store all successor states ..., adds unvisited
    states to the queue": de-duplicated by hash, depth d holds exactly C(E, d) distinct
    edge sets ("the breadth-first strategy ensures that all feasible states are traversed")."""
    game = DotsAndBoxes(rows, cols)
    e = game.geo.num_edges
    layers = bfs_layers(game, e)
    assert [len(layer) for layer in layers] == [math.comb(e, d) for d in range(e + 1)]


def test_section_3b_breadth_first_generation_with_symmetry_fold() -> None:
    """Seed 000, §III.B (our addition: symmetric states share one hash).  Folding symmetric states (canonical key) leaves one state per class: on 2x2,
    depth 1 has 2 classes (outer and inner edges)."""
    game = DotsAndBoxes(2, 2)
    layers = bfs_layers(game, 2, key=game.geo.canonical, check_collisions=False)
    assert [len(layer) for layer in layers][:2] == [1, 2]
    assert len(layers[2]) < math.comb(12, 2)
    classes = {game.geo.canonical(1 << e) for e in range(game.geo.num_edges)}
    assert len(classes) == 2  # outer edges and inner edges
    with pytest.raises(ParameterError, match="collision"):
        bfs_layers(game, 1, key=lambda edges: edges.bit_count())


def test_theorem_7_formula_11_depth_as_printed() -> None:
    """Seed 000, §II.B, Theorem 7, formula 11: Depth = log_m n (kept literally; ERRATUM:
    not the depth of the game tree, which is the number of edges)."""
    assert formula11_depth(8, 2) == pytest.approx(3.0)
    with pytest.raises(ParameterError):
        formula11_depth(8, 1)


# --- chains, formulas 17-18, Theorem 2 ---------------------------------------------------
def brute_force_components(game: DotsAndBoxes) -> list[tuple[int, bool]]:
    """Union-find over 2-boxes joined by undrawn edges; a component is a loop when it
    has as many links as boxes."""
    geo = game.geo
    two = [b for b in range(geo.num_boxes) if (game.edges & geo.box_masks[b]).bit_count() == 2]
    parent = {b: b for b in two}

    def find(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    links = []
    for e in range(geo.num_edges):
        bs = geo.edge_boxes[e]
        if not game.edges >> e & 1 and len(bs) == 2 and bs[0] in parent and bs[1] in parent:
            links.append(bs)
            parent[find(bs[0])] = find(bs[1])
    size: dict[int, int] = {}
    link_count: dict[int, int] = {}
    for b in two:
        size[find(b)] = size.get(find(b), 0) + 1
    for a, _ in links:
        link_count[find(a)] = link_count.get(find(a), 0) + 1
    return sorted((n, link_count.get(r, 0) == n) for r, n in size.items())


@settings(max_examples=examples(150))
@given(st.sampled_from([(2, 2), (3, 3), (3, 4), (4, 4), (2, 5)]), st.integers(0, 10**9))
def test_chain_analysis_matches_brute_force(size: tuple[int, int], seed: int) -> None:
    game = random_position(*size, seed)
    analysis = analyze(game.geo, game.edges)
    found = sorted(
        [(c.length, False) for c in analysis.chains] + [(c.length, True) for c in analysis.loops]
    )
    assert found == brute_force_components(game)
    for c in analysis.chains:  # a chain is a path: consecutive boxes are neighbours
        for a, b in zip(c.boxes, c.boxes[1:], strict=False):
            assert abs(a - b) in (1, game.cols)


def test_chain_and_loop_on_a_known_position() -> None:
    """A 2x2 board with only the four inner edges undrawn... is a loop of 4; with the
    middle vertical edges drawn instead it is two chains."""
    game = DotsAndBoxes(2, 2)
    inner = {game.parse_move(m) for m in ["h1,0", "h1,1", "v0,1", "v1,1"]}
    for e in range(game.geo.num_edges):
        if e not in inner:
            game.play(e)
    analysis = analyze(game.geo, game.edges)
    assert analysis.chains == () and [c.length for c in analysis.loops] == [4]
    assert analysis.long_components == 1
    assert classify_move(game.geo, game.edges, game.parse_move("h1,0")) == MoveKind.SACRIFICE
    # no safe move left: formula 18, a loop, x = 1
    assert evaluate_position(game.geo, game.edges) == -4


def test_formulas_17_18_evaluation_as_read() -> None:
    """Seed 000, §II.C, formulas 17-18, in the reading of chains.component_value."""
    assert [component_value(n, False, 1) for n in (0, 1, 2)] == [0, -1, -2]  # formula 17
    assert component_value(4, False, 3) == 1  # 5 - length, x > 2
    assert component_value(4, False, 1) == -5  # chain, x < 2: -length - 1
    assert component_value(4, True, 1) == -4  # loop: -length
    assert component_value(4, True, 2) == -4  # x = 2 treated as x < 2 (GAP)
    assert evaluate_position(geometry(2, 2), 0) == 0  # safe moves left


def test_theorem_2_long_chain_rule() -> None:
    """Classical statement: the first player wants dots + long chains even.

    Source: Berlekamp, *The Dots-and-Boxes Game* (2000), ch. 2 (the long chain rule);
    5x5 boxes = 36 dots: the first player wants an even number of long chains."""
    assert long_chain_rule(5, 5, 2) == 0
    assert long_chain_rule(5, 5, 1) == 1
    assert long_chain_rule(3, 3, 1) == 1  # 16 dots + 1 chain: odd, the second player


# --- Algorithm 2 --------------------------------------------------------------------------
@settings(max_examples=examples(40))
@given(st.sampled_from([(1, 1), (1, 2), (2, 2)]), st.integers(0, 10**9), st.integers(0, 6))
def test_algorithm_2_bidirectional_equals_bfs_on_the_game_graph(
    size: tuple[int, int], seed: int, extra: int
) -> None:
    """Seed 000, §IV.B, Algorithm 2 (corrected): shortest move sequence between two game
    states (edges, scores, side to move): bidirectional search == breadth-first distance,
    and the path is a real one.  (Every path between two states of this graph has the
    same length; graphs where lengths differ: tests/dots_and_boxes/test_dab_formulas.py.)"""
    rows, cols = size
    begin_game = random_position(rows, cols, seed)
    rng = random.Random(seed + 1)
    end_game = begin_game.copy()
    for _ in range(extra):
        moves = end_game.legal_moves()
        if not moves:
            break
        end_game.play(rng.choice(moves))
    if rng.random() < 0.3:  # sometimes an unreachable target: another side to move
        end_game.set_position(end_game.edges, end_game.scores, 1 - end_game.to_move)
    begin = full_state(begin_game)
    end = full_state(end_game)
    succ, pred = dab_successors(rows, cols), dab_predecessors(rows, cols)
    result = bidirectional_search(begin, end, succ, pred)
    assert result.distance == bfs_distance(begin, end, succ)
    if result.distance is not None:
        assert result.path[0] == begin and result.path[-1] == end
        assert len(result.path) == result.distance + 1
        for a, b in zip(result.path, result.path[1:], strict=False):
            assert (b, 1) in succ(a)


def test_algorithm_2_weighted_graph_equals_dijkstra() -> None:
    """Seed 000, Algorithm 2 with costs (its cost(n, c)): on a random weighted digraph the
    corrected stopping rule still gives shortest paths (Dijkstra)."""
    import heapq

    rng = random.Random(11)
    n = 40
    graph: dict[int, list[tuple[int, int]]] = {i: [] for i in range(n)}
    reverse: dict[int, list[tuple[int, int]]] = {i: [] for i in range(n)}
    for _ in range(120):
        a, b, w = rng.randrange(n), rng.randrange(n), rng.randint(0, 9)
        graph[a].append((b, w))
        reverse[b].append((a, w))

    def dijkstra(s: int, t: int) -> int | None:
        dist = {s: 0}
        heap = [(0, s)]
        while heap:
            d, u = heapq.heappop(heap)
            if u == t:
                return d
            if d > dist[u]:
                continue
            for v, w in graph[u]:
                if d + w < dist.get(v, 10**9):
                    dist[v] = d + w
                    heapq.heappush(heap, (d + w, v))
        return None

    for s in range(0, n, 3):
        for t in range(1, n, 4):
            result = bidirectional_search(s, t, graph.__getitem__, reverse.__getitem__)
            assert result.distance == dijkstra(s, t)


# --- Theorem 8, formulas 19-20 --------------------------------------------------------------
def test_theorem_8_window_update() -> None:
    """Seed 000, §II.B, Theorem 8: alpha = max{alpha, f(S_i)} (formula 12) at a MAX node,
    beta = min{beta, f(S*)} (formula 13) at a MIN node."""
    assert theorem8_update(1, 9, 5, True) == (5, 9)
    assert theorem8_update(1, 9, 0, True) == (1, 9)
    assert theorem8_update(1, 9, 3, False) == (1, 3)


def test_formula_19_counts_a_full_tree() -> None:
    """Seed 000, §IV.A, formula 19, corrected: minimax on a uniform tree visits
    (b^(d+1) - 1)/(b - 1) nodes.  ERRATUM: the printed b^d (1 - b^(d+1))/(1 - b) gives 28
    for b = d = 2, where the tree has 1 + 2 + 4 = 7 nodes."""
    printed = 2**2 * (1 - 2**3) // (1 - 2)
    assert printed == 28 != formula19_minimax_nodes(2, 2) == 7
    from reference.search.toy_games import Nim

    assert formula19_minimax_nodes(3, 2) == 13
    assert formula19_minimax_nodes(1, 4) == 5
    # Nim with take=2 and a big pile: branching 2 for the first 4 plies
    game = Nim(20, take=2)
    nodes = search(game, 4, algorithm="minimax").stats.nodes
    assert nodes == formula19_minimax_nodes(2, 4) - 1  # the core does not count the root


def test_formula_20_minimal_tree() -> None:
    """Seed 000, §IV.A, formula 20, corrected (Knuth and Moore 1975, *An analysis of alpha-beta
    pruning*): b^ceil(d/2) + b^floor(d/2) - 1 leaves (d = 1: b, d = 2: 2b - 1).  ERRATUM:
    the printed b^((d+1)/2) + b^((d-1)/2) - 1 gives 4^1.5 + 4^0.5 - 1 = 9 for b = 4,
    d = 2, where the minimal tree has 2 * 4 - 1 = 7 leaves."""
    assert 4**1.5 + 4**0.5 - 1 == 9 != formula20_minimal_leaves(4, 2) == 7
    assert formula20_minimal_leaves(5, 1) == 5
    assert formula20_minimal_leaves(5, 2) == 9
    assert formula20_minimal_leaves(3, 3) == 9 + 3 - 1


def test_formula_21_erratum_does_not_follow_from_formula_20() -> None:
    """ERRATUM, seed 000, §IV.A, formula 21 ("the number of nodes for the branch delimitation
    search doubles with the search depth", N_2d = 2 b^(d + 1/2)): formula 20 at depth 2d
    gives b^(d+1/2) + b^(d-1/2) - 1 as printed and 2 b^d - 1 corrected; for b = 4, d = 2
    that is 39 and 31, not 64."""
    b, d = 4, 2
    printed_20_at_2d = b ** ((2 * d + 1) / 2) + b ** ((2 * d - 1) / 2) - 1
    assert (formula21_as_printed(b, d), printed_20_at_2d, formula20_minimal_leaves(b, 2 * d)) == (
        64.0,
        39.0,
        31,
    )


def test_figure_3_a_hash_hit_returns_the_stored_result() -> None:
    """Seed 000, §IV.A, Fig. 3: "When the node p is visited for the first time ... a complete
    search will be performed, and the search result will be stored ...  When the node p is
    visited again and its hash value is found in the hash table, the stored result ... can
    be directly returned."  The second search of a 2x2 position with the same table visits
    the root only, and returns the same value."""
    game = DotsAndBoxes.from_notation("2x2:0x124:0:0:0")
    tt = TranspositionTable(1 << 12)
    first, ctx1 = algorithm1(game, 9, tt=tt)
    second, ctx2 = algorithm1(game, 9, tt=tt)
    assert first == second
    assert ctx1.counters.nodes > 100
    assert ctx2.counters.nodes == 1 and ctx2.counters.tt_cutoffs == 1


@pytest.mark.parametrize(
    "drawn, move, kind",
    [
        ((), "h0,0", MoveKind.SAFE),
        (("v0,0", "h1,0"), "h0,0", MoveKind.SACRIFICE),
        (("v0,0", "h1,0", "h0,0"), "v0,1", MoveKind.CAPTURE),
    ],
)
def test_theorem_1_translated_to_edges(drawn: tuple[str, ...], move: str, kind: MoveKind) -> None:
    """Seed 000, §II.B, Theorem 1 ("designing checkerboard storage based on move rules"),
    translated from points to edges (the literal formula 2 on dots is tested in
    test_dab_formulas.py).  On 1x2: a move that gives no box a third side is safe (the
    paper's "short move"), one that gives the left box its third side is a sacrifice,
    one that draws its fourth side a capture."""
    game = DotsAndBoxes(1, 2)
    for edge in drawn:
        game.play(game.parse_move(edge))
    assert classify_move(game.geo, game.edges, game.parse_move(move)) == kind


@settings(max_examples=examples(30))
@given(st.sampled_from([(2, 2), (3, 3), (5, 5), (5, 6)]), st.integers(0, 10**9))
def test_section_3a_table_key_is_the_edge_set_not_formula_9(size: tuple[int, int], seed: int) -> None:
    """Seed 000, §III.A ("T[h(S)]=PHashNode", h of formula 9) as this package reads it
    (departure 19): the table key is the edge set itself, canonical over symmetries when
    ``symmetry`` is on, folded to 64 bits above 64 edges (5x6 has 71); not formula 9, not
    the Zobrist key."""
    from reference.dots_and_boxes.rules import fold64

    game = random_position(*size, seed)
    plain = DotsAndBoxes.from_notation(game.to_notation(), symmetry=False)
    folded = DotsAndBoxes.from_notation(game.to_notation(), symmetry=True)
    if game.geo.num_edges <= 64:
        assert plain.tt_key() == game.edges
        assert folded.tt_key() == game.geo.canonical(game.edges)
    else:
        assert plain.tt_key() == fold64(game.edges)
    assert 0 <= folded.tt_key() < 2**64
    if game.edges:
        assert plain.tt_key() != plain.key  # not the Zobrist key
        assert plain.tt_key() != board_formula9(*size, game.edges)
