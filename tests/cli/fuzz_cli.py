"""Stand-alone fuzz harness of the command line.

    .venv/bin/python tests/cli/fuzz_cli.py --cases 3000 --seed 1 --timeout 20

Draws argument vectors from :mod:`cli_grammar`, runs each as
``nice python -m reference ...`` in a subprocess with a time limit, and sorts
the failures into classes: a traceback (grouped by exception and the innermost
frame), a hang (the time limit passed), an exit status other than 0 or 2, status
2 without exactly one line on stderr, ``--json`` without exactly one JSON object
on stdout.  Prints a summary and writes every failure to ``--report`` (JSON).
The default test suite runs the same grammar in-process (``test_cli_fuzz.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from cli_grammar import Case, RandomChooser, draw_case, scenario_paths, verdict, write_scenarios

ROOT = Path(__file__).resolve().parents[2]


def run_case(case: Case, timeout: float, root: Path = ROOT) -> tuple[int | None, str, str, float]:
    start = time.monotonic()
    try:
        done = subprocess.run(
            ["nice", "-n", "10", sys.executable, "-m", "reference", *case.argv],
            input=case.stdin,
            capture_output=True,
            text=True,
            errors="replace",
            timeout=timeout,
            cwd=root,
            env={**os.environ, "PYTHONPATH": str(root)},
        )
    except subprocess.TimeoutExpired:
        return None, "", "", time.monotonic() - start
    return done.returncode, done.stdout, done.stderr, time.monotonic() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, allow_abbrev=False)
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--report", default="fuzz_report.json")
    parser.add_argument(
        "--root",
        type=Path,
        default=ROOT,
        help="the checkout whose reference package runs (default: this one), e.g. an old commit",
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as directory:
        write_scenarios(directory)
        paths = scenario_paths(directory)
        cases = [draw_case(RandomChooser(rng), paths) for _ in range(args.cases)]
        with ThreadPoolExecutor(args.workers) as pool:
            results = list(pool.map(lambda case: run_case(case, args.timeout, args.root), cases))
    classes: Counter[str] = Counter()
    failures = []
    statuses: Counter[str] = Counter()
    slowest = sorted(zip((r[3] for r in results), cases, strict=True), key=lambda x: -x[0])[:10]
    for case, (status, out, err, seconds) in zip(cases, results, strict=True):
        statuses[str(status)] += 1
        problem = verdict(case, status, out, err)
        if problem is not None:
            classes[problem] += 1
            failures.append(
                {
                    "class": problem,
                    "argv": list(case.argv),
                    "stdin": case.stdin[:200],
                    "status": status,
                    "must_fail": list(case.must_fail),
                    "stderr": err[-2000:],
                    "stdout": out[-500:],
                    "seconds": round(seconds, 2),
                }
            )
    Path(args.report).write_text(json.dumps(failures, indent=1, ensure_ascii=False))
    tracebacks = sum(n for c, n in classes.items() if c.startswith("traceback"))
    print(f"{len(cases)} cases; exit statuses {dict(statuses)}")
    print(f"failures: {sum(classes.values())} ({tracebacks} tracebacks, {classes['hang']} hangs)")
    for problem_class, count in classes.most_common():
        print(f"{count:5}  {problem_class}")
    print("slowest:")
    for seconds, case in slowest:
        print(f"  {seconds:6.2f} s  {' '.join(repr(a) if ' ' in a or not a else a for a in case.argv)[:200]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
