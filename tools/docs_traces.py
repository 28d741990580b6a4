"""MkDocs hook (mkdocs.yml ``hooks:``): the traces the step-through page plays.

At the end of the build, every prepared position of :mod:`reference.trace.prepared` is
traced by every listing to each of its depths, and written as plain scripts beside the
page (``assets/traces/index.js``, ``assets/traces/p<N>.js``: the position's picture and
its traces) that hand their data to ``assets/stepper.js``.  Scripts, not JSON fetched at run time: the page then works from
the built folder opened straight from disk as well as from a server, with nothing from
outside.
"""

from __future__ import annotations

import json
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

from reference.search.root import ALGORITHMS
from reference.trace.prepared import PREPARED, Prepared, traces_of


def trace_scripts() -> dict[str, str]:
    """File name -> script: the index of positions, then one file per position."""
    index: list[dict[str, object]] = []
    scripts: dict[str, str] = {}
    for number, prepared in enumerate(PREPARED):
        traces = traces_of(prepared)
        runs = [
            {"algorithm": algorithm, "depth": depth, "nodes": traces[(algorithm, depth)]["nodes"]}
            for algorithm, depth in sorted(traces, key=lambda k: (ALGORITHMS.index(k[0]), k[1]))
        ]
        index.append(
            {"file": f"p{number}.js", "label": prepared.label, "game": prepared.game, "runs": runs}
        )
        data = {
            "board": board_picture(prepared),
            "traces": {f"{a} {d}": t for (a, d), t in traces.items()},
        }
        scripts[f"p{number}.js"] = f"window.gtTraceLoaded({number}, {json.dumps(data)});\n"
    scripts["index.js"] = f"window.gtTraceIndex = {json.dumps(index)};\n"
    return scripts


def board_picture(prepared: Prepared) -> str:
    """The position as the package draws it (its ``_repr_svg_``), or nothing for a game
    that does not draw itself."""
    draw = getattr(prepared.build(), "_repr_svg_", None)
    return str(draw()) if callable(draw) else ""


def on_post_build(config: MkDocsConfig) -> None:
    """Write the trace scripts into the built site."""
    folder = Path(config.site_dir) / "assets" / "traces"
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in trace_scripts().items():
        (folder / name).write_text(text, encoding="utf-8")
