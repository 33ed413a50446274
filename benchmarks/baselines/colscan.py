"""Column-scan Gauss–Jordan elimination over GF(2) on Python-int rows, the classic way.

This is the baseline the speed benchmarks compare against. It eliminates the way the PyPI
package python-lightsout (and most hobby solvers) do: each row of the augmented matrix
``[A | b]`` is one Python int (bit ``j`` = column ``j``, bit ``n`` = the right-hand side); for
every column in turn it scans the rows for a pivot, swaps it up, then clears that column from
*every other row*. That is about ``n · m`` bit tests plus the row XORs, whatever the sparsity
of ``A``, so a 10,000-unknown system takes tens of seconds.

It is written plainly on purpose (no pivot dictionaries, no band tricks): it is what our
engines are measured against, not an engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

__all__ = ["ColscanResult", "eliminate", "matrix_rows", "solve", "solve_rows"]


@dataclass(frozen=True)
class ColscanResult:
    """What one column-scan elimination of ``[A | b]`` found.

    Attributes
    ----------
    solution : numpy.ndarray or None
        One x (0/1, length n) with ``A x ≡ b (mod 2)``, free variables set to 0; ``None``
        when the system is inconsistent.
    rank : int
        The rank of ``A`` over GF(2).
    kernel : list of numpy.ndarray
        A basis of ``{x : A x ≡ 0}``, one vector per free column (``n - rank`` of them).
    """

    solution: np.ndarray | None
    rank: int
    kernel: list[np.ndarray]


def matrix_rows(matrix: sp.sparray | sp.spmatrix | np.ndarray, rhs: np.ndarray) -> list[int]:
    """Pack ``[A | b]`` mod 2 into one Python int per row (bit ``j`` = column ``j``, bit n = b).

    Parameters
    ----------
    matrix : scipy sparse matrix or numpy.ndarray, shape (m, n)
        Integer entries; only their parity counts.
    rhs : numpy.ndarray, shape (m,)
        The right-hand side b, integer entries.

    Returns
    -------
    list of int
        The m packed rows.

    Raises
    ------
    ValueError
        When ``rhs`` does not have one entry per row of ``matrix``.

    Examples
    --------
    >>> matrix_rows(np.array([[1, 1], [0, 1]]), np.array([0, 1]))
    [3, 6]
    """
    csr = sp.csr_array(matrix)
    m, n = csr.shape
    b = np.asarray(rhs).ravel()
    if b.shape != (m,):
        msg = f"Argument 'rhs' must have {m} entries (one per row), not shape {b.shape}."
        raise ValueError(msg)
    csr.sum_duplicates()
    indptr, indices, data = csr.indptr, csr.indices, csr.data
    rows = []
    for i in range(m):
        lo, hi = indptr[i], indptr[i + 1]
        word = 0
        for j, v in zip(indices[lo:hi].tolist(), data[lo:hi].tolist(), strict=True):
            if v % 2:
                word |= 1 << j
        if int(b[i]) % 2:
            word |= 1 << n
        rows.append(word)
    return rows


def eliminate(rows: list[int], n: int) -> list[int]:
    """Bring packed rows to reduced row echelon form in place, column by column.

    For each column ``c < n``: scan the rows not yet used as pivots for one with bit ``c``;
    swap it into place; XOR it into every other row that has bit ``c``.

    Parameters
    ----------
    rows : list of int
        Packed rows of ``[A | b]`` (see :func:`matrix_rows`); modified in place.
    n : int
        The number of columns of ``A`` (bit n holds the right-hand side).

    Returns
    -------
    list of int
        The pivot column of each of the first ``rank`` rows.

    Examples
    --------
    >>> rows = [0b011, 0b110]
    >>> eliminate(rows, 2)
    [0, 1]
    >>> [bin(r) for r in rows]
    ['0b101', '0b110']
    """
    m = len(rows)
    pivots: list[int] = []
    r = 0
    for c in range(n):
        if r == m:
            break
        bit = 1 << c
        pivot = next((i for i in range(r, m) if rows[i] & bit), None)
        if pivot is None:
            continue
        rows[r], rows[pivot] = rows[pivot], rows[r]
        prow = rows[r]
        for i in range(m):
            if i != r and rows[i] & bit:
                rows[i] ^= prow
        pivots.append(c)
        r += 1
    return pivots


def solve_rows(rows: Sequence[int], n: int) -> ColscanResult:
    """Eliminate packed rows of ``[A | b]`` and read off a solution, the rank and the kernel.

    Parameters
    ----------
    rows : sequence of int
        Packed rows (see :func:`matrix_rows`); not modified.
    n : int
        The number of columns of ``A``.

    Returns
    -------
    ColscanResult

    Examples
    --------
    >>> res = solve_rows([0b111, 0b011], 2)  # x0 + x1 = 1, x0 + x1 = 0
    >>> res.solution is None, res.rank, [k.tolist() for k in res.kernel]
    (True, 1, [[1, 1]])
    """
    work = list(rows)
    pivots = eliminate(work, n)
    rank = len(pivots)
    rhs_bit = 1 << n
    consistent = not any(row & rhs_bit for row in work[rank:])
    solution: np.ndarray | None = None
    if consistent:
        solution = np.zeros(n, dtype=np.int64)
        for r, c in enumerate(pivots):
            if work[r] & rhs_bit:
                solution[c] = 1
    # One kernel vector per free column f: x_f = 1, and each pivot variable takes the bit f
    # of its reduced row (the other free variables stay 0).
    free = sorted(set(range(n)).difference(pivots))
    kernel = []
    for f in free:
        vec = np.zeros(n, dtype=np.int64)
        vec[f] = 1
        vec[pivots] = [(work[r] >> f) & 1 for r in range(rank)]
        kernel.append(vec)
    return ColscanResult(solution=solution, rank=rank, kernel=kernel)


def solve(matrix: sp.sparray | sp.spmatrix | np.ndarray, rhs: np.ndarray) -> ColscanResult:
    """Solve ``A x ≡ b (mod 2)`` by column-scan Gauss–Jordan elimination.

    Parameters
    ----------
    matrix, rhs
        A and b, as for :func:`matrix_rows` (only their parities count).

    Returns
    -------
    ColscanResult
        One solution (or ``None``), the rank and a kernel basis.

    Raises
    ------
    ValueError
        As :func:`matrix_rows` does.

    Examples
    --------
    >>> A = np.array([[1, 1, 0], [1, 1, 1], [0, 1, 1]])  # the closed path on 3 nodes
    >>> res = solve(A, np.array([1, 0, 0]))
    >>> res.solution.tolist(), res.rank
    ([0, 1, 1], 3)
    """
    n = sp.csr_array(matrix).shape[1] if sp.issparse(matrix) else np.asarray(matrix).shape[1]
    return solve_rows(matrix_rows(matrix, rhs), n)
