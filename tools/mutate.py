#!/usr/bin/env python3
"""Mutation testing of the algorithm files: does some test fail when the code is wrong?

A *mutant* is a copy of one source file with one small change: an operator flipped
(``+``/``-``, ``<``/``<=``, ``>``/``>=``, ``==``/``!=``, ``and``/``or``, ``is``/``is not``,
``in``/``not in``, ``max``/``min``, ...), a constant changed (an integer ``n`` to
``n + 1`` and to ``0``, ``True``/``False``), a unary ``not`` or ``-`` removed, an
``if`` condition negated (the branches swapped), a conditional expression's branches
swapped, or one statement dropped (replaced by ``pass``).  Every mutant of every
listed file is run, none sampled: the same tree gives the same mutants in the same
order.

For each file the tool

1. copies the working tree (without ``.git`` / ``.venv``) to a temporary directory,
   one copy per worker;
2. runs the file's tests once, unmutated, under a line tracer: they must pass, and the
   tracer records which test executes which line of the file (and how much CPU time
   each test takes);
3. for each mutant, writes the mutated file into the copy and runs only the tests that
   execute the mutated lines (all the file's tests when the lines run at import, e.g.
   a default argument or a module constant), cheapest first, with ``pytest -x``;
   a test failure (or an import error) **kills** the mutant; a run over its CPU budget
   (``--cpu-factor`` times the selected tests' CPU time, plus a margin) is a
   **timeout**, counted as killed; a mutant no test executes is **uncovered** (survived,
   not run); a mutant all its tests pass **survived**;
4. marks survivors listed in ``tools/mutation_equivalents.toml`` **equivalent** (with the
   reason written there), and writes ``build/mutation/report.json`` (every mutant) and
   ``build/mutation/report.md`` (the score per file, then every survivor).

Run ``make mutate`` (every file; 28 minutes with ``JOBS=2`` on 2 cores, longer with one) or
``make mutate FILES="reference/search/pvs.py reference/search/tt.py"``.  The report
merges runs: a run of some files replaces their entries and keeps the others.
``--survivors`` re-runs only the mutants that survived the last run of each file
(quick, after a new test); ``--list`` prints the mutants without running them;
``--show N`` prints mutant ``N`` of one file as a diff.  See ``docs/mutation.md``.
"""

from __future__ import annotations

import argparse
import ast
import concurrent.futures
import contextlib
import copy
import difflib
import hashlib
import importlib
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
REPORT_DIR = Path(os.environ.get("MUTATE_REPORT_DIR", ROOT / "build" / "mutation"))
"""Where the report goes (``MUTATE_REPORT_DIR`` to keep two runs apart)."""
EQUIVALENTS = ROOT / "tools" / "mutation_equivalents.toml"

SEARCH_TESTS = ("tests/search", "reference/search")
GRAPH_TESTS = ("tests/graphs", "reference/graphs", "tests/dou_shou_qi/test_dsq_split_update_mst.py")
WARGAME_TESTS = ("tests/wargame", "reference/wargame")
DAB_TESTS = ("tests/dots_and_boxes", "reference/dots_and_boxes")
CONNECT6_TESTS = ("tests/connect6", "reference/connect6")
DSQ_TESTS = ("tests/dou_shou_qi", "reference/dou_shou_qi")

TARGETS: dict[str, tuple[str, ...]] = {
    # the search core
    "reference/search/minimax.py": SEARCH_TESTS,
    "reference/search/alphabeta.py": SEARCH_TESTS,
    "reference/search/alphabeta_tt.py": SEARCH_TESTS,
    "reference/search/engine.py": SEARCH_TESTS,
    "reference/search/tt.py": SEARCH_TESTS,
    "reference/search/zobrist.py": SEARCH_TESTS,
    "reference/search/iterative.py": SEARCH_TESTS,
    "reference/search/pvs.py": SEARCH_TESTS,
    "reference/search/mtdf.py": SEARCH_TESTS,
    "reference/search/negamax.py": SEARCH_TESTS,
    "reference/search/perft.py": SEARCH_TESTS,
    "reference/search/solve.py": SEARCH_TESTS,
    "reference/search/root.py": SEARCH_TESTS,
    "reference/search/rootloop.py": SEARCH_TESTS,
    "reference/search/context.py": SEARCH_TESTS,
    "reference/search/value.py": SEARCH_TESTS,
    # generic graph algorithms (seed 003 §8)
    "reference/graphs/kruskal.py": GRAPH_TESTS,
    "reference/graphs/prim.py": GRAPH_TESTS,
    "reference/graphs/update_mst.py": GRAPH_TESTS,
    "reference/graphs/union_find.py": GRAPH_TESTS,
    # the paper algorithms of the games
    "reference/wargame/next_permutation.py": WARGAME_TESTS,
    "reference/wargame/dictionary_sequence.py": WARGAME_TESTS,
    "reference/wargame/recursive_permutation.py": WARGAME_TESTS,
    "reference/wargame/plans_search.py": WARGAME_TESTS,
    "reference/wargame/single_turn.py": WARGAME_TESTS,
    "reference/dots_and_boxes/hashing.py": DAB_TESTS,
    "reference/dots_and_boxes/bidirectional.py": DAB_TESTS,
    "reference/connect6/roads.py": CONNECT6_TESTS,
    "reference/dou_shou_qi/cones.py": DSQ_TESTS,
    "reference/dou_shou_qi/causality.py": DSQ_TESTS,
    "reference/dou_shou_qi/partition.py": DSQ_TESTS,
}
"""Each mutated file and the tests (pytest paths) that may kill its mutants."""

PYTEST = ("-q", "-p", "no:cacheprovider", "-p", "no:xdist", "--no-header", "-W", "ignore")
CPU_MARGIN = 20.0
"""Seconds of CPU added to every mutant's budget (collection, fixtures)."""
TEST_MARGIN = 5.0
"""Seconds of CPU added to every test's budget (``--cpu-factor`` times its CPU time, plus this)."""


# --------------------------------------------------------------------------------------
# Mutants
# --------------------------------------------------------------------------------------

BINOP_FLIPS: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv,
    ast.FloorDiv: ast.Mult,
    ast.Div: ast.Mult,
    ast.Mod: ast.FloorDiv,
    ast.BitAnd: ast.BitOr,
    ast.BitOr: ast.BitAnd,
    ast.BitXor: ast.BitOr,
    ast.LShift: ast.RShift,
    ast.RShift: ast.LShift,
    ast.Pow: ast.Mult,
}
COMPARE_FLIPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
CALL_FLIPS = {"max": "min", "min": "max", "any": "all", "all": "any"}


@dataclass(slots=True)
class Mutant:
    """One change to one file: the source segment ``(line, col)``-``(end_line, end_col)``
    becomes ``replacement``."""

    index: int
    file: str
    kind: str
    qualname: str
    line: int
    col: int
    end_line: int
    end_col: int
    original: str
    replacement: str
    key: str = ""
    """Stable name (function, change, occurrence): survives edits elsewhere in the file."""

    def describe(self) -> str:
        return f"{self.file}:{self.line} [{self.kind}] {short(self.original)} -> {short(self.replacement)}"

    def apply(self, source: str) -> str:
        lines = source.splitlines(keepends=True)
        offsets = [0]
        for text in lines:
            offsets.append(offsets[-1] + len(text.encode()))
        data = source.encode()
        start = offsets[self.line - 1] + self.col
        end = offsets[self.end_line - 1] + self.end_col
        return (data[:start] + self.replacement.encode() + data[end:]).decode()


def short(text: str, width: int = 70) -> str:
    one = " ".join(text.split())
    return one if len(one) <= width else one[: width - 3] + "..."


def _segment(source_bytes: bytes, offsets: list[int], node: ast.AST) -> str:
    start = offsets[node.lineno - 1] + node.col_offset  # type: ignore[attr-defined]
    end = offsets[node.end_lineno - 1] + node.end_col_offset  # type: ignore[attr-defined]
    return source_bytes[start:end].decode()


def _is_docstring(stmt: ast.stmt) -> bool:
    return (
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Constant)
        and isinstance(stmt.value.value, str)
    )


class _Generator:
    def __init__(self, file: str, source: str) -> None:
        self.file = file
        self.source = source
        self.bytes = source.encode()
        self.offsets = [0]
        for text in source.splitlines(keepends=True):
            self.offsets.append(self.offsets[-1] + len(text.encode()))
        self.mutants: list[Mutant] = []

    def add(self, node: ast.AST, kind: str, qual: str, replacement: str) -> None:
        original = _segment(self.bytes, self.offsets, node)
        if replacement == original:
            return
        self.mutants.append(
            Mutant(
                len(self.mutants),
                self.file,
                kind,
                qual,
                node.lineno,  # type: ignore[attr-defined]
                node.col_offset,  # type: ignore[attr-defined]
                node.end_lineno,  # type: ignore[attr-defined]
                node.end_col_offset,  # type: ignore[attr-defined]
                original,
                replacement,
            )
        )

    def add_expr(self, node: ast.expr, kind: str, qual: str, new: ast.expr) -> None:
        text = ast.unparse(new)
        atomic = isinstance(new, ast.Constant | ast.Name | ast.Call | ast.Attribute | ast.Subscript)
        if not atomic:
            text = f"({text})"
        if isinstance(new, ast.Constant) and isinstance(new.value, int | float) and new.value < 0:
            text = f"({text})"
        self.add(node, kind, qual, text)

    # ---- statements -------------------------------------------------------------------
    def block(self, body: Sequence[ast.stmt], qual: str, in_function: bool) -> None:
        for stmt in body:
            self.stmt(stmt, qual, in_function)

    def stmt(self, stmt: ast.stmt, qual: str, in_function: bool) -> None:
        if _is_docstring(stmt) or isinstance(
            stmt, ast.Pass | ast.Assert | ast.Import | ast.ImportFrom | ast.Global | ast.Nonlocal
        ):
            return
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            name = stmt.name if qual == "<module>" else f"{qual}.{stmt.name}"
            for default in [*stmt.args.defaults, *stmt.args.kw_defaults]:
                if default is not None:
                    self.expr(default, name)
            self.block(stmt.body, name, True)
            return
        if isinstance(stmt, ast.ClassDef):
            name = stmt.name if qual == "<module>" else f"{qual}.{stmt.name}"
            self.block(stmt.body, name, in_function)
            return
        if isinstance(stmt, ast.If) and _is_type_checking(stmt.test):
            return
        if isinstance(stmt, ast.Assign | ast.AnnAssign) and _assigns(
            stmt, ("__slots__", "__all__")
        ):
            return
        if in_function and not _drop_is_redundant(stmt):
            self.add(stmt, "drop statement", qual, "pass")
        if isinstance(stmt, ast.If) and not _negation_is_redundant(stmt.test):
            test_text = _segment(self.bytes, self.offsets, stmt.test)
            self.add(stmt.test, "negate condition", qual, f"not ({test_text})")
        if isinstance(stmt, ast.AugAssign):
            flip = BINOP_FLIPS.get(type(stmt.op))
            if flip is not None:
                new = copy.copy(stmt)
                new.op = flip()
                self.add(stmt, "flip operator", qual, ast.unparse(new))
        if isinstance(stmt, ast.Raise):
            return  # the message is not mutated; dropping the raise is
        for name, value in ast.iter_fields(stmt):
            if name in ("annotation", "returns", "decorator_list", "type_comment"):
                continue
            if isinstance(value, ast.expr):
                self.expr(value, qual)
            elif isinstance(value, list):
                for item in value:
                    if isinstance(item, ast.expr):
                        self.expr(item, qual)
                    elif isinstance(item, ast.stmt):
                        self.stmt(item, qual, in_function)
                    elif isinstance(item, ast.ExceptHandler):
                        self.block(item.body, qual, in_function)
                    elif isinstance(item, ast.withitem):
                        self.expr(item.context_expr, qual)
                    elif isinstance(item, ast.comprehension):
                        self.comprehension(item, qual)

    def comprehension(self, comp: ast.comprehension, qual: str) -> None:
        self.expr(comp.iter, qual)
        for cond in comp.ifs:
            self.expr(cond, qual)

    # ---- expressions ------------------------------------------------------------------
    def expr(self, node: ast.expr, qual: str) -> None:
        if isinstance(node, ast.JoinedStr):
            return  # messages are not mutated
        if isinstance(node, ast.BinOp):
            flip = BINOP_FLIPS.get(type(node.op))
            if flip is not None:
                self.add_expr(node, "flip operator", qual, ast.BinOp(node.left, flip(), node.right))
        elif isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                flipped = COMPARE_FLIPS.get(type(op))
                if flipped is not None:
                    ops = list(node.ops)
                    ops[i] = flipped()
                    self.add_expr(
                        node, "flip comparison", qual, ast.Compare(node.left, ops, node.comparators)
                    )
        elif isinstance(node, ast.BoolOp):
            other: ast.boolop = ast.Or() if isinstance(node.op, ast.And) else ast.And()
            self.add_expr(node, "flip and/or", qual, ast.BoolOp(other, node.values))
        elif isinstance(node, ast.UnaryOp):
            if isinstance(node.op, ast.Not | ast.USub | ast.Invert):
                self.add_expr(node, "remove unary", qual, node.operand)
        elif isinstance(node, ast.IfExp):
            self.add_expr(node, "swap branches", qual, ast.IfExp(node.test, node.orelse, node.body))
        elif isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name) and node.func.id in CALL_FLIPS:
                self.add(node.func, "flip call", qual, CALL_FLIPS[node.func.id])
            if isinstance(node.func, ast.Name) and node.func.id in ("TypeVar", "cast", "NewType"):
                return
        elif isinstance(node, ast.Constant):
            value = node.value
            if isinstance(value, bool):
                self.add_expr(node, "change constant", qual, ast.Constant(not value))
            elif isinstance(value, int):
                self.add_expr(node, "change constant", qual, ast.Constant(value + 1))
                if value != 0:
                    self.add_expr(node, "change constant", qual, ast.Constant(0))
            elif isinstance(value, float):
                self.add_expr(node, "change constant", qual, ast.Constant(value + 1))
            return
        elif isinstance(node, ast.Lambda):
            self.expr(node.body, qual)
            return
        elif isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            for comp in node.generators:
                self.comprehension(comp, qual)
            if isinstance(node, ast.DictComp):
                self.expr(node.key, qual)
                self.expr(node.value, qual)
            else:
                self.expr(node.elt, qual)
            return
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.expr):
                self.expr(child, qual)
            elif isinstance(child, ast.keyword):
                self.expr(child.value, qual)
            elif isinstance(child, ast.comprehension):
                self.comprehension(child, qual)


NEGATED_COMPARISONS = (ast.Eq, ast.NotEq, ast.Is, ast.IsNot, ast.In, ast.NotIn)


def _negation_is_redundant(test: ast.expr) -> bool:
    """``if a == b`` negated is ``if a != b``, already a flipped comparison; ``if not x``
    negated is ``if x``, already a removed ``not``."""
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        return isinstance(test.ops[0], NEGATED_COMPARISONS)
    return isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)


def _drop_is_redundant(stmt: ast.stmt) -> bool:
    """Dropping ``if c: s`` (no else) is dropping ``s`` (conditions here have no side effects)."""
    return isinstance(stmt, ast.If) and not stmt.orelse and len(stmt.body) == 1


def _is_type_checking(test: ast.expr) -> bool:
    return isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"


def _assigns(stmt: ast.Assign | ast.AnnAssign, names: tuple[str, ...]) -> bool:
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
    return any(isinstance(t, ast.Name) and t.id in names for t in targets)


def generate(file: str, source: str) -> list[Mutant]:
    """Every mutant of ``source`` (the text of ``file``), in a fixed order."""
    gen = _Generator(file, source)
    gen.block(ast.parse(source).body, "<module>", False)
    original_dump = ast.dump(ast.parse(source))
    mutants: list[Mutant] = []
    seen: dict[str, int] = {}
    for m in sorted(gen.mutants, key=lambda m: (m.line, m.col, -m.end_line, -m.end_col, m.kind)):
        try:
            mutated = ast.parse(m.apply(source))
        except SyntaxError:
            continue
        if ast.dump(mutated) == original_dump:
            continue
        base = f"{m.qualname}: {short(m.original, 60)} -> {short(m.replacement, 60)}"
        seen[base] = seen.get(base, 0) + 1
        m.key = base if seen[base] == 1 else f"{base} #{seen[base]}"
        m.index = len(mutants)
        mutants.append(m)
    return mutants


# --------------------------------------------------------------------------------------
# Coverage of the unmutated tests (run in the copy, as a pytest plugin)
# --------------------------------------------------------------------------------------


class _CoveragePlugin:
    """Records, for each test, the lines of the target files it executes and its CPU time."""

    def __init__(self, targets: Sequence[str]) -> None:
        self.targets = {os.path.realpath(t): t for t in targets}
        self.current: str | None = None
        self.tests: dict[str, dict[str, Any]] = {}
        self.at_import: dict[str, set[int]] = {t: set() for t in targets}
        self.lines: dict[str, set[int]] = {}
        self.failed: list[str] = []
        self._files: dict[str, str | None] = {}
        self._start = 0.0

    def _target(self, filename: str) -> str | None:
        try:
            return self._files[filename]
        except KeyError:
            found = self.targets.get(os.path.realpath(filename))
            self._files[filename] = found
            return found

    def trace(self, frame: FrameType, event: str, arg: object) -> Any:
        target = self._target(frame.f_code.co_filename)
        if target is None:
            return None
        sink = (
            self.at_import[target] if self.current is None else self.lines.setdefault(target, set())
        )

        def local(frame: FrameType, event: str, arg: object) -> Any:
            if event == "line":
                sink.add(frame.f_lineno)
            return local

        sink.add(frame.f_lineno)
        return local

    def pytest_configure(self, config: Any) -> None:
        sys.settrace(self.trace)
        threading.settrace(self.trace)

    def pytest_runtest_setup(self, item: Any) -> None:
        self.current = item.nodeid
        self.lines = {}
        self._start = time.process_time()
        sys.settrace(self.trace)

    def pytest_runtest_teardown(self, item: Any) -> None:
        self.tests[item.nodeid] = {
            "cpu": time.process_time() - self._start,
            "lines": {t: sorted(v) for t, v in self.lines.items()},
        }
        self.current = None

    def pytest_runtest_logreport(self, report: Any) -> None:
        if report.failed:
            self.failed.append(report.nodeid)


def coverage_main(argv: list[str]) -> int:
    """``mutate.py --coverage-run OUT TARGET... -- PYTEST_ARGS``: run in the copy."""
    import pytest

    split = argv.index("--")
    out, targets, args = argv[0], argv[1:split], argv[split + 1 :]
    plugin = _CoveragePlugin(targets)
    _hypothesis_profile()
    code = pytest.main([*args, "-p", "no:cacheprovider", "-p", "no:xdist", "-q"], plugins=[plugin])
    sys.settrace(None)
    data = {
        "exit": int(code),
        "failed": plugin.failed,
        "tests": plugin.tests,
        "at_import": {t: sorted(v) for t, v in plugin.at_import.items()},
    }
    Path(out).write_text(json.dumps(data))
    return 0


# --------------------------------------------------------------------------------------
# Running mutants
# --------------------------------------------------------------------------------------


@dataclass(slots=True)
class Outcome:
    status: str
    """killed, timeout, survived, uncovered, equivalent (a survivor listed as such)."""
    tests: int
    seconds: float
    failing: str = ""
    reason: str = ""


class Workspace:
    """A copy of the working tree in which one mutant at a time is applied, and its test server.

    The server (``mutate.py --serve``, started in the copy) imports pytest and
    hypothesis once; for each mutant it forks a child that runs ``pytest.main`` under
    the CPU budget, so no run pays for starting the interpreter and importing them.
    It never imports ``reference``: every child imports the (mutated) package afresh.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock = threading.Lock()
        self.server: subprocess.Popen[str] | None = None

    def run_tests(
        self, args: list[str], cpu: float, wall: float, budgets: dict[str, float]
    ) -> tuple[int, str]:
        """Run ``pytest args`` in a fresh child: (exit code, or minus the signal; output)."""
        if self.server is None or self.server.poll() is not None:
            self.server = subprocess.Popen(
                [*_tool_command(self.path), "--serve"],
                cwd=self.path,
                env=_child_env(self.path),
                text=True,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
            )
        assert self.server.stdin is not None and self.server.stdout is not None
        out = self.path / ".mutate-output.txt"
        request = {"args": args, "cpu": cpu, "wall": wall, "out": str(out), "budgets": budgets}
        self.server.stdin.write(json.dumps(request) + "\n")
        self.server.stdin.flush()
        reply = self.server.stdout.readline()
        if not reply:
            raise SystemExit("the test server died")
        code = int(json.loads(reply)["code"])
        return code, out.read_text(errors="replace") if out.exists() else ""

    def close(self) -> None:
        if self.server is not None and self.server.poll() is None:
            assert self.server.stdin is not None
            self.server.stdin.close()
            self.server.wait()


TIMEOUT_EXIT = 99
"""Exit status of a child whose test ran over its CPU budget."""


class _TestBudget:
    """A CPU-time budget per test: a test that runs over it ends the run (a timeout).

    One budget for the whole run would let a mutant that loops in its first test use
    the time of every test selected for it.
    """

    def __init__(self, budgets: dict[str, float]) -> None:
        self.budgets = budgets
        signal.signal(signal.SIGPROF, self._expired)

    @staticmethod
    def _expired(signum: int, frame: FrameType | None) -> None:
        print("\nTIMEOUT: a test ran over its CPU budget", flush=True)
        os._exit(TIMEOUT_EXIT)

    def pytest_runtest_setup(self, item: Any) -> None:
        limit = self.budgets.get(item.nodeid)
        if limit:
            signal.setitimer(signal.ITIMER_PROF, limit)

    def pytest_runtest_teardown(self, item: Any) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0)


def _hypothesis_profile() -> None:
    """No shrinking, no explanation: a failing example kills the mutant, no need for the
    smallest one (shrinking took five minutes for one mutant).  Generation is unchanged."""
    from hypothesis import Phase, settings

    settings.register_profile(
        "mutate", phases=(Phase.explicit, Phase.reuse, Phase.generate), report_multiple_bugs=False
    )
    settings.load_profile("mutate")


def serve_main() -> int:
    """The test server of one workspace: one JSON request a line, one JSON reply a line."""
    import _pytest.python  # noqa: F401  (loaded once, here, for every child)
    import hypothesis  # noqa: F401
    import pytest

    with contextlib.suppress(ImportError):
        importlib.import_module("_hypothesis_pytestplugin")
    assert not any(name == "reference" or name.startswith("reference.") for name in sys.modules)
    pid = os.fork()
    if pid == 0:  # check once that a child imports the copy's package, not the worktree's
        import reference

        os._exit(0 if Path(reference.__file__).resolve().is_relative_to(Path.cwd()) else 1)
    if os.waitpid(pid, 0)[1] != 0:
        raise SystemExit(f"the test server in {Path.cwd()} imports reference from elsewhere")
    for line in sys.stdin:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:  # the child: limits, output to a file, one pytest run
            try:
                _limit(float(request["cpu"]))()
                fd = os.open(request["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                os.dup2(fd, 1)
                os.dup2(fd, 2)
                _hypothesis_profile()
                plugin = _TestBudget(request.get("budgets", {}))
                code = int(pytest.main(list(request["args"]), plugins=[plugin]))
                sys.stdout.flush()
                sys.stderr.flush()
            except BaseException:
                code = 3
            os._exit(code)
        deadline = time.monotonic() + float(request["wall"])
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() > deadline:
                os.kill(pid, 9)
                os.waitpid(pid, 0)
                status = 9
                break
            time.sleep(0.02)
        code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
        print(json.dumps({"code": code}), flush=True)
    return 0


def copy_tree(dest: Path) -> None:
    ignore = shutil.ignore_patterns(
        ".git",
        ".venv",
        "__pycache__",
        "*.pyc",
        ".mypy_cache",
        ".pytest_cache",
        ".ruff_cache",
        ".hypothesis",
        "build",
        "*.egg-info",
        "dist",
    )
    shutil.copytree(ROOT, dest, ignore=ignore, dirs_exist_ok=True)


def _tool_command(work: Path) -> list[str]:
    """Run this file's ``main`` in ``work`` without leaving it in ``sys.modules``.

    Hypothesis draws some values from the constants of the project's modules it finds
    in ``sys.modules`` (``hypothesis.internal.conjecture.providers``): a server that
    ran as ``tools/mutate.py`` (a ``__main__`` with a file) would change the examples
    every test draws.  ``runpy.run_path`` leaves no module behind.
    """
    code = (
        "import runpy, sys; "
        "main = runpy.run_path(sys.argv[1], run_name='mutate_tool')['main']; "
        "sys.exit(main(sys.argv[2:]))"
    )
    return [sys.executable, "-c", code, str(work / "tools" / "mutate.py")]


def _child_env(path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(path)
    env["PYTHONHASHSEED"] = "0"
    env.pop("PYTEST_ADDOPTS", None)
    return env


def _limit(cpu_seconds: float) -> Any:
    def apply() -> None:
        limit = max(1, int(cpu_seconds))
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 5))
        gigabytes = 3 << 30
        resource.setrlimit(resource.RLIMIT_AS, (gigabytes, gigabytes))

    return apply


def _drop_bytecode(path: Path) -> None:
    cache = path.parent / "__pycache__"
    if cache.is_dir():
        for pyc in cache.glob(path.stem + ".*.pyc"):
            pyc.unlink(missing_ok=True)


def run_coverage(work: Path, files: Sequence[str], tests: Sequence[str]) -> dict[str, Any]:
    out = work / ".mutate-coverage.json"
    cmd = [*_tool_command(work), "--coverage-run", str(out)]
    cmd += [str(work / f) for f in files] + ["--", *tests]
    proc = subprocess.run(cmd, cwd=work, env=_child_env(work), capture_output=True, text=True)
    if not out.exists():
        raise SystemExit(f"coverage run failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    data: dict[str, Any] = json.loads(out.read_text())
    if data["exit"] != 0 or data["failed"]:
        raise SystemExit(
            f"the unmutated tests fail ({', '.join(data['failed'][:5])}): fix them first\n"
            + proc.stdout[-3000:]
        )
    # the tracer saw the copy's absolute paths: map them back to repository paths
    for test in data["tests"].values():
        test["lines"] = {os.path.relpath(k, work): v for k, v in test["lines"].items()}
    data["at_import"] = {os.path.relpath(k, work): v for k, v in data["at_import"].items()}
    return data


def select_tests(mutant: Mutant, coverage: dict[str, Any]) -> list[tuple[str, float]]:
    """The tests that execute the mutated lines, cheapest first (all of them at import)."""
    span = set(range(mutant.line, mutant.end_line + 1))
    tests: dict[str, Any] = coverage["tests"]
    if span & set(coverage["at_import"].get(mutant.file, ())):
        chosen = list(tests)
    else:
        chosen = [n for n, t in tests.items() if span & set(t["lines"].get(mutant.file, ()))]
    return sorted(((n, float(tests[n]["cpu"])) for n in chosen), key=lambda p: (p[1], p[0]))


def run_mutant(
    ws: Workspace, mutant: Mutant, source: str, tests: list[tuple[str, float]], cpu_factor: float
) -> Outcome:
    if not tests:
        return Outcome("uncovered", 0, 0.0)
    budgets = {n: TEST_MARGIN + cpu_factor * cpu for n, cpu in tests}
    budget = CPU_MARGIN + sum(budgets.values())
    target = ws.path / mutant.file
    args = ["-x", *PYTEST, *(n for n, _ in tests)]
    start = time.monotonic()
    with ws.lock:
        target.write_text(mutant.apply(source))
        _drop_bytecode(target)
        try:
            code, output = ws.run_tests(args, budget, max(600.0, 30 * budget), budgets)
        finally:
            target.write_text(source)
            _drop_bytecode(target)
    seconds = time.monotonic() - start
    if code == 0:
        return Outcome("survived", len(tests), seconds)
    if code < 0 or code == TIMEOUT_EXIT:
        return Outcome("timeout", len(tests), seconds)
    if code == 5:
        raise SystemExit(f"no test collected for {mutant.describe()}: {args}")
    failing = next((ln for ln in output.splitlines() if ln.startswith(("FAILED", "ERROR"))), "")
    return Outcome("killed", len(tests), seconds, failing=failing[:200])


def load_equivalents() -> dict[tuple[str, str], str]:
    if not EQUIVALENTS.exists():
        return {}
    data = tomllib.loads(EQUIVALENTS.read_text())
    return {(e["file"], e["key"]): e["reason"] for e in data.get("equivalent", [])}


# --------------------------------------------------------------------------------------
# Reports
# --------------------------------------------------------------------------------------


def load_report() -> dict[str, Any]:
    path = REPORT_DIR / "report.json"
    if path.exists():
        data: dict[str, Any] = json.loads(path.read_text())
        return data
    return {"files": {}}


SURVIVED = ("survived", "uncovered")


def classify(report: dict[str, Any]) -> None:
    """Set each mutant's ``status`` from its run's ``outcome`` and the equivalents file."""
    equivalents = load_equivalents()
    for file, entry in report["files"].items():
        for m in entry["mutants"]:
            reason = equivalents.get((file, m["key"]), "")
            m["reason"] = reason
            m["status"] = "equivalent" if reason and m["outcome"] in SURVIVED else m["outcome"]
        keys = {m["key"] for m in entry["mutants"]}
        entry["stale_equivalents"] = [k for (f, k) in equivalents if f == file and k not in keys]


def summarize(entry: dict[str, Any]) -> dict[str, int]:
    counts = {"total": 0, "killed": 0, "timeout": 0, "equivalent": 0, "survived": 0, "uncovered": 0}
    for m in entry["mutants"]:
        counts["total"] += 1
        counts[m["status"]] += 1
    return counts


def write_report(report: dict[str, Any]) -> str:
    classify(report)
    REPORT_DIR.mkdir(parents=True, exist_ok=True)
    (REPORT_DIR / "report.json").write_text(json.dumps(report, indent=1))
    rows = [
        "| file | mutants | killed | timeout | equivalent | survived | uncovered | score |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    totals = dict.fromkeys(("total", "killed", "timeout", "equivalent", "survived", "uncovered"), 0)
    for file in sorted(report["files"]):
        c = summarize(report["files"][file])
        for k in totals:
            totals[k] += c[k]
        rows.append(_row(file, c))
    rows.append(_row("**all**", totals))
    lines = [
        "# Mutation report",
        "",
        "score = (killed + timeout) / (mutants - equivalent)",
        "",
        *rows,
        "",
    ]
    survivors = [
        (file, m)
        for file in sorted(report["files"])
        for m in report["files"][file]["mutants"]
        if m["status"] in ("survived", "uncovered", "equivalent")
    ]
    stale = [
        (f, k) for f in sorted(report["files"]) for k in report["files"][f]["stale_equivalents"]
    ]
    if stale:
        lines += ["## Equivalents file entries that match no mutant (edit the file)", ""]
        lines += [f"* `{f}`: `{k}`" for f, k in stale] + [""]
    if survivors:
        lines += ["## Survivors", ""]
        for file, m in survivors:
            reason = f" ({m['reason']})" if m.get("reason") else ""
            lines.append(f"* `{file}:{m['line']}` {m['status']}, {m['kind']}: `{m['key']}`{reason}")
    text = "\n".join(lines) + "\n"
    (REPORT_DIR / "report.md").write_text(text)
    return text


def _row(name: str, c: dict[str, int]) -> str:
    live = c["total"] - c["equivalent"]
    score = f"{100 * (c['killed'] + c['timeout']) / live:.1f}%" if live else "-"
    return (
        f"| {name} | {c['total']} | {c['killed']} | {c['timeout']} | {c['equivalent']} "
        f"| {c['survived']} | {c['uncovered']} | {score} |"
    )


def source_hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# --------------------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------------------


def _parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="tools/mutate.py",
        description="Mutation testing of the algorithm files (see docs/mutation.md).",
    )
    parser.add_argument("files", nargs="*", help="files to mutate (default: every target)")
    parser.add_argument("--jobs", type=int, default=1, help="mutants run at once (default 1)")
    parser.add_argument(
        "--cpu-factor",
        type=float,
        default=4.0,
        help="a mutant may use this many times its tests' CPU time, plus 20 s (default 4)",
    )
    parser.add_argument("--survivors", action="store_true", help="re-run only the last survivors")
    parser.add_argument(
        "--only", type=int, nargs="+", metavar="N", help="run only these mutants (by index)"
    )
    parser.add_argument("--list", action="store_true", help="print the mutants, run nothing")
    parser.add_argument(
        "--report",
        action="store_true",
        help="only rewrite the report (after editing tools/mutation_equivalents.toml)",
    )
    parser.add_argument(
        "--show", type=int, metavar="N", help="print mutant N of one file as a diff"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list[:1] == ["--coverage-run"]:
        return coverage_main(args_list[1:])
    if args_list[:1] == ["--serve"]:
        return serve_main()
    args = _parse(args_list)
    if args.report:
        print(write_report(load_report()))
        return 0
    files = [os.path.relpath(Path(f).resolve(), ROOT) for f in args.files] or list(TARGETS)
    unknown = [f for f in files if f not in TARGETS]
    if unknown:
        print(
            f"not a mutation target: {', '.join(unknown)} (see TARGETS in tools/mutate.py)",
            file=sys.stderr,
        )
        return 2
    sources = {f: (ROOT / f).read_text() for f in files}
    mutants = {f: generate(f, sources[f]) for f in files}
    if args.show is not None:
        if len(files) != 1:
            print("--show needs exactly one file", file=sys.stderr)
            return 2
        m = mutants[files[0]][args.show]
        diff = difflib.unified_diff(
            sources[m.file].splitlines(keepends=True),
            m.apply(sources[m.file]).splitlines(keepends=True),
            m.file,
            f"{m.file} (mutant {m.index})",
        )
        sys.stdout.writelines(diff)
        return 0
    if args.list:
        for f in files:
            for m in mutants[f]:
                print(f"{m.index:4d} {m.describe()}")
        print(f"{sum(len(v) for v in mutants.values())} mutants", file=sys.stderr)
        return 0
    return run(args, files, sources, mutants)


def _progress(quiet: bool, text: str) -> None:
    if not quiet:
        print(text, file=sys.stderr, flush=True)


def run(
    args: argparse.Namespace,
    files: list[str],
    sources: dict[str, str],
    mutants: dict[str, list[Mutant]],
) -> int:
    report = load_report()
    previous = {f: report["files"].get(f) for f in files}
    with tempfile.TemporaryDirectory(prefix="mutate-") as tmp:
        workspaces = []
        for i in range(max(1, args.jobs)):
            path = Path(tmp) / f"w{i}"
            copy_tree(path)
            workspaces.append(Workspace(path))
        try:
            _run_files(args, files, sources, mutants, report, previous, workspaces)
        finally:
            for ws in workspaces:
                ws.close()
    text = write_report(report)
    print(text)
    return 0


def _run_files(
    args: argparse.Namespace,
    files: list[str],
    sources: dict[str, str],
    mutants: dict[str, list[Mutant]],
    report: dict[str, Any],
    previous: dict[str, Any],
    workspaces: list[Workspace],
) -> None:
    groups: dict[tuple[str, ...], list[str]] = {}
    for f in files:
        groups.setdefault(TARGETS[f], []).append(f)
    coverage: dict[str, dict[str, Any]] = {}
    for tests, group in groups.items():
        coverage.update(
            dict.fromkeys(group, cached_coverage(args, workspaces[0].path, group, tests))
        )
    for f in files:
        todo = mutants[f]
        old = {m["key"]: m for m in (previous[f] or {}).get("mutants", [])}
        if args.survivors and previous[f] is not None:
            todo = [m for m in todo if m.key not in old or old[m.key]["outcome"] in SURVIVED]
        if args.only:
            todo = [m for m in todo if m.index in args.only]
        _progress(args.quiet, f"{f}: {len(todo)} of {len(mutants[f])} mutants to run")
        start = time.monotonic()
        results = _run_file(args, workspaces, f, sources[f], todo, coverage[f])
        entries = []
        for m in mutants[f]:
            if m.key in results:
                outcome = results[m.key]
                entries.append(
                    asdict(m)
                    | {
                        "outcome": outcome.status,
                        "tests": outcome.tests,
                        "seconds": round(outcome.seconds, 2),
                        "failing": outcome.failing,
                    }
                )
            elif m.key in old:
                entries.append(old[m.key] | {"index": m.index, "line": m.line})
        report["files"][f] = {
            "source": source_hash(sources[f]),
            "seconds": round(time.monotonic() - start),
            "mutants": entries,
        }
        write_report(report)
        _progress(args.quiet, f"  {_row(f, summarize(report['files'][f]))}")


def cached_coverage(
    args: argparse.Namespace, work: Path, group: list[str], tests: tuple[str, ...]
) -> dict[str, Any]:
    """:func:`run_coverage`, cached under a hash of every source and test file."""
    digest = hashlib.sha256(json.dumps([group, tests]).encode())
    for path in sorted(
        [*ROOT.glob("reference/**/*.py"), *ROOT.glob("tests/**/*"), *ROOT.glob("*.md")]
    ):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(ROOT)).encode())
            digest.update(path.read_bytes())
    cache = REPORT_DIR / "coverage" / f"{digest.hexdigest()[:20]}.json"
    if cache.exists():
        data: dict[str, Any] = json.loads(cache.read_text())
        return data
    _progress(args.quiet, f"coverage of {', '.join(group)} under {' '.join(tests)} ...")
    start = time.monotonic()
    data = run_coverage(work, group, tests)
    _progress(args.quiet, f"  {len(data['tests'])} tests, {time.monotonic() - start:.0f} s")
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps(data))
    return data


def _run_file(
    args: argparse.Namespace,
    workspaces: list[Workspace],
    file: str,
    source: str,
    todo: list[Mutant],
    coverage: dict[str, Any],
) -> dict[str, Outcome]:
    results: dict[str, Outcome] = {}
    free: list[Workspace] = list(workspaces)
    free_lock = threading.Lock()

    def one(m: Mutant) -> tuple[Mutant, Outcome]:
        with free_lock:
            ws = free.pop()
        try:
            return m, run_mutant(ws, m, source, select_tests(m, coverage), args.cpu_factor)
        finally:
            with free_lock:
                free.append(ws)

    with concurrent.futures.ThreadPoolExecutor(max_workers=len(workspaces)) as pool:
        for done, (m, outcome) in enumerate(pool.map(one, todo), 1):
            results[m.key] = outcome
            mark = {"killed": ".", "timeout": "T", "survived": "S", "uncovered": "U"}[
                outcome.status
            ]
            if outcome.status in ("survived", "uncovered"):
                _progress(args.quiet, f"  {done}/{len(todo)} {mark} {m.index} {m.describe()}")
    return results


if __name__ == "__main__":
    sys.exit(main())
