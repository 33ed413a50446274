"""Calibration of the planner's one cost model: estimated against measured time, every engine.

Runs a corpus of puzzles that covers every engine of the ``solve`` and ``counts`` questions
and prints, for each, the engine the planner names, its estimate, the measured CPU time
(and wall time) of the entry point (``lo.solve`` or ``lo.analyze``, best of ``--repeat`` runs
after one warm-up, the puzzle built afresh each time so nothing is cached)
and their ratio; it checks that the answer's ``method`` is the planned engine and that every
estimate is within 10× of the measurement either way::

    .venv/bin/python -m benchmarks.calibration            # the full corpus
    .venv/bin/python -m benchmarks.calibration --quick    # smaller sizes

The time model lives in ``lightsout_graphs/core/zk/cost.py`` (elimination engines) and
``lightsout_graphs/algorithms/planner.py`` (light chasing, formulas): change its constants
when this table says an engine is off.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable

import networkx as nx

import lightsout_graphs as lo
from lightsout_graphs import planner

__all__ = ["CORPUS", "TOLERANCE", "calibrate", "main"]

#: How far an estimate may be from the measurement, either way.
TOLERANCE = 10.0


def _graph(g: Callable[[], nx.Graph], k: int = 2, rule: str = "closed") -> Callable[[], lo.Puzzle]:
    return lambda: lo.Puzzle(g(), modulus=k, rule=rule)


#: (label, question, build the puzzle); every engine appears at least once.
CORPUS: list[tuple[str, str, Callable[[], lo.Puzzle]]] = [
    # light chasing, boxes
    ("grid 200x200", "solve", lambda: lo.grid(200, 200)),
    ("grid 1000x1000", "solve", lambda: lo.grid(1000, 1000)),
    ("grid 300x300 mod 3", "solve", lambda: lo.grid(300, 300, modulus=3)),
    ("grid 100x100 mod 4 open", "solve", lambda: lo.grid(100, 100, modulus=4, rule="open")),
    ("grid 4096x3", "solve", lambda: lo.grid(4096, 3)),
    ("grid 30000x5", "solve", lambda: lo.grid(30000, 5)),
    # light chasing, wrapped
    ("torus 100x100", "solve", lambda: lo.torus(100, 100)),
    ("torus 100x100 mod 5", "solve", lambda: lo.torus(100, 100, modulus=5)),
    ("torus 400x400", "solve", lambda: lo.torus(400, 400)),
    ("torus 8192x3", "solve", lambda: lo.torus(8192, 3)),
    ("cylinder 200x50 mod 3", "solve", lambda: lo.cylinder(200, 50, modulus=3)),
    # the general elimination, each zk engine
    ("king 30", "solve", lambda: lo.king(30)),
    ("king 60", "solve", lambda: lo.king(60)),
    ("complete 300", "solve", _graph(lambda: nx.complete_graph(300))),
    ("random 2000 mod 2", "solve", _graph(lambda: nx.gnp_random_graph(2000, 0.005, seed=1))),
    ("king 30 mod 3", "solve", lambda: lo.king(30, modulus=3)),
    ("king 30 mod 5", "solve", lambda: lo.king(30, modulus=5)),
    ("complete 300 mod 7", "solve", _graph(lambda: nx.complete_graph(300), 7)),
    ("torus 5x5 mod 2147483659", "solve", lambda: lo.torus(5, 5, modulus=2147483659)),
    ("random 1000 mod 5", "solve", _graph(lambda: nx.gnp_random_graph(1000, 0.01, seed=1), 5)),
    ("king 30 mod 4", "solve", lambda: lo.king(30, modulus=4)),
    ("random 300 mod 4", "solve", _graph(lambda: nx.gnp_random_graph(300, 0.02, seed=1), 4)),
    ("king 30 mod 9", "solve", lambda: lo.king(30, modulus=9)),
    ("complete 300 mod 9", "solve", _graph(lambda: nx.complete_graph(300), 9)),
    ("random 600 mod 9", "solve", _graph(lambda: nx.gnp_random_graph(600, 0.01, seed=1), 9)),
    ("path 4 mod 25", "solve", _graph(lambda: nx.path_graph(4), 25)),
    ("king 20 mod 6", "solve", lambda: lo.king(20, modulus=6)),
    ("petersen mod 18", "solve", _graph(nx.petersen_graph, 18)),
    ("hexagonal 40x40 mod 5", "solve", lambda: lo.hexagonal(40, 40, modulus=5)),
    ("triangular 60x60 mod 3", "solve", lambda: lo.triangular(60, 60, modulus=3)),
    # counts
    ("grid 500x500 counts", "counts", lambda: lo.grid(500, 500)),
    ("grid 200x300 mod 5 counts", "counts", lambda: lo.grid(200, 300, modulus=5)),
    ("torus 1999x2001 counts", "counts", lambda: lo.torus(1999, 2001)),
    ("rook 500x500 counts", "counts", lambda: lo.rook(500, 500)),
    ("king 30 counts", "counts", lambda: lo.king(30)),
]

#: The sizes of ``--quick`` (smaller boards, the same engines).
QUICK = {"grid 1000x1000", "torus 400x400", "king 60", "grid 30000x5", "torus 1999x2001 counts"}


def _run(question: str, puzzle: lo.Puzzle) -> str:
    if question == "counts":
        return lo.analyze(puzzle).method
    try:
        return lo.solve(puzzle, 1).method
    except lo.Unsolvable as err:  # the engine ran: the board has no solution
        del err
        return planner.factorize(puzzle).method


def _measure(
    question: str, build: Callable[[], lo.Puzzle], repeat: int
) -> tuple[float, float, str]:
    """The best CPU time and wall time of the entry point (``lo.solve`` or ``lo.analyze``) on a
    fresh puzzle, and the ``method`` of its answer. The estimates are of one core's time: the
    CPU time is the measurement that other work on the machine does not inflate."""
    _run(question, build())  # warm: imports, compiled kernels, FLINT's library
    cpu = wall = float("inf")
    method = ""
    for _ in range(repeat):
        puzzle = build()
        start, start_cpu = time.perf_counter(), time.process_time()
        method = _run(question, puzzle)
        cpu = min(cpu, time.process_time() - start_cpu)
        wall = min(wall, time.perf_counter() - start)
    return cpu, wall, method


def calibrate(*, quick: bool = False, repeat: int = 2, out: object = sys.stdout) -> list[str]:
    """Print the table; return the rows that miss (estimate off by more than 10×, or the
    answer's method is not the planned engine)."""
    misses = []
    head = (
        f"{'puzzle':30s} {'engine':18s} {'estimate':>10s} {'cpu time':>10s} {'wall':>10s} "
        f"{'ratio':>7s}"
    )
    print(head, file=out)  # type: ignore[call-overload]
    for label, question, build in CORPUS:
        if quick and label in QUICK:
            continue
        planned = planner.plan(build(), question)
        seconds, wall, method = _measure(question, build, repeat)
        ratio = planned.seconds / max(seconds, 1e-6)
        flag = ""
        if not 1 / TOLERANCE <= ratio <= TOLERANCE:
            flag = "  OFF"
        if method != planned.engine:
            flag += f"  RAN {method}"
        if flag:
            misses.append(f"{label}: {flag.strip()}")
        print(  # type: ignore[call-overload]
            f"{label:30s} {planned.engine:18s} {planned.seconds:10.3g} {seconds:10.3g} "
            f"{wall:10.3g} {ratio:7.2f}{flag}",
            file=out,
        )
    return misses


def main(argv: list[str] | None = None) -> int:
    """Run the calibration; exit 1 when an estimate is off by more than 10× or a method differs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the largest boards")
    parser.add_argument("--repeat", type=int, default=2, help="timed runs per puzzle (best)")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average {load:.1f} on {os.cpu_count()} cores (measure on an idle machine)")
    misses = calibrate(quick=args.quick, repeat=args.repeat)
    engines = {planner.plan(build(), q).engine for _, q, build in CORPUS}
    print(f"\n{len(CORPUS)} puzzles, engines: {', '.join(sorted(engines))}")
    for miss in misses:
        print("MISS", miss)
    return 1 if misses else 0


if __name__ == "__main__":
    raise SystemExit(main())
