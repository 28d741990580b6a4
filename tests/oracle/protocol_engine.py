"""A test engine for ``python -m reference check``: this package behind the line protocol,
optionally with one rule changed (``--bug``), moves named another legal way (``--aliases``)
or one way of breaking the protocol (``--fault``).  Any game, with its command-line options:

    python tests/oracle/protocol_engine.py mnk --m 3 --n 3 --k 3 [--bug edge-diagonal]
    python tests/oracle/protocol_engine.py dots-and-boxes --rows 2 --cols 2 [--bug double-box-turn]
    python tests/oracle/protocol_engine.py connect6 --size 6 --aliases

Bugs (each a plausible engine mistake, introduced into this package's own rules):

* ``edge-diagonal`` (mnk): a diagonal K-line that touches the last column does not win.
* ``double-box-turn`` (dots-and-boxes): a move completing two boxes at once passes the
  turn (the rules: completing any box gives the mover another move).

Faults: ``crash`` (exit after the first answer), ``hang`` (never answer), ``garbage``, ``huge-count`` (a 5,000-digit count), ``arabic-digits`` (a count
in Arabic-Indic digits), ``wrong-total``, ``duplicate`` (a move listed twice),
``long-line`` (a 100,000-character line), ``bad-value`` (``value`` answered with text),
``stderr-crash`` (a message on stderr, then exit status 3).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from reference import Connect6, WarGame, api
from reference.cli.options import add_game_options, game_options
from reference.dots_and_boxes.rules import DotsAndBoxes, Side
from reference.errors import GameError
from reference.mnk.solver import MNKGame
from reference.registry import all_specs
from reference.search.protocol import PlayableGame
from reference.search.tt import TranspositionTable

SPECS = all_specs()


class EdgeDiagonalMNK(MNKGame):
    """(M,N,K) with one bug: a diagonal K-line touching the last column is not a win."""

    def make(self, move: int) -> int:
        points = super().make(move)
        if self._won and not self._wins_without_edge_diagonals(self.bits[1 - self.to_move]):
            self._won = False
        return points

    def _wins_without_edge_diagonals(self, bits: int) -> bool:
        m, n, k = self.m, self.n, self.k
        for row in range(n):
            for column in range(m):
                for dc, dr in ((1, 0), (0, 1), (1, 1), (-1, 1)):
                    cells = [(column + i * dc, row + i * dr) for i in range(k)]
                    if not all(0 <= c < m and 0 <= r < n for c, r in cells):
                        continue
                    if dc and dr and any(c == m - 1 for c, _ in cells):
                        continue  # the bug
                    if all(bits >> (r * m + c) & 1 for c, r in cells):
                        return True
        return False


class DoubleBoxTurnDotsAndBoxes(DotsAndBoxes):
    """Dots and Boxes with one bug: completing two boxes with one edge passes the turn."""

    def make(self, move: int) -> int:
        points = super().make(move)
        if points == 2:
            self.to_move = Side(1 - self.to_move)
        return points


def new_game(args: argparse.Namespace) -> PlayableGame[Any]:
    if args.bug == "edge-diagonal":
        return EdgeDiagonalMNK(args.m or 3, args.n or 3, args.k or 3, symmetry=False)
    if args.bug == "double-box-turn":
        return DoubleBoxTurnDotsAndBoxes(args.rows or 2, args.cols or 2, capture_rule=False)
    spec = SPECS[args.game]
    return spec.game(spec.non_default(game_options(spec, args)))


def alias(game: PlayableGame[Any], name: str) -> str:
    """Another name of the same move, where the game has one (``--aliases``).

    Connect6: the pair the other way round (``k11,i9``).  War chess: the plan with its
    actions in the reverse order, when that is a legal plan reaching the same state.
    """
    if "," not in name:
        return name
    if isinstance(game, Connect6):
        return ",".join(reversed(name.split(",")))
    if isinstance(game, WarGame):
        reverse = ",".join(reversed(name.split(",")))
        try:
            game.make(game.parse_move(name))
            after = game.to_notation()
            game.unmake()
            game.play(game.parse_move(reverse))
            same = game.to_notation() == after
            game.unmake()
        except GameError:
            return name
        return reverse if same else name
    return name


FAULTS = (
    "none",
    "crash",
    "hang",
    "garbage",
    "huge-count",
    "arabic-digits",
    "wrong-total",
    "duplicate",
    "long-line",
    "bad-value",
    "stderr-crash",
)


def answer(args: argparse.Namespace, words: list[str], served: int) -> list[str]:
    """The answer lines to one request (words split on whitespace)."""
    fault = args.fault
    if fault == "hang":
        time.sleep(3600)
    game = new_game(args)
    command, rest = words[0], words[1:]
    if command == "value":
        if fault == "bad-value":
            return ["value: about zero"]
        for text in rest:
            game.play(game.parse_move(text))
        return [f"value {api.solve(game, tt=TranspositionTable(1 << 12)).value}"]
    depth, moves = int(rest[0]), rest[1:]
    for text in moves:
        game.play(game.parse_move(text))
    counts = api.divide(game, depth)
    if args.aliases:
        counts = {alias(game, move): count for move, count in counts.items()}
    lines = [f"{move} {count}" for move, count in counts.items()]
    total = sum(counts.values())
    if fault == "garbage":
        lines.insert(0, "info depth 1 nodes 9")
    elif fault == "huge-count" and lines:
        lines[0] = lines[0].split()[0] + " " + "9" * 5000
    elif fault == "arabic-digits" and lines:
        lines[0] = lines[0].split()[0] + " \u0661"
    elif fault == "wrong-total":
        total += 1
    elif fault == "duplicate" and lines:
        lines.append(lines[0])
    elif fault == "long-line":
        lines.insert(0, "x" * 100_000)
    return [*lines, f"total {total}"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, add_help=False)
    parser.add_argument("game", choices=list(SPECS))
    parser.add_argument(
        "--bug", choices=("none", "edge-diagonal", "double-box-turn"), default="none"
    )
    parser.add_argument("--aliases", action="store_true", help="name moves another legal way")
    parser.add_argument("--fault", choices=FAULTS, default="none")
    args, rest = parser.parse_known_args()
    game_parser = argparse.ArgumentParser(prog=args.game)
    add_game_options(game_parser, SPECS[args.game])
    game_parser.parse_args(rest, namespace=args)
    served = 0
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "quit":
            return 0
        if args.fault == "stderr-crash":
            print("engine: out of cheese", file=sys.stderr, flush=True)
            return 3
        print("\n".join(answer(args, words, served)), flush=True)
        served += 1
        if args.fault == "crash":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
