"""Dots and Boxes, serial against two workers, measured in nodes and CPU seconds.

Wall seconds mean something only on a quiet machine (``python -m reference bench
--speedup``); this script measures what a busy machine still shows: the nodes and CPU
seconds of the serial solver, and for ``solve_in_parallel`` on two forked workers (one
shared table) the nodes and CPU seconds of every root test, which worker ran it, and
the CPU time of the longer worker in each round (what bounds the wall time of a
parallel solve when each worker has a CPU).  docs/benchmarks.md quotes its output.

    python examples/dab_parallel_cpu.py                  # 3x4: minutes of CPU
    python examples/dab_parallel_cpu.py --rows 3 --cols 3
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import time
from concurrent.futures import Future, ProcessPoolExecutor

from reference.dots_and_boxes.engine import solve_position
from reference.dots_and_boxes.parallel import MoveBound, MoveTest, run_move_test, solve_in_parallel
from reference.dots_and_boxes.rules import DotsAndBoxes


class Recorder:
    """An executor that hands jobs to a pool and keeps each job's round and future.

    A round's jobs are all handed over before any of the next round's, and the next
    round starts after every job of this one has ended: a job handed over when all
    earlier ones are done opens a new round (numbered from 1).
    """

    def __init__(self, pool: ProcessPoolExecutor) -> None:
        self.pool = pool
        self.jobs: list[tuple[int, Future[MoveBound]]] = []
        self.round = 0

    def submit(self, fn: object, job: MoveTest) -> Future[MoveBound]:
        assert fn is run_move_test
        if all(future.done() for _, future in self.jobs):
            self.round += 1
        future = self.pool.submit(run_move_test, job)
        self.jobs.append((self.round, future))
        return future


def serial(rows: int, cols: int) -> dict[str, object]:
    wall, cpu = time.perf_counter(), time.process_time()
    answer = solve_position(DotsAndBoxes(rows, cols)).result
    return {
        "kind": "serial", "value": answer.value, "best": list(answer.best_moves),
        "nodes": answer.stats.nodes, "cpu": round(time.process_time() - cpu, 2),
        "wall": round(time.perf_counter() - wall, 2),
    }


def parallel(rows: int, cols: int) -> dict[str, object]:
    wall = time.perf_counter()
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool:
        recorder = Recorder(pool)
        answer = solve_in_parallel(
            DotsAndBoxes(rows, cols), recorder, share_table=True  # type: ignore[arg-type]
        )
    rounds: dict[int, dict[int, tuple[int, float]]] = {}
    jobs = []
    for number, future in recorder.jobs:
        if future.cancelled():  # a split class answered before this job started
            continue
        found = future.result()
        jobs.append((number, found.worker, found.stats.nodes, round(found.cpu_seconds, 2)))
        per_worker = rounds.setdefault(number, {})
        nodes, cpu = per_worker.get(found.worker, (0, 0.0))
        per_worker[found.worker] = (nodes + found.stats.nodes, cpu + found.cpu_seconds)
    return {
        "kind": "workers2", "value": answer.value, "best": list(answer.best_moves),
        "nodes": sum(j[2] for j in jobs), "cpu": round(sum(j[3] for j in jobs), 2),
        "nodes_longer_worker": sum(max(n for n, _ in w.values()) for w in rounds.values()),
        "cpu_longer_worker": round(sum(max(c for _, c in w.values()) for w in rounds.values()), 2),
        "wall": round(time.perf_counter() - wall, 2), "jobs (round, worker, nodes, cpu)": jobs,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rows", type=int, default=3)
    parser.add_argument("--cols", type=int, default=4)
    parser.add_argument("--parallel-only", action="store_true", help="skip the serial solve")
    args = parser.parse_args()
    for run in (parallel,) if args.parallel_only else (parallel, serial):
        out = run(args.rows, args.cols)
        out["load_average"] = os.getloadavg()[0]
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
