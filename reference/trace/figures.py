"""The trace pictures of the docs (``docs/figures/trace-*.svg``), drawn from real searches.

``python -m reference.trace.figures [DIR]`` writes them (default ``docs/figures``);
``tests/trace/test_trace_figures.py`` fails when a committed one is stale.

* ``trace-minimax.svg``, ``trace-alphabeta.svg``, ``trace-alphabeta-tt.svg``: the
  three listings on the empty 3 x 3 board to depth 2 (``docs/trace.md``);
* ``trace-alphabeta-small.svg``: alpha-beta to depth 2 on a 3 x 3 position with two
  stones (the home page, ``docs/index.md``);
* ``trace-dab-tt-hit.svg``: seed 000's Algorithm 1 (alpha-beta with a table) on the
  empty 1 x 2 Dots and Boxes board to depth 3, where stored entries cut subtrees
  (``docs/papers/000-dots-and-boxes.md``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.mnk.game import MNKGame
from reference.trace import trace
from reference.trace.drawing import draw_trace

TIC_TAC_TOE_DEPTH = 2
DAB_DEPTH = 3
FIGURE_WIDTH = 680
"""The pictures' width: the column of a page of the site at a 1280 px window (688 px), so
a page shows them at full size; a wider tree folds its subtrees into rows."""


def tic_tac_toe(algorithm: str) -> str:
    """One listing on the empty 3 x 3 board, symmetry folding on as on the command line
    (symmetric positions share a table entry)."""
    result = trace(MNKGame(3, 3, 3, symmetry=True), algorithm, TIC_TAC_TOE_DEPTH)
    title = f"{algorithm}, empty 3x3 board, depth {TIC_TAC_TOE_DEPTH}"
    return draw_trace(result, title, width=FIGURE_WIDTH)


HOME_POSITION = "xo./.../... x"
"""The home page's picture: x on a3, o on b3, x to move; alpha-beta to depth 2 visits 15
nodes where minimax visits 30."""


def home_picture() -> str:
    """Alpha-beta to depth 2 on :data:`HOME_POSITION`: a tree small enough to read in the
    column of a page, with its cut-offs."""
    result = trace(MNKGame.from_notation(HOME_POSITION, 3, symmetry=True), "alphabeta", 2)
    return draw_trace(result, f"alphabeta, 3x3 board {HOME_POSITION}, depth 2", width=FIGURE_WIDTH)


def dots_and_boxes_table_hits() -> str:
    """Algorithm 1 (alpha-beta + table) on the empty 1 x 2 board: table hits cut subtrees."""
    result = trace(DotsAndBoxes(1, 2), "alphabeta_tt", DAB_DEPTH)
    return draw_trace(
        result,
        f"alpha-beta + table (Algorithm 1), empty 1x2 boxes, depth {DAB_DEPTH}",
        width=FIGURE_WIDTH,
    )


FIGURES: dict[str, Callable[[], str]] = {
    "trace-minimax.svg": lambda: tic_tac_toe("minimax"),
    "trace-alphabeta.svg": lambda: tic_tac_toe("alphabeta"),
    "trace-alphabeta-tt.svg": lambda: tic_tac_toe("alphabeta_tt"),
    "trace-dab-tt-hit.svg": dots_and_boxes_table_hits,
    "trace-alphabeta-small.svg": home_picture,
}
"""Each committed file and the function that draws it."""


def all_figures() -> dict[str, str]:
    """Every trace picture by file stem (what ``tools/figures.py`` collects from each part)."""
    return {name.removesuffix(".svg"): draw() for name, draw in FIGURES.items()}


def write_figures(directory: Path) -> list[Path]:
    """Draw every figure into ``directory``; return the paths written."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, draw in FIGURES.items():
        path = directory / name
        path.write_text(draw() + "\n", encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for written_path in write_figures(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/figures")):
        print(written_path)
