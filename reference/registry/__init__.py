"""The game registry: every game's name, constructor, options (with ranges and help) and notation.

The front ends (the command line, ``check`` / ``suite`` / ``serve``, ``annotate``)
learn the games from here and from nowhere else: a game package knows nothing of
them.  Each game has an entry module ``reference/registry/<game>.py`` defining
``SPEC``, a :class:`GameSpec`; importing this module imports no game, and
:func:`load` imports one game's entry (and so its package) only when it is named.

>>> spec = load("mnk")
>>> [option.flag for option in spec.options][:3]
['--m', '--n', '--k']
>>> game = spec.game({"m": 4, "n": 3}, moves="b2 a1")
>>> game.to_notation()
'..../.x../o... x'
>>> spec.check_options({"m": 30})
Traceback (most recent call last):
...
reference.errors.ParameterError: option 'm': 30 is out of range: allowed 1..26
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol, cast

from reference.errors import GameError, ParameterError
from reference.ranges import IntRange, shown
from reference.search.protocol import PlayableGame, Score

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from reference.search.context import Deadline
    from reference.search.players import Player
    from reference.search.progress import SolveReport
    from reference.search.solve import RawSolution
    from reference.search.stats import Counters, SearchStats

OptionKind = Literal["switch", "integer", "choice", "file"]
"""What an option takes: ``switch`` (on or off), ``integer`` (in its :class:`IntRange`),
``choice`` (one of its words) or ``file`` (a path)."""

AnyGame = PlayableGame[Any]
JsonObject = dict[str, object]
"""A JSON object (what ``--json`` prints, a suite line, a ``serve`` answer)."""
Options = Mapping[str, object]
"""A game's options by name (the JSON object suites and ``serve`` carry)."""


@dataclass(frozen=True, slots=True)
class Option:
    """One game option: ``--name-with-dashes`` on the command line, ``"name"`` in JSON."""

    name: str
    """The Python name, also the JSON key and the ``argparse`` destination (``draw_limit``)."""
    kind: OptionKind
    help: str
    default: object = None
    """The value when the option is not given (``None``: the game decides; switches: off)."""
    range: IntRange | None = None
    """The allowed values of an ``integer`` option."""
    choices: tuple[str, ...] = ()
    """The allowed words of a ``choice`` option."""

    @property
    def flag(self) -> str:
        """The command-line spelling, e.g. ``--draw-limit``."""
        return "--" + self.name.replace("_", "-")

    def check(self, value: object) -> object:
        """``value`` when it is a valid value of this option; raise :class:`ParameterError`."""
        if self.kind == "switch":
            if not isinstance(value, bool):
                raise ParameterError(
                    f"option {self.name!r} is a switch: true or false, got {value!r}"
                )
            return value
        if self.kind == "integer":
            if isinstance(value, bool) or not isinstance(value, int):
                raise ParameterError(f"option {self.name!r} takes an integer, got {_brief(value)}")
            assert self.range is not None
            try:
                return self.range.check(value)
            except ParameterError as error:
                raise ParameterError(f"option {self.name!r}: {error}") from None
        if not isinstance(value, str):
            raise ParameterError(f"option {self.name!r} takes a string, got {_brief(value)}")
        if self.kind == "choice" and value not in self.choices:
            raise ParameterError(
                f"option {self.name!r}: invalid choice {shown(value)} "
                f"(choose from {', '.join(self.choices)})"
            )
        return value


def switch(name: str, help: str) -> Option:
    """An option that is off unless given (``--no-symmetry``)."""
    return Option(name, "switch", help, default=False)


def integer(name: str, range: IntRange, help: str, default: int | None = None) -> Option:
    """An integer option checked against ``range``."""
    return Option(name, "integer", help, default=default, range=range)


def choice(name: str, choices: Sequence[str], help: str, default: str | None = None) -> Option:
    """An option taking one of ``choices``."""
    return Option(name, "choice", help, default=default, choices=tuple(choices))


def file(name: str, help: str) -> Option:
    """An option naming a file."""
    return Option(name, "file", help)


def int_value(options: Options, name: str) -> int | None:
    """The value of an integer option (``None`` when not given and without default)."""
    value = options[name]
    assert value is None or (isinstance(value, int) and not isinstance(value, bool))
    return value


def text_value(options: Options, name: str) -> str | None:
    """The value of a choice or file option (``None`` when not given and without default)."""
    value = options[name]
    assert value is None or isinstance(value, str)
    return value


def is_on(options: Options, name: str) -> bool:
    """Whether a switch is on."""
    return bool(options[name])


def _brief(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:40]}... ({len(text)} characters)"


def play_moves(game: AnyGame, moves: Sequence[str], source: str | None = None) -> AnyGame:
    """``game`` after each of ``moves`` (in notation) is parsed and played, checked.

    An illegal or malformed move raises its :class:`~reference.errors.GameError` again,
    saying the move's 1-based index (and ``source``, the list it came from).
    """
    for index, text in enumerate(moves, start=1):
        try:
            game.play(game.parse_move(text))
        except GameError as error:
            where = f"move {index} ({_brief(text)})" + ("" if source is None else f" of {source}")
            raise type(error)(f"{where}: {error}") from None
    return game


NewGame = Callable[[Options, "str | None"], AnyGame]
"""Build a game from every option's value (defaults filled in) and a position in notation
(``None``: the start); raise :class:`~reference.errors.GameError` on bad input."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """How the front ends build, name and describe one game."""

    name: str
    """The name on the command line and in JSON, e.g. ``"dots-and-boxes"``."""
    help: str
    options: tuple[Option, ...]
    new_game: NewGame
    moves_example: str = "m1 m2"
    """Shown in ``--moves`` help, e.g. ``"b2 a1"``."""
    exact_solver: str | None = None
    """The module of the game's own exact solver, if it has one (an :class:`ExactSolver`;
    see :func:`exact_solver_for`)."""
    rule_options: Callable[[Any], Mapping[str, object]] | None = None
    """The options that decide the rules, read from a built game (``{"m": 3, "n": 3, "k": 3}``):
    what ``check``'s handshake sends an engine and compares with its answer."""
    budget: int | Callable[[Any], int] = 1 << 20
    """Nodes a reference solve may spend on one position in ``check`` and ``suite`` by
    default (over it the position is skipped and counted), or a function of the start
    position giving them (0: values are not tried by default): chosen per game so the
    defaults finish in seconds (our choice, measured in ``docs/oracle.md``)."""
    positions: int = 100
    """The random positions ``check`` draws by default (our choice, per game: a Connect6
    19 x 19 perft 1 answer is 64,980 lines)."""
    depth: int = 2
    """The perft depth ``check`` and ``suite`` use by default (our choice, per game: Connect6's
    19 x 19 perft 2 has billions of sequences)."""
    explain: str | None = None
    """The module saying *why* (an :class:`Explainer`: a move legal, a game over, what a
    move does), next to the game's rules; see :func:`explainer_for`."""
    out_of_reach: Callable[[Any], str | None] | None = None
    """For ``solve``: a sentence when a full solve of the position cannot finish on a
    laptop (the size of its tree), said at once; ``None`` when it can, or is unknown."""
    option_names: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "option_names", tuple(o.name for o in self.options))

    def budget_for(self, game: AnyGame) -> int:
        """The default node budget of ``check`` and ``suite`` for games like ``game`` (0: none)."""
        return self.budget(game) if callable(self.budget) else self.budget

    def option(self, name: str) -> Option:
        """The option called ``name``; raise :class:`ParameterError` naming the allowed ones."""
        for option in self.options:
            if option.name == name:
                return option
        allowed = ", ".join(self.option_names) or "none"
        raise ParameterError(f"unknown option {name!r} for {self.name} (its options: {allowed})")

    def check_options(self, options: object) -> dict[str, object]:
        """Every option's value: ``options`` (a JSON object) checked, defaults filled in."""
        if not isinstance(options, Mapping):
            raise ParameterError(f"options must be a JSON object, got {type(options).__name__}")
        values = {option.name: option.default for option in self.options}
        for name, value in options.items():
            if not isinstance(name, str):
                raise ParameterError(f"option names are strings, got {_brief(name)}")
            values[name] = self.option(name).check(value)
        return values

    def non_default(self, values: Options) -> dict[str, object]:
        """The options of ``values`` that differ from their defaults (what rebuilds the game)."""
        return {
            o.name: values[o.name]
            for o in self.options
            if o.name in values and values[o.name] != o.default
        }

    def game(
        self,
        options: object = None,
        position: str | None = None,
        moves: str | Sequence[str] | None = None,
        *,
        source: str = "--moves",
    ) -> AnyGame:
        """The game the options describe: ``position`` (or the start), then ``moves``, each checked.

        An illegal or malformed move is reported with its index in the list ``source``.
        """
        game = self.new_game(self.check_options({} if options is None else options), position)
        texts = moves.split() if isinstance(moves, str) else list(moves or ())
        return play_moves(game, texts, source)


@dataclass(frozen=True, slots=True)
class GameEntry:
    """What the front ends show about a game before its package is imported."""

    name: str
    package: str
    """The game's package, e.g. ``"reference.mnk"``."""
    help: str
    """The same text as the entry's ``SPEC.help`` (a test checks it)."""

    @property
    def module(self) -> str:
        """The entry module defining ``SPEC``."""
        return "reference.registry." + self.package.rsplit(".", 1)[1]


GAMES: tuple[GameEntry, ...] = (
    GameEntry("mnk", "reference.mnk", "the (M,N,K)-game: K in a row on an M x N board (seed 001)"),
    GameEntry(
        "dots-and-boxes",
        "reference.dots_and_boxes",
        "Dots and Boxes on R x C boxes (seed 000); value = net boxes for the side to move",
    ),
    GameEntry(
        "wargame",
        "reference.wargame",
        "turn-based war chess (seed 002); a move is a whole turn's plan, e.g. b1-b3,c1-c2xc4",
    ),
    GameEntry(
        "connect6",
        "reference.connect6",
        "Connect6 (seed 004): S x S board, black opens with one stone, then two per move",
    ),
    GameEntry(
        "dou-shou-qi",
        "reference.dou_shou_qi",
        "Dou Shou Qi / Jungle (seed 003): 7 x 9 board, thesis evaluation and move ordering",
    ),
)
"""Every game, in the order ``--help`` lists them."""

GAME_NAMES: tuple[str, ...] = tuple(entry.name for entry in GAMES)


def entry(name: str) -> GameEntry:
    """The entry of the game called ``name``; raise :class:`ParameterError` for an unknown name."""
    for game_entry in GAMES:
        if game_entry.name == name:
            return game_entry
    raise ParameterError(f"unknown game {shown(name)}: allowed {', '.join(GAME_NAMES)}")


def load(name: str) -> GameSpec:
    """Import one game's entry module and return its ``SPEC``."""
    spec = importlib.import_module(entry(name).module).SPEC
    assert isinstance(spec, GameSpec)
    return spec


def all_specs() -> dict[str, GameSpec]:
    """The specs of every game (imports all five; the command line imports one)."""
    return {game_entry.name: load(game_entry.name) for game_entry in GAMES}


def player_name(game: object, player: int) -> str:
    """What the front ends call side ``player`` (0 or 1) of ``game``: the game's own
    ``player_name`` when it has one (``x``, ``black (X)``), else ``player 1`` / ``player 2``."""
    namer = getattr(game, "player_name", None)
    return str(namer(player)) if callable(namer) else f"player {player + 1}"


class ExactSolver(Protocol):
    """A game's own exact solver (Dots and Boxes: :mod:`reference.dots_and_boxes.engine`).

    It must answer what the core's :func:`reference.search.solve.solve` answers (the
    exact score and every optimal legal move, in ``legal_moves`` order), only faster.
    """

    def solve_exactly(
        self,
        game: Any,
        on_progress: Callable[[Counters], None] | None = None,
        *,
        deadline: Deadline | None = None,
        on_report: Callable[[SolveReport], None] | None = None,
    ) -> RawSolution[Any]:
        """The exact value and every optimal move of ``game`` (left unchanged); ``on_report``
        follows a long solve (:class:`~reference.search.progress.SolveReport`)."""
        ...

    def solve_in_parallel(
        self,
        game: Any,
        executor: Executor,
        *,
        share_table: bool = False,
        on_report: Callable[[SolveReport], None] | None = None,
    ) -> RawSolution[Any]:
        """The same answer, the work spread over ``executor``'s workers (``share_table``:
        they are processes forked from this one after the call begins)."""
        ...

    def value_exactly(self, game: Any) -> tuple[Score, SearchStats]:
        """The exact score alone, and the solver's counters (the jobs of a parallel solve)."""
        ...


class Explainer(Protocol):
    """Why, in one line each, for the leaves of ``check``'s findings (``reference/<game>/explain.py``)."""

    def why_legal(self, game: Any, move: Any) -> str:
        """Why ``move`` is legal in ``game`` (the rule that allows it)."""
        ...

    def why_over(self, game: Any) -> str:
        """Why ``game`` (finished) is over, and what it is worth (the winning line, the den entered...)."""
        ...

    def what_move_does(self, game: Any, move: Any) -> str:
        """What ``move`` (legal) changes that a value depends on (boxes completed, who moves next)."""
        ...


def explainer_for(spec: GameSpec) -> Explainer | None:
    """The game's explainer module, when its registry entry names one."""
    return None if spec.explain is None else cast(Explainer, importlib.import_module(spec.explain))


def _entry_of(game: object) -> GameEntry:
    """The registry entry of ``game``'s package; raise :class:`ParameterError` for another class."""
    module = type(game).__module__
    for game_entry in GAMES:
        if module.startswith(game_entry.package + "."):
            return game_entry
    raise ParameterError(f"{type(game).__name__} is not a game of the registry")


def paper_player_for(
    game: object,
    *,
    depth: int | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
) -> Player[Any, Any]:
    """The paper's computer player of ``game`` within these limits: what ``play`` and the
    demo use, ``paper_player(...)`` of the game package's ``players`` module (the template).

    It is a :class:`~reference.search.players.Player`: ``choose(game)`` is the search
    result holding its move.
    """
    players = importlib.import_module(_entry_of(game).package + ".players")
    made = players.paper_player(depth=depth, time_limit=time_limit, node_limit=node_limit)
    return cast("Player[Any, Any]", made)


def exact_solver_for(game: object) -> ExactSolver | None:
    """The game's own exact solver, when its registry entry names one (Dots and Boxes).

    Looked up by the game's package, so this imports nothing the caller has not
    imported already but the solver itself.
    """
    module = type(game).__module__
    for game_entry in GAMES:
        if module.startswith(game_entry.package + "."):
            target = load(game_entry.name).exact_solver
            return None if target is None else cast(ExactSolver, importlib.import_module(target))
    return None


__all__ = [
    "GAMES",
    "GAME_NAMES",
    "ExactSolver",
    "Explainer",
    "GameEntry",
    "GameSpec",
    "JsonObject",
    "Option",
    "Options",
    "all_specs",
    "choice",
    "entry",
    "exact_solver_for",
    "explainer_for",
    "file",
    "int_value",
    "integer",
    "is_on",
    "load",
    "paper_player_for",
    "play_moves",
    "player_name",
    "switch",
    "text_value",
]
