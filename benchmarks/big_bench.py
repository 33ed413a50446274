"""Big boards through the ordinary API: ``lo.solve(lo.grid(m, n), board)`` end to end.

Every row runs in a fresh Python process, so that the peak memory it reports (the process's
own high-water mark, VmHWM) belongs to that workload alone, and no cache of an earlier row can
answer. End to end means: build the puzzle, solve one solvable random board, verify the
presses by replaying them. The grid row is a ratio against ``GridChaser`` (the engine alone,
built and solving the same board) measured in the same run.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from benchmarks.common import Result, Timing, run_fresh, within_seconds

__all__ = ["WORKLOADS"]

_SCRIPT = r"""
import json, sys, time
import numpy as np
import lightsout_graphs as lo
from lightsout_graphs.representation.grids import GridChaser
from benchmarks.memory import peak_kib

kind, m, n, reps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rng = np.random.default_rng(0)
lo.solve(lo.grid(4, 4), 1)  # import and warm up everything once, untimed
lo.solve(lo.torus(4, 4), 1)
runs, checks = [], []
for _ in range(reps):
    if kind in ("grid", "torus", "chaser"):
        x0 = rng.integers(0, 2, m * n)
        family = lo.torus if kind == "torus" else lo.grid
        board = family(m, n).apply_vector(np.zeros(m * n, dtype=np.int64), x0)  # solvable
        board = board.reshape(m, n)
        t0 = time.perf_counter()
        if kind == "chaser":
            chaser = GridChaser(m, n)
            x = chaser.solve(board.ravel())
            ok = x is not None
        else:
            sol = lo.solve(family(m, n), board)
            ok = sol.verify()
        runs.append(time.perf_counter() - t0)
        if kind != "chaser":
            back = family(m, n).apply_vector(np.zeros(m * n, dtype=np.int64), sol.vector)
            ok = ok and bool(np.array_equal(back.reshape(m, n), board))
        checks.append(bool(ok))
    elif kind == "analyze":
        t0 = time.perf_counter()
        a = lo.analyze(lo.grid(m, n))
        runs.append(time.perf_counter() - t0)
        checks.append(a.nullity == lo.grids.nullity(m, n) and a.rank == m * n - a.nullity)
    elif kind in ("king", "knight"):
        t0 = time.perf_counter()
        p = getattr(lo, kind)(m, n)
        t = p.toggle_matrix()
        runs.append(time.perf_counter() - t0)
        checks.append(t.shape == (m * n, m * n) and t.nnz == 2 * p.number_of_edges() + m * n)
print(json.dumps({"runs": runs, "checks": checks, "peak_kib": peak_kib()}))
"""


def _run(kind: str, m: int, n: int, reps: int) -> dict[str, Any]:
    data = run_fresh(_SCRIPT, [kind, str(m), str(n), str(reps)], f"{kind} {m}×{n}")
    if not all(data["checks"]):
        msg = f"{kind} {m}×{n}: a check failed ({data['checks']})"
        raise AssertionError(msg)
    return data


def _gb(kib: int) -> str:
    return f"{kib / 2**20:.2f} GB"


def _solve_row(
    name: str,
    family: str,
    data: dict[str, Any],
    limit: float,
    *,
    memory_gb: float | None = None,
    target: str | None = None,
    how: str = "fresh puzzle per run; build + solve + verify",
    notes: tuple[str, ...] = (),
) -> Result:
    """The row of ``lo.solve(lo.<family>(m, n), board)`` end to end, judged by a time limit.

    ``memory_gb`` adds a condition on the peak memory; ``notes`` follow the peak memory.
    """
    side = int(name.rsplit("-", 1)[1])
    conditions = {}
    if memory_gb is not None:
        conditions[f"peak memory ≤ {memory_gb:g} GB"] = data["peak_kib"] / 2**20 <= memory_gb
    workload = f"lo.solve(lo.{family}({side}, {side}), board): build, solve, verify"
    return within_seconds(
        name,
        workload,
        Timing(data["runs"], how),
        limit,
        ["presses replay on the board"],
        target=target,
        notes=[f"peak memory {_gb(data['peak_kib'])}", *notes],
        conditions=conditions,
        extra={"peak_kib": data["peak_kib"]},
    )


def _quick_note(quick: bool, side: int, full: int) -> tuple[str, ...]:
    return (f"quick mode: {side}×{side} instead of {full}×{full}",) if quick else ()


def grid_end_to_end(quick: bool) -> list[Result]:
    """``lo.solve(lo.grid(1000, 1000), board)`` end to end, against GridChaser alone."""
    side = 500 if quick else 1000
    reps = 3 if quick else 5
    ours = _run("grid", side, side, reps)
    engine = _run("chaser", side, side, reps)
    row = _solve_row(f"big-grid-{side}", "grid", ours, 2.0, notes=_quick_note(quick, side, 1000))
    row.notes[0] += f" (GridChaser {_gb(engine['peak_kib'])})"
    chaser = Timing(engine["runs"], "GridChaser(m, n) built + solve")
    ratio = replace(row, target="≤ 2× GridChaser", kind="ratio_max", against="GridChaser")
    ratio.baselines = {"GridChaser": chaser}
    ratio.checks = ["presses replay on the board (Solution.verify and a second replay)"]
    ratio.extra["engine_peak_kib"] = engine["peak_kib"]
    return [ratio]


def torus_end_to_end(quick: bool) -> list[Result]:
    """The same end-to-end path on a 1000×1000 torus (light chasing with wrapped rows)."""
    side = 500 if quick else 1000
    data = _run("torus", side, side, 3 if quick else 5)
    return [
        _solve_row(f"big-torus-{side}", "torus", data, 0.5, notes=_quick_note(quick, side, 1000))
    ]


def analyze_and_solve_4096(quick: bool) -> list[Result]:
    """``lo.analyze`` and ``lo.solve`` on the 4096×4096 board, with peak memory."""
    side = 1024 if quick else 4096
    note = _quick_note(quick, side, 4096)
    ana = _run("analyze", side, side, 3)
    sol = _run("grid", side, side, 1 if quick else 2)
    target = "≤ 5 s and peak memory ≤ 4 GB"
    solve_row = _solve_row(f"big-solve-{side}", "grid", sol, 5.0, memory_gb=4.0, target=target)
    solve_row.notes += note
    solve_row.notes[0] += " (VmHWM of the process)"
    workload = f"lo.analyze(lo.grid({side}, {side})): rank, nullity, counts"
    analyzed = Timing(ana["runs"], "fresh process; polynomial method")
    check = "nullity = grids.nullity, rank = n − nullity"
    notes = [f"peak memory {_gb(ana['peak_kib'])}", *note]
    ana_row = within_seconds(f"big-analyze-{side}", workload, analyzed, 1.0, [check], notes=notes)
    return [ana_row, solve_row]


def build_chess_boards(quick: bool) -> list[Result]:
    """Building ``lo.king`` and ``lo.knight`` on 1000×1000, toggle matrix included."""
    rows = []
    for kind in ("king", "knight"):
        data = _run(kind, 1000, 1000, 3)
        workload = f"lo.{kind}(1000, 1000) and its toggle matrix (scipy CSR)"
        built = Timing(data["runs"], "fresh puzzle per run; toggle_matrix() included")
        notes = [f"peak memory {_gb(data['peak_kib'])}"]
        checks = ["nnz = 2·edges + lights"]
        rows.append(within_seconds(f"build-{kind}-1000", workload, built, 1.0, checks, notes=notes))
    return rows


def hundred_million(quick: bool) -> list[Result]:
    """A 10,000×10,000 board (10⁸ lights) through ``lo.solve``; full mode only, memory allowing."""
    if quick:
        return []
    target = "≤ 120 s and ≤ 16 GB"
    if os.environ.get("LIGHTSOUT_BENCH_BIG") != "1":
        return [
            Result(
                name="big-solve-10000",
                workload="lo.solve(lo.grid(10000, 10000), board): build, solve, verify",
                ours=None,
                target=target,
                notes=["skipped: set LIGHTSOUT_BENCH_BIG=1 (needs about 12 GB free)"],
            )
        ]
    data = _run("grid", 10_000, 10_000, 1)
    how = "one run; build + solve + verify"
    return [
        _solve_row("big-solve-10000", "grid", data, 120.0, memory_gb=16.0, target=target, how=how)
    ]


WORKLOADS: dict[str, Callable[[bool], list[Result]]] = {
    "big-grid": grid_end_to_end,
    "big-torus": torus_end_to_end,
    "big-4096": analyze_and_solve_4096,
    "big-build": build_chess_boards,
    "big-10000": hundred_million,
}
