"""Press shapes on boxes: the toggle matrix and press replay of a stencil, straight from coordinates.

A stencil is a set of relative offsets on a box of any dimension: a press of cell ``c`` reaches
``c + o`` for each offset ``o``, clipped at the edges or wrapped around. Grids, tori, king, ×,
knight, rook, bishop and queen boards are all stencils. Everything here is vectorised numpy over
flat cell indices (row-major, the node order of the families); no graph is built.

Two ways of counting are supported:

- *simple* (the ``closed`` and ``open`` rules on a simple graph): the cells a press reaches form
  a set; an offset that wraps onto the pressed cell itself, or onto a cell another offset already
  reaches, adds nothing more;
- *multiplicity* (weighted rules): every offset adds its amount, and coinciding offsets add up.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import networkx as nx
import numpy as np
import scipy.sparse as sp

from lightsout_graphs.core.structure import Lattice, Structure
from lightsout_graphs.representation.families._common import (
    check_args,
    check_edges,
    check_entries,
    check_nodes,
    lazy_puzzle,
)

if TYPE_CHECKING:
    from lightsout_graphs.representation.puzzle import Puzzle


def lattice_positions(sides: tuple[int, ...]) -> list[tuple[float, float]]:
    """Draw the cells of a box, in row-major order, as nested 2-D blocks (row 0 at the top).

    The last axis runs right, the one before it down; each further pair of axes places copies of
    the smaller block side by side (right, then down) with a gap of one cell.
    """
    cells = np.indices(sides).reshape(len(sides), -1)
    xy, step = np.zeros((2, cells.shape[1])), [1.0, 1.0]
    for j, axis in enumerate(reversed(range(len(sides)))):
        xy[j % 2] += step[j % 2] * cells[axis]
        step[j % 2] *= sides[axis] + 1
    return list(zip(xy[0].tolist(), (0.0 - xy[1]).tolist(), strict=True))


@dataclass(frozen=True)
class Stencil:
    """Offsets with amounts on a box of side lengths ``shape``, clipped or wrapped.

    A press reaches ``c + o`` for each of ``offsets`` (the zero offset is the pressed cell) and
    adds the matching entry of ``amounts`` there. ``wrap`` (every axis, or one flag per axis)
    wraps the offsets around instead of clipping them at the edges; ``multiplicity`` adds
    coinciding offsets up (weighted rules) instead of treating the reached cells as a set.
    """

    shape: tuple[int, ...]
    offsets: tuple[tuple[int, ...], ...]
    amounts: tuple[int, ...]
    wrap: bool | tuple[bool, ...] = False
    multiplicity: bool = False

    @property
    def wraps(self) -> tuple[bool, ...]:
        """Whether each axis wraps around."""
        if isinstance(self.wrap, tuple):
            return tuple(bool(w) for w in self.wrap)
        return (bool(self.wrap),) * len(self.shape)

    def _span(self, o: tuple[int, ...]) -> int:
        """How many cells ``c`` have ``c + o`` on the board."""
        return math.prod(
            s if w else max(s - abs(x), 0)
            for x, s, w in zip(o, self.shape, self.wraps, strict=True)
        )

    def _cut(self, o: tuple[int, ...]) -> tuple[tuple[slice, ...], tuple[slice, ...]] | None:
        """Source and destination slices along the clipped axes (whole along wrapped ones)."""
        src, dst = [], []
        for x, side, w in zip(o, self.shape, self.wraps, strict=True):
            if w:
                src.append(slice(None))
                dst.append(slice(None))
            elif abs(x) >= side:
                return None
            else:
                src.append(slice(max(-x, 0), side - max(x, 0)))
                dst.append(slice(max(x, 0), side + min(x, 0)))
        return tuple(src), tuple(dst)

    @property
    def n(self) -> int:
        """The number of cells."""
        return math.prod(self.shape)

    @property
    def symmetric(self) -> bool:
        """Whether ``-o`` carries the same amount as ``o`` for every offset (an undirected graph)."""
        table: dict[tuple[int, ...], int] = {}
        for o, a in zip(self.offsets, self.amounts, strict=True):
            table[o] = table.get(o, 0) + a
        return all(table.get(tuple(-x for x in o)) == a for o, a in table.items())

    def _collides(self) -> bool:
        """Whether two offsets reach the same cell, or a non-zero offset the pressed cell."""
        if not any(self.wraps):
            return False
        seen = set()
        for o in self.offsets:
            r = tuple(x % s if w else x for x, s, w in zip(o, self.shape, self.wraps, strict=True))
            if r in seen or (r == (0,) * len(r) and any(o)):
                return True
            seen.add(r)
        return False

    def _raw_pairs(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(src, dst, amount)`` for every offset and every cell it reaches, uncombined."""
        n = self.n
        itype = np.int32 if n < 2**31 else np.int64
        idx = np.arange(n, dtype=itype).reshape(self.shape)
        total = self.reach_count()
        src_out = np.empty(total, dtype=itype)
        dst_out = np.empty(total, dtype=itype)
        sizes = []
        at = 0
        wrapped = tuple(a for a, w in enumerate(self.wraps) if w)
        for o in self.offsets:
            cut = self._cut(o)
            if cut is None:
                sizes.append(0)
                continue
            # Shifts reduced as Python ints: an offset beyond int64 wraps exactly.
            shift = tuple(-o[ax] % self.shape[ax] for ax in wrapped)
            rolled = np.roll(idx, shift, axis=wrapped) if wrapped else idx
            # rolled[c] is the cell c moved by o along the wrapped axes.
            part_src, part_dst = idx[cut[0]], rolled[cut[1]]
            size = part_src.size
            src_out[at : at + size].reshape(part_src.shape)[...] = part_src
            dst_out[at : at + size].reshape(part_dst.shape)[...] = part_dst
            sizes.append(size)
            at += size
        vals = np.repeat(np.array(self.amounts, dtype=np.int64), sizes)
        return src_out[:at], dst_out[:at], vals

    def pairs(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(src, dst, amount)`` with one entry per (pressed, reached) pair, combined."""
        src, dst, val = self._raw_pairs()
        if not self.multiplicity:
            if self._collides() or any(not any(o) for o in self.offsets):
                keep = src != dst
                src, dst = src[keep], dst[keep]
            if self._collides():
                key = np.unique(dst.astype(np.int64) * self.n + src)
                dst, src = np.divmod(key, self.n)
            val = np.ones(src.size, dtype=np.int64)
            return src, dst, val
        if self._collides() or len(set(self.offsets)) < len(self.offsets):
            m = sp.coo_array((val, (dst, src)), shape=(self.n, self.n)).tocsr()
            m.sum_duplicates()
            coo = m.tocoo()
            return coo.col.astype(np.int64), coo.row.astype(np.int64), coo.data.astype(np.int64)
        return src, dst, val

    def matrix(self, modulus: int, self_amount: int = 0) -> sp.csr_array:
        """The toggle matrix mod ``modulus``: ``T[v, u]`` = what a press of u adds to v.

        ``self_amount`` is added on the diagonal (1 for the closed rule under simple counting).
        """
        src, dst, val = self.pairs()
        out = sp.coo_array((val, (dst, src)), shape=(self.n, self.n)).tocsr()
        if self_amount:
            diag = np.full(self.n, self_amount, dtype=np.int64)
            out = out + sp.diags_array(diag, format="csr", dtype=np.int64)
        out.sum_duplicates()
        out.data %= modulus
        out.eliminate_zeros()
        return sp.csr_array(out)

    def reach_count(self) -> int:
        """How many (pressed, reached) pairs the offsets give before combining, without building."""
        return sum(self._span(o) for o in self.offsets)

    def edges(self) -> int:
        """The number of edges of the stencil's graph (pairs of distinct cells it joins)."""
        # Offsets reduced along the wrapped axes reach distinct cells from any one cell, so the
        # distinct (pressed, reached) pairs are counted without building them.
        reduced = {
            tuple(x % s if w else x for x, s, w in zip(o, self.shape, self.wraps, strict=True))
            for o in self.offsets
        }
        directed = sum(self._span(r) for r in reduced if any(r))
        return directed // 2 if self.symmetric else directed

    def apply(
        self, state: np.ndarray, presses: np.ndarray, modulus: int, self_amount: int = 0
    ) -> np.ndarray | None:
        """``(state + T·presses) mod k`` on flat vectors by shifting the board, or None.

        None when the shift-add would overflow int64 or coinciding offsets need the matrix.
        """
        k = modulus
        if self._collides() and not self.multiplicity:
            return None
        total = sum(abs(a) for a in self.amounts) + abs(self_amount) + 1
        if total * (k - 1) >= 2**62:
            return None
        # The narrowest type that holds every partial sum is the fastest.
        fits = (t for t in (np.int8, np.int16, np.int32) if total * (k - 1) < np.iinfo(t).max)
        dtype: type = next(fits, np.int64)
        x: np.ndarray = np.asarray(presses).astype(dtype).reshape(self.shape)
        out: np.ndarray = np.asarray(state).astype(dtype).reshape(self.shape)
        if self_amount:
            out += self_amount * x
        wrapped = tuple(ax for ax, w in enumerate(self.wraps) if w)
        for o, a in zip(self.offsets, self.amounts, strict=True):
            if not self.multiplicity and not any(o):
                continue
            cut = self._cut(o)
            if cut is None:
                continue
            shift = tuple(o[ax] % self.shape[ax] for ax in wrapped)
            y = np.roll(x, shift, axis=wrapped) if wrapped else x
            # y[c + o] = x[c] along the wrapped axes; the slices shift the clipped ones.
            out[cut[1]] += a * y[cut[0]]
        if k & (k - 1) == 0:
            out &= k - 1
        else:
            out %= k
        return out.ravel().astype(np.int64)

    def graph(
        self, pos: Sequence[tuple[float, float]] | None = None, *, weights: bool = False
    ) -> nx.Graph:
        """The stencil's graph: cells as coordinate tuples, an edge per pair it joins.

        With ``weights`` the edges carry ``weight`` (the summed amounts) and the nodes
        ``self_weight`` (the amount at the zero offset).
        """
        nodes = list(itertools.product(*map(range, self.shape)))
        g: nx.Graph = nx.Graph() if self.symmetric else nx.DiGraph()
        src, dst, val = self.pairs()
        own = np.zeros(self.n, dtype=np.int64)
        np.add.at(own, src[src == dst], val[src == dst])
        for i, node in enumerate(nodes):
            g.add_node(node)
            if pos is not None:
                g.nodes[node]["pos"] = pos[i]
            if weights:
                g.nodes[node]["self_weight"] = int(own[i])
        keep = (src < dst) if self.symmetric else (src != dst)
        order = np.lexsort((dst[keep], src[keep]))  # edges by their first cell, in node order
        for u, v, w in zip(*(x[keep][order].tolist() for x in (src, dst, val)), strict=True):
            g.add_edge(nodes[u], nodes[v], **({"weight": w} if weights else {}))
        return g


def stencil_puzzle(
    stencil: Stencil,
    *,
    family: str,
    params: dict[str, object],
    modulus: int,
    rule: str,
    pressable: object,
    graph: Callable[[], nx.Graph],
    board_shape: tuple[int, ...] | None,
    self_amount: int | None = None,
    structure: Structure | None = None,
) -> Puzzle:
    """The lazily built Puzzle of a stencil family, with ``FamilyInfo(family, params)``.

    ``graph`` builds the same graph the family builds eagerly; the stencil must give the same
    toggle matrix. ``self_amount`` is what a press adds to its own light (default: 1 under the
    closed and weighted rules, 0 under the open rule). ``structure`` defaults to the
    stencil's :class:`~lightsout_graphs.core.structure.Lattice` when every amount is 1 and the
    reached cells form a set (the puzzle keeps it only under the closed and open rules).
    """
    from lightsout_graphs.core._labels import LatticeIndex, LatticeNodes

    k, rule = check_args(modulus, rule)
    own = (0 if rule == "open" else 1) if self_amount is None else self_amount
    # Counting coinciding offsets twice changes nothing where no two offsets coincide: on
    # every wrapped axis the side exceeds twice the longest step along it.
    distinct = all(
        not wrapped or side > 2 * max((abs(o[axis]) for o in stencil.offsets), default=0)
        for axis, (side, wrapped) in enumerate(zip(stencil.shape, stencil.wraps, strict=True))
    )
    plain = (
        self_amount is None
        and (distinct or not stencil.multiplicity)
        and set(stencil.amounts) <= {1}
    )
    if structure is None and plain:
        offsets = tuple(sorted(stencil.offsets))
        # Every amount is 1, and the weighted rule's own amount too: it is the closed rule.
        structure = Lattice(stencil.shape, offsets, stencil.wraps, "closed" if own else "open")

    what = f"{family} {params}"

    def matrix() -> sp.csr_array:
        check_entries(stencil.reach_count() + stencil.n, f"The toggle matrix of {what}")
        return stencil.matrix(k, own)

    def lazy_graph() -> nx.Graph:
        check_nodes(stencil.n, f"The graph of {what}")
        check_edges(stencil.edges(), f"The graph of {what}")
        return graph()

    return lazy_puzzle(
        family,
        params,
        nodes=LatticeNodes(stencil.shape),
        index=LatticeIndex(stencil.shape),
        graph=lazy_graph,
        matrix=matrix,
        edges=stencil.edges,
        modulus=k,
        rule=rule,
        pressable=pressable,
        board_shape=board_shape,
        apply=lambda state, presses: stencil.apply(state, presses, k, own),
        structure=structure,
    )
