"""Which puzzle and which boards a ``lightsout`` command is about: the options and their values.

:func:`add_puzzle_arguments` / :func:`resolve_puzzle`: ``NAME`` from the catalog, or
``--family F --shape 7x9 --modulus 3 --rule open --param key=value``;
:func:`add_start_arguments` / :func:`start_board`: ``--board TEXT|FILE|-`` or
``--start BOARD_NAME``; :func:`target_board` for ``--target`` and :func:`read_board` for any
other board option.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from lightsout_graphs.cli.output import read_text
from lightsout_graphs.cli.runtime import CommandError
from lightsout_graphs.errors import BoardFormatError, InvalidPuzzleError

if TYPE_CHECKING:
    import numpy as np

    from lightsout_graphs.puzzle import Puzzle

__all__ = [
    "ALL_ON",
    "add_puzzle_arguments",
    "add_start_arguments",
    "board_names",
    "catalog_names",
    "load_named",
    "make_family",
    "named_board",
    "parse_shape",
    "read_board",
    "resolve_puzzle",
    "start_board",
    "target_board",
]


def add_puzzle_arguments(parser: argparse.ArgumentParser, *, name_required: bool = False) -> None:
    """Add ``NAME`` and the family options ``--family --shape --modulus --rule --param``.

    :func:`resolve_puzzle` turns the parsed values into a puzzle.

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The subcommand's parser.
    name_required : bool, default False
        Whether ``NAME`` must be given (no family options then).
    """
    parser.add_argument(
        "name",
        metavar="NAME",
        nargs=None if name_required else "?",
        help="a puzzle of the catalog (see `lightsout list`), or a family name",
    )
    if name_required:
        return
    group = parser.add_argument_group("a puzzle from a family (instead of NAME)")
    group.add_argument("--family", metavar="F", help="a family: grid, torus, hypercube, ...")
    group.add_argument(
        "--shape", metavar="MxN", help="the size, e.g. 7x9 (a grid, torus...) or 4 (hypercube)"
    )
    group.add_argument("--modulus", "-k", metavar="K", type=int, help="states per light (2)")
    group.add_argument("--rule", choices=("closed", "open", "weighted"), help="toggle rule")
    group.add_argument(
        "--param",
        metavar="KEY=VALUE",
        action="append",
        default=[],
        help="another family parameter, e.g. --param seed=1 (repeatable)",
    )


def parse_shape(text: str) -> tuple[int, ...]:
    """Read a size such as ``7x9``, ``7,9``, ``3x3x3`` or ``4``.

    Parameters
    ----------
    text : str
        Side lengths separated by ``x``, ``×`` or ``,``.

    Returns
    -------
    tuple of int

    Raises
    ------
    InvalidPuzzleError
        Anything but positive ints.

    Examples
    --------
    >>> parse_shape("7x9"), parse_shape("4")
    ((7, 9), (4,))
    """
    parts = text.lower().replace("×", "x").replace(",", "x").split("x")
    try:
        sides = tuple(int(p) for p in parts)
    except ValueError:
        sides = ()
    if not sides or any(s < 1 for s in sides):
        msg = f"--shape must be side lengths such as 7x9 or 4, not {text!r}."
        raise InvalidPuzzleError(msg)
    return sides


#: The longest value ``--param KEY=VALUE`` takes, in characters.
MAX_PARAM_CHARS = 10_000


def _param_value(key: str, text: str) -> Any:
    if len(text) > MAX_PARAM_CHARS:
        msg = (
            f"--param {key}=...: the value has {len(text)} characters, more than the "
            f"{MAX_PARAM_CHARS} a family parameter may have."
        )
        raise CommandError(msg)
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return text  # not a Python literal: the family checks it as a string


def _family_kwargs(family: str, shape: tuple[int, ...] | None) -> dict[str, Any]:
    """Map ``--shape`` to the family's own keywords (``shape``, ``m``/``n`` or one size)."""
    from lightsout_graphs import families

    if shape is None:
        return {}
    accepted = families.family_params(family)
    if "shape" in accepted:
        return {"shape": shape}
    if "m" in accepted and "n" in accepted and len(shape) == 2:
        return {"m": shape[0], "n": shape[1]}
    params = inspect.signature(families.FAMILIES[family]).parameters.values()
    sizes = [
        p.name
        for p in params
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        and p.name not in ("modulus", "rule", "pressable")
    ]
    if sizes and len(sizes) == len(shape):
        return dict(zip(sizes, shape, strict=True))
    takes = f"it takes {', '.join(accepted)}" if accepted else "it has no size"
    msg = (
        f"--shape {'x'.join(map(str, shape))} does not fit the family {family!r} ({takes}); "
        "give its parameters with --param KEY=VALUE."
    )
    raise CommandError(msg)


def make_family(
    family: str,
    shape: tuple[int, ...] | None = None,
    *,
    modulus: int | None = None,
    rule: str | None = None,
    params: dict[str, Any] | None = None,
) -> Puzzle:
    """Build a puzzle of a family from command-line values.

    Parameters
    ----------
    family : str
        A name of ``lightsout_graphs.families.FAMILIES``.
    shape : tuple of int, optional
        The size; mapped to the family's own keywords (``shape``, ``m``/``n`` or ``d``).
    modulus, rule : optional
        Passed on when given.
    params : dict, optional
        Further keyword parameters.

    Returns
    -------
    Puzzle

    Raises
    ------
    InvalidPuzzleError
        An unknown family or parameters it does not take.
    CommandError
        A ``--shape`` that does not fit the family.

    Examples
    --------
    >>> make_family("torus", (7, 9), modulus=3).n
    63
    >>> make_family("hypercube", (4,)).n
    16
    """
    from lightsout_graphs import families

    if family not in families.FAMILIES:
        msg = (
            f"--family {family!r} is unknown; choose one of {', '.join(sorted(families.FAMILIES))}."
        )
        raise InvalidPuzzleError(msg)
    kwargs = _family_kwargs(family, shape)
    kwargs.update(params or {})
    if modulus is not None:
        kwargs["modulus"] = modulus
    if rule is not None:
        kwargs["rule"] = rule
    return families.make(family, **kwargs)


def catalog_names() -> list[str]:
    """The names of the catalog's puzzles (empty when the catalog is not installed).

    Returns
    -------
    list of str

    Examples
    --------
    >>> "lights-out" in catalog_names()
    True
    """
    try:
        from lightsout_graphs import catalog
    except ImportError:
        return []
    return list(catalog.names())


def load_named(name: str) -> Puzzle:
    """Load a puzzle of the catalog by name.

    Parameters
    ----------
    name : str
        A name from ``lightsout list``.

    Returns
    -------
    Puzzle
        With its metadata (title, boards, colours...).

    Raises
    ------
    CatalogError
        An unknown name (the message lists a few known ones).
    """
    from lightsout_graphs.errors import CatalogError

    try:
        from lightsout_graphs import catalog
    except ImportError as err:
        msg = f"Puzzle {name!r} cannot be loaded: the catalog is not available."
        raise CatalogError(msg) from err
    return catalog.load(name)


def resolve_puzzle(args: argparse.Namespace) -> Puzzle:
    """The puzzle named on the command line: ``NAME`` or ``--family`` with its parameters.

    A ``NAME`` that is not in the catalog but is a family name is read as ``--family NAME``.

    Parameters
    ----------
    args : argparse.Namespace
        Parsed options of :func:`add_puzzle_arguments` (absent ones count as not given).

    Returns
    -------
    Puzzle

    Raises
    ------
    CommandError
        Neither or both of NAME and --family, or family options given with a catalog name.
    InvalidPuzzleError
        A bad family parameter.
    CatalogError
        An unknown catalog name.

    Examples
    --------
    >>> args = argparse.Namespace(name=None, family="torus", shape="3x4", modulus=3, param=[])
    >>> resolve_puzzle(args)
    <Puzzle: 12 nodes, 24 edges, rule='closed', modulus=3>
    """
    name = getattr(args, "name", None)
    family = getattr(args, "family", None)
    shape_text = getattr(args, "shape", None)
    modulus = getattr(args, "modulus", None)
    rule = getattr(args, "rule", None)
    params: dict[str, Any] = {}
    for item in getattr(args, "param", None) or []:
        key, sep, value = item.partition("=")
        if not sep or not key.isidentifier():
            msg = f"--param must look like KEY=VALUE, not {item!r}."
            raise CommandError(msg)
        params[key] = _param_value(key, value)
    if name is not None and family is not None:
        msg = f"Give a puzzle NAME or --family, not both (got {name!r} and --family {family!r})."
        raise CommandError(msg)
    if name is None and family is None:
        msg = "Name a puzzle: NAME from `lightsout list`, or --family F (with --shape etc.)."
        raise CommandError(msg)
    if name is not None and name not in catalog_names() and _is_family(name):
        family, name = name, None
    shape = parse_shape(shape_text) if shape_text else None
    if name is not None:
        extra = [
            opt
            for opt, value in (
                ("--shape", shape_text),
                ("--modulus", modulus),
                ("--rule", rule),
                ("--param", params or None),
            )
            if value is not None
        ]
        if extra:
            msg = (
                f"{', '.join(extra)} only apply with --family, not to the catalog puzzle {name!r}."
            )
            raise CommandError(msg)
        return load_named(name)
    assert family is not None
    return make_family(family, shape, modulus=modulus, rule=rule, params=params)


def _is_family(name: str) -> bool:
    from lightsout_graphs import families

    return name in families.FAMILIES


#: The start board used when neither ``--board`` nor ``--start`` is given: every light at 1.
ALL_ON = "all-on"


def add_start_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--board TEXT|FILE|-`` and ``--start BOARD_NAME`` (at most one of them is given).

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The subcommand's parser; :func:`start_board` reads the values back.
    """
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
        "(every light at 1, the default)",
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

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle the board belongs to.
    source : str
        Board text, a file name, or ``-`` for standard input.
    option : str
        The option's name, for error messages.
    stdin : file, optional
        Where ``-`` reads from (default ``sys.stdin``).
    named : bool, default False
        Whether the option also takes board names (then errors list them).

    Returns
    -------
    numpy.ndarray
        The board in node order.

    Raises
    ------
    BoardFormatError
        Text that is not a board of this puzzle; the message names the option, the file (if
        any), the line and the column.

    Examples
    --------
    >>> read_board(lo.grid(2, 2), "*./.*").tolist()
    [1, 0, 0, 1]
    """
    from lightsout_graphs.boards import board_text_limit, parse_board

    text, from_file = read_text(source, stdin=stdin, limit=board_text_limit(puzzle))
    try:
        return parse_board(puzzle, text)
    except BoardFormatError as err:
        if source == "-":
            where = f"{option} - (standard input)"
        elif from_file:
            where = f"{option} file {source!r}"
        elif not set(source) <= set("./") and Path(source).is_dir():  # not board dots
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


def _looks_like_path(text: str) -> bool:
    """Whether a command-line value was probably meant as a file name (``a/b.txt``, ``~/x``)."""
    return "\n" not in text and bool(
        re.search(r"\.[A-Za-z]\w*$", text) or text.startswith(("/", "./", "../", "~"))
    )


def board_names(puzzle: Puzzle) -> str:
    """The puzzle's named boards for messages, e.g. ``'pattern', 'cross'`` or ``none``.

    Parameters
    ----------
    puzzle : Puzzle

    Returns
    -------
    str

    Examples
    --------
    >>> board_names(lo.grid(2, 2))
    'none'
    """
    names = [repr(name) for name in puzzle.boards]
    return ", ".join(names) if names else "none"


def named_board(puzzle: Puzzle, name: str, *, option: str = "--start") -> np.ndarray:
    """A named board of the puzzle, or :data:`ALL_ON` (every light at 1).

    Parameters
    ----------
    puzzle : Puzzle
    name : str
        A key of ``puzzle.boards``, or ``"all-on"``.
    option : str
        The option's name, for error messages.

    Returns
    -------
    numpy.ndarray
        The board in node order.

    Raises
    ------
    CommandError
        An unknown name (the message lists the known ones).

    Examples
    --------
    >>> named_board(lo.grid(1, 3), "all-on").tolist()
    [1, 1, 1]
    """
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
    """The start board from ``--board`` or ``--start`` (default every light at 1).

    Parameters
    ----------
    puzzle : Puzzle
    args : argparse.Namespace
        Parsed options of :func:`add_start_arguments`.

    Returns
    -------
    (numpy.ndarray, str)
        The board in node order and a few words saying where it came from.

    Raises
    ------
    BoardFormatError, CommandError
        A board that cannot be read, or an unknown board name.

    Examples
    --------
    >>> board, words = start_board(lo.grid(1, 2), argparse.Namespace(board="*.", start=None))
    >>> board.tolist(), words
    ([1, 0], 'the board given')
    """
    board = getattr(args, "board", None)
    start = getattr(args, "start", None)
    if board is not None:
        return read_board(puzzle, board), "the board given"
    if start is not None:
        words = "every light at 1" if start == ALL_ON and start not in puzzle.boards else None
        return named_board(puzzle, start), words or f"the board {start!r}"
    return named_board(puzzle, ALL_ON), "every light at 1; choose another with --board or --start"


def target_board(puzzle: Puzzle, text: str | None) -> np.ndarray | None:
    """``--target``: a named board, :data:`ALL_ON`, board text, a file or ``-``; None if absent.

    Parameters
    ----------
    puzzle : Puzzle
    text : str or None
        The option's value.

    Returns
    -------
    numpy.ndarray or None
        The target in node order; None means the puzzle's goal.

    Examples
    --------
    >>> target_board(lo.grid(1, 2), ".*").tolist()
    [0, 1]
    """
    if text is None:
        return None
    if text in puzzle.boards or text == ALL_ON:
        return named_board(puzzle, text, option="--target")
    return read_board(puzzle, text, option="--target", named=True)
