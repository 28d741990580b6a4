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

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

SEED = Path("/work/shared/seeds/002_90fd59b9b605f90f.txt")
ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(
    [
        *ROOT.glob("reference/wargame/*.py"),
        *ROOT.glob("examples/wargame_*.py"),
        *ROOT.glob("tests/wargame/*.py"),
        ROOT / "docs/papers/002-war-chess.md",
    ]
)
QUOTED = re.compile(r'["\u201c]([^"\u201c\u201d]{1,800}?)["\u201d]')
CODE_SPAN = re.compile(r"``[^`]*``|`[^`]*`")


def normalise(text: str) -> str:
    """Typographic quotes and apostrophes to ASCII, runs of whitespace to one space."""
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    return " ".join(text.split())


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


def quotations(text: str) -> list[str]:
    """The passages in double quotation marks outside code spans that contain a letter."""
    return [q for q in QUOTED.findall(CODE_SPAN.sub(" ", text)) if re.search(r"[A-Za-z]", q)]


def misquoted(paper: str, quote: str) -> list[str]:
    """The pieces of ``quote`` (split at ``...``) that do not occur in ``paper``."""
    pieces = [normalise(piece) for piece in quote.split("...")]
    return [piece for piece in pieces if piece.strip(" .,;:") and piece not in paper]


def test_the_checker_finds_a_reconstruction_in_quotes() -> None:
    """The check can fail: an index the extraction lost, put back inside quotation marks."""
    paper = normalise("we generate the permutations from the th to the last unit")
    assert misquoted(paper, "we generate the permutations from the i-th to the last unit")
    assert not misquoted(paper, "we generate the permutations ... to the last unit")
    assert quotations('the "th" of ``"not this"`` and “that one”') == ["th", "that one"]


@pytest.mark.skipif(not SEED.exists(), reason="shared/seeds/002_90fd59b9b605f90f.txt not available")
@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_quotations_are_the_papers_words(path: Path) -> None:
    paper = normalise(SEED.read_text(encoding="utf-8"))
    wrong = [
        f"{path.name}:{line}: {quote!r} (not in the paper: {missing})"
        for line, text in prose(path)
        for quote in quotations(text)
        if (missing := misquoted(paper, quote))
    ]
    assert not wrong, "\n".join(wrong)
