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

import re
from pathlib import Path

import pytest
from paper_text import ROOT, misquoted, quotations, seed, wrong_quotations

SEED = seed("002_90fd59b9b605f90f.txt")
FILES = sorted(
    [
        *ROOT.glob("reference/wargame/*.py"),
        *ROOT.glob("examples/wargame_*.py"),
        *ROOT.glob("tests/wargame/*.py"),
        ROOT / "docs/papers/002-war-chess.md",
    ]
)
LETTER = re.compile(r"[A-Za-z]")


def normalise(text: str) -> str:
    """Typographic quotes and apostrophes to ASCII, runs of whitespace to one space."""
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    return " ".join(text.split())


def test_the_checker_finds_a_reconstruction_in_quotes() -> None:
    """The check can fail: an index the extraction lost, put back inside quotation marks."""
    paper = normalise("we generate the permutations from the th to the last unit")
    assert misquoted(paper, "we generate the permutations from the i-th to the last unit", normalise)
    assert not misquoted(paper, "we generate the permutations ... to the last unit", normalise)
    assert quotations('the "th" of ``"not this"`` and “that one”', LETTER) == ["th", "that one"]


@pytest.mark.skipif(not SEED.exists(), reason="shared/seeds/002_90fd59b9b605f90f.txt not available")
@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_quotations_are_the_papers_words(path: Path) -> None:
    wrong = wrong_quotations(normalise(SEED.read_text(encoding="utf-8")), path, LETTER, normalise)
    assert not wrong, "\n".join(wrong)
