"""``python -m reference serve``: the same result objects as ``--json``, one response per
line whatever the line, a time limit per request, end of input ends it."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.cli.main import main
from reference.cli.serve import MAX_REQUEST, RequestTimeout, respond, serve
from reference.registry import all_specs

SPECS = all_specs()
VOLATILE = ("seconds",)
"""Fields that measure the run, not the answer."""


def served(*requests: object) -> list[dict[str, Any]]:
    """Serve the requests (objects are sent as JSON, bytes as they are) in-process."""
    lines = [r if isinstance(r, bytes) else json.dumps(r).encode() for r in requests]
    stdin = io.BytesIO(b"".join(line + b"\n" for line in lines))
    stdout = io.StringIO()
    assert serve(stdin, stdout) == 0
    return [json.loads(line) for line in stdout.getvalue().splitlines()]


def stable(result: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in result.items() if k not in VOLATILE}


ONE_TRUTH = [
    # (request fields, the same question on the command line)
    (
        {
            "command": "perft",
            "game": "mnk",
            "options": {"m": 3, "n": 3, "k": 3},
            "moves": ["b2"],
            "depth": 2,
            "divide": True,
        },
        [
            "perft",
            "mnk",
            "--m",
            "3",
            "--n",
            "3",
            "--k",
            "3",
            "--moves",
            "b2",
            "--depth",
            "2",
            "--divide",
        ],
    ),
    (
        {"command": "solve", "game": "dots-and-boxes", "options": {"rows": 1, "cols": 2}},
        ["solve", "dots-and-boxes", "--rows", "1", "--cols", "2"],
    ),
    (
        {"command": "bestmove", "game": "mnk", "moves": ["a1", "b2", "a2"], "depth": 9},
        ["bestmove", "mnk", "--moves", "a1 b2 a2", "--depth", "9"],
    ),
    (
        {"command": "show", "game": "connect6", "options": {"size": 6}, "moves": ["c3", "a1,b1"]},
        ["show", "connect6", "--size", "6", "--moves", "c3 a1,b1"],
    ),
    (
        {"command": "legal", "game": "dou-shou-qi", "position": "A: Lg1 / B: Mg7 Ea9 / A / 190"},
        ["legal", "dou-shou-qi", "--position", "A: Lg1 / B: Mg7 Ea9 / A / 190"],
    ),
    (
        {"command": "perft", "game": "wargame", "depth": 1},
        ["perft", "wargame", "--depth", "1"],
    ),
]


@pytest.mark.parametrize(("request_fields", "argv"), ONE_TRUTH)
def test_serve_returns_what_the_command_line_prints(
    capsys: pytest.CaptureFixture[str], request_fields: dict[str, Any], argv: list[str]
) -> None:
    assert main([*argv, "--json", "--quiet"]) == 0
    cli = json.loads(capsys.readouterr().out)
    (response,) = served({"id": "q1", **request_fields})
    assert response["id"] == "q1" and response["ok"] is True, response
    assert stable(response["result"]) == stable(cli)
    assert set(response["result"]) == set(cli)


BAD_LINES: list[tuple[bytes, str]] = [
    (b"garbage", "not JSON"),
    (b"\xff\xfe", "not UTF-8"),
    (b"[1, 2]", "a request is a JSON object"),
    (b'{"id": ' + b"9" * 5000 + b"}", "more than 4,300 digits"),
    (b'{"id": NaN}', "NaN is not JSON"),
    (b"[" * 100_000, "nested too deeply"),
    (b'{"id": 1}', "'command' must be one of"),
    (b'{"id": 1, "command": "perft", "game": "chess", "depth": 1}', "'game' must be one of"),
    (b'{"id": 1, "command": "perft", "game": "mnk"}', "perft needs 'depth'"),
    (b'{"id": 1, "command": "perft", "game": "mnk", "depth": -1}', "'depth' must be an integer"),
    (b'{"id": 1, "command": "perft", "game": "mnk", "depth": true}', "'depth' must be an integer"),
    (b'{"id": 1, "command": "perft", "game": "mnk", "depth": 1.5}', "'depth' must be an integer"),
    (
        b'{"id": 1, "command": "perft", "game": "mnk", "depth": 1, "options": {"m": "\xd9\xa3"}}',
        "option 'm' takes an integer",
    ),
    (
        b'{"id": 1, "command": "show", "game": "mnk", "options": {"size": 6}}',
        "unknown option 'size'",
    ),
    (
        b'{"id": 1, "command": "show", "game": "mnk", "options": [3]}',
        "options must be a JSON object",
    ),
    (b'{"id": 1, "command": "show", "game": "mnk", "moves": "b2 a1"}', "'moves' must be a list"),
    (b'{"id": 1, "command": "show", "game": "mnk", "moves": ["b2", "b2"]}', "move 2"),
    (b'{"id": 1, "command": "show", "game": "mnk", "position": "xxxx"}', ""),
    (b'{"id": 1, "command": "show", "game": "mnk", "depth": 3}', "unknown field(s) 'depth'"),
    (b'{"id": 1, "command": "bestmove", "game": "mnk"}', "bestmove needs"),
    (
        b'{"id": 1, "command": "bestmove", "game": "mnk", "depth": 2, "algorithm": "x"}',
        "'algorithm'",
    ),
    (b'{"id": 1, "command": "solve", "game": "mnk", "time_limit": 0}', "'time_limit'"),
    (b'{"id": 1, "command": "solve", "game": "mnk", "time_limit": 1e9}', "'time_limit'"),
    (b'{"id": 1, "pad": "' + b"x" * (MAX_REQUEST + 10) + b'"}', "longer than 1,048,576 bytes"),
]


def test_every_bad_line_gets_one_error_line_and_the_server_goes_on() -> None:
    good = {"id": "last", "command": "perft", "game": "mnk", "depth": 1}
    responses = served(*(line for line, _ in BAD_LINES), good)
    assert len(responses) == len(BAD_LINES) + 1
    for (line, words), response in zip(BAD_LINES, responses, strict=False):
        assert response["ok"] is False, (line[:60], response)
        assert words in response["error"] and "\n" not in response["error"], (line[:60], response)
        assert "Traceback" not in response["error"] and "internal error" not in response["error"]
    assert responses[-1] == {
        "id": "last",
        "ok": True,
        "result": {**responses[-1]["result"], "depth": 1, "nodes": 9},
    }


def test_ids_are_echoed_even_on_errors() -> None:
    responses = served(
        {"id": [1, "a"], "command": "nope"}, {"id": None, "command": "legal", "game": "mnk"}
    )
    assert responses[0]["id"] == [1, "a"] and responses[0]["ok"] is False
    assert responses[1]["id"] is None and responses[1]["result"]["count"] == 9


@contextmanager
def expired(seconds: float) -> Iterator[None]:
    """A time limit that has already passed (no clock involved)."""
    raise RequestTimeout
    yield  # pragma: no cover


def test_a_request_over_its_time_limit_is_an_error_line() -> None:
    line = json.dumps({"id": 3, "command": "solve", "game": "mnk", "time_limit": 2}).encode()
    response = respond(line, SPECS, 60.0, limiter=expired)
    assert response == {"id": 3, "ok": False, "error": "time limit of 2 s exceeded"}


def test_the_real_time_limit_stops_a_long_solve() -> None:
    """Connect6 6 x 6 from the empty board cannot be solved in 0.3 s; the server answers and
    goes on (the outcome is checked, not the time).  In a process of its own: the timer
    needs the main thread, which a pytest-xdist worker's test does not run in."""
    requests = [
        {
            "id": 1,
            "command": "solve",
            "game": "connect6",
            "options": {"size": 6},
            "time_limit": 0.3,
        },
        {"id": 2, "command": "perft", "game": "mnk", "depth": 2},
    ]
    done = subprocess.run(
        [sys.executable, "-m", "reference", "serve"],
        input="".join(json.dumps(r) + "\n" for r in requests).encode(),
        capture_output=True,
        timeout=120,
    )
    responses = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert responses[0] == {"id": 1, "ok": False, "error": "time limit of 0.3 s exceeded"}
    assert responses[1]["ok"] and responses[1]["result"]["nodes"] == 72


@settings(max_examples=examples(150))
@given(
    line=st.one_of(
        st.binary(max_size=80),
        st.text(max_size=80).map(str.encode),
        st.dictionaries(
            st.sampled_from(
                [
                    "id",
                    "command",
                    "game",
                    "options",
                    "position",
                    "moves",
                    "depth",
                    "divide",
                    "time",
                    "algorithm",
                    "no_tt",
                    "time_limit",
                    "other",
                ]
            ),
            st.one_of(
                st.none(),
                st.booleans(),
                st.integers(-3, 3),
                st.floats(allow_nan=False),
                st.sampled_from(
                    ["mnk", "perft", "show", "legal", "b2", "dots-and-boxes", "\u0663"]
                ),
                st.lists(st.sampled_from(["b2", "a1", "zz", "h0,0"]), max_size=3),
                st.dictionaries(
                    st.sampled_from(["m", "n", "k", "rows"]), st.integers(-2, 4), max_size=2
                ),
            ),
        ).map(lambda d: json.dumps(d).encode()),
    )
)
def test_fuzzed_lines_always_get_one_response_line(line: bytes) -> None:
    response = respond(line.replace(b"\n", b" "), SPECS, 5.0)
    assert set(response) in ({"id", "ok", "result"}, {"id", "ok", "error"})
    if not response["ok"]:
        error = response["error"]
        assert isinstance(error, str) and error and "\n" not in error
        assert "internal error" not in error, (line, error)
    json.dumps(response)


def test_the_server_process_ends_at_end_of_input() -> None:
    requests = b'{"id": 1, "command": "perft", "game": "mnk", "depth": 1}\n\xff\n\n{"id": 2, "command": "legal", "game": "mnk"}'
    done = subprocess.run(
        [sys.executable, "-m", "reference", "serve"],
        input=requests,
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 0 and done.stderr == b""
    responses = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [r["ok"] for r in responses] == [True, False, True]  # the blank line: no answer
    assert [r["id"] for r in responses] == [1, None, 2]
