"""``check dou-shou-qi --tablebase SET`` (or ``--tablebase FILE``): an engine's values
against an endgame table; ``suite dou-shou-qi --tablebase SET`` writes such positions.

The positions are drawn (``--positions``, ``--seed``) from every placement of the
material set ``SET`` (``"A: W / B: D"``), solved by retrograde analysis
(:mod:`reference.dou_shou_qi.tablebase`), and asked of the engine in the position form
(``ID value position NOTATION``): table positions are not reached by moves from the start,
so an engine that does not take the position form cannot be checked this way.

``suite --tablebase SET`` writes the drawn positions as a *table suite*, one JSON object a
line: ``{"game", "options", "tablebase", "position", "value", "outcome", "distance",
"best_moves"}`` (``value`` at the game's draw limit, ``best_moves`` those that keep the
outcome fastest); ``check --tablebase FILE`` reads one back and compares without building
the table.

The table's values have no move limit; the game's draw limit (``--draw-limit``, the
engine's too) turns a win or loss that needs more plies than the limit leaves into a
draw, so the comparison is at the game's limit.  A disagreement is reported with the
table's distance and the moves that keep its value.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
from dataclasses import dataclass
from typing import IO

from reference.errors import ParameterError
from reference.files import unique_keys
from reference.oracle.engine import Engine, EngineFault
from reference.registry import GameSpec, JsonObject
from reference.search.retrograde import INVALID, LOSS, WIN

SCHEMA_NOTE = "check --tablebase: one JSON object"


def expected_value(value: int, distance: int, plies_left: int | None) -> int:
    """The value ``solve`` gives under the draw limit: 1 / 0 / -1 for the side to move."""
    if value not in (WIN, LOSS):
        return 0
    if plies_left is not None and distance > plies_left:
        return 0  # the end is further than the limit: a draw at the limit
    return 1 if value == WIN else -1


@dataclass(frozen=True)
class TablePosition:
    """A position drawn from a table, with the table's answers."""

    position: str
    value: int  # 1 / 0 / -1 at the game's draw limit
    outcome: str  # win / loss / draw with no move limit
    distance: int
    best_moves: tuple[str, ...]

    def line(self, options: JsonObject, material: str) -> JsonObject:
        return {
            "game": "dou-shou-qi",
            "options": options,
            "tablebase": material,
            "position": self.position,
            "value": self.value,
            "outcome": self.outcome,
            "distance": self.distance,
            "best_moves": list(self.best_moves),
        }


def draw_from_table(
    spec: GameSpec, options: JsonObject, material_text: str, count: int, seed: int
) -> tuple[str, str, int | None, list[TablePosition]]:
    """``count`` positions drawn (``seed``) from the table of ``material_text`` under the
    options' rule set: (material, rules, plies left by the draw limit, positions)."""
    from reference.dou_shou_qi.tablebase import Material, TableSet

    if spec.name != "dou-shou-qi":
        raise ParameterError("--tablebase: tables are built for dou-shou-qi (docs/tablebases.md)")
    values = spec.check_options(options)
    rules = str(values.get("rules", "thesis"))
    limit = values.get("draw_limit")
    plies_left = int(limit) if isinstance(limit, int) and limit > 0 else None
    material = Material.parse(material_text)
    tables = TableSet(rules)
    table = tables.table(material)
    rng = random.Random(seed)
    found: list[TablePosition] = []
    while len(found) < count:
        index = rng.randrange(table.space.size)
        if table.table.value[index] == INVALID:
            continue
        game = tables.position(material, index)
        value, distance = table.entry(index)
        probe = tables.probe(game)
        found.append(
            TablePosition(
                game.to_notation(), expected_value(value, distance, plies_left),
                probe.outcome, probe.distance, probe.fastest,
            )
        )
    return material.text(), rules, plies_left, found


def read_table_suite(path: str, spec: GameSpec, options: JsonObject) -> tuple[str, list[TablePosition]]:
    """The positions of a table suite file (``suite --tablebase``): (material, positions)."""
    positions: list[TablePosition] = []
    material = ""
    try:
        with open(path, encoding="utf-8") as handle:
            lines = [(n, line) for n, line in enumerate(handle, start=1) if line.strip()]
    except OSError as error:
        raise ParameterError(f"cannot read {path!r}: {error.strerror}") from None
    for number, text in lines:
        try:
            data = json.loads(text, object_pairs_hook=unique_keys)
            if data["game"] != spec.name or data["options"] != options:
                raise ParameterError(
                    f"{path} line {number}: a {data['game']} position with options "
                    f"{data['options']}, not {spec.name} with {options}"
                )
            material = str(data["tablebase"])
            positions.append(
                TablePosition(
                    str(data["position"]), int(data["value"]), str(data["outcome"]),
                    int(data["distance"]), tuple(str(m) for m in data["best_moves"]),
                )
            )
        except (ValueError, KeyError, TypeError) as error:
            raise ParameterError(f"{path} line {number}: not a table suite line ({error})") from None
    if not positions:
        raise ParameterError(f"{path} has no position")
    return material, positions


def write_suite(spec: GameSpec, args: argparse.Namespace, options: JsonObject, out: IO[str]) -> int:
    """``suite dou-shou-qi --tablebase SET``: the table suite's lines; how many."""
    material, _, _, positions = draw_from_table(
        spec, options, args.tablebase, args.positions, args.seed
    )
    for entry in positions:
        out.write(json.dumps(entry.line(options, material)) + "\n")
    return len(positions)


def run(spec: GameSpec, args: argparse.Namespace, options: JsonObject) -> int:
    """Compare the engine's values with the table's; the exit status (0 agree, 1 not)."""
    if spec.name != "dou-shou-qi":
        raise ParameterError("--tablebase: tables are built for dou-shou-qi (docs/tablebases.md)")
    if args.what != "value":
        raise ParameterError("--tablebase compares values: give --what value")
    try:
        command = shlex.split(args.engine)
    except ValueError as error:
        raise ParameterError(f"--engine: {error}") from None
    values = spec.check_options(options)
    rules = str(values.get("rules", "thesis"))
    limit = values.get("draw_limit")
    plies_left = int(limit) if isinstance(limit, int) and limit > 0 else None
    count = args.positions if args.positions is not None else 100
    if os.path.isfile(args.tablebase):
        material, positions = read_table_suite(args.tablebase, spec, options)
    else:
        material, rules, plies_left, positions = draw_from_table(
            spec, options, args.tablebase, count, args.seed
        )
    start = spec.game(options)
    ours = {k: str(v) for k, v in (spec.rule_options(start) if spec.rule_options else {}).items()}
    out: JsonObject = {
        "version": 1,  # reference/oracle/schema/check-tablebase.json
        "game": spec.name,
        "tablebase": material,
        "rules": rules,
        "draw_limit": plies_left,
        "positions": len(positions),
        "seed": args.seed,
        "checked": 0,
        "agree": False,
        "finding": None,
        "fault": None,
    }
    with Engine(
        command, timeout=args.timeout, handshake_timeout=args.handshake_timeout
    ) as engine:
        try:
            hello, _ = engine.handshake(spec.name, ours)
        except EngineFault as fault:
            out["fault"] = {"kind": fault.kind, "message": str(fault), "request": fault.request}
            return _finish(args, out)
        if not hello.position:
            out["fault"] = {
                "kind": "position form",
                "message": "the engine does not take the position form (its handshake does not "
                "end in `position`): table positions are not reached by moves from the start",
                "request": "protocol 2 (the handshake)",
            }
            return _finish(args, out)
        for number, entry in enumerate(positions, start=1):
            try:
                answer = engine.value((), position=entry.position)
            except EngineFault as fault:
                out["fault"] = {"kind": fault.kind, "message": str(fault), "request": fault.request}
                out["index"] = number
                return _finish(args, out)
            out["checked"] = number
            if answer != entry.value:
                out["finding"] = {
                    "position": entry.position,
                    "engine": answer,
                    "reference": entry.value,
                    "table": {"value": entry.outcome, "distance": entry.distance,
                              "fastest": list(entry.best_moves)},
                    "why": _why(entry.outcome, entry.distance, list(entry.best_moves), plies_left),
                    "reproduce": f"python -m reference tablebase probe dou-shou-qi --rules {rules} "
                    f"--position {shlex.quote(entry.position)}",
                }
                out["index"] = number
                return _finish(args, out)
    out["agree"] = True
    return _finish(args, out)


def _why(outcome: str, distance: int, fastest: list[str], plies_left: int | None) -> str:
    if outcome == "draw":
        return "the table: no side can force an end (a draw with no move limit)"
    mover = "the side to move"
    line = f"{mover} {'wins' if outcome == 'win' else 'loses'} in {distance} plies"
    if outcome == "win" and fastest:
        line += f", e.g. by {fastest[0]}"
    if plies_left is not None:
        line += f" (the draw limit leaves {plies_left})"
    return "the table: " + line


def _finish(args: argparse.Namespace, out: JsonObject) -> int:
    if args.json:
        print(json.dumps(out))
    else:
        head = (
            f"check {out['game']} --tablebase {out['tablebase']!r} ({out['rules']} rules): "
            f"{out['checked']} of {out['positions']} positions compared"
        )
        lines = [head]
        if out["agree"]:
            lines.append("the engine agrees with the table on every position")
        elif isinstance(out["finding"], dict):
            finding = out["finding"]
            lines += [
                f"DISAGREEMENT at position {out.get('index')}: {finding['position']}",
                f"  engine value {finding['engine']}, table value {finding['reference']}",
                f"  why: {finding['why']}",
                f"  reproduce: {finding['reproduce']}",
            ]
        elif isinstance(out["fault"], dict):
            lines.append(f"ENGINE FAULT ({out['fault']['kind']}): {out['fault']['message']}")
        print("\n".join(lines))
    return 0 if out["agree"] else 1
