"""Reading the papers' text and the prose that quotes them (shared by the quotation tests).

The papers live beside the project in ``../shared/seeds/`` (read-only); a test that needs
one skips when it is absent.  :func:`prose` yields every docstring and comment of a Python
file, or every paragraph of a Markdown page; :func:`quotations` the passages in double
quotation marks outside code spans; :func:`misquoted` the pieces of a quotation (split at
``...``) that the paper does not contain.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
"""The project's checkout."""

SEEDS = ROOT.parent / "shared" / "seeds"
"""The papers (``../shared/seeds`` beside the checkout)."""

QUOTED = re.compile(r'["\u201c]([^"\u201c\u201d]{1,800}?)["\u201d]')
CODE_SPAN = re.compile(r"``[^`]*``|`[^`]*`")


def seed(name: str) -> Path:
    """The path of one file of ``../shared/seeds`` (it may not exist: tests skip then)."""
    return SEEDS / name


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


def quotations(text: str, wanted: re.Pattern[str]) -> list[str]:
    """Passages in double quotation marks, outside code spans, in which ``wanted`` matches."""
    return [q for q in QUOTED.findall(CODE_SPAN.sub(" ", text)) if wanted.search(q)]


def misquoted(paper: str, quote: str, normalise: Callable[[str], str]) -> list[str]:
    """The pieces of ``quote`` (split at ``...``, each normalised) not in ``paper``."""
    pieces = [normalise(piece) for piece in quote.split("...")]
    return [piece for piece in pieces if piece.strip(" .,;:") and piece not in paper]


def wrong_quotations(
    paper: str,
    path: Path,
    wanted: re.Pattern[str],
    normalise: Callable[[str], str],
) -> list[str]:
    """One line per quotation in ``path``'s prose that ``paper`` (normalised) does not contain."""
    return [
        f"{path.name}:{line}: {quote!r} (not in the paper: {missing})"
        for line, text in prose(path)
        for quote in quotations(text, wanted)
        if (missing := misquoted(paper, quote, normalise))
    ]
