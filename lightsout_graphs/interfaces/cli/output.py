"""What ``lightsout`` commands read and write: input text, JSON, summary lines and figures."""

from __future__ import annotations

import errno
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from lightsout_graphs.core.errors import BoardFormatError
from lightsout_graphs.interfaces.cli.runtime import CommandError

__all__ = [
    "GRID_TEXT_LIMIT",
    "default_output",
    "grid_too_big",
    "output_path",
    "print_json",
    "read_text",
    "save_figure",
    "write_text",
]

#: Above this many lights, text commands summarise boards, presses and quiet patterns instead
#: of printing their grids (a million-light grid is a megabyte of text nobody reads on a
#: terminal); ``-o/--output`` and ``--json`` give them in full.
GRID_TEXT_LIMIT = 10_000


def grid_too_big(lights: int) -> bool:
    """Whether a board of this many lights is summarised rather than printed as a grid.

    Examples
    --------
    >>> grid_too_big(25), grid_too_big(10**6)
    (False, True)
    """
    return lights > GRID_TEXT_LIMIT


def write_text(path: str, text: str) -> None:
    """Write ``text`` (and a final newline) to the file ``path``, in UTF-8.

    Raises
    ------
    CommandError
        The file cannot be written (a folder, a missing folder, no permission).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     write_text(str(pathlib.Path(folder) / "p.txt"), "1.")
    ...     print((pathlib.Path(folder) / "p.txt").read_text())
    1.
    <BLANKLINE>
    """
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")
    except OSError as err:
        msg = f"Cannot write {path!r}: {err.strerror or err}."
        raise CommandError(msg) from err


def read_text(
    source: str, *, stdin: TextIO | None = None, limit: int | None = None
) -> tuple[str, bool]:
    """Return ``(text, from_file)`` for ``-`` (standard input), a file name, or literal text.

    Parameters
    ----------
    source : str
        ``-``, the name of an existing regular file, or anything else (taken as the text
        itself; devices such as ``/dev/zero`` and FIFOs are not read).
    stdin : file, optional
        Where ``-`` reads from (default ``sys.stdin``, read as bytes).
    limit : int, optional
        The most characters to accept from a file or standard input: at most ``limit + 1``
        are read, so endless or huge input is refused without being read whole.

    Returns
    -------
    (str, bool)
        The text, and whether it came from a file or standard input.

    Raises
    ------
    BoardFormatError
        A file that exists but cannot be read, input that is not UTF-8 text, or input longer
        than ``limit``.

    Examples
    --------
    >>> read_text("*./..")
    ('*./..', False)
    """
    if source == "-":
        return _read_stream(stdin or sys.stdin, "standard input", limit), True
    if "\n" not in source and len(source) < 4096:
        path = Path(source)
        try:
            if path.is_file():
                with path.open("rb") as handle:
                    return _read_stream(handle, f"the board file {source!r}", limit), True
            if path.exists() and not path.is_dir():
                msg = (
                    f"{source!r} is a device or a pipe, not a board file: give a file, or '-' "
                    "to read standard input."
                )
                raise BoardFormatError(msg)
        except OSError as err:
            if err.errno != errno.ENAMETOOLONG:
                msg = f"Cannot read the board file {source!r}: {err}."
                raise BoardFormatError(msg) from err
            # Too long to be a file name: it is board text.
    return source, False


def _read_stream(stream: Any, what: str, limit: int | None) -> str:
    """Read at most ``limit + 1`` characters (bytes for binary streams) and decode UTF-8."""
    raw = getattr(stream, "buffer", stream)  # sys.stdin: read bytes, decode ourselves
    size = -1 if limit is None else limit + 1
    data = raw.read(size)
    if limit is not None and len(data) > limit:
        msg = (
            f"Cannot read {what}: longer than the {limit} characters a board of this puzzle "
            "can take."
        )
        raise BoardFormatError(msg)
    if isinstance(data, bytes):
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError as err:
            msg = f"Cannot read {what}: not UTF-8 text ({err})."
            raise BoardFormatError(msg) from err
    return str(data)


def _is_flat(value: Any) -> bool:
    """Whether a list holds only scalars or lists of scalars (printed on one line)."""
    return all(
        not isinstance(v, dict | list)
        or (isinstance(v, list) and not any(isinstance(w, dict | list) for w in v))
        for v in value
    )


def _format_json(data: Any, indent: int) -> str:
    pad = "  " * (indent + 1)
    if isinstance(data, dict) and data:
        items = [
            f"{pad}{json.dumps(str(k))}: {_format_json(v, indent + 1)}" for k, v in data.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + "  " * indent + "}"
    if isinstance(data, list) and data and not _is_flat(data):
        items = [pad + _format_json(v, indent + 1) for v in data]
        return "[\n" + ",\n".join(items) + "\n" + "  " * indent + "]"
    return json.dumps(data, default=str, separators=(", ", ": "))


def print_json(data: Any) -> None:
    """Print one JSON value on standard output, indented, with a final newline.

    Objects are indented; lists of numbers (boards, presses, node labels) stay on one line.

    Parameters
    ----------
    data : object
        Anything ``json`` can write; other values are written as their ``str``.

    Examples
    --------
    >>> print_json({"solvable": True, "presses": [1, 0, 1], "nodes": [[0, 0], [0, 1]]})
    {
      "solvable": true,
      "presses": [1, 0, 1],
      "nodes": [[0, 0], [0, 1]]
    }
    """
    sys.stdout.write(_format_json(json.loads(json.dumps(data, default=str)), 0))
    sys.stdout.write("\n")


def default_output(args: Any, suffix: str, what: str = "") -> str:
    """The file a command writes when ``-o/--output`` is not given: named after the puzzle.

    ``NAME`` for a catalog puzzle, else the family and its shape (``grid-7x9``), then
    ``-WHAT`` when given, then ``suffix``; characters unsafe in a file name become ``-``.

    Parameters
    ----------
    args : argparse.Namespace
        Parsed puzzle options (``name``, ``family``, ``shape``).
    suffix : str
        With its dot: ``".png"``, ``".html"``.
    what : str, optional
        What the file shows, e.g. ``"solution"``.

    Returns
    -------
    str
        A file name in the current folder.

    Examples
    --------
    >>> import argparse
    >>> default_output(argparse.Namespace(name="lights-out"), ".html")
    'lights-out.html'
    >>> default_output(
    ...     argparse.Namespace(name=None, family="grid", shape="7x9"), ".png", "solution"
    ... )
    'grid-7x9-solution.png'
    """
    name = getattr(args, "name", None)
    if name is None:
        parts = [getattr(args, "family", None) or "puzzle", getattr(args, "shape", None) or ""]
        name = "-".join(p for p in parts if p)
    stem = "-".join(p for p in (name, what) if p).replace("_", "-").replace("×", "x")
    stem = re.sub(r"[^A-Za-z0-9.+-]+", "-", stem).strip("-.") or "puzzle"
    return stem[:100] + suffix


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


#: Matplotlib's limit on each side of a picture, in pixels.
_MAX_PIXELS = 2**16


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

    Raises
    ------
    CommandError
        A ``dpi`` below 1, or one that makes a side of a PNG 65536 pixels or more.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from matplotlib.figure import Figure
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     save_figure(Figure(figsize=(2, 1)), pathlib.Path(folder) / "f.png", 50)
    (100, 50)
    """
    from matplotlib.figure import Figure

    if dpi < 1:
        msg = f"--dpi must be a positive int, not {dpi}."
        raise CommandError(msg)
    figure = artist if isinstance(artist, Figure) else artist.figure
    while not isinstance(figure, Figure):  # a SubFigure
        figure = figure.figure
    width, height = figure.get_size_inches() * dpi
    if path.suffix.lower() != ".svg" and max(width, height) >= _MAX_PIXELS:
        msg = (
            f"--dpi {dpi} makes a picture of {round(width)}×{round(height)} pixels; each side "
            f"must stay below {_MAX_PIXELS}: use a lower --dpi."
        )
        raise CommandError(msg)
    figure.savefig(path, dpi=dpi)
    return round(width), round(height)
