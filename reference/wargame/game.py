"""The turn-level war-chess game: a move is a whole turn's plan; alpha-beta on top (seed 002, §2.3).

Seed 002, §2.3 and Figure 9: "A TBW game is essentially the compound of
combinational optimization laterally and game tree search vertically".  Laterally,
a node's children are the end-of-turn states of the side to move, enumerated by
Algorithm 5 (:func:`~reference.wargame.plans_search.plans_search`); vertically,
the game tree alternates sides turn by turn and is searched by the core's
alpha-beta / PVS / iterative deepening (:mod:`reference.search`).  The evaluation
counts the "powers" of §2.3: living units, their HP and ATK.

Moves are plans (:data:`~reference.wargame.battle.Plan`).  A move is identified
by the end-of-turn state it reaches: ``legal_moves`` gives one plan per *distinct*
end state (many plans, e.g. the same steps in another unit order, reach the same
state and are the same move of the game tree), so ``perft`` counts distinct
successor states.  :meth:`WarGame.play` accepts every legal plan.  ``search_moves``
is the same list, most damage dealt first; the game is not selective.

A game ends when a side has no units left (§2.1: "A player wins the game if all
of the units ... of the other player have died") or, our addition so that every
game ends, after ``turn_limit`` side turns, as a draw.

Position notation: the battle notation (:mod:`reference.wargame.battle`) with an
optional fourth field ``<turns played>/<turn limit>``, e.g.
``...... aS@a1:10/4/3/1-1,bS@f1:10/4/3/1-1 a 0/30``.
"""

from __future__ import annotations

from reference.digits import is_digits, parse_natural
from reference.errors import GameError, IllegalMoveError, ParameterError, PositionFormatError
from reference.files import read_text_file
from reference.search import WIN, Key, Score, random_keys
from reference.search.context import Deadline, SearchTimeout
from reference.search.zobrist import counter_key
from reference.wargame.battle import (
    MAX_HP,
    Battle,
    Plan,
    Side,
    StateKey,
    format_plan,
    parse_plan,
)
from reference.wargame.board import NO_TILE
from reference.wargame.plans_search import recursive_enumeration
from reference.wargame.single_turn import SingleTurn

UNIT_VALUE = 100
"""Evaluation: worth of a living unit (our choice)."""
HP_WEIGHT = 10
"""Evaluation: worth of one hit point (our choice)."""
ATK_WEIGHT = 5
"""Evaluation: worth of one point of ATK of a living unit (our choice)."""
APPROACH_WEIGHT = 1
"""Evaluation: penalty per tile between a unit and its nearest enemy (our choice; keeps games moving)."""

DEFAULT_TURN_LIMIT = 30
"""Side turns after which a game is drawn (our choice; the paper's games end only by elimination)."""

MAX_TURN_LIMIT = 1000
"""Largest turn limit accepted."""

MAX_TURN_PLANS = 500_000
"""Most plans :meth:`WarGame.legal_moves` enumerates for one turn (our choice: some
seconds of Python and bounded memory).  A larger turn is refused with a
:class:`~reference.errors.GameError`; ``enumerate wargame`` counts larger turns
without listing them."""

DEADLINE_CHECK_PLANS = 256
"""The search's deadline is checked every this many plans of an enumeration (a power of two)."""

SKIRMISH = (
    "...../.^.~./...../..... "
    "aS@a1:10/4/2/1-1,aA@b1:8/3/2/2-2,aS@c1:10/4/2/1-1,bS@c4:10/4/2/1-1,bA@d4:8/3/2/2-2 a 0/20"
)
"""The default scenario (ours): 5x4 with a hill and a lake; Alex's 3 units against Billie's 2.

At depth 2 (``play wargame --depth 2``) Alex wins in 9 side turns.
"""

ZOBRIST_SEED = 2002
"""Seed of the war-chess Zobrist keys (our choice)."""

UndoRecord = list[tuple[int, int, int, int, int]]


MAX_SCENARIO_BYTES = 1 << 20
"""Largest scenario file read, in bytes (our choice: a 26 x 26 board with every unit
written out takes a few kilobytes)."""


def read_scenario(path: str) -> str:
    """The position notation in a scenario file (UTF-8 text, at most 1 MiB).

    ``#`` starts a comment; fields are separated by any whitespace, and a unit list or
    terrain rows may continue on the next line after a ``,`` or ``/``.  A missing file,
    a directory, a device or pipe, a file too large or not UTF-8 is a
    :class:`~reference.errors.ParameterError`.
    """
    text = read_text_file(path, "scenario file", MAX_SCENARIO_BYTES)
    lines = [line.split("#", 1)[0] for line in text.splitlines()]
    joined = " ".join(" ".join(lines).split())
    return joined.replace(", ", ",").replace("/ ", "/")


class WarGame:
    """Turn-based war chess as a :class:`~reference.search.protocol.PlayableGame` of whole-turn plans.

    Seed 002, §2.1 (rules) and §2.3 (game tree search over turns).
    """

    def __init__(self, battle: Battle, turns_played: int = 0, turn_limit: int = DEFAULT_TURN_LIMIT) -> None:
        if not 1 <= turn_limit <= MAX_TURN_LIMIT:
            raise ParameterError(f"turn limit {turn_limit} not allowed: 1..{MAX_TURN_LIMIT}")
        if not 0 <= turns_played <= turn_limit:
            raise ParameterError(f"turns played {turns_played} not allowed: 0..{turn_limit}")
        self.battle = battle.copy()
        self.turns_played = turns_played
        self.turn_limit = turn_limit
        count = self.battle.unit_count
        size = self.battle.board.size
        keys = random_keys(count * (size + 1) + count * (MAX_HP + 1) + turn_limit + 2, ZOBRIST_SEED)
        self._tile_keys = [keys[u * (size + 1) : (u + 1) * (size + 1)] for u in range(count)]
        base = count * (size + 1)
        self._hp_keys = [
            keys[base + u * (MAX_HP + 1) : base + (u + 1) * (MAX_HP + 1)] for u in range(count)
        ]
        base += count * (MAX_HP + 1)
        self._turn_keys = keys[base : base + turn_limit + 1]
        self._side_key = keys[base + turn_limit + 1]
        self._limit_key = counter_key(turn_limit, ZOBRIST_SEED)
        self._history: list[tuple[UndoRecord, Key]] = []
        self._key = self._full_key()
        self.deadline: Deadline | None = None
        """The running search's deadline, watched inside plan enumeration (see :meth:`watch_deadline`)."""

    def watch_deadline(self, deadline: Deadline | None) -> None:
        """Make :meth:`legal_moves` stop with the search's ``SearchTimeout`` once ``deadline`` passes.

        One node of this game enumerates a whole turn, thousands of plans, so the
        search's own check (every few nodes) would overrun a time limit by seconds.
        :func:`reference.api.bestmove` sets it for the search and clears it after.
        """
        self.deadline = deadline

    # ------------------------------------------------------------- notation
    @classmethod
    def from_notation(cls, text: str, turn_limit: int | None = None) -> WarGame:
        """Parse ``<rows> <units> <side> [<played>/<limit>]``; ``turn_limit`` overrides the field."""
        fields = text.split()
        played, limit = 0, DEFAULT_TURN_LIMIT
        if len(fields) == 4:
            counter = fields.pop()
            left, slash, right = counter.partition("/")
            if not (slash and is_digits(left) and is_digits(right)):
                raise PositionFormatError(
                    f"turn counter {counter!r}: expected '<turns played>/<turn limit>' in "
                    "digits 0-9, e.g. '0/30'"
                )
            played = parse_natural(left, "turns played")
            limit = parse_natural(right, "turn limit")
        battle = Battle.from_notation(" ".join(fields))
        if turn_limit is not None:
            limit = turn_limit
        if not (1 <= limit <= MAX_TURN_LIMIT and 0 <= played <= limit):
            raise PositionFormatError(
                f"turn counter {played}/{limit} not allowed: need 0 <= played <= limit <= {MAX_TURN_LIMIT}"
            )
        return cls(battle, played, limit)

    def to_notation(self) -> str:
        """The battle notation plus ``<turns played>/<turn limit>``."""
        return f"{self.battle.to_notation()} {self.turns_played}/{self.turn_limit}"

    def render(self) -> str:
        """The battle drawing plus the turn counter."""
        if self.turns_played >= self.turn_limit:
            return f"{self.battle.render()}\nturn limit {self.turn_limit} reached"
        return f"{self.battle.render()}\nturn {self.turns_played + 1} of {self.turn_limit}"

    def parse_move(self, text: str) -> Plan:
        """Parse a plan such as ``b1-b3,c1-c2xc4`` (legality unchecked)."""
        return parse_plan(self.battle.board, text)

    def format_move(self, move: Plan) -> str:
        """The plan's notation; ``parse_move(format_move(m)) == m``."""
        return format_plan(self.battle.board, move)

    def player_name(self, player: int) -> str:
        """``Alex (a)`` or ``Billie (b)``, the paper's names for the two parties."""
        return "Alex (a)" if player == Side.ALEX else "Billie (b)"

    def result_text(self) -> str:
        """Who won, or why the game is drawn."""
        alex = self.battle.units_of(Side.ALEX)
        billie = self.battle.units_of(Side.BILLIE)
        if not billie and alex:
            return "Alex (a) wins: every unit of Billie is dead"
        if not alex and billie:
            return "Billie (b) wins: every unit of Alex is dead"
        if not alex and not billie:
            return "draw: no units left"
        if self.turns_played >= self.turn_limit:
            return f"draw: turn limit {self.turn_limit} reached"
        return "game in progress"

    # --------------------------------------------------------------- protocol
    @property
    def to_move(self) -> int:
        return int(self.battle.to_move)

    @property
    def key(self) -> Key:
        return self._key

    def tt_key(self) -> Key:
        """:attr:`key` (units, HP, side to move, turns played) plus the turn limit.

        A position's value depends on the turns left before the draw, so both counts
        are in the table key: a table shared by games with other limits stays right.
        """
        return self._key ^ self._limit_key

    def max_plies_left(self) -> int:
        """The turns left before the turn limit (a move is a whole turn)."""
        return max(0, self.turn_limit - self.turns_played)

    def is_terminal(self) -> bool:
        battle = self.battle
        return (
            self.turns_played >= self.turn_limit
            or not battle.units_of(Side.ALEX)
            or not battle.units_of(Side.BILLIE)
        )

    def terminal_score(self) -> Score:
        battle = self.battle
        mine = battle.units_of(battle.to_move)
        theirs = battle.units_of(Side(1 - battle.to_move))
        if not mine and theirs:
            return -WIN
        if mine and not theirs:
            return WIN
        return 0

    def evaluate(self) -> Score:
        """Material and HP of the side to move minus the opponent's, minus approach distances."""
        return self._material(self.battle.to_move) - self._material(Side(1 - self.battle.to_move))

    def _material(self, side: Side) -> int:
        battle = self.battle
        board = battle.board
        enemies = [battle.tile[u] for u in battle.units_of(Side(1 - side))]
        total = 0
        for u in battle.units_of(side):
            total += UNIT_VALUE + HP_WEIGHT * battle.hp[u] + ATK_WEIGHT * battle.atk[u]
            if enemies:
                nearest = min(board.distance(battle.tile[u], e) for e in enemies)
                total -= APPROACH_WEIGHT * nearest
        return total

    selective = False
    counts_points = False

    def search_moves(self) -> list[Plan]:
        """The moves a search tries: :meth:`legal_moves` (already most damage first)."""
        return self.legal_moves()

    def legal_moves(self) -> list[Plan]:
        """One plan per distinct end-of-turn state, by Algorithm 5; most damage dealt first."""
        if self.is_terminal():
            return []
        battle = self.battle
        count = battle.unit_count
        enemy = [u for u in range(count) if battle.side[u] != battle.to_move]
        turn = SingleTurn(battle)
        best: dict[StateKey, tuple[int, Plan]] = {}
        deadline = self.deadline
        saved = (list(battle.tile), list(battle.hp), list(battle.occupant))
        visited = 0
        try:
            for state in recursive_enumeration(turn):
                visited += 1
                if visited % DEADLINE_CHECK_PLANS == 0:
                    if visited > MAX_TURN_PLANS:
                        raise GameError(
                            f"this turn has more than {MAX_TURN_PLANS:,} plans, too many to list "
                            "as moves (a smaller board, fewer units or less movement; "
                            "'enumerate wargame' counts larger turns)"
                        )
                    if deadline is not None and deadline.passed():
                        raise SearchTimeout
                if state not in best:
                    damage = 0
                    for u in enemy:
                        damage += HP_WEIGHT * (battle.hp[u] - state[count + u])
                        if state[u] == NO_TILE:
                            damage += UNIT_VALUE
                    best[state] = (damage, turn.plan())
        except BaseException:
            # an abandoned enumeration leaves the battle mid-plan: put it back
            battle.tile[:], battle.hp[:], battle.occupant[:] = saved
            raise
        # restored: recursive_enumeration was exhausted
        ranked = sorted(best.values(), key=lambda item: -item[0])
        return [plan for _, plan in ranked]

    def make(self, move: Plan) -> int:
        undo = self.battle.make_plan(move)
        self._finish(undo)
        return 0

    def play(self, move: Plan) -> int:
        """Check the plan action by action (``IllegalMoveError`` says which and why), then make it."""
        if self.is_terminal():
            raise IllegalMoveError(f"the game is over ({self.result_text()}): no move is legal")
        undo = self.battle.apply_plan(move)
        self._finish(undo)
        return 0

    def unmake(self) -> None:
        if not self._history:
            raise IllegalMoveError("no move to take back")
        undo, key = self._history.pop()
        battle = self.battle
        battle.to_move = Side(1 - battle.to_move)
        self.turns_played -= 1
        battle.undo_plan(undo)
        self._key = key

    # -------------------------------------------------------------- helpers
    def _finish(self, undo: UndoRecord) -> None:
        """After a plan: update the key incrementally, pass the turn, count it."""
        battle = self.battle
        old_key = self._key
        key = old_key
        tile_keys = self._tile_keys
        hp_keys = self._hp_keys
        dead = battle.board.size
        for unit, origin, target, old_hp, old_tile in undo:
            destination = battle.tile[unit]
            key ^= tile_keys[unit][origin] ^ tile_keys[unit][destination]
            if target >= 0:
                new_hp = max(0, old_hp - battle.atk[unit])
                key ^= hp_keys[target][old_hp] ^ hp_keys[target][new_hp]
                if new_hp == 0:
                    key ^= tile_keys[target][old_tile] ^ tile_keys[target][dead]
        key ^= self._turn_keys[self.turns_played] ^ self._turn_keys[self.turns_played + 1]
        key ^= self._side_key
        self._history.append((undo, old_key))
        battle.to_move = Side(1 - battle.to_move)
        self.turns_played += 1
        self._key = key

    def _full_key(self) -> Key:
        """The key computed from scratch (tests compare it with the incremental one)."""
        battle = self.battle
        dead = battle.board.size
        key = self._turn_keys[self.turns_played]
        if battle.to_move == Side.BILLIE:
            key ^= self._side_key
        for u in range(battle.unit_count):
            tile = battle.tile[u]
            key ^= self._tile_keys[u][dead if tile == NO_TILE else tile]
            key ^= self._hp_keys[u][battle.hp[u]]
        return key

    def __repr__(self) -> str:
        return f"WarGame.from_notation({self.to_notation()!r})"

