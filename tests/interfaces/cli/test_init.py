"""``lightsout_graphs.interfaces.cli.main``: registering subcommands, input and usage errors, exit codes."""

from __future__ import annotations

import argparse
import sys
import types
from pathlib import Path

import pytest

import lightsout_graphs as lo
from lightsout_graphs.interfaces import cli
from tests.interfaces.cli.clirun import UNSOLVABLE_5X5, assert_one_error_line, run


def test_subcommand_modules_register_and_missing_ones_are_skipped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: list[argparse.Namespace] = []

    def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
        parser = subparsers.add_parser("echo", help="say the word")
        parser.add_argument("word")
        parser.set_defaults(handler=lambda args: seen.append(args) or 0)

    fake = types.ModuleType("lightsout_graphs.interfaces.cli.echo_cmd")
    fake.register = register  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "lightsout_graphs.interfaces.cli.echo_cmd", fake)
    monkeypatch.setattr(cli, "SUBCOMMAND_MODULES", ("solve_cmd", "echo_cmd", "not_written_yet_cmd"))
    assert cli.main(["echo", "hi", "--quiet", "--debug"]) == 0
    assert seen[0].word == "hi"
    assert seen[0].quiet is True  # the global options work after the subcommand too
    assert seen[0].debug is True
    assert cli.main(["-q", "echo", "ho"]) == 0
    assert seen[1].quiet is True
    assert seen[1].debug is False
    assert cli.main(["list"]) == 2  # not registered in this configuration
    assert "invalid choice: 'list'" in capsys.readouterr().err


def test_broken_subcommand_module_is_not_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = types.ModuleType("lightsout_graphs.interfaces.cli.broken_cmd")
    monkeypatch.setitem(sys.modules, "lightsout_graphs.interfaces.cli.broken_cmd", broken)
    monkeypatch.setattr(cli, "SUBCOMMAND_MODULES", ("broken_cmd",))
    with pytest.raises(AttributeError, match="register"):
        cli.build_parser()


@pytest.mark.parametrize(
    ("argv", "parts"),
    [
        (["solve", "no-such-puzzle"], ["lightsout: error:", "no-such-puzzle"]),
        (
            ["solve", "lights-out", "--board", "*x"],
            ["--board '*x' is not a file", "line 1, column 2"],
        ),
        (
            ["solve", "lights-out", "--start", "nope"],
            ["--start 'nope' is not a board", "'pattern'"],
        ),
        (["solve", "lights-out", "--target", "*"], ["--target", "expected 5 cells in row 1"]),
        (["solve", "lights-out", "--target", "nope"], ["not a named board ('pattern', 'all-on'"]),
        (["solve", "lights-out", "--board", "missing.txt"], ["'missing.txt': no such file"]),
        (["solve", "lights-out", "--family", "grid"], ["NAME or --family, not both"]),
        (["solve"], ["Name a puzzle"]),
        (["solve", "lights-out", "--modulus", "3"], ["--modulus only applies with --family"]),
        (
            ["solve", "--family", "grid", "--shape", "5y5"],
            ["--shape must be side lengths", "'5y5'"],
        ),
        (["solve", "--family", "grid", "--shape", "0x3"], ["--shape must be side lengths"]),
        (["solve", "--family", "blob"], ["--family 'blob' is unknown", "grid"]),
        (["solve", "--family", "grid", "--param", "x"], ["--param must look like KEY=VALUE"]),
        (["solve", "--family", "grid", "--param", "size=3"], ["no parameter 'size'"]),
        (["analyze", "--family", "petersen", "--shape", "3x3"], ["does not fit the family"]),
        (["analyze", "--family", "grid", "--shape", "2x2", "-k", "1"], ["--modulus must be", "1"]),
    ],
)
def test_input_errors_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], parts: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert_one_error_line(err, *parts)


def test_board_file_errors_name_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(".....\n..?..\n", encoding="utf-8")
    code, _, err = run(capsys, "solve", "lights-out", "--board", str(bad))
    assert code == 2
    assert_one_error_line(err, f"--board file '{bad}'", "line 2, column 3", "found '?'")
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    code, _, err = run(capsys, "solve", "lights-out", "--board", str(binary))
    assert code == 2
    assert_one_error_line(err, "Cannot read the board file")


def test_usage_errors_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "solve", "lights-out", "--bogus")
    assert code == 2
    assert "usage: lightsout solve" in err
    assert "lightsout solve: error: unrecognized arguments: --bogus" in err
    code, _, err = run(capsys, "--bogus", "list")
    assert code == 2
    assert "lightsout list: error: unrecognized arguments: --bogus" in err
    code, _, err = run(capsys)
    assert code == 2
    assert "usage: lightsout" in err
    code, out, _ = run(capsys, "--version")
    assert code == 0
    assert out.strip() == f"lightsout {lo.__version__}"
    from lightsout_graphs.interfaces.cli import build_parser

    commands = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert {"list", "show", "solve", "analyze", "table", "draw"} <= set(commands)
    for command in commands:
        code, out, _ = run(capsys, command, "--help")
        assert code == 0
        assert f"usage: lightsout {command}" in out


def test_debug_shows_the_traceback_and_keeps_the_exit_code(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "--debug", "show", "no-such-puzzle")
    assert code == 2
    assert "Traceback (most recent call last)" in err
    assert "CatalogError" in err
    assert err.rstrip().splitlines()[-1].startswith("lightsout: error: Unknown catalog puzzle")
    code, _, err = run(
        capsys, "solve", "grid", "--shape", "5x5", "--board", UNSOLVABLE_5X5, "--debug"
    )
    assert code == 1
    assert "Traceback" in err
    assert err.rstrip().splitlines()[-1].startswith("lightsout: unsolvable:")


def test_internal_errors_exit_3(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(puzzle: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(lo, "analyze", broken)
    code, _, err = run(capsys, "analyze", "lights-out")
    assert code == 3
    assert_one_error_line(err, "internal error RuntimeError: boom", "--debug")
    code, _, err = run(capsys, "analyze", "lights-out", "--debug")
    assert code == 3
    assert "Traceback" in err
    assert err.rstrip().splitlines()[-1] == "lightsout: error: internal error RuntimeError: boom"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["table", "--max", "3", "--png", "t.png", "--dpi", "0"],
            "--dpi must be an int of 10 or more",
        ),
        (
            ["table", "--max", "3", "--png", "t.svg", "--dpi", "-5"],
            "--dpi must be an int of 10 or more",
        ),
        (["table", "--max", "3", "--png", "t.png", "--dpi", "20000"], "--dpi 20000"),
        (["draw", "lights-out", "-o", "d.png", "--dpi", "100000"], "--dpi 100000"),
        (["draw", "lights-out", "-o", "d.png", "--dpi", "1"], "--dpi must be an int of 10"),
        (["chase-table", "3x3", "--png", "c.png", "--dpi", "2"], "--dpi must be an int of 10"),
    ],
)
def test_bad_dpi_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    argv = [str(tmp_path / a) if a.endswith((".png", ".svg")) else a for a in argv]
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert_one_error_line(err, message)
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(
    ("argv", "start", "part"),
    [
        (
            ["analyze", "--family", "grid", "--shape", "2x2"],
            "Puzzle: grid 2×2: 4 lights, 4 edges",
            "Rank: 4 of",
        ),
        (["analyze", "grid", "--shape", "3x3"], "Puzzle: grid 3×3", "\nRank: 9 of 9\nNullity: 0\n"),
        (
            ["show", "--family", "grid", "--shape", "1x2"],
            "grid 1×2: 2 lights, 1 edge, closed rule, modulus 2\n",
            "",
        ),
        (["solve", "grid", "--shape", "1x2", "--board", "**"], "grid 1×2: 2 lights, 1 edge", ""),
        (["chase-table", "2x2"], "Light chasing on the 2×2 board", ""),
        (["-q", "table", "2"], "m\\n,1,2\n1,0,1\n2,1,0\n", None),
        (["-q", "table", "2", "--long", "-"], "m,n,nullity\n1,1,0\n1,2,1\n2,1,1\n2,2,0\n", None),
    ],
)
def test_small_runs_print(
    capsys: pytest.CaptureFixture[str], argv: list[str], start: str, part: str | None
) -> None:
    """``part`` is a piece of the output, or None when ``start`` is all of it."""
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert out.startswith(start) and (out == start if part is None else part in out)
