"""Turn-based war chess (seed 002, Nan et al., IJCGT 2016): the game model and single-turn search.

Modules, named after the paper:

* :mod:`~reference.wargame.board` - the tile graph, terrain and movement costs (§2.1-§2.2);
* :mod:`~reference.wargame.battle` - units, movement ranges (Dijkstra), attacks, notation, printing;
* :mod:`~reference.wargame.next_permutation` - Algorithm 1;
* :mod:`~reference.wargame.dictionary_sequence` - Algorithms 2 and 3 (enumeration by order);
* :mod:`~reference.wargame.recursive_permutation` - Algorithm 4;
* :mod:`~reference.wargame.plans_search` - Algorithm 5 (enumeration by recursion);
* :mod:`~reference.wargame.complexity` - §3.1 plan counts, §4.3 ops1 closed forms;
* :mod:`~reference.wargame.experiment` - the §5 / Table 2 set-ups;
* :mod:`~reference.wargame.game` - the turn-level game (moves are whole-turn plans);
* :mod:`~reference.wargame.cli` - ``python -m reference ... wargame``.
"""

from reference.wargame.battle import Action, Battle, Plan, Side, Unit
from reference.wargame.board import Board, Kind, Terrain
from reference.wargame.game import WarGame

__all__ = ["Action", "Battle", "Board", "Kind", "Plan", "Side", "Terrain", "Unit", "WarGame"]
