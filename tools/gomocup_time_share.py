#!/usr/bin/env python3
"""How much of ``timeout_turn`` the Gomocup brain uses, measured as a manager would.

Starts ``python -m reference gomocup`` over a pipe (the code of this checkout), sends
``START``, the ``INFO`` limits and then ``TURN`` moves of a fixed opponent (a seeded
random cell next to the stones), and times each answer from the moment the command is
written to the moment the move line is read: the time a manager charges to the brain.
Prints, for each ``timeout_turn``, the share of it the searched moves took (forced moves,
VCF wins and one-ply moves are counted apart: they take what they need), and the most
any move took.  A second table gives the brain very little ``time_left``: the share of
that time the moves took, and why each was played.

Wall-clock numbers on a shared machine: they vary from run to run, so this is a script to
run and read, not a test.

Run: ``.venv/bin/python tools/gomocup_time_share.py [--moves N] [--turns 250,500,1000]``
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parent.parent
SIZE = 15
"""Board size (Gomocup's freestyle board; ``--size`` changes it)."""


@dataclass
class Answer:
    """One move of the brain: where, why (its MESSAGE line) and how long it took."""

    x: int
    y: int
    why: str
    seconds: float


class Pipe:
    """The brain as a manager sees it."""

    def __init__(self) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "reference", "gomocup"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,
        )

    @property
    def stdin(self) -> IO[str]:
        assert self.process.stdin is not None
        return self.process.stdin

    def send(self, line: str) -> None:
        self.stdin.write(line + "\n")
        self.stdin.flush()

    def move(self, command: str) -> Answer:
        """Send a thinking command; read MESSAGE / DEBUG lines up to the move."""
        assert self.process.stdout is not None
        start = time.monotonic()
        self.send(command)
        why = ""
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("the brain ended")
            line = line.strip()
            if line.startswith("MESSAGE"):
                why = line.removeprefix("MESSAGE ")
            elif line.startswith("ERROR"):
                raise RuntimeError(line)
            elif not line.startswith("DEBUG"):
                x, y = map(int, line.split(","))
                return Answer(x, y, why, time.monotonic() - start)

    def close(self) -> None:
        self.send("END")
        self.process.wait(timeout=30)


def opponent_move(stones: set[tuple[int, int]], rng: random.Random) -> tuple[int, int]:
    """A random empty cell next to a stone (the centre on an empty board)."""
    if not stones:
        return SIZE // 2, SIZE // 2
    near = sorted(
        (x + dx, y + dy)
        for x, y in stones
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if 0 <= x + dx < SIZE and 0 <= y + dy < SIZE and (x + dx, y + dy) not in stones
    )
    return rng.choice(near)


def play(info: list[str], moves: int, seed: int, *, every_move: bool = False) -> list[Answer]:
    """Up to ``moves`` answers of a fresh brain under the ``INFO`` lines ``info`` (sent once,
    or before every move); the game may end earlier with a five."""
    rng = random.Random(seed)
    pipe = Pipe()
    answers: list[Answer] = []
    try:
        pipe.send(f"START {SIZE}")
        assert pipe.process.stdout is not None
        pipe.process.stdout.readline()  # OK
        stones: set[tuple[int, int]] = set()
        for number in range(moves):
            for line in info if every_move or number == 0 else []:
                pipe.send(line)
            x, y = opponent_move(stones, rng)
            stones.add((x, y))
            answer = pipe.move(f"TURN {x},{y}")
            stones.add((answer.x, answer.y))
            answers.append(answer)
    except RuntimeError as error:  # the opponent's five ends the game: the position is refused
        if "in a row" not in str(error) and "game is over" not in str(error):
            raise
    finally:
        pipe.close()
    return answers


def reason(answer: Answer) -> str:
    """Why the brain played a move, in a word or two (from its MESSAGE line)."""
    why = answer.why
    if why.startswith("depth"):
        return " ".join(why.split()[:2])
    for start, word in (
        ("five", "five"),
        ("blocks", "block"),
        ("win by", "vcf"),
        ("one ply", "one ply"),
    ):
        if why.startswith(start):
            return word
    return why.split(":")[0]


def searched(answer: Answer) -> bool:
    return answer.why.startswith("depth")


def turn_table(turns_ms: list[int], moves: int) -> None:
    print(f"timeout_turn share used by searched moves ({moves} moves a game, {SIZE}x{SIZE})")
    print(
        f"{'timeout_turn':>12} {'searched':>8} {'min':>6} {'median':>6} {'max':>6} "
        f"{'other':>5} {'slowest s':>9}"
    )
    for turn in turns_ms:
        answers = play([f"INFO timeout_turn {turn}", "INFO timeout_match 0"], moves, seed=turn)
        shares = [a.seconds * 1000 / turn for a in answers if searched(a)]
        slowest = max(a.seconds for a in answers)
        if shares:
            print(
                f"{turn:>10}ms {len(shares):>8} {min(shares):>6.0%} "
                f"{statistics.median(shares):>6.0%} {max(shares):>6.0%} "
                f"{len(answers) - len(shares):>5} {slowest:>9.3f}"
            )


def little_time_table(lefts_ms: list[int], moves: int) -> None:
    print("\nlittle time_left (timeout_turn 5000, time_left sent before each move)")
    print(f"{'time_left':>10} {'max s':>7}  reasons")
    for left in lefts_ms:
        info = ["INFO timeout_turn 5000", "INFO timeout_match 100000", f"INFO time_left {left}"]
        answers = play(info, moves, seed=left, every_move=True)
        reasons = Counter(reason(a) for a in answers)
        shown = ", ".join(f"{why} {count}" for why, count in sorted(reasons.items()))
        print(f"{left:>8}ms {max(a.seconds for a in answers):>7.3f}  {shown}")


def main() -> None:
    global SIZE
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=8, help="brain moves per game (default 8)")
    parser.add_argument("--turns", default="250,500,1000,2000", help="timeout_turn values, ms")
    parser.add_argument("--lefts", default="0,50,300", help="time_left values, ms")
    parser.add_argument("--size", type=int, default=SIZE, help="board size (default 15)")
    args = parser.parse_args()
    SIZE = args.size
    turn_table([int(t) for t in args.turns.split(",")], args.moves)
    little_time_table([int(t) for t in args.lefts.split(",")], args.moves)


if __name__ == "__main__":
    main()
