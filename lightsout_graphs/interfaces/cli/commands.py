"""The argparse pieces every ``lightsout`` subcommand shares: one place to add a command.

The contract of ``register`` and handlers is in the package docstring.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from lightsout_graphs.interfaces.cli.puzzles import add_puzzle_arguments
from lightsout_graphs.interfaces.cli.runtime import CommandError
from lightsout_graphs.interfaces.cli.starts import DEFAULT_START, add_start_arguments

__all__: list[str] = []

#: What runs a subcommand: the parsed arguments in, the exit code out.
Handler = Callable[[argparse.Namespace], int]


def add_command(
    subparsers: Any,
    name: str,
    handler: Handler,
    *,
    help: str,
    description: str,
    puzzle: bool = False,
    start: bool = False,
    start_default: str = DEFAULT_START,
) -> argparse.ArgumentParser:
    """Add the subcommand ``name``, run by ``handler``, with the options it shares with others.

    ``puzzle`` adds ``NAME``/``--family ...``; ``start`` adds ``--board``/``--start``
    (``start_default``: what ``--help`` says it starts from without them). Returns its parser.
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        name, help=help, description=description
    )
    if puzzle:
        add_puzzle_arguments(parser)
    if start:
        add_start_arguments(parser, default=start_default)
    parser.set_defaults(handler=handler)
    return parser


def add_dpi_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--dpi N``, the resolution of a PNG picture (default 100)."""
    parser.add_argument(
        "--dpi", type=int, default=100, help=f"resolution of a PNG, {MIN_DPI} or more (default 100)"
    )


MIN_DPI = 10
"""The lowest ``--dpi``: below it the fonts of a picture have no size matplotlib can draw."""


def check_dpi(dpi: int) -> None:
    """Refuse a ``--dpi`` below :data:`MIN_DPI` (a CommandError: exit code 2, one line)."""
    if dpi < MIN_DPI:
        msg = f"--dpi must be an int of {MIN_DPI} or more, not {dpi}."
        raise CommandError(msg)


def add_json_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--json``: print one JSON object instead of text."""
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def add_output_argument(
    parser: argparse.ArgumentParser,
    *,
    help: str,
    metavar: str = "FILE",
    dest: str = "output",
    aliases: tuple[str, ...] = (),
    required: bool = False,
) -> None:
    """Add ``-o/--output``, the one spelling of "where the result goes" in every subcommand.

    ``aliases`` (earlier spellings: ``--out``, ``--png``) still read but are hidden from ``--help``;
    with ``required``, one of the spellings must be given.
    """
    if required and aliases:  # one of the spellings, in one exclusive group
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("-o", "--output", dest=dest, metavar=metavar, help=help)
        for alias in aliases:
            group.add_argument(alias, dest=dest, metavar=metavar, help=argparse.SUPPRESS)
        return
    parser.add_argument("-o", "--output", dest=dest, metavar=metavar, help=help, required=required)
    for alias in aliases:
        parser.add_argument(alias, dest=dest, metavar=metavar, help=argparse.SUPPRESS)


def seed_value(text: str) -> int:
    """An argparse ``type``: a random seed, an int >= 0 of at most 40 digits."""
    return _natural(text, "a seed", 40)


def count_value(text: str) -> int:
    """An argparse ``type``: a count, an int >= 0 (``--max-patterns``)."""
    return _natural(text, "a count", 18)


def _natural(text: str, what: str, digits: int) -> int:
    """``text`` as an int >= 0 of at most ``digits`` digits, or ArgumentTypeError."""
    value = text.strip()
    if not value.isascii() or not value.isdigit() or len(value) > digits:
        msg = f"{what} is an int >= 0, not {text[:50]!r}"
        raise argparse.ArgumentTypeError(msg)
    return int(value)
