"""The argparse pieces every ``lightsout`` subcommand shares: one place to add a command.

A subcommand module calls :func:`add_command` from its ``register(subparsers)``; the parser it
returns gets the command's own options. A handler takes the parsed arguments
(:class:`argparse.Namespace`) and returns the exit code (0 done, 1 unsolvable board); errors
are raised and turned into exit codes by :func:`lightsout_graphs.interfaces.cli.runtime.run`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from lightsout_graphs.core._docs import fill_doc
from lightsout_graphs.interfaces.cli.puzzles import add_puzzle_arguments
from lightsout_graphs.interfaces.cli.runtime import CommandError
from lightsout_graphs.interfaces.cli.starts import DEFAULT_START, add_start_arguments

__all__ = [
    "MIN_DPI",
    "Handler",
    "add_command",
    "add_dpi_argument",
    "add_json_argument",
    "add_output_argument",
    "check_dpi",
    "count_value",
    "seed_value",
]

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

    Parameters
    ----------
    subparsers : argparse._SubParsersAction
        From ``parser.add_subparsers()``.
    name : str
        The subcommand.
    handler : callable
        ``handler(args) -> exit code``; set as the parser's ``handler`` default.
    help, description : str
        The one-line help in ``lightsout --help`` and the paragraph of ``lightsout NAME --help``.
    puzzle : bool, default False
        Add the options that choose a puzzle (``NAME`` or ``--family ...``).
    start : bool, default False
        Add ``--board`` and ``--start``, the board to start from.
    start_default : str, default :data:`~lightsout_graphs.interfaces.cli.starts.DEFAULT_START`
        With ``start``: what ``--help`` says the command starts from without them.

    Returns
    -------
    argparse.ArgumentParser
        The subcommand's parser, for its own options.

    Examples
    --------
    >>> parser = argparse.ArgumentParser()
    >>> sub = add_command(
    ...     parser.add_subparsers(), "hello", lambda args: 0, help="h", description="d"
    ... )
    >>> add_json_argument(sub)
    >>> args = parser.parse_args(["hello", "--json"])
    >>> args.json, args.handler(args)
    (True, 0)
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
    """Add ``--dpi N``, the resolution of a PNG picture (default 100).

    Parameters
    ----------
    parser : argparse.ArgumentParser

    Examples
    --------
    >>> parser = argparse.ArgumentParser()
    >>> add_dpi_argument(parser)
    >>> parser.parse_args([]).dpi, parser.parse_args(["--dpi", "200"]).dpi
    (100, 200)
    """
    parser.add_argument(
        "--dpi", type=int, default=100, help=f"resolution of a PNG, {MIN_DPI} or more (default 100)"
    )


MIN_DPI = 10
"""The lowest ``--dpi``: below it the fonts of a picture have no size matplotlib can draw."""


def check_dpi(dpi: int) -> None:
    """Refuse a ``--dpi`` below :data:`MIN_DPI` (exit code 2, one line).

    Parameters
    ----------
    dpi : int

    Raises
    ------
    CommandError
        ``dpi`` < MIN_DPI.

    Examples
    --------
    >>> check_dpi(100)
    >>> try:
    ...     check_dpi(1)
    ... except CommandError as err:
    ...     print(err)
    --dpi must be an int of 10 or more, not 1.
    """
    if dpi < MIN_DPI:
        msg = f"--dpi must be an int of {MIN_DPI} or more, not {dpi}."
        raise CommandError(msg)


def add_json_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--json``: print one JSON object instead of text.

    Parameters
    ----------
    parser : argparse.ArgumentParser

    Examples
    --------
    >>> from lightsout_graphs.interfaces.cli import build_parser
    >>> build_parser().parse_args(["analyze", "lights-out", "--json"]).json
    True
    """
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

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The subcommand's parser.
    help : str
        The option's help, including its default when it has one.
    metavar : str, default "FILE"
        ``FILE`` or ``DIR``.
    dest : str, default "output"
        The attribute of the parsed arguments.
    aliases : tuple of str
        Earlier spellings (``--out``, ``--png``), still accepted but not shown in ``--help``.
    required : bool, default False
        Whether the command needs it (``sweep``: no default folder); one spelling is enough.

    Examples
    --------
    >>> parser = argparse.ArgumentParser()
    >>> add_output_argument(parser, help="the picture", aliases=("--png",))
    >>> parser.parse_args(["-o", "a.png"]).output, parser.parse_args(["--png", "b.png"]).output
    ('a.png', 'b.png')
    >>> parser.parse_args([]).output is None, "--png" in parser.format_help()
    (True, False)
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
    """An argparse ``type``: a random seed, an int >= 0 of at most 40 digits.

    %(natural)s

    Examples
    --------
    >>> seed_value("7")
    7
    >>> try:
    ...     seed_value("-1")
    ... except argparse.ArgumentTypeError as err:
    ...     print(err)
    a seed is an int >= 0, not '-1'
    """
    return _natural(text, "a seed", 40)


def count_value(text: str) -> int:
    """An argparse ``type``: a count, an int >= 0 (``--max-patterns``).

    %(natural)s

    Examples
    --------
    >>> count_value("3"), count_value(" 12 ")
    (3, 12)
    """
    return _natural(text, "a count", 18)


_NATURAL_DOC = """Parameters
----------
text : str
    The option's value.

Returns
-------
int

Raises
------
argparse.ArgumentTypeError
    Anything else (argparse prints one line and exits with 2)."""
for _func in (seed_value, count_value):
    fill_doc(_func, {"natural": _NATURAL_DOC})


def _natural(text: str, what: str, digits: int) -> int:
    """``text`` as an int >= 0 of at most ``digits`` digits, or ArgumentTypeError."""
    value = text.strip()
    if not value.isascii() or not value.isdigit() or len(value) > digits:
        msg = f"{what} is an int >= 0, not {text[:50]!r}"
        raise argparse.ArgumentTypeError(msg)
    return int(value)
