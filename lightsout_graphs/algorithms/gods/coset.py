"""The solution coset in grouped form, and the number of presses of every solution at once.

Shared by the fewest-press search (:mod:`lightsout_graphs.algorithms.minimum`) and God's number.

Every solution of a board is ``x = x0 + Σ λ_i g_i (mod k)`` for one solution ``x0`` and the
quiet-pattern generators ``g_i`` of additive orders ``o_i`` (``0 <= λ_i < o_i``). Two lights
``u`` and ``v`` whose columns ``(g_1[u], …, g_d[u])`` are equal and whose ``x0`` values are equal
receive the same count in every solution, so they form one **group** with a multiplicity. The
number of presses of the solution ``λ`` is then

    f(λ) = Σ_groups m · ((v + λ·c) mod k),

a function of ``d`` variables over at most ``N`` groups (for the 299×299 board: 22 variables
and 1,417 groups instead of 89,401 lights).

All ``K = Π o_i`` values of ``f`` come out of one transform along the ``d`` axes of a
``o_1 × … × o_d × k`` table (an exact integer Walsh–Hadamard transform for k = 2), in
``O(d · K · k)`` operations instead of ``O(K · N)``. The result is exact, so the minimum of
``f`` is a proof of the fewest presses, and the whole table also answers "which solutions have
the fewest presses" and "how many presses does the worst board need" questions.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from lightsout_graphs.algorithms.gods._grouping import CosetGroups, generator_columns, group_coset
from lightsout_graphs.algorithms.gods._walsh import transform as _wht

__all__ = [
    "CosetGroups",
    "SplitSearch",
    "generator_columns",
    "group_coset",
    "press_counts",
    "split_minimum",
]


def _flat_index(columns: np.ndarray, orders: tuple[int, ...]) -> np.ndarray:
    """Row-major index of each column in the ``o_1 × … × o_d`` table."""
    idx = np.zeros(len(columns), dtype=np.int64)
    for i, o in enumerate(orders):
        idx = idx * o + columns[:, i]
    return idx


#: Above this modulus the transform's k-wide table is too wide: solutions are summed directly.
_TABLE_MODULUS = 64
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
    if k > _TABLE_MODULUS:
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
        f = (int(groups.sizes.sum()) - _wht(w).astype(np.int64)) // 2
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
    arr = _wht(w)
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
    >>> import lightsout_graphs as lo
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
