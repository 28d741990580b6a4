"""The committed trace pictures (``docs/figures/trace-*.svg``) are what the tracer draws today,
and the pages that show them state the node counts the searches really make."""

from __future__ import annotations

from pathlib import Path

import pytest

from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.mnk.game import MNKGame
from reference.trace import trace
from reference.trace.figures import FIGURES

ROOT = Path(__file__).resolve().parent.parent
FIGURE_DIR = ROOT / "docs" / "figures"


@pytest.mark.parametrize("name", list(FIGURES))
def test_committed_trace_figure_is_not_stale(name: str) -> None:
    path = FIGURE_DIR / name
    assert path.is_file(), f"{path} is missing: run python -m reference.trace.figures"
    assert path.read_text(encoding="utf-8") == FIGURES[name]() + "\n", (
        f"{path} is stale: run python -m reference.trace.figures and commit the result"
    )


def test_every_committed_trace_figure_is_drawn_by_the_tool() -> None:
    committed = {path.name for path in FIGURE_DIR.glob("trace-*.svg")}
    assert committed == set(FIGURES)


def test_search_page_shows_the_three_trees_with_their_node_counts() -> None:
    """docs/trace.md: minimax, alpha-beta and alpha-beta + table on the empty 3x3 board
    to depth 2, each picture beside the count the search makes."""
    page = (ROOT / "docs" / "trace.md").read_text(encoding="utf-8")
    game = MNKGame(3, 3, 3, symmetry=True)
    for algorithm, name in (
        ("minimax", "trace-minimax.svg"),
        ("alphabeta", "trace-alphabeta.svg"),
        ("alphabeta_tt", "trace-alphabeta-tt.svg"),
    ):
        nodes = trace(game, algorithm, 2).nodes
        assert f"figures/{name}" in page
        assert f"`{algorithm}`: {nodes} nodes" in page


def test_dots_and_boxes_page_shows_table_hits_cutting_subtrees() -> None:
    page = (ROOT / "docs" / "papers" / "000-dots-and-boxes.md").read_text(encoding="utf-8")
    words = " ".join(page.split())
    result = trace(DotsAndBoxes(1, 2), "alphabeta_tt", 3)
    plain = trace(DotsAndBoxes(1, 2), "alphabeta", 3)
    full = trace(DotsAndBoxes(1, 2), "minimax", 3)
    assert "../figures/trace-dab-tt-hit.svg" in page
    assert result.tt_cutoffs > 0
    assert (
        f"{result.nodes} nodes ({result.tt_cutoffs} of them table cutoffs) against "
        f"{plain.nodes} for alpha-beta without a table and {full.nodes} for minimax" in words
    )
