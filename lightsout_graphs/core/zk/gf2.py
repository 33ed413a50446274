"""Linear algebra over GF(2) with rows packed into Python ints (one bit per entry)."""

# Method: each row is a Python int bitset (bit j = column j). Row i is stored together with the
# record of which original rows it combines, as one int ``(row << m) | combo`` (combo starts as
# bit i), so one XOR updates both and ``bit_length()`` gives the leading column directly. Rows
# are reduced one at a time against a dict of pivots keyed by that bit length, so a row only
# meets the pivots it actually hits: no scan of every row for every column, which suits the band
# structure of grids (and a reverse Cuthill–McKee order, applied by ``factorize``, narrows the
# band of other graphs). Rows that reduce to zero leave their combo: a left-kernel vector, used
# for certificates. Right-hand sides are transformed by the parity of their overlap with the
# pivot combos; solutions come by back-substitution in increasing pivot order, and the kernel has
# one generator per free column, each of order 2.

from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from lightsout_graphs.core.zk._common import coerce_vector
from lightsout_graphs.core.zk.elimination import EliminationSolver

__all__ = [
    "GF2Echelon",
    "GF2Factorization",
    "bits_to_vector",
    "kernel_bits",
    "rows_to_bits",
    "vector_to_bits",
]

#: Bytes of scratch space used at a time when packing rows.
_CHUNK_BYTES = 1 << 25


def rows_to_bits(matrix: sp.csr_array) -> list[int]:
    """The rows of a CSR matrix, read mod 2, as Python int bitsets (bit j = column j).

    Parameters
    ----------
    matrix : scipy.sparse.csr_array
        Integer entries; only their parity matters.

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
    if n == 0 or m == 0:
        return [0] * m
    width = (n + 7) // 8
    chunk = max(1, _CHUNK_BYTES // width)
    counts = np.diff(matrix.indptr)
    row_of = np.repeat(np.arange(m, dtype=np.int64), counts)
    odd = (matrix.data % 2) != 0
    rows_all, cols_all = row_of[odd], matrix.indices[odd].astype(np.int64)
    out: list[int] = []
    for start in range(0, m, chunk):
        stop = min(m, start + chunk)
        lo, hi = np.searchsorted(rows_all, [start, stop])
        buf = np.zeros((stop - start) * width, dtype=np.uint8)
        cols = cols_all[lo:hi]
        where = (rows_all[lo:hi] - start) * width + (cols >> 3)
        np.bitwise_or.at(buf, where, np.left_shift(1, cols & 7).astype(np.uint8))
        blob = buf.tobytes()
        out.extend(
            int.from_bytes(blob[i * width : (i + 1) * width], "little") for i in range(stop - start)
        )
    return out


def vector_to_bits(vector: np.ndarray) -> int:
    """A vector's entries mod 2 as one Python int (bit i = entry i).

    Examples
    --------
    >>> vector_to_bits(np.array([1, 0, 3, 2]))
    5
    """
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


def kernel_bits(leads: list[int], rows: list[int], ncols: int) -> list[int]:
    """A kernel basis from echelon rows: per free column f, bit f set, other free columns clear.

    The basis is unique, so the two methods used give the same answer: back-substitution once
    per free column (cost: nullity × rank row operations), or, when that is dearer, once for
    all free columns together, each column holding a bitset over the kernel vectors (cost:
    the number of nonzero entries of the echelon rows).

    Parameters
    ----------
    leads : list of int
        Pivot columns, increasing.
    rows : list of int
        Pivot rows as bitsets, ``rows[t]`` with highest bit ``leads[t]``.
    ncols : int
        n.

    Returns
    -------
    list of int

    Examples
    --------
    >>> kernel_bits([1], [0b011], 2)
    [3]
    """
    lead_set = set(leads)
    free = [f for f in range(ncols) if f not in lead_set]
    if not free:
        return []
    entries = sum(row.bit_count() for row in rows)
    if len(free) * len(rows) <= 4 * entries + 64 * ncols:
        return _kernel_bits_per_column(leads, rows, free)
    return _kernel_bits_together(leads, rows, free, ncols)


def _kernel_bits_per_column(leads: list[int], rows: list[int], free: list[int]) -> list[int]:
    out = []
    for f in free:
        x = 1 << f
        for lead, row in zip(leads, rows, strict=True):
            if lead > f and (row & x).bit_count() & 1:
                x |= 1 << lead
        out.append(x)
    return out


def _kernel_bits_together(
    leads: list[int], rows: list[int], free: list[int], ncols: int
) -> list[int]:
    # value[j]: bit t set when kernel vector t has a 1 at column j.
    value = [0] * ncols
    for t, f in enumerate(free):
        value[f] = 1 << t
    width = (ncols + 7) // 8
    chunk = max(1, (1 << 23) // max(width, 1))
    for start in range(0, len(rows), chunk):
        block = rows[start : start + chunk]
        raw = np.frombuffer(b"".join(r.to_bytes(width, "little") for r in block), np.uint8)
        bits = np.unpackbits(raw.reshape(len(block), width), axis=1, bitorder="little")
        where_rows, where_cols = np.nonzero(bits[:, :ncols])
        bounds = np.searchsorted(where_rows, np.arange(len(block) + 1))
        cols = where_cols.tolist()
        for i, lead in enumerate(leads[start : start + chunk]):
            acc = 0
            for j in cols[bounds[i] : bounds[i + 1]]:
                if j != lead:
                    acc ^= value[j]
            value[lead] = acc
    vectors = [0] * len(free)
    for j, v in enumerate(value):
        while v:
            low = v & -v
            vectors[low.bit_length() - 1] |= 1 << j
            v ^= low
    return vectors


class GF2Echelon:
    """The echelon form of a GF(2) matrix given as row bitsets, with row combinations tracked.

    Parameters
    ----------
    rows : list of int
        Row i as a bitset over the n columns.
    ncols : int
        n.

    Attributes
    ----------
    rank : int
        The rank over GF(2).
    leads : list of int
        The pivot columns, increasing.
    rows : list of int
        The pivot rows (bitsets over columns), ``rows[t]`` with leading bit ``leads[t]``.
    combos : list of int
        ``combos[t]``: the bitset of original rows whose sum is ``rows[t]``.
    zero_combos : list of int
        Bitsets of original rows whose sum is zero: a basis of the left kernel.
    pivot_sources : list of int
        For each pivot, the index of the original row it came from (the top bit of its combo).

    Examples
    --------
    >>> e = GF2Echelon([0b011, 0b110, 0b101], 3)
    >>> e.rank, e.leads, e.zero_combos
    (2, [1, 2], [7])
    """

    def __init__(self, rows: list[int], ncols: int) -> None:
        m = len(rows)
        self.nrows, self.ncols = m, ncols
        pivots: dict[int, int] = {}
        get = pivots.get
        zeros: list[int] = []
        for i, r in enumerate(rows):
            v = (r << m) | (1 << i)
            while True:
                length = v.bit_length()
                if length <= m:
                    zeros.append(v)
                    break
                hit = get(length)
                if hit is None:
                    pivots[length] = v
                    break
                v ^= hit
        mask = (1 << m) - 1
        keys = sorted(pivots)
        self.leads: list[int] = [key - m - 1 for key in keys]
        self.rows: list[int] = [pivots[key] >> m for key in keys]
        self.combos: list[int] = [pivots[key] & mask for key in keys]
        self.zero_combos: list[int] = zeros
        self.pivot_sources: list[int] = [c.bit_length() - 1 for c in self.combos]
        self.rank: int = len(self.leads)

    def violated(self, b: int) -> int | None:
        """A left-kernel combo with odd overlap with ``b`` (a certificate), or ``None``.

        Examples
        --------
        >>> e = GF2Echelon([0b011, 0b110, 0b101], 3)
        >>> e.violated(0b001), e.violated(0b011)
        (7, None)
        """
        return next((c for c in self.zero_combos if (c & b).bit_count() & 1), None)

    def back_substitute(self, b: int) -> int:
        """The solution bitset x with free columns 0, assuming ``b`` is solvable.

        Examples
        --------
        >>> e = GF2Echelon([0b011, 0b110, 0b101], 3)
        >>> x = e.back_substitute(0b011)
        >>> x, [(row & x).bit_count() % 2 for row in (0b011, 0b110, 0b101)]
        (2, [1, 1, 0])
        """
        x = 0
        for lead, row, combo in zip(self.leads, self.rows, self.combos, strict=True):
            if ((combo & b).bit_count() ^ (row & x).bit_count()) & 1:
                x |= 1 << lead
        return x

    def kernel_bits(self) -> list[int]:
        """One kernel bitset per free column f: bit f set, other free columns clear.

        Examples
        --------
        >>> e = GF2Echelon([0b011, 0b110, 0b101], 3)
        >>> e.kernel_bits()
        [7]
        """
        return kernel_bits(self.leads, self.rows, self.ncols)

    def left_solve(self, c: int) -> int | None:
        """A row combination y (bitset over rows) with ``yᵀA = c``, or ``None``.

        Examples
        --------
        >>> e = GF2Echelon([0b011, 0b110, 0b101], 3)
        >>> e.left_solve(0b101), e.left_solve(0b100)
        (3, None)
        """
        by_lead = dict(zip(self.leads, zip(self.rows, self.combos, strict=True), strict=True))
        y = 0
        while c:
            hit = by_lead.get(c.bit_length() - 1)
            if hit is None:
                return None
            c ^= hit[0]
            y ^= hit[1]
        return y


class GF2Factorization(EliminationSolver):
    """A matrix over GF(2), eliminated once with bit-packed rows: a :class:`.Factorization`.

    Parameters
    ----------
    matrix : scipy.sparse.csr_array
        The m × n matrix; entries are read mod 2.

    Attributes
    ----------
    echelon : GF2Echelon
        The echelon form, for engines built on top of this one.

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
        self._start(2, "gf2-python", matrix.shape)
        self.echelon = GF2Echelon(rows_to_bits(matrix), self.shape[1])
        self._field_counts(self.echelon.rank)

    def _prepare(self, rhs: np.ndarray) -> int:
        return vector_to_bits(coerce_vector(rhs, self.shape[0], 2))

    def _witness(self, b: int) -> int | None:
        return self.echelon.violated(b)

    def _particular(self, b: int) -> np.ndarray:
        return bits_to_vector(self.echelon.back_substitute(b), self.shape[1])

    def _certify(self, witness: int) -> np.ndarray:
        return bits_to_vector(witness, self.shape[0])

    def _kernel(self) -> list[tuple[np.ndarray, int]]:
        n = self.shape[1]
        return [(bits_to_vector(x, n), 2) for x in self.echelon.kernel_bits()]

    def _left_kernel(self) -> list[tuple[np.ndarray, int]]:
        return [(bits_to_vector(c, self.shape[0]), 2) for c in self.echelon.zero_combos]
