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
* ``dog-spares-wolf`` (dou-shou-qi): a dog never takes a wolf.
* ``forgets-a1`` (mnk): the cell a1 is never a legal move (a bug seen at the start).
* ``water-mouse-takes`` (dou-shou-qi): a mouse in the water takes an elephant on land.
* ``trap-takes`` (dou-shou-qi): a piece on an opponent's trap takes at full strength.
* ``forgets-first`` (any game): the first legal move at the start is never generated (a
  movement bug seen at the start, in every game).
* ``first-move-lost`` (any game): away from the start, the first legal move of the position
  asked about is never listed (a bug seen only past the start, for ``check --position``).

Faults: ``crash`` (exit after the first answer), ``hang`` (never answer), ``garbage``, ``huge-count`` (a 5,000-digit count), ``arabic-digits`` (a count
in Arabic-Indic digits), ``wrong-total``, ``duplicate`` (a move listed twice),
``long-line`` (a 100,000-character line), ``bad-value`` (``value`` answered with text),
``stderr-crash`` (a message on stderr, then exit status 3), ``signed-count`` (a count
``-3``, then nothing), ``long-count`` (a 1,001-digit count, then nothing), ``stray`` (the
last line of the second answer written twice), ``missing`` (the second answer without
its last line), ``position-crash`` (exit when asked in the position form).

Protocol: 2 by default (the handshake, request ids, the position form); ``--protocol 1``
speaks the old protocol and exits on the handshake, as engines written for it do.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from reference import Connect6, WarGame, api
from reference.cli.options import add_game_options, game_options
from reference.dots_and_boxes.geometry import Side
from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.dou_shou_qi.geometry import TRAPS_OF, WATER, Kind, neighbours
from reference.dou_shou_qi.geometry import Side as DsqSide
from reference.dou_shou_qi.rules import DouShouQi, Move
from reference.errors import GameError
from reference.mnk.game import MNKGame
from reference.registry import all_specs
from reference.search.protocol import PlayableGame
from reference.search.tt import TranspositionTable

SPECS = all_specs()


class ForgetsA1MNK(MNKGame):
    """(M,N,K) with one bug: a1 is never legal (its move generator skips cell 0)."""

    def legal_moves(self) -> list[int]:
        return [cell for cell in super().legal_moves() if cell != 0]

    def search_moves(self) -> list[int]:
        return [cell for cell in super().search_moves() if cell != 0]


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


class DogSparesWolfDouShouQi(DouShouQi):
    """Dou Shou Qi with one bug: a dog never takes a wolf."""

    def legal_moves(self) -> tuple[Move, ...]:
        return tuple(move for move in super().legal_moves() if not self._dog_takes_wolf(move))

    def search_moves(self) -> tuple[Move, ...]:
        return self.legal_moves()

    def _dog_takes_wolf(self, move: Move) -> bool:
        piece, target = self.piece_at(move.src), self.piece_at(move.dst)
        return (
            piece is not None
            and target is not None
            and piece.kind == Kind.DOG
            and target.kind == Kind.WOLF
        )


class ExtraCapturesDouShouQi(DouShouQi):
    """Dou Shou Qi with extra captures: the moves of :meth:`_takes_too` beside the legal ones."""

    def legal_moves(self) -> tuple[Move, ...]:
        moves = super().legal_moves()
        if self._decided():
            return moves
        extra = []
        for piece in self.pieces(self.to_move):
            for sq in neighbours(piece.square):
                target = self.piece_at(sq)
                move = Move(piece.square, sq)
                if target is None or target.side == piece.side or move in moves:
                    continue
                if self._takes_too(piece.kind, piece.square, target.kind, sq):
                    extra.append(move)
        return moves + tuple(extra)

    def search_moves(self) -> tuple[Move, ...]:
        return self.legal_moves()

    def _takes_too(self, attacker: Kind, src: int, defender: Kind, dst: int) -> bool:
        raise NotImplementedError


class WaterMouseTakesDouShouQi(ExtraCapturesDouShouQi):
    """Dou Shou Qi with one bug: a mouse in the water takes an elephant on land."""

    def _takes_too(self, attacker: Kind, src: int, defender: Kind, dst: int) -> bool:
        return attacker == Kind.MOUSE and src in WATER and defender == Kind.ELEPHANT


class TrapTakesDouShouQi(ExtraCapturesDouShouQi):
    """Dou Shou Qi (thesis rules) with one bug: a piece on an opponent's trap takes at full
    strength (the standard rules' trap, the thesis's strengths)."""

    def _takes_too(self, attacker: Kind, src: int, defender: Kind, dst: int) -> bool:
        on_enemy_trap = src in TRAPS_OF[DsqSide(1 - self.to_move)]
        land = src not in WATER and dst not in WATER
        strong = attacker >= defender and not (attacker == Kind.ELEPHANT and defender == Kind.MOUSE)
        return (
            on_enemy_trap
            and land
            and (strong or (attacker == Kind.MOUSE and defender == Kind.ELEPHANT))
        )


DSQ_BUGS: dict[str, type[DouShouQi]] = {
    "dog-spares-wolf": DogSparesWolfDouShouQi,
    "water-mouse-takes": WaterMouseTakesDouShouQi,
    "trap-takes": TrapTakesDouShouQi,
}
BUGS = (
    "none",
    "edge-diagonal",
    "double-box-turn",
    "forgets-a1",
    "forgets-first",
    "first-move-lost",
    *DSQ_BUGS,
)


def new_game(args: argparse.Namespace, position: str | None = None) -> PlayableGame[Any]:
    """The engine's game: the start, or ``position`` (this package's notation)."""
    if args.bug == "edge-diagonal":
        if position is not None:
            game = EdgeDiagonalMNK.from_notation(position, args.k or 3, symmetry=False)
            if game._won and not game._wins_without_edge_diagonals(game.bits[1 - game.to_move]):
                game._won = False
            return game
        return EdgeDiagonalMNK(args.m or 3, args.n or 3, args.k or 3, symmetry=False)
    if args.bug == "forgets-a1":
        if position is not None:
            return ForgetsA1MNK.from_notation(position, args.k or 3, symmetry=False)
        return ForgetsA1MNK(args.m or 3, args.n or 3, args.k or 3, symmetry=False)
    if args.bug == "double-box-turn":
        if position is not None:
            return DoubleBoxTurnDotsAndBoxes.from_notation(position, capture_rule=False)
        return DoubleBoxTurnDotsAndBoxes(args.rows or 2, args.cols or 2, capture_rule=False)
    if args.bug in DSQ_BUGS:
        limit = 200 if args.draw_limit is None else args.draw_limit or None
        rules = getattr(args, "rules", None) or "thesis"
        kind = DSQ_BUGS[args.bug]
        if position:
            return kind.from_notation(position, draw_limit=limit, rules=rules)
        return kind.start(draw_limit=limit, rules=rules)
    spec = SPECS[args.game]
    return spec.game(spec.non_default(game_options(spec, args)), position)


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
    "position-crash",
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
    "signed-count",
    "long-count",
    "stray",
    "missing",
)


def start(args: argparse.Namespace, words: list[str]) -> tuple[PlayableGame[Any], list[str]]:
    """The game a request is about, and the rest of its words: ``position NOTATION`` or moves."""
    if words[:1] == ["position"]:
        return new_game(args, " ".join(words[1:])), []
    return new_game(args), words


def play(args: argparse.Namespace, game: PlayableGame[Any], moves: list[str]) -> None:
    """Play ``moves``: checked, but unchecked with a bug (a buggy engine follows the
    reference through a move it would not generate itself)."""
    for text in moves:
        move = game.parse_move(text)
        if args.bug == "none":
            game.play(move)
        else:
            game.make(move)


def answer(args: argparse.Namespace, words: list[str], served: int) -> list[str]:
    """The answer lines to one request (words split on whitespace, no id)."""
    fault = args.fault if served == 2 or args.fault in ALWAYS else "none"
    if fault == "hang":
        time.sleep(3600)
    if args.fault == "position-crash" and "position" in words:
        sys.exit(4)  # a finding's optional position-form request kills it
    command, rest = words[0], words[1:]
    if command == "value":
        if fault == "bad-value":
            return ["value: about zero"]
        game, moves = start(args, rest)
        play(args, game, moves)
        lines = [f"value {api.solve(game, tt=TranspositionTable(1 << 12)).value}"]
        return lines * 2 if fault == "stray" else [] if fault == "missing" else lines
    depth = int(rest[0])
    game, moves = start(args, rest[1:])
    play(args, game, moves)
    counts = api.divide(game, depth)
    at_start = game.to_notation() == new_game(args).to_notation()
    if args.bug == "forgets-first" and at_start:  # at the start, the first move is lost
        counts = dict(list(counts.items())[1:])
    if args.bug == "first-move-lost" and not at_start:  # past the start, the same
        counts = dict(list(counts.items())[1:])
    if args.aliases:
        counts = {alias(game, move): count for move, count in counts.items()}
    lines = [f"{move} {count}" for move, count in counts.items()]
    total = sum(counts.values())
    if fault == "garbage":
        lines.insert(0, "info depth 1 nodes 9")
    elif fault == "huge-count" and lines:
        lines[0] = lines[0].split()[0] + " " + "9" * 5000
    elif fault == "long-count" and lines:
        return [lines[0].split()[0] + " " + "9" * 1001]
    elif fault == "signed-count" and lines:
        return [lines[0].split()[0] + " -3"]
    elif fault == "arabic-digits" and lines:
        lines[0] = lines[0].split()[0] + " \u0661"
    elif fault == "wrong-total":
        total += 1
    elif fault == "duplicate" and lines:
        lines.append(lines[0])
    elif fault == "long-line":
        lines.insert(0, "x" * 100_000)
    elif fault == "missing":
        return lines
    elif fault == "stray":
        return [*lines, f"total {total}", f"total {total}"]
    return [*lines, f"total {total}"]


ALWAYS = (
    "garbage",
    "huge-count",
    "arabic-digits",
    "wrong-total",
    "duplicate",
    "long-line",
    "bad-value",
    "signed-count",
    "long-count",
)
"""Faults in every answer (the others: in the second answer after the handshake's)."""


def hello(args: argparse.Namespace) -> str:
    """The answer to ``protocol 2 ...``: this engine's game and rule options, and ``position``."""
    spec = SPECS[args.game]
    game = new_game(args)
    options = spec.rule_options(game) if spec.rule_options else {}
    return " ".join(
        ["protocol 2", args.game, *(f"{k}={v}" for k, v in options.items()), "position"]
    )


def serve_line(args: argparse.Namespace, words: list[str], served: int) -> list[str]:
    """The lines answering one request line (ids echoed at the start of each)."""
    rid: list[str] = []
    if words[0].isdigit():
        rid, words = words[:1], words[1:]
    lines = answer(args, words, served)
    return [" ".join([*rid, line]) for line in lines]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, add_help=False)
    parser.add_argument("game", choices=list(SPECS))
    parser.add_argument("--bug", choices=BUGS, default="none")
    parser.add_argument("--aliases", action="store_true", help="name moves another legal way")
    parser.add_argument("--fault", choices=FAULTS, default="none")
    parser.add_argument("--protocol", choices=("1", "2"), default="2")
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
        if words[0] == "protocol":
            if args.protocol == "1":
                print(f"engine: unknown request {words[0]!r}", file=sys.stderr, flush=True)
                return 2
            print(hello(args), flush=True)
            continue
        if args.fault == "stderr-crash":
            print("engine: out of cheese", file=sys.stderr, flush=True)
            return 3
        print("\n".join(serve_line(args, words, served)), flush=True)
        served += 1
        if args.fault == "crash":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
