"""Every notebook (``notebooks/*.py``, jupytext percent format, one per paper) runs to the end.

Each is read with jupytext and executed cell by cell in a fresh Python kernel with
nbclient (the ``notebooks`` extra, part of ``dev``: CI runs this in ``make test``); a
cell that raises fails the test with the cell's error.  The notebooks' own ``assert``
lines (each notebook's last section, Checks, which also calls every widget's function:
a widget would only show an error) check their numbers against independent ones (a brute force, the paper's
example), so a notebook that runs is also a notebook that still says the truth.
``make notebooks`` runs only these, and keeps the executed copies in
``build/notebooks/`` (``NOTEBOOK_OUTPUT``).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.py"))
PAPERS = ("000", "001", "002", "003", "004")
CELL_TIMEOUT = 240
"""Seconds one cell may take before the kernel is stopped (a hang, not a measurement)."""


def test_one_notebook_per_paper() -> None:
    assert sorted(path.name[:3] for path in NOTEBOOKS) == list(PAPERS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_notebook_teaches_then_checks(path: Path) -> None:
    """Issue 29's shape: the listing beside the code, something to play with, positions
    drawn (not printed), every ``assert`` in the last section, Checks; and there every
    widget's function is called, because ``interact`` catches what its function raises
    (it shows the error in the widget: the cell, and so this suite, would pass)."""
    text = path.read_text()
    teaching, heading, checks = text.partition("\n# ## Checks\n")
    assert heading, f"{path.name}: no '## Checks' section"
    assert "# %% [markdown]" not in checks, "Checks is the last section"
    assert not [line for line in teaching.splitlines() if line.lstrip().startswith("assert ")]
    assert "beside(" in teaching  # the paper's listing beside the code
    assert ".render()" not in text  # positions are drawn (_repr_svg_), not printed
    widgets = re.findall(r"^interact\((\w+),", teaching, flags=re.MULTILINE)
    assert widgets, f"{path.name}: no cell to play with (ipywidgets.interact)"
    for name in widgets:
        assert re.search(rf"^\s+{name}\(", checks, flags=re.MULTILINE), (
            f"{path.name}: the widget's function {name}() is never called in Checks"
        )


def test_a_widget_hides_what_its_function_raises() -> None:
    """Why the Checks call the widgets' functions: ``interact`` runs its function once
    at once, and an exception there does not fail the cell (ipywidgets shows it)."""
    pytest.importorskip("ipywidgets", reason="the notebooks extra is not installed")
    from ipywidgets import IntSlider, interact

    def broken(depth: int) -> None:
        raise RuntimeError(f"depth {depth}")

    interact(broken, depth=IntSlider(value=2, min=1, max=3))  # no exception here


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_notebook_runs(path: Path) -> None:
    """Each notebook in a fresh kernel, driven from a process of its own
    (``tools/run_notebook.py``): nothing another test left in this process can stall it."""
    pytest.importorskip("jupytext", reason="the notebooks extra is not installed")
    pytest.importorskip("nbclient", reason="the notebooks extra is not installed")
    command = [sys.executable, str(ROOT / "tools" / "run_notebook.py"), str(path),
               "--timeout", str(CELL_TIMEOUT)]
    output = os.environ.get("NOTEBOOK_OUTPUT")
    if output:
        command += ["--output", str(ROOT / output)]
    done = subprocess.run(command, capture_output=True, text=True, check=False,
                          timeout=CELL_TIMEOUT * 4)
    if done.returncode == 2:  # a cell's answer never came (a lost kernel message): once more
        done = subprocess.run(command, capture_output=True, text=True, check=False,
                              timeout=CELL_TIMEOUT * 4)
    assert done.returncode == 0, done.stderr[-4000:]
