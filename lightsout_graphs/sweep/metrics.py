"""The metrics a sweep can compute for each puzzle, each through the public API.

Every metric is one table column with a fixed type, so chunk files always share one schema:

==========================  ========  ==========================================================
metric                      type      meaning
==========================  ========  ==========================================================
``n``                       int64     the number of lights
``edges``                   int64     the number of edges of the graph
``rank``                    int64     rank of the press matrix over Z_k (null unless k is prime)
``nullity``                 int64     dimension of the quiet patterns (null unless k is prime)
``kernel_size``             string    the exact number of quiet patterns, as a decimal string
                                      (it can be far beyond 64 bits: ``k**nullity``)
``all_solvable``            bool      whether every board is solvable
``solvable_fraction``       float64   solvable boards / all boards (the exact value is
                                      ``1 / kernel_size`` for square press matrices)
``all_on_solvable``         bool      whether the all-ones problem is solvable: presses taking
                                      the dark board to all lights at 1
``min_presses_all_on``      int64     the fewest presses for the all-ones problem (costly;
                                      null when it is unsolvable)
``lightest_quiet_pattern``  int64     the fewest nodes pressed by a non-zero quiet pattern
                                      (null when there is none, or when the kernel has more
                                      than ``max_kernel_enum`` patterns and is not enumerated)
==========================  ========  ==========================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["METRICS", "Metric", "compute_metrics", "lightest_quiet_weight"]


@dataclass(frozen=True)
class Metric:
    """One column of a sweep table.

    Attributes
    ----------
    name : str
    dtype : str
        The Arrow type name: ``"int64"``, ``"bool"``, ``"float64"`` or ``"string"``.
    description : str
    needs_analysis : bool
        Whether it reads :func:`lightsout_graphs.analyze`.

    Examples
    --------
    >>> METRICS["kernel_size"].dtype
    'string'
    """

    name: str
    dtype: str
    description: str
    needs_analysis: bool


METRICS: dict[str, Metric] = {
    m.name: m
    for m in [
        Metric("n", "int64", "number of lights", False),
        Metric("edges", "int64", "number of edges", False),
        Metric("rank", "int64", "rank over Z_k (prime k only)", True),
        Metric("nullity", "int64", "dimension of the quiet patterns (prime k only)", True),
        Metric("kernel_size", "string", "exact number of quiet patterns (decimal)", True),
        Metric("all_solvable", "bool", "every board is solvable", True),
        Metric("solvable_fraction", "float64", "fraction of solvable boards", True),
        Metric("all_on_solvable", "bool", "presses exist taking dark to all-on", False),
        Metric("min_presses_all_on", "int64", "fewest presses taking dark to all-on", False),
        Metric("lightest_quiet_pattern", "int64", "fewest nodes of a non-zero quiet pattern", True),
    ]
}


def lightest_quiet_weight(
    generators: Sequence[np.ndarray], orders: Sequence[int], modulus: int, limit: int
) -> int | None:
    """The fewest non-zero entries of a non-zero combination ``Σ c_i g_i mod k``.

    Parameters
    ----------
    generators : sequence of numpy.ndarray
        Generators of the quiet patterns (press vectors).
    orders : sequence of int
        Their additive orders: every pattern is ``Σ c_i g_i`` with ``0 <= c_i < order_i``.
    modulus : int
    limit : int
        The largest number of patterns to enumerate.

    Returns
    -------
    int or None
        None when there is no non-zero pattern or more than ``limit`` of them.

    Examples
    --------
    >>> g = [np.array([1, 1, 0, 1]), np.array([0, 1, 1, 1])]
    >>> lightest_quiet_weight(g, [2, 2], 2, 100)
    2
    >>> lightest_quiet_weight([], [], 2, 100) is None
    True
    """
    total = 1
    for o in orders:
        total *= int(o)
    if total <= 1 or total > limit:
        return None
    from lightsout_graphs.zk import coset_blocks

    coset = list(zip(generators, orders, strict=True))
    zero = np.zeros(len(generators[0]), dtype=np.int64)
    best: int | None = None
    for j, block in enumerate(coset_blocks(zero, coset, modulus)):
        weights = np.count_nonzero(block, axis=1)
        if j == 0:
            weights = weights[1:]  # the zero pattern
        if weights.size:
            low = int(weights.min())
            best = low if best is None else min(best, low)
    return best


def compute_metrics(puzzle: Any, metrics: Sequence[str], max_kernel_enum: int) -> dict[str, Any]:
    """Compute the requested metrics of one puzzle through the public API.

    Parameters
    ----------
    puzzle : Puzzle
    metrics : sequence of str
        Names from :data:`METRICS`.
    max_kernel_enum : int
        The largest kernel enumerated for ``lightest_quiet_pattern``.

    Returns
    -------
    dict
        metric name -> value (Python scalars or None).

    Examples
    --------
    >>> compute_metrics(
    ...     lo.grid(5, 5), ["n", "nullity", "kernel_size", "lightest_quiet_pattern"], 1000
    ... )
    {'n': 25, 'nullity': 2, 'kernel_size': '4', 'lightest_quiet_pattern': 12}
    """
    import lightsout_graphs as lo

    analysis = None
    if any(METRICS[m].needs_analysis for m in metrics):
        analysis = lo.analyze(puzzle)
    out: dict[str, Any] = {}
    for m in metrics:
        if m == "n":
            out[m] = puzzle.n
        elif m == "edges":
            out[m] = puzzle.graph.number_of_edges()
        elif m == "all_on_solvable":
            out[m] = bool(lo.is_solvable(puzzle, 0, target=1))
        elif m == "min_presses_all_on":
            try:
                out[m] = int(lo.solve(puzzle, 0, target=1, minimize=True).num_presses)
            except lo.Unsolvable:
                out[m] = None
        else:
            assert analysis is not None
            if m == "rank":
                out[m] = analysis.rank
            elif m == "nullity":
                out[m] = analysis.nullity
            elif m == "kernel_size":
                out[m] = str(analysis.num_quiet_patterns)
            elif m == "all_solvable":
                out[m] = bool(analysis.all_solvable)
            elif m == "solvable_fraction":
                out[m] = float(analysis.solvable_fraction)
            elif m == "lightest_quiet_pattern":
                out[m] = lightest_quiet_weight(
                    analysis.quiet_vectors, analysis.quiet_orders, puzzle.modulus, max_kernel_enum
                )
    return out
