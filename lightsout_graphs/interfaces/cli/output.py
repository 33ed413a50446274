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

__all__: list[str] = []

#: Above this many lights, text commands summarise boards, presses and quiet patterns instead
#: of printing their grids (a million-light grid is a megabyte of text nobody reads on a
#: terminal); ``-o/--output`` and ``--json`` give them in full.
GRID_TEXT_LIMIT = 10_000


def grid_too_big(lights: int) -> bool:
    """Whether a board of this many lights is summarised rather than printed as a grid."""
    return lights > GRID_TEXT_LIMIT


def write_text(path: str, text: str) -> None:
    """Write ``text`` and a final newline to ``path`` in UTF-8 (CommandError if it cannot)."""
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")
    except OSError as err:
        msg = f"Cannot write {path!r}: {err.strerror or err}."
        raise CommandError(msg) from err


def read_text(
    source: str, *, stdin: TextIO | None = None, limit: int | None = None
) -> tuple[str, bool]:
    """``(text, from_file)`` for ``-`` (standard input), a regular file's name, or literal text.

    At most ``limit + 1`` characters are read; devices and FIFOs, unreadable or non-UTF-8 input
    and input over ``limit`` raise BoardFormatError.
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
    """Print one JSON value, indented, lists of scalars on one line (other values as ``str``)."""
    sys.stdout.write(_format_json(json.loads(json.dumps(data, default=str)), 0))
    sys.stdout.write("\n")


def default_output(args: Any, suffix: str, what: str = "") -> str:
    """The file written without ``-o``: ``NAME`` or ``FAMILY-SHAPE``, ``-WHAT``, then ``suffix``.

    Characters unsafe in a file name become ``-`` (``grid-7x9-solution.png``).
    """
    name = getattr(args, "name", None)
    if name is None:
        parts = [getattr(args, "family", None) or "puzzle", getattr(args, "shape", None) or ""]
        name = "-".join(p for p in parts if p)
    stem = "-".join(p for p in (name, what) if p).replace("_", "-").replace("×", "x")
    stem = re.sub(r"[^A-Za-z0-9.+-]+", "-", stem).strip("-.") or "puzzle"
    return stem[:100] + suffix


def output_path(path: str, allowed: Sequence[str]) -> Path:
    """``path`` as a Path when its suffix is one of ``allowed`` (lower case, with the dot)."""
    p = Path(path)
    if p.suffix.lower() not in allowed:
        msg = f"Output file {path!r} must end in {' or '.join(allowed)}, not {p.suffix or 'nothing'!r}."
        raise CommandError(msg)
    return p


#: Matplotlib's limit on each side of a picture, in pixels.
_MAX_PIXELS = 2**16


def save_figure(artist: Any, path: Path, dpi: int) -> tuple[int, int]:
    """Save the figure of an Axes or Figure; return its (width, height) in pixels.

    A ``dpi`` below 1, or one making a side of a PNG 65536 pixels or more, is a CommandError.
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
