"""Write the rule-corner suite files ``reference/oracle/corners/<game>.jsonl``.

    .venv/bin/python tools/rule_corners.py

Each corner (``reference.oracle.corners``) becomes one suite line at perft depth 2, with
its value when the reference solves it within the default budget, under a ``# rule:``
comment naming the rule it shows.
"""

from __future__ import annotations

import json

from reference.dou_shou_qi.geometry import RULE_SETS
from reference.oracle.corners import (
    Corner,
    corner_file,
    dou_shou_qi_corners,
    hand_corners,
    wargame_corners,
)
from reference.oracle.suite import suite_line
from reference.registry import load

GAMES = ("mnk", "dots-and-boxes", "connect6", "dou-shou-qi", "wargame")


def corners_of(game: str) -> list[Corner]:
    """Every corner of ``game``: found by random games (Dou Shou Qi, every rule set) or by hand."""
    if game == "dou-shou-qi":
        return [c for rules in RULE_SETS for c in dou_shou_qi_corners(rules)]
    if game == "wargame":
        return wargame_corners()
    return hand_corners(game)


def main() -> None:
    """Write every game's file."""
    import sys

    for game in sys.argv[1:] or GAMES:
        spec = load(game)
        lines = [
            f"# rule corners of {game}: written by tools/rule_corners.py; each line shows the rule above it"
        ]
        for corner in corners_of(game):
            big = game == "wargame" or (game == "connect6" and corner.options.get("size", 19) == 19)
            depth = 1 if big else 2
            budget = 0 if game in ("connect6", "wargame") else 1 << 16
            line = suite_line(spec, corner.options, corner.moves, depth=depth, budget=budget)
            lines += [f"# rule: {corner.rule}", json.dumps(line)]
        corner_file(game).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{corner_file(game)}: {(len(lines) - 1) // 2} corners")


if __name__ == "__main__":
    main()
