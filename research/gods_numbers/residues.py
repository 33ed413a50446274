r"""Upper bounds on God's number from the residues of the spectrum modulo 8.

Usage (from the repository root, in the project's environment)::

    python research/gods_numbers/residues.py 84 --target 10 --full-seconds 1800 --workers 2

God's number is ``(C + c_0 − M)/2`` with ``M = min_b max_λ F(λ)`` (see
``lightsout_graphs.algorithms.gods``). Write ``b_g = (c_g mod 2) + 2 y_g``. With the peak
translated to ``λ = 0``, ``F(λ) = F(0) − 2 w(λ) − 4 Σ_{λ·v_g = 1} y_g``, where ``w(λ)`` counts
the odd groups with ``λ·v_g = 1``; the last sum is ``λ·u`` modulo 2 for the *residue class*
``u = Σ_g (y_g mod 2) v_g``. So in class ``u`` every ``F(λ) ≡ F(0) − 2 w(λ) − 4 λ·u``
(mod 8), and a peak of ``top`` leaves ``F(λ) ≤ top − δ_u(λ)``, ``δ_u ∈ {0, 2, 4, 6}``.

The coset means of one subspace ``W`` (a stored subspace certificate's, by default) then have
ceilings that depend on ``u``: for all but a few of the ``2^d`` classes they fall below what
any ``b`` on ``W`` can meet. The classes left (one here: the ``u*`` with ``w(λ)/2 ≡ λ·u*``
modulo 2, where every ``F(λ) ≡ F(0)`` modulo 8) are each proven apart by CP-SAT on the whole
programme with every value held to its residue (``proofs.residue_full_holds``). When every
class is refuted, ``M > top``: the script stores ``residue_split = {"kind": "residue split",
"spectrum_bound": t, "basis": [...], "exceptions": [{"u": ..., "solver": ...,
"solve_seconds": ...}], "found_by": ...}`` in ``certificates.json``; ``proofs.py`` re-proves
the split (HiGHS and CP-SAT on every class not refuted at once) and, with ``--full``, the
exceptions.

``--inner`` lowers each coset's ceiling further: in class ``u`` every value on the coset is
congruent to its cap modulo 8, and so must be the coset mean plus the quotient spectrum there
(``proofs.residue_inner_ceiling``, HiGHS and SCIP). With ``--symmetric`` the subspace's images
under the eight symmetries of the square are used too, and the script prints the classes that
none of them refutes (``proofs.residue_classes_left``); it stores nothing::

    python research/gods_numbers/residues.py 19 --target 18 --inner --symmetric

``--halves`` then tries each class left on each of those subspaces coset by coset, with every
coset's own ceiling (in a class ``u ∈ W`` they split by ``μ·u``), and ``--draws N`` tries the
classes still left on ``N`` random subspaces (``--dims``, ``--seed``): the span of that many
columns drawn at random (``proofs.residue_means_hold``). For 167×167 (LOG.md, thirteenth round)::

    python research/gods_numbers/residues.py 167 --target 10 --inner --symmetric --halves \
        --draws 3 --seed 1
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np
import proofs
from programme import save

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int)
    parser.add_argument("--target", type=int, required=True, help="the bound M >= t sought")
    parser.add_argument("--basis", type=int, nargs="*", help="W (default: the stored one)")
    parser.add_argument("--seconds", type=float, default=20.0, help="per class, per solver")
    parser.add_argument("--full-seconds", type=float, default=1800.0, help="per exception")
    parser.add_argument("--workers", type=int, default=1, help="CP-SAT workers per exception")
    parser.add_argument("--certificates", type=Path, default=HERE / "certificates.json")
    parser.add_argument("--inner", action="store_true", help="the residue quotient ceilings")
    parser.add_argument("--symmetric", action="store_true", help="and the square's images of W")
    parser.add_argument(
        "--halves", action="store_true", help="with --inner: each class left, coset by coset"
    )
    parser.add_argument(
        "--draws", type=int, default=0, help="with --inner: random subspaces for the classes left"
    )
    parser.add_argument("--dims", type=int, nargs=2, default=(8, 11), help="of the drawn ones")
    parser.add_argument("--seed", type=int, default=0, help="of the draws")
    args = parser.parse_args()
    if (args.halves or args.draws) and not args.inner:
        parser.error("--halves and --draws need --inner")
    if args.draws < 0 or not 1 <= args.dims[0] <= args.dims[1]:
        parser.error("--draws needs a count of 0 or more and --dims A B with 1 <= A <= B")
    n, t = args.n, args.target
    certs = {int(c["n"]): c for c in json.loads(args.certificates.read_text())}
    if n not in certs:
        raise SystemExit(f"n={n}: no certificate in {args.certificates}")
    cert = certs[n]
    quiet = np.array([[int(ch) for ch in q] for q in cert["quiet"]], dtype=np.uint8)
    quiet = quiet.reshape(-1, n * n)
    cols, sizes, zero = proofs.grouped(quiet)
    d, odd = quiet.shape[0], int((sizes % 2).sum())
    top = proofs.parity_ceiling(t, odd) - 2
    proven = n * n + zero - 2 * int(cert["upper"])
    if proven < top:
        raise SystemExit(f"n={n}: only M >= {proven} is proven; the split needs M >= {top}")
    basis = args.basis or [int(v) for v in cert["upper_certificate"]["bases"][0]]
    start = time.monotonic()
    if args.inner:
        bases = square_images(n, quiet, basis) if args.symmetric else [basis]
        left, how = proofs.residue_classes_left(cols, sizes, d, t, bases, args.seconds)
        seconds = time.monotonic() - start
        print(f"n={n}, M >= {t}: refuted at once: {how} ({seconds:.0f} s)")
        print(f"{len(left)} classes left: {left[:50]}", flush=True)
        if args.halves:
            left = coset_by_coset(cols, sizes, d, t, bases, left, args.seconds, "W")
        if args.draws:
            rng = np.random.default_rng(args.seed)
            low, high = args.dims
            drawn = [
                draw_basis(rng, cols, int(rng.integers(low, high + 1))) for _ in range(args.draws)
            ]
            left = coset_by_coset(cols, sizes, d, t, drawn, left, args.seconds, "drawn")
        if args.halves or args.draws:
            print(f"{len(left)} classes left: {left[:50]} ({time.monotonic() - start:.0f} s)")
        return
    met, undecided, how = proofs.residue_classes_met(cols, sizes, d, t, basis, args.seconds)
    print(f"n={n}, M >= {t}: {how} ({time.monotonic() - start:.0f} s); met on W: {met}")
    if undecided:
        raise SystemExit(f"undecided classes: {undecided}")
    exceptions = []
    for u in met:
        start = time.monotonic()
        held = proofs.residue_full_holds(cols, sizes, d, t, u, args.full_seconds, args.workers)
        seconds = round(time.monotonic() - start, 1)
        print(f"class u = {u}: {held} in {seconds} s", flush=True)
        if held is not True:
            raise SystemExit(f"class u = {u} not refuted ({held}): M >= {t} not proven")
        exceptions.append(
            {
                "u": u,
                "solver": f"OR-Tools CP-SAT, {args.workers} worker(s), residues held",
                "solve_seconds": seconds,
            }
        )
    upper = (n * n + zero - t) // 2
    print(f"n={n}: M >= {t}, every board needs at most {upper} presses")
    if upper < int(cert["upper"]):
        cert["residue_split"] = {
            "kind": "residue split",
            "spectrum_bound": t,
            "basis": basis,
            "exceptions": exceptions,
            "found_by": f"residues.py {n} --target {t} --workers {args.workers}",
        }
        cert.update(upper=upper, upper_argument="residue split")
        save(args.certificates, cert)


def draw_basis(rng: np.random.Generator, cols: np.ndarray, dim: int) -> list[int]:
    """A basis of the span of ``dim`` independent columns drawn at random, so that the subspace
    holds groups (those columns at least)."""
    basis: list[int] = []
    span = {0}
    for g in rng.permutation(len(cols)).tolist():
        v = int(cols[g])
        if len(basis) == dim:
            break
        if v not in span:
            basis.append(v)
            span |= {s ^ v for s in span}
    return basis


def coset_by_coset(
    cols: np.ndarray,
    sizes: np.ndarray,
    d: int,
    t: int,
    bases: list[list[int]],
    left: list[int],
    seconds: float,
    label: str,
) -> list[int]:
    """The classes of ``left`` that no subspace of ``bases`` refutes coset by coset
    (``proofs.residue_means_hold``); prints each refutation."""
    memos: list[dict] = [{} for _ in bases]
    still = []
    for u in left:
        for i, basis in enumerate(bases):
            start = time.monotonic()
            if proofs.residue_means_hold(cols, sizes, d, t, basis, u, seconds, memos[i]):
                print(
                    f"class {u}: refuted coset by coset on {label} subspace {i} "
                    f"(basis {basis}, {time.monotonic() - start:.0f} s)",
                    flush=True,
                )
                break
        else:
            still.append(u)
    return still


def square_images(n: int, quiet: np.ndarray, basis: list[int]) -> list[list[int]]:
    """The images of ``span(basis)`` under the eight symmetries of the square, as bases.

    A symmetry ``σ`` maps quiet patterns to quiet patterns, so the column of the light ``σ(c)`` is
    ``A_σ`` times the column of ``c`` for one linear map ``A_σ``, found here from the columns.
    """
    d = quiet.shape[0]
    column = (quiet.astype(np.int64) << np.arange(d, dtype=np.int64)[:, None]).sum(axis=0)
    column = column.reshape(n, n)
    m = n - 1
    maps = [
        lambda i, j: (i, j),
        lambda i, j: (j, i),
        lambda i, j: (m - i, j),
        lambda i, j: (i, m - j),
        lambda i, j: (m - i, m - j),
        lambda i, j: (m - j, m - i),
        lambda i, j: (j, m - i),
        lambda i, j: (m - j, i),
    ]
    out = []
    for sigma in maps:
        pivots: dict[int, tuple[int, int]] = {}  # leading bit: (column, its image)
        for i in range(n):
            for j in range(n):
                v, image = int(column[i, j]), int(column[sigma(i, j)])
                for p in sorted(pivots, reverse=True):
                    if v >> p & 1:
                        v, image = v ^ pivots[p][0], image ^ pivots[p][1]
                if v:
                    pivots[v.bit_length() - 1] = (v, image)
                elif image:
                    raise ValueError("the symmetry does not act linearly on the columns")
        mapped = []
        for v in basis:
            image = 0
            for p in sorted(pivots, reverse=True):
                if v >> p & 1:
                    v, image = v ^ pivots[p][0], image ^ pivots[p][1]
            mapped.append(image)
        out.append(mapped)
    return out


if __name__ == "__main__":
    main()
