"""The (M,N,K)-game in the registry: ``python -m reference <command> mnk``.

Seed 001.  Options: ``--m`` (columns), ``--n`` (rows), ``--k`` (stones in a row;
each defaults to 3, or M and N to the size of ``--position``), ``--no-symmetry``
(plain Zobrist keys in the transposition table instead of canonical keys),
``--ordering`` (see :data:`reference.mnk.rules.ORDERINGS`) and the sound pruning
rules ``--no-forced-moves``, ``--no-dead-cells``, ``--no-pairings`` (see
:meth:`reference.mnk.game.MNKGame.search_moves` and ``proof_bounds``).  No switch
changes an exact value or a set of optimal moves, only the speed.  Moves are cells
such as ``b2`` (``a1`` at the bottom left); positions are in the notation of
:mod:`reference.mnk.notation`.  The reported value is the sign of the exact score:
1 win, 0 draw, -1 loss for the side to move.
"""

from __future__ import annotations

from reference.mnk.game import MNKGame
from reference.mnk.geometry import MAX_SIDE
from reference.mnk.rules import ORDERINGS
from reference.ranges import IntRange
from reference.registry import (
    GameSpec,
    Options,
    choice,
    int_value,
    integer,
    is_on,
    switch,
    text_value,
)

SIDE = IntRange(1, MAX_SIDE)
"""``--m``, ``--n`` and ``--k``: one column letter per column, a..z."""

DEFAULT_SIDE = 3
"""M, N and K when neither the options nor ``--position`` give them (tic-tac-toe)."""


SWITCHES = ("symmetry", "forced_moves", "dead_cells", "pairings")
"""The solver's switches, each on unless its ``no_`` option is given (none changes a value)."""


def new_game(options: Options, position: str | None) -> MNKGame:
    """Build the game from ``m``, ``n``, ``k`` and ``position`` (they must agree)."""
    m, n, k = int_value(options, "m"), int_value(options, "n"), int_value(options, "k")
    switches = {name: not is_on(options, "no_" + name) for name in SWITCHES}
    ordering = text_value(options, "ordering") or ORDERINGS[0]
    k = DEFAULT_SIDE if k is None else k
    if position is not None:
        return MNKGame.from_notation(position, k, m=m, n=n, ordering=ordering, **switches)
    m = DEFAULT_SIDE if m is None else m
    n = DEFAULT_SIDE if n is None else n
    return MNKGame(m, n, k, ordering=ordering, **switches)


SPEC = GameSpec(
    name="mnk",
    help="the (M,N,K)-game: K in a row on an M x N board (seed 001)",
    options=(
        integer("m", SIDE, f"columns (default {DEFAULT_SIDE})"),
        integer("n", SIDE, f"rows (default {DEFAULT_SIDE})"),
        integer("k", SIDE, f"stones in a row to win (default {DEFAULT_SIDE})"),
        switch(
            "no_symmetry", "plain Zobrist keys in the transposition table (no symmetry reduction)"
        ),
        choice(
            "ordering",
            ORDERINGS,
            f"move ordering (default {ORDERINGS[0]}; counts and values never depend on it)",
        ),
        switch(
            "no_forced_moves",
            "searches try every move even when one completes K in a row or must block one",
        ),
        switch(
            "no_dead_cells", "searches also try cells on no K-line either side can still complete"
        ),
        switch(
            "no_pairings", "solve does not look for pairing strategies (static proofs of draws)"
        ),
    ),
    new_game=new_game,
    moves_example="b2 a1",
    rule_options=lambda game: {"m": game.m, "n": game.n, "k": game.k},
    explain="reference.mnk.explain",
)
