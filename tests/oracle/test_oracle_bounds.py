"""``check`` stays within its bounds against the engines it exists for (issue 31): one that
floods blank lines, one that answers without end, one that logs without end, and the
SIGTERM of a CI timeout.  The bounds are measured by counters (bytes held), not clocks."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from reference.oracle import engine as engine_module
from reference.oracle.engine import STDERR_KEPT, Engine, EngineFault


def script(tmp_path: Path, name: str, body: str) -> list[str]:
    path = tmp_path / f"{name}.py"
    path.write_text(body, encoding="utf-8")
    return [sys.executable, str(path)]


def test_an_engine_flooding_blank_lines_is_stopped_at_the_cap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engine_module, "MAX_QUEUED_BYTES", 1 << 20)
    command = script(tmp_path, "flood", (
        "import sys\n"
        "while True:\n"
        "    sys.stdout.write('\\n' * 100_000)\n"
        "    sys.stdout.flush()\n"
    ))
    with Engine(command, timeout=600, handshake_timeout=600) as engine:
        with pytest.raises(EngineFault) as fault:
            engine.handshake("mnk", {})
        assert fault.value.kind == "flood"
        assert "ahead of the requests" in str(fault.value)
        # never more held than the cap and one read of the pipe
        assert engine.queued.peak <= (1 << 20) + (1 << 16) + 100_000


def test_an_answer_without_end_is_a_fault_not_a_memory_hog(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engine_module, "MAX_ANSWER_BYTES", 1 << 20)
    command = script(tmp_path, "endless", (
        "import sys\n"
        "sys.stdin.readline(); sys.stdin.readline()\n"  # the handshake and perft 1
        "print('protocol 2 mnk position', flush=True)\n"
        "i = 0\n"
        "while True:\n"
        "    print(f'm{i} 1')\n"
        "    i += 1\n"
    ))
    with Engine(command, timeout=600, handshake_timeout=600) as engine:
        with pytest.raises(EngineFault) as fault:
            engine.handshake("mnk", {})
        assert fault.value.kind == "flood" and "longer than 1 MB" in str(fault.value)


def test_stderr_is_kept_as_its_last_kilobytes_and_quoted(tmp_path: Path) -> None:
    command = script(tmp_path, "logger", (
        "import sys\n"
        "for i in range(200_000):\n"
        "    sys.stderr.write(f'debug line {i}\\n')\n"
        "sys.stderr.write('the last words\\n')\n"
        "sys.exit(3)\n"
    ))
    with Engine(command, timeout=600, handshake_timeout=600) as engine:
        with pytest.raises(EngineFault) as fault:
            engine.perft((), 1)
        assert "exited with status 3" in str(fault.value)
        assert "the last words" in str(fault.value)
        assert engine.stderr_tail.seen > 3_000_000  # megabytes written ...
        assert len(engine.stderr_tail) <= STDERR_KEPT  # ... 8 KB kept


def test_a_killed_engine_is_said_to_be_killed_by_its_signal(tmp_path: Path) -> None:
    command = script(tmp_path, "suicide", (
        "import os, signal\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    ))
    with Engine(command, timeout=600, handshake_timeout=600) as engine:
        with pytest.raises(EngineFault) as fault:
            engine.perft((), 1)
        assert "killed by signal 9" in str(fault.value)


@pytest.mark.skipif(os.name != "posix", reason="SIGTERM and process groups: POSIX")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_to_check_stops_the_engine(tmp_path: Path, signum: int) -> None:
    pid_file = tmp_path / "engine.pid"
    engine = script(tmp_path, "sleeper", (
        "import os, sys, time\n"
        f"open({str(pid_file)!r}, 'w').write(str(os.getpid()))\n"
        "time.sleep(3600)\n"
    ))
    check = subprocess.Popen(
        [sys.executable, "-m", "reference", "check", "mnk", "--engine", " ".join(engine),
         "--handshake-timeout", "3600"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    for _ in range(6000):  # until the engine has started (not a measurement)
        if pid_file.exists() and pid_file.read_text():
            break
        time.sleep(0.01)
    engine_pid = int(pid_file.read_text())
    check.send_signal(signum)
    _, err = check.communicate(timeout=120)
    assert check.returncode == 128 + signum
    assert signal.Signals(signum).name in err.decode()
    with pytest.raises(ProcessLookupError):
        os.kill(engine_pid, 0)  # no engine left behind


def _stepping_clock(step: float) -> Callable[[], float]:
    ticks = iter(range(10**9))
    return lambda: step * next(ticks)


def test_the_handshake_has_its_own_timeout_not_the_answers(tmp_path: Path) -> None:
    """``--timeout`` once left the handshake at 60 s: now the handshake waits
    ``handshake_timeout`` (and names that option), answers wait ``timeout``.  The clock is
    injected: each reading is 10 s later, so nothing waits on the wall clock."""
    command = script(tmp_path, "mute", "import sys\nfor line in sys.stdin: pass\n")
    with Engine(command, timeout=3600, handshake_timeout=30,
                clock=_stepping_clock(10.0)) as engine:
        with pytest.raises(EngineFault) as fault:
            engine.handshake("mnk", {})
        assert fault.value.kind == "timeout"
        assert "within 30 s" in str(fault.value) and "--handshake-timeout" in str(fault.value)


def test_a_missing_answer_names_the_answer_timeout(tmp_path: Path) -> None:
    command = script(tmp_path, "mute", "import sys\nfor line in sys.stdin: pass\n")
    with Engine(command, timeout=20, handshake_timeout=3600,
                clock=_stepping_clock(10.0)) as engine:
        with pytest.raises(EngineFault) as fault:
            engine.perft((), 1)
        assert "within 20 s" in str(fault.value) and "raise --timeout" in str(fault.value)


def test_check_passes_handshake_timeout_apart_from_timeout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A mute engine never answers, so the handshake fault is certain (not a race); its
    message carries the --handshake-timeout given, not --timeout's."""
    import json

    from reference.cli.main import main

    command = script(tmp_path, "mute", "import sys\nfor line in sys.stdin: pass\n")
    argv = ["check", "mnk", "--engine", " ".join(command), "--timeout", "600",
            "--handshake-timeout", "0.2", "--json", "--quiet"]
    assert main(argv) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["fault"]["kind"] == "timeout"
    assert "within 0.2 s" in out["fault"]["message"]
