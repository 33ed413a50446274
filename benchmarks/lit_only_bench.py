"""Lit-only questions answered by the theorems, against the breadth-first search where both run.

Rows: the closed-rule clearing theorem against our own search on the 4×5 board (2**20 boards);
the open-rule reduction against the search on the 4×5 open-rule board; the orbit size and the
minimum light number of the 4×5 open-rule board by the classification against the search; a
20×20 open-rule question (400 lights, far beyond any search) under 1 s, and its orbit size
and minimum light number under 1 s; the 100×100 closed-rule board cleared
by a replayed lit-only sequence under 10 s; replayed open-rule sequences between boards of one
orbit on random trees of 100 and 300 nodes, the 30×30 grid, and the line graphs path 2000,
cycle 1001 and D1000 (no search can run there); orbit sizes and minimum light numbers of line
graphs of 20 nodes (path, cycle, star) by the token game against the search; questions on a
20×20 open-rule puzzle already asked, against the same question on a new puzzle. Every answer
is checked: sequences replay, and the theory agrees with the search where both run.
"""

from __future__ import annotations

from collections.abc import Callable

import networkx as nx
import numpy as np

import lightsout_graphs as lo
from benchmarks.common import Result, faster_than, measure, within_seconds
from lightsout_graphs.algorithms.variants import _lit_only_theory as theory

__all__ = ["WORKLOADS"]


def _closed_ratio(quick: bool) -> list[Result]:
    shape = (4, 5)
    board = lo.random_board(lo.grid(*shape), seed=5)

    def run(method: str) -> lo.LitOnlyResult:
        return lo.lit_only_solve(lo.grid(*shape), board, method=method)

    ours, got = measure(lambda: run("theory"), 3 if quick else 7)
    base, want = measure(lambda: run("search"), 1 if quick else 3)
    if got.reachable != want.reachable or (got.reachable and not got.verify()):
        msg = "closed-rule theory and search disagree"
        raise AssertionError(msg)
    ours.note = f"clearing theorem, {got.num_presses} presses (search: {want.num_presses}, fewest)"
    base.note = "breadth-first search over 2**20 boards"
    workload = f"clear one {shape[0]}×{shape[1]} board with lit-only presses (closed rule)"
    check = "same answer as the search; the sequence replays"
    return [faster_than("litonly-closed", workload, ours, "search", base, [check], speedup=10)]


def _open_ratio(quick: bool) -> list[Result]:
    g = nx.grid_2d_graph(4, 5)
    pairs = [({(0, 0): 1}, {(3, 4): 1}), ({(0, 0): 1}, {(1, 2): 1})]

    def run(method: str) -> list[lo.LitOnlyResult]:
        p = lo.Puzzle(g, rule="open")
        return [lo.lit_only_reachable(p, a, b, method=method) for a, b in pairs]

    ours, got = measure(lambda: run("theory"), 3 if quick else 7)
    base, want = measure(lambda: run("search"), 1 if quick else 3)
    if [r.reachable for r in got] != [r.reachable for r in want] or not got[0].verify():
        msg = "open-rule theory and search disagree"
        raise AssertionError(msg)
    ours.note = "invariants + reduction"
    base.note = "breadth-first search over 2**20 boards (the whole orbit for the 'no')"
    workload = "4×5 open rule: corner light to the far corner (yes), to (1, 2) (no)"
    check = "same answer as the search; the sequence replays"
    return [faster_than("litonly-open", workload, ours, "search", base, [check], speedup=10)]


def _orbit_ratio(quick: bool) -> list[Result]:
    g = nx.grid_2d_graph(4, 5)
    board = {(0, 0): 1, (2, 3): 1}

    def theory_run() -> tuple[int | None, int]:
        p = lo.Puzzle(g, rule="open")
        return lo.lit_only_orbit(p, board).size, lo.min_light_number(p)

    def search_run() -> tuple[int | None, int]:
        p = lo.Puzzle(g, rule="open")
        th = theory.OpenTheory(p.toggle_matrix())
        x = theory.bits_of(p.state_vector(board))
        return theory.orbit_size(th, x, 2**20), theory.min_light_number(th, 2**20)

    ours, got = measure(theory_run, 3 if quick else 7)
    base, want = measure(search_run, 1 if quick else 3)
    if got != want:
        msg = f"open-rule orbit answers differ: theory {got}, search {want}"
        raise AssertionError(msg)
    ours.note = (
        f"classification (induced E6): orbit of {got[0]} boards, minimum light number {got[1]}"
    )
    base.note = "the orbit, then all 2**20 boards sorted into orbits"
    workload = "4×5 open rule: the orbit size of a board and the minimum light number"
    check = "same orbit size and minimum light number as the search"
    return [faster_than("litonly-orbit", workload, ours, "search", base, [check], speedup=10)]


def _grid20_orbits(quick: bool) -> list[Result]:
    def run() -> tuple[lo.LitOnlyOrbit, int]:
        p = lo.Puzzle(nx.grid_2d_graph(20, 20), rule="open")
        return lo.lit_only_orbit(p, {(0, 0): 1, (3, 5): 1}), lo.min_light_number(p)

    timing, (orbit, lights) = measure(run, 3 if quick else 7)
    if orbit.method != "theory" or orbit.size != orbit.bound or lights != 10:
        msg = "20×20 open-rule orbit answers changed"
        raise AssertionError(msg)
    timing.note = f"orbit of about 2**{orbit.size.bit_length() - 1} boards, minimum light number 10"
    workload = (
        "20×20 open rule (400 lights): the orbit size of a board and the minimum light number"
    )
    check = "by the classification (induced E6); the same code agrees with the search on 4×4, 3×6"
    return [within_seconds("litonly-grid20-orbits", workload, timing, 1.0, [check])]


def _walk(p: lo.Puzzle, board: np.ndarray, steps: int, seed: int) -> np.ndarray:
    """The end of a random walk of lit-only presses (open rule, k = 2)."""
    rng = np.random.default_rng(seed)
    t = p.toggle_matrix().tocsc()
    board = board.copy()
    for _ in range(steps):
        v = int(rng.choice(np.flatnonzero(board)))
        board[t.indices[t.indptr[v] : t.indptr[v + 1]]] ^= 1
    return board


def _grid20(quick: bool) -> list[Result]:
    p0 = lo.Puzzle(nx.grid_2d_graph(20, 20), rule="open")
    heavy = np.random.default_rng(2).integers(0, 2, 400)
    pairs = [
        ({(0, 0): 1}, {(19, 19): 1}),
        ({(0, 0): 1}, {(10, 10): 1}),
        (heavy, _walk(p0, heavy, 3000, 4)),
    ]

    def run() -> list[lo.LitOnlyResult]:
        p = lo.Puzzle(nx.grid_2d_graph(20, 20), rule="open")
        return [lo.lit_only_reachable(p, a, b) for a, b in pairs]

    timing, got = measure(run, 3 if quick else 7)
    if [r.reachable for r in got] != [True, False, True] or not all(
        r.verify() for r in got if r.reachable
    ):
        msg = "20×20 open-rule answers changed"
        raise AssertionError(msg)
    if any(r.method != "theory" for r in got):
        msg = "20×20 open-rule questions left the theory"
        raise AssertionError(msg)
    workload = (
        "20×20 open rule (400 lights): corner to far corner (yes), to the centre (no), "
        f"a random board ({int(heavy.sum())} lights) to the end of a 3000-press walk (yes)"
    )
    check = "replayed sequences for the yes, different invariants for the no"
    return [within_seconds("litonly-grid20", workload, timing, 1.0, [check])]


def _grid100(quick: bool) -> list[Result]:
    board = lo.random_board(lo.grid(100, 100), seed=11)

    def run() -> lo.LitOnlyResult:
        r = lo.lit_only_solve(lo.grid(100, 100), board)
        r.verify()
        return r

    timing, got = measure(run, 1 if quick else 3)
    timing.note = f"{got.num_presses} lit-only presses, replayed"
    workload = "100×100 closed rule (10 000 lights): clear a random board with lit-only presses"
    check = "the sequence replays, pressing lit buttons only"
    return [within_seconds("litonly-closed-100", workload, timing, 10.0, [check])]


def _sequences(quick: bool) -> list[Result]:
    """Sequences on covered components far beyond the search: random trees and the 30×30 grid."""
    rows: list[Result] = []
    e6 = "induced E6"
    tokens = "a line graph of a multigraph: tokens"
    d_1000 = nx.Graph([(v, v + 1) for v in range(997)] + [(996, 999)])
    cases: list[tuple[str, str, nx.Graph, float, str]] = [
        (
            "litonly-tree-100",
            "a random tree of 100 nodes",
            nx.random_labeled_tree(100, seed=1),
            2.0,
            e6,
        ),
        (
            "litonly-tree-300",
            "a random tree of 300 nodes",
            nx.random_labeled_tree(300, seed=1),
            3.0,
            e6,
        ),
        ("litonly-grid30", "the 30×30 grid", nx.grid_2d_graph(30, 30), 10.0, e6),
        ("litonly-path2000", "the path of 2000 nodes", nx.path_graph(2000), 10.0, tokens),
        ("litonly-cycle1001", "the cycle of 1001 nodes", nx.cycle_graph(1001), 5.0, tokens),
        ("litonly-d1000", "the Dynkin tree D1000", d_1000, 5.0, tokens),
    ]
    for name, what, g, limit, kind in cases:
        p = lo.Puzzle(g, rule="open")
        n = g.number_of_nodes()
        rng = np.random.default_rng(7)
        pairs = []
        for seed in range(3 if quick else 6):
            heavy = rng.integers(0, 2, n)
            pairs.append((heavy, _walk(p, heavy, 4 * n, seed)))
        light = np.zeros(n, dtype=np.int64)
        light[0] = 1
        pairs.append((light, _walk(p, light, 4 * n, 99)))

        def run(p: lo.Puzzle = p, pairs: list = pairs) -> list[lo.LitOnlyResult]:
            return [lo.lit_only_reachable(p, a, b) for a, b in pairs]

        timing, got = measure(run, 1 if quick else 3)
        if not all(r.reachable and r.has_sequence and r.verify() for r in got):
            msg = f"open rule on {what}: a reachable pair without a replayed sequence"
            raise AssertionError(msg)
        presses = max(r.num_presses for r in got)
        timing.note = f"{len(pairs)} pairs, every one a replayed sequence (longest {presses})"
        workload = (
            f"open rule on {what} ({kind}): {len(pairs)} pairs of one orbit (random boards "
            "and one light, each to the end of a random walk of 4n presses)"
        )
        check = "every answer reachable with a sequence that replays"
        rows.append(within_seconds(name, workload, timing, limit, [check]))
    return rows


def _line_ratio(quick: bool) -> list[Result]:
    """Orbit sizes and the minimum light number of line graphs: tokens against the search."""
    graphs = [nx.path_graph(20), nx.cycle_graph(20), nx.star_graph(19)]
    boards = [np.eye(20, dtype=np.int64)[0], np.ones(20, dtype=np.int64)]

    def theory_run() -> list[tuple[list[int | None], int]]:
        out = []
        for g in graphs:
            p = lo.Puzzle(g, rule="open")
            sizes = [lo.lit_only_orbit(p, b).size for b in boards]
            out.append((sizes, lo.min_light_number(p, max_states=1)))
        return out

    def search_run() -> list[tuple[list[int | None], int]]:
        out = []
        for g in graphs:
            p = lo.Puzzle(g, rule="open")
            th = theory.OpenTheory(p.toggle_matrix())
            sizes = [theory.orbit_size(th, theory.bits_of(b), 2**20) for b in boards]
            out.append((sizes, theory.min_light_number(th, 2**20)))
        return out

    ours, got = measure(theory_run, 3 if quick else 7)
    base, want = measure(search_run, 1)
    if got != want:
        msg = f"line graphs: tokens {got} and search {want} disagree"
        raise AssertionError(msg)
    ours.note = "tokens on the root multigraph"
    base.note = "sorting the 2**20 boards of each graph into orbits"
    workload = (
        "open rule on the path, the cycle and the star of 20 nodes: two orbit sizes and the "
        "minimum light number each"
    )
    check = "the same sizes and numbers as the search"
    return [faster_than("litonly-lines", workload, ours, "search", base, [check], speedup=10)]


def _repeat_ratio(quick: bool) -> list[Result]:
    g = nx.grid_2d_graph(20, 20)
    rng = np.random.default_rng(7)
    pairs = [tuple(rng.integers(0, 2, size=(2, 400))) for _ in range(2)]
    kept = lo.Puzzle(g, rule="open")
    lo.lit_only_reachable(kept, *pairs[0])  # the first question classifies the puzzle
    pairs = pairs[1:]

    def run(p: lo.Puzzle) -> list[bool]:
        return [lo.lit_only_reachable(p, a, b).reachable for a, b in pairs]

    ours, got = measure(run, 5 if quick else 15, setup=lambda: (kept,))
    base, want = measure(run, 5 if quick else 15, setup=lambda: (lo.Puzzle(g, rule="open"),))
    if got != want:
        msg = "a kept puzzle and a new puzzle give different answers"
        raise AssertionError(msg)
    ours.note = "the puzzle's theory is classified once and kept"
    base.note = "a new puzzle each time: its theory built and classified again"
    workload = "a second lit-only reachability question on one 20×20 open-rule puzzle"
    check = "the same answers as on a new puzzle"
    return [faster_than("litonly-repeat", workload, ours, "new puzzle", base, [check], speedup=3)]


def lit_only(quick: bool) -> list[Result]:
    """Every lit-only theory row."""
    return (
        _closed_ratio(quick)
        + _open_ratio(quick)
        + _orbit_ratio(quick)
        + _grid20(quick)
        + _grid20_orbits(quick)
        + _grid100(quick)
        + _sequences(quick)
        + _line_ratio(quick)
        + _repeat_ratio(quick)
    )


WORKLOADS: dict[str, Callable[[bool], list[Result]]] = {"litonly-theory": lit_only}
