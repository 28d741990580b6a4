"""Draw seed 004's road model, road table and a threat-space search as SVG files.

The Connect6 report has no figures; these draw what its text describes, so a
student can look instead of read:

* the number of roads (six consecutive points in a line, §2.1.3) through each point
  of the empty 19 x 19 board: 3 at a corner, 24 in the middle, 924 roads in all;
  a stone changes only the roads through it (§2.2.1);
* the road table of a position (§2.1.3, §2.2.3): black and white roads of length
  2 or more as bars (threat roads, length 4 or 5, red), and the table's counts of
  roads by colour and length, colourless roads and scores under the board;
* a threat-space search (§2.1.4, §2.2.3 (2)): the attacker's threat points read from
  the road table (rings) and the main line of the forced win TSS finds, numbered.

Writes ``*.svg`` into ``--out`` (default ``connect6_figures``); a browser shows them.
Standard library only.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from reference.connect6.figures import all_figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("connect6_figures"),
        help="directory (default connect6_figures)",
    )
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for stem, svg in all_figures().items():
        path = args.out / f"{stem}.svg"
        path.write_text(svg, encoding="utf-8")
        print(path)


if __name__ == "__main__":
    main()
