"""Linear algebra over GF(3) with bit-sliced rows: two Python-int bitsets per row."""

# Method: a vector over GF(3) is a pair of disjoint bitsets (P, N): the positions holding 1 and
# those holding 2 = -1. Adding two such vectors takes nine big-int operations: with s = P1 ^ P2,
# d = N1 ^ N2 and t = s & d, the sum is ((s ^ t) | (N1 & N2), (d ^ t) | (P1 & P2)); negating is
# swapping P and N. Elimination is the GF(2) scheme of gf2.py on these pairs: row i travels as
# ``(row << m) | combo`` in both halves, pivots are keyed by the bit length of P | N and scaled
# so that their leading entry is 1, and a row is reduced by adding or subtracting the pivot. Dot
# products count the positions where the product is 1 and where it is 2. Back-substitution,
# kernel (order 3 per free column), left kernel and certificates follow gf2.py.

from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from lightsout_graphs.core.zk._common import coerce_vector
from lightsout_graphs.core.zk.elimination import EliminationSolver
from lightsout_graphs.core.zk.gf2 import bits_to_vector, rows_to_bits, vector_to_bits

__all__ = ["GF3Factorization"]

Pair = tuple[int, int]


def _dot(x: Pair, y: Pair) -> int:
    """``x · y`` over GF(3)."""
    ones = ((x[0] & y[0]) | (x[1] & y[1])).bit_count()
    twos = ((x[0] & y[1]) | (x[1] & y[0])).bit_count()
    return (ones - twos) % 3


def _split(matrix: sp.csr_array, value: int) -> sp.csr_array:
    """The 0/1 pattern of the entries of ``matrix`` equal to ``value`` mod 3."""
    data = ((matrix.data % 3) == value).astype(np.int64)
    return sp.csr_array((data, matrix.indices, matrix.indptr), shape=matrix.shape)


def _vector_pair(vector: np.ndarray) -> Pair:
    v = np.asarray(vector, dtype=np.int64) % 3
    return vector_to_bits(v == 1), vector_to_bits(v == 2)


def _pair_vector(pair: Pair, length: int) -> np.ndarray:
    return bits_to_vector(pair[0], length) + 2 * bits_to_vector(pair[1], length)


class GF3Factorization(EliminationSolver):
    """A matrix over GF(3), eliminated once with bit-sliced rows: a :class:`.Factorization`.

    Parameters
    ----------
    matrix : scipy.sparse.csr_array
        The m × n matrix; entries are read mod 3.

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> f = GF3Factorization(sp.csr_array(np.array([[1, 1, 0], [0, 1, 1], [1, 2, 1]])))
    >>> f.rank, f.kernel_size
    (2, 3)
    >>> f.solve(np.array([1, 1, 2]))
    array([0, 1, 0])
    >>> f.certificate(np.array([1, 0, 0]))
    array([2, 2, 1])
    >>> f.kernel()
    [(array([1, 2, 1]), 3)]
    """

    def __init__(self, matrix: sp.csr_array) -> None:
        self._start(3, "gf3", matrix.shape)
        m = self.shape[0]
        plus = rows_to_bits(_split(matrix, 1))
        minus = rows_to_bits(_split(matrix, 2))
        pivots: dict[int, Pair] = {}
        get = pivots.get
        zeros: list[Pair] = []
        for i in range(m):
            p = (plus[i] << m) | (1 << i)
            q = minus[i] << m
            while True:
                length = (p | q).bit_length()
                if length <= m:
                    zeros.append((p, q))
                    break
                hit = get(length)
                if hit is None:
                    if q.bit_length() == length:
                        p, q = q, p
                    pivots[length] = (p, q)
                    break
                hp, hq = hit
                if p.bit_length() == length:  # leading entry 1: subtract the pivot
                    hp, hq = hq, hp
                s = p ^ hp
                d = q ^ hq
                t = s & d
                p, q = (s ^ t) | (q & hq), (d ^ t) | (p & hp)
        mask = (1 << m) - 1
        keys = sorted(pivots)
        self._leads = [key - m - 1 for key in keys]
        self._rows = [(pivots[k][0] >> m, pivots[k][1] >> m) for k in keys]
        self._combos = [(pivots[k][0] & mask, pivots[k][1] & mask) for k in keys]
        self._zero_combos = zeros
        self._field_counts(len(keys))

    def _prepare(self, rhs: np.ndarray) -> Pair:
        return _vector_pair(coerce_vector(rhs, self.shape[0], 3))

    def _witness(self, b: Pair) -> Pair | None:
        return next((z for z in self._zero_combos if _dot(z, b)), None)

    def _back_substitute(self, b: Pair | None, start: Pair, after: int) -> Pair:
        xp, xn = start
        for lead, row, combo in zip(self._leads, self._rows, self._combos, strict=True):
            if lead <= after:
                continue
            # x has no entry at ``lead`` yet, so the row's own leading 1 drops out of the dot.
            value = ((_dot(combo, b) if b is not None else 0) - _dot(row, (xp, xn))) % 3
            if value == 1:
                xp |= 1 << lead
            elif value == 2:
                xn |= 1 << lead
        return xp, xn

    def _particular(self, b: Pair) -> np.ndarray:
        return _pair_vector(self._back_substitute(b, (0, 0), -1), self.shape[1])

    def _certify(self, witness: Pair) -> np.ndarray:
        return _pair_vector(witness, self.shape[0])

    def _kernel(self) -> list[tuple[np.ndarray, int]]:
        n = self.shape[1]
        lead_set = set(self._leads)
        return [
            (_pair_vector(self._back_substitute(None, (1 << f, 0), f), n), 3)
            for f in range(n)
            if f not in lead_set
        ]

    def _left_kernel(self) -> list[tuple[np.ndarray, int]]:
        return [(_pair_vector(z, self.shape[0]), 3) for z in self._zero_combos]
