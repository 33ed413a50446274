"""Upper bounds on God's number that ``proofs.py`` re-proves: small subspaces of quiet columns.

Usage (from the repository root, in the project's environment)::

    python research/gods_numbers/subspaces.py --sizes 19 23 --seconds 120

God's number is ``(C + c_0 − M)/2`` with ``M = min_b max_λ F(λ)`` (see ``lightsout_graphs.algorithms.gods``).
For a subspace ``W`` of quiet columns, the mean of ``F`` over a coset ``λ_0 + W^⊥`` is
``F_W(λ_0) = Σ_{v_g ∈ W} b_g (−1)^{λ_0·v_g}``: the same problem on the groups inside ``W``
only, so ``M ≥ M(W)`` (and ``M`` has the parity of the number of odd groups). This script looks
for subspaces spanned by a few odd groups whose ``M(W)`` is large (each ``M(W)`` a small
integer programme, HiGHS through scipy), keeps the best one whose proof ``proofs.py``'s
exhaustive search can redo in seconds, and stores it in ``certificates.json`` as
``upper_certificate = {"kind": "subspace", "basis": [...], "spectrum_bound": t}`` (the basis as
column bit masks over the stored quiet patterns: bit ``i`` is quiet pattern ``i``).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np
import proofs
from scipy.optimize import Bounds, LinearConstraint, milp

HERE = Path(__file__).resolve().parent


def restricted_optimum(
    sub: np.ndarray, sizes: np.ndarray, w: int, box: int, seconds: float
) -> float:
    """A proven lower bound on ``M(W)`` (columns ``sub`` in ``W``'s coordinates), by HiGHS.

    Peak pinned at 0: ``min Σ b`` subject to ``Σ_{μ·v_h = 1} b_h ≥ 0`` for every ``μ ≠ 0``,
    ``b_h ≡ c_h (mod 2)``, ``|b_h| ≤ min(c_h, box)``.
    """
    parity = sizes % 2
    hi = np.minimum(sizes, box)
    lams = np.arange(1, 1 << w, dtype=np.int64)
    flip = (np.bitwise_count(lams[:, None] & sub[None, :]) & 1).astype(float)
    res = milp(
        np.full(len(sub), 2.0),
        constraints=[LinearConstraint(2 * flip, -(flip @ parity), np.inf)],
        integrality=np.ones(len(sub)),
        bounds=Bounds(np.ceil((-hi - parity) / 2), np.floor((hi - parity) / 2)),
        options={"time_limit": max(0.01, seconds), "mip_rel_gap": 0.0},
    )
    if res.status == 0:
        return float(res.fun) + float(parity.sum())
    dual = getattr(res, "mip_dual_bound", None)
    if dual is not None and np.isfinite(dual):
        return float(dual) + float(parity.sum())
    return -np.inf


def _independent(basis: list[int], v: int) -> bool:
    reduced: list[int] = []
    for x in [*basis, v]:
        r = x
        for y in reduced:
            r = min(r, r ^ y)
        if not r:
            return False
        reduced.append(r)
    return True


def _basis(
    cols: np.ndarray, odd: np.ndarray, w: int, rng: np.random.Generator, *, greedy: bool
) -> list[int]:
    """``w`` independent columns: odd groups at random, or (greedy) each time the column, among
    a sample of groups, whose addition brings the most groups inside the span."""
    basis = [int(cols[rng.choice(odd)])]
    pool = odd if not greedy else np.arange(len(cols))
    for _ in range(50 * w):
        if len(basis) == w:
            break
        picks = rng.choice(pool, min(len(pool), 40 if greedy else 1), replace=False).tolist()
        best, best_count = None, -1
        for g in picks:
            v = int(cols[g])
            if not _independent(basis, v):
                continue
            count = len(proofs.inside_subspace(cols, [*basis, v])[1]) if greedy else 0
            if count > best_count:
                best, best_count = v, count
        if best is not None:
            basis.append(best)
    return basis


def find(
    n: int,
    cert: dict,
    seconds: float,
    seed: int,
    box: int,
    dims: tuple[int, int],
    most: int,
    budget: int = 200_000,
) -> dict | None:
    """The best checkable subspace certificate found for the n×n board within ``seconds``."""
    quiet = np.array([[int(ch) for ch in q] for q in cert["quiet"]], dtype=np.int64).reshape(
        -1, n * n
    )
    d = quiet.shape[0]
    if d == 0:
        return None
    cols, sizes, _ = proofs.grouped(quiet)
    odd_total = int((sizes % 2).sum())
    odd = np.flatnonzero(sizes % 2)
    rng = np.random.default_rng(seed)
    until = time.monotonic() + seconds
    best: dict | None = None
    best_t = 0
    tried = 0
    while time.monotonic() < until and len(odd):
        w = int(rng.integers(dims[0], min(d, dims[1], len(odd)) + 1))
        basis = _basis(cols, odd, w, rng, greedy=rng.random() < 0.5)
        sub, inside = proofs.inside_subspace(cols, basis)
        if len(inside) > most:
            continue
        tried += 1
        bound = restricted_optimum(sub, sizes[inside], len(basis), box, 5.0)
        if not np.isfinite(bound):
            continue
        bound = min(bound, float(box))  # a b with a lower peak lies in the box (fact 2)
        t = proofs.parity_ceiling(bound, odd_total)
        if t > best_t:
            began = time.monotonic()
            need = t - 1 if proofs.parity_ceiling(t - 1, odd_total) == t else t
            try:
                held = proofs.subspace_bound_holds(sub, sizes[inside], len(basis), need, budget)
            except RuntimeError:
                continue  # too long a proof for check.py
            if not held:
                continue  # HiGHS and the exhaustive search disagree: never store it
            best_t = t
            best = {
                "kind": "subspace",
                "basis": basis,
                "spectrum_bound": t,
                "groups_inside": len(inside),
                "check_seconds": round(time.monotonic() - began, 2),
            }
            print(f"n={n}: M >= {t} from W of dim {len(basis)}, {len(inside)} groups", flush=True)
    print(f"n={n}: {tried} subspaces tried", flush=True)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", required=True)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--box", type=int, default=40, help="|b_g| bound: M(W) is sought below it")
    parser.add_argument("--dims", type=int, nargs=2, default=(2, 8), help="least, most dim W")
    parser.add_argument("--most", type=int, default=24, help="most groups inside W")
    args = parser.parse_args()
    path = HERE / "certificates.json"
    certs = json.loads(path.read_text())
    for cert in certs:
        n = int(cert["n"])
        if n not in args.sizes:
            continue
        found = find(n, cert, args.seconds, args.seed, args.box, tuple(args.dims), args.most)
        if found is None:
            continue
        total = n * n + proofs.zero_count(n, cert)
        upper = (total - found["spectrum_bound"]) // 2
        old = cert.get("upper_certificate")
        if old is None or int(old["spectrum_bound"]) < found["spectrum_bound"]:
            cert["upper_certificate"] = found
            found["found_by"] = (
                f"subspaces.py --sizes {n} --seconds {args.seconds:g} --seed {args.seed} "
                f"--box {args.box} --dims {args.dims[0]} {args.dims[1]} --most {args.most}"
            )
        if upper < int(cert["upper"]) or (
            upper == int(cert["upper"]) and cert["upper_argument"] == "integer programme"
        ):
            cert["upper"] = upper
            cert["upper_argument"] = "subspace"
        print(json.dumps({"n": n, "upper_from_subspace": upper, "stored_upper": cert["upper"]}))
        path.write_text(json.dumps(certs, indent=1) + "\n")


if __name__ == "__main__":
    main()
