"""The command line's options: ranges, full names, --position / --moves,
``play`` at the prompt and with ``--json``, ``bestmove --json``."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest

from reference import api
from reference.cli.annotate import BUDGET_RANGE, parse_budget
from reference.cli.extra import EXTRA_COMMANDS, load_commands
from reference.cli.main import build_parser, command_games, main
from reference.mnk.game import MNKGame
from reference.ranges import ArgType
from reference.registry import GAMES
from reference.registry import load as load_spec
from reference.search import MATE_BOUND, SearchResult

NO_POSITION = {"positions"}
"""Commands with a GAME that do not start from one position: ``positions`` lists the named
positions (README: the exceptions).  ``check`` and ``suite`` draw random ones from the
start or from ``--position`` (``suite`` has no ``--moves``)."""

STRING_OPTIONS = {"position", "moves", "scenario", "file", "dask", "engine", "suite", "output", "checkpoint", "svg", "tablebase"}
"""Options whose value is text (notation, a file name, a cluster address), not a number."""


def subparser(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found = action.choices[name]
            assert isinstance(found, argparse.ArgumentParser)
            return found
    raise KeyError(name)


def all_parsers() -> list[tuple[str, str, argparse.ArgumentParser]]:
    """``(command, game, parser)`` for every command of every game, each built as ``main`` does."""
    found = []
    for command, games in command_games().items():
        for game, _ in games:
            own = command if command == "annotate" else None
            root = build_parser((command, game), load_spec(game), own=own)
            found.append((command, game, subparser(subparser(root, command), game)))
    return found


PARSERS = all_parsers()


def test_every_parser_refuses_abbreviations() -> None:
    root = build_parser()
    assert root.allow_abbrev is False
    for command, game, parser in PARSERS:
        assert parser.allow_abbrev is False, (command, game)
        assert subparser(build_parser(), command).allow_abbrev is False


def test_every_numeric_option_has_a_documented_range() -> None:
    """An option with a value is a choice, a notation string, or a number with its range in
    ``--help``, checked by argparse before any work starts."""
    checked = 0
    for command, game, parser in PARSERS:
        for action in parser._actions:
            if action.nargs == 0 or action.choices is not None or action.dest == "help":
                continue
            if action.dest in STRING_OPTIONS:
                assert action.type is None, (command, game, action.dest)
                continue
            assert action.help is not None
            if action.type is parse_budget:
                assert f"allowed {BUDGET_RANGE}" in action.help
            else:
                assert isinstance(action.type, ArgType), (command, game, action.dest)
                assert f"allowed {action.type.text}" in action.help
            checked += 1
    assert checked > 40


def test_the_gomocup_options_have_ranges_too() -> None:
    gomocup = subparser(build_parser(own="gomocup"), "gomocup")
    assert gomocup.allow_abbrev is False
    (vcf,) = [a for a in gomocup._actions if a.dest == "vcf_nodes"]
    assert isinstance(vcf.type, ArgType) and vcf.help and f"allowed {vcf.type.text}" in vcf.help


def test_every_command_takes_position_and_moves_as_the_readme_says() -> None:
    for command, game, parser in PARSERS:
        dests = {action.dest for action in parser._actions}
        if command in NO_POSITION:
            assert "position" not in dests
        elif command == "suite":
            assert "position" in dests, (command, game)
        else:
            assert {"position", "moves"} <= dests, (command, game)


def test_the_static_help_texts_agree_with_their_modules() -> None:
    from reference.cli import annotate, bench
    from reference.cli.main import ANNOTATE_HELP, BENCH_HELP
    from reference.gomocup import cli as gomocup_cli

    assert ANNOTATE_HELP == annotate.HELP
    assert subparser(build_parser(own="bench"), "bench").description == bench.DESCRIPTION
    assert subparser(build_parser(own="gomocup"), "gomocup").description == gomocup_cli.DESCRIPTION
    assert BENCH_HELP


def test_the_static_game_table_agrees_with_every_spec() -> None:
    for entry in GAMES:
        spec = load_spec(entry.name)
        assert spec.name == entry.name and spec.help == entry.help
        extra = load_commands(entry.name)
        assert {c: e.help for c, e in extra.items()} == dict(EXTRA_COMMANDS[entry.name])


@pytest.mark.parametrize("game", [entry.name for entry in GAMES])
def test_the_moves_example_in_help_is_legal_from_the_default_position(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = load_spec(game)
    assert main(["show", game, "--moves", spec.moves_example, "--json"]) == 0, capsys.readouterr()
    shown = json.loads(capsys.readouterr().out)
    assert shown["position"]


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["show", "mnk", "--mo", "b2"], "unrecognized arguments: --mo"),
        (["show", "mnk", "--move", "b2"], "unrecognized arguments: --move"),
        (["perft", "mnk", "--depth", "1", "--dep", "1"], "unrecognized arguments: --dep"),
        (["show", "dou-shou-qi", "--draw", "3"], "unrecognized arguments: --draw"),
        (["perft", "mnk", "--depth", "٢"], "written with the digits 0-9"),
        (["perft", "mnk", "--depth", "1_0"], "written with the digits 0-9"),
        (["perft", "mnk", "--depth", "9" * 5000], "(5000 digits) is out of range"),
        (["perft", "mnk", "--depth", "10001"], "allowed 0..10000"),
        (["bestmove", "mnk", "--depth", "0"], "allowed 1..10000"),
        (["bestmove", "mnk", "--time", "0"], "allowed (0, 1e+07]"),
        (["bestmove", "mnk", "--time", "1e308"], "allowed (0, 1e+07]"),
        (["bestmove", "mnk", "--time", "inf"], "expected a number"),
        (["bestmove", "mnk", "--time", "nan"], "expected a number"),
        (["play", "mnk", "--max-plies", "-5"], "allowed 0..10000"),
        (["show", "connect6", "--pair-width", "0"], "allowed 1..100000"),
        (["show", "dou-shou-qi", "--draw-limit", "-1"], "allowed 0..10000"),
        (["show", "wargame", "--turn-limit", "1001"], "allowed 1..1000"),
        (["enumerate", "wargame", "--movement", "7"], "allowed 0..6"),
        (["bfs", "dots-and-boxes", "--depth", "-1"], "allowed 0..10000"),
        (["tss", "connect6", "--single-threats", "-1"], "allowed 0..200"),
        (["annotate", "mnk", "--moves", "b2", "--budget", "٢"], "digits 0-9"),
        (["annotate", "mnk", "--moves", "b2", "--budget", "0"], "allowed 1..1000000000000"),
        (["annotate", "mnk", "--moves", "b2", "--budget", "nans"], "expected a number"),
        (["annotate", "mnk", "--file", "/dev/zero"], "not a regular file"),
        (["annotate", "mnk", "--file", "/"], "not a regular file"),
        (["annotate", "mnk", "--moves", "b2", "--mo", "b2"], "unrecognized arguments: --mo"),
        (["gomocup", "--vcf-nodes", "-1"], "allowed 0..1000000000000"),
        (["gomocup", "--vcf", "1"], "unrecognized arguments: --vcf"),
        (["bench", "--repeat", "0"], "allowed 1..100"),
        (["serve", "--time-limit", "0"], "allowed (0, 1e+07]"),
        (["serve", "--time", "1"], "unrecognized arguments: --time"),
        (["check", "mnk", "--engine", "true", "--depth", "٢"], "digits 0-9"),
        (["check", "mnk", "--engine", "true", "--seed", "-1"], "allowed 0..9223372036854775807"),
        (["suite", "mnk", "--positions", "0"], "allowed 1..1000000"),
        (["suite", "mnk", "--max-moves", "9" * 5000], "out of range"),
        (["legal", "mnk", "--moves", "b٢"], "digits 0-9"),
        (["bench", "--rep", "2"], "unrecognized arguments: --rep"),
        (["solve", "mnk", "--workers", "0"], "allowed 1..1024"),
        (["perft", "mnk", "--depth", "1", "--workers", "٢"], "digits 0-9"),
        (["perft", "mnk", "--depth", "1", "--split-depth", "-1"], "allowed 1..10000"),
        (["bestmove", "mnk", "--nodes", "0"], "allowed 1..1000000000000"),
        (["play", "mnk", "--nodes", "1" + "0" * 30], "out of range"),
    ],
)
def test_bad_options_are_refused_before_any_work(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("error: ")
    assert fragment in err, err


def test_options_in_full_still_work(capsys: pytest.CaptureFixture[str]) -> None:
    """``--m`` is the mnk game's own option, not a prefix of ``--moves``."""
    argv = ["show", "mnk", "--m", "4", "--n", "3", "--k", "3", "--moves", "b2", "--json"]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["position"] == "..../.x../.... o"


def test_a_typo_at_the_play_prompt_asks_again_with_the_reason(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """One typo must not end the game.  Every kind of mistake is refused, the game
    goes on, and the human finally wins."""
    typed = ["b²", "b٢", "z9", "", "a" + "1" * 5000, "b2", "b2", "a1", "b1", "quit"]
    answers = iter(typed)
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    argv = ["play", "mnk", "--m", "3", "--n", "3", "--k", "3", "--depth", "1", "--quiet"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.count("(try again") >= 5  # four typos and the occupied b2 at least
    assert "commands (or type a move" in out  # an empty line shows the commands
    for typo in typed[:5]:
        assert f"{typo[:40]!r}"[:-1] in out or typo == "", typo
    assert "off the 3x3 board" in out and "already" in out
    assert "plays" in out.split("'z9'")[1]  # the game went on after the typos
    assert "game abandoned" in out or "game over" in out


def test_play_json_prints_one_object_and_the_board_on_stderr(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("b²\nb2\na1\nc1\na3\n"))
    argv = ["play", "mnk", "--m", "3", "--n", "3", "--k", "3", "--depth", "9", "--json"]
    argv += ["--second", "computer", "--max-plies", "4"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    result = json.loads(out)
    assert out.count("\n") == 1
    assert result["moves"][0] == "b2" and result["moves"][2] in ("a1", "c1", "a3")
    assert result["plies"] == 4 and len(result["moves"]) == 4
    assert result["over"] is False and result["winner"] is None
    assert result["result"] == "stopped after 4 plies (--max-plies)"
    assert "x> " in err and "(try again, or type 'help')" in err


def test_play_json_computer_against_computer_reports_the_result(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["play", "mnk", "--m", "3", "--n", "3", "--k", "3", "--depth", "9", "--json"]
    argv += ["--first", "computer", "--second", "computer", "--quiet"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    result = json.loads(out)
    assert err == "" and result["over"] is True and result["winner"] is None
    assert result["plies"] == 9 and len(result["moves"]) == 9 and "draw" in result["result"]


def test_bestmove_json_is_exact_on_a_proven_win_and_a_proven_draw(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """After a1 b2 a2 the block a3 holds the draw, found exactly."""
    base = ["bestmove", "mnk", "--m", "3", "--n", "3", "--k", "3", "--json", "--quiet"]
    assert main([*base, "--moves", "a1 b2 a2", "--depth", "9"]) == 0
    draw = json.loads(capsys.readouterr().out)
    assert draw["move"] == "a3" and draw["value"] == 0 and draw["exact"] is True
    # x (a1, a2) against o (b2, c3), x to move: a3 wins at once, seen at depth 1
    assert main([*base, "--moves", "a1 b2 a2 c3", "--depth", "1"]) == 0
    win = json.loads(capsys.readouterr().out)
    assert win["move"] == "a3" and win["value"] >= MATE_BOUND and win["exact"] is True
    # x adds b1 (threats a3 and c1): o to move has lost, proven at depth 2 of 4 plies left
    assert main([*base, "--moves", "a1 b2 a2 c3 b1", "--depth", "2"]) == 0
    loss = json.loads(capsys.readouterr().out)
    assert loss["value"] <= -MATE_BOUND and loss["exact"] is True


def test_bestmove_seconds_cover_the_whole_search() -> None:
    """``seconds`` is the time of every iteration, not of the last one."""
    game = MNKGame(4, 4, 3)
    seen: list[SearchResult[int]] = []
    answer = api.bestmove(game, depth=4, on_iteration=seen.append)
    assert [r.depth for r in seen] == [1, 2, 3, 4]
    assert answer.seconds >= seen[-1].seconds >= seen[0].seconds
    assert answer.stats.nodes >= seen[-1].stats.nodes > seen[0].stats.nodes


def test_annotate_refuses_a_bad_position_even_without_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "records.txt"
    empty.write_text("# no game\n")
    assert main(["annotate", "connect6", "--position", "３6//", "--file", str(empty)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "digits 0-9" in err


def test_play_ends_quietly_at_the_end_of_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """End of input (Ctrl-D, or a file of moves that runs out) ends the game, not the
    program: exit 0 and, with --json, the object of the game so far."""
    monkeypatch.setattr("sys.stdin", io.StringIO("b2\n"))
    argv = ["play", "mnk", "--json", "--quiet", "--first", "human", "--second", "human"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    result = json.loads(out)
    assert result["moves"] == ["b2"] and result["result"] == "game abandoned (end of input)"
    assert "Traceback" not in err


def test_the_serve_options_have_ranges_too() -> None:
    serve = subparser(build_parser(own="serve"), "serve")
    assert serve.allow_abbrev is False
    (limit,) = [a for a in serve._actions if a.dest == "time_limit"]
    assert isinstance(limit.type, ArgType) and limit.help
    assert f"allowed {limit.type.text}" in limit.help


def test_shared_ranges_follow_the_search_core() -> None:
    from reference.cli import options
    from reference.search import MAX_PLY
    from reference.search.context import MAX_TIME_LIMIT

    assert options.SECONDS.high == MAX_TIME_LIMIT
    assert options.DEPTH.high == options.PLIES.high == MAX_PLY


def test_the_bench_options_have_ranges_too() -> None:
    bench = subparser(build_parser(own="bench"), "bench")
    assert bench.allow_abbrev is False
    (repeat,) = [a for a in bench._actions if a.dest == "repeat"]
    assert isinstance(repeat.type, ArgType) and repeat.help
    assert f"allowed {repeat.type.text}" in repeat.help
