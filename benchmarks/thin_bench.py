"""Thin and long boards: ``lo.solve`` of a grid and a torus of 3 columns against the square
board of as many lights, the planner's estimate beside the measured time, and the symmetries
of a 3000×3000 grid.

Light chasing runs along the longer side, so a board of 3 columns and a million rows used to
take a million Python steps (13–31 s for ``lo.grid(2**20, 3)``); it is now chased in blocks of
rows (:mod:`lightsout_graphs.representation.grids._row_scan`). Each row's ratio is the thin
board's median over the square board's, both through ``lo.solve(p, 1)`` in the same run.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import lightsout_graphs as lo
from benchmarks.common import Result, Timing, measure, within_seconds
from lightsout_graphs.algorithms.planner import plan

__all__ = ["WORKLOADS"]


def _solve_timing(make: Callable[[], lo.Puzzle], reps: int) -> Timing:
    """``lo.solve(p, 1)`` on a fresh puzzle each time (built untimed, so that no cached
    factorisation answers), with the last solution replayed (untimed)."""

    def work(puzzle: lo.Puzzle) -> tuple[lo.Puzzle, lo.Solution]:
        return puzzle, lo.solve(puzzle, 1)

    timing, (puzzle, sol) = measure(work, reps, setup=lambda: (make(),), budget=30.0)
    after = puzzle.apply_vector(puzzle.state_vector(1), puzzle.presses_vector(sol.presses))
    if after.any():
        msg = f"the presses of lo.solve do not clear the {puzzle!r} board"
        raise AssertionError(msg)
    timing.note = "lo.solve(p, 1) on a fresh puzzle (built untimed); presses replayed"
    return timing


def thin(quick: bool) -> list[Result]:
    """grid(2**20, 3) and torus(2**17, 3) against square boards of as many lights."""
    reps = 2 if quick else 5
    rows = []
    lo.solve(lo.grid(300, 3), 1)  # imports and first calls, untimed
    lo.solve(lo.torus(300, 3), 1)
    for name, family, rows_ in (("thin-grid", lo.grid, 2**20), ("thin-torus", lo.torus, 2**17)):
        long_rows = rows_ // 4 if quick else rows_
        side = math.isqrt(long_rows * 3)
        ours = _solve_timing(lambda f=family, r=long_rows: f(r, 3), reps)
        base = _solve_timing(lambda f=family, s=side: f(s, s), reps)
        estimate = plan(family(long_rows, 3)).seconds
        off = max(ours.median / estimate, estimate / ours.median)
        notes = [
            (
                f"absolute: {ours.median:.3f} s for {long_rows}×3, {base.median:.3f} s for "
                f"{side}×{side}"
            ),
            f"planner's estimate {estimate:.3g} s, {off:.1f}× off the measured median",
        ]
        if quick:
            notes.append(f"quick mode: {long_rows} rows instead of {rows_}")
        rows.append(
            Result(
                name=name,
                workload=f"lo.solve of the {long_rows}×3 {family.__name__} against {side}×{side}",
                ours=ours,
                baselines={"square board": base},
                target="≤ 2× the square board, ≤ 2 s, estimate within 10×",
                kind="ratio_max",
                value=2.0,
                against="square board",
                checks=["presses replay on both boards"],
                notes=notes,
                extra={"estimate_seconds": estimate, "estimate_off": off},
                conditions={"≤ 2 s": ours.median <= 2.0, "estimate within 10×": off <= 10},
            )
        )
    return rows


def big_torus(quick: bool) -> list[Result]:
    """torus(2**23, 3) (2**21 in quick mode): runs within 10× of the planner's estimate."""
    long_rows = 2**21 if quick else 2**23
    estimate = plan(lo.torus(long_rows, 3)).seconds
    ours = _solve_timing(lambda: lo.torus(long_rows, 3), 1)
    off = max(ours.median / estimate, estimate / ours.median)
    return [
        within_seconds(
            "thin-torus-big",
            f"lo.solve of the {long_rows}×3 torus ({3 * long_rows:,} lights)",
            ours,
            10 * estimate,
            ["presses replay on the board"],
            target=f"within 10× of the estimate ({estimate:.3g} s)",
            notes=[f"estimate {estimate:.3g} s, {off:.1f}× off"],
            extra={"estimate_seconds": estimate, "estimate_off": off},
            conditions={"not 10× faster than estimated": off <= 10},
        )
    ]


def lattice_symmetries(quick: bool) -> list[Result]:
    """lo.symmetries of a 3000×3000 grid, from its structure."""
    del quick
    timing, group = measure(lambda: lo.symmetries(lo.grid(3000, 3000)), 3)
    if len(group) != 8 or {g[(0, 0)] for g in group} != {
        (0, 0),
        (0, 2999),
        (2999, 0),
        (2999, 2999),
    }:
        msg = "the 3000×3000 grid does not have the 8 symmetries of the square"
        raise AssertionError(msg)
    timing.note = "lo.symmetries(lo.grid(3000, 3000)), the puzzle built inside"
    return [
        within_seconds(
            "symmetries-3000",
            "symmetries of the 3000×3000 grid (9,000,000 nodes)",
            timing,
            0.1,
            ["8 symmetries, the corners go to the corners"],
        )
    ]


WORKLOADS: dict[str, Callable[[bool], list[Result]]] = {
    "thin": thin,
    "thin-big": big_torus,
    "symmetries": lattice_symmetries,
}
