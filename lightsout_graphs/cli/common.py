"""Helpers shared by the subcommands of ``lightsout``: puzzles, boards, progress and errors.

A subcommand module exposes ``register(subparsers)``, which adds its parser and sets
``handler=`` (a function taking the parsed arguments and returning the exit code) with
``parser.set_defaults(handler=...)``. The helpers here give every subcommand the same options
and the same behaviour:

- :func:`add_puzzle_arguments` / :func:`resolve_puzzle`: ``NAME`` from the catalog, or
  ``--family F --shape 7x9 --modulus 3 --rule open --param key=value``;
- :func:`add_start_arguments` / :func:`start_board`: ``--board TEXT|FILE|-`` or
  ``--start BOARD_NAME``; :func:`read_board` for any other board option;
- :func:`progress`: a tqdm bar on a terminal only, silent with ``--quiet``;
- :func:`run`: the error policy (exit 2 and one line on stderr for bad input, exit 1 for an
  unsolvable board, no traceback unless ``--debug``).
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import inspect
import json
import os
import re
import sys
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

from lightsout_graphs.errors import BoardFormatError, InvalidPuzzleError, LightsOutError, Unsolvable

if TYPE_CHECKING:
    import numpy as np

    from lightsout_graphs.puzzle import Puzzle

__all__ = [
    "ALL_ON",
    "EXIT_ERROR",
    "EXIT_INTERNAL",
    "EXIT_OK",
    "EXIT_UNSOLVABLE",
    "PROG",
    "CommandError",
    "add_puzzle_arguments",
    "add_start_arguments",
    "board_names",
    "catalog_names",
    "error_line",
    "explain_unsolvable",
    "json_node",
    "load_named",
    "make_family",
    "named_board",
    "output_path",
    "parse_shape",
    "print_json",
    "progress",
    "progress_enabled",
    "puzzle_summary",
    "read_board",
    "read_text",
    "resolve_puzzle",
    "run",
    "save_figure",
    "start_board",
    "status",
    "target_board",
]

PROG = "lightsout"
EXIT_OK = 0
EXIT_UNSOLVABLE = 1
EXIT_ERROR = 2
EXIT_INTERNAL = 3

T = TypeVar("T")


class CommandError(LightsOutError, ValueError):
    """A command line that cannot be carried out: conflicting options, a bad output name."""


# -- puzzles ----------------------------------------------------------------------------------


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


def _param_value(text: str) -> Any:
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


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
        params[key] = _param_value(value)
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


# -- boards -----------------------------------------------------------------------------------


def read_text(source: str, *, stdin: TextIO | None = None) -> tuple[str, bool]:
    """Return ``(text, from_file)`` for ``-`` (standard input), a file name, or literal text.

    Parameters
    ----------
    source : str
        ``-``, the name of an existing file, or anything else (taken as the text itself).
    stdin : file, optional
        Where ``-`` reads from (default ``sys.stdin``).

    Returns
    -------
    (str, bool)
        The text, and whether it came from a file or standard input.

    Raises
    ------
    BoardFormatError
        A file that exists but cannot be read.

    Examples
    --------
    >>> read_text("*./..")
    ('*./..', False)
    """
    if source == "-":
        return (stdin or sys.stdin).read(), True
    if "\n" not in source and len(source) < 4096:
        path = Path(source)
        try:
            if path.is_file():
                return path.read_text(encoding="utf-8-sig"), True
        except (OSError, UnicodeDecodeError) as err:
            msg = f"Cannot read the board file {source!r}: {err}."
            raise BoardFormatError(msg) from err
    return source, False


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
    from lightsout_graphs.boards import parse_board

    text, from_file = read_text(source, stdin=stdin)
    try:
        return parse_board(puzzle, text)
    except BoardFormatError as err:
        if source == "-":
            where = f"{option} - (standard input)"
        elif from_file:
            where = f"{option} file {source!r}"
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


# -- output -----------------------------------------------------------------------------------


def json_node(node: Hashable) -> Any:
    """A node as JSON: tuples become lists, ints and strings stay, anything else is ``str``.

    Parameters
    ----------
    node : hashable

    Returns
    -------
    list, int, float, str, bool or None

    Examples
    --------
    >>> json_node((0, 1)), json_node("a"), json_node(frozenset({1}))
    ([0, 1], 'a', 'frozenset({1})')
    """
    if isinstance(node, tuple):
        return [json_node(x) for x in node]
    if isinstance(node, bool) or node is None:
        return node
    if isinstance(node, int | float | str):
        return node
    try:
        import numpy as np

        if isinstance(node, np.integer):
            return int(node)
    except ImportError:  # pragma: no cover
        pass
    return str(node)


def print_json(data: Any) -> None:
    """Print one JSON value on standard output, indented, with a final newline.

    Parameters
    ----------
    data : object
        Anything ``json`` can write; other values are written as their ``str``.

    Examples
    --------
    >>> print_json({"solvable": True})
    {
      "solvable": true
    }
    """
    json.dump(data, sys.stdout, indent=2, default=str)
    sys.stdout.write("\n")


# -- progress ---------------------------------------------------------------------------------


def progress_enabled(args: argparse.Namespace | None = None) -> bool:
    """Whether to show a progress bar: standard error is a terminal and ``--quiet`` is off.

    Parameters
    ----------
    args : argparse.Namespace, optional
        Parsed options; its ``quiet`` attribute turns bars off.

    Returns
    -------
    bool

    Examples
    --------
    >>> progress_enabled(argparse.Namespace(quiet=True))
    False
    """
    if args is not None and getattr(args, "quiet", False):
        return False
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def progress(
    items: Iterable[T],
    args: argparse.Namespace | None = None,
    *,
    total: int | None = None,
    desc: str | None = None,
) -> Iterator[T]:
    """Iterate with a tqdm bar on standard error when :func:`progress_enabled`, else plainly.

    Parameters
    ----------
    items : iterable
        What to iterate over.
    args : argparse.Namespace, optional
        Parsed options (``--quiet``).
    total : int, optional
        The number of items, for the bar.
    desc : str, optional
        The bar's label.

    Yields
    ------
    object
        The items, unchanged.

    Examples
    --------
    >>> list(progress(range(3), argparse.Namespace(quiet=True)))
    [0, 1, 2]
    """
    if not progress_enabled(args):
        yield from items
        return
    from tqdm import tqdm

    yield from tqdm(items, total=total, desc=desc, file=sys.stderr, leave=False)


@contextlib.contextmanager
def status(
    args: argparse.Namespace | None, text: str, *, size: int = 0, threshold: int = 2000
) -> Iterator[None]:
    """Show a line on standard error while one long step runs (a terminal only, not ``--quiet``).

    Parameters
    ----------
    args : argparse.Namespace, optional
        Parsed options (``--quiet``).
    text : str
        What is being done, e.g. ``"solving 10000 lights"``.
    size : int, default 0
        The size of the work (e.g. the number of lights).
    threshold : int, default 2000
        Show nothing for work smaller than this.

    Yields
    ------
    None

    Examples
    --------
    >>> with status(argparse.Namespace(quiet=True), "solving", size=10**6):
    ...     pass
    """
    show = size >= threshold and progress_enabled(args)
    if show:
        sys.stderr.write(f"{PROG}: {text}...")
        sys.stderr.flush()
    try:
        yield
    finally:
        if show:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


# -- errors -----------------------------------------------------------------------------------


def error_line(message: object) -> str:
    """One line for standard error: ``lightsout: error: ...`` with newlines folded.

    Parameters
    ----------
    message : object
        The error (or its text).

    Returns
    -------
    str

    Examples
    --------
    >>> error_line("bad\\n  board")
    'lightsout: error: bad board'
    """
    text = " ".join(str(message).split())
    return f"{PROG}: error: {text}"


def run(handler: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """Call a subcommand's handler under the error policy and return the exit code.

    ``LightsOutError`` → one line on stderr, exit 2; :class:`Unsolvable` → one line naming the
    violated parity check, exit 1 (its JSON, if asked for, is printed by the handler); a file
    that cannot be written → exit 2; anything else is a bug → one line, exit 3. With
    ``--debug`` the exception is raised with its traceback instead.

    Parameters
    ----------
    handler : callable
        The subcommand's handler: parsed arguments -> exit code.
    args : argparse.Namespace
        The parsed arguments (``debug`` is read from them).

    Returns
    -------
    int
        The exit code.

    Examples
    --------
    >>> def fails(args):
    ...     raise lo.InvalidStateError("bad board")
    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     code = run(fails, argparse.Namespace(debug=False))
    >>> code, err.getvalue()
    (2, 'lightsout: error: bad board\\n')
    """
    debug = bool(getattr(args, "debug", False))
    try:
        code = handler(args)
    except Unsolvable as err:
        if debug:
            raise
        print(f"{PROG}: unsolvable: {' '.join(str(err).split())}", file=sys.stderr)
        return EXIT_UNSOLVABLE
    except LightsOutError as err:
        if debug:
            raise
        print(error_line(err), file=sys.stderr)
        return EXIT_ERROR
    except BrokenPipeError:
        _silence_broken_pipe()
        return EXIT_OK
    except OSError as err:
        if debug:
            raise
        where = f": {err.filename}" if err.filename else ""
        print(error_line(f"{err.strerror or err}{where}"), file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except Exception as err:
        if debug:
            raise
        print(
            error_line(
                f"internal error {type(err).__name__}: {err} (run with --debug for details)"
            ),
            file=sys.stderr,
        )
        return EXIT_INTERNAL
    return int(code or 0)


def _silence_broken_pipe() -> None:  # pragma: no cover - depends on the shell
    """Let ``lightsout list | head`` end quietly."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except OSError:
        pass


def output_path(path: str, allowed: Sequence[str]) -> Path:
    """Check an output file's suffix against ``allowed`` (e.g. ``(".png", ".svg")``).

    Parameters
    ----------
    path : str
        The file name given on the command line.
    allowed : sequence of str
        The accepted suffixes, lower case with the dot.

    Returns
    -------
    pathlib.Path

    Raises
    ------
    CommandError
        Another suffix.

    Examples
    --------
    >>> output_path("board.SVG", (".png", ".svg")).name
    'board.SVG'
    """
    p = Path(path)
    if p.suffix.lower() not in allowed:
        msg = f"Output file {path!r} must end in {' or '.join(allowed)}, not {p.suffix or 'nothing'!r}."
        raise CommandError(msg)
    return p


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
    msg = (
        f"{option} {name!r} is not a board of this puzzle; its boards: {board_names(puzzle)}, "
        f"or {ALL_ON!r}."
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


def puzzle_summary(puzzle: Puzzle) -> str:
    """One line: name, lights, edges, rule and modulus.

    Parameters
    ----------
    puzzle : Puzzle

    Returns
    -------
    str

    Examples
    --------
    >>> puzzle_summary(lo.grid(2, 3, modulus=3))
    'grid 2×3: 6 lights, 7 edges, closed rule, modulus 3'
    """
    from lightsout_graphs.boards import puzzle_label

    label = puzzle_label(puzzle)
    if puzzle.name and puzzle.title and puzzle.name != puzzle.title:
        label = f"{puzzle.name} ({puzzle.title})"
    kind = "arcs" if puzzle.graph.is_directed() else "edges"
    pressable = "" if len(puzzle.pressable) == puzzle.n else f", {len(puzzle.pressable)} pressable"
    return (
        f"{label}: {puzzle.n} lights, {puzzle.graph.number_of_edges()} {kind}{pressable}, "
        f"{puzzle.rule} rule, modulus {puzzle.modulus}"
    )


def explain_unsolvable(
    puzzle: Puzzle,
    certificate: dict[Hashable, int],
    state: Sequence[int] | np.ndarray,
    target: Sequence[int] | np.ndarray,
) -> str:
    """Say in words which parity check the board breaks (from an Unsolvable certificate).

    Parameters
    ----------
    puzzle : Puzzle
    certificate : dict
        node -> coefficient y of the check (``yᵀT ≡ 0``), as in ``Unsolvable.certificate``.
    state, target : array-like
        The board and the goal, in node order.

    Returns
    -------
    str
        For k = 2 "the lights at ... must have an even/odd sum ...", else the (weighted) sum
        mod k that the board and the target disagree on.

    Examples
    --------
    >>> import lightsout_graphs as lo
    >>> p = lo.grid(1, 3, rule="open")
    >>> explain_unsolvable(p, {(0, 0): 1, (0, 2): 1}, [1, 0, 0], [0, 0, 0])
    'the lights at (0,0), (0,2) must have an even sum to reach the target, but on this board it is odd; no press changes the parity of that sum'
    """
    from lightsout_graphs.boards import node_label

    k = puzzle.modulus
    terms = [(node, c % k) for node, c in certificate.items() if c % k]
    s = sum(c * int(state[puzzle.index[v]]) for v, c in terms) % k
    t = sum(c * int(target[puzzle.index[v]]) for v, c in terms) % k
    names = [node_label(v) for v, _ in terms]
    shown = ", ".join(names[:12]) + (f" and {len(names) - 12} more" if len(names) > 12 else "")
    if k == 2:
        parity = ("even", "odd")
        return (
            f"the lights at {shown} must have an {parity[t]} sum to reach the target, but on "
            f"this board it is {parity[s]}; no press changes the parity of that sum"
        )
    if all(c == 1 for _, c in terms):
        what = f"the sum of the lights at {shown}"
    else:
        weighted = [f"{node_label(v)}" if c == 1 else f"{c}·{node_label(v)}" for v, c in terms]
        more = f" + ... ({len(weighted) - 12} more)" if len(weighted) > 12 else ""
        what = f"the weighted sum {' + '.join(weighted[:12])}{more} of the lights"
    return (
        f"{what} must be {t} mod {k} to reach the target, but on this board it is {s}; "
        f"no press changes that sum mod {k}"
    )


def save_figure(artist: Any, path: Path, dpi: int) -> tuple[int, int]:
    """Save the figure of an Axes or Figure; return its size in pixels (width, height).

    Parameters
    ----------
    artist : matplotlib Axes or Figure
        What was drawn.
    path : pathlib.Path
        The file; its suffix picks the format.
    dpi : int
        Dots per inch.

    Returns
    -------
    (int, int)
        Width and height in pixels.
    """
    from matplotlib.figure import Figure

    figure = artist if isinstance(artist, Figure) else artist.figure
    while not isinstance(figure, Figure):  # a SubFigure
        figure = figure.figure
    figure.savefig(path, dpi=dpi)
    width, height = figure.get_size_inches() * dpi
    return round(width), round(height)
