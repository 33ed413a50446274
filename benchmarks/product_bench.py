"""Cartesian products: nullity tables of tori and single products from their factors.

Every row times the product formula (:mod:`lightsout_graphs.representation.products`) and, in the same run,
the general engine (elimination of the whole toggle matrix) on the largest sizes elimination
can take here; the ratio compares the two at equal sizes, the target is on the full size.
The caches of factor invariant factors are cleared before each repetition.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import networkx as nx
import numpy as np

import lightsout_graphs as lo
from benchmarks.common import ROOT, Result, faster_than, measure, within_seconds
from lightsout_graphs import zk
from lightsout_graphs.representation.products import invariants, nullity_table, product_nullity

__all__ = ["WORKLOADS"]

A165738 = ROOT / "tests" / "products" / "data" / "oeis_A165738_1-90.txt"


def _clear() -> tuple[()]:
    for cached in (invariants._path, invariants._cycle, invariants._complete):
        cached.cache_clear()
    return ()


def _eliminated(puzzle: lo.Puzzle) -> int:
    rank = zk.factorize(puzzle.toggle_matrix(), puzzle.modulus).rank
    if rank is None:  # pragma: no cover - a prime modulus always has a rank
        msg = "no rank over a prime"
        raise AssertionError(msg)
    return puzzle.n - rank


def _elimination_table(size: int, p: int) -> np.ndarray:
    out = np.zeros((size, size), dtype=np.int64)
    for m in range(1, size + 1):
        for n in range(m, size + 1):
            out[m - 1, n - 1] = out[n - 1, m - 1] = _eliminated(lo.torus(m, n, modulus=p))
    return out


def _torus_table(quick: bool) -> list[Result]:
    """Torus nullity tables over GF(2) up to 1024 and GF(3) up to 256, against elimination."""
    rows = []
    oeis = [
        int(v)
        for line in A165738.read_text(encoding="utf-8").splitlines()
        if not line.startswith("#")
        for v in line.split(",")
    ]
    for p, full, small, limit in [(2, 1024, 24, 10.0), (3, 256, 16, 10.0)]:
        size = full // 4 if quick else full
        side = small // 2 if quick else small
        timing, table = measure(
            lambda size=size, p=p: nullity_table(size, family="torus", modulus=p),
            3,
            setup=_clear,
        )
        formula_small, small_table = measure(
            lambda side=side, p=p: nullity_table(side, family="torus", modulus=p), 3, setup=_clear
        )
        elim_small, expected = measure(lambda side=side, p=p: _elimination_table(side, p), 1)
        if not (small_table == expected).all():
            msg = f"torus table over GF({p}) up to {side} disagrees with elimination"
            raise AssertionError(msg)
        if not (table == table.T).all():
            msg = "the torus table is not symmetric"
            raise AssertionError(msg)
        checks = [f"every m, n ≤ {side} equals elimination", "symmetric"]
        if p == 2:
            top = min(90, size)
            if np.diagonal(table)[:top].tolist() != oeis[:top]:
                msg = "the n×n torus nullities disagree with OEIS A165738"
                raise AssertionError(msg)
            checks.append(f"n×n nullities, n = 1..{top}, equal OEIS A165738")
        notes = [f"ratio at M = {side}: the formula table vs elimination of every torus"]
        if quick:
            notes.append(f"quick mode: M = {size} instead of {full}")
        workload = f"torus nullity table, every m, n ≤ {size}, GF({p}), closed rule"
        target = f"≤ {limit:g} s at M = {full}"
        row = within_seconds(f"torus-table-gf{p}", workload, timing, limit, checks, notes=notes)
        row.target = target
        rows.append(row)
        rows.append(
            faster_than(
                f"torus-table-gf{p}-vs-elimination",
                f"torus nullity table, every m, n ≤ {side}, GF({p}): formula vs elimination",
                formula_small,
                "elimination",
                elim_small,
                [f"every m, n ≤ {side} equals elimination"],
                speedup=10.0,
            )
        )
    return rows


def _singles(quick: bool) -> list[Result]:
    """P_2000 □ Petersen, C_1999 □ C_2001 and K_500 □ K_500 over GF(2) and GF(3)."""

    def cycle(n: int) -> nx.Graph:
        return nx.cycle_graph(n)

    # (name, factors of a size, full size, the size elimination runs at for the ratio)
    cases: list[tuple[str, Callable[[int], tuple[nx.Graph, nx.Graph]], int, int]] = [
        ("path2000-petersen", lambda s: (nx.path_graph(s), nx.petersen_graph()), 2000, 2000),
        ("cycle1999-cycle2001", lambda s: (cycle(s - 1), cycle(s + 1)), 2000, 40),
        ("k500-k500", lambda s: (nx.complete_graph(s), nx.complete_graph(s)), 500, 20),
    ]
    rows = []
    for name, graphs, full, small in cases:
        size = full // 4 if quick else full
        small = min(small, size)
        g, h = graphs(size)
        g_small, h_small = graphs(small)
        for p in (2, 3):
            timing, value = measure(
                lambda g=g, h=h, p=p: product_nullity(g, h, modulus=p), 3, setup=_clear
            )
            formula_small, got = measure(
                lambda g=g_small, h=h_small, p=p: product_nullity(g, h, modulus=p), 3, setup=_clear
            )
            puzzle = lo.product(g_small, h_small, modulus=p)
            elim_small, expected = measure(lambda puzzle=puzzle: _eliminated(puzzle), 3)
            if got != expected:
                msg = (
                    f"{name} at size {small} over GF({p}): formula {got} != elimination {expected}"
                )
                raise AssertionError(msg)
            notes = [] if small == size else [f"elimination cannot build size {size} here"]
            if quick:
                notes.append(f"quick mode: size {size} instead of {full}")
            label = name.replace("-", " □ ")
            workload = f"nullity of {label} (size {size}) over GF({p}), from the factors"
            checks = [f"size {small} equals elimination ({expected})"]
            extra = {"nullity": int(value)}
            row = within_seconds(f"{name}-gf{p}", workload, timing, 1.0, checks, notes=notes)
            row.extra = extra
            rows.append(row)
            rows.append(
                faster_than(
                    f"{name}-gf{p}-vs-elimination",
                    f"the same at size {small} ({puzzle.n} lights): formula vs elimination",
                    formula_small,
                    "elimination",
                    elim_small,
                    [f"equals elimination ({expected})"],
                    target="none: the ratio at a size elimination can take",
                )
            )
    return rows


def _random_pairs(quick: bool) -> list[Result]:
    """Products of random graphs on 4 to 12 nodes, the formula against elimination."""
    rng = random.Random(5)
    pairs = []
    for _ in range(10 if quick else 40):
        a, b = rng.randint(4, 12), rng.randint(4, 12)
        pairs.append(
            (
                nx.gnp_random_graph(a, 0.4, seed=rng.randint(0, 10**6)),
                nx.gnp_random_graph(b, 0.4, seed=rng.randint(0, 10**6)),
                rng.choice([2, 3, 5, 7]),
            )
        )
    puzzles = [lo.product(g, h, modulus=p) for g, h, p in pairs]
    formula, got = measure(
        lambda: [product_nullity(g, h, modulus=p) for g, h, p in pairs], 3, setup=_clear
    )
    elimination, expected = measure(lambda: [_eliminated(q) for q in puzzles], 3)
    if got != expected:
        msg = "random products: the formula disagrees with elimination"
        raise AssertionError(msg)
    return [
        faster_than(
            "random-products",
            f"{len(pairs)} products of random graphs (4-12 nodes each), GF(2, 3, 5, 7)",
            formula,
            "elimination",
            elimination,
            [f"all {len(pairs)} nullities equal elimination"],
            target="none: generic factors pay a Smith form",
        )
    ]


WORKLOADS: dict[str, Callable[[bool], list[Result]]] = {
    "product-torus-tables": _torus_table,
    "product-singles": _singles,
    "product-random": _random_pairs,
}
