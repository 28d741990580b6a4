"""``trace GAME``: print (or draw) the tree a search walks, node by node.

Runs one of the search core's listings on the position through
:func:`reference.trace.trace` and prints the indented tree, one JSON object
(``--json``: ``{"nodes": N, "tree": [...], ...}``), and with ``--svg FILE`` draws
it too: a picture at most ``--svg-width`` pixels wide (default 1200, a browser window),
whose root is in view when it opens and whose legend explains its marks.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from reference.cli.options import build_game
from reference.errors import ParameterError
from reference.ranges import IntRange, add_ranged_argument
from reference.registry import GameSpec
from reference.search import ALGORITHMS, MAX_PLY

TRACE_DEPTH = IntRange(1, MAX_PLY)
"""``trace --depth``: at least one ply (the node limit keeps the tree small)."""
MAX_NODES = IntRange(1, 1_000_000)
"""``trace --max-nodes``: refuse a tree of more nodes (the whole tree is kept in memory)."""
SVG_WIDTH = IntRange(480, 100_000)
"""``trace --svg-width``: the picture's width in pixels (``reference.trace.drawing``)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--algorithm``, ``--depth``, ``--max-nodes``, ``--svg`` and ``--svg-width``."""
    from reference.trace import DEFAULT_MAX_NODES

    parser.add_argument("--algorithm", choices=ALGORITHMS, required=True, help="the listing to trace")
    add_ranged_argument(parser, "--depth", TRACE_DEPTH, "plies to search", required=True)
    add_ranged_argument(
        parser,
        "--max-nodes",
        MAX_NODES,
        f"refuse a tree of more nodes (default {DEFAULT_MAX_NODES:,})",
        default=DEFAULT_MAX_NODES,
    )
    parser.add_argument("--svg", metavar="FILE", help="also draw the tree into FILE (SVG)")
    add_ranged_argument(
        parser,
        "--svg-width",
        SVG_WIDTH,
        "the picture's width in pixels: a wider tree folds its subtrees into rows (default 1200)",
        default=1200,
        metavar="PX",
    )


def run(spec: GameSpec, args: argparse.Namespace) -> None:
    """Trace the search and print it; write the picture when ``--svg`` is given."""
    from reference.trace import render_text, to_json, trace
    from reference.trace.drawing import draw_trace

    game = build_game(spec, args)
    result = trace(game, args.algorithm, args.depth, max_nodes=args.max_nodes)
    if args.svg is not None:
        title = f"{spec.name} {game.to_notation()}: {args.algorithm}"
        picture = draw_trace(result, title, width=args.svg_width)
        write_svg(args.svg, picture)
    if args.json:
        out = {"game": spec.name, "position": game.to_notation(), **to_json(result)}
        write_out(json.dumps(out))
    else:
        write_out(render_text(result, f"{spec.name} {game.to_notation()}"))


def write_out(text: str) -> None:
    """Print ``text``; a reader that stops early (``| head``) ends the output quietly."""
    try:
        print(text, flush=True)
    except BrokenPipeError:
        # the reader is gone: send what Python still wants to flush at exit nowhere
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def write_svg(path: str, document: str) -> None:
    """Write the picture; a path that cannot be written is one clear error."""
    if not path:
        raise ParameterError("--svg needs a file name")
    try:
        with open(path, "w", encoding="utf-8") as out:
            out.write(document + "\n")
    except OSError as error:
        raise ParameterError(f"cannot write --svg {path!r}: {error.strerror or error}") from None
