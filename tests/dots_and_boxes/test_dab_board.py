"""Rules, notation, make / unmake of the Dots and Boxes board (seed 000, §II.A)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.dots_and_boxes.exhaustive import exact_value
from reference.dots_and_boxes.geometry import geometry
from reference.dots_and_boxes.notation import edge_name
from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.errors import IllegalMoveError, ParameterError, PositionFormatError

SIZES = [(1, 1), (1, 2), (2, 1), (2, 2), (2, 3), (3, 3), (1, 4)]


def random_game(rows: int, cols: int, seed: int, plies: int | None = None) -> DotsAndBoxes:
    """A reachable position: ``plies`` random legal edges from the empty board."""
    rng = random.Random(seed)
    game = DotsAndBoxes(rows, cols)
    total = game.geo.num_edges
    n = rng.randrange(total + 1) if plies is None else plies
    for _ in range(n):
        free = [e for e in range(total) if not game.edges >> e & 1]
        game.play(rng.choice(free))
    return game


def test_edge_counts_and_openspiel_names() -> None:
    """h<r>,<c> is the top edge of box (r, c), v<r>,<c> its left edge; h edges come first."""
    geo = geometry(2, 3)
    assert geo.num_edges == 3 * 3 + 2 * 4 == 17
    names = [edge_name(2, 3, e) for e in range(geo.num_edges)]
    assert names[:3] == ["h0,0", "h0,1", "h0,2"]
    assert names[9] == "v0,0" and names[-1] == "v1,3"
    game = DotsAndBoxes(2, 3)
    for e in range(geo.num_edges):
        assert game.parse_move(game.format_move(e)) == e
    box = geo.box_masks[1 * 3 + 2]  # box (1, 2)
    assert {edge_name(2, 3, e) for e in range(17) if box >> e & 1} == {
        "h1,2", "h2,2", "v1,2", "v1,3"
    }


@pytest.mark.parametrize("rows,cols", [(0, 1), (1, 0), (-1, 2), (17, 1)])
def test_bad_sizes_rejected(rows: int, cols: int) -> None:
    with pytest.raises(ParameterError, match="rows and columns"):
        DotsAndBoxes(rows, cols)


@pytest.mark.parametrize("text", ["x0,0", "h3,0", "h0,2", "v2,0", "v0,3", "h,1", ""])
def test_bad_moves_rejected(text: str) -> None:
    with pytest.raises(PositionFormatError, match="bad move"):
        DotsAndBoxes(2, 2).parse_move(text)


def test_play_rejects_drawn_and_unknown_edges() -> None:
    game = DotsAndBoxes(1, 1)
    game.play(0)
    with pytest.raises(IllegalMoveError, match="already drawn"):
        game.play(0)
    with pytest.raises(IllegalMoveError, match="no edge"):
        game.play(4)


def test_completing_keeps_the_turn_and_two_boxes_at_once() -> None:
    """A move completing one or two boxes scores them and the same player moves again."""
    game = DotsAndBoxes(1, 2)
    for name in ["h0,0", "h1,0", "v0,0", "h0,1", "h1,1", "v0,2"]:
        assert game.play(game.parse_move(name)) == 0
    mover = game.to_move
    assert game.play(game.parse_move("v0,1")) == 2
    assert game.to_move == mover and game.scores[mover] == 2 and game.is_terminal()


@pytest.mark.parametrize("seed", range(20))
def test_notation_round_trips(seed: int) -> None:
    rows, cols = SIZES[seed % len(SIZES)]
    game = random_game(rows, cols, seed)
    text = game.to_notation()
    back = DotsAndBoxes.from_notation(text)
    assert back.to_notation() == text
    assert (back.edges, back.key, back.scores, back.to_move) == (
        game.edges, game.key, game.scores, game.to_move
    )
    assert [back.box_sides(b) for b in range(rows * cols)] == [
        game.box_sides(b) for b in range(rows * cols)
    ]


@pytest.mark.parametrize(
    "text,reason",
    [
        ("2x2", "expected"),
        ("2x2:0x0:0:0:2", "expected"),
        ("0x2:0x0:0:0:0", "rows and columns"),
        ("1x1:0x1f:0:0:0", "beyond"),
        ("1x1:0xf:0:0:0", "add up"),
        ("1x1:0x0:1:0:0", "add up"),
    ],
)
def test_bad_notation_rejected(text: str, reason: str) -> None:
    with pytest.raises(PositionFormatError, match=reason):
        DotsAndBoxes.from_notation(text)


@settings(max_examples=examples(60))
@given(st.sampled_from(SIZES), st.integers(0, 10**6), st.integers(1, 8))
def test_make_unmake_restores_everything(size: tuple[int, int], seed: int, back: int) -> None:
    """make / unmake restores edges, scores, side to move, key and box side counts."""
    game = random_game(*size, seed)
    before = game.to_notation(), game.key, [game.box_sides(b) for b in range(game.geo.num_boxes)]
    rng = random.Random(seed)
    made = 0
    for _ in range(back):
        moves = game.legal_moves()
        if not moves:
            break
        game.make(rng.choice(list(moves)))
        made += 1
    for _ in range(made):
        game.unmake()
    after = game.to_notation(), game.key, [game.box_sides(b) for b in range(game.geo.num_boxes)]
    assert after == before


@settings(max_examples=examples(40))
@given(st.sampled_from(SIZES), st.integers(0, 10**6))
def test_key_is_incremental_zobrist_of_edges(size: tuple[int, int], seed: int) -> None:
    """The key depends on the edge set only (not the score, not the side to move)."""
    game = random_game(*size, seed)
    done = sum(game.scores)
    # where the counts allow it the other side to move, with every box its own
    player = game.to_move if done <= 1 else 1 - game.to_move
    scores = (done, 0) if player == 0 else (0, done)
    fresh = DotsAndBoxes.from_notation(
        f"{size[0]}x{size[1]}:{game.edges:#x}:{scores[0]}:{scores[1]}:{player}"
    )
    assert fresh.key == game.key
    assert fresh.tt_key() == game.tt_key()


def test_render_draws_dots_and_lines() -> None:
    game = DotsAndBoxes(1, 1)
    for e in range(4):
        game.play(e)
    assert game.render().splitlines()[:3] == ["+---+", "| # |", "+---+"]


@pytest.mark.parametrize(
    "size",
    [
        (1, 1),
        (1, 2),
        (2, 2),
        (1, 3),
        (1, 4),
        pytest.param((2, 3), marks=pytest.mark.slow),
        pytest.param((3, 2), marks=pytest.mark.slow),
        (1, 5),
    ],
)
def test_capture_rule_and_symmetry_keep_every_value(size: tuple[int, int]) -> None:
    """Exhaustive: at every edge set of the board, some optimal move survives the
    capture rule, and every symmetric image has the same value (plain memoised minimax).
    """
    rows, cols = size
    memo: dict[int, int] = {}
    exact_value(rows, cols, 0, memo)
    game = DotsAndBoxes(rows, cols)
    geo = game.geo
    for edges, value in memo.items():
        game.set_position(edges, (0, 0), 0)
        best = -99
        for move in game.search_moves():
            k = game.make(move)
            child = memo.get(game.edges, 0)
            game.unmake()
            best = max(best, k + child if k else -child)
        assert best == value, game.render()
        for s in range(len(geo.symmetries)):
            assert memo.get(geo.transform(edges, s), 0) == value


@pytest.mark.parametrize("rows,cols,count", [(1, 1, 8), (2, 2, 8), (3, 3, 8), (2, 3, 4), (1, 4, 4)])
def test_symmetries_map_boxes_to_boxes(rows: int, cols: int, count: int) -> None:
    """4 symmetries for rectangles, 8 for squares (1x1 too); each permutes the edges and
    maps every box's four edges onto some box's four edges."""
    geo = geometry(rows, cols)
    assert len(geo.symmetries) == count
    boxes = set(geo.box_masks)
    for s, perm in enumerate(geo.symmetries):
        assert sorted(perm) == list(range(geo.num_edges))
        for mask in geo.box_masks:
            assert geo.transform(mask, s) in boxes
    rng = random.Random(rows * 10 + cols)
    for _ in range(200):
        edges = rng.getrandbits(geo.num_edges)
        assert geo.canonical(edges) == min(geo.transform(edges, s) for s in range(count))


def test_tt_key_is_64_bit_on_big_boards() -> None:
    """Boards of more than 64 edges fold the canonical edge set to a 64-bit key."""
    game = random_game(6, 6, seed=3, plies=30)
    assert game.geo.num_edges == 84
    assert 0 <= game.tt_key() < 1 << 64
    other = DotsAndBoxes(6, 6)
    other.set_position(game.geo.transform(game.edges, 3), game.scores, game.to_move)
    assert other.tt_key() == game.tt_key()
