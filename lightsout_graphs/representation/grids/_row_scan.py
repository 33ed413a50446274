"""The chase of a long and narrow board in blocks of rows, with numpy, for both chasing engines.

Chasing runs the recurrence ``x[i+1] = b[i] − M·x[i] − x[i−1] (mod k)`` row by row, where
``M`` is the w×w matrix of one row (tridiagonal, circulant when rows wrap). A board of h rows
of width w costs h numpy steps of w entries each: on a board of 3 columns and a million rows,
the time is all Python overhead. Here the rows are cut into about √h blocks of B rows:

1. every block is chased from dark rows (``x[jB−1] = x[jB] = 0``), all blocks at once: B numpy
   steps on arrays of (blocks × w) entries;
2. the response of B rows to the two starting rows is chased once, for the 2w unit starts;
3. the true starting rows of each block follow from those of the block before (one small
   product per block);
4. every row is its block's dark chase plus the response to its block's starting rows: one
   matrix product for the whole board.

The symbolic chase (the rows after h steps as linear maps of the first two rows) is the power
``S**h`` of the 2w×2w transfer matrix ``S = [[−M, −I], [I, 0]]``, by repeated squaring. On a
grid of any width the first-row system ``A_h = p_h(M)`` is a polynomial in the path's row
matrix, and :func:`path_power` reads it off one column chased on a cycle of ``2w + 2`` cells.

Products of residues are exact in float64 (and so go to BLAS) while ``2w·(k−1)² < 2**53``, in
int64 while below ``2**63``; beyond, and for wide rows, the engines chase row by row.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

#: The widest rows chased in blocks: the products cost about ``2·w²`` per light, against a
#: Python step of a few microseconds per row when chasing row by row.
MAX_WIDTH = 64
#: Boards of fewer rows chase row by row (already fast).
MIN_HEIGHT = 256
#: Rows of the board per chunk of the final product (bounds its temporary arrays).
_CHUNK_ROWS = 1 << 18


def applies(height: int, width: int, modulus: int) -> bool:
    """Whether a board of ``height`` rows of ``width`` cells mod k is chased in blocks."""
    return width <= MAX_WIDTH and height >= MIN_HEIGHT and 2 * width * (modulus - 1) ** 2 < 2**63


def row_matrix(width: int, diag: int, wrap: bool) -> np.ndarray:
    """M: the w×w int64 matrix of one row (``diag`` on the diagonal, 1 beside it, wrapped)."""
    m = np.eye(width, dtype=np.int64) * diag
    j = np.arange(width - 1)
    m[j, j + 1] += 1
    m[j + 1, j] += 1
    if wrap and width >= 3:
        m[0, -1] += 1
        m[-1, 0] += 1
    return m


def _mulmod(a: np.ndarray, b: np.ndarray, k: int) -> np.ndarray:
    """``a @ b mod k`` for int64 residues: in float64 when that is exact, else int64 while
    that cannot overflow, else Python ints."""
    inner = a.shape[-1]
    if inner * (k - 1) ** 2 < 2**53:
        out = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.int64)
    elif inner * (k - 1) ** 2 < 2**63:
        out = a @ b
    else:  # Python ints (small matrices only: chasing in blocks refuses such moduli)
        out = (a.astype(object) @ b.astype(object) % k).astype(np.int64)
    if k == 2:
        out &= 1
    else:
        out %= k
    return out


def transfer_power(height: int, m_row: np.ndarray, modulus: int) -> np.ndarray:
    """``S**h mod k``: rows ``(x[h], x[h−1])`` as a linear map of ``(x[0], x[−1])`` on a dark
    board, the 2w×2w int64 matrix ``[[P_h, Q_h], [P_{h−1}, Q_{h−1}]]`` with
    ``x[t] = P_t·x[0] + Q_t·x[−1]`` (``m_row`` is M)."""
    k, w = modulus, m_row.shape[0]
    step = np.zeros((2 * w, 2 * w), dtype=np.int64)
    step[:w, :w] = (-m_row) % k
    step[:w, w:] = (-np.eye(w, dtype=np.int64)) % k
    step[w:, :w] = np.eye(w, dtype=np.int64)
    out = np.eye(2 * w, dtype=np.int64)
    e = int(height)
    while e:
        if e & 1:
            out = _mulmod(step, out, k)
        e >>= 1
        if e:
            step = _mulmod(step, step, k)
    return out


def times_row(
    out: np.ndarray, cur: np.ndarray, diag: int, wrap: bool, *, xor: bool = False
) -> None:
    """``out += M·cur`` (``^=`` with ``xor``) along the first axis (the cells of a row), unreduced."""
    add = np.bitwise_xor if xor else np.add
    if diag:
        add(out, cur, out=out)
    add(out[1:], cur[:-1], out=out[1:])
    add(out[:-1], cur[1:], out=out[:-1])
    if wrap and cur.shape[0] >= 3:
        add(out[:1], cur[-1:], out=out[:1])
        add(out[-1:], cur[:1], out=out[-1:])


def run(
    first: np.ndarray,
    before: np.ndarray,
    board: np.ndarray | None,
    steps: int,
    diag: int,
    wrap: bool,
    k: int,
) -> np.ndarray:
    """Rows ``x[0..steps]`` of n chases at once, row by row, cells first: ``first``, ``before``
    (w × n), ``board`` (steps × w × n) or None; returns (steps + 1) × w × n residues (uint8 for
    k = 2, int64 below 2**60, else Python ints)."""
    binary = k == 2
    dtype: Any = np.uint8 if binary else (np.int64 if k <= 2**60 else object)
    out = np.empty((steps + 1, *first.shape), dtype=dtype)
    out[0] = first
    prev = before.astype(dtype)
    for t in range(steps):
        s, cur = out[t + 1], out[t]
        s[...] = prev
        times_row(s, cur, diag, wrap, xor=binary)  # x[t+1] = b[t] − M·x[t] − x[t−1]
        if binary:
            if board is not None:
                s ^= board[t]
        else:
            if board is not None:
                np.subtract(board[t], s, out=s)
            else:
                np.negative(s, out=s)
            s %= k
        prev = cur
    return out


def chase(
    first: np.ndarray,
    before: np.ndarray,
    board: np.ndarray | None,
    height: int,
    diag: int,
    wrap: bool,
    modulus: int,
    *,
    last: bool = False,
) -> np.ndarray:
    """Rows ``x[0..h]`` of the chase of a board from its first row and the row before it.

    The same rows as chasing ``x[i+1] = b[i] − M·x[i] − x[i−1] (mod k)`` row by row, with
    ``x[0] = first``, ``x[−1] = before``, ``board`` h × w (None: dark), ``diag`` 1 for the
    closed rule and 0 for the open one: (h + 1) × w residues, uint8 for k = 2, else int64. With
    ``last``, only the rows ``x[h−1]`` and ``x[h]`` (cheaper: no other row is built)."""
    k, h = modulus, int(height)
    binary = k == 2
    w = int(np.asarray(first).shape[0])
    block = max(16, math.isqrt(h + 1))
    nb = -(-(h + 1) // block)
    zeros = np.zeros((w, nb), dtype=np.int64)
    small = np.uint8 if binary else np.int64
    if board is not None:
        padded = np.zeros((nb * block, w), dtype=small)
        padded[:h] = board
        # steps × w × blocks: row t of every block at once, blocks contiguous
        local = np.ascontiguousarray(padded.reshape(nb, block, w).transpose(1, 2, 0))
        del padded
        dark = run(zeros, zeros, local, block, diag, wrap, k)
        del local
    else:
        dark = np.zeros((block + 1, w, nb), dtype=small)
    eye = np.eye(w, dtype=np.int64)
    nil = np.zeros((w, w), dtype=np.int64)
    # response[t, :, c]: row t of the chase started from unit c of (x[0], x[-1]), dark board
    response = run(np.hstack([eye, nil]), np.hstack([nil, eye]), None, block, diag, wrap, k)
    response = response.astype(np.int64)
    # the starting rows (x[jB], x[jB-1]) of each block, from those of the block before
    starts = np.empty((nb, 2 * w), dtype=np.int64)
    starts[0, :w] = np.asarray(first, dtype=np.int64) % k
    starts[0, w:] = np.asarray(before, dtype=np.int64) % k
    exact: Any = np.float64 if 2 * w * (k - 1) ** 2 < 2**53 else np.int64  # floats go to BLAS
    ends = np.concatenate([response[block], response[block - 1]]).T.astype(exact)  # s·ends
    carry = np.concatenate([dark[block], dark[block - 1]]).T.astype(exact)  # nb × 2w
    for j in range(nb - 1):
        starts[j + 1] = (starts[j].astype(exact) @ ends + carry[j]) % k
    if last:
        j, t = divmod(h, block)
        rows = [(j, t - 1) if t else (j - 1, block - 1), (j, t)]
        got = [(response[t_] @ starts[j_] + dark[t_, :, j_]) % k for j_, t_ in rows]
        return np.stack(got).astype(small)
    # every row: the block's dark chase plus the response to its starting rows
    flat = response[:block].reshape(block * w, 2 * w)
    plane = dark[:block].reshape(block * w, nb)
    out = np.empty((nb * block, w), dtype=small)
    per = max(1, _CHUNK_ROWS // block)
    for lo in range(0, nb, per):
        hi = min(nb, lo + per)
        part = _mulmod(flat, starts[lo:hi].T, k)  # (block·w) × blocks
        if binary:
            part = part.astype(np.uint8)
            part ^= plane[:, lo:hi]
        else:
            part += plane[:, lo:hi]
            part %= k
        out[lo * block : hi * block] = (
            part.reshape(block, w, hi - lo).transpose(2, 0, 1).reshape(-1, w)
        )
    return out[: h + 1]


def path_power(height: int, width: int, diag: int, modulus: int) -> np.ndarray:
    """``A_h``: the virtual row of a grid's chase as a linear map of its first row, in ``O(h·w)``.

    ``A_{t+1} = −M·A_t − A_{t−1}`` with ``A_0 = I``, ``A_{−1} = 0`` makes ``A_h = p_h(M)`` a
    polynomial in the w×w path matrix M. The path is the odd part of the cycle of
    ``N = 2w + 2`` cells (cell i of the path is cell i + 1 of the cycle, and the cells 0 and
    w + 1 stay 0), so with ``f`` the first column of ``p_h`` of the cycle's matrix (one column
    chased h steps), ``A_h[i, j] = f[i − j] − f[i + j + 2]`` (indices mod N).

    Returns w×w residues: int64, or Python ints (object) for moduli of 2**60 and more."""
    k, h, w = modulus, int(height), int(width)
    n = 2 * w + 2
    dtype: Any = np.int64 if k < 2**60 else object
    cur = np.zeros(n, dtype=dtype)
    cur[0] = 1
    prev = np.zeros(n, dtype=dtype)
    for _ in range(h):
        nxt = prev + np.roll(cur, 1) + np.roll(cur, -1)
        if diag:
            nxt += cur
        nxt = (-nxt) % k
        prev, cur = cur, nxt
    i = np.arange(w)
    diff = cur[(i[:, None] - i[None, :]) % n]
    out: np.ndarray = (diff - cur[(i[:, None] + i[None, :] + 2) % n]) % k
    return out
