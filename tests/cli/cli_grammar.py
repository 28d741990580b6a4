"""A grammar of command lines for fuzzing ``python -m reference``.

An argument vector is a command, a game and options, mostly well-formed and cheap
(small boards, depth <= 2, short time limits, a ply cap on ``play``), with garbage
mixed in: values of the wrong type or out of range, digits that are not ASCII,
numbers of thousands of digits, empty strings, option prefixes, unknown options,
mutated positions and moves, unreadable scenario files.  Valid values are kept
cheap so that every case must end quickly: bad input with exit status 2 and one
line on stderr, good input with status 0.

The grammar draws through a :class:`Chooser`, so the same grammar serves the
hypothesis test (``tests/cli/test_cli_fuzz.py``, each draw a hypothesis draw) and
the stand-alone harness (``tests/cli/fuzz_cli.py``, a seeded ``random.Random``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

T = TypeVar("T")


class Chooser(Protocol):
    """What the grammar needs from a source of randomness."""

    def choice(self, options: Sequence[T]) -> T: ...

    def chance(self, probability: float) -> bool: ...

    def integer(self, low: int, high: int) -> int: ...


class RandomChooser:
    """A :class:`Chooser` over a seeded ``random.Random`` (the stand-alone harness)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choice(self, options: Sequence[T]) -> T:
        return options[self.rng.randrange(len(options))]

    def chance(self, probability: float) -> bool:
        return self.rng.random() < probability

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)


GAMES = ("mnk", "dots-and-boxes", "connect6", "wargame", "dou-shou-qi")
GENERIC = ("solve", "perft", "bestmove", "play", "show", "legal", "trace")
EXTRA: dict[str, tuple[str, ...]] = {
    "mnk": ("threats",),
    "dots-and-boxes": ("chains", "bfs"),
    "connect6": ("tss",),
    "wargame": ("enumerate",),
    "dou-shou-qi": ("evaluate", "positions", "partition"),
}

HUGE = "9" * 5000
"""More digits than Python converts to an int by default (4,300)."""

NON_ASCII_DIGITS = ("²", "٢", "３", "𝟐", "¹", "①", "߂", "०")
"""Characters ``str.isdigit`` (or ``int``) accepts that are not ASCII digits."""

BAD_INTS = (
    "-1", "-5", "", " ", "x", "1.5", "1e3", "²", "٢", "３", "1_0", "+2", "0x10", " 2",
    "2 ", HUGE, "1" + "0" * 30, "99999999", "nan", "−1", "2²", "٣", "-0",
)  # fmt: skip
BAD_FLOATS = (
    "0", "-1", "nan", "inf", "-inf", "1e308", "1e-308", "", "x", "٠.٥", "1e400", HUGE,
    "0.0", "1e7000", "²", "0x1p-3", "1_0.5", "−0.5", "NaN", "Infinity",
)  # fmt: skip
GARBAGE = ("", " ", "-", "--", "x", "²", "٢", "\t", "a" * 300, "é", "\u200b", "null", "{}")


@dataclass(frozen=True)
class GameGrammar:
    """Cheap valid settings and samples of one game."""

    sizes: tuple[tuple[str, ...], ...]
    """Option groups that set a small board."""
    positions: tuple[str, ...]
    moves: tuple[str, ...]
    """Move tokens (legal somewhere, not necessarily here)."""
    int_options: tuple[str, ...]
    float_options: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()
    choices: dict[str, tuple[str, ...]] = field(default_factory=dict)
    cheap_solve: tuple[tuple[str, ...], ...] = ()
    """Option groups under which ``solve`` ends quickly."""


C6_NEAR_FULL = (
    "6/c1,d1,e1,b2,c2,a3,d3,f3,b4,d4,f4,e5,f5,b6,f6/"
    "a1,b1,a2,d2,f2,b3,c3,e3,a4,e4,a5,c5,d5,a6,d6,e6"
)
WAR_DUEL = "... aS@a1:5/5/1/1-1,bS@c1:5/1/1/1-1 a 0/4"

GRAMMARS: dict[str, GameGrammar] = {
    "mnk": GameGrammar(
        sizes=(("--m", "3", "--n", "3", "--k", "3"), ("--m", "2", "--n", "3", "--k", "2"), ()),
        positions=("x../.o./... x", "xo./.x./... o", "..../..../..../.... x", "xxx/oo./... o"),
        moves=("a1", "b2", "c3", "a2", "b1", "c1", "A1", "z9", "a0", "a01"),
        int_options=("--m", "--n", "--k"),
        flags=("--no-symmetry",),
        choices={"--ordering": ("threats", "static", "none")},
        cheap_solve=(("--m", "3", "--n", "3", "--k", "3"), ("--m", "3", "--n", "2", "--k", "2")),
    ),
    "dots-and-boxes": GameGrammar(
        sizes=(("--rows", "1", "--cols", "2"), ("--rows", "2", "--cols", "2"), ()),
        positions=("2x2:0x0:0:0:0", "1x1:0x7:0:0:1", "1x2:0x0:0:0:0", "2x2:0xfff:2:2:0"),
        moves=("h0,0", "v0,1", "h1,0", "v0,0", "h2,1", "h 0 , 0", "v9,9", "h0,", "x0,0"),
        int_options=("--rows", "--cols"),
        flags=("--no-capture-rule", "--no-symmetry"),
        choices={"--ordering": ("captures", "edges", "none")},
        cheap_solve=(("--rows", "1", "--cols", "2"), ("--rows", "2", "--cols", "2")),
    ),
    "connect6": GameGrammar(
        sizes=(("--size", "6"), ("--size", "7")),
        positions=("6//", "7/d4/", "6/a1/b1,c1", C6_NEAR_FULL, "10/a1,b1,c1,d1/a10,b10,c10"),
        moves=("a1", "c3,d4", "f6", "b2,b3", "a1,a1", "z1", "a1,b2,c3", "j10", "a01"),
        int_options=("--size", "--pair-width", "--point-width"),
        flags=("--full-width",),
        cheap_solve=(("--position", C6_NEAR_FULL),),
    ),
    "wargame": GameGrammar(
        sizes=((), ("--position", WAR_DUEL)),
        positions=(WAR_DUEL, ".... aS@a1,bS@d1 b", "...../..... aK@a1,bA@e2 a 3/10"),
        moves=("a1-a1", "a1-b1", "b1-b3,c1-c2xc4", "a1-b1xc1", "-", "a1", "a1-z9"),
        int_options=("--turn-limit",),
        cheap_solve=(("--position", WAR_DUEL),),
    ),
    "dou-shou-qi": GameGrammar(
        sizes=((), ("--draw-limit", "6")),
        positions=(
            "start",
            "A: Ld3 Ta1 / B: Cd4 / A",
            "A: Ea1 Ca4 / B: Dd3 Ef7 / A / 193",
            "A: Ha4 / B: - / B / 12",
            "appendix-a-m",
        ),
        moves=("e3-d3", "c7-d7", "a1-a2", "pass", "a3-a4", "e3d3", "a1-a1", "h9-h8"),
        int_options=("--draw-limit",),
        choices={"--ordering": ("thesis", "none")},
        cheap_solve=(("--position", "A: Ld3 Ta1 / B: Cd4 / A", "--draw-limit", "8"),),
    ),
}


def _mutate(c: Chooser, text: str) -> str:
    """``text`` with one to three edits: replace, delete or insert characters, or splice junk."""
    pool = "0123456789abcxo./,:-@ ABxyz²٢３" + "".join(NON_ASCII_DIGITS)
    for _ in range(c.integer(1, 3)):
        if not text:
            text = c.choice(GARBAGE)
            continue
        where = c.integer(0, len(text) - 1)
        kind = c.integer(0, 4)
        if kind == 0:
            text = text[:where] + c.choice(pool) + text[where + 1 :]
        elif kind == 1:
            text = text[:where] + text[where + 1 :]
        elif kind == 2:
            text = text[:where] + c.choice(pool) + text[where:]
        elif kind == 3:
            text = text[:where] + c.choice((HUGE, "1" + "0" * 25, "٢", "-1")) + text[where:]
        else:
            text = text[:where] + text[where:] * 2
    return text


def scenario_paths(directory: str) -> tuple[str, ...]:
    """Scenario files the harness writes into ``directory`` (see :func:`write_scenarios`)."""
    return tuple(f"{directory}/{name}" for name in SCENARIOS)


RECORDS = "records.txt"
"""A file of game records for ``annotate --file`` (some with illegal moves)."""


SCENARIOS: dict[str, bytes] = {
    "duel.txt": b"# a duel\n... # one row\naS@a1:5/5/1/1-1,bS@c1:5/1/1/1-1\na\n",
    "latin1.txt": "# café\n... aS@a1,bS@c1 a\n".encode("latin-1"),
    "garbage.txt": b"\x00\x01\x02 hello /// ,,,",
    "empty.txt": b"",
    "digits.txt": "... aS@a١,bS@c1 a\n".encode(),
    RECORDS: b"# records\nb2 a1 c3\n\nh0,0 v0,1\ne3-d3 c7-d7\na1 a1\n",
}


def write_scenarios(directory: str) -> None:
    """Write the scenario files of :data:`SCENARIOS` into ``directory``."""
    for name, content in SCENARIOS.items():
        with open(f"{directory}/{name}", "wb") as handle:
            handle.write(content)


FIXED_PATHS = ("/bin/ls", "/nonexistent/file", "/tmp", "/dev/null", "/dev/zero", "", "/")


@dataclass(frozen=True)
class Case:
    """One command line, the lines typed at ``play``'s prompt, and why it must fail (if it must)."""

    argv: tuple[str, ...]
    stdin: str
    must_fail: tuple[str, ...] = ()
    """Reasons the command line must be refused (exit status 2): an option prefix, a
    non-ASCII digit, a negative limit, ...  Empty: it may succeed or fail."""


SIZE_OPTIONS = ("--m", "--n", "--k", "--rows", "--cols", "--size")

GOOD_INTS: dict[str, tuple[str, ...]] = {
    "--m": ("2", "3"),
    "--n": ("2", "3"),
    "--k": ("2", "3"),
    "--rows": ("1", "2"),
    "--cols": ("1", "2"),
    "--size": ("6", "7"),
    "--turn-limit": ("2", "4"),
    "--draw-limit": ("0", "4", "6"),
    "--pair-width": ("1", "2", "4"),
    "--point-width": ("1", "3", "6"),
}


def is_foreign_digit(char: str) -> bool:
    """A character Python reads as a digit that is not an ASCII digit."""
    return (char.isdigit() or char.isdecimal() or char.isnumeric()) and not "0" <= char <= "9"


class _Builder:
    """Collects an argument vector and the reasons it must be refused."""

    def __init__(self, c: Chooser, garbage: float) -> None:
        self.c = c
        self.garbage = garbage
        self.argv: list[str] = []
        self.must_fail: list[str] = []

    def bad(self) -> bool:
        return self.c.chance(self.garbage)

    def add(self, *items: str) -> None:
        self.argv.extend(items)

    def int_option(self, option: str, good: Sequence[str]) -> None:
        if self.bad():
            value = self.c.choice(BAD_INTS)
            if value in ("-1", "-5", "−1", HUGE, "1" + "0" * 30, "99999999") or any(
                is_foreign_digit(ch) for ch in value
            ):
                self.must_fail.append(f"{option} {value[:20]!r}")
        else:
            value = self.c.choice(good)
        self.add(option, value)

    def float_option(self, option: str, good: Sequence[str]) -> None:
        if self.bad():
            value = self.c.choice(BAD_FLOATS)
            if value in ("-1", "nan", "inf", "-inf", "1e308", "1e400", HUGE, "NaN", "Infinity"):
                self.must_fail.append(f"{option} {value[:20]!r}")
            if any(is_foreign_digit(ch) for ch in value):
                self.must_fail.append(f"{option} {value!r}: not ASCII")
        else:
            value = self.c.choice(good)
        self.add(option, value)

    def text_option(self, option: str, value: str) -> None:
        if any(is_foreign_digit(ch) for ch in value):
            self.must_fail.append(f"{option}: a digit that is not ASCII")
        elif HUGE in value:
            self.must_fail.append(f"{option}: a {len(HUGE)}-digit number")
        self.add(option, value)


def _position(b: _Builder, g: GameGrammar) -> str:
    text = b.c.choice(g.positions)
    return _mutate(b.c, text) if b.bad() else text


def _moves(b: _Builder, g: GameGrammar) -> str:
    tokens = [b.c.choice(g.moves) for _ in range(b.c.integer(0, 4))]
    if tokens and b.bad():
        index = b.c.integer(0, len(tokens) - 1)
        tokens[index] = _mutate(b.c, tokens[index])
    return " ".join(tokens)


def _annotate_options(b: _Builder, game: str, scenarios: Sequence[str]) -> None:
    """``annotate GAME``: a small board, ``--moves`` or ``--file``, always a small ``--budget``."""
    c = b.c
    g = GRAMMARS[game]
    b.add(*c.choice(g.sizes))
    if c.chance(0.2):
        b.text_option("--position", _position(b, g))
    if c.chance(0.75):
        b.text_option("--moves", _moves(b, g))
    else:
        b.add("--file", c.choice((*scenarios, *FIXED_PATHS)))
    if b.bad():
        value = c.choice(("0", "-5", "٢", HUGE, "nans", "0s", "1e308s", "x"))
        b.must_fail.append(f"--budget {value[:20]!r}")
        b.add("--budget", value)
    else:
        b.add("--budget", c.choice(("50", "500", "0.05s")))
    if c.chance(0.5):
        b.add("--json")
    if c.chance(0.7):
        b.add("--quiet")


GOMOCUP_LINES = (
    "START 15", "START 20", "START 0", "START ٢٠", "BEGIN", "TURN 7,7", "TURN 99,99",
    "TURN 7,", "BOARD", "7,7,1", "8,8,2", "DONE", "INFO timeout_turn 0", "INFO rule 1",
    "RESTART", "TAKEBACK 7,7", "ABOUT", "PLAY 1,1", "RECTSTART 10,12", "END", "",
)  # fmt: skip


def _gomocup_case(c: Chooser) -> Case:
    """``gomocup`` with protocol lines on stdin (moves as fast as the brain allows)."""
    b = _Builder(c, garbage=c.choice((0.0, 0.2)))
    b.add("gomocup")
    if c.chance(0.4):
        b.int_option("--vcf-nodes", ("0", "100", "1000"))
    if c.chance(0.2):
        b.add("--debug")
    lines = ["INFO timeout_turn 0"]
    lines += [c.choice((*GOMOCUP_LINES, *GARBAGE)) for _ in range(c.integer(0, 8))]
    return Case(tuple(b.argv), "".join(line + "\n" for line in lines), tuple(b.must_fail))


ENGINES = ("/nonexistent/engine", "true", "", "cat", "false")
"""Engines for ``check`` (none speaks the protocol: each is a fault, status 1, or refused)."""

SERVE_LINES = (
    '{"id": 1, "command": "perft", "game": "mnk", "depth": 1}',
    '{"id": 2, "command": "solve", "game": "mnk", "options": {"m": 3, "n": 2, "k": 2}}',
    '{"id": 3, "command": "show", "game": "connect6", "position": "1٢//"}',
    '{"id": 4, "command": "legal", "game": "dou-shou-qi", "moves": ["e3-d3"]}',
    '{"id": 5, "command": "bestmove", "game": "dots-and-boxes", "depth": 2}',
    '{"id": 6, "command": "perft", "game": "wargame", "depth": 99999999999}',
    '{"id": 7, "command": "perft", "game": "mnk", "depth": "٢"}',
    '{"id": 8, "command": "nonsense"}',
    "[1, 2]",
    "{",
    "null",
)
"""Requests for ``serve``, good and bad."""


def _oracle_options(b: _Builder, command: str, game: str) -> None:
    """``check`` (against engines that fail) and ``suite``: one or two cheap positions."""
    c = b.c
    b.add(*c.choice(GRAMMARS[game].sizes))
    if command == "check":
        b.add("--engine", c.choice(ENGINES))
        b.float_option("--timeout", ("0.5",))
        if c.chance(0.5):
            b.add("--what", c.choice(("perft", "value", "bogus")))
    b.int_option("--positions", ("1", "2"))
    b.int_option("--depth", ("1",))
    b.int_option("--max-moves", ("0", "3"))
    if c.chance(0.3):
        b.add("--sample", c.choice(("walk", "placement", "both", "bogus")))
    b.int_option("--budget", ("500", "5000"))
    if c.chance(0.3):
        b.int_option("--seed", ("1", "7"))
    if c.chance(0.5):
        b.add("--quiet")


def _serve_case(c: Chooser) -> Case:
    b = _Builder(c, garbage=c.choice((0.0, 0.2)))
    b.add("serve")
    b.float_option("--time-limit", ("1", "2"))
    lines = [c.choice((*SERVE_LINES, *GARBAGE)) for _ in range(c.integer(0, 6))]
    return Case(tuple(b.argv), "".join(line + "\n" for line in lines), tuple(b.must_fail))


def _options(b: _Builder, command: str, game: str, scenarios: Sequence[str]) -> None:
    c = b.c
    g = GRAMMARS[game]
    if command == "annotate":
        _annotate_options(b, game, scenarios)
        return
    if command in ("check", "suite"):
        _oracle_options(b, command, game)
        return
    if command == "positions":
        pass
    elif command == "solve" and g.cheap_solve:
        b.add(*c.choice(g.cheap_solve))
    else:
        b.add(*c.choice(g.sizes))
        if c.chance(0.3):
            b.text_option("--position", _position(b, g))
    if command != "positions" and c.chance(0.35):
        b.text_option("--moves", _moves(b, g))
    if command != "positions":
        for option in g.int_options:
            if c.chance(0.1):
                if command == "solve" and option in SIZE_OPTIONS:
                    b.int_option(option, ("2",) if option != "--size" else ("7",))
                elif command == "solve" and option == "--draw-limit":
                    b.int_option(option, ("2", "4"))
                else:
                    b.int_option(option, GOOD_INTS.get(option, ("1", "2")))
        for option in g.flags:
            if c.chance(0.1) and not (option == "--full-width" and command == "play"):
                b.add(option)
        for option, values in g.choices.items():
            if c.chance(0.1):
                b.add(option, c.choice(values) if not b.bad() else c.choice(GARBAGE))
    if command in ("solve", "perft") and c.chance(0.08):
        b.int_option("--workers", ("1",))  # one local process: the parallel path, cheaply
        if c.chance(0.5):
            b.int_option("--split-depth", ("1", "2"))
    if command == "perft":
        if c.chance(0.95):
            b.int_option("--depth", ("0", "1", "2") if game != "connect6" else ("0", "1"))
        if c.chance(0.3):
            b.add("--divide")
    elif command in ("bestmove", "play"):
        if c.chance(0.85):
            b.int_option("--depth", ("1", "2") if "--full-width" not in b.argv else ("1",))
        if c.chance(0.4) or command == "play":
            b.float_option("--time", ("0.05", "0.2"))
        if c.chance(0.15):
            b.int_option("--nodes", ("100", "2000"))
        if c.chance(0.2):
            algorithms = ("pvs", "mtdf", "alphabeta", "alphabeta_tt", "minimax")
            b.add("--algorithm", c.choice(algorithms) if not b.bad() else c.choice(GARBAGE))
        if c.chance(0.1):
            b.add("--no-tt")
        if command == "play":
            b.int_option("--max-plies", ("0", "1", "2", "3"))
            for side in ("--first", "--second"):
                if c.chance(0.6):
                    sides = ("human", "computer")
                    b.add(side, c.choice(sides) if not b.bad() else c.choice(("robot", "")))
    elif command == "trace":
        if c.chance(0.9):
            b.int_option("--depth", ("1",))
        if c.chance(0.9):
            algorithms = ("pvs", "mtdf", "alphabeta", "alphabeta_tt", "minimax")
            b.add("--algorithm", c.choice(algorithms) if not b.bad() else c.choice(GARBAGE))
        if c.chance(0.3):
            b.int_option("--max-nodes", ("1", "50", "500"))
    elif command == "bfs":
        b.int_option("--depth", ("0", "1", "2"))
    elif command == "tss":
        if c.chance(0.5):
            b.int_option("--depth", ("1", "2"))
        if c.chance(0.3):
            b.int_option("--single-threats", ("0", "1"))
    elif command == "partition":
        if c.chance(0.5):
            b.float_option("--threshold", ("0", "2", "4", "4.5"))
    elif command == "enumerate":
        for option, good in (("--units", ("1", "2", "3")), ("--movement", ("1", "2"))):
            if c.chance(0.3):
                b.int_option(option, good)
        if c.chance(0.2):
            b.add("--layout", c.choice(("dispersed", "clustered", "line", "bogus")))
        if c.chance(0.2):
            b.add("--algorithm", c.choice(("order", "recursion", "bogus")))
    if game == "wargame" and command not in ("solve",) and c.chance(0.2):
        b.add("--scenario", c.choice((*scenarios, *FIXED_PATHS)))
    if c.chance(0.5):
        b.add("--json")
    if c.chance(0.7):
        b.add("--quiet")


def _prefix(option: str, c: Chooser) -> str:
    """A prefix of a long option (``--mo`` for ``--moves``): must be refused."""
    return option[: c.integer(3, max(3, len(option) - 1))]


def draw_case(c: Chooser, scenarios: Sequence[str] = ()) -> Case:
    """One argument vector of the grammar (see the module docstring)."""
    if c.chance(0.03):
        return _gomocup_case(c)
    if c.chance(0.03):
        return _serve_case(c)
    if c.chance(0.01):  # bench runs every game for long: only refused command lines
        bad = c.choice((("--repeat", "0"), ("--repeat", "٣"), ("--rep", "2"), ("--game", "chess")))
        return Case(("bench", *bad), "", ("bench: a refused option",))
    game = c.choice(GAMES)
    command = c.choice((*GENERIC, "annotate", "check", "suite", *EXTRA[game]))
    b = _Builder(c, garbage=c.choice((0.0, 0.0, 0.05, 0.15)))
    b.add(command, game)
    _options(b, command, game, scenarios)
    argv = b.argv
    must_fail = b.must_fail
    roll = c.integer(0, 24)
    if roll == 0:
        argv[0] = c.choice(("", "Solve", "sol", "perftt", *GARBAGE))
        must_fail.append("unknown command")
    elif roll == 1:
        argv[1] = c.choice(("", "MNK", "mn", "connect", "chess", *GARBAGE))
        must_fail.append("unknown game")
    elif roll == 2:
        options = [i for i, a in enumerate(argv) if a.startswith("--") and len(a) > 4]
        if options:
            index = c.choice(options)
            argv[index] = _prefix(argv[index], c)
            must_fail.append(f"option prefix {argv[index]}")
    elif roll == 3:
        argv.append(c.choice(("--bogus", "--position", "--moves", "-x", "--json=1")))
        must_fail.append(f"stray {argv[-1]}")
    elif roll == 4 and len(argv) > 2:
        del argv[c.integer(2, len(argv) - 1)]
        must_fail.clear()  # the deleted item may have been the bad one
    elif roll == 5:
        argv = argv[: c.integer(0, 1)]
        must_fail = ["incomplete command line"]
    elif roll == 6:
        argv.append("--help")
        must_fail = []
    stdin_lines = [
        c.choice((*GRAMMARS[game].moves, *GARBAGE, "quit", "b²", HUGE))
        for _ in range(c.integer(0, 6))
    ]
    return Case(tuple(argv), "".join(line + "\n" for line in stdin_lines), tuple(must_fail))


def _json_object_lines(out: str) -> bool:
    """Every line of ``out`` is a JSON object (``annotate --json`` of no record prints none)."""
    try:
        return all(isinstance(json.loads(line), dict) for line in out.splitlines())
    except ValueError:
        return False


def verdict(case: Case, status: int | None, out: str, err: str) -> str | None:
    """What is wrong with one run of ``case`` (``status`` ``None``: it hung), or ``None``.

    Status 0 or 2; never a traceback; status 2 with its error on one line (the only
    line with ``--quiet``; ``annotate`` reports one line per bad record); a command
    line that must be refused is refused; ``--json`` prints one JSON object on one
    line (``annotate``: one per line).
    """
    if status is None:
        return "hang"
    if "Traceback (most recent call last)" in err:
        lines = [line for line in err.strip().splitlines() if line.strip()]
        frames = [line.strip() for line in lines if line.strip().startswith("File ")]
        where = frames[-1] if frames else "?"
        return f"traceback: {lines[-1][:120]} @ {where[:160]}"
    command = case.argv[0] if case.argv else ""
    if status not in (0, 2) and not (command == "check" and status == 1):
        return f"status {status}: {err.strip().splitlines()[-1:]}"
    helped = any(arg in ("-h", "--help") for arg in case.argv)
    lines = err.splitlines()
    if status in (1, 2):
        if command == "check" and status == 1:
            return None  # the engine disagreed or failed: reported on stdout
        if command == "annotate":
            errors = [line for line in lines if not line.startswith("annotate: ")]
            if not errors or not all(line.startswith("error: ") for line in errors):
                return "annotate: status 2 without 'error:' lines"
            return None
        if not lines or not lines[-1].startswith("error: "):
            return "status 2 without an 'error:' line last on stderr"
        prompts = command == "play" and "--json" in case.argv  # a human's prompts: stderr
        if "--quiet" in case.argv and not prompts and len(lines) != 1:
            return f"status 2 with {len(lines)} lines on stderr (--quiet)"
        return None
    if case.must_fail and not helped:
        return f"accepted: {case.must_fail[0].split()[0]} ..."
    if command in ("suite", "serve") and not helped and not _json_object_lines(out):
        return f"{command}: a stdout line is not a JSON object"
    if "--json" in case.argv and not helped:
        if command == "annotate":
            if not _json_object_lines(out):
                return "annotate --json: a stdout line is not a JSON object"
        elif out.count("\n") != 1 or not out.strip() or not _json_object_lines(out):
            return "--json: stdout is not one JSON object on one line"
    return None
