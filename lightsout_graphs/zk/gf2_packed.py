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

from lightsout_graphs.errors import MissingDependencyError
from lightsout_graphs.zk._common import coerce_vector
from lightsout_graphs.zk.gf2 import bits_to_vector, kernel_bits, vector_to_bits
from lightsout_graphs.zk.ordering import WIDE, bandwidth

#: The numba module once imported (``None`` until the compiled engine is first used).
numba: Any = None
#: numba's count-leading-zeros intrinsic (set when the kernels are compiled).
_leading_zeros: Any = None

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


def _pack_rows(matrix: sp.csr_array, words: int) -> np.ndarray:
    m, _ = matrix.shape
    out = np.zeros((m, words), dtype=np.uint64)
    counts = np.diff(matrix.indptr)
    rows = np.repeat(np.arange(m, dtype=np.int64), counts)
    odd = (matrix.data % 2) != 0
    rows, cols = rows[odd], matrix.indices[odd].astype(np.int64)
    bits = np.left_shift(np.uint64(1), (cols & 63).astype(np.uint64))
    np.bitwise_or.at(out, (rows, cols >> 6), bits)
    return out


def _top_bit(word: np.uint64) -> int:  # pragma: no cover - compiled
    return 63 - _leading_zeros(word)


def _top_bit_portable(word: np.uint64) -> int:  # pragma: no cover - compiled
    pos = 0
    w = word
    for shift in (32, 16, 8, 4, 2, 1):
        if w >> np.uint64(shift):
            w >>= np.uint64(shift)
            pos += shift
    return pos


def _bits_at(row: np.ndarray, top: int, g: int) -> np.int64:  # pragma: no cover - compiled
    # bit i of the result: the row's entry in column top - i, for i < g
    v = np.int64(0)
    for i in range(g):
        c = top - i
        v |= np.int64((row[c >> 6] >> np.uint64(c & 63)) & np.uint64(1)) << i
    return v


def _eliminate(
    rows: np.ndarray,
    ncols: int,
    batch: int,
    group: int,
    store: np.ndarray,
    log_row: np.ndarray,
    log_piv: np.ndarray,
) -> tuple:  # pragma: no cover
    # store: zeros shaped like rows; log_row, log_piv: the log's initial room (non-empty)
    m, wr = rows.shape
    r_lo = np.zeros(m, dtype=np.int64)
    r_hi = np.full(m, -1, dtype=np.int64)
    lead_of = np.full(m, -1, dtype=np.int64)  # -1: the row reduced to zero
    slot_of_lead = np.full(max(ncols, 1), -1, dtype=np.int64)
    nlog = 0
    work = np.zeros((batch, wr), dtype=np.uint64)
    lo = np.zeros(batch, dtype=np.int64)
    hi = np.zeros(batch, dtype=np.int64)
    lead = np.zeros(batch, dtype=np.int64)
    group = max(group, 1)
    table = np.zeros((1 << group, wr), dtype=np.uint64)
    piv = np.zeros(group, dtype=np.int64)
    piv_bits = np.zeros(group, dtype=np.int64)
    for start in range(0, m, batch):
        nbt = min(batch, m - start)
        top = -1
        for k in range(nbt):
            lo[k] = wr
            hi[k] = -1
            for w in range(wr):
                x = rows[start + k, w]
                work[k, w] = x
                if x:
                    if lo[k] == wr:
                        lo[k] = w
                    hi[k] = w
            lead[k] = -1 if hi[k] < 0 else hi[k] * 64 + _top_bit(work[k, hi[k]])
            top = max(top, lead[k])
        while top >= 0:
            if nlog + group * nbt > log_row.size:
                size = 2 * log_row.size + group * nbt
                grown = np.empty(size, dtype=np.int32)
                grown[:nlog] = log_row[:nlog]
                log_row = grown
                grown = np.empty(size, dtype=np.int32)
                grown[:nlog] = log_piv[:nlog]
                log_piv = grown
            g = 0  # columns top, top - 1, ..., top - g + 1 all have pivots already
            while g < group and top - g >= 0 and slot_of_lead[top - g] >= 0:
                g += 1
            nxt = -1
            if g >= 2:
                # Four Russians on g columns: every combination of their pivots in a table,
                # then one pass that reduces each batch row with the one entry it needs.
                wlo, whi = wr, -1
                for j in range(g):
                    s = slot_of_lead[top - j]
                    piv[j] = s
                    wlo = min(wlo, r_lo[s])
                    whi = max(whi, r_hi[s])
                    piv_bits[j] = _bits_at(store[s], top, g)
                span = whi + 1 - wlo  # loops over 0-based slices: LLVM vectorises them
                table[0, wlo : whi + 1] = 0
                for mask in range(1, 1 << g):
                    low = mask & -mask
                    j = _top_bit(np.uint64(low))
                    prev = table[mask ^ low, wlo : whi + 1]
                    cur = table[mask, wlo : whi + 1]
                    src = store[piv[j], wlo : whi + 1]
                    for w in range(span):
                        cur[w] = prev[w] ^ src[w]
                bottom = top - g
                for k in range(nbt):
                    if lead[k] > bottom:
                        wk = work[k]
                        x = _bits_at(wk, top, g)
                        mask = 0
                        for j in range(g):
                            if (x >> j) & 1:
                                mask |= 1 << j
                                x ^= piv_bits[j]
                                log_row[nlog] = start + k
                                log_piv[nlog] = piv[j]
                                nlog += 1
                        cur = table[mask, wlo : whi + 1]
                        dst = wk[wlo : whi + 1]
                        for w in range(span):
                            dst[w] ^= cur[w]
                        lo[k] = min(lo[k], wlo)
                        h = hi[k]
                        while h >= 0 and wk[h] == 0:
                            h -= 1
                        hi[k] = h
                        lead[k] = -3 if h < 0 else h * 64 + _top_bit(wk[h])
                    nxt = max(nxt, lead[k])
                top = nxt
                continue
            s = slot_of_lead[top]
            if s < 0:  # the first batch row at this column becomes its pivot
                k = 0
                while lead[k] != top:
                    k += 1
                i = start + k
                while work[k, lo[k]] == 0:
                    lo[k] += 1
                store[i, lo[k] : hi[k] + 1] = work[k, lo[k] : hi[k] + 1]
                r_lo[i] = lo[k]
                r_hi[i] = hi[k]
                slot_of_lead[top] = i
                lead_of[i] = top
                lead[k] = -2
                s = i
            rl, rh = r_lo[s], r_hi[s]
            st = store[s, rl : rh + 1]
            span = rh + 1 - rl
            for k in range(nbt):
                if lead[k] == top:
                    wk = work[k]
                    dst = wk[rl : rh + 1]
                    for w in range(span):
                        dst[w] ^= st[w]
                    lo[k] = min(lo[k], rl)
                    log_row[nlog] = start + k
                    log_piv[nlog] = s
                    nlog += 1
                    h = hi[k]
                    while h >= 0 and wk[h] == 0:
                        h -= 1
                    hi[k] = h
                    lead[k] = -3 if h < 0 else h * 64 + _top_bit(wk[h])
                nxt = max(nxt, lead[k])
            top = nxt
    return store, r_lo, r_hi, lead_of, log_row[:nlog], log_piv[:nlog]


def _forward(log_row: np.ndarray, log_piv: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    beta = rhs.copy()
    for t in range(log_row.size):
        beta[log_row[t]] ^= beta[log_piv[t]]
    return beta


def _backward(log_row: np.ndarray, log_piv: np.ndarray, seeds: np.ndarray) -> np.ndarray:
    # seeds[i]: bit j set when row i starts combination j; returns each row's bits.
    c = seeds.copy()
    for t in range(log_row.size - 1, -1, -1):
        c[log_piv[t]] ^= c[log_row[t]]
    return c


def _back_substitute(
    store: np.ndarray,
    r_lo: np.ndarray,
    r_hi: np.ndarray,
    pivots: np.ndarray,
    leads: np.ndarray,
    beta: np.ndarray,
) -> np.ndarray:  # pragma: no cover - compiled
    # x over packed words: pivots in increasing lead order, each fixing the bit of its lead
    x = np.zeros(store.shape[1], dtype=np.uint64)
    for t in range(pivots.size):
        i = pivots[t]
        acc = np.uint64(0)
        row, xs = store[i, r_lo[i] : r_hi[i] + 1], x[r_lo[i] : r_hi[i] + 1]
        for w in range(row.size):
            acc ^= row[w] & xs[w]
        for shift in (32, 16, 8, 4, 2, 1):
            acc ^= acc >> np.uint64(shift)
        if (np.uint64(beta[i]) ^ acc) & np.uint64(1):
            c = leads[t]
            x[c >> 6] |= np.uint64(1) << np.uint64(c & 63)
    return x


def _kernel_words(
    store: np.ndarray,
    r_lo: np.ndarray,
    r_hi: np.ndarray,
    pivots: np.ndarray,
    leads: np.ndarray,
    free: np.ndarray,
) -> np.ndarray:  # pragma: no cover - compiled
    # per free column f: bit f, then each pivot with lead > f (in increasing lead order) sets
    # its lead when its row meets the vector an odd number of times (pivots below f cannot)
    out = np.zeros((free.size, store.shape[1]), dtype=np.uint64)
    for j in range(free.size):
        x = out[j]
        f = free[j]
        x[f >> 6] = np.uint64(1) << np.uint64(f & 63)
        for t in range(np.searchsorted(leads, f), pivots.size):
            i = pivots[t]
            acc = np.uint64(0)
            row, xs = store[i, r_lo[i] : r_hi[i] + 1], x[r_lo[i] : r_hi[i] + 1]
            for w in range(row.size):
                acc ^= row[w] & xs[w]
            for shift in (32, 16, 8, 4, 2, 1):
                acc ^= acc >> np.uint64(shift)
            if acc & np.uint64(1):
                c = leads[t]
                x[c >> 6] |= np.uint64(1) << np.uint64(c & 63)
    return out


_COMPILED: dict[str, Any] = {}


def _kernels() -> dict[str, Any]:
    """The compiled kernels: numba is imported and the functions above jitted on first use.

    numba caches the machine code on disk, so later processes load it instead of compiling.
    """
    global numba
    if not AVAILABLE:
        msg = "The compiled GF(2) engine needs numba: pip install 'lightsout_graphs[fast]'."
        raise MissingDependencyError(msg)
    if not _COMPILED:
        import numba as nb

        numba = nb
        jit = nb.njit(cache=True, nogil=True)
        module = globals()
        try:  # a count-leading-zeros instruction instead of a branchy search
            from numba.cpython.unsafe.numbers import leading_zeros

            module["_leading_zeros"] = leading_zeros
        except ImportError:  # pragma: no cover - older or newer numba
            module["_top_bit"] = _top_bit_portable
        inline = nb.njit(cache=True, nogil=True, inline="always")
        for name in ("_top_bit", "_bits_at"):  # callees first
            module[name] = inline(module[name])
        for name in ("_eliminate", "_forward", "_backward", "_back_substitute", "_kernel_words"):
            module[name] = jit(module[name])
        _COMPILED.update(
            eliminate=_eliminate,
            forward=_forward,
            backward=_backward,
            back_substitute=_back_substitute,
            kernel_words=_kernel_words,
        )
    return _COMPILED


class PackedGF2Factorization:
    """A matrix over GF(2), eliminated by the compiled kernel on packed uint64 words.

    Same interface and answers as :class:`~lightsout_graphs.zk.gf2.GF2Factorization` (the same
    pivot rows, kernel generators and left-kernel generators).

    Parameters
    ----------
    matrix : scipy.sparse.csr_array
        The m × n matrix; entries are read mod 2.

    Attributes
    ----------
    modulus, shape, rank, kernel_size, image_size
        As in :class:`~lightsout_graphs.zk.protocol.Factorization`.
    leads : list of int
        The pivot columns, increasing.
    rows : list of int
        The pivot rows as bitsets over columns, in the order of ``leads``.

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
        m, n = matrix.shape
        self.modulus: int = 2
        self.method: str = "gf2-packed"
        self.shape: tuple[int, int] = (int(m), int(n))
        words = max(1, (n + 63) // 64)
        batch = BATCH if bandwidth(matrix) <= WIDE * max(m, n) else WIDE_BATCH
        room = max(1, min(LOG_START, m * min(m, n) // LOG_CELLS_PER_STEP))
        store, r_lo, r_hi, lead_of, self._log_row, self._log_piv = kern["eliminate"](
            _pack_rows(matrix, words),
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
        r = len(self.leads)
        self.rank: int | None = r
        self.kernel_size: int = 1 << (n - r)
        self.image_size: int = 1 << r

    @property
    def echelon(self) -> PackedGF2Echelon:
        """The echelon form with the interface of :class:`~lightsout_graphs.zk.gf2.GF2Echelon`."""
        return PackedGF2Echelon(self)

    @property
    def rows(self) -> list[int]:
        """The pivot rows as Python int bitsets over columns, in the order of ``leads``."""
        if self._rows is None:
            blob = self._store[self._pivot_rows].tobytes()
            size = 8 * self._store.shape[1]
            self._rows = [
                int.from_bytes(blob[t * size : (t + 1) * size], "little")
                for t in range(len(self._pivot_rows))
            ]
        return self._rows

    def _beta(self, rhs: np.ndarray) -> np.ndarray:
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

    def _violating_row(self, beta: np.ndarray) -> int | None:
        bad = self._zero_rows[beta[self._zero_rows] != 0]
        return int(bad[0]) if bad.size else None

    def solve(self, rhs: np.ndarray) -> np.ndarray | None:
        """One x with ``A x ≡ rhs (mod 2)``, or ``None`` when there is none.

        Raises
        ------
        InvalidStateError
            If ``rhs`` is not an integer vector of length m.
        """
        beta = self._beta(rhs)
        if self._violating_row(beta) is not None:
            return None
        words = _kernels()["back_substitute"](
            self._store, self._r_lo, self._r_hi, self._pivot_rows, self._pivot_leads, beta
        )
        n = self.shape[1]
        bits = np.unpackbits(words.view(np.uint8), bitorder="little")[:n]
        return bits.astype(np.int64)

    def is_solvable(self, rhs: np.ndarray) -> bool:
        """Whether ``A x ≡ rhs (mod 2)`` has a solution."""
        return self._violating_row(self._beta(rhs)) is None

    def certificate(self, rhs: np.ndarray) -> np.ndarray | None:
        """A y with ``yᵀA ≡ 0`` and ``y·rhs ≡ 1``; ``None`` exactly when rhs is solvable."""
        i = self._violating_row(self._beta(rhs))
        if i is None:
            return None
        return bits_to_vector(self._combos(np.array([i]))[0], self.shape[0])

    def kernel_words(self) -> np.ndarray | None:
        """The kernel basis of gf2.py as packed words, one row per free column (compiled).

        ``None`` when there are more than :data:`KERNEL_COMPILED_MAX` free columns.
        """
        n = self.shape[1]
        is_free = np.ones(n, dtype=bool)
        is_free[self._pivot_leads] = False
        free = np.flatnonzero(is_free)
        if free.size > KERNEL_COMPILED_MAX:
            return None
        return _kernels()["kernel_words"](
            self._store, self._r_lo, self._r_hi, self._pivot_rows, self._pivot_leads, free
        )

    def kernel(self) -> list[tuple[np.ndarray, int]]:
        """Generators ``(g, 2)`` of the kernel, one per free column."""
        n = self.shape[1]
        return [(bits_to_vector(x, n), 2) for x in kernel_bits(self.leads, self.rows, n)]

    def left_kernel(self) -> list[tuple[np.ndarray, int]]:
        """Generators ``(y, 2)`` of ``{y : yᵀA ≡ 0}``, one per row that reduced to zero."""
        m = self.shape[0]
        return [(bits_to_vector(c, m), 2) for c in self._combos(self._zero_rows)]


class PackedGF2Echelon:
    """The compiled engine's echelon form, answering with Python int bitsets like ``GF2Echelon``.

    It gives the same answers as :class:`~lightsout_graphs.zk.gf2.GF2Echelon` on the same
    matrix (the same pivot rows, left-kernel combinations, solutions and kernel basis), for
    engines built on top of GF(2) such as the Z_4 lift.

    Parameters
    ----------
    factorization : PackedGF2Factorization
        The eliminated matrix.

    Attributes
    ----------
    nrows, ncols : int
        m and n.
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
        self._zero_combos: list[int] | None = None

    @property
    def rank(self) -> int:
        """The rank over GF(2)."""
        return len(self.leads)

    @property
    def zero_combos(self) -> list[int]:
        """Bitsets of original rows whose sum is zero: a basis of the left kernel."""
        if self._zero_combos is None:
            self._zero_combos = self._f._combos(self._f._zero_rows)
        return self._zero_combos

    def _beta(self, b: int) -> np.ndarray:
        rhs = bits_to_vector(b, self.nrows).astype(np.uint8)
        return _kernels()["forward"](self._f._log_row, self._f._log_piv, rhs)

    def violated(self, b: int) -> int | None:
        """A left-kernel combo with odd overlap with ``b`` (a certificate), or ``None``."""
        i = self._f._violating_row(self._beta(b))
        if i is None:
            return None
        return self.zero_combos[int(np.searchsorted(self._f._zero_rows, i))]

    def back_substitute(self, b: int) -> int:
        """The solution bitset x with free columns 0, assuming ``b`` is solvable."""
        f = self._f
        words = _kernels()["back_substitute"](
            f._store, f._r_lo, f._r_hi, f._pivot_rows, f._pivot_leads, self._beta(b)
        )
        return int.from_bytes(words.astype("<u8").tobytes(), "little")

    def kernel_bits(self) -> list[int]:
        """One kernel bitset per free column f: bit f set, other free columns clear."""
        words = self._f.kernel_words()
        if words is None:
            return kernel_bits(self.leads, self._f.rows, self.ncols)
        blob = words.astype("<u8").tobytes()
        size = 8 * words.shape[1]
        return [
            int.from_bytes(blob[t * size : (t + 1) * size], "little") for t in range(len(words))
        ]

    def left_solve(self, c: int) -> int | None:
        """A row combination y (bitset over rows) with ``yᵀA = c``, or ``None``."""
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
