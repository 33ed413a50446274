"""Which exact engine computes each column of a family sweep, and the fast table paths.

Every (modulus, rule, metric) cell of a family sweep goes to the fastest engine that answers
it exactly:

``table``
    A polynomial nullity table (:func:`lightsout_graphs.representation.grids.nullity_table`), computed once
    per (modulus, rule) and worker, read for every m×n board: ``rank``, ``nullity``,
    ``kernel_size``, ``all_solvable`` and ``solvable_fraction`` of grids over a prime. GF(2)
    tables take milliseconds up to thousands of sides; other primes cost one polynomial gcd
    per pair of sides, so they are used up to :data:`ODD_TABLE_LIMIT` sides.
``chasing``
    Light chasing (:class:`lightsout_graphs.representation.grids.GridChaser`) for ``all_on_solvable`` of a
    grid, any modulus; over a prime, boards of nullity 0 (read from the table) are solvable
    without chasing, and m×n shares its answer with n×m.
``formula``
    ``n`` and ``edges`` of a grid: ``m·n`` lights and ``m(n−1) + n(m−1)`` edges.
``general``
    The puzzle built and analysed through the public API (:func:`lightsout_graphs.analyze`).
``search``
    The metrics that need a search (``min_presses_all_on``, ``lightest_quiet_pattern``,
    ``gods_number``): the costly columns.
``custom``
    A metric of your own (``"module:function"``), called on the built puzzle.

Every path gives the same table (the tests compare them). Families with a table function are
listed in :data:`TABLE_FAMILIES`: a function ``(M, modulus, rule) -> M×M nullity array or
None`` over families parametrised by ``m`` and ``n``; a torus table plugs in there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from lightsout_graphs.algorithms import planner
from lightsout_graphs.interfaces.sweep.streams import counts_column

__all__ = ["ODD_TABLE_LIMIT", "TABLE_FAMILIES", "TABLE_METRICS", "column_engines"]

#: Above this many sides, odd-prime nullity tables are not used (see the planner).
ODD_TABLE_LIMIT = planner.ODD_TABLE_LIMIT
#: Metrics read from a nullity table.
TABLE_METRICS = frozenset({"rank", "nullity", "kernel_size", "all_solvable", "solvable_fraction"})
_SEARCH = frozenset({"min_presses_all_on", "lightest_quiet_pattern", "gods_number"})
_TABLES: dict[tuple[str, int, int, str], np.ndarray] = {}


def _table_function(family: str) -> Callable[[int, int, str], np.ndarray | None]:
    def table(size: int, modulus: int, rule: str) -> np.ndarray | None:
        if not planner.table_applies(size, modulus, rule):
            return None
        from lightsout_graphs.representation.products import nullity_table

        return nullity_table(size, family=family, modulus=modulus, rule=rule)

    return table


#: family -> (does a table apply for (M, modulus, rule), the table function). Every family here
#: is a Cartesian product whose table :func:`lightsout_graphs.representation.products.nullity_table` computes.
TABLE_FAMILIES: dict[
    str,
    tuple[Callable[[int, int, str], bool], Callable[[int, int, str], np.ndarray | None]],
] = {family: (planner.table_applies, _table_function(family)) for family in planner.TABLE_FAMILIES}


def _grid_shape(spec: Any) -> tuple[int, int] | None:
    """(M, number of combinations) when the sweep's parameters are exactly int ``m`` and ``n``."""
    names = [a.name for a in spec.axes]
    if sorted(names) != ["m", "n"]:
        return None
    for axis in spec.axes:
        if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in axis.values):
            return None
    return max(max(a.values) for a in spec.axes), spec.family_combinations()


def _column_kind(metric: str, custom: set[str]) -> str:
    """The kind of column a metric is, for :func:`lightsout_graphs.algorithms.planner.sweep_column_engine`."""
    if metric in custom:
        return "custom"
    if metric in _SEARCH:
        return "search"
    if metric in TABLE_METRICS:
        return "counts"
    if metric in ("n", "edges"):
        return "size"
    return "all_on" if metric == "all_on_solvable" else "other"


def column_engines(spec: Any) -> dict[str, dict[str, str]]:
    """The engine of each metric, per ``"modulus/rule"``, as recorded in the manifest.

    Examples
    --------
    >>> from lightsout_graphs.interfaces.sweep import load_spec
    >>> spec = load_spec(
    ...     {
    ...         "family": "grid",
    ...         "params": {"m": "1..4", "n": "1..4"},
    ...         "moduli": [2, 4],
    ...         "metrics": ["nullity", "all_on_solvable", "min_presses_all_on"],
    ...     }
    ... )
    >>> column_engines(spec)["nullity"]
    {'2/closed': 'table', '4/closed': 'general'}
    >>> (
    ...     column_engines(spec)["all_on_solvable"]["4/closed"],
    ...     column_engines(spec)["min_presses_all_on"],
    ... )
    ('chasing', {'2/closed': 'search', '4/closed': 'search'})
    """
    custom = {c.ref for c in spec.custom}
    compiled = False
    shape = None
    if spec.is_stream:
        from lightsout_graphs.interfaces.sweep.streams import applies

        compiled = applies(spec.metrics, spec.rules, spec.moduli)
    else:
        shape = _grid_shape(spec)
    family = None if spec.is_stream else spec.family
    size = None if shape is None else shape[0]
    return {
        m: {
            f"{k}/{r}": planner.sweep_column_engine(
                family, _column_kind(m, custom), k, r, size, compiled=compiled
            )
            for k in spec.moduli
            for r in spec.rules
        }
        for m in spec.metrics
    }


def _table(family: str, size: int, modulus: int, rule: str) -> np.ndarray:
    key = (family, size, modulus, rule)
    if key not in _TABLES:
        table = TABLE_FAMILIES[family][1](size, modulus, rule)
        assert table is not None
        _TABLES[key] = table
    return _TABLES[key]


def grid_rows(spec: Any, start: int, stop: int, engines: dict[str, dict[str, str]]) -> Any:
    """The fast cells of combinations ``start..stop-1``, column by column (numpy arrays).

    Returns ``(cells, m, n)``: ``cells[(modulus, rule, metric)]`` is an array over the
    combinations for every metric whose engine is ``table``, ``chasing`` or ``formula``;
    ``m`` and ``n`` are the combinations' sides.
    """
    lens = [len(a.values) for a in spec.axes]
    idx = np.arange(start, stop)
    pos = np.unravel_index(idx, lens)
    sides = {
        a.name: np.asarray(a.values, dtype=np.int64)[p] for a, p in zip(spec.axes, pos, strict=True)
    }
    m, n = sides["m"], sides["n"]
    size = max(max(a.values) for a in spec.axes)
    cells: dict[tuple[int, str, str], Any] = {}
    fam = TABLE_FAMILIES.get(spec.family)
    for k in spec.moduli:
        for r in spec.rules:
            where = f"{k}/{r}"
            nullity = None
            if fam is not None and fam[0](size, k, r):
                wanted = {engines[metric][where] for metric in spec.metrics}
                if wanted & {"table", "chasing"}:
                    nullity = _table(spec.family, size, k, r)[m - 1, n - 1]
            for metric in spec.metrics:
                column = _COLUMNS.get(engines[metric][where])
                if column is not None:
                    cells[(k, r, metric)] = column(metric, m, n, k, r, nullity)
    return cells, m, n


def _formula_column(metric: str, m: Any, n: Any, k: int, r: str, nullity: Any) -> Any:
    del k, r, nullity
    return m * n if metric == "n" else m * (n - 1) + n * (m - 1)


def _table_column(metric: str, m: Any, n: Any, k: int, r: str, nullity: Any) -> Any:
    del r
    assert nullity is not None
    return counts_column(metric, m * n, nullity, k)


def _chasing_column(metric: str, m: Any, n: Any, k: int, r: str, nullity: Any) -> Any:
    del metric
    return _all_on(m, n, k, r, nullity)


def _all_on(
    m: np.ndarray, n: np.ndarray, k: int, rule: str, nullity: np.ndarray | None
) -> np.ndarray:
    """All-ones solvability; boards of nullity 0 over a prime need no chasing (T invertible).

    The all-ones board is invariant under transposition, so m×n and n×m share one answer.
    """
    from lightsout_graphs.representation.grids import GridChaser

    memo: dict[tuple[int, int], bool] = {}
    out = np.ones(m.shape[0], dtype=bool)
    for i, (a, b) in enumerate(zip(m.tolist(), n.tolist(), strict=True)):
        if nullity is not None and nullity[i] == 0:
            continue
        key = (min(a, b), max(a, b))
        if key not in memo:
            chaser = GridChaser(key[0], key[1], modulus=k, rule=rule)
            memo[key] = bool(chaser.is_solvable(np.ones(a * b, dtype=np.int64)))
        out[i] = memo[key]
    return out


#: The fast column of each engine :func:`column_engines` names (every other engine's cells
#: are computed per puzzle).
_COLUMNS: dict[str, Callable[[str, Any, Any, int, str, Any], Any]] = {
    "formula": _formula_column,
    "table": _table_column,
    "chasing": _chasing_column,
}
