"""The command line run in the test process: the fixture ``cli`` (in ``tests/conftest.py``).

``cli("solve", "mnk", "--json")`` calls :func:`reference.cli.main.main` with those words and
returns the exit status with what it printed on stdout and stderr;
``cli.json("solve", "mnk")`` adds ``--json --quiet`` and returns the status, the one JSON
object printed and stderr.  One helper instead of a ``run`` in every test file.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from reference.cli.main import main


class Cli:
    """``reference.cli.main.main`` with its output captured by pytest's ``capsys``."""

    def __init__(self, capsys: pytest.CaptureFixture[str]) -> None:
        self.capsys = capsys

    def __call__(self, *argv: str) -> tuple[int, str, str]:
        """Run ``python -m reference ARGV...``: the exit status, stdout, stderr."""
        status = main(list(argv))
        out, err = self.capsys.readouterr()
        return status, out, err

    def json(self, *argv: str) -> tuple[int, dict[str, Any], str]:
        """Run ``ARGV... --json --quiet``: the exit status, the JSON object printed, stderr."""
        status, out, err = self(*argv, "--json", "--quiet")
        result = json.loads(out)
        assert isinstance(result, dict), out
        return status, result, err


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Cli:
    """The command line, run in this process with its output captured (see :class:`Cli`)."""
    return Cli(capsys)
