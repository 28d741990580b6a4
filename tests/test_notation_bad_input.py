"""Every game's notation: bad text is a GameError, never a traceback.

For each game, hypothesis mutates valid positions and moves (replacing, deleting and
inserting characters, among them digits that are not ASCII and 5,000-digit
numbers) and feeds them to ``from_notation`` and ``parse_move``.  A parser either
raises a :class:`~reference.errors.GameError` or returns a game whose notation
reads back to itself, and it never accepts a digit outside ``0-9``.  The
consistency checks (stone counts, side to move, ...) must never refuse a position
that play can reach: random games of every game are written and read back.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference import Connect6, DotsAndBoxes, DouShouQi, MNKGame, WarGame
from reference.digits import is_digits, parse_natural
from reference.errors import GameError, ParameterError, PositionFormatError
from reference.files import read_text_file
from reference.search.protocol import PlayableGame

AnyGame = PlayableGame[Any]

FOREIGN_DIGITS = "²٢३３𝟐①߂¹"
"""Characters Python calls digits (``isdigit`` or ``int``) that are not ASCII digits."""

HUGE = "9" * 5000


@dataclass(frozen=True)
class Notation:
    """How to read one game's positions, and samples to mutate."""

    read: Callable[[str], AnyGame]
    start: Callable[[], AnyGame]
    positions: tuple[str, ...]
    moves: tuple[str, ...]
    alphabet: str


NOTATIONS: dict[str, Notation] = {
    "mnk": Notation(
        read=lambda text: MNKGame.from_notation(text, 3),
        start=lambda: MNKGame(3, 3, 3),
        positions=("x../.o./... x", "xo./.x./... o", "xxx/oo./... o", "..../..../.... x"),
        moves=("a1", "b2", "c3", "B2"),
        alphabet="xo./ XO0123456789abc",
    ),
    "dots-and-boxes": Notation(
        read=DotsAndBoxes.from_notation,
        start=lambda: DotsAndBoxes(2, 2),
        positions=("2x2:0x0:0:0:0", "1x1:0x7:0:0:1", "2x2:0xfff:2:2:0", "1x2:0x7f:1:1:0"),
        moves=("h0,0", "v1,2", "h 2 , 1"),
        alphabet="0123456789x:abcdefhv, ",
    ),
    "connect6": Notation(
        read=Connect6.from_notation,
        start=lambda: Connect6(7),
        positions=("6//", "7/d4/", "7/d4/c3,e5", "10/a1,c3,d3/a10,b10"),
        moves=("d4", "c3,e5", "g7"),
        alphabet="0123456789abcdefg/,",
    ),
    "wargame": Notation(
        read=WarGame.from_notation,
        start=lambda: WarGame.from_notation("...../..... aK@a1,bA@e2 a 3/10"),
        positions=(
            "...../..... aK@a1,bA@e2 a 3/10",
            "... aS@a1:5/5/1/1-1,bS@c1:5/1/1/1-1 a 0/4",
            "..^/f~. aA@a1 b",
        ),
        moves=("a1-a2", "a1-b1xe2", "-", "a1-a1"),
        alphabet="0123456789.^~f/ abeSAK@:,-x",
    ),
    "dou-shou-qi": Notation(
        read=DouShouQi.from_notation,
        start=DouShouQi.start,
        positions=(
            "A: Ld3 Ta1 / B: Cd4 / A",
            "A: Ha4 / B: - / B / 12",
            "A: Ta1 Lg1 Cb2 Df2 Ea3 Wc3 He3 Mg3 / B: Ma7 Hc7 We7 Eg7 Db8 Cf8 La9 Tg9 / A",
        ),
        moves=("e3-d3", "a3-a4", "pass"),
        alphabet="0123456789ABMCWDHTLEabcdefg:/ -",
    ),
}

GAMES = tuple(NOTATIONS)


@st.composite
def mutated(draw: st.DrawFn, samples: tuple[str, ...], alphabet: str) -> str:
    """A sample with 1-4 edits: replace, delete or insert characters or junk."""
    text = draw(st.sampled_from(samples))
    pool = alphabet + FOREIGN_DIGITS
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.integers(0, len(text)))
        kind = draw(st.integers(0, 3))
        if kind == 0 and text:
            where = min(where, len(text) - 1)
            text = text[:where] + draw(st.sampled_from(pool)) + text[where + 1 :]
        elif kind == 1:
            text = text[:where] + text[where + 1 :]
        elif kind == 2:
            text = text[:where] + draw(st.sampled_from(pool)) + text[where:]
        else:
            junk = draw(st.sampled_from((HUGE, "1" + "0" * 20, "-1", "", " ", "\n")))
            text = text[:where] + junk + text[where:]
    return text


def has_foreign_digit(text: str) -> bool:
    return any((c.isdigit() or c.isnumeric()) and not "0" <= c <= "9" for c in text)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=examples(150))
@given(data=st.data())
def test_positions_are_read_or_refused_with_a_game_error(name: str, data: st.DataObject) -> None:
    notation = NOTATIONS[name]
    text = data.draw(mutated(notation.positions, notation.alphabet))
    try:
        game = notation.read(text)
    except GameError as error:
        assert str(error) and "\n" not in str(error)
        return
    assert not has_foreign_digit(text), text
    written = game.to_notation()
    assert notation.read(written).to_notation() == written


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=examples(150))
@given(data=st.data())
def test_moves_are_read_or_refused_with_a_game_error(name: str, data: st.DataObject) -> None:
    notation = NOTATIONS[name]
    text = data.draw(mutated(notation.moves, notation.alphabet))
    game = notation.start()
    try:
        move = game.parse_move(text)
    except GameError:
        return
    assert not has_foreign_digit(text), text
    assert game.parse_move(game.format_move(move)) == move


PLAYOUT_STARTS: dict[str, Callable[[], AnyGame]] = {
    "mnk": lambda: MNKGame(4, 4, 3),
    "dots-and-boxes": lambda: DotsAndBoxes(2, 3),
    "connect6": lambda: Connect6(6),
    "wargame": lambda: WarGame.from_notation("..../.... aS@a1,aA@b1,bS@d2,bK@c2 a 0/12"),
    "dou-shou-qi": lambda: DouShouQi.start(draw_limit=60),
}


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", range(6))
def test_every_reachable_position_is_accepted(name: str, seed: int) -> None:
    """The consistency checks never refuse a position play reaches, and the side to
    move read back is the side to move of the game."""
    rng = random.Random(seed)
    game = PLAYOUT_STARTS[name]()
    read = NOTATIONS[name].read
    for _ in range(60):
        back = read(game.to_notation())
        assert back.to_notation() == game.to_notation()
        assert back.to_move == game.to_move and back.is_terminal() == game.is_terminal()
        if game.is_terminal():
            break
        game.play(rng.choice(list(game.legal_moves())))


@pytest.mark.parametrize(
    ("name", "text", "fragment"),
    [
        ("connect6", "10/a1,b1,c1,d1/a10,b10,c10", "impossible stone counts"),
        ("connect6", "10/a1,b1/a10,b10,c10", "impossible stone counts"),
        ("dots-and-boxes", "2x2:0x0:٠:0:0", "bad position"),
        ("dots-and-boxes", f"2x2:0x0:{HUGE}:0:0", "too large"),
        ("dou-shou-qi", "A: Ta1 / B: - / A", "B has no pieces but A is to move"),
        ("dou-shou-qi", "A: Ta1 / B: Lg9 / A / 201", "past the draw limit"),
        ("dou-shou-qi", "A: Ta1 / B: Lg9 / A / ١", "digits 0-9"),
        ("mnk", "x../.o./... ٢", "bad side to move"),
        ("wargame", "... aS@a1:5/5/1/1-1,bS@c1:5/1/1/1-١ a", "numbers only"),
        ("wargame", "... aS@a1,bS@c1 a 0/" + HUGE, "too large"),
    ],
)
def test_impossible_positions_are_refused(name: str, text: str, fragment: str) -> None:
    with pytest.raises(GameError, match=fragment):
        NOTATIONS[name].read(text)


def test_possible_positions_near_the_rules_edges_are_accepted() -> None:
    # one black pair made two sixes at once (rows 1 and 3 share no stone): a legal win
    black = ",".join(f"{c}{r}" for r in (1, 3) for c in "abcdef") + ",j10"
    white = ",".join(f"{c}{r}" for r in (5, 7) for c in "abcde") + ",a9,c9"
    game = Connect6.from_notation(f"10/{black}/{white}")
    assert game.is_terminal() and game.terminal_score() < 0
    # a full 6 x 6 board: black placed the last, single stone, so white is to move
    cells = [(c, r) for r in range(6) for c in range(6)]
    full_black = [f"{'abcdef'[c]}{r + 1}" for c, r in cells if (c // 2 + r + r // 2) % 2 == 0]
    full_white = [f"{'abcdef'[c]}{r + 1}" for c, r in cells if (c // 2 + r + r // 2) % 2 == 1]
    full = Connect6.from_notation(f"6/{','.join(full_black)}/{','.join(full_white)}")
    assert full.is_terminal() and int(full.to_move) == 1
    # Dots and Boxes: either player may be to move (0 and 1 name the players, not who
    # started): the paper's theorems are checked with both
    for text in ("1x2:0x7f:1:1:0", "1x2:0x7f:1:1:1", "2x2:0x0:0:0:1", "1x1:0xd:0:0:0"):
        assert DotsAndBoxes.from_notation(text).to_notation() == text


@pytest.mark.parametrize("text", ["٢", "²", "1_0", "+1", " 1", "", "0x1", "१"])
def test_parse_natural_accepts_ascii_digits_only(text: str) -> None:
    assert not is_digits(text)
    with pytest.raises(PositionFormatError, match="digits 0-9"):
        parse_natural(text, "count")


def test_parse_natural_bounds() -> None:
    assert parse_natural("007", "count") == 7
    assert parse_natural("18", "count", high=18) == 18
    with pytest.raises(PositionFormatError, match="at most 18"):
        parse_natural("19", "count", high=18)
    with pytest.raises(PositionFormatError, match="5000 digits"):
        parse_natural(HUGE, "count")


def test_read_text_file_says_each_problem_once(tmp_path: Path) -> None:
    """``reference.files.read_text_file``: one clear message per problem, said once (a
    ParameterError is a ValueError too: it must not be caught and wrapped again)."""
    text = tmp_path / "ok.txt"
    text.write_text("a1 b2\n", encoding="utf-8")
    assert read_text_file(str(text), "scenario file", 100) == "a1 b2\n"
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"ok\xff")
    big = tmp_path / "big.txt"
    big.write_text("x" * 101, encoding="utf-8")
    for path, words in (
        (tmp_path / "missing.txt", "no such file"),
        (tmp_path, "not a regular file"),
        (binary, "not UTF-8 text (byte 2)"),
        (big, "larger than 100 bytes"),
        (Path("nul\x00name"), "cannot read scenario file"),
    ):
        with pytest.raises(ParameterError) as caught:
            read_text_file(str(path), "scenario file", 100)
        message = str(caught.value)
        assert words in message and message.count("scenario file") == 1, message
