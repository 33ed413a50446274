"""The lit-only game over GF(2) without searching every board: what is proved, and how it is used.

Boards are bitsets (bit i = light of node i in the puzzle's node order); ``T`` is the toggle
matrix mod 2. Two kinds of puzzles are covered, recognised from ``T`` itself (never from a rule
name): every node is a pressable light, the modulus is 2, and ``T`` is symmetric with

* **closed** diagonal (all 1): an undirected graph under the closed rule;
* **open** diagonal (all 0): an undirected graph under the open rule, the *lit-only σ-game*.

Closed rule: clearing theorem
-----------------------------
**Theorem.** If ``T`` is symmetric with unit diagonal over GF(2), every board ``x`` that
ordinary presses clear (``x = T y`` for some ``y``) is cleared by lit-only presses, with at most
``3·|y|`` presses: the lit-only restriction does not change which boards can be turned off.
(Compare Eriksson, Eriksson and Sjöstrand, "Note on the lamp lighting problem", Adv. Appl.
Math. 27 (2001), on the closed-neighbourhood σ⁺-game; the proof below is self-contained.)

*Proof (constructive).* Keep ``S = supp(y)`` with ``x = T·1_S``. If some ``v`` in ``S`` is lit,
press it: ``x + T e_v = T·1_{S-v}``. Otherwise every node of ``S`` is dark; if ``x = 0`` we are
done, else take a lit ``w``; ``w`` is not in ``S`` and ``x_w = |N(w) ∩ S| mod 2 = 1``, so ``w``
has a neighbour ``u`` in ``S``. Press ``w`` (lit): ``w`` goes dark and ``u`` lights up (it was
dark). Press ``u`` (lit): ``w`` lights up again. Press ``w`` (lit). The net change is ``T e_u``,
so ``x = T·1_{S-u}``. Each round removes one node of ``S`` with at most three presses, and the
game ends with ``S`` empty, that is ``x = 0``. ∎

Open rule: the σ-game as a group
--------------------------------
Write ``A`` for the adjacency matrix mod 2 (zero diagonal) and ``a_v`` for its column ``v``.
A press of a lit ``v`` is ``t_v(x) = x + x_v a_v``; since ``(a_v)_v = 0`` it keeps ``x_v``,
so ``t_v`` is an involution and pressing a dark node would change nothing. The lit-only game
is the action of the group ``W = <t_v>`` (Wang and Wu, Theoret. Comput. Sci. 381 (2007)), the
"dual symplectic transvections" of J. Sjöstrand, arXiv:2312.03933. Reachability is symmetric
(``W`` is a group), and an orbit is the product of the orbits of the components.

**Invariants (proved here).** Let ``K = ker A``, ``q(y) = |E(G[supp y])| + |supp y| mod 2``
(the quadratic form with ``q(e_v) = 1`` whose polar form is ``A``). If ``b`` is in the orbit
of ``a`` then

1. ``b - a ∈ im A`` (equivalently ``a·k = b·k`` for every ``k ∈ K``), and
2. if moreover ``a·k = q(k)`` for every ``k ∈ K``, then ``q(y) + a·y = 0`` for every ``y``
   with ``A y = b - a``.

*Proof.* (1) Each press adds a multiple of ``a_v ∈ im A``. (2) For ``b = a + A y`` put
``D(a, b) = q(y) + a·y``. Changing ``y`` by ``k ∈ K`` changes ``D`` by ``q(k) + a·k``
(``q(y + k) = q(y) + q(k) + yᵀA k``, and ``A k = 0``), so under the hypothesis ``D`` is well
defined. It is additive: ``D(a, c) = D(a, b) + D(b, c)`` (expand ``q(y + z)``, and
``(A y)·z = yᵀA z``). And one press gives ``D(a, t_v a) = q(a_v e_v) + a·(a_v e_v) =
a_v + a_v = 0``. Hence ``D(a, g a) = 0`` for every ``g ∈ W``. ∎

The invariants cut each coset of ``im A`` into at most two *level sets*; the level set of ``a``
has ``2^r`` boards (``r`` the rank of ``A``) without the quadratic invariant, and
``2^(2m-1) + (-1)^Arf 2^(m-1)`` boards (``r = 2m``) with it, where ``Arf`` is the Arf invariant
of the nondegenerate quadratic form ``y -> q(y) + a·y`` on ``GF(2)^n / K``. The dark board is a
fixed point, an orbit of its own. A different invariant proves unreachability, at any size.

**Classification (every connected graph).** By Cuypers' Theorem 1.1 (arXiv:2105.08618) a
connected graph ``G`` is either the line graph of a multigraph (edges adjacent when they meet
in exactly one vertex) or it has an induced subgraph of *type E6*: six nodes whose adjacency
matrix is invertible with Arf invariant 1 (the tests find 32 six-node graphs up to
isomorphism, exactly the connected ones that are not such line graphs). The cases, tried in
this order by :func:`classify`:

(a) ``G`` has an induced Dynkin graph E6 (a centre with arms of 2, 2 and 1 nodes): the orbits
    of lit boards are the level sets of the invariants (Brown and Humphries, "Orbits under
    symplectic transvections I, II", Proc. London Math. Soc. 1986, as credited by Seven,
    J. Algebraic Combin. 21 (2005); Sjöstrand, arXiv:2312.03933, for the dual action);
(c) ``G`` is the line graph of a multigraph ``Δ``: the orbits are finer, those of a game of
    tokens on ``Δ`` (:mod:`._lit_only_lines`, with its proof): paths, cycles, the Dynkin trees
    D_n, stars, complete bipartite graphs, line graphs of grids;
(b) ``A`` is invertible over GF(2) and ``G`` has an induced claw (so it is not the line graph
    of a simple graph): level sets (Huang, arXiv:1209.1233, J. Algebraic Combin.,
    doi:10.1007/s10801-014-0540-7; with ``A w = x`` invariant 2 is the value ``q(w)``);
(d) ``G`` has an induced subgraph ``H`` of type E6 (found by :func:`find_e6_type`): level sets.

*Proof of (d) from (a).* Let ``Γ`` be the lit-only group of ``G`` and ``s_u(y) = y + (yᵀA
e_u) e_u``. For a *root* ``r = s_{u_k} … s_{u_1} e_h`` (``h``, ``u_i`` in ``H``) the dual
transvection ``T_r(x) = x + (x·r) A r`` equals the press word ``t_{u_k} … t_{u_1} t_h t_{u_1}
… t_{u_k}`` (``t_u T_r t_u = T_{s_u r}``), so it lies in ``Γ``. :func:`e6_roots` finds six
roots ``r_1 … r_6`` with ``r_iᵀ A r_j`` the adjacency of the Dynkin graph E6 (the check is the
certificate). They span the span of ``e_h`` (the E6 form is invertible), so ``S' = {r_i} ∪
{e_v : v ∉ H}`` is a basis. In it the form ``A`` has the graph ``G'``: connected (a node
outside ``H`` joined to ``H`` pairs with some ``r_i``), with an induced Dynkin E6, and with the
same quadratic form (``s_u`` preserves ``q``, so ``q(r_i) = q(e_h) = 1``). The invariants are
defined by ``A`` and ``q`` alone, so case (a) for ``G'`` says the group ``Γ' = <T_s : s ∈ S'>``
has the level sets as orbits. ``Γ' ⊆ Γ`` and ``Γ`` keeps the invariants, so ``Γ`` has the same
orbits. ∎

In cases (a), (b) and (d) the orbit size is :meth:`OpenTheory.component_level_size` and the
minimum light number comes from coset leaders (:func:`theory_min_light`); in case (c)
:class:`._lit_only_lines.TokenGame` answers both and builds every sequence. Every hypothesis
is checked and kept as a certificate. The tests compare every answer with the breadth-first
search on all 996 connected graphs of up to 7 nodes and on random graphs of up to 16 nodes.
A component is left unclassified only when the searches for certificates give up (their
budgets); it is then searched on its own boards when small enough.

**Reduction.** A reachable pair gets a sequence, replayed by the caller, from heuristics not
proved to always succeed (where they fail the classification still decides, with no sequence
built): short local searches for light boards, phases that light a *bipartite* component, and
*defect steering* (``OpenTheory._connect_defects``; it joined all of 2,814 random pairs of one
orbit on classified components of up to 300 nodes).
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from lightsout_graphs.algorithms.variants._lit_only_lines import TokenGame, _ones, find_line_root
from lightsout_graphs.core.errors import LightsOutError
from lightsout_graphs.core.zk.gf2 import GF2Echelon, bits_to_vector, rows_to_bits, vector_to_bits

__all__ = [
    "OpenTheory",
    "bits_of",
    "closed_clear",
    "vector_of",
]

#: The most rounds of phases that light a bipartite component.
CANONICAL_ROUNDS = 64

#: Rounds of steering one nearly lit board towards the other, and back.
STEER_ROUNDS = 4

#: Components of at most this many nodes end with the local search over every weight.
SMALL_LOCAL = 20

#: Boards of at most this many lights try the local search (short sequences) first.
FEW_LIGHTS = 8

#: The number of nearly full boards each side of a bipartite meeting may visit.
FULL_BUDGET = 2_000

#: Rounds of defect steering allowed per node of the component.
STEER_STEPS = 20

#: The window searches of the defect steering, tried in turn: (radii around a defect, the most
#: nodes of a window, the most states one search visits, how many of the farthest defects).
DEFECT_TIERS = (((2, 4), 16, 3_000, 4),)

#: The most kernel moves of one defect steering (each follows window searches that failed).
MAX_ESCAPES = 24

#: Attempts of the defect steering (each with other walks for light boards).
ATTEMPTS = 3

#: The longest walk (presses per node) that spreads the lights of a light board.
SPREAD_STEPS = 4

#: Dark owed nodes the pair cancellation of the defect steering tries per round, and partners
#: (the nearest dark owed nodes) per node.
PAIR_TRIES = 8
PARTNERS = 4

#: Moves of the owed presses by a kernel vector, per kernel dimension, when no window helps.
ESCAPES = 8

#: The number of boards each side of the meet-in-the-middle reduction may visit.
MEET_BUDGET = 20_000

#: Extra lit lights the reduction allows above the greedy minimum, tried in turn (the last
#: allows every weight, so a small component is explored whole).
SLACKS = (2, 4, 8, 1 << 30)


def neighbour_masks(matrix: sp.csr_array | np.ndarray) -> list[int]:
    """Column ``v`` of a GF(2) matrix as a bitset over rows, for every ``v``."""
    return rows_to_bits(sp.csr_array(sp.csr_array(matrix).astype(np.int64).T))


#: A 0/1 vector as a bitset (bit i = entry i), and back.
bits_of, vector_of = vector_to_bits, bits_to_vector


def _low(bits: int) -> int:
    return (bits & -bits).bit_length() - 1


def closed_clear(masks: list[int], state: int, presses: int) -> list[int]:
    """Lit-only presses clearing ``state = T·presses`` (closed rule, ``T`` symmetric, unit diagonal).

    ``masks[v]`` is column ``v`` of ``T`` (``v`` itself included). The construction is the one of
    the module's clearing theorem; at most ``3·|presses|`` presses.

    Examples
    --------
    >>> masks = [0b011, 0b111, 0b110]  # the path 0-1-2, closed rule
    >>> closed_clear(masks, 0b111, 0b010)
    [1]
    >>> closed_clear(masks, 0b100, 0b011)  # presses 0 and 1 are dark: the lit 2 helps
    [2, 1, 2, 0]
    """
    x, s = state, presses
    out: list[int] = []
    while s and x:
        lit = x & s
        if lit:
            v = _low(lit)
            x ^= masks[v]
            s ^= 1 << v
            out.append(v)
            continue
        w = _low(x)
        u = _low(masks[w] & s)
        x ^= masks[w] ^ masks[u] ^ masks[w]
        s ^= 1 << u
        out.extend((w, u, w))
    return out


def _parity(bits: int) -> int:
    return bits.bit_count() & 1


def _level_count(m: int, arf: int, empty: int) -> int:
    """The zeros of a quadratic form of Arf invariant ``arf`` on ``GF(2)^(2m)`` (``empty`` when
    ``m = 0``)."""
    return 2 ** (2 * m - 1) + (-1) ** arf * 2 ** (m - 1) if m else empty


def _mul(masks: list[int], y: int) -> int:
    """``A y`` for the matrix whose columns are ``masks``."""
    out = 0
    for i in _ones(y):
        out ^= masks[i]
    return out


def _distances(masks: list[int], sources: Iterable[int]) -> list[int]:
    """Breadth-first distances to the nearest of ``sources`` (-1 where none is reached)."""
    dist = [-1] * len(masks)
    frontier = list(sources)
    for v in frontier:
        dist[v] = 0
    while frontier:
        nxt = []
        for v in frontier:
            for u in _ones(masks[v]):
                if dist[u] < 0:
                    dist[u] = dist[v] + 1
                    nxt.append(u)
        frontier = nxt
    return dist


def _bipartition(masks: list[int]) -> tuple[int, int] | None:
    """The two colour classes (bitsets) of a connected graph, or None if it has an odd cycle."""
    n = len(masks)
    if n < 2:
        return None
    first = sum(1 << v for v, d in enumerate(_distances(masks, [0])) if d % 2 == 0)
    second = ((1 << n) - 1) ^ first
    if any(masks[v] & (first if first >> v & 1 else second) for v in range(n)):
        return None
    return first, second


def _reduce(echelon: GF2Echelon, v: int) -> int:
    """The rows of an echelon basis that reduce ``v`` (pivot bits cleared, highest first)."""
    combo = 0
    for lead, row, rows in zip(
        reversed(echelon.leads), reversed(echelon.rows), reversed(echelon.combos), strict=True
    ):
        if v >> lead & 1:
            v ^= row
            combo ^= rows
    return combo


@dataclass
class _Component:
    """One connected component: its nodes and its adjacency over local indices."""

    nodes: list[int]
    masks: list[int]
    degrees: list[int]
    echelon: GF2Echelon
    kernel: list[int]
    kernel_q: list[int]
    sides: tuple[int, int] | None = None
    reason: str | None = None
    e6: tuple[int, ...] = ()
    claw: tuple[int, ...] = ()
    e6_type: tuple[int, ...] = ()
    layers: list[int] | None = None
    #: ``"levels"`` (orbits are the level sets), ``"tokens"`` (a line graph of a multigraph:
    #: :attr:`tokens` answers) or ``""`` (not classified), set by :func:`classify`.
    kind: str = ""
    tokens: TokenGame | None = None

    def q(self, y: int) -> int:
        """``q(y)``: edges inside ``supp y`` plus ``|supp y|``, mod 2."""
        inside = sum((y & self.masks[i]).bit_count() for i in _ones(y)) // 2
        return (inside + y.bit_count()) & 1


class OpenTheory:
    """The lit-only σ-game of a symmetric zero-diagonal GF(2) matrix (entries read mod 2),
    component by component.

    Examples
    --------
    >>> import networkx as nx
    >>> th = OpenTheory(nx.to_numpy_array(nx.path_graph(3), dtype=int))
    >>> th.invariants(0b001), th.level_size(0b001)
    ([((1,), None)], 4)
    """

    def __init__(self, matrix: sp.csr_array | np.ndarray) -> None:
        masks = neighbour_masks(matrix)
        self.n = len(masks)
        self.masks = masks
        self.components: list[_Component] = []
        seen = 0
        for start in range(self.n):
            if seen >> start & 1:
                continue
            comp, stack = 1 << start, [start]
            while stack:
                v = stack.pop()
                new = masks[v] & ~comp
                comp |= new
                stack.extend(_ones(new))
            seen |= comp
            nodes = _ones(comp)
            lm = _induced(masks, nodes)
            ech = GF2Echelon(lm, len(nodes))
            kern = ech.kernel_bits()
            part = _Component(nodes, lm, [m.bit_count() for m in lm], ech, kern, [])
            part.kernel_q = [part.q(k) for k in kern]
            part.sides = _bipartition(lm)
            self.components.append(part)

    # -- boards split by component -------------------------------------------------------------

    @staticmethod
    def local(part: _Component, x: int) -> int:
        """The board ``x`` restricted to a component, over its local node indices.

        Examples
        --------
        >>> import networkx as nx
        >>> th = OpenTheory(nx.to_numpy_array(nx.Graph([(0, 1), (2, 3)]), dtype=int))
        >>> [th.local(part, 0b1010) for part in th.components]
        [2, 2]
        """
        return sum(1 << i for i, g in enumerate(part.nodes) if x >> g & 1)

    # -- invariants ---------------------------------------------------------------------------

    @staticmethod
    def _invariant(part: _Component, x: int) -> tuple[tuple[int, ...], int | None]:
        """``x·k`` for the kernel basis, and the Arf invariant where it is defined, else None."""
        sig = tuple(_parity(x & k) for k in part.kernel)
        return sig, (OpenTheory._arf(part, x) if sig == tuple(part.kernel_q) else None)

    def invariants(self, x: int) -> list[tuple[tuple[int, ...], int | None]]:
        """Per component: ``(x·k for the kernel basis, Arf of q + x·)`` or ``None`` without it.

        Two boards with different invariants lie in different orbits (the module's theorem);
        the Arf value compares boards of one coset only through :meth:`same_level`.

        Examples
        --------
        >>> import networkx as nx
        >>> th = OpenTheory(nx.to_numpy_array(nx.path_graph(2), dtype=int))
        >>> th.invariants(0b01), th.invariants(0b11)
        ([((), 0)], [((), 0)])
        """
        return [self._invariant(part, self.local(part, x)) for part in self.components]

    @staticmethod
    def _arf(part: _Component, x: int) -> int:
        """The Arf invariant of ``f(y) = q(y) + x·y`` on ``GF(2)^n / K`` (symplectic basis)."""
        pool = [1 << i for i in range(len(part.nodes))]
        arf = 0
        while pool:
            u = pool.pop()
            au = _mul(part.masks, u)
            j = next((j for j, z in enumerate(pool) if _parity(z & au)), None)
            if j is None:
                continue  # u lies in the radical: nothing to pair
            w = pool.pop(j)
            aw = _mul(part.masks, w)
            arf ^= (part.q(u) ^ _parity(x & u)) & (part.q(w) ^ _parity(x & w))
            pool = [z ^ (u if _parity(z & aw) else 0) ^ (w if _parity(z & au) else 0) for z in pool]
        return arf

    def level_size(self, x: int) -> int:
        """How many boards share the invariants of ``x``: an upper bound on its orbit size.

        The dark part of each component is a fixed point and is counted apart: a component
        where ``x`` is lit excludes the dark board of that component.

        Examples
        --------
        >>> import networkx as nx
        >>> th = OpenTheory(nx.to_numpy_array(nx.cycle_graph(5), dtype=int))
        >>> th.level_size(0b00001), th.level_size(0)
        (16, 1)
        """
        total = 1
        for part in self.components:
            total *= self.component_level_size(part, self.local(part, x))
        return total

    def component_level_size(self, part: _Component, lx: int) -> int:
        """:meth:`level_size` for one component and its local board (1 for the dark board).

        Examples
        --------
        >>> import networkx as nx
        >>> th = OpenTheory(nx.to_numpy_array(nx.cycle_graph(5), dtype=int))
        >>> th.component_level_size(th.components[0], 0b00011)
        5
        """
        if lx == 0:
            return 1
        sig, arf = self._invariant(part, lx)
        r = part.echelon.rank
        if arf is None:
            return 2**r - (not any(sig))
        return _level_count(r // 2, arf, 1) - (not any(sig) and self._same_level(part, lx, 0))

    def _same_level(self, part: _Component, a: int, b: int) -> bool:
        if part.echelon.violated(a ^ b) is not None:
            return False
        if any(_parity(a & k) ^ q for k, q in zip(part.kernel, part.kernel_q, strict=True)):
            return True
        y = part.echelon.back_substitute(a ^ b)
        return (part.q(y) ^ _parity(a & y)) == 0

    def separated(self, a: int, b: int) -> bool:
        """True when the invariants prove that ``a`` cannot reach ``b``.

        Examples
        --------
        >>> import networkx as nx
        >>> th = OpenTheory(nx.to_numpy_array(nx.path_graph(2), dtype=int))
        >>> th.separated(0b01, 0b00), th.separated(0b01, 0b11)
        (True, False)
        """
        for part in self.components:
            la, lb = self.local(part, a), self.local(part, b)
            if (la == 0) != (lb == 0):
                return True
            if not self._same_level(part, la, lb):
                return True
            tokens = part.tokens if classify(part) else None
            if tokens is not None and tokens.orbit_key(la) != tokens.orbit_key(lb):
                return True
        return False

    # -- constructive reduction ----------------------------------------------------------------

    @staticmethod
    def _descend(part: _Component, x: int, seq: list[int], up: bool = False) -> int:
        """Press lit nodes with more than half of their neighbours lit (dark when ``up``), while
        there are some."""
        improved = True
        while improved:
            improved = False
            for v in _ones(x):
                twice = 2 * (x & part.masks[v]).bit_count()
                if x >> v & 1 and (twice < part.degrees[v] if up else twice > part.degrees[v]):
                    x ^= part.masks[v]
                    seq.append(v)
                    improved = True
        return x

    @staticmethod
    def _spread(part: _Component, x: int, seq: list[int], seed: int) -> int:
        """A board with few lights taken on a walk of lit presses (fixed pseudo-random choices)
        until about a third of it is lit: lights spread, and with them the room to steer."""
        n = len(part.nodes)
        state = seed
        for _ in range(SPREAD_STEPS * n):
            if 3 * x.bit_count() >= n:
                break
            lit = _ones(x)
            state = (state * 1103515245 + 12345) % (1 << 31)
            v = lit[(state >> 8) % len(lit)]
            x ^= part.masks[v]
            seq.append(v)
        return x

    @staticmethod
    def _explore(
        part: _Component,
        start: int,
        cap: int,
        budget: int,
        other: dict[int, tuple[int, int]],
        flip: int = 0,
    ) -> tuple[dict[int, tuple[int, int]], int | None]:
        """Boards within ``cap`` lights of ``flip`` from ``start`` (parents), until ``other``."""
        parent: dict[int, tuple[int, int]] = {start: (-1, -1)}
        if start in other:
            return parent, start
        queue = deque([start])
        while queue and len(parent) < budget:
            x = queue.popleft()
            for v in _ones(x):
                y = x ^ part.masks[v]
                if y in parent or (y ^ flip).bit_count() > cap:
                    continue
                parent[y] = (x, v)
                if y in other:
                    return parent, y
                queue.append(y)
        return parent, None

    @staticmethod
    def _path(parent: dict[int, tuple[int, int]], end: int) -> list[int]:
        out = []
        while True:
            prev, v = parent[end]
            if prev < 0:
                break
            out.append(v)
            end = prev
        out.reverse()
        return out

    @staticmethod
    def _enrich(part: _Component, x: int) -> tuple[int, list[int]]:
        """Light a bipartite component as fully as phases can; the board and the presses.

        Presses of lit nodes of one side change only the other side, so they stay lit: a
        *phase* adds to the other side the sum of their neighbourhoods that lights the most.
        """
        assert part.sides is not None
        seq: list[int] = []
        for _ in range(CANONICAL_ROUNDS):
            before = x
            for side in part.sides:
                lit = x & side
                other = ((1 << len(part.nodes)) - 1) ^ side
                if not lit:
                    continue
                nodes = _ones(lit)
                local = GF2Echelon([part.masks[v] for v in nodes], len(part.nodes))
                combo = _reduce(local, (x ^ other) & other)
                for i in _ones(combo):
                    x ^= part.masks[nodes[i]]
                    seq.append(nodes[i])
            if x == before:
                break
        return x, seq

    @staticmethod
    def _steer(part: _Component, x: int, goal: int, seq: list[int]) -> int:
        """Press, whenever lit, the nodes of a solution of ``A y = x + goal``; the board reached.

        Meant for boards that are nearly all lit, where almost every node may be pressed.
        """
        if part.echelon.violated(x ^ goal) is not None:
            return x
        todo = part.echelon.back_substitute(x ^ goal)
        kernel = list(part.kernel)
        for _ in range(len(part.nodes)):
            while todo & x:
                # The lit node that lights the most nodes still to press, darkening the fewest.
                best = max(
                    _ones(todo & x),
                    key=lambda v: (
                        ((part.masks[v] & todo & ~x).bit_count())
                        - (part.masks[v] & todo & x).bit_count()
                    ),
                )
                x ^= part.masks[best]
                todo ^= 1 << best
                seq.append(best)
            if not todo:
                break
            moved = OpenTheory._unstick(part, x, todo, seq)
            if moved is not None:
                x, todo = moved
            elif kernel:
                todo ^= kernel.pop()  # another solution of the same equation
            else:
                break
        return x

    @staticmethod
    def _unstick(part: _Component, x: int, todo: int, seq: list[int]) -> tuple[int, int] | None:
        """Every node left to press is dark: trade two adjacent ones for one lit helper.

        With ``d1 ~ d2`` both dark and a lit ``w`` next to ``d1`` but not ``d2`` (and not to be
        pressed): press ``w`` (``d1`` lights up), ``d1`` (``d2`` lights up, ``w`` goes dark),
        ``d2``. The presses still to make become ``todo - d1 - d2 + w``. Failing that, one node
        ``d`` is traded for a lit neighbour ``w`` nearer another one: press ``w``, then ``d``.
        """
        lit = x & ~todo
        for d1 in _ones(todo):
            for d2 in _ones(part.masks[d1] & todo):
                helpers = part.masks[d1] & ~part.masks[d2] & lit & ~(1 << d2)
                if helpers:
                    w = _low(helpers)
                    for v in (w, d1, d2):
                        x ^= part.masks[v]
                        seq.append(v)
                    return x, todo ^ (1 << d1) ^ (1 << d2) ^ (1 << w)
        defects = _ones(todo)
        if len(defects) < 2:
            return None
        # Move the first defect one step towards the nearest other one.
        d = defects[0]
        dist = _distances(part.masks, defects[1:])
        steps = [w for w in _ones(part.masks[d] & lit) if dist[w] == dist[d] - 1]
        if not steps:
            return None
        w = steps[0]
        for v in (w, d):
            x ^= part.masks[v]
            seq.append(v)
        return x, todo ^ (1 << d) ^ (1 << w)

    def _connect_bipartite(self, part: _Component, a: int, b: int) -> list[int] | None:
        """The bipartite route: light both boards nearly fully, steer, then meet."""
        full = (1 << len(part.nodes)) - 1
        fa, sa = self._enrich(part, a)
        fb, sb = self._enrich(part, b)
        for _ in range(STEER_ROUNDS):
            fa = self._steer(part, fa, fb, sa)
            if fa != fb:
                fb = self._steer(part, fb, fa, sb)
            if fa == fb:
                return sa + sb[::-1]
            fa, more = self._enrich(part, fa)
            sa += more
            fb, more = self._enrich(part, fb)
            sb += more
        top = max((fa ^ full).bit_count(), (fb ^ full).bit_count())
        for slack in SLACKS[:2]:
            left, _ = self._explore(part, fa, top + slack, FULL_BUDGET, {}, full)
            right, hit = self._explore(part, fb, top + slack, FULL_BUDGET, left, full)
            if hit is not None:
                return sa + self._path(left, hit) + self._path(right, hit)[::-1] + sb[::-1]
        return None

    # -- defect steering: the reduction that scales ---------------------------------------------

    @staticmethod
    def _core_layers(part: _Component) -> list[int]:
        """Bitsets ``L_j`` of the nodes whose distance to the component's core has bit ``j`` set.

        The core is the centre of an induced E6 when there is one, else the centre of an induced
        claw, else a node of highest degree. ``Σ_j 2**j |S ∩ L_j|`` is the total distance of a
        set ``S`` to the core, computed with a few popcounts.
        """
        if part.layers is not None:
            return part.layers
        local = {g: i for i, g in enumerate(part.nodes)}
        claw = None if part.e6 else find_induced_claw(part.masks)  # classify found the E6
        if part.e6:
            core = local[part.e6[2]]
        elif claw is not None:
            core = claw[0]
        elif part.e6_type:
            core = max((local[g] for g in part.e6_type), key=lambda v: part.degrees[v])
        else:
            core = max(range(len(part.nodes)), key=lambda v: part.degrees[v])
        dist = _distances(part.masks, [core])
        layers = [
            sum(1 << v for v, dv in enumerate(dist) if dv >> j & 1)
            for j in range(max(dist).bit_length())
        ]
        part.layers = layers
        return layers

    @staticmethod
    def _window(part: _Component, centre: int, radius: int, cap: int) -> int:
        """The nodes within ``radius`` of ``centre`` (breadth-first, at most ``cap`` of them)."""
        out, frontier, count = 1 << centre, [centre], 1
        for _ in range(radius):
            nxt = []
            for v in frontier:
                for u in _ones(part.masks[v] & ~out):
                    out |= 1 << u
                    nxt.append(u)
                    count += 1
                    if count >= cap:
                        return out
            frontier = nxt
        return out

    def _connect_defects(self, part: _Component, a: int, b: int) -> list[int] | None:
        """Lit-only presses from ``a`` to ``b`` by steering their *defects*, or None.

        Keep boards ``x`` (from ``a``) and ``z`` (from ``b``) and the owed presses ``D``,
        ``x + A·1_D = z``; a press of a lit owed node (either board) removes it. ``ε(D) = q(D) +
        x·D`` is kept (a lit press changes it by ``1 + x_v``) and the end has 0, so ``D`` has
        ``ε = 0`` and moves only by kernel vectors with ``q(k) = a·k``. When all of ``D`` is
        dark: cancel a pair (:meth:`_cancel_pair`), else a best-first search in a window lowers
        ``(|D|, total distance of D to the core)``, else ``D`` moves by a kernel vector.
        """
        if part.echelon.violated(a ^ b) is not None:
            return None
        for attempt in range(ATTEMPTS):
            found = self._steer_defects(part, a, b, 2 * attempt + 1)
            if found is not None:
                return found
        return None

    def _steer_defects(self, part: _Component, a: int, b: int, seed: int) -> list[int] | None:
        """One attempt of :meth:`_connect_defects`; ``seed`` picks the walks of light boards."""
        head: list[int] = []
        tail: list[int] = []
        if part.sides is not None:
            a, head = self._enrich(part, a)
            b, tail = self._enrich(part, b)
        a = self._descend(part, a, head, up=True)
        b = self._descend(part, b, tail, up=True)
        a = self._spread(part, a, head, seed)
        b = self._spread(part, b, tail, seed + 1)
        layers = self._core_layers(part)
        masks, n = part.masks, len(part.nodes)
        big = n * n + 1

        def phi(s: int) -> int:
            return s.bit_count() * big + sum(
                (s & lay).bit_count() << j for j, lay in enumerate(layers)
            )

        def kred(s: int) -> int:
            better = True
            while better:
                better = False
                for k in kernel:
                    if phi(s ^ k) < phi(s):
                        s ^= k
                        better = True
            return s

        def far(v: int) -> int:
            return phi(1 << v)

        owed = part.echelon.back_substitute(a ^ b)
        kernel = list(part.kernel)
        odd = [k for k, qk in zip(kernel, part.kernel_q, strict=True) if qk ^ _parity(a & k)]
        if odd:
            kernel = [k ^ odd[0] if k in odd else k for k in kernel if k != odd[0]]
            if part.q(owed) ^ _parity(a & owed):
                owed ^= odd[0]
        x, z = a, b
        owed = kred(owed)
        escapes = 0
        kick = 0
        kicked = False
        for _ in range(STEER_STEPS * n):
            while True:  # press owed nodes that are lit, on either board
                if owed & x:
                    v = max(_ones(owed & x), key=far)
                    x ^= masks[v]
                    head.append(v)
                elif owed & z:
                    v = max(_ones(owed & z), key=far)
                    z ^= masks[v]
                    tail.append(v)
                else:
                    break
                owed ^= 1 << v
            if x == z:
                return head + tail[::-1]
            if not kicked:
                owed = kred(owed)
            kicked = False
            if (cancelled := self._cancel_pair(part, x, owed)) is not None:
                x, owed, presses = cancelled
                head.extend(presses)
                continue
            if (cancelled := self._cancel_pair(part, z, owed)) is not None:
                z, owed, presses = cancelled
                tail.extend(presses)
                continue
            windows = (self._defect_window(part, x, z, owed, phi, t, kernel) for t in DEFECT_TIERS)
            if (moved := next(filter(None, windows), None)) is not None:
                x, z, owed, steps = moved
                for v, side in steps:
                    (head if side == 0 else tail).append(v)
                owed = kred(owed)
                continue
            if escapes >= min(ESCAPES * len(kernel), MAX_ESCAPES):
                return None
            escapes += 1
            # Another solution: a kernel vector that makes an owed node lit, the lightest first,
            # else one in turn; the next round keeps it (no kernel reduction before the presses).
            lit = x | z
            useful = [k for k in kernel if (owed ^ k) & lit]
            if useful and escapes == 1:
                owed ^= min(useful, key=lambda k: phi(owed ^ k))
            else:
                kick = (kick * 1103515245 + 12345) % (1 << 31)
                owed ^= (useful or kernel)[(kick >> 8) % len(useful or kernel)]
            kicked = True
        return None

    @staticmethod
    def _paths_to(part: _Component, u: int, goal: int, many: int) -> list[list[int]]:
        """Shortest paths from ``u`` to the ``many`` nearest other nodes of the bitset ``goal``."""
        parent = {u: u}
        frontier = [u]
        out: list[list[int]] = []
        while frontier and len(out) < many:
            nxt = []
            for v in frontier:
                for w in _ones(part.masks[v]):
                    if w in parent:
                        continue
                    parent[w] = v
                    nxt.append(w)
                    if goal >> w & 1 and len(out) < many:
                        path = [w]
                        while path[-1] != u:
                            path.append(parent[path[-1]])
                        out.append(path[::-1])
            frontier = nxt
        return out

    @staticmethod
    def _shortest_path_from(
        part: _Component, sources: int, goal: int, blocked: int
    ) -> list[int] | None:
        """A shortest path from a neighbour of ``sources`` to a node of ``goal``, avoiding
        ``blocked`` (bitsets); listed from the end next to ``sources``."""
        parent: dict[int, int] = {}
        frontier = []
        start = 0
        for s_ in _ones(sources):
            start |= part.masks[s_]
        start &= ~blocked & ~sources
        for w in _ones(start):
            parent[w] = -1
            frontier.append(w)
        while frontier:
            nxt = []
            for v in frontier:
                if goal >> v & 1:
                    path = [v]
                    while parent[path[-1]] >= 0:
                        path.append(parent[path[-1]])
                    return path[::-1]
                for w in _ones(part.masks[v] & ~blocked & ~sources):
                    if w not in parent:
                        parent[w] = v
                        nxt.append(w)
            frontier = nxt
        return None

    @staticmethod
    def _transvect(part: _Component, x: int, order: list[int], seq: list[int]) -> int:
        """Apply ``T_r`` for the root ``r = 1_S``, ``S`` built in ``order`` (each node with an odd
        number of neighbours among the earlier ones): the presses ``v_k … v_1 v_0 v_1 … v_k``,
        each made only when its node is lit (a press of a dark node changes nothing in the group).
        """
        for v in order[:0:-1] + order:
            if x >> v & 1:
                x ^= part.masks[v]
                seq.append(v)
        return x

    def _cancel_pair(
        self, part: _Component, x: int, owed: int
    ) -> tuple[int, int, list[int]] | None:
        """Cancel two dark owed nodes ``u``, ``v`` at once, by root transvections; or None.

        With ``P`` a shortest path from ``u`` to ``v`` and ``P°`` its inside, ``1_P`` and
        ``1_P°`` are roots (an induced path is built node by node, each with one earlier
        neighbour), and ``T_P`` then ``T_P°`` add ``A(e_u + e_v)`` when ``x·1_P° = 1`` (the
        gadget keeps ``x·1_P°``). When ``x·1_P° = 0`` a lit ``w`` off the path with an odd
        number of neighbours inside and none at ``u`` or ``v`` is pressed before and after. The
        result is checked against ``x + A(e_u + e_v)``; None when no pair works.
        """
        masks = part.masks
        dark = _ones(owed & ~x)
        tries = [
            path for u in dark[:PAIR_TRIES] for path in self._paths_to(part, u, owed & ~x, PARTNERS)
        ]
        for path in tries:
            u = path[0]
            if len(path) < 3:
                continue
            v = path[-1]
            inside = path[1:-1]
            inner = sum(1 << p for p in inside)
            want = x ^ masks[u] ^ masks[v]
            helper: list[int] = []
            if not _parity(x & inner):
                # A root 1_Q with x·1_Q = 1 that meets the inside an odd number of times and
                # misses u and v: a shortest path Q from the inside's neighbours to a lit node.
                blocked = masks[u] | masks[v] | sum(1 << p for p in path)
                found = self._shortest_path_from(part, inner, x & ~blocked, blocked)
                if found is None:
                    continue
                helper = found[::-1]
            seq: list[int] = []
            y = self._transvect(part, x, helper, seq) if helper else x
            y = self._transvect(part, y, path, seq)
            y = self._transvect(part, y, inside, seq)
            if helper:
                y = self._transvect(part, y, helper, seq)
            if y == want:
                return y, owed ^ (1 << u) ^ (1 << v), seq
        return None

    @staticmethod
    def _defect_window(
        part: _Component,
        x: int,
        z: int,
        owed: int,
        phi: Callable[[int], int],
        tier: tuple[tuple[int, ...], int, int, int],
        kernel: list[int],
    ) -> tuple[int, int, int, list[tuple[int, int]]] | None:
        """A best-first search near far defects for presses that lower the potential ``phi``.

        Returns the two boards, the owed presses and the presses made (node, board 0 or 1).
        """
        masks = part.masks
        start = phi(owed)
        radii, cap, budget, many = tier
        centres = sorted(_ones(owed), key=lambda v: -phi(1 << v))[:many]
        for radius in radii:
            for centre in centres:
                window = OpenTheory._window(part, centre, radius, cap)
                parent: dict[int, tuple[int, int, int] | None] = {owed: None}
                heap = [(start, 0, owed, x, z)]
                count = 0
                hit = None
                while heap and hit is None and len(parent) < budget:
                    _, _, d, u, w = heapq.heappop(heap)
                    for side, board in ((0, u), (1, w)):
                        for v in _ones(board & window):
                            d2 = d ^ 1 << v
                            if d2 in parent:
                                continue
                            u2, w2 = (u ^ masks[v], w) if side == 0 else (u, w ^ masks[v])
                            parent[d2] = (d, v, side)
                            p2 = phi(d2)
                            if u2 == w2 or p2 < start or any(phi(d2 ^ k) < start for k in kernel):
                                hit = (d2, u2, w2)
                                break
                            count += 1
                            heapq.heappush(heap, (p2, count, d2, u2, w2))
                        if hit is not None:
                            break
                if hit is None:
                    continue
                presses: list[tuple[int, int]] = []
                d = hit[0]
                while (step := parent[d]) is not None:
                    d, v, side = step
                    presses.append((v, side))
                presses.reverse()
                return hit[1], hit[2], hit[0], presses
        return None

    def connect_part(self, part: _Component, a: int, b: int) -> tuple[list[int] | None, int]:
        """Lit-only presses (local indices) joining two boards of one component, by the
        reduction, or None when it does not find them; and the boards it visited.

        Examples
        --------
        >>> import networkx as nx
        >>> th = OpenTheory(nx.to_numpy_array(nx.cycle_graph(5), dtype=int))
        >>> th.connect_part(th.components[0], 0b00001, 0b00100)[0]
        [0, 4, 3, 2]
        """
        if a == b:
            return [], 1
        if classify(part) and part.tokens is not None:
            path = part.tokens.connect(a, b)
            return path, 0 if path is None else len(path)
        light = max(a.bit_count(), b.bit_count()) <= FEW_LIGHTS
        if light:
            found, seen = self._connect_local(part, a, b, SLACKS[:2])
            if found is not None:
                return found, seen
        routes = [self._connect_defects] if a and b else []
        if part.sides is not None and a and b:
            routes.insert(0, self._connect_bipartite)
        for route in routes:
            if (found := route(part, a, b)) is not None:
                return found, len(found)
        if light and len(part.nodes) > SMALL_LOCAL:
            return None, 0
        return self._connect_local(part, a, b)

    def _connect_local(
        self, part: _Component, a: int, b: int, slacks: tuple[int, ...] = SLACKS
    ) -> tuple[list[int] | None, int]:
        """Greedy descent, then a meeting among boards of a few more lights (``slacks``)."""
        sa: list[int] = []
        sb: list[int] = []
        ra, rb = self._descend(part, a, sa), self._descend(part, b, sb)
        top = max(ra.bit_count(), rb.bit_count())
        seen = 0
        for slack in slacks:
            cap = min(top + slack, len(part.nodes))
            left, _ = self._explore(part, ra, cap, MEET_BUDGET, {})
            right, hit = self._explore(part, rb, cap, MEET_BUDGET, left)
            seen += len(left) + len(right)
            if hit is not None:
                break
            if cap == len(part.nodes) or len(left) >= MEET_BUDGET:
                return None, seen
        else:  # the slacks given ran out (the full list ends with every weight)
            return None, seen
        middle = self._path(left, hit) + self._path(right, hit)[::-1]
        return sa + middle + sb[::-1], seen

    def connect(self, a: int, b: int) -> tuple[list[int] | None, int]:
        """Lit-only presses (node indices) from ``a`` to ``b``, or None when not found.

        ``None`` does not prove unreachability (see :meth:`separated` for that); the second
        value counts the boards the reduction visited.

        Examples
        --------
        >>> import networkx as nx
        >>> th = OpenTheory(nx.to_numpy_array(nx.cycle_graph(5), dtype=int))
        >>> th.connect(0b00001, 0b00100)[0]
        [0, 4, 3, 2]
        """
        out: list[int] = []
        seen = 0
        for part in self.components:
            la, lb = self.local(part, a), self.local(part, b)
            path, count = self.connect_part(part, la, lb)
            seen += count
            if path is None:
                return None, seen
            replay(la, path, part.masks, part.nodes, lb, "reduction")
            out.extend(part.nodes[v] for v in path)
        return out, seen


def replay(
    x: int, path: Iterable[int], masks: list[int], nodes: Sequence[object], goal: int, what: str
) -> None:
    """Replay lit-only presses from ``x``: a dark press or a missed ``goal`` is a bug, raised.

    Examples
    --------
    >>> replay(0b01, [0], [0b11, 0b11], ["a", "b"], 0b10, "example")
    >>> replay(0b00, [0], [0b11, 0b11], ["a", "b"], 0b11, "example")
    Traceback (most recent call last):
    ...
    lightsout_graphs.core.errors.LightsOutError: lit-only example pressed a dark node ('a')
    """
    for v in path:
        if not x >> v & 1:
            msg = f"lit-only {what} pressed a dark node ({nodes[v]!r})"
            raise LightsOutError(msg)
        x ^= masks[v]
    if x != goal:
        msg = f"lit-only {what} missed its target"
        raise LightsOutError(msg)


def _component_orbit(masks: list[int], start: int, seen: np.ndarray | None = None) -> np.ndarray:
    """Every board of the orbit of ``start`` (a component's local bitset), marked in ``seen``."""
    if seen is None:
        seen = np.zeros(1 << len(masks), dtype=bool)
    frontier = np.array([start], dtype=np.int64)
    seen[start] = True
    members = [frontier]
    shifts = [np.int64(m) for m in masks]
    while frontier.size:
        found = []
        for v, m in enumerate(shifts):
            dst = frontier[(frontier >> v) & 1 == 1] ^ m
            dst = np.unique(dst[~seen[dst]])
            seen[dst] = True
            found.append(dst)
        frontier = np.concatenate(found)
        members.append(frontier)
    return np.concatenate(members)


def _component_min_light(masks: list[int]) -> int:
    """The largest, over the orbits of one component, least number of lit lights (search)."""
    size = 1 << len(masks)
    seen = np.zeros(size, dtype=bool)
    worst, start = 0, 0
    while start < size:
        members = _component_orbit(masks, start, seen)
        worst = max(worst, int(np.bitwise_count(members).min()))
        rest = np.flatnonzero(~seen[start:])
        start = start + int(rest[0]) if rest.size else size
    return worst


def orbit_size(theory: OpenTheory, x: int, max_states: int) -> int | None:
    """The exact orbit size of ``x`` by searching each component's boards, or None if too big.

    Examples
    --------
    >>> import networkx as nx
    >>> th = OpenTheory(nx.to_numpy_array(nx.path_graph(3), dtype=int))
    >>> orbit_size(th, 0b001, 2**10), orbit_size(th, 0b001, 4)
    (4, None)
    """
    if any(1 << len(part.nodes) > max_states for part in theory.components):
        return None
    return math.prod(
        _component_orbit(part.masks, theory.local(part, x)).size for part in theory.components
    )


def min_light_number(theory: OpenTheory, max_states: int) -> int | None:
    """The sum over components of the largest, over orbits, least number of lit lights, by
    search; None when a component has more than ``max_states`` boards.
    """
    if any(1 << len(part.nodes) > max_states for part in theory.components):
        return None
    return sum(_component_min_light(part.masks) for part in theory.components)


# -- the classification: where the invariants are complete ----------------------------------------

#: Work (innermost candidate tests) the search for an induced E6 may spend per component before
#: it gives up; giving up only means the classification is not used (the search decides).
E6_BUDGET = 200_000

#: The largest kernel dimension whose ``2**d`` cosets :func:`theory_min_light` sorts at once
#: (about ``48 * 2**d`` bytes, checked against the memory budget first: the 26×26 grid,
#: ``d = 26``, takes 3.3 GB and about a minute).
MAX_COSET_BITS = 28


def find_induced_e6(masks: list[int], budget: int = E6_BUDGET) -> tuple[int, ...] | None:
    """Six nodes inducing the Dynkin graph E6, or None (none found within ``budget`` steps).

    Returned as ``(a2, a1, c, b1, b2, d)``: the path ``a2-a1-c-b1-b2`` and ``d`` on ``c``.
    """
    steps = 0
    for c, nc in enumerate(masks):
        if nc.bit_count() < 3:
            continue
        closed = nc | 1 << c
        for a1 in _ones(nc):
            for a2 in _ones(masks[a1] & ~closed):
                steps += 1
                if steps > budget:
                    return None
                far = masks[a1] | masks[a2] | 1 << a1
                for b1 in _ones(nc & ~far):
                    for b2 in _ones(masks[b1] & ~closed & ~far & ~(1 << a2)):
                        steps += 1
                        d = nc & ~far & ~masks[b1] & ~masks[b2] & ~(1 << b1)
                        if d:
                            return (a2, a1, c, b1, b2, _low(d))
                        if steps > budget:
                            return None
                    steps += 1
                    if steps > budget:
                        return None
    return None


#: The largest connected set of nodes :func:`find_e6_type` grows while it looks for a part
#: that is not a line graph of a multigraph.
E6_TYPE_GROWTH = 64


def _induced(masks: list[int], nodes: list[int]) -> list[int]:
    """The subgraph induced on ``nodes``, as neighbour bitsets over their positions."""
    local = {g: i for i, g in enumerate(nodes)}
    return [sum(1 << local[u] for u in _ones(masks[g]) if u in local) for g in nodes]


def _connected(masks: list[int]) -> bool:
    return not masks or min(_distances(masks, [0])) >= 0


def e6_roots(masks: list[int]) -> list[tuple[int, list[int]]] | None:
    """Six *roots* of a six-node graph that form the Dynkin graph E6, or None.

    Roots ``s_{u_k} … s_{u_1} e_h`` as in the proof of case (d) in the module, each as
    ``(vector, [h, u_1, …, u_k])``; two roots are adjacent when ``rᵀA r' = 1``.
    """
    n = len(masks)

    def form(y: int, z: int) -> int:
        return _parity(_mul(masks, y) & z)

    words: dict[int, list[int]] = {1 << h: [h] for h in range(n)}
    queue = deque(words)
    while queue:
        y = queue.popleft()
        for u in range(n):
            if form(y, 1 << u):
                z = y ^ (1 << u)
                if z not in words:
                    words[z] = [*words[y], u]
                    queue.append(z)
    roots = sorted(words)
    graph = [sum(1 << j for j, z in enumerate(roots) if form(y, z)) for y in roots]
    six = find_induced_e6(graph)
    if six is None:
        return None
    return [(roots[i], words[roots[i]]) for i in six]


def find_e6_type(masks: list[int]) -> tuple[tuple[int, ...], list[tuple[int, list[int]]]] | None:
    """Six nodes of a connected graph inducing a graph of type E6, with its E6 roots, or None.

    A connected set grown in breadth-first order until it is not a line graph of a multigraph
    (at most :data:`E6_TYPE_GROWTH` nodes), then shrunk while it stays so: six nodes are left
    (Cuypers' Theorem 1.1), accepted with their certificate, six roots (:func:`e6_roots`).

    Examples
    --------
    >>> import networkx as nx
    >>> g = nx.Graph([(0, 4), (0, 5), (1, 2), (1, 4), (2, 4), (3, 4)])  # no induced E6
    >>> masks = [sum(1 << u for u in g[v]) for v in sorted(g)]
    >>> six, roots = find_e6_type(masks)
    >>> find_induced_e6(masks) is None, six, [word for _, word in roots]
    (True, (0, 1, 2, 3, 4, 5), [[1], [4], [0], [0, 4, 2], [0, 4, 2, 5], [2, 4, 3]])
    """
    n = len(masks)
    order, seen = [0], 1
    for v in order:  # breadth-first order (the list grows while it is read)
        new = masks[v] & ~seen
        seen |= new
        order.extend(_ones(new))
    chosen: list[int] | None = None
    for size in range(6, min(n, E6_TYPE_GROWTH) + 1):
        if find_line_root(_induced(masks, order[:size])) is None:
            chosen = order[:size]
            break
    if chosen is None:
        return None
    shrunk = True
    while len(chosen) > 6 and shrunk:
        shrunk = False
        for v in reversed(chosen):
            rest = [u for u in chosen if u != v]
            sub = _induced(masks, rest)
            if _connected(sub) and find_line_root(sub) is None:
                chosen, shrunk = rest, True
                break
    if len(chosen) != 6:  # pragma: no cover - Cuypers' theorem says it is six
        return None
    chosen.sort()
    roots = e6_roots(_induced(masks, chosen))
    if roots is None:  # pragma: no cover - every graph of type E6 has them
        return None
    return tuple(chosen), roots


def find_induced_claw(masks: list[int], budget: int = E6_BUDGET) -> tuple[int, ...] | None:
    """A centre and three pairwise non-adjacent neighbours (an induced claw), or None.

    A certificate that the graph is not the line graph of a simple graph (Beineke); None also
    when none was found within ``budget`` steps.

    Examples
    --------
    >>> find_induced_claw([0b1110, 0b0001, 0b0001, 0b0001])
    (0, 1, 2, 3)
    >>> find_induced_claw([0b110, 0b101, 0b011]) is None  # the triangle
    True
    """
    steps = 0
    for c, nc in enumerate(masks):
        for a in _ones(nc):
            rest = nc & ~masks[a] & ~((1 << (a + 1)) - 1)
            for b in _ones(rest):
                steps += 1
                if steps > budget:
                    return None
                third = rest & ~masks[b] & ~((1 << (b + 1)) - 1)
                if third:
                    return (c, a, b, _low(third))
    return None


def classify(part: _Component) -> str:
    """Which theorem describes the orbits of ``part``, in words, or ``""`` when none is found.

    Sets ``part.kind``: ``"levels"`` when the orbits are the level sets of the invariants
    (cases (a), (b) and (d) of :class:`OpenTheory`, *Classification*), ``"tokens"`` when the
    component is the line graph of a multigraph (case (c): ``part.tokens`` answers). The
    certificates are kept in ``part.e6``, ``part.claw`` and ``part.e6_type`` (puzzle
    indices). By Cuypers' theorem every connected graph is in case (c) or (d); ``""`` is left
    only when the searches for the certificates give up (their budgets).
    """
    if part.reason is not None:
        return part.reason
    local = part.nodes.__getitem__
    if len(part.nodes) >= 6 and (e6 := find_induced_e6(part.masks)) is not None:
        part.e6, part.kind = tuple(map(local, e6)), "levels"
    elif (root := find_line_root(part.masks)) is not None:
        part.tokens, part.kind = TokenGame(part.masks, root), "tokens"
    elif not part.kernel and (claw := find_induced_claw(part.masks)) is not None:
        part.claw, part.kind = tuple(map(local, claw)), "levels"
    elif (found := find_e6_type(part.masks)) is not None:
        part.e6_type, part.kind = tuple(map(local, found[0])), "levels"
    part.reason = ""
    if part.tokens is not None:
        order = part.tokens.m
        part.reason = f"line graph of a multigraph on {order} vertices (tokens on its root)"
    part.reason = describe(part)
    return part.reason


#: The certificates of :func:`classify`, and how its reason names them.
_CERTIFICATES = (
    ("e6", "induced E6 on nodes "),
    ("claw", "adjacency invertible over GF(2), not a line graph: induced claw on nodes "),
    ("e6_type", "induced graph of type E6 on nodes "),
)


def describe(part: _Component, name: Callable[[int], str] = str) -> str:
    """The reason of :func:`classify`, the certificate's puzzle indices named by ``name``."""
    classify(part)
    for attr, words in _CERTIFICATES:
        if nodes := getattr(part, attr):
            return words + ", ".join(map(name, nodes))
    return part.reason or ""


def _wht(values: np.ndarray) -> np.ndarray:
    """The Walsh-Hadamard transform of a vector of length ``2**d``, in float64 (a new array).

    Integer inputs stay exact while every partial sum is below ``2**53``.
    """
    a = values.astype(np.float64, copy=True)
    spare = np.empty(a.size // 2, dtype=np.float64)
    h = 1
    while h < a.size:
        v = a.reshape(-1, 2, h)
        left, right = v[:, 0, :], v[:, 1, :]
        total = spare.reshape(left.shape)
        np.add(left, right, out=total)
        np.subtract(left, right, out=right)
        left[...] = total
        h *= 2
    return a


#: Below this many candidate sums a breadth-first step is made one syndrome at a time; above
#: it, by a Walsh-Hadamard convolution over all of them.
_SPARSE_STEP = 1 << 23

#: Bytes of the arrays one sparse breadth-first step may hold (three int64 arrays).
LEADER_STEP_BYTES = 24 * _SPARSE_STEP


def coset_leader_weights(columns: list[int], bits: int) -> np.ndarray:
    """The fewest columns (bitsets of ``bits`` bits) adding up to each syndrome ``s < 2**bits``.

    Breadth-first by weight: forwards from the new syndromes or backwards from the unreached
    ones while they are few, else by a Walsh-Hadamard convolution. The columns must span.
    """
    size = 1 << bits
    cols = np.array(sorted(set(columns) - {0}), dtype=np.int64)
    dist = np.full(size, -1, dtype=np.int64)
    dist[0] = 0
    frontier = np.zeros(1, dtype=np.int64)
    unreached = size - 1
    spectrum: np.ndarray | None = None
    weight = 0
    while unreached:
        weight += 1
        if frontier.size * cols.size <= _SPARSE_STEP:
            reach = (frontier[:, None] ^ cols[None, :]).ravel()
            dist[reach[dist[reach] < 0]] = weight
            new = np.flatnonzero(dist == weight)
        elif unreached * cols.size <= _SPARSE_STEP:
            todo = np.flatnonzero(dist < 0)
            near = (dist[todo[:, None] ^ cols[None, :]] == weight - 1).any(axis=1)
            new = todo[near]
        else:
            if spectrum is None:
                step = np.zeros(size, dtype=np.float64)
                step[cols] = 1.0
                spectrum = _wht(step)
            # The transform of the product is size * (the number of ways to reach s), an
            # integer: 0 or at least ``size``. Float64 rounding stays far below size / 2.
            reached = (dist >= 0).astype(np.float64)
            grown = _wht(_wht(reached) * spectrum) > 0.5 * size
            new = np.flatnonzero(grown & (dist < 0))
        if not new.size:  # pragma: no cover - the columns span every syndrome
            msg = "coset leaders: the columns do not span the syndromes"
            raise LightsOutError(msg)
        dist[new] = weight
        frontier = new
        unreached -= int(new.size)
    return dist


def _bit_matrix(bitsets: list[int], n: int) -> np.ndarray:
    """Bitsets over ``n`` bits as the columns of an ``n``-row 0/1 int64 matrix."""
    return np.array([bits_to_vector(b, n) for b in bitsets], dtype=np.int64).reshape(-1, n).T


#: The most sets of nodes :func:`theory_min_light` enumerates per weight above two.
COMBINATIONS = 2_000_000


def _small_weights(
    syndromes: np.ndarray,
    target: int,
    levels: tuple[np.ndarray, np.ndarray, int] | None,
    wanted: tuple[int, ...],
    top: int,
) -> tuple[dict[int, int], int]:
    """The fewest nodes (at most ``top``) of each wanted level whose syndromes add to ``target``.

    ``levels = (lam, mu, c0)`` gives the level of a set S as ``c0 + sum lam + sum_{i<j} mu``;
    without it every set is level 0. Sets are enumerated by weight while a weight has at most
    :data:`COMBINATIONS` of them. Returns level -> weight for the levels found, and the largest
    weight whose sets were all enumerated.
    """
    n = syndromes.size
    if levels is None:
        lam, mu, c0 = np.zeros(n, np.int64), np.zeros((n, n), np.int64), 0
    else:
        lam, mu, c0 = levels
    found: dict[int, int] = {}

    def note(level_values: np.ndarray, weight: int) -> bool:
        for level in wanted:
            if level not in found and (level_values == level).any():
                found[level] = weight
        return len(found) == len(wanted)

    hit = syndromes == target
    if note((c0 + lam[hit]) % 2, 1) or top < 2:
        return found, 1
    for weight in range(2, min(n, top) + 1):
        if weight > 2 and math.comb(n, weight) > COMBINATIONS:
            return found, weight - 1
        for prefix in itertools.combinations(range(n), weight - 2):
            start = prefix[-1] + 1 if prefix else 0
            j, k = np.triu_indices(n - start, 1)
            j, k = j + start, k + start
            syn = target ^ int(np.bitwise_xor.reduce(syndromes[list(prefix)], initial=0))
            keep = (syndromes[j] ^ syndromes[k]) == syn
            if not keep.any():
                continue
            j, k = j[keep], k[keep]
            pre = list(prefix)
            base = c0 + int(lam[pre].sum()) + int(mu[np.ix_(pre, pre)].sum()) // 2
            value = base + lam[j] + lam[k] + mu[j, k] + mu[pre][:, j].sum(0) + mu[pre][:, k].sum(0)
            if note(value % 2, weight):
                return found, weight
    return found, min(n, top)


#: Random boards per special orbit that :func:`theory_min_light` brings down by lit-only presses
#: to find light members (witnesses) before it enumerates.
WITNESSES = 24


def _exact_weight(
    upper: int | None, found: dict[int, int], complete: int, level: int
) -> int | None:
    """The least weight of one orbit from a witness bound and an enumeration, or None."""
    if level in found:
        return found[level]
    if upper is not None and complete >= upper - 1:
        return upper
    return None


def theory_min_light(theory: OpenTheory, part: _Component) -> int | None:
    """The largest, over the orbits of a classified component, least number of lit lights.

    For the level-set cases of :func:`classify`. A coset of ``im A`` is named by its syndrome
    (products with a basis of ``K``), and its least weight is a coset leader weight
    (:func:`coset_leader_weights`). Two cosets need more: ``im A`` (the dark board apart) and
    the coset of the quadratic invariant, split in two level sets. For those, lit-only descents
    of random members give upper bounds, and boards of fewer lights are enumerated by weight
    with their level ``c0 + Σ λ_i + Σ μ_ij``. None beyond :data:`MAX_COSET_BITS` kernel
    dimensions or :data:`COMBINATIONS` sets of one weight (the caller then searches).

    Examples
    --------
    >>> import networkx as nx
    >>> th = OpenTheory(nx.to_numpy_array(nx.petersen_graph(), dtype=int))
    >>> classify(th.components[0]), theory_min_light(th, th.components[0])
    ('induced E6 on nodes 2, 1, 0, 4, 9, 5', 4)
    """
    n, d = len(part.nodes), len(part.kernel)
    if d > MAX_COSET_BITS:
        return None
    syndromes = np.array(
        [sum(((k >> v) & 1) << i for i, k in enumerate(part.kernel)) for v in range(n)],
        dtype=np.int64,
    )
    sigma = sum(q << i for i, q in enumerate(part.kernel_q))
    best = 0
    dist = np.zeros(1, dtype=np.int64)
    if d:
        dist = coset_leader_weights([int(s) for s in syndromes], d)
        plain = np.ones(dist.size, dtype=bool)
        plain[0] = plain[sigma] = False
        if plain.any():
            best = int(dist[plain].max())
    rank = part.echelon.rank
    full = (1 << n) - 1
    rng = np.random.default_rng(len(part.nodes))
    by_syndrome: dict[int, list[int]] = {}
    for v in range(n):
        by_syndrome.setdefault(int(syndromes[v]), []).append(v)

    def leader(target: int) -> int:
        """A random board of fewest lights with the given syndrome (a coset leader)."""
        x, left = 0, target
        while left:
            steps = [c for c in by_syndrome if dist[left ^ c] == dist[left] - 1]
            c = steps[int(rng.integers(len(steps)))]
            nodes = by_syndrome[c]
            x |= 1 << nodes[int(rng.integers(len(nodes)))]
            left ^= c
        return x

    def candidates(target: int) -> list[int]:
        """Light boards of syndrome ``target``: leaders, and a node added to a leader."""
        if not d:
            return []
        out = [leader(target) for _ in range(WITNESSES)] if target else []
        for v in range(n):
            x = leader(target ^ int(syndromes[v]))
            if not x >> v & 1:
                out.append(x | 1 << v)
        return [x for x in out if x]

    if sigma and rank:  # the image of A, one orbit without the dark board
        upper = min(part.degrees)  # a column of A is in the image
        for x in candidates(0):
            upper = min(upper, OpenTheory._descend(part, x, []).bit_count())
        if upper > best:  # else this orbit has a board of at most ``best`` lights
            found, complete = _small_weights(syndromes, 0, None, (0,), upper - 1)
            weight = _exact_weight(upper, found, complete, 0)
            if weight is None:
                return None
            best = max(best, weight)
    # The coset of the quadratic invariant: its two level sets.
    free = full ^ sum(1 << lead for lead in part.echelon.leads)
    x0 = 0
    for i, k in enumerate(part.kernel):
        if sigma >> i & 1:
            x0 |= k & free
    arf0 = theory._arf(part, x0)
    m = rank // 2
    wanted = []
    for level in (0, 1):
        arf = arf0 ^ level
        size = _level_count(m, arf, 1 - level)
        if sigma == 0 and level == 0:
            size -= 1  # the dark board, an orbit of its own
        if size > 0:
            wanted.append(level)
    uppers: dict[int, int] = {}

    def level_of(x: int) -> int:
        y = part.echelon.back_substitute(x ^ x0)
        return part.q(y) ^ _parity(x0 & y)

    for x in candidates(sigma):
        x = OpenTheory._descend(part, x, [])
        level = level_of(x)
        uppers[level] = min(uppers.get(level, n), x.bit_count())
    open_levels = tuple(lv for lv in wanted if uppers.get(lv, n + 1) > best)
    if not open_levels:
        return best
    columns = [part.echelon.back_substitute(1 << v) for v in range(n)]
    p = _bit_matrix(columns, n)
    adj = _bit_matrix(part.masks, n)
    mu = (p.T @ adj @ p) % 2
    u = part.echelon.back_substitute(x0)
    au = _mul(part.masks, u)
    lam = np.array([part.q(c) ^ _parity(au & c) ^ _parity(x0 & c) for c in columns], dtype=np.int64)
    c0 = part.q(u) ^ _parity(x0 & u)
    top = max(uppers.get(lv, n + 1) for lv in open_levels) - 1
    found, complete = _small_weights(syndromes, sigma, (lam, mu, c0), open_levels, top)
    for level in open_levels:
        weight = _exact_weight(uppers.get(level), found, complete, level)
        if weight is None:
            return None
        best = max(best, weight)
    return best


def component_path(masks: list[int], a: int, b: int, max_states: int) -> list[int] | None:
    """A shortest lit-only sequence from ``a`` to ``b`` in one component, by breadth-first
    search over its ``2**n`` boards; None if none.

    Examples
    --------
    >>> component_path([0b10, 0b101, 0b010], 0b001, 0b100, 2**10)  # the path 0-1-2
    [0, 1, 2]
    """
    n = len(masks)
    if 1 << n > max_states:  # pragma: no cover - the callers check first
        msg = f"a component of {n} nodes has more than {max_states} boards"
        raise LightsOutError(msg)
    move = np.full(1 << n, -1, dtype=np.int16)
    move[a] = n
    frontier = np.array([a], dtype=np.int64)
    shifts = [np.int64(m) for m in masks]
    while frontier.size and move[b] < 0:
        found = []
        for v, m in enumerate(shifts):
            dst = frontier[(frontier >> v) & 1 == 1] ^ m
            dst = dst[move[dst] < 0]
            move[dst] = v
            found.append(dst)
        frontier = np.unique(np.concatenate(found))
    if move[b] < 0:
        return None
    out = []
    x = b
    while x != a:
        v = int(move[x])
        out.append(v)
        x ^= masks[v]
    out.reverse()
    return out


def exact_orbit_size(theory: OpenTheory, x: int, max_states: int) -> tuple[int | None, str]:
    """The orbit size of ``x`` and how it was found (``"theory"`` or ``"search"``).

    Per lit component: by :func:`classify`, else by a search of at most ``max_states``
    boards; None when neither applies.
    """
    total, method = 1, "theory"
    for part in theory.components:
        lx = theory.local(part, x)
        if lx == 0:
            continue
        if classify(part):
            tokens = part.tokens
            total *= tokens.orbit_size(lx) if tokens else theory.component_level_size(part, lx)
            continue
        if 1 << len(part.nodes) > max_states:
            return None, "search"
        total *= int(_component_orbit(part.masks, lx).size)
        method = "search"
    return total, method


def exact_min_light_number(theory: OpenTheory, max_states: int) -> tuple[int | None, str]:
    """The minimum light number and how it was found (``"theory"`` or ``"search"``).

    Per component: by :func:`classify`, else by a search of at most ``max_states`` boards;
    None when neither answers.
    """
    total, method = 0, "theory"
    for part in theory.components:
        found = None
        if classify(part):
            if part.tokens is not None:
                found = part.tokens.min_light(coset_leader_weights, MAX_COSET_BITS)
            else:
                found = theory_min_light(theory, part)
        if found is None:
            if 1 << len(part.nodes) > max_states:
                return None, "search"
            found = _component_min_light(part.masks)
            method = "search"
        total += found
    return total, method
