"""Batch graph6 decoding into adjacency bitsets (numpy, compiled with numba when installed).

:func:`decode_graph6_batch` turns a block of graph6 text (as nauty's ``geng`` writes it, one
graph a line, with or without the ``>>graph6<<`` header) into numpy arrays: the number of
vertices of each graph and its adjacency rows as ``uint64`` bitsets (bit ``j`` of row ``i`` is
the edge ``ij``), for graphs of up to :data:`MAX_VERTICES` = 64 vertices, including graph6's
long form for 63 and 64 vertices. The line kernels (:func:`decode_line` and
:func:`next_line`) are plain functions that the sweep's compiled kernels call on raw byte
buffers, so a stream of graphs is decoded without one Python object per graph.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from typing import Any

import numpy as np

from lightsout_graphs.core.errors import InvalidPuzzleError

__all__ = [
    "AVAILABLE",
    "ERRORS",
    "MAX_VERTICES",
    "Graph6Batch",
    "decode_graph6_batch",
    "decode_line",
    "jit",
    "next_line",
]

#: The largest number of vertices of a graph in a batch (one uint64 word per adjacency row).
MAX_VERTICES = 64
#: Whether numba is installed; the kernels are compiled on first use when it is.
AVAILABLE: bool = importlib.util.find_spec("numba") is not None

#: What the negative codes of :func:`decode_line` mean.
ERRORS = {
    -1: "a character outside graph6's range 63..126",
    -2: "the wrong number of characters for its number of vertices",
    -3: "more than 64 vertices (the batch decoder reads up to 64)",
    -4: "an empty graph6 string",
}


def jit(func: Any) -> Any:
    """Compile ``func`` with ``numba.njit(cache=True, nogil=True)``, or return it unchanged.

    Without numba the kernels run as (slow) Python and give the same answers.

    Examples
    --------
    >>> jit(_next_line)(np.frombuffer(b"Bw\\nA_\\n", dtype=np.uint8), 0, 6)  # (start, end, next)
    (0, 2, 3)
    """
    if not AVAILABLE:
        return func
    import numba

    return numba.njit(cache=True, nogil=True)(func)


_HEAD = np.frombuffer(b">>graph6<<", dtype=np.uint8).copy()


def _decode_line(buf: np.ndarray, lo: int, hi: int, rows: np.ndarray) -> int:
    """Decode the graph6 text ``buf[lo:hi]`` into ``rows[:n]``; return n or an error code < 0.

    The header ``>>graph6<<`` is skipped; ``rows`` must hold 64 words.

    Examples
    --------
    >>> buf = np.frombuffer(b"Bw", dtype=np.uint8)  # the triangle
    >>> rows = np.zeros(64, dtype=np.uint64)
    >>> decode_line(buf, 0, 2, rows), rows[:3].tolist()
    (3, [6, 5, 3])
    >>> code = decode_line(buf, 0, 1, rows)
    >>> code, ERRORS[code]
    (-2, 'the wrong number of characters for its number of vertices')
    """
    if hi - lo >= 10:
        head = True
        for k in range(10):
            if buf[lo + k] != _HEAD[k]:
                head = False
                break
        if head:
            lo += 10
    if hi <= lo:
        return -4
    c = np.int64(buf[lo])
    if c < 63 or c > 126:
        return -1
    if c < 126:
        n = c - 63
        pos = lo + 1
    else:
        if hi - lo < 4:
            return -2
        if buf[lo + 1] == 126:
            return -3
        n = np.int64(0)
        for k in range(1, 4):
            d = np.int64(buf[lo + k])
            if d < 63 or d > 126:
                return -1
            n = (n << 6) | (d - 63)
        if n > 64:
            return -3
        pos = lo + 4
    bits = n * (n - 1) // 2
    if hi - pos != (bits + 5) // 6:
        return -2
    for i in range(n):
        rows[i] = np.uint64(0)
    one = np.uint64(1)
    i = 0
    j = 1
    k = 0
    while k < bits:
        d = np.int64(buf[pos + k // 6])
        if d < 63 or d > 126:
            return -1
        if ((d - 63) >> (5 - k % 6)) & 1:
            rows[i] |= one << np.uint64(j)
            rows[j] |= one << np.uint64(i)
        k += 1
        i += 1
        if i == j:
            i = 0
            j += 1
    return int(n)


def _next_line(buf: np.ndarray, lo: int, hi: int) -> tuple[int, int, int]:
    """The line starting at ``lo``: (start, end without ``\\r``, start of the next line).

    Returns end = -1 when no newline follows before ``hi`` (an incomplete last line).

    Examples
    --------
    >>> buf = np.frombuffer(b"Bw\\r\\nBo", dtype=np.uint8)
    >>> next_line(buf, 0, buf.size), next_line(buf, 4, buf.size)
    ((0, 2, 4), (4, -1, 6))
    """
    p = lo
    while p < hi and buf[p] != 10:
        p += 1
    if p >= hi:
        return lo, -1, hi
    end = p
    if end > lo and buf[end - 1] == 13:
        end -= 1
    return lo, end, p + 1


decode_line = jit(_decode_line)
next_line = jit(_next_line)


def _decode_all(
    buf: np.ndarray, ns: np.ndarray, rows: np.ndarray, lines: np.ndarray
) -> tuple[int, int, int]:
    """Decode every line of ``buf`` (which ends with a newline); skip blank lines.

    Returns (graphs decoded, 0, 0) or (-code, line number from 1, 0) at the first bad line.
    """
    lo = 0
    hi = buf.shape[0]
    count = 0
    number = 0
    while lo < hi:
        start, end, nxt = next_line(buf, lo, hi)
        number += 1
        lo = nxt
        if end == start:
            continue
        n = decode_line(buf, start, end, rows[count])
        if n < 0:
            return n, number, 0
        ns[count] = n
        lines[count] = number
        count += 1
    return count, 0, 0


_decode_all_jit = jit(_decode_all)


@dataclass(frozen=True)
class Graph6Batch:
    """Graphs decoded from graph6 text.

    Attributes
    ----------
    n : numpy.ndarray of int64
        The number of vertices of each graph.
    rows : numpy.ndarray of uint64, shape (graphs, 64)
        Adjacency bitsets: bit ``j`` of ``rows[g, i]`` is set when ``ij`` is an edge of graph
        ``g`` (rows ``n[g]`` and up are 0).
    line : numpy.ndarray of int64
        The line (from 1) each graph was read from; blank lines are skipped.

    Examples
    --------
    >>> batch = decode_graph6_batch(b"Bw\\n\\nA_\\n")
    >>> len(batch), batch.n.tolist(), batch.line.tolist()
    (2, [3, 2], [1, 3])
    """

    n: np.ndarray
    rows: np.ndarray
    line: np.ndarray

    def __len__(self) -> int:
        return int(self.n.shape[0])

    def edges(self, g: int) -> list[tuple[int, int]]:
        """The edges ``(i, j)`` with ``i < j`` of graph ``g``, sorted.

        Examples
        --------
        >>> decode_graph6_batch(b"Bw\\n").edges(0)
        [(0, 1), (0, 2), (1, 2)]
        """
        out: list[tuple[int, int]] = []
        for j in range(int(self.n[g])):
            word = int(self.rows[g, j])
            out.extend((i, j) for i in range(j) if word >> i & 1)
        return sorted(out)


def decode_graph6_batch(
    data: bytes | bytearray | memoryview, source: str = "graph6 input"
) -> Graph6Batch:
    """Decode many graph6 lines at once into adjacency bitsets.

    Parameters
    ----------
    data : bytes
        graph6 text, one graph a line (``\\n`` or ``\\r\\n``); the ``>>graph6<<`` header is
        optional on every line and blank lines are skipped. Graphs of up to 64 vertices.
    source : str, default "graph6 input"
        What to call the input in error messages (for example the file name).

    Returns
    -------
    Graph6Batch

    Raises
    ------
    InvalidPuzzleError
        A line that is not graph6 of at most 64 vertices; the message names ``source`` and the
        line number.

    Examples
    --------
    >>> b = decode_graph6_batch(b">>graph6<<Bw\\nDhc\\n")
    >>> b.n.tolist(), [int(r) for r in b.rows[0, :3]]
    ([3, 5], [6, 5, 3])
    >>> decode_graph6_batch(b"Bw\\nB!\\n", "small.g6")
    Traceback (most recent call last):
    ...
    lightsout_graphs.core.errors.InvalidPuzzleError: small.g6, line 2: 'B!' is not graph6 ...
    """
    if not isinstance(data, bytes | bytearray | memoryview):
        msg = f"Argument 'data' must be graph6 bytes, not {type(data).__name__}."
        raise InvalidPuzzleError(msg)
    raw = bytes(data)
    if raw and not raw.endswith(b"\n"):
        raw += b"\n"
    buf = np.frombuffer(raw, dtype=np.uint8)
    most = raw.count(b"\n")
    ns = np.zeros(most, dtype=np.int64)
    rows = np.zeros((most, MAX_VERTICES), dtype=np.uint64)
    lines = np.zeros(most, dtype=np.int64)
    count, number, _ = _decode_all_jit(buf, ns, rows, lines)
    if count < 0:
        text = raw.splitlines()[number - 1]
        shown = text[:40].decode("ascii", "replace")
        msg = f"{source}, line {number}: {shown!r} is not graph6 ({ERRORS[int(count)]})."
        raise InvalidPuzzleError(msg)
    return Graph6Batch(ns[:count].copy(), rows[:count].copy(), lines[:count].copy())
