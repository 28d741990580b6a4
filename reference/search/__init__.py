"""The game-independent search core.

=====================  ===========================================  ==================
module                 what                                         paper
=====================  ===========================================  ==================
protocol               the Game interface, WIN, score conventions    all
view                   GameView: a game seen through another        -
                       object, every member forwarded
negamax                child value: sign flips only on a turn pass   seed 000 (erratum)
minimax                MINIMAX                                      seed 003 §3.2
alphabeta              fail-soft alpha-beta                         seed 000 Thm 8, 001
tt                     Bound flags, prime-sized depth-preferred TT   seed 001, 000 Alg. 1
alphabeta_tt           alpha-beta + TT (Algorithm 1, corrected)      seed 000 Alg. 1
pvs                    NegaScout / principal variation search        seed 001 §improv.
mtdf                   MTD(f)                                       seed 001 §improv.
zobrist                reproducible 64-bit keys                      seed 001
iterative              iterative deepening under a time limit        seed 001
engine                 the node functions every search runs: the     -
                       listings' values, plus table purposes,
                       complete subtrees, proof bounds, move order
root / rootloop        root search: value and move                   -
solve                  exact value and all optimal moves (raw)       -
perft                  move-sequence counts, divide (raw)            -
parallel               perft and solve split into parallel jobs      -
recursion / checks     stack room; checks of depths and budgets      -
=====================  ===========================================  ==================

*Raw* results name moves by the game's own move values (what ``make`` takes); the
front door (:mod:`reference.api`: ``reference.solve``, ``reference.divide``) gives
them in the game's notation too.
"""

from reference.search.alphabeta import alphabeta
from reference.search.alphabeta_tt import alphabeta_tt
from reference.search.context import Budget, Deadline, SearchContext
from reference.search.engine import alphabeta_tt_engine, pvs_engine
from reference.search.iterative import iterative_deepening
from reference.search.minimax import minimax
from reference.search.mtdf import mtdf
from reference.search.perft import divide_raw, perft_raw
from reference.search.protocol import (
    INFINITY,
    MATE_BOUND,
    MAX_PLY,
    WIN,
    Game,
    Key,
    PlayableGame,
    Score,
)
from reference.search.pvs import pvs
from reference.search.root import ALGORITHMS, Algorithm, SearchResult, is_algorithm, search
from reference.search.solve import RawSolution, solve_raw
from reference.search.stats import Counters, SearchStats
from reference.search.tt import Bound, TranspositionTable
from reference.search.zobrist import random_keys

__all__ = [
    "ALGORITHMS",
    "INFINITY",
    "MATE_BOUND",
    "MAX_PLY",
    "WIN",
    "Algorithm",
    "Bound",
    "Budget",
    "Counters",
    "Deadline",
    "Game",
    "Key",
    "PlayableGame",
    "RawSolution",
    "Score",
    "SearchContext",
    "SearchResult",
    "SearchStats",
    "TranspositionTable",
    "alphabeta",
    "alphabeta_tt",
    "alphabeta_tt_engine",
    "divide_raw",
    "is_algorithm",
    "iterative_deepening",
    "minimax",
    "mtdf",
    "perft_raw",
    "pvs",
    "pvs_engine",
    "random_keys",
    "search",
    "solve_raw",
]
