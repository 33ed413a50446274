"""The ``lightsout`` command: solve, analyze, tabulate and draw puzzles from the shell.

The public interface is the ``lightsout`` command itself (``docs/cli.md``) and, in Python,
:func:`main`, :func:`build_parser` and :data:`SUBCOMMAND_MODULES`; the submodules are its
implementation. Each subcommand lives in its own module and exposes ``register(subparsers)``,
which adds its parser (through ``commands.add_command``) and sets ``handler`` as a default: a
handler takes the parsed arguments and returns the exit code (0 done, 1 unsolvable board);
errors are raised, and ``runtime.run`` turns them into one line on stderr and an exit code.
:func:`main` registers the modules of :data:`SUBCOMMAND_MODULES` in order; a module that is
not installed is skipped. Heavy libraries (matplotlib, the solver engines) are imported inside
the handlers, so ``lightsout --version`` and ``--help`` stay fast. What the subcommands share
lives in ``commands`` (adding a subcommand and its common options), ``puzzles`` (which puzzle),
``starts`` (which boards), ``output`` (reading input text, writing JSON, text and figures) and
``runtime`` (exit codes, the error policy, progress).

Exit codes: 0 done, 1 unsolvable board, 2 usage or input error, 3 internal error.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import sys
from collections.abc import Sequence

from lightsout_graphs import __version__
from lightsout_graphs.interfaces.cli.runtime import EXIT_ERROR, PROG, run

__all__ = ["SUBCOMMAND_MODULES", "build_parser", "main"]

#: The modules (in ``lightsout_graphs.interfaces.cli``) whose ``register(subparsers)`` adds a subcommand.
SUBCOMMAND_MODULES: tuple[str, ...] = (
    "catalog_cmd",
    "solve_cmd",
    "analyze_cmd",
    "table_cmd",
    "draw_cmd",
    "sweep_cmd",
    "census_cmd",
    "play_cmd",
    "chase_cmd",
)

_EPILOG = """\
exit codes: 0 done, 1 the board is unsolvable, 2 usage or input error, 3 internal error.
Run `lightsout COMMAND --help` for the options of a command."""


def _add_global_options(parser: argparse.ArgumentParser, *, top: bool) -> None:
    """``--quiet`` and ``--debug``, accepted before or after the subcommand."""
    default = False if top else argparse.SUPPRESS
    options = (
        (("-q", "--quiet"), "no progress bars"),
        (("--debug",), "show the full traceback of an error"),
    )
    for flags, text in options:
        with contextlib.suppress(argparse.ArgumentError):  # the subcommand defines it itself
            parser.add_argument(*flags, action="store_true", default=default, help=text)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``lightsout`` with every installed subcommand.

    Returns
    -------
    argparse.ArgumentParser

    Examples
    --------
    >>> parser = build_parser()
    >>> parser.parse_args(["analyze", "--family", "grid", "--shape", "5x5"]).shape
    '5x5'
    """
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Lights Out on any graph: solve boards exactly over Z_k, analyse puzzles, "
        "tabulate grid nullities and draw boards, solutions and quiet patterns.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    _add_global_options(parser, top=True)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module_name in SUBCOMMAND_MODULES:
        qualified = f"{__name__}.{module_name}"
        try:
            module = importlib.import_module(qualified)
        except ModuleNotFoundError as err:
            if err.name == qualified:
                continue  # not installed (yet): the command simply is not offered
            raise
        module.register(subparsers)
    for sub in set(subparsers.choices.values()):
        _add_global_options(sub, top=False)
        sub.set_defaults(_parser=sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``lightsout`` with the given arguments and return its exit code.

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments after the program name; default ``sys.argv[1:]``.

    Returns
    -------
    int
        0 done, 1 unsolvable board, 2 usage or input error, 3 internal error.

    Examples
    --------
    >>> main(["analyze", "--family", "grid", "--shape", "5x5"])  # doctest: +ELLIPSIS
    Puzzle: ...
    0
    """
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(None if argv is None else list(argv))
        if extra:  # report them with the usage of the subcommand they were given to
            owner = getattr(args, "_parser", parser)
            owner.error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as stop:  # --help, --version, or a usage error (already printed)
        code = stop.code
        return code if isinstance(code, int) else (0 if code is None else EXIT_ERROR)
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(sys.stderr)
        return EXIT_ERROR
    return run(handler, args)
