"""``reference.listings.beside``: a paper's tagged lines beside the code."""

from __future__ import annotations

from reference.listings import beside
from reference.search.alphabeta_tt import alphabeta_tt
from reference.search.minimax import minimax
from reference.wargame.next_permutation import next_permutation


def test_minimax_lines_one_to_seven_in_order() -> None:
    listing = beside(minimax)
    tags = listing.tagged()
    assert tags == ["lines 1-2", "line 3", "line 4", "line 5", "line 6", "line 7"]
    assert all('"""' not in code for _, code in listing.rows)  # no docstring
    assert listing.rows[0][1].startswith("def minimax(")


def test_every_tagged_row_is_the_code_line_with_that_comment() -> None:
    for function in (alphabeta_tt, next_permutation):
        for tag, code in beside(function).rows:
            if tag:
                assert f"# {tag}" in code or f"OURS: {tag}" in code


def test_html_and_text_show_both_columns() -> None:
    listing = beside(next_permutation)
    html = listing._repr_html_()
    assert html.count("<tr") == len(listing.rows) + 1
    assert "line 1" in html and "next_permutation" in html
    text = str(listing)
    assert text.splitlines()[0].endswith(listing.rows[0][1])


def test_steps_of_prose_are_tags_too() -> None:
    """Threat-space search (seed 004) is described in steps, not lines: its core's
    ``# step N`` comments are the left column, in the order the code meets them."""
    from reference.connect6.tss import tss_attack

    assert beside(tss_attack).tagged() == ["step 4", "steps 1-2", "step 4", "step 3"]
