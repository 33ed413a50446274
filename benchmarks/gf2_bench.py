"""GF(2) elimination workloads: the 100×100 grid, a random sparse graph, and the baselines."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import scipy.sparse as sp

import lightsout_graphs as lo
from benchmarks.baselines import colscan, galois_gf2
from benchmarks.common import Result, Timing, faster_than, measure, warm_engines
from benchmarks.m4ri import harness as m4ri
from benchmarks.problems import grid_matrix, random_sparse_matrix, reachable_rhs
from lightsout_graphs import zk

__all__ = ["WORKLOADS", "gf2_engines"]

SEED = 20240501
#: Average degree of the random sparse graphs (closed rule).
DEGREE = 6.0


def gf2_engines() -> dict[str, str]:
    """The ``zk.factorize`` methods to time over GF(2): ``auto`` and the pure-Python one.

    Returns
    -------
    dict of str to str
        ``"auto"`` always; ``"python"`` (the pure-Python engine's method name) and
        ``"compiled"`` (a compiled kernel's method name) when :data:`zk.METHODS` offers them.
    """
    methods = [m for m in getattr(zk, "METHODS", ("auto",)) if isinstance(m, str)]
    found = {"auto": "auto"}
    for name in methods:
        low = name.lower()
        if any(tag in low for tag in ("numba", "m4r", "packed", "compiled", "jit")):
            found.setdefault("compiled", name)
        elif "python" in low or low in ("gf2-python", "gf2py"):
            found.setdefault("python", name)
    if "python" not in found and "gf2" in methods:
        found["python"] = "gf2"
    return found


def _verify(matrix: sp.csr_array, x: np.ndarray | None, b: np.ndarray, k: int = 2) -> None:
    if x is None:
        msg = "the engine found no solution for a solvable right-hand side"
        raise AssertionError(msg)
    if not np.array_equal((matrix @ np.asarray(x, dtype=np.int64)) % k, b % k):
        msg = "the engine's solution does not satisfy A x = b"
        raise AssertionError(msg)


def _m4ri_baselines(
    matrix: sp.csr_array, b: np.ndarray, reps: int, modes: tuple[str, ...], notes: list[str]
) -> dict[str, Timing]:
    """M4RI timings by mode; on a missing harness, a note and no entries."""
    try:
        exe = m4ri.build()
        out = {}
        for mode in modes:
            t = m4ri.time_system(matrix, b, mode, reps, exe=exe)
            out[mode] = Timing(t.seconds, f"M4RI {mode}, rank {t.rank}")
        return out
    except m4ri.M4RIUnavailable as exc:
        notes.append(f"M4RI skipped: {exc}")
        return {}


def _ours(
    matrix: sp.csr_array,
    b: np.ndarray,
    reps: int,
    method: str,
    *,
    kernel: bool,
    budget: float | None = 20.0,
) -> tuple[Timing, Any]:
    def work(a: sp.csr_array) -> tuple[np.ndarray | None, list[Any]]:
        f = zk.factorize(a, 2, method=method)
        x = f.solve(b)
        return x, (f.kernel() if kernel else [])

    timing, (x, kern) = measure(
        work,
        reps,
        setup=lambda: (matrix.copy(),),
        warmup=lambda: warm_engines(2),
        budget=budget,
    )
    _verify(matrix, x, b)
    what = f"zk.factorize(method={method!r}) + solve" + (" + kernel" if kernel else "")
    timing.note = "; ".join(filter(None, [what, timing.note]))
    return timing, kern


def _vs_m4ri(
    name: str,
    workload: str,
    ours: Timing,
    baselines: dict[str, Timing],
    limit: float,
    notes: list[str],
    *,
    checks: list[str] | None = None,
    fastest: bool = False,
) -> Result:
    """A row judged as ours ÷ the fastest M4RI baseline ≤ ``limit``."""
    m4ri_only = {k: v for k, v in baselines.items() if k.startswith("m4ri")}
    against = min(m4ri_only, key=lambda k: m4ri_only[k].median) if m4ri_only else None
    return Result(
        name=name,
        workload=workload,
        ours=ours,
        baselines=baselines,
        target=f"≤ {limit:g}× M4RI" + (" (fastest way)" if fastest else ""),
        kind="ratio_max",
        value=limit,
        against=against,
        checks=checks or ["A x = b verified"],
        notes=notes,
    )


def grid100(quick: bool) -> list[Result]:
    """The 100×100 grid over GF(2): solve and kernel, general engine and ``lo.solve``."""
    side = 100
    reps = 3 if quick else 5
    matrix = grid_matrix(side, side)
    b = reachable_rhs(matrix, 2, SEED)
    notes: list[str] = []
    base = _m4ri_baselines(matrix, b, reps, ("rref", "solve", "kernel"), notes)
    baselines: dict[str, Timing] = {}
    if base:
        baselines["m4ri-rref"] = base["rref"]
        both = [s + k for s, k in zip(base["solve"].runs, base["kernel"].runs, strict=True)]
        baselines["m4ri-solve+kernel"] = Timing(both, "mzd_solve_left + mzd_kernel_left_pluq")
    checks = ["A x = b verified"]
    if not quick:
        t, res = measure(colscan.solve, 1, setup=lambda: (matrix, b))
        _verify(matrix, res.solution, b)
        t.note = "column-scan Gauss–Jordan on Python ints, one run"
        baselines["colscan"] = t
    ours, kern = _ours(matrix, b, reps, "auto", kernel=True)
    if base:
        rank = int(base["rref"].note.rsplit(" ", 1)[1])
        if len(kern) != side * side - rank:
            msg = f"kernel has {len(kern)} generators, M4RI's rank says {side * side - rank}"
            raise AssertionError(msg)
        checks.append("kernel dimension agrees with M4RI's rank")
    workload = "100×100 grid, GF(2), solve + kernel (general engine, zk.factorize)"
    rows = [
        _vs_m4ri("grid100-gf2", workload, ours, baselines, 1.5, notes, checks=checks, fastest=True)
    ]

    def via_solve(p: lo.Puzzle) -> Any:
        return lo.solve(p, b)

    t, sol = measure(via_solve, reps, setup=lambda: (lo.grid(side, side),))
    _verify(matrix, sol.vector, b)
    t.note = f"lo.solve on a fresh grid puzzle (engine: {sol.method})"
    workload = f"100×100 grid, GF(2), lo.solve (solution + kernel; method {sol.method})"
    m4ri_only = {k: v for k, v in baselines.items() if k != "colscan"}
    rows.append(
        _vs_m4ri("grid100-lo-solve", workload, t, m4ri_only, 1.5, list(notes), fastest=True)
    )
    return rows


def random_graph(quick: bool) -> list[Result]:
    """A random sparse graph, N = 10,000, average degree 6, closed rule, GF(2) solve."""
    nodes = 10_000
    reps = 3 if quick else 5
    matrix = random_sparse_matrix(nodes, DEGREE, SEED)
    b = reachable_rhs(matrix, 2, SEED + 1)
    notes: list[str] = []
    base = _m4ri_baselines(matrix, b, reps, ("solve", "rref"), notes)
    baselines = {f"m4ri-{k}": v for k, v in base.items()}
    engines = gf2_engines()
    workload = f"random G(N, p), N = {nodes:,}, avg degree 6, closed rule, GF(2) solve"
    compiled = engines.get("compiled", "auto")
    runs = [("random-gf2-compiled", compiled, f" [method={compiled!r}]", 3.0)]
    if "python" in engines:
        python = engines["python"]
        runs.append(("random-gf2-python", python, f" [pure Python, method={python!r}]", 10.0))
    budget = 5.0 if quick else 60.0
    rows = []
    for name, method, label, limit in runs:
        ours, _ = _ours(matrix, b, reps, method, kernel=False, budget=budget)
        row_notes = list(notes)
        if name == "random-gf2-compiled" and "compiled" not in engines:
            row_notes.append("no compiled GF(2) kernel in zk.METHODS: this is method 'auto'")
        rows.append(_vs_m4ri(name, workload + label, ours, baselines, limit, row_notes))
    return rows


def colscan_ratio(quick: bool) -> list[Result]:
    """Our default engine against the column-scan baseline on the random sparse graph."""
    nodes = 5_000 if quick else 10_000
    matrix = random_sparse_matrix(nodes, DEGREE, SEED)
    b = reachable_rhs(matrix, 2, SEED + 1)
    notes = []
    if quick:
        notes.append(
            "quick mode: N = 5,000 instead of 10,000 (the full mode runs N = 10,000; the "
            "baseline's cost grows faster with N than ours, so this understates the speed-up)"
        )
    t, res = measure(colscan.solve, 3 if quick else 1, setup=lambda: (matrix, b), budget=5.0)
    _verify(matrix, res.solution, b)
    t.note = "column-scan Gauss–Jordan on Python ints" + ("" if quick else ", one run")
    ours, kern = _ours(matrix, b, 5 if quick else 3, "auto", kernel=True)
    checks = ["A x = b verified for both"]
    if len(kern) != len(res.kernel):
        msg = f"kernel dimension {len(kern)} differs from the baseline's {len(res.kernel)}"
        raise AssertionError(msg)
    checks.append("kernel dimension agrees with the baseline")
    workload = f"random G(N, p), N = {nodes:,}, avg degree 6, GF(2) solve + kernel"
    row = faster_than("colscan-gf2", workload, ours, "colscan", t, checks, speedup=50.0)
    row.notes = notes
    return [row]


def galois_ratio(quick: bool) -> list[Result]:
    """A small grid against galois's ``row_reduce`` (and M4RI), for the ratio only."""
    side = 30 if quick else 40
    matrix = grid_matrix(side, side)
    b = reachable_rhs(matrix, 2, SEED)
    notes: list[str] = []
    reps = 3
    base = _m4ri_baselines(matrix, b, reps, ("rref",), notes)
    baselines = {f"m4ri-{k}": v for k, v in base.items()}
    against = None
    if galois_gf2.available():
        import galois

        field = galois.GF(2)
        t, (x, _) = measure(
            galois_gf2.row_reduce_solve,
            reps,
            setup=lambda: (matrix, b),
            warmup=lambda: galois_gf2.row_reduce_solve(grid_matrix(4, 4), np.ones(16), field=field),
        )
        _verify(matrix, x, b)
        t.note = "galois.GF(2) row_reduce of [A | b]"
        baselines["galois"] = t
        against = "galois"
    else:
        notes.append("galois is not installed: its baseline is skipped")
    ours, _ = _ours(matrix, b, 5, "auto", kernel=True)
    return [
        Result(
            name="galois-gf2",
            workload=f"{side}×{side} grid, GF(2), solve + kernel: galois and M4RI side by side",
            ours=ours,
            baselines=baselines,
            target="— (ratio only; galois is far slower than M4RI)",
            kind="none",
            against=against,
            checks=["A x = b verified"],
            notes=notes,
        )
    ]


#: name -> function(quick) -> list of Result; run.py adds the other modules' workloads.
WORKLOADS: dict[str, Callable[[bool], list[Result]]] = {
    "grid100": grid100,
    "random": random_graph,
    "colscan": colscan_ratio,
    "galois": galois_ratio,
}
