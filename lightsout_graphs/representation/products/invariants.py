"""Invariant factors over GF(p)[x] of a graph's adjacency matrix: the Smith form of ``xI − A``.

The invariant factors ``f_1 | f_2 | … | f_r`` of a square matrix A over a field F are the
non-constant entries of the Smith normal form of ``xI − A`` over ``F[x]``: A is similar to the
block-diagonal matrix of the companion matrices of the ``f_i`` (its Frobenius normal form),
``f_r`` is its minimal polynomial and ``f_1·…·f_r`` its characteristic polynomial. They are the
data the product formula of :mod:`lightsout_graphs.representation.products.formula` needs from each factor.

Three families have them in closed form, computed here without any matrix:

- the path P_n is cyclic: one factor, ``χ_n`` (``χ_0 = 1``, ``χ_1 = x``,
  ``χ_{k+1} = x·χ_k − χ_{k−1}``);
- the cycle C_n (n >= 3): with ``A = S + S⁻¹`` for the cyclic shift S, the module
  ``F[t]/(tⁿ − 1)`` is presented over ``F[y]``, ``y = t + t⁻¹``, on the basis ``1, t`` by the
  2×2 matrix ``[[χ_{n−2} + 1, χ_{n−1}], [χ_{n−1}, χ_n − 1]]`` (from ``t^k = χ_{k−1}·t − χ_{k−2}``),
  so there are at most two factors: ``d_1 = gcd(χ_{n−1}, χ_n − 1)`` and ``d_2 = det / d_1``;
- the complete graph K_n (n >= 2): ``A = J − I`` gives ``n − 2`` factors ``x + 1`` and a last one
  ``(x + 1)(x − n + 1)``.

Any other graph goes through a Smith form computed by elimination over ``F[x]``, which costs
about n³ polynomial operations: fine for the small factors of a product (tens of nodes).
"""

from __future__ import annotations

import functools
import numbers
from collections.abc import Hashable

import networkx as nx
import numpy as np
import scipy.sparse as sp

from lightsout_graphs.core._docs import fill_doc
from lightsout_graphs.core.errors import InvalidPuzzleError, ModulusError, require_int
from lightsout_graphs.core.zk import gfp_poly as P
from lightsout_graphs.core.zk.crt import prime_power_parts

__all__ = [
    "check_factor",
    "check_prime",
    "complete_factors",
    "cycle_factors",
    "factor_polys",
    "graph_kind",
    "invariant_factors",
    "path_factors",
]

Poly = np.ndarray


def check_prime(modulus: object) -> int:
    """Return ``modulus`` as a prime below 2**31, or raise :class:`ModulusError` naming it.

    Examples
    --------
    >>> check_prime(7)
    7
    >>> check_prime(8)
    Traceback (most recent call last):
    ...
    lightsout_graphs.core.errors.ModulusError: Argument 'modulus' must be a prime, not 8: ...
    """
    if isinstance(modulus, bool) or not isinstance(modulus, numbers.Integral) or modulus < 2:
        msg = f"Argument 'modulus' must be a prime, not {modulus!r}."
        raise ModulusError(msg)
    k = int(modulus)
    if k >= P.MAX_PRIME:
        msg = (
            f"Argument 'modulus' must be a prime below 2**31 for the polynomial engines, not {k}; "
            "larger primes go through the general engine (lightsout_graphs.analyze)."
        )
        raise ModulusError(msg)
    if prime_power_parts(k) != [(k, 1)]:
        msg = (
            f"Argument 'modulus' must be a prime, not {k}: invariant factors and nullity live "
            "over a field. For a composite k, lightsout_graphs.analyze counts the quiet "
            "patterns by the general engine."
        )
        raise ModulusError(msg)
    return k


def _as_lists(factors: list[Poly]) -> list[list[int]]:
    return [[int(c) for c in f] for f in factors]


@functools.lru_cache(maxsize=256)
def _path(n: int, p: int) -> tuple[Poly, ...]:
    return (P.path_poly(n, p),) if n else ()


@functools.lru_cache(maxsize=256)
def _cycle(n: int, p: int) -> tuple[Poly, ...]:
    if n < 3:  # C_1 is one node and C_2 one edge: the paths P_1 and P_2
        return _path(n, p)
    prev2, prev = P.path_pair(n - 1, p)
    top = P.sub(np.concatenate(([0], prev)), prev2, p)  # χ_n = x·χ_{n−1} − χ_{n−2}
    one = np.array([1], dtype=np.int64)
    top_minus = P.sub(top, one, p)
    d1 = P.gcd(prev, top_minus, p)
    det = P.sub(P.mul(prev, prev, p), P.mul(P.sub(prev2, -one, p), top_minus, p), p)
    d2 = P.exact_div(P.monic(det, p), d1, p)
    return tuple(f for f in (d1, d2) if len(f) > 1)


@functools.lru_cache(maxsize=256)
def _complete(n: int, p: int) -> tuple[Poly, ...]:
    if n == 1:
        return (np.array([0, 1], dtype=np.int64),)
    plus = np.array([1, 1], dtype=np.int64)
    last = P.mul(plus, P.poly([-(n - 1), 1], p), p)
    return (plus,) * (n - 2) + (last,)


#: The graph kinds (of :func:`graph_kind`) whose invariant factors have a closed form.
_NAMED_FACTORS = {"path": _path, "cycle": _cycle, "complete": _complete}

_MODULUS = """modulus : int, default 2
    A prime p below 2**31."""

#: The docs the closed-form functions of this package share, by slot (see ``core._docs.fill_doc``).
PRODUCT_DOCS = {
    "parameters": f"""Parameters
----------
n : int
    The number of nodes, >= 1.
{_MODULUS}

Returns
-------
list of list of int
    Monic polynomials, lowest degree first, each dividing the next.""",
    "modulus_rule": f"""{_MODULUS}
rule : {{"closed", "open"}}, default "closed"
    Whether a press changes its own light too.""",
}


@functools.partial(fill_doc, docs=PRODUCT_DOCS)
def path_factors(n: int, *, modulus: int = 2) -> list[list[int]]:
    """The invariant factors of the path P_n over GF(p): the single polynomial ``χ_n``.

    %(parameters)s

    Examples
    --------
    >>> from lightsout_graphs.representation.products import path_factors
    >>> path_factors(3)  # x^3 - 2x, which is x^3 over GF(2)
    [[0, 0, 0, 1]]
    >>> path_factors(3, modulus=3)  # x^3 + x over GF(3)
    [[0, 1, 0, 1]]
    """
    return _as_lists(list(_path(require_int(n, "n", minimum=1), check_prime(modulus))))


@functools.partial(fill_doc, docs=PRODUCT_DOCS)
def cycle_factors(n: int, *, modulus: int = 2) -> list[list[int]]:
    """The invariant factors of the cycle C_n over GF(p) (at most two; see the module notes).

    ``C_1`` and ``C_2`` are the simple graphs of one node and of one edge (the paths P_1, P_2),
    as in :func:`lightsout_graphs.torus`.

    %(parameters)s

    Examples
    --------
    >>> from lightsout_graphs.representation.products import cycle_factors
    >>> cycle_factors(4)  # C_4 has eigenvalues 2, 0, 0, -2: all 0 over GF(2)
    [[0, 0, 1], [0, 0, 1]]
    >>> cycle_factors(5, modulus=3)  # x^2 + x + 2 divides x^3 + 2x^2 + 2
    [[2, 1, 1], [2, 0, 2, 1]]
    """
    return _as_lists(list(_cycle(require_int(n, "n", minimum=1), check_prime(modulus))))


@functools.partial(fill_doc, docs=PRODUCT_DOCS)
def complete_factors(n: int, *, modulus: int = 2) -> list[list[int]]:
    """The invariant factors of the complete graph K_n over GF(p).

    ``A = J − I`` and ``J² = n·J``: ``n − 2`` factors ``x + 1``, then ``(x + 1)(x − n + 1)``
    (which is ``(x + 1)²`` when p divides n). K_1 has the single factor x.

    %(parameters)s

    Examples
    --------
    >>> from lightsout_graphs.representation.products import complete_factors
    >>> complete_factors(4)  # over GF(2): p | 4, so the last factor is (x + 1)^2
    [[1, 1], [1, 1], [1, 0, 1]]
    >>> complete_factors(3, modulus=5)  # (x + 1), (x + 1)(x - 2)
    [[1, 1], [3, 4, 1]]
    """
    return _as_lists(list(_complete(require_int(n, "n", minimum=1), check_prime(modulus))))


def graph_kind(graph: nx.Graph) -> tuple[str, int]:
    """Recognise a path, cycle or complete graph by its shape: ``(kind, n)``, or ``("graph", n)``.

    Examples
    --------
    >>> graph_kind(nx.path_graph(5)), graph_kind(nx.cycle_graph(6)), graph_kind(nx.petersen_graph())
    (('path', 5), ('cycle', 6), ('graph', 10))
    """
    n = graph.number_of_nodes()
    e = graph.number_of_edges()
    if e == n * (n - 1) // 2:
        return ("complete", n)
    if n >= 1 and e == n - 1 and max(d for _, d in graph.degree) <= 2 and nx.is_connected(graph):
        return ("path", n)
    if n >= 3 and e == n and all(d == 2 for _, d in graph.degree) and nx.is_connected(graph):
        return ("cycle", n)
    return ("graph", n)


def _smith_factors(matrix: np.ndarray, p: int) -> tuple[Poly, ...]:
    """The invariant factors of a square matrix over GF(p), by elimination on ``xI − A``."""
    n = matrix.shape[0]
    a = np.asarray(matrix, dtype=np.int64) % p
    m: list[list[Poly]] = [[P.poly([-a[i, j]], p) for j in range(n)] for i in range(n)]
    for i in range(n):
        m[i][i] = P.poly([-a[i, i], 1], p)
    out: list[Poly] = []
    for k in range(n):
        while True:
            best = (n + 2, k, k)
            for i in range(k, n):
                for j in range(k, n):
                    d = len(m[i][j])
                    if d and d < best[0]:
                        best = (d, i, j)
                if best[0] == 1:
                    break
            _, bi, bj = best
            m[k], m[bi] = m[bi], m[k]
            for row in m:
                row[k], row[bj] = row[bj], row[k]
            piv = m[k][k]
            clean = True
            for _ in range(2):  # the rows below the pivot, then (transposed) the columns after it
                for i in range(k + 1, n):
                    if len(m[i][k]):
                        q, r = P.divmod_poly(m[i][k], piv, p)
                        clean &= not len(r)
                        rk, ri = m[k], m[i]
                        for j in range(k, n):
                            if len(rk[j]):
                                ri[j] = P.sub(ri[j], P.mul(q, rk[j], p), p)
                m = [list(column) for column in zip(*m, strict=True)]
            if not clean:
                continue
            bad = next(
                (
                    i
                    for i in range(k + 1, n)
                    for j in range(k + 1, n)
                    if len(m[i][j]) and len(P.divmod_poly(m[i][j], piv, p)[1])
                ),
                None,
            )
            if bad is None:
                break
            for j in range(k, n):
                m[k][j] = P.sub(m[k][j], -m[bad][j] % p, p)
        out.append(P.monic(m[k][k], p))
    return tuple(f for f in out if len(f) > 1)


def factor_polys(graph: nx.Graph, p: int) -> tuple[Poly, ...]:
    """The invariant factors of a graph's adjacency matrix, as int64 coefficient arrays.

    Examples
    --------
    >>> [f.tolist() for f in factor_polys(nx.cycle_graph(4), 2)]
    [[0, 0, 1], [0, 0, 1]]
    """
    kind, n = graph_kind(graph)
    if kind in _NAMED_FACTORS:
        return _NAMED_FACTORS[kind](n, p)
    adjacency = nx.to_numpy_array(graph, dtype=np.int64, weight=None)
    return _smith_factors(adjacency, p)


def invariant_factors(
    obj: nx.Graph | np.ndarray | sp.sparray, *, modulus: int = 2
) -> list[list[int]]:
    """The invariant factors over GF(p)[x] of a graph's adjacency matrix (or of a square matrix).

    Parameters
    ----------
    obj : networkx.Graph or array_like
        An undirected simple graph (its adjacency matrix in node order; paths, cycles and
        complete graphs are recognised and use closed forms), or a square integer matrix.
    modulus : int, default 2
        A prime p below 2**31. Invariant factors live over a field; for a composite k the
        puzzle functions fall back to the general engine.

    Returns
    -------
    list of list of int
        The non-constant invariant factors ``f_1 | f_2 | …``, each monic, lowest degree first.
        Their degrees add up to the number of nodes; the last one is the minimal polynomial.

    Raises
    ------
    InvalidPuzzleError
        A directed graph, a multigraph, a graph with loops, an empty graph or a matrix that is
        not square.
    ModulusError
        A modulus that is not a prime below 2**31.

    Notes
    -----
    A general matrix costs about n³ polynomial operations (Smith form over ``GF(p)[x]``).

    Examples
    --------
    >>> from lightsout_graphs.representation.products import invariant_factors
    >>> f = invariant_factors(nx.petersen_graph())  # eigenvalues 3, 1 (5 times), -2 (4 times)
    >>> f  # over GF(2): x + 1, then x^2 + x three times, then x^3 + x = x(x + 1)^2
    [[1, 1], [0, 1, 1], [0, 1, 1], [0, 1, 1], [0, 1, 0, 1]]
    >>> sum(len(g) - 1 for g in f)  # the degrees add up to the number of nodes
    10
    >>> invariant_factors(nx.petersen_graph(), modulus=3)
    [[2, 1], [1, 1, 1], [1, 1, 1], [1, 1, 1], [0, 1, 1, 1]]
    """
    p = check_prime(modulus)
    if isinstance(obj, nx.Graph):
        return _as_lists(list(factor_polys(check_factor(obj, "graph"), p)))
    matrix = (
        np.asarray(obj.toarray()) if isinstance(obj, sp.sparray | sp.spmatrix) else np.asarray(obj)
    )
    if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1] or matrix.shape[0] == 0:
        msg = f"Argument 'obj' must be a non-empty square matrix, not of shape {matrix.shape}."
        raise InvalidPuzzleError(msg)
    if not np.issubdtype(matrix.dtype, np.integer):
        msg = f"Argument 'obj' must hold integers, not {matrix.dtype}."
        raise InvalidPuzzleError(msg)
    return _as_lists(list(_smith_factors(matrix, p)))


def check_factor(graph: object, name: str) -> nx.Graph:
    """Return ``graph`` if it is a non-empty simple undirected graph, else raise naming it.

    Examples
    --------
    >>> check_factor(nx.path_graph(2), "g").number_of_nodes()
    2
    >>> check_factor(nx.DiGraph([(0, 1)]), "g")
    Traceback (most recent call last):
    ...
    lightsout_graphs.core.errors.InvalidPuzzleError: Argument 'g' must be a simple undirected graph, not a DiGraph.
    """
    if not isinstance(graph, nx.Graph):
        msg = f"Argument {name!r} must be a networkx Graph or a Puzzle, not {type(graph).__name__}."
        raise InvalidPuzzleError(msg)
    if graph.is_directed() or graph.is_multigraph():
        msg = f"Argument {name!r} must be a simple undirected graph, not a {type(graph).__name__}."
        raise InvalidPuzzleError(msg)
    if graph.number_of_nodes() == 0:
        msg = f"Argument {name!r} has no nodes."
        raise InvalidPuzzleError(msg)
    loops: list[Hashable] = [u for u, _ in nx.selfloop_edges(graph)]
    if loops:
        msg = f"Argument {name!r} has a self-loop at node {loops[0]!r}."
        raise InvalidPuzzleError(msg)
    return graph
