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

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

SEED = Path("/work/shared/seeds/004_14a4a310d491d24e.txt")
ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(
    [
        *ROOT.glob("reference/connect6/*.py"),
        *ROOT.glob("examples/connect6_*.py"),
        *ROOT.glob("tests/connect6/*.py"),
        ROOT / "docs/papers/004-connect6.md",
    ]
)
QUOTED = re.compile(r'["\u201c]([^"\u201c\u201d]{1,800}?)["\u201d]')
CODE_SPAN = re.compile(r"``[^`]*``|`[^`]*`")
CJK = re.compile(r"[\u4e00-\u9fff]")


def compact(text: str) -> str:
    """The text without any whitespace (the extraction spaces Chinese text irregularly)."""
    return "".join(text.split())


def prose(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) of every docstring and comment of a Python file, or every paragraph of a page."""
    source = path.read_text(encoding="utf-8")
    if path.suffix == ".md":
        line = 1
        for paragraph in source.split("\n\n"):
            yield line, paragraph
            line += paragraph.count("\n") + 2
        return
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            yield node.lineno, node.value.value
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string


def chinese_quotations(text: str) -> list[str]:
    """Passages in double quotation marks, outside code spans, holding a Chinese character."""
    return [q for q in QUOTED.findall(CODE_SPAN.sub(" ", text)) if CJK.search(q)]


def misquoted(report: str, quote: str) -> list[str]:
    """The pieces of ``quote`` (split at ``...``) that do not occur in the report."""
    pieces = [compact(piece) for piece in quote.split("...")]
    return [piece for piece in pieces if piece and piece not in report]


def test_the_checker_finds_a_changed_quotation() -> None:
    """The check can fail: a half-width comma where the report has a full-width one."""
    report = compact("如果我们在 TSS 中不能取得获胜，我们会选择博弈树")
    assert misquoted(report, "如果我们在 TSS 中不能取得获胜, 我们会选择博弈树")
    assert not misquoted(report, "如果我们在 TSS 中不能取得获胜，我们 ... 会选择博弈树")
    assert chinese_quotations('"六子棋" and "English" and ``"路"``') == ["六子棋"]


@pytest.mark.skipif(not SEED.exists(), reason="shared/seeds/004_14a4a310d491d24e.txt not available")
@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_chinese_quotations_are_the_reports_words(path: Path) -> None:
    report = compact(SEED.read_text(encoding="utf-8"))
    wrong = [
        f"{path.name}:{line}: {quote!r} (not in the report: {missing})"
        for line, text in prose(path)
        for quote in chinese_quotations(text)
        if (missing := misquoted(report, quote))
    ]
    assert not wrong, "\n".join(wrong)
