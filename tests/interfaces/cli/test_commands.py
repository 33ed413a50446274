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


#: Subcommands that write a file or a folder, and what ``-o`` names there.
WRITERS = {
    "solve": "FILE",
    "draw": "FILE",
    "play": "FILE",
    "table": "FILE",
    "chase-table": "FILE",
    "census": "DIR",
    "sweep": "DIR",
}


@pytest.mark.parametrize(("command", "metavar"), sorted(WRITERS.items()))
def test_every_writer_says_o_output(command: str, metavar: str) -> None:
    """One spelling for where the result goes; earlier ones (--out, --png) are not offered."""
    from lightsout_graphs.interfaces.cli import build_parser

    sub = build_parser()._subparsers._group_actions[0].choices[command]  # type: ignore[union-attr]
    text = sub.format_help()
    assert f"-o {metavar}, --output {metavar}" in text
    assert "--out " not in text and "--png" not in text


def test_earlier_spellings_still_read() -> None:
    from lightsout_graphs.interfaces.cli import build_parser

    parser = build_parser()
    assert parser.parse_args(["solve", "lights-out", "--out", "p.txt"]).output == "p.txt"
    assert parser.parse_args(["chase-table", "5x5", "--png", "c.png"]).output == "c.png"
    assert parser.parse_args(["census", "5", "--out", "c5"]).out == "c5"
    assert parser.parse_args(["census", "5", "-o", "c5"]).out == "c5"


def test_defaults_are_said_one_way() -> None:
    """Every help says '(default 2)', never a bare '(2)' or '(closed)'."""
    import re

    from lightsout_graphs.interfaces.cli import build_parser

    subparsers = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    for name, sub in subparsers.items():
        text = " ".join(sub.format_help().split())
        assert not re.search(r"\((\d+|closed|open)\)", text), (name, text)
        assert "--out " not in text, name
