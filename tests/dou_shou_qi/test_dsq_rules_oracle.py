"""The move generator against a second, slow one written sentence by sentence from §2.1.

Seed 003, §2.1 ("Rules of the Game") and the rules the thesis leaves implicit (a side
with no pieces, or none to move, has lost).  :func:`rules_text_moves` shares nothing with
``reference.dou_shou_qi``: squares are ``(file, rank)`` pairs, it tries every one of
the 63 squares as a destination for every piece and asks each sentence of the
rules whether the move is allowed.  It is slow and plain on purpose; the game's
fast generator (``DouShouQi.legal_moves``, precomputed step and jump tables) must
produce exactly the same set on every position, and the same perft counts.

A second, dict-based generator lives in ``test_dsq_perft.py``; this one is
independent of it too (different representation, different structure).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.dou_shou_qi.notation import format_placement
from reference.dou_shou_qi.positions import random_placement
from reference.dou_shou_qi.rules import DouShouQi
from reference.search import perft_raw

Sq = tuple[int, int]  # (file 0..6 for a..g, rank 1..9)
Man = tuple[str, int, Sq]  # (side "A" / "B", strength 1..8, square)

FILES = "abcdefg"
STRENGTH = {"M": 1, "C": 2, "W": 3, "D": 4, "H": 5, "T": 6, "L": 7, "E": 8}
RULES = ("thesis", "standard")


def effective(strength: int, rules: str) -> int:
    """The common rule sheets (``standard``): the piece written W (the thesis's wolf 3) is
    strength 4, the piece written D (the thesis's dog 4) strength 3."""
    return {3: 4, 4: 3}.get(strength, strength) if rules == "standard" else strength


def is_water(sq: Sq) -> bool:
    """Figure 2: two bodies of water, files b-c and e-f, ranks 4-6."""
    return sq[0] in (1, 2, 4, 5) and 4 <= sq[1] <= 6


def den_of(side: str) -> Sq:
    """A's den is d1 (A starts at the bottom), B's is d9."""
    return (3, 1) if side == "A" else (3, 9)


def is_trap_of(side: str, sq: Sq) -> bool:
    """The traps surround a side's den."""
    f, r = den_of(side)
    return sq in {(f - 1, r), (f + 1, r), (f, r + 1 if side == "A" else r - 1)}


def enemy(side: str) -> str:
    return "B" if side == "A" else "A"


def parse(text: str) -> tuple[list[Man], str]:
    fields = [f.strip() for f in text.split("/")]
    men: list[Man] = []
    for field in fields[:2]:
        side, body = (part.strip() for part in field.split(":"))
        for token in body.split():
            if token != "-":
                men.append((side, STRENGTH[token[0]], (FILES.index(token[1]), int(token[2:]))))
    return men, fields[2]


def name(sq: Sq) -> str:
    return f"{FILES[sq[0]]}{sq[1]}"


def game_over(men: list[Man], to_move: str) -> bool:
    """A den is occupied (only an opposing piece can be there), or a side has no piece left."""
    if any(sq == den_of(enemy(side)) for side, _, sq in men):
        return True
    return any(all(side != s for side, _, _ in men) for s in "AB")


def is_leap(strength: int, src: Sq, dst: Sq, men: list[Man]) -> bool:
    """ "The lion (7) and tiger (6) can jump vertically or horizontally across the water
    ... but cannot jump over a square occupied by any mouse." """
    if strength not in (6, 7) or (src[0] != dst[0] and src[1] != dst[1]) or src == dst:
        return False
    if is_water(src) or is_water(dst):
        return False
    if src[0] == dst[0]:
        between = [(src[0], r) for r in range(min(src[1], dst[1]) + 1, max(src[1], dst[1]))]
    else:
        between = [(f, src[1]) for f in range(min(src[0], dst[0]) + 1, max(src[0], dst[0]))]
    if not between or not all(is_water(sq) for sq in between):
        return False
    return not any(sq in between for _, _, sq in men)  # only mice can stand in the water


def may_take(side: str, strength: int, src: Sq, target: Man, rules: str) -> bool:
    """§2.1, sentence by sentence (``standard``: the common rule sheets' two differences)."""
    _, target_strength, dst = target
    strength, target_strength = effective(strength, rules), effective(target_strength, rules)
    # "While standing on an opponent's trap a piece has an effective strength of zero ..."
    # (the common rule sheets: only when it is attacked; it still takes at full strength)
    if is_trap_of(enemy(side), src) and rules == "thesis":
        strength = 0
    if is_trap_of(side, dst):
        target_strength = 0  # "... and is therefore vulnerable to capture by any opposing piece"
    # "Water squares can be occupied only by mice (1) which cannot attack across the
    # land-water boundary."
    if strength == 1 and is_water(src) != is_water(dst):
        return False
    if strength == 0:
        return target_strength == 0
    if target_strength == 0:
        return True
    # "the elephant can take any piece except the mouse, and the mouse can take the elephant"
    if strength == 8 and target_strength == 1:
        return False
    if strength == 1 and target_strength == 8:
        return True
    # "Each animal can take those pieces of equal or lesser strength"
    return target_strength <= strength


def rules_text_moves(men: list[Man], to_move: str, rules: str = "thesis") -> set[str]:
    """Every legal move of ``to_move`` as ``"e3-d3"``, by trying every destination square."""
    if game_over(men, to_move):
        return set()
    found: set[str] = set()
    for side, strength, src in men:
        if side != to_move:
            continue
        for f in range(7):
            for r in range(1, 10):
                dst = (f, r)
                step = abs(dst[0] - src[0]) + abs(dst[1] - src[1]) == 1
                if not step and not is_leap(strength, src, dst, men):
                    continue
                if is_water(dst) and strength != 1:
                    continue
                if dst == den_of(side):  # "The den can only be occupied by an opposing piece"
                    continue
                target = next((m for m in men if m[2] == dst), None)
                if target is not None and (
                    target[0] == side or not may_take(side, strength, src, target, rules)
                ):
                    continue
                found.add(f"{name(src)}-{name(dst)}")
    return found


def play(men: list[Man], move: str) -> list[Man]:
    src_text, dst_text = move.split("-")
    src = (FILES.index(src_text[0]), int(src_text[1:]))
    dst = (FILES.index(dst_text[0]), int(dst_text[1:]))
    return [(s, k, dst if sq == src else sq) for s, k, sq in men if sq != dst]


def rules_text_perft(men: list[Man], to_move: str, depth: int, rules: str = "thesis") -> int:
    if depth == 0:
        return 1
    return sum(
        rules_text_perft(play(men, move), enemy(to_move), depth - 1, rules)
        for move in rules_text_moves(men, to_move, rules)
    )


def fast_moves(game: DouShouQi) -> set[str]:
    return {game.format_move(m) for m in game.legal_moves()}


def check(game: DouShouQi) -> None:
    men, to_move = parse(game.to_notation())
    expected = rules_text_moves(men, to_move, game.rules.name)
    got = fast_moves(game)
    assert got == expected, (
        f"{game.to_notation()}: extra {sorted(got - expected)}, missing {sorted(expected - got)}"
    )


@settings(max_examples=examples(60))
@given(st.lists(st.integers(0, 10**6), min_size=1, max_size=120))
@pytest.mark.parametrize("rules", RULES)
def test_legal_moves_equal_the_rules_text_along_random_games(
    rules: str, choices: list[int]
) -> None:
    """Every position of a random game from the start (captures, traps, dens included)."""
    game = DouShouQi(draw_limit=None, rules=rules)
    check(game)
    for c in choices:
        moves = game.legal_moves()
        if not moves:
            break
        game.make(moves[c % len(moves)])
        check(game)


HOT = ["c1", "e1", "d2", "c9", "e9", "d8", "d1", "d9", "b3", "c3", "e3", "f3", "b7", "c7"]
HOT += ["e7", "f7", "a4", "a5", "a6", "d4", "d5", "d6", "g4", "g5", "g6", "b4", "c5", "e6"]
"""Traps, dens' neighbours, water banks, aisles and water: where the special rules bite."""


@settings(max_examples=examples(150))
@given(
    st.integers(0, 2**32),
    st.lists(st.tuples(st.sampled_from("AB"), st.sampled_from("MCWDHTLE"), st.sampled_from(HOT))),
)
@pytest.mark.parametrize("rules", RULES)
def test_legal_moves_equal_the_rules_text_on_crowded_special_squares(
    rules: str, seed: int, extra: list[tuple[str, str, str]]
) -> None:
    """Random positions with pieces added on traps, banks, aisles and in the water."""
    placement = random_placement(random.Random(seed), pieces_per_side=(0, 8))
    text = format_placement(placement)
    men, to_move = parse(text)
    for side, letter, square in extra:
        sq = (FILES.index(square[0]), int(square[1]))
        kind_taken = any(s == side and k == STRENGTH[letter] for s, k, _ in men)
        if kind_taken or any(q == sq for _, _, q in men) or (is_water(sq) and letter != "M"):
            continue
        if sq == den_of(side):
            continue
        men.append((side, STRENGTH[letter], sq))
    fields = {
        s: " ".join(f"{'MCWDHTLE'[k - 1]}{name(q)}" for side, k, q in men if side == s) or "-"
        for s in "AB"
    }
    notation = f"A: {fields['A']} / B: {fields['B']} / {to_move}"
    try:
        game = DouShouQi.from_notation(notation, draw_limit=None, rules=rules)
    except ValueError:
        return  # e.g. the side to move already stands in the other den: not a position
    check(game)


@settings(max_examples=examples(12))
@given(st.integers(0, 2**32))
@pytest.mark.parametrize("rules", RULES)
def test_perft_2_equals_the_rules_text_on_random_positions(rules: str, seed: int) -> None:
    """perft_raw(2) of the fast generator through the core == the rules-text perft."""
    placement = random_placement(random.Random(seed), pieces_per_side=(3, 8))
    game = DouShouQi(placement, draw_limit=None, rules=rules)
    men, to_move = parse(game.to_notation())
    assert perft_raw(game, 2) == rules_text_perft(men, to_move, 2, rules)


def rules_text_value(men: list[Man], to_move: str, plies_left: int, rules: str) -> int:
    """Negamax over the rules-text generator: 1 / 0 / -1 for ``to_move``.  A finished game
    (a den entered, a side without pieces: the side to move has lost) is -1, so is a side
    with no move; at the draw limit (no plies left) the game is drawn."""
    if game_over(men, to_move):
        return -1
    if plies_left == 0:
        return 0
    moves = rules_text_moves(men, to_move, rules)
    if not moves:
        return -1
    best = -1
    for move in sorted(moves):
        best = max(best, -rules_text_value(play(men, move), enemy(to_move), plies_left - 1, rules))
        if best == 1:
            break
    return best


def golden_late_suite_values(rules: str, most_plies_left: int) -> int:
    """Check the values of the golden suite ``dou-shou-qi-<rules>-late.jsonl`` (the draw limit
    200) on every line with at most ``most_plies_left`` plies left or a finished game, from the
    rules-text generator alone (the suite's position, its rules, a plain negamax); return
    how many lines were checked."""
    path = Path(__file__).parent.parent / "data" / "suites" / f"dou-shou-qi-{rules}-late.jsonl"
    checked = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        assert entry["options"] == ({} if rules == "thesis" else {"rules": rules})
        plies_left = 200 - len(entry["moves"])
        men, to_move = parse(entry["position"])
        if plies_left > most_plies_left and not game_over(men, to_move):
            continue
        assert rules_text_value(men, to_move, plies_left, rules) == entry["value"], line
        checked += 1
    return checked


@pytest.mark.parametrize("rules", RULES)
def test_golden_late_suite_values_equal_the_rules_text(rules: str) -> None:
    """Lines with at most three plies left (7 and 9 of the 12)."""
    assert golden_late_suite_values(rules, 3) >= 7


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULES)
def test_every_golden_late_suite_value_equals_the_rules_text(rules: str) -> None:
    """Every line (at most four plies left; about 20 s of CPU for both suites)."""
    assert golden_late_suite_values(rules, 4) == 12
