"""Dense linear algebra over GF(p) for every prime p below 2**63, on FLINT's ``nmod_mat``.

The engine ``flint`` factorises a dense copy of the matrix with FLINT's LU decomposition
(blocked, with delayed modular reduction on fast matrix products), the fastest exact route for
dense systems and for sparse ones of up to a few thousand unknowns. :func:`available` says
whether python-flint is installed; :func:`estimate_cost` gives the time and memory of a
factorisation before it starts, for the engine choice and for the memory budget.
"""

# Method: FLINT's generalised LU decomposition P·A = L·U (nmod_mat_lu, rank r): L is m × r,
# unit lower triangular in its first r rows, stored strictly below the diagonal of the first r
# columns; U is r × n in row echelon form, stored on and above the diagonal of the first r rows;
# the pivot of row i is its first nonzero entry at column >= i. Write L = [L11; L21] (L11 the
# first r rows) and b' = P·b. Then A x = b iff, with c1 = L11⁻¹ b'[:r], the rest
# c2 = b'[r:] − L21·c1 vanishes, and a solution puts U_piv⁻¹ c1 on the pivot columns and 0 on
# the free ones (U_piv: U's pivot columns, upper triangular with a nonzero diagonal). The left
# kernel is {y : (P·y)ᵀ = [z1ᵀ, z2ᵀ], z1 = −L11⁻ᵀ L21ᵀ z2}: its basis takes z2 = e_j, and for a
# nonzero c2[j] that vector is a certificate (its dot with b is c2[j]). The kernel puts 1 on
# one free column f and −U_piv⁻¹ U[:, f] on the pivot columns. All triangular solves and
# products run in FLINT; entries cross as blocks of 64-bit words (see _flint.py).

from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from lightsout_graphs.core.errors import MissingDependencyError
from lightsout_graphs.core.zk._common import coerce_vector, vector_dtype
from lightsout_graphs.core.zk._flint import (
    FlintMatrix,
    FlintWindow,
    available,
    library,
    mul,
    solve_tri,
)
from lightsout_graphs.core.zk._flint import lu as flint_lu
from lightsout_graphs.core.zk.cost import Cost, flint_lu_cost
from lightsout_graphs.core.zk.elimination import EliminationSolver

__all__ = ["FLINT_LIMIT", "Cost", "FlintGFpFactorization", "available", "estimate_cost"]

#: Primes below this bound are handled (FLINT's word-size moduli; entries are 64-bit words).
FLINT_LIMIT = 2**63


def estimate_cost(shape: tuple[int, int], prime: int) -> Cost:
    """The time and peak memory of factorising an m × n matrix over GF(p) with this engine.

    :func:`~lightsout_graphs.core.zk.cost.flint_lu_cost` of ``(m, n)`` and p, which says what
    it counts.

    Examples
    --------
    >>> estimate_cost((2000, 2000), 3) == flint_lu_cost(2000, 2000, 3)
    True
    """
    m, n = (int(s) for s in shape)
    return flint_lu_cost(m, n, int(prime))


def _dense(matrix: sp.csr_array | np.ndarray) -> np.ndarray:
    """Residues as a dense int64 or uint64 array (the same 64-bit words for FLINT)."""
    if isinstance(matrix, sp.sparray | sp.spmatrix):
        return np.asarray(matrix.toarray())
    arr = np.asarray(matrix)
    return arr if arr.dtype in (np.int64, np.uint64) else arr.astype(np.uint64)


class FlintGFpFactorization(EliminationSolver):
    """A matrix over GF(p) as FLINT's LU decomposition ``P·A = L·U``: a :class:`.Factorization`.

    Parameters
    ----------
    matrix : scipy.sparse.csr_array or numpy.ndarray
        The m × n matrix with entries in ``0..p-1``.
    prime : int
        p, a prime below 2**63 (not checked here: :func:`lightsout_graphs.core.zk.factorize`
        checks it).

    Raises
    ------
    MissingDependencyError
        If python-flint is not installed (see :func:`available`).

    Examples
    --------
    >>> f = FlintGFpFactorization(np.array([[1, 2, 0], [0, 1, 3], [1, 3, 3]]), 5)
    >>> f.rank, f.kernel_size
    (2, 5)
    >>> x = f.solve(np.array([1, 1, 2]))
    >>> (np.array([[1, 2, 0], [0, 1, 3], [1, 3, 3]]) @ x % 5).tolist()
    [1, 1, 2]
    >>> f.solve(np.array([1, 0, 0])) is None
    True
    """

    def __init__(self, matrix: sp.csr_array | np.ndarray, prime: int) -> None:
        if library() is None:
            msg = "The 'flint' engine needs python-flint: pip install python-flint."
            raise MissingDependencyError(msg)
        p = int(prime)
        self._start(p, "flint", matrix.shape)
        m, n = self.shape
        self._dtype = vector_dtype(p)
        # The LU decomposition stays in FLINT's memory; numpy reads it through a view and
        # FLINT's solves read its blocks in place (windows).
        self._lu = FlintMatrix(m, n, p, _dense(matrix))
        r, self._perm, self._piv = flint_lu(self._lu)
        self._r = r
        piv = self._piv
        lu = self._lu.view()
        self._free = np.setdiff1d(np.arange(n), piv)
        self._l11 = self._lu.window(0, 0, r, r) if r else None
        self._l21 = self._lu.window(r, 0, m, r) if r and r < m else None
        if r and np.array_equal(piv, np.arange(r)):
            self._u_piv: FlintMatrix | FlintWindow | None = self._l11
        else:
            # Only the upper triangle is read: there it holds U's pivot columns.
            self._u_piv = FlintMatrix(r, r, p, lu[:r].take(piv, axis=1)) if r else None
        self._l11t: FlintMatrix | None = None
        self._field_counts(r)

    # -- FLINT helpers --------------------------------------------------------------------------

    def _tri(
        self, name: str, tri: FlintMatrix | FlintWindow | None, rhs: np.ndarray, unit: bool
    ) -> np.ndarray:
        """``tri⁻¹ · rhs`` (rhs: r × s uint64); blocks of the LU serve as they are."""
        if tri is None:
            return np.zeros(rhs.shape, dtype=np.uint64)
        return solve_tri(name, tri, rhs, unit, self.modulus)

    def _l21_times(self, right: np.ndarray) -> np.ndarray:
        """``L21 · right mod p`` in FLINT."""
        if self._l21 is None or right.shape[1] == 0:
            return np.zeros((self.shape[0] - self._r, right.shape[1]), dtype=np.uint64)
        return mul(self._l21, right, self.modulus)

    def _neg(self, values: np.ndarray) -> np.ndarray:
        p = np.uint64(self.modulus)
        return np.where(values == 0, values, p - values).astype(np.uint64)

    def _sub(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        p = np.uint64(self.modulus)
        return np.where(a >= b, a - b, a + (p - b)).astype(np.uint64)

    def _out(self, values: np.ndarray) -> np.ndarray:
        """uint64 residues as vectors of the protocol's dtype."""
        ints = values.astype(np.int64)
        return ints if self._dtype is np.int64 else ints.astype(object)

    # -- the elimination protocol ---------------------------------------------------------------

    def _prepare(self, rhs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        m, r = self.shape[0], self._r
        b = coerce_vector(rhs, m, self.modulus).astype(np.uint64)[self._perm]
        c1 = self._tri("nmod_mat_solve_tril", self._l11, b[:r, None], unit=True)
        c2 = self._sub(b[r:, None], self._l21_times(c1))
        return c1[:, 0], c2[:, 0]

    def _witness(self, c: tuple[np.ndarray, np.ndarray]) -> int | None:
        hit = np.flatnonzero(c[1])
        return int(hit[0]) if hit.size else None

    def _particular(self, c: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        x = np.zeros(self.shape[1], dtype=np.uint64)
        x[self._piv] = self._tri("nmod_mat_solve_triu", self._u_piv, c[0][:, None], False)[:, 0]
        return self._out(x)

    def _left_vectors(self, rows: np.ndarray) -> np.ndarray:
        """Left-kernel vectors (as columns) for the given rows ``j`` of ``L21`` (z2 = e_j)."""
        m, r = self.shape[0], self._r
        lu = self._lu.view()
        if self._l11t is None and r:
            self._l11t = FlintMatrix(r, r, self.modulus, lu[:r, :r].T)  # read above diagonal
        z1 = self._tri("nmod_mat_solve_triu", self._l11t, self._neg(lu[r + rows, :r].T), True)
        z = np.zeros((m, len(rows)), dtype=np.uint64)
        z[:r] = z1
        z[r + rows, np.arange(len(rows))] = 1
        y = np.zeros_like(z)
        y[self._perm] = z
        return y

    def _certify(self, witness: int) -> np.ndarray:
        return self._out(self._left_vectors(np.array([witness]))[:, 0])

    def _kernel(self) -> list[tuple[np.ndarray, int]]:
        n, p = self.shape[1], self.modulus
        xs = np.zeros((n, len(self._free)), dtype=np.uint64)
        r = self._r
        u_free = self._lu.view()[:r][:, self._free]
        # Entries below the diagonal belong to L: U's column f has zeros below row f.
        u_free[np.arange(r)[:, None] > self._free[None, :]] = 0
        xs[self._piv] = self._tri("nmod_mat_solve_triu", self._u_piv, self._neg(u_free), False)
        xs[self._free, np.arange(len(self._free))] = 1
        return [(self._out(xs[:, j]), p) for j in range(xs.shape[1])]

    def _left_kernel(self) -> list[tuple[np.ndarray, int]]:
        count = self.shape[0] - self._r
        ys = self._left_vectors(np.arange(count))
        return [(self._out(ys[:, j]), self.modulus) for j in range(count)]
