"""Disjoint sets (union-find) with union by rank and path compression.

Seed 003, §8.1.1 (MST-Partition uses Make-Set, Find-Set and Union, citing
Cormen et al. [15]).  Elements are the vertices ``0 .. n-1`` of a graph.
"""

from __future__ import annotations

from reference.errors import ParameterError


class UnionFind:
    """A forest of disjoint sets over the integers ``0 .. n-1``.

    Seed 003, §8.1.1, Make-Set / Find-Set / Union.
    """

    __slots__ = ("_parent", "_rank", "set_count")

    def __init__(self, n: int = 0) -> None:
        if n < 0:
            raise ParameterError(f"a union-find needs n >= 0 elements, got {n}")
        self._parent: list[int] = []
        self._rank: list[int] = []
        self.set_count = 0
        """The number of disjoint sets (the listing's ``setcount``)."""
        for _ in range(n):
            self.make_set()

    def __len__(self) -> int:
        return len(self._parent)

    def make_set(self) -> int:
        """Make-Set: add a new singleton set and return its element."""
        element = len(self._parent)
        self._parent.append(element)
        self._rank.append(0)
        self.set_count += 1
        return element

    def find_set(self, x: int) -> int:
        """Find-Set: the representative of the set holding ``x`` (with path compression)."""
        if not 0 <= x < len(self._parent):
            raise ParameterError(f"element {x} is not in the union-find (0..{len(self) - 1})")
        root = x
        while self._parent[root] != root:
            root = self._parent[root]
        while self._parent[x] != root:
            self._parent[x], x = root, self._parent[x]
        return root

    def union(self, x: int, y: int) -> bool:
        """Union: merge the sets of ``x`` and ``y``; False when they were already one set."""
        rx, ry = self.find_set(x), self.find_set(y)
        if rx == ry:
            return False
        if self._rank[rx] < self._rank[ry]:
            rx, ry = ry, rx
        self._parent[ry] = rx
        if self._rank[rx] == self._rank[ry]:
            self._rank[rx] += 1
        self.set_count -= 1
        return True

    def sets(self) -> list[frozenset[int]]:
        """The disjoint sets, ordered by their smallest element."""
        groups: dict[int, list[int]] = {}
        for x in range(len(self._parent)):
            groups.setdefault(self.find_set(x), []).append(x)
        return sorted((frozenset(g) for g in groups.values()), key=min)
