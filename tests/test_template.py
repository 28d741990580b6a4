"""The template is executable (issue 30): every game package of the registry has the same
rooms for the same roles (``tools/template.py``, whose contracts ``pyproject.toml``
holds), its ``Side`` in its geometry, its paper's player in ``players.py``, the same
capabilities on its game class, and constructor keywords named as on the command line."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
from pathlib import Path
from typing import Any

import pytest

from reference import new_game
from reference.registry import GAMES, load, paper_player_for
from reference.search.players import Player
from reference.search.protocol import TwoSides

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import template

ENTRIES = {entry.name: entry for entry in GAMES}
NAMES = sorted(ENTRIES)


def package_of(name: str) -> str:
    """``"dots_and_boxes"`` for ``"dots-and-boxes"``."""
    return ENTRIES[name].package.rsplit(".", 1)[1]


def test_the_contracts_in_pyproject_are_the_templates() -> None:
    assert template.current() == template.contracts(), "run: python tools/template.py --write"


def test_every_game_of_the_registry_has_its_row_in_the_template() -> None:
    assert {package_of(name) for name in NAMES} == set(template.PACKAGES)


@pytest.mark.parametrize("name", NAMES)
def test_the_package_has_exactly_the_templates_rooms(name: str) -> None:
    package = importlib.import_module(ENTRIES[name].package)
    found = {info.name for info in pkgutil.iter_modules(package.__path__)}
    placed = template.modules(package_of(name))
    assert found == placed, f"not in the template: {found - placed}; missing: {placed - found}"
    assert set(template.REQUIRED) <= found
    assert "solver" not in found  # rooms are named by role: game.py or engine.py


@pytest.mark.parametrize("name", NAMES)
def test_side_is_in_the_geometry_with_one_interface(name: str) -> None:
    geometry = importlib.import_module(ENTRIES[name].package + ".geometry")
    side = geometry.Side
    assert side.__module__ == geometry.__name__
    assert issubclass(side, TwoSides) and [int(member) for member in side] == [0, 1]
    first: Any = new_game(name).to_move
    assert type(first) is side and first == 0
    assert first.other == 1 and type(first.other) is side


@pytest.mark.parametrize("name", NAMES)
def test_the_papers_player_is_what_play_uses(name: str) -> None:
    players = importlib.import_module(ENTRIES[name].package + ".players")
    keywords = inspect.signature(players.paper_player).parameters
    for limit in ("depth", "time_limit", "node_limit"):
        assert keywords[limit].kind is inspect.Parameter.KEYWORD_ONLY
    game = new_game(name)
    start = game.to_notation()
    player = paper_player_for(game, depth=1, node_limit=20_000)
    assert isinstance(player, Player)  # choose(game) -> SearchResult
    result = player.choose(game)
    assert result.best_move in game.legal_moves()
    assert game.to_notation() == start  # the game is left as it was


CAPABILITIES = (
    "legal_moves", "search_moves", "make", "unmake", "play", "is_terminal", "terminal_score",
    "evaluate", "parse_move", "format_move", "to_notation", "from_notation", "render",
    "copy", "winner", "player_name", "history", "key", "to_move", "_repr_svg_",
)  # fmt: skip


@pytest.mark.parametrize("name", NAMES)
def test_every_game_class_has_the_same_capabilities(name: str) -> None:
    game: Any = new_game(name)
    missing = [word for word in CAPABILITIES if not hasattr(game, word)]
    assert not missing, missing
    twin = game.copy()
    assert twin is not game and twin.to_notation() == game.to_notation() and twin.key == game.key
    assert type(game.history) is tuple and len(game.history) == 0
    move = game.legal_moves()[0]
    game.play(move)
    assert list(game.history) == [move] and len(twin.history) == 0  # the copy is apart
    assert game.winner() is None
    assert {game.player_name(0), game.player_name(1)} == {
        game.player_name(side) for side in type(game.to_move)
    }


NOT_CONSTRUCTOR_OPTIONS: dict[tuple[str, str], str] = {
    ("dots-and-boxes", "checkpoint"): "a file where `solve` saves its progress, not the game's",
    ("wargame", "scenario"): "the file the battle (the constructor's first argument) is read from",
}
"""Command-line options that are not constructor keywords, and why."""


def keyword_for(option: str) -> str:
    """The constructor's keyword for a command-line option: ``no_symmetry`` -> ``symmetry``."""
    return option.removeprefix("no_")


@pytest.mark.parametrize("name", NAMES)
def test_constructor_keywords_are_named_as_on_the_command_line(name: str) -> None:
    spec = load(name)
    game_class: Any = type(new_game(name))
    keywords = inspect.signature(game_class).parameters
    for option in spec.options:
        if (name, option.name) in NOT_CONSTRUCTOR_OPTIONS:
            continue
        assert keyword_for(option.name) in keywords, (name, option.name, list(keywords))
        if option.kind == "switch" and option.name.startswith("no_"):
            assert keywords[keyword_for(option.name)].default is True  # on unless --no-...
