"""``python -m reference bench --speedup``: serial ``solve`` against ``--workers N``, side by side.

Each line solves one position twice in this process, serially and with ``workers=N``
(:func:`reference.api.solve`), checks that both give the same value and the same optimal
moves (exit status 1 otherwise), and prints the wall seconds of both, their ratio (the
speed-up) and the CPU seconds of all processes.  Wall seconds mean something only on a
quiet machine: the load average is printed with them.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from reference import api
from reference.registry import load
from reference.search.protocol import PlayableGame


@dataclass(frozen=True, slots=True)
class SpeedupLine:
    game: str
    label: str
    make: Callable[[], PlayableGame[Any]]


def _as_solve_makes_it(game: str, options: dict[str, object]) -> Callable[[], PlayableGame[Any]]:
    """The game as ``python -m reference solve GAME`` makes it (the registry's defaults: for
    (M,N,K) the solver's pairing and threat switches, which ``MNKGame(5, 5, 4)`` alone lacks)."""
    return partial(load(game).game, options)


SPEEDUP_LINES = (
    SpeedupLine("dots-and-boxes", "3x4", _as_solve_makes_it("dots-and-boxes", {"rows": 3, "cols": 4})),
    SpeedupLine("mnk", "5x5 k=4", _as_solve_makes_it("mnk", {"m": 5, "n": 5, "k": 4})),
)
"""The solves timed side by side, the games made as ``solve`` makes them (``solve
dots-and-boxes --rows 3 --cols 4``: 13,655,032 nodes; ``solve mnk --m 5 --n 5 --k 4``:
703,346 nodes)."""


def _cpu() -> float:
    """CPU seconds of this process and of its finished children."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _timed(run: Callable[[], api.Solution[Any]]) -> tuple[api.Solution[Any], float, float]:
    wall, cpu = time.perf_counter(), _cpu()
    answer = run()
    return answer, time.perf_counter() - wall, _cpu() - cpu


def measure_speedup(
    workers: int, lines: tuple[SpeedupLine, ...], progress: Callable[[str], None]
) -> list[dict[str, object]]:
    """Each line solved serially, then with ``workers`` processes: the JSON-ready rows."""
    rows: list[dict[str, object]] = []
    for line in lines:
        progress(f"bench: {line.game} {line.label}: serial solve ...")
        load = os.getloadavg()[0]
        serial, serial_wall, serial_cpu = _timed(partial(api.solve, line.make()))
        progress(f"bench: {line.game} {line.label}: solve --workers {workers} ...")
        parallel, parallel_wall, parallel_cpu = _timed(
            partial(api.solve, line.make(), workers=workers)
        )
        same = (serial.value, serial.best_moves) == (parallel.value, parallel.best_moves)
        rows.append({
            "game": line.game,
            "instance": line.label,
            "workers": workers,
            "value": serial.value,
            "same_answer": same,
            "serial_seconds": round(serial_wall, 3),
            "parallel_seconds": round(parallel_wall, 3),
            "speedup": round(serial_wall / parallel_wall, 2),
            "serial_nodes": serial.nodes,
            "parallel_nodes": parallel.nodes,
            "serial_cpu_seconds": round(serial_cpu, 2),
            "parallel_cpu_seconds": round(parallel_cpu, 2),
            "load_average_before": round(load, 2),
            "load_average_after": round(os.getloadavg()[0], 2),
        })
    return rows


def render_speedup(rows: list[dict[str, object]]) -> str:
    """The rows as a Markdown table."""
    lines = [
        "| line | same value and moves | serial s | --workers s | speed-up | nodes serial "
        "| nodes parallel | CPU s serial / parallel | load before / after |",
        "|---|---|---:|---:|---:|---:|---:|---|---|",
    ]
    for row in rows:
        lines.append(
            f"| solve {row['game']} {row['instance']} (workers {row['workers']}) | "
            f"{'yes' if row['same_answer'] else 'NO'} | {row['serial_seconds']} | "
            f"{row['parallel_seconds']} | **{row['speedup']}** | {row['serial_nodes']:,} | "
            f"{row['parallel_nodes']:,} | {row['serial_cpu_seconds']} / "
            f"{row['parallel_cpu_seconds']} | {row['load_average_before']} / "
            f"{row['load_average_after']} |"
        )
    return "\n".join(lines)


__all__ = ["SPEEDUP_LINES", "SpeedupLine", "measure_speedup", "render_speedup"]
