"""OpenSpiel's C++ games behind the line protocol of ``python -m reference check``.

A real engine that nobody here wrote, to check this package against (and the way
to write an engine adapter for ``check``)::

    python examples/openspiel_engine.py mnk --m 3 --n 3 --k 3
    python examples/openspiel_engine.py dots-and-boxes --rows 2 --cols 2

    python -m reference check mnk --m 3 --n 3 --k 3 --what perft --depth 3 \\
        --engine "python examples/openspiel_engine.py mnk --m 3 --n 3 --k 3"

Needs the ``peers`` extra (``pip install -e '.[peers]'``: OpenSpiel's ``pyspiel``);
``make setup`` installs it.  This file does not import this package: every
answer comes from OpenSpiel.

**Move names.**  The protocol speaks this package's notation; OpenSpiel numbers
its actions.  The mapping:

* ``mnk``: OpenSpiel's action ``a`` is the cell ``(row, column) = divmod(a, m)``
  with row 0 at the *top* (its action string ``x(r,c)``); this package names a
  cell by column letter and row number with ``a1`` at the *bottom* left.  So
  ``x(r,c)`` is ``"abc..."[c] + str(n - r)``: on 3 x 3, action 0 is ``a3``,
  action 4 is ``b2``, action 8 is ``c1``.
* ``dots_and_boxes``: this package uses OpenSpiel's own edge names: the action
  string ``P1(h,r,c)`` is ``hr,c``, ``P1(v,r,c)`` is ``vr,c``.

The mapping is read from OpenSpiel's action strings at start-up, not computed
from action numbers, so a change in OpenSpiel's numbering cannot go unnoticed.

**Protocol.**  Version 2 of ``check``'s protocol (``docs/oracle.md``): the handshake
``protocol 2 GAME NAME=VALUE...`` is answered with this engine's game and options in
this package's names (``mnk m=3 n=3 k=3``, ``dots-and-boxes rows=2 cols=2``), so a
size that differs from the reference's is reported at once; every answer line starts
with its request's id.  The position form is not offered.

**Answers.**  ``perft`` walks OpenSpiel's own states (``legal_actions``,
``child``).  ``value`` is OpenSpiel's own alpha-beta search
(``open_spiel.python.algorithms.minimax.alpha_beta_search``) over its states,
for the side to move:

* ``mnk``: OpenSpiel's return of that player, ``1`` / ``0`` / ``-1``;
* ``dots_and_boxes`` (loaded with ``utility_margin=True``, so a return is the
  final box margin): the margin at the end of best play minus the margin so far
  (the owners OpenSpiel draws in its boxes, ``1`` / ``2``), i.e. the net number of
  boxes the side to move wins from here on, which is this package's value.

Answers are cached per move list (the same request is answered from memory).
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import Any

import pyspiel
from open_spiel.python.algorithms.minimax import alpha_beta_search

COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"
SEARCH_DEPTH = 10_000
"""Depth given to OpenSpiel's alpha-beta: more plies than any game here lasts."""


class OpenSpielEngine:
    """One OpenSpiel game, its move-name mapping, and the protocol's two questions."""

    def __init__(self, game_name: str, params: dict[str, Any]) -> None:
        self.game_name = game_name
        self.game = pyspiel.load_game(game_name, params)
        self.params = params
        start = self.game.new_initial_state()
        self.to_action: dict[str, int] = {}
        self.to_name: dict[int, str] = {}
        for action in start.legal_actions():
            name = self.our_name(str(start.action_to_string(start.current_player(), action)))
            self.to_action[name] = int(action)
            self.to_name[int(action)] = name
        self.values: dict[tuple[int, ...], int] = {}

    def our_name(self, text: str) -> str:
        """This package's name of OpenSpiel's action string (see the module docstring)."""
        if self.game_name == "mnk":
            match = re.fullmatch(r"[xo]\((\d+),(\d+)\)", text)
            if match is None:
                raise ValueError(f"unexpected OpenSpiel mnk action {text!r}")
            row, column = int(match.group(1)), int(match.group(2))
            return f"{COLUMN_LETTERS[column]}{int(self.params['n']) - row}"
        match = re.fullmatch(r"P[12]\(([hv]),(\d+),(\d+)\)", text)
        if match is None:
            raise ValueError(f"unexpected OpenSpiel dots_and_boxes action {text!r}")
        return f"{match.group(1)}{match.group(2)},{match.group(3)}"

    def state(self, moves: list[str]) -> Any:
        state = self.game.new_initial_state()
        for name in moves:
            action = self.to_action.get(name)
            if action is None or action not in state.legal_actions():
                raise ValueError(f"move {name!r} is not legal here")
            state.apply_action(action)
        return state

    # ------------------------------------------------------------------ perft

    def perft(self, state: Any, depth: int) -> int:
        if depth == 0:
            return 1
        if state.is_terminal():
            return 0
        actions = state.legal_actions()
        if depth == 1:
            return len(actions)
        return sum(self.perft(state.child(action), depth - 1) for action in actions)

    def divide(self, moves: list[str], depth: int) -> list[tuple[str, int]]:
        state = self.state(moves)
        if state.is_terminal():
            return []
        return [
            (self.to_name[action], self.perft(state.child(action), depth - 1))
            for action in state.legal_actions()
        ]

    # ------------------------------------------------------------------ value

    def value(self, moves: list[str]) -> int:
        state = self.state(moves)
        history = tuple(int(a) for a in state.history())
        if history not in self.values:
            self.values[history] = self.search_value(state)
        return self.values[history]

    def search_value(self, state: Any) -> int:
        if self.game_name == "mnk":
            if state.is_terminal():
                side = len(state.history()) % 2  # x moved first: who would move next
                return round(float(state.returns()[side]))
            side = state.current_player()
            value, _ = alpha_beta_search(
                self.game, state, maximum_depth=SEARCH_DEPTH, maximizing_player_id=side
            )
            return round(float(value))
        if state.is_terminal():
            return 0  # no box is left to win
        side = state.current_player()
        final_margin, _ = alpha_beta_search(
            self.game, state, maximum_depth=SEARCH_DEPTH, maximizing_player_id=side
        )
        return round(float(final_margin)) - self.margin_so_far(state, side)

    @staticmethod
    def margin_so_far(state: Any, side: int) -> int:
        """Boxes of ``side`` minus the opponent's so far, as OpenSpiel draws them (1 or 2 in a box)."""
        drawing = str(state)
        ours, theirs = drawing.count(str(side + 1)), drawing.count(str(2 - side))
        return ours - theirs


def hello(engine: OpenSpielEngine) -> str:
    """The answer to the handshake: protocol 2, this package's game name and the rule
    options in its names (no ``position``: OpenSpiel cannot set up this package's notation)."""
    if engine.game_name == "mnk":
        options = {name: engine.params[name] for name in ("m", "n", "k")}
        game = "mnk"
    else:
        options = {"rows": engine.params["num_rows"], "cols": engine.params["num_cols"]}
        game = "dots-and-boxes"
    return " ".join(["protocol 2", game, *(f"{name}={value}" for name, value in options.items())])


def answer(engine: OpenSpielEngine, command: str, rest: list[str]) -> list[str]:
    """The lines answering one request (without its id)."""
    if command == "perft":
        depth, moves = int(rest[0]), rest[1:]
        counts = engine.divide(moves, depth)
        lines = [f"{name} {count}" for name, count in counts]
        return [*lines, f"total {sum(count for _, count in counts)}"]
    if command == "value":
        return [f"value {engine.value(rest)}"]
    raise ValueError(f"unknown request {command!r}")


def serve(engine: OpenSpielEngine) -> int:
    """Answer protocol requests on stdin until ``quit`` or end of input.

    Protocol 2: the handshake ``protocol 2 ...`` is answered with :func:`hello`; a request
    that starts with an id (``12 perft 2 a1 b2``) is answered with lines that start with it.
    """
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        request_id: list[str] = []
        if words[0].isdigit():
            request_id, words = words[:1], words[1:]
        if not words:
            continue
        command, rest = words[0], words[1:]
        try:
            if command == "quit":
                return 0
            if command == "protocol":
                print(hello(engine), flush=True)
                continue
            lines = answer(engine, command, rest)
            print("\n".join(" ".join([*request_id, text]) for text in lines), flush=True)
        except (ValueError, IndexError) as error:
            print(f"openspiel_engine: {error}", file=sys.stderr, flush=True)
            return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="OpenSpiel's mnk and dots_and_boxes behind the line protocol of "
        "`python -m reference check` (see the module docstring)."
    )
    games = parser.add_subparsers(dest="game", required=True)
    mnk = games.add_parser("mnk", help="OpenSpiel's mnk: --m columns, --n rows, --k in a row")
    for name in ("m", "n", "k"):
        mnk.add_argument(f"--{name}", type=int, default=3)
    boxes = games.add_parser(
        "dots-and-boxes", help="OpenSpiel's dots_and_boxes: --rows x --cols boxes"
    )
    boxes.add_argument("--rows", type=int, default=2)
    boxes.add_argument("--cols", type=int, default=2)
    args = parser.parse_args(argv)
    if args.game == "mnk":
        engine = OpenSpielEngine("mnk", {"m": args.m, "n": args.n, "k": args.k})
    else:
        engine = OpenSpielEngine(
            "dots_and_boxes",
            {"num_rows": args.rows, "num_cols": args.cols, "utility_margin": True},
        )
    return serve(engine)


if __name__ == "__main__":
    sys.exit(main())
