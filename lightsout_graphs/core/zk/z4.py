"""Linear algebra over Z_4 by 2-adic lifting from the bit-packed GF(2) echelon form."""

# Method: write x = x0 + 2 x1. Mod 2 the system is the GF(2) one, eliminated once with bit-packed
# rows (GF2Echelon, or for large matrices, as factorize picks for GF(2) itself, the compiled
# engine's identical PackedGF2Echelon): rank r, kernel basis k_j (n - r of them), left-kernel
# basis Y_i (m - r).
# Since A k_j ≡ 0 and Y_iᵀA ≡ 0 (mod 2), over Z_4 they give A k_j ≡ 2 M_j and Y_iᵀA ≡ 2 N_i,
# and the whole 2-adic structure lives in the small GF(2) matrix W = Y M = N K
# ((m - r) × (n - r), tiny for grids), eliminated once more (rank s). Solving b: solve mod 2 for
# x0; the remainder c = (b - A x0)/2 must equal M t + A x1 (mod 2) for some t and x1, which
# holds iff W t = Y c; then x1 comes from the GF(2) echelon again and x = x0 + Σ t_j k_j + 2 x1.
# Kernel: order-4 generators from the kernel of W (lifted), order-2 generators 2 k_j for the
# pivot columns of W; the left kernel likewise from Wᵀ. Counts: |ker| = 2^(2(n-r)-s),
# |image| = 4^r 2^s. A certificate is 2·(a GF(2) certificate) when b fails mod 2, else the
# order-4 left-kernel element built from W's certificate.

from __future__ import annotations

import functools
import operator

import numpy as np
import scipy.sparse as sp

from lightsout_graphs.core.zk import gf2_packed
from lightsout_graphs.core.zk._common import coerce_vector
from lightsout_graphs.core.zk.elimination import EliminationSolver
from lightsout_graphs.core.zk.gf2 import GF2Echelon, bits_to_vector, rows_to_bits, vector_to_bits
from lightsout_graphs.core.zk.gf2_packed import PackedGF2Echelon, PackedGF2Factorization

__all__ = ["Z4Factorization"]


def _parity_matrix_rows(left: list[int], right: list[int]) -> list[int]:
    """Rows of the GF(2) matrix ``[parity(left_i & right_j)]_ij`` as bitsets over j."""
    return [sum(1 << j for j, b in enumerate(right) if (a & b).bit_count() & 1) for a in left]


def _chosen(items: list, bits: int) -> list:
    """The items whose bit is set in ``bits``."""
    return [item for j, item in enumerate(items) if bits >> j & 1]


class Z4Factorization(EliminationSolver):
    """A matrix over Z_4, factorised through its GF(2) echelon form and one small GF(2) system.

    A :class:`.Factorization` whose ``rank`` is ``None`` (rank is not defined over Z_4).

    Parameters
    ----------
    matrix : scipy.sparse.csr_array
        The m × n matrix with entries in ``0..3``.

    Attributes
    ----------
    rank_mod2 : int
        r, the rank of A over GF(2).
    twos : int
        s, the number of diagonal entries 2 in the Smith form of A over Z_4.
    kernel_size, image_size : int
        ``2**(2(n - r) - s)`` and ``4**r · 2**s``.

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> f = Z4Factorization(sp.csr_array(np.array([[1, 1], [1, 3]])))
    >>> f.rank_mod2, f.twos, f.kernel_size
    (1, 1, 2)
    >>> f.solve(np.array([0, 2]))
    array([1, 3])
    >>> f.certificate(np.array([1, 0]))
    array([2, 2])
    """

    def __init__(self, matrix: sp.csr_array) -> None:
        self._start(4, "z4", matrix.shape)
        n = self.shape[1]
        self.rank = None
        a = sp.csr_array(matrix, dtype=np.int64)
        self._a = a
        self._at: sp.csr_array | None = None
        ech: GF2Echelon | PackedGF2Echelon
        if gf2_packed.worthwhile(a):  # the same echelon form, compiled
            ech = PackedGF2Factorization(a).echelon
        else:
            ech = GF2Echelon(rows_to_bits(a), int(n))
        self._e = ech
        self._k_bits = ech.kernel_bits()
        self._k_vecs = [bits_to_vector(x, n) for x in self._k_bits]
        self._y_bits = ech.zero_combos
        # M_j = (A k_j / 2) mod 2, as bitsets over rows.
        halves = (a @ np.column_stack(self._k_vecs)) % 4 // 2 if self._k_vecs else np.zeros((0, 0))
        self._m_bits = [vector_to_bits(col) for col in halves.T]
        w_rows = _parity_matrix_rows(self._y_bits, self._m_bits)
        self._w = GF2Echelon(w_rows, len(self._k_bits))
        r, s = ech.rank, self._w.rank
        self.rank_mod2: int = r
        self.twos: int = s
        self.kernel_size = 1 << (2 * (n - r) - s)
        self.image_size = 1 << (2 * r + s)

    def _combine(self, coeff_bits: int, vectors: list[np.ndarray], length: int) -> np.ndarray:
        return sum(_chosen(vectors, coeff_bits), np.zeros(length, dtype=np.int64))

    def _m_times(self, t_bits: int) -> int:
        return functools.reduce(operator.xor, _chosen(self._m_bits, t_bits), 0)

    def _left_lift(self, u_bits: int) -> np.ndarray:
        """The order-4 left-kernel element ``Σ u_i Y_i + 2 y1`` for u in the left kernel of W."""
        m = self.shape[0]
        y_vecs = [bits_to_vector(y, m) for y in self._y_bits]
        base = self._combine(u_bits, y_vecs, m)
        if self._at is None:
            self._at = sp.csr_array(self._a.T)
        n_bits = vector_to_bits((self._at @ base) % 4 // 2)
        y1 = self._e.left_solve(n_bits)
        assert y1 is not None  # Wᵀu = 0 puts uᵀN in the row space of A mod 2
        return (base + 2 * bits_to_vector(y1, m)) % 4

    def _prepare(self, rhs: np.ndarray) -> tuple[np.ndarray | None, np.ndarray | None]:
        """``(solution, None)`` or ``(None, certificate)``: the whole analysis at once."""
        m, n = self.shape
        b = coerce_vector(rhs, m, 4).astype(np.int64)
        b2 = vector_to_bits(b)
        bad = self._e.violated(b2)
        if bad is not None:
            return None, 2 * bits_to_vector(bad, m)
        x0 = bits_to_vector(self._e.back_substitute(b2), n)
        c = vector_to_bits((b - self._a @ x0) % 4 // 2)
        yc = sum(1 << i for i, y in enumerate(self._y_bits) if (y & c).bit_count() & 1)
        u = self._w.violated(yc)
        if u is not None:
            return None, self._left_lift(u)
        t = self._w.back_substitute(yc)
        x1 = self._e.back_substitute(c ^ self._m_times(t))
        x = x0 + self._combine(t, self._k_vecs, n) + 2 * bits_to_vector(x1, n)
        return x % 4, None

    def _witness(self, b: tuple[np.ndarray | None, np.ndarray | None]) -> np.ndarray | None:
        return b[1]

    def _particular(self, b: tuple[np.ndarray | None, np.ndarray | None]) -> np.ndarray:
        assert b[0] is not None
        return b[0]

    def _certify(self, witness: np.ndarray) -> np.ndarray:
        return witness

    def _kernel(self) -> list[tuple[np.ndarray, int]]:
        """Order 4 first, then order 2."""
        n = self.shape[1]
        out = []
        for tau in self._w.kernel_bits():
            x1 = self._e.back_substitute(self._m_times(tau))
            g = self._combine(tau, self._k_vecs, n) + 2 * bits_to_vector(x1, n)
            out.append((g % 4, 4))
        out.extend(((2 * self._k_vecs[j]) % 4, 2) for j in self._w.leads)
        return out

    def _left_kernel(self) -> list[tuple[np.ndarray, int]]:
        """Order 4 first, then order 2."""
        m = self.shape[0]
        out = [(self._left_lift(u), 4) for u in self._w.zero_combos]
        out.extend((2 * bits_to_vector(self._y_bits[i], m), 2) for i in self._w.pivot_sources)
        return out
