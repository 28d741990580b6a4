"""The oracle toolkit: test an engine against the reference (``docs/oracle.md``).

* :mod:`~reference.oracle.engine`: an external engine process behind the line protocol
  of ``python -m reference check`` (``perft D MOVES`` / ``value MOVES``), with faults
  (crash, timeout, garbage) reported, never raised as anything else;
* :mod:`~reference.oracle.positions`: seeded random positions, replaying move lists,
  solves within a node budget;
* :mod:`~reference.oracle.placement`: seeded random placements (whole positions with
  pieces or stones placed at random, ``--sample placement``), beside the random games;
* :mod:`~reference.oracle.compare`: the comparison at one position and the descent to
  where a disagreement starts (perft divides, values);
* :mod:`~reference.oracle.suite`: test suites as JSON lines (write, read, re-derive).

The commands are in :mod:`reference.cli.check`, :mod:`reference.cli.suite` and
:mod:`reference.cli.serve`.  Library code here never prints.
"""
