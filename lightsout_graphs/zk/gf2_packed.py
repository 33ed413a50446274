"""A compiled GF(2) elimination on packed uint64 words (numba), for large matrices."""

# Method: the same elimination as gf2.py, so both engines give identical echelon forms: rows are
# inserted in order and reduced against pivots indexed by their leading column, each row
# carrying the combination of original rows it stands for. Here rows and combinations are numpy
# uint64 words compiled with numba, and every stored row remembers the range of words where it
# is nonzero, so a reduction only touches those words: a few words per step on the band of a
# grid, full rows only where fill-in makes them dense (random graphs). The echelon form then goes
# back to Python ints, and solving, kernels and certificates run exactly as in gf2.py.
# Without numba, ``worthwhile`` is False and factorize uses the pure-Python engine.

from __future__ import annotations

from typing import Any

import numpy as np
import scipy.sparse as sp

from lightsout_graphs.errors import MissingDependencyError
from lightsout_graphs.zk.gf2 import GF2Echelon, GF2Factorization

numba: Any
try:  # numba is optional (the "fast" extra)
    import numba
except ImportError:  # pragma: no cover - exercised only without numba
    numba = None

__all__ = ["AVAILABLE", "PackedGF2Factorization", "packed_echelon", "worthwhile"]

#: Whether the compiled kernel can run here.
AVAILABLE: bool = numba is not None
#: ``factorize(..., method="gf2")`` uses the compiled kernel from this many rows × columns on.
MIN_CELLS = 1_000_000
#: ... and only while its packed storage stays below this many bytes.
MAX_BYTES = 1 << 30


def worthwhile(matrix: sp.csr_array) -> bool:
    """Whether ``factorize`` should use the compiled kernel for this GF(2) matrix.

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> worthwhile(sp.csr_array((3, 3), dtype=np.int64))
    False
    """
    m, n = matrix.shape
    words = (n + 63) // 64 + (m + 63) // 64
    return AVAILABLE and m * n >= MIN_CELLS and 8 * m * words <= MAX_BYTES


def _pack_rows(matrix: sp.csr_array, words: int) -> np.ndarray:
    m, _ = matrix.shape
    out = np.zeros((m, words), dtype=np.uint64)
    counts = np.diff(matrix.indptr)
    rows = np.repeat(np.arange(m, dtype=np.int64), counts)
    odd = (matrix.data % 2) != 0
    rows, cols = rows[odd], matrix.indices[odd].astype(np.int64)
    np.bitwise_or.at(
        out, (rows, cols >> 6), np.left_shift(np.uint64(1), (cols & 63).astype(np.uint64))
    )
    return out


def _kernel_source() -> Any:
    """Compile the elimination kernel (once; numba caches it on disk)."""
    assert numba is not None

    @numba.njit(cache=True, nogil=True)
    def top_bit(word: np.uint64) -> int:  # pragma: no cover - compiled
        pos = 0
        w = word
        for shift in (32, 16, 8, 4, 2, 1):
            if w >> np.uint64(shift):
                w >>= np.uint64(shift)
                pos += shift
        return pos

    @numba.njit(cache=True, nogil=True)
    def eliminate(rows: np.ndarray, ncols: int) -> tuple:  # pragma: no cover - compiled
        m, wr = rows.shape
        wc = (m + 63) // 64
        store_r = np.zeros((m, wr), dtype=np.uint64)
        store_c = np.zeros((m, wc), dtype=np.uint64)
        r_lo = np.zeros(m, dtype=np.int64)
        r_hi = np.full(m, -1, dtype=np.int64)
        c_lo = np.zeros(m, dtype=np.int64)
        c_hi = np.zeros(m, dtype=np.int64)
        lead_of = np.full(m, -1, dtype=np.int64)  # -1: the row reduced to zero
        slot_of_lead = np.full(max(ncols, 1), -1, dtype=np.int64)
        work_r = np.zeros(wr, dtype=np.uint64)
        work_c = np.zeros(wc, dtype=np.uint64)
        one = np.uint64(1)
        for i in range(m):
            lo = wr
            hi = -1
            for w in range(wr):
                work_r[w] = rows[i, w]
                if work_r[w]:
                    if lo == wr:
                        lo = w
                    hi = w
            clo = i >> 6
            chi = i >> 6
            for w in range(wc):
                work_c[w] = 0
            work_c[clo] = one << np.uint64(i & 63)
            while True:
                while hi >= 0 and work_r[hi] == 0:
                    hi -= 1
                if hi < 0:
                    break
                lead = hi * 64 + top_bit(work_r[hi])
                s = slot_of_lead[lead]
                if s < 0:
                    break
                for w in range(r_lo[s], r_hi[s] + 1):
                    work_r[w] ^= store_r[s, w]
                lo = min(lo, r_lo[s])
                for w in range(c_lo[s], c_hi[s] + 1):
                    work_c[w] ^= store_c[s, w]
                clo = min(clo, c_lo[s])
                chi = max(chi, c_hi[s])
            if hi >= 0:
                while work_r[lo] == 0:
                    lo += 1
                lead = hi * 64 + top_bit(work_r[hi])
                slot_of_lead[lead] = i
                lead_of[i] = lead
                r_lo[i] = lo
                r_hi[i] = hi
                for w in range(lo, hi + 1):
                    store_r[i, w] = work_r[w]
            while work_c[clo] == 0:
                clo += 1
            while work_c[chi] == 0:
                chi -= 1
            c_lo[i] = clo
            c_hi[i] = chi
            for w in range(clo, chi + 1):
                store_c[i, w] = work_c[w]
        return store_r, store_c, lead_of

    return eliminate


_KERNEL: Any = None


def _words_to_int(words: np.ndarray) -> int:
    return int.from_bytes(np.ascontiguousarray(words).tobytes(), "little")


def packed_echelon(matrix: sp.csr_array) -> GF2Echelon:
    """The :class:`~lightsout_graphs.zk.gf2.GF2Echelon` of a matrix, computed by the compiled kernel.

    Parameters
    ----------
    matrix : scipy.sparse.csr_array
        Entries are read mod 2.

    Returns
    -------
    GF2Echelon
        Identical to ``GF2Echelon(rows_to_bits(matrix), n)``.

    Raises
    ------
    MissingDependencyError
        If numba is not installed.

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> packed_echelon(sp.csr_array(np.array([[1, 1, 0], [0, 1, 1], [1, 0, 1]]))).leads
    [1, 2]
    """
    global _KERNEL
    if numba is None:
        msg = "The compiled GF(2) engine needs numba: pip install 'lightsout_graphs[fast]'."
        raise MissingDependencyError(msg)
    if _KERNEL is None:
        _KERNEL = _kernel_source()
    m, n = matrix.shape
    words = max(1, (n + 63) // 64)
    packed = _pack_rows(matrix, words)
    if m == 0:
        return GF2Echelon.from_parts(0, n, [], [], [], [])
    store_r, store_c, lead_of = _KERNEL(packed, n)
    leads: list[int] = []
    rows: list[int] = []
    combos: list[int] = []
    zeros: list[int] = []
    for i in np.flatnonzero(lead_of < 0):
        zeros.append(_words_to_int(store_c[i]))
    pivot_rows = np.flatnonzero(lead_of >= 0)
    for i in pivot_rows[np.argsort(lead_of[pivot_rows], kind="stable")]:
        leads.append(int(lead_of[i]))
        rows.append(_words_to_int(store_r[i]))
        combos.append(_words_to_int(store_c[i]))
    return GF2Echelon.from_parts(m, n, leads, rows, combos, zeros)


class PackedGF2Factorization(GF2Factorization):
    """A GF(2) factorisation whose elimination runs compiled on packed uint64 words.

    Same interface and the same answers as
    :class:`~lightsout_graphs.zk.gf2.GF2Factorization`.

    Parameters
    ----------
    matrix : scipy.sparse.csr_array
        The m × n matrix; entries are read mod 2.

    Raises
    ------
    MissingDependencyError
        If numba is not installed.

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> f = PackedGF2Factorization(sp.csr_array(np.array([[1, 1], [1, 1]])))
    >>> f.rank, f.kernel()
    (1, [(array([1, 1]), 2)])
    """

    def __init__(self, matrix: sp.csr_array) -> None:
        self._setup(matrix, packed_echelon(matrix))
