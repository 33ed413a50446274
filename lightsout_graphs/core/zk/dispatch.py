"""Choosing an engine for a modulus and a matrix, and the one-call entry points over Z_k.

:func:`factorize` is the door to every engine; :func:`rank`, :func:`kernel`, :func:`solve` and
:func:`kernel_size` answer one question about one matrix.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np
import scipy.sparse as sp

from lightsout_graphs.core._docs import fill_doc
from lightsout_graphs.core.errors import EngineError, ModulusError
from lightsout_graphs.core.zk import gf2_packed, gfp_flint, local_flint
from lightsout_graphs.core.zk._common import coerce_matrix, residues
from lightsout_graphs.core.zk.budget import check_memory, check_time, memory_budget
from lightsout_graphs.core.zk.crt import CRTFactorization, prime_power_parts
from lightsout_graphs.core.zk.elimination import EliminationSolver
from lightsout_graphs.core.zk.gf2 import GF2Factorization
from lightsout_graphs.core.zk.gf2_dense import DenseGF2
from lightsout_graphs.core.zk.gf3 import GF3Factorization
from lightsout_graphs.core.zk.gfp import GFpFactorization
from lightsout_graphs.core.zk.local import LocalFactorization
from lightsout_graphs.core.zk.local_flint import LiftedLocalFactorization
from lightsout_graphs.core.zk.moduli import check_modulus, is_prime
from lightsout_graphs.core.zk.ordering import PermutedFactorization, elimination_order, permute
from lightsout_graphs.core.zk.protocol import Factorization
from lightsout_graphs.core.zk.z4 import Z4Factorization

__all__ = [
    "DENSE_BYTES",
    "DENSE_ROW_NONZEROS",
    "FLINT_SECONDS",
    "GFP_LIMIT",
    "LIFT_MIN_SIZE",
    "METHODS",
    "chosen_method",
    "component_engines",
    "factorize",
    "kernel",
    "kernel_size",
    "rank",
    "solve",
]

#: The engine names :func:`factorize` accepts (described there). Every factorisation names the
#: engine that built it in its ``method`` attribute; ``auto`` and ``gf2`` choose among the
#: others and are never a factorisation's ``method``.
METHODS: tuple[str, ...] = (
    "auto",
    "gf2",
    "gf2-python",
    "gf2-packed",
    "gf2-dense",
    "gf3",
    "gfp",
    "flint",
    "z4",
    "local",
    "flint-local",
    "crt",
)

#: The sparse prime-field engine handles primes below this bound (residue products fit int64).
GFP_LIMIT = 2**31

#: Over GF(p), the dense engine takes matrices with more nonzeros per row than this ...
DENSE_ROW_NONZEROS = 8
#: ... whose dense working copies fit this many bytes.
DENSE_BYTES = 1 << 28

#: Over GF(p), p > 2, the ``flint`` engine takes any matrix it factorises in this many seconds
#: (estimated by :func:`~lightsout_graphs.core.zk.gfp_flint.estimate_cost`; measured faster than the
#: sparse engines up to there), and dense matrices (see :data:`DENSE_ROW_NONZEROS`) of any size
#: within the memory budget.
FLINT_SECONDS = 1.0

#: Over Z/p^e (e >= 2, k != 4), the ``flint-local`` engine takes matrices from this many rows
#: and columns up (measured: from about 5 × 5 it beats ``local``, which it outruns 10 to 100
#: times from a few hundred unknowns up), within the memory budget.
LIFT_MIN_SIZE = 6

#: The bound below which the prime-field engines take a prime modulus.
_PRIME_BELOW = {"gfp": GFP_LIMIT, "flint": gfp_flint.FLINT_LIMIT}

#: The modulus each special engine works in.
_ENGINE_MODULUS = {
    "gf2": 2,
    "gf2-python": 2,
    "gf2-packed": 2,
    "gf2-dense": 2,
    "gf3": 3,
    "z4": 4,
}


def _narrow(
    engine: Callable[[sp.csr_array], EliminationSolver], a: sp.csr_array
) -> EliminationSolver:
    """``engine(a)``, run on rows and columns reordered for elimination when that helps."""
    order = elimination_order(a)
    if order is None:
        return engine(a)
    rows, cols = order
    return PermutedFactorization(engine(permute(a, rows, cols)), rows, cols)


#: The parameters the engine choice takes from a matrix's size (a docstring slot, see fill_doc).
_SIZE_DOCS = {
    "size": "shape : (int, int)\n    The matrix's ``(m, n)``.\nnonzeros : int\n"
    "    Its number of nonzero entries. (An estimate will do.)\nmodulus : int\n    k."
}


def flint_is_best(shape: tuple[int, int], nonzeros: int, prime: int) -> bool:
    """Whether the dense ``flint`` engine is the fastest exact route over GF(p), p > 2.

    Needs python-flint and dense copies within the memory budget, and the matrix done in
    :data:`FLINT_SECONDS` or denser than :data:`DENSE_ROW_NONZEROS` nonzeros a row.
    """
    if prime == 2 or prime >= gfp_flint.FLINT_LIMIT or not gfp_flint.available():
        return False
    cost = gfp_flint.estimate_cost(shape, prime)
    if cost.bytes > memory_budget():
        return False
    return nonzeros > DENSE_ROW_NONZEROS * max(shape[0], 1) or cost.seconds <= FLINT_SECONDS


def lifting_is_best(shape: tuple[int, int], nonzeros: int, prime: int, exponent: int) -> bool:
    """Whether ``flint-local`` is the fastest exact route over Z/p^e (e >= 2; ``nonzeros`` unused).

    Needs python-flint, at least :data:`LIFT_MIN_SIZE` rows and columns and dense copies within
    the memory budget; never for k = 4, where ``z4`` is 2 to 4 times faster at every size.
    """
    del nonzeros
    if exponent < 2 or (prime, exponent) == (2, 2) or min(shape) < LIFT_MIN_SIZE:
        return False
    if not local_flint.available():
        return False
    return local_flint.estimate_cost(shape, prime**exponent).bytes <= memory_budget()


def _dense_residues(matrix: object, k: int, method: str) -> tuple[np.ndarray, str] | None:
    """A dense integer array reduced mod k and the dense FLINT engine that takes it without a
    sparse copy (``flint`` for a prime k > 2, ``flint-local`` for a prime power); None when
    the matrix is not such an array or another engine is better."""
    if not (isinstance(matrix, np.ndarray) and matrix.ndim == 2 and matrix.dtype.kind in "iu"):
        return None
    if method not in ("auto", "flint", "flint-local") or k == 2:
        return None
    if method != "flint-local" and is_prime(k) and k < gfp_flint.FLINT_LIMIT:
        engine = "flint"
    elif method != "flint" and _prime_power(k) is not None:
        engine = "flint-local"
    else:
        return None
    arr = matrix  # already residues: the engine copies it, no need to reduce
    if matrix.size and (matrix.min() < 0 or matrix.max() >= k):
        arr = residues(matrix, k)
    nonzeros = int(np.count_nonzero(arr)) if method == "auto" else 0
    if method == "auto" and _engine_name(arr.shape, nonzeros, *prime_power_parts(k)[0]) != engine:
        return None  # the automatic choice prefers a sparse engine
    return arr, engine


def _run(name: str, a: sp.csr_array, p: int, e: int) -> EliminationSolver:
    """The engine ``name`` (not ``auto`` nor ``crt``) on ``a`` over Z/p^e."""
    if name == "gf2-dense":
        return DenseGF2.from_matrix(a)
    if name == "gf2-packed" or (name == "gf2" and gf2_packed.worthwhile(a)):
        return _narrow(gf2_packed.PackedGF2Factorization, a)
    if name.startswith("gf2"):
        return _narrow(GF2Factorization, a)
    if name in ("gf3", "z4"):
        return _narrow(GF3Factorization if name == "gf3" else Z4Factorization, a)
    if name == "gfp":
        return _narrow(lambda m: GFpFactorization(m, p), a)
    if name == "flint":
        return gfp_flint.FlintGFpFactorization(a, p)
    return (LiftedLocalFactorization if name == "flint-local" else LocalFactorization)(a, p, e)


def _component(matrix: sp.csr_array, prime: int, exponent: int) -> EliminationSolver:
    name = _engine_name(matrix.shape, matrix.nnz, prime, exponent)
    return _run(name, matrix, prime, exponent)


def _dense_is_better(shape: tuple[int, int], nonzeros: int) -> bool:
    """Whether the dense engine beats sparse row insertion: many nonzeros per row, small size.

    Measured over GF(5): sparse insertion wins from about 8 nonzeros per row down (grids,
    sparse graphs), dense vectorised elimination above, while its m² + n² + mn entries fit.
    """
    m, n = shape
    fits = 8 * (m * m + n * n + m * n) <= DENSE_BYTES
    return fits and nonzeros > DENSE_ROW_NONZEROS * max(m, 1)


def _prime_power(k: int) -> tuple[int, int] | None:
    parts = prime_power_parts(k)
    return parts[0] if len(parts) == 1 else None


def _check_engine(method: str, k: int) -> None:
    """Raise :class:`EngineError` when the engine named ``method`` does not work mod k."""
    if method in _ENGINE_MODULUS and k != _ENGINE_MODULUS[method]:
        msg = f"Engine {method!r} works mod {_ENGINE_MODULUS[method]} only, not mod {k}."
    elif method in ("gfp", "flint") and not (is_prime(k) and k < _PRIME_BELOW[method]):
        bits = _PRIME_BELOW[method].bit_length() - 1
        msg = f"Engine {method!r} needs a prime modulus below 2**{bits}, not {k}."
    elif method in ("local", "flint-local") and _prime_power(k) is None:
        msg = f"Engine {method!r} needs a prime-power modulus, not {k} = {_factor_text(k)}."
    else:
        return
    raise EngineError(msg)


def _build(a: sp.csr_array, k: int, method: str) -> EliminationSolver:
    _check_engine(method, k)
    pe = _prime_power(k)
    if method == "crt" or pe is None:
        return CRTFactorization(a, k, _component)
    return _component(a, *pe) if method == "auto" else _run(method, a, *pe)


def _engine_name(shape: tuple[int, int], nonzeros: int, prime: int, exponent: int) -> str:
    """The engine the automatic choice takes for one prime-power part p^e of the modulus."""
    special = {(2, 1): "gf2", (3, 1): "gf3", (2, 2): "z4"}
    if exponent == 1 and flint_is_best(shape, nonzeros, prime):
        return "flint"
    if lifting_is_best(shape, nonzeros, prime, exponent):
        return "flint-local"
    if (prime, exponent) in special:
        return special[(prime, exponent)]
    if exponent == 1 and prime < GFP_LIMIT and not _dense_is_better(shape, nonzeros):
        return "gfp"
    return "local"


@functools.partial(fill_doc, docs=_SIZE_DOCS)
def component_engines(shape: tuple[int, int], nonzeros: int, modulus: int) -> list[tuple[str, int]]:
    """The engine :func:`factorize` picks for each prime-power part of k, from the size alone.

    Parameters
    ----------
    %(size)s

    Returns
    -------
    list of (str, int)
        ``(engine, p**e)`` for each part, as :func:`~lightsout_graphs.core.zk.estimate_memory`
        takes them.

    Examples
    --------
    >>> component_engines((100, 100), 500, 12)[0]
    ('z4', 4)
    >>> component_engines((100, 100), 500, 2)
    [('gf2', 2)]
    """
    return [(_engine_name(shape, nonzeros, p, e), p**e) for p, e in prime_power_parts(modulus)]


def _concrete(name: str, shape: tuple[int, int]) -> str:
    """The name a factorisation of engine ``name`` carries: ``gf2`` is one of its two kernels."""
    if name == "gf2" and gf2_packed.worthwhile(sp.csr_array(shape, dtype=np.int8)):
        return "gf2-packed"
    return "gf2-python" if name == "gf2" else name


@functools.partial(fill_doc, docs=_SIZE_DOCS)
def chosen_method(
    shape: tuple[int, int], nonzeros: int, modulus: int
) -> tuple[str, list[tuple[str, int]]]:
    """The engine the automatic choice takes for a matrix, by the name its factorisation carries.

    Passing that name as ``factorize(..., method=name)`` runs exactly that engine: this is how
    the planner names the engine before it runs and then runs the one it named.

    Parameters
    ----------
    %(size)s

    Returns
    -------
    (str, list of (str, int))
        The ``method`` of the factorisation (``crt`` when k has several prime-power parts)
        and the engine of each part with its modulus, as the cost model takes them
        (:func:`~lightsout_graphs.core.zk.cost.engine_cost`).

    Examples
    --------
    >>> chosen_method((100, 100), 500, 2)
    ('gf2-python', [('gf2-python', 2)])
    >>> chosen_method((100, 100), 500, 12)[0]
    'crt'
    """
    parts = [(_concrete(name, shape), q) for name, q in component_engines(shape, nonzeros, modulus)]
    return (parts[0][0] if len(parts) == 1 else "crt"), parts


def _engines(a: sp.csr_array, k: int, method: str) -> list[tuple[str, int]]:
    """``(engine, modulus)`` of each component :func:`_build` will run."""
    if method in _ENGINE_MODULUS or method in ("gfp", "flint", "local", "flint-local"):
        return [(method, k)]
    return component_engines(a.shape, a.nnz, k)


def _factor_text(k: int) -> str:
    return "·".join(f"{p}^{e}" if e > 1 else str(p) for p, e in prime_power_parts(k))


def factorize(matrix: object, modulus: int, *, method: str = "auto") -> Factorization:
    """Factorise an m × n integer matrix over Z_k, to solve, count and certify.

    Parameters
    ----------
    matrix : scipy.sparse array or matrix, or 2-D numpy integer array
        m equations (lights) by n unknowns (presses). Any integers; they are reduced mod k.
    modulus : int
        k >= 2 (below 2**62, :data:`~lightsout_graphs.core.zk.MAX_MODULUS`).
    method : str, default "auto"
        The engine, one of :data:`METHODS`. ``auto`` uses ``gf2`` for k = 2, ``gf3`` for k = 3,
        ``z4`` for k = 4, ``gfp`` (sparse rows) for other primes below 2**31, except that
        ``flint`` (dense LU on FLINT) takes every prime p > 2 when it is faster (see
        :func:`flint_is_best`: dense matrices, and any matrix it factorises within
        :data:`FLINT_SECONDS`), ``flint-local`` (a dense Smith-like form over Z/p^e by
        blocks: LU mod p on FLINT and Hensel lifting; see :func:`lifting_is_best`) for other
        prime powers, ``local`` (the same form one pivot at a time) for those below
        :data:`LIFT_MIN_SIZE`, and ``crt`` otherwise (whose
        components use the same choices). ``gf2`` picks between ``gf2-python`` (Python-int
        bitsets) and ``gf2-packed`` (compiled with numba, for large matrices); ``gf2-dense`` is
        chosen only by name.

    Returns
    -------
    Factorization
        An object with ``solve``, ``is_solvable``, ``certificate``, ``kernel``,
        ``left_kernel`` and exact ``kernel_size`` / ``image_size``.

    Raises
    ------
    MatrixError
        If ``matrix`` is not a 2-D array of integers.
    ModulusError
        If ``modulus`` is not an int in ``2 .. 2**62 - 1``.
    EngineError
        If ``method`` is unknown or does not handle ``modulus``.
    MissingDependencyError
        If ``method="gf2-packed"`` and numba is not installed.
    MemoryBudgetError
        If the elimination is estimated to need more memory than :func:`memory_budget`
        (see :mod:`lightsout_graphs.core.zk.budget`); it is refused before it starts.
    TimeBudgetError
        If the dense local-ring (``local``, ``flint-local``) or sparse prime-field elimination
        is estimated to take longer than :func:`~lightsout_graphs.core.zk.time_budget`; refused
        before it starts.

    Examples
    --------
    >>> from lightsout_graphs import zk
    >>> f = zk.factorize(np.array([[1, 1, 0], [1, 1, 1], [0, 1, 1]]), 2)
    >>> f.rank, f.kernel_size
    (3, 1)
    >>> f.solve(np.array([1, 0, 0]))
    array([0, 1, 1])
    >>> g = zk.factorize(np.array([[2, 0], [0, 3]]), 4)
    >>> g.kernel_size, g.is_solvable(np.array([1, 1]))
    (2, False)
    >>> g.certificate(np.array([1, 1]))
    array([2, 0])
    """
    k = check_modulus(modulus)
    if method not in METHODS:
        msg = f"Argument 'method' must be one of {', '.join(METHODS)}, not {method!r}."
        raise EngineError(msg)
    dense = _dense_residues(matrix, k, method)
    if dense is not None:
        arr, engine = dense
        check_memory(arr, k, [(engine, k)])
        if engine == "flint":
            return gfp_flint.FlintGFpFactorization(arr, k)
        check_time(arr, k, [(engine, k)])
        return LiftedLocalFactorization(arr, *prime_power_parts(k)[0])
    a = coerce_matrix(matrix, k)
    engines = _engines(a, k, method)
    check_memory(a, k, engines)
    check_time(a, k, engines)
    return _build(a, k, method)


#: The Raises section and the start of the Examples of the one-call entry points.
_ONE_CALL_DOCS = {
    "raises": "Raises\n------\nMatrixError, ModulusError\n    For a bad matrix or modulus.",
    "examples": "Examples\n--------\n>>> from lightsout_graphs import zk",
    "matrix": "matrix : scipy.sparse array or matrix, or 2-D numpy integer array\nmodulus : int",
}


def rank(matrix: object, modulus: int) -> int:
    """The rank of a matrix over the prime field GF(p).

    Parameters
    ----------
    matrix : scipy.sparse array or matrix, or 2-D numpy integer array
    modulus : int
        A prime p.

    Returns
    -------
    int

    Raises
    ------
    ModulusError
        If ``modulus`` is not prime: over Z_k with k composite, rank is not well defined (use
        :func:`kernel_size` or ``factorize(...).image_size``).
    MatrixError
        If ``matrix`` is not a 2-D array of integers.

    Examples
    --------
    >>> from lightsout_graphs import zk
    >>> zk.rank(np.array([[1, 2], [2, 4]]), 5)
    1
    """
    k = check_modulus(modulus)
    if not is_prime(k):
        msg = (
            f"Argument 'modulus' must be prime for a rank, not {k} = {_factor_text(k)}: over "
            "Z_k with composite k rank is not well defined; use kernel_size or image_size."
        )
        raise ModulusError(msg)
    r = factorize(matrix, k).rank
    assert r is not None
    return r


@functools.partial(fill_doc, docs=_ONE_CALL_DOCS)
def kernel(matrix: object, modulus: int) -> list[tuple[np.ndarray, int]]:
    """Generators ``(g, order)`` of the quiet vectors ``{x : A x ≡ 0 (mod k)}``.

    Parameters
    ----------
    %(matrix)s

    Returns
    -------
    list of (numpy.ndarray, int)
        The kernel is the direct sum of the cyclic groups they generate.

    %(raises)s

    %(examples)s
    >>> zk.kernel(np.array([[1, 1]]), 2)
    [(array([1, 1]), 2)]
    """
    return factorize(matrix, modulus).kernel()


@functools.partial(fill_doc, docs=_ONE_CALL_DOCS)
def solve(matrix: object, rhs: object, modulus: int) -> np.ndarray | None:
    """One x with ``A x ≡ rhs (mod k)``, or ``None`` when there is none.

    Parameters
    ----------
    matrix : scipy.sparse array or matrix, or 2-D numpy integer array
    rhs : sequence of int or 1-D integer array of length m
    modulus : int

    Returns
    -------
    numpy.ndarray or None

    %(raises)s
    InvalidStateError
        If ``rhs`` is not an integer vector of length m.

    %(examples)s
    >>> zk.solve(np.array([[1, 1], [0, 1]]), [2, 1], 3)
    array([1, 1])
    >>> zk.solve(np.array([[2]]), [1], 4) is None
    True
    """
    return factorize(matrix, modulus).solve(rhs)  # type: ignore[arg-type]


@functools.partial(fill_doc, docs=_ONE_CALL_DOCS)
def kernel_size(matrix: object, modulus: int) -> int:
    """The exact number of x with ``A x ≡ 0 (mod k)``.

    Parameters
    ----------
    %(matrix)s

    Returns
    -------
    int

    %(raises)s

    %(examples)s
    >>> zk.kernel_size(np.array([[2, 0], [0, 0]]), 6)
    12
    """
    return factorize(matrix, modulus).kernel_size
