"""Compiled per-graph kernels for graph streams: GF(2) and GF(p) ranks on adjacency bitsets.

A graph of up to 64 vertices is its adjacency rows as ``uint64`` bitsets (see
:mod:`lightsout_graphs.representation.families.graph6_batch`). Its toggle matrix is those rows (open rule) or
those rows plus the diagonal (closed rule); it is symmetric, so row ``i`` is also the equation
of light ``i``. :func:`gf2_rank` inserts the rows into a basis keyed by their lowest set bit,
carrying the all-ones right-hand side as one bit per basis vector; :func:`gfp_rank` does dense
elimination mod a prime p < 2**31. Both return the rank and whether the all-ones problem (dark
board to every light at 1) is solvable. The block kernels read raw graph6 bytes
(:func:`decode_graph6`: one set bit at a time) and fill per-graph arrays (:func:`metrics_block`,
for sweep tables) or a histogram (:func:`census_block`), so a stream costs no Python object per
graph. The census ranks graphs of up to :data:`SLICED_MAX_N` vertices over GF(2) in batches of
256 of the same size, bit-sliced (:func:`sliced_gf2_ranks`: one branch-free elimination for the
whole batch). Every function here is compiled with numba when it is installed and runs as plain
Python (slowly, with the same answers) otherwise.
"""

from __future__ import annotations

import contextlib
from typing import Any

import numpy as np

from lightsout_graphs.representation.families.graph6_batch import (
    AVAILABLE,
    decode_line,
    jit,
    next_line,
)

__all__ = [
    "SLICED_MAX_N",
    "add_to_slices",
    "census_block",
    "connected",
    "decode_graph6",
    "gf2_rank",
    "gfp_rank",
    "metrics_block",
    "rank_of",
    "sliced_gf2_ranks",
    "sliced_scratch",
    "warm_census",
]


def _ctz_portable(word: np.uint64) -> int:
    """The index of the lowest set bit of a nonzero word (a binary search on its low bits).

    Examples
    --------
    >>> _ctz_portable(np.uint64(40)), _ctz_portable(np.uint64(1) << np.uint64(63))
    (3, 63)
    """
    w = word
    pos = 0
    for shift in (32, 16, 8, 4, 2, 1):
        if not w & ((np.uint64(1) << np.uint64(shift)) - np.uint64(1)):
            w >>= np.uint64(shift)
            pos += shift
    return pos


_ctz: Any = jit(_ctz_portable)
if AVAILABLE:  # a count-trailing-zeros instruction instead of a binary search
    with contextlib.suppress(ImportError):  # older or newer numba: the binary search
        from numba.cpython.unsafe.numbers import trailing_zeros as _ctz

#: graph6's bit ``k`` is the edge ``(_PAIR_I[k], _PAIR_J[k])``: (0,1), (0,2), (1,2), (0,3), ...
_PAIR_J = np.repeat(np.arange(64, dtype=np.uint8), np.arange(64))
_PAIR_I = np.concatenate([np.arange(j, dtype=np.uint8) for j in range(64)])


def _gf2_rank(rows: np.ndarray, n: int, closed: bool, tmp: np.ndarray) -> tuple[int, bool]:
    """The GF(2) rank of a graph's toggle matrix, and whether the all-ones board is solvable.

    ``rows[:n]`` are the adjacency bitsets of an ``n``-vertex graph (bit ``j`` of row ``i`` is
    the edge ``ij``); ``closed`` adds the diagonal (the closed rule). ``tmp`` is scratch space
    of at least ``n`` words.

    The rows go one by one into a basis whose vectors have distinct lowest set bits: a row is
    reduced by the basis vector of its lowest bit until that bit is new (the row joins the
    basis) or nothing is left. Each vector carries its right-hand side (the all-ones board) as
    one bit of a second word; a row reduced to 0 = 1 makes the all-ones problem unsolvable.

    Examples
    --------
    >>> rows = np.zeros(64, dtype=np.uint64)
    >>> rows[:3] = [0b110, 0b101, 0b011]  # a triangle
    >>> tmp = np.zeros(64, dtype=np.uint64)
    >>> gf2_rank(rows, 3, True, tmp), gf2_rank(rows, 3, False, tmp)
    ((1, True), (2, False))
    """
    one = np.uint64(1)
    lead = np.uint64(0)  # bit p: tmp[p] is the basis vector whose lowest bit is p
    rhs = np.uint64(0)  # bit p: the right-hand side of tmp[p]
    rank = 0
    ok = True
    for i in range(n):
        v = rows[i] | (one << np.uint64(i)) if closed else rows[i]
        b = one  # the all-ones board's entry
        while True:
            if not v:
                if b:
                    ok = False
                break
            p = np.int64(_ctz(v))
            bit = one << np.uint64(p)
            if lead & bit:
                v ^= tmp[p]
                b ^= (rhs >> np.uint64(p)) & one
            else:
                tmp[p] = v
                lead |= bit
                if b:
                    rhs |= bit
                rank += 1
                break
    return rank, ok


def _inverse(a: int, p: int) -> int:
    t, new_t, r, new_r = 0, 1, p, a
    while new_r:
        q = r // new_r
        t, new_t = new_t, t - q * new_t
        r, new_r = new_r, r - q * new_r
    return t % p


def _reduce(v: int, p: int, inv_p: float) -> int:
    """``v mod p`` for ``|v| < 2**62``, through a float quotient instead of an integer division.

    The float quotient is off by at most one for p < 2**31, so one step either way fixes it.

    Examples
    --------
    >>> _reduce(-7, 5, 1 / 5), _reduce(24, 5, 1 / 5)
    (3, 4)
    >>> _reduce(2**61 + 5, 2**31 - 1, 1 / (2**31 - 1)) == (2**61 + 5) % (2**31 - 1)
    True
    """
    v -= int(v * inv_p) * p
    while v < 0:
        v += p
    while v >= p:
        v -= p
    return v


def _gfp_rank(rows: np.ndarray, n: int, closed: bool, p: int, mat: np.ndarray) -> tuple[int, bool]:
    """The GF(p) rank of a graph's toggle matrix, and whether the all-ones board is solvable.

    As :func:`gf2_rank` for an odd prime ``p``; ``mat`` is an ``n × (n + 1)`` (or larger)
    int64 scratch matrix.

    Examples
    --------
    >>> rows = np.zeros(64, dtype=np.uint64)
    >>> rows[:3] = [0b110, 0b101, 0b011]  # a triangle
    >>> mat = np.zeros((64, 65), dtype=np.int64)
    >>> gfp_rank(rows, 3, True, 3, mat), gfp_rank(rows, 3, False, 3, mat)
    ((1, True), (3, True))
    """
    one = np.uint64(1)
    for i in range(n):
        for j in range(n):
            mat[i, j] = 1 if (rows[i] >> np.uint64(j)) & one else 0
        if closed:
            mat[i, i] = 1
        mat[i, n] = 1 % p
    inv_p = 1.0 / p
    rank = 0
    for c in range(n):
        piv = -1
        for r in range(rank, n):
            if mat[r, c] != 0:
                piv = r
                break
        if piv < 0:
            continue
        if piv != rank:
            for j in range(c, n + 1):
                w = mat[piv, j]
                mat[piv, j] = mat[rank, j]
                mat[rank, j] = w
        inv = _inverse(mat[rank, c], p)
        for j in range(c, n + 1):
            mat[rank, j] = _reduce(mat[rank, j] * inv, p, inv_p)
        for r in range(rank + 1, n):
            f = mat[r, c]
            if f != 0:
                for j in range(c, n + 1):
                    if mat[rank, j] != 0:
                        mat[r, j] = _reduce(mat[r, j] - f * mat[rank, j], p, inv_p)
        rank += 1
    ok = True
    for r in range(rank, n):
        if mat[r, n] != 0:
            ok = False
    return rank, ok


def _connected(rows: np.ndarray, n: int) -> bool:
    """Whether the graph with adjacency bitsets ``rows[:n]`` is connected.

    Examples
    --------
    >>> rows = np.zeros(64, dtype=np.uint64)
    >>> rows[:3] = [0b010, 0b001, 0]  # an edge and a lone vertex
    >>> connected(rows, 3), connected(rows, 2)
    (False, True)
    """
    if n <= 1:
        return True
    one = np.uint64(1)
    seen = one
    frontier = one
    while frontier:
        reach = np.uint64(0)
        while frontier:  # the neighbours of the frontier's vertices, one set bit at a time
            reach |= rows[np.int64(_ctz(frontier))]
            frontier &= frontier - one
        frontier = reach & ~seen
        seen |= reach
    full = ~np.uint64(0) if n == 64 else (one << np.uint64(n)) - one
    return seen == full


def _popcount(w: np.uint64) -> int:
    c = 0
    while w:
        w &= w - np.uint64(1)
        c += 1
    return c


gf2_rank = jit(_gf2_rank)
_inverse = jit(_inverse)
_reduce = jit(_reduce)
gfp_rank = jit(_gfp_rank)
connected = jit(_connected)
_popcount = jit(_popcount)


def _rank_of(
    rows: np.ndarray, n: int, closed: bool, p: int, tmp: np.ndarray, mat: np.ndarray
) -> tuple[int, bool]:
    """:func:`gf2_rank` when ``p`` is 2, else :func:`gfp_rank`.

    Examples
    --------
    >>> rows = np.zeros(64, dtype=np.uint64)
    >>> rows[:3] = [0b110, 0b101, 0b011]  # a triangle
    >>> tmp, mat = np.zeros(64, dtype=np.uint64), np.zeros((64, 65), dtype=np.int64)
    >>> rank_of(rows, 3, False, 2, tmp, mat), rank_of(rows, 3, False, 3, tmp, mat)
    ((2, False), (3, True))
    """
    if p == 2:
        return gf2_rank(rows, n, closed, tmp)
    return gfp_rank(rows, n, closed, p, mat)


rank_of = jit(_rank_of)


def _scratch() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Work arrays of the block kernels: adjacency rows, GF(2) rows, a GF(p) matrix."""
    return (
        np.zeros(64, dtype=np.uint64),
        np.zeros(64, dtype=np.uint64),
        np.zeros((64, 65), dtype=np.int64),
    )


scratch = jit(_scratch)


def _decode_short(buf: np.ndarray, lo: int, hi: int, rows: np.ndarray) -> int:
    """Decode a graph6 line of at most 62 vertices without header (``buf[lo]`` in 63..125)."""
    n = np.int64(buf[lo]) - 63
    bits = n * (n - 1) // 2
    if hi - lo - 1 != (bits + 5) // 6:
        return -2
    one = np.uint64(1)
    for i in range(n):
        rows[i] = np.uint64(0)
    base = 0
    for t in range(lo + 1, hi):
        d = np.int64(buf[t]) - 63
        if d < 0 or d > 63:
            return -1
        v = np.uint64(d)
        if base + 6 > bits:  # the padding bits of the last character are not edges
            v &= ~((one << np.uint64(base + 6 - bits)) - one)
        while v:
            k = base + 5 - np.int64(_ctz(v))
            v &= v - one
            u = np.uint64(_PAIR_I[k])
            w = np.uint64(_PAIR_J[k])
            rows[u] |= one << w
            rows[w] |= one << u
        base += 6
    return int(n)


_decode_short = jit(_decode_short)


def _decode_graph6(buf: np.ndarray, lo: int, hi: int, rows: np.ndarray) -> int:
    """:func:`~lightsout_graphs.representation.families.graph6_batch.decode_line`, fast for short lines.

    A line of up to 62 vertices without the ``>>graph6<<`` header (what geng writes) is decoded
    one set bit at a time through a table of vertex pairs; any other line goes to
    ``decode_line``. Same answer and error codes: ``n``, or a negative code of
    ``graph6_batch.ERRORS``; bits of the last character past the last pair are ignored.

    Examples
    --------
    >>> buf = np.frombuffer(b"DhcBw", dtype=np.uint8)  # a 5-cycle, then the triangle
    >>> rows = np.zeros(64, dtype=np.uint64)
    >>> decode_graph6(buf, 0, 3, rows), rows[:5].tolist()
    (5, [18, 5, 10, 20, 9])
    >>> decode_graph6(buf, 3, 5, rows), rows[:3].tolist()
    (3, [6, 5, 3])
    >>> decode_graph6(buf, 0, 2, rows)  # too short for 5 vertices
    -2
    """
    if hi > lo and 63 <= buf[lo] < 126:
        return _decode_short(buf, lo, hi, rows)
    return decode_line(buf, lo, hi, rows)  # empty, header, long form or not graph6


decode_graph6 = jit(_decode_graph6)


#: Graphs of at most this many vertices are ranked over GF(2) many at a time, bit-sliced.
SLICED_MAX_N = 16
#: Words per bit-sliced entry: a batch holds 64 graphs per lane.
_LANES = 4
_BATCH = 64 * _LANES


def _sliced_scratch() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Work arrays of :func:`sliced_gf2_ranks`: slices, pivot row, row masks, masks, counter.

    ``work[0]`` holds the adjacency slices, ``work[1]`` the matrix being eliminated.

    Examples
    --------
    >>> [a.shape for a in sliced_scratch()]
    [(2, 16, 17, 4), (17, 4), (2, 16, 4), (3, 4), (5, 4)]
    """
    m = SLICED_MAX_N
    return (
        np.zeros((2, m, m + 1, _LANES), dtype=np.uint64),
        np.zeros((m + 1, _LANES), dtype=np.uint64),
        np.zeros((2, m, _LANES), dtype=np.uint64),
        np.zeros((3, _LANES), dtype=np.uint64),
        np.zeros((5, _LANES), dtype=np.uint64),
    )


sliced_scratch = jit(_sliced_scratch)


def _add_to_slices(rows: np.ndarray, n: int, work: np.ndarray, g: int) -> None:
    """Put graph ``rows[:n]`` in slot ``g`` of the batch: bit ``g`` of ``work[0, i, j]``.

    Only the entries above the diagonal (i < j) are set: :func:`sliced_gf2_ranks` mirrors them.

    Examples
    --------
    >>> work = sliced_scratch()[0]
    >>> rows = np.zeros(64, dtype=np.uint64)
    >>> rows[:3] = [0b110, 0b101, 0b011]  # the triangle, in slot 65 (lane 1, bit 1)
    >>> add_to_slices(rows, 3, work, 65)
    >>> work[0, :3, :3, 1].tolist()
    [[0, 2, 2], [0, 0, 2], [0, 0, 0]]
    """
    one = np.uint64(1)
    lane = g >> 6
    bit = one << np.uint64(g & 63)
    for i in range(n - 1):
        v = rows[i] >> np.uint64(i + 1) << np.uint64(i + 1)
        while v:
            work[0, i, np.int64(_ctz(v)), lane] |= bit
            v &= v - one


add_to_slices = jit(_add_to_slices)


def _sliced_gf2_ranks(
    work: np.ndarray,
    n: int,
    count: int,
    closed: bool,
    pivot: np.ndarray,
    row_masks: np.ndarray,
    masks: np.ndarray,
    planes: np.ndarray,
) -> None:
    """GF(2) ranks and all-ones solvability of ``count`` graphs on ``n`` vertices at once.

    Bit ``g`` of every word of ``work[0, i, j]`` (``i < j``) is entry ``(i, j)`` of graph
    ``g``'s adjacency matrix: the graphs are bit-sliced, 64 to a word, so one word operation does one
    step of the elimination of 64 graphs, without a branch. Column by column, each graph's
    pivot is the first row not yet used that has a 1 there (selected by masks, all graphs
    together); the pivot rows are gathered into ``pivot`` and added to every other row with a
    1 in the column. Rows never used end as zero in the matrix part (everything eliminated),
    so an all-ones board is unsolvable exactly where such a row keeps a 1 on the right.

    On return, ``planes[b]`` holds bit ``b`` of each graph's rank and ``masks[2]`` the graphs
    whose all-ones board is unsolvable; ``work[1]``, ``row_masks`` and ``masks[:2]`` are
    scratch (shapes of :func:`sliced_scratch`).

    Examples
    --------
    >>> work, pivot, row_masks, masks, planes = sliced_scratch()
    >>> rows = np.zeros(64, dtype=np.uint64)
    >>> rows[:3] = [0b110, 0b101, 0b011]  # graph 0: the triangle
    >>> add_to_slices(rows, 3, work, 0)
    >>> rows[:3] = [0b010, 0b101, 0b010]  # graph 1: the path 0-1-2
    >>> add_to_slices(rows, 3, work, 1)
    >>> sliced_gf2_ranks(work, 3, 2, True, pivot, row_masks, masks, planes)
    >>> [int(planes[0, 0] >> np.uint64(g) & np.uint64(1)) for g in (0, 1)]  # ranks 1 and 3
    [1, 1]
    >>> [int(planes[1, 0] >> np.uint64(g) & np.uint64(1)) for g in (0, 1)]
    [0, 1]
    >>> int(masks[2, 0])  # the all-ones boards of both are solvable (closed rule)
    0
    """
    zero = np.uint64(0)
    used = row_masks[0]
    select = row_masks[1]
    valid = masks[0]
    found = masks[1]
    bad = masks[2]
    a = work[1]
    for lane in range(_LANES):
        w = zero
        if count >= 64 * (lane + 1):
            w = ~zero
        elif count > 64 * lane:
            w = (np.uint64(1) << np.uint64(count - 64 * lane)) - np.uint64(1)
        valid[lane] = w
    for r in range(n):
        for k in range(r + 1, n):  # work[0] holds the entries above the diagonal
            for lane in range(_LANES):
                a[r, k, lane] = work[0, r, k, lane]
                a[k, r, lane] = work[0, r, k, lane]
        for lane in range(_LANES):
            a[r, r, lane] = zero
            a[r, n, lane] = valid[lane]  # the all-ones board
            used[r, lane] = zero
            if closed:
                a[r, r, lane] = valid[lane]
    for b in range(5):
        for lane in range(_LANES):
            planes[b, lane] = zero
    for c in range(n):
        for lane in range(_LANES):
            found[lane] = zero
        for r in range(n):
            for lane in range(_LANES):
                can = a[r, c, lane] & ~used[r, lane]
                select[r, lane] = can & ~found[lane]
                found[lane] |= can
        for k in range(c, n + 1):
            for lane in range(_LANES):
                pivot[k, lane] = zero
        for r in range(n):
            for k in range(c, n + 1):
                for lane in range(_LANES):
                    pivot[k, lane] ^= a[r, k, lane] & select[r, lane]
        for r in range(n):
            for lane in range(_LANES):
                hit = a[r, c, lane] & ~select[r, lane]
                used[r, lane] |= select[r, lane]
                for k in range(c, n + 1):
                    a[r, k, lane] ^= pivot[k, lane] & hit
        for lane in range(_LANES):  # rank += 1 where the column had a pivot
            carry = found[lane]
            for b in range(5):
                t = planes[b, lane] & carry
                planes[b, lane] ^= carry
                carry = t
    for lane in range(_LANES):
        w = zero
        for r in range(n):
            w |= a[r, n, lane] & ~used[r, lane]
        bad[lane] = w


sliced_gf2_ranks = jit(_sliced_gf2_ranks)


def _flush_batch(
    work: np.ndarray,
    n: int,
    count: int,
    conn: np.ndarray,
    closed: np.ndarray,
    m: int,
    hist: np.ndarray,
    pivot: np.ndarray,
    row_masks: np.ndarray,
    masks: np.ndarray,
    planes: np.ndarray,
) -> None:
    """Rank the batch's ``count`` graphs for every rule, add them to ``hist``, empty it."""
    one = np.uint64(1)
    for r in range(closed.shape[0]):
        sliced_gf2_ranks(work, n, count, closed[r], pivot, row_masks, masks, planes)
        for g in range(count):
            lane = g >> 6
            s = np.uint64(g & 63)
            rank = np.int64(0)
            for b in range(5):
                rank += np.int64((planes[b, lane] >> s) & one) << b
            ok = 1 - np.int64((masks[2, lane] >> s) & one)
            hist[n, r, m, conn[g], n - rank, ok] += 1
    for i in range(n):
        for k in range(i + 1, n):
            for lane in range(_LANES):
                work[0, i, k, lane] = np.uint64(0)


flush_batch = jit(_flush_batch)


def _next_graph(
    buf: np.ndarray, lo: int, hi: int, final: bool, rows: np.ndarray
) -> tuple[int, int, int, int, int, int]:
    """Skip blank lines from ``lo``, then decode the next line of ``buf[:hi]`` into ``rows``.

    Returns ``(lo, blanks, start, end, next, n)``: where the line starts after the ``blanks``
    blank lines skipped, the line's bounds, where the next one starts, and its number of
    vertices ``n`` (or a negative error code of ``graph6_batch.ERRORS``). ``end`` is -1 when
    no complete line is left (with ``final`` a last line without a newline is complete).
    """
    blanks = 0
    while lo < hi:
        start, end, nxt = next_line(buf, lo, hi)
        if end < 0:
            if not final:
                break
            end = hi
            if end > start and buf[end - 1] == 13:
                end -= 1
        if end > start:
            if 63 <= buf[start] < 126:  # decode_graph6, without a call in between
                return lo, blanks, start, end, nxt, _decode_short(buf, start, end, rows)
            return lo, blanks, start, end, nxt, decode_line(buf, start, end, rows)
        lo = nxt
        blanks += 1
    return lo, blanks, lo, -1, lo, 0


next_graph = jit(_next_graph)


def _metrics_block(
    buf: np.ndarray,
    hi: int,
    final: bool,
    moduli: np.ndarray,
    closed: np.ndarray,
    out_n: np.ndarray,
    out_edges: np.ndarray,
    out_rank: np.ndarray,
    out_allon: np.ndarray,
    out_start: np.ndarray,
    out_end: np.ndarray,
) -> tuple[int, int, int, int]:
    """Per-graph metrics of the complete lines of ``buf[:hi]`` (at most ``len(out_n)`` graphs).

    Columns of ``out_rank``/``out_allon`` run over the moduli, then the rules. Returns
    (graphs, bytes consumed, lines consumed, error code) where the code is 0, or negative
    (see ``graph6_batch.ERRORS``) for the line after the consumed ones. With ``final`` a last
    line without a newline is read too. Blank lines are skipped (but counted).

    Examples
    --------
    >>> buf = np.frombuffer(b"Bw\\nBo\\n", dtype=np.uint8)  # a triangle and a path, in graph6
    >>> n, edges, start, end = (np.zeros(4, dtype=np.int64) for _ in range(4))
    >>> rank, all_on = np.zeros((4, 1), dtype=np.int64), np.zeros((4, 1), dtype=bool)
    >>> moduli, closed = np.array([2]), np.array([True])
    >>> metrics_block(buf, buf.size, False, moduli, closed, n, edges, rank, all_on, start, end)
    (2, 6, 2, 0)
    >>> n[:2].tolist(), edges[:2].tolist(), rank[:2, 0].tolist(), all_on[:2, 0].tolist()
    ([3, 3], [3, 2], [1, 3], [True, True])
    """
    rows, tmp, mat = scratch()
    lo = count = lines = 0
    cap = out_n.shape[0]
    while lo < hi and count < cap:
        lo, blanks, start, end, nxt, n = next_graph(buf, lo, hi, final, rows)
        lines += blanks
        if end < 0 or n < 0:
            return count, lo, lines, n
        out_n[count] = n
        e = 0
        for i in range(n):
            e += _popcount(rows[i])
        out_edges[count] = e // 2
        col = 0
        for m in range(moduli.shape[0]):
            for r in range(closed.shape[0]):
                rk, ok = rank_of(rows, n, closed[r], moduli[m], tmp, mat)
                out_rank[count, col] = rk
                out_allon[count, col] = ok
                col += 1
        out_start[count] = start
        out_end[count] = end
        count += 1
        lines += 1
        lo = nxt
    return count, lo, lines, 0


def _census_block(
    buf: np.ndarray,
    hi: int,
    final: bool,
    moduli: np.ndarray,
    closed: np.ndarray,
    hist: np.ndarray,
) -> tuple[int, int, int, int]:
    """Add the complete lines of ``buf[:hi]`` to ``hist``; same return as :func:`metrics_block`.

    ``hist[n, rule, modulus, connected, nullity, all_on_solvable]`` counts graphs.

    Examples
    --------
    >>> buf = np.frombuffer(b"Bw\\nBo\\n", dtype=np.uint8)  # a triangle and a path, in graph6
    >>> hist = np.zeros((4, 1, 1, 2, 4, 2), dtype=np.int64)
    >>> census_block(buf, buf.size, False, np.array([2]), np.array([True]), hist)
    (2, 6, 2, 0)
    >>> np.argwhere(hist).tolist()  # [n, rule, modulus, connected, nullity, all-on solvable]
    [[3, 0, 0, 1, 0, 1], [3, 0, 0, 1, 2, 1]]
    """
    rows, tmp, mat = scratch()
    work, pivot, row_masks, masks, planes = sliced_scratch()
    conns = np.zeros(_BATCH, dtype=np.int64)
    m2 = -1  # the index of modulus 2: its ranks go through bit-sliced batches
    for m in range(moduli.shape[0]):
        if moduli[m] == 2:
            m2 = m
    waiting = batch_n = 0  # graphs in the batch, and their number of vertices
    lo = count = lines = 0
    err = 0
    while lo < hi:  # next_graph and rank_of, written out: this loop runs once per graph
        p = lo
        while p < hi and buf[p] != 10:
            p += 1
        if p < hi:
            end, nxt = p, p + 1
        elif final:
            end, nxt = hi, hi
        else:
            break
        if end > lo and buf[end - 1] == 13:
            end -= 1
        if end == lo:
            lines += 1
            lo = nxt
            continue
        if 63 <= buf[lo] < 126:
            n = _decode_short(buf, lo, end, rows)
        else:
            n = decode_line(buf, lo, end, rows)
        if n < 0:
            err = n
            break
        conn = 1 if connected(rows, n) else 0
        sliced = m2 >= 0 and n <= SLICED_MAX_N
        for r in range(closed.shape[0]):
            for m in range(moduli.shape[0]):
                if m == m2 and sliced:
                    continue
                if moduli[m] == 2:
                    rk, ok = gf2_rank(rows, n, closed[r], tmp)
                else:
                    rk, ok = gfp_rank(rows, n, closed[r], moduli[m], mat)
                hist[n, r, m, conn, n - rk, 1 if ok else 0] += 1
        if sliced:
            if waiting and n != batch_n:
                flush_batch(
                    work, batch_n, waiting, conns, closed, m2, hist, pivot, row_masks, masks, planes
                )
                waiting = 0
            batch_n = n
            add_to_slices(rows, n, work, waiting)
            conns[waiting] = conn
            waiting += 1
            if waiting == _BATCH:
                flush_batch(
                    work, n, waiting, conns, closed, m2, hist, pivot, row_masks, masks, planes
                )
                waiting = 0
        count += 1
        lines += 1
        lo = nxt
    if waiting:
        flush_batch(
            work, batch_n, waiting, conns, closed, m2, hist, pivot, row_masks, masks, planes
        )
    return count, lo, lines, err


metrics_block = jit(_metrics_block)
census_block = jit(_census_block)


def warm_census() -> None:
    """Load :func:`census_block`'s machine code now (from numba's disk cache, or compile it).

    The census calls it in the main process before its local workers are forked, so they
    inherit the loaded kernel instead of each loading it again.

    Examples
    --------
    >>> warm_census()
    """
    buf = np.frombuffer(b"Bw\n", dtype=np.uint8)
    hist = np.zeros((4, 1, 1, 2, 4, 2), dtype=np.int64)
    census_block(buf, buf.size, True, np.array([2], dtype=np.int64), np.array([True]), hist)
