"""What ``lightsout`` commands read and write: input text, JSON, summary lines and figures."""

from __future__ import annotations

import json
import sys
from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from lightsout_graphs.cli.runtime import CommandError
from lightsout_graphs.errors import BoardFormatError

if TYPE_CHECKING:
    import numpy as np

    from lightsout_graphs.puzzle import Puzzle

__all__ = [
    "explain_unsolvable",
    "json_node",
    "output_path",
    "print_json",
    "puzzle_summary",
    "read_text",
    "save_figure",
]


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
            msg = f"Cannot read the board file {source!r}: {err}."
            raise BoardFormatError(msg) from err
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
    pressable = "" if puzzle.all_pressable else f", {len(puzzle.pressable)} pressable"
    if not puzzle.all_lights:  # buttons without lights
        pressable += f", {len(puzzle.nodes) - puzzle.n} buttons without lights"
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
    s = sum(c * int(state[puzzle.light_index[v]]) for v, c in terms) % k
    t = sum(c * int(target[puzzle.light_index[v]]) for v, c in terms) % k
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
