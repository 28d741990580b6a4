"""Draw the figures of the war-chess paper (seed 002) as SVG files.

Every figure of Nan et al. (2016) is a picture and none survived the text
extraction; only the captions did.  These are drawn from the code, on positions
built to show what each caption says (the positions are ours), so a student can
look instead of read:

* Figure 3: a board with four red and four blue units, swordsmen and archers,
  hills (ochre, no unit enters) and lakes (dark green, archers shoot across);
* Figure 4 (a)-(d): the movement range (green) of a swordsman with movement 2,
  cost 1: no obstacle, an obstacle, an enemy that cannot be passed, an ally that
  can; and Figure 4 (a) on the square, octagonal and hexagonal maps of §2.1;
* Figure 5: attack ranges (red): melee 1, ranged 2, and a band 2-3;
* Figure 7 (a)-(g): the order of actions: whoever kills first frees the tile for
  the other;
* Figure 8 (a), (b): plans of one turn against the number of units, movement 2 and
  5, cost 1, from the §3.1 formulas (log scale);
* Figure 10: compact placements of three and four units (ours), each tile showing
  how many units' ranges hold it.

Writes ``*.svg`` into ``--out`` (default ``wargame_figures``); a browser shows them.
Standard library only.  ``examples/wargame_figure8_table1.py`` prints Figure 8's
numbers and Table 1.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from reference.wargame.figures import all_figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("wargame_figures"),
        help="directory (default wargame_figures)",
    )
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for stem, svg in all_figures().items():
        path = args.out / f"{stem}.svg"
        path.write_text(svg, encoding="utf-8")
        print(path)


if __name__ == "__main__":
    main()
