"""Sizes whose spectrum programme is another size's: one proof settles both.

Usage (from the repository root, in the project's environment)::

    python research/gods_numbers/equivalent.py 149 209 --as 89

God's number is ``(C + c_0 − M)/2`` with ``M = min_b max_λ F(λ)`` over integers ``b_g ≡ c_g``
(mod 2), ``|b_g| ≤ c_g``, one per quiet column ``v_g`` (see ``lightsout_graphs.algorithms.gods``).
A ``b`` whose peak is below ``t`` has ``|b_g| ≤ t − 1`` (``b_g`` is the mean of ``F`` over the
quiet patterns that leave ``v_g`` even), so groups of ``t − 1`` lights or more never bind, and
two sizes whose quiet columns correspond under a linear bijection, with the same parities and
the same sizes below ``t``, have the same programme: ``M ≥ t`` for one is ``M ≥ t`` for the
other. The boards of 89×89, 149×149 and 209×209 have the same 131 quiet columns, with groups of
9 lights or more, so the whole programme proven for 89 (``M ≥ 8``) settles the other two.

For each size the script searches for such a map (backtracking over the images of a basis of
columns, each column matched only to columns with the same parity, capped size and number of
pairs of columns summing to it), and stores ``same_programme = {"as": m, "map": [...],
"spectrum_bound": t}`` in ``certificates.json`` when it proves a better upper bound;
``proofs.py`` verifies the map and the certificate of ``m``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
import proofs
from programme import save

HERE = Path(__file__).resolve().parent


def _code(cert: dict) -> tuple[dict[int, int], int, int]:
    n = int(cert["n"])
    quiet = np.array([[int(ch) for ch in q] for q in cert["quiet"]], dtype=np.uint8)
    cols, sizes, zero = proofs.grouped(quiet.reshape(-1, n * n))
    return {int(c): int(s) for c, s in zip(cols, sizes, strict=True)}, quiet.shape[0], zero


def _labels(code: dict[int, int], cap: int) -> dict[int, tuple[int, ...]]:
    """A label per column that any map of programmes must keep: parity, size below ``cap``, and
    how many pairs of columns of each parity pair sum to it."""
    out = {}
    for v, s in code.items():
        pairs = [0, 0, 0]
        for u, su in code.items():
            w = u ^ v
            if u < w and w in code:
                pairs[su % 2 + code[w] % 2] += 1
        out[v] = (s % 2, min(s, cap), *pairs)
    return out


def find_map(
    source: dict[int, int], target: dict[int, int], d: int, bound: int
) -> list[int] | None:
    """A linear bijection carrying ``source``'s columns onto ``target``'s, keeping each label
    (:func:`_labels` with ``cap = bound − 1``), as the images of the unit columns; ``None``
    when there is none."""
    if len(source) != len(target):
        return None
    ls, lt = _labels(source, bound - 1), _labels(target, bound - 1)
    if sorted(ls.values()) != sorted(lt.values()):
        return None
    basis: list[int] = []  # columns of source, chosen so that each brings many columns into span
    combo = {0: 0}  # element of span(basis) -> its coordinates in the basis
    while len(basis) < d:
        best = max(
            (c for c in source if c not in combo),
            key=lambda c: sum(1 for x in combo if x ^ c in source),
        )
        for x, k in list(combo.items()):
            combo[x ^ best] = k | (1 << len(basis))
        basis.append(best)
    new = [[v for v in source if combo[v] >> k == 1] for k in range(d)]
    images = [0] * d

    def image(k: int) -> int:
        out = 0
        for i in range(d):
            if (k >> i) & 1:
                out ^= images[i]
        return out

    def extend(k: int, span: set[int]) -> bool:
        if k == d:
            return True
        for u in target:
            if u in span or lt[u] != ls[basis[k]]:
                continue
            images[k] = u
            kept = all(image(combo[v]) in target and lt[image(combo[v])] == ls[v] for v in new[k])
            if kept and extend(k + 1, span | {x ^ u for x in span}):
                return True
        return False

    if not extend(0, {0}):
        return None
    # the images of the unit columns: solve basis -> images for each unit vector
    unit = []
    for i in range(d):
        coords = combo.get(1 << i)
        if coords is None:  # the basis spans GF(2)^d, so every unit column is in combo
            raise AssertionError("the basis does not span")
        unit.append(image(coords))
    return unit


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", type=int, nargs="+")
    parser.add_argument("--as", dest="ref", type=int, required=True, help="the size proven")
    args = parser.parse_args()
    path = HERE / "certificates.json"
    certs = json.loads(path.read_text())
    by_size = {int(c["n"]): c for c in certs}
    missing = sorted({args.ref, *args.sizes} - set(by_size))
    if missing:
        raise SystemExit(f"no certificate in {path} for n = {missing}")
    ref = by_size[args.ref]
    target, d_ref, _ = _code(ref)
    bound = args.ref**2 + proofs.zero_count(args.ref, ref) - 2 * int(ref["upper"])
    for n in args.sizes:
        cert = by_size[n]
        source, d, zero = _code(cert)
        mapping = find_map(source, target, d, bound) if d == d_ref else None
        if mapping is None:
            print(f"n={n}: not the same programme as n={args.ref} (M >= {bound})")
            continue
        upper = (n * n + zero - bound) // 2
        print(f"n={n}: the same programme as n={args.ref}, M >= {bound}: upper {upper}")
        if upper < int(cert["upper"]):
            cert["same_programme"] = {
                "kind": "same programme",
                "as": args.ref,
                "map": mapping,
                "spectrum_bound": bound,
                "found_by": f"equivalent.py {n} --as {args.ref}",
            }
            cert.update(upper=upper, upper_argument="same programme")
            save(path, cert)


if __name__ == "__main__":
    main()
