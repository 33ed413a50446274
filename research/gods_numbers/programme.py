"""Upper bounds on God's number from subspace programmes that two solvers re-prove.

Usage (from the repository root, in the project's environment)::

    python research/gods_numbers/programme.py 84 --target 8 --seconds 240 --seed 1

God's number is ``(C + c_0 − M)/2`` with ``M = min_b max_λ F(λ)`` (see
``lightsout_graphs.algorithms.gods``). For subspaces ``W_1, …, W_k`` of quiet columns, the
coset means ``F_{W_i}(μ) = Σ_{v_g ∈ W_i} b_g (−1)^{μ·v_g}`` of any ``b`` with ``max F ≤ top``
are all ``≤ top``; if no integer ``b`` on the groups inside the ``W_i`` (``b_g ≡ c_g`` mod 2,
``|b_g| ≤ top``, ``F_{W_1}`` peaking at ``μ = 0``) keeps them there, then ``M > top``. This is
the argument of ``subspaces.py`` with the exhaustive search replaced by two integer-programme
solvers (HiGHS and OR-Tools CP-SAT, both must prove the model infeasible), which reach
subspaces with 20 to 80 groups inside where the exhaustive search gives up. The script draws
subspaces (spanned by odd groups at random, or greedily by the columns that bring the most
groups inside), tries each one alone and, with ``--joint K``, unions of ``K`` of the subspaces
that failed alone; the first certificate found for ``--target`` is stored in
``certificates.json`` as ``upper_certificate = {"kind": "subspace programme", "bases": [...],
"spectrum_bound": t}``; ``proofs.py`` re-proves it with both solvers.

With ``--full`` the script proves ``M ≥ target`` over every quiet pattern instead, by CP-SAT on
the sparse model of ``proofs.butterfly_holds`` (the fast transform's levels as variables, the
peak pinned at ``λ = 0`` and at least the bound of the stored subspace certificate), and stores
it as ``full_programme``; ``check.py --full SECONDS`` re-proves it (one solver: HiGHS does not
decide these models in 10 minutes). ``--solver scip`` proves it by SCIP on the model with one
dense row per quiet pattern instead (``proofs.scip_holds``), and ``proofs.py`` re-proves it so;
when the stored certificate already holds the same model proven by CP-SAT, SCIP's proof is kept
beside it as ``second_solver`` (``check.py --full SECONDS --second`` re-proves both).

``--inner`` lowers each subspace's coset means by the proven peak of its quotient spectra
(``proofs.inner_bound_holds``; stored as ``"inner"``), ``--basis`` tries one given subspace
instead of drawing them, and ``--full --cuts K`` adds ``K`` such proven coset-mean cuts to the
whole programme (stored as ``"cuts"``).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np
import proofs
from subspaces import _basis

HERE = Path(__file__).resolve().parent


def _code(n: int, cert: dict) -> tuple[np.ndarray, np.ndarray, int, int]:
    quiet = np.array([[int(ch) for ch in q] for q in cert["quiet"]], dtype=np.int64).reshape(
        -1, n * n
    )
    if quiet.shape[0] == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), 0, n * n
    cols, sizes, zero = proofs.grouped(quiet)
    return cols, sizes, quiet.shape[0], zero


def inner_bound(
    cols: np.ndarray, sizes: np.ndarray, basis: list[int], d: int, seconds: float
) -> int:
    """The largest peak that every spectrum of the quotient code of ``span(basis)`` is proven
    to reach (:func:`proofs.inner_bound_holds`, both solvers), trying 1, 2, 3, … in turn."""
    best = 0
    while True:
        held, _ = proofs.inner_bound_holds(cols, sizes, basis, d, best + 1, seconds)
        if not held:
            return best
        best += 1


def cut_pool(
    cols: np.ndarray, sizes: np.ndarray, d: int, count: int, seed: int, seconds: float
) -> list[tuple[list[int], int]]:
    """``count`` cuts ``(basis, inner)`` for the full programme: subspaces of dimension
    ``d − 7 .. d − 1`` drawn as :func:`subspaces._basis` draws them, whose quotient spectra are
    proven to peak at ``inner ≥ 1``."""
    rng = np.random.default_rng(seed)
    odd = np.flatnonzero(sizes % 2)
    cuts: list[tuple[list[int], int]] = []
    for _ in range(200 * count):
        if len(cuts) == count or not len(odd):
            break
        w = int(rng.integers(max(1, d - 7), d))
        basis = _basis(cols, odd, w, rng, greedy=rng.random() < 0.7)
        inner = inner_bound(cols, sizes, basis, d, seconds)
        if inner >= 1:
            cuts.append((basis, inner))
    return cuts


def find(
    n: int,
    cert: dict,
    target: int,
    seconds: float,
    seed: int,
    dims: tuple[int, int],
    groups: tuple[int, int],
    solve_seconds: float,
    joint: int = 1,
    inner: bool = False,
    given: list[int] | None = None,
) -> dict | None:
    """A subspace-programme certificate of ``M ≥ target`` for the n×n board, or ``None``.

    With ``inner``, each subspace's coset means are lowered by the proven peak of its quotient
    spectra (:func:`inner_bound`), stored as the certificate's ``"inner"``. ``given`` (a basis)
    tries that one subspace instead of drawing them."""
    cols, sizes, d, _ = _code(n, cert)
    odd_total = int((sizes % 2).sum())
    odd = np.flatnonzero(sizes % 2)
    rng = np.random.default_rng(seed)
    until = time.monotonic() + seconds
    failed: list[tuple[list[int], int]] = []
    tried = {"alone": 0, "joint": 0}
    while time.monotonic() < until and len(odd):
        if joint > 1 and len(failed) >= joint and rng.random() < 0.5:
            picks = rng.choice(len(failed), joint, replace=False).tolist()
            bases = [failed[i][0] for i in picks]
            lows = [failed[i][1] for i in picks]
            inside = np.unique(np.concatenate([proofs.inside_subspace(cols, b)[1] for b in bases]))
            if len(inside) > 2 * groups[1]:
                continue
            tried["joint"] += 1
        else:
            w = int(rng.integers(dims[0], min(d, dims[1]) + 1))
            basis = given or _basis(cols, odd, w, rng, greedy=rng.random() < 0.7)
            inside = proofs.inside_subspace(cols, basis)[1]
            if not given and not groups[0] <= len(inside) <= groups[1]:
                continue
            bases = [basis]
            lows = [inner_bound(cols, sizes, basis, d, solve_seconds) if inner else 0]
            tried["alone"] += 1
        began = time.monotonic()
        held, _ = proofs.subspace_programme_holds(
            cols, sizes, bases, odd_total, target, solve_seconds, lows
        )
        if held:
            print(f"n={n}: M >= {target} from {len(bases)} subspace(s), {len(inside)} groups")
            return {
                "kind": "subspace programme",
                "bases": bases,
                **({"inner": lows} if any(lows) else {}),
                "spectrum_bound": target,
                "groups_inside": len(inside),
                "solve_seconds": round(time.monotonic() - began, 2),
            }
        if given:
            break
        if held is False and len(bases) == 1:
            failed.append((bases[0], lows[0]))
    print(f"n={n}: no certificate of M >= {target} ({tried})", flush=True)
    return None


def full(
    n: int,
    cert: dict,
    target: int,
    seconds: float,
    workers: int = 1,
    cuts: int = 0,
    seed: int = 0,
    solver: str = "cp-sat",
) -> bool:
    """Prove ``M ≥ target`` over all quiet patterns (``proofs.butterfly_holds``, or
    ``proofs.scip_holds`` with ``solver="scip"``, pinned at the bound the stored subspace
    certificate proves, with ``cuts`` coset-mean cuts from :func:`cut_pool`) and record it in
    ``cert`` when it holds."""
    cols, sizes, d, c0 = _code(n, cert)
    sub = cert.get("upper_certificate") or {}
    pin = int(sub.get("spectrum_bound", 0))  # check.py proves it before it uses the pin
    began = time.monotonic()
    pool = cut_pool(cols, sizes, d, cuts, seed, 10.0) if cuts else []
    if cuts:
        took = round(time.monotonic() - began, 1)
        print(f"n={n}: {len(pool)} cuts, inner bounds {[i for _, i in pool]} ({took} s)")
    began = time.monotonic()
    if solver == "scip":
        held = proofs.scip_holds(cols, sizes, d, target, pin, seconds, pool)
        how = "SCIP (pyscipopt), one dense row per quiet pattern"
    else:
        held = proofs.butterfly_holds(cols, sizes, d, target, pin, seconds, workers, pool)
        how = f"OR-Tools CP-SAT, {workers} worker(s), the fast transform's levels as variables"
    took = round(time.monotonic() - began, 1)
    print(f"n={n}: M >= {target} over all 2**{d} quiet patterns: {held} ({took} s)", flush=True)
    if not held:
        return False
    upper = (n * n + c0 - target) // 2
    command = (
        f"programme.py {n} --full --target {target} --solve-seconds {seconds:g}"
        + (f" --workers {workers}" if workers > 1 else "")
        + (" --solver scip" if solver == "scip" else "")
        + (f" --cuts {cuts} --seed {seed}" if cuts else "")
    )
    stored = cert.get("full_programme") or {}
    same = (
        int(stored.get("spectrum_bound", -1)) == target and int(stored.get("pinned_at", -1)) == pin
    )
    if (
        same
        and not pool
        and not stored.get("cuts")
        and str(stored.get("solver", ""))[:4] != how[:4]
    ):
        # the same model proven by the other solver: a second proof, kept beside the first
        stored["second_solver"] = {"solver": how, "solve_seconds": took, "found_by": command}
        return True
    cert["full_programme"] = {
        "kind": "full programme",
        "spectrum_bound": target,
        "pinned_at": pin,
        "solver": how,
        "solve_seconds": took,
        "found_by": command,
    }
    if pool:
        cert["full_programme"]["cuts"] = [{"basis": b, "inner": i} for b, i in pool]
    if upper < int(cert["upper"]):
        cert.update(upper=upper, upper_argument="full programme")
    return True


def save(path: Path, cert: dict) -> None:
    """Write ``cert`` into the certificates file, read afresh: runs of other sizes that ended
    while this one ran keep their results."""
    certs = json.loads(path.read_text())
    n = int(cert["n"])
    path.write_text(json.dumps([cert if int(c["n"]) == n else c for c in certs], indent=1) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int)
    parser.add_argument("--target", type=int, required=True, help="the bound M >= t sought")
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--dims", type=int, nargs=2, default=(5, 12), help="least, most dim W")
    parser.add_argument(
        "--groups", type=int, nargs=2, default=(12, 80), help="least, most groups inside W"
    )
    parser.add_argument("--solve-seconds", type=float, default=10.0, help="per solver, per try")
    parser.add_argument("--joint", type=int, default=1, help="also try unions of K subspaces")
    parser.add_argument("--certificates", type=Path, default=HERE / "certificates.json")
    parser.add_argument(
        "--full",
        action="store_true",
        help="prove M >= target over every quiet pattern instead (CP-SAT, --solve-seconds)",
    )
    parser.add_argument("--workers", type=int, default=1, help="CP-SAT workers for --full")
    parser.add_argument(
        "--solver",
        choices=["cp-sat", "scip"],
        default="cp-sat",
        help="the solver of --full: CP-SAT on the sparse model, or SCIP on the dense one",
    )
    parser.add_argument(
        "--inner",
        action="store_true",
        help="lower each subspace's coset means by the proven peak of its quotient spectra",
    )
    parser.add_argument(
        "--cuts", type=int, default=0, help="coset-mean cuts added to the --full model"
    )
    parser.add_argument(
        "--basis", type=int, nargs="+", help="try this subspace (column masks) instead of drawing"
    )
    args = parser.parse_args()
    path = args.certificates
    certs = json.loads(path.read_text())
    cert = next(c for c in certs if int(c["n"]) == args.n)
    odd = int((_code(args.n, cert)[1] % 2).sum())
    if proofs.parity_ceiling(args.target, odd) != args.target:
        parser.error(f"every spectrum value of n={args.n} has the parity of {odd}: --target")
    if args.full:
        if full(
            args.n,
            cert,
            args.target,
            args.solve_seconds,
            args.workers,
            args.cuts,
            args.seed,
            args.solver,
        ):
            save(path, cert)
        return
    found = find(
        args.n,
        cert,
        args.target,
        args.seconds,
        args.seed,
        tuple(args.dims),
        tuple(args.groups),
        args.solve_seconds,
        args.joint,
        args.inner,
        args.basis,
    )
    if found is None:
        return
    found["found_by"] = (
        f"programme.py {args.n} --target {args.target} --seconds {args.seconds:g} "
        f"--seed {args.seed} --dims {args.dims[0]} {args.dims[1]} --groups {args.groups[0]} "
        f"{args.groups[1]} --solve-seconds {args.solve_seconds:g} --joint {args.joint}"
        + (" --inner" if args.inner else "")
    )
    if args.basis:
        found["found_by"] = (
            f"programme.py {args.n} --target {args.target} --solve-seconds "
            f"{args.solve_seconds:g}{' --inner' if args.inner else ''} --basis "
            + " ".join(str(v) for v in args.basis)
        )
    _, _, _, c0 = _code(args.n, cert)
    upper = (args.n * args.n + c0 - args.target) // 2
    stored = int(cert["upper"])
    if upper < stored or (upper == stored and cert["upper_argument"] == "integer programme"):
        cert["upper_certificate"] = found
        cert.update(upper=upper, upper_argument="subspace programme")
        save(path, cert)
    print(json.dumps({"n": args.n, "upper": upper, "stored_upper": cert["upper"]}))


if __name__ == "__main__":
    main()
