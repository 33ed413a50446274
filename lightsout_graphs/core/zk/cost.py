"""One cost model for the exact engines: seconds and bytes from the size, the modulus, the engine.

Every estimate of the package is a :class:`Cost`. The elimination engines of
:mod:`lightsout_graphs.core.zk` are costed here, each by one entry of :data:`MODELS` (a function
of ``m, n, q, band``), so that the memory budget, the time budget and the planner read the same
numbers; the planner adds the structured engines (light chasing, formulas) with the same
constants (:data:`WORD_OPS`, :data:`ENTRY_OPS`, :data:`CALL_SECONDS`).

The constants were measured on the development machine (two cores, numba and python-flint
installed) by ``benchmarks/calibration.py``, which prints every estimate beside its measured
time; they aim at the right order of magnitude (within 10× either way), not at a promise.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

__all__ = [
    "CALL_SECONDS",
    "ENTRY_OPS",
    "MODELS",
    "PYTHON_WORD_OPS",
    "WORD_OPS",
    "Cost",
    "engine_cost",
]

#: Word operations per second of the compiled bitset kernels (64 entries of GF(2) a word).
WORD_OPS = 2e9
#: Word operations per second of bitsets held as Python integers (``gf2-python``, ``z4``):
#: each row operation pays the interpreter's overhead.
PYTHON_WORD_OPS = 3e8
#: Entry operations per second of the numpy engines (one int64 multiply-add and reduction).
ENTRY_OPS = {"local": 7e7, "gfp": 1.5e8, "gf3": 3e9}
#: The fixed cost of one call of an engine: checks, copies, the first small arrays.
CALL_SECONDS = 1e-3


@dataclass(frozen=True)
class Cost:
    """The estimated cost of a piece of work: wall time on one core and peak memory.

    Costs of parts done one after the other add up.

    Attributes
    ----------
    seconds : float
    bytes : int

    Examples
    --------
    >>> Cost(seconds=0.5, bytes=2**20) + Cost(seconds=0.25, bytes=1024)
    Cost(seconds=0.75, bytes=1049600)
    """

    seconds: float
    bytes: int

    def __add__(self, other: Cost) -> Cost:
        return Cost(self.seconds + other.seconds, self.bytes + other.bytes)


def _work(m: int, n: int, band: int | None) -> int:
    """Entry operations of an elimination: ``m·n·min(m, n)`` dense, ``m·w²`` within a band of
    ``w`` columns (the rows and columns reordered for a narrow band first)."""
    if band is None:
        return m * n * min(m, n)
    width = min(n + m, 4 * band + 4)
    return m * width * min(width, n)


def _bitsets(planes: float, words_per_second: float) -> Callable[[int, int, int, int | None], Cost]:
    """Bitset elimination: ``planes · m · (n + m)`` bits kept (the factor measured with
    tracemalloc on tori and random graphs of 2,500 to 12,100 lights), 64 entries a word."""

    def model(m: int, n: int, q: int, band: int | None) -> Cost:
        del q
        seconds = CALL_SECONDS + _work(m, n, band) / 64 / words_per_second + 2e-6 * (m + n)
        return Cost(seconds, int(planes * m * (n + m) // 8 + 64 * m))

    return model


def _gf3(m: int, n: int, q: int, band: int | None) -> Cost:
    del q
    seconds = CALL_SECONDS + _work(m, n, band) / 32 / ENTRY_OPS["gf3"] + 5e-6 * (m + n)
    return Cost(seconds, 4 * m * (n + m) // 8 + 64 * m)


def _gfp(m: int, n: int, q: int, band: int | None) -> Cost:
    del q
    width = n + m if band is None else min(n + m, 4 * band + 4)
    seconds = CALL_SECONDS + m * width * width / ENTRY_OPS["gfp"]
    return Cost(seconds, 16 * m * width + 64 * m)


def _flint(m: int, n: int, q: int, band: int | None) -> Cost:
    del band
    from lightsout_graphs.core.zk.gfp_flint import estimate_cost

    cost = estimate_cost((m, n), q)
    return Cost(CALL_SECONDS + cost.seconds, cost.bytes)


def _flint_local(m: int, n: int, q: int, band: int | None) -> Cost:
    del band
    from lightsout_graphs.core.zk.local_flint import estimate_cost

    cost = estimate_cost((m, n), q)
    return Cost(CALL_SECONDS + cost.seconds, cost.bytes)


def _local(m: int, n: int, q: int, band: int | None) -> Cost:
    del band
    entry = 8 if (q - 1) ** 2 < 2**63 else 40
    seconds = CALL_SECONDS + m * n * min(m, n) / ENTRY_OPS["local"]
    return Cost(seconds, (m * m + n * n + m * n) * entry * 3 // 2)


#: The cost model of each elimination engine of :mod:`lightsout_graphs.core.zk`, by its name
#: (``crt`` is the sum of its components). A new engine adds its entry here.
MODELS: dict[str, Callable[[int, int, int, int | None], Cost]] = {
    "gf2": _bitsets(6, WORD_OPS),
    "gf2-python": _bitsets(2, PYTHON_WORD_OPS),
    "gf2-packed": _bitsets(6, WORD_OPS),
    "gf2-dense": _bitsets(3, WORD_OPS),
    "gf3": _gf3,
    "z4": _bitsets(6, PYTHON_WORD_OPS / 2),
    "gfp": _gfp,
    "flint": _flint,
    "flint-local": _flint_local,
    "local": _local,
}


def engine_cost(
    shape: tuple[int, int], engines: list[tuple[str, int]], band: int | None = None
) -> Cost:
    """The cost of factorising an m × n matrix with the given engine per component.

    Parameters
    ----------
    shape : (int, int)
        ``(m, n)``.
    engines : list of (str, int)
        The engine of each Chinese-remainder component and its modulus, e.g.
        ``[("gf2-python", 2), ("flint", 3)]`` for k = 6; every name a key of :data:`MODELS`.
    band : int, optional
        The band width the sparse prime-field engine will face; default no band.

    Returns
    -------
    Cost

    Raises
    ------
    KeyError
        For an engine without a model (:func:`~lightsout_graphs.core.zk.estimate_memory`
        turns it into the package's error).

    Examples
    --------
    >>> engine_cost((2000, 2000), [("local", 9)]).seconds > 100
    True
    >>> engine_cost((100, 100), [("gfp", 5)], band=10).bytes
    76800
    """
    m, n = (int(s) for s in shape)
    total = Cost(0.0, 0)
    for name, q in engines:
        total = total + MODELS[name](m, n, int(q), band)
    return total
