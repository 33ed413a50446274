"""Dict boards at array speed: a 1000×1000 grid board given as ``{(i, j): v}``.

The docs teach dict boards first, so on boards of cells they must cost about what building the
dict costs. Every row times, in the same run:

- ``dict-board-solve``: ``lo.solve(lo.grid(1000, 1000), board_dict)`` against the same board
  as a NumPy array, and against building the dict in Python (a dict comprehension over the
  cells); target: the dict solve ≤ (building the dict) + 3 × (the array solve);
- ``dict-board-apply``: ``p.apply(board_dict, presses_dict)`` (both dicts over every cell,
  the result a dict), target ≤ 2 s, with building the dict beside it.

Each solve gets a fresh puzzle, so no cache answers; the solutions are checked to replay and to
agree between the two forms.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

import lightsout_graphs as lo
from benchmarks.common import Result, Timing, measure, within_seconds

__all__ = ["WORKLOADS"]


def _board(side: int) -> np.ndarray:
    return np.random.default_rng(2026).integers(0, 2, (side, side))


def _as_dict(arr: np.ndarray) -> dict[tuple[int, int], int]:
    m, n = arr.shape
    return {(i, j): int(arr[i, j]) for i in range(m) for j in range(n)}


def _dict_solve(quick: bool) -> list[Result]:
    side = 500 if quick else 1000
    arr = _board(side)
    build, board = measure(lambda: _as_dict(arr), 3)

    def fresh() -> tuple[lo.Puzzle]:
        return (lo.grid(side, side),)

    array, by_array = measure(lambda p: lo.solve(p, arr), 5, setup=fresh)
    ours, by_dict = measure(lambda p: lo.solve(p, board), 5, setup=fresh)
    if not (by_dict.verify() and by_array.verify()):
        msg = "a dict-board solution does not replay"
        raise AssertionError(msg)
    if not (by_dict.presses_array == by_array.presses_array).all():
        msg = "the dict board and the array board got different solutions"
        raise AssertionError(msg)
    allowance = Timing([build.median + 3 * array.median], "building the dict + 3 × array solve")
    row = within_seconds(
        "dict-board-solve",
        f"lo.solve on a {side}×{side} grid, the board as a dict {{(i, j): v}}",
        ours,
        float("inf"),
        ["solutions replay", "dict and array boards give the same presses"],
        notes=[
            f"array board: {array.median:.3f} s; building the dict: {build.median:.3f} s",
            *([f"quick mode: {side}×{side} instead of 1000×1000"] if quick else []),
        ],
    )
    return [
        replace(
            row,
            baselines={"dict build + 3× array": allowance, "array": array, "dict build": build},
            target="≤ building the dict + 3× the array solve",
            kind="ratio_max",
            value=1.0,
            against="dict build + 3× array",
        )
    ]


def _dict_apply(quick: bool) -> list[Result]:
    side = 500 if quick else 1000
    arr = _board(side)
    build, board = measure(lambda: _as_dict(arr), 3)
    presses = _as_dict(arr[::-1])
    p = lo.grid(side, side)
    ours, after = measure(lambda: p.apply(board, presses), 3)
    x = arr[::-1].reshape(-1)
    expected = p.apply_vector(arr.reshape(-1), x)
    if not (p.state_vector(after) == expected).all():
        msg = "p.apply with dicts disagrees with apply_vector"
        raise AssertionError(msg)
    row = within_seconds(
        "dict-board-apply",
        f"p.apply(dict, dict) on a {side}×{side} grid, the result a dict",
        ours,
        2.0,
        ["equals apply_vector on the same vectors"],
        notes=[f"building one dict: {build.median:.3f} s"]
        + ([f"quick mode: {side}×{side} instead of 1000×1000"] if quick else []),
    )
    return [replace(row, baselines={"dict build": build})]


WORKLOADS = {"dict-board-solve": _dict_solve, "dict-board-apply": _dict_apply}
