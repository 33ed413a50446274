"""God's number of the n×n board bounded by linear programming over the quiet-pattern groups.

God's number is the covering radius of the quiet-pattern code: the largest, over all press
vectors x, of min over λ of wt(x + λ·Q). Lights whose columns in Q are equal form a group g of
c_g lights with column v_g; on a group only the number a_g of pressed lights matters, and the
group adds a_g (λ·v_g = 0) or c_g − a_g (λ·v_g = 1). So God's number is

    max t  subject to  t <= Σ_g [a_g if λ·v_g = 0 else c_g − a_g]  for every λ in GF(2)^d,
                       a_g integer in 0..c_g,

and the same programme with a_g real is an upper bound. This script solves both with HiGHS
(scipy), the integer one under a time limit, and prints the bounds.

Usage: python research/gods19/covering_bound.py N [SECONDS]
"""

from __future__ import annotations

import collections
import sys
import time

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, linprog, milp

import lightsout_graphs as lo


def bounds(n: int, seconds: float) -> dict[str, float | int | None]:
    """LP and MILP bounds on God's number of the n×n board (closed rule, GF(2))."""
    q = np.array(lo.analyze(lo.grid(n, n)).quiet_vectors) % 2
    d = q.shape[0]
    groups = collections.Counter(tuple(column) for column in q.T)
    v = np.array(list(groups.keys()), dtype=np.int64).reshape(len(groups), d)
    c = np.array(list(groups.values()), dtype=float)
    lam = (np.arange(2**d)[:, None] >> np.arange(d)) & 1
    par = (lam @ v.T) % 2
    a_ub = np.hstack([-(1 - 2 * par).astype(float), np.ones((2**d, 1))])
    b_ub = (par * c).sum(axis=1)
    obj = np.r_[np.zeros(len(c)), -1.0]
    start = time.perf_counter()
    lp = linprog(obj, A_ub=a_ub, b_ub=b_ub, bounds=[*((0, x) for x in c), (None, None)])
    lp_s = time.perf_counter() - start
    start = time.perf_counter()
    ip = milp(
        obj,
        constraints=LinearConstraint(a_ub, -np.inf, b_ub),
        integrality=np.r_[np.ones(len(c)), 0],
        bounds=Bounds(np.r_[np.zeros(len(c)), -np.inf], np.r_[c, np.inf]),
        options={"time_limit": seconds},
    )
    ip_s = time.perf_counter() - start
    return {
        "n": n,
        "nullity": d,
        "groups": len(c),
        "lp_upper_bound": -lp.fun,
        "lp_seconds": round(lp_s, 1),
        "milp_best": None if ip.x is None else -ip.fun,
        "milp_upper_bound": -getattr(ip, "mip_dual_bound", np.nan),
        "milp_proven": ip.status == 0,
        "milp_seconds": round(ip_s, 1),
    }


if __name__ == "__main__":
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 19
    limit = float(sys.argv[2]) if len(sys.argv) > 2 else 240.0
    print(bounds(size, limit))
