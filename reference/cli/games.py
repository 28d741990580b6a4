"""The games the command line knows, by name -> module defining ``SPEC``."""

from __future__ import annotations

import importlib

from reference.cli.spec import GameSpec

GAME_MODULES: dict[str, str] = {
    "mnk": "reference.mnk.cli",
    "dots-and-boxes": "reference.dots_and_boxes.cli",
    "wargame": "reference.wargame.cli",
    "connect6": "reference.connect6.cli",
    "dou-shou-qi": "reference.dou_shou_qi.cli",
}


def available_games() -> dict[str, GameSpec]:
    """The specs of every game whose sub-package is present, in the order above."""
    specs: dict[str, GameSpec] = {}
    for name, module_name in GAME_MODULES.items():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name is not None and module_name.startswith(error.name):
                continue  # that game's sub-package is not written yet
            raise
        spec = module.SPEC
        assert isinstance(spec, GameSpec)
        specs[name] = spec
    return specs
