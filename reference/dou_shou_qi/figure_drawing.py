"""Board pictures: the board partition as a text map, and boards as SVG (standard library only).

Seed 003: Figure 2 (the board), Figure 8 (b)-(d) (effect cones), Figure 10
(movement graphs), Figures 13-15 (subproblems, the Voronoi board partition, the
minimum spanning tree of G_T), Figure 14(b) (the partition map).
:func:`format_partition_map` prints the board split among subproblems as text;
:func:`board_svg` draws one board with any of: pieces, a number on each square, a
shade per square, a region per square, and edges between squares;
:mod:`.figures` computes the figures, ``examples/dsq_figures.py`` writes them to
files.  A browser shows an ``.svg`` file as it is.
"""

from __future__ import annotations

from reference.dou_shou_qi.drawing import (
    CELL,
    MARGIN,
    REGION_COLOURS,
    BoardEdge,
    board_svg,
    centre,
)
from reference.dou_shou_qi.geometry import (
    COLS,
    DEN,
    DENS,
    FILES,
    ROWS,
    WATER,
    Side,
    square_name,
)
from reference.dou_shou_qi.notation import Placement, format_placement, piece_label
from reference.dou_shou_qi.partition import NO_REGION, BoardPartition, Decomposition, Subproblem

__all__ = [
    "CELL",
    "MARGIN",
    "REGION_COLOURS",
    "BoardEdge",
    "board_svg",
    "centre",
    "den_access",
    "format_partition_map",
    "region_label",
    "subproblem_notation",
]

# ------------------------------------------------------------------ text


def region_label(index: int) -> str:
    """Subproblems are printed 1, 2, ..., 9, then A, B, ..., Z, then ``+`` for every further one."""
    return "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[index] if index < 35 else "+"


def format_partition_map(decomposition: Decomposition, *, show_pieces: bool = False) -> list[str]:
    """The Voronoi board partition as text rows, row 9 first, like Figure 14(b).

    Each square shows the number of its subproblem, ``D`` for a den, ``~`` for
    water nobody reaches, ``.`` for other unreachable squares; with
    ``show_pieces`` the pieces are drawn instead (A upper case, B lower case).
    """
    at = {p.square: p for p in decomposition.pieces}
    rows: list[str] = []
    for row in range(ROWS - 1, -1, -1):
        cells: list[str] = []
        for col in range(COLS):
            sq = row * COLS + col
            owner = decomposition.partition.region[sq]
            if show_pieces and sq in at:
                cells.append(piece_label(at[sq])[0])
            elif sq in DENS:
                cells.append("D")
            elif owner == NO_REGION:
                cells.append("~" if sq in WATER else ".")
            else:
                cells.append(region_label(owner))
        rows.append(f"{row + 1}  {' '.join(cells)}")
    rows.append(f"   {' '.join(FILES)}")
    return rows


def den_access(partition: BoardPartition, index: int) -> list[str]:
    """The dens subproblem ``index`` may enter (square names)."""
    return [square_name(DEN[s]) for s in Side if partition.allowed[index] >> DEN[s] & 1]


def subproblem_notation(sub: Subproblem, to_move: Side) -> str:
    """The subproblem as a position in the piece-list notation."""
    return format_placement(Placement(sub.pieces, to_move))
