"""The numba kernels of the ``gf2-packed`` engine: elimination, log replay, back-substitution.

Plain Python functions on numpy uint64 words, jitted by :func:`compiled_kernels` on first use
(the method is described in :mod:`lightsout_graphs.core.zk.gf2_packed`). Rows are packed 64 columns
to a word; ``r_lo``/``r_hi`` keep the range of words where each stored row is nonzero; the
step log records each "row i += pivot s" in order.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["compiled_kernels"]

#: The numba module once imported (``None`` until the compiled engine is first used).
numba: Any = None
#: numba's count-leading-zeros intrinsic (set when the kernels are compiled).
_leading_zeros: Any = None
#: numba's count-trailing-zeros intrinsic (set when the kernels are compiled).
_trailing_zeros: Any = None


def _top_bit(word: np.uint64) -> int:  # pragma: no cover - compiled
    return 63 - _leading_zeros(word)


def _low_bit(word: np.uint64) -> int:  # pragma: no cover - compiled
    return int(_trailing_zeros(word))


def _top_bit_portable(word: np.uint64) -> int:  # pragma: no cover - compiled
    pos = 0
    w = word
    for shift in (32, 16, 8, 4, 2, 1):
        if w >> np.uint64(shift):
            w >>= np.uint64(shift)
            pos += shift
    return pos


#: _REVERSED[v]: the byte v with its 8 bits in the opposite order.
_REVERSED = np.array([int(f"{v:08b}"[::-1], 2) for v in range(256)], dtype=np.int64)


def _bits_at(row: np.ndarray, top: int, g: int) -> np.int64:  # pragma: no cover - compiled
    # bit i of the result: the row's entry in column top - i, for i < g
    low = top - g + 1
    if g <= 8 and low >> 6 == top >> 6:  # in one word: one shift, one table lookup
        v = np.int64((row[top >> 6] >> np.uint64(low & 63)) & np.uint64((1 << g) - 1))
        return _REVERSED[v] >> (8 - g)
    v = np.int64(0)
    for i in range(g):
        c = top - i
        v |= np.int64((row[c >> 6] >> np.uint64(c & 63)) & np.uint64(1)) << i
    return v


def _relead(  # pragma: no cover - compiled
    k: int, wk: np.ndarray, hi: np.ndarray, lead: np.ndarray, bucket: np.ndarray, count: np.ndarray
) -> None:
    # row k was just reduced: find its new top word and leading column (-3 when the row is
    # zero) and file it in that column's bucket
    h = hi[k]
    while h >= 0 and wk[h] == 0:
        h -= 1
    hi[k] = h
    lead[k] = -3 if h < 0 else h * 64 + _top_bit(wk[h])
    if h >= 0:
        bucket[lead[k], k >> 6] |= np.uint64(1) << np.uint64(k & 63)
        count[lead[k]] += 1


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
    # bucket[c]: the batch rows whose lead is column c, as a bitset (count[c] of them), so a
    # step visits only the rows it reduces, in increasing order, not the whole batch
    nbw = (batch + 63) >> 6
    bucket = np.zeros((max(ncols, 1), nbw), dtype=np.uint64)
    count = np.zeros(max(ncols, 1), dtype=np.int64)
    one = np.uint64(1)
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
            if lead[k] >= 0:
                bucket[lead[k], k >> 6] |= one << np.uint64(k & 63)
                count[lead[k]] += 1
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
                for kw in range(nbw):
                    bits = np.uint64(0)
                    for c in range(bottom + 1, top + 1):
                        bits |= bucket[c, kw]
                        bucket[c, kw] = 0
                    while bits:
                        k = kw * 64 + _low_bit(bits)
                        bits &= bits - one
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
                        _relead(k, wk, hi, lead, bucket, count)
                for c in range(bottom + 1, top + 1):
                    count[c] = 0
                top = bottom
                while top >= 0 and count[top] == 0:
                    top -= 1
                continue
            s = slot_of_lead[top]
            if s < 0:  # the first batch row at this column becomes its pivot
                kw = 0
                while bucket[top, kw] == 0:
                    kw += 1
                k = kw * 64 + _low_bit(bucket[top, kw])
                bucket[top, kw] &= bucket[top, kw] - one
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
            for kw in range(nbw):
                bits = bucket[top, kw]
                bucket[top, kw] = 0
                while bits:
                    k = kw * 64 + _low_bit(bits)
                    bits &= bits - one
                    wk = work[k]
                    dst = wk[rl : rh + 1]
                    for w in range(span):
                        dst[w] ^= st[w]
                    lo[k] = min(lo[k], rl)
                    log_row[nlog] = start + k
                    log_piv[nlog] = s
                    nlog += 1
                    _relead(k, wk, hi, lead, bucket, count)
            count[top] = 0
            top -= 1
            while top >= 0 and count[top] == 0:
                top -= 1
    return store, r_lo, r_hi, lead_of, log_row[:nlog], log_piv[:nlog]


def _pack(
    indptr: np.ndarray, indices: np.ndarray, data: np.ndarray, words: int
) -> np.ndarray:  # pragma: no cover - compiled
    # CSR rows as packed uint64 words: bit j of row i set for each odd entry (i, j)
    m = indptr.size - 1
    out = np.zeros((m, words), dtype=np.uint64)
    for i in range(m):
        for t in range(indptr[i], indptr[i + 1]):
            if data[t] % 2:
                j = indices[t]
                out[i, j >> 6] |= np.uint64(1) << np.uint64(j & 63)
    return out


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


def _parity(row: np.ndarray, xs: np.ndarray) -> np.uint64:  # pragma: no cover - compiled
    # bit 0 of the result: the parity of row · xs (both packed words)
    acc = np.uint64(0)
    for w in range(row.size):
        acc ^= row[w] & xs[w]
    for shift in (32, 16, 8, 4, 2, 1):
        acc ^= acc >> np.uint64(shift)
    return acc


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
        odd = _parity(store[i, r_lo[i] : r_hi[i] + 1], x[r_lo[i] : r_hi[i] + 1])
        if (np.uint64(beta[i]) ^ odd) & np.uint64(1):
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
            if _parity(store[i, r_lo[i] : r_hi[i] + 1], x[r_lo[i] : r_hi[i] + 1]) & np.uint64(1):
                c = leads[t]
                x[c >> 6] |= np.uint64(1) << np.uint64(c & 63)
    return out


_COMPILED: dict[str, Any] = {}


def compiled_kernels() -> dict[str, Any]:
    """The compiled kernels: numba is imported and the functions above jitted on first use.

    numba caches the machine code on disk, so later processes load it instead of compiling.
    The caller checks that numba is installed
    (:data:`lightsout_graphs.core.zk.gf2_packed.AVAILABLE`).

    Returns
    -------
    dict of str to callable
        ``eliminate``, ``pack``, ``forward``, ``backward``, ``back_substitute`` and
        ``kernel_words``.

    Examples
    --------
    >>> from lightsout_graphs.core.zk.gf2_packed import AVAILABLE
    >>> not AVAILABLE or sorted(compiled_kernels())[0] == "back_substitute"
    True
    """
    global numba
    if not _COMPILED:
        import numba as nb

        numba = nb
        jit = nb.njit(cache=True, nogil=True)
        module = globals()
        try:  # a count-leading-zeros instruction instead of a branchy search
            from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

            module["_leading_zeros"] = leading_zeros
            module["_trailing_zeros"] = trailing_zeros
        except ImportError:  # pragma: no cover - older or newer numba
            from lightsout_graphs.core.zk.graph_ranks import lowest_bit_portable

            module["_top_bit"] = _top_bit_portable
            module["_low_bit"] = lowest_bit_portable
        inline = nb.njit(cache=True, nogil=True, inline="always")
        for name in ("_top_bit", "_low_bit", "_bits_at", "_relead", "_parity"):  # callees first
            module[name] = inline(module[name])
        for name in (
            "_eliminate",
            "_pack",
            "_forward",
            "_backward",
            "_back_substitute",
            "_kernel_words",
        ):
            module[name] = jit(module[name])
        _COMPILED.update(
            eliminate=_eliminate,
            pack=_pack,
            forward=_forward,
            backward=_backward,
            back_substitute=_back_substitute,
            kernel_words=_kernel_words,
        )
    return _COMPILED
