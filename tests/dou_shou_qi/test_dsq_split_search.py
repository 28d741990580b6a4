"""SEARCH-SUBPROBLEMS / SEARCH-POSITION, non-moves and ImpliedScore (seed 003, §10), and the
engine beside them (the whole-board check for decided games, the sum of the subproblems)."""

from __future__ import annotations

import dataclasses
import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from paper_text import DATA

from reference.dou_shou_qi.engine import (
    REFUTED_CLAIM,
    Combination,
    cannot_interact,
    search_subproblems_engine,
)
from reference.dou_shou_qi.evaluation import evaluate_pieces
from reference.dou_shou_qi.geometry import ALL_SQUARES, Side, parse_square
from reference.dou_shou_qi.partition import find_subproblems
from reference.dou_shou_qi.positions import random_placement
from reference.dou_shou_qi.rules import NON_MOVE, DouShouQi, Move
from reference.dou_shou_qi.split_search import (
    SplitSearchResult,
    SubproblemGame,
    implied_score,
    one_ply_further,
    search_position,
    search_subproblems,
)
from reference.errors import GameError, ParameterError
from reference.search import MATE_BOUND, WIN, Deadline, SearchContext, alphabeta, search
from reference.search.root import Algorithm

FIGURE_13 = "A: Hc2 Cb3 Me6 / B: Ma2 Cb7 Dc7 Ee7 / A"
ALGORITHMS: tuple[Algorithm, ...] = ("alphabeta", "alphabeta_tt", "pvs", "mtdf")
ENGINE_PINS = DATA / "dsq_split_engine_pins.json"
"""Results of the split search with the engine's options, as the single function that had
them as options computed them before the literal listing and the engine were separated."""


def engine_search_position(
    game: DouShouQi,
    t_thresh: float,
    *,
    max_depth: int,
    algorithm: Algorithm = "alphabeta",
    combination: Combination = "implied",
    check_decided: bool = True,
) -> SplitSearchResult:
    """SEARCH-POSITION with the engine's SEARCH-SUBPROBLEMS (the decided check on by default)."""
    if game.is_terminal():
        raise GameError("the game is over: there is no move to search")
    return search_subproblems_engine(
        game,
        find_subproblems(game.pieces(), t_thresh),
        max_depth=max_depth,
        algorithm=algorithm,
        combination=combination,
        check_decided=check_decided,
    )


def random_game(choices: list[int]) -> DouShouQi:
    game = DouShouQi()
    for c in choices:
        moves = game.legal_moves()
        if not moves:
            break
        game.make(moves[c % len(moves)])
    return game


def random_position(
    seed: int, pieces: tuple[int, int] = (1, 4), rules: str = "thesis"
) -> DouShouQi:
    return DouShouQi(random_placement(random.Random(seed), pieces_per_side=pieces), rules=rules)


def best_moves(game: DouShouQi, depth: int) -> tuple[int, set[Move]]:
    """Plain alpha-beta on the whole board: the value and every root move that achieves it."""
    values: dict[Move, int] = {}
    for move in game.legal_moves():
        game.make(move)
        try:
            values[move] = -alphabeta(game, depth - 1, ctx=SearchContext(), ply=1)
        finally:
            game.unmake()
    best = max(values.values())
    return best, {m for m, v in values.items() if v == best}


GAME_ENDS_IN_SUBPROBLEMS = [
    # A takes B's last piece at once (a subproblem searched on its own pieces gave 1727)
    ("A: Ld3 Ta1 / B: Cd4 / A", 999_999, "d3-d4"),
    # A takes the mouse and B's cat on a9 has no move left (on its own pieces: 999997)
    ("A: Ea8 Db9 Lg4 Wg7 / B: Ca9 Mg5 / A", 999_999, "g4-g5"),
    # ply 199 of a 200-ply game: every move draws (on its own pieces: 1012)
    ("A: Ta1 Lg1 Cb2 Df2 Ea3 Wc3 He3 Mg3 / B: Ma7 Hc7 We7 Db8 Cf8 La9 Tg9 / A / 199", 0, None),
]


@pytest.mark.parametrize("check_decided", [True, False])
@pytest.mark.parametrize(("notation", "value", "move"), GAME_ENDS_IN_SUBPROBLEMS)
def test_no_pieces_no_move_and_the_draw_limit_end_subproblem_lines(
    notation: str, value: int, move: str | None, check_decided: bool
) -> None:
    """No pieces, no legal move and the draw limit end subproblem lines too.

    The values are plain alpha-beta's at depth 2 (checked here as well); the
    whole-board rules alone give them, without the engine's decided check.
    """
    game = DouShouQi.from_notation(notation)
    assert search(game, 2).score == value
    result = engine_search_position(game, 4, max_depth=2, check_decided=check_decided)
    assert result.value == value
    if move is not None:
        assert game.format_move(result.move) == move
    assert result.move in game.legal_moves()


def test_draw_limit_holds_inside_every_subproblem() -> None:
    """Two subproblems one ply before the draw limit: every MoveScore and NonMoveScore is the draw."""
    game = DouShouQi.from_notation("A: Hc2 Cb3 Me6 / B: Ma2 Cb7 Dc7 Ee7 / A / 199")
    result = search_position(game, 4, max_depth=4)
    assert len(result.decomposition.subproblems) == 2
    assert result.value == 0 and result.depth == 4
    assert all(s.move_score == s.non_move_score == 0 for s in result.scores)


@settings(max_examples=examples(60))
@given(st.integers(0, 2**32), st.sampled_from([2, 4]))
def test_decided_within_the_depth_gives_the_plain_value(seed: int, depth: int) -> None:
    """The engine's decided check: whenever plain alpha-beta finds the game decided within the
    depth, the split search gives the same value; and it never claims a forced result that
    plain search does not see (a refuted claim is clamped to REFUTED_CLAIM)."""
    game = random_position(seed)
    if game.is_terminal() or (depth == 4 and len(game.pieces()) > 6):
        return
    plain = search(game, depth).score
    result = engine_search_position(game, 4, max_depth=depth)
    if abs(plain) >= MATE_BOUND:
        assert result.decided and result.value == plain
        game.make(result.move)  # the move achieves the value
        assert -alphabeta(game, depth - 1, ctx=SearchContext(), ply=1) == plain
        game.unmake()
    else:
        assert not result.decided and abs(result.value) <= REFUTED_CLAIM


def test_two_groups_split_move_is_legal_and_implied_scores_add_up() -> None:
    """§10.5.1: ImpliedScore[s_i] = MoveScore[s_i] + sum of the other NonMoveScores; PC maximises it."""
    game = DouShouQi.from_notation(FIGURE_13)
    for depth in (2, 4):
        result = search_position(game, 4, max_depth=depth)
        assert len(result.decomposition.subproblems) == 2
        assert result.depth == depth
        assert result.move in game.legal_moves()
        scores = result.scores
        for i, s in enumerate(scores):
            others = sum(t.non_move_score for j, t in enumerate(scores) if j != i)
            assert s.implied_score == s.move_score + others
            assert s.move is not None and s.move in game.legal_moves()
        best = max(scores, key=lambda s: s.implied_score)
        assert result.value == best.implied_score and result.move == best.move


def test_non_move_score_is_minus_the_value_after_a_pass() -> None:
    """SEARCH-SUBPROBLEMS line 15 (corrected): NonMoveScore = -MINIMAX(p after a non-move, d - 1)."""
    game = DouShouQi.from_notation(FIGURE_13)
    d = find_subproblems(game.pieces(), 4)
    result = search_subproblems(game, d, max_depth=2)
    assert not result.decided
    for i in range(len(d.subproblems)):
        p = SubproblemGame(game, (d.partition.allowed[i],))
        p.make(NON_MOVE)
        after = search(p, 1, algorithm="minimax").score
        assert result.scores[i].non_move_score == one_ply_further(-after) == -after
        p.unmake()
        root = SubproblemGame(game, (d.partition.allowed[i],))
        assert result.scores[i].move_score == search(root, 2, algorithm="minimax").score


def test_a_decided_non_move_score_counts_the_pass() -> None:
    """A win found after the pass is one ply further from the root than that search counts."""
    assert one_ply_further(WIN - 1) == WIN - 2
    assert one_ply_further(-(WIN - 2)) == -(WIN - 3)
    assert one_ply_further(1234) == 1234


@settings(max_examples=examples(8))
@given(st.lists(st.integers(0, 1000), max_size=30))
def test_one_subproblem_equals_plain_search(choices: list[int]) -> None:
    """With a single subproblem (T_thresh above T_max) the split search is the plain search."""
    game = random_game(choices)
    if game.is_terminal():
        return
    for check in (True, False):
        result = engine_search_position(game, 1000, max_depth=2, check_decided=check)
        assert len(result.decomposition.subproblems) == 1
        assert result.value == search(game, 2, algorithm="alphabeta").score


@settings(max_examples=examples(30))
@given(st.integers(0, 2**32), st.integers(0, 40))
def test_one_subproblem_equals_plain_search_near_the_end(seed: int, plies_left: int) -> None:
    """The same on random small positions, some near the draw limit (depth 2 and 4)."""
    placement = random_placement(random.Random(seed), pieces_per_side=(1, 3))
    game = DouShouQi(dataclasses.replace(placement, plies=200 - plies_left % 6))
    if game.is_terminal():
        return
    for depth in (2, 4):
        plain = search(game, depth).score
        result = search_position(game, 1000, max_depth=depth)
        assert len(result.decomposition.subproblems) == 1
        assert result.value == plain  # a win found at depth 2 is the shortest one


def test_one_subproblem_equals_plain_search_depth_4_from_start() -> None:
    game = DouShouQi()
    assert engine_search_position(game, 1000, max_depth=4).value == search(game, 4).score


@settings(max_examples=examples(10))
@given(st.lists(st.integers(0, 1000), min_size=4, max_size=40))
def test_split_move_is_always_legal(choices: list[int]) -> None:
    """Whatever the split (T_thresh = 2 splits most positions), the move is legal in the game."""
    game = random_game(choices)
    if game.is_terminal():
        return
    result = engine_search_position(game, 2, max_depth=2)
    assert result.move in game.legal_moves()


def test_shallow_wins_first() -> None:
    """Line 20: a won subproblem stops the iterative deepening at once."""
    game = DouShouQi.from_notation("A: Wc9 Ea1 / B: Mg2 Hg5 / A")
    literal = search_position(game, 2, max_depth=8)
    for result in (literal, engine_search_position(game, 2, max_depth=8)):
        assert len(result.decomposition.subproblems) >= 2
        assert result.depth == 2
        assert result.value >= MATE_BOUND
        assert game.format_move(result.move) == "c9-d9"


def test_subproblem_game_non_move_below_the_root_only() -> None:
    p = SubproblemGame(DouShouQi.from_notation("A: Db2 / B: Cf8 / A"))
    assert NON_MOVE not in p.legal_moves()
    p.make(p.legal_moves()[0])
    assert p.legal_moves()[-1] == NON_MOVE
    p.make(NON_MOVE)
    assert p.to_move == Side.A
    p.unmake()
    p.unmake()
    assert not p.is_terminal() and p.terminal_score() == 0


def test_subproblem_with_one_side_is_not_over() -> None:
    """A subproblem may hold pieces of one side only: that side moves, the other passes.

    The other side's pieces stand still elsewhere on the board; a mouse of another
    subproblem in the water still blocks a leap (the whole board is searched).
    """
    region = sum(
        1 << parse_square(name) for name in ("a4", "a5", "a6", "b5", "c4", "d4", "d5", "d6")
    )
    game = DouShouQi.from_notation("A: Ld5 Mc4 / B: Mg9 / A")
    p = SubproblemGame(game, (region,))
    assert not p.is_terminal()
    moves = {game.format_move(m) for m in p.legal_moves()}
    assert "d5-a5" in moves  # the leap over b5, c5 is free
    assert "d5-g5" not in moves  # g5 is outside the region
    p.make(p.legal_moves()[0])
    assert p.legal_moves() == (NON_MOVE,)
    blocked = SubproblemGame(
        DouShouQi.from_notation("A: Ld5 / B: Mb5 / A"), (region & ~(1 << parse_square("b5")),)
    )
    assert "d5-a5" not in {game.format_move(m) for m in blocked.legal_moves()}


@settings(max_examples=examples(40))
@given(st.lists(st.integers(0, 1000), max_size=40))
def test_subproblem_moves_are_the_board_moves_inside_the_region(choices: list[int]) -> None:
    """Every subproblem's root moves are exactly the board's legal moves inside its region."""
    game = random_game(choices)
    if game.is_terminal():
        return
    d = find_subproblems(game.pieces(), 2)
    allowed = d.partition.allowed if len(d.subproblems) > 1 else (ALL_SQUARES,)
    for region in allowed:
        got = set(SubproblemGame(game, (region,)).legal_moves())
        expected = {m for m in game.legal_moves() if region >> m.src & 1 and region >> m.dst & 1}
        assert got == expected


@pytest.mark.parametrize("rules", ["thesis", "standard"])
@settings(max_examples=examples(60))
@given(st.integers(0, 2**32), st.sampled_from([2, 4]))
def test_sum_of_subproblems_is_plain_search_where_they_cannot_interact(
    rules: str, seed: int, depth: int
) -> None:
    """§10, corrected: where no piece can leave its region or affect another subproblem
    within the depth, the sum of the subproblems gives plain alpha-beta's value and one
    of its best moves (the literal ImpliedScore need not: see the next test).  Under both
    rule sets (the pieces outside the subproblems are valued under the game's own)."""
    game = random_position(seed, (2, 5), rules)
    if game.is_terminal():
        return
    d = find_subproblems(game.pieces(), 4)
    if len(d.subproblems) < 2 or not cannot_interact(game, d, depth):
        return
    value, best = best_moves(game, depth)
    for check in (True, False):
        result = search_subproblems_engine(
            game, d, max_depth=depth, combination="sum", check_decided=check
        )
        assert result.value == value
        assert result.move in best


def test_literal_implied_score_misses_the_best_move() -> None:
    """ERRATUM §10.5.1: the thesis's ImpliedScore chooses c2-b2 here at depth 4; d6-d7 is the
    only best move (plain alpha-beta, 1540); the sum of the subproblems finds it."""
    game = DouShouQi.from_notation("A: Ta1 Eb1 Hg1 Cc2 Df2 Ld6 / B: Me7 La9 Dc9 He9 / A / 128")
    d = find_subproblems(game.pieces(), 4)
    value, best = best_moves(game, 4)
    assert (value, {game.format_move(m) for m in best}) == (1540, {"d6-d7"})
    literal = search_subproblems(game, d, max_depth=4)
    assert (game.format_move(literal.move), literal.value) == ("c2-b2", 1543)
    checked = search_subproblems_engine(game, d, max_depth=4)
    assert (game.format_move(checked.move), checked.value) == ("c2-b2", 1543)
    corrected = search_subproblems_engine(game, d, max_depth=4, combination="sum")
    assert (game.format_move(corrected.move), corrected.value) == ("d6-d7", 1540)


def test_implied_score_with_decided_games() -> None:
    """GAP (the thesis leaves inf + -inf undefined); OURS: the nearest decided result wins."""
    assert implied_score([5, 7], [1, 2], 0) == 5 + 2
    assert implied_score([WIN - 3, 0], [0, -(WIN - 6)], 0) == WIN - 3
    assert implied_score([WIN - 7, 0], [0, -(WIN - 2)], 0) == -(WIN - 2)


def test_search_subproblems_checks_parameters() -> None:
    game = DouShouQi()
    d = find_subproblems(game.pieces(), 4)
    with pytest.raises(ParameterError, match="max_depth, time_limit or node_budget"):
        search_subproblems(game, d)
    with pytest.raises(ParameterError, match=">= 2"):
        search_subproblems(game, d, max_depth=1)
    with pytest.raises(ParameterError, match="combination"):
        search_subproblems_engine(game, d, max_depth=2, combination="max")  # type: ignore[arg-type]
    over = DouShouQi.from_notation("A: Wd9 / B: Ma7 / B")
    with pytest.raises(GameError, match="over"):
        search_position(over, 4, max_depth=2)


class TickClock:
    """A clock that advances one second each time it is read (no real time involved)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_node_budget_and_time_limit_stop_the_deepening() -> None:
    """A node budget, and a deadline read from an injected clock (so the machine's speed
    decides nothing), both stop the deepening after a finished depth."""
    game = DouShouQi.from_notation(FIGURE_13)
    small = search_position(game, 4, node_budget=1)
    assert small.depth == 2
    unlimited = search_position(game, 4, max_depth=4)
    clock = TickClock()
    # 2 s on this clock: the 2nd deadline check (128 nodes) stops it; depth 2 takes 46
    # nodes, depth 4 748
    timed = search_position(game, 4, deadline=Deadline(2.0, clock=clock))
    assert timed.depth == 2 and timed.move in game.legal_moves()
    assert unlimited.nodes > timed.nodes >= small.nodes


@pytest.mark.parametrize("combination", ["implied", "sum"])
def test_no_move_inside_any_region_raises_game_error(combination: Combination) -> None:
    """When every legal move would leave its region, SEARCH-SUBPROBLEMS says so (callers fall back)."""
    game = DouShouQi.from_notation(FIGURE_13)
    d = find_subproblems(game.pieces(), 4)
    only_their_squares = tuple(sum(1 << p.square for p in s.pieces) for s in d.subproblems)
    fenced = dataclasses.replace(
        d, partition=dataclasses.replace(d.partition, allowed=only_their_squares)
    )
    with pytest.raises(GameError, match="no subproblem has a legal move"):
        search_subproblems_engine(game, fenced, max_depth=2, combination=combination)
    with pytest.raises(GameError, match="no subproblem has a legal move"):
        search_subproblems(game, fenced, max_depth=2)
    outside = dataclasses.replace(
        d, partition=dataclasses.replace(d.partition, allowed=(0,) * len(d.subproblems))
    )
    with pytest.raises(ParameterError, match="outside its region"):
        search_subproblems(game, outside, max_depth=2)


@pytest.mark.parametrize("combination", ["implied", "sum"])
def test_every_algorithm_gives_the_same_split_search_value(combination: Combination) -> None:
    """Minimax's value over the subproblem games does not depend on the algorithm that finds
    it: alpha-beta, alpha-beta + TT, PVS and MTD(f) agree, round by round.  Each game
    searched (every subproblem, the sum of regions, the decided-check view) keeps a table
    of its own: they share the board's keys but not its moves or its evaluation (MTD(f)
    used to refuse the shared table, and alpha-beta + TT could read another view's value)."""
    positions = [DouShouQi.from_notation("A: Ta1 Eb1 Hg1 Cc2 Df2 Ld6 / B: Me7 La9 Dc9 He9 / A / 128")]
    positions += [random_position(seed, (3, 4)) for seed in range(6)]
    checked = 0
    for game in positions:
        if game.is_terminal():
            continue
        try:
            results = {
                algorithm: engine_search_position(
                    game, 4, max_depth=2, algorithm=algorithm, combination=combination
                )
                for algorithm in ALGORITHMS
            }
        except GameError:  # no subproblem can move inside its region
            continue
        values = {algorithm: (r.value, r.depth) for algorithm, r in results.items()}
        assert len(set(values.values())) == 1, (game.to_notation(), values)
        checked += 1
    assert checked >= 4


def result_row(game: DouShouQi, result: SplitSearchResult) -> list[object]:
    """What a split search found, in notation (everything but the seconds it took)."""
    scores = [
        [
            None if s.move is None else game.format_move(s.move),
            s.move_score,
            s.non_move_score,
            s.implied_score,
        ]
        for s in result.scores
    ]
    move = game.format_move(result.move)
    return [move, result.value, result.depth, result.decided, result.nodes, scores]


@settings(max_examples=examples(40))
@given(st.integers(0, 2**32), st.sampled_from([2, 4]), st.sampled_from(ALGORITHMS[:3]))
def test_engine_without_its_options_is_the_literal_listing(
    seed: int, depth: int, algorithm: Algorithm
) -> None:
    """The default path is the literal one: with ``check_decided=False`` and
    ``combination="implied"`` the engine gives the literal SEARCH-SUBPROBLEMS's move, value,
    depth, scores and node count on random positions (split or not)."""
    game = random_position(seed, (1, 4))
    if game.is_terminal() or (depth == 4 and len(game.pieces()) > 6):
        return
    d = find_subproblems(game.pieces(), 4)
    try:
        literal = search_subproblems(game, d, max_depth=depth, algorithm=algorithm)
    except GameError:
        with pytest.raises(GameError):
            search_subproblems_engine(game, d, max_depth=depth, check_decided=False)
        return
    engine = search_subproblems_engine(
        game, d, max_depth=depth, algorithm=algorithm, check_decided=False
    )
    assert result_row(game, engine) == result_row(game, literal)
    assert not literal.decided and literal.combination == "implied"


@settings(max_examples=examples(15))
@given(st.lists(st.integers(0, 1000), min_size=4, max_size=40))
def test_engine_without_its_options_is_the_literal_listing_in_games(choices: list[int]) -> None:
    """The same on positions reached from the start (T_thresh = 2 splits most of them)."""
    game = random_game(choices)
    if game.is_terminal():
        return
    d = find_subproblems(game.pieces(), 2)
    try:
        literal = search_subproblems(game, d, max_depth=2)
    except GameError:
        return
    engine = search_subproblems_engine(game, d, max_depth=2, check_decided=False)
    assert result_row(game, engine) == result_row(game, literal)


def test_engine_results_with_its_options_are_unchanged() -> None:
    """With the decided check and / or the sum of the subproblems, the engine gives the moves,
    values, depths, scores and node counts the one function with these options gave before
    the literal listing was separated from it (80 searches: 10 positions that split at
    T_thresh = 4, both combinations, check on and off, depths 2 and 4)."""
    pins = json.loads(ENGINE_PINS.read_text(encoding="utf-8"))
    assert len(pins) == 80
    for pin in pins:
        game = DouShouQi.from_notation(pin["position"], ordering="none")  # as pinned
        d = find_subproblems(game.pieces(), 4)
        result = search_subproblems_engine(
            game,
            d,
            max_depth=pin["max_depth"],
            combination=pin["combination"],
            check_decided=pin["check_decided"],
        )
        assert result_row(game, result) == pin["result"], pin


@pytest.mark.parametrize("rules", ["thesis", "standard"])
def test_subproblem_evaluates_its_members_under_the_games_rules(rules: str) -> None:
    """§3.3 over the members only: a subproblem's evaluate is Evaluate of its pieces, under
    the game's rule set (the standard rules value the wolf 400 and the dog 300), whichever
    pieces stand outside it."""
    game = DouShouQi.from_notation("A: Wc3 Ma1 / B: Dd7 Mg9 / A", rules=rules)
    # the two mice (a1, and g9 read at a1: 500 + 8 each) cancel; wolf on c3, dog read at d3
    assert evaluate_pieces(game.pieces(), game.rules) == (
        (400 + 10) - (300 + 8) if rules == "standard" else (300 + 10) - (400 + 8)
    )
    for names in (("c3", "d7"), ("a1", "g9"), ("c3", "g9")):
        region = sum(1 << parse_square(name) for name in names)
        members = [p for p in game.pieces() if region >> p.square & 1]
        assert SubproblemGame(game, (region,)).evaluate() == evaluate_pieces(members, game.rules)


def test_search_subproblems_reads_in_one_place() -> None:
    """Every line of the thesis's SEARCH-SUBPROBLEMS (§10.5.2, lines 1-21; 6 and 9 are
    ``do``) is tagged in the one function, in the listing's order."""
    from reference.listings import beside

    covered: list[int] = []
    for tag in beside(search_subproblems).tagged():
        numbers = [int(n) for n in re.findall(r"\d+", tag)]
        covered.extend(range(numbers[0], numbers[-1] + 1))
    assert sorted(set(covered) | {6, 9}) == list(range(1, 22))
    assert covered == sorted(covered)
