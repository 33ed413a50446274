"""The covering radius of a binary code given by grouped columns, through its Walsh spectrum.

Over GF(2), God's number is the covering radius ``max_x min_λ |x + λ·Q|`` of the code spanned by
the ``d`` quiet patterns ``Q``. Group the lights by their column ``v ∈ GF(2)^d`` of ``Q``: group
``g`` has ``c_g`` lights with column ``v_g`` (the group of the zero column, ``c_0`` lights, is
never changed by a quiet pattern). A press vector with ``a_g`` pressed lights in group ``g`` has::

    |x + λ·Q| = Σ_g [λ·v_g = 0] a_g + [λ·v_g = 1] (c_g − a_g)
              = (C + c_0)/2 − F(λ)/2        with  b_g = c_g − 2 a_g,  b_0 = −c_0,
    F(λ)      = Σ_{g ≠ 0} b_g (−1)^{λ·v_g},

where ``C`` counts every light and ``F`` is the Walsh–Hadamard transform of the function that
puts ``b_g`` on ``v_g``. Hence::

    God's number = (C + c_0 − M)/2,    M = min_b max_λ F(λ),

over integers ``b_g ≡ c_g (mod 2)`` with ``|b_g| ≤ c_g``. Three facts make ``M`` tractable:

1. **Averaging.** ``Σ_λ F(λ) = 0`` (no group has the zero column), so ``M ≥ 0`` and God's number
   is at most ``(C + c_0)/2``; and since every ``F(λ) ≡ Σ c_g (mod 2)``, and ``M ≥ 1`` when some
   ``c_g`` is odd, ``M`` is at least 1 or 2 then. When every ``c_g`` is even, ``b = 0`` reaches
   ``M = 0`` and God's number is exactly ``(C + c_0)/2``.
2. **Half-space averages.** The mean of ``F`` over ``{λ : λ·v_g = 0}`` is ``b_g`` and over its
   complement ``−b_g``, so ``M ≥ |b_g|`` for every ``g``: a search for ``M ≤ m`` may restrict
   every ``b_g`` to ``[−m, m]``, a small box whatever the group sizes.
3. **Relaxations are bounds.** An integer programme over a subset of the ``λ`` (constraint
   generation) has a smaller optimum, so its proven bound is a lower bound on ``M``; any ``b`` is
   an upper bound, evaluated exactly over all ``2**d`` values of ``λ`` by one fast transform.
4. **Subspaces.** For a subspace ``W`` of columns, the mean of ``F`` over a coset of ``W^⊥`` is
   ``Σ_{v_g ∈ W} b_g (−1)^{λ·v_g}``: the same problem on the groups inside ``W`` only. So
   ``M ≥ M(W)``, and a small ``W`` spanned by a few odd groups gives a small exact programme.

:func:`covering_radius_bounds` combines a local search over ``b`` (upper bounds on ``M``, i.e.
boards that need many presses) with an integer programme over the ``λ`` that matter and with
the subspace programmes (lower bounds on ``M``), and returns proven bounds on the covering
radius and a witness.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from lightsout_graphs.algorithms.gods._walsh import (
    MAX_DIMENSION,
    SPECTRUM_BYTES,
    _entries,
    spectrum,
)
from lightsout_graphs.core._counts import count_text
from lightsout_graphs.core._memory import check_memory
from lightsout_graphs.core.errors import MatrixError, require_int, require_seconds

#: Integer programmes with at most this many (λ, group) pairs take every λ at once.
_FULL_MODEL = 2**22
#: The local search stops after this many moves without a lower spectrum peak.
_STALL = 2000
#: Above this many spectrum values per move, moves are scored on the highest values only...
_SCORE_WORK = 1 << 23
#: ... this many of them.
_PEAKS = 4096
#: A generous estimate of the seconds per value of one spectrum, before one is measured.
_SECONDS_PER_VALUE = 1.5e-7


class _Bounds:
    """Proven bounds ``lower`` and ``upper`` (:class:`CoveringBounds`, ``GodsNumber``)."""

    lower: int
    upper: int

    @property
    def exact(self) -> bool:
        """Whether the bounds meet (``lower == upper``)."""
        return self.lower == self.upper


@dataclass(frozen=True)
class CoveringBounds(_Bounds):
    """Proven bounds on the covering radius of a grouped binary code.

    Attributes
    ----------
    lower, upper : int
        ``lower`` is the exact minimum weight over the coset of ``witness`` (a proof by example);
        ``upper`` is proven by averaging and by the integer programme.
    witness : numpy.ndarray
        How many lights of each group the witness presses (``a_g``), in the order of the groups.
    spectrum_max : int
        ``max_λ F(λ)`` of the witness (``M`` from above).
    spectrum_bound : int
        The proven lower bound on ``M``.
    seconds : float
        Time spent.
    notes : tuple of str
        How each bound was found.

    Examples
    --------
    >>> b = covering_radius_bounds(np.array([1, 2, 3]), np.array([2, 2, 2]), zero=0, dimension=2)
    >>> b.lower, b.upper
    (3, 3)
    """

    lower: int
    upper: int
    witness: np.ndarray = field(repr=False)
    spectrum_max: int
    spectrum_bound: int
    seconds: float
    notes: tuple[str, ...] = ()


def _flips(lams: np.ndarray | int, columns: np.ndarray) -> np.ndarray:
    """``[λ·v = 1]`` for every ``λ`` of ``lams`` (rows) and column ``v`` (last axis), as int64."""
    lam = np.asarray(lams, dtype=np.int64)[..., None]
    return (np.bitwise_count(lam & np.asarray(columns, dtype=np.int64)) & 1).astype(np.int64)


def _character(column: int, dimension: int) -> np.ndarray:
    """``(−1)^{λ·v}`` for every ``λ`` in ``0..2**dimension − 1``."""
    return 1 - 2 * _flips(np.arange(1 << dimension), np.array([column]))[:, 0]


def _checked_code(
    columns: object, sizes: object, zero: object, dimension: object
) -> tuple[np.ndarray, np.ndarray, int, int]:
    """Columns, sizes, zero and dimension of a grouped code, checked (:class:`MatrixError`)."""
    d = require_int(dimension, "dimension", minimum=1, maximum=MAX_DIMENSION, error=MatrixError)
    cols = _entries(columns, "columns", 1, (1 << d) - 1)
    if len(np.unique(cols)) != len(cols):
        msg = "Argument 'columns' must hold distinct columns (merge repeated ones into 'sizes')."
        raise MatrixError(msg)
    counts = _entries(sizes, "sizes", 1, 2**40)
    if len(counts) != len(cols):
        msg = f"Arguments 'columns' and 'sizes' differ in length: {len(cols)} and {len(counts)}."
        raise MatrixError(msg)
    return cols, counts, require_int(zero, "zero", minimum=0, error=MatrixError), d


def _spectrum_floor(sizes: np.ndarray) -> int:
    """The least ``M`` that averaging and parity allow (fact 1)."""
    odd = int((np.asarray(sizes, dtype=np.int64) % 2).sum())
    if odd == 0:
        return 0
    return 1 if odd % 2 else 2


def averaging_bound(sizes: np.ndarray, zero: int) -> int:
    """The upper bound on the covering radius that averaging over the code proves.

    Every word's distance to the code is at most its mean distance to the ``2**d`` codewords,
    ``(C + c_0)/2``; parity lowers it by ``M ≥ 1`` or ``2`` when some group is odd.

    Parameters
    ----------
    sizes : numpy.ndarray
        Sizes of the groups of nonzero columns.
    zero : int
        How many coordinates have the zero column.

    Returns
    -------
    int

    Examples
    --------
    The 19×19 board: 361 lights, one untouched by the quiet patterns, odd groups.

    >>> from lightsout_graphs.algorithms.gods import quiet_groups
    >>> cols, sizes, zero = quiet_groups(lo.grid(19, 19)).binary_code()
    >>> averaging_bound(sizes, zero)
    180
    """
    counts = _entries(sizes, "sizes", 1, 2**40)
    total = int(counts.sum()) + 2 * require_int(zero, "zero", minimum=0, error=MatrixError)
    return (total - _spectrum_floor(counts)) // 2


def _parity_floor(bound: float, parity: int) -> int:
    """The least integer ``≥ bound`` with the given parity."""
    m = int(np.ceil(bound - 1e-6))
    return m if (m - parity) % 2 == 0 else m + 1


def _local_search(
    columns: np.ndarray,
    sizes: np.ndarray,
    dimension: int,
    until: float,
    rng: np.random.Generator,
    floor: int,
) -> tuple[np.ndarray, int, float]:
    """Small ``max F``: move one ``b_g`` by ±2 at a time against the current maximum.

    Each move is scored by the new peak: over the whole spectrum when that is cheap, else over
    the ``_PEAKS`` highest values of ``λ`` (the spectrum itself is always updated exactly, so
    the peak returned is exact). No move starts that would end after ``until``. Returns the
    best ``b``, its peak, and the seconds one spectrum took.
    """
    parity = sizes % 2
    g_count = len(columns)
    best_b = np.where(rng.random(g_count) < 0.5, parity, -parity).astype(np.int64)
    began = time.monotonic()
    f = spectrum(columns, best_b, dimension)
    best_max = int(f.max())
    spectrum_seconds = time.monotonic() - began
    b = best_b.copy()
    tabu = np.zeros(g_count, dtype=np.int64)
    step = 0
    last_gain = 0
    sample = min(g_count, max(16, (1 << 22) >> dimension))
    sampled = sample << dimension > _SCORE_WORK
    slowest = 0.0
    while time.monotonic() + slowest < until and best_max > floor and step - last_gain < _STALL:
        began = time.monotonic()
        step += 1
        top = int(f.max())
        lam = int(rng.choice(np.flatnonzero(f == top)))
        delta = 4 * _flips(lam, columns) - 2  # -2·(−1)^{λ·v}: lowers F(lam) by 2 per move
        ok = (np.abs(b + delta) <= sizes) & (tabu <= step)
        cand = np.flatnonzero(ok)
        if not len(cand):
            tabu[:] = 0
            continue
        if sampled:  # score every candidate on the highest values of λ only
            peaks = np.argpartition(f, len(f) - _PEAKS)[-_PEAKS:]
            signs = 1 - 2 * _flips(peaks, columns[cand])  # peaks × candidates
            new = f[peaks][:, None] + delta[cand][None, :] * signs
            tops = new.max(axis=0)
            counts = (new == tops[None, :]).sum(axis=0)
            scores = list(zip(tops.tolist(), counts.tolist(), cand.tolist(), strict=True))
        else:
            if len(cand) > sample:
                cand = rng.choice(cand, sample, replace=False)
            scores = []
            for j in cand.tolist():
                new = f + delta[j] * _character(int(columns[j]), dimension)
                top_j = int(new.max())
                scores.append((top_j, int((new == top_j).sum()), j))
        _, _, g = min(scores)
        f += delta[g] * _character(int(columns[g]), dimension)
        m = int(f.max())
        b[g] += delta[g]
        tabu[g] = step + 1 + int(rng.integers(0, max(2, g_count // 8)))
        if m < best_max:
            best_max, best_b, last_gain = m, b.copy(), step
        slowest = max(slowest, time.monotonic() - began)
    return best_b, best_max, spectrum_seconds


def _translate(columns: np.ndarray, b: np.ndarray, dimension: int) -> np.ndarray:
    """``b·(−1)^{μ·v}`` for the ``μ`` where ``F`` is largest: the same spectrum, shifted so that
    its maximum sits at ``λ = 0``."""
    mu = int(np.argmax(spectrum(columns, b, dimension)))
    return b * (1 - 2 * _flips(mu, columns))


def _pinned_programme(
    columns: np.ndarray, sizes: np.ndarray, lams: np.ndarray, box: int, seconds: float
) -> tuple[float, np.ndarray | None, bool]:
    """The spectrum programme with its peak at ``λ = 0``, over the given ``λ`` (HiGHS).

    ``min Σ_g b_g`` over ``b_g ≡ c_g (mod 2)``, ``|b_g| ≤ min(c_g, box)``, subject to
    ``Σ_{g: λ·v_g = 1} b_g ≥ 0`` (that is ``F(λ) ≤ F(0)``) for every ``λ`` of ``lams``.
    Returns the proven lower bound on that minimum (``-inf`` when none), the best ``b`` found
    (or ``None``) and whether it is proven optimal.
    """
    from scipy.optimize import Bounds, LinearConstraint, milp

    parity = sizes % 2
    hi = np.minimum(sizes, box)
    flip = _flips(lams, columns).astype(float)
    res = milp(  # b = 2y + parity
        np.full(len(columns), 2.0),
        constraints=[LinearConstraint(2 * flip, -(flip @ parity), np.inf)],
        integrality=np.ones(len(columns)),
        bounds=Bounds(np.ceil((-hi - parity) / 2), np.floor((hi - parity) / 2)),
        options={"time_limit": max(0.01, seconds), "mip_rel_gap": 0.0},
    )
    shift = float(parity.sum())
    dual = getattr(res, "mip_dual_bound", None)
    if res.status == 0:
        bound = float(res.fun) + shift
    elif dual is not None and np.isfinite(dual):
        bound = float(dual) + shift
    else:
        bound = -np.inf
    b = None if res.x is None else 2 * np.round(res.x).astype(np.int64) + parity
    return bound, b, res.status == 0


def _integer_bound(
    columns: np.ndarray,
    sizes: np.ndarray,
    dimension: int,
    known: int,
    start: np.ndarray,
    until: float,
    spectrum_seconds: float = 0.0,
) -> tuple[float, np.ndarray | None, int]:
    """A lower bound on ``M`` (and maybe a better ``b``) from the pinned programme with the
    peak at ``λ = 0`` (no translated copies), in the box ``|b_g| ≤ known − 2`` (fact 2), where
    ``known`` is the peak of ``start``. Large kernels add the violated ``λ`` round by round
    (each round a relaxation, so its bound holds)."""
    g_count = len(columns)
    start = _translate(columns, start, dimension)
    if (g_count << dimension) <= _FULL_MODEL:
        chosen = set(range(1, 1 << dimension))
    else:
        f = spectrum(columns, start, dimension)
        chosen = {int(j) for j in np.argsort(-f, kind="stable")[:256] if j}
        # For every group, the highest λ that flips it, among the highest values of F.
        peaks = np.argsort(-f, kind="stable")[: min(len(f), _PEAKS * 4)]
        flips = _flips(peaks, columns).astype(bool)  # peaks × groups
        hit = flips.any(axis=0)
        chosen.update(int(j) for j in peaks[np.argmax(flips, axis=0)[hit]])
        chosen.discard(0)
    bound = -np.inf
    best: np.ndarray | None = None
    rounds = 0
    while time.monotonic() + spectrum_seconds < until and chosen:
        target = known - 2
        if target < 0 or np.any((sizes % 2 == 1) & (target < 1)):
            return float(known), best, rounds  # no b fits the box: M = known
        lams = np.array(sorted(chosen), dtype=np.int64)
        proven, b, optimal = _pinned_programme(
            columns, sizes, lams, target, until - time.monotonic() - spectrum_seconds
        )
        rounds += 1
        bound = max(bound, min(float(known), proven))
        if b is None:
            break
        f = spectrum(columns, b, dimension)
        if int(f.max()) < known:  # a better b: aim lower
            best, known = b, int(f.max())
            continue
        if not optimal:
            break  # out of time
        new = {int(j) for j in np.argsort(-f, kind="stable")[:64] if f[j] > f[0]}
        if new <= chosen:
            break
        chosen |= new
    return bound, best, rounds


def _restricted_bound(
    columns: np.ndarray, sizes: np.ndarray, basis: list[int], box: int, seconds: float
) -> float:
    """``M(W)`` for the subspace ``W`` spanned by ``basis``: a lower bound on ``M`` (fact 4)."""
    w = len(basis)
    span = np.zeros(1 << w, dtype=np.int64)
    for j, v in enumerate(basis):
        span[1 << j : 2 << j] = span[: 1 << j] ^ v
    where = {int(x): i for i, x in enumerate(span)}
    inside = np.flatnonzero(np.isin(columns, span))
    sub = np.array([where[int(columns[g])] for g in inside], dtype=np.int64)
    lams = np.arange(1, 1 << w, dtype=np.int64)
    proven, _, _ = _pinned_programme(sub, sizes[inside], lams, box, seconds)
    return max(proven, 0.0)


def _subspace_bounds(
    columns: np.ndarray,
    sizes: np.ndarray,
    dimension: int,
    box: int,
    until: float,
    rng: np.random.Generator,
) -> tuple[float, int]:
    """The best ``M(W)`` over random subspaces spanned by a few odd groups, and how many."""
    odd = np.flatnonzero(sizes % 2)
    width = min(dimension - 1, 8, len(odd))
    best, tried = 0.0, 0
    while width >= 2 and time.monotonic() < until:
        picked = [int(v) for v in columns[rng.choice(odd, width, replace=False)]]
        reduced: list[int] = []
        for v in picked:  # keep only independent picks
            for r in reduced:
                v = min(v, v ^ r)
            if v:
                reduced.append(v)
        if len(reduced) < width:
            continue
        tried += 1
        left = until - time.monotonic()
        best = max(best, _restricted_bound(columns, sizes, picked, box, min(10.0, left)))
    return best, tried


def covering_radius_bounds(
    columns: np.ndarray,
    sizes: np.ndarray,
    *,
    zero: int,
    dimension: int,
    time_limit: float = 60.0,
    seed: int = 0,
) -> CoveringBounds:
    """Bounds on the covering radius of a binary code given by grouped columns.

    Parameters
    ----------
    columns : numpy.ndarray
        Distinct nonzero column bit masks ``v_g`` of the generator matrix (below
        ``2**dimension``).
    sizes : numpy.ndarray
        How many coordinates share each column (``c_g ≥ 1``).
    zero : int
        How many coordinates have the zero column.
    dimension : int
        The code's dimension ``d`` (at most :data:`MAX_DIMENSION`).
    time_limit : float, default 60
        Seconds for the local search and the integer programme together.
    seed : int, default 0
        Seed of the local search.

    Returns
    -------
    CoveringBounds

    Examples
    --------
    The 4×4 board: 4 quiet patterns, 12 groups of sizes 1 and 2 (God's number 7).

    >>> from lightsout_graphs.algorithms.gods import quiet_groups
    >>> groups = quiet_groups(lo.grid(4, 4))
    >>> cols, sizes, zero = groups.binary_code()
    >>> d = groups.dimension
    >>> b = covering_radius_bounds(cols, sizes, zero=zero, dimension=d, time_limit=10)
    >>> b.lower, b.upper, b.exact
    (7, 7, True)
    """
    start = time.monotonic()
    columns, sizes, zero, dimension = _checked_code(columns, sizes, zero, dimension)
    check_memory(
        SPECTRUM_BYTES << dimension,
        f"the spectrum search over 2**{dimension} quiet patterns",
        "bound God's number by averaging_bound alone",
    )
    time_limit = require_seconds(time_limit)
    total = int(sizes.sum()) + int(zero)
    parity = sizes % 2
    odd = int(parity.sum())
    spectrum_parity = odd % 2
    notes = []

    def at_most(m: int) -> str:  # a floor on the peak M is a ceiling on God's number
        return f"at most {(total + int(zero) - m) // 2} presses (spectrum peak M >= {m})"

    def at_least(m: int) -> str:
        return f"at least {(total + int(zero) - m) // 2} presses (spectrum peak M <= {m})"

    # Fact 1: averaging.
    m_low = _spectrum_floor(sizes)
    patterns = count_text(1 << dimension, 2)
    notes.append(f"averaging over the {patterns} quiet patterns: {at_most(m_low)}")
    spectrum_seconds = _SECONDS_PER_VALUE * (1 << dimension)  # until one is measured
    if odd == 0:
        b = np.zeros(len(columns), dtype=np.int64)
        m_high = 0
    elif spectrum_seconds > time_limit / 2:
        # Too little time for even one spectrum: the witness presses the untouched lights only,
        # which every solution presses too (M <= Σ c_g, from b = c).
        b = sizes.copy()
        m_high = int(sizes.sum())
        notes.append(
            f"no search: one spectrum of {patterns} values takes about "
            f"{spectrum_seconds:.2g} s, more than half of time_limit={time_limit}; "
            f"{at_least(m_high)}"
        )
    else:
        budget = start + time_limit
        rng = np.random.default_rng(seed)
        b, m_high, spectrum_seconds = _local_search(
            columns, sizes, dimension, start + time_limit * 0.3, rng, m_low
        )
        notes.append(f"a board found by local search: {at_least(m_high)}")
        full = (len(columns) << dimension) <= _FULL_MODEL
        cut = budget if full else start + time_limit * 0.7
        if m_high > m_low and time.monotonic() + 3 * spectrum_seconds < cut:
            bound, better, rounds = _integer_bound(
                columns, sizes, dimension, m_high, b, cut - spectrum_seconds, spectrum_seconds
            )
            if better is not None:
                top = int(spectrum(columns, better, dimension).max())
                if top < m_high:
                    b, m_high = better, top
            if np.isfinite(bound):
                m_low = min(m_high, max(m_low, _parity_floor(bound, spectrum_parity)))
            notes.append(
                f"integer programme with the peak at λ = 0 ({rounds} rounds): {at_most(m_low)}"
            )
        if m_high > m_low and time.monotonic() < budget:
            bound, tried = _subspace_bounds(columns, sizes, dimension, m_high, budget, rng)
            m_low = min(m_high, max(m_low, _parity_floor(bound, spectrum_parity)))
            notes.append(
                f"means over the cosets of {tried} subspaces spanned by odd groups: "
                f"{at_most(m_low)}"
            )
    witness = (sizes - b) // 2
    return CoveringBounds(
        lower=(total + int(zero) - m_high) // 2,
        upper=(total + int(zero) - m_low) // 2,
        witness=witness,
        spectrum_max=m_high,
        spectrum_bound=m_low,
        seconds=time.monotonic() - start,
        notes=tuple(notes),
    )
