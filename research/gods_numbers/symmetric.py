"""Hard boards with a symmetry of the square: the spectrum programme on orbits of groups.

Usage (from the repository root, in the project's environment)::

    python research/gods_numbers/symmetric.py 84 --symmetry c2 --target 8 --seconds 600

God's number is ``(C + c_0 − M)/2`` with ``M = min_b max_λ F(λ)`` (see
``lightsout_graphs.algorithms.gods``). A symmetry ``σ`` of the n×n square maps quiet patterns
to quiet patterns, so it maps the lights of one quiet group onto one group of the same size,
through a linear map ``A_σ`` of the columns. If ``b`` is constant on the orbits of the groups
under a subgroup ``S`` of the square's eight symmetries, ``F(A_σ^T λ) = F(λ)``: one variable
per orbit of groups, one row per distinct row of the programme. The programme "every
``F(λ) ≤ target``" on those orbits is small enough for CP-SAT to decide; a ``b`` it finds is a
board needing ``(C + c_0 − peak)/2`` presses (replayed by ``lo.solve``, stored with
``--store`` when it beats the stored witness), and infeasibility proves that **no board with
that symmetry** reaches it, nothing about the others.

``--symmetry``: ``d4`` (all eight), ``rot`` (the rotations), ``hv`` (both mirror axes),
``dd`` (both diagonals), ``c2`` (the half turn), ``diag`` (the main diagonal), ``mirror``
(one axis).
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np
from search import board_of, replay, store

import lightsout_graphs as lo
from lightsout_graphs.algorithms.gods import quiet_groups, walsh_spectrum

#: The square's symmetries as maps of ``(i, j)`` (``m = n − 1``), by their index.
_MAPS = [
    lambda i, j, m: (i, j),
    lambda i, j, m: (j, i),
    lambda i, j, m: (m - i, j),
    lambda i, j, m: (i, m - j),
    lambda i, j, m: (m - i, m - j),
    lambda i, j, m: (m - j, m - i),
    lambda i, j, m: (j, m - i),
    lambda i, j, m: (m - j, i),
]
SUBGROUPS = {
    "d4": range(8),
    "rot": [0, 4, 6, 7],
    "hv": [0, 2, 3, 4],
    "dd": [0, 1, 4, 5],
    "c2": [0, 4],
    "diag": [0, 1],
    "mirror": [0, 2],
}


def images(n: int) -> tuple[np.ndarray, np.ndarray, int, int, np.ndarray]:
    """The groups' columns, sizes, ``d``, ``c_0``, and ``image[k, g]``: the group onto which
    the square's symmetry ``_MAPS[k]`` carries the lights of group ``g``."""
    groups = quiet_groups(lo.grid(n, n))
    cols, sizes, zero = groups.binary_code()
    cell = groups.masks()[groups.member].reshape(n, n)
    index = {int(v): g for g, v in enumerate(cols.tolist())}
    image = np.full((len(_MAPS), len(cols)), -1, dtype=np.int64)
    for k, where in enumerate(_MAPS):
        seen: dict[int, int] = {}
        for i in range(n):
            for j in range(n):
                a, b = int(cell[i, j]), int(cell[where(i, j, n - 1)])
                if seen.setdefault(a, b) != b:  # pragma: no cover - the square's symmetry
                    raise AssertionError("a symmetry that does not map groups to groups")
                if a and b:
                    image[k, index[a]] = index[b]
    return cols, sizes.astype(np.int64), groups.dimension, zero, image


def orbits(n: int, symmetry: str) -> tuple[np.ndarray, np.ndarray, int, int, np.ndarray]:
    """The groups' columns, sizes, ``d``, ``c_0`` and each group's orbit under the subgroup."""
    cols, sizes, d, zero, image = images(n)
    parent = list(range(len(cols)))

    def root(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for k in SUBGROUPS[symmetry]:
        for g, h in enumerate(image[k].tolist()):
            parent[root(g)] = root(h)
    _, orbit = np.unique([root(g) for g in range(len(cols))], return_inverse=True)
    return cols, sizes, d, zero, orbit.reshape(-1)


def symmetric_peak(
    n: int, symmetry: str, target: int, seconds: float, workers: int = 1
) -> tuple[bool | None, np.ndarray | None, dict]:
    """CP-SAT on the orbit programme: ``(True, b)`` with every ``F ≤ target``, ``(False,
    None)`` when no symmetric ``b`` has it, ``(None, None)`` when undecided; and the sizes."""
    from ortools.sat.python import cp_model

    cols, sizes, d, _, orbit = orbits(n, symmetry)
    k = int(orbit.max()) + 1
    lam = np.arange(1 << d, dtype=np.int64)
    rows = np.zeros((1 << d, k), dtype=np.int64)
    for g, v in enumerate(cols.tolist()):
        rows[:, orbit[g]] += 1 - 2 * (np.bitwise_count(lam & v).astype(np.int64) & 1)
    rows = np.unique(rows, axis=0)
    size = np.zeros(k, dtype=np.int64)
    size[orbit] = sizes
    par = size % 2
    model = cp_model.CpModel()
    y = [
        model.new_int_var(int((-s - p) // 2), int((s - p) // 2), "")
        for s, p in zip(size.tolist(), par.tolist(), strict=True)
    ]
    for row in rows.tolist():
        model.add(sum(2 * c * y[o] for o, c in enumerate(row) if c) <= target - int(row @ par))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = workers
    status = solver.solve(model)
    info = {"groups": len(cols), "orbits": k, "rows": len(rows), "seconds": solver.wall_time}
    if status == cp_model.INFEASIBLE:
        return False, None, info
    if status not in (cp_model.FEASIBLE, cp_model.OPTIMAL):
        return None, None, info
    b = (2 * np.array([solver.value(v) for v in y], dtype=np.int64) + par)[orbit]
    assert walsh_spectrum(cols, b, d).max() <= target
    return True, b, info


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int)
    parser.add_argument("--symmetry", choices=sorted(SUBGROUPS), default="c2")
    parser.add_argument("--target", type=int, required=True, help="the spectrum peak sought")
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--store", action="store_true", help="replay, merge into certificates")
    args = parser.parse_args()
    began = time.monotonic()
    found, b, info = symmetric_peak(args.n, args.symmetry, args.target, args.seconds, args.workers)
    info |= {"n": args.n, "symmetry": args.symmetry, "target": args.target, "found": found}
    info["seconds"] = round(time.monotonic() - began, 1)
    print(json.dumps(info), flush=True)
    if b is None:
        return
    cols, sizes, d, zero, _ = orbits(args.n, args.symmetry)
    top = int(walsh_spectrum(cols, b, d).max())
    lower = (int(sizes.sum()) + 2 * zero - top) // 2
    x = board_of(args.n, cols, sizes, b)
    if args.store:
        store(args.n, x, lower, f"symmetric.py {args.n} --symmetry {args.symmetry}")
    else:
        _, proof = replay(args.n, x, lower, 600.0)
        print(f"n={args.n}: a board needing {lower} presses ({proof})")


if __name__ == "__main__":
    main()
