"""One cost model for the exact engines: seconds and bytes from the size, the modulus, the engine.

Every estimate of the package is a :class:`Cost`. The elimination engines of
:mod:`lightsout_graphs.core.zk` are costed here, each by one entry of :data:`MODELS` (a function
of ``m, n, q, band``), so that the memory budget, the time budget and the planner read the same
numbers; the planner costs the structured engines in the same units (light chasing by the
chasers' own ``chase_seconds`` and ``chase_memory``, the formulas with :data:`ENTRY_OPS` and
:data:`CALL_SECONDS`).

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
    "flint_lifted_cost",
    "flint_lu_cost",
]

#: Word operations per second of the compiled bitset kernels (64 entries of GF(2) a word).
WORD_OPS = 2e9
#: Word operations per second of bitsets held as Python integers (``gf2-python``, ``z4``):
#: each row operation pays the interpreter's overhead.
PYTHON_WORD_OPS = 1e9
#: Entry operations per second of the numpy engines (one int64 multiply-add and reduction;
#: for ``gf3``, one bit-sliced word of 32 entries: a 200 × 50 cylinder mod 3 in about 2 s).
ENTRY_OPS = {"local": 7e7, "gfp": 1.5e8, "gf3": 3e7}
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


def _bitsets(
    planes: float, words_per_second: float, per_word: int = 64, per_line: float = 2e-6
) -> Callable[[int, int, int, int | None], Cost]:
    """Bitset elimination: ``planes · m · (n + m)`` bits kept (the factor measured with
    tracemalloc on tori and random graphs of 2,500 to 12,100 lights), ``per_word`` entries a
    word, and ``per_line`` seconds per row and column."""

    def model(m: int, n: int, q: int, band: int | None) -> Cost:
        del q
        work = _work(m, n, band) / per_word / words_per_second
        return Cost(
            CALL_SECONDS + work + per_line * (m + n), int(planes * m * (n + m) // 8 + 64 * m)
        )

    return model


def _gfp(m: int, n: int, q: int, band: int | None) -> Cost:
    del q
    width = n + m if band is None else min(n + m, 4 * band + 4)
    seconds = CALL_SECONDS + m * width * width / ENTRY_OPS["gfp"]
    return Cost(seconds, 16 * m * width + 64 * m)


#: Seconds per multiply-add of FLINT's LU decomposition over GF(p), by the bit size of p
#: (measured on 2000 × 2000 random matrices: 0.18 s for p < 2**8, 0.85 s near 2**31, 1.9 s
#: near 2**61).
FLINT_SECONDS_PER_OP = ((8, 2.5e-11), (20, 4.0e-11), (32, 1.1e-10), (64, 2.5e-10))
#: Seconds per entry to copy a matrix into FLINT and back (densify, convert, copy).
FLINT_SECONDS_PER_ENTRY = 6e-9
#: Seconds per m·n·min(m, n) of the lifted factorisation over Z/p^e (measured on 2000 × 2000
#: random matrices mod 9, 25 and 8: 1.2 to 2.3 s on two busy cores, the two LU
#: decompositions, solves, products) ...
LIFTED_SECONDS_PER_OP = 1.5e-10
#: ... and per entry for its copies (dense residues, float64 operands, U and V).
LIFTED_SECONDS_PER_ENTRY = 5e-8


def flint_lu_cost(m: int, n: int, prime: int) -> Cost:
    """FLINT's dense LU over GF(p): two dense copies of the matrix (numpy's, and FLINT's that
    keeps the decomposition; 8 bytes an entry) and the transposed factor for certificates.

    Examples
    --------
    >>> c = flint_lu_cost(2000, 2000, 3)
    >>> 0.05 < c.seconds < 1, c.bytes // 2**20
    (True, 91)
    """
    r = min(m, n)
    bits = int(prime).bit_length()
    per_op = next(t for b, t in FLINT_SECONDS_PER_OP if bits <= b)
    seconds = per_op * m * n * r + FLINT_SECONDS_PER_ENTRY * m * n
    return Cost(seconds, 8 * (2 * m * n + r * r) + 64 * (m + n))


def flint_lifted_cost(m: int, n: int, modulus: int) -> Cost:
    """The lifted Smith-like form over Z/p^e on FLINT: U (m × m) and V (n × n) of int64, the
    residues, and about five more m × n arrays of operands and products (for even q, the
    m × m transform of Gauss–Jordan mod 2 too). Measured peaks on 2000 × 2000: 211 MiB mod 9,
    268 MiB mod 8; seconds within a factor of about two.

    Examples
    --------
    >>> c = flint_lifted_cost(2000, 2000, 9)
    >>> 0.2 < c.seconds < 5, c.bytes // 2**20, flint_lifted_cost(2000, 2000, 8).bytes // 2**20
    (True, 244, 274)
    """
    seconds = LIFTED_SECONDS_PER_OP * m * n * min(m, n)
    seconds += LIFTED_SECONDS_PER_ENTRY * (m * m + n * n + m * n)
    entries = m * m + n * n + 6 * m * n
    if modulus % 2 == 0:  # Gauss–Jordan mod 2 hands over its m × m transform
        entries += m * m
    return Cost(seconds, 8 * entries + 64 * (m + n))


#: FLINT's LU on the sparse, structured matrices of puzzles, with the solve and the
#: certificate or kernel that follow it, against :func:`flint_lu_cost` (measured on random
#: dense matrices): about this many times slower (a 900 × 900 king's board mod 5, 3600 × 3600
#: triangular lattice mod 3).
FLINT_PUZZLE_FACTOR = 4.0


def _flint(m: int, n: int, q: int, band: int | None) -> Cost:
    del band
    lu = flint_lu_cost(m, n, q)
    return Cost(CALL_SECONDS + FLINT_PUZZLE_FACTOR * lu.seconds, lu.bytes)


def _flint_local(m: int, n: int, q: int, band: int | None) -> Cost:
    del band
    return Cost(CALL_SECONDS, 0) + flint_lifted_cost(m, n, q)


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
    "gf3": _bitsets(4, ENTRY_OPS["gf3"], 32, 5e-6),
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

    ``engines``: ``(name, modulus)`` per Chinese-remainder component, each name a key of
    :data:`MODELS` (KeyError otherwise); ``band``: the band the sparse engines will face.
    """
    m, n = (int(s) for s in shape)
    return sum((MODELS[name](m, n, int(q), band) for name, q in engines), Cost(0.0, 0))
