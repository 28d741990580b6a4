"""Reading the papers' text and the prose that quotes them (shared by the quotation tests).

The papers live beside the project in ``../shared/seeds/`` (read-only; ``GAMETREE_SEEDS``
names another folder) and are not part of the checkout.  What the tests need from them is
checked in under ``tests/data/`` (the quoted passages, ``paper_excerpts.json``, and the
Dou Shou Qi Figure 3 tables): the tests that read the papers check that those files are
the papers' own words (they skip where the papers are absent), and the tests that run
everywhere (CI included) check the code and the docs against those files.  After adding
or changing a quotation, run ``python tests/paper_text.py`` beside the papers: it writes
``paper_excerpts.json`` and refuses a passage the paper does not contain.  :func:`prose` yields every docstring and comment of a Python
file, or every paragraph of a Markdown page; :func:`quotations` the passages in double
quotation marks outside code spans; :func:`misquoted` the pieces of a quotation (split at
``...``) that the paper does not contain.
"""

from __future__ import annotations

import ast
import io
import json
import os
import re
import sys
import tokenize
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
"""The project's checkout."""

SEEDS = Path(os.environ.get("GAMETREE_SEEDS", ROOT.parent / "shared" / "seeds"))
"""The papers (``../shared/seeds`` beside the checkout, or ``$GAMETREE_SEEDS``)."""

DATA = ROOT / "tests" / "data"
EXCERPTS = DATA / "paper_excerpts.json"
"""Every quoted passage of the prose, by paper: checked against the papers where they are."""

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


def latin(text: str) -> str:
    """Typographic quotes and apostrophes to ASCII, runs of whitespace to one space."""
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    return " ".join(text.split())


def compact(text: str) -> str:
    """The text without any whitespace (the extraction spaces Chinese text irregularly)."""
    return "".join(text.split())


@dataclass(frozen=True)
class QuotedPaper:
    """A paper, the files whose prose quotes it, and how quotations are found and compared."""

    seed: str
    """The paper's file name in the seeds folder."""
    globs: tuple[str, ...]
    """The quoting files, as globs below the checkout."""
    wanted: re.Pattern[str]
    """A quotation is checked when this matches in it (Latin letters, or Chinese characters)."""
    normalise: Callable[[str], str]

    @property
    def path(self) -> Path:
        return seed(self.seed)

    def files(self) -> list[Path]:
        return sorted(path for pattern in self.globs for path in ROOT.glob(pattern))

    def pieces(self, path: Path) -> list[tuple[int, str]]:
        """(line, normalised piece) of every quotation in ``path``'s prose (split at ``...``)."""
        return [
            (line, piece)
            for line, text in prose(path)
            for quote in quotations(text, self.wanted)
            for piece in (self.normalise(part) for part in quote.split("..."))
            if piece.strip(" .,;:")
        ]

    def excerpts(self) -> set[str]:
        """The passages checked in for this paper (``tests/data/paper_excerpts.json``)."""
        data = json.loads(EXCERPTS.read_text(encoding="utf-8"))
        return set(data.get(self.seed, []))

    def unchecked(self, path: Path) -> list[str]:
        """``file:line: piece`` for each quoted piece of ``path`` that is not a checked excerpt."""
        excerpts = self.excerpts()
        return [f"{path.name}:{line}: {piece!r}" for line, piece in self.pieces(path) if piece not in excerpts]

    def excerpts_not_in_paper(self) -> list[str]:
        """The checked-in excerpts the paper (normalised) does not contain (the paper must exist)."""
        paper = self.normalise(self.path.read_text(encoding="utf-8"))
        excerpts = self.excerpts()
        assert excerpts, f"no excerpt of {self.seed} checked in"
        return sorted(e for e in excerpts if e not in paper)


WAR_CHESS = QuotedPaper(
    "002_90fd59b9b605f90f.txt",
    ("reference/wargame/*.py", "examples/wargame_*.py", "tests/wargame/*.py", "docs/papers/002-war-chess.md"),
    re.compile(r"[A-Za-z]"),
    latin,
)
CONNECT6 = QuotedPaper(
    "004_14a4a310d491d24e.txt",
    ("reference/connect6/*.py", "examples/connect6_*.py", "tests/connect6/*.py", "docs/papers/004-connect6.md"),
    re.compile(r"[\u4e00-\u9fff]"),
    compact,
)
QUOTED_PAPERS = (WAR_CHESS, CONNECT6)


def write_excerpts() -> int:
    """Collect every quoted passage, check each against its paper, write ``paper_excerpts.json``."""
    data: dict[str, list[str]] = {}
    wrong: list[str] = []
    for paper in QUOTED_PAPERS:
        if not paper.path.exists():
            print(f"{paper.path} is not there: cannot check its quotations", file=sys.stderr)
            return 2
        text = paper.normalise(paper.path.read_text(encoding="utf-8"))
        found: set[str] = set()
        for path in paper.files():
            for line, piece in paper.pieces(path):
                if piece in text:
                    found.add(piece)
                else:
                    wrong.append(f"{path.relative_to(ROOT)}:{line}: {piece!r} is not in {paper.seed}")
        data[paper.seed] = sorted(found)
    if wrong:
        print("\n".join(wrong), file=sys.stderr)
        return 1
    EXCERPTS.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {EXCERPTS.relative_to(ROOT)}: {sum(map(len, data.values()))} passages")
    return 0


if __name__ == "__main__":
    sys.exit(write_excerpts())
