"""Tests of the shared CLI helpers: subcommand registration, progress bars, family options."""

from __future__ import annotations

import argparse
import sys
import types

import pytest

import lightsout_graphs as lo
from lightsout_graphs import cli
from lightsout_graphs.cli import common
from lightsout_graphs.errors import InvalidPuzzleError


def test_subcommand_modules_register_and_missing_ones_are_skipped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: list[argparse.Namespace] = []

    def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
        parser = subparsers.add_parser("echo", help="say the word")
        parser.add_argument("word")
        parser.set_defaults(handler=lambda args: seen.append(args) or 0)

    fake = types.ModuleType("lightsout_graphs.cli.echo_cmd")
    fake.register = register  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "lightsout_graphs.cli.echo_cmd", fake)
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
    broken = types.ModuleType("lightsout_graphs.cli.broken_cmd")
    monkeypatch.setitem(sys.modules, "lightsout_graphs.cli.broken_cmd", broken)
    monkeypatch.setattr(cli, "SUBCOMMAND_MODULES", ("broken_cmd",))
    with pytest.raises(AttributeError, match="register"):
        cli.build_parser()


def test_progress_only_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    quiet = argparse.Namespace(quiet=True)
    loud = argparse.Namespace(quiet=False)
    assert list(common.progress(range(3), loud, total=3)) == [0, 1, 2]
    assert capsys.readouterr().err == ""  # stderr is captured: not a terminal
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    assert common.progress_enabled(loud)
    assert not common.progress_enabled(quiet)
    assert list(common.progress(range(3), quiet, total=3)) == [0, 1, 2]
    assert capsys.readouterr().err == ""
    assert list(common.progress(range(3), loud, total=3, desc="cells")) == [0, 1, 2]
    assert "cells" in capsys.readouterr().err


def test_table_progress_bar_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    assert cli.main(["table", "--family", "torus", "--max", "2"]) == 0
    captured = capsys.readouterr()
    assert "torus nullities" in captured.err
    assert captured.out.startswith("m\\n,1,2\n")
    assert cli.main(["table", "--family", "torus", "--max", "2", "--quiet"]) == 0
    assert capsys.readouterr().err == ""


def test_parse_shape_and_families() -> None:
    assert common.parse_shape("7x9") == (7, 9)
    assert common.parse_shape("3×3×3") == (3, 3, 3)
    assert common.parse_shape("2,5") == (2, 5)
    with pytest.raises(InvalidPuzzleError, match="'7x'"):
        common.parse_shape("7x")
    assert common.make_family("grid", (2, 3)).n == 6
    assert common.make_family("knight", (3, 4), modulus=3).modulus == 3
    assert common.make_family("cube_surface", (2,)).n == 24
    assert common.make_family("path", params={"n": 3}, rule="open").rule == "open"
    with pytest.raises(common.CommandError, match="does not fit the family 'petersen'"):
        common.make_family("petersen", (3,))


def test_explain_unsolvable_weighted_and_long() -> None:
    p = lo.grid(1, 20, modulus=2)
    cert = dict.fromkeys(p.nodes, 1)
    words = common.explain_unsolvable(p, cert, p.state_vector(1), p.state_vector(0))
    assert "and 8 more" in words
    assert words.endswith("no press changes the parity of that sum")
    q = lo.grid(1, 2, modulus=5)
    words = common.explain_unsolvable(q, {(0, 0): 2, (0, 1): 1}, [1, 1], [0, 0])
    assert words.startswith("the weighted sum 2·(0,0) + (0,1) of the lights must be 0 mod 5")
    assert "on this board it is 3" in words
    words = common.explain_unsolvable(q, {(0, 0): 1, (0, 1): 1}, [1, 1], [0, 0])
    assert words.startswith("the sum of the lights at (0,0), (0,1) must be 0 mod 5")


def test_json_node() -> None:
    import numpy as np

    assert common.json_node((1, (2, "a"))) == [1, [2, "a"]]
    assert common.json_node(np.int64(3)) == 3
    assert common.json_node(frozenset()) == "frozenset()"
    assert common.json_node(None) is None


def test_status_line_only_for_long_work_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    loud = argparse.Namespace(quiet=False)
    with common.status(loud, "solving", size=10**6):
        pass
    assert capsys.readouterr().err == ""  # not a terminal
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    with common.status(loud, "solving", size=10):
        pass
    assert capsys.readouterr().err == ""  # small work
    with pytest.raises(KeyError), common.status(loud, "solving", size=10**6):
        raise KeyError
    assert capsys.readouterr().err == "lightsout: solving...\r\x1b[K"  # cleared, even on error
    with common.status(argparse.Namespace(quiet=True), "solving", size=10**6):
        pass
    assert capsys.readouterr().err == ""
