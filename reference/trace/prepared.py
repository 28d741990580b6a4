"""The prepared positions of the step-through page (docs/step.md): a few per game, the
empty 3 x 3 board first, each traced by every listing to a few depths.

Each position is built the way the command line builds it (the registry's defaults, so
``python -m reference trace GAME ...`` gives the same tree), and every trace is small
enough to step through (at most :data:`MAX_STEP_NODES` nodes).

>>> first = PREPARED[0]
>>> first.label, traces_of(first)[("minimax", 2)]["nodes"], traces_of(first)[("alphabeta", 2)]["nodes"]
('tic-tac-toe, the empty board', 82, 26)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reference.registry import JsonObject, load
from reference.search.root import ALGORITHMS
from reference.trace import to_json, trace

MAX_STEP_NODES = 700
"""The largest tree offered (our choice: a student steps through it in minutes)."""


@dataclass(frozen=True)
class Prepared:
    """A position to step through: the game, its options, the position (``None``: the
    start), and what to call it."""

    game: str
    label: str
    position: str | None = None
    options: JsonObject = field(default_factory=dict)
    depths: tuple[int, ...] = (1, 2, 3)

    @property
    def key(self) -> str:
        """A short name for files and links."""
        return f"{PREPARED.index(self)}"

    def build(self) -> Any:
        spec = load(self.game)
        return spec.new_game(spec.check_options(self.options), self.position)


PREPARED: tuple[Prepared, ...] = (
    Prepared("mnk", "tic-tac-toe, the empty board"),
    Prepared("mnk", "tic-tac-toe, x on a3 and o on b3", "xo./.../... x"),
    Prepared("mnk", "tic-tac-toe, o must block", "xox/.o./... x"),
    Prepared("dots-and-boxes", "Dots and Boxes 1 x 2, the empty board", None, {"rows": 1, "cols": 2}),
    Prepared("dots-and-boxes", "Dots and Boxes 2 x 2, four lines in", "2x2:0x861:0:0:0", {"rows": 2, "cols": 2}),
    Prepared("dou-shou-qi", "Dou Shou Qi, lion against mouse and elephant", "A: Lg1 / B: Mg7 Ea9 / A"),
    Prepared(
        "connect6",
        "Connect6 6 x 6, five points left",
        "6/b1,f2,a3,b3,c3,b4,d4,e4,a5,c5,f5,a6,d6,e6,f6/a1,c1,e1,f1,a2,d2,d3,e3,f3,a4,c4,f4,d5,e5,b6,c6",
        {"size": 6},
        (1, 2),
    ),
)
"""The positions the page offers, in the order of its menu."""


def traces_of(prepared: Prepared) -> dict[tuple[str, int], JsonObject]:
    """Every listing to every depth of ``prepared`` that stays within :data:`MAX_STEP_NODES`,
    as the JSON of :func:`reference.trace.to_json` (plus the position)."""
    found: dict[tuple[str, int], JsonObject] = {}
    for algorithm in ALGORITHMS:
        for depth in prepared.depths:
            game = prepared.build()
            result = trace(game, algorithm, depth, max_nodes=100_000)
            if result.nodes > MAX_STEP_NODES:
                continue
            found[(algorithm, depth)] = {"position": game.to_notation(), **to_json(result)}
    return found
