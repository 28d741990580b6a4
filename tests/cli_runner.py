"""The command line run in the test process: the fixture ``cli`` (in ``tests/conftest.py``).

``cli("solve", "mnk", "--json")`` calls :func:`reference.cli.main.main` with those words and
returns the exit status with what it printed on stdout and stderr;
``cli.json("solve", "mnk")`` adds ``--json --quiet``, checks the exit status is 0 and
returns the one JSON object printed.  One helper instead of a ``run`` / ``run_json`` in
every test file.
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

    def json(self, *argv: str) -> dict[str, Any]:
        """Run ``ARGV... --json --quiet``, which must succeed: the JSON object printed."""
        status, out, err = self(*argv, "--json", "--quiet")
        assert status == 0, err
        result = json.loads(out)
        assert isinstance(result, dict), out
        return result


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Cli:
    """The command line, run in this process with its output captured (see :class:`Cli`)."""
    return Cli(capsys)
