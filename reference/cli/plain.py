"""Help for a terminal: the reStructuredText of docstrings turned into plain text.

The command line's descriptions come from module docstrings, written for Sphinx /
mkdocstrings (````code````, ``:func:`name```).  A terminal shows the markup as it is, so
``--help`` passes through :func:`plain` (every parser of the command line does, in
:class:`reference.cli.main.OneLineErrorParser`).

>>> plain("``solve`` (see :func:`~reference.api.solve`, :mod:`reference.cli.results`)")
'solve (see solve, reference.cli.results)'
"""

from __future__ import annotations

import re

_ROLE = re.compile(r":[a-z]+(?::[a-z]+)?:`~?([^`]+)`")
_LITERAL = re.compile(r"``(.+?)``")
_INTERPRETED = re.compile(r"`([^`\n]+)`")  # reST's default role (and Markdown's code)
_BLOCK = re.compile(r"(?<=\S)::$", re.MULTILINE)  # "a JSON object::" -> "a JSON object:"


def plain(text: str) -> str:
    """``text`` without reST roles, literals, interpreted text and literal-block markers:
    ``:func:`~a.b``` -> ``b``, ````x```` -> ``x``, a line ending ``::`` -> ``:``, and a
    word in single backquotes (reST's default role, Markdown's code) without them.

    >>> plain("answers (written by `suite`)")
    'answers (written by suite)'
    """

    def role(match: re.Match[str]) -> str:
        target = match.group(1)
        if match.group(0).startswith(":") and "`~" in match.group(0):
            return target.rsplit(".", 1)[-1]
        return target

    text = _LITERAL.sub(r"\1", _ROLE.sub(role, text))
    return _BLOCK.sub(":", _INTERPRETED.sub(r"\1", text))
