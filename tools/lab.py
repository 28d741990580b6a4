"""``make lab``: the notebooks as ``.ipynb`` files JupyterLab opens with one click.

The notebooks are kept as jupytext percent-format ``.py`` files (``notebooks/``: a diff
reads like code).  ``python tools/lab.py prepare DIR`` writes each as ``DIR/<name>.ipynb``
(paired with nothing: the copy is yours to change; an existing copy is kept unless
``--fresh``), so ``jupyter lab --notebook-dir=DIR`` lists them and opens them as notebooks.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"


def prepare(target: Path, fresh: bool = False) -> list[Path]:
    """Write every notebook into ``target`` as ``.ipynb``; the paths written (or kept)."""
    import jupytext

    target.mkdir(parents=True, exist_ok=True)
    paths = []
    for source in sorted(NOTEBOOKS.glob("*.py")):
        path = target / f"{source.stem}.ipynb"
        if fresh or not path.exists():
            notebook = jupytext.read(source)
            notebook.metadata.pop("jupytext", None)  # a plain copy, paired with nothing
            jupytext.write(notebook, path)
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("prepare",))
    parser.add_argument("target", type=Path, help="the folder JupyterLab starts in")
    parser.add_argument("--fresh", action="store_true", help="overwrite existing copies")
    args = parser.parse_args(argv)
    for path in prepare(args.target, args.fresh):
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    print("now: jupyter lab --notebook-dir", args.target, file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
