"""A compiled GF(2) elimination on packed uint64 words (numba), for large matrices."""

# Method: the same elimination as gf2.py (rows inserted in order, each reduced against the pivot
# of its leading column), so both engines reach the same pivot rows; rows here are numpy uint64
# words compiled with numba. Two things make it fast. (1) A batch of rows is swept together from
# the top column down, so a pivot row is read from memory once per batch and applied to every
# batch row that needs it; within a batch the first row to reach a pivot-less column becomes its
# pivot, exactly as with one-at-a-time insertion. Every stored row keeps the range of words where
# it is nonzero, so the band of a grid costs a few words per step. When the next GROUP columns
# of the sweep all have pivots already (the dense tail of a random graph's elimination), their
# pivots are combined into a table of all 2**GROUP sums and each batch row is reduced by the one
# entry it needs, in one pass (M4RI's "method of four Russians"): the row is read once instead of
# once per pivot, and the batch is scanned once per group (measured 1.5x less elimination time
# at N = 10,000, average degree 6). Reduction modulo pivots with distinct leads has one result
# whatever the order, so the pivot rows are the same. (2) Instead of carrying the combination of
# original rows along with every row (which doubles the work), the kernel logs each step
# "row i += pivot s". Replaying the log forward transforms a right-hand side; replaying it
# backward from a row that reduced to zero yields that row's combination, a left-kernel vector
# (64 at a time, as bit masks). Solving back-substitutes on the packed words (compiled); the
# kernel runs on Python ints as in gf2.py, whose pivot rows are built only when first needed.
# PackedGF2Echelon answers with Python int bitsets like gf2.GF2Echelon, for the Z_4 lift: its
# kernel basis is back-substituted per free column on the packed words (compiled), and a left
# solve replays the log backward once from the pivots it used.
# Without numba, ``worthwhile`` is False and factorize uses the pure-Python engine.

from __future__ import annotations

import importlib.util
from typing import Any

import numpy as np
import scipy.sparse as sp

from lightsout_graphs.core.errors import MissingDependencyError
from lightsout_graphs.core.zk._common import coerce_vector
from lightsout_graphs.core.zk.elimination import EliminationSolver
from lightsout_graphs.core.zk.gf2 import GF2Echelon, bits_to_vector, kernel_bits, vector_to_bits
from lightsout_graphs.core.zk.gf2_compiled import compiled_kernels
from lightsout_graphs.core.zk.ordering import WIDE, bandwidth

__all__ = ["AVAILABLE", "PackedGF2Echelon", "PackedGF2Factorization", "worthwhile"]

#: Whether the compiled kernel can run here (numba is installed; imported on first use only,
#: since importing it takes a noticeable fraction of a second).
AVAILABLE: bool = importlib.util.find_spec("numba") is not None
#: ``factorize(..., method="gf2")`` uses the compiled kernel from this many rows × columns on.
MIN_CELLS = 1_000_000
#: ... and only while its packed storage stays below this many bytes.
MAX_BYTES = 1 << 30
#: Rows swept together by the compiled kernel: for banded matrices ...
BATCH = 256
#: ... and for matrices without a narrow band (measured best on random sparse graphs).
WIDE_BATCH = 512
#: Columns whose pivots are combined into one table (2**GROUP rows) and applied in one pass.
GROUP = 4
#: Above this many free columns the kernel comes from the Python-int method of gf2.py, which
#: visits each nonzero entry of the pivot rows once instead of each word once per free column.
KERNEL_COMPILED_MAX = 2048
#: Initial room of the step log, at most (it doubles when full) ...
LOG_START = 1 << 25
#: ... and at least one step per this many cells of the matrix. The room is reserved by numpy,
#: which asks for huge pages: only the part written is backed by memory, and page faults,
#: measured as a third of the elimination time with small pages, become rare.
LOG_CELLS_PER_STEP = 8


def worthwhile(matrix: sp.csr_array) -> bool:
    """Whether ``factorize`` should use the compiled kernel for this GF(2) matrix.

    Parameters
    ----------
    matrix : scipy.sparse.csr_array

    Returns
    -------
    bool
        True when numba is installed and the matrix is large (at least :data:`MIN_CELLS`
        entries) but its packed rows fit :data:`MAX_BYTES`.

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> worthwhile(sp.csr_array((3, 3), dtype=np.int64))
    False
    """
    m, n = matrix.shape
    return AVAILABLE and m * n >= MIN_CELLS and m * ((n + 63) // 64) * 8 <= MAX_BYTES


def _words_to_ints(words: np.ndarray) -> list[int]:
    """Rows of packed words as Python int bitsets."""
    blob = words.astype("<u8").tobytes()
    size = 8 * words.shape[1]
    return [int.from_bytes(blob[t * size : (t + 1) * size], "little") for t in range(len(words))]


def _kernels() -> dict[str, Any]:
    if not AVAILABLE:
        msg = "The compiled GF(2) engine needs numba: pip install 'lightsout_graphs[fast]'."
        raise MissingDependencyError(msg)
    return compiled_kernels()


class PackedGF2Factorization(EliminationSolver):
    """A matrix over GF(2), eliminated by the compiled kernel on packed uint64 words.

    The same parameter and answers as :class:`~lightsout_graphs.core.zk.gf2.GF2Factorization`
    (the same pivot rows, kernel generators and left-kernel generators).

    Attributes
    ----------
    leads : list of int
        The pivot columns, increasing.
    rows : list of int
        The pivot rows as bitsets over columns, in the order of ``leads``.
    echelon : PackedGF2Echelon
        The echelon form with the interface of :class:`~lightsout_graphs.core.zk.gf2.GF2Echelon`.

    Raises
    ------
    MissingDependencyError
        If numba is not installed.

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> f = PackedGF2Factorization(sp.csr_array(np.array([[1, 1], [1, 1]])))
    >>> f.rank, f.kernel(), f.left_kernel()
    (1, [(array([1, 1]), 2)], [(array([1, 1]), 2)])
    >>> f.solve(np.array([1, 1])), f.certificate(np.array([1, 0]))
    (array([0, 1]), array([1, 1]))
    """

    def __init__(self, matrix: sp.csr_array) -> None:
        kern = _kernels()
        self._start(2, "gf2-packed", matrix.shape)
        m, n = self.shape
        words = max(1, (n + 63) // 64)
        batch = BATCH if bandwidth(matrix) <= WIDE * max(m, n) else WIDE_BATCH
        room = max(1, min(LOG_START, m * min(m, n) // LOG_CELLS_PER_STEP))
        csr = sp.csr_array(matrix)  # packed words, bit j of row i: entry (i, j) is odd
        store, r_lo, r_hi, lead_of, self._log_row, self._log_piv = kern["eliminate"](
            kern["pack"](csr.indptr, csr.indices, csr.data, words),
            int(n),
            batch,
            GROUP,
            np.zeros((m, words), dtype=np.uint64),
            np.empty(room, dtype=np.int32),
            np.empty(room, dtype=np.int32),
        )
        pivots = np.flatnonzero(lead_of >= 0)
        pivots = pivots[np.argsort(lead_of[pivots], kind="stable")]
        self._store, self._r_lo, self._r_hi = store, r_lo, r_hi
        self._pivot_rows = pivots
        self._pivot_leads = lead_of[pivots]
        self._zero_rows = np.flatnonzero(lead_of < 0)
        self.leads: list[int] = self._pivot_leads.tolist()
        self._rows: list[int] | None = None
        self._field_counts(len(self.leads))
        self.echelon = PackedGF2Echelon(self)

    @property
    def rows(self) -> list[int]:
        """The pivot rows as Python int bitsets over columns, in the order of ``leads``.

        Examples
        --------
        >>> import scipy.sparse as sp
        >>> f = PackedGF2Factorization(sp.csr_array(np.array([[1, 1, 0], [0, 1, 1], [1, 0, 1]])))
        >>> f.leads, [row.bit_length() - 1 for row in f.rows]
        ([1, 2], [1, 2])
        """
        if self._rows is None:
            self._rows = _words_to_ints(self._store[self._pivot_rows])
        return self._rows

    def _prepare(self, rhs: np.ndarray) -> np.ndarray:
        b = coerce_vector(rhs, self.shape[0], 2).astype(np.uint8)
        return _kernels()["forward"](self._log_row, self._log_piv, b)

    def _combos(self, rows: np.ndarray) -> list[int]:
        """The combination of original rows that each given row was reduced with, as bitsets."""
        out: list[int] = []
        m = self.shape[0]
        for start in range(0, len(rows), 64):
            chunk = rows[start : start + 64]
            seeds = np.zeros(m, dtype=np.uint64)
            seeds[chunk] = np.left_shift(np.uint64(1), np.arange(len(chunk), dtype=np.uint64))
            words = _kernels()["backward"](self._log_row, self._log_piv, seeds)
            for j in range(len(chunk)):
                bits = ((words >> np.uint64(j)) & np.uint64(1)).astype(np.uint8)
                out.append(vector_to_bits(bits))
        return out

    def _witness(self, beta: np.ndarray) -> int | None:
        bad = self._zero_rows[beta[self._zero_rows] != 0]
        return int(bad[0]) if bad.size else None

    def _particular(self, beta: np.ndarray) -> np.ndarray:
        words = _kernels()["back_substitute"](
            self._store, self._r_lo, self._r_hi, self._pivot_rows, self._pivot_leads, beta
        )
        bits = np.unpackbits(words.view(np.uint8), bitorder="little")[: self.shape[1]]
        return bits.astype(np.int64)

    def _certify(self, row: int) -> np.ndarray:
        return bits_to_vector(self._combos(np.array([row]))[0], self.shape[0])

    def kernel_words(self) -> np.ndarray | None:
        """The kernel basis of gf2.py as packed words, one row per free column (compiled).

        ``None`` when there are more than :data:`KERNEL_COMPILED_MAX` free columns.

        Examples
        --------
        >>> import scipy.sparse as sp
        >>> f = PackedGF2Factorization(sp.csr_array(np.array([[1, 1, 0], [0, 1, 1], [1, 0, 1]])))
        >>> f.kernel_words().tolist()
        [[7]]
        """
        free = np.setdiff1d(np.arange(self.shape[1]), self._pivot_leads)
        if free.size > KERNEL_COMPILED_MAX:
            return None
        return _kernels()["kernel_words"](
            self._store, self._r_lo, self._r_hi, self._pivot_rows, self._pivot_leads, free
        )

    def _kernel(self) -> list[tuple[np.ndarray, int]]:
        n = self.shape[1]
        return [(bits_to_vector(x, n), 2) for x in kernel_bits(self.leads, self.rows, n)]

    def _left_kernel(self) -> list[tuple[np.ndarray, int]]:
        m = self.shape[0]
        return [(bits_to_vector(c, m), 2) for c in self._combos(self._zero_rows)]


class PackedGF2Echelon:
    """The compiled engine's echelon form, answering with Python int bitsets like ``GF2Echelon``.

    It gives the same answers as :class:`~lightsout_graphs.core.zk.gf2.GF2Echelon` on the same
    matrix (the same pivot rows, left-kernel combinations, solutions and kernel basis), for
    engines built on top of GF(2) such as the Z_4 lift.

    Parameters
    ----------
    factorization : PackedGF2Factorization
        The eliminated matrix.

    Attributes
    ----------
    nrows, ncols, rank : int
        m, n and the rank over GF(2).
    leads : list of int
        The pivot columns, increasing.

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> e = PackedGF2Factorization(
    ...     sp.csr_array(np.array([[1, 1, 0], [0, 1, 1], [1, 0, 1]]))
    ... ).echelon
    >>> e.rank, e.zero_combos, e.kernel_bits()
    (2, [7], [7])
    >>> e.violated(0b001), e.violated(0b011), e.back_substitute(0b011)
    (7, None, 2)
    >>> e.left_solve(0b101), e.left_solve(0b100)
    (3, None)
    """

    def __init__(self, factorization: PackedGF2Factorization) -> None:
        self._f = factorization
        self.nrows, self.ncols = factorization.shape
        self.leads: list[int] = factorization.leads
        self.rank: int = len(self.leads)
        self._zero_combos: list[int] | None = None

    @property
    def zero_combos(self) -> list[int]:
        """Bitsets of original rows whose sum is zero: a basis of the left kernel.

        Examples
        --------
        >>> import scipy.sparse as sp
        >>> a = np.array([[1, 1, 0], [0, 1, 1], [1, 0, 1]])
        >>> PackedGF2Factorization(sp.csr_array(a)).echelon.zero_combos
        [7]
        """
        if self._zero_combos is None:
            self._zero_combos = self._f._combos(self._f._zero_rows)
        return self._zero_combos

    def _beta(self, b: int) -> np.ndarray:
        return self._f._prepare(bits_to_vector(b, self.nrows))

    def violated(self, b: int) -> int | None:
        i = self._f._witness(self._beta(b))
        return None if i is None else self.zero_combos[int(np.searchsorted(self._f._zero_rows, i))]

    def back_substitute(self, b: int) -> int:
        f = self._f
        words = _kernels()["back_substitute"](
            f._store, f._r_lo, f._r_hi, f._pivot_rows, f._pivot_leads, self._beta(b)
        )
        return int.from_bytes(words.astype("<u8").tobytes(), "little")

    def kernel_bits(self) -> list[int]:
        words = self._f.kernel_words()
        if words is None:
            return kernel_bits(self.leads, self._f.rows, self.ncols)
        return _words_to_ints(words)

    def left_solve(self, c: int) -> int | None:
        f = self._f
        by_lead = dict(
            zip(self.leads, zip(f.rows, f._pivot_rows.tolist(), strict=True), strict=True)
        )
        used = []
        while c:
            hit = by_lead.get(c.bit_length() - 1)
            if hit is None:
                return None
            c ^= hit[0]
            used.append(hit[1])
        seeds = np.zeros(self.nrows, dtype=np.uint64)
        seeds[used] = 1
        words = _kernels()["backward"](f._log_row, f._log_piv, seeds)
        return vector_to_bits((words & np.uint64(1)).astype(np.uint8))


for _name in ("violated", "back_substitute", "kernel_bits", "left_solve"):  # as GF2Echelon
    getattr(PackedGF2Echelon, _name).__doc__ = getattr(GF2Echelon, _name).__doc__
