"""``check dou-shou-qi --tablebase SET``: an engine's values against an endgame table.

The positions are drawn (``--positions``, ``--seed``) from every placement of the
material set ``SET`` (``"A: W / B: D"``), solved by retrograde analysis
(:mod:`reference.dou_shou_qi.tablebase`), and asked of the engine in the position form
(``ID value position NOTATION``): table positions are not reached by moves from the start,
so an engine that does not take the position form cannot be checked this way.

The table's values have no move limit; the game's draw limit (``--draw-limit``, the
engine's too) turns a win or loss that needs more plies than the limit leaves into a
draw, so the comparison is at the game's limit.  A disagreement is reported with the
table's distance and the moves that keep its value.
"""

from __future__ import annotations

import argparse
import json
import random
import shlex

from reference.errors import ParameterError
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


def run(spec: GameSpec, args: argparse.Namespace, options: JsonObject) -> int:
    """Compare the engine's values with the table's; the exit status (0 agree, 1 not)."""
    from reference.dou_shou_qi.tablebase import Material, TableSet

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
    material = Material.parse(args.tablebase)
    tables = TableSet(rules)
    table = tables.table(material)
    rng = random.Random(args.seed)
    count = args.positions if args.positions is not None else 100
    indices: list[int] = []
    while len(indices) < count:
        index = rng.randrange(table.space.size)
        if table.table.value[index] != INVALID:
            indices.append(index)
    start = spec.game(options)
    ours = {k: str(v) for k, v in (spec.rule_options(start) if spec.rule_options else {}).items()}
    out: JsonObject = {
        "game": spec.name,
        "tablebase": material.text(),
        "rules": rules,
        "draw_limit": plies_left,
        "positions": count,
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
        for number, index in enumerate(indices, start=1):
            game = tables.position(material, index)
            notation = game.to_notation()
            value, distance = table.entry(index)
            expected = expected_value(value, distance, plies_left)
            try:
                answer = engine.value((), position=notation)
            except EngineFault as fault:
                out["fault"] = {"kind": fault.kind, "message": str(fault), "request": fault.request}
                out["index"] = number
                return _finish(args, out)
            out["checked"] = number
            if answer != expected:
                probe = tables.probe(game)
                out["finding"] = {
                    "position": notation,
                    "engine": answer,
                    "reference": expected,
                    "table": {"value": probe.outcome, "distance": probe.distance,
                              "moves": list(probe.keeping), "fastest": list(probe.fastest)},
                    "why": _why(probe.outcome, probe.distance, list(probe.fastest), plies_left),
                    "reproduce": f"python -m reference tablebase probe dou-shou-qi --rules {rules} "
                    f"--position {shlex.quote(notation)}",
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
