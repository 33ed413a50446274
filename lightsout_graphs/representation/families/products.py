"""Cartesian products as puzzles: any G □ H, cylinders, prisms and Hamming graphs.

In G □ H the node ``(g, h)`` is joined to ``(g', h)`` when g ~ g' in G and to ``(g, h')`` when
h ~ h' in H. Every puzzle here records its factors in ``puzzle.family``, so that
:func:`lightsout_graphs.analyze` takes its nullity over a prime from the product formula of
:mod:`lightsout_graphs.representation.products` (the time depends on the factors' sizes, not the product's).
The toggle matrix of a product is built from the factors' adjacency matrices (a Kronecker
sum); the product graph itself (:func:`product_graph`) only when ``puzzle.graph`` is read.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

import networkx as nx
import numpy as np
import scipy.sparse as sp

from lightsout_graphs.core._labels import LatticeIndex, LatticeNodes, ProductIndex, ProductNodes
from lightsout_graphs.core.errors import InvalidPuzzleError, require_int
from lightsout_graphs.core.structure import Factor, Product, recognize_factor
from lightsout_graphs.representation.families._common import (
    MAX_NODES,
    build,
    check_args,
    check_entries,
    check_nodes,
    check_size,
    circle_pos,
    factor,
    family_doc,
    lazy_puzzle,
    product_of,
    set_pos,
)
from lightsout_graphs.representation.families._homes import HOMES
from lightsout_graphs.representation.products.invariants import check_factor
from lightsout_graphs.representation.puzzle import Puzzle

__all__ = list(HOMES[__name__])
__all__ += ["FactorGraph"]

#: The most edges a product family builds as a networkx graph.
MAX_EDGES = 4 * MAX_NODES


def _cycle_graph(n: int) -> nx.Graph:
    """C_n as a simple graph: one node for n = 1, one edge for n = 2 (as the torus does)."""
    return nx.cycle_graph(n) if n >= 3 else nx.path_graph(n)


def _positions(graph: nx.Graph) -> dict[Hashable, tuple[float, float]] | None:
    pos = {v: graph.nodes[v].get("pos") for v in graph}
    if any(xy is None for xy in pos.values()):
        return None
    return {v: (float(xy[0]), float(xy[1])) for v, xy in pos.items()}


def product_graph(g: nx.Graph, h: nx.Graph) -> nx.Graph:
    """The Cartesian product G □ H, nodes ``(g, h)`` in the order of G then H.

    When both factors carry a ``pos`` attribute, a copy of H is drawn at each node of G, scaled
    apart so the copies do not overlap; otherwise node ``(g_i, h_j)`` is drawn at ``(j, −i)``.

    Parameters
    ----------
    g, h : networkx.Graph
        Simple undirected graphs.

    Returns
    -------
    networkx.Graph

    Examples
    --------
    >>> G = product_graph(nx.path_graph(2), nx.path_graph(3))
    >>> list(G)[:3], G.number_of_edges()
    ([(0, 0), (0, 1), (0, 2)], 7)
    """
    out = nx.Graph()
    g_nodes, h_nodes = list(g), list(h)
    out.add_nodes_from((u, v) for u in g_nodes for v in h_nodes)
    out.add_edges_from(((u, v), (u2, v)) for u, u2 in g.edges for v in h_nodes)
    out.add_edges_from(((u, v), (u, v2)) for u in g_nodes for v, v2 in h.edges)
    g_pos, h_pos = _positions(g), _positions(h)
    if g_pos is not None and h_pos is not None:
        xs = [x for x, _ in h_pos.values()]
        ys = [y for _, y in h_pos.values()]
        scale = 1.5 * max(max(xs) - min(xs), max(ys) - min(ys), 1.0)
        pos = {
            (u, v): (g_pos[u][0] * scale + h_pos[v][0], g_pos[u][1] * scale + h_pos[v][1])
            for u in g_nodes
            for v in h_nodes
        }
    else:
        pos = {
            (u, v): (float(j), -float(i) if i else 0.0)
            for i, u in enumerate(g_nodes)
            for j, v in enumerate(h_nodes)
        }
    return set_pos(out, pos)


class FactorGraph(nx.Graph):
    """A factor of a product as recorded in ``puzzle.family``: a graph with a short repr.

    Examples
    --------
    >>> FactorGraph(nx.petersen_graph())
    graph(10 nodes, 15 edges)
    """

    def __repr__(self) -> str:
        return f"graph({self.number_of_nodes()} nodes, {self.number_of_edges()} edges)"


def _factor_graph(obj: object, name: str) -> nx.Graph:
    """A private copy of a factor (the caller may change its graph afterwards)."""
    graph = check_factor(obj.graph if isinstance(obj, Puzzle) else obj, name)
    n = graph.number_of_nodes()
    adjacency = graph.adj
    if graph.number_of_edges() == n * (n - 1) // 2 > n and not any(
        any(adjacency[u].values()) for u in graph
    ):
        # A complete graph without edge data: its edges follow from its nodes, which is
        # several times faster than networkx's general copy (K_500 has 124,750 edges).
        out = FactorGraph()
        out.add_nodes_from(graph.nodes(data=True))
        out.add_edges_from(itertools.combinations(list(graph), 2))
        return out
    return FactorGraph(graph)


def _ordered_factor(graph: nx.Graph) -> Factor:
    """:func:`~lightsout_graphs.core.structure.recognize_factor`, kept only where the graph's node
    order walks along the path or around the cycle (the order a closed form numbers them in);
    otherwise the factor is a general graph."""
    found = recognize_factor(graph)
    if found.kind in ("path", "cycle") and found.n > 2:
        order = list(graph)
        ends = order[1:] + (order[:1] if found.kind == "cycle" else [])
        steps = zip(order[: len(ends)], ends, strict=True)
        if not all(graph.has_edge(u, v) for u, v in steps):
            return Factor("graph", found.n, graph)
    return factor(found.kind, found.n) if found.kind != "graph" else found


def _check_size(nodes: int, edges: int, what: str) -> None:
    advice = (
        "lightsout_graphs.representation.products.product_nullity and nullity_table give its "
        "nullity from the factors alone."
    )
    check_size(nodes, edges, what, MAX_EDGES, advice)


@family_doc
def product(
    g: nx.Graph | Puzzle,
    h: nx.Graph | Puzzle,
    *,
    modulus: int = 2,
    rule: str = "closed",
    pressable: Iterable[Hashable] | None = None,
) -> Puzzle:
    """Lights Out on the Cartesian product G □ H of two graphs ("a grid of Petersen graphs").

    Parameters
    ----------
    g, h : networkx.Graph or Puzzle
        The factors: simple undirected graphs, or puzzles whose graphs are used (their own
        modulus and rule are not: the product's are the arguments below).
    %(puzzle)s

    Returns
    -------
    Puzzle
        Nodes ``(g, h)``, in the order of G then H; ``family`` is
        ``FamilyInfo("product", {"factors": (G, H)})`` with copies of the two factor graphs.

    Raises
    ------
    InvalidPuzzleError
        A factor that is not a non-empty simple undirected graph, a product too large to
        build, or a bad modulus or rule.

    Examples
    --------
    >>> p = lo.product(nx.path_graph(3), nx.petersen_graph())  # three Petersen graphs in a row
    >>> p
    <Puzzle: 30 nodes, 65 edges, rule='closed', modulus=2>
    >>> p.family.name, [f.number_of_nodes() for f in p.family.params["factors"]]
    ('product', [3, 10])
    >>> lo.analyze(p).nullity
    6
    >>> from lightsout_graphs.representation.boards import puzzle_label
    >>> puzzle_label(p)
    'product factors=(graph(3 nodes, 2 edges), graph(10 nodes, 15 edges))'
    """
    check_args(modulus, rule)
    first = _factor_graph(g, "g")
    second = first if h is g else _factor_graph(h, "h")
    n1, n2 = first.number_of_nodes(), second.number_of_nodes()
    edges = n1 * second.number_of_edges() + n2 * first.number_of_edges()
    what = f"The product of graphs of {n1} and {n2} nodes"
    check_nodes(n1 * n2, what)

    def graph() -> nx.Graph:
        # Only the graph is refused for its edges: the toggle matrix and the formulas of
        # lo.analyze never build it.
        _check_size(n1 * n2, edges, what)
        return product_graph(first, second)

    return _lazy_product(
        first,
        second,
        graph,
        "product",
        {"factors": (nx.freeze(first), nx.freeze(second))},
        modulus=modulus,
        rule=rule,
        pressable=pressable,
        structure=Product(
            (_ordered_factor(first), _ordered_factor(second)),
            "closed" if rule == "weighted" else str(rule),  # no weights: weighted acts as closed
        ),
    )


def _lazy_product(
    g: nx.Graph,
    h: nx.Graph,
    graph: Callable[[], nx.Graph],
    family: str,
    params: dict[str, Any],
    *,
    modulus: int,
    rule: str,
    pressable: Iterable[Hashable] | None,
    structure: Product,
) -> Puzzle:
    """The puzzle of G □ H with its toggle matrix built from the factors (no product graph).

    With nodes ``(g_i, h_j)`` at position ``i·|H| + j``, the adjacency matrix of G □ H is
    ``A_G ⊗ I + I ⊗ A_H``; the closed (and, with no weights, the weighted) rule adds ``I``. The
    product graph itself is built by ``graph`` the first time ``puzzle.graph`` is read.
    """
    k, rule = check_args(modulus, rule)
    left, right = list(g.nodes), list(h.nodes)
    # The nodes and their positions are computed on demand: a product of two cycles of 2000
    # nodes costs what the torus of the same size costs.
    nodes: Sequence[Hashable]
    index: Mapping[Hashable, int]
    if left == list(range(len(left))) and right == list(range(len(right))):
        nodes, index = LatticeNodes((len(left), len(right))), LatticeIndex((len(left), len(right)))
    else:
        nodes, index = ProductNodes(left, right), ProductIndex(left, right)

    edges = len(left) * h.number_of_edges() + len(right) * g.number_of_edges()

    def matrix() -> sp.csr_array:
        check_entries(len(nodes) + 2 * edges, f"The toggle matrix of {family} {params}")
        # Adjacency only: the product has no weights, under every rule.
        a_g, a_h = (
            sp.csr_array(nx.to_scipy_sparse_array(f, nodelist=o, dtype=np.int64, weight=None))
            for f, o in ((g, left), (h, right))
        )
        t = sp.kronsum(a_h, a_g, format="csr")  # A_G ⊗ I + I ⊗ A_H
        if rule != "open":
            t = t + sp.eye_array(len(nodes), dtype=np.int64, format="csr")
        t = sp.csr_array(t, dtype=np.int64)
        t.data %= k
        t.eliminate_zeros()
        return t

    return lazy_puzzle(
        family,
        params,
        nodes=nodes,
        index=index,
        graph=graph,
        matrix=matrix,
        edges=lambda: edges,
        modulus=k,
        rule=rule,
        pressable=pressable,
        structure=structure,
    )


def _cylinder_graph(m: int, n: int) -> nx.Graph:
    return product_graph(nx.path_graph(m), _cycle_graph(n))


@family_doc
def cylinder(
    m: int,
    n: int,
    *,
    modulus: int = 2,
    rule: str = "closed",
    pressable: Iterable[Hashable] | None = None,
) -> Puzzle:
    """Lights Out on a cylinder: an m×n grid whose rows wrap around (P_m □ C_n).

    As for :func:`lightsout_graphs.torus`, a row of 2 cells has one edge and a row of 1 cell
    none.

    Parameters
    ----------
    m : int
        Rows (the path), >= 1.
    n : int
        Columns (the cycle), >= 1.
    %(puzzle)s

    Returns
    -------
    Puzzle
        Nodes ``(row, column)`` in row-major order; ``family`` is
        ``FamilyInfo("cylinder", {"m": m, "n": n})``.

    Raises
    ------
    InvalidPuzzleError
        A bad size, modulus or rule, or a board too large to build.

    Examples
    --------
    >>> p = lo.cylinder(3, 5)
    >>> p
    <Puzzle: 15 nodes, 25 edges, rule='closed', modulus=2>
    >>> sorted(v for v, x in p.press(0, (0, 0)).items() if x)
    [(0, 0), (0, 1), (0, 4), (1, 0)]
    >>> lo.analyze(p).nullity
    0
    """
    check_args(modulus, rule)
    rows = require_int(m, "m", minimum=1)
    cols = require_int(n, "n", minimum=1)
    _check_size(rows * cols, 2 * rows * cols, f"The {rows}×{cols} cylinder")
    return _lazy_product(
        nx.path_graph(rows),
        _cycle_graph(cols),
        lambda: _cylinder_graph(rows, cols),
        "cylinder",
        {"m": rows, "n": cols},
        modulus=modulus,
        rule=rule,
        pressable=pressable,
        structure=product_of([("path", rows), ("cycle", cols)], str(rule)),
    )


@family_doc
def prism(
    n: int,
    *,
    modulus: int = 2,
    rule: str = "closed",
    pressable: Iterable[Hashable] | None = None,
) -> Puzzle:
    """Lights Out on the prism graph C_n □ K_2: two n-cycles joined rung by rung.

    Parameters
    ----------
    n : int
        The length of each cycle, >= 1 (n = 1 and 2 follow the cylinder's conventions).
    %(puzzle)s

    Returns
    -------
    Puzzle
        Nodes ``(ring, i)`` with ring 0 (outside) and 1 (inside), as :func:`cylinder` ``(2, n)``
        numbers them; ``family`` is ``FamilyInfo("prism", {"n": n})``.

    Raises
    ------
    %(raises)s

    Examples
    --------
    >>> lo.prism(5)  # the pentagonal prism
    <Puzzle: 10 nodes, 15 edges, rule='closed', modulus=2>
    >>> lo.analyze(lo.prism(3)).nullity
    1
    """
    check_args(modulus, rule)
    size = require_int(n, "n", minimum=1)
    _check_size(2 * size, 3 * size, f"The prism of n={size}")
    graph = _cylinder_graph(2, size)
    rings = (circle_pos(size, 2.0), circle_pos(size, 1.0))
    set_pos(graph, {(r, i): rings[r][i] for r, i in graph})
    structure = product_of([("path", 2), ("cycle", size)], str(rule))
    params = {"n": size}
    return build(
        graph, "prism", params, modulus=modulus, rule=rule, pressable=pressable, structure=structure
    )


@family_doc
def hamming(
    d: int,
    q: int,
    *,
    modulus: int = 2,
    rule: str = "closed",
    pressable: Iterable[Hashable] | None = None,
) -> Puzzle:
    """Lights Out on the Hamming graph H(d, q) = K_q □ … □ K_q (d factors).

    Nodes are the words of length d over ``0..q-1``; two words are neighbours when they differ
    in exactly one place. ``hamming(d, 2)`` is the hypercube Q_d and ``hamming(2, q)`` the
    q×q rook's board.

    Parameters
    ----------
    d : int
        The word length, >= 1.
    q : int
        The alphabet size, >= 1.
    %(puzzle)s

    Returns
    -------
    Puzzle
        Nodes are d-tuples in lexicographic order; ``family`` is
        ``FamilyInfo("hamming", {"d": d, "q": q})``.

    Raises
    ------
    InvalidPuzzleError
        A bad d, q, modulus or rule, or a graph too large to build (checked before ``q**d``
        is computed).

    Examples
    --------
    >>> lo.hamming(2, 3)
    <Puzzle: 9 nodes, 18 edges, rule='closed', modulus=2>
    >>> lo.analyze(lo.hamming(3, 3)).nullity
    14
    """
    check_args(modulus, rule)
    length = require_int(d, "d", minimum=1)
    size = require_int(q, "q", minimum=1)
    if size > 1 and length * math.log2(size) > 64:  # q**d itself would be too long to say
        msg = (
            f"The Hamming graph H(d={length}, q={size}) would have more than 2**64 nodes; "
            "choose a smaller d or q."
        )
        raise InvalidPuzzleError(msg)
    if size > 1 and length * math.log2(size) > math.log2(MAX_NODES) + 1:
        check_nodes(size**length, f"The Hamming graph H(d={length}, q={size})")
    nodes = size**length
    _check_size(nodes, nodes * length * (size - 1) // 2, f"The Hamming graph H({length}, {size})")
    graph = nx.complete_graph(size)
    set_pos(graph, dict(enumerate(circle_pos(size))))
    out = nx.relabel_nodes(graph, {v: (v,) for v in graph})
    for _ in range(length - 1):
        out = product_graph(out, graph)
        out = nx.relabel_nodes(out, {(u, v): (*u, v) for u, v in out})
    params = {"d": length, "q": size}
    structure = product_of([("complete", size)] * length, str(rule))
    return build(
        out, "hamming", params, modulus=modulus, rule=rule, pressable=pressable, structure=structure
    )
