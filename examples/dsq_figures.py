"""Draw the board and graph figures of the Dou Shou Qi thesis (seed 003) as SVG files.

The thesis's pictures of boards and graphs were lost in the text extraction;
these are computed from the code, so a student can look instead of read:

* Figure 2: the board and the starting position;
* Figure 8 (b)-(d): free-body effect cones of the cat (b2), tiger (a1) and mouse
  (g3) from their starting squares (§6.3; the number is the first ply the piece
  can stand there, darker is sooner);
* §6.4: Max(A(U), B(V)) for A's cat on f8 and B's tiger on a1 (MinHeight 9 at b7);
* Figure 10: the movement graphs G_n, G_s and the leaps of G_j;
* Figures 13-15: subproblems, the board partition (Partition-Board, a Voronoi
  diagram in causality space) and the minimum spanning tree of G_T (edge labels
  are T[u, v]; dashed red edges are heavier than T_thresh and cut), for Figure
  13's position, for a three-way split, and for the start at T_thresh = 2.

Writes ``*.svg`` into ``--out`` (default ``dsq_figures``); a browser shows them.
Standard library only.  The same pictures are committed in ``docs/figures/``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from reference.dou_shou_qi.figures import all_figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", default="dsq_figures", help="output directory (default dsq_figures)"
    )
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name, svg in all_figures().items():
        path = out / f"{name}.svg"
        path.write_text(svg, encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
