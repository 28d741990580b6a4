"""A clock for tests: no real time involved, so a timed search does the same on any machine."""

from __future__ import annotations


class FakeClock:
    """A clock that advances ``step`` seconds each time it is read (``reads`` counts them).

    >>> clock = FakeClock(step=0.5)
    >>> clock(), clock(), clock.reads
    (0.5, 1.0, 2)
    """

    __slots__ = ("now", "reads", "step")

    def __init__(self, step: float = 0.0) -> None:
        self.now = 0.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now
