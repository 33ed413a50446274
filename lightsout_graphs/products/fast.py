"""Recognise a puzzle built as a Cartesian product, and give its nullity from the product formula.

:func:`fast_nullity` reads ``puzzle.family`` (the name and parameters its family recorded) and
returns the nullity over GF(p) computed from the two factors, or None when the puzzle is not a
recognised product over a prime (then the caller uses the general engine).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

import networkx as nx

from lightsout_graphs.errors import LightsOutError
from lightsout_graphs.products.formula import (
    hamming_nullity,
    nullity_from_factors,
    rook_nullity,
)
from lightsout_graphs.products.invariants import (
    _NAMED_FACTORS,
    _smith_factors,
    check_prime,
    factor_polys,
    graph_kind,
)
from lightsout_graphs.puzzle import Puzzle

__all__ = ["GENERIC_FACTOR_LIMIT", "fast_nullity", "product_factors"]

#: The most nodes a factor that is not a path, cycle or complete graph may have for
#: :func:`fast_nullity` (its Smith form costs about n³ polynomial operations, a second at 40).
GENERIC_FACTOR_LIMIT = 40

#: Generic factors of up to this many nodes are always worth their Smith form (milliseconds);
#: larger ones only when the product has at least 64·k² lights, so that elimination of the
#: whole product would cost more.
SMALL_FACTOR = 16

Factor = tuple[str, Any]


def _hamming_graph(d: int, q: int) -> nx.Graph:
    graph = nx.complete_graph(q)
    out = graph
    for _ in range(d - 1):
        out = nx.cartesian_product(out, graph)
    return out


def _split_power(d: int, q: int) -> tuple[Factor, Factor] | None:
    """``K_q^□d`` as two factors ``K_q^□d1`` and ``K_q^□d2``, when both are small enough."""
    if d < 2:
        return None
    low, high = d // 2, d - d // 2
    if q**high > GENERIC_FACTOR_LIMIT:
        return None
    return (("hamming", (low, q)), ("hamming", (high, q)))


def product_factors(family: str, params: Mapping[str, Any]) -> tuple[Factor, Factor] | None:
    """The two factors of a family's puzzle, as ``(kind, data)`` pairs, or None.

    Examples
    --------
    >>> product_factors("torus", {"shape": (4, 6)})
    (('cycle', 4), ('cycle', 6))
    >>> product_factors("cylinder", {"m": 3, "n": 5})
    (('path', 3), ('cycle', 5))
    >>> product_factors("hexagonal", {"m": 2, "n": 2}) is None
    True
    """
    if family in ("grid", "torus"):
        shape = tuple(params.get("shape", ()))
        if len(shape) != 2:
            return None
        kind = "path" if family == "grid" else "cycle"
        return ((kind, int(shape[0])), (kind, int(shape[1])))
    if family == "cylinder":
        return (("path", int(params["m"])), ("cycle", int(params["n"])))
    if family == "prism":
        return (("cycle", int(params["n"])), ("path", 2))
    if family == "rook":
        return (("complete", int(params["m"])), ("complete", int(params["n"])))
    if family == "hypercube":
        return _split_power(int(params["d"]), 2)
    if family == "hamming":
        d, q = int(params["d"]), int(params["q"])
        if d == 2:
            return (("complete", q), ("complete", q))
        return _split_power(d, q)
    if family == "product":
        g, h = params["factors"]
        return (("graph", g), ("graph", h))
    return None


@functools.lru_cache(maxsize=64)
def _hamming_factors(d: int, q: int, p: int) -> tuple[Any, ...]:
    graph = _hamming_graph(d, q)
    adjacency = nx.to_numpy_array(graph, dtype="int64", weight=None)
    return _smith_factors(adjacency, p)


def _worth_it(nodes: int, lights: int) -> bool:
    """Whether a Smith form of a generic factor of ``nodes`` nodes beats elimination."""
    if nodes > GENERIC_FACTOR_LIMIT:
        return False
    return nodes <= SMALL_FACTOR or lights >= 64 * nodes**2


def _factor_polys(factor: Factor, p: int, lights: int) -> tuple[Any, ...] | None:
    kind, data = factor
    if kind in _NAMED_FACTORS:
        return _NAMED_FACTORS[kind](data, p)
    if kind == "hamming":
        if not _worth_it(data[1] ** data[0], lights):
            return None
        return _hamming_factors(data[0], data[1], p)
    if graph_kind(data)[0] == "graph" and not _worth_it(data.number_of_nodes(), lights):
        return None
    return factor_polys(data, p)


def fast_nullity(puzzle: Puzzle) -> int | None:
    """The nullity of a product puzzle over GF(p) from its two factors, or None.

    A puzzle is recognised when its family (``puzzle.family``) is ``product``
    (:func:`lightsout_graphs.product`), a 2-dimensional ``grid`` or ``torus``, ``cylinder``,
    ``prism``, ``rook`` (Alien Tiles), ``hypercube`` or ``hamming``; its rule is ``closed`` or
    ``open``; every node is pressable; and its modulus is a prime below 2**31. The time then
    depends on the sizes of the factors, not on their product. Hypercubes and Hamming graphs
    of three or more factors are split in two halves. A factor that is not a path, cycle or
    complete graph costs a Smith form, used only when it beats elimination of the product
    (at most :data:`SMALL_FACTOR` nodes, or at most :data:`GENERIC_FACTOR_LIMIT` nodes and
    at least 64·k² lights); otherwise, and for composite moduli, the result is None and the
    general engine counts the quiet patterns.

    Parameters
    ----------
    puzzle : Puzzle

    Returns
    -------
    int or None
        ``dim ker T`` over GF(p), or None when the formula does not apply.

    Examples
    --------
    >>> import lightsout_graphs as lo
    >>> from lightsout_graphs.products import fast_nullity
    >>> fast_nullity(lo.torus(5, 5)), fast_nullity(lo.rook(7, 7)), fast_nullity(lo.hypercube(4))
    (8, 12, 0)
    >>> fast_nullity(lo.torus(5, 5, modulus=4)) is None  # composite k: the general engine
    True
    """
    family = puzzle.family
    if family is None or puzzle.rule not in ("closed", "open"):
        return None
    if len(puzzle.pressable) != len(puzzle.nodes):
        return None
    try:
        p = check_prime(puzzle.modulus)
    except LightsOutError:
        return None
    c = 1 if puzzle.rule == "closed" else 0
    if family.name == "grid" and len(tuple(family.params.get("shape", ()))) == 2:
        from lightsout_graphs.grids.polynomials import nullity

        m, n = family.params["shape"]
        return nullity(m, n, modulus=p, rule=puzzle.rule)
    if family.name == "rook":
        return rook_nullity(family.params["m"], family.params["n"], modulus=p, rule=puzzle.rule)
    if family.name in ("hypercube", "hamming"):
        d = int(family.params["d"])
        q = 2 if family.name == "hypercube" else int(family.params["q"])
        if d >= 1:
            closed = hamming_nullity(d, q, modulus=p, rule=puzzle.rule)
            if closed is not None:
                return closed
    try:
        factors = product_factors(family.name, family.params)
    except (KeyError, TypeError, ValueError):
        return None
    if factors is None:
        return None
    left = _factor_polys(factors[0], p, puzzle.n)
    right = _factor_polys(factors[1], p, puzzle.n)
    if left is None or right is None:
        return None
    return nullity_from_factors(left, right, p, c)
