"""Graph6 input: one graph a line, as nauty's geng writes it.

:func:`from_graph6`, :func:`iter_graph6` and :func:`read_graph6` give puzzles;
:func:`decode_graph6` gives the bare adjacency bitsets of one line, for code that reads
millions of small graphs (the sweep streams).
"""

from __future__ import annotations

import os
from collections.abc import Hashable, Iterable, Iterator

import networkx as nx
import numpy as np

from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.representation.families._common import (
    build,
    circle_pos,
    family_doc,
    ordered_graph,
    set_pos,
)
from lightsout_graphs.representation.families._homes import HOMES
from lightsout_graphs.representation.puzzle import Puzzle

__all__ = list(HOMES[__name__])
__all__ += ["decode_graph6"]

_HEADER = ">>graph6<<"


def _parse(
    line: str | bytes, where: str, *, modulus: int, rule: str, pressable: Iterable[Hashable] | None
) -> Puzzle:
    """The puzzle of one graph6 line; errors start with ``where``."""
    data = line.encode("utf-8") if isinstance(line, str) else bytes(line)
    data = data.strip()
    if data.startswith(_HEADER.encode()):
        data = data[len(_HEADER) :]
    if not data:
        msg = f"{where}: empty graph6 text."
        raise InvalidPuzzleError(msg)
    shown = data[:40].decode("ascii", "replace")
    if data[:1] in (b":", b";", b"&"):
        kind = "digraph6" if data[:1] == b"&" else "sparse6"
        msg = f"{where}: {shown!r} is {kind}, not graph6; convert it (e.g. nauty's copyg -g)."
        raise InvalidPuzzleError(msg)
    bad = next((i for i, b in enumerate(data) if not 63 <= b <= 126), None)
    if bad is not None:
        msg = (
            f"{where}: {shown!r} is not valid graph6 (character {bad} is outside '?'..'~', "
            "the characters graph6 uses)."
        )
        raise InvalidPuzzleError(msg)
    try:
        graph = nx.from_graph6_bytes(data)
    except (nx.NetworkXError, ValueError, IndexError, TypeError) as err:
        msg = f"{where}: {shown!r} is not valid graph6 ({err})."
        raise InvalidPuzzleError(msg) from err
    n = graph.number_of_nodes()
    g = set_pos(ordered_graph(n, graph.edges), dict(enumerate(circle_pos(n))))
    params = {"data": data.decode("ascii")}
    return build(g, "graph6", params, modulus=modulus, rule=rule, pressable=pressable)


@family_doc
def from_graph6(
    data: str | bytes,
    *,
    modulus: int = 2,
    rule: str = "closed",
    pressable: Iterable[Hashable] | None = None,
) -> Puzzle:
    """The puzzle of one graph given in graph6 (the ``>>graph6<<`` header is optional).

    Parameters
    ----------
    data : str or bytes
        One graph6 line, for example ``"Dhc"``, the 5-cycle.
    %(puzzle)s

    Returns
    -------
    Puzzle
        Nodes ``0..n-1`` on a circle; ``family`` is ``FamilyInfo("graph6", {"data": text})``.

    Raises
    ------
    InvalidPuzzleError
        Text that is not one graph6 graph.

    Examples
    --------
    >>> from_graph6("Dhc")
    <Puzzle: 5 nodes, 5 edges, rule='closed', modulus=2>
    >>> from_graph6(b">>graph6<<A_").graph.number_of_edges()
    1
    """
    if not isinstance(data, str | bytes | bytearray):
        msg = f"Argument 'data' must be graph6 text (str or bytes), not {type(data).__name__}."
        raise InvalidPuzzleError(msg)
    text = data.decode("ascii", "replace") if isinstance(data, bytes | bytearray) else data
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > 1:
        msg = f"Argument 'data' holds {len(lines)} graphs; use iter_graph6 or read_graph6."
        raise InvalidPuzzleError(msg)
    return _parse(text, "Argument 'data'", modulus=modulus, rule=rule, pressable=pressable)


@family_doc
def iter_graph6(
    lines: Iterable[str | bytes],
    *,
    modulus: int = 2,
    rule: str = "closed",
    source: str = "graph6 input",
) -> Iterator[Puzzle]:
    """Yield one puzzle per graph6 line; blank lines are skipped.

    Parameters
    ----------
    lines : iterable of str or bytes
        For example an open file, or the output of ``geng``.
    %(modulus)s
    %(rule)s
    source : str
        What to call the input in error messages.

    Yields
    ------
    Puzzle
        As :func:`from_graph6`.

    Raises
    ------
    InvalidPuzzleError
        A bad line, named by its line number (from 1).

    Examples
    --------
    >>> [p.n for p in iter_graph6(["Bw", "", "Dhc"])]
    [3, 5]
    """
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        yield _parse(line, f"{source}, line {number}", modulus=modulus, rule=rule, pressable=None)


@family_doc
def read_graph6(
    path: str | os.PathLike[str], *, modulus: int = 2, rule: str = "closed"
) -> list[Puzzle]:
    """Read a graph6 file (one graph a line, as ``geng`` writes) into a list of puzzles.

    Parameters
    ----------
    path : str or path-like
        The file.
    %(modulus)s
    %(rule)s

    Returns
    -------
    list of Puzzle

    Raises
    ------
    InvalidPuzzleError
        A file that cannot be read, or a bad line (the message names the file and line).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     f = pathlib.Path(tmp) / "small.g6"
    ...     _ = f.write_text("Bw\\nC~\\n")
    ...     [p.graph.number_of_edges() for p in read_graph6(f)]
    [3, 6]
    """
    if not isinstance(path, str | os.PathLike):
        # open() would take an int as a file descriptor: read_graph6(0) reads standard input.
        msg = f"Argument 'path' must be a file name (str or path-like), not {path!r}."
        raise InvalidPuzzleError(msg)
    try:
        with open(path, "rb") as handle:
            raw = handle.read().splitlines()
    except (OSError, ValueError) as err:
        msg = (
            f"Cannot read graph6 file {os.fspath(path)!r}: {getattr(err, 'strerror', None) or err}."
        )
        raise InvalidPuzzleError(msg) from err
    return list(iter_graph6(raw, modulus=modulus, rule=rule, source=f"File {os.fspath(path)!r}"))


def decode_graph6(line: bytes) -> tuple[int, list[int]] | None:
    """Adjacency rows (Python int bitsets) of a graph6 line with at most 62 vertices.

    Returns None for a line that is not such a graph6 string (the caller reports it).

    Examples
    --------
    >>> decode_graph6(b"Bw")  # the triangle
    (3, [6, 5, 3])
    """
    from lightsout_graphs.representation.families.graph6_batch import MAX_VERTICES, decode_line

    rows = np.zeros(MAX_VERTICES, dtype=np.uint64)
    n = decode_line(np.frombuffer(line, dtype=np.uint8), 0, len(line), rows)
    return (n, [int(r) for r in rows[:n]]) if 0 <= n <= 62 else None
