"""No reStructuredText reaches the terminal: every ``--help`` of the command line is plain
text (issue 29: 11 double-backquote runs in ``serve --help``, 4 in ``--help``)."""

from __future__ import annotations

import re

import pytest

from reference.cli.main import OWN_COMMANDS, command_games, main
from reference.cli.plain import plain

MARKUP = re.compile(r"`|:[a-z]+:`|(?<=\S)::$", re.MULTILINE)
"""Any backquote (a literal, a role, interpreted text), a role, a literal-block marker."""


def every_help() -> list[tuple[str, ...]]:
    """The argv of every help screen: the top, each command, each command with each game."""
    screens: list[tuple[str, ...]] = [()]
    for command, games in command_games().items():
        screens.append((command,))
        screens += [(command, game) for game, _ in games]
    screens += [(command,) for command in OWN_COMMANDS]
    return screens


@pytest.mark.parametrize("argv", every_help(), ids=lambda argv: " ".join(argv) or "top")
def test_help_has_no_rest_markup(argv: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    status: int | str | None
    try:
        status = main([*argv, "--help"])
    except SystemExit as exit_status:
        status = exit_status.code
    assert status in (0, None)
    out = capsys.readouterr().out
    assert out.startswith("usage: python -m reference")
    assert MARKUP.findall(out) == [], out


def test_the_help_screens_that_had_markup_still_say_what_they_said() -> None:
    assert plain("``solve`` and ``perft``") == "solve and perft"
    assert plain("see :mod:`reference.annotate` and :func:`~reference.api.solve`") == (
        "see reference.annotate and solve"
    )
    assert plain("a JSON object::\n\n    {}") == "a JSON object:\n\n    {}"
    assert plain("a ``{\"game\", \"illegal\"}`` object") == 'a {"game", "illegal"} object'
    assert plain("answers (written by `suite`), as `solve` reports it") == (
        "answers (written by suite), as solve reports it"
    )
