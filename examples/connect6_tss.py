"""Threat-space search (威胁空间搜索) on constructed Connect6 positions.

Seed 004, §2.1.4 and §2.2.3 (2): TSS with double threats, its threat points read
from the road table; §3.2's future work, single threats, as an option.  For each
position of reference.connect6.puzzles (black to move, 10 x 10) the table gives
what TSS finds (win, attacker moves needed, main line, nodes, seconds) and the
full-width check of the win (every defender move at every defender node,
tss.verify_win).  The seed reports no positions or numbers: all of these are ours.

Quick by default (the single-threat win's full-width check, ~5 s, is skipped);
--full verifies it too and repeats TSS with the same stones on a 19 x 19 board.

    python examples/connect6_tss.py [--full]
"""

from __future__ import annotations

import argparse
import time

from reference.connect6 import Connect6
from reference.connect6.puzzles import PUZZLES, Puzzle
from reference.connect6.tss import threat_space_search, verify_win

MAX_DEPTH = 5
"""TSS depth limit used here (attacker moves)."""


def row(puzzle: Puzzle, position: str, verify: bool, compare: bool = True) -> str:
    game = Connect6.from_notation(position)
    start = time.perf_counter()
    result = threat_space_search(game, max_depth=MAX_DEPTH, single_threats=puzzle.single_threats)
    seconds = time.perf_counter() - start
    line = " ".join(game.format_move(m) for m in result.line) or "-"
    if result.win and verify:
        start = time.perf_counter()
        check = verify_win(game, result.depth, single_threats=puzzle.single_threats)
        checked = (
            f"{'forced' if check.forced else 'REFUTED'} ({check.defender_moves:,} replies, "
            f"{time.perf_counter() - start:.2f} s)"
        )
    elif result.win:
        checked = "skipped (--full)" if compare else "n/a at this size"
    else:
        checked = "-"
    if not compare:
        expected = "-"
    elif (result.win, result.depth) == (puzzle.win, puzzle.depth):
        expected = "ok"
    else:
        expected = "DIFFERS"
    return (
        f"{puzzle.name:<36} {game.size:>4} {puzzle.single_threats:>6} "
        f"{'yes' if result.win else 'no':>4} {result.depth:>5} {result.nodes:>6} "
        f"{seconds:>7.3f} {expected:>7}  {line:<36} {checked}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="verify every win; also 19 x 19")
    args = parser.parse_args()
    print(
        f"TSS (depth <= {MAX_DEPTH} attacker moves), black to move; depth = attacker moves "
        "needed, the completing move included"
    )
    header = (
        f"{'position':<36} {'size':>4} {'single':>6} {'win':>4} {'depth':>5} {'nodes':>6} "
        f"{'seconds':>7} {'expect':>7}  {'main line':<36} full-width check"
    )
    print(header)
    print("-" * len(header))
    for puzzle in PUZZLES:
        verify = args.full or puzzle.single_threats == 0
        print(row(puzzle, puzzle.position, verify))
    if args.full:
        print("\nthe same stones on 19 x 19 (more room: the 10 x 10 expectations do not apply)")
        for puzzle in PUZZLES:
            big = "19/" + puzzle.position.split("/", 1)[1]
            print(row(puzzle, big, verify=False, compare=False))


if __name__ == "__main__":
    main()
