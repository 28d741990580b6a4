"""Fault messages that say what happened (issue 31): a request id written ``01``, an answer
of millions of lines, an engine killed by a signal, an engine that exited while a process it
started holds its output, the rules differing at the start under protocol 1,
``serve --scenario-dir ""`` and JSON objects with a key given twice."""

from __future__ import annotations

import io
import json
import os
import sys
import time
from pathlib import Path

import pytest

from reference.cli.main import main
from reference.cli.serve import serve
from reference.errors import PositionFormatError
from reference.oracle import engine as engine_module
from reference.oracle.engine import Engine, EngineFault
from reference.oracle.suite import read_suite_line, suite_line
from reference.registry import load

PROTOCOL_ENGINE = f"{sys.executable} {Path(__file__).with_name('protocol_engine.py')}"

HELLO = (
    "import sys\n"
    "def say(*lines):\n"
    "    print('\\n'.join(lines), flush=True)\n"
    "for line in sys.stdin:\n"
    "    words = line.split()\n"
    "    if words[0] == 'quit':\n"
    "        break\n"
    "    if words[0] == 'protocol':\n"
    "        say('protocol 2 mnk m=3 n=3 k=3 position')\n"
    "    elif words[0] == 'perft':\n"  # the handshake's probe, without an id
    "        say(*[f'{c}{r} 1' for c in 'abc' for r in '123'], 'total 9')\n"
    "    else:\n"
)


def script(tmp_path: Path, name: str, body: str) -> list[str]:
    path = tmp_path / f"{name}.py"
    path.write_text(body, encoding="utf-8")
    return [sys.executable, str(path)]


def test_a_request_id_with_a_leading_zero_is_named_as_such(tmp_path: Path) -> None:
    """Before: "the engine answered request 1 when 1 was asked"."""
    command = script(tmp_path, "zero", HELLO + "        say(f'0{words[0]} value 0')\n")
    with Engine(command, timeout=60) as engine:
        engine.handshake("mnk", {"m": "3", "n": "3", "k": "3"})
        with pytest.raises(EngineFault) as fault:
            engine.value(())
    message = fault.value.message
    assert "'01'" in message and "leading zeros" in message
    assert "answered request 1 when 1" not in message


def test_an_answer_of_too_many_lines_is_a_flood_not_a_missing_total(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: "garbage: more than 2,000,000 lines and no total" for an answer whose total
    was on its way (an engine listing every sequence instead of every move)."""
    monkeypatch.setattr(engine_module, "MAX_ANSWER_LINES", 1_000)
    body = HELLO + (
        "        say(*[f'{words[0]} m{i} 1' for i in range(5_000)], f'{words[0]} total 5000')\n"
    )
    with Engine(script(tmp_path, "many", body), timeout=60) as engine:
        engine.handshake("mnk", {"m": "3", "n": "3", "k": "3"})
        with pytest.raises(EngineFault) as fault:
            engine.perft((), 2)
    assert fault.value.kind == "flood"
    assert "more than 1,000 moves" in fault.value.message
    assert "one line per legal move" in fault.value.message
    assert "no total" not in fault.value.message


def test_a_killed_engine_is_named_by_its_signal_and_a_shell_status_is_read(
    tmp_path: Path,
) -> None:
    killed = script(tmp_path, "killed", "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n")
    with Engine(killed, timeout=60) as engine, pytest.raises(EngineFault) as fault:
        engine.perft((), 1)
    assert "killed by signal 9 (SIGKILL)" in fault.value.message
    assert "-9" not in fault.value.message
    shell = script(tmp_path, "shell", "import sys\nsys.exit(137)\n")
    with Engine(shell, timeout=60) as engine, pytest.raises(EngineFault) as fault:
        engine.perft((), 1)
    assert "status 137" in fault.value.message and "signal 9, SIGKILL" in fault.value.message


@pytest.mark.skipif(os.name != "posix", reason="process groups: POSIX")
def test_an_engine_that_exits_while_its_child_holds_its_output_is_a_crash(
    tmp_path: Path,
) -> None:
    """Before: nothing until the timeout, then "no answer within 60 s (raise --timeout)"."""
    pid_file = tmp_path / "child.pid"
    child = f"import os, time; open({str(pid_file)!r}, 'w').write(str(os.getpid())); time.sleep(3600)"
    body = (
        "import subprocess, sys, time\n"
        f"subprocess.Popen([sys.executable, '-c', {child!r}])\n"  # inherits stdout
        f"while not __import__('os').path.exists({str(pid_file)!r}):\n"
        "    time.sleep(0.01)\n"
        "sys.exit(5)\n"
    )
    with (
        Engine(script(tmp_path, "parent", body), timeout=60) as engine,
        pytest.raises(EngineFault) as fault,
    ):
        engine.perft((), 1)
    assert fault.value.kind == "crash"
    assert "exited with status 5" in fault.value.message
    assert "still holds its output open" in fault.value.message
    child_pid = int(pid_file.read_text())
    for _ in range(1000):  # SIGKILL is delivered a moment later (a wait, not a measurement)
        if not running(child_pid):
            break
        time.sleep(0.01)
    assert not running(child_pid)  # stopped with the engine's process group


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie waiting for init to reap it is not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/status")
    try:
        return "State:\tZ" not in status.read_text()
    except OSError:
        return False


def test_protocol_1_names_the_moves_missing_at_the_start(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Before: "the game options differ (or the start position)" and the first 12 moves of
    each side (identical); now the missing and extra moves."""
    engine = f"{PROTOCOL_ENGINE} mnk --protocol 1 --bug forgets-a1"
    status = main(["check", "mnk", "--engine", engine, "--json"])
    out = json.loads(capsys.readouterr().out)
    assert status == 1
    assert "missing a1" in out["fault"]["message"]
    assert "extra" not in out["fault"]["message"]


def test_serve_refuses_an_empty_scenario_dir(capsys: pytest.CaptureFixture[str]) -> None:
    """Before: ``--scenario-dir ""`` served the current folder."""
    assert main(["serve", "--scenario-dir", ""]) == 2
    err = capsys.readouterr().err
    assert "--scenario-dir ''" in err and "empty" in err and "Traceback" not in err


def test_serve_refuses_a_key_given_twice() -> None:
    stdout = io.StringIO()
    line = b'{"id": 1, "command": "moves", "game": "mnk", "game": "connect6"}\n'
    serve(io.BytesIO(line), stdout)
    answer = json.loads(stdout.getvalue())
    assert answer["ok"] is False and "'game' is given twice" in answer["error"]


def test_a_suite_line_with_a_key_given_twice_is_refused() -> None:
    line = json.dumps(suite_line(load("mnk"), {}, ["b2"], depth=1))
    doubled = line[:-1] + ', "value": 3}'
    with pytest.raises(PositionFormatError, match="'value' is given twice"):
        read_suite_line(doubled, 7)
