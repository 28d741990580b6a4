"""Generic graph algorithms: union-find, Kruskal / MST-Partition, Prim, Update-MST.

Seed 003, §8 and §10.3 (Burnett's split search finds subproblems with a minimum
spanning tree of the complete causality graph).  Nothing here knows about a game.
"""

from reference.graphs.kruskal import (
    Edge,
    MSTPartition,
    Weight,
    WeightMatrix,
    complete_graph_edges,
    min_crossing_weight,
    mst_kruskal,
    mst_partition,
    tree_weight,
)
from reference.graphs.prim import mst_prim, mst_prim_as_printed, prim_tree_edges
from reference.graphs.union_find import UnionFind
from reference.graphs.update_mst import (
    IndexedCompleteGraph,
    UpdateMSTResult,
    update_mst,
    update_mst_engine,
)

__all__ = [
    "Edge",
    "IndexedCompleteGraph",
    "MSTPartition",
    "UnionFind",
    "UpdateMSTResult",
    "Weight",
    "WeightMatrix",
    "complete_graph_edges",
    "min_crossing_weight",
    "mst_kruskal",
    "mst_partition",
    "mst_prim",
    "mst_prim_as_printed",
    "prim_tree_edges",
    "tree_weight",
    "update_mst",
    "update_mst_engine",
]
