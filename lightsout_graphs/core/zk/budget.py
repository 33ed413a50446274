"""The memory budget of a factorisation: estimate its peak memory first, refuse it above budget.

An elimination that cannot fit is refused before it starts, with
:class:`~lightsout_graphs.core.errors.MemoryBudgetError`, instead of running until the kernel kills
the process. The estimate depends only on the matrix's size, the modulus and the engine: each
engine's peak (pivot rows with their combinations for the bitset engines, spans as wide as
the band for ``gfp``, dense copies for ``flint``, ``local`` and ``flint-local``; the Chinese
remainder theorem sums its components) is one entry of
:data:`~lightsout_graphs.core.zk.cost.MODELS`, measured with tracemalloc.

Time is budgeted the same way, from the same model (for sparse matrices over budget, again
from the band they are eliminated in): an elimination estimated to take longer than
:func:`time_budget` is refused with :class:`~lightsout_graphs.core.errors.TimeBudgetError`.

The budget is, by default, half of the machine's physical memory. Set it with the environment
variable ``LIGHTSOUT_MEMORY_BUDGET`` (bytes, or a number with ``K``, ``M``, ``G`` or ``T``, or
``unlimited``) or with :func:`set_memory_budget`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import TypeVar

import numpy as np
import scipy.sparse as sp

from lightsout_graphs.core.errors import (
    MatrixError,
    MemoryBudgetError,
    TimeBudgetError,
    require_int,
)
from lightsout_graphs.core.zk.cost import MODELS, engine_cost

__all__ = [
    "BUDGET_ENV",
    "DEFAULT_SECONDS",
    "DEFAULT_SHARE",
    "TIME_ENV",
    "band_width",
    "estimate_memory",
    "estimate_seconds",
    "memory_budget",
    "set_memory_budget",
    "set_time_budget",
    "time_budget",
]

_N = TypeVar("_N", int, float)

#: The environment variable that sets the time budget, in seconds (or ``unlimited``).
TIME_ENV = "LIGHTSOUT_TIME_BUDGET"
#: The default time budget of one elimination, in seconds.
DEFAULT_SECONDS = 60.0
#: The time budget set by :func:`set_time_budget` (None: from the environment or the default).
_time_override: float | None = None

#: The environment variable that sets the budget.
BUDGET_ENV = "LIGHTSOUT_MEMORY_BUDGET"
#: The default budget's share of the physical memory.
DEFAULT_SHARE = 0.5
_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}

#: The budget set by :func:`set_memory_budget` (None: from the environment or the default).
_override: int | None = None


def _physical_memory() -> int:
    try:
        return int(os.sysconf("SC_PAGE_SIZE")) * int(os.sysconf("SC_PHYS_PAGES"))
    except (AttributeError, ValueError, OSError):  # pragma: no cover - not POSIX
        return 8 * 2**30


def _parse_budget(value: int | str, where: str) -> int:
    if isinstance(value, bool):
        msg = f"{where} must be a number of bytes, not {value!r}."
        raise MemoryBudgetError(msg, 0, 0)
    if isinstance(value, int):
        if value <= 0:
            msg = f"{where} must be a positive number of bytes, not {value}."
            raise MemoryBudgetError(msg, 0, 0)
        return value
    text = str(value).strip().upper().removesuffix("B").removesuffix("I")
    if text in ("UNLIMITED", "NONE", "INF"):
        return 2**63
    match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([KMGT]?)", text)
    whole = match is not None and (match.group(2) or "." not in match.group(1))
    if match is None or float(match.group(1)) <= 0 or not whole:
        msg = (
            f"{where} must be a number of bytes such as 8000000000, '8G' or '512M', or "
            f"'unlimited', not {value!r}."
        )
        raise MemoryBudgetError(msg, 0, 0)
    return int(float(match.group(1)) * _UNITS[match.group(2)])


def _in_force(override: _N | None, env: str, parse: Callable[[str, str], _N]) -> _N | None:
    """The budget set in code, else the one in the environment variable ``env``, else None."""
    if override is not None:
        return override
    text = os.environ.get(env)
    return parse(text, f"The environment variable {env}") if text else None


def memory_budget() -> int:
    """The most memory, in bytes, a factorisation may be estimated to need.

    Returns
    -------
    int
        The value given to :func:`set_memory_budget`, else the environment variable
        ``LIGHTSOUT_MEMORY_BUDGET``, else half of the physical memory.

    Raises
    ------
    MemoryBudgetError
        ``LIGHTSOUT_MEMORY_BUDGET`` holds something that is not a size.

    Examples
    --------
    >>> from lightsout_graphs import zk
    >>> zk.memory_budget() > 0
    True
    """
    return _in_force(_override, BUDGET_ENV, _parse_budget) or int(
        _physical_memory() * DEFAULT_SHARE
    )


def set_memory_budget(value: int | str | None) -> int:
    """Set the memory budget of factorisations; ``None`` goes back to the default.

    Parameters
    ----------
    value : int, str or None
        Bytes, a size such as ``"16G"`` or ``"500M"``, ``"unlimited"``, or ``None`` for the
        environment variable ``LIGHTSOUT_MEMORY_BUDGET`` or half of the physical memory.

    Returns
    -------
    int
        The budget now in force, in bytes.

    Raises
    ------
    MemoryBudgetError
        A value that is not a positive size.

    Examples
    --------
    >>> from lightsout_graphs import zk
    >>> zk.set_memory_budget("2G")
    2147483648
    >>> zk.set_memory_budget(None) == zk.memory_budget()
    True
    """
    global _override
    _override = None if value is None else _parse_budget(value, "The memory budget")
    return memory_budget()


def estimate_memory(
    shape: tuple[int, int], modulus: int, engines: list[tuple[str, int]], band: int | None = None
) -> int:
    """An estimate of the peak memory, in bytes, of factorising an m × n matrix.

    Parameters
    ----------
    shape : (int, int)
        ``(m, n)``.
    modulus : int
        k (for the entry size of the dense engine).
    engines : list of (str, int)
        The engine of each Chinese-remainder component and its modulus, e.g. ``[("gf3", 3)]``
        or ``[("gf2", 2), ("gfp", 5)]`` for k = 10.
    band : int, optional
        The band width the sparse prime-field engine will face; default no band (``n + m``).

    Returns
    -------
    int

    Examples
    --------
    >>> estimate_memory((10**6, 10**6), 3, [("gf3", 3)]) // 2**30
    931
    >>> estimate_memory((100, 100), 5, [("gfp", 5)], band=10)
    76800
    """
    if not isinstance(shape, tuple | list) or len(shape) != 2:
        msg = f"Argument 'shape' must be a pair (m, n), not {shape!r}."
        raise MatrixError(msg)
    m, n = (require_int(s, "shape", minimum=0, error=MatrixError) for s in shape)
    for engine, q in engines:
        if engine not in MODELS:
            msg = f"No memory estimate for the engine {engine!r}; known: {', '.join(MODELS)}."
            raise MatrixError(msg)
        require_int(q, f"modulus of {engine}", minimum=2, error=MatrixError)
    return engine_cost((m, n), engines, band).bytes


def band_width(matrix: sp.csr_array) -> int:
    """The band width an elimination faces after its reordering (what the cost model takes).

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> band_width(sp.identity(5, format="csr"))
    0
    """
    from lightsout_graphs.core.zk.ordering import bandwidth, narrow_band_order, permute

    band = bandwidth(matrix)
    if matrix.shape[0] == matrix.shape[1]:
        order = narrow_band_order(matrix)
        if order is not None:
            band = min(band, bandwidth(permute(matrix, order, order)))
    return int(band)


def _estimate(
    estimate: Callable[..., _N],
    matrix: sp.csr_array | np.ndarray,
    modulus: int,
    engines: list[tuple[str, int]],
    budget: float,
) -> tuple[_N, str]:
    """``estimate`` for ``matrix`` (its band measured when over budget), and how refusals name it."""
    value = estimate(matrix.shape, modulus, engines)
    if value > budget and sp.issparse(matrix):  # the band narrows what sparse rows fill in
        value = estimate(matrix.shape, modulus, engines, band=band_width(matrix))
    (m, n), names = matrix.shape, " + ".join(sorted({e for e, _ in engines}))
    return value, f"Factorising a {m}×{n} matrix mod {modulus} ({names} engine)"


def _gib(x: int) -> str:
    return f"{x / 2**30:.1f} GiB" if x >= 2**30 else f"{x / 2**20:.0f} MiB"


def check_memory(
    matrix: sp.csr_array | np.ndarray, modulus: int, engines: list[tuple[str, int]]
) -> int:
    """Raise :class:`MemoryBudgetError` when factorising ``matrix`` would exceed the budget.

    Returns the estimated peak in bytes; ``engines`` as for :func:`estimate_memory` (``matrix``
    dense only for dense engines: the band is measured on sparse ones).
    """
    budget = memory_budget()
    needed, what = _estimate(estimate_memory, matrix, modulus, engines, budget)
    if needed > budget:
        msg = (
            f"{what} would need about "
            f"{_gib(needed)}, above the memory budget of {_gib(budget)}; raise it with "
            f"zk.set_memory_budget(...) or the environment variable {BUDGET_ENV} (e.g. "
            f"{BUDGET_ENV}=64G) if the machine has the memory."
        )
        raise MemoryBudgetError(msg, needed, budget)
    return needed


def _parse_seconds(value: object, where: str) -> float:
    if isinstance(value, str) and value.strip().lower() == "unlimited":
        return float("inf")
    try:
        seconds = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        seconds = float("nan")
    if not seconds > 0:
        msg = f"{where} must be a number of seconds > 0 or 'unlimited', not {value!r}."
        raise TimeBudgetError(msg, 0.0, 0.0)
    return seconds


def time_budget() -> float:
    """The most seconds an elimination may be estimated to take before it is refused.

    Returns
    -------
    float
        The value given to :func:`set_time_budget`, else the environment variable
        ``LIGHTSOUT_TIME_BUDGET``, else :data:`DEFAULT_SECONDS`.

    Examples
    --------
    >>> from lightsout_graphs import zk
    >>> zk.time_budget() > 0
    True
    """
    return _in_force(_time_override, TIME_ENV, _parse_seconds) or DEFAULT_SECONDS


def set_time_budget(value: float | str | None) -> float:
    """Set the time budget of eliminations; ``None`` goes back to the default.

    Parameters
    ----------
    value : float, str or None
        Seconds, ``"unlimited"``, or ``None`` for ``LIGHTSOUT_TIME_BUDGET`` or 60 s.

    Returns
    -------
    float
        The budget now in force.

    Examples
    --------
    >>> from lightsout_graphs import zk
    >>> zk.set_time_budget(600), zk.set_time_budget(None) == zk.time_budget()
    (600.0, True)
    """
    global _time_override
    _time_override = None if value is None else _parse_seconds(value, "The time budget")
    return time_budget()


def estimate_seconds(
    shape: tuple[int, int], modulus: int, engines: list[tuple[str, int]], band: int | None = None
) -> float:
    """A rough estimate of the time of factorising an m × n matrix (see :mod:`.cost`).

    Parameters
    ----------
    shape : (int, int)
    modulus : int
    engines : list of (str, int)
        As for :func:`estimate_memory`.
    band : int, optional
        The band width the sparse prime-field engine will face.

    Returns
    -------
    float

    Examples
    --------
    >>> round(estimate_seconds((2000, 2000), 9, [("local", 9)]))
    114
    >>> round(estimate_seconds((2000, 2000), 9, [("flint-local", 9)]), 1)
    1.8
    >>> estimate_seconds((2000, 2000), 3, [("flint", 3)]) < 1
    True
    """
    return engine_cost(shape, engines, band).seconds


def check_time(
    matrix: sp.csr_array | np.ndarray, modulus: int, engines: list[tuple[str, int]]
) -> float:
    """Raise :class:`TimeBudgetError` when an elimination is estimated to exceed the budget.

    Returns the estimate in seconds; ``engines`` as for :func:`estimate_memory`.
    """
    budget = time_budget()
    seconds, what = _estimate(estimate_seconds, matrix, modulus, engines, budget)
    if seconds > budget:
        msg = (
            f"{what} would take about "
            f"{seconds:,.0f} s, above the time budget of {budget:g} s. For a prime modulus "
            "lo.analyze gives grid and product nullities from formulas; otherwise use a "
            f"smaller board, or raise the budget with zk.set_time_budget(...) or {TIME_ENV} "
            f"(e.g. {TIME_ENV}=3600, or unlimited) to run it anyway."
        )
        raise TimeBudgetError(msg, seconds, budget)
    return seconds
