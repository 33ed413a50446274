"""Linear algebra over a prime field GF(p), p >= 5, with sparse-friendly row insertion."""

# Method: the insertion scheme of gf2.py with numpy rows of residues. Each stored row covers only
# the columns from its first to its last nonzero entry (its leading column), and likewise its
# combination of original rows, so the band of a grid stays narrow and memory grows with the
# fill-in, not with n². A row is reduced against the dict of pivots keyed by leading column
# (pivots scaled so that the leading entry is 1) until its leading column is new or it vanishes;
# vanished rows leave their combination, a left-kernel vector. Solving is back-substitution in
# increasing pivot order, the kernel has one generator of order p per free column. Residue
# products must fit int64, so factorize uses this engine for 5 <= p < 2**31 and the dense local
# engine otherwise.

from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from lightsout_graphs.core.zk._common import INT64_MAX, coerce_vector
from lightsout_graphs.core.zk.elimination import EliminationSolver

__all__ = ["GFpFactorization"]

#: A stored row: (first column, residues from there to the leading column).
Span = tuple[int, np.ndarray]


def _dot(span: Span, vector: np.ndarray, p: int) -> int:
    lo, values = span
    part = vector[lo : lo + len(values)]
    if len(values) * (p - 1) ** 2 <= INT64_MAX:
        return int(values @ part) % p
    return int(values.astype(object) @ part.astype(object)) % p


def _axpy(target: Span, factor: int, source: Span, p: int) -> Span:
    """``target - factor · source (mod p)`` over the union of their column ranges."""
    tlo, tv = target
    slo, sv = source
    lo = min(tlo, slo)
    hi = max(tlo + len(tv), slo + len(sv))
    out = np.zeros(hi - lo, dtype=np.int64)
    out[tlo - lo : tlo - lo + len(tv)] = tv
    seg = out[slo - lo : slo - lo + len(sv)]
    out[slo - lo : slo - lo + len(sv)] = (seg - factor * sv) % p
    return lo, out


def _trim(span: Span) -> Span | None:
    lo, values = span
    nz = np.flatnonzero(values)
    if nz.size == 0:
        return None
    return lo + int(nz[0]), values[nz[0] : nz[-1] + 1]


def _dense(span: Span, length: int) -> np.ndarray:
    out = np.zeros(length, dtype=np.int64)
    lo, values = span
    out[lo : lo + len(values)] = values
    return out


class GFpFactorization(EliminationSolver):
    """A matrix over GF(p), eliminated once with rows stored over their nonzero range
    (a :class:`.Factorization`).

    Parameters
    ----------
    matrix : scipy.sparse.csr_array
        The m × n matrix with entries in ``0..p-1``.
    prime : int
        p, a prime with ``(p - 1)**2`` below 2**63 (not checked here).

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> f = GFpFactorization(sp.csr_array(np.array([[1, 2, 0], [0, 1, 3], [1, 3, 3]])), 5)
    >>> f.rank, f.kernel_size
    (2, 5)
    >>> f.solve(np.array([1, 1, 2]))
    array([0, 3, 1])
    >>> f.certificate(np.array([1, 0, 0]))
    array([4, 4, 1])
    """

    def __init__(self, matrix: sp.csr_array, prime: int) -> None:
        p = int(prime)
        self._start(p, "gfp", matrix.shape)
        m = self.shape[0]
        pivots: dict[int, tuple[Span, Span]] = {}
        zeros: list[Span] = []
        indptr, indices, data = matrix.indptr, matrix.indices, matrix.data
        for i in range(m):
            cols = indices[indptr[i] : indptr[i + 1]]
            vals = data[indptr[i] : indptr[i + 1]] % p
            combo: Span = (i, np.ones(1, dtype=np.int64))
            row: Span | None = None
            if cols.size:
                lo = int(cols.min())
                values = np.zeros(int(cols.max()) - lo + 1, dtype=np.int64)
                np.add.at(values, cols - lo, vals)
                row = _trim((lo, values % p))
            while row is not None:
                lead = row[0] + len(row[1]) - 1
                hit = pivots.get(lead)
                if hit is None:
                    inv = pow(int(row[1][-1]), -1, p)
                    pivots[lead] = ((row[0], row[1] * inv % p), (combo[0], combo[1] * inv % p))
                    break
                factor = int(row[1][-1])
                row = _trim(_axpy(row, factor, hit[0], p))
                combo = _axpy(combo, factor, hit[1], p)
            else:
                trimmed = _trim(combo)
                assert trimmed is not None  # a combination always keeps its own row
                zeros.append(trimmed)
        self._leads = sorted(pivots)
        self._rows = [pivots[lead][0] for lead in self._leads]
        self._combos = [pivots[lead][1] for lead in self._leads]
        self._zero_combos = zeros
        self._field_counts(len(self._leads))

    def _prepare(self, rhs: np.ndarray) -> np.ndarray:
        return coerce_vector(rhs, self.shape[0], self.modulus).astype(np.int64)

    def _witness(self, b: np.ndarray) -> Span | None:
        return next((z for z in self._zero_combos if _dot(z, b, self.modulus)), None)

    def _back_substitute(self, x: np.ndarray, b: np.ndarray | None, after: int) -> np.ndarray:
        p = self.modulus
        for lead, row, combo in zip(self._leads, self._rows, self._combos, strict=True):
            if lead <= after:
                continue
            beta = _dot(combo, b, p) if b is not None else 0
            # x[lead] is still 0, so the row's own leading 1 drops out of the dot.
            x[lead] = (beta - _dot(row, x, p)) % p
        return x

    def _particular(self, b: np.ndarray) -> np.ndarray:
        return self._back_substitute(np.zeros(self.shape[1], dtype=np.int64), b, -1)

    def _certify(self, witness: Span) -> np.ndarray:
        return _dense(witness, self.shape[0])

    def _kernel(self) -> list[tuple[np.ndarray, int]]:
        n, p = self.shape[1], self.modulus
        lead_set = set(self._leads)
        out = []
        for f in range(n):
            if f not in lead_set:
                x = np.zeros(n, dtype=np.int64)
                x[f] = 1
                out.append((self._back_substitute(x, None, f), p))
        return out

    def _left_kernel(self) -> list[tuple[np.ndarray, int]]:
        return [(_dense(z, self.shape[0]), self.modulus) for z in self._zero_combos]
