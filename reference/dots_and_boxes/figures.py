"""Pictures for seed 000's page: chains and loops, and Theorem 1's kinds of move.

The paper's board pictures were lost; these draw what §II.B describes on positions
of ours, computed by :mod:`.chains`, so a student can look instead of read:

* chains and loops of 2-boxes (:func:`.chains.analyze`), each box numbered along its
  chain, with the long-chain rule's verdict (Theorem 2, :func:`.chains.long_chain_rule`);
* Theorem 1 translated to edges (:func:`.chains.classify_move`): every undrawn line
  coloured as the move it would be, safe, sacrifice or capture.

``tools/figures.py`` writes them into ``docs/figures/``.
"""

from __future__ import annotations

from reference.dots_and_boxes.chains import MoveKind, analyze, classify_move, long_chain_rule
from reference.dots_and_boxes.drawing import board_svg
from reference.dots_and_boxes.geometry import Edges, geometry
from reference.dots_and_boxes.notation import parse_edge

CHAINS_POSITION = "h0,0 h0,1 v0,0 v1,0 h2,0 h2,1 v0,2 v1,2 h0,2 v1,3 v2,3 h3,2 v2,0 h3,1"
"""A 3 x 3 position (ours): a loop of four boxes (top left) and a chain of five round it."""

MOVE_KINDS_POSITION = "h0,0 v0,0 v0,1 h2,0 h2,1 v1,2 v1,3 h3,2 h1,2"
"""A 3 x 3 position (ours) with every kind of move: two boxes to capture, a one-box chain
that two lines would sacrifice, safe lines elsewhere."""

CHAIN_FILL = ("#fdd49e", "#fc8d59")
"""Short chain, long chain."""
LOOP_FILL = "#9ecae1"

MOVE_COLOUR = {MoveKind.SAFE: "#1a9850", MoveKind.SACRIFICE: "#d73027", MoveKind.CAPTURE: "#2166ac"}


def edges_of(rows: int, cols: int, names: str) -> Edges:
    """The edge set of a list of edge names (``h<r>,<c>`` / ``v<r>,<c>``)."""
    edges = 0
    for name in names.split():
        edges |= 1 << parse_edge(rows, cols, name)
    return edges


def chains_figure(rows: int = 3, cols: int = 3, names: str = CHAINS_POSITION) -> str:
    """Chains (boxes numbered along the path) and loops (``o``) of a position."""
    geo = geometry(rows, cols)
    edges = edges_of(rows, cols, names)
    analysis = analyze(geo, edges)
    fills: dict[int, str] = {}
    labels: dict[int, str] = {}
    for chain in analysis.chains:
        for k, box in enumerate(chain.boxes):
            fills[box] = CHAIN_FILL[chain.is_long]
            labels[box] = str(k + 1)
    for loop in analysis.loops:
        for box in loop.boxes:
            fills[box], labels[box] = LOOP_FILL, "o"
    lengths = ", ".join(str(c.length) for c in analysis.chains) or "none"
    loops = ", ".join(str(c.length) for c in analysis.loops) or "none"
    dots = (rows + 1) * (cols + 1)
    favoured = long_chain_rule(rows, cols, analysis.long_chains)
    return board_svg(
        geo,
        edges,
        box_fills=fills,
        box_labels=labels,
        title=f"Chains and loops ({rows} x {cols}): seed 000, §II.B",
        caption=[
            f"chains (orange: long, 3+ boxes): lengths {lengths}; loops (blue): {loops}",
            f"long-chain rule: {dots} dots + {analysis.long_chains} long chain(s) = "
            f"{dots + analysis.long_chains}, {'even' if favoured == 0 else 'odd'}:",
            f"the {'first' if favoured == 0 else 'second'} player wants this parity",
        ],
    )


def move_kinds_figure(rows: int = 3, cols: int = 3, names: str = MOVE_KINDS_POSITION) -> str:
    """Every undrawn line coloured by the move it would be (Theorem 1 on edges)."""
    geo = geometry(rows, cols)
    edges = edges_of(rows, cols, names)
    kinds = {e: classify_move(geo, edges, e) for e in range(geo.num_edges) if not edges >> e & 1}
    count = {kind: sum(1 for k in kinds.values() if k == kind) for kind in MoveKind}
    return board_svg(
        geo,
        edges,
        undrawn_colours={e: MOVE_COLOUR[kind] for e, kind in kinds.items()},
        title=f"Theorem 1 on edges ({rows} x {cols}): the kind of each move",
        caption=[
            f"green: safe ({count[MoveKind.SAFE]}), gives no box a third side",
            f"red: sacrifice ({count[MoveKind.SACRIFICE]}), gives a box its third side",
            f"blue: capture ({count[MoveKind.CAPTURE]}), completes a box",
        ],
    )


def all_figures() -> dict[str, str]:
    """Every picture, by file stem."""
    return {
        "dab_chains_and_loops": chains_figure(),
        "dab_move_kinds": move_kinds_figure(),
        "dab_game_board": game_board_figure(),
    }


GAME_BOARD = ("h0,0", "v0,0", "h1,0", "v0,1", "h2,1", "v1,2", "h0,2")
"""The Games page's 2 x 3 position: seven lines drawn, the first box taken (docs/games.md)."""


def game_board_figure() -> str:
    """A 2 x 3 position as the game draws itself (``_repr_svg_``)."""
    from reference.dots_and_boxes.rules import DotsAndBoxes

    game = DotsAndBoxes(2, 3)
    for name in GAME_BOARD:
        game.play(game.parse_move(name))
    return game._repr_svg_()
