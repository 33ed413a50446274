"""Z/p^e at FLINT speed: the ``flint-local`` engine against the one-pivot-at-a-time ``local``
engine, on dense systems and on the tori mod 9 that end in one.

Rows:

- ``lift-dense-<q>``: a random 2000 × 2000 matrix over Z/q, q = 9, 4, 25 (1000 × 1000 in quick
  mode), ``zk.factorize(A, q, method="flint-local")`` + one ``solve``, against the same with
  ``method="local"`` (the engine every prime power used before; one run, its time budget
  lifted), for q = 4 also against ``z4`` (the engine ``auto`` keeps for Z/4: faster), and, as a
  reference line, python-flint's ``nmod_mat.solve`` over GF(p) of a matrix of the same size
  built beforehand (``flint-gfp-lu``: one LU over the residue field).
- ``lift-torus-1000-mod9``: ``lo.solve(lo.torus(1000, 1000, modulus=9), board)``, fresh
  puzzle: wrapped chasing, then a dense 2000 × 2000 system over Z/9. Before ``flint-local``
  it was refused by the time budget (``local``'s estimate: 114 s).
- ``lift-analyze-torus400-mod9``: ``lo.analyze(lo.torus(400, 400, modulus=9))``, fresh
  puzzle, against the same with ``local`` on the final 800 × 800 system.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import numpy as np

from benchmarks.common import Result, Timing, faster_than, measure, within_seconds

__all__ = ["WORKLOADS"]

#: (q, p, e) of the dense rows.
MODULI = ((9, 3, 2), (4, 2, 2), (25, 5, 2))


@contextmanager
def _old_engine() -> Iterator[None]:
    """Make ``auto`` pick ``local`` for every prime power, as before ``flint-local``, with no
    time budget."""
    from lightsout_graphs import zk
    from lightsout_graphs.core.zk import dispatch

    saved = dispatch.LIFT_MIN_SIZE
    dispatch.LIFT_MIN_SIZE = 2**62
    zk.set_time_budget("unlimited")
    try:
        yield
    finally:
        dispatch.LIFT_MIN_SIZE = saved
        zk.set_time_budget(None)


def _check(a: np.ndarray, x: np.ndarray | None, b: np.ndarray, q: int) -> None:
    assert x is not None
    assert not np.any((a.astype(object) @ np.asarray(x).astype(object) - b) % q)


def _dense(quick: bool) -> list[Result]:
    """Random dense systems over Z/9, Z/4, Z/25: flint-local, local, z4, python-flint GF(p)."""
    import flint

    from lightsout_graphs import zk

    n = 1000 if quick else 2000
    reps = 2 if quick else 3
    rng = np.random.default_rng(17)
    zk.factorize(np.eye(8, dtype=np.int64), 9, method="flint-local")  # load FLINT, untimed
    rows = []
    for q, p, _e in MODULI:
        a = rng.integers(0, q, size=(n, n), dtype=np.int64)
        x0 = rng.integers(0, q, size=n, dtype=np.int64)
        b = (a @ x0) % q

        def run(method: str, a: np.ndarray = a, b: np.ndarray = b, q: int = q) -> np.ndarray:
            return zk.factorize(a, q, method=method).solve(b)

        t_ours, x = measure(lambda a: run("flint-local", a), reps, setup=lambda a=a: (a.copy(),))
        _check(a, x, b, q)
        baselines: dict[str, Timing] = {}
        with _old_engine():
            t_local, x = measure(lambda a: run("local", a), 1, setup=lambda a=a: (a.copy(),))
        _check(a, x, b, q)
        baselines["local"] = t_local
        if q == 4:
            baselines["z4"], x = measure(
                lambda a: run("z4", a),
                reps,
                setup=lambda a=a: (a.copy(),),
                warmup=lambda a=a: run("z4", a.copy()),  # compile the packed GF(2) kernel
            )
            _check(a, x, b, q)
        field = rng.integers(0, p, size=(n, n), dtype=np.int64)
        while flint.nmod_mat(field.tolist(), p).rank() < n:
            field = rng.integers(0, p, size=(n, n), dtype=np.int64)
        built = flint.nmod_mat(field.tolist(), p)
        rhs = flint.nmod_mat([[int(v) % p] for v in b], p)
        baselines["flint-gfp-lu"], _ = measure(lambda built=built, rhs=rhs: built.solve(rhs), reps)
        row = faster_than(
            f"lift-dense-{q}",
            f"random {n}×{n} over Z/{q}: factorize + solve",
            t_ours,
            "local",
            t_local,
            ["A x = b (mod q) verified for every engine"],
            speedup=10.0,
            notes=[
                "local: one run, time budget lifted",
                f"flint-gfp-lu: python-flint {flint.__version__} nmod_mat.solve over GF({p})",
            ],
        )
        row.baselines.update(baselines)
        rows.append(row)
    return rows


def _torus_board(side: int) -> tuple[np.ndarray, Callable[[], object]]:
    import lightsout_graphs as lo

    rng = np.random.default_rng(side)
    puzzle = lo.torus(side, side, modulus=9)
    presses = rng.integers(0, 9, size=puzzle.n)
    board = puzzle.apply_vector(np.zeros(puzzle.n, dtype=np.int64), presses)
    return board, lambda: lo.torus(side, side, modulus=9)


def _torus(quick: bool) -> list[Result]:
    """``lo.solve`` on a 1000×1000 torus mod 9; ``lo.analyze`` on a 400×400 one."""
    import lightsout_graphs as lo

    board, fresh = _torus_board(1000)
    timing, sol = measure(lambda p: lo.solve(p, board), 2 if quick else 3, setup=lambda: (fresh(),))
    puzzle = fresh()
    assert isinstance(puzzle, lo.Puzzle)
    assert not puzzle.apply_vector(board, sol.vector).any()
    rows = [
        within_seconds(
            "lift-torus-1000-mod9",
            "lo.solve on a 1000×1000 torus mod 9 (fresh puzzle; a 2000×2000 system over Z/9)",
            timing,
            10.0,
            ["the presses clear the board"],
            notes=["before flint-local: refused by the time budget (local's estimate 114 s)"],
        )
    ]

    def analyze(p: lo.Puzzle) -> lo.Analysis:
        return lo.analyze(p)

    def fresh400() -> tuple[lo.Puzzle]:
        return (lo.torus(400, 400, modulus=9),)

    ours, res = measure(analyze, 2 if quick else 3, setup=fresh400)
    with _old_engine():
        old, res_old = measure(analyze, 1, setup=fresh400)
    assert (res.num_quiet_patterns, res.quiet_orders) == (
        res_old.num_quiet_patterns,
        res_old.quiet_orders,
    )
    rows.append(
        faster_than(
            "lift-analyze-torus400-mod9",
            "lo.analyze(lo.torus(400, 400, modulus=9)) (fresh puzzle; 800×800 over Z/9)",
            ours,
            "local",
            old,
            ["the same analysis as with local"],
            speedup=5.0,
            notes=["local: one run"],
        )
    )
    return rows


#: name -> function(quick) -> list of Result.
WORKLOADS: dict[str, Callable[[bool], list[Result]]] = {
    "lift-dense": _dense,
    "lift-tori": _torus,
}
