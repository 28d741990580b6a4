"""Node counters kept by every search, and the frozen copy handed out in results."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Counters:
    """Mutable counters updated inside a search (one object per search)."""

    nodes: int = 0
    """Positions visited (every call of a node function, leaves included)."""
    tt_probes: int = 0
    """Transposition-table look-ups."""
    tt_hits: int = 0
    """Look-ups that found an entry for this exact key."""
    tt_cutoffs: int = 0
    """Hits whose stored bound ended the node without searching it."""

    def freeze(self) -> SearchStats:
        return SearchStats(self.nodes, self.tt_probes, self.tt_hits, self.tt_cutoffs)


@dataclass(frozen=True, slots=True)
class SearchStats:
    """The counters of a finished search (see :class:`Counters` for their meaning)."""

    nodes: int = 0
    tt_probes: int = 0
    tt_hits: int = 0
    tt_cutoffs: int = 0

    def __add__(self, other: SearchStats) -> SearchStats:
        """The counters of two searches summed (the jobs of a parallel search)."""
        return SearchStats(
            self.nodes + other.nodes,
            self.tt_probes + other.tt_probes,
            self.tt_hits + other.tt_hits,
            self.tt_cutoffs + other.tt_cutoffs,
        )
