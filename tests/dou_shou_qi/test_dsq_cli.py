"""The command line for Dou Shou Qi: ``python -m reference <command> dou-shou-qi``."""

from __future__ import annotations

import json

import pytest
from cli_runner import Cli

from reference.cli.main import main
from reference.dou_shou_qi.rules import DouShouQi
from reference.registry import load

START = "A: Ta1 Lg1 Cb2 Df2 Ea3 Wc3 He3 Mg3 / B: Ma7 Hc7 We7 Eg7 Db8 Cf8 La9 Tg9 / A"


def test_perft_from_start_position_and_moves(cli: Cli) -> None:
    """``perft dou-shou-qi --depth D [--position P | --moves M] --json``."""
    result = cli.json("perft", "dou-shou-qi", "--depth", "2")
    assert (result["depth"], result["nodes"]) == (2, 576)
    assert isinstance(result["seconds"], float)  # a time, whatever the machine's speed
    result = cli.json("perft", "dou-shou-qi", "--depth", "1", "--position", START)
    assert result["nodes"] == 24
    result = cli.json("perft", "dou-shou-qi", "--depth", "1", "--moves", "e3-d3 c7-d7")
    assert result["nodes"] == 23  # the wolf on c3 lost d3; the hyena has d4, d2, e3


def test_named_positions(cli: Cli) -> None:
    result = cli.json("show", "dou-shou-qi", "--position", "appendix-a-m")
    assert "B: Hc7" in str(result["position"])
    result = cli.json("positions", "dou-shou-qi")
    assert len(result["named"]) == 10
    assert len(result["unrecovered_appendix_a"]) == 11


def test_bestmove_and_evaluate(cli: Cli) -> None:
    result = cli.json(
        "bestmove", "dou-shou-qi", "--depth", "2", "--algorithm", "alphabeta", "--no-tt"
    )
    assert result["depth"] == 2 and isinstance(result["move"], str)
    result = cli.json("evaluate", "dou-shou-qi", "--position", "appendix-a-t")
    assert result["evaluate"] == 1010


def test_bad_input_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "dou-shou-qi", "--depth", "1", "--moves", "e3-d3 e3-e4"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "move 2" in err
    assert main(["show", "dou-shou-qi", "--position", "A: Tb4 / B: Mg9 / A"]) == 2
    assert "only mice" in capsys.readouterr().err


def test_play_computer_against_computer(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "dou-shou-qi", "--first", "computer", "--second", "computer"]
    assert main([*argv, "--depth", "1", "--time", "1000000", "--max-plies", "4", "--quiet"]) == 0
    assert "stopped after 4 plies" in capsys.readouterr().out


def test_rules_option_reaches_the_commands_suite_lines_and_the_registry(
    capsys: pytest.CaptureFixture[str],
    cli: Cli,
) -> None:
    """``--rules standard``: a piece on an opponent's trap takes at full strength (B's hyena
    on A's trap c1 takes A's cat), and the wolf on c3 is 4, valued 400; the option is in
    suite lines and the registry's options (what ``serve`` and ``check`` read); a bad rule
    set is one line and status 2."""
    trapped = ["legal", "dou-shou-qi", "--position", "A: Cb1 / B: Hc1 / B"]
    assert cli.json(*trapped)["moves"] == ["c1-c2", "c1-d1"]
    standard = cli.json(*trapped, "--rules", "standard")
    assert standard["moves"] == ["c1-b1", "c1-c2", "c1-d1"]
    evaluate = cli.json("evaluate", "dou-shou-qi", "--rules", "standard")
    wolf = next(p for p in evaluate["pieces"] if p["kind"] == "wolf")
    assert (wolf["material"], wolf["square"]) == (400, "c3")
    suite = ["suite", "dou-shou-qi", "--rules", "standard", "--positions", "1", "--depth", "1"]
    assert main([*suite, "--budget", "1000"]) == 0  # over the budget: no value, quickly
    line = json.loads(capsys.readouterr().out)
    assert line["options"] == {"rules": "standard"}
    spec = load("dou-shou-qi")
    game = spec.game(spec.check_options({"rules": "standard"}), "A: Cb1 / B: Hc1 / B")
    assert isinstance(game, DouShouQi) and game.rules.name == "standard"
    assert main(["legal", "dou-shou-qi", "--rules", "common"]) == 2
    assert "invalid choice" in capsys.readouterr().err
