"""``python -m reference bench``: one benchmark for all five games, peers side by side.

A fixed set of instances per game (:data:`INSTANCES`): perft counts and exact
solves, each run ``--repeat`` times; the table and the JSON file give the value,
the nodes, the **median** seconds and nodes per second (medians: the machine may
be shared).  With the ``peers`` extra (``pip install 'gametree-reference[peers]'``:
OpenSpiel) the same run also times, on the same (M,N,K) and Dots and Boxes
instances, OpenSpiel's Python alpha-beta
(``open_spiel.python.algorithms.minimax.alpha_beta_search``: no transposition
table, value and one move) and its Python ``MinimaxSolver``
(``open_spiel.python.algorithms.minimax_solver``: full minimax memoised on the
state string, the values of every reachable state), checks that they find the
same value, and prints the ratio ``their seconds / our seconds`` (above 1: we are
faster).  OpenSpiel's C++ library (``pyspiel``) exposes no exact solver for these
games, so none is timed.

Peer node counts come from one extra, untimed run with a counter wrapped around
OpenSpiel's recursive function (alpha-beta) or from the size of its table
(``MinimaxSolver``: states solved).

The machine's load average is recorded before and after: quote the numbers with it.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from reference import Connect6, DotsAndBoxes, DouShouQi, MNKGame, WarGame, api
from reference.errors import ParameterError
from reference.ranges import IntRange, add_ranged_argument
from reference.search import search
from reference.search.protocol import PlayableGame
from reference.wargame.rules import SKIRMISH

C6_DRAWN = (
    "7/a1,b1,f1,g1,c2,e2,f2,e3,f3,g3,c5,d5,f5,g5,a6,b6,c6,d6,c7/"
    "d1,a2,d2,g2,b3,c3,a4,b4,d4,e4,g4,a5,b5,e5,e6,f6,g6,a7,d7,g7"
)
"""A 7 x 7 Connect6 position, black to move, 10 empty points: a draw (a search over one
candidate pair once called it a loss; ``tests/cli/test_cli_api_agree.py``)."""

WAR_SKIRMISH = SKIRMISH.replace(" a 0/20", " a 0/2")
"""The war-chess skirmish (:data:`reference.wargame.rules.SKIRMISH`) limited to 2 turns."""

DSQ_ENDGAME = "A: Lg1 / B: Mg7 Ea9 / A / 190"
"""A Dou Shou Qi endgame: lion against rat and elephant."""


@dataclass(frozen=True, slots=True)
class Instance:
    """One benchmark line: a game, a task and how to run it."""

    game: str
    """The command-line name of the game."""
    label: str
    """The instance, e.g. ``4x4 k=3``."""
    task: str
    """``solve`` (value and every optimal move), ``perft N``, or ``alphabeta`` (plain, no table)."""
    make: Callable[[], PlayableGame[Any]]
    run: Callable[[PlayableGame[Any]], tuple[int, int]]
    """Run the task on a fresh game: (value or count, nodes)."""
    openspiel: str | None = None
    """The same instance as an OpenSpiel game string (peers are timed on it)."""
    minimax_solver: bool = False
    """Also time OpenSpiel's MinimaxSolver (only where its table of every state fits)."""


def _solve(game: PlayableGame[Any]) -> tuple[int, int]:
    result = api.solve(game)
    return result.value, result.nodes


def _perft(depth: int) -> Callable[[PlayableGame[Any]], tuple[int, int]]:
    def run(game: PlayableGame[Any]) -> tuple[int, int]:
        count = api.perft(game, depth)
        return count, count

    return run


def _plain_alphabeta(game: PlayableGame[Any]) -> tuple[int, int]:
    """Plain alpha-beta to the end, no table (the algorithm OpenSpiel's Python search runs)."""
    result = search(game, 100, algorithm="alphabeta")
    return (result.score > 0) - (result.score < 0), result.stats.nodes


INSTANCES: tuple[Instance, ...] = (
    Instance(
        "mnk",
        "3x3 k=3",
        "alphabeta",
        lambda: MNKGame(  # plain: none of the solver's pruning rules (node for node)
            3, 3, 3, ordering="natural", forced_moves=False, dead_cells=False, pairings=False
        ),
        _plain_alphabeta,
        "mnk(m=3,n=3,k=3)",
    ),
    Instance(
        "mnk",
        "3x3 k=3",
        "solve",
        lambda: MNKGame(3, 3, 3, symmetry=True),
        _solve,
        "mnk(m=3,n=3,k=3)",
        True,
    ),
    Instance(
        "mnk",
        "4x3 k=3",
        "solve",
        lambda: MNKGame(4, 3, 3, symmetry=True),
        _solve,
        "mnk(m=4,n=3,k=3)",
        True,
    ),
    Instance(
        "mnk",
        "4x4 k=3",
        "solve",
        lambda: MNKGame(4, 4, 3, symmetry=True),
        _solve,
        "mnk(m=4,n=4,k=3)",
    ),
    Instance("mnk", "4x4 k=4", "solve", lambda: MNKGame(4, 4, 4, symmetry=True), _solve),
    Instance("mnk", "4x4 k=4", "perft 6", lambda: MNKGame(4, 4, 4), _perft(6)),
    Instance(
        "dots-and-boxes",
        "1x3",
        "solve",
        lambda: DotsAndBoxes(1, 3),
        _solve,
        "dots_and_boxes(num_rows=1,num_cols=3,utility_margin=true)",
        True,
    ),
    Instance(
        "dots-and-boxes",
        "2x2",
        "solve",
        lambda: DotsAndBoxes(2, 2),
        _solve,
        "dots_and_boxes(num_rows=2,num_cols=2,utility_margin=true)",
        True,
    ),
    Instance("dots-and-boxes", "2x3", "solve", lambda: DotsAndBoxes(2, 3), _solve),
    Instance("dots-and-boxes", "2x2", "perft 6", lambda: DotsAndBoxes(2, 2), _perft(6)),
    Instance("connect6", "6x6", "perft 3", lambda: Connect6(6), _perft(3)),
    Instance(
        "connect6", "7x7 drawn, 10 empty", "solve", lambda: Connect6.from_notation(C6_DRAWN), _solve
    ),
    Instance("wargame", "skirmish", "perft 2", lambda: WarGame.from_notation(SKIRMISH), _perft(2)),
    Instance(
        "wargame", "skirmish, 2 turns", "solve", lambda: WarGame.from_notation(WAR_SKIRMISH), _solve
    ),
    # Dou Shou Qi in generation order, as these lines were first measured (the class's
    # default is now §11's order, the command line's: other node counts, not other values)
    Instance("dou-shou-qi", "start", "perft 4", lambda: DouShouQi(ordering="none"), _perft(4)),
    Instance(
        "dou-shou-qi",
        "L v M+E endgame",
        "solve",
        lambda: DouShouQi.from_notation(DSQ_ENDGAME, ordering="none"),
        _solve,
    ),
)


# ---------------------------------------------------------------------------
# OpenSpiel (optional)


class OpenSpiel:
    """OpenSpiel's two Python solvers, loaded only when the ``peers`` extra is installed."""

    def __init__(self) -> None:
        self.pyspiel: Any = importlib.import_module("pyspiel")
        self.minimax: Any = importlib.import_module("open_spiel.python.algorithms.minimax")
        self.solver_module: Any = importlib.import_module(
            "open_spiel.python.algorithms.minimax_solver"
        )
        self.version = _version("open_spiel")

    def alpha_beta(self, game_string: str) -> float:
        game = self.pyspiel.load_game(game_string)
        value, _ = self.minimax.alpha_beta_search(game, maximum_depth=1000)
        return float(value)

    def alpha_beta_nodes(self, game_string: str) -> int:
        """The calls of OpenSpiel's recursive ``_alpha_beta`` (one untimed run)."""
        original = self.minimax._alpha_beta
        calls = 0

        def counting(*args: Any, **kwargs: Any) -> Any:
            nonlocal calls
            calls += 1
            return original(*args, **kwargs)

        self.minimax._alpha_beta = counting
        try:
            self.alpha_beta(game_string)
        finally:
            self.minimax._alpha_beta = original
        return calls

    def alpha_beta_counted(self, game_string: str) -> tuple[float, int]:
        """(value for the first player, calls of ``_alpha_beta``): two untimed runs."""
        nodes = self.alpha_beta_nodes(game_string)
        return self.alpha_beta(game_string), nodes

    def minimax_solver(self, game_string: str) -> tuple[float, int]:
        """(value for the first player, states in the solver's table)."""
        solver = self.solver_module.MinimaxSolver(game_string)
        table = solver.solve()
        root = str(solver._game.new_initial_state())
        return float(table[root].value), len(table)

    def solvers(self, minimax_solver: bool) -> list[PeerSolver]:
        """The peers timed on an instance (``MinimaxSolver`` only where its table fits)."""
        solvers = [PeerSolver("alpha_beta_search", self.alpha_beta_counted, self.alpha_beta)]
        if minimax_solver:
            solvers.append(PeerSolver("MinimaxSolver", self.minimax_solver, self.minimax_solver))
        return solvers


@dataclass(frozen=True, slots=True)
class PeerSolver:
    """One OpenSpiel solver as the benchmark runs it on a game string."""

    name: str
    """Its name in OpenSpiel (the report says ``openspiel NAME``)."""
    measure: Callable[[str], tuple[float, int]]
    """(value for the first player, nodes or states): the untimed run."""
    run: Callable[[str], object]
    """The timed run."""


def _version(package: str) -> str:
    try:
        from importlib.metadata import version

        return version(package)
    except Exception:
        return "unknown"


def load_openspiel() -> OpenSpiel | None:
    try:
        return OpenSpiel()
    except ImportError:
        return None


# ---------------------------------------------------------------------------
# running


def median_seconds(repeat: int, run: Callable[[], object]) -> tuple[float, list[float]]:
    """Run ``repeat`` times; (median seconds, every time)."""
    times: list[float] = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times), times


def _instance_keys(instance: Instance) -> dict[str, object]:
    """The keys that name an instance in every row of the report."""
    return {"game": instance.game, "instance": instance.label, "task": instance.task}


def _row(
    instance: Instance,
    solver: str,
    value: float | int,
    nodes: int | None,
    seconds: float,
    times: list[float],
) -> dict[str, object]:
    return {
        **_instance_keys(instance),
        "solver": solver,
        "value": value,
        "nodes": nodes,
        "seconds": round(seconds, 6),
        "nodes_per_second": round(nodes / seconds) if nodes and seconds > 0 else None,
        "times": [round(t, 6) for t in times],
    }


def _ratio(
    instance: Instance,
    peer: str,
    peer_value: float,
    our_value: int,
    peer_seconds: float,
    our_seconds: float,
) -> dict[str, object]:
    return {
        **_instance_keys(instance),
        "peer": peer,
        "same_value": peer_value == our_value,
        "ratio": round(peer_seconds / our_seconds, 2) if our_seconds > 0 else None,
    }


def _run_fresh(instance: Instance) -> tuple[int, int]:
    return instance.run(instance.make())


def run_bench(
    repeat: int,
    peers: OpenSpiel | None,
    instances: Sequence[Instance],
    progress: Callable[[str], None],
) -> dict[str, object]:
    """Run ``instances`` (and the peers on them); return the JSON-ready report."""
    rows: list[dict[str, object]] = []
    ratios: list[dict[str, object]] = []
    load_before = os.getloadavg()
    for instance in instances:
        progress(f"bench: {instance.game} {instance.label} {instance.task} ...")
        value, nodes = instance.run(instance.make())  # warm-up, and the value and nodes
        seconds, times = median_seconds(repeat, partial(_run_fresh, instance))
        rows.append(_row(instance, "reference", value, nodes, seconds, times))
        if peers is None or instance.openspiel is None:
            continue
        game_string = instance.openspiel
        for peer in peers.solvers(instance.minimax_solver):
            progress(f"bench: {instance.game} {instance.label}: OpenSpiel {peer.name} ...")
            solver = f"openspiel {peer.name}"
            peer_value, peer_nodes = peer.measure(game_string)
            peer_seconds, peer_times = median_seconds(repeat, partial(peer.run, game_string))
            rows.append(_row(instance, solver, peer_value, peer_nodes, peer_seconds, peer_times))
            ratios.append(_ratio(instance, solver, peer_value, value, peer_seconds, seconds))
    return {
        "machine": _machine(load_before),
        "repeat": repeat,
        "openspiel": None if peers is None else peers.version,
        "rows": rows,
        "ratios": ratios,
    }


def _machine(load_before: tuple[float, float, float]) -> dict[str, object]:
    """The machine the benchmark ran on, with its load average before and now."""
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "system": platform.platform(),
        "cpus": os.cpu_count(),
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
    }


def render(report: dict[str, Any]) -> str:
    """The report as a Markdown table (what ``docs/benchmarks.md`` shows)."""
    lines = [
        "| game | instance | task | solver | value | nodes | seconds | nodes/s |",
        "|---|---|---|---|---:|---:|---:|---:|",
    ]
    for row in report["rows"]:
        nodes = f"{row['nodes']:,}" if row["nodes"] is not None else "-"
        rate = f"{row['nodes_per_second']:,}" if row["nodes_per_second"] is not None else "-"
        value = row["value"]
        value_text = f"{value:g}" if isinstance(value, float) else str(value)
        lines.append(
            f"| {row['game']} | {row['instance']} | {row['task']} | {row['solver']} | "
            f"{value_text} | {nodes} | {row['seconds']:.3f} | {rate} |"
        )
    if report["ratios"]:
        lines += [
            "",
            "| game | instance | our task | peer | same value | peer seconds / ours |",
            "|---|---|---|---|---|---:|",
        ]
        for ratio in report["ratios"]:
            lines.append(
                f"| {ratio['game']} | {ratio['instance']} | {ratio['task']} | {ratio['peer']} | "
                f"{'yes' if ratio['same_value'] else 'NO'} | {ratio['ratio']} |"
            )
    machine = report["machine"]
    lines += [
        "",
        f"Python {machine['python']} on {machine['system']}, {machine['cpus']} CPUs; "
        f"load average {machine['load_average_before'][0]} before, "
        f"{machine['load_average_after'][0]} after; median of {report['repeat']} runs"
        + (
            f"; OpenSpiel {report['openspiel']}"
            if report["openspiel"]
            else "; OpenSpiel not installed"
        ),
    ]
    return "\n".join(lines)


DESCRIPTION = """\
A fixed set of perft counts and exact solves for each of the five games, each run
--repeat times: value, nodes, median seconds and nodes per second, as a table on
stdout and a JSON file.  With the peers extra (pip install 'gametree-reference[peers]')
the same run times OpenSpiel's Python alpha-beta (minimax.alpha_beta_search) and its
MinimaxSolver on the same (M,N,K) and Dots and Boxes instances, checks that they find
the same values and prints the ratio of their seconds to ours.  The machine's load
average is recorded: on a shared machine, quote medians with the load."""


REPEAT = IntRange(1, 100)
"""``bench --repeat``: timed runs per line."""
SPEEDUP_WORKERS = IntRange(1, 64)
"""``bench --speedup --workers``: local processes."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``bench``."""
    add_ranged_argument(
        parser,
        "--repeat",
        REPEAT,
        "timed runs per line (default 3; the median is kept)",
        default=3,
    )
    parser.add_argument(
        "--output", default="bench.json", help="the JSON report (default bench.json; '-' for none)"
    )
    parser.add_argument(
        "--no-peers", action="store_true", help="do not time OpenSpiel even if installed"
    )
    parser.add_argument(
        "--game",
        action="append",
        choices=sorted({instance.game for instance in INSTANCES}),
        help="only this game's lines (repeatable)",
    )
    parser.add_argument(
        "--json", action="store_true", help="print the JSON report on stdout instead of the table"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress output on stderr")
    parser.add_argument(
        "--speedup",
        action="store_true",
        help="instead: solve Dots and Boxes 3x4 and (M,N,K) 5x5 k=4 serially and with "
        "--workers N side by side (same answers checked, the speed-up printed)",
    )
    add_ranged_argument(
        parser, "--workers", SPEEDUP_WORKERS, "workers of --speedup (default 2)", default=2
    )


def run_speedup(args: argparse.Namespace, progress: Callable[[str], None]) -> int:
    """``bench --speedup``: the side-by-side lines; status 1 when an answer differs."""
    from reference.cli.speedup import SPEEDUP_LINES, measure_speedup, render_speedup

    lines = tuple(line for line in SPEEDUP_LINES if not args.game or line.game in args.game)
    rows = measure_speedup(args.workers, lines, progress)
    print(json.dumps(rows) if args.json else render_speedup(rows))
    if not all(row["same_answer"] for row in rows):
        print("bench: the parallel solve gave another answer than the serial", file=sys.stderr)
        return 1
    return 0


def run(args: argparse.Namespace) -> int:
    """The ``bench`` command: run, write the JSON file, print the table."""
    if isinstance(args.repeat, bool) or not 1 <= args.repeat <= 100:
        raise ParameterError(f"--repeat must be from 1 to 100, got {args.repeat}")
    peers = None if args.no_peers or args.speedup else load_openspiel()

    def progress(message: str) -> None:
        if not args.quiet:
            print(message, file=sys.stderr, flush=True)

    if args.speedup:
        return run_speedup(args, progress)
    if peers is None and not args.no_peers:
        progress(
            "bench: OpenSpiel not installed (pip install 'gametree-reference[peers]'): no peers"
        )
    instances = [i for i in INSTANCES if not args.game or i.game in args.game]
    report = run_bench(args.repeat, peers, instances, progress)
    if args.output != "-":
        try:
            with open(args.output, "w", encoding="utf-8") as file:
                json.dump(report, file, indent=1)
                file.write("\n")
        except OSError as error:
            raise ParameterError(f"cannot write {args.output!r}: {error.strerror}") from None
        progress(f"bench: wrote {args.output}")
    print(json.dumps(report) if args.json else render(report))
    return 0


__all__ = ["DESCRIPTION", "INSTANCES", "Instance", "add_arguments", "render", "run", "run_bench"]
