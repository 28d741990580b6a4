"""Turn-based war chess (seed 002, Nan et al., IJCGT 2016): the game model and single-turn search.

Modules, from the ground up:

* :mod:`~reference.wargame.geometry` - the tile graph: square, octagonal, hexagonal maps,
  terrain, movement costs (§2.1-§2.2);
* :mod:`~reference.wargame.notation` - units, actions, plans; position and plan notation;
* :mod:`~reference.wargame.evaluation` - the static evaluation (§2.3, weights ours);
* :mod:`~reference.wargame.rules` - the battle state (movement ranges by Dijkstra,
  attacks, plans) and the turn-level game :class:`WarState` (a move is a whole turn);
* :mod:`~reference.wargame.single_turn` - the shared state and step of Algorithms 2-5;
* :mod:`~reference.wargame.next_permutation` - Algorithm 1;
* :mod:`~reference.wargame.dictionary_sequence` - Algorithms 2 and 3 (enumeration by order);
* :mod:`~reference.wargame.recursive_permutation` - Algorithm 4;
* :mod:`~reference.wargame.plans_search` - Algorithm 5 (enumeration by recursion);
* :mod:`~reference.wargame.complexity` - §3.1 plan counts, §4.3 ops1 closed forms;
* :mod:`~reference.wargame.game` - the game as the engine searches it (deadline, budget);
* :mod:`~reference.wargame.drawing`, :mod:`~reference.wargame.figures` - SVG pictures,
  the paper's figures;
* :mod:`~reference.wargame.experiment` - the §5 / Table 2 set-ups.
"""

from reference.wargame.geometry import Board, Kind, Side, Terrain
from reference.wargame.notation import Action, Plan, Unit, read_scenario
from reference.wargame.rules import SKIRMISH, Battle, WarState

__all__ = [
    "SKIRMISH",
    "Action",
    "Battle",
    "Board",
    "Kind",
    "Plan",
    "Side",
    "Terrain",
    "Unit",
    "WarState",
    "read_scenario",
]
