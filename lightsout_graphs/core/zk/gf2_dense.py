"""The ``gf2-dense`` engine: dense GF(2) matrices as rows of packed 64-bit words, reduced once
by Gauss–Jordan elimination with numpy.

Suited to dense systems of a few thousand unknowns (the width×width "first row" system of
light chasing is typical), where bit-packing makes one row operation a single numpy XOR over
the row. Memory is about ``rows · (rows + cols) / 8`` bytes.
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from lightsout_graphs.core.errors import MatrixError, require_int
from lightsout_graphs.core.zk._common import coerce_vector
from lightsout_graphs.core.zk.elimination import EliminationSolver

__all__ = ["DenseGF2", "pack_rows", "unpack_rows", "words_for"]


def words_for(nbits: int) -> int:
    """The number of 64-bit words that hold ``nbits`` bits (at least one).

    Examples
    --------
    >>> words_for(64), words_for(65), words_for(0)
    (1, 2, 1)
    """
    return max(1, (require_int(nbits, "nbits", minimum=0, error=MatrixError) + 63) // 64)


def pack_rows(bits: np.ndarray) -> np.ndarray:
    """Pack a 2-D array of 0/1 values into uint64 words, bit j of a row at word j // 64.

    Examples
    --------
    >>> pack_rows(np.array([[1, 0, 1], [0, 1, 0]])).tolist()
    [[5], [2]]
    """
    bits = np.asarray(bits)
    if bits.ndim != 2 or bits.dtype.kind not in "biu":
        msg = (
            f"pack_rows takes a 2-D array of 0/1 integers, not {bits.dtype} of shape {bits.shape}."
        )
        raise MatrixError(msg)
    if bits.size and bits.dtype.kind != "b" and (bits.min() < 0 or bits.max() > 1):
        msg = "pack_rows takes 0/1 entries only; reduce the matrix modulo 2 first."
        raise MatrixError(msg)
    rows, cols = bits.shape
    nwords = words_for(cols)
    packed = np.packbits(bits.astype(np.uint8, copy=False), axis=1, bitorder="little")
    out = np.zeros((rows, nwords * 8), dtype=np.uint8)
    out[:, : packed.shape[1]] = packed
    return out.view("<u8").astype(np.uint64, copy=False)


def unpack_rows(words: np.ndarray, nbits: int) -> np.ndarray:
    """The inverse of :func:`pack_rows`: a uint8 0/1 array with ``nbits`` columns.

    Examples
    --------
    >>> unpack_rows(np.array([[5], [2]], dtype=np.uint64), 3).tolist()
    [[1, 0, 1], [0, 1, 0]]
    """
    raw = np.ascontiguousarray(words, dtype="<u8").view(np.uint8)
    return np.unpackbits(raw, axis=1, bitorder="little")[:, :nbits]


class DenseGF2(EliminationSolver):
    """A dense GF(2) matrix ``A`` (rows × cols), reduced once as ``P·A = E`` (E in reduced form).

    A :class:`~lightsout_graphs.core.zk.Factorization` over k = 2, built from any matrix by
    ``zk.factorize(matrix, 2, method="gf2-dense")`` (:meth:`from_matrix`).

    Parameters
    ----------
    packed : numpy.ndarray
        uint64, shape ``(rows, words_for(cols))``: the rows of A, packed by :func:`pack_rows`.
    cols : int
        The number of columns of A.

    Examples
    --------
    >>> f = DenseGF2(pack_rows(np.array([[1, 1, 0], [0, 1, 1]])), 3)
    >>> f.rank, f.kernel_size, f.method
    (2, 2, 'gf2-dense')
    >>> f.solve(np.array([1, 0])).tolist()
    [1, 0, 0]
    >>> [(g.tolist(), order) for g, order in f.kernel()]
    [([1, 1, 1], 2)]
    """

    @classmethod
    def from_matrix(cls, matrix: sp.csr_array) -> DenseGF2:
        """Factorise a sparse matrix with entries in ``{0, 1}`` (as the dispatcher passes).

        Parameters
        ----------
        matrix : scipy.sparse.csr_array

        Returns
        -------
        DenseGF2

        Examples
        --------
        >>> import scipy.sparse as sp
        >>> DenseGF2.from_matrix(sp.csr_array(np.eye(3, dtype=np.int64))).rank
        3
        """
        rows, cols = matrix.shape
        bits = np.zeros((rows, cols), dtype=np.uint8)
        coo = sp.coo_array(matrix)
        bits[coo.row, coo.col] = coo.data.astype(np.int64) & 1
        return cls(pack_rows(bits), cols)

    def __init__(self, packed: np.ndarray, cols: int) -> None:
        rows = packed.shape[0]
        self._start(2, "gf2-dense", (rows, cols))
        left = words_for(cols)
        right = words_for(rows)
        aug = np.zeros((rows, left + right), dtype=np.uint64)
        aug[:, : packed.shape[1]] = packed
        idx = np.arange(rows)
        aug[idx, left + idx // 64] = np.left_shift(np.uint64(1), (idx % 64).astype(np.uint64))
        pivots: list[int] = []
        rank = 0
        one = np.uint64(1)
        for c in range(cols):
            if rank == rows:
                break
            w = c // 64
            bit = np.uint64(c % 64)
            column = (aug[rank:, w] >> bit) & one
            hits = np.flatnonzero(column)
            if hits.size == 0:
                continue
            p = rank + int(hits[0])
            if p != rank:
                aug[[rank, p]] = aug[[p, rank]]
            column = (aug[:, w] >> bit) & one
            column[rank] = 0
            others = np.flatnonzero(column)
            if others.size:
                # The pivot row is zero left of column c, so only words from w on change.
                aug[others, w:] ^= aug[rank, w:]
            pivots.append(c)
            rank += 1
        self._rank = rank
        self._pivots = np.array(pivots, dtype=np.int64)
        self._reduced = aug[:rank, :left].copy()
        self._transform = aug[:, left:].copy()
        self._field_counts(rank)

    def _prepare(self, rhs: np.ndarray) -> np.ndarray:
        """``P·rhs`` as 0/1 values, one per row of A."""
        b = coerce_vector(rhs, self.shape[0], 2)
        packed = pack_rows(b.astype(np.uint8).reshape(1, -1))[0]
        counts = np.bitwise_count(self._transform & packed[None, :]).sum(axis=1)
        return (counts & 1).astype(np.int64)

    def _witness(self, y: np.ndarray) -> int | None:
        bad = np.flatnonzero(y[self._rank :])
        return self._rank + int(bad[0]) if bad.size else None

    def _particular(self, y: np.ndarray) -> np.ndarray:
        x = np.zeros(self.shape[1], dtype=np.int64)
        x[self._pivots] = y[: self._rank]
        return x

    def _certify(self, row: int) -> np.ndarray:
        return unpack_rows(self._transform[row][None, :], self.shape[0])[0].astype(np.int64)

    def _kernel(self) -> list[tuple[np.ndarray, int]]:
        cols = self.shape[1]
        free = np.setdiff1d(np.arange(cols), self._pivots)
        basis = np.zeros((len(free), cols), dtype=np.int64)
        basis[np.arange(len(free)), free] = 1
        if self._rank:
            basis[:, self._pivots] = unpack_rows(self._reduced, cols)[:, free].T
        return [(x, 2) for x in basis]

    def _left_kernel(self) -> list[tuple[np.ndarray, int]]:
        """The rows of P beyond the rank."""
        rows = self.shape[0]
        bits = unpack_rows(self._transform[self._rank :], rows).astype(np.int64)
        return [(row, 2) for row in bits]
