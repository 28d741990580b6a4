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

import re
from pathlib import Path

import pytest
from paper_text import ROOT, misquoted, quotations, seed, wrong_quotations

SEED = seed("004_14a4a310d491d24e.txt")
FILES = sorted(
    [
        *ROOT.glob("reference/connect6/*.py"),
        *ROOT.glob("examples/connect6_*.py"),
        *ROOT.glob("tests/connect6/*.py"),
        ROOT / "docs/papers/004-connect6.md",
    ]
)
CJK = re.compile(r"[\u4e00-\u9fff]")


def compact(text: str) -> str:
    """The text without any whitespace (the extraction spaces Chinese text irregularly)."""
    return "".join(text.split())


def test_the_checker_finds_a_changed_quotation() -> None:
    """The check can fail: a half-width comma where the report has a full-width one."""
    report = compact("如果我们在 TSS 中不能取得获胜，我们会选择博弈树")
    assert misquoted(report, "如果我们在 TSS 中不能取得获胜, 我们会选择博弈树", compact)
    assert not misquoted(report, "如果我们在 TSS 中不能取得获胜，我们 ... 会选择博弈树", compact)
    assert quotations('"六子棋" and "English" and ``"路"``', CJK) == ["六子棋"]


@pytest.mark.skipif(not SEED.exists(), reason="shared/seeds/004_14a4a310d491d24e.txt not available")
@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_chinese_quotations_are_the_reports_words(path: Path) -> None:
    wrong = wrong_quotations(compact(SEED.read_text(encoding="utf-8")), path, CJK, compact)
    assert not wrong, "\n".join(wrong)
