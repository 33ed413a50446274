"""God's number from the quiet patterns: the covering radius of the solution code.

Every board ``T x`` has the solutions ``x + λ·Q``, so its fewest presses are
``min_λ |x + λ·Q|`` and God's number is ``max_x min_λ |x + λ·Q|``: the covering radius of the
code spanned by the quiet patterns (weight = sum of the press counts). Lights with equal
quiet-pattern columns ``c`` are interchangeable, so only how many lights of each group get each
value matters: with ``n[c, v]`` lights of group ``c`` at value ``v``,

    God's number = max_n  min_λ  Σ_c Σ_v n[c, v] · ((v + λ·c) mod k),

an integer max–min programme over the groups, with one linear constraint per λ. It is solved
by constraint generation: a mixed-integer master problem (scipy's HiGHS) over the λ found so
far gives an upper bound and a candidate ``n``; the exact minimum over **all** λ of that
candidate (:func:`lightsout_graphs.coset.press_counts`, or the branch and bound of
:func:`lightsout_graphs.coset.split_minimum`) is a lower bound and names the λ to add. The
search stops when the bounds meet, or at its time limit with both bounds.

Over GF(2) with at most 24 quiet patterns a sharper route applies
(:mod:`lightsout_graphs.covering_gf2`): God's number is ``(C + c_0 − M)/2``, where ``C`` counts
the lights, ``c_0`` those no quiet pattern touches and ``M`` is the smallest largest value of the
Walsh spectrum of an integer function on the group columns. Averaging proves
``God's number ≤ (C + c_0)/2`` at once (with equality when every group is even), a local search
over the spectrum finds hard boards, and an integer programme in small boxes proves the rest.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from lightsout_graphs.coset import CosetGroups, generator_columns, press_counts, split_minimum
from lightsout_graphs.counts import count_text
from lightsout_graphs.covering_gf2 import MAX_DIMENSION, averaging_bound, covering_radius_bounds
from lightsout_graphs.errors import ModulusError, SearchLimitError, require_int, require_seconds
from lightsout_graphs.puzzle import Puzzle, check_puzzle

__all__ = ["GodsNumber", "gods_number_bounds", "quiet_groups"]

#: The largest coset whose press counts are computed in one transform here.
_FULL_TRANSFORM = 2**22
#: Kernels up to this size also improve each candidate by local search (GF(2) only).
_CLIMB_KERNEL = 2**16


@dataclass
class GodsNumber:
    """God's number of a puzzle, or bounds on it, with how they were found.

    Attributes
    ----------
    lower, upper : int
        Proven bounds: ``lower`` is the fewest presses of ``witness``; ``upper`` the bound of
        the max–min programme.
    exact : bool
        ``lower == upper``.
    witness : numpy.ndarray
        Presses ``x`` (over the pressable nodes) with fewest presses ``lower`` among all the
        solutions ``x + λ·Q``: the board ``−T·x`` needs ``lower`` presses at the fewest.
    rounds : int
        Master problems solved.
    seconds : float
    notes : tuple of str
        How each bound was proven, in words.

    Examples
    --------
    >>> g = gods_number_bounds(lo.grid(4, 4))
    >>> g.lower, g.upper, g.exact
    (7, 7, True)
    """

    lower: int
    upper: int
    witness: np.ndarray = field(repr=False)
    rounds: int = 0
    seconds: float = 0.0
    notes: tuple[str, ...] = ()

    @property
    def exact(self) -> bool:
        """Whether the bounds meet.

        Examples
        --------
        >>> GodsNumber(lower=3, upper=3, witness=np.zeros(2)).exact
        True
        >>> GodsNumber(lower=3, upper=5, witness=np.zeros(2)).exact
        False
        """
        return self.lower == self.upper

    @property
    def value(self) -> int:
        """God's number.

        Raises
        ------
        SearchLimitError
            When only bounds are known.

        Examples
        --------
        >>> gods_number_bounds(lo.grid(3, 3)).value
        9
        >>> GodsNumber(lower=3, upper=5, witness=np.zeros(2)).value
        Traceback (most recent call last):
        ...
        lightsout_graphs.errors.SearchLimitError: God's number is only bounded: 3..5; raise 'time_limit'.
        """
        if not self.exact:
            msg = f"God's number is only bounded: {self.lower}..{self.upper}; raise 'time_limit'."
            raise SearchLimitError(msg)
        return self.lower


def _column_groups(gens: list[tuple[np.ndarray, int]], k: int, n: int) -> tuple[np.ndarray, ...]:
    cols = generator_columns(gens, k, n)
    uniq, inverse, sizes = np.unique(cols, axis=0, return_inverse=True, return_counts=True)
    return uniq, inverse.reshape(-1), sizes.astype(np.int64)


def quiet_groups(puzzle: Puzzle) -> tuple[np.ndarray, np.ndarray, int, int, np.ndarray]:
    """The lights of a GF(2) puzzle grouped by their column of quiet patterns.

    Parameters
    ----------
    puzzle : Puzzle
        A puzzle with modulus 2.

    Returns
    -------
    columns : numpy.ndarray
        The distinct nonzero columns as bit masks (bit ``i``: quiet pattern ``i``).
    sizes : numpy.ndarray
        How many pressable nodes share each column.
    zero : int
        How many pressable nodes no quiet pattern presses.
    dimension : int
        The number of quiet patterns in the basis (the nullity).
    group : numpy.ndarray
        For every pressable node, the index of its group in ``columns``, or ``-1`` for the zero
        column.

    Raises
    ------
    ModulusError
        For a modulus other than 2.

    Examples
    --------
    >>> cols, sizes, zero, d, group = quiet_groups(lo.grid(5, 5))
    >>> d, zero, sorted(sizes.tolist())
    (2, 5, [4, 8, 8])
    """
    from lightsout_graphs.solver import factorization

    check_puzzle(puzzle)
    if puzzle.modulus != 2:
        msg = f"quiet_groups needs modulus 2, not {puzzle.modulus}."
        raise ModulusError(msg)
    gens = factorization(puzzle).kernel()
    if len(gens) > 62:
        msg = (
            f"quiet_groups packs the columns of at most 62 quiet patterns, not {len(gens)}; "
            "use coset.generator_columns for the columns themselves."
        )
        raise SearchLimitError(msg)
    n = len(puzzle.pressable)
    masks = np.zeros(n, dtype=np.int64)
    for i, (g, _) in enumerate(gens):
        masks |= (np.asarray(g, dtype=np.int64) % 2) << i
    uniq, inverse = np.unique(masks, return_inverse=True)
    counts = np.bincount(inverse.reshape(-1), minlength=len(uniq)).astype(np.int64)
    group = inverse.reshape(-1).astype(np.int64)
    zero = 0
    if len(uniq) and uniq[0] == 0:
        zero = int(counts[0])
        uniq, counts = uniq[1:], counts[1:]
        group = group - 1
    return uniq, counts, zero, len(gens), group


def _gf2_bounds(puzzle: Puzzle, time_limit: float) -> GodsNumber:
    """God's number of a GF(2) puzzle through the Walsh spectrum of its quiet groups."""
    columns, sizes, zero, dimension, group = quiet_groups(puzzle)
    found = covering_radius_bounds(
        columns, sizes, zero=zero, dimension=dimension, time_limit=time_limit
    )
    x = np.zeros(len(group), dtype=np.int64)
    x[group < 0] = 1  # lights no quiet pattern changes: pressed, they always count
    for g, a in enumerate(found.witness.tolist()):
        x[np.flatnonzero(group == g)[: int(a)]] = 1
    return GodsNumber(
        lower=found.lower,
        upper=found.upper,
        witness=x,
        rounds=0,
        seconds=found.seconds,
        notes=found.notes,
    )


def _min_over_coset(groups: CosetGroups, deadline: float | None) -> tuple[int, list[list[int]]]:
    """The exact minimum over λ, and up to 16 of the λ that come lowest."""
    if groups.coset_size <= _FULL_TRANSFORM or groups.modulus != 2:
        counts = press_counts(groups).reshape(-1)
        low = np.argsort(counts, kind="stable")[:16]
        shape = groups.orders
        lams = [[int(c) for c in np.unravel_index(int(j), shape)] for j in low] if shape else [[]]
        return int(counts[low[0]]), lams
    found = split_minimum(groups, deadline=None)
    return found.num_presses, [found.coefficients]


def gods_number_bounds(
    puzzle: Puzzle, *, time_limit: float = 600.0, max_kernel: int = 2**40
) -> GodsNumber:
    """God's number of a puzzle by the max–min programme over its quiet-pattern groups.

    Works for any puzzle whose kernel is moderate (see ``max_kernel``), however many boards
    it has: the 5×5 board has 2**23 solvable boards, the 30×30 board 2**880.

    Parameters
    ----------
    puzzle : Puzzle
    time_limit : float, default 600
        Seconds before the search stops with bounds instead of the exact value.
    max_kernel : int, default 2**40
        The largest number of quiet patterns accepted.

    Returns
    -------
    GodsNumber
        ``lower`` and ``upper`` (equal when ``exact``), and a board that needs ``lower``.

    Raises
    ------
    SearchLimitError
        A kernel with more than ``max_kernel`` quiet patterns.

    Examples
    --------
    >>> g = gods_number_bounds(lo.grid(5, 5))
    >>> g.exact, g.value
    (True, 15)
    >>> gods_number_bounds(lo.grid(4, 4)).value, gods_number_bounds(lo.grid(3, 3)).value
    (7, 9)
    """
    from scipy.optimize import Bounds, LinearConstraint, milp

    from lightsout_graphs.solver import factorization

    check_puzzle(puzzle)
    time_limit = require_seconds(time_limit)
    max_kernel = require_int(max_kernel, "max_kernel", minimum=1, error=SearchLimitError)
    start = time.monotonic()
    deadline = start + time_limit
    engine = factorization(puzzle)
    k = puzzle.modulus
    if int(engine.kernel_size) > max_kernel:
        msg = (
            f"The puzzle has {count_text(int(engine.kernel_size), k)} quiet patterns, more than "
            f"max_kernel={max_kernel}; pass a larger max_kernel to try anyway."
        )
        raise SearchLimitError(msg)
    if k == 2 and 1 < int(engine.kernel_size) <= 2**MAX_DIMENSION:
        return _gf2_bounds(puzzle, time_limit)
    gens = engine.kernel()
    n = len(puzzle.pressable)
    cols, inverse, sizes = _column_groups(gens, k, n)
    cap = None
    if k == 2 and len(gens):  # averaging caps the bound (covering_gf2, fact 1)
        untouched = ~cols.any(axis=1)
        cap = averaging_bound(sizes[~untouched], int(sizes[untouched].sum()))
    orders = tuple(int(o) for _, o in gens)
    steps = np.array([k // o for o in orders], dtype=np.int64)
    ng = len(sizes)
    # Variables: n[c, v] for v = 1..k-1 (n[c, 0] is the rest), then t.
    nv = ng * (k - 1)

    def row(lam: list[int]) -> tuple[np.ndarray, int]:
        """Coefficients of n and the constant of f(λ) = const + coef · n."""
        s = (cols @ (np.array(lam, dtype=np.int64) * steps)) % k if orders else np.zeros(ng)
        coef = np.zeros(nv)
        const = 0
        for v in range(k):
            value = (v + s) % k
            if v == 0:
                const += int((value * sizes).sum())
                base = value
            else:
                coef[(v - 1) * ng : v * ng] = value - base
        return coef, const

    def witness_of(nvals: np.ndarray) -> np.ndarray:
        """A press vector with n[c, v] lights of group c at value v."""
        x = np.zeros(n, dtype=np.int64)
        for c in range(ng):
            members = np.flatnonzero(inverse == c)
            pos = 0
            for v in range(1, k):
                cnt = int(nvals[(v - 1) * ng + c])
                x[members[pos : pos + cnt]] = v
                pos += cnt
        return x

    def evaluate(nvals: np.ndarray) -> tuple[int, list[list[int]]]:
        values, counts, columns = [], [], []
        rest = sizes.copy()
        for v in range(1, k):
            cnt = nvals[(v - 1) * ng : v * ng].astype(np.int64)
            rest = rest - cnt
            columns.append(cols)
            values.append(np.full(ng, v))
            counts.append(cnt)
        columns.append(cols)
        values.append(np.zeros(ng, dtype=np.int64))
        counts.append(rest)
        keep = np.concatenate(counts) > 0
        groups = CosetGroups(
            columns=np.concatenate(columns)[keep],
            values=np.concatenate(values)[keep].astype(np.int64),
            sizes=np.concatenate(counts)[keep],
            orders=orders,
            modulus=k,
        )
        return _min_over_coset(groups, deadline)

    rng = np.random.default_rng(0)

    def climb(
        cand: np.ndarray, value: int, until: float
    ) -> tuple[np.ndarray, int, list[list[int]]]:
        """Raise a candidate's minimum by moving one light of a group at a time (GF(2))."""
        cand = cand.copy()
        more: list[list[int]] = []
        improved = True
        while improved and time.monotonic() < until:
            improved = False
            for c in rng.permutation(ng):
                for step in (1, -1):
                    new = int(cand[c]) + step
                    if not 0 <= new <= int(sizes[c]):
                        continue
                    trial = cand.copy()
                    trial[c] = new
                    v, lows = evaluate(trial)
                    if v > value or (v == value and rng.random() < 0.2):
                        improved = improved or v > value
                        cand, value = trial, v
                        more.extend(lows[:2])
                        break
                if time.monotonic() >= until:
                    break
        return cand, value, more

    lams: list[list[int]] = [[0] * len(orders)]
    for i, o in enumerate(orders):
        if o > 1:
            unit = [0] * len(orders)
            unit[i] = 1
            lams.append(unit)
    # Start from "every light at its largest value" as the first candidate.
    start_n = np.zeros(nv)
    start_n[(k - 2) * ng :] = sizes
    best_low, best_lams = evaluate(start_n)
    best_x = witness_of(start_n)
    lams.extend(best_lams)
    upper = int(sizes.sum()) * (k - 1)
    if cap is not None:
        upper = min(upper, cap)
    rounds = 0
    integrality = np.ones(nv + 1)
    var_upper = np.concatenate([np.tile(sizes, k - 1), [upper]]).astype(float)
    # Σ_v n[c, v] <= size_c for every group.
    share = np.zeros((ng, nv + 1))
    for v in range(1, k):
        share[np.arange(ng), (v - 1) * ng + np.arange(ng)] = 1
    seen = {tuple(lam) for lam in lams}
    while best_low < upper and time.monotonic() < deadline:
        rows, consts = zip(*(row(lam) for lam in lams), strict=True)
        a = np.zeros((len(rows), nv + 1))
        a[:, :nv] = -np.array(rows)
        a[:, nv] = 1
        constraints = [
            LinearConstraint(a, -np.inf, np.array(consts, dtype=float)),
            LinearConstraint(share, -np.inf, sizes.astype(float)),
        ]
        cost = np.zeros(nv + 1)
        cost[nv] = -1
        left = max(1.0, deadline - time.monotonic())
        res = milp(
            cost,
            constraints=constraints,
            integrality=integrality,
            bounds=Bounds(np.zeros(nv + 1), var_upper),
            options={"time_limit": left},
        )
        rounds += 1
        if res.x is None:  # pragma: no cover - the master always has the all-zero point
            break
        bound = getattr(res, "mip_dual_bound", None)
        if res.status == 0:
            upper = min(upper, round(-res.fun))
        elif bound is not None and np.isfinite(bound):
            upper = min(upper, int(np.floor(-bound + 1e-6)))
        cand = np.round(res.x[:nv]).astype(np.int64)
        low, new_lams = evaluate(cand)
        if k == 2 and low < upper and int(engine.kernel_size) <= _CLIMB_KERNEL:
            cand, low, more = climb(cand, low, min(deadline, time.monotonic() + time_limit / 10))
            new_lams = new_lams + more
        if low > best_low:
            best_low, best_x = low, witness_of(cand)
        added = 0
        for lam in new_lams:
            if tuple(lam) not in seen:
                seen.add(tuple(lam))
                lams.append(lam)
                added += 1
        if res.status != 0 or not added:
            break
    notes = []
    if cap is not None and cap == upper:
        notes.append(f"averaging over the quiet patterns: at most {cap}")
    return GodsNumber(
        lower=best_low,
        upper=max(best_low, upper),
        notes=tuple(notes),
        witness=best_x,
        rounds=rounds,
        seconds=time.monotonic() - start,
    )
