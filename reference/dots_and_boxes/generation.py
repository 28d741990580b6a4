"""Breadth-first successor generation with hash de-duplication.

Seed 000, §III.B ("a breadth-first strategy based on hash storage ... uses a queue
to store all successor states ..., adds unvisited states to the queue") and
Theorem 7 (formula 11, tree depth).  A state here is the edge set (the value of a
position does not depend on the score or the side to move).  Each layer is
de-duplicated by a hash of the state; a second dict checks that the hash never
merged two different states (a collision would make the count too small).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reference.bits import bit_indices
from reference.dots_and_boxes.geometry import Edges
from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.errors import ParameterError


def bfs_layers(
    game: DotsAndBoxes,
    depth: int,
    key: Callable[[Edges], int] | None = None,
    check_collisions: bool = True,
) -> list[dict[int, Edges]]:
    """Layers 0..depth of distinct states reachable from ``game``, each a dict hash -> edges.

    ``key`` hashes an edge set (default: the game's Zobrist key, XOR of the drawn
    edges' keys).  Raises ``ParameterError`` on a hash collision (two different
    edge sets with one hash) unless ``check_collisions`` is False (for keys that
    merge states on purpose, e.g. ``geo.canonical``: one state per symmetry class).
    """
    if depth < 0:
        raise ParameterError(f"depth must be >= 0, got {depth}")
    geo = game.geo
    zobrist = geo.zobrist

    def zobrist_key(edges: Edges) -> int:
        k = 0
        for e in bit_indices(edges):
            k ^= zobrist[e]
        return k

    hasher = zobrist_key if key is None else key
    layer: dict[int, Edges] = {hasher(game.edges): game.edges}
    layers = [layer]
    for _ in range(depth):
        nxt: dict[int, Edges] = {}
        for edges in layer.values():  # the queue of the current depth
            for e in bit_indices(geo.full & ~edges):
                child = edges | 1 << e
                h = hasher(child)
                seen = nxt.get(h)
                if seen is None:
                    nxt[h] = child  # unvisited: stored in the hash table, expanded next
                elif check_collisions and seen != child:
                    raise ParameterError(f"hash collision: {seen:#x} and {child:#x} share {h:#x}")
        layers.append(nxt)
        layer = nxt
        if not nxt:
            break
    return layers


def formula11_depth(n: int, m: int) -> float:
    """Theorem 7, formula 11 as printed: Depth = log_m n.

    ERRATUM: with n successor states at the root and m per state thereafter the
    number of leaves is n * m^(d-1); formula 11 only says how many levels of
    branching m produce n states.  Kept literal; the real depth of Dots and Boxes
    is its number of edges.
    """
    if n < 1 or m < 2:
        raise ParameterError(f"formula 11 needs n >= 1 and m >= 2, got n={n}, m={m}")
    return math.log(n, m)
