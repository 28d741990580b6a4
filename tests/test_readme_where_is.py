"""README.md's "Where is ...?" table is the one ``tools/where_is.py`` renders: every row
names the code at the ``file:line`` of its ``def`` / ``class`` and tests that exist."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import where_is  # noqa: E402

FIX = "run `python tools/where_is.py --write` and commit README.md"
CODE = re.compile(r"`([\w.]+)` `([\w/]+\.py):(\d+)`")
TEST = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")


def readme_rows() -> list[str]:
    table = where_is.readme_table(where_is.README.read_text(encoding="utf-8"))
    return [line for line in table.splitlines()[2:] if not line.endswith("| | |")]


def test_the_readme_table_is_the_rendered_one() -> None:
    readme = where_is.readme_table(where_is.README.read_text(encoding="utf-8"))
    assert readme == where_is.render(), FIX


def test_every_row_names_code_and_a_test() -> None:
    rows = readme_rows()
    assert len(rows) == sum(isinstance(row, where_is.Row) for row in where_is.ROWS) > 40
    for line in rows:
        assert CODE.search(line) and TEST.search(line), line


@pytest.mark.parametrize("line", readme_rows(), ids=lambda line: line.split(" | ")[0][2:40])
def test_every_name_is_defined_at_its_file_and_line(line: str) -> None:
    for name, file, number in CODE.findall(line):
        source = (ROOT / file).read_text(encoding="utf-8").splitlines()[int(number) - 1]
        last = name.rsplit(".", 1)[-1]
        defined = re.match(rf"\s*(?:async\s+)?(?:def|class)\s+{last}\b|\s*{last}\b\s*[:=]", source)
        assert defined, f"{file}:{number} does not define {name}: {source!r}; {FIX}"


@pytest.mark.parametrize("line", readme_rows(), ids=lambda line: line.split(" | ")[0][2:40])
def test_every_named_test_is_defined_in_its_file(line: str) -> None:
    for file, name in TEST.findall(line):
        tree = ast.parse((ROOT / file).read_text(encoding="utf-8"))
        tests = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
        assert name in tests, f"{file} defines no {name}"


def test_the_rows_point_at_the_cores_not_the_wrappers() -> None:
    names = {name for row in where_is.ROWS if isinstance(row, where_is.Row) for name in row.code}
    assert "reference.search.iterative:deepen" in names
    assert "reference.search.iterative:iterative_deepening" not in names
    assert {"reference.connect6.tss:tss_attack", "reference.connect6.tss:tss_defend"} <= names
    assert "reference.dou_shou_qi.split_search:search_subproblems" in names
