"""A griffe extension for the site's API reference (mkdocs.yml, mkdocstrings ``extensions``).

The docstrings are written for ``help()``, doctest and a code reader: Sphinx roles
(``:func:`name```), ``>>>`` examples, and ``::`` before a literal block.  Markdown reads
``>>>`` lines as nested quotes (and ``[...]`` in them as links), so before mkdocstrings
renders a docstring this extension turns each doctest block into a Python code block,
each role into plain code, a closing ``::`` into ``:``, and escapes a ``>`` that begins
a line (a comparison, not a quote).  The docstrings themselves
stay as they are.
"""

from __future__ import annotations

import re
from typing import Any

from griffe import Extension, GriffeLoader, Object

_ROLE = re.compile(r":(?:py:)?(?:class|func|meth|mod|attr|data|exc|obj|const|ref):`~?\.?([^`]+)`")


def markdown_docstring(text: str) -> str:
    r"""The docstring ``text`` as Markdown: doctest blocks fenced, roles as code, ``::`` as ``:``.

    >>> markdown_docstring("See :func:`.solve`::\n\n>>> 1 + 1\n2\n\nDone.").split("\n")
    ['See `solve`:', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'Done.']
    """
    lines = _ROLE.sub(r"`\1`", text).split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith(">>>"):
            if out and out[-1].strip():
                out.append("")
            out.append("```pycon")
            while i < len(lines) and lines[i].strip():
                out.append(lines[i])
                i += 1
            out.append("```")
            continue
        if line.startswith(">") and not line.startswith(">>>"):
            line = "\\" + line  # a comparison such as ">= 45", not a quote
        out.append(line[:-1] if line.endswith("::") else line)
        i += 1
    return "\n".join(out)


class MarkdownDocstrings(Extension):
    """Rewrite every docstring with :func:`markdown_docstring` once griffe has read it."""

    def on_object(self, *, obj: Object, loader: GriffeLoader, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown_docstring(obj.docstring.value)
