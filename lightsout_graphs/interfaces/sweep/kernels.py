"""Compiled per-graph kernels for graph streams: decode graph6 bytes, rank, count.

A graph of up to 64 vertices is its adjacency rows as ``uint64`` bitsets (see
:mod:`lightsout_graphs.representation.families.graph6_batch`). The ranks over GF(2) and GF(p)
and the bit-sliced batches are :mod:`lightsout_graphs.core.zk.graph_ranks`' (re-exported here
for the streams and the census). The block kernels read raw graph6 bytes
(:func:`decode_graph6`: one set bit at a time) and fill per-graph arrays (:func:`metrics_block`,
for sweep tables) or a histogram (:func:`census_block`), so a stream costs no Python object per
graph. Every function here is compiled with numba when it is installed and runs as plain
Python (slowly, with the same answers) otherwise.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from lightsout_graphs.core.zk.graph_ranks import (
    SLICED_BATCH,
    SLICED_LANES,
    SLICED_MAX_N,
    add_to_slices,
    gf2_rank,
    gfp_rank,
    lowest_bit,
    lowest_bit_portable,
    rank_of,
    sliced_gf2_ranks,
    sliced_scratch,
)
from lightsout_graphs.representation.families.graph6_batch import (
    decode_line,
    jit,
    next_line,
)

__all__ = [
    "SLICED_MAX_N",
    "add_to_slices",
    "gf2_rank",
    "gfp_rank",
    "rank_of",
    "sliced_gf2_ranks",
    "sliced_scratch",
]


#: The lowest set bit of a word (compiled, or the portable search; tests swap them).
_ctz: Any = lowest_bit
_ctz_portable = lowest_bit_portable
_LANES = SLICED_LANES
_BATCH = SLICED_BATCH

#: graph6's bit ``k`` is the edge ``(_PAIR_I[k], _PAIR_J[k])``: (0,1), (0,2), (1,2), (0,3), ...
_PAIR_J = np.repeat(np.arange(64, dtype=np.uint8), np.arange(64))
_PAIR_I = np.concatenate([np.arange(j, dtype=np.uint8) for j in range(64)])


def _connected(rows: np.ndarray, n: int) -> bool:
    """Whether the graph with adjacency bitsets ``rows[:n]`` is connected."""
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


connected = jit(_connected)
_popcount = jit(_popcount)


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
    """``graph6_batch.decode_line`` (same answers and error codes), fast for geng's short lines."""
    if hi > lo and 63 <= buf[lo] < 126:
        return _decode_short(buf, lo, hi, rows)
    return decode_line(buf, lo, hi, rows)  # empty, header, long form or not graph6


decode_graph6 = jit(_decode_graph6)


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
    """Skip blank lines, decode the next line: ``(lo, blanks, start, end, next, n)``.

    ``end`` is -1 when no complete line is left (with ``final``, a last unended line is one).
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

    Rank columns run over the moduli, then the rules. Returns (graphs, bytes consumed, lines
    consumed, 0 or the error code of the next line); blank lines are skipped but counted.
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
    """Add the lines of ``buf[:hi]`` to ``hist[n, rule, modulus, connected, nullity, all_on]``.

    Returns as :func:`metrics_block` does.
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
    """
    buf = np.frombuffer(b"Bw\n", dtype=np.uint8)
    hist = np.zeros((4, 1, 1, 2, 4, 2), dtype=np.int64)
    census_block(buf, buf.size, True, np.array([2], dtype=np.int64), np.array([True]), hist)
