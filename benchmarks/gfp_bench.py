"""GF(p) at FLINT speed: dense systems against python-flint, the torus mod 3, big answers in the
CLI, and the cheapest inputs that used to be slow.

Rows:

- ``gfp-dense-<p>``: a random 2000 × 2000 matrix over GF(p) (1000 × 1000 in quick mode),
  ``zk.factorize`` (engine ``flint``) + one ``solve``, against python-flint's ``nmod_mat``:
  ``flint-lu`` is ``nmod_mat.solve`` on a matrix built beforehand (the elimination alone; the
  target's baseline), ``flint-from-list`` adds building the ``nmod_mat`` from the Python
  lists a python-flint user would pass.
- ``torus-1000-mod3``: ``lo.solve(lo.torus(1000, 1000, modulus=3), board)``, fresh puzzle.
- ``cli-analyze-torus400-mod3``: ``lightsout analyze --family torus --shape 400x400 --modulus
  3``, a fresh process (interpreter start and imports included).
- ``cli-solve-grid1000``: seconds until ``lightsout solve --family grid --shape 1000x1000``
  prints the first line of its summary, and until it ends.
- ``slow-<case>``: the cheapest inputs that were slow (``analyze``, one fresh process each,
  stopped after 60 s): each should finish in seconds or be refused at once with the reason.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable

import numpy as np

from benchmarks.common import ROOT, Result, Timing, measure, within_seconds

__all__ = ["WORKLOADS"]

PRIMES = (3, 5, 7, 2**31 - 1)


def _dense(quick: bool) -> list[Result]:
    """Random 2000×2000 systems over GF(3), GF(5), GF(7), GF(2³¹−1) against python-flint."""
    import flint

    from lightsout_graphs import zk

    n = 1000 if quick else 2000
    reps = 2 if quick else 3
    rng = np.random.default_rng(11)
    zk.factorize(np.eye(4, dtype=np.int64), 5)  # load the library once, untimed
    rows = []
    for p in PRIMES:
        a = rng.integers(0, p, size=(n, n), dtype=np.int64)
        while flint.nmod_mat(a.tolist(), p).rank() < n:  # nmod_mat.solve needs an invertible A
            a = rng.integers(0, p, size=(n, n), dtype=np.int64)
        x0 = rng.integers(0, p, size=n, dtype=np.int64)
        b = (a.astype(object) @ x0.astype(object)) % p
        b64 = np.array([int(v) for v in b], dtype=np.int64)

        def ours(a: np.ndarray = a, b: np.ndarray = b64, p: int = p) -> np.ndarray | None:
            return zk.factorize(a, p).solve(b)

        t_ours, x = measure(ours, reps, setup=lambda a=a: (a.copy(),))
        assert x is not None
        assert not np.any((a.astype(object) @ x.astype(object) - b) % p)
        rhs = flint.nmod_mat([[int(v)] for v in b64], p)
        built = flint.nmod_mat(a.tolist(), p)
        t_lu, _ = measure(lambda built=built, rhs=rhs: built.solve(rhs), reps)
        t_list, _ = measure(
            lambda a=a, p=p, rhs=rhs: flint.nmod_mat(a.tolist(), p).solve(rhs), reps
        )
        method = zk.factorize(a[:50, :50].copy(), p).method
        rows.append(
            Result(
                name=f"gfp-dense-{p}",
                workload=f"random {n}×{n} over GF({p}): factorize + solve",
                ours=t_ours,
                baselines={"flint-lu": t_lu, "flint-from-list": t_list},
                target="≤ 1.5× flint-lu",
                kind="ratio_max",
                value=1.5,
                against="flint-lu",
                checks=["A x = b (mod p) verified"],
                notes=[f"engine {method}; python-flint {flint.__version__}"],
            )
        )
    return rows


def _torus(quick: bool) -> list[Result]:
    """``lo.solve`` on a 1000×1000 torus mod 3 (wrapped chasing, FLINT on the final system)."""
    import lightsout_graphs as lo

    side = 1000
    rng = np.random.default_rng(5)
    puzzle = lo.torus(side, side, modulus=3)
    presses = rng.integers(0, 3, size=puzzle.n)
    board = puzzle.apply_vector(np.zeros(puzzle.n, dtype=np.int64), presses)

    def solve(p: lo.Puzzle) -> lo.Solution:
        return lo.solve(p, board)

    timing, sol = measure(
        solve, 2 if quick else 3, setup=lambda: (lo.torus(side, side, modulus=3),)
    )
    after = puzzle.apply_vector(board, sol.vector)
    assert not after.any()
    return [
        within_seconds(
            "torus-1000-mod3",
            "lo.solve on a 1000×1000 torus mod 3 (fresh puzzle)",
            timing,
            1.0,
            ["the presses clear the board"],
            notes=[f"engine {sol.method}"],
        )
    ]


def _cli(args: list[str], limit: float) -> tuple[float, float | None, int, str]:
    """Seconds to the first line and to the end (None past ``limit``), exit code, first line."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "lightsout_graphs", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert proc.stdout is not None
    timer = threading.Timer(limit, proc.kill)  # a command silent past the limit is stopped
    timer.start()
    try:
        first = proc.stdout.readline()
        to_first = time.perf_counter() - start
        _, err = proc.communicate()
    finally:
        timer.cancel()
    if proc.returncode < 0:  # killed by the timer
        return to_first, None, -1, first.strip()
    total = time.perf_counter() - start
    return to_first, total, proc.returncode, first.strip() or err.strip()


def _cli_rows(quick: bool) -> list[Result]:
    """Big answers in the CLI: analyze a 400×400 torus mod 3, solve a 1000×1000 grid."""
    reps = 1 if quick else 3
    rows = []
    analyze = ["analyze", "--family", "torus", "--shape", "400x400", "--modulus", "3"]
    runs = [_cli(analyze, 60) for _ in range(reps)]
    rows.append(
        within_seconds(
            "cli-analyze-torus400-mod3",
            "lightsout " + " ".join(analyze) + " (fresh process)",
            Timing([r[1] if r[1] is not None else 60.0 for r in runs]),
            2.0,
            ["exit code 0"] if all(r[2] == 0 for r in runs) else [],
        )
    )
    solve = ["solve", "--family", "grid", "--shape", "1000x1000"]
    runs = [_cli(solve, 120) for _ in range(reps)]
    total = [r[1] for r in runs if r[1] is not None]
    rows.append(
        within_seconds(
            "cli-solve-grid1000",
            "lightsout " + " ".join(solve) + ": seconds to the first summary line",
            Timing([r[0] for r in runs]),
            3.0,
            ["exit code 0"] if all(r[2] == 0 for r in runs) else [],
            notes=[f"whole command: {np.median(total):.2f} s" if total else "over 120 s"],
        )
    )
    return rows


SLOW_CASES = {
    "hypercube14-k3": ["--family", "hypercube", "--shape", "14", "-k", "3"],
    "hypercube14-k5": ["--family", "hypercube", "--shape", "14", "-k", "5"],
    "grid2000-k3": ["--family", "grid", "--shape", "2000x2000", "-k", "3"],
    "torus1000-k5": ["--family", "torus", "--shape", "1000x1000", "-k", "5"],
    "torus1000-k9": ["--family", "torus", "--shape", "1000x1000", "-k", "9"],
    "knight300-k5": ["--family", "knight", "--shape", "300x300", "-k", "5"],
}


def _slow(quick: bool) -> list[Result]:
    """The cheapest inputs that were slow: each should finish in seconds or be refused."""
    rows = []
    for name, args in SLOW_CASES.items():
        _, total, code, line = _cli(["analyze", *args, "--max-patterns", "0"], 60)
        seconds = total if total is not None else 60.0
        outcome = "over 60 s, stopped" if total is None else f"exit code {code}: {line[:160]}"
        rows.append(
            within_seconds(
                f"slow-{name}",
                "lightsout analyze " + " ".join(args),
                Timing([seconds]),
                10.0,
                [],
                target="≤ 10 s, or refused at once",
                notes=[outcome],
            )
        )
    return rows


#: name -> function(quick) -> list of Result.
WORKLOADS: dict[str, Callable[[bool], list[Result]]] = {
    "gfp-dense": _dense,
    "torus-mod3": _torus,
    "cli-big": _cli_rows,
    "slow-inputs": _slow,
}
