"""Hard boards by simulated annealing over the group counts (a lower bound on God's number).

Usage (from the repository root, in the project's environment)::

    python research/gods_numbers/anneal.py 19 --seconds 240 --seed 1

God's number is ``(C + c_0 − M)/2`` with ``M = min_b max_λ F(λ)``, ``F`` the Walsh spectrum of
``b`` on the quiet-group columns, ``b_g ≡ c_g (mod 2)``, ``|b_g| ≤ c_g`` (see
``lightsout_graphs.algorithms.gods``). Any ``b`` proves ``God's number ≥ (C + c_0 − max F)/2``: the board of
presses ``a_g = (c_g − b_g)/2`` per group needs exactly that many presses. The annealing moves
one ``b_g`` by ±2 at a time, keeps ``F`` exact by adding ``∓2·(−1)^{λ·v_g}``, and scores a
spectrum by its peak plus a small weight on how many ``λ`` come within 4 of it (so that moves
that flatten the top are seen before the peak drops). The best board is replayed by
``lo.solve(board, minimize=True)`` and printed as board text.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

import lightsout_graphs as lo
from lightsout_graphs.algorithms.gods import quiet_groups, walsh_spectrum


def anneal(n: int, seconds: float, seed: int) -> tuple[int, np.ndarray]:
    p = lo.grid(n, n)
    groups = quiet_groups(p)
    masks, sizes, zero = groups.binary_code()
    d = groups.dimension
    rng = np.random.default_rng(seed)
    lam = np.arange(1 << d, dtype=np.int64)
    chars = [
        (1 - 2 * (np.bitwise_count(lam & int(v)) & 1).astype(np.int32)) for v in masks.tolist()
    ]
    parity = sizes % 2
    b = np.where(rng.random(len(sizes)) < 0.5, parity, -parity).astype(np.int64)
    f = walsh_spectrum(masks, b, d).astype(np.int32)

    def score(values: np.ndarray) -> float:
        top = int(values.max())
        return top + 0.01 * int((values >= top - 4).sum()) / len(values) * 100

    current = score(f)
    best_top, best_b = int(f.max()), b.copy()
    start = time.monotonic()
    temp0, step = 2.0, 0
    while time.monotonic() - start < seconds:
        step += 1
        temp = temp0 * (1 - (time.monotonic() - start) / seconds) + 0.05
        top = int(f.max())
        peak = int(rng.choice(np.flatnonzero(f == top)))
        # move a group that lowers the peak, or a random one now and then
        if rng.random() < 0.8:
            flips = (np.bitwise_count(masks & peak) & 1).astype(np.int64)
            delta = 4 * flips - 2
        else:
            delta = rng.choice([-2, 2], len(sizes))
        ok = np.flatnonzero(np.abs(b + delta) <= sizes)
        if not len(ok):
            continue
        g = int(rng.choice(ok))
        new = f + np.int32(delta[g]) * chars[g]
        value = score(new)
        if value <= current or rng.random() < np.exp((current - value) / temp):
            f, current = new, value
            b[g] += delta[g]
            if int(f.max()) < best_top:
                best_top, best_b = int(f.max()), b.copy()
    lower = (int(sizes.sum()) + 2 * zero - best_top) // 2
    # the board: a_g = (c_g − b_g)/2 pressed lights in group g, every untouched light pressed
    column = groups.masks()[groups.member]
    x = (column == 0).astype(np.int64)
    for i, a in enumerate(((sizes - best_b) // 2).tolist()):
        x[np.flatnonzero(column == masks[i])[: int(a)]] = 1
    board = p.apply_vector(np.zeros(n * n, dtype=np.int64), x) % 2
    sol = lo.solve(p, p.as_dict(board), minimize=True, time_limit=300)
    assert sol.optimal and sol.num_presses == lower, (sol.num_presses, lower)
    print(
        json.dumps(
            {
                "n": n,
                "seed": seed,
                "seconds": seconds,
                "steps": step,
                "M": best_top,
                "lower": lower,
                "replayed_by": sol.proof,
            }
        ),
        flush=True,
    )
    print(lo.format_board(p, board))
    return lower, x


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int)
    parser.add_argument("--seconds", type=float, default=240.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    anneal(args.n, args.seconds, args.seed)


if __name__ == "__main__":
    main()
