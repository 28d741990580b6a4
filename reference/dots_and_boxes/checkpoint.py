"""Checkpoints of the exact solver: its table and the root's progress, written and read back.

Not from seed 000: what makes a long solve of :mod:`.engine` resumable.  With
``checkpoint=PATH`` the solver writes its table and the root's progress to PATH every
``checkpoint_nodes`` nodes and after each root step, and a later call with the same PATH,
board, position and rules starts from them.
"""

from __future__ import annotations

import json
import os
from array import array
from dataclasses import asdict, dataclass, field
from pathlib import Path

from reference.errors import ParameterError
from reference.files import unique_keys

CHECKPOINT_FORMAT = "reference-dots-and-boxes-solver-checkpoint"
CHECKPOINT_VERSION = 1


@dataclass(slots=True)
class RootProgress:
    """What a checkpoint records about the root (so a resumed run skips finished work)."""

    lower: int
    upper: int
    guess: int
    tests: dict[str, bool] = field(default_factory=dict)
    """Root move (as a string) -> whether it reaches the root value."""
    values: dict[str, int] = field(default_factory=dict)
    """Root move (as a string) -> its exact value (``move_values=True``)."""
    nodes: int = 0
    seconds: float = 0.0
    """Wall seconds spent before this checkpoint (over every run that wrote it)."""


def checkpoint_header(
    rows: int, cols: int, edges: int, rules: dict[str, bool]
) -> dict[str, object]:
    """What a checkpoint must match to be resumed: the board, the position and the rules."""
    return {
        "format": CHECKPOINT_FORMAT,
        "version": CHECKPOINT_VERSION,
        "rows": rows,
        "cols": cols,
        "edges": edges,
        "rules": rules,
    }


def save_checkpoint(
    path: Path, header: dict[str, object], progress: RootProgress, table: dict[int, int]
) -> None:
    """Write the table and the root's progress to ``path`` (atomically: temp file, rename).

    Format: one JSON line (the header: board, position, rules, root progress, entry
    count), then the keys as unsigned 64-bit ints and the packed entries likewise
    (native byte order, ``array('Q')``).
    """
    data = dict(header)
    data["progress"] = asdict(progress)
    data["entries"] = len(table)
    keys = array("Q", table.keys())
    values = array("Q", table.values())
    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "wb") as f:
            f.write(json.dumps(data).encode() + b"\n")
            keys.tofile(f)
            values.tofile(f)
        os.replace(tmp, path)
    except OSError as error:
        raise ParameterError(f"cannot write checkpoint {path}: {error.strerror or error}") from None


def load_checkpoint(path: Path, header: dict[str, object]) -> tuple[RootProgress, dict[int, int]]:
    """Read a checkpoint of :func:`save_checkpoint` for the same board, position and rules."""
    try:
        with open(path, "rb") as f:
            data = json.loads(f.readline(), object_pairs_hook=unique_keys)
            if not isinstance(data, dict):
                raise ValueError("header is not an object")
            for k, v in header.items():
                if data.get(k) != v:
                    raise ParameterError(
                        f"checkpoint {path} is for another solve ({k}: {data.get(k)!r}, "
                        f"this solve: {v!r}); use another file or delete it"
                    )
            n = int(data["entries"])
            keys = array("Q")
            values = array("Q")
            keys.fromfile(f, n)
            values.fromfile(f, n)
            progress = RootProgress(**data["progress"])
    except (OSError, ValueError, KeyError, TypeError, EOFError) as error:
        raise ParameterError(f"cannot read checkpoint {path}: {error}") from None
    return progress, dict(zip(keys, values, strict=True))
