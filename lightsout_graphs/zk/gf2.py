"""Linear algebra over GF(2) with rows packed into Python ints (one bit per entry)."""

# Method: each row is a Python int bitset (bit j = column j). Rows are reduced one at a time
# against a dict of pivot rows keyed by their leading (highest) bit, so a row only meets the
# pivots it actually hits: no scan of every row for every column, which suits the band structure
# of grids. Each row carries a second bitset recording which original rows it combines; rows that
# reduce to zero give left-kernel vectors (certificates), and right-hand sides are transformed by
# the parity of their overlap with the pivot combinations. Solutions come by back-substitution in
# increasing pivot order; the kernel has one generator per free column, each of order 2.

from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from lightsout_graphs.zk._common import coerce_vector

__all__ = ["GF2Factorization", "bits_to_vector", "rows_to_bits", "vector_to_bits"]


def rows_to_bits(matrix: sp.csr_array) -> list[int]:
    """The rows of a 0/1 CSR matrix as Python int bitsets (bit j = column j).

    Parameters
    ----------
    matrix : scipy.sparse.csr_array
        Entries are read mod 2.

    Returns
    -------
    list of int

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> rows_to_bits(sp.csr_array(np.array([[1, 0, 1], [0, 3, 0]])))
    [5, 2]
    """
    m, n = matrix.shape
    if n == 0:
        return [0] * m
    out: list[int] = []
    chunk = max(1, (1 << 22) // n)
    for start in range(0, m, chunk):
        block = matrix[start : start + chunk].toarray() & 1
        packed = np.packbits(block.astype(np.uint8), axis=1, bitorder="little")
        out.extend(int.from_bytes(row.tobytes(), "little") for row in packed)
    return out


def vector_to_bits(vector: np.ndarray) -> int:
    """A vector's entries mod 2 as one Python int (bit i = entry i).

    Examples
    --------
    >>> vector_to_bits(np.array([1, 0, 3, 2]))
    5
    """
    if len(vector) == 0:
        return 0
    bits = (np.asarray(vector) % 2).astype(np.uint8)
    return int.from_bytes(np.packbits(bits, bitorder="little").tobytes(), "little")


def bits_to_vector(bits: int, length: int) -> np.ndarray:
    """The bitset ``bits`` as an int64 vector of 0s and 1s of the given length.

    Examples
    --------
    >>> bits_to_vector(5, 4)
    array([1, 0, 1, 0])
    """
    if length == 0:
        return np.zeros(0, dtype=np.int64)
    raw = np.frombuffer(bits.to_bytes((length + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:length].astype(np.int64)


class GF2Factorization:
    """A matrix over GF(2), eliminated once with bit-packed rows.

    Parameters
    ----------
    matrix : scipy.sparse.csr_array
        The m × n matrix; entries are read mod 2.

    Attributes
    ----------
    modulus : int
        Always 2.
    shape : tuple of int
        ``(m, n)``.
    rank : int
        The rank over GF(2).
    kernel_size, image_size : int
        ``2**(n - rank)`` and ``2**rank``.

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> f = GF2Factorization(sp.csr_array(np.array([[1, 1, 0], [0, 1, 1], [1, 0, 1]])))
    >>> f.rank, f.kernel_size
    (2, 2)
    >>> f.solve(np.array([1, 0, 1]))
    array([0, 1, 1])
    >>> f.certificate(np.array([1, 0, 0]))
    array([1, 1, 1])
    """

    def __init__(self, matrix: sp.csr_array) -> None:
        m, n = matrix.shape
        self.modulus: int = 2
        self.shape: tuple[int, int] = (int(m), int(n))
        rows = rows_to_bits(matrix)
        pivots: dict[int, tuple[int, int]] = {}
        zero_combos: list[int] = []
        for i, r in enumerate(rows):
            c = 1 << i
            while r:
                lead = r.bit_length() - 1
                hit = pivots.get(lead)
                if hit is None:
                    pivots[lead] = (r, c)
                    break
                r ^= hit[0]
                c ^= hit[1]
            else:
                zero_combos.append(c)
        self._leads: list[int] = sorted(pivots)
        self._rows: list[int] = [pivots[lead][0] for lead in self._leads]
        self._combos: list[int] = [pivots[lead][1] for lead in self._leads]
        self._zero_combos = zero_combos
        self.rank: int | None = len(self._leads)
        self.kernel_size: int = 1 << (n - len(self._leads))
        self.image_size: int = 1 << len(self._leads)

    def _rhs_bits(self, rhs: np.ndarray) -> int:
        return vector_to_bits(coerce_vector(rhs, self.shape[0], 2))

    def _violated(self, b: int) -> int | None:
        for c in self._zero_combos:
            if (c & b).bit_count() & 1:
                return c
        return None

    def _back_substitute(self, b: int) -> int:
        x = 0
        for lead, row, combo in zip(self._leads, self._rows, self._combos, strict=True):
            if ((combo & b).bit_count() ^ (row & x).bit_count()) & 1:
                x |= 1 << lead
        return x

    def solve(self, rhs: np.ndarray) -> np.ndarray | None:
        """One x with ``A x ≡ rhs (mod 2)``, or ``None`` when there is none.

        Raises
        ------
        InvalidStateError
            If ``rhs`` is not an integer vector of length m.
        """
        b = self._rhs_bits(rhs)
        if self._violated(b) is not None:
            return None
        return bits_to_vector(self._back_substitute(b), self.shape[1])

    def is_solvable(self, rhs: np.ndarray) -> bool:
        """Whether ``A x ≡ rhs (mod 2)`` has a solution."""
        return self._violated(self._rhs_bits(rhs)) is None

    def certificate(self, rhs: np.ndarray) -> np.ndarray | None:
        """A y with ``yᵀA ≡ 0`` and ``y·rhs ≡ 1``; ``None`` exactly when rhs is solvable."""
        c = self._violated(self._rhs_bits(rhs))
        return None if c is None else bits_to_vector(c, self.shape[0])

    def kernel(self) -> list[tuple[np.ndarray, int]]:
        """Generators ``(g, 2)`` of the kernel, one per free column."""
        n = self.shape[1]
        lead_set = set(self._leads)
        out = []
        for f in range(n):
            if f in lead_set:
                continue
            x = 1 << f
            for lead, row in zip(self._leads, self._rows, strict=True):
                if lead > f and (row & x).bit_count() & 1:
                    x |= 1 << lead
            out.append((bits_to_vector(x, n), 2))
        return out

    def left_kernel(self) -> list[tuple[np.ndarray, int]]:
        """Generators ``(y, 2)`` of ``{y : yᵀA ≡ 0}``, one per row that reduced to zero."""
        return [(bits_to_vector(c, self.shape[0]), 2) for c in self._zero_combos]
