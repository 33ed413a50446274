"""What the residue class ``u*`` leaves open: the class where every value keeps its residue.

Usage (from the repository root, in the project's environment)::

    python research/gods_numbers/class_zero.py 19 --target 18 --draws 20

The residue split (``residues.py``) refutes every class of 19×19 but ``u* = 0`` for ``M ≥ 18``,
and every class of 84×84 but ``u* = 2598`` for ``M ≥ 10``. In ``u*`` every ``F(λ)`` is congruent
to the peak ``top`` modulo 8. This script prints three facts about that class, with the stored
subspace ``W`` of the size's certificate. Each fact is a reason why an argument does not close
the class. Every "feasible" it prints comes with a solution, checked here; it proves no bound.

1. **The class does not move under translation.** Translating ``b`` by ``λ`` (``b_g ↦ b_g
   (−1)^{λ·v_g}``) moves its class by ``Mλ``, where ``M = Σ v_g v_gᵀ`` over the odd groups.
   If ``M`` were not 0, a peak at some ``λ`` with ``Mλ`` in a refuted class would be ruled out,
   and every cap there would drop by 8. ``M = 0`` exactly when ``w(λ)/2`` is linear modulo 2,
   which is what makes ``u*`` exist. So the refuted classes say nothing about ``u*``.
2. **Every coset mean is allowed.** On the coset ``W^⊥`` every value is ``m + G(ν)``, with
   ``G`` a spectrum of the quotient code and ``G ≡ cap − m`` (mod 8). The script lists, from
   the mean of the caps down, the means ``m`` for which such a ``G`` exists (HiGHS; a solution
   is checked). The first is the residue ceiling of ``proofs.residue_inner_ceiling``. If some
   residue of ``m`` below it were impossible, the subspace programme could use that.
3. **The level modulo 16 does not help on ``W``.** In ``u*``, ``F ≡ top + 8H`` (mod 16) with
   ``H = G₃ + Q + ℓ``. Here ``G₃ = ((w − 2λ·u*)/4) mod 2`` is fixed by the odd groups, and ``Q``
   and ``ℓ`` are a quadratic form and a linear function that depend on ``b``. So ``F ≤ top − 8``
   wherever ``H = 1``. The script prints the degree of ``G₃`` on the cosets of ``W^⊥`` and
   how many different parts of degree 3 or more they have. Then it tries the residue ceiling
   of fact 2 with ``H`` restricted to the coset ``W^⊥`` and any quadratic. After that it draws
   ``--draws`` quadratic parts at random and tries again with each one fixed and only the affine
   part free.
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from pathlib import Path

import numpy as np
import proofs
from scipy.optimize import Bounds, LinearConstraint, milp

HERE = Path(__file__).resolve().parent


def shift_matrix(cols: np.ndarray, sizes: np.ndarray, d: int) -> np.ndarray:
    """``M = Σ v_g v_gᵀ`` over the odd groups, over GF(2): translating ``b`` by ``λ`` moves its
    residue class ``u`` to ``u + Mλ``.

    Examples
    --------
    >>> shift_matrix(np.array([1, 2, 3]), np.array([1, 1, 1]), 2).tolist()
    [[0, 1], [1, 0]]
    """
    bits = (cols[sizes % 2 == 1][:, None] >> np.arange(d)) & 1
    return (bits.T @ bits) % 2


def special_class(cols: np.ndarray, sizes: np.ndarray, d: int) -> int | None:
    """The class ``u*`` with ``w(λ)/2 ≡ λ·u*`` modulo 2 for every ``λ`` (every cap at the peak),
    or ``None`` when ``w(λ)/2`` is not linear.

    Examples
    --------
    >>> special_class(np.arange(1, 8), np.ones(7, dtype=np.int64), 3)  # every w(λ) is 0 or 4
    0
    >>> special_class(np.array([1, 2, 3]), np.ones(3, dtype=np.int64), 2) is None  # w/2 = 0,1,1,1
    True
    """
    w = proofs.odd_weights(cols, sizes, d)
    if np.any(w % 2):
        return None
    u = sum(((int(w[1 << j]) // 2) % 2) << j for j in range(d))
    lam = np.arange(1 << d, dtype=np.int64)
    linear = np.bitwise_count(lam & u).astype(np.int64) & 1
    return u if np.array_equal((w // 2) % 2, linear) else None


def _perp_coordinates(basis: list[int], d: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``W^⊥`` listed by coordinates ``t`` on a basis of it (``nu[t]``), its sorted elements, and
    the syndrome of every ``λ``."""
    lam = np.arange(1 << d, dtype=np.int64)
    syndrome = np.zeros(1 << d, dtype=np.int64)
    for j, v in enumerate(basis):
        syndrome |= (np.bitwise_count(lam & int(v)).astype(np.int64) & 1) << j
    perp = lam[syndrome == 0]
    gens: list[int] = []
    span = {0}
    for x in perp.tolist():
        if x not in span:
            gens.append(x)
            span |= {s ^ x for s in span}
    t = np.arange(1 << len(gens))
    nu = np.zeros(len(t), dtype=np.int64)
    for i, g in enumerate(gens):
        nu ^= np.where((t >> i) & 1, g, 0)
    return nu, perp, syndrome


def anf_degree(f: np.ndarray) -> tuple[int, tuple[int, ...]]:
    """The algebraic degree of a Boolean function given by its values, and its monomials of
    degree 3 or more (as bit masks).

    Examples
    --------
    >>> anf_degree(np.array([0, 0, 0, 1, 0, 1, 1, 1]))  # t1 t2 + t1 t3 + t2 t3
    (2, ())
    >>> anf_degree(np.array([0, 0, 0, 0, 0, 0, 0, 1]))  # t1 t2 t3
    (3, (7,))
    """
    a = f.astype(np.int64) % 2
    step = 1
    while step < len(a):
        a = a.reshape(-1, 2, step)
        a[:, 1, :] ^= a[:, 0, :]
        a = a.reshape(-1)
        step *= 2
    weights = [i.bit_count() for i in range(len(a))]
    high = tuple(i for i in range(len(a)) if a[i] and weights[i] >= 3)
    return max([weights[i] for i in range(len(a)) if a[i]] or [0]), high


def _quotient_model(
    signs: np.ndarray, par: np.ndarray, box: np.ndarray, rhs: np.ndarray, step: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The rows ``2 Σ_h s_hν y_h + step·k_ν = rhs_ν`` over ``(y, k)`` (``β_h = 2 y_h + par_h``,
    ``k_ν ≥ 0``) and the bounds of ``(y, k)``; the caller may append columns."""
    points = signs.shape[1]
    boxed = box - (box - par) % 2
    low, high = (-boxed - par) // 2, (boxed - par) // 2
    a = np.hstack([2 * signs.T, step * np.eye(points, dtype=np.int64)])
    reach = (int(np.abs(rhs).max()) + 2 * int(boxed.sum())) // step + 1
    return a, np.r_[low, np.zeros(points)], np.r_[high, np.full(points, reach)]


def _monomials(points: int) -> np.ndarray:
    """The monomials of degree at most 2 in ``t`` (constant, linear, quadratic) as columns:
    row ``t`` holds their values at ``t``."""
    k = points.bit_length() - 1
    masks = np.array(
        [0] + [sum(1 << i for i in c) for r in (1, 2) for c in itertools.combinations(range(k), r)]
    )
    t = np.arange(points)
    return ((t[:, None] & masks[None, :]) == masks[None, :]).astype(np.int64)


def _feasible(
    constraints: list[LinearConstraint], lb: np.ndarray, ub: np.ndarray, seconds: float
) -> np.ndarray | bool | None:
    """HiGHS on an integer feasibility model: a solution, ``False`` when infeasible, ``None``
    when undecided."""
    res = milp(
        np.zeros(len(lb)),
        constraints=constraints,
        integrality=np.ones(len(lb)),
        bounds=Bounds(lb, ub),
        options={"time_limit": seconds},
    )
    if res.status == 2:
        return False
    if res.x is None:
        return None
    return np.round(res.x).astype(np.int64)


def mean_allowed(
    signs: np.ndarray, par: np.ndarray, box: np.ndarray, caps: np.ndarray, m: int, seconds: float
) -> bool | None:
    """Whether some quotient spectrum ``G`` has ``m + G(ν) ≤ caps(ν)`` and ``≡ caps(ν)`` (mod 8)
    on the coset; ``None`` when HiGHS is undecided. A solution is checked."""
    rhs = caps - m - signs.T @ par
    a, lb, ub = _quotient_model(signs, par, box, rhs, 8)
    x = _feasible([LinearConstraint(a, rhs, rhs)], lb, ub, seconds)
    if not isinstance(x, np.ndarray):
        return x
    beta = 2 * x[: len(par)] + par
    values = m + signs.T @ beta
    assert np.all(values <= caps) and np.all((caps - values) % 8 == 0)
    return True


def level16_allowed(
    signs: np.ndarray,
    par: np.ndarray,
    box: np.ndarray,
    top: int,
    g3: np.ndarray,
    m: int,
    seconds: float,
    fixed: np.ndarray | None = None,
) -> bool | None:
    """Whether the coset (points in the order of ``t``, ``signs`` in that order) can have mean
    ``m`` when ``F ≡ top + 8H`` (mod 16) and ``F ≤ top − 8H``, ``H = g3 + q`` for some ``q`` of
    degree at most 2. ``fixed`` gives the last coefficients of ``q`` in the order constant,
    linear, quadratic (its quadratic part alone, or all of them). A solution is checked."""
    points = len(g3)
    mono = _monomials(points)
    rhs = top - m - signs.T @ par
    a, lb, ub = _quotient_model(signs, par, box, rhs, 16)
    j = mono.shape[1]
    # columns after (y, k): H (points), coefficients (j), carries z (points)
    first = np.hstack([a, 8 * np.eye(points), np.zeros((points, j + points))])
    second = np.hstack([np.zeros((points, a.shape[1])), np.eye(points), -mono, 2 * np.eye(points)])
    lb = np.r_[lb, np.zeros(points + j), np.full(points, -j)]
    ub = np.r_[ub, np.ones(points + j), np.full(points, j)]
    if fixed is not None:
        start = a.shape[1] + points + j - len(fixed)
        lb[start : start + len(fixed)] = fixed
        ub[start : start + len(fixed)] = fixed
    x = _feasible(
        [LinearConstraint(first, rhs, rhs), LinearConstraint(second, g3, g3)], lb, ub, seconds
    )
    if not isinstance(x, np.ndarray):
        return x
    beta = 2 * x[: len(par)] + par
    h = x[a.shape[1] : a.shape[1] + points]
    q = (mono @ x[a.shape[1] + points : a.shape[1] + points + j]) % 2
    values = m + signs.T @ beta
    assert np.array_equal(h, (g3 + q) % 2)
    assert np.all(values <= top - 8 * h) and np.all((values - top - 8 * h) % 16 == 0)
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int)
    parser.add_argument("--target", type=int, required=True, help="the bound M >= t sought")
    parser.add_argument("--draws", type=int, default=20, help="random quadratic parts")
    parser.add_argument("--means", type=int, default=8, help="coset means tried in fact 2")
    parser.add_argument("--seconds", type=float, default=60.0, help="per model")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--enumerate", action="store_true", help="every quadratic part, then every affine part"
    )
    args = parser.parse_args()
    n, t = args.n, args.target
    cert = {int(c["n"]): c for c in json.loads((HERE / "certificates.json").read_text())}[n]
    quiet = np.array([[int(ch) for ch in q] for q in cert["quiet"]], dtype=np.uint8)
    cols, sizes, _ = proofs.grouped(quiet.reshape(-1, n * n))
    d, odd = quiet.shape[0], int((sizes % 2).sum())
    top = proofs.parity_ceiling(t, odd) - 2
    basis = [int(v) for v in cert["upper_certificate"]["bases"][0]]
    u = special_class(cols, sizes, d)
    shift = shift_matrix(cols, sizes, d)
    print(f"n={n}, top {top}: u* = {u}; the shift M has {int(shift.sum())} ones")
    if u is None:
        raise SystemExit("no class keeps every cap: the split leaves no single class")

    nu, perp, syndrome = _perp_coordinates(basis, d)
    _, _, signs, par, box = proofs.coset_quotient(cols, sizes, basis, d, top)
    signs = signs[:, np.searchsorted(perp, nu)]  # the points in the order of t
    caps = proofs.residue_caps(proofs.odd_weights(cols, sizes, d), top, u)[nu]
    inside = sizes[proofs.inside_subspace(cols, basis)[1]]
    parity = int((inside % 2).sum()) % 2
    m0 = proofs.mean_floor(caps, parity)
    allowed = {}
    for m in range(m0, m0 - 2 * args.means, -2):
        allowed[m] = mean_allowed(signs, par, box, caps, m, args.seconds)
    print(f"coset means on W^perp allowed in u* (HiGHS, from {m0} down): {allowed}")
    m0 = max((m for m, ok in allowed.items() if ok is not False), default=m0)

    w = proofs.odd_weights(cols, sizes, d)
    lam = np.arange(1 << d, dtype=np.int64)
    g3 = ((w - 2 * (np.bitwise_count(lam & u).astype(np.int64) & 1)) // 4) % 2
    order = np.argsort(syndrome, kind="stable")
    reps = order[:: len(perp)]
    degrees, parts = [], set()
    for mu in reps.tolist():
        deg, high = anf_degree(g3[mu ^ nu])
        degrees.append(deg)
        parts.add(high)
    counts = {int(k): int(c) for k, c in zip(*np.unique(degrees, return_counts=True), strict=True)}
    print(
        f"degree of G3 on the {len(reps)} cosets: {counts}; {len(parts)} distinct parts of degree >= 3"
    )
    g0 = g3[nu]
    start = time.monotonic()
    free = level16_allowed(signs, par, box, top, g0, m0, args.seconds)
    print(
        f"mean {m0} on W^perp, modulo 16, any quadratic: {free} ({time.monotonic() - start:.0f} s)"
    )
    rng = np.random.default_rng(args.seed)
    k = len(nu).bit_length() - 1
    tally: dict[str, int] = {}
    for _ in range(args.draws):
        quadratic = rng.integers(0, 2, k * (k - 1) // 2)
        got = level16_allowed(signs, par, box, top, g0, m0, args.seconds, quadratic)
        tally[str(got)] = tally.get(str(got), 0) + 1
    print(f"mean {m0} with {args.draws} random quadratic parts fixed: {tally}")
    fewest = fewest_at_ceiling(cols, sizes, basis, top, m0, args.seconds)
    print(f"the fewest cosets of W at mean {m0} (the others at most {m0 - 2}): {fewest}")
    if args.enumerate:
        patterns = allowed_patterns(signs, par, box, top, g0, m0, args.seconds)
        print(f"{len(patterns)} patterns of H on W^perp allow mean {m0}:")
        for h in patterns:
            support = np.flatnonzero(h)
            flat = len(support) == 4 and int(np.bitwise_xor.reduce(support)) == 0
            print(f"  H = 1 on t in {support.tolist()}" + (" (a 2-flat)" if flat else ""))


def allowed_patterns(
    signs: np.ndarray,
    par: np.ndarray,
    box: np.ndarray,
    top: int,
    g3: np.ndarray,
    m: int,
    seconds: float,
) -> list[np.ndarray]:
    """Every ``H = g3 + q`` (``q`` of degree at most 2) on the coset that allows the mean ``m``
    (:func:`level16_allowed`): each quadratic part in turn, then each affine part of those
    allowed. An undecided model counts as allowed."""
    points = len(g3)
    k = points.bit_length() - 1
    pairs = k * (k - 1) // 2
    mono = _monomials(points)
    out = []
    for quadratic in itertools.product([0, 1], repeat=pairs):
        if level16_allowed(signs, par, box, top, g3, m, seconds, np.array(quadratic)) is False:
            continue
        for affine in itertools.product([0, 1], repeat=k + 1):
            coefficients = np.array(affine + quadratic)
            if level16_allowed(signs, par, box, top, g3, m, seconds, coefficients) is not False:
                out.append((g3 + mono @ coefficients) % 2)
    return out


def fewest_at_ceiling(
    cols: np.ndarray, sizes: np.ndarray, basis: list[int], top: int, m: int, seconds: float
) -> list[int] | None:
    """The cosets of ``W`` (by syndrome) at mean ``m`` for a ``b`` on the groups inside ``W``
    with every other coset mean at most ``m − 2`` and as few at ``m`` as HiGHS finds (checked);
    ``None`` when it finds none."""
    sub, inside = proofs.inside_subspace(cols, basis)
    c = sizes[inside]
    par = c % 2
    box = np.minimum(c, top)
    box = box - (box - c) % 2
    mu = np.arange(1 << len(basis))
    signs = 1 - 2 * (np.bitwise_count(mu[:, None] & sub[None, :]).astype(np.int64) & 1)
    count, cosets = len(c), len(mu)
    res = milp(
        np.r_[np.zeros(count), np.ones(cosets)],
        constraints=[
            LinearConstraint(
                np.hstack([2 * signs, -2 * np.eye(cosets)]), -np.inf, m - 2 - signs @ par
            )
        ],
        integrality=np.ones(count + cosets),
        bounds=Bounds(
            np.r_[(-box - par) // 2, np.zeros(cosets)], np.r_[(box - par) // 2, np.ones(cosets)]
        ),
        options={"time_limit": seconds},
    )
    if res.x is None:
        return None
    means = signs @ (2 * np.round(res.x[:count]).astype(np.int64) + par)
    assert means.max() <= m
    return np.flatnonzero(means == m).tolist()


if __name__ == "__main__":
    main()
