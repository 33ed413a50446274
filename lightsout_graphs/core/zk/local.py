"""Linear algebra over the local ring Z/p^e (prime fields are the case e = 1)."""

# Method: a Smith-like form U A V = D over Z/p^e. At each step the remaining block's entry of
# least p-valuation d becomes the pivot; it is scaled to p^d by a unit, clears its column by row
# operations (tracked in U) and its row by column operations (tracked in V). Every other entry
# of the block is divisible by p^d, so this never needs a division by a non-unit. Then solving is
# diagonal: c = U b must have c_i divisible by p^(d_i) (and c_i = 0 past the rank), x = V y with
# y_i = c_i / p^(d_i). Kernel generators are V's columns scaled by p^(e-d_i) (order p^(d_i)) and
# the free columns (order p^e); the left kernel comes from U's rows the same way, and a violated
# row i gives the certificate p^(e-d_i) U_i. Row operations are vectorised with numpy int64 while
# products of residues fit 64 bits, with arrays of Python ints beyond that. Counts are exact ints.

from __future__ import annotations

import functools
import itertools
from typing import Any

import numpy as np
import scipy.sparse as sp

from lightsout_graphs.core._docs import fill_doc
from lightsout_graphs.core.errors import EngineError, ModulusError
from lightsout_graphs.core.zk._common import coerce_vector, matvec_mod, vector_dtype
from lightsout_graphs.core.zk.elimination import EliminationSolver

__all__ = ["MAX_BYTES", "LocalFactorization", "SmithSolver"]

#: The docs the engines of a Smith-like form share (slots of their docstrings, see fill_doc).
_SMITH_DOCS: dict[str, str] = {
    "prime_exponent": """prime : int
    p, a prime (not checked here: :func:`lightsout_graphs.core.zk.factorize` checks it).
exponent : int, default 1
    e >= 1.""",
    "attributes": """modulus, method, shape, rank, kernel_size, image_size
    As in :class:`.Factorization`, over Z/p^e (``rank`` is ``None`` unless e = 1).
valuations : list of int
    The p-valuations ``d_i`` of the diagonal entries of D, in pivot order (non-decreasing).""",
}

#: The dense working copies (A, U and V) may take at most this many bytes.
MAX_BYTES = 2 << 30


class SmithSolver(EliminationSolver):
    """Solving, counting and certifying from a Smith-like form ``U A V = D`` over Z/p^e.

    ``D`` is zero but for ``D[i, i] = p**d_i`` (``i < r``, the valuations ``d_i``); ``U`` and
    ``V`` are dense invertible matrices (numpy int64, or object beyond 64-bit products). The
    engines that build such a form (:class:`LocalFactorization`, and the FLINT-lifted engine
    of :mod:`lightsout_graphs.core.zk.local_flint`) hand it over with :meth:`_adopt`.

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> f = LocalFactorization(sp.csr_array(np.array([[3, 0], [0, 1]])), 3, 2)
    >>> isinstance(f, SmithSolver), f.valuations
    (True, [0, 1])
    """

    _p: int
    _e: int
    _dtype: Any

    def _smith_start(self, shape: tuple[int, ...], prime: int, exponent: int, method: str) -> None:
        """Check the exponent and set what every engine of this form knows before it starts."""
        p, e = int(prime), int(exponent)
        if e < 1:
            msg = f"Argument 'exponent' must be >= 1, not {exponent}."
            raise ModulusError(msg)
        self._start(p**e, method, shape)
        self._p, self._e = p, e
        self._dtype = vector_dtype(self.modulus)

    def _adopt(self, u_mat: np.ndarray, v_mat: np.ndarray, vals: list[int]) -> None:
        """Take ``U``, ``V`` and the valuations; set the rank and the exact counts."""
        p, e, q = self._p, self._e, self.modulus
        n = self.shape[1]
        self.valuations: list[int] = vals
        self._u = u_mat
        self._v = v_mat
        self._r = r = len(vals)
        self.rank = r if e == 1 else None
        self.kernel_size = q ** (n - r) * p ** sum(vals)
        self.image_size = p ** sum(e - d for d in vals)

    def _prepare(self, rhs: np.ndarray) -> np.ndarray:
        b = coerce_vector(rhs, self.shape[0], self.modulus)
        return matvec_mod(self._u, b, self.modulus)

    def _witness(self, c: np.ndarray) -> int | None:
        """A row whose entry of ``c`` its diagonal entry cannot meet, or ``None``."""
        unmet = (i for i, d in enumerate(self.valuations) if d and int(c[i]) % self._p**d)
        past = (i for i in range(self._r, self.shape[0]) if int(c[i]))
        return next(itertools.chain(unmet, past), None)

    def _particular(self, c: np.ndarray) -> np.ndarray:
        y = np.zeros(self.shape[1], dtype=self._dtype)
        y[: self._r] = [int(c[i]) // self._p**d for i, d in enumerate(self.valuations)]
        return matvec_mod(self._v, y, self.modulus)

    def _certify(self, witness: int) -> np.ndarray:
        scale = self._p ** (self._e - self.valuations[witness]) if witness < self._r else 1
        return self._scaled(self._u[witness], scale)

    def _scaled(self, vector: np.ndarray, scale: int) -> np.ndarray:
        q = self.modulus
        if self._dtype is np.int64 and vector.dtype != object:
            return np.asarray(vector, dtype=np.int64) * scale % q  # residues < 2**31.5
        vals = [int(v) * scale % q for v in vector]
        return np.array(vals, dtype=self._dtype).reshape(len(vals))

    def _generators(self, vectors: np.ndarray, count: int) -> list[tuple[np.ndarray, int]]:
        p, e, q = self._p, self._e, self.modulus
        out = []
        for i, d in enumerate(self.valuations):
            if d:
                out.append((self._scaled(vectors[i], p ** (e - d)), p**d))
        out.extend((self._scaled(vectors[i], 1), q) for i in range(self._r, count))
        return out

    def _kernel(self) -> list[tuple[np.ndarray, int]]:
        return self._generators(self._v.T, self.shape[1])

    def _left_kernel(self) -> list[tuple[np.ndarray, int]]:
        return self._generators(self._u, self.shape[0])


@functools.partial(fill_doc, docs=_SMITH_DOCS)
class LocalFactorization(SmithSolver):
    """A matrix over Z/p^e in Smith-like form ``U A V = D``.

    Parameters
    ----------
    matrix : scipy.sparse.csr_array
        The m × n matrix with entries in ``0..p**e - 1``.
    %(prime_exponent)s

    Raises
    ------
    EngineError
        If the dense working copies would exceed :data:`MAX_BYTES`.

    Attributes
    ----------
    %(attributes)s

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> f = LocalFactorization(sp.csr_array(np.array([[2, 0], [0, 1]])), 2, 2)
    >>> f.kernel_size, f.image_size, f.valuations
    (2, 8, [0, 1])
    >>> f.solve(np.array([2, 3]))
    array([1, 3])
    >>> f.solve(np.array([1, 0])) is None
    True
    """

    def __init__(self, matrix: sp.csr_array, prime: int, exponent: int = 1) -> None:
        self._smith_start(matrix.shape, prime, exponent, "local")
        p, e, q, dtype = self._p, self._e, self.modulus, self._dtype
        m, n = self.shape
        entries = m * m + n * n + m * n
        needed = entries * (8 if dtype is np.int64 else 40)
        if needed > MAX_BYTES:
            msg = (
                f"The dense Z/p^e engine would need about {needed / 2**30:.1f} GiB for a "
                f"{m}×{n} matrix mod {q} (limit {MAX_BYTES / 2**30:.0f} GiB); sparse engines "
                "cover k = 2, 3, 4 and primes below 2**31 (and their products)."
            )
            raise EngineError(msg)
        mat = matrix.toarray().astype(np.int64).astype(dtype, copy=False)
        u_mat = np.eye(m, dtype=np.int64).astype(dtype, copy=False)
        v_mat = np.eye(n, dtype=np.int64).astype(dtype, copy=False)
        vals: list[int] = []
        powers = [p**d for d in range(e + 1)]
        for t in range(min(m, n)):
            sub = mat[t:, t:]
            found: tuple[int, int, int] | None = None
            for d in range(e):
                mask = sub % powers[d + 1] != 0
                if mask.any():
                    where = np.unravel_index(int(np.argmax(mask)), mask.shape)
                    found = (t + int(where[0]), t + int(where[1]), d)
                    break
            if found is None:
                break
            pr, pc, d = found
            if pr != t:
                mat[[t, pr]] = mat[[pr, t]]
                u_mat[[t, pr]] = u_mat[[pr, t]]
            if pc != t:
                mat[:, [t, pc]] = mat[:, [pc, t]]
                v_mat[:, [t, pc]] = v_mat[:, [pc, t]]
            pd = powers[d]
            unit_inv = pow(int(mat[t, t]) // pd, -1, q)
            if unit_inv != 1:
                mat[t, t:] = mat[t, t:] * unit_inv % q
                u_mat[t] = u_mat[t] * unit_inv % q
            col = mat[t + 1 :, t] // pd
            hit = np.flatnonzero(col) + t + 1
            if hit.size:
                f = (mat[hit, t] // pd)[:, None]
                mat[hit, t:] = (mat[hit, t:] - f * mat[t, t:][None, :]) % q
                u_mat[hit] = (u_mat[hit] - f * u_mat[t][None, :]) % q
            row = mat[t, t + 1 :] // pd
            hit = np.flatnonzero(row) + t + 1
            if hit.size:
                g = (mat[t, hit] // pd)[None, :]
                v_mat[:, hit] = (v_mat[:, hit] - v_mat[:, t][:, None] * g) % q
                mat[t, hit] = 0
            vals.append(d)
        self._adopt(u_mat, v_mat, vals)
