"""Small and named graphs: paths, cycles, complete graphs, trees, Petersen and friends, random graphs."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Protocol

import networkx as nx

from lightsout_graphs.core.errors import InvalidPuzzleError, require_int
from lightsout_graphs.representation.families._common import (
    build,
    check_args,
    check_prob,
    check_seed,
    check_size,
    circle_pos,
    family_doc,
    fixed_family,
    named_family,
    ordered_graph,
    product_of,
    set_pos,
)
from lightsout_graphs.representation.families._homes import HOMES
from lightsout_graphs.representation.puzzle import Puzzle

__all__ = list(HOMES[__name__])

#: The named graphs of networkx that :func:`named` accepts.
NAMED_GRAPHS: dict[str, Callable[[], nx.Graph]] = {
    "petersen": nx.petersen_graph,
    "heawood": nx.heawood_graph,
    "desargues": nx.desargues_graph,
    "moebius_kantor": nx.moebius_kantor_graph,
    "pappus": nx.pappus_graph,
    "frucht": nx.frucht_graph,
    "tutte": nx.tutte_graph,
    "chvatal": nx.chvatal_graph,
    "bull": nx.bull_graph,
    "house": nx.house_graph,
    "diamond": nx.diamond_graph,
    "krackhardt_kite": nx.krackhardt_kite_graph,
    "truncated_cube": nx.truncated_cube_graph,
    "truncated_tetrahedron": nx.truncated_tetrahedron_graph,
}


def _circular(g: nx.Graph) -> nx.Graph:
    return set_pos(g, dict(zip(g, circle_pos(len(g)), strict=True)))


class OneFactor(Protocol):
    """The signature of the path, cycle and complete graph: n lights."""

    def __call__(
        self,
        n: int,
        *,
        modulus: int = 2,
        rule: str = "closed",
        pressable: Iterable[Hashable] | None = None,
    ) -> Puzzle: ...


def _one_factor(
    kind: str, minimum: int, edges: Callable[[int], int], summary: str, examples: str
) -> OneFactor:
    """The function of a path, cycle or complete graph, the factors of the product families."""

    def family(
        n: int,
        *,
        modulus: int = 2,
        rule: str = "closed",
        pressable: Iterable[Hashable] | None = None,
    ) -> Puzzle:
        n = require_int(n, "n", minimum=minimum)
        check_args(modulus, rule)
        what = f"The complete graph K_{n}" if kind == "complete" else f"The {kind} of {n} lights"
        check_size(n, edges(n), what)
        if kind == "path":
            g = set_pos(nx.path_graph(n), {i: (float(i), 0.0) for i in range(n)})
        else:
            g = _circular(nx.cycle_graph(n) if kind == "cycle" else nx.complete_graph(n))
        structure = product_of([(kind, n)], rule)
        params = {"n": n}
        return build(
            g, kind, params, modulus=modulus, rule=rule, pressable=pressable, structure=structure
        )

    parameters = f"n : int\n        The number of lights, >= {minimum}.\n    %(puzzle)s"
    returns = 'Puzzle\n        ``family`` is ``FamilyInfo("%(name)s", {"n": n})``.'
    return named_family(family, kind, __name__, summary, parameters, returns, examples)


path = _one_factor(
    "path",
    1,
    lambda n: n - 1,
    "Lights Out on a path of n lights ``0 - 1 - … - n-1`` (the 1×n grid with integer nodes).",
    """    >>> path(4)
    <Puzzle: 4 nodes, 3 edges, rule='closed', modulus=2>""",
)
cycle = _one_factor(
    "cycle",
    3,
    lambda n: n,
    "Lights Out on a cycle of n lights (n >= 3; the 1-D torus).",
    """    >>> cycle(5).press(0, 0)
    {0: 1, 1: 1, 2: 0, 3: 0, 4: 1}""",
)
complete = _one_factor(
    "complete",
    1,
    lambda n: n * (n - 1) // 2,
    "Lights Out on the complete graph K_n: every press changes every light (closed rule).",
    """    >>> complete(4)
    <Puzzle: 4 nodes, 6 edges, rule='closed', modulus=2>""",
)


def _tree_pos(g: nx.Graph, root: Hashable) -> None:
    """Layered drawing: root at the top, each subtree centred over its leaves."""
    order = list(nx.dfs_preorder_nodes(g, root))
    children = nx.dfs_successors(g, root)
    x = {v: float(i) for i, v in enumerate(v for v in order if v not in children)}
    for v in reversed(order):  # children before parents, without recursion (deep trees)
        if v in children:
            x[v] = (x[children[v][0]] + x[children[v][-1]]) / 2
    depth = nx.shortest_path_length(g, root)
    set_pos(g, {v: (x[v], -float(depth[v])) for v in g})


@family_doc
def tree(
    r: int | None = None,
    h: int | None = None,
    *,
    n: int | None = None,
    seed: int | None = None,
    modulus: int = 2,
    rule: str = "closed",
    pressable: Iterable[Hashable] | None = None,
) -> Puzzle:
    """Lights Out on a tree: the balanced ``r``-ary tree of height ``h``, or a random tree.

    Parameters
    ----------
    r, h : int, optional
        Branching factor (>= 1) and height (>= 0) of a balanced tree (networkx labels).
    n : int, optional
        Instead of ``r`` and ``h``: the number of nodes of a uniformly random labelled tree.
    seed : int, optional
        The random tree's seed; the same seed gives the same tree.
    %(puzzle)s

    Returns
    -------
    Puzzle
        Integer nodes, node 0 the root; ``family`` is ``FamilyInfo("tree", {"r": r, "h": h})``
        or ``FamilyInfo("tree", {"n": n, "seed": seed})``.

    Raises
    ------
    InvalidPuzzleError
        Neither or both of (r, h) and n given, or bad values.

    Examples
    --------
    >>> tree(2, 3)
    <Puzzle: 15 nodes, 14 edges, rule='closed', modulus=2>
    >>> tree(n=10, seed=1).graph.number_of_edges()
    9
    """
    if n is not None:
        if r is not None or h is not None:
            msg = "Give either 'r' and 'h' (a balanced tree) or 'n' (a random tree), not both."
            raise InvalidPuzzleError(msg)
        n = require_int(n, "n", minimum=1)
        s = check_seed(seed)
        check_args(modulus, rule)
        check_size(n, n - 1, f"The random tree of {n} nodes")
        g = ordered_graph(n, nx.random_labeled_tree(n, seed=s).edges)
        params: dict[str, int | None] = {"n": n, "seed": s}
    else:
        if r is None or h is None:
            msg = "Give 'r' and 'h' for a balanced tree, or 'n' (and 'seed') for a random tree."
            raise InvalidPuzzleError(msg)
        r = require_int(r, "r", minimum=1)
        h = require_int(h, "h", minimum=0)
        check_args(modulus, rule)
        what = f"The balanced {r}-ary tree of height {h}"
        if r > 1 and (h + 1) * (r.bit_length() - 1) > 64:  # r**(h+1) > 2**64: say so briefly
            msg = f"{what} would have more than 2**64 nodes; choose a smaller r or h."
            raise InvalidPuzzleError(msg)
        size = h + 1 if r == 1 else (r ** (h + 1) - 1) // (r - 1)
        check_size(size, size - 1, what)
        g = nx.balanced_tree(r, h)
        params = {"r": r, "h": h}
    _tree_pos(g, 0)
    return build(g, "tree", params, modulus=modulus, rule=rule, pressable=pressable)


@family_doc
def random_graph(
    n: int,
    p: float,
    *,
    seed: int | None = None,
    modulus: int = 2,
    rule: str = "closed",
    pressable: Iterable[Hashable] | None = None,
) -> Puzzle:
    """Lights Out on an Erdős–Rényi random graph G(n, p); the same seed gives the same graph.

    Parameters
    ----------
    n : int
        The number of lights, >= 1.
    p : float
        The probability of each edge, in [0, 1].
    %(seed_puzzle)s

    Returns
    -------
    Puzzle
        Nodes ``0..n-1`` on a circle; ``family`` is
        ``FamilyInfo("random_graph", {"n": n, "p": p, "seed": seed})``.

    Examples
    --------
    >>> a = random_graph(12, 0.3, seed=7)
    >>> b = random_graph(12, 0.3, seed=7)
    >>> sorted(a.graph.edges) == sorted(b.graph.edges)
    True
    """
    n = require_int(n, "n", minimum=1)
    prob = check_prob(p, "p")
    s = check_seed(seed)
    check_args(modulus, rule)
    check_size(n, round(prob * n * (n - 1) / 2), f"The random graph G({n}, {prob})")
    g = _circular(nx.gnp_random_graph(n, prob, seed=s))
    params = {"n": n, "p": prob, "seed": s}
    return build(g, "random_graph", params, modulus=modulus, rule=rule, pressable=pressable)


@family_doc
def random_regular(
    d: int,
    n: int,
    *,
    seed: int | None = None,
    modulus: int = 2,
    rule: str = "closed",
    pressable: Iterable[Hashable] | None = None,
) -> Puzzle:
    """Lights Out on a random d-regular graph on n nodes (``n * d`` must be even, ``d < n``).

    Parameters
    ----------
    d : int
        The degree of every node, >= 0.
    n : int
        The number of lights, >= 1.
    %(seed_puzzle)s

    Returns
    -------
    Puzzle
        Nodes ``0..n-1`` on a circle; ``family`` is
        ``FamilyInfo("random_regular", {"d": d, "n": n, "seed": seed})``.

    Raises
    ------
    InvalidPuzzleError
        ``n * d`` odd or ``d >= n``.

    Examples
    --------
    >>> p = random_regular(3, 10, seed=1)
    >>> {deg for _, deg in p.graph.degree}
    {3}
    """
    d = require_int(d, "d", minimum=0)
    n = require_int(n, "n", minimum=1)
    s = check_seed(seed)
    check_args(modulus, rule)
    if (n * d) % 2 or d >= n:
        msg = f"Arguments 'd' and 'n' need n*d even and d < n, not d={d}, n={n}."
        raise InvalidPuzzleError(msg)
    check_size(n, n * d // 2, f"The random {d}-regular graph on {n} nodes")
    g = _circular(ordered_graph(n, nx.random_regular_graph(d, n, seed=s).edges))
    params = {"d": d, "n": n, "seed": s}
    return build(g, "random_regular", params, modulus=modulus, rule=rule, pressable=pressable)


@family_doc
def named(
    name: str,
    *,
    modulus: int = 2,
    rule: str = "closed",
    pressable: Iterable[Hashable] | None = None,
) -> Puzzle:
    """Lights Out on a named graph of networkx (see :data:`NAMED_GRAPHS`).

    Parameters
    ----------
    name : str
        For example ``"petersen"``, ``"heawood"``, ``"desargues"``.
    %(puzzle)s

    Returns
    -------
    Puzzle
        networkx's integer nodes; ``family`` is ``FamilyInfo("named", {"name": name})``
        (``FamilyInfo("petersen", {})`` and ``FamilyInfo("heawood", {})`` for those two).

    Raises
    ------
    InvalidPuzzleError
        A name outside :data:`NAMED_GRAPHS` (the message lists them).

    Examples
    --------
    >>> named("heawood")
    <Puzzle: 14 nodes, 21 edges, rule='closed', modulus=2>
    """
    if not isinstance(name, str) or name not in NAMED_GRAPHS:
        msg = f"Argument 'name' must be one of {', '.join(sorted(NAMED_GRAPHS))}, not {name!r}."
        raise InvalidPuzzleError(msg)
    # Petersen and Heawood have their own family functions; the others are rebuilt by name.
    family, params = (name, {}) if name in ("petersen", "heawood") else ("named", {"name": name})
    g = _named_graph(name)
    return build(g, family, params, modulus=modulus, rule=rule, pressable=pressable)


def _named_graph(name: str) -> nx.Graph:
    g = nx.Graph(NAMED_GRAPHS[name]())
    if name != "petersen":
        return _circular(g)
    outer, inner = circle_pos(5, 1.0), circle_pos(5, 0.45)
    return set_pos(g, {i: outer[i] for i in range(5)} | {i + 5: inner[i] for i in range(5)})


petersen = fixed_family(
    "petersen",
    __name__,
    lambda: _named_graph("petersen"),
    "Lights Out on the Petersen graph, drawn as a pentagon around a pentagram.",
    "Nodes ``0..4`` (outer) and ``5..9`` (inner)",
    """    >>> p = petersen()
    >>> p
    <Puzzle: 10 nodes, 15 edges, rule='closed', modulus=2>
    >>> sorted(v for v, x in p.press(0, 0).items() if x)
    [0, 1, 4, 5]""",
)
heawood = fixed_family(
    "heawood",
    __name__,
    lambda: _named_graph("heawood"),
    "Lights Out on the Heawood graph (14 nodes, 3-regular, girth 6).",
    "Nodes ``0..13``",
    """    >>> heawood().graph.number_of_edges()
    21""",
)
