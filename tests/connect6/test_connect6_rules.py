"""Rules, notation, keys and rendering of Connect6 (our notation: the report has none).

Seed 004 never states the rules; they are the standard Connect6 rules of I-Chen Wu (Wu and
Huang, A New Family of k-in-a-row Games, ACG 2005, LNCS 4250, 2006), this package's choice (see
``reference/connect6/rules.py``).
"""

from __future__ import annotations

import pytest
from connect6_strategies import play_random, reachable_games
from hypothesis import given, settings
from hypothesis_profiles import examples

from reference.bits import bit_indices
from reference.connect6 import Connect6, Position, Side, format_position, parse_position
from reference.connect6.candidates import candidate_points
from reference.connect6.geometry import geometry, has_six
from reference.connect6.roads import THREAT_LENGTHS, RoadTable
from reference.errors import IllegalMoveError, ParameterError, PositionFormatError
from reference.search.protocol import MATE_BOUND, WIN


def test_road_count_19x19() -> None:
    """2 * 19 * 14 + 2 * 14 * 14 = 924 roads (rows, columns, two diagonal directions)."""
    geo = geometry(19)
    assert len(geo.roads) == 924
    assert max(len(t) for t in geo.through) == 24  # seed 004, §2.2.1: four directions x 6


@pytest.mark.parametrize("size", [5, 20, 0, -1])
def test_bad_sizes_rejected(size: int) -> None:
    with pytest.raises(ParameterError, match="between 6 and 19"):
        Connect6(size)


def test_black_opens_with_one_stone_then_two() -> None:
    """Rules: "Black plays first, putting one black stone on one intersection. Subsequently,
    White and Black take turns, placing two stones on two different unoccupied spaces"
    (Board Game Arena, Connect6 help, http://en.doc.boardgamearena.com/Gamehelpconnectsix;
    the game is I-Chen Wu's: Connect(6, 2, 1) of Wu and Huang 2006).  Seed 004 does not state
    it."""
    game = Connect6(19)
    assert game.to_move == Side.BLACK and game.stones_per_move() == 1
    assert game.search_moves() == [(game.geo.centre,)]
    assert len(game.legal_moves()) == 19 * 19
    with pytest.raises(IllegalMoveError, match="needs 1 stone"):
        game.play(game.parse_move("a1,b1"))
    game.play(game.parse_move("j10"))
    assert Side(game.to_move) == Side.WHITE and game.stones_per_move() == 2
    with pytest.raises(IllegalMoveError, match="needs 2 stone"):
        game.play(game.parse_move("a1"))
    with pytest.raises(IllegalMoveError, match="occupied"):
        game.play(game.parse_move("j10,a1"))
    with pytest.raises(IllegalMoveError, match="different points"):
        game.play((0, 0))
    with pytest.raises(IllegalMoveError, match="not on the"):
        game.play((0, 19))  # the guard bit of row 1
    game.play(game.parse_move("k11,i9"))
    assert game.to_move == Side.BLACK
    assert game.to_notation() == "19/j10/i9,k11"


def test_play_accepts_any_legal_pair_not_only_candidates() -> None:
    game = Connect6.from_notation("19/j10/i9,k11")
    far = game.parse_move("a1,s19")
    assert far not in game.search_moves() and far in game.legal_moves()
    game.play(far)
    assert game.to_notation() == "19/a1,j10,s19/i9,k11"


def test_six_in_a_row_wins_and_more_than_six_too() -> None:
    """ "The player who is the first to get six or more stones in a row ... wins" (Board Game
    Arena, Connect6 help); Wu and Huang 2006: "The player who gets k consecutive stones of her
    own first wins", with k = 6 and no upper limit, so seven in a row wins too.  Seed 004 states no
    such rule: this package's choice."""
    # black to move (5 black, 6 white), black has a1..e1 minus nothing: playing f1 makes six
    game = Connect6.from_notation("9/a1,b1,c1,d1,e1/a3,b3,c3,d3,a5,b5")
    assert game.to_move == Side.BLACK
    assert game.winning_move() is not None
    game.play(game.parse_move("f1,i9"))
    assert game.is_terminal() and game.winner() == Side.BLACK
    assert game.terminal_score() == -WIN  # white to move has lost
    assert game.legal_moves() == [] and game.search_moves() == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.play(game.parse_move("h9,i8"))
    # seven in a row (a gap filled): still a win
    seven = Connect6.from_notation("9/a2,b2,c2,e2,f2,g2,i8/a4,b4,c4,d5,e5,f6,h9,a8")
    seven.play(seven.parse_move("d2,a9"))
    assert seven.winner() == Side.BLACK


def full_board_without_six(size: int) -> Position:
    """Columns in pairs, shifted every row: no six in any direction (checked below)."""
    geo = geometry(size)
    black = white = 0
    for row in range(size):
        for col in range(size):
            if ((col // 2) + row + (row // 2)) % 2 == 0:
                black |= 1 << geo.point(col, row)
            else:
                white |= 1 << geo.point(col, row)
    return Position(size, black, white)


def test_full_board_is_a_draw_and_last_move_is_one_stone() -> None:
    """ "If the board is full without either side being able to form such a row, the game is a
    tie" (German Wikipedia, "Connect6", via de.zxc.wiki/wiki/Connect6).  The single last stone
    on an even board is our rule (the sources do not cover it)."""
    full = full_board_without_six(6)
    geo = geometry(6)
    assert not has_six(geo, full.black) and not has_six(geo, full.white)
    assert full.black.bit_count() == full.white.bit_count() == 18
    # take one black stone away: black to move?  17 black, 18 white -> black, one empty point
    last = bit_indices(full.black)[-1]
    game = Connect6(position=Position(6, full.black & ~(1 << last), full.white))
    assert game.to_move == Side.BLACK and game.stones_per_move() == 1
    assert game.legal_moves() == [(last,)]
    game.play((last,))
    assert game.is_terminal() and game.winner() is None and game.terminal_score() == 0
    assert "draw" in game.render()
    assert Connect6.from_notation(format_position(full)).is_terminal()


@settings(max_examples=examples(60))
@given(reachable_games())
def test_notation_round_trips_on_reachable_positions(game: Connect6) -> None:
    text = game.to_notation()
    again = Connect6.from_notation(text)
    assert again.to_notation() == text
    assert again.key == game.key and again.to_move == game.to_move
    assert again.table.state() == game.table.state()
    for move in game.legal_moves()[:5]:
        assert game.parse_move(game.format_move(move)) == move


@settings(max_examples=examples(40))
@given(reachable_games())
def test_key_is_incremental_and_unmake_restores(game: Connect6) -> None:
    before = (game.to_notation(), game.key, game.table.state(), game.to_move)
    for move in game.legal_moves()[:4]:
        game.make(move)
        fresh = Connect6.from_notation(game.to_notation())
        assert game.key == fresh.key
        game.unmake()
        assert (game.to_notation(), game.key, game.table.state(), game.to_move) == before


def test_zobrist_key_pinned() -> None:
    """Keys come from reference.search.random_keys with ZOBRIST_SEED: pin one so changes show."""
    game = Connect6.from_notation("19/j10/i9,k11")
    assert game.key == 0x56C881D78B029217
    assert game.key == Connect6.from_notation("19/j10/k11,i9").key
    assert game.key != Connect6.from_notation("19/j10/i9,k12").key
    assert Connect6(19).key == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("19/j10", "expected 'size/black points/white points'"),
        ("x/j10/", "board size 'x' is not a number"),
        ("1٢/j10/", "board size '1٢' is not a number written with the digits 0-9"),
        ("12/j١0/", "bad point"),
        ("10/a1,b1,c1,d1/a10,b10,c10", "impossible stone counts"),
        ("10/a1,b1/a10,b10,c10", "impossible stone counts"),
        (
            "10/a1,b1,c1,d1,e1,f1,a3,b3,c3,d3,e3,f3,a5,b5,c5,d5,e5,f5,j10/a2,b2,c2,d2,e2,a4,b4,c4,d4,e4,a6,b6,c6,d6,e6,a8,b8,c8",
            "cannot all have been made by its last move",
        ),
        ("5//", "between 6 and 19"),
        ("19/j10,j10/", "listed twice"),
        ("19/j10/j10,a1", "listed twice"),
        ("19/t1//", "expected"),
        ("19/t1/", "off the 19x19 board"),
        ("9/a10/", "off the 9x9 board"),
        ("19/j0/", "off the"),
        ("19/j10,k10/", "impossible stone counts"),
        ("19//a1", "impossible stone counts"),
        ("19/1a/", "bad point"),
        ("9/a1,b1,c1,d1,e1,f1,h9/a3,b3,c3,d3,a5,b5,c5,h7", "already has six"),
    ],
)
def test_bad_positions_rejected(text: str, message: str) -> None:
    with pytest.raises(PositionFormatError, match=message):
        parse_position(text)


@pytest.mark.parametrize("text", ["", "j10,", "j10,k11,l12", "j10,j10", "z1", "j", "10"])
def test_bad_moves_rejected(text: str) -> None:
    with pytest.raises(PositionFormatError):
        Connect6(19).parse_move(text)


def test_move_notation_a1_bottom_left() -> None:
    geo = geometry(19)
    game = Connect6(19)
    assert game.parse_move("a1") == (geo.point(0, 0),)
    assert game.parse_move("s19") == (geo.point(18, 18),)
    assert game.parse_move("k11,i9") == (geo.point(8, 8), geo.point(10, 10))
    assert game.format_move(game.parse_move("K11, i9")) == "i9,k11"


def test_render_shows_stones_and_side_to_move() -> None:
    game = Connect6.from_notation("7/d4/c3,e5")
    picture = game.render()
    assert picture.splitlines()[3] == " 4 . . . X . . ."
    assert picture.splitlines()[-2] == "   a b c d e f g"
    assert picture.endswith("black (X) to move, 2 stone(s)")


@settings(max_examples=examples(15))
@given(reachable_games(sizes=(6,), max_moves=40))
def test_random_games_end_in_six_or_full_board(game: Connect6) -> None:
    play_random(game, list(range(40)))
    assert game.is_terminal()
    winner = game.winner()
    if winner is None:
        assert game.occupied == game.geo.board_mask
    else:
        assert has_six(game.geo, game.stones(winner))
        assert not has_six(game.geo, game.stones(winner.other))


@settings(max_examples=examples(40))
@given(reachable_games(sizes=(6, 9, 19), max_moves=10))
def test_candidates_are_empty_points_within_two_rings(game: Connect6) -> None:
    """Seed 004, §2.1.2: "选择棋盘中已落点的周围两层点" (Chebyshev distance <= 2), by brute force."""
    geo = game.geo
    stones = [geo.col_row(p) for p in bit_indices(game.occupied)]
    expected = [
        p
        for p in geo.points
        if not game.occupied >> p & 1
        and any(
            max(abs(c - sc), abs(r - sr)) <= 2 for sc, sr in stones for c, r in [geo.col_row(p)]
        )
    ]
    if not stones:
        expected = [geo.centre]
    elif not expected:
        expected = bit_indices(geo.board_mask & ~game.occupied)
    assert candidate_points(geo, game.occupied) == expected


@settings(max_examples=examples(40))
@given(reachable_games(sizes=(6, 9, 19), max_moves=10))
def test_candidate_moves_are_legal_and_evaluation_stays_heuristic(game: Connect6) -> None:
    """Every candidate pair passes play's checks; evaluate stays inside the core's band."""
    moves = game.search_moves()
    assert set(moves) <= set(game.legal_moves())
    assert len(moves) == len(set(moves)) <= max(game.pair_width, 1) + 1
    for move in moves:
        game.play(move)
        assert -MATE_BOUND < game.evaluate() < MATE_BOUND or game.is_terminal()
        game.unmake()
    assert -MATE_BOUND < game.evaluate() < MATE_BOUND


def test_moves_example() -> None:
    game = Connect6(19)
    for text in ["j10", "i9,k11", "j9,j11"]:
        game.play(game.parse_move(text))
    assert game.to_notation() == "19/j9,j10,j11/i9,k11"
    assert game.to_move == Side.WHITE


def test_threat_roads_are_the_roads_with_four_or_five_stones_of_one_colour() -> None:
    """Seed 004, §2.1.4: "在六子棋中，4 子和 5 子是对对方产生威胁的棋形" (4 and 5 stones threaten):
    ``threat_roads(c)`` holds every road (run of six points) with 4 or 5 stones of colour
    ``c`` and none of the other, counted here from the stones on the board."""
    assert THREAT_LENGTHS == (4, 5)
    game = Connect6.from_notation("9/a1,b1,c1,d1,e1/a3,b3,c3,d3,a5,b5")  # black five, white four
    for colour in (0, 1):
        mine, theirs = game.stones(colour), game.stones(1 - colour)
        expected = {
            r
            for r, road in enumerate(game.geo.roads)
            if sum(mine >> p & 1 for p in road) in (4, 5) and not any(theirs >> p & 1 for p in road)
        }
        assert sorted(game.table.threat_roads(colour)) == sorted(expected)
    fives = [r for r in game.table.threat_roads(0) if sum(game.stones(0) >> p & 1 for p in game.geo.roads[r]) == 5]
    assert fives and game.table.threat_roads(1)


def test_road_table_snapshot_follows_a_colour_swap() -> None:
    """The road table treats the colours alike: the table of the position with black and
    white exchanged has the snapshot with the two colours' parts exchanged (stone counts,
    live roads, scores; the blank roads are the same)."""
    game = Connect6.from_notation("9/a1,b1,c1,d1,e1/a3,b3,c3,d3,a5,b5")
    table = RoadTable.rebuild(game.geo, game.black, game.white)
    swapped = RoadTable.rebuild(game.geo, game.white, game.black)
    (stones_b, stones_w), (live_b, live_w), blank, (score_b, score_w) = table.state()
    assert swapped.state() == ((stones_w, stones_b), (live_w, live_b), blank, (score_w, score_b))
    assert stones_b != stones_w and live_b != live_w and score_b != score_w
