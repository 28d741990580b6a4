"""Every notebook (``notebooks/*.py``, jupytext percent format, one per paper) runs to the end.

Each is read with jupytext and executed cell by cell in a fresh Python kernel with
nbclient (the ``notebooks`` extra, part of ``dev``: CI runs this in ``make test``); a
cell that raises fails the test with the cell's error.  The notebooks' own ``assert``
lines check their numbers against independent ones (a brute force, the paper's
example), so a notebook that runs is also a notebook that still says the truth.
``make notebooks`` runs only these, and keeps the executed copies in
``build/notebooks/`` (``NOTEBOOK_OUTPUT``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.py"))
PAPERS = ("000", "001", "002", "003", "004")
CELL_TIMEOUT = 600
"""Seconds one cell may take before the kernel is stopped (a hang, not a measurement)."""


def test_one_notebook_per_paper() -> None:
    assert sorted(path.name[:3] for path in NOTEBOOKS) == list(PAPERS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_notebook_runs(path: Path) -> None:
    jupytext = pytest.importorskip("jupytext", reason="the notebooks extra is not installed")
    nbclient = pytest.importorskip("nbclient", reason="the notebooks extra is not installed")
    notebook = jupytext.read(path)
    client = nbclient.NotebookClient(
        notebook,
        timeout=CELL_TIMEOUT,
        kernel_name="python3",
        resources={"metadata": {"path": str(ROOT)}},
    )
    client.execute()
    output = os.environ.get("NOTEBOOK_OUTPUT")
    if output:
        directory = ROOT / output
        directory.mkdir(parents=True, exist_ok=True)
        jupytext.write(notebook, directory / f"{path.stem}.ipynb")
