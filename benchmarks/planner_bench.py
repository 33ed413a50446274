"""One question, one answer: the same puzzle through different doors costs the same.

Every row builds the puzzle inside the timed call (the door a user takes) and checks that the
two doors give the same answer:

- ``product-cycles-p``: ``lo.analyze(lo.product(nx.cycle_graph(1999), nx.cycle_graph(2001)))``
  against ``lo.analyze(lo.torus(1999, 2001))`` over GF(2) and GF(3), target ≤ 2×;
- ``product-complete``: ``lo.analyze(lo.product(nx.complete_graph(500), ...))`` against
  ``lo.analyze(lo.rook(500, 500))``, target ≤ 1 s.
"""

from __future__ import annotations

from dataclasses import replace

import networkx as nx

import lightsout_graphs as lo
from benchmarks.common import Result, measure, within_seconds

__all__ = ["WORKLOADS"]


def _product_cycles(quick: bool) -> list[Result]:
    m, n = (499, 501) if quick else (1999, 2001)
    rows = []
    cycles = (nx.cycle_graph(m), nx.cycle_graph(n))
    for p in (2, 3):
        ours, got = measure(lambda p=p: lo.analyze(lo.product(*cycles, modulus=p)), 3)
        torus, expected = measure(lambda p=p: lo.analyze(lo.torus(m, n, modulus=p)), 3)
        if (got.nullity, got.num_quiet_patterns) != (expected.nullity, expected.num_quiet_patterns):
            msg = f"C{m} □ C{n} and the torus disagree over GF({p})"
            raise AssertionError(msg)
        row = within_seconds(
            f"product-cycles-{p}",
            f"lo.analyze(lo.product(C{m}, C{n})) over GF({p}), build included",
            ours,
            float("inf"),
            [f"nullity {got.nullity} = lo.torus({m}, {n})", f"method {got.method!r}"],
        )
        rows.append(
            replace(
                row,
                baselines={"lo.torus": torus},
                target="≤ 2× lo.analyze(lo.torus(m, n))",
                kind="ratio_max",
                value=2.0,
                against="lo.torus",
            )
        )
    return rows


def _product_complete(quick: bool) -> list[Result]:
    n = 200 if quick else 500
    graphs = (nx.complete_graph(n), nx.complete_graph(n))
    ours, got = measure(lambda: lo.analyze(lo.product(*graphs)), 3)
    expected = lo.analyze(lo.rook(n, n))
    if got.nullity != expected.nullity:
        msg = f"K{n} □ K{n} and the rook board disagree"
        raise AssertionError(msg)
    return [
        within_seconds(
            "product-complete",
            f"lo.analyze(lo.product(K{n}, K{n})), build included",
            ours,
            1.0,
            [f"nullity {got.nullity} = lo.rook({n}, {n})"],
        )
    ]


WORKLOADS = {"product-cycles": _product_cycles, "product-complete": _product_complete}
