"""The argparse pieces subcommands share: handlers, puzzle and start options, --dpi, --json."""

from __future__ import annotations

import argparse

import pytest

from lightsout_graphs.interfaces.cli import build_parser
from lightsout_graphs.interfaces.cli.commands import (
    MIN_DPI,
    add_command,
    add_dpi_argument,
    add_json_argument,
    check_dpi,
    count_value,
    seed_value,
)
from lightsout_graphs.interfaces.cli.runtime import CommandError


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


@pytest.mark.parametrize(
    ("argv", "module", "expected"),
    [
        (["analyze", "lights-out", "--max-patterns", "2"], "analyze_cmd", {"max_patterns": 2}),
        (["analyze", "--family", "torus", "--shape", "3x4"], "analyze_cmd", {"family": "torus"}),
        (["show", "merlin", "--max-patterns", "1"], "catalog_cmd", {"max_patterns": 1}),
        (
            ["census", "9", "-o", "c9", "--dask-local", "2"],
            "census_cmd",
            {"out": "c9", "moduli": "2"},
        ),
        (["census", "9"], "census_cmd", {"max_n": 9, "out": None, "dask_local": None}),
        (["chase-table", "5x5", "-k", "3"], "chase_cmd", {"name": "5x5", "modulus": 3}),
        (["draw", "lights-out", "--solution", "-o", "s.svg"], "draw_cmd", {"solution": True}),
        (["play", "grid", "--shape", "3x3", "-o", "p.html"], "play_cmd", {"output": "p.html"}),
        (["solve", "lights-out", "--min", "--json"], "solve_cmd", {"minimize": True, "json": True}),
        (
            ["solve", "lights-out", "--start", "all-on"],
            "solve_cmd",
            {"start": "all-on", "board": None},
        ),
        (["sweep", "s.toml", "--out", "r", "--dask-local", "2"], "sweep_cmd", {"overwrite": False}),
        (["table", "9", "--family", "torus", "-o", "t.png"], "table_cmd", {"size": 9, "dpi": 100}),
    ],
)
def test_each_subcommand_reads_its_options(
    argv: list[str], module: str, expected: dict[str, object]
) -> None:
    args = build_parser().parse_args(argv)
    assert args.handler.__module__ == f"lightsout_graphs.interfaces.cli.{module}"
    assert {key: getattr(args, key) for key in expected} == expected


def test_argument_types_and_dpi() -> None:
    assert (seed_value("7"), count_value(" 12 ")) == (7, 12)
    with pytest.raises(argparse.ArgumentTypeError, match=r"^a seed is an int >= 0, not '-1'$"):
        seed_value("-1")
    check_dpi(MIN_DPI)
    with pytest.raises(CommandError, match=r"^--dpi must be an int of 10 or more, not 1\.$"):
        check_dpi(1)
