"""Cost of one small question: ``python -m reference serve`` against a fresh process per question.

Starts one server, sends ``--requests`` requests one at a time (each waits for its
answer: the round trip an engine author's test harness sees), and times a fresh
``python -m reference perft ... --json`` process ``--processes`` times.  Prints the
median and the 90th percentile of each, in milliseconds.

    python examples/serve_bench.py                  # tic-tac-toe perft 1
    python examples/serve_bench.py --requests 5000 --processes 30
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

REQUEST = {"command": "perft", "game": "mnk", "options": {"m": 3, "n": 3, "k": 3}, "depth": 1}
COMMAND = ["perft", "mnk", "--m", "3", "--n", "3", "--k", "3", "--depth", "1", "--json"]
WARM_UP = 100


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def time_server(requests: int, request: dict[str, object]) -> list[float]:
    """Round-trip seconds of each request after the warm-up."""
    server = subprocess.Popen(
        [sys.executable, "-m", "reference", "serve"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        bufsize=1,
    )
    assert server.stdin is not None and server.stdout is not None
    times: list[float] = []
    try:
        for index in range(WARM_UP + requests):
            line = json.dumps({"id": index, **request})
            start = time.perf_counter()
            server.stdin.write(line + "\n")
            server.stdin.flush()
            answer = json.loads(server.stdout.readline())
            elapsed = time.perf_counter() - start
            assert answer["ok"], answer
            if index >= WARM_UP:
                times.append(elapsed)
    finally:
        server.stdin.close()
        server.wait(timeout=10)
    return times


def time_processes(processes: int) -> list[float]:
    """Wall seconds of each fresh ``python -m reference perft`` process."""
    times: list[float] = []
    for _ in range(processes + 1):
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "reference", *COMMAND], capture_output=True, check=True
        )
        times.append(time.perf_counter() - start)
        assert json.loads(done.stdout)["nodes"] == 9
    return times[1:]  # the first one warms the file cache


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--requests", type=int, default=2000, help="requests to the server (default 2000)"
    )
    parser.add_argument(
        "--processes", type=int, default=20, help="fresh processes (default 20; 0: none)"
    )
    parser.add_argument(
        "--request", help="another request to time, as JSON (no fresh-process twin)"
    )
    args = parser.parse_args()
    request = REQUEST if args.request is None else json.loads(args.request)
    served = time_server(args.requests, request)
    fresh = time_processes(args.processes) if args.request is None and args.processes else []
    print(f"question: {json.dumps(request)}")
    print(f"{'':<28}{'runs':>6}{'median ms':>12}{'p90 ms':>10}")
    for name, values in (("serve, one request", served), ("fresh process", fresh)):
        if not values:
            continue
        median = 1000 * statistics.median(values)
        p90 = 1000 * percentile(values, 0.9)
        print(f"{name:<28}{len(values):>6}{median:>12.3f}{p90:>10.3f}")
    if fresh:
        print(f"ratio of medians: {statistics.median(fresh) / statistics.median(served):,.0f}")


if __name__ == "__main__":
    main()
