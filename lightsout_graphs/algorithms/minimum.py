"""Fewest presses, proven: over the grouped solution coset, by one transform or by CP-SAT.

Every solution is ``x0 + Σ λ_i g_i`` (``0 <= λ_i < o_i``) for one solution ``x0`` and the
quiet-pattern generators ``g_i``. Lights with equal quiet-pattern columns and equal ``x0`` value
form groups (:mod:`lightsout_graphs.algorithms._cosets`), so the search runs over the ``d`` coefficients λ,
not over the ``N`` lights:

- when the coset has at most ``max_enumerate`` solutions, the number of presses of **every**
  solution comes out of one exact transform (:func:`lightsout_graphs.algorithms._cosets.press_counts`) and
  its minimum is the proof;
- over GF(2) with at most 38 quiet patterns, an exact branch and bound splits λ into an inner
  part (one transform) and an outer part (enumerated, pruned by a lower bound);
- otherwise CP-SAT minimises over λ with one weighted term per group.

When time runs out, the best solution found is returned with ``optimal=False`` and the proven
``lower_bound``; Ctrl-C raises :class:`MinimumInterrupted` carrying it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from lightsout_graphs.algorithms._cosets import (
    CosetGroups,
    group_coset,
    press_counts,
    split_minimum,
)
from lightsout_graphs.core._counts import count_text
from lightsout_graphs.core._memory import memory_budget
from lightsout_graphs.core.errors import LightsOutError, MissingDependencyError, SearchLimitError
from lightsout_graphs.core.zk import coset_member

__all__ = [
    "SPLIT_INNER",
    "SPLIT_OUTER",
    "MinimumInterrupted",
    "fewest_presses",
]

#: Coefficients handled by one transform in the GF(2) branch and bound (4 * 2**22 bytes).
SPLIT_INNER = 22
#: The most coefficients the branch and bound enumerates outside the transform.
SPLIT_OUTER = 16


@dataclass(frozen=True)
class MinimumResult:
    """A press vector over the pressable nodes with the fewest presses found, and its proof.

    ``optimal``: whether ``num_presses`` is proven the fewest; ``lower_bound``: a proven lower
    bound (``num_presses`` when optimal).
    """

    vector: np.ndarray
    num_presses: int
    proof: str
    optimal: bool = True
    lower_bound: int | None = None


#: Seconds by which CP-SAT may stop short of its time limit without having been interrupted.
_CLOCK_SLACK = 0.05


class MinimumInterrupted(KeyboardInterrupt):
    """Ctrl-C during a fewest-press search; ``best`` holds the best solution found so far.

    Examples
    --------
    >>> err = MinimumInterrupted(None)
    >>> isinstance(err, KeyboardInterrupt), err.best is None
    (True, True)
    """

    def __init__(self, best: MinimumResult | None) -> None:
        super().__init__("interrupted")
        self.best = best
        #: Set by :func:`lightsout_graphs.solve`: the best Solution found, or None.
        self.solution: object | None = None

    def __reduce__(self) -> tuple[type[MinimumInterrupted], tuple[MinimumResult | None]]:
        return (type(self), (self.best,))


def enumerate_minimum(
    x0: np.ndarray, generators: list[tuple[np.ndarray, int]], modulus: int
) -> MinimumResult:
    """The fewest presses over the whole coset ``x0 + span(generators)``, proven.

    Every solution's presses come from one transform on the grouped coset (memory about 4 or
    8 bytes per solution, times k for k > 2).
    """
    groups = group_coset(x0, generators, modulus)
    counts = press_counts(groups)
    best = np.unravel_index(int(np.argmin(counts)), counts.shape) if counts.ndim else ()
    lam = [int(c) for c in best]
    vec = coset_member(x0, generators, modulus, lam)
    size = groups.coset_size
    n = int(vec.sum())
    if n != int(counts[tuple(lam)]):  # pragma: no cover - would be a bug in the transform
        msg = "The grouped press counts disagree with the solution they describe."
        raise LightsOutError(msg)
    proof = (
        "enumeration of the only solution"
        if size == 1
        else (
            f"enumeration of all {count_text(size, modulus)} solutions (presses counted "
            f"over {len(groups.sizes)} groups of buttons)"
        )
    )
    return MinimumResult(vec, n, proof, True, n)


def _group_model(groups: CosetGroups) -> tuple[Any, list[Any]]:
    """CP-SAT over λ: one bounded residue per group, weighted by its size."""
    from ortools.sat.python import cp_model

    k = groups.modulus
    model = cp_model.CpModel()
    lams = [model.new_int_var(0, o - 1, f"l{i}") for i, o in enumerate(groups.orders)]
    terms: list[Any] = []
    for j in range(len(groups.sizes)):
        coeffs = [
            (int(c) * (k // o), lam, o)
            for c, o, lam in zip(groups.columns[j], groups.orders, lams, strict=True)
            if c
        ]
        v = int(groups.values[j])
        if not coeffs:
            terms.append(int(groups.sizes[j]) * v)
            continue
        y = model.new_int_var(0, k - 1, f"y{j}")
        top = v + sum(a * (o - 1) for a, _, o in coeffs)
        q = model.new_int_var(0, top // k, f"q{j}")
        model.add(sum(a * lam for a, lam, _ in coeffs) + v == y + k * q)
        terms.append(int(groups.sizes[j]) * y)
    model.minimize(sum(terms))
    for lam in lams:
        model.add_hint(lam, 0)
    return model, lams


_CPSAT_RANGE = 2**62
"""CP-SAT refuses a model whose sums may pass int64; keep every sum below this."""


def _check_cpsat_range(groups: CosetGroups) -> None:
    """Refuse, before building it, a CP-SAT model whose sums could overflow (very large k).

    Each group's row reaches ``Σ a_i (o_i − 1) + v`` on one side and as much again on the
    other (``y + k q``); the objective reaches ``Σ size · (k − 1)``.
    """
    k = groups.modulus
    widest = int(np.asarray(groups.sizes, dtype=object).sum()) * (k - 1)
    scale = [k // o for o in groups.orders]
    for j in range(len(groups.sizes)):
        row = int(groups.values[j])
        for c, o, step in zip(groups.columns[j], groups.orders, scale, strict=True):
            row += int(c) * step * (o - 1)
        widest = max(widest, 2 * row + k)
    if widest >= _CPSAT_RANGE:
        msg = (
            f"Proving the fewest presses by CP-SAT is out of reach for modulus {k}: its model "
            f"would hold sums near 2**{widest.bit_length() - 1}, beyond the 2**62 that CP-SAT "
            f"allows{_enumeration_route(groups.coset_size, k, 'instead')}; or solve without "
            "minimize for one solution and the number of solutions."
        )
        raise SearchLimitError(msg)


def cpsat_minimum(
    x0: np.ndarray,
    generators: list[tuple[np.ndarray, int]],
    modulus: int,
    *,
    time_limit: float = 120.0,
) -> MinimumResult:
    """Fewest presses by ortools' CP-SAT over the coefficients λ of the grouped coset.

    When ``time_limit`` runs out: the best found with ``optimal=False`` and CP-SAT's proven
    ``lower_bound``; Ctrl-C raises :class:`MinimumInterrupted` carrying it.
    """
    try:
        from ortools.sat.python import cp_model
    except ImportError as err:
        size = math.prod(int(o) for _, o in generators)
        msg = (
            "Proving the fewest presses on this board needs ortools' CP-SAT: "
            f"pip install 'lightsout_graphs[cpsat]'{_enumeration_route(size, modulus, 'or')}."
        )
        raise MissingDependencyError(msg) from err
    groups = group_coset(x0, generators, modulus)
    _check_cpsat_range(groups)
    model, lams = _group_model(groups)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = float(time_limit)
    solver.parameters.num_workers = 2
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.UNKNOWN):  # pragma: no cover
        msg = f"CP-SAT rejected the fewest-press model (status {solver.status_name(status)})."
        raise LightsOutError(msg)
    found = status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    lam = [int(solver.value(v)) for v in lams] if found else [0] * len(lams)
    vec = coset_member(x0, generators, modulus, lam)
    n = int(vec.sum())
    if status == cp_model.OPTIMAL:
        return MinimumResult(vec, n, "CP-SAT over the grouped coset (optimal)", True, n)
    bound = max(0, min(n, int(np.ceil(solver.best_objective_bound - 1e-9)))) if found else 0
    size = groups.coset_size
    proof = (
        f"not proven optimal: CP-SAT ran {solver.wall_time:.1f} s of time_limit={time_limit} "
        f"over {count_text(size, modulus)} solutions; the fewest presses lie in "
        f"{bound}..{n}. Raise 'time_limit' to give CP-SAT longer"
        f"{_enumeration_route(size, modulus, 'or')}."
    )
    partial = MinimumResult(vec, n, proof, False, bound)
    limit = float(time_limit)
    if solver.wall_time < min(0.9 * limit, limit - _CLOCK_SLACK):
        # CP-SAT stops short of its time limit without a proof only when interrupted (its own
        # SIGINT handler ends the search): pass Ctrl-C on, with the best solution found. It
        # checks its clock every few milliseconds, so a short limit may end a little early.
        raise MinimumInterrupted(partial)
    return partial


def _enumeration_route(size: int, modulus: int, joiner: str) -> str:
    """``", or raise 'max_enumerate' ..."`` when enumerating the coset fits the memory budget.

    A coset too large to enumerate gets no such advice: the routes left are CP-SAT and time.
    """
    wide = modulus if 2 < modulus <= 64 else 1
    if size * wide * 32 > memory_budget():
        return ""
    return f", {joiner} raise 'max_enumerate' to {size * wide} to enumerate all of them"


def fewest_presses(
    x0: np.ndarray,
    generators: list[tuple[np.ndarray, int]],
    modulus: int,
    *,
    max_enumerate: int = 2**24,
    time_limit: float = 120.0,
) -> MinimumResult:
    """The fewest presses among all solutions: the grouped transform when it fits, else CP-SAT.

    Parameters
    ----------
    x0 : numpy.ndarray
        One solution over the pressable nodes.
    generators : list of (numpy.ndarray, int)
        The kernel generators and their orders.
    modulus : int
    max_enumerate : int, default 2**24
        Enumerate cosets of up to this many solutions (``max_enumerate // k`` for
        2 < k <= 64, where the table holds k counts per solution).
    time_limit : float, default 120
        Seconds for CP-SAT.

    Returns
    -------
    MinimumResult
        ``optimal=False`` with a ``lower_bound`` when CP-SAT ran out of time.

    Examples
    --------
    >>> p = lo.grid(4, 4)
    >>> sol = lo.solve(p, 0, target=1)
    >>> gens = [(np.array(list(g.values())), 2) for g in sol.quiet_patterns]
    >>> best = fewest_presses(sol.vector, gens, 2)
    >>> best.num_presses, best.proof
    (4, 'enumeration of all 16 solutions (presses counted over 12 groups of buttons)')
    """
    from lightsout_graphs.algorithms.planner import minimum_engine

    engine = minimum_engine(
        [int(o) for _, o in generators],
        modulus,
        max_enumerate=max_enumerate,
        split_limit=SPLIT_INNER + SPLIT_OUTER,
    ).engine
    return _ENGINES[engine](x0, generators, modulus, time_limit)


def split_search_minimum(
    x0: np.ndarray,
    generators: list[tuple[np.ndarray, int]],
    *,
    time_limit: float = 120.0,
    inner: int = SPLIT_INNER,
) -> MinimumResult:
    """Fewest presses over GF(2) by the exact branch and bound of ``split_minimum``.

    ``inner`` coefficients go to one transform (``4 · 2**inner`` bytes); past ``time_limit`` the
    best found comes back unproven; Ctrl-C raises :class:`MinimumInterrupted` carrying it.
    """
    import time

    groups = group_coset(x0, generators, 2)
    found = split_minimum(groups, inner=inner, deadline=time.monotonic() + float(time_limit))
    vec = coset_member(x0, generators, 2, found.coefficients)
    n = int(vec.sum())
    if n != found.num_presses:  # pragma: no cover - would be a bug in the transform
        msg = "The split search's press count disagrees with the solution it describes."
        raise LightsOutError(msg)
    size = groups.coset_size
    if found.complete:
        proof = (
            f"branch and bound over all {count_text(size, 2)} solutions ({found.evaluated} of "
            f"{2**found.outer} blocks of 2**{len(generators) - found.outer} searched in full)"
        )
        return MinimumResult(vec, n, proof, True, n)
    proof = (
        f"not proven optimal: the search over {count_text(size, 2)} solutions stopped at "
        f"time_limit={time_limit} after {found.evaluated} of {2**found.outer} blocks; the "
        f"fewest presses lie in {found.lower_bound}..{n}. Raise 'time_limit' to search "
        f"longer{_enumeration_route(size, 2, 'or')}."
    )
    result = MinimumResult(vec, n, proof, False, found.lower_bound)
    if found.interrupted:
        raise MinimumInterrupted(result)
    return result


#: How each engine of :func:`lightsout_graphs.algorithms.planner.minimum_engine` runs:
#: ``(x0, generators, modulus, time_limit) -> MinimumResult``.
_ENGINES: dict[str, Any] = {
    "enumeration": lambda x0, gens, k, _limit: enumerate_minimum(x0, gens, k),
    "split search": lambda x0, gens, _k, limit: split_search_minimum(x0, gens, time_limit=limit),
    "cp-sat": lambda x0, gens, k, limit: cpsat_minimum(x0, gens, k, time_limit=limit),
}
