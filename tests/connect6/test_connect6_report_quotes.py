"""Every Chinese passage in quotation marks in the Connect6 code, tests, examples and docs is the
report's own text (seed 004).

The report is in Chinese.  A passage quoted from it is quoted in Chinese, verbatim, and its
English follows outside the quotation marks as our translation; nothing the report does not
say (its rules, for instance: it states none) is quoted as if it did.  This test reads the
docstrings and comments of the Python files and the prose of ``docs/papers/004-connect6.md``
(code spans excluded) and checks that each quoted passage holding a Chinese character occurs
in the report (whitespace ignored; ``...`` marks an omission).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from paper_text import CONNECT6, ROOT, compact, misquoted, quotations

SEED = CONNECT6.path
FILES = CONNECT6.files()
CJK = CONNECT6.wanted


def test_the_checker_finds_a_changed_quotation() -> None:
    """The check can fail: a half-width comma where the report has a full-width one."""
    report = compact("如果我们在 TSS 中不能取得获胜，我们会选择博弈树")
    assert misquoted(report, "如果我们在 TSS 中不能取得获胜, 我们会选择博弈树", compact)
    assert not misquoted(report, "如果我们在 TSS 中不能取得获胜，我们 ... 会选择博弈树", compact)
    assert quotations('"六子棋" and "English" and ``"路"``', CJK) == ["六子棋"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_quotation_is_a_checked_excerpt(path: Path) -> None:
    """Every quoted passage is one of the excerpts checked against the paper
    (``tests/data/paper_excerpts.json``; runs without the paper, in CI too).  A new or
    changed quotation fails here until ``python tests/paper_text.py`` has checked it
    against the paper and written it there."""
    new = CONNECT6.unchecked(path)
    assert not new, "not checked against the paper (run python tests/paper_text.py):\n" + "\n".join(new)


@pytest.mark.skipif(not SEED.exists(), reason=f"{SEED} not available (the excerpts are checked where it is)")
def test_the_excerpts_are_the_papers_words() -> None:
    """Every checked-in excerpt occurs in the paper (normalised as the quotations are)."""
    assert CONNECT6.excerpts_not_in_paper() == []
