"""Seed 001 (Luccioli, *Project Report*): one test per claim of the report this package reproduces.

Each docstring quotes the report's sentence.  Claims tested elsewhere under other names
are listed in the checklist of ``docs/papers/001-mnk.md``.
"""

from __future__ import annotations

import math

from reference.mnk.geometry import geometry
from reference.mnk.solver import MNKGame
from reference.search import (
    WIN,
    Bound,
    SearchResult,
    TranspositionTable,
    iterative_deepening,
    search,
)


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
        assert result.value == WIN - 1
        assert game.format_move(result.best_move) == "c3"
    # the side to move loses in 2 plies (its reply cannot block both lines): -WIN + 2
    losing = MNKGame.from_notation("x.x/.o./x.o o", 3)
    assert search(losing, 2).value == -WIN + 2 == search(losing, 4).value


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
