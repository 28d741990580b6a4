"""Write every picture of the paper pages into docs/figures/ as SVG (``make figures``).

The figures are computed from the code (boards, ranges, cones, partitions, road
counts, chains, threat lines) by each game's ``figures`` module and drawn with the
standard library only; the paper pages (``docs/papers/*.md``) embed them beside the
paper's caption.  Output is deterministic: the same code gives byte-identical files
(no timestamps, no unseeded randomness, coordinates printed with fixed rounding), so
``tests/test_docs_figures.py`` regenerates them and fails when a committed file is
stale, missing or no longer produced.

    python tools/figures.py                 # (re)write docs/figures/*.svg
    python tools/figures.py --out DIR       # write elsewhere
    python tools/figures.py --check         # exit 1 and name the files that differ
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from reference.connect6 import figures as connect6_figures
from reference.dots_and_boxes import figures as dab_figures
from reference.dou_shou_qi import figures as dsq_figures
from reference.mnk import figures as mnk_figures
from reference.trace import figures as trace_figures
from reference.wargame import figures as wargame_figures

ROOT = Path(__file__).resolve().parent.parent
FIGURES_DIR = ROOT / "docs" / "figures"
COMMAND = "python tools/figures.py (or make figures)"
"""What to run when the committed figures are stale; the test's message names it."""

SOURCES: tuple[Callable[[], dict[str, str]], ...] = (
    dab_figures.all_figures,
    mnk_figures.all_figures,
    wargame_figures.all_figures,
    dsq_figures.all_figures,
    connect6_figures.all_figures,
    trace_figures.all_figures,
)
"""Each game's pictures, seed 000 to seed 004 (every stem starts with the game's prefix),
then the trees the search listings walk (``trace-*``, :mod:`reference.trace.figures`)."""


def all_figures() -> dict[str, str]:
    """Every figure of every game: file name (``<stem>.svg``) -> SVG document."""
    figures: dict[str, str] = {}
    for source in SOURCES:
        for stem, svg in source().items():
            name = f"{stem}.svg"
            if name in figures:
                raise ValueError(f"two figures are named {name}")
            figures[name] = svg if svg.endswith("\n") else svg + "\n"
    return figures


def write(out: Path, figures: dict[str, str]) -> list[Path]:
    """Write ``figures`` into ``out`` and remove any other ``*.svg`` there; the written paths."""
    out.mkdir(parents=True, exist_ok=True)
    for stray in sorted(out.glob("*.svg")):
        if stray.name not in figures:
            stray.unlink()
    paths = []
    for name, svg in sorted(figures.items()):
        path = out / name
        path.write_bytes(svg.encode("utf-8"))
        paths.append(path)
    return paths


def differences(directory: Path, figures: dict[str, str]) -> list[str]:
    """One line per file of ``directory`` that is missing, stale or not produced any more."""
    problems = []
    for name, svg in sorted(figures.items()):
        path = directory / name
        if not path.exists():
            problems.append(f"missing: {path}")
        elif path.read_bytes() != svg.encode("utf-8"):
            problems.append(f"stale: {path}")
    for path in sorted(directory.glob("*.svg")):
        if path.name not in figures:
            problems.append(f"not produced by any figure: {path}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", type=Path, default=FIGURES_DIR, help="directory (default docs/figures)"
    )
    parser.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 when a file differs"
    )
    args = parser.parse_args(argv)
    figures = all_figures()
    if args.check:
        problems = differences(args.out, figures)
        for line in problems:
            print(line, file=sys.stderr)
        if problems:
            print(f"the figures are out of date: run {COMMAND}", file=sys.stderr)
            return 1
        print(f"{len(figures)} figures up to date in {args.out}")
        return 0
    paths = write(args.out, figures)
    print(f"wrote {len(paths)} figures into {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
