"""The galois baseline: reduce ``[A | b]`` with ``galois.GF(2)`` arrays (small sizes only).

galois (https://pypi.org/project/galois/) does dense elimination on numpy arrays compiled
with numba; on GF(2) it is hundreds of times slower than M4RI, so the benchmarks give it
small boards only. When galois is not installed, :func:`available` says so and the
benchmarks skip it.
"""

from __future__ import annotations

import importlib.util
from typing import Any

import numpy as np
import scipy.sparse as sp

__all__ = ["available", "row_reduce_solve"]


def available() -> bool:
    """Whether the galois package can be imported.

    Returns
    -------
    bool

    Examples
    --------
    >>> isinstance(available(), bool)
    True
    """
    return importlib.util.find_spec("galois") is not None


def row_reduce_solve(
    matrix: sp.sparray | sp.spmatrix | np.ndarray, rhs: np.ndarray, *, field: Any = None
) -> tuple[np.ndarray | None, int]:
    """Solve ``A x ≡ b (mod 2)`` by galois's ``row_reduce`` of the augmented matrix.

    The reduced form also carries the kernel (its free columns), so this one call is the
    galois counterpart of "solve and kernel".

    Parameters
    ----------
    matrix : scipy sparse matrix or numpy.ndarray, shape (m, n)
        A (entries taken mod 2).
    rhs : numpy.ndarray, shape (m,)
        b (entries taken mod 2).
    field : galois field class, optional
        ``galois.GF(2)``, when the caller already made it (it is cached by galois anyway).

    Returns
    -------
    (numpy.ndarray or None, int)
        One solution (free variables 0), or ``None`` when inconsistent; and the rank of A.

    Raises
    ------
    ImportError
        When galois is not installed.

    Examples
    --------
    >>> x, rank = row_reduce_solve(np.array([[1, 1, 0], [1, 1, 1], [0, 1, 1]]), np.array([1, 0, 0]))
    >>> x.tolist(), rank
    ([0, 1, 1], 3)
    """
    import galois

    gf = field if field is not None else galois.GF(2)
    a = sp.csr_array(matrix).toarray() if sp.issparse(matrix) else np.asarray(matrix)
    m, n = a.shape
    aug = np.empty((m, n + 1), dtype=np.uint8)
    aug[:, :n] = a % 2
    aug[:, n] = np.asarray(rhs).ravel() % 2
    reduced = np.asarray(gf(aug).row_reduce(), dtype=np.uint8)
    nonzero = reduced.any(axis=1)
    lead = np.where(nonzero, reduced.argmax(axis=1), -1)
    if (lead == n).any():
        return None, int(np.count_nonzero((lead >= 0) & (lead < n)))
    x = np.zeros(n, dtype=np.int64)
    pivots = lead[lead >= 0]
    x[pivots] = reduced[lead >= 0, n]
    return x, len(pivots)
