"""The brain driven over a pipe by a Gomocup client nobody here wrote: ``pygomo-lib``.

``pygomo.EngineClient`` starts ``python -m reference gomocup`` as a subprocess and
speaks the Gomocup protocol to it (START, INFO, BEGIN, TURN, BOARD, TAKEBACK, ABOUT,
END).  The brain gets tiny time budgets (INFO timeout_turn); the tests assert on moves
and on the protocol, never on timings.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pygomo import BoardPosition, EngineClient, Move

from reference.mnk.game import MNKGame

TIMEOUT = 60.0
"""Seconds the client waits for an answer (a safety net on a loaded machine, not a timing)."""


def brain() -> EngineClient:
    return EngineClient(sys.executable, args=["-m", "reference", "gomocup"])


@pytest.fixture
def engine() -> Iterator[EngineClient]:
    client = brain()
    client.connect()
    try:
        yield client
    finally:
        client.quit()


def cell(game: MNKGame, move: Move) -> int:
    """Gomocup x,y -> the MNKGame cell (x column, y row)."""
    x, y = int(move.col), int(move.row)
    assert 0 <= x < game.m and 0 <= y < game.n
    return y * game.m + x


LAUNCHER = Path(__file__).resolve().parents[2] / "scripts" / "pbrain-gametree-reference"


def test_about_names_the_package_and_its_version_through_the_launcher() -> None:
    """The pbrain-* launcher a manager would run (docs/gomocup.md) answers ABOUT."""
    from reference.gomocup.protocol import package_version

    client = EngineClient(str(LAUNCHER))
    client.connect()
    try:
        about = client.about(timeout=TIMEOUT)
        assert client.start(20, timeout=TIMEOUT)
        first = client.begin(timeout=TIMEOUT)
    finally:
        client.quit()
    assert about is not None
    assert 'name="gametree-reference"' in about
    assert f'version="{package_version()}"' in about
    assert first is not None
    assert first.move.to_tuple() in ((9, 9), (9, 10), (10, 9), (10, 10))  # the centre of 20 x 20


def test_board_with_a_win_in_one(engine: EngineClient) -> None:
    assert engine.start(15, timeout=TIMEOUT)
    engine.set_time(turn_time_ms=200)
    position = BoardPosition()
    for x, y in ((5, 5), (6, 6), (7, 7), (8, 8)):  # own diagonal four, both ends open
        position.add_move(Move((x, y)), BoardPosition.SELF)
    for x, y in ((0, 14), (1, 14), (2, 14), (14, 0), (5, 9)):
        position.add_move(Move((x, y)), BoardPosition.OPPONENT)
    result = engine.board(position, timeout=TIMEOUT)
    assert result is not None
    assert result.move.to_tuple() in ((4, 4), (9, 9))


def test_board_with_a_four_to_block(engine: EngineClient) -> None:
    assert engine.start(15, timeout=TIMEOUT)
    engine.set_time(turn_time_ms=200)
    position = BoardPosition()
    for x, y in ((7, 7), (8, 7), (9, 7)):  # an open three of the brain
        position.add_move(Move((x, y)), BoardPosition.SELF)
    for x, y in ((2, 3), (2, 4), (2, 5), (2, 6)):  # the opponent's four: x = 2, y = 3..6
        position.add_move(Move((x, y)), BoardPosition.OPPONENT)
    position.add_move(Move((14, 14)), BoardPosition.SELF)
    result = engine.board(position, timeout=TIMEOUT)
    assert result is not None
    assert result.move.to_tuple() in ((2, 2), (2, 7))


def test_takeback_and_errors_over_the_pipe(engine: EngineClient) -> None:
    assert engine.start(15, timeout=TIMEOUT)
    engine.set_time(turn_time_ms=100)
    first = engine.begin(timeout=TIMEOUT)
    assert first is not None
    assert engine.takeback(first.move, timeout=TIMEOUT)
    engine.send_raw("TURN 99,99")
    assert engine.receive_raw("error", timeout=TIMEOUT).startswith("ERROR ")
    engine.send_raw("START 3")
    assert engine.receive_raw("error", timeout=TIMEOUT).startswith("ERROR ")
    assert engine.is_connected  # still alive, still answering
    again = engine.begin(timeout=TIMEOUT)
    assert again is not None and again.move == first.move


def test_a_whole_game_against_itself() -> None:
    """Two brains on an 8 x 8 board until five in a row or a full board; every move legal."""
    size = 8
    game = MNKGame(size, size, 5)
    players = (brain(), brain())
    try:
        for player in players:
            assert player.start(size, timeout=TIMEOUT)
            player.set_time(turn_time_ms=150, match_time_ms=60_000)
            player.set_rule(0)
        reply = players[0].begin(timeout=TIMEOUT)
        while True:
            assert reply is not None
            game.play(cell(game, reply.move))  # raises if the brain played an illegal move
            if game.is_terminal():
                break
            reply = players[game.to_move].turn(reply.move, timeout=TIMEOUT)
    finally:
        for player in players:
            player.quit()
    assert game.is_terminal()
    assert game.result_text() in ("x wins (5 in a row)", "o wins (5 in a row)", "draw")
