"""War chess under a time limit and on turns too large to list (``WarGame``).

One node of the war-chess game tree enumerates a whole turn, so the engine's game
checks the time limit inside the enumeration, and refuses a turn with too many plans
with a clear error instead of filling memory.  Clocks are injected: nothing here
depends on the machine's speed.
"""

from __future__ import annotations

import pytest

from reference import api
from reference.errors import GameError, SearchTimeoutError
from reference.search.context import Deadline, SearchTimeout
from reference.wargame import game as wargame_game
from reference.wargame.game import WarGame
from reference.wargame.notation import Plan
from reference.wargame.rules import SKIRMISH, WarState


class StepClock:
    """A clock that moves ``step`` seconds every time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_a_passed_deadline_stops_the_enumeration_and_restores_the_battle() -> None:
    game = WarGame.from_notation(SKIRMISH)
    before = (game.to_notation(), game.key, list(game.battle.occupant))
    moves = game.legal_moves()
    game.watch_deadline(Deadline(1.0, clock=StepClock(10.0)))  # passed at its first reading
    with pytest.raises(SearchTimeout):
        game.legal_moves()
    assert (game.to_notation(), game.key, list(game.battle.occupant)) == before
    game.watch_deadline(None)
    assert game.legal_moves() == moves


def test_bestmove_hands_its_deadline_to_the_enumeration_then_takes_it_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = WarGame.from_notation(SKIRMISH)
    seen: list[Deadline | None] = []
    enumerate_turn = WarGame.legal_moves

    def recording(self: WarGame) -> list[Plan]:
        seen.append(self.deadline)
        return enumerate_turn(self)

    monkeypatch.setattr(WarGame, "legal_moves", recording)
    deadline = Deadline(1e6, clock=StepClock(0.001))
    answer = api.bestmove(game, depth=2, deadline=deadline)
    assert answer.depth == 2 and seen and all(d is deadline for d in seen)
    assert game.deadline is None
    # a time limit in seconds makes a deadline of its own, watched the same way
    seen.clear()
    api.bestmove(game, depth=1, time_limit=1e6)
    assert seen and all(isinstance(d, Deadline) for d in seen) and game.deadline is None


def test_a_deadline_passing_inside_the_first_enumeration_ends_the_search_cleanly() -> None:
    game = WarGame.from_notation(SKIRMISH)
    with pytest.raises(SearchTimeoutError):
        api.bestmove(game, depth=1, deadline=Deadline(1.0, clock=StepClock(10.0)))
    assert game.deadline is None
    assert game.to_notation() == WarState.from_notation(SKIRMISH).to_notation()


def test_a_turn_with_too_many_plans_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    game = WarGame.from_notation(SKIRMISH)
    count = len(game.legal_moves())
    before = game.to_notation()
    monkeypatch.setattr(wargame_game, "MAX_TURN_PLANS", 300)
    with pytest.raises(GameError, match="more than 300 plans"):
        game.legal_moves()
    assert game.to_notation() == before
    monkeypatch.undo()
    assert len(game.legal_moves()) == count


def test_the_command_line_refuses_a_huge_turn_with_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from reference.cli.main import main

    monkeypatch.setattr(wargame_game, "MAX_TURN_PLANS", 300)
    assert main(["perft", "wargame", "--depth", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "too many to list as moves" in err


def test_the_watched_game_has_the_rules_moves_in_the_same_order() -> None:
    """Reading the enumeration in blocks (to watch the deadline) changes no move and no order."""
    for text in (SKIRMISH, "..../.... aS@a1,aA@b1,bS@d2,bK@c2 a 0/12"):
        rules, watched = WarState.from_notation(text), WarGame.from_notation(text)
        assert watched.legal_moves() == rules.legal_moves()
        assert watched.key == rules.key
