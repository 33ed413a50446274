"""Which boards a command is about: ``--board`` text or files, ``--start`` names, ``--target``.

The puzzle itself comes from :mod:`~lightsout_graphs.interfaces.cli.puzzles`.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from lightsout_graphs.core.errors import BoardFormatError
from lightsout_graphs.interfaces.cli.output import read_text
from lightsout_graphs.interfaces.cli.runtime import CommandError

if TYPE_CHECKING:
    import numpy as np

    from lightsout_graphs.representation.puzzle import Puzzle

__all__: list[str] = []


#: The name of the board with every light at 1 (``--start all-on``): the start board when
#: neither ``--board`` nor ``--start`` is given and the puzzle has no named board.
ALL_ON = "all-on"


#: What ``--help`` says a command starts from without ``--board`` or ``--start``.
DEFAULT_START = "the puzzle's first named board, else all-on"


def add_start_arguments(parser: argparse.ArgumentParser, *, default: str = DEFAULT_START) -> None:
    """Add ``--board TEXT|FILE|-`` and ``--start BOARD_NAME`` (at most one of them is given)."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--board",
        metavar="TEXT|FILE|-",
        help="the board: text (rows split by newlines or '/'), a file, or - for stdin",
    )
    group.add_argument(
        "--start",
        metavar="BOARD_NAME",
        help=f"a named board of the puzzle (see `lightsout show NAME`), or {ALL_ON!r} "
        f"(every light at 1); default: {default}",
    )


def read_board(
    puzzle: Puzzle,
    source: str,
    *,
    option: str = "--board",
    stdin: TextIO | None = None,
    named: bool = False,
) -> np.ndarray:
    """Read a board given on the command line as text, a file name, or ``-``.

    A BoardFormatError names ``option``, the file (if any), the line and the column; with ``named``
    it also lists the puzzle's named boards.
    """
    from lightsout_graphs.representation.boards import board_text_limit, parse_board

    text, from_file = read_text(source, stdin=stdin, limit=board_text_limit(puzzle))
    try:
        return parse_board(puzzle, text)
    except BoardFormatError as err:
        if source == "-":
            where = f"{option} - (standard input)"
        elif from_file:
            where = f"{option} file {source!r}"
        elif not set(source) <= set("./") and _is_folder(source):  # not board dots
            where = f"{option} {source!r} is a folder, not a board file; and as board text"
        elif _looks_like_path(source):
            where = f"{option} {source!r}: no such file, and as board text"
        elif named:
            known = [repr(b) for b in puzzle.boards]
            known += [] if ALL_ON in puzzle.boards else [repr(ALL_ON)]
            where = (
                f"{option} {source!r} is not a named board ({', '.join(known)}), not a file, "
                "and as board text"
            )
        else:
            where = f"{option} {source!r} is not a file, and as board text"
        msg = f"{where}: {err}"
        raise BoardFormatError(msg) from err


def _is_folder(text: str) -> bool:
    """Whether a command-line value names a folder (False for text too long to be a path)."""
    try:
        return Path(text).is_dir()
    except (OSError, ValueError):
        return False


def _looks_like_path(text: str) -> bool:
    """Whether a command-line value was probably meant as a file name (``a/b.txt``, ``~/x``)."""
    return "\n" not in text and bool(
        re.search(r"\.[A-Za-z]\w*$", text) or text.startswith(("/", "./", "../", "~"))
    )


def board_names(puzzle: Puzzle) -> str:
    """The puzzle's named boards for messages, e.g. ``'pattern', 'cross'`` or ``none``."""
    names = [repr(name) for name in puzzle.boards]
    return ", ".join(names) if names else "none"


def named_board(puzzle: Puzzle, name: str, *, option: str = "--start") -> np.ndarray:
    """A named board of the puzzle, or :data:`ALL_ON`; an unknown name is a CommandError."""
    import numpy as np

    if name in puzzle.boards:
        return np.asarray(puzzle.boards[name], dtype=np.int64)
    if name == ALL_ON:
        return np.ones(puzzle.n, dtype=np.int64)
    also = "" if ALL_ON in puzzle.boards else f", or {ALL_ON!r}"
    msg = (
        f"{option} {name!r} is not a board of this puzzle; its boards: {board_names(puzzle)}{also}."
    )
    raise CommandError(msg)


def start_board(puzzle: Puzzle, args: argparse.Namespace) -> tuple[np.ndarray, str]:
    """The start board and words on where it came from: ``--board``, ``--start``, else the default.

    The rule of every command: the puzzle's first named board, else every light at 1.
    """
    board = getattr(args, "board", None)
    start = getattr(args, "start", None)
    if board is not None:
        return read_board(puzzle, board), "the board given"
    if start is not None:
        words = "every light at 1" if start == ALL_ON and start not in puzzle.boards else None
        return named_board(puzzle, start), words or f"the board {start!r}"
    if puzzle.boards:
        first = next(iter(puzzle.boards))
        return named_board(puzzle, first), (
            f"the board {first!r}, the puzzle's first; choose another with --board or --start"
        )
    return named_board(puzzle, ALL_ON), "every light at 1; choose another with --board or --start"


def target_board(puzzle: Puzzle, text: str | None) -> np.ndarray | None:
    """``--target``: a named board, :data:`ALL_ON`, board text, a file or ``-``; None if absent."""
    if text is None:
        return None
    if text in puzzle.boards or text == ALL_ON:
        return named_board(puzzle, text, option="--target")
    return read_board(puzzle, text, option="--target", named=True)
