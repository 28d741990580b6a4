"""The time-limited player (seed 001, §Iterative Deepening): legal, in time, and never loses
tic-tac-toe against itself."""

from __future__ import annotations

import pytest

from reference.errors import ParameterError
from reference.mnk.game import MNKGame
from reference.mnk.players import NearMovesGame, TimedPlayer, play_game
from reference.search.context import DEADLINE_CHECK_INTERVAL


def stopped_clock() -> float:
    """A clock that never moves: the deadline never passes, only ``max_depth`` stops the search."""
    return 0.0


class TickClock:
    """A clock that advances one second each time it is read (no real time involved)."""

    def __init__(self) -> None:
        self.now = 0.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += 1.0
        return self.now


def test_self_play_tic_tac_toe_is_a_draw() -> None:
    """Both sides search to the end of the game: perfect play draws (3,3,3 is a draw).
    A stopped clock: the depth, not the machine's speed, decides how far they look."""
    game = MNKGame(3, 3, 3, symmetry=True)
    players = (
        TimedPlayer(2.0, max_depth=9, clock=stopped_clock),
        TimedPlayer(2.0, max_depth=9, clock=stopped_clock),
    )
    choices = play_game(game, players)
    assert game.is_terminal() and game.winner() is None
    assert len(choices) == 9
    assert all(choice.exact for choice in choices)


def test_player_takes_an_immediate_win_and_blocks() -> None:
    player = TimedPlayer(1.0, max_depth=3, clock=stopped_clock)
    win = MNKGame.from_notation("x.x/oo./... x", 3)
    assert player.choose(win).best_move in (7, 5)  # b3 wins at once; c2 blocks and forks
    block = MNKGame.from_notation("x../oo./..x x", 3)
    assert player.choose(block).best_move == 5  # c2
    assert block.stones == 4  # the game itself is not changed


def test_player_respects_its_time_limit_on_a_big_board() -> None:
    """15 x 15, K = 5: too big to finish, so the deadline stops the search.  The injected
    clock advances one second per read and the limit is 30 s: the search stops at the
    first check after the 30th read, whatever the machine's speed."""
    game = MNKGame(15, 15, 5, ordering="near")
    for text in ("h8", "h9", "i9"):
        game.play(game.parse_move(text))
    clock = TickClock()
    choice = TimedPlayer(30.0, clock=clock).choose(game)
    assert clock.now >= 31.0  # it ran until the deadline had passed ...
    # ... and stopped at the next check: one read per DEADLINE_CHECK_INTERVAL nodes, one
    # per finished iteration, one at the start
    assert clock.reads <= choice.stats.nodes // DEADLINE_CHECK_INTERVAL + choice.depth + 2
    assert choice.depth >= 1 and not choice.exact
    assert not (game.bits[0] | game.bits[1]) >> choice.best_move & 1


def test_bad_time_limit() -> None:
    with pytest.raises(ParameterError, match="time limit"):
        TimedPlayer(0)


def test_near_moves_view_keeps_wins_and_blocks() -> None:
    """Radius 1 keeps every immediate win and forced block (they touch a stone)."""
    game = MNKGame(9, 9, 4)
    for text in ("e5", "a1", "f5", "a2", "g5"):
        game.play(game.parse_move(text))
    view = NearMovesGame.of(game, 1)
    moves = view.search_moves()
    assert view.selective and not game.selective
    assert view.legal_moves() == game.legal_moves()  # the rules are not pruned
    assert set(moves) < set(game.legal_moves())
    assert moves[0] in (game.parse_move("a3"), game.parse_move("d5"), game.parse_move("h5"))
    assert {game.parse_move(c) for c in ("d5", "h5", "a3")} <= set(moves)
    assert game.parse_move("i9") not in moves
    assert NearMovesGame.of(MNKGame(15, 15, 5), 1).search_moves() == [7 * 15 + 7]
    assert view.moves == game.moves  # same history: unmake works on the view
    view.unmake()
    assert game.stones == 5


def test_player_prunes_only_big_boards() -> None:
    player = TimedPlayer(0.1)
    assert player.radius_for(MNKGame(4, 4, 4)) is None
    assert player.radius_for(MNKGame(15, 15, 5)) == 1
    assert TimedPlayer(0.1, candidate_radius=None).radius_for(MNKGame(15, 15, 5)) is None
    with pytest.raises(ParameterError, match="candidate radius"):
        TimedPlayer(0.1, candidate_radius=0)
