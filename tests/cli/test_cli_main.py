"""Tests of ``lightsout_graphs.cli.main``: how subcommand modules are registered."""

from __future__ import annotations

import argparse
import sys
import types

import pytest

from lightsout_graphs import cli


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
