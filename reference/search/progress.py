"""What a long solve tells its user: the root moves proven so far, the window, the speed.

A :class:`SolveReport` is handed to ``on_report`` (:func:`reference.api.solve`) every
few hundred thousand nodes and after each step at the root; the command line prints it
as a line of text or, with ``--progress json``, as one JSON object per line on stderr.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class SolveReport:
    """A solve's progress at one moment.

    >>> report = SolveReport(nodes=3_000_000, seconds=10.0, run_nodes=2_000_000,
    ...     run_seconds=10.0, lower=-2, upper=2, bound=0, moves_done=3, moves_total=8,
    ...     moves={"h0,0": "=0", "v0,0": "<=-2", "h1,0": ">=0"}, estimate=20.0)
    >>> report.nodes_per_second
    200000.0
    >>> print(report.text())
    solve: 3,000,000 nodes, 10.0 s, 200,000 nodes/s; value in [-2, 2], testing >= 0; root moves 3 of 8 decided: h0,0 =0, v0,0 <=-2, h1,0 >=0; about 20 s left
    """

    nodes: int
    """Nodes of the whole solve (a resumed solve counts those before the checkpoint too)."""
    seconds: float
    """Wall seconds of the whole solve (idem)."""
    run_nodes: int
    """Nodes of this run only (what the speed is measured on)."""
    run_seconds: float
    lower: int | None = None
    """The root value is known to lie in [lower, upper] (``None``: not reported)."""
    upper: int | None = None
    bound: int | None = None
    """The null-window test under way: is the root (or a root move) worth at least this?"""
    moves_done: int = 0
    """Legal root moves whose relation to the root value is decided (optimal or not)."""
    moves_total: int = 0
    moves: dict[str, str] = field(default_factory=dict)
    """Root move (notation) -> what is proven of its value: ``=v``, ``>=v``, ``<=v``, ``best``."""
    estimate: float | None = None
    """Seconds left, when one can be made (the moves left cost what the moves done did)."""

    @property
    def nodes_per_second(self) -> float:
        return self.run_nodes / self.run_seconds if self.run_seconds > 0 else 0.0

    def as_json(self) -> dict[str, object]:
        """The report as a JSON object (one line of ``--progress json``)."""
        out: dict[str, object] = {
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
            "nodes_per_second": round(self.nodes_per_second),
            "moves_done": self.moves_done,
            "moves_total": self.moves_total,
            "moves": self.moves,
        }
        for name in ("lower", "upper", "bound"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        if self.estimate is not None:
            out["estimate_seconds"] = round(self.estimate, 1)
        return out

    def text(self) -> str:
        """The report as one line of text."""
        parts = [
            f"solve: {self.nodes:,} nodes, {self.seconds:.1f} s, "
            f"{self.nodes_per_second:,.0f} nodes/s"
        ]
        if self.lower is not None and self.upper is not None:
            window = f"value in [{self.lower}, {self.upper}]"
            if self.bound is not None:
                window += f", testing >= {self.bound}"
            parts.append(window)
        if self.moves_total:
            done = f"root moves {self.moves_done} of {self.moves_total} decided"
            if self.moves:
                done += ": " + ", ".join(f"{move} {what}" for move, what in self.moves.items())
            parts.append(done)
        if self.estimate is not None:
            parts.append(f"about {self.estimate:,.0f} s left")
        return "; ".join(parts)


__all__ = ["SolveReport"]
