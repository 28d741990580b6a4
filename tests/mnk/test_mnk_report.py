"""Seed 001 (Luccioli, *Project Report*): one test per claim of the report this package reproduces.

Each docstring quotes the report's sentence.  Claims tested elsewhere under other names
are listed in the checklist of ``docs/papers/001-mnk.md``.
"""

from __future__ import annotations

import math

from sieve import primes_up_to

from reference.mnk.game import MNKGame
from reference.mnk.geometry import geometry
from reference.search import (
    WIN,
    Bound,
    SearchResult,
    TranspositionTable,
    iterative_deepening,
    search,
)
from reference.search.tt import INITIAL_SIZE


def test_report_win_loss_draw_scores_are_one_million() -> None:
    """§Evaluation Function: "a score of 1,000,000 is assigned for a win, -1,000,000 for a
    loss, and 0 for a draw" (leaves: the side to move has lost, or the board is full)."""
    lost = MNKGame.from_notation("xxx/oo./... o", 3)
    assert lost.is_terminal() and lost.terminal_score() == -WIN
    drawn = MNKGame.from_notation("xox/xoo/oxx o", 3)
    assert drawn.is_terminal() and drawn.terminal_score() == 0


def test_report_wins_count_plies_from_the_root_not_from_the_maximum_depth() -> None:
    """§Evaluation Function: "Wins at lower depths are considered better, and losses at lower
    depths are worse, factoring the distance from the maximum depth into the evaluations."

    Departure (docs/papers/001-mnk.md): a win n plies below the root scores
    WIN - n whatever the maximum depth D of the search; the report's distance from the
    maximum depth, D - n, would change with D.  Within one search the two differ by the
    constant D, so they rank moves alike; ours also means the same across the iterations
    of iterative deepening and in the table.  X to move wins at once (c3), and wins in 3
    plies after any other first move: the search scores WIN - 1 at every depth."""
    game = MNKGame.from_notation("xx./oo./... x", 3)
    for depth in (1, 3, 5):
        result = search(game, depth, algorithm="alphabeta_tt")
        assert result.score == WIN - 1
        assert game.format_move(result.best_move) == "c3"
    # the side to move loses in 2 plies (its reply cannot block both lines): -WIN + 2
    losing = MNKGame.from_notation("x.x/.o./x.o o", 3)
    assert search(losing, 2).score == -WIN + 2 == search(losing, 4).score


def test_report_zobrist_table_is_m_by_n_by_2_keys_of_64_bits() -> None:
    """§Zobrist Hashing: "an M x N x 2 table containing 64-bit pseudo-random numbers ... Each
    time a cell is marked, the game state key is updated using an XOR"."""
    game = MNKGame(4, 3, 3)
    table = geometry(4, 3, 3).zobrist
    assert len(table) == 2 and all(len(row) == 4 * 3 for row in table)
    assert all(0 <= key < 2**64 for row in table for key in row)
    assert len({key for row in table for key in row}) == 24
    before = game.key
    cell = game.parse_move("b2")
    game.play(cell)
    assert game.key == before ^ table[0][cell]


def test_report_prime_table_size_and_depth_preferred_replacement() -> None:
    """§Collision Handling: "a prime number is used as the table size ... an entry is replaced
    by another entry with the same index only if the new node's depth is greater or equal to
    the previous node's depth"."""
    tt = TranspositionTable(1000)
    assert tt.size == 1009 and all(tt.size % p for p in range(2, math.isqrt(tt.size) + 1))
    a, b = 5, 5 + tt.size  # two keys with the same index
    tt.store(a, depth=4, value=1, flag=Bound.EXACT, move=None)
    tt.store(b, depth=3, value=2, flag=Bound.EXACT, move=None)  # shallower: refused
    assert tt.probe(a) >= 0 and tt.probe(b) < 0
    tt.store(b, depth=4, value=2, flag=Bound.EXACT, move=None)  # equal depth: replaces
    assert tt.probe(a) < 0 and tt.probe(b) >= 0


def test_report_replacement_rule_holds_in_a_table_that_grows() -> None:
    """§Collision Handling, the replacement rule in a table that can grow (as every search's
    default table does).  The core's table of more than ``INITIAL_SIZE`` slots starts small and,
    while it is below its full prime size, answers a collision by growing (every entry kept,
    none replaced); only at its full size does the report's rule decide: the new entry
    replaces the stored one when its depth is greater or equal.  OURS beside the rule: an
    entry searched to the end (``complete``) ranks above any incomplete one, whatever the
    depths."""
    tt = TranspositionTable(100_000)
    full = tt.capacity
    assert full == min(p for p in primes_up_to(100_100) if p >= 100_000) == 100_003
    assert tt.size == INITIAL_SIZE < full
    a = 7
    kept = [a]
    tt.store(a, depth=4, value=1, flag=Bound.EXACT, move=None)
    tt.store(a, depth=2, value=9, flag=Bound.EXACT, move=None)  # the same key, shallower: refused
    assert tt.size == INITIAL_SIZE and tt.values[tt.probe(a)] == 1
    sizes = [tt.size]
    while tt.size < full:  # a shallower entry on a's index: the table grows, nothing is lost
        b = a + tt.size * len(kept)
        tt.store(b, depth=1, value=2, flag=Bound.EXACT, move=None)
        kept.append(b)
        sizes.append(tt.size)
        assert all(tt.probe(k) >= 0 for k in kept)
        assert tt.values[tt.probe(a)] == 1 and tt.depths[tt.probe(a)] == 4
    primes = set(primes_up_to(full))
    assert sizes == sorted(set(sizes)) and sizes[-1] == full and all(n in primes for n in sizes)
    # full size: the report's rule, on a's index
    c = a + full
    tt.store(c, depth=3, value=3, flag=Bound.EXACT, move=None)  # shallower: refused
    assert tt.probe(a) >= 0 and tt.probe(c) < 0 and tt.size == full
    tt.store(c, depth=4, value=3, flag=Bound.EXACT, move=None)  # equal depth: replaces
    assert tt.probe(a) < 0 and tt.probe(c) >= 0
    d = a + 2 * full
    tt.store(d, depth=5, value=4, flag=Bound.EXACT, move=None)  # deeper: replaces
    assert tt.probe(c) < 0 and tt.probe(d) >= 0
    # ours: a complete entry outranks a deeper incomplete one
    e = a + 3 * full
    tt.store(e, depth=1, value=5, flag=Bound.EXACT, move=None, complete=True)  # replaces d
    assert tt.probe(d) < 0 and tt.probe(e) >= 0
    tt.store(d, depth=9, value=4, flag=Bound.EXACT, move=None)  # deeper, incomplete: refused
    assert tt.probe(e) >= 0 and tt.probe(d) < 0
    tt.store(c, depth=1, value=3, flag=Bound.EXACT, move=None, complete=True)  # equal: replaces
    assert tt.probe(e) < 0 and tt.probe(c) >= 0
    assert tt.size == full


class _RootRecorder(MNKGame):
    """MNKGame (4x4, K = 3, cells in a1 b1 ... order) that records the first move tried
    from the root in each search."""

    def __init__(self) -> None:
        super().__init__(4, 4, 3, ordering="natural")
        self.plies = 0
        self.first_root_moves: list[int] = []
        self.searching = False

    def make(self, move: int) -> int:
        if self.plies == 0 and self.searching:
            self.first_root_moves.append(move)
            self.searching = False
        self.plies += 1
        return super().make(move)

    def unmake(self) -> None:
        super().unmake()
        self.plies -= 1


def test_report_best_move_of_the_previous_iteration_is_searched_first() -> None:
    """§Iterative Deepening / §Transposition Tables: "the best move found for a state in the
    last search is saved, and this move is always explored first in subsequent searches".
    In every iteration after the first, the first root move searched is the previous
    iteration's best move, not a1, the first cell of the static order."""
    game = _RootRecorder()
    best_moves: list[int] = []
    game.searching = True

    def on_iteration(result: SearchResult[int]) -> None:
        best_moves.append(result.best_move)
        game.searching = True

    iterative_deepening(game, max_depth=4, algorithm="alphabeta_tt", on_iteration=on_iteration)
    assert len(best_moves) >= 3
    a1 = game.parse_move("a1")
    assert game.first_root_moves[0] == a1 != best_moves[0]
    for depth in range(1, len(best_moves)):
        assert game.first_root_moves[depth] == best_moves[depth - 1]
