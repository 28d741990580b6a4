"""Execute one notebook (a jupytext ``.py`` file) in a fresh kernel, in a process of its own.

    python tools/run_notebook.py notebooks/001_mnk.py [--output build/notebooks] [--timeout S]

Exit status 0 when every cell ran; 1 and the failing cell's error on stderr when a cell
raised; 2 when a cell's answer never came within ``--timeout`` (a lost kernel message:
seen rarely on a loaded machine, with the kernel idle; the test runs the notebook again).
``tests/test_notebooks.py`` runs each notebook this way: a process of its own keeps the
kernel's asyncio from meeting what other tests left in the test process (a browser
driven by Playwright), where nbclient could wait for ever.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebook", type=Path)
    parser.add_argument("--output", type=Path, help="write the executed notebook here (.ipynb)")
    parser.add_argument("--timeout", type=int, default=300, help="seconds a cell may take")
    args = parser.parse_args(argv)
    import jupytext
    import nbclient

    notebook = jupytext.read(args.notebook)
    from nbclient.exceptions import CellTimeoutError

    client = nbclient.NotebookClient(
        notebook,
        timeout=args.timeout,
        startup_timeout=120,
        kernel_name="python3",
        resources={"metadata": {"path": str(ROOT)}},
    )
    try:
        client.execute()
    except (CellTimeoutError, TimeoutError) as error:
        print(f"{args.notebook.name}: no answer from the kernel: {error}", file=sys.stderr)
        return 2
    except Exception as error:  # the cell's error, as nbclient reports it
        print(f"{args.notebook.name}: {error}", file=sys.stderr)
        return 1
    if args.output is not None:
        args.output.mkdir(parents=True, exist_ok=True)
        jupytext.write(notebook, args.output / f"{args.notebook.stem}.ipynb")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
