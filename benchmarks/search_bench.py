"""Search workloads: depth distribution (God's number) and the lit-only variant, against plain BFS.

The baselines are straightforward breadth-first searches in pure Python over boards packed into
ints (a set of seen boards, one XOR per press), the way one would first write them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import lightsout_graphs as lo
from benchmarks.common import Result, Timing, faster_than, measure, within_seconds
from lightsout_graphs.algorithms.gods import depth_distribution
from lightsout_graphs.algorithms.variants import lit_only_solvable_states

__all__ = ["WORKLOADS", "python_depth_bfs", "python_lit_only_bfs"]

#: The depth distribution of the 5×5 board (Lights Out): 2**23 solvable boards, God's number 15.
DEPTHS_5X5 = {
    0: 1, 1: 25, 2: 300, 3: 2300, 4: 12650, 5: 53130, 6: 176176, 7: 467104, 8: 982335,
    9: 1596279, 10: 1935294, 11: 1684446, 12: 1004934, 13: 383670, 14: 82614, 15: 7350,
}  # fmt: skip


def _masks(puzzle: lo.Puzzle) -> list[int]:
    t = puzzle.toggle_matrix().toarray()
    return [sum(1 << i for i in range(t.shape[0]) if t[i, j]) for j in range(t.shape[1])]


def python_depth_bfs(puzzle: lo.Puzzle) -> dict[int, int]:
    """Depth histogram by a pure-Python BFS from the dark board (k = 2)."""
    masks = _masks(puzzle)
    seen = {0}
    frontier = [0]
    counts = [1]
    while True:
        nxt = []
        for board in frontier:
            for mask in masks:
                other = board ^ mask
                if other not in seen:
                    seen.add(other)
                    nxt.append(other)
        if not nxt:
            return dict(enumerate(counts))
        counts.append(len(nxt))
        frontier = nxt


def python_lit_only_bfs(puzzle: lo.Puzzle) -> int:
    """How many boards lit-only presses clear, by a pure-Python backward BFS (k = 2)."""
    masks = _masks(puzzle)
    seen = {0}
    frontier = [0]
    while frontier:
        nxt = []
        for board in frontier:
            for j, mask in enumerate(masks):
                before = board ^ mask
                if (before >> j) & 1 and before not in seen:
                    seen.add(before)
                    nxt.append(before)
        frontier = nxt
    return len(seen)


def _race(
    shape: tuple[int, int],
    ours: Callable[[lo.Puzzle], Any],
    baseline: Callable[[lo.Puzzle], Any],
    quick: bool,
    what: str,
) -> tuple[Timing, Timing, Any]:
    """Time ours (fresh puzzle per run) and a pure-Python BFS on one grid; the answers must agree."""
    timing, got = measure(lambda: ours(lo.grid(*shape)), 3)
    puzzle = lo.grid(*shape)
    base, expected = measure(lambda: baseline(puzzle), 1 if quick else 2)
    if got != expected:
        msg = f"{what} differ on {shape}: {got} vs {expected}"
        raise AssertionError(msg)
    return timing, base, got


def _bfs_row(name: str, workload: str, ours: Timing, base: Timing, check: str) -> Result:
    """A row judged as at least 5× faster than the pure-Python BFS."""
    return faster_than(name, workload, ours, "python-bfs", base, [check], speedup=5.0)


def depth(quick: bool) -> list[Result]:
    """Depth distribution: 5×5 God's number, and a ratio against a pure-Python BFS."""
    timing, dist = measure(lambda: depth_distribution(lo.grid(5, 5)), 1 if quick else 3)
    if dist != DEPTHS_5X5:
        msg = f"5×5 depth distribution differs from the recorded one: {dist}"
        raise AssertionError(msg)
    timing.note = "depth_distribution(lo.grid(5, 5)), 2**23 solvable boards"
    workload = "depth distribution of the 5×5 board (God's number 15)"
    check = "God's number 15, 7350 boards at depth 15, counts add up to 2**23"
    five = within_seconds("depth5x5", workload, timing, 60.0, [check])
    shape = (4, 5)
    ours, base, _ = _race(shape, depth_distribution, python_depth_bfs, quick, "depth distributions")
    base.note = "pure-Python BFS over int-packed boards"
    workload = f"depth distribution of the {shape[0]}×{shape[1]} board"
    return [
        five,
        _bfs_row("depth-ratio", workload, ours, base, "same distribution as the baseline"),
    ]


def lit_only(quick: bool) -> list[Result]:
    """Lit-only clearable boards, against a pure-Python backward BFS."""
    # 4×5 (2**20 boards) in both modes: on 4×4 (2**12 boards) a run lasts milliseconds and
    # fixed costs, not the search, decide the ratio.
    shape = (4, 5)

    def count(puzzle: lo.Puzzle) -> int:
        return len(lit_only_solvable_states(puzzle, method="search"))

    ours, base, got = _race(shape, count, python_lit_only_bfs, quick, "lit-only counts")
    base.note = "pure-Python backward BFS over int-packed boards"
    workload = f"boards that lit-only presses clear on the {shape[0]}×{shape[1]} board ({got})"
    row = _bfs_row("lit-only", workload, ours, base, "same count as the baseline")
    row.notes = ["quick mode: one baseline run"] if quick else []
    return [row]


def gods_nine(quick: bool) -> list[Result]:
    """God's number of the 9×9 board (2**73 solvable boards), proven by the integer programme.

    The published value is 37 (wmboyles/LightsOut-Math); no search can list these boards, so the
    answer rests on the spectrum bounds meeting. Full size only: it takes about a minute.
    """
    if quick:
        return []
    timing, value = measure(lambda: lo.gods_number(lo.grid(9, 9)), 1)
    if value != 37:
        msg = f"God's number of the 9×9 board is 37, not {value}"
        raise AssertionError(msg)
    timing.note = "lo.gods_number(lo.grid(9, 9)), 2**73 solvable boards"
    workload = "God's number of the 9×9 board, proven without a search (published: 37)"
    return [within_seconds("gods9x9", workload, timing, 600.0, ["God's number 37"])]


WORKLOADS: dict[str, Callable[[bool], list[Result]]] = {
    "depth": depth,
    "gods9": gods_nine,
    "litonly": lit_only,
}
