"""Start-up: the command line imports only the game it is asked about.

Each case runs in a fresh interpreter and reports which game sub-packages are in
``sys.modules`` after :func:`reference.cli.main.main` returned.  (Before the fix
every call imported all five, 0.55 s against 0.07 s for bare Python.)
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

GAME_PACKAGES = ("mnk", "dots_and_boxes", "connect6", "wargame", "dou_shou_qi")

SCRIPT = f"""
import contextlib, io, json, sys
from reference.cli.main import main
with contextlib.redirect_stdout(io.StringIO()):
    status = main(sys.argv[1:])
loaded = sorted({{name.split(".")[1] for name in sys.modules if name.startswith("reference.")}})
print(json.dumps({{"status": status, "games": [p for p in loaded if p in {GAME_PACKAGES!r}]}}))
"""


def games_imported(*argv: str) -> tuple[int, list[str]]:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, *argv], capture_output=True, text=True, check=True
    )
    report = json.loads(done.stdout)
    return report["status"], report["games"]


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--help"], []),
        (["solve", "--help"], []),
        (["perft", "mnk", "--m", "3", "--n", "3", "--k", "3", "--depth", "1"], ["mnk"]),
        (["solve", "mnk", "--m", "3", "--n", "3", "--k", "3", "--quiet"], ["mnk"]),
        (["show", "dots-and-boxes", "--help"], ["dots_and_boxes"]),
        (["show", "connect6", "--size", "6"], ["connect6"]),
        (["show", "wargame"], ["wargame"]),
        (["positions", "dou-shou-qi"], ["dou_shou_qi"]),
        (["show", "nonsense"], []),
        (["annotate", "mnk", "--m", "3", "--n", "3", "--k", "3", "--moves", "b2"], ["mnk"]),
        (["annotate", "--help"], []),
        (["gomocup", "--help"], ["mnk"]),
        (["legal", "mnk", "--moves", "b2"], ["mnk"]),
        (["suite", "mnk", "--positions", "1", "--depth", "1", "--budget", "100"], ["mnk"]),
        (["check", "--help"], []),
        (["serve", "--help"], []),
        (["bench", "--help"], ["connect6", "dots_and_boxes", "dou_shou_qi", "mnk", "wargame"]),
    ],
)
def test_only_the_game_asked_for_is_imported(argv: list[str], expected: list[str]) -> None:
    status, games = games_imported(*argv)
    assert status == (2 if "nonsense" in argv else 0)
    assert games == expected
