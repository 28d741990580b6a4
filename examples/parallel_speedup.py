"""Speed-up of ``--workers N`` over the serial run (not a test): re-measure on your machine.

Usage::

    python examples/parallel_speedup.py                 # N = 2, median of 3 runs each
    python examples/parallel_speedup.py --workers 4 --repeat 5
    python examples/parallel_speedup.py --quick         # the small lines only

Each line runs ``python -m reference ...`` as a whole process (start-up, worker
processes and all), serial and with ``--workers N``, alternately, ``--repeat``
times; it prints the median wall seconds of each, the speed-up (serial / parallel)
and the nodes of both (a parallel solve visits more nodes: its jobs share no
bounds).  It checks that both runs give the same answer, and prints the load
average before and after: on a shared machine the speed-up is only as good as the
idle cores.  ``docs/benchmarks.md`` quotes a run of this script.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

from reference.wargame.rules import SKIRMISH

LINES: list[tuple[str, list[str], bool]] = [
    # (label, command-line arguments, quick)
    ("perft connect6 6x6 depth 3", ["perft", "connect6", "--size", "6", "--depth", "3"], True),
    (
        "perft mnk 4x4 k=4 depth 7",
        ["perft", "mnk", "--m", "4", "--n", "4", "--k", "4", "--depth", "7"],
        False,
    ),
    ("solve mnk 4x4 k=4", ["solve", "mnk", "--m", "4", "--n", "4", "--k", "4"], True),
    (
        "solve wargame skirmish, 2 turns",
        ["solve", "wargame", "--position", SKIRMISH.replace(" a 0/20", " a 0/2")],
        True,
    ),
    ("solve dots-and-boxes 2x3", ["solve", "dots-and-boxes", "--rows", "2", "--cols", "3"], True),
    ("solve dots-and-boxes 3x3", ["solve", "dots-and-boxes", "--rows", "3", "--cols", "3"], False),
]


def run(arguments: list[str]) -> tuple[float, dict[str, object]]:
    """Run ``python -m reference ARGUMENTS --json --quiet``: (wall seconds, its JSON answer)."""
    start = time.perf_counter()
    completed = subprocess.run(
        [sys.executable, "-m", "reference", *arguments, "--json", "--quiet"],
        capture_output=True,
        text=True,
        check=True,
    )
    seconds = time.perf_counter() - start
    answer: dict[str, object] = json.loads(completed.stdout)
    return seconds, answer


def answer_of(answer: dict[str, object]) -> object:
    """What must not change: the count, or the value and the optimal moves."""
    if "best_moves" in answer:
        return (answer["value"], answer["best_moves"])
    return answer["nodes"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (default 3; median)")
    parser.add_argument("--quick", action="store_true", help="only the lines of a few seconds")
    args = parser.parse_args()
    print(
        f"load average before: {os.getloadavg()[0]:.2f}; {os.cpu_count()} CPUs; workers {args.workers}"
    )
    print(
        f"{'line':36} {'serial s':>9} {'parallel s':>10} {'speed-up':>8} {'nodes serial':>13} {'nodes parallel':>15}"
    )
    for label, arguments, quick in LINES:
        if args.quick and not quick:
            continue
        serial_times: list[float] = []
        parallel_times: list[float] = []
        serial_answer: dict[str, object] = {}
        parallel_answer: dict[str, object] = {}
        for _ in range(args.repeat):
            seconds, serial_answer = run(arguments)
            serial_times.append(seconds)
            seconds, parallel_answer = run([*arguments, "--workers", str(args.workers)])
            parallel_times.append(seconds)
        if answer_of(serial_answer) != answer_of(parallel_answer):
            raise SystemExit(f"{label}: the parallel answer differs from the serial one")
        serial = statistics.median(serial_times)
        parallel = statistics.median(parallel_times)
        print(
            f"{label:36} {serial:9.2f} {parallel:10.2f} {serial / parallel:8.2f} "
            f"{serial_answer['nodes']:>13,} {parallel_answer['nodes']:>15,}"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
