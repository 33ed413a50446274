"""The members of a solution coset ``base + Σ c_i g_i (mod k)``, one at a time or in blocks.

Every solution of ``A x ≡ b`` is one solution ``base`` plus a kernel element, and the engines
return the kernel as generators ``g_i`` of additive orders ``o_i`` forming a direct sum: each
member is ``base + Σ c_i g_i`` for exactly one choice of ``0 <= c_i < o_i``.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence

import numpy as np

from lightsout_graphs.core._docs import fill_doc
from lightsout_graphs.core.errors import MatrixError, require_int
from lightsout_graphs.core.zk._common import INT64_MAX, residues
from lightsout_graphs.core.zk.moduli import check_modulus

__all__ = ["coset_blocks", "coset_member", "iter_coset"]

Generators = Sequence[tuple[np.ndarray, int]]

#: The parameters every function here takes (a slot of their docstrings, see fill_doc).
_COSET_DOCS = {
    "coset": "base : array_like of int\n    One member (a solution).\n"
    "generators : sequence of (numpy.ndarray, int)\n    Kernel generators with their additive "
    "orders, forming a direct sum (as the\n    engines' ``kernel()`` returns them).\n"
    "modulus : int\n    k (below :data:`~lightsout_graphs.core.zk.MAX_MODULUS`)."
}


def _checked(
    base: object, generators: Generators, modulus: object
) -> tuple[int, np.ndarray, list[tuple[np.ndarray, int]]]:
    """The modulus, the base and the generators (with orders >= 1) as residues, or MatrixError."""
    k = check_modulus(modulus)
    x = _vector(base, "base", k)
    gens = []
    for i, item in enumerate(generators):
        if not isinstance(item, tuple | list) or len(item) != 2:
            msg = f"Generator {i} must be a pair (vector, order), not {item!r:.60}."
            raise MatrixError(msg)
        g = _vector(item[0], f"generator {i}", k)
        if g.shape != x.shape:
            msg = f"Generator {i} has {g.size} entries; the base has {x.size}."
            raise MatrixError(msg)
        gens.append(
            (g, require_int(item[1], f"order of generator {i}", minimum=1, error=MatrixError))
        )
    return k, x, gens


def _vector(vector: object, name: str, modulus: int) -> np.ndarray:
    """A 1-D vector of integers as int64 residues mod k (exact for any integers), or
    MatrixError naming it."""
    try:
        arr = np.asarray(vector)
        if arr.dtype == object or arr.dtype.kind not in "iub":
            arr = np.array([int(v) % modulus for v in arr.ravel()], dtype=object).reshape(arr.shape)
        arr = residues(arr, modulus)
    except (TypeError, ValueError, OverflowError) as err:
        msg = f"The {name} must be a vector of integers ({err})."
        raise MatrixError(msg) from err
    if arr.ndim != 1:
        msg = f"The {name} must be a 1-D vector, not of shape {arr.shape}."
        raise MatrixError(msg)
    return arr


def _times(vector: np.ndarray, c: int, modulus: int) -> np.ndarray:
    """``c · vector mod k`` (entries of ``vector`` in ``0..k-1``), exact."""
    if (modulus - 1) * c <= INT64_MAX:
        return vector * c % modulus
    return np.array([int(v) * c % modulus for v in vector], dtype=np.int64)


@functools.partial(fill_doc, docs=_COSET_DOCS)
def coset_member(
    base: object, generators: Generators, modulus: int, coefficients: Sequence[int]
) -> np.ndarray:
    """The member ``base + Σ c_i g_i (mod k)`` of a coset, as an int64 vector.

    Parameters
    ----------
    %(coset)s
    coefficients : sequence of int
        One ``c_i`` per generator.

    Returns
    -------
    numpy.ndarray

    Examples
    --------
    >>> from lightsout_graphs import zk
    >>> zk.coset_member([1, 1, 0], [(np.array([1, 1, 1]), 2)], 2, [1]).tolist()
    [0, 0, 1]
    """
    k, x, gens = _checked(base, generators, modulus)
    cs = list(coefficients)
    if len(cs) != len(gens):
        msg = f"There are {len(cs)} coefficients for {len(gens)} generators."
        raise MatrixError(msg)
    for (g, _), c in zip(gens, cs, strict=True):
        c = require_int(c, "coefficient", error=MatrixError) % k
        if c:
            x = (x + _times(g, c, k)) % k
    return x


@functools.partial(fill_doc, docs=_COSET_DOCS)
def coset_blocks(
    base: object, generators: Generators, modulus: int, *, max_rows: int = 4096
) -> Iterator[np.ndarray]:
    """Every member of the coset ``base + Σ c_i g_i``, as 2-D int64 blocks of rows.

    The first row of the first block is ``base`` itself (all ``c_i = 0``); each member comes
    exactly once. Blocks hold at most ``max_rows`` rows (and at least one): a generator whose
    order alone passes ``max_rows`` is cut into runs of its multiples.

    Parameters
    ----------
    %(coset)s
    max_rows : int, default 4096

    Yields
    ------
    numpy.ndarray
        Blocks of shape ``(rows, n)``; their row counts sum to ``Π o_i``.

    Examples
    --------
    >>> from lightsout_graphs import zk
    >>> gens = [(np.array([1, 0]), 2), (np.array([0, 1]), 2)]
    >>> [b.tolist() for b in zk.coset_blocks([0, 0], gens, 2, max_rows=2)]
    [[[0, 0], [1, 0]], [[0, 1], [1, 1]]]
    """
    k, x, gens = _checked(base, generators, modulus)
    max_rows = require_int(max_rows, "max_rows", minimum=1, error=MatrixError)
    inner = x[None, :]
    split = 0
    while split < len(gens) and inner.shape[0] * gens[split][1] <= max_rows:
        g, o = gens[split]
        inner = np.concatenate([(inner + _times(g, c, k)) % k for c in range(o)])
        split += 1
    # The next generator's multiples, cut into runs that keep a block within max_rows; made
    # one run at a time (the order of one generator may be as large as k itself).
    run_of = split if split < len(gens) else None
    step = max(1, max_rows // inner.shape[0])
    if run_of is not None:
        split += 1
    outer = gens[split:]
    for cs in itertools.product(*(range(o) for _, o in outer)):
        shift = np.zeros(len(x), dtype=np.int64)
        for (g, _), c in zip(outer, cs, strict=True):
            if c:
                shift = (shift + _times(g, c, k)) % k
        if run_of is None:
            yield (inner + shift) % k if any(cs) else inner
            continue
        g, o = gens[run_of]
        for start in range(0, o, step):
            run = _multiples(g, start, min(o, start + step), k)
            block = (run[:, None, :] + inner[None]).reshape(-1, len(x)) % k  # < 2k: no overflow
            yield (block + shift) % k


def _multiples(g: np.ndarray, start: int, stop: int, modulus: int) -> np.ndarray:
    """``c · g mod k`` for ``c`` in ``start..stop − 1``, one row each (exact for any k)."""
    if (modulus - 1) * max(stop - 1, 0) <= INT64_MAX:
        return np.arange(start, stop, dtype=np.int64)[:, None] * g[None, :] % modulus
    return np.stack([_times(g, c, modulus) for c in range(start, stop)])


@functools.partial(fill_doc, docs=_COSET_DOCS)
def iter_coset(base: object, generators: Generators, modulus: int) -> Iterator[np.ndarray]:
    """Every member of the coset ``base + Σ c_i g_i (mod k)``, one vector at a time.

    The first is ``base`` itself; the ``Π o_i`` members come each exactly once.

    Parameters
    ----------
    %(coset)s

    Yields
    ------
    numpy.ndarray
        int64 vectors with entries in ``0..k-1``.

    Examples
    --------
    >>> from lightsout_graphs import zk
    >>> [x.tolist() for x in zk.iter_coset([1, 0, 0], [(np.array([1, 2, 0]), 3)], 3)]
    [[1, 0, 0], [2, 2, 0], [0, 1, 0]]
    """
    for block in coset_blocks(base, generators, modulus):
        yield from block
