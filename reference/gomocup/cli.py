"""``python -m reference gomocup``: the Gomocup brain on standard input / output.

Reads one command per line (CR LF or LF) and writes the answers, flushing after
each, until ``END`` or the end of the input.  Whatever goes wrong inside, the brain
answers ``ERROR ...`` and keeps reading: a manager never sees a traceback.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from reference.gomocup.engine import VCF_NODES
from reference.gomocup.protocol import Brain
from reference.ranges import IntRange, add_ranged_argument

VCF_NODES_RANGE = IntRange(0, 10**12)
"""``--vcf-nodes``: 0 turns the VCF search off."""

DESCRIPTION = (
    "a Gomocup-protocol brain for freestyle gomoku (five or more in a row, INFO rule 0) "
    "on stdin / stdout: START, RECTSTART, RESTART, BEGIN, TURN, BOARD, TAKEBACK, PLAY, "
    "INFO, ABOUT, END (see docs/gomocup.md)"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``python -m reference gomocup``."""
    parser.add_argument(
        "--debug",
        action="store_true",
        help="also write DEBUG lines (budget, position) before moves",
    )
    add_ranged_argument(
        parser,
        "--vcf-nodes",
        VCF_NODES_RANGE,
        f"node limit of the VCF search per move (default {VCF_NODES}; 0: no VCF search)",
        default=VCF_NODES,
    )


def serve(brain: Brain, stdin: TextIO, stdout: TextIO) -> int:
    """Answer every line of ``stdin`` on ``stdout`` until END or the end of input; return 0."""
    for line in stdin:
        try:
            answers = brain.handle(line)
        except Exception as error:  # a brain must never die on one command
            brain.board_lines = None
            answers = [f"ERROR internal error: {type(error).__name__}: {error}"]
        for answer in answers:
            stdout.write(answer + "\n")
        stdout.flush()
        if brain.finished:
            break
    return 0


def run(args: argparse.Namespace) -> int:
    """Run the brain on this process's standard input and output."""
    if args.vcf_nodes < 0:
        print("error: --vcf-nodes must be >= 0", file=sys.stderr)
        return 2
    brain = Brain(debug=args.debug, vcf_nodes=args.vcf_nodes)
    return serve(brain, sys.stdin, sys.stdout)
