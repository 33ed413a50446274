"""The one Walsh–Hadamard transform of the package, exact over the integers.

``F(λ) = Σ_g w_g·(−1)^{λ·v_g}`` for every ``λ`` in ``0..2**d − 1``, in ``O(d·2**d)``
operations whatever the number of columns ``v_g``. Both the fewest-press search (the press
counts of every solution of a GF(2) coset) and God's number (the spectrum whose peak it
minimises) run through :func:`transform`.
"""

from __future__ import annotations

import numpy as np

from lightsout_graphs.algorithms._cosets import transform
from lightsout_graphs.core._memory import check_memory
from lightsout_graphs.core.errors import MatrixError, require_int, require_int_entries

#: The largest dimension of a spectrum (2**24 int64 values: 128 MiB).
MAX_DIMENSION = 24
#: Bytes per value of ``λ`` that a spectrum and its search hold at once (int64 copies).
SPECTRUM_BYTES = 48


def spectrum(columns: np.ndarray, weights: np.ndarray, dimension: int) -> np.ndarray:
    """:func:`walsh_spectrum` on checked int64 arrays (the searches' inner step).

    Computed in int32 when ``Σ |weights|`` bounds every value below ``2**31`` (four times
    faster than int64), returned as int64.
    """
    narrow = int(np.abs(weights).sum()) < 2**31 - 1
    f = np.zeros(1 << dimension, dtype=np.int32 if narrow else np.int64)
    np.add.at(f, columns, weights.astype(f.dtype))
    return transform(f).astype(np.int64, copy=False)


def _entries(values: object, name: str, low: int, high: int) -> np.ndarray:
    """A flat int64 array of integers in ``low..high``, or :class:`MatrixError` naming the entry."""
    flat = np.asarray(values, dtype=object)
    if flat.ndim != 1:
        msg = f"Argument {name!r} must be a flat sequence of integers, not shape {flat.shape}."
        raise MatrixError(msg)
    out = np.array(require_int_entries(flat, name, error=MatrixError), dtype=object)
    bad = np.flatnonzero((out < low) | (out > high))
    if len(bad):
        i = int(bad[0])
        msg = f"Argument {name!r} must hold integers in {low}..{high}; entry {i} is {out[i]}."
        raise MatrixError(msg)
    return out.astype(np.int64)


def walsh_spectrum(columns: np.ndarray, weights: np.ndarray, dimension: int) -> np.ndarray:
    """``F(λ) = Σ_g weights[g]·(−1)^{λ·columns[g]}`` for every ``λ`` in ``0..2**dimension − 1``.

    One fast Walsh–Hadamard transform: ``O(d·2**d)`` operations whatever the number of columns.

    Parameters
    ----------
    columns : numpy.ndarray
        Column bit masks ``v_g`` (bit ``i`` is quiet pattern ``i``), each below ``2**dimension``.
    weights : numpy.ndarray
        Integer weights ``b_g``.
    dimension : int

    Returns
    -------
    numpy.ndarray
        int64 array of length ``2**dimension``.

    Raises
    ------
    MatrixError
        A dimension outside ``0..MAX_DIMENSION``, a column outside ``0..2**dimension − 1``,
        or weights that are not integers or not one per column.
    MemoryBudgetError
        When the spectrum does not fit the memory budget.

    Examples
    --------
    >>> walsh_spectrum(np.array([1, 2]), np.array([3, -1]), 2).tolist()
    [2, -4, 4, -2]
    """
    d = require_int(dimension, "dimension", minimum=0, maximum=MAX_DIMENSION, error=MatrixError)
    cols = _entries(columns, "columns", 0, (1 << d) - 1)
    w = _entries(weights, "weights", -(2**40), 2**40)
    if len(w) != len(cols):
        msg = f"Arguments 'columns' and 'weights' differ in length: {len(cols)} and {len(w)}."
        raise MatrixError(msg)
    check_memory(SPECTRUM_BYTES << d, f"a Walsh spectrum of 2**{d} values", "use fewer columns")
    return spectrum(cols, w, d)
