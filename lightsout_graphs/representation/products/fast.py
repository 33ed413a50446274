"""Recognise a puzzle built as a Cartesian product, and give its nullity from the product formula.

:func:`fast_nullity` reads ``puzzle.structure`` (a product of factors, or a box lattice of the
axis stencil) and returns the nullity over GF(p) computed from two factors, or None when the
puzzle is not a recognised product over a prime (then the caller uses the general engine).
"""

from __future__ import annotations

import functools
from typing import Any

import networkx as nx

from lightsout_graphs.core.errors import LightsOutError
from lightsout_graphs.core.structure import Factor as StructureFactor
from lightsout_graphs.core.structure import Lattice, Product
from lightsout_graphs.representation.products.formula import (
    hamming_nullity,
    nullity_from_factors,
    rook_nullity,
)
from lightsout_graphs.representation.products.invariants import (
    _NAMED_FACTORS,
    _smith_factors,
    check_prime,
    factor_polys,
    graph_kind,
)
from lightsout_graphs.representation.puzzle import Puzzle

__all__ = [
    "GENERIC_FACTOR_LIMIT",
    "fast_nullity",
    "product_structure_nullity",
    "structure_factors",
]

#: The most nodes a factor that is not a path, cycle or complete graph may have for
#: :func:`fast_nullity` (its Smith form costs about n³ polynomial operations, a second at 40).
GENERIC_FACTOR_LIMIT = 40

#: Generic factors of up to this many nodes are always worth their Smith form (milliseconds);
#: larger ones only when the product has at least 64·k² lights, so that elimination of the
#: whole product would cost more.
SMALL_FACTOR = 16

Factor = tuple[str, Any]


def _split_power(d: int, q: int) -> tuple[Factor, Factor] | None:
    """``K_q^□d`` as two factors ``K_q^□d1`` and ``K_q^□d2``, when both are small enough."""
    if d < 2:
        return None
    low, high = d // 2, d - d // 2
    if q**high > GENERIC_FACTOR_LIMIT:
        return None
    return (("hamming", (low, q)), ("hamming", (high, q)))


@functools.lru_cache(maxsize=64)
def _hamming_factors(d: int, q: int, p: int) -> tuple[Any, ...]:
    graph = functools.reduce(nx.cartesian_product, [nx.complete_graph(q)] * d)
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


def _structure_factor(factor: StructureFactor) -> Factor:
    if factor.kind == "graph":
        assert factor.graph is not None
        return ("graph", factor.graph)
    return (factor.kind, factor.n)


def _hamming_of(product: Product) -> tuple[int, int] | None:
    """``(d, q)`` when every factor is the complete graph K_q (K_2 may be called a path)."""
    sizes = set()
    for factor in product.factors:
        complete = factor.kind == "complete" or (factor.kind == "path" and factor.n <= 2)
        if not complete:
            return None
        sizes.add(factor.n)
    return (len(product.factors), sizes.pop()) if len(sizes) == 1 else None


def structure_factors(product: Product, p: int, lights: int) -> tuple[Factor, Factor] | None:
    """The two factors the product formula splits ``product`` into, or None.

    Two factors are taken as they are; d >= 3 complete factors of one size (a hypercube or
    a Hamming graph) are split into two halves. Any other product of three or more factors
    goes to the general engine. The factors are ``(kind, data)`` pairs; ``p`` and ``lights``
    (the prime and the number of lights) do not change the split.

    Examples
    --------
    >>> from lightsout_graphs.core.structure import Factor, Product
    >>> structure_factors(Product((Factor("cycle", 4), Factor("path", 6)), "closed"), 2, 24)
    (('cycle', 4), ('path', 6))
    >>> structure_factors(Product((Factor("complete", 2),) * 4, "closed"), 2, 16)
    (('hamming', (2, 2)), ('hamming', (2, 2)))
    """
    if len(product.factors) == 2:
        return (_structure_factor(product.factors[0]), _structure_factor(product.factors[1]))
    hamming = _hamming_of(product)
    if hamming is None:
        return None
    return _split_power(*hamming)


def product_structure_nullity(product: Product, p: int, lights: int) -> int | None:
    """The nullity over GF(p), p a prime below 2**31, of a product structure (closed or open
    rule) of ``lights`` lights from the product formula; None where no formula applies
    cheaply (then the caller eliminates).

    Examples
    --------
    >>> from lightsout_graphs.core.structure import Factor, Product
    >>> product_structure_nullity(Product((Factor("cycle", 5),) * 2, "closed"), 2, 25)
    8
    """
    hamming = _hamming_of(product)
    if hamming is not None and hamming[0] >= 1:
        closed = hamming_nullity(hamming[0], hamming[1], modulus=p, rule=product.rule)
        if closed is not None:
            return closed
    if len(product.factors) == 2 and all(f.kind == "complete" for f in product.factors):
        m, n = (f.n for f in product.factors)
        return rook_nullity(m, n, modulus=p, rule=product.rule)
    factors = structure_factors(product, p, lights)
    if factors is None:
        return None
    left = _factor_polys(factors[0], p, lights)
    right = _factor_polys(factors[1], p, lights)
    if left is None or right is None:
        return None
    c = 1 if product.rule == "closed" else 0
    return nullity_from_factors(left, right, p, c)


def fast_nullity(puzzle: Puzzle) -> int | None:
    """The nullity of a product puzzle over GF(p) from its factors, or None.

    A puzzle is recognised from its structure (:attr:`lightsout_graphs.Puzzle.structure`): a
    product of factors (:func:`lightsout_graphs.product`, cylinders, prisms, rook boards,
    hypercubes, Hamming graphs) or a box lattice of the axis stencil with two sides (grids and
    tori); its rule is ``closed`` or ``open``; every node is pressable and a light; and its
    modulus is a prime below 2**31. The time then depends on the sizes of the factors, not on
    their product. Hypercubes and Hamming graphs of three or more factors are split in two
    halves. A factor that is not a path, cycle or complete graph costs a Smith form, used only
    when it beats elimination of the product (at most :data:`SMALL_FACTOR` nodes, or at most
    :data:`GENERIC_FACTOR_LIMIT` nodes and at least 64·k² lights); otherwise, and for
    composite moduli, the result is None and the caller eliminates.

    Parameters
    ----------
    puzzle : Puzzle

    Returns
    -------
    int or None
        ``dim ker T`` over GF(p), or None when the formula does not apply.

    Examples
    --------
    >>> from lightsout_graphs.representation.products import fast_nullity
    >>> fast_nullity(lo.torus(5, 5)), fast_nullity(lo.rook(7, 7)), fast_nullity(lo.hypercube(4))
    (8, 12, 0)
    >>> fast_nullity(lo.torus(5, 5, modulus=4)) is None  # composite k: the general engine
    True
    """
    if puzzle.rule not in ("closed", "open") or not puzzle.all_pressable:
        return None
    if not puzzle.all_lights:
        return None
    try:
        p = check_prime(puzzle.modulus)
    except LightsOutError:
        return None
    structure = puzzle.structure
    if isinstance(structure, Lattice):
        if len(structure.shape) != 2:
            return None
        product = structure.as_product()
    else:
        product = structure if isinstance(structure, Product) else None
    if product is None:
        return None
    return product_structure_nullity(product, p, puzzle.n)
