"""Why, in one line: a move legal, a game over, what a move does (Dots and Boxes rules, seed 000).

``check`` ends each finding with one of these lines (the leaf of the descent).

>>> from reference.dots_and_boxes.rules import DotsAndBoxes
>>> game = DotsAndBoxes(2, 2)
>>> for name in "h0,1 v0,2 v1,2 h2,0 h2,1 v0,0 v0,1 v1,1".split():
...     _ = game.play(game.parse_move(name))
>>> what_move_does(game, game.parse_move("h1,1"))
'h1,1 completes boxes (0,1) (1,1): 2 points, and the mover moves again'
"""

from __future__ import annotations

from reference.dots_and_boxes.geometry import Edge
from reference.dots_and_boxes.rules import DotsAndBoxes


def box_name(game: DotsAndBoxes, box: int) -> str:
    """A box as ``(row,column)``, row 0 on top (as the edge names count)."""
    row, column = divmod(box, game.cols)
    return f"({row},{column})"


def completed_by(game: DotsAndBoxes, move: Edge) -> list[str]:
    """The boxes ``move`` would complete (their fourth side), by name."""
    boxes = range(game.rows * game.cols)
    before = [game.box_sides(box) for box in boxes]
    game.make(move)
    try:
        return [box_name(game, b) for b in boxes if before[b] == 3 and game.box_sides(b) == 4]
    finally:
        game.unmake()


def why_legal(game: DotsAndBoxes, move: Edge) -> str:
    """Why ``move`` is legal: the edge is on the board and not drawn yet."""
    return f"{game.format_move(move)} is legal: the edge is on the {game.rows}x{game.cols} board and not drawn yet"


def why_over(game: DotsAndBoxes) -> str:
    """Why the game is over: every edge is drawn, so no box is left to win."""
    first, second = game.scores
    return (
        f"every edge is drawn (boxes {first} to {second}): no box is left to win, "
        "so the value from here on is 0"
    )


def what_move_does(game: DotsAndBoxes, move: Edge) -> str:
    """What ``move`` does: the boxes it completes, and who moves next."""
    name, boxes = game.format_move(move), completed_by(game, move)
    if not boxes:
        return f"{name} completes no box: 0 points, and the turn passes"
    what = f"box {boxes[0]}" if len(boxes) == 1 else "boxes " + " ".join(boxes)
    return f"{name} completes {what}: {len(boxes)} point{'s' if len(boxes) > 1 else ''}, and the mover moves again"
