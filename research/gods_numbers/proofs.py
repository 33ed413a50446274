"""The proofs the God's-number provers share: subspace bounds, programmes, residue classes.

``subspaces.py``, ``programme.py``, ``residues.py``, ``class_zero.py``, ``equivalent.py`` and
``spread.py`` find bounds with these functions; ``check.py`` re-proves what they store with code
of its own and imports none of this (nor does this module import it). The lights are grouped by
their quiet-pattern column with the library's :func:`lightsout_graphs.algorithms.gods.group_coset`
and every spectrum is the library's :func:`lightsout_graphs.algorithms.gods.walsh_spectrum`;
the integer programmes go to HiGHS (``scipy.optimize.milp``), OR-Tools CP-SAT and SCIP.

The mathematics of each function is in its docstring and in ``check.py``'s module notes.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from lightsout_graphs.algorithms.gods import group_coset, walsh_spectrum

#: The most entries (characters × classes) of a quotient code's dense model (8 bytes each).
INNER_ENTRIES = 1 << 25


def spectrum(cols: np.ndarray, b: np.ndarray, d: int) -> np.ndarray:
    """``F(λ) = Σ_g b_g (−1)^{λ·v_g}`` over all ``2**d`` characters (the library's transform)."""
    return walsh_spectrum(np.asarray(cols, dtype=np.int64), np.asarray(b, dtype=np.int64), d)


def parity_ceiling(bound: float, odd: int) -> int:
    """The least integer ``≥ bound`` with the parity of ``odd`` (every ``F(λ)`` has it)."""
    m = int(np.ceil(bound - 1e-6))
    return m if (m - odd) % 2 == 0 else m + 1


def inside_subspace(cols: np.ndarray, basis: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """The groups whose column lies in ``W = span(basis)``: their columns in the coordinates of
    the basis (bit ``j`` for basis vector ``j``) and their indices into ``cols``."""
    span = np.zeros(1 << len(basis), dtype=np.int64)
    for j, v in enumerate(basis):
        span[1 << j : 2 << j] = span[: 1 << j] ^ int(v)
    if len(np.unique(span)) != len(span):
        raise ValueError("the basis of the subspace is not independent")
    where = {int(x): i for i, x in enumerate(span.tolist())}
    inside = np.array([g for g, v in enumerate(cols.tolist()) if int(v) in where], dtype=np.int64)
    sub = np.array([where[int(cols[g])] for g in inside.tolist()], dtype=np.int64)
    return sub, inside


def subspace_bound_holds(
    sub: np.ndarray, sizes: np.ndarray, w: int, t: int, budget: int | None = None
) -> bool:
    """Whether ``M(W) ≥ t``: no integer ``b`` on the groups inside ``W`` has
    ``F_W(μ) = Σ_h b_h (−1)^{μ·v_h} ≤ t − 1`` for every ``μ`` in ``GF(2)^w``.

    Exhaustive depth-first search over ``b_h ≡ c_h (mod 2)``. Such a ``b`` could be taken with
    its peak at ``μ = 0`` (shifting ``μ`` by ``ν`` multiplies ``b_h`` by ``(−1)^{ν·v_h}``, which
    keeps the box and the parities); every ``F_W(μ)`` has the parity of ``Σ_h c_h``, so the peak
    is at most ``top``, the largest such value ``≤ t − 1``, and every ``|b_h| ≤ top`` (the mean
    of ``F_W`` over ``{μ·v_h = 0}`` is ``b_h``). The groups are taken in increasing order of their column
    ``v_h`` (in the coordinates of ``W``'s basis), so the groups fixed so far all lie in
    ``W_k = span(e_1..e_k)``, ``k`` the bit length of the next column, and the partial
    spectrum ``f`` depends on the first ``k`` bits of ``μ`` only. The mean of ``F_W`` over a
    coset of ``W_k^⊥`` is then ``f`` plus the free groups inside ``W_k``, each moving it by at
    most its box: a branch is cut when ``max f`` minus those boxes exceeds ``top``, or when the
    free groups cannot lift ``F_W(0) − F_W(μ) = 2 Σ_{μ·v_h = 1} b_h`` up to 0.
    """
    if t <= 0:
        return True
    order = np.argsort(sub, kind="stable")
    sub, sizes = sub[order], np.asarray(sizes, dtype=np.int64)[order]
    mu = np.arange(1 << w, dtype=np.int64)
    signs = 1 - 2 * (np.bitwise_count(mu[None, :] & sub[:, None]) & 1).astype(np.int64)
    flips = (signs < 0).astype(np.int64)
    top = t - 1 - (t - 1 - int(sizes.sum())) % 2  # F_W ≡ Σ_h c_h (mod 2): F_W ≤ top
    box = np.minimum(sizes, top)
    box = box - (box - sizes) % 2  # the largest value of the right parity in the box
    if np.any(box < 0):
        return True  # an odd group with top = 0: no b at all
    count = len(box)
    bits = np.array([int(v).bit_length() for v in sub.tolist()], dtype=np.int64)
    # free_in[i]: the boxes of the groups i.. that lie in W_k, k = bits[i]
    free_in = np.array(
        [int(box[i:][sub[i:] < (1 << int(bits[i]))].sum()) for i in range(count)] + [0],
        dtype=np.int64,
    )
    free_up = np.vstack([np.cumsum((2 * box[:, None] * flips)[::-1], axis=0)[::-1], [0 * mu]])

    nodes = [0]

    def feasible(i: int, f: np.ndarray, gap: np.ndarray) -> bool:
        # f: partial F_W; gap: partial F_W(0) − F_W(μ)
        nodes[0] += 1
        if budget is not None and nodes[0] > budget:
            raise RuntimeError(f"the search passed {budget} nodes")
        if f.max() - free_in[i] > top or (gap + free_up[i]).min() < 0:
            return False
        if i == count:
            return True
        for value in range(-int(box[i]), int(box[i]) + 1, 2):
            if feasible(i + 1, f + value * signs[i], gap + 2 * value * flips[i]):
                return True
        return False

    return not feasible(0, np.zeros(1 << w, dtype=np.int64), np.zeros(1 << w, dtype=np.int64))


def quotient_code(
    cols: np.ndarray, sizes: np.ndarray, basis: list[int], d: int
) -> tuple[np.ndarray, np.ndarray, int]:
    """The groups outside ``W = span(basis)`` taken modulo ``W``: the distinct nonzero classes
    ``v_g + W`` (as columns of ``GF(2)^d / W``, in the coordinates of the bits outside the
    pivots of ``W``), their summed sizes, and ``d − dim W``. Raises ``ValueError`` when the
    basis is not independent.

    Within a coset ``μ + W^⊥``, ``F(μ + ν) = F_W(μ) + G_μ(ν)`` for ``ν ∈ W^⊥``: the groups
    inside ``W`` give the coset mean and the others a spectrum ``G_μ`` of this quotient code,
    whose coefficient on a class is ``Σ b_g (−1)^{μ·v_g}`` over its groups (the parity of the
    class's size, at most its size).
    """
    pivots: dict[int, int] = {}  # a reduced echelon basis of W, by its leading bit

    def reduced(v: int) -> int:  # v with every pivot bit cleared: v + W's representative
        for p in sorted(pivots, reverse=True):
            if v >> p & 1:
                v ^= pivots[p]
        return v

    for v in basis:
        v = reduced(int(v))
        if v == 0:
            raise ValueError("the basis of the subspace is not independent")
        p = v.bit_length() - 1
        for q in list(pivots):
            if pivots[q] >> p & 1:
                pivots[q] ^= v
        pivots[p] = v
    free = [i for i in range(d) if i not in pivots]
    totals: dict[int, int] = {}
    for v, size in zip(cols.tolist(), np.asarray(sizes).tolist(), strict=True):
        v = reduced(int(v))
        key = sum(((v >> f) & 1) << j for j, f in enumerate(free))
        if key:
            totals[key] = totals.get(key, 0) + int(size)
    keys = np.array(sorted(totals), dtype=np.int64)
    return keys, np.array([totals[k] for k in keys.tolist()], dtype=np.int64), len(free)


def inner_bound_holds(
    cols: np.ndarray, sizes: np.ndarray, basis: list[int], d: int, inner: int, seconds: float
) -> tuple[bool | None, str]:
    """Whether every spectrum of the quotient code of ``W`` (:func:`quotient_code`) peaks at
    ``inner`` or more, re-proved by the two solvers of :func:`subspace_programme_holds`.

    Then every coset ``μ + W^⊥`` holds a value of ``F`` at least ``F_W(μ) + inner``, whatever
    ``b``: if ``max F ≤ top``, every coset mean ``F_W(μ) ≤ top − inner``.
    """
    if inner <= 0:
        return True, "nothing to prove"
    keys, totals, k = quotient_code(cols, sizes, basis, d)
    if not len(keys):
        return False, "no group outside the subspace"
    if (1 << k) * len(keys) > INNER_ENTRIES:  # the dense model would not fit: undecided
        return None, (
            f"the quotient code has dimension {k} and {len(keys)} classes, a model of "
            f"2**{k} x {len(keys)} entries (more than {INNER_ENTRIES}); use a subspace of "
            "larger dimension"
        )
    odd = int((totals % 2).sum())
    unit = [1 << j for j in range(k)]
    return subspace_programme_holds(keys, totals, [unit], odd, inner, seconds)


def halves(model: Any, sizes: np.ndarray, top: int) -> tuple[list | None, np.ndarray]:
    """CP-SAT variables ``y_g`` with ``b_g = 2 y_g + (c_g mod 2)`` and ``|b_g| ≤ min(c_g, top)``
    (``b_g`` is a mean of ``F``, so at most its peak), and the parities; ``None`` when some odd
    group has no such value (``top < 1``)."""
    par = sizes % 2
    box = np.minimum(sizes, top)
    box = box - (box - sizes) % 2
    if np.any(box < 0):
        return None, par
    y = [
        model.new_int_var(int((-box[g] - par[g]) // 2), int((box[g] - par[g]) // 2), f"y{g}")
        for g in range(len(sizes))
    ]
    return y, par


def cut_rows(
    cols: np.ndarray, sizes: np.ndarray, top: int, cuts: list[tuple[list[int], int]] | None
) -> list[tuple[np.ndarray, np.ndarray, int]] | None:
    """The coset-mean rows of each cut ``(basis, inner)``: the groups inside ``span(basis)``, the
    sign table ``(−1)^{μ·v_g}`` (a row per coset) and the ceiling ``top − inner`` (to the parity
    of the groups inside). ``None`` when a cut with no group inside (every mean 0) has a ceiling
    below 0, which no ``b`` meets."""
    out = []
    for basis, inner in cuts or []:
        sub, inside = inside_subspace(cols, basis)
        ceiling = top - inner - (top - inner - int(sizes[inside].sum())) % 2
        if not len(inside):  # every coset mean is 0
            if ceiling < 0:
                return None
            continue
        mu = np.arange(1 << len(basis), dtype=np.int64)
        signs = 1 - 2 * (np.bitwise_count(mu[:, None] & sub[None, :]).astype(np.int64) & 1)
        out.append((inside, signs, ceiling))
    return out


def _transform_levels(
    model: Any, cols: np.ndarray, d: int, y: list, par: np.ndarray, reach: int
) -> list[object]:
    """CP-SAT variables for ``F(λ)``, every ``λ``, of ``b_g = 2 y_g + par_g``: the ``d``
    levels of the fast transform, each value a two-term sum of the level below (no dense
    row), each within ``±reach``."""
    level: list[object] = [0] * (1 << d)
    for g, v in enumerate(cols.tolist()):
        level[v] = 2 * y[g] + int(par[g])
    for i in range(d):
        bit = 1 << i
        nxt: list[object] = [0] * (1 << d)
        for v in range(1 << d):
            if v & bit:
                continue
            for w, sign in ((v, 1), (v | bit, -1)):
                var = model.new_int_var(-reach, reach, "")
                model.add(var == level[v] + sign * level[v | bit])
                nxt[w] = var
        level = nxt
    return level


def _solve_spectrum(
    model: Any,
    y: list,
    par: np.ndarray,
    cols: np.ndarray,
    d: int,
    top: int,
    seconds: float,
    workers: int,
) -> bool | None:
    """Solve a spectrum model with CP-SAT: ``True`` when infeasible, ``False`` when it finds
    a ``b`` (whose peak is checked here to be at most ``top``), ``None`` when undecided."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = workers
    status = solver.solve(model)
    if status == cp_model.INFEASIBLE:
        return True
    if status in (cp_model.FEASIBLE, cp_model.OPTIMAL):
        found = np.array([2 * solver.value(v) for v in y], dtype=np.int64) + par
        assert spectrum(cols, found, d).max() <= top
        return False
    return None


def butterfly_holds(
    cols: np.ndarray,
    sizes: np.ndarray,
    d: int,
    t: int,
    pin: int,
    seconds: float,
    workers: int = 1,
    cuts: list[tuple[list[int], int]] | None = None,
) -> bool | None:
    """Whether ``M ≥ t`` over **every** quiet pattern, by OR-Tools CP-SAT on a sparse model.

    If ``M ≤ top`` (the largest value below ``t`` with the parity of the odd groups), a
    translation puts the peak at ``λ = 0``: ``F(0) = M`` and ``F(λ) ≤ F(0)``, and ``F(0) ≥ pin``
    when ``M ≥ pin`` is proven already. The spectrum is computed by the ``d`` levels of the fast
    transform, two-term sums each (``d · 2**d`` variables, none dense), which CP-SAT decides
    where the model with a dense row per ``λ`` does not. ``True`` when CP-SAT proves it
    infeasible, ``False`` when it finds a ``b`` (checked here by a transform), ``None`` when
    undecided.

    Each cut ``(basis, inner)`` (``inner`` proven by :func:`inner_bound_holds`) adds the
    coset means of ``W = span(basis)``, each at most ``top − inner``: implied constraints that
    CP-SAT does not find alone.
    """
    try:
        from ortools.sat.python import cp_model
    except ImportError:  # pragma: no cover - ortools is a dependency of the project
        return None
    odd = int((sizes % 2).sum())
    top = parity_ceiling(t, odd) - 2
    if top < pin:
        return True
    model = cp_model.CpModel()
    y, par = halves(model, sizes, top)
    if y is None:
        return True
    reach = int(np.minimum(sizes, top).sum()) + 1
    level = _transform_levels(model, cols, d, y, par, reach)
    model.add(level[0] <= top)
    model.add(level[0] >= pin)
    for lam in range(1, 1 << d):
        model.add(level[lam] <= level[0])
    b = [2 * y[g] + int(par[g]) for g in range(len(cols))]
    means = cut_rows(cols, sizes, top, cuts)
    if means is None:
        return True
    for inside, signs, ceiling in means:
        for row in signs.tolist():
            model.add(sum(k * b[g] for k, g in zip(row, inside.tolist(), strict=True)) <= ceiling)
    return _solve_spectrum(model, y, par, cols, d, top, seconds, workers)


def odd_weights(cols: np.ndarray, sizes: np.ndarray, d: int) -> np.ndarray:
    """``w(λ)``: how many odd groups have ``λ·v_g = 1``, for every ``λ`` in ``GF(2)^d``.

    Examples
    --------
    >>> odd_weights(np.array([1, 2, 3]), np.array([1, 1, 2]), 2).tolist()
    [0, 1, 1, 2]
    """
    lam = np.arange(1 << d, dtype=np.int64)
    out = np.zeros(1 << d, dtype=np.int64)
    for v in cols[sizes % 2 == 1].tolist():
        out += np.bitwise_count(lam & int(v)).astype(np.int64) & 1
    return out


def residue_caps(weights: np.ndarray, top: int, u: int) -> np.ndarray:
    """The largest value each ``F(λ)`` can take in the residue class ``u``, when ``F ≤ top``
    peaks at ``F(0) = top``.

    With ``b_g = (c_g mod 2) + 2 y_g``, ``F(λ) = F(0) − 2 Σ_{λ·v_g = 1} b_g = top − 2 w(λ) −
    4 Σ_{λ·v_g = 1} y_g``, and the last sum is ``λ·u`` modulo 2, ``u = Σ_g (y_g mod 2) v_g``.
    So ``F(λ) ≡ top − 2 w(λ) − 4 λ·u`` (mod 8), and ``F(λ) ≤ top`` leaves ``top − δ(λ)`` at
    most, ``δ(λ) = (2 w(λ) + 4 λ·u) mod 8`` (:func:`odd_weights` gives ``w``).

    Examples
    --------
    >>> residue_caps(np.array([0, 1, 1, 2]), 4, 0).tolist()
    [4, 2, 2, 0]
    >>> residue_caps(np.array([0, 1, 1, 2]), 4, 1).tolist()
    [4, -2, 2, 4]
    """
    lam = np.arange(len(weights), dtype=np.int64)
    linear = np.bitwise_count(lam & int(u)).astype(np.int64) & 1
    return top - (2 * weights + 4 * linear) % 8


def coset_quotient(
    cols: np.ndarray, sizes: np.ndarray, basis: list[int], d: int, top: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``W^⊥`` and the quotient code of ``W = span(basis)`` as characters of ``W^⊥``.

    Returns the elements ``ν`` of ``W^⊥``, the syndrome of every ``λ`` (bit ``j`` is
    ``λ·basis_j``: which coset ``μ + W^⊥`` holds ``λ``), and per class ``v_g + W`` of the groups
    outside ``W``: its signs ``(−1)^{ν·v_g}`` over ``W^⊥`` (a row), its parity and its box
    ``Σ min(c_g, top)`` (every ``|b_g| ≤ top`` when ``F ≤ top``). Within the coset,
    ``F(μ + ν) = F_W(μ) + Σ_h β_h (−1)^{ν·h}`` with ``β_h = Σ_{v_g ∈ h} b_g (−1)^{μ·v_g}``
    (:func:`quotient_code`).

    Examples
    --------
    >>> perp, syndrome, signs, par, box = coset_quotient(
    ...     np.array([1, 2, 3]), np.array([1, 3, 2]), [1], 2, 4
    ... )
    >>> perp.tolist(), syndrome.tolist(), signs.tolist(), par.tolist(), box.tolist()
    ([0, 2], [0, 1, 0, 1], [[1, -1]], [1], [5])
    """
    lam = np.arange(1 << d, dtype=np.int64)
    syndrome = np.zeros(1 << d, dtype=np.int64)
    for j, w in enumerate(basis):
        syndrome |= (np.bitwise_count(lam & int(w)).astype(np.int64) & 1) << j
    perp = lam[syndrome == 0]
    _, inside = inside_subspace(cols, basis)
    outside = np.setdiff1d(np.arange(len(cols)), inside)
    rows = 1 - 2 * (np.bitwise_count(perp[None, :] & cols[outside][:, None]).astype(np.int64) & 1)
    signs, which = np.unique(rows.reshape(len(outside), len(perp)), axis=0, return_inverse=True)
    which = which.reshape(-1)
    c = np.asarray(sizes, dtype=np.int64)[outside]
    each = np.minimum(c, top)
    each -= (each - c) % 2  # the largest |b_g| of its parity
    par = np.bincount(which, weights=c % 2, minlength=len(signs)).astype(np.int64) % 2
    box = np.bincount(which, weights=each, minlength=len(signs)).astype(np.int64)
    return perp, syndrome, signs, par, box


def mean_floor(profile: np.ndarray, parity: int) -> int:
    """The largest value of the parity ``parity`` at most the mean of ``profile``."""
    m = int(np.sum(profile)) // len(profile)
    return m - (m - parity) % 2


def residue_inner_ceiling(
    signs: np.ndarray,
    par: np.ndarray,
    box: np.ndarray,
    profile: np.ndarray,
    parity: int,
    seconds: float,
    floor: int,
) -> int:
    """A ceiling of the coset mean ``m = F_W(μ)`` when every value on the coset is at most
    ``profile(ν)`` **and congruent to it modulo 8** (a residue class, :func:`residue_caps`).

    ``F(μ + ν) = m + G(ν)`` with ``G`` a spectrum of the quotient code (:func:`coset_quotient`:
    ``signs``, ``par``, ``box``), so ``G(ν) = profile(ν) − m − 8 k_ν`` with integers ``k_ν ≥ 0``,
    and ``G`` has mean 0: ``Σ_ν k_ν = (Σ_ν profile(ν) − |W^⊥| m)/8``. The means ``m`` of the
    parity ``parity`` are tried from the mean of the profile down; each is refuted when that sum
    is not a nonnegative integer, or when HiGHS and SCIP both prove the model infeasible. The
    first ``m`` not refuted is returned, so the value is a ceiling whatever the solvers do
    (without ``pyscipopt``, nothing is refuted by the solvers); ``floor − 2`` when every ``m ≥
    floor`` (the least mean the groups inside ``W`` can make) is refuted.

    Examples
    --------
    One class, even, on ``W^⊥ = {0, ν}``: ``G = (β, −β)``.

    >>> signs, even = np.array([[1, -1]]), np.array([0])
    >>> residue_inner_ceiling(signs, even, np.array([4]), np.array([8, 8]), 0, 10.0, -4)
    8
    >>> residue_inner_ceiling(signs, even, np.array([4]), np.array([8, 4]), 0, 10.0, -4)
    6
    >>> residue_inner_ceiling(signs, even, np.array([1]), np.array([8, 4]), 0, 10.0, -4)
    -6

    (``β = ±2`` makes the values of the second profile differ by 4 modulo 8; a box of 1 leaves
    only ``β = 0``, so no mean at all.)
    """
    from scipy.optimize import Bounds, LinearConstraint, milp

    try:
        from pyscipopt import Model, quicksum
    except ImportError:  # pragma: no cover - pyscipopt comes with the research extra
        return mean_floor(profile, parity)
    points, classes = len(profile), len(signs)
    total = int(np.sum(profile))
    m = mean_floor(profile, parity)
    box = box - (box - par) % 2
    low, high = (-box - par) // 2, (box - par) // 2
    while m >= floor:
        slack = total - points * m
        if slack % 8:
            m -= 2
            continue
        count = slack // 8
        # unknowns: k_ν (points), y_h (classes); β = 2y + par; rows: Σ_h s_hν β_h + 8 k_ν = p − m
        rhs = profile - m - signs.T @ par
        a = np.hstack([8 * np.eye(points, dtype=np.int64), 2 * signs.T])
        res = milp(
            np.zeros(points + classes),
            constraints=[
                LinearConstraint(a, rhs, rhs),
                LinearConstraint(np.r_[np.ones(points), np.zeros(classes)], count, count),
            ],
            integrality=np.ones(points + classes),
            bounds=Bounds(np.r_[np.zeros(points), low], np.r_[np.full(points, count), high]),
            options={"time_limit": seconds},
        )
        if res.status != 2:
            return m
        model = Model()
        model.hideOutput()
        model.setParam("limits/time", float(seconds))
        k = [model.addVar(vtype="I", lb=0, ub=int(count)) for _ in range(points)]
        y = [
            model.addVar(vtype="I", lb=int(lo), ub=int(hi))
            for lo, hi in zip(low, high, strict=True)
        ]
        model.addCons(quicksum(k) == int(count))
        for i in range(points):
            model.addCons(
                quicksum(2 * int(signs[h, i]) * y[h] for h in range(classes)) + 8 * k[i]
                == int(rhs[i])
            )
        model.optimize()
        if model.getStatus() != "infeasible":
            return m
        m -= 2
    return floor - 2


def residue_inner_ceilings(
    cols: np.ndarray,
    sizes: np.ndarray,
    d: int,
    top: int,
    basis: list[int],
    u: int,
    seconds: float,
    memo: dict | None = None,
) -> np.ndarray:
    """The ceiling of every coset mean of ``W = span(basis)`` in the residue class ``u``
    (peak ``top`` at ``λ = 0``), one per coset in the order of the syndromes: the mean of the
    caps over the coset and :func:`residue_inner_ceiling`, whichever is lower. ``memo`` keeps the
    ceilings by the caps profile of the coset, which many cosets and classes share."""
    perp, syndrome, signs, par, box = coset_quotient(cols, sizes, basis, d, top)
    caps = residue_caps(odd_weights(cols, sizes, d), top, u)
    inside = np.asarray(sizes, dtype=np.int64)[inside_subspace(cols, basis)[1]]
    parity = int((inside % 2).sum()) % 2
    floor = -int(np.minimum(inside, top).sum())
    order = np.argsort(syndrome, kind="stable")  # the cosets in turn, each in the order of perp
    reps = order[:: len(perp)]
    memo = {} if memo is None else memo
    out = np.zeros(len(reps), dtype=np.int64)
    for mu in reps.tolist():
        profile = caps[mu ^ perp]
        key = profile.tobytes()
        if key not in memo:
            memo[key] = residue_inner_ceiling(signs, par, box, profile, parity, seconds, floor)
        out[syndrome[mu]] = memo[key]
    return out


def residue_classes_met(
    cols: np.ndarray,
    sizes: np.ndarray,
    d: int,
    t: int,
    basis: list[int],
    seconds: float,
    skip: list[int] | tuple[int, ...] = (),
) -> tuple[list[int], list[int], str]:
    """The residue classes ``u`` (but ``skip``) of a ``b`` with ``max F ≤ top`` (the largest
    value below ``t`` with the parity of the odd groups) that the coset means of
    ``W = span(basis)`` do not refute: those some ``b`` on ``W`` meets, those undecided, and
    how the others were refuted.

    A translation puts the peak at ``λ = 0``, ``F(0) = top`` (the caller has proven
    ``M ≥ top``). In the class ``u`` every ``F(λ) ≤ residue_caps(...)[λ]``, so every coset mean
    of ``W`` is at most the mean of the caps over its coset, rounded down to the parity of the
    groups inside ``W``. A class is refuted when those ceilings are at most a uniform one that
    no ``b`` meets (proven once by HiGHS and CP-SAT), else by HiGHS and CP-SAT on its own
    ceilings.
    """
    odd = int((sizes % 2).sum())
    top = parity_ceiling(t, odd) - 2
    signs, par, box = _coset_means(cols, sizes, basis, top)
    if np.any(box < 0):
        return [], [], "an odd group with top 0"
    k = len(basis)
    lam = np.arange(1 << d, dtype=np.int64)
    syndrome = np.zeros(1 << d, dtype=np.int64)
    for j, w in enumerate(basis):
        syndrome |= (np.bitwise_count(lam & int(w)).astype(np.int64) & 1) << j
    count = np.bincount(syndrome, minlength=1 << k)
    weights = odd_weights(cols, sizes, d)
    inside_odd = int(par.sum())

    def meets(ceiling: np.ndarray) -> bool | None:
        return _means_met(signs, par, box, ceiling, seconds)

    # the largest uniform ceiling that no b meets: every class whose ceilings stay at or below
    # it is refuted at once
    uniform = top - (top - inside_odd) % 2
    floor = -int(box.sum()) - 2
    while uniform > floor and meets(np.full(1 << k, uniform)) is not False:
        uniform -= 2
    refuted_at_once = solved = 0
    met: list[int] = []
    undecided: list[int] = []
    for u in range(1 << d):
        if u in skip:
            continue
        caps = residue_caps(weights, top, u)
        ceiling = np.floor(np.bincount(syndrome, weights=caps, minlength=1 << k) / count + 1e-9)
        ceiling = ceiling.astype(np.int64)
        ceiling -= (ceiling - inside_odd) % 2
        if ceiling.max() <= uniform:
            refuted_at_once += 1
            continue
        found = meets(ceiling)
        if found is None:
            undecided.append(u)
        elif found:
            met.append(u)
        else:
            solved += 1
    how = f"{refuted_at_once} classes within the uniform ceiling {uniform} that no b meets, "
    return met, undecided, how + f"{solved} refuted by HiGHS and CP-SAT"


def residue_classes_left(
    cols: np.ndarray,
    sizes: np.ndarray,
    d: int,
    t: int,
    bases: list[list[int]],
    seconds: float,
) -> tuple[list[int], str]:
    """The residue classes ``u`` of a ``b`` with ``max F ≤ top = F(0)`` (the largest value below
    ``t`` with the parity of the odd groups) that none of the subspaces ``W_i = span(bases[i])``
    refutes at once, with the ceilings of :func:`residue_inner_ceilings`.

    In the class ``u``, every value on a coset ``μ + W^⊥`` is at most its cap and congruent to it
    modulo 8 (:func:`residue_caps`), so the coset mean is at most
    :func:`residue_inner_ceiling` of the coset's caps profile. That profile depends on ``2 w``
    modulo 8 on the coset, on ``μ·u`` and on ``ν ↦ ν·u`` over ``W^⊥``; each distinct one is
    solved once. A class is refuted when every ceiling of some ``W_i`` is at most the largest
    uniform ceiling that no ``b`` on ``W_i`` meets (HiGHS and CP-SAT). Returns the classes left
    and how the others went.
    """
    odd = int((sizes % 2).sum())
    top = parity_ceiling(t, odd) - 2
    omega = 2 * odd_weights(cols, sizes, d) % 8
    alive = np.ones(1 << d, dtype=bool)
    how = []
    for basis in bases:
        perp, syndrome, signs, par, box = coset_quotient(cols, sizes, basis, d, top)
        _, inside = inside_subspace(cols, basis)
        c = np.asarray(sizes, dtype=np.int64)[inside]
        parity = int((c % 2).sum()) % 2
        floor = -int(np.minimum(c, top).sum())
        # the largest uniform ceiling that no b on W meets, by the pinned model of
        # subspace_programme_holds (every translate of such a b keeps the same means)
        uniform = top - (top - parity) % 2
        while uniform >= floor:
            held, _ = subspace_programme_holds(
                cols, sizes, [basis], odd, t, seconds, [top - uniform]
            )
            if held:
                break
            uniform -= 2
        order = np.argsort(syndrome, kind="stable")
        reps = order[:: len(perp)]  # reps[s]: a λ of the coset with syndrome s
        shapes, shape_of = np.unique(
            omega[reps[:, None] ^ perp[None, :]], axis=0, return_inverse=True
        )
        shape_of = shape_of.reshape(-1)
        table: dict[tuple[int, int, bytes], int] = {}
        refuted = 0
        for u in np.flatnonzero(alive).tolist():
            on_perp = np.bitwise_count(perp & u).astype(np.int64) & 1
            s_of = np.bitwise_count(reps & u).astype(np.int64) & 1
            ceilings = np.zeros(len(reps), dtype=np.int64)
            for key in np.unique(shape_of * 2 + s_of).tolist():
                shape, s = divmod(key, 2)
                entry = (shape, s, on_perp.tobytes())
                if entry not in table:
                    profile = top - (shapes[shape] + 4 * (on_perp ^ s)) % 8
                    table[entry] = residue_inner_ceiling(
                        signs, par, box, profile, parity, seconds, floor
                    )
                ceilings[(shape_of * 2 + s_of) == key] = table[entry]
            if ceilings.max() <= uniform:
                alive[u] = False
                refuted += 1
        how.append(
            f"{refuted} on a subspace of dimension {len(basis)} (uniform ceiling {uniform}, {len(table)} profiles)"
        )
    return np.flatnonzero(alive).tolist(), "; ".join(how)


def residue_means_hold(
    cols: np.ndarray,
    sizes: np.ndarray,
    d: int,
    t: int,
    basis: list[int],
    u: int,
    seconds: float,
    memo: dict | None = None,
) -> bool | None:
    """Whether ``W = span(basis)`` refutes the residue class ``u`` coset by coset: ``True`` when
    no ``b`` on the groups inside ``W`` keeps every coset mean within its own ceiling of
    :func:`residue_inner_ceilings` (HiGHS and CP-SAT agree), ``False`` when some ``b`` does,
    ``None`` when undecided. :func:`residue_classes_left` asks only whether the *largest*
    ceiling is one that no ``b`` meets; here the ceilings may differ from coset to coset (in a
    class ``u ∈ W`` they split by ``μ·u``). ``memo`` is handed to
    :func:`residue_inner_ceilings`."""
    odd = int((sizes % 2).sum())
    top = parity_ceiling(t, odd) - 2
    ceilings = residue_inner_ceilings(cols, sizes, d, top, basis, u, seconds, memo)
    met = _means_met(*_coset_means(cols, sizes, basis, top), ceilings, seconds)
    return None if met is None else not met


def _coset_means(
    cols: np.ndarray, sizes: np.ndarray, basis: list[int], top: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The coset means of ``W = span(basis)`` as a model over the groups inside ``W``: the sign
    of each group on each coset (one row per syndrome ``μ``), the groups' parities, and their
    boxes (the largest ``|b_g| ≤ top`` of their parity; negative for an odd group at top 0)."""
    sub, inside = inside_subspace(cols, basis)
    c = np.asarray(sizes, dtype=np.int64)[inside]
    box = np.minimum(c, top)
    box -= (box - c) % 2
    mu = np.arange(1 << len(basis), dtype=np.int64)
    signs = 1 - 2 * (np.bitwise_count(mu[:, None] & sub[None, :]).astype(np.int64) & 1)
    return signs, c % 2, box


def _means_met(
    signs: np.ndarray, par: np.ndarray, box: np.ndarray, ceiling: np.ndarray, seconds: float
) -> bool | None:
    """Whether some ``b`` on the groups inside ``W`` keeps every coset mean at most
    ``ceiling``, by HiGHS and CP-SAT (``None`` when either is undecided or they disagree)."""
    from ortools.sat.python import cp_model
    from scipy.optimize import Bounds, LinearConstraint, milp

    if len(par) == 0:  # no group inside W: every coset mean is 0
        return bool((ceiling >= 0).all())
    if np.any(box < 0):
        return False
    lo, hi = (-box - par) // 2, (box - par) // 2
    res = milp(
        np.zeros(len(par)),
        constraints=[LinearConstraint(2 * signs, -np.inf, ceiling - signs @ par)],
        integrality=np.ones(len(par)),
        bounds=Bounds(lo, hi),
        options={"time_limit": seconds},
    )
    highs = True if res.status == 0 else False if res.status == 2 else None
    model = cp_model.CpModel()
    y = [model.new_int_var(int(a), int(b), "") for a, b in zip(lo, hi, strict=True)]
    for row, cap in zip(signs.tolist(), ceiling.tolist(), strict=True):
        model.add(sum(s * (2 * v + int(p)) for s, v, p in zip(row, y, par, strict=True)) <= cap)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 1
    status = solver.solve(model)
    sat = (
        True
        if status in (cp_model.FEASIBLE, cp_model.OPTIMAL)
        else False
        if status == cp_model.INFEASIBLE
        else None
    )
    return highs if highs == sat else None


def residue_full_holds(
    cols: np.ndarray, sizes: np.ndarray, d: int, t: int, u: int, seconds: float, workers: int = 1
) -> bool | None:
    """Whether no ``b`` of residue class ``u`` has ``max F ≤ top = F(0)``, over every quiet
    pattern: the sparse model of :func:`butterfly_holds` with each ``F(λ)`` held to its residue,
    ``top − δ(λ) − 8 k_λ`` with ``k_λ ≥ 0`` (:func:`residue_caps`). The residues fix the class
    (``λ·u`` is ``(F(λ) − top + 2 w(λ))/4`` modulo 2), so the halves need no parity rows, which
    only slow CP-SAT. ``True`` when CP-SAT proves it infeasible, ``False`` when it finds a
    ``b`` (checked here), ``None`` when undecided."""
    from ortools.sat.python import cp_model

    odd = int((sizes % 2).sum())
    top = parity_ceiling(t, odd) - 2
    model = cp_model.CpModel()
    y, par = halves(model, sizes, top)
    if y is None:
        return True
    reach = int(np.minimum(sizes, top).sum()) + 1
    level = _transform_levels(model, cols, d, y, par, reach)
    caps = residue_caps(odd_weights(cols, sizes, d), top, u)
    model.add(level[0] == top)
    for lam in range(1, 1 << d):
        k = model.new_int_var(0, (top + reach) // 8 + 1, "")  # F(λ) ≥ −reach
        model.add(level[lam] == int(caps[lam]) - 8 * k)
    return _solve_spectrum(model, y, par, cols, d, top, seconds, workers)


def scip_holds(
    cols: np.ndarray,
    sizes: np.ndarray,
    d: int,
    t: int,
    pin: int,
    seconds: float,
    cuts: list[tuple[list[int], int]] | None = None,
) -> bool | None:
    """Whether ``M ≥ t`` over **every** quiet pattern, by SCIP (``pyscipopt``) on a dense model.

    If ``M ≤ top`` (the largest value below ``t`` with the parity of the odd groups), a
    translation puts the peak at ``λ = 0``, so some ``b`` has ``F(λ) ≤ top`` for every ``λ``
    and ``F(0) ≥ pin`` (``pin`` proven already). One row per ``λ``, ``Σ_g b_g (−1)^{λ·v_g}
    ≤ top``; SCIP's branch and cut, with its Gomory and MIR cuts, decides models of ``2**12``
    rows that CP-SAT leaves open. ``cuts`` as in :func:`butterfly_holds`. ``True`` when SCIP
    proves the model infeasible, ``False`` when it finds a ``b`` (checked here by a transform),
    ``None`` when undecided or ``pyscipopt`` is not installed.
    """
    try:
        from pyscipopt import Model, quicksum
    except ImportError:  # pragma: no cover - pyscipopt comes with the research extra
        return None
    odd = int((sizes % 2).sum())
    top = parity_ceiling(t, odd) - 2
    if top < pin:
        return True
    par = sizes % 2
    box = np.minimum(sizes, top)
    box = box - (box - sizes) % 2
    if np.any(box < 0):
        return True
    model = Model()
    model.hideOutput()
    model.setParam("limits/time", float(seconds))
    y = [
        model.addVar(vtype="I", lb=int((-box[g] - par[g]) // 2), ub=int((box[g] - par[g]) // 2))
        for g in range(len(cols))
    ]
    # F(λ) = Σ_g (2 y_g + p_g)(−1)^{λ·v_g}: the constant part moves to the right-hand side
    lam = np.arange(1 << d, dtype=np.int64)
    signs = 1 - 2 * (np.bitwise_count(lam[:, None] & cols[None, :]).astype(np.int64) & 1)
    for row in signs:
        model.addCons(
            quicksum(2 * int(k) * v for k, v in zip(row, y, strict=True)) <= top - int(row @ par)
        )
    model.addCons(quicksum(2 * v for v in y) >= pin - int(par.sum()))
    means = cut_rows(cols, sizes, top, cuts)
    if means is None:
        return True
    for inside, signs, ceiling in means:
        for row in signs:
            terms = [(int(k), int(g)) for k, g in zip(row, inside, strict=True)]
            model.addCons(
                quicksum(2 * k * y[g] for k, g in terms)
                <= ceiling - sum(k * int(par[g]) for k, g in terms)
            )
    model.optimize()
    if model.getStatus() == "infeasible":
        return True
    if model.getNSols() > 0:
        sol = model.getBestSol()
        found = 2 * np.array([round(model.getSolVal(sol, v)) for v in y], dtype=np.int64) + par
        assert spectrum(cols, found, d).max() <= top
        return False
    return None


def programme_rows(
    cols: np.ndarray, bases: list[list[int]]
) -> tuple[np.ndarray, list[tuple[np.ndarray, np.ndarray, bool]]]:
    """The groups inside ``W_1 ∪ … ∪ W_k`` and, per subspace, its columns and its signs.

    Returns the indices of the groups inside some ``W_i`` and, for each ``W_i``, the positions
    of its groups among them, the sign table ``(−1)^{μ·v_h}`` (one row per ``μ`` in
    ``GF(2)^{w_i}``, in the coordinates of the basis) and whether it is the first (pinned)
    subspace. Raises ``ValueError`` when a basis is not independent.
    """
    insides = [inside_subspace(cols, basis) for basis in bases]
    groups = np.unique(np.concatenate([inside for _, inside in insides] + [np.zeros(0, int)]))
    out = []
    for i, ((sub, inside), basis) in enumerate(zip(insides, bases, strict=True)):
        mu = np.arange(1 << len(basis), dtype=np.int64)
        signs = 1 - 2 * (np.bitwise_count(mu[:, None] & sub[None, :]).astype(np.int64) & 1)
        out.append((np.searchsorted(groups, inside), signs, i == 0))
    return groups, out


def _walsh_holds(rows: list, b: np.ndarray, top: np.ndarray) -> bool:
    """Whether ``b`` (on the groups of :func:`programme_rows`) keeps every ``F_{W_i} ≤ top_i``."""
    return all(
        int((signs @ b[where]).max()) <= int(t)
        for (where, signs, _), t in zip(rows, top, strict=True)
    )


def subspace_programme_holds(
    cols: np.ndarray,
    sizes: np.ndarray,
    bases: list[list[int]],
    odd: int,
    t: int,
    seconds: float,
    lows: list[int] | None = None,
) -> tuple[bool | None, str]:
    """Whether ``M ≥ t`` follows from the subspaces ``W_1, …, W_k`` (bases as column masks),
    re-proved by two solvers: HiGHS (``scipy.optimize.milp``) and OR-Tools CP-SAT.

    If ``M ≤ t − 1``, then ``M ≤ top``, the largest value ``≤ t − 1`` with the parity ``odd``
    of the number of odd groups (every ``F(λ)`` has it), and some ``b`` reaches it. Then: every
    ``|b_g| ≤ top`` (``b_g`` is the mean of ``F`` over ``{λ·v_g = 0}``); for every ``W_i`` the
    coset means ``F_{W_i}(μ) = Σ_{v_h ∈ W_i} b_h (−1)^{μ·v_h} ≤ top`` (a mean of values of
    ``F``), hence ``≤ top_i``, the largest value ``≤ top`` with the parity of ``Σ_{v_h ∈ W_i}
    c_h``; and ``b`` may be translated (``b_g ↦ b_g (−1)^{ν·v_g}``, which keeps the box, the
    parities and every ``max F_{W_i}``) so that ``F_{W_1}`` peaks at ``μ = 0``:
    ``Σ_{μ·v_h = 1} b_h ≥ 0`` for every ``μ ≠ 0``. The model over the integers ``b_g = 2y_g +
    (c_g mod 2)`` of the groups inside some ``W_i`` is handed to both solvers; both must prove
    it infeasible. Returns ``(True, how)`` then, ``(False, why)`` when either finds a ``b``
    (checked here against every coset mean), ``(None, why)`` when undecided.

    ``lows[i]`` (proven by :func:`inner_bound_holds`) lowers the ceiling of ``W_i``'s coset
    means to ``top − lows[i]``: each coset also holds the quotient spectrum, which peaks at
    ``lows[i]`` or more.
    """
    from ortools.sat.python import cp_model
    from scipy.optimize import Bounds, LinearConstraint, milp

    top = (t - 1) - ((t - 1 - odd) % 2)
    if top < 0:
        return True, "no spectrum below 0"
    groups, rows = programme_rows(cols, bases)
    c = np.asarray(sizes, dtype=np.int64)[groups]
    par = c % 2
    box = np.minimum(c, top)
    box = box - (box - c) % 2
    if np.any(box < 0):
        return True, "an odd group with top 0"
    cut = [0] * len(rows) if lows is None else [int(v) for v in lows]
    if len(cut) != len(rows):
        raise ValueError("one inner bound per subspace")
    tops = np.array(
        [
            top - low - (top - low - int(c[where].sum())) % 2
            for (where, _, _), low in zip(rows, cut, strict=True)
        ]
    )
    count = len(groups)
    if count == 0:  # every coset mean is 0
        if min(tops) < 0:
            return True, f"no group inside: every mean is 0 > {int(min(tops))}"
        return False, "no group inside: every mean is 0"
    # rows of A b ≤ rhs over the groups, then b = 2y + par
    lines, rhs = [], []
    for (where, signs, pinned), t_i in zip(rows, tops, strict=True):
        full = np.zeros((len(signs), count), dtype=np.int64)
        full[:, where] = signs
        if pinned:  # F_W(μ) ≤ F_W(0): Σ_h b_h (χ_μ(h) − 1) ≤ 0, and F_W(0) ≤ top_i
            lines.append(full[1:] - full[0])
            rhs.append(np.zeros(len(signs) - 1, dtype=np.int64))
            lines.append(full[:1])
            rhs.append(np.array([t_i]))
        else:
            lines.append(full)
            rhs.append(np.full(len(signs), t_i))
    a = np.vstack(lines)
    r = np.concatenate(rhs)
    low = (-box - par) // 2
    high = (box - par) // 2
    res = milp(
        np.zeros(count),
        constraints=[LinearConstraint(2 * a, -np.inf, r - a @ par)],
        integrality=np.ones(count),
        bounds=Bounds(low, high),
        options={"time_limit": seconds},
    )
    if res.status == 0 and res.x is not None:
        b = 2 * np.round(res.x).astype(np.int64) + par
        if _walsh_holds(rows, b, tops):
            return False, "HiGHS finds a b below the bound"
        return None, "HiGHS returned a b that breaks the model"
    if res.status != 2:
        return None, f"HiGHS undecided in {seconds:g} s"
    model = cp_model.CpModel()
    y = [model.new_int_var(int(low[g]), int(high[g]), f"y{g}") for g in range(count)]
    for row, bound in zip(a.tolist(), (r - a @ par).tolist(), strict=True):
        model.add(sum(2 * k * y[g] for g, k in enumerate(row) if k) <= bound)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 1
    status = solver.solve(model)
    if status in (cp_model.FEASIBLE, cp_model.OPTIMAL):
        b = 2 * np.array([solver.value(v) for v in y], dtype=np.int64) + par
        if _walsh_holds(rows, b, tops):
            return False, "CP-SAT finds a b below the bound"
        return None, "CP-SAT returned a b that breaks the model"
    if status != cp_model.INFEASIBLE:
        return None, f"CP-SAT undecided in {seconds:g} s"
    ceilings = top if lows is None else tops.tolist()
    return True, f"HiGHS and CP-SAT: no b on {count} groups with every mean <= {ceilings}"


def grouped(quiet: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """The distinct nonzero quiet columns (bit masks), their sizes and the zero count, by the
    library's grouping of the lights by quiet-pattern column."""
    quiet = np.asarray(quiet, dtype=np.int64)
    generators = [(row, 2) for row in quiet]
    groups = group_coset(np.zeros(quiet.shape[1], dtype=np.int64), generators, 2)
    cols, sizes, zero = groups.binary_code()
    return cols.astype(np.int64), sizes.astype(np.int64), int(zero)


def zero_count(n: int, cert: dict) -> int:
    """How many lights no stored quiet pattern touches."""
    quiet = np.array([[int(ch) for ch in q] for q in cert["quiet"]], dtype=np.uint8)
    if quiet.size == 0:
        return n * n
    return int((~quiet.reshape(-1, n * n).any(axis=0)).sum())
