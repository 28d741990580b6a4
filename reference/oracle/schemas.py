"""The JSON the oracle prints, as versioned JSON Schema files (``reference/oracle/schema/``).

``check.json`` (``check --json``), ``check-tablebase.json`` (``check --tablebase``),
``suite-line.json`` (a line of ``suite``, and of the rule-corner files),
``table-suite-line.json`` (a line of ``suite --tablebase``) and ``serve-response.json``
(a line ``serve`` answers).  Each file has a ``version``; an object that carries one
(``check``'s report) says which it follows.  A change that removes or renames a key, or
changes a type, raises the version.

:func:`validate` checks an object against one of them with the standard library (the
subset of JSON Schema the files use: ``type``, ``const``, ``enum``, ``required``,
``properties``, ``additionalProperties``, ``items``), so an engine's CI can check what it
parses without a dependency.

>>> validate({"id": 1, "ok": True, "result": {}}, schema("serve-response"))
[]
>>> validate({"id": 1}, schema("serve-response"))
["$: 'ok' is required"]
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

NAMES = ("check", "check-tablebase", "suite-line", "table-suite-line", "serve-response")

_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
}


@cache
def schema(name: str) -> dict[str, Any]:
    """The schema ``name`` (one of :data:`NAMES`), read from the package."""
    if name not in NAMES:
        raise ValueError(f"no schema {name!r}: choose one of {', '.join(NAMES)}")
    text = resources.files("reference.oracle").joinpath(f"schema/{name}.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def _is(value: object, kind: str) -> bool:
    if kind in ("integer", "number") and isinstance(value, bool):
        return False
    return isinstance(value, _TYPES[kind])


def validate(instance: object, rules: dict[str, Any], where: str = "$") -> list[str]:
    """Every way ``instance`` breaks ``rules`` (empty: it follows them)."""
    errors: list[str] = []
    if "const" in rules and instance != rules["const"]:
        errors.append(f"{where}: {instance!r} is not {rules['const']!r}")
    if "enum" in rules and instance not in rules["enum"]:
        errors.append(f"{where}: {instance!r} is not one of {rules['enum']!r}")
    kinds = rules.get("type")
    if kinds is not None:
        kinds = [kinds] if isinstance(kinds, str) else kinds
        if not any(_is(instance, kind) for kind in kinds):
            return [*errors, f"{where}: {type(instance).__name__} is not {' or '.join(kinds)}"]
    if isinstance(instance, dict):
        for key in rules.get("required", ()):
            if key not in instance:
                errors.append(f"{where}: {key!r} is required")
        properties = rules.get("properties", {})
        for key, value in instance.items():
            if key in properties:
                errors += validate(value, properties[key], f"{where}.{key}")
            elif rules.get("additionalProperties") is False:
                errors.append(f"{where}: {key!r} is not a known key")
    if isinstance(instance, list) and "items" in rules:
        for index, item in enumerate(instance):
            errors += validate(item, rules["items"], f"{where}[{index}]")
    return errors
