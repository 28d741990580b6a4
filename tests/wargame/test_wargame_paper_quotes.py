"""Every passage in double quotation marks in the war-chess code, tests, examples and docs is the
paper's own text (seed 002).

The extraction of seed 002 lost its symbols and indices ("the th unit", "Plans_Search()").
Reconstructed indices and formula numbers are ours and must not appear inside quotation
marks as if the paper printed them; a reconstruction is written outside the quotes and
called reconstructed.  This test reads the docstrings and comments of the Python files and
the prose of ``docs/papers/002-war-chess.md`` (code spans excluded), and checks that each
quoted passage occurs in the paper (whitespace and typographic quotes normalised; ``...``
marks an omission, each piece between omissions must occur).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from paper_text import ROOT, WAR_CHESS, misquoted, quotations
from paper_text import latin as normalise

SEED = WAR_CHESS.path
FILES = WAR_CHESS.files()
LETTER = WAR_CHESS.wanted


def test_the_checker_finds_a_reconstruction_in_quotes() -> None:
    """The check can fail: an index the extraction lost, put back inside quotation marks."""
    paper = normalise("we generate the permutations from the th to the last unit")
    assert misquoted(paper, "we generate the permutations from the i-th to the last unit", normalise)
    assert not misquoted(paper, "we generate the permutations ... to the last unit", normalise)
    assert quotations('the "th" of ``"not this"`` and “that one”', LETTER) == ["th", "that one"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_quotation_is_a_checked_excerpt(path: Path) -> None:
    """Every quoted passage is one of the excerpts checked against the paper
    (``tests/data/paper_excerpts.json``; runs without the paper, in CI too).  A new or
    changed quotation fails here until ``python tests/paper_text.py`` has checked it
    against the paper and written it there."""
    new = WAR_CHESS.unchecked(path)
    assert not new, "not checked against the paper (run python tests/paper_text.py):\n" + "\n".join(new)


@pytest.mark.skipif(not SEED.exists(), reason=f"{SEED} not available (the excerpts are checked where it is)")
def test_the_excerpts_are_the_papers_words() -> None:
    """Every checked-in excerpt occurs in the paper (normalised as the quotations are)."""
    assert WAR_CHESS.excerpts_not_in_paper() == []


def test_a_quotation_not_checked_in_is_found(tmp_path: Path) -> None:
    """The excerpt check can fail: a passage nobody checked against the paper."""
    page = tmp_path / "page.md"
    page.write_text('The paper says "units move in a spiral", and "Conclusion".\n', encoding="utf-8")
    excerpts = WAR_CHESS.excerpts()
    pieces = [piece for _, piece in WAR_CHESS.pieces(page)]
    assert pieces == ["units move in a spiral", "Conclusion"]
    assert [piece for piece in pieces if piece not in excerpts] == ["units move in a spiral"]
