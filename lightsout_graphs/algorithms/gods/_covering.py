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
candidate (:func:`lightsout_graphs.algorithms.gods.press_counts`, or the branch and bound of
:func:`lightsout_graphs.algorithms.gods.split_minimum`) is a lower bound and names the λ to add. The
search stops when the bounds meet, or at its time limit with both bounds.

Over GF(2) with at most 24 quiet patterns the Walsh spectrum of
:mod:`lightsout_graphs.algorithms.gods._spectrum` is sharper.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np

from lightsout_graphs.algorithms._cosets import (
    TABLE_MODULUS,
    CosetGroups,
    group_coset,
    press_counts,
    split_minimum,
)
from lightsout_graphs.algorithms._statespace import check_bound
from lightsout_graphs.algorithms.buttons import distinct_buttons
from lightsout_graphs.algorithms.gods._spectrum import (
    MAX_DIMENSION,
    _Bounds,
    averaging_bound,
    covering_radius_bounds,
)
from lightsout_graphs.algorithms.minimum import SPLIT_INNER
from lightsout_graphs.core._memory import check_memory
from lightsout_graphs.core._progress import seconds_bar
from lightsout_graphs.core.errors import SearchLimitError, require_seconds
from lightsout_graphs.representation.puzzle import Puzzle, checks_puzzle

#: The largest coset whose press counts are computed in one transform here.
_FULL_TRANSFORM = 2**22
#: Kernels up to this size also improve each candidate by local search (GF(2) only).
_CLIMB_KERNEL = 2**16
#: Seconds below which no new round of the master programme starts.
_MIN_ROUND = 0.05


class Clock:
    """A deadline: ``left()`` seconds remain of ``seconds`` from ``start``."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.start = time.monotonic()
        self.deadline = self.start + seconds

    def left(self) -> float:
        return self.deadline - time.monotonic()

    def elapsed(self) -> float:
        return time.monotonic() - self.start


@dataclass
class GodsNumber(_Bounds):
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
        lightsout_graphs.core.errors.SearchLimitError: God's number is only bounded: 3..5; raise 'time_limit'.
        """
        if not self.exact:
            msg = f"God's number is only bounded: {self.lower}..{self.upper}; raise 'time_limit'."
            raise SearchLimitError(msg)
        return self.lower


@checks_puzzle
def quiet_groups(puzzle: Puzzle) -> CosetGroups:
    """The lights of a puzzle grouped by their column of quiet patterns.

    Lights with equal columns are interchangeable for every question about the solution
    cosets: God's number and the fewest presses depend only on how many lights of each group
    take each value.

    Parameters
    ----------
    puzzle : Puzzle

    Returns
    -------
    CosetGroups
        The grouping of the quiet patterns themselves (``x0 = 0``): one group per distinct
        column, ``member`` giving the group of every pressable node.

    Examples
    --------
    >>> g = quiet_groups(lo.grid(5, 5))
    >>> g.dimension, sorted(g.sizes.tolist())
    (2, [4, 5, 8, 8])
    >>> masks, sizes, zero = g.binary_code()
    >>> zero, sorted(sizes.tolist())
    (5, [4, 8, 8])
    """
    from lightsout_graphs.algorithms.solver import factorization

    gens = factorization(puzzle).kernel()
    n = len(puzzle.pressable)
    return group_coset(np.zeros(n, dtype=np.int64), gens, puzzle.modulus)


def _gf2_bounds(groups: CosetGroups, n: int, clock: Clock) -> GodsNumber:
    """God's number of a GF(2) puzzle through the Walsh spectrum of its quiet groups."""
    masks, sizes, zero = groups.binary_code()
    found = covering_radius_bounds(
        masks, sizes, zero=zero, dimension=groups.dimension, time_limit=max(clock.left(), 1e-3)
    )
    # Every light gets the value its group's count asks for: a_g pressed lights in group g.
    column = groups.masks()[groups.member]
    x = (column == 0).astype(np.int64)  # lights no quiet pattern changes: pressed, they count
    for g, a in enumerate(found.witness.tolist()):
        x[np.flatnonzero(column == masks[g])[: int(a)]] = 1
    return GodsNumber(found.lower, found.upper, x, seconds=clock.elapsed(), notes=found.notes)


def _unique_solutions(n: int, k: int, clock: Clock) -> GodsNumber:
    """Nullity 0: every board has one solution, so the board of ``k − 1`` everywhere is worst."""
    return GodsNumber(
        lower=(k - 1) * n,
        upper=(k - 1) * n,
        witness=np.full(n, k - 1, dtype=np.int64),
        seconds=clock.elapsed(),
        notes=(
            (
                f"no quiet pattern: every board has one solution, so the board made by "
                f"pressing each of the {n} nodes {k - 1}× needs all {(k - 1) * n} presses"
            ),
        ),
    )


def _coset_memory(groups: CosetGroups) -> int:
    """Bytes that the exact minimum over one coset of these groups needs at its peak."""
    k, size, count = groups.modulus, groups.coset_size, len(groups.sizes)
    if k == 2 and size > _FULL_TRANSFORM:  # the branch and bound: its outer table and one block
        outer = groups.dimension - SPLIT_INNER
        return 8 * (outer + 2) * (1 << outer) + 24 * count * (1 << 14) + 16 * (1 << SPLIT_INNER)
    if k > TABLE_MODULUS:
        return 8 * count * min(size, 1 << 14) + 8 * size
    return 8 * size * k * 3


def _coset_seconds(groups: CosetGroups) -> float:
    """A generous estimate of the seconds one exact minimum over a coset takes (0 when the
    search can stop at the deadline: the GF(2) branch and bound)."""
    k, size = groups.modulus, groups.coset_size
    if k == 2 and size > _FULL_TRANSFORM:
        return 0.0
    if k > TABLE_MODULUS:
        return 2e-8 * size * len(groups.sizes)
    return 1e-8 * size * k * (groups.dimension + 1) * (k if k > 2 else 1)


def _min_over_coset(groups: CosetGroups, clock: Clock) -> tuple[int, list[list[int]]]:
    """A proven lower bound on the minimum over λ (exact unless time ran out), and up to 16
    of the λ that come lowest."""
    if groups.coset_size <= _FULL_TRANSFORM or groups.modulus != 2:
        counts = press_counts(groups).reshape(-1)
        low = np.argsort(counts, kind="stable")[:16]
        shape = groups.orders
        lams = [[int(c) for c in np.unravel_index(int(j), shape)] for j in low] if shape else [[]]
        return int(counts[low[0]]), lams
    found = split_minimum(groups, inner=SPLIT_INNER, deadline=clock.deadline)
    return found.lower_bound, [found.coefficients]


@checks_puzzle
def gods_number_bounds(
    puzzle: Puzzle, *, time_limit: float = 600.0, max_kernel: int = 2**40, progress: bool = False
) -> GodsNumber:
    """God's number of a puzzle by the max–min programme over its quiet-pattern groups.

    Works for any puzzle whose kernel is moderate (see ``max_kernel``), however many boards
    it has: the 5×5 board has 2**23 solvable boards, the 30×30 board 2**880.

    Parameters
    ----------
    puzzle : Puzzle
    time_limit : float, default 600
        Seconds before the search stops with bounds instead of the exact value. The search
        returns within about a tenth of it after the puzzle's factorisation (which is cached
        on the puzzle).
    max_kernel : int, default 2**40
        The largest number of quiet patterns accepted.
    progress : bool, default False
        Show a tqdm bar of the seconds spent out of ``time_limit`` (on standard error, or a
        widget in a notebook): the programmes report no steps, and can run for minutes.

    Returns
    -------
    GodsNumber
        ``lower`` and ``upper`` (equal when ``exact``), and a board that needs ``lower``.

    Raises
    ------
    SearchLimitError
        A kernel with more than ``max_kernel`` quiet patterns, or one whose first exact
        count alone is estimated to take longer than ``time_limit``.
    MemoryBudgetError
        When the exact minimum over one solution coset would not fit the memory budget; the
        refusal comes before anything of that size is allocated.

    See Also
    --------
    gods_number : the exact value, by whichever method proves it.

    Examples
    --------
    >>> g = gods_number_bounds(lo.grid(5, 5))
    >>> g.exact, g.value
    (True, 15)
    >>> gods_number_bounds(lo.grid(4, 4)).value, gods_number_bounds(lo.grid(3, 3)).value
    (7, 9)
    """
    from lightsout_graphs.algorithms.solver import factorization

    time_limit = require_seconds(time_limit)
    max_kernel = check_bound(max_kernel, "max_kernel")
    n = len(puzzle.pressable)
    with seconds_bar(progress, f"God's number of {n} buttons", time_limit):
        engine = factorization(puzzle)
        clock = Clock(time_limit)  # the factorisation is set-up, cached on the puzzle
        k = puzzle.modulus
        kept = distinct_buttons(puzzle)
        if kept.size < n:
            return _over_distinct_buttons(puzzle, kept, max_kernel, clock)
        kernel = int(engine.kernel_size)
        return _bounds(kernel, lambda: quiet_groups(puzzle), k, n, max_kernel, clock)


def _over_distinct_buttons(
    puzzle: Puzzle, kept: np.ndarray, max_kernel: int, clock: Clock
) -> GodsNumber:
    """God's number over the kept buttons alone, the witness widened with zeros.

    Searching with the idle and repeated buttons would only add quiet patterns that the
    programmes then have to tell apart: six idle buttons modulo 4 give 4,096 of them, all
    alike, and the max–min programme did not close on them in 200 s.
    """
    from lightsout_graphs.core.zk import dispatch

    k, n = puzzle.modulus, len(puzzle.pressable)
    note = (
        f"{n - kept.size} of the {n} buttons change no light or repeat another button's "
        "effect, and are never needed"
    )
    witness = np.zeros(n, dtype=np.int64)
    if kept.size == 0:
        return GodsNumber(lower=0, upper=0, witness=witness, seconds=clock.elapsed(), notes=(note,))
    press = puzzle.press_matrix().tocsc()[:, kept]
    gens = dispatch.kernel(press, k)
    kernel_size = math.prod(int(order) for _, order in gens)
    zero = np.zeros(kept.size, dtype=np.int64)
    found = _bounds(
        kernel_size, lambda: group_coset(zero, gens, k), k, int(kept.size), max_kernel, clock
    )
    witness[kept] = found.witness
    notes = (note, *found.notes)
    return replace(found, witness=witness, seconds=clock.elapsed(), notes=notes)


def _bounds(
    kernel_size: int,
    grouping: Callable[[], CosetGroups],
    k: int,
    n: int,
    max_kernel: int,
    clock: Clock,
) -> GodsNumber:
    """God's number from the quiet groups of ``n`` buttons of distinct effects."""
    if kernel_size > max_kernel:
        msg = (
            f"The puzzle has {kernel_size} quiet patterns, more than "
            f"max_kernel={max_kernel}; pass a larger max_kernel to try anyway, or bound God's "
            "number without a search: lightsout_graphs.gods.counting_bound(puzzle) from below, "
            "lightsout_graphs.gods.averaging_bound from above (GF(2))."
        )
        raise SearchLimitError(msg)
    if kernel_size == 1:
        return _unique_solutions(n, k, clock)
    groups = grouping()
    if k == 2 and kernel_size <= 2**MAX_DIMENSION:
        return _gf2_bounds(groups, n, clock)
    check_memory(
        _coset_memory(groups),
        f"the exact fewest presses over one coset of {kernel_size} solutions",
        f"lower max_kernel below {kernel_size} to be refused at once, or bound God's number "
        "by averaging (lightsout_graphs.algorithms.gods.averaging_bound) over GF(2)",
    )
    seconds = _coset_seconds(groups)
    time_limit = clock.seconds
    if seconds > time_limit:
        msg = (
            f"One exact fewest-press count over the {kernel_size} solutions of a board takes "
            f"about {seconds:.3g} s, more than time_limit={time_limit}; raise time_limit, or "
            "lower max_kernel to be refused at once."
        )
        raise SearchLimitError(msg)
    return _max_min_programme(groups, k, n, clock)


def _max_min_programme(groups: CosetGroups, k: int, n: int, clock: Clock) -> GodsNumber:
    """Constraint generation for ``max_n min_λ`` over the groups (any modulus)."""
    from scipy import sparse
    from scipy.optimize import Bounds, LinearConstraint, milp

    cols, inverse, sizes = groups.columns, groups.member, groups.sizes
    cap = None
    if k == 2:  # averaging caps the bound (fact 1 of the spectrum module)
        _, nonzero, zero = groups.binary_code()
        cap = averaging_bound(nonzero, zero)
    orders = groups.orders
    steps = np.array([k // o for o in orders], dtype=np.int64)
    ng = len(sizes)
    # Variables: n[c, v] for v = 1..k-1 (n[c, 0] is the rest), then t.
    nv = ng * (k - 1)

    def row(lam: list[int]) -> tuple[np.ndarray, int]:
        """Coefficients of n and the constant of f(λ) = const + coef · n."""
        s = (cols @ (np.array(lam, dtype=np.int64) * steps)) % k if orders else np.zeros(ng)
        base = s % k
        coef = (np.arange(1, k)[:, None] + s[None, :]) % k - base  # value v, less value 0
        return coef.reshape(-1).astype(float), int((base * sizes).sum())

    def witness_of(nvals: np.ndarray) -> np.ndarray:
        """A press vector with n[c, v] lights of group c at value v."""
        x = np.zeros(n, dtype=np.int64)
        by_group = np.argsort(inverse, kind="stable")
        first = np.searchsorted(inverse[by_group], np.arange(ng))
        per = nvals[:nv].astype(np.int64).reshape(k - 1, ng)
        for c in np.flatnonzero(per.sum(axis=0)):
            members = by_group[first[c] : first[c] + int(sizes[c])]
            values = np.repeat(np.arange(1, k), per[:, c])
            x[members[: len(values)]] = values
        return x

    def evaluate(nvals: np.ndarray) -> tuple[int, list[list[int]]]:
        """The groups split by value (1..k-1, then the rest at 0), and their exact minimum."""
        per = nvals[:nv].astype(np.int64).reshape(k - 1, ng)
        counts = np.concatenate([per.reshape(-1), sizes - per.sum(axis=0)])
        values = np.repeat(np.r_[np.arange(1, k), 0], ng).astype(np.int64)
        keep = counts > 0
        coset = CosetGroups(np.tile(cols, (k, 1))[keep], values[keep], counts[keep], orders, k)
        return _min_over_coset(coset, clock)

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

    d = len(orders)  # λ = 0 and the unit vectors first
    lams = [[0] * d] + [[int(j == i) for j in range(d)] for i, o in enumerate(orders) if o > 1]
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
    # Σ_v n[c, v] <= size_c for every group (sparse: one row per group, k − 1 entries each).
    share_at = (np.tile(np.arange(ng), k - 1), np.arange(nv))
    share = sparse.csr_matrix((np.ones(nv), share_at), shape=(ng, nv + 1))
    seen = {tuple(lam) for lam in lams}
    while best_low < upper and clock.left() > _MIN_ROUND:
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
        res = milp(
            cost,
            constraints=constraints,
            integrality=integrality,
            bounds=Bounds(np.zeros(nv + 1), var_upper),
            options={"time_limit": max(_MIN_ROUND, clock.left())},
        )
        rounds += 1
        if res.x is None:  # out of time before a first point
            break
        bound = getattr(res, "mip_dual_bound", None)
        if res.status == 0:
            upper = min(upper, round(-res.fun))
        elif bound is not None and np.isfinite(bound):
            upper = min(upper, int(np.floor(-bound + 1e-6)))
        cand = np.round(res.x[:nv]).astype(np.int64)
        low, new_lams = evaluate(cand)
        if k == 2 and low < upper and groups.coset_size <= _CLIMB_KERNEL:
            until = min(clock.deadline, time.monotonic() + (clock.deadline - clock.start) / 10)
            cand, low, more = climb(cand, low, until)
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
        seconds=clock.elapsed(),
    )
