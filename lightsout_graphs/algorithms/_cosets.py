"""The solution coset in grouped form, and the number of presses of every solution at once.

The one lower module of the coset searches: the fewest-press search
(:mod:`lightsout_graphs.algorithms.minimum`), God's number (:mod:`lightsout_graphs.algorithms.gods`)
and sampling share it, so none of them imports another.

Every solution of a board is ``x = x0 + Σ λ_i g_i (mod k)`` for one solution ``x0`` and the
quiet-pattern generators ``g_i`` of additive orders ``o_i`` (``0 <= λ_i < o_i``). Two lights
``u`` and ``v`` whose columns ``(g_1[u], …, g_d[u])`` are equal and whose ``x0`` values are equal
receive the same count in every solution, so they form one **group** with a multiplicity
(:class:`CosetGroups`, :func:`group_coset`; God's number groups the quiet patterns themselves,
the coset of ``x0 = 0``). The number of presses of the solution ``λ`` is then

    f(λ) = Σ_groups m · ((v + λ·c) mod k),

a function of ``d`` variables over at most ``N`` groups (for the 299×299 board: 22 variables
and 1,417 groups instead of 89,401 lights).

All ``K = Π o_i`` values of ``f`` come out of one transform along the ``d`` axes of a
``o_1 × … × o_d × k`` table (:func:`press_counts`; the exact integer Walsh–Hadamard transform
:func:`transform` for k = 2), in ``O(d · K · k)`` operations instead of ``O(K · N)``. The
result is exact, so the minimum of ``f`` is a proof of the fewest presses; GF(2) cosets too
large for one table are searched by branch and bound over two halves (:func:`split_minimum`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from lightsout_graphs.core.errors import SearchLimitError

__all__ = [
    "MAX_PACKED",
    "TABLE_MODULUS",
    "CosetGroups",
    "SplitSearch",
    "generator_columns",
    "group_coset",
    "press_counts",
    "split_minimum",
    "transform",
]


#: The lowest bits of the transform go through one float64 matrix product with a Hadamard
#: matrix of this many bits (exact: every partial sum stays far below 2**53).
_LOW_BITS = 6
#: Rows of that product done at once (bounds the float64 copy).
_CHUNK = 1 << 14


def transform(w: np.ndarray) -> np.ndarray:
    """In-place Walsh–Hadamard transform of a flat integer array of length ``2**bits``.

    The lowest bits in one exact float64 product with a small Hadamard matrix (BLAS), the
    others two levels per pass over the array. The array is returned for chaining; its dtype
    must hold the result (the caller chooses int32 or int64, with totals below ``2**52``).

    Examples
    --------
    >>> transform(np.array([1, 0, 0, 0])).tolist(), transform(np.array([0, 1, 0, 0])).tolist()
    ([1, 1, 1, 1], [1, -1, 1, -1])
    """
    bits = w.size.bit_length() - 1
    low = min(bits, _LOW_BITS)
    if low >= 2:
        from scipy.linalg import hadamard

        h_low = hadamard(1 << low)
        rows = w.reshape(-1, 1 << low)
        for start in range(0, len(rows), _CHUNK):
            block = rows[start : start + _CHUNK]
            block[...] = np.rint(block.astype(np.float64) @ h_low).astype(w.dtype)
        h = low
    else:
        h = 0
    while h < bits:
        if h + 1 < bits:
            v = w.reshape(-1, 4, 2**h)
            a, b, c, d = v[:, 0, :], v[:, 1, :], v[:, 2, :], v[:, 3, :]
            s0, s1, s2, s3 = a + b, a - b, c + d, c - d
            v[:, 0, :] = s0 + s2
            v[:, 1, :] = s1 + s3
            v[:, 2, :] = s0 - s2
            v[:, 3, :] = s1 - s3
            h += 2
        else:
            v = w.reshape(-1, 2, 2**h)
            a, b = v[:, 0, :], v[:, 1, :]
            a += b
            b *= -2
            b += a
            h += 1
    return w


#: GF(2) columns are packed into int64 bit masks: at most this many quiet patterns.
MAX_PACKED = 62


@dataclass(frozen=True)
class CosetGroups:
    """Lights grouped by their quiet-pattern column and their value in ``x0``.

    Attributes
    ----------
    columns : numpy.ndarray
        ``G × d`` coefficients: the column of each group, entry ``i`` divided by ``k // o_i``
        (so it lies in ``0..o_i - 1``). Rows are sorted, so the zero column comes first.
    values : numpy.ndarray
        The value of ``x0`` on each group, in ``0..k-1``.
    sizes : numpy.ndarray
        How many lights each group holds.
    orders : tuple of int
        The orders ``o_i`` of the generators.
    modulus : int
    member : numpy.ndarray
        For every light (in the order of ``x0``), the index of its group.

    Examples
    --------
    >>> g = group_coset(np.array([1, 1, 0]), [(np.array([1, 1, 1]), 2)], 2)
    >>> g.sizes.tolist(), g.orders, g.coset_size, g.member.tolist()
    ([1, 2], (2,), 2, [1, 1, 0])
    """

    columns: np.ndarray
    values: np.ndarray
    sizes: np.ndarray
    orders: tuple[int, ...]
    modulus: int
    member: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64), repr=False)

    @property
    def coset_size(self) -> int:
        """The number of solutions, ``Π o_i``.

        Examples
        --------
        >>> group_coset(
        ...     np.array([0, 0]), [(np.array([1, 0]), 2), (np.array([0, 1]), 2)], 2
        ... ).coset_size
        4
        """
        return math.prod(self.orders)

    @property
    def dimension(self) -> int:
        """The number of generators ``d``.

        Examples
        --------
        >>> group_coset(np.array([0, 0]), [(np.array([1, 1]), 2)], 2).dimension
        1
        """
        return len(self.orders)

    def masks(self) -> np.ndarray:
        """The columns of a GF(2) grouping as int64 bit masks (bit ``i``: generator ``i``).

        Returns
        -------
        numpy.ndarray
            One mask per group.

        Raises
        ------
        SearchLimitError
            More than 62 generators, which do not fit one int64.

        Examples
        --------
        >>> g = group_coset(np.zeros(3), [(np.array([1, 0, 1]), 2), (np.array([1, 1, 0]), 2)], 2)
        >>> g.columns.tolist(), g.masks().tolist()
        ([[0, 1], [1, 0], [1, 1]], [2, 1, 3])
        """
        d = self.dimension
        if d > MAX_PACKED:
            msg = (
                f"Bit masks hold the columns of at most {MAX_PACKED} quiet patterns, not {d}; "
                "use the columns themselves."
            )
            raise SearchLimitError(msg)
        weights = np.left_shift(np.int64(1), np.arange(d, dtype=np.int64))
        return (self.columns.astype(np.int64) * weights).sum(axis=1).astype(np.int64)

    def binary_code(self) -> tuple[np.ndarray, np.ndarray, int]:
        """A GF(2) grouping as a binary code: nonzero column masks, their sizes, the zero group.

        Returns
        -------
        masks : numpy.ndarray
            The distinct nonzero columns as bit masks (:meth:`masks`), one per group.
        sizes : numpy.ndarray
            How many lights share each of those columns (over all values of ``x0``).
        zero : int
            How many lights no quiet pattern changes.

        Examples
        --------
        >>> g = group_coset(np.zeros(4), [(np.array([1, 1, 1, 0]), 2)], 2)
        >>> masks, sizes, zero = g.binary_code()
        >>> masks.tolist(), sizes.tolist(), zero
        ([1], [3], 1)
        """
        masks = self.masks()
        uniq, inverse = np.unique(masks, return_inverse=True)
        sizes = np.bincount(inverse.reshape(-1), weights=self.sizes, minlength=len(uniq))
        sizes = sizes.astype(np.int64)
        if len(uniq) and uniq[0] == 0:
            return uniq[1:], sizes[1:], int(sizes[0])
        return uniq, sizes, 0


def generator_columns(
    generators: list[tuple[np.ndarray, int]], modulus: int, size: int
) -> np.ndarray:
    """The quiet-pattern column of every light: ``size × d`` coefficients, ``i`` in ``0..o_i - 1``.

    Generator ``i`` of order ``o_i`` takes values that are multiples of ``k // o_i``; the
    column holds them divided by ``k // o_i``.

    Parameters
    ----------
    generators : list of (numpy.ndarray, int)
        Quiet-pattern generators (``size`` values each) with their additive orders.
    modulus : int
    size : int
        The number of values of a press vector (used when there is no generator).

    Returns
    -------
    numpy.ndarray
        int64, shape ``(size, d)``.

    Examples
    --------
    >>> generator_columns([(np.array([2, 0, 2]), 2)], 4, 3).tolist()
    [[1], [0], [1]]
    >>> generator_columns([], 2, 2).shape
    (2, 0)
    """
    k = int(modulus)
    if not generators:
        return np.zeros((size, 0), dtype=np.int64)
    scale = np.array([k // int(o) for _, o in generators], dtype=np.int64)
    q = np.array([np.asarray(g, dtype=np.int64) % k for g, _ in generators], dtype=np.int64)
    return (q.T // scale).astype(np.int64)


def group_coset(
    x0: np.ndarray, generators: list[tuple[np.ndarray, int]], modulus: int
) -> CosetGroups:
    """Group the lights of a solution coset by quiet-pattern column and ``x0`` value.

    With ``x0 = 0`` the groups are the lights grouped by their column alone: the form in which
    God's number sees the quiet patterns.

    Parameters
    ----------
    x0 : numpy.ndarray
        One solution (press counts).
    generators : list of (numpy.ndarray, int)
        Quiet-pattern generators with their additive orders.
    modulus : int

    Returns
    -------
    CosetGroups

    Examples
    --------
    >>> g = group_coset(np.array([1, 1, 0, 0]), [(np.array([1, 1, 1, 0]), 2)], 2)
    >>> g.columns.ravel().tolist(), g.values.tolist(), g.sizes.tolist()
    ([0, 1, 1], [0, 0, 1], [1, 1, 2])
    """
    k = int(modulus)
    x = np.asarray(x0, dtype=np.int64).reshape(-1) % k
    orders = tuple(int(o) for _, o in generators)
    cols = generator_columns(generators, k, len(x))
    keys = np.concatenate([cols, x[:, None]], axis=1)
    uniq, inverse, sizes = np.unique(keys, axis=0, return_inverse=True, return_counts=True)
    return CosetGroups(
        columns=uniq[:, :-1].copy(),
        values=uniq[:, -1].copy(),
        sizes=sizes.astype(np.int64),
        orders=orders,
        modulus=k,
        member=inverse.reshape(-1).astype(np.int64),
    )


def _flat_index(columns: np.ndarray, orders: tuple[int, ...]) -> np.ndarray:
    """Row-major index of each column in the ``o_1 × … × o_d`` table."""
    idx = np.zeros(len(columns), dtype=np.int64)
    for i, o in enumerate(orders):
        idx = idx * o + columns[:, i]
    return idx


#: Above this modulus the transform's k-wide table is too wide: solutions are summed directly.
#: Moduli up to this one count presses in one grouped transform table.
TABLE_MODULUS = 64
_BATCH = 1 << 14


def _direct_counts(groups: CosetGroups) -> np.ndarray:
    """``press_counts`` by summing the groups for every λ (batches; exact ints for large k)."""
    k, orders = groups.modulus, groups.orders
    size = groups.coset_size
    steps = np.array([k // o for o in orders], dtype=np.int64)
    exact = k * (len(orders) + 2) * max(orders, default=1) >= 2**62 or (
        k * int(groups.sizes.sum()) >= 2**62
    )
    dt = object if exact else np.int64
    cols = (groups.columns * steps).astype(dt) % k if orders else groups.columns.astype(dt)
    vals, sizes = groups.values.astype(dt), groups.sizes.astype(dt)
    out = np.zeros(size, dtype=dt)
    for start in range(0, size, _BATCH):
        idx = np.arange(start, min(size, start + _BATCH), dtype=np.int64)
        lam = np.empty((len(idx), len(orders)), dtype=np.int64)
        rest = idx.copy()
        for i in range(len(orders) - 1, -1, -1):
            lam[:, i] = rest % orders[i]
            rest //= orders[i]
        cand = (vals[None, :] + lam.astype(dt) @ cols.T) % k
        out[start : start + len(idx)] = cand @ sizes
    return out.reshape(tuple(orders))


def press_counts(groups: CosetGroups) -> np.ndarray:
    """The number of presses of every solution, as an ``o_1 × … × o_d`` array indexed by λ.

    Parameters
    ----------
    groups : CosetGroups

    Returns
    -------
    numpy.ndarray
        ``f[λ_1, …, λ_d]`` = presses of ``x0 + Σ λ_i g_i`` (int64; a 0-d array when there
        are no quiet patterns).

    Examples
    --------
    >>> g = group_coset(np.array([1, 1, 0]), [(np.array([1, 1, 1]), 2)], 2)
    >>> press_counts(g).tolist()
    [2, 1]
    >>> g = group_coset(np.array([1, 2, 1]), [(np.array([1, 1, 2]), 3)], 3)
    >>> press_counts(g).tolist()
    [4, 2, 3]
    """
    k, orders = groups.modulus, groups.orders
    size = groups.coset_size
    if k > TABLE_MODULUS:
        return _direct_counts(groups)
    idx = _flat_index(groups.columns, orders)
    total = int(groups.sizes.sum()) * (k - 1)
    dtype = np.int32 if total < 2**31 - 1 else np.int64
    if k == 2:
        # f(λ) = (M − Σ_c w(c) (−1)^{λ·c}) / 2 with w(c) = Σ m (−1)^{x0}: one Walsh–Hadamard
        # transform of the signed multiplicities.
        signed = np.where(groups.values == 1, -groups.sizes, groups.sizes)
        w = np.bincount(idx, weights=signed, minlength=size).astype(dtype)
        # λ_1 is the most significant index digit, as in the table's row-major order.
        f = (int(groups.sizes.sum()) - transform(w).astype(np.int64)) // 2
        return f.reshape(tuple(orders))
    # Any k: a table h[c, r] of multiplicities; each axis maps c_i to λ_i, shifting r by
    # λ_i · c_i · (k / o_i).
    h = np.zeros((size, k), dtype=dtype)
    np.add.at(h, (idx, groups.values), groups.sizes)
    table = h.reshape((*orders, k))
    for axis, o in enumerate(orders):
        step = k // o
        a = np.moveaxis(table, axis, 0)
        out = np.zeros_like(a)
        for lam in range(o):
            for c in range(o):
                shift = (lam * c * step) % k
                out[lam] += np.roll(a[c], shift, axis=-1) if shift else a[c]
        table = np.moveaxis(out, 0, axis)
    weights = np.arange(k, dtype=np.int64)
    return (table.astype(np.int64) @ weights).reshape(tuple(orders))


@dataclass(frozen=True)
class SplitSearch:
    """The outcome of :func:`split_minimum`.

    Attributes
    ----------
    coefficients : list of int
        λ of the best solution found.
    num_presses : int
        Its number of presses.
    lower_bound : int
        A proven lower bound on the fewest presses (``num_presses`` when ``complete``).
    complete : bool
        Whether the search finished (the minimum is proven).
    evaluated : int
        How many outer blocks were evaluated in full, out of ``2**outer``.
    outer : int
        The number of outer coefficients.
    interrupted : bool
        Whether Ctrl-C stopped the search.

    Examples
    --------
    >>> g = group_coset(np.array([1, 1, 0]), [(np.array([1, 1, 1]), 2)], 2)
    >>> r = split_minimum(g, inner=1)
    >>> r.coefficients, r.num_presses, r.complete
    ([1], 1, True)
    """

    coefficients: list[int]
    num_presses: int
    lower_bound: int
    complete: bool
    evaluated: int
    outer: int
    interrupted: bool = False


def _wht_min(w: np.ndarray, bits: int, total: int) -> tuple[int, int]:
    """Minimum of ``(total − WHT(w)) / 2`` and where it is reached."""
    arr = transform(w)
    flat = arr.reshape(-1)
    j = int(np.argmax(flat))
    return (total - int(flat[j])) // 2, j


def split_minimum(
    groups: CosetGroups,
    *,
    inner: int = 22,
    deadline: float | None = None,
) -> SplitSearch:
    """The fewest presses of a GF(2) coset too large for one transform, by branch and bound.

    The coefficients split into ``inner`` ones, searched by one Walsh–Hadamard transform, and
    the ``outer`` rest, enumerated. For each outer choice β, the groups with equal inner column
    must all take one of two values together, so ``Σ_classes min(S0, S1)`` is a lower bound on
    every solution with that β (``S1`` = presses in the class when its inner part is 0). Outer
    choices run in order of that bound and the search stops once the bound reaches the best
    solution found: the result is exact.

    Parameters
    ----------
    groups : CosetGroups
        A grouped coset over GF(2).
    inner : int, default 22
        The most coefficients handled by one transform (memory ``4 · 2**inner`` bytes).
    deadline : float, optional
        A ``time.monotonic()`` instant after which the search stops and returns the best
        solution found with the proven lower bound.

    Returns
    -------
    SplitSearch

    Examples
    --------
    >>> from lightsout_graphs.algorithms.solver import factorization
    >>> f = factorization(lo.grid(9, 9))
    >>> g = group_coset(f.solve(np.ones(81, dtype=np.int64)), f.kernel(), 2)
    >>> r = split_minimum(g, inner=4)
    >>> r.num_presses, r.complete, r.num_presses == int(press_counts(g).min())
    (25, True, True)
    """
    import time

    if groups.modulus != 2:  # pragma: no cover - callers only pass GF(2) cosets
        msg = "split_minimum handles GF(2) cosets only."
        raise ValueError(msg)
    d = len(groups.orders)
    d1 = min(d, inner)
    d2 = d - d1
    cols = groups.columns
    c1, c2 = cols[:, :d1], cols[:, d1:]
    idx1 = _flat_index(c1, tuple([2] * d1))
    classes, cls = np.unique(idx1, return_inverse=True)
    m = groups.sizes.astype(np.int64)
    total = int(m.sum())
    # u[β, g] = value of group g when the inner coefficients are 0; the bound of β sums, over
    # the classes of equal inner column, the cheaper of the class's two values. Computed in
    # chunks of β, with the groups sorted by class (one reduceat per chunk).
    betas = np.arange(2**d2, dtype=np.int64)
    bbits = ((betas[:, None] >> np.arange(d2 - 1, -1, -1)) & 1).astype(np.int64)
    by_class = np.argsort(cls, kind="stable")
    starts = np.flatnonzero(np.r_[True, np.diff(cls[by_class]) != 0])
    tot = np.bincount(cls, weights=m, minlength=len(classes)).astype(np.int64)
    zero = classes == 0
    bound = np.empty(len(betas), dtype=np.int64)
    chunk = max(1, _BATCH // max(1, len(m)) * 16)
    for first in range(0, len(betas), chunk):
        if deadline is not None and first and time.monotonic() > deadline:
            # Out of time before every outer choice has its bound: only λ = 0 is known, and
            # the lights no quiet pattern changes, pressed in every solution.
            value = int((m * groups.values).sum())
            fixed = int((m * groups.values)[~cols.any(axis=1)].sum())
            return SplitSearch([0] * d, value, fixed, False, 0, d2)
        u = ((bbits[first : first + chunk] @ c2.T) + groups.values[None, :]) % 2
        s1 = np.add.reduceat((u * m[None, :])[:, by_class], starts, axis=1)
        bound[first : first + chunk] = np.where(zero[None, :], s1, np.minimum(s1, tot - s1)).sum(
            axis=1
        )

    def outer_values(b: int) -> np.ndarray:
        return ((bbits[b] @ c2.T) + groups.values) % 2

    order = np.argsort(bound, kind="stable")
    best_val, best_lam = total + 1, [0] * d
    evaluated = 0
    dtype = np.int32 if total < 2**31 - 1 else np.int64
    try:
        for b in order:
            if int(bound[b]) >= best_val:
                return SplitSearch(best_lam, best_val, best_val, True, evaluated, d2)
            if deadline is not None and time.monotonic() > deadline and evaluated:
                low = min(best_val, int(bound[b]))
                return SplitSearch(best_lam, best_val, low, False, evaluated, d2)
            w = np.bincount(idx1, weights=np.where(outer_values(b) == 1, -m, m), minlength=2**d1)
            val, j = _wht_min(w.astype(dtype), d1, total)
            evaluated += 1
            if val < best_val:
                inner_bits = [(j >> (d1 - 1 - i)) & 1 for i in range(d1)]
                best_val, best_lam = val, inner_bits + [int(x) for x in bbits[b]]
    except KeyboardInterrupt:
        if not evaluated:
            raise
        low = min(best_val, int(bound[order[evaluated]]))
        return SplitSearch(best_lam, best_val, low, False, evaluated, d2, interrupted=True)
    return SplitSearch(best_lam, best_val, best_val, True, evaluated, d2)
