"""A paper's listing beside the code that implements it (for notebooks and the docs).

The functions that implement a paper's pseudo-code tag their lines with comments such as
``# line 4`` or ``# lines 1-2: game over or depth 0`` (``# step 3`` where a paper
describes its algorithm in numbered steps of prose, as seed 004 does TSS).  :func:`beside` lays a function's
source out in two columns: on the left the paper's line each code line implements (and
the words of its comment), on the right the code, so a student reads the listing and the
Python side by side.  In a notebook the result shows as a table (``_repr_html_``); printed,
as text.

>>> from reference.search.minimax import minimax
>>> listing = beside(minimax)
>>> [tag for tag, _ in listing.rows if tag][:3]
['lines 1-2', 'line 3', 'line 4']
"""

from __future__ import annotations

import html
import inspect
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

_TAG = re.compile(r"#\s*(?:OURS:\s*)?((?:lines?|steps?)\s+\d+(?:\s*[-,]\s*\d+)*)\b")


@dataclass(frozen=True)
class Listing:
    """A function's source as (paper tag, code line) rows."""

    name: str
    rows: tuple[tuple[str, str], ...]

    def tagged(self) -> list[str]:
        """The paper's line tags, in the order the code meets them."""
        return [tag for tag, _ in self.rows if tag]

    def __str__(self) -> str:
        width = max((len(tag) for tag, _ in self.rows), default=0)
        return "\n".join(f"{tag:>{width}} | {code}" for tag, code in self.rows)

    def _repr_html_(self) -> str:
        cells = []
        for tag, code in self.rows:
            style = ' style="background:#fff3cd"' if tag else ""
            cells.append(
                f"<tr{style}><td style=\"text-align:right;white-space:nowrap;color:#7d6608\">"
                f"{html.escape(tag)}</td><td style=\"text-align:left\"><code>"
                f"{html.escape(code).replace(' ', '&nbsp;')}</code></td></tr>"
            )
        head = (
            f"<tr><th>paper</th><th style=\"text-align:left\">{html.escape(self.name)}"
            "</th></tr>"
        )
        return f"<table>{head}{''.join(cells)}</table>"


def beside(function: Callable[..., Any]) -> Listing:
    """``function``'s source (its docstring left out) with the paper line each code line
    implements, read from its ``# line N`` comments."""
    source = inspect.getsource(function)
    lines = source.splitlines()
    body = _without_docstring(lines)
    rows = []
    for code in body:
        match = _TAG.search(code)
        rows.append((match.group(1) if match else "", code.rstrip()))
    name = f"{function.__module__}.{function.__qualname__}"
    return Listing(name, tuple(rows))


def _without_docstring(lines: list[str]) -> list[str]:
    """The lines of a ``def`` without its docstring (kept simple: a triple-quoted block
    right after the signature)."""
    out: list[str] = []
    in_doc = False
    seen_doc = False
    signature_done = False
    for line in lines:
        stripped = line.strip()
        if not signature_done:
            out.append(line)
            if stripped.endswith(":") and not stripped.startswith("@"):
                signature_done = True
            continue
        if not seen_doc and not in_doc and stripped.startswith(('"""', "'''")):
            quote = stripped[:3]
            seen_doc = True
            if stripped.count(quote) >= 2 and len(stripped) > 3:
                continue  # a one-line docstring
            in_doc = True
            continue
        if in_doc:
            if '"""' in stripped or "'''" in stripped:
                in_doc = False
            continue
        seen_doc = True
        out.append(line)
    return out
