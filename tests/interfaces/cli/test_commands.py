"""The argparse pieces subcommands share: handlers, puzzle and start options, --dpi, --json."""

from __future__ import annotations

import argparse

import pytest

from lightsout_graphs.interfaces.cli.commands import (
    add_command,
    add_dpi_argument,
    add_json_argument,
)


def parser_with(**options: bool) -> tuple[argparse.ArgumentParser, argparse.ArgumentParser]:
    parser = argparse.ArgumentParser(prog="lightsout")
    sub = add_command(
        parser.add_subparsers(), "hello", lambda args: 7, help="h", description="d", **options
    )
    return parser, sub


def test_the_handler_is_run_by_the_parsed_arguments() -> None:
    parser, sub = parser_with()
    add_json_argument(sub)
    add_dpi_argument(sub)
    args = parser.parse_args(["hello", "--json", "--dpi", "150"])
    assert (args.handler(args), args.json, args.dpi) == (7, True, 150)
    args = parser.parse_args(["hello"])
    assert (args.json, args.dpi) == (False, 100)


def test_puzzle_and_start_options_come_together_with_the_command() -> None:
    parser, _ = parser_with(puzzle=True, start=True)
    args = parser.parse_args(["hello", "--family", "grid", "--shape", "3x3", "--board", "-"])
    assert (args.family, args.shape, args.board) == ("grid", "3x3", "-")
    bare, _ = parser_with()
    with pytest.raises(SystemExit):
        bare.parse_args(["hello", "--family", "grid"])
