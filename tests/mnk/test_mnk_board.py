"""Rules of the (M,N,K)-game on bitboards: parameters, perft, make / unmake, keys, wins."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from mnk_strategies import naive_has_line, play_choices, reachable_games

from reference.errors import IllegalMoveError, ParameterError
from reference.mnk.game import MNKGame
from reference.mnk.geometry import (
    Side,
    completing_cells_by_shifts,
    completing_cells_by_windows,
    geometry,
    has_k_line,
    neighbourhood,
)
from reference.mnk.rules import ORDERINGS
from reference.search import WIN, divide_raw, perft_raw

TIC_TAC_TOE_PERFT = [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]
"""Move sequences of exactly d plies in tic-tac-toe, d = 1..9 (finished games are not
expanded).  Cross-check: the games ending at each ply sum to 255,168, the number of possible
tic-tac-toe games (Wikipedia, "Tic-tac-toe", §Combinatorics)."""


@pytest.mark.parametrize(
    ("m", "n", "k"),
    [(0, 3, 3), (3, 0, 3), (27, 3, 3), (3, 27, 3), (3, 3, 0), (3, 3, 4), (4, 2, 5), (-1, 3, 1)],
)
def test_bad_parameters_raise_parameter_error(m: int, n: int, k: int) -> None:
    with pytest.raises(ParameterError, match="out of range"):
        MNKGame(m, n, k)


def test_parameter_limits_accepted() -> None:
    """M, N up to at least 15 x 15 and 1 <= K <= max(M, N), rectangular K along the long side."""
    assert MNKGame(15, 15, 5).legal_moves()[0] == 7 * 15 + 7  # the centre first
    assert MNKGame(26, 26, 26).geometry.cells == 676
    assert MNKGame(5, 2, 5).geometry.windows == (0b11111, 0b11111 << 5)
    with pytest.raises(ParameterError, match="ordering"):
        MNKGame(3, 3, 3, ordering="random")
    with pytest.raises(ParameterError, match="integer"):
        MNKGame(3, 3, 2.5)  # type: ignore[arg-type]


@pytest.mark.parametrize("depth", range(1, 9))
def test_tic_tac_toe_perft(depth: int) -> None:
    """The tic-tac-toe perft counts (terminal positions are leaves and are not expanded)."""
    assert perft_raw(MNKGame(3, 3, 3, ordering="natural"), depth) == TIC_TAC_TOE_PERFT[depth - 1]


def test_tic_tac_toe_perft_depth_9_and_game_count() -> None:
    """Depth 9, and the number of finished games 255,168 (Wikipedia, "Tic-tac-toe")."""
    assert perft_raw(MNKGame(3, 3, 3, ordering="natural"), 9) == TIC_TAC_TOE_PERFT[8]
    counts = [1, *TIC_TAC_TOE_PERFT]
    # perft_raw(d + 1) = (perft_raw(d) - games finished at ply d) * (9 - d)
    finished = sum(counts[d] - counts[d + 1] // (9 - d) for d in range(1, 9)) + counts[9]
    assert finished == 255_168


def test_divide_sums_to_perft_and_is_symmetric() -> None:
    split = divide_raw(MNKGame(3, 3, 3), 4)
    assert sum(split.values()) == 3024
    corners = {split[cell] for cell in (0, 2, 6, 8)}
    edges = {split[cell] for cell in (1, 3, 5, 7)}
    assert len(corners) == 1 and len(edges) == 1


@settings(max_examples=examples(150))
@given(reachable_games(max_moves=20), st.lists(st.integers(0, 1000), max_size=6))
def test_make_then_unmake_restores_board_and_key(game: MNKGame, choices: list[int]) -> None:
    before = (game.bits, game.key, game.tt_key(), game.to_move, game.is_terminal(), game.moves)
    made = len(play_choices(game, choices).moves) - len(before[5])
    for _ in range(made):
        game.unmake()
    assert (game.bits, game.key, game.tt_key(), game.to_move, game.is_terminal(), game.moves) == (
        before
    )


@settings(max_examples=examples(150))
@given(reachable_games(max_moves=20), st.booleans())
def test_incremental_key_equals_key_from_scratch(game: MNKGame, symmetry: bool) -> None:
    assert game.key == game.zobrist_from_scratch()
    rebuilt = MNKGame.from_notation(game.to_notation(), game.k, symmetry=symmetry)
    assert rebuilt.key == game.key
    assert 0 <= game.key < 2**64


def test_zobrist_keys_are_pinned() -> None:
    """Keys are reproducible across runs (seeded); a change of seed or layout is deliberate."""
    game = MNKGame(3, 3, 3)
    assert game.key == 0
    game.play(4)
    first = game.key
    assert first == geometry(3, 3, 3).zobrist[0][4]
    assert MNKGame(3, 3, 3, zobrist_seed=2).geometry.zobrist[0][4] != first
    fresh = MNKGame(3, 3, 3)
    fresh.play(4)
    assert fresh.key == first


@settings(max_examples=examples(300))
@given(
    reachable_games(
        shapes=[(3, 3, 3), (4, 4, 3), (5, 4, 4), (6, 6, 4), (4, 5, 2), (6, 2, 5), (2, 7, 6)],
        max_moves=30,
    )
)
def test_win_detection_agrees_with_naive_scan(game: MNKGame) -> None:
    """The incremental check through the last stone == whole-board shifts == a naive walk."""
    geo = game.geometry
    for player in (0, 1):
        bits = game.bits[player]
        assert has_k_line(bits, geo) == naive_has_line(bits, game.m, game.n, game.k)
    last_mover = 1 - game.to_move
    won = game.winner() is not None
    assert won == (bool(game.moves) and has_k_line(game.bits[last_mover], geo))
    # The side to move never has a line: the game stopped at the first one.
    assert not has_k_line(game.bits[game.to_move], geo)


def test_terminal_scores() -> None:
    game = MNKGame(3, 3, 3)
    for move in (0, 3, 1, 4):
        game.play(move)
    assert not game.is_terminal()
    game.play(2)  # x completes the bottom row
    assert game.is_terminal() and game.winner() is Side.X
    assert game.terminal_score() == -WIN and game.legal_moves() == []
    draw = MNKGame.from_notation("xox/xoo/oxx o", 3)
    assert draw.is_terminal() and draw.winner() is None and draw.terminal_score() == 0


def test_k_equals_one_first_stone_wins() -> None:
    game = MNKGame(2, 2, 1)
    game.play(3)
    assert game.winner() is Side.X


def test_play_rejects_illegal_moves() -> None:
    game = MNKGame(3, 3, 3)
    game.play(4)
    with pytest.raises(IllegalMoveError, match="occupied"):
        game.play(4)
    with pytest.raises(IllegalMoveError, match="off the board"):
        game.play(9)
    with pytest.raises(IllegalMoveError, match="cell index"):
        game.play("b2")  # type: ignore[arg-type]
    won = MNKGame.from_notation("xxx/oo./... o", 3)
    with pytest.raises(IllegalMoveError, match="game is over"):
        won.play(8)
    with pytest.raises(IllegalMoveError, match="no move to take back"):
        won.unmake()


@pytest.mark.parametrize("ordering", ORDERINGS)
@settings(max_examples=examples(40))
@given(data=st.data())
def test_orderings_give_the_same_moves(ordering: str, data: st.DataObject) -> None:
    game = data.draw(reachable_games(ordering=ordering))
    occupied = game.bits[0] | game.bits[1]
    moves = game.legal_moves()
    assert len(moves) == len(set(moves))
    expected = [] if game.is_terminal() else [c for c in range(game.geometry.cells)]
    assert sorted(moves) == [c for c in expected if not occupied >> c & 1]


def test_centre_ordering_tic_tac_toe() -> None:
    """Centre (4 lines), then corners (3 lines), then edges (2 lines)."""
    assert MNKGame(3, 3, 3).legal_moves() == [4, 0, 2, 6, 8, 1, 3, 5, 7]
    assert MNKGame(3, 3, 3, ordering="natural").legal_moves() == list(range(9))


def test_near_ordering_and_neighbourhood_do_not_wrap() -> None:
    game = MNKGame(4, 3, 3, ordering="near")
    game.play(3)  # d1, right edge
    geo = game.geometry
    assert neighbourhood(1 << 3, geo) == (1 << 2) | (1 << 3) | (1 << 6) | (1 << 7)
    assert game.legal_moves()[:3] == [6, 2, 7]  # c2 (5 lines), c1 (4), d2 (2)
    assert neighbourhood(1 << 4, geo) == (1 << 0) | (1 << 1) | (1 << 4) | (1 << 5) | (1 << 8) | (
        1 << 9
    )


def test_render_and_copy() -> None:
    game = MNKGame.from_notation("x../.o./... x", 3)
    assert game.render().splitlines() == ["3 X . .", "2 . O .", "1 . . .", "  a b c", "X to move"]
    clone = game.copy()
    clone.play(0)
    assert game.stones == 2 and clone.stones == 3


@settings(max_examples=examples(150))
@given(
    reachable_games(shapes=[(3, 3, 3), (4, 4, 3), (4, 4, 4), (5, 4, 4), (4, 5, 2)], max_moves=12)
)
def test_completing_cells_are_the_immediate_wins(game: MNKGame) -> None:
    """``completing_cells(p)`` == the empty cells where a stone of p makes K in a row."""
    if game.is_terminal():
        return
    occupied = game.bits[0] | game.bits[1]
    for player in (0, 1):
        expected = 0
        for cell in range(game.geometry.cells):
            if not occupied >> cell & 1:
                bits = game.bits[player] | 1 << cell
                if naive_has_line(bits, game.m, game.n, game.k):
                    expected |= 1 << cell
        assert game.completing_cells(player) == expected


def test_threats_ordering_puts_wins_then_blocks_first() -> None:
    win = MNKGame.from_notation("x.x/oo./... x", 3)  # x to move; o threatens c2, x threatens b3
    assert win.legal_moves()[0] == 7  # b3: x's own win before o's block
    block = MNKGame.from_notation("..x/oo./xx. o", 3, ordering="threats")
    assert block.legal_moves()[0] == 5  # c2: o wins at once
    forced = MNKGame.from_notation("x../oo./..x x", 3)
    assert forced.legal_moves()[0] == 5  # c2: x must block
    assert MNKGame(3, 3, 3, ordering="centre").legal_moves() == MNKGame(3, 3, 3).legal_moves()


@settings(max_examples=examples(150))
@given(
    reachable_games(
        shapes=[(3, 3, 3), (4, 4, 4), (6, 6, 4), (9, 7, 5), (15, 15, 5), (4, 5, 2), (5, 1, 3)],
        max_moves=40,
    )
)
def test_completing_cells_by_shifts_equals_by_windows(game: MNKGame) -> None:
    geo = game.geometry
    for player in (0, 1):
        own, other = game.bits[player], game.bits[1 - player]
        assert completing_cells_by_shifts(own, other, geo) == completing_cells_by_windows(
            own, other, geo
        )
