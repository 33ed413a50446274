"""Every graph of networkx's atlas (1252 graphs, up to 7 nodes): lit-only theory against the search.

Both rules. Open rule (the σ-game): the invariants never separate two boards of one orbit, the
reduction connects every pair of one orbit with a replayed sequence, the bound of
:func:`lightsout_graphs.lit_only_orbit` holds, and :func:`lightsout_graphs.min_light_number`
equals the search's value; the classification covers every graph (each component is a line
graph of a multigraph, answered by tokens on its root, or has an induced graph of type E6,
where every orbit equals its bound), and the theory's orbit sizes and minimum light number,
without any search, equal the search's. Closed rule: the boards the theorem says can be cleared are exactly
those a backward search clears, and the constructed sequences replay. The test suite runs a
part of this (``tests/algorithms/variants/test_lit_only_theory.py``); this script runs all of it::

    python benchmarks/lit_only_atlas.py          # about a minute

It prints how many graphs have orbits finer than the invariants (line graphs, for instance)
and how many the classification covers (all of them).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import networkx as nx

import lightsout_graphs as lo
from lightsout_graphs.algorithms.variants import _lit_only_theory as theory

__all__ = ["check_atlas", "main"]


def _orbits(masks: list[int]) -> list[int]:
    n = len(masks)
    label = [-1] * (1 << n)
    count = 0
    for start in range(1 << n):
        if label[start] >= 0:
            continue
        label[start] = count
        stack = [start]
        while stack:
            x = stack.pop()
            for v in range(n):
                y = x ^ masks[v]
                if x >> v & 1 and label[y] < 0:
                    label[y] = count
                    stack.append(y)
        count += 1
    return label


def _clearable(masks: list[int]) -> set[int]:
    seen = {0}
    stack = [0]
    while stack:
        x = stack.pop()
        for v, m in enumerate(masks):
            y = x ^ m
            if y >> v & 1 and y not in seen:
                seen.add(y)
                stack.append(y)
    return seen


def _replay(masks: list[int], x: int, presses: list[int]) -> int:
    for v in presses:
        if not x >> v & 1:
            msg = f"press on dark node {v}"
            raise AssertionError(msg)
        x ^= masks[v]
    return x


def check_atlas(graphs: list[nx.Graph] | None = None) -> dict[str, int]:
    """Run every check on ``graphs`` (default the whole atlas); raise on the first disagreement.

    Examples
    --------
    >>> check_atlas(nx.graph_atlas_g()[1:8])["graphs"]
    7
    """
    graphs = nx.graph_atlas_g()[1:] if graphs is None else graphs
    stats = {
        "graphs": 0,
        "pairs": 0,
        "finer": 0,
        "orbits": 0,
        "orbits_at_bound": 0,
        "classified": 0,
    }
    for g in graphs:
        stats["graphs"] += 1
        nodes = list(g)
        n = len(nodes)
        matrix = nx.to_numpy_array(g, nodelist=nodes, dtype=int)
        masks = theory.neighbour_masks(matrix)
        label = _orbits(masks)
        th = theory.OpenTheory(matrix)
        members: dict[int, list[int]] = {}
        for x in range(1 << n):
            members.setdefault(label[x], []).append(x)
        finer = False
        for orbit in members.values():
            bound = th.level_size(orbit[0])
            stats["orbits"] += 1
            if bound < len(orbit):
                msg = f"bound {bound} below the orbit size {len(orbit)} on {nx.to_graph6_bytes(g)}"
                raise AssertionError(msg)
            if bound == len(orbit):
                stats["orbits_at_bound"] += 1
            else:
                finer = True
        stats["finer"] += finer
        for a in range(1 << n):
            for b in range(a, 1 << n, 3):
                stats["pairs"] += 1
                same = label[a] == label[b]
                if th.separated(a, b):
                    if same:
                        raise AssertionError(f"separated one orbit: {a}, {b}")
                    continue
                path, _ = th.connect(a, b)
                if (path is not None) != same:
                    raise AssertionError(f"reduction disagrees on {a}, {b}")
                if path is not None and _replay(masks, a, path) != b:
                    raise AssertionError(f"bad sequence {a} -> {b}")
        best = {k: min(x.bit_count() for x in v) for k, v in members.items()}
        if theory.min_light_number(th, 2**10) != max(best.values()):
            raise AssertionError("minimum light number differs")
        if all(theory.classify(part) for part in th.components):
            # The classification: orbits are level sets or token classes, and the theory's
            # answers need no search at all (max_states=0).
            stats["classified"] += 1
            for orbit in members.values():
                if theory.exact_orbit_size(th, orbit[0], 0) != (len(orbit), "theory"):
                    raise AssertionError(f"classified orbit size differs on {g.edges()}")
            if theory.exact_min_light_number(th, 0) != (max(best.values()), "theory"):
                raise AssertionError(f"classified minimum light number differs on {g.edges()}")
        closed = lo.Puzzle(g)
        cmasks = theory.neighbour_masks(closed.toggle_matrix())
        clear = _clearable(cmasks)
        states = lo.lit_only_solvable_states(closed)
        if states.size != len(clear):
            raise AssertionError("closed-rule counts differ")
        for x in clear:
            presses = lo.solve(closed, theory.vector_of(x, n)).presses_array
            if _replay(cmasks, x, theory.closed_clear(cmasks, x, theory.bits_of(presses))):
                raise AssertionError("closed-rule sequence does not clear")
    return stats


def main() -> int:
    """Check the whole atlas and print the counts."""
    t0 = time.perf_counter()
    stats = check_atlas()
    print(f"{stats} in {time.perf_counter() - t0:.1f} s: theory agrees with the search")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
