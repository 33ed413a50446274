"""Batched ranks of small graphs' toggle matrices over GF(2) and GF(p), on adjacency bitsets.

A graph of up to 64 vertices is its adjacency rows as ``uint64`` bitsets (bit ``j`` of row
``i`` is the edge ``ij``). Its toggle matrix is those rows (open rule) or those rows plus the
diagonal (closed rule); it is symmetric, so row ``i`` is also the equation of light ``i``.
:func:`gf2_rank` inserts the rows into a basis keyed by their lowest set bit, carrying the
all-ones right-hand side as one bit per basis vector; :func:`gfp_rank` does dense elimination
mod a prime p < 2**31. Both return the rank and whether the all-ones problem (dark board to
every light at 1) is solvable. :func:`sliced_gf2_ranks` ranks graphs of up to
:data:`SLICED_MAX_N` vertices over GF(2) in batches of 256 of the same size, bit-sliced (one
branch-free elimination for the whole batch). The graph streams of sweeps and the census
(:mod:`lightsout_graphs.interfaces.sweep.kernels`) call them once per graph. Every function
here is compiled with numba when it is installed and runs as plain Python (slowly, with the
same answers) otherwise.
"""

from __future__ import annotations

import contextlib
import importlib.util
from typing import Any

import numpy as np

__all__ = [
    "AVAILABLE",
    "SLICED_BATCH",
    "SLICED_LANES",
    "SLICED_MAX_N",
    "add_to_slices",
    "gf2_rank",
    "gfp_rank",
    "jit",
    "lowest_bit",
    "lowest_bit_portable",
    "rank_of",
    "sliced_gf2_ranks",
    "sliced_scratch",
]

#: Whether numba is installed; the kernels are compiled on first use when it is.
AVAILABLE: bool = importlib.util.find_spec("numba") is not None


def jit(func: Any) -> Any:
    """Compile ``func`` with ``numba.njit(cache=True, nogil=True)``, or return it unchanged.

    Without numba the kernels run as (slow) Python and give the same answers.

    Examples
    --------
    >>> int(jit(_ctz_portable)(np.uint64(8)))
    3
    """
    if not AVAILABLE:
        return func
    import numba

    return numba.njit(cache=True, nogil=True)(func)


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

#: The index of the lowest set bit of a nonzero word, compiled (for callers' kernels) ...
lowest_bit: Any = _ctz
#: ... and as the portable binary search (what runs without numba).
lowest_bit_portable = _ctz_portable


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


gf2_rank = jit(_gf2_rank)
_inverse = jit(_inverse)
_reduce = jit(_reduce)
gfp_rank = jit(_gfp_rank)


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


#: Graphs of at most this many vertices are ranked over GF(2) many at a time, bit-sliced.
SLICED_MAX_N = 16
#: Words per bit-sliced entry (a batch holds 64 graphs per lane) and the graphs of a batch.
SLICED_LANES = 4
SLICED_BATCH = 64 * SLICED_LANES


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
        np.zeros((2, m, m + 1, SLICED_LANES), dtype=np.uint64),
        np.zeros((m + 1, SLICED_LANES), dtype=np.uint64),
        np.zeros((2, m, SLICED_LANES), dtype=np.uint64),
        np.zeros((3, SLICED_LANES), dtype=np.uint64),
        np.zeros((5, SLICED_LANES), dtype=np.uint64),
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
    for lane in range(SLICED_LANES):
        w = zero
        if count >= 64 * (lane + 1):
            w = ~zero
        elif count > 64 * lane:
            w = (np.uint64(1) << np.uint64(count - 64 * lane)) - np.uint64(1)
        valid[lane] = w
    for r in range(n):
        for k in range(r + 1, n):  # work[0] holds the entries above the diagonal
            for lane in range(SLICED_LANES):
                a[r, k, lane] = work[0, r, k, lane]
                a[k, r, lane] = work[0, r, k, lane]
        for lane in range(SLICED_LANES):
            a[r, r, lane] = zero
            a[r, n, lane] = valid[lane]  # the all-ones board
            used[r, lane] = zero
            if closed:
                a[r, r, lane] = valid[lane]
    for b in range(5):
        for lane in range(SLICED_LANES):
            planes[b, lane] = zero
    for c in range(n):
        for lane in range(SLICED_LANES):
            found[lane] = zero
        for r in range(n):
            for lane in range(SLICED_LANES):
                can = a[r, c, lane] & ~used[r, lane]
                select[r, lane] = can & ~found[lane]
                found[lane] |= can
        for k in range(c, n + 1):
            for lane in range(SLICED_LANES):
                pivot[k, lane] = zero
        for r in range(n):
            for k in range(c, n + 1):
                for lane in range(SLICED_LANES):
                    pivot[k, lane] ^= a[r, k, lane] & select[r, lane]
        for r in range(n):
            for lane in range(SLICED_LANES):
                hit = a[r, c, lane] & ~select[r, lane]
                used[r, lane] |= select[r, lane]
                for k in range(c, n + 1):
                    a[r, k, lane] ^= pivot[k, lane] & hit
        for lane in range(SLICED_LANES):  # rank += 1 where the column had a pivot
            carry = found[lane]
            for b in range(5):
                t = planes[b, lane] & carry
                planes[b, lane] ^= carry
                carry = t
    for lane in range(SLICED_LANES):
        w = zero
        for r in range(n):
            w |= a[r, n, lane] & ~used[r, lane]
        bad[lane] = w


sliced_gf2_ranks = jit(_sliced_gf2_ranks)
