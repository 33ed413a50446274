"""The lit-only σ-game on line graphs of multigraphs: tokens sliding on the root.

Following H. Cuypers ("Line graphs of multi-graphs and the forbidden graph E6",
arXiv:2105.08618), the *line graph* ``L(Δ)`` of a multigraph ``Δ`` (parallel edges allowed, no
loops) has the edges of ``Δ`` as nodes, two of them adjacent when they meet in exactly one
vertex: parallel edges are not adjacent. Paths, cycles, the line graphs of simple graphs, the
Dynkin trees D_n (a path whose last edge is doubled), stars and complete bipartite graphs are
such line graphs. By Cuypers' Theorem 1.1 a connected graph is one exactly when it has no
induced subgraph among 33 graphs of six nodes, one of them the Dynkin graph E6; the graphs
that do have one are covered by the level sets (:mod:`._lit_only_theory`).

Boards are bitsets over the nodes of one connected component ``G = L(Δ)`` (local indices);
``Δ`` has ``m`` vertices and node ``e`` of ``G`` is the edge ``ij`` of ``Δ``.

Theorem (the token game)
------------------------
Let ``R`` be the ``m × n`` incidence matrix of ``Δ`` over GF(2). Then the adjacency matrix of
``G`` is ``A = RᵀR`` (two edges meet in one vertex exactly when their columns share one 1,
and a column has two 1s), so a lit-only press of ``e = ij`` changes the board ``x`` into
``x + Rᵀ(e_i + e_j)``. Fix a spanning tree ``T`` of ``Δ`` and a root vertex. Every board
is uniquely ``x = σ + Rᵀ x̃`` with ``σ`` zero on the edges of ``T`` (the *signing*) and
``x̃ ∈ GF(2)^m`` zero at the root (the *labels*): go down the tree, ``x̃_child = x̃_parent +
x_edge``. A press adds ``e_i + e_j`` to the labels, so ``σ`` is an invariant, and it is
allowed when ``x_e = σ_e + x̃_i + x̃_j = 1``:

* on an edge with ``σ_e = 0`` (*positive*) a press swaps the labels of ``i`` and ``j`` when
  they differ: a token (label 1) slides along the edge to an empty vertex;
* on an edge with ``σ_e = 1`` (*negative*) it flips both labels when they are equal: two
  tokens are created on, or removed from, the ends.

The labels ``x̃`` and ``x̃ + 1`` give the same board (``Rᵀ1 = 0``), so a board is a set of
tokens up to complement. Write ``w = |x̃|``. Then the orbit of a lit board ``x`` is:

1. ``σ = 0`` (*balanced*): the boards whose labels have ``w`` or ``m - w`` tokens; it has
   ``C(m, w)`` boards, or ``C(m, w)/2`` when ``2w = m``.
2. ``σ ≠ 0``: the boards of signing ``σ`` whose labels have a token count of the parity of
   ``w``, up to complement: the whole coset (``2^(m-1)`` boards) when ``m`` is odd, and for
   ``m`` even one of its two halves (``2^(m-2)`` boards each).

*Proof.* Invariance: a swap keeps ``w``, a creation or removal changes it by 2, and the
complement turns ``w`` into ``m - w`` (the parity of ``w`` when ``m`` is even). Reachability:
every edge of ``T`` is positive, and tokens that slide on a connected tree reach every
arrangement of as many tokens (strip a leaf ``l``: if its label is wrong, slide the nearest
token, or the nearest hole, along the tree path to ``l``; each step moves a token to an
empty vertex; then drop ``l``). With ``σ ≠ 0`` some edge ``f = ij`` off the tree is negative;
arrange the tokens with ``i`` and ``j`` both empty (both full) and press ``f`` to gain (lose)
two, until the count is the target's (of the right parity, or its complement's), then slide.
This is :meth:`TokenGame.connect`, which returns the presses; they are replayed by callers. ∎

Minimum light number
--------------------
The lights of a board are ``|σ + δ(S)|``, ``S`` the token set and ``δ(S)`` the edges of
``Δ`` with one end in ``S``. Per orbit the fewest lights is, for a balanced orbit of ``w``
tokens, ``f(w) = min |δ(S)|`` over ``|S| = w`` (edges counted with multiplicity), and for an
unbalanced orbit the distance from ``σ`` to the code of the cuts ``δ(S)`` (of the parity's
sets when ``m`` is even): a coset leader weight, computed for all cosets at once by
:func:`._lit_only_theory.coset_leader_weights` over ``c`` or ``c + 1`` syndrome bits, ``c`` the
cycle rank of ``Δ``. ``f`` is computed by trying every labelling when ``m`` is small, or by a
dynamic programme over ``T`` (labels on the ends of the non-tree edges fixed in turn).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field

import networkx as nx
import numpy as np

__all__ = ["LineRoot", "TokenGame", "find_line_root"]

#: Quotients of at most this many nodes are matched against the pairs of four vertices when
#: the line-graph algorithm does not invert them (twins that are not parallel edges).
SMALL_QUOTIENT = 6

#: Twin classes from which a line graph is inverted from its odd triangles (:func:`_star_root`)
#: before the general, quadratic, algorithm.
STAR_QUOTIENT = 2_000

#: Roots of at most this many vertices get :attr:`TokenGame.cut_profile` by trying every labelling.
BRUTE_VERTICES = 20

#: The most label assignments (``2**ends``) of the non-tree edges' ends the dynamic programme
#: tries, times the root's vertices.
PROFILE_WORK = 1 << 22

#: The most (count vectors per parallel class) × (vertex sets) the count route of the minimum
#: light number may take; it is used when it is cheaper than the coset route.
CLASS_WORK = 1 << 24

#: The most entries of one block of that route (count vectors × vertex sets).
CLASS_CHUNK = 1 << 20

_BIG = np.int64(1) << np.int64(40)


@dataclass
class LineRoot:
    """A multigraph ``Δ`` whose line graph is a component: node ``v`` is the edge ``ends[v]``.

    Examples
    --------
    >>> find_line_root([0b10, 0b101, 0b10])  # the path 0-1-2: its ends are twins, parallel
    LineRoot(order=3, ends=[(0, 1), (1, 2), (0, 1)])
    """

    order: int
    ends: list[tuple[int, int]]


def _ones(bits: int) -> list[int]:
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def _checked(masks: list[int], order: int, ends: list[tuple[int, int]]) -> LineRoot | None:
    """``LineRoot(order, ends)`` if its line graph is exactly ``masks``, else None.

    The edges meeting ``ij`` in one vertex are those at ``i`` or at ``j`` but not at both
    (parallel edges, and ``ij`` itself, are at both): one exclusive or of two bitsets.
    """
    at = [0] * order
    for v, (i, j) in enumerate(ends):
        if i == j:
            return None
        at[i] |= 1 << v
        at[j] |= 1 << v
    for v, (i, j) in enumerate(ends):
        if at[i] ^ at[j] != masks[v]:
            return None
    return LineRoot(order, ends)


def _small_root(quotient: nx.Graph) -> dict[int, tuple[int, int]] | None:
    """Quotient nodes as distinct pairs of four vertices with the right adjacency, or None."""
    nodes = list(quotient.nodes)
    pairs = list(itertools.combinations(range(4), 2))
    for choice in itertools.permutations(pairs, len(nodes)):
        good = all(
            (len(set(choice[a]) & set(choice[b])) == 1) == quotient.has_edge(nodes[a], nodes[b])
            for a, b in itertools.combinations(range(len(nodes)), 2)
        )
        if good:
            return dict(zip(nodes, choice, strict=True))
    return None


def _path_or_cycle_root(quotient: nx.Graph) -> dict[int, tuple[int, int]] | None:
    """The root of a path or cycle quotient (itself a path one longer, or the same cycle).

    The fast case of :func:`find_line_root`: paths, cycles and the Dynkin trees D_n (a path
    once its twin leaves are merged) of any length, without the general algorithm.
    """
    if quotient.number_of_nodes() < 2 or max(d for _, d in quotient.degree) > 2:
        return None
    ends = [v for v, d in quotient.degree if d == 1]
    start = ends[0] if ends else next(iter(quotient.nodes))
    order, previous = [start], None
    while len(order) < quotient.number_of_nodes():
        step = [u for u in quotient[order[-1]] if u != previous]
        previous = order[-1]
        order.append(step[0])
    k = len(order)
    if ends:  # a path of k nodes: edges i -> (i, i + 1) of a path of k + 1 vertices
        return {v: (i, i + 1) for i, v in enumerate(order)}
    return {v: (i, (i + 1) % k) for i, v in enumerate(order)}  # a cycle is its own root


def find_line_root(masks: list[int]) -> LineRoot | None:
    """A multigraph whose line graph (edges adjacent when they meet in one vertex) is ``masks``.

    ``masks`` is a connected graph as neighbour bitsets. Twins (equal neighbourhoods) become
    parallel edges; the graph of the twin classes is inverted as a path or cycle, from its odd
    triangles when large, by Roussopoulos' algorithm (:func:`networkx.inverse_line_graph`), or,
    with at most six classes, against the pairs of four vertices. The answer is checked edge
    by edge; None when there is none (then the graph has an induced subgraph of type E6).

    Examples
    --------
    >>> star = [0b1110, 0b0001, 0b0001, 0b0001]  # K_{1,3}: a doubled edge and one more
    >>> find_line_root(star)
    LineRoot(order=3, ends=[(0, 1), (1, 2), (1, 2), (1, 2)])
    >>> find_line_root([0b000010, 0b000101, 0b101010, 0b010100, 0b001000, 0b000100]) is None
    True
    """
    n = len(masks)
    if n == 1:
        return LineRoot(2, [(0, 1)])
    classes: dict[int, list[int]] = {}
    for v, mask in enumerate(masks):
        classes.setdefault(mask, []).append(v)
    reps = {mask: members[0] for mask, members in classes.items()}
    quotient = nx.Graph()
    quotient.add_nodes_from(reps.values())
    for mask, rep in reps.items():
        for u in _ones(mask):
            quotient.add_edge(rep, reps[masks[u]])
    for attempt in (_path_or_cycle_root, _star_root, _networkx_root, _small_root):
        pair_of = attempt(quotient)
        if pair_of is None:
            continue
        ends = [pair_of[reps[masks[v]]] for v in range(n)]
        used = sorted({i for pair in ends for i in pair})
        renumber = {old: new for new, old in enumerate(used)}
        ends = [(renumber[i], renumber[j]) for i, j in ends]
        found = _checked(masks, len(used), ends)
        if found is not None:
            return found
    return None


def _networkx_root(quotient: nx.Graph) -> dict[int, tuple[int, int]] | None:
    """Roussopoulos' algorithm (:func:`networkx.inverse_line_graph`), as vertex pairs."""
    try:
        root = nx.inverse_line_graph(quotient)
    except nx.NetworkXError:
        return None
    index = {cell: i for i, cell in enumerate(root.nodes)}
    found: dict[int, list[int]] = {}
    for cell in root.nodes:
        for v in cell:
            found.setdefault(v, []).append(index[cell])
    if not all(len(found.get(v, [])) == 2 for v in quotient.nodes):
        return None
    return {v: (found[v][0], found[v][1]) for v in quotient.nodes}


def _star_root(quotient: nx.Graph) -> dict[int, tuple[int, int]] | None:
    """The stars of a large line graph, found from its odd triangles (a guess, checked after).

    Two adjacent neighbours ``b``, ``c`` of ``a`` share a star with it when the triangle
    ``abc`` is *odd* (van Rooij and Wilf), so each neighbourhood splits in two stars, the
    vertices of ``H``. Used from :data:`STAR_QUOTIENT` classes; None when the split fails.
    """
    if quotient.number_of_nodes() < STAR_QUOTIENT:
        return None
    nodes = list(quotient.nodes)
    index = {v: i for i, v in enumerate(nodes)}
    adj = [sum(1 << index[u] for u in quotient[v]) for v in nodes]
    cells: dict[int, int] = {}
    sides: list[list[int]] = []
    for a, na in enumerate(adj):
        left, rest = 0, na
        first = (na & -na).bit_length() - 1
        left = 1 << first
        rest ^= left
        for c in _ones(rest):
            if adj[first] >> c & 1 and (na ^ adj[first] ^ adj[c]) & ~(1 << a | 1 << first | 1 << c):
                left |= 1 << c
        right = na & ~left
        own = []
        for side in (left, right):
            cell = side | 1 << a
            if cell not in cells:
                cells[cell] = len(cells)
            own.append(cells[cell])
        sides.append(own)
    if any(len(set(own)) != 2 for own in sides):  # pragma: no cover - a node alone on both sides
        return None
    return {nodes[a]: (own[0], own[1]) for a, own in enumerate(sides)}


@dataclass
class _Tree:
    """A spanning tree of the root: parents, the node (edge of ``Δ``) to each parent, an order."""

    parent: list[int]
    edge: list[int]
    order: list[int]
    adjacent: list[list[tuple[int, int]]] = field(default_factory=list)


class TokenGame:
    """The lit-only σ-game of a line graph ``L(Δ)`` (neighbour bitsets ``masks``, its root
    ``root``) as tokens on ``Δ`` (see the module).

    Examples
    --------
    >>> path = [0b10, 0b101, 0b10]
    >>> game = TokenGame(path, find_line_root(path))
    >>> game.orbit_size(0b001), game.connect(0b001, 0b100)
    (4, [0, 1, 2])
    """

    def __init__(self, masks: list[int], root: LineRoot) -> None:
        self.masks = masks
        self.m = root.order
        self.ends = root.ends
        n = len(masks)
        incident: list[list[tuple[int, int]]] = [[] for _ in range(self.m)]
        for e, (i, j) in enumerate(root.ends):
            incident[i].append((j, e))
            incident[j].append((i, e))
        parent, edge = [-1] * self.m, [-1] * self.m
        adjacent: list[list[tuple[int, int]]] = [[] for _ in range(self.m)]
        order, seen = [0], [True] + [False] * (self.m - 1)
        for v in order:  # breadth-first (the list grows while it is read)
            for u, e in incident[v]:
                if not seen[u]:
                    seen[u] = True
                    parent[u], edge[u] = v, e
                    order.append(u)
                    adjacent[u].append((v, e))
                    adjacent[v].append((u, e))
        self.tree = _Tree(parent, edge, order, adjacent)
        tree_edges = {e for e in edge if e >= 0}
        self.off_tree = [e for e in range(n) if e not in tree_edges]

    @property
    def syndrome_bits(self) -> int:
        """The bits of :meth:`syndromes`: the cycle rank of ``Δ``, plus one when ``m`` is even.

        Examples
        --------
        >>> path = [0b10, 0b101, 0b10]
        >>> TokenGame(path, find_line_root(path)).syndrome_bits
        1
        """
        return len(self.off_tree) + (1 - self.m % 2)

    # -- boards as signings and labels ---------------------------------------------------------

    def labels(self, x: int) -> tuple[int, list[int]]:
        """The signing ``σ`` (a bitset of nodes, zero on the tree) and the labels of ``x``.

        Examples
        --------
        >>> path = [0b10, 0b101, 0b10]  # L(Δ), Δ the path 0-1-2 with the edge 01 doubled
        >>> game = TokenGame(path, find_line_root(path))
        >>> game.labels(0b001), game.labels(0b101)
        ((4, [0, 1, 1]), (0, [0, 1, 1]))
        """
        lab = [0] * self.m
        t = self.tree
        for u in t.order[1:]:
            lab[u] = lab[t.parent[u]] ^ (x >> t.edge[u] & 1)
        sigma = 0
        for e in self.off_tree:
            i, j = self.ends[e]
            if (x >> e & 1) ^ lab[i] ^ lab[j]:
                sigma |= 1 << e
        return sigma, lab

    def orbit_key(self, x: int) -> tuple[int, int]:
        """Equal for two boards exactly when they share an orbit (the theorem).

        ``(σ, min(w, m - w))`` for a balanced board, ``(σ, w mod 2)`` (``(σ, 0)`` when ``m`` is
        odd) otherwise.

        Examples
        --------
        >>> path = [0b10, 0b101, 0b10]
        >>> game = TokenGame(path, find_line_root(path))
        >>> game.orbit_key(0b001), game.orbit_key(0b101), game.orbit_key(0b010)
        ((4, 0), (0, 1), (0, 1))
        """
        sigma, lab = self.labels(x)
        w = sum(lab)
        if sigma == 0:
            return 0, min(w, self.m - w)
        return sigma, (w & 1) if self.m % 2 == 0 else 0

    def orbit_size(self, x: int) -> int:
        """The number of boards in the orbit of ``x`` (1 for the dark board).

        Examples
        --------
        >>> triangle = [0b110, 0b101, 0b011]  # L(triangle): one light is unbalanced
        >>> game = TokenGame(triangle, find_line_root(triangle))
        >>> [game.orbit_size(x) for x in (0, 0b001, 0b011, 0b111)]
        [1, 4, 3, 4]
        """
        sigma, w = self.orbit_key(x)
        if sigma == 0:
            size = math.comb(self.m, w)
            return size // 2 if 2 * w == self.m else size
        return 2 ** (self.m - 1) if self.m % 2 else 2 ** (self.m - 2)

    # -- presses -----------------------------------------------------------------------------

    def _slide(self, lab: list[int], goal: list[int], out: list[int]) -> None:
        """Slide tokens along the tree until ``lab == goal`` (same token count), recording presses."""
        t = self.tree
        alive = [True] * self.m
        degree = [len(t.adjacent[v]) for v in range(self.m)]
        leaves = deque(v for v in range(self.m) if degree[v] <= 1)
        while leaves:
            leaf = leaves.popleft()
            if not alive[leaf]:
                continue
            if lab[leaf] != goal[leaf]:
                want = goal[leaf]
                back = {leaf: (-1, -1)}
                queue = deque([leaf])
                found = -1
                while queue and found < 0:
                    v = queue.popleft()
                    for u, e in t.adjacent[v]:
                        if alive[u] and u not in back:
                            back[u] = (v, e)
                            if lab[u] == want:
                                found = u
                                break
                            queue.append(u)
                v = found
                while v != leaf:  # move the token (or hole) one step at a time towards the leaf
                    prev, e = back[v]
                    lab[v], lab[prev] = lab[prev], lab[v]
                    out.append(e)
                    v = prev
            alive[leaf] = False
            for u, _ in t.adjacent[leaf]:
                if alive[u]:
                    degree[u] -= 1
                    if degree[u] <= 1:
                        leaves.append(u)

    def _make_room(self, lab: list[int], pair: tuple[int, int], value: int, out: list[int]) -> None:
        """Slide tokens so that both ends of ``pair`` carry ``value`` (there is room for it)."""
        goal = list(lab)
        for v in pair:
            if goal[v] != value:
                spare = next(u for u in range(self.m) if u not in pair and goal[u] == value)
                goal[v], goal[spare] = value, 1 - value
        self._slide(lab, goal, out)

    def connect(self, a: int, b: int) -> list[int] | None:
        """Lit-only presses (local nodes) from ``a`` to ``b``, or None in different orbits.

        Examples
        --------
        >>> triangle = [0b110, 0b101, 0b011]
        >>> game = TokenGame(triangle, find_line_root(triangle))
        >>> game.connect(0b111, 0b100), game.connect(0b001, 0b011)
        ([2], None)
        """
        if self.orbit_key(a) != self.orbit_key(b):
            return None
        sigma, lab = self.labels(a)
        _, goal = self.labels(b)
        w = sum(lab)
        if (sigma == 0 and sum(goal) != w) or (sigma and (sum(goal) - w) % 2):
            goal = [1 - g for g in goal]
        out: list[int] = []
        if sigma:
            f = (sigma & -sigma).bit_length() - 1
            pair = self.ends[f]
            target = sum(goal)
            while w != target:
                value = 0 if w < target else 1
                self._make_room(lab, pair, value, out)
                lab[pair[0]] = lab[pair[1]] = 1 - value
                out.append(f)
                w += 2 if value == 0 else -2
        self._slide(lab, goal, out)
        return out

    # -- the minimum light number ---------------------------------------------------------------

    def _simple_edges(self) -> dict[tuple[int, int], int]:
        return Counter((min(i, j), max(i, j)) for i, j in self.ends)

    def cut_profile(self) -> np.ndarray | None:
        """``f[w]``: the fewest edges of ``Δ`` (with multiplicity) leaving a set of ``w``
        vertices, for ``w = 0..m``; None when neither method fits (see the module).

        Examples
        --------
        >>> triangle = [0b110, 0b101, 0b011]  # Δ is the triangle: any 1 or 2 vertices cut 2
        >>> TokenGame(triangle, find_line_root(triangle)).cut_profile().tolist()
        [0, 2, 2, 0]
        """
        mult = self._simple_edges()
        m = self.m
        if m <= BRUTE_VERTICES:
            codes = np.arange(1 << m, dtype=np.int64)
            cut = np.zeros(codes.size, dtype=np.int64)
            for (i, j), k in mult.items():
                cut += k * (((codes >> i) ^ (codes >> j)) & 1)
            weight = np.bitwise_count(codes).astype(np.int64)
            out = np.full(m + 1, _BIG, dtype=np.int64)
            np.minimum.at(out, weight, cut)
            return out
        t = self.tree
        tree_pairs = {(min(u, t.parent[u]), max(u, t.parent[u])) for u in t.order[1:]}
        extra = [(pair, k) for pair, k in mult.items() if pair not in tree_pairs]
        pinned = sorted({v for (i, j), _ in extra for v in (i, j)})
        if (1 << len(pinned)) * m > PROFILE_WORK:
            return None
        weights = {u: mult[(min(u, t.parent[u]), max(u, t.parent[u]))] for u in t.order[1:]}
        best = np.full(m + 1, _BIG, dtype=np.int64)
        for bits in range(1 << len(pinned)):
            fixed = {v: bits >> i & 1 for i, v in enumerate(pinned)}
            across = sum(k for (i, j), k in extra if fixed[i] != fixed[j])
            best = np.minimum(best, self._tree_profile(weights, fixed) + across)
        return best

    def _tree_profile(self, weights: dict[int, int], fixed: dict[int, int]) -> np.ndarray:
        """The tree part of :meth:`cut_profile` with the labels in ``fixed`` forced."""
        t = self.tree
        table: list[list[np.ndarray]] = [[] for _ in range(self.m)]
        for v in reversed(t.order):
            here = []
            for label in (0, 1):
                start = np.full(2, _BIG, dtype=np.int64)
                if fixed.get(v, label) == label:
                    start[label] = 0  # the vertex alone: ``label`` tokens, nothing cut
                here.append(start)
            for u, _ in t.adjacent[v]:
                if u == t.parent[v]:
                    continue
                child = table[u]
                k = weights[u]
                merged = []
                for label in (0, 1):
                    # the child's best, its label the same (no cut) or not (k cut edges)
                    sub = np.minimum(child[label], child[1 - label] + k)
                    merged.append(_min_plus(here[label], sub))
                here = merged
                table[u] = []
            table[v] = here
        top = table[t.order[0]]
        return np.minimum(np.minimum(top[0], top[1]), _BIG)

    def min_light(
        self, coset_weights: Callable[[list[int], int], np.ndarray], max_bits: int
    ) -> int | None:
        """The largest, over the orbits, fewest lights (see the module); None out of reach.

        ``coset_weights`` is :func:`._lit_only_theory.coset_leader_weights`; None beyond
        ``max_bits`` syndrome bits or when :meth:`cut_profile` is out of reach.

        Examples
        --------
        >>> from lightsout_graphs.algorithms.variants._lit_only_theory import coset_leader_weights
        >>> path = [0b10, 0b101, 0b10]
        >>> TokenGame(path, find_line_root(path)).min_light(coset_leader_weights, 22)
        1
        """
        profile = self.cut_profile()
        if profile is None:
            return None
        best = int(profile[1 : self.m].max()) if self.m > 1 else 0
        if not self.off_tree:
            return best
        bits = self.syndrome_bits
        classes = self._simple_edges()
        by_class = math.prod(k + 1 for k in classes.values()) << self.m
        if self.m <= BRUTE_VERTICES and by_class <= CLASS_WORK and by_class < 1 << bits:
            return max(best, self._unbalanced_by_classes(classes))
        if bits > max_bits:
            return None
        _, columns = self.syndromes()
        dist = coset_weights(columns, bits)
        cycles = (1 << len(self.off_tree)) - 1
        unbalanced = (np.arange(dist.size) & cycles) != 0
        return max(best, int(dist[unbalanced].max()))

    def _unbalanced_by_classes(self, classes: dict[tuple[int, int], int]) -> int:
        """The largest fewest lights of the unbalanced orbits, by counts per parallel class.

        The lights of ``y + δ(S)`` are ``Σ c_k + Σ_{k cut by S} (k - 2 c_k)``, ``c_k`` the lit
        edges of ``y`` in each class of ``k`` parallel edges; an orbit is ``{y + δ(S) : |S|
        even}``, and ``y`` is balanced when some ``S`` gives 0.
        """
        pairs = list(classes)
        mult = np.array([classes[p] for p in pairs], dtype=np.int64)
        codes = np.arange(1 << self.m, dtype=np.int64)
        cross = np.stack([((codes >> i) ^ (codes >> j)) & 1 for i, j in pairs], axis=1)
        even = np.bitwise_count(codes) % 2 == 0
        best = 0
        counts = itertools.product(*(range(k + 1) for k in mult.tolist()))
        while chunk := list(itertools.islice(counts, max(1, CLASS_CHUNK >> self.m))):
            c = np.array(chunk, dtype=np.int64)
            cost = c.sum(axis=1)[None, :] + cross @ (mult[None, :] - 2 * c).T
            lit = cost.min(axis=0) > 0
            if lit.any():
                best = max(best, int(cost[even][:, lit].min(axis=0).max()))
        return best

    def syndromes(self) -> tuple[int, list[int]]:
        """Per node, its products with a basis of the cycle space (bits ``0..c-1``) and, for
        ``m`` even, with a set of edges of odd degree at every vertex (bit ``c``).

        Examples
        --------
        >>> path = [0b10, 0b101, 0b10]  # one cycle (the doubled edge), three vertices
        >>> TokenGame(path, find_line_root(path)).syndromes()
        (1, [1, 0, 1])
        """
        t = self.tree
        n = len(self.ends)
        columns = [0] * n
        depth = [0] * self.m
        for u in t.order[1:]:
            depth[u] = depth[t.parent[u]] + 1
        for bit, f in enumerate(self.off_tree):
            columns[f] |= 1 << bit
            i, j = self.ends[f]
            while i != j:  # the tree path between the ends
                if depth[i] < depth[j]:
                    i, j = j, i
                columns[t.edge[i]] |= 1 << bit
                i = t.parent[i]
        bits = len(self.off_tree)
        if self.m % 2 == 0:
            size = [1] * self.m
            for u in reversed(t.order[1:]):
                size[t.parent[u]] += size[u]
            for u in t.order[1:]:
                if size[u] % 2:
                    columns[t.edge[u]] |= 1 << bits
            bits += 1
        return bits, columns


def _min_plus(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``out[k] = min_{i+j=k} a[i] + b[j]`` (looping over the shorter array)."""
    if a.size < b.size:
        a, b = b, a
    out = np.full(a.size + b.size - 1, _BIG, dtype=np.int64)
    for j in range(b.size):
        if b[j] < _BIG:
            np.minimum(out[j : j + a.size], a + b[j], out=out[j : j + a.size])
    return out
