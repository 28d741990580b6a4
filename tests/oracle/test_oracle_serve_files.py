"""``serve`` and files: war chess scenarios are read only under ``--scenario-dir DIR``,
``..`` and symbolic links cannot lead out of DIR, an error never quotes a file, and blank
lines get no answer (as ``check`` and suite files skip them)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from reference.cli.main import main
from reference.cli.serve import serve
from reference.files import directory, path_inside
from reference.registry import load

ROOT = Path(__file__).resolve().parents[2]
SKIRMISH_FILE = ROOT / "tests" / "data" / "suites" / "wargame-skirmish.txt"
SECRET = "Zq7-secret-content"
"""A word in files outside the scenario directory (or not scenarios): no answer may hold it."""


def served(lines: list[bytes | dict[str, Any]], files: Path | None) -> list[dict[str, Any]]:
    """Serve the lines (objects sent as JSON) in-process with scenario directory ``files``."""
    raw = [line if isinstance(line, bytes) else json.dumps(line).encode() for line in lines]
    stdout = io.StringIO()
    assert serve(io.BytesIO(b"".join(r + b"\n" for r in raw)), stdout, files=files) == 0
    return [json.loads(line) for line in stdout.getvalue().splitlines()]


def show(scenario: str, **fields: Any) -> dict[str, Any]:
    return {
        "id": scenario,
        "command": "show",
        "game": "wargame",
        "options": {"scenario": scenario},
        **fields,
    }


@pytest.fixture
def layout(tmp_path: Path) -> Path:
    """``tmp_path/scenarios`` (the directory served) holding the skirmish, a sub-folder,
    a file that is not a scenario and links in and out; secrets outside it."""
    scenarios = tmp_path / "scenarios"
    (scenarios / "sub").mkdir(parents=True)
    (scenarios / "skirmish.txt").write_text(SKIRMISH_FILE.read_text())
    (scenarios / "sub" / "skirmish.txt").write_text(SKIRMISH_FILE.read_text())
    (scenarios / "notes.txt").write_text(f"{SECRET} is not a position\n")
    (scenarios / "three.txt").write_text(f"{SECRET} {SECRET} {SECRET}\n")  # three fields
    (scenarios / "binary.txt").write_bytes(b"\xff\xfe" + SECRET.encode())
    (tmp_path / "outside.txt").write_text(SKIRMISH_FILE.read_text())
    (tmp_path / "secret.txt").write_text(f"{SECRET}\n")
    os.symlink(tmp_path / "outside.txt", scenarios / "out-link.txt")
    os.symlink(tmp_path, scenarios / "up")
    os.symlink(scenarios / "skirmish.txt", scenarios / "in-link.txt")
    os.symlink(scenarios / "loop-a", scenarios / "loop-b")
    os.symlink(scenarios / "loop-b", scenarios / "loop-a")
    return scenarios


def skirmish_position() -> str:
    """The skirmish's position, read by the command line's own route (independent of serve)."""
    game = load("wargame").game({"scenario": str(SKIRMISH_FILE)})
    return str(game.to_notation())


def test_a_scenario_under_the_directory_is_read(layout: Path) -> None:
    expected = skirmish_position()
    responses = served(
        [
            show("skirmish.txt"),
            show("sub/skirmish.txt"),
            show("sub/../skirmish.txt"),
            show("in-link.txt"),
        ],
        directory(str(layout), "--scenario-dir"),
    )
    for response in responses:
        assert response["ok"] is True, response
        assert response["result"]["position"] == expected


def test_without_a_scenario_dir_a_scenario_is_refused_in_one_line(layout: Path) -> None:
    (response,) = served([show(str(layout / "skirmish.txt"))], None)
    assert response["ok"] is False
    assert response["error"] == (
        "option 'scenario': this server reads no files (start it with "
        "'serve --scenario-dir DIR' to read files under DIR)"
    )


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("../outside.txt", "is outside the directory"),
        ("../secret.txt", "is outside the directory"),
        ("sub/../../secret.txt", "is outside the directory"),
        ("../no-such-file.txt", "is outside the directory"),  # the same answer: no probing
        ("out-link.txt", "is outside the directory"),
        ("up/secret.txt", "is outside the directory"),
        ("loop-a", "a loop of symbolic links"),
        ("/etc/passwd", "give a name relative to the directory"),
        ("", "not a file name"),
        ("a\u0000b", "not a file name"),
        ("missing.txt", "no such file"),
        ("sub", "not a regular file"),
        (".", "not a regular file"),
        ("binary.txt", "not UTF-8 text (byte 0)"),
        ("notes.txt", "is not a wargame position"),
        ("three.txt", "is not a wargame position"),
    ],
)
def test_files_outside_or_not_scenarios_are_refused_without_their_content(
    layout: Path, name: str, words: str
) -> None:
    (response,) = served([show(name)], directory(str(layout), "--scenario-dir"))
    assert response["ok"] is False, response
    error = response["error"]
    assert words in error and "\n" not in error, error
    assert SECRET not in error and str(layout) not in error and "Zq7" not in error
    assert "internal error" not in error


def test_the_command_line_still_says_what_is_wrong_with_a_scenario(
    layout: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The hint in serve's error works: the command line (the user's own file) says more."""
    assert main(["show", "wargame", "--scenario", str(layout / "three.txt")]) == 2
    assert "error:" in capsys.readouterr().err


def test_a_scenario_and_a_position_together_are_refused(layout: Path) -> None:
    request = show("skirmish.txt", position="..../..../.... - a")
    (response,) = served([request], directory(str(layout), "--scenario-dir"))
    assert response == {
        "id": "skirmish.txt",
        "ok": False,
        "error": "give option 'scenario' or 'position', not both",
    }


def test_path_inside_resolves_before_it_checks(tmp_path: Path) -> None:
    root = directory(str(tmp_path), "--scenario-dir")
    assert path_inside(root, "a/../b.txt", "f") == root / "b.txt"
    for name in ("..", "../x", "a/../../x", "/x"):
        with pytest.raises(ValueError):
            path_inside(root, name, "f")


def test_blank_lines_get_no_answer() -> None:
    """Blank lines (spaces, tabs, CR LF) are skipped, as in ``check`` and suite files; every
    other line still gets exactly one answer, in order."""
    perft = {"id": 1, "command": "perft", "game": "mnk", "depth": 1}
    responses = served([b"", b"   ", b"\t\r", perft, b"", b"nonsense", b" \r"], None)
    assert [r["id"] for r in responses] == [1, None]
    assert responses[0]["result"]["nodes"] == 9
    assert responses[1]["error"].startswith("not JSON")


def serve_process(
    *options: str, stdin: bytes, cwd: Path = ROOT
) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "reference", "serve", *options],
        input=stdin,
        capture_output=True,
        timeout=120,
        env=env,
        cwd=cwd,
    )


def test_the_scenario_dir_option_over_a_pipe(layout: Path, tmp_path: Path) -> None:
    """``serve --scenario-dir DIR``: a missing or non-directory DIR is one line and status 2;
    a real one serves its scenarios (and a relative DIR is taken from the working directory)."""
    for bad, words in (
        (tmp_path / "nope", "no such directory"),
        (SKIRMISH_FILE, "not a directory"),
    ):
        done = serve_process("--scenario-dir", str(bad), stdin=b"")
        assert done.returncode == 2 and done.stdout == b""
        lines = done.stderr.decode().splitlines()
        assert len(lines) == 1 and words in lines[0], lines
    request = json.dumps(show("skirmish.txt")).encode() + b"\n\n"
    done = serve_process("--scenario-dir", layout.name, stdin=request, cwd=layout.parent)
    assert done.returncode == 0, done.stderr
    (line,) = done.stdout.decode().splitlines()
    assert json.loads(line)["result"]["position"] == skirmish_position()
