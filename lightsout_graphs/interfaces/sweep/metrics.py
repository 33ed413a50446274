"""The metrics a sweep can compute for each puzzle, each through the public API.

Every metric fills one or more table columns of fixed types, so chunk files always share one
schema:

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
``min_presses_all_on``      int64     the fewest presses for the all-ones problem, proven
                                      (costly; null when unsolvable or not proven within
                                      ``time_limit``), computed by
                                      ``lo.solve(p, 0, target=1, minimize=True)``; with the
                                      columns ``min_presses_all_on_optimal`` (bool: proven),
                                      ``min_presses_all_on_lower`` and
                                      ``min_presses_all_on_upper`` (int64: proven bounds, equal
                                      when optimal; the upper bound is the presses of the best
                                      solution found)
``lightest_quiet_pattern``  int64     the fewest nodes pressed by a non-zero quiet pattern
                                      (null when there is none, or when the kernel has more
                                      than ``max_kernel_enum`` patterns and is not enumerated)
``gods_number``             int64     the most presses a solvable board needs at the fewest
                                      (costly; null unless proven within ``time_limit``), by
                                      :func:`lightsout_graphs.gods_number_bounds` (and
                                      :func:`lightsout_graphs.gods_number`, a search over the
                                      boards, where those bounds do not meet on at most 65,536
                                      boards, or the kernel is too large); with the bounds
                                      ``gods_number_lower`` and ``gods_number_upper`` (at
                                      least the counting bound and at most averaging, which
                                      need no search, whatever the kernel)
``symmetries``              int64     the number of automorphisms of the puzzle (node
                                      permutations keeping the toggle rule and the pressable
                                      nodes, :func:`lightsout_graphs.symmetries`); null over
                                      100,000 or for puzzles with buttons without lights
==========================  ========  ==========================================================

``time_limit`` (a spec key, default 120 s) is the budget of each costly search per puzzle.

Your own metric is a function of a :class:`~lightsout_graphs.Puzzle` named by a reference
``"module:function"`` (or passed as the callable in Python). Its column is named after the
function, and its type is declared with the :func:`metric` decorator (``"int64"``, ``"bool"``,
``"float64"`` or ``"string"``) or, undeclared, taken from its value on the sweep's first puzzle.
A value of another type (or that does not fit an int64) stops the sweep with an error naming the
metric and the puzzle; ``None`` is a null cell.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from lightsout_graphs.core.errors import SweepError

__all__ = ["DEFAULT_TIME_LIMIT", "DTYPES", "METRICS", "Metric", "metric"]

#: Seconds each costly search may take per puzzle when the spec gives no ``time_limit``
#: (the default of :func:`lightsout_graphs.solve`).
DEFAULT_TIME_LIMIT = 120.0
#: The Arrow types a metric column may have, by name.
DTYPES = ("int64", "bool", "float64", "string")
_INT64 = (-(2**63), 2**63 - 1)


@dataclass(frozen=True)
class Metric:
    """A built-in metric: its main column, and the other columns it fills.

    Attributes
    ----------
    name : str
        The metric, and the name of its main column.
    dtype : str
        The Arrow type name of the main column: ``"int64"``, ``"bool"``, ``"float64"`` or
        ``"string"``.
    description : str
    needs_analysis : bool
        Whether it reads :func:`lightsout_graphs.analyze`.
    extra : tuple of (str, str)
        Further columns as (name, type name), after the main one.

    Examples
    --------
    >>> METRICS["kernel_size"].dtype
    'string'
    >>> [name for name, _ in METRICS["gods_number"].columns]
    ['gods_number', 'gods_number_lower', 'gods_number_upper']
    """

    name: str
    dtype: str
    description: str
    needs_analysis: bool
    extra: tuple[tuple[str, str], ...] = ()

    @property
    def columns(self) -> tuple[tuple[str, str], ...]:
        """Every column of the metric as (name, type name), the main one first.

        Examples
        --------
        >>> METRICS["nullity"].columns
        (('nullity', 'int64'),)
        """
        return ((self.name, self.dtype), *self.extra)


_MIN = "min_presses_all_on"
#: Solvable boards up to which God's number is settled by a search over the boards when the
#: bounds of :func:`lightsout_graphs.gods_number_bounds` do not meet (milliseconds).
_FEW_BOARDS = 1 << 16

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
        Metric(
            _MIN,
            "int64",
            "proven fewest presses taking dark to all-on, with bounds",
            False,
            ((f"{_MIN}_optimal", "bool"), (f"{_MIN}_lower", "int64"), (f"{_MIN}_upper", "int64")),
        ),
        Metric("lightest_quiet_pattern", "int64", "fewest nodes of a non-zero quiet pattern", True),
        Metric(
            "gods_number",
            "int64",
            "most presses a solvable board needs (proven), with bounds",
            False,
            (("gods_number_lower", "int64"), ("gods_number_upper", "int64")),
        ),
        Metric("symmetries", "int64", "number of automorphisms of the puzzle", False),
    ]
}


def _dtype_name(dtype: object) -> str:
    if isinstance(dtype, str) and dtype in DTYPES:
        return dtype
    names = {"int64": "int64", "bool": "bool", "double": "float64", "string": "string"}
    name = names.get(str(dtype)) if type(dtype).__module__.startswith("pyarrow") else None
    if name is None:
        msg = f"A metric type must be one of {', '.join(DTYPES)}, not {dtype!r}."
        raise SweepError(msg)
    return name


def metric(dtype: object, *, name: str | None = None) -> Callable[[Any], Any]:
    """Declare the column type (and optionally the column name) of your own sweep metric.

    Parameters
    ----------
    dtype : str or pyarrow.DataType
        ``"int64"``, ``"bool"``, ``"float64"`` or ``"string"`` (or the pyarrow type).
    name : str, optional
        The column name (default the function's name).

    Returns
    -------
    callable
        A decorator that returns the function itself, marked.

    Raises
    ------
    SweepError
        Another type.

    Examples
    --------
    >>> @metric("int64")
    ... def leaves(puzzle):
    ...     return sum(1 for _, d in puzzle.graph.degree() if d == 1)
    >>> leaves(lo.grid(1, 3)), leaves.sweep_dtype
    (2, 'int64')
    """
    typ = _dtype_name(dtype)

    def mark(func: Any) -> Any:
        try:
            func.sweep_dtype = typ
            if name is not None:
                func.sweep_column = name
        except AttributeError as exc:
            what = getattr(func, "__name__", type(func).__name__)
            msg = f"@sweep.metric cannot mark {what}: decorate a Python function."
            raise SweepError(msg) from exc
        return func

    return mark


@dataclass(frozen=True)
class CustomMetric:
    """A metric of your own in a sweep spec: its column, its type and the callable.

    Attributes
    ----------
    ref : str
        The reference as written in the spec (``"module:function"``).
    column : str
    dtype : str or None
        The declared type, None until inferred.
    code : CodeRef
        The callable (see :mod:`lightsout_graphs.interfaces.sweep.plugins`).
    """

    ref: str
    column: str
    dtype: str | None
    code: Any

    def value(self, puzzle: Any, where: str) -> Any:
        """The metric of one puzzle, checked against the column type (once it is known).

        Raises
        ------
        SweepError
            The callable failed, or returned a value of another type; the message names the
            metric and ``where`` (the puzzle).
        """
        try:
            got = self.code.func(puzzle)
        except Exception as exc:  # the user's code: any failure is reported with the puzzle
            msg = f"Metric {self.ref!r} failed on {where}: {type(exc).__name__}: {exc}"
            raise SweepError(msg) from exc
        return got if self.dtype is None else check_value(self.ref, self.dtype, got, where)


def infer_dtype(value: object) -> str | None:
    """The column type of a metric value (None for None, or a value no column type holds)."""
    if isinstance(value, bool | np.bool_):
        return "bool"
    if isinstance(value, int | np.integer):
        return "int64"
    if isinstance(value, float | np.floating):
        return "float64"
    if isinstance(value, str):
        return "string"
    return None


def check_value(ref: str, dtype: str, value: object, where: str) -> Any:
    """``value`` as a Python scalar of column type ``dtype``, or a :class:`SweepError`.

    ``None`` is a null cell; a float column takes ints too, no other column converts.
    """
    if value is None:
        return None
    got = infer_dtype(value)
    ok = got == dtype or (dtype == "float64" and got == "int64")
    if ok and got == "int64" and not _INT64[0] <= int(value) <= _INT64[1]:  # type: ignore[call-overload]
        ok = False
    if not ok:
        article = "an" if dtype[0] in "aeiou" else "a"
        shown = repr(value)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        msg = (
            f"Metric {ref!r} returned {shown} ({type(value).__name__}) for {where}, not "
            f"{article} {dtype} as its column type says."
        )
        raise SweepError(msg)
    if dtype == "float64":
        return float(value)  # type: ignore[arg-type]
    if dtype == "int64":
        return int(value)  # type: ignore[call-overload]
    if dtype == "bool":
        return bool(value)
    return value


def metric_columns(spec: Mapping[str, Any]) -> list[str]:
    """The table columns of the metrics of a spec in its canonical (manifest) form."""
    custom = spec.get("code", {}).get("metrics", {})
    out: list[str] = []
    for m in spec.get("metrics", []):
        if m in METRICS:
            out.extend(name for name, _ in METRICS[m].columns)
        elif m in custom:
            out.append(custom[m]["column"])
    return out


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
    """
    total = 1
    for o in orders:
        total *= int(o)
    if total <= 1 or total > limit:
        return None
    from lightsout_graphs.core.zk import coset_blocks

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


def _min_presses(puzzle: Any, time_limit: float) -> dict[str, Any]:
    """The all-ones fewest presses as ``lo.solve(..., minimize=True)`` proves them."""
    import lightsout_graphs as lo

    cols = [name for name, _ in METRICS[_MIN].columns]
    try:
        sol = lo.solve(puzzle, 0, target=1, minimize=True, time_limit=time_limit)
    except lo.Unsolvable:
        return dict.fromkeys(cols)
    upper = int(sol.num_presses)
    lower = upper if sol.optimal or sol.lower_bound is None else int(sol.lower_bound)
    optimal = bool(sol.optimal)
    return dict(zip(cols, [upper if optimal else None, optimal, lower, upper], strict=True))


def _gods_number(puzzle: Any, time_limit: float) -> dict[str, Any]:
    """God's number, exact or as proven bounds (:func:`lightsout_graphs.gods.gods_number_range`)."""
    import lightsout_graphs as lo

    cols = [name for name, _ in METRICS["gods_number"].columns]
    found = lo.gods.gods_number_range(puzzle, time_limit=time_limit, few_boards=_FEW_BOARDS)
    return dict(zip(cols, found, strict=True))


def _symmetries(puzzle: Any) -> int | None:
    import lightsout_graphs as lo
    from lightsout_graphs.core.errors import InvalidPuzzleError, SearchLimitError

    try:
        return len(lo.symmetries(puzzle))
    except (SearchLimitError, InvalidPuzzleError):
        return None


def compute_metrics(
    puzzle: Any,
    metrics: Sequence[str],
    max_kernel_enum: int,
    time_limit: float | None = None,
) -> dict[str, Any]:
    """Compute the requested metrics of one puzzle through the public API.

    Parameters
    ----------
    puzzle : Puzzle
    metrics : sequence of str
        Names from :data:`METRICS`.
    max_kernel_enum : int
        The largest kernel enumerated for ``lightest_quiet_pattern``.
    time_limit : float, optional
        Seconds for each costly search (``min_presses_all_on``, ``gods_number``); default
        :data:`DEFAULT_TIME_LIMIT`.

    Returns
    -------
    dict
        column name -> value (Python scalars or None), every column of each metric.
    """
    import lightsout_graphs as lo

    limit = DEFAULT_TIME_LIMIT if time_limit is None else time_limit
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
        elif m == _MIN:
            out.update(_min_presses(puzzle, limit))
        elif m == "gods_number":
            out.update(_gods_number(puzzle, limit))
        elif m == "symmetries":
            out[m] = _symmetries(puzzle)
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
