"""The game-independent search core.

=====================  ===========================================  ==================
module                 what                                         paper
=====================  ===========================================  ==================
protocol               the Game interface, WIN, score conventions    all
negamax                child value: sign flips only on a turn pass   seed 000 (erratum)
minimax                MINIMAX                                      seed 003 §3.2
alphabeta              fail-soft alpha-beta                         seed 000 Thm 8, 001
tt                     Bound flags, prime-sized depth-preferred TT   seed 001, 000 Alg. 1
alphabeta_tt           alpha-beta + TT (Algorithm 1, corrected)      seed 000 Alg. 1
pvs                    NegaScout / principal variation search        seed 001 §improv.
mtdf                   MTD(f)                                       seed 001 §improv.
zobrist                reproducible 64-bit keys                      seed 001
iterative              iterative deepening under a time limit        seed 001
root / rootloop        root search: value and move                   -
solve                  exact value and all optimal moves             -
perft                  move-sequence counts, divide                  -
recursion              stack room for the deepest line of a search   -
=====================  ===========================================  ==================
"""

from reference.search.alphabeta import alphabeta
from reference.search.alphabeta_tt import alphabeta_tt
from reference.search.context import Deadline, SearchContext
from reference.search.iterative import iterative_deepening
from reference.search.minimax import minimax
from reference.search.mtdf import mtdf
from reference.search.perft import divide, perft
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
from reference.search.root import ALGORITHMS, SearchResult, search
from reference.search.solve import SolveResult, solve
from reference.search.stats import Counters, SearchStats
from reference.search.tt import Bound, TranspositionTable
from reference.search.zobrist import random_keys

__all__ = [
    "ALGORITHMS",
    "INFINITY",
    "MATE_BOUND",
    "MAX_PLY",
    "WIN",
    "Bound",
    "Counters",
    "Deadline",
    "Game",
    "Key",
    "PlayableGame",
    "Score",
    "SearchContext",
    "SearchResult",
    "SearchStats",
    "SolveResult",
    "TranspositionTable",
    "alphabeta",
    "alphabeta_tt",
    "divide",
    "iterative_deepening",
    "minimax",
    "mtdf",
    "perft",
    "pvs",
    "random_keys",
    "search",
    "solve",
]
