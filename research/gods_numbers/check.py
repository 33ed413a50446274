"""Check the God's-number certificates of the n×n boards with NumPy alone.

Usage::

    python research/gods_numbers/check.py --all      # every certificate, then every row
    python research/gods_numbers/check.py [CERTIFICATES.json] [--sizes N ...]
    python research/gods_numbers/check.py --results [RESULTS.json] [--sizes N ...]

Nothing of ``lightsout_graphs`` is imported: the checker rebuilds the closed n×n press matrix
over GF(2) itself. For each certificate it checks:

- **the quiet patterns**: every stored pattern ``q`` is pressed to nothing (``T q = 0``), the
  patterns are independent, and there are as many as the nullity of ``T``. The nullity comes from
  light chasing: a quiet pattern is fixed by its first row (row ``i + 1`` must switch off what
  rows ``≤ i`` left on in row ``i``), and a first row ``r`` extends to one exactly when the last
  row ends dark, a linear map ``r ↦ M r`` on ``GF(2)^n``; so the nullity of ``T`` is that of
  the n×n matrix ``M``. The stored patterns then span every quiet pattern.
- **the lower bound** (a hard board): the stored presses ``x`` give the stored board ``T x``, and
  the fewest presses of that board, ``min_λ |x + Σ λ_i q_i|`` over all ``2**d`` quiet patterns
  (one Walsh–Hadamard transform over the columns of the patterns), is the stored ``lower``.
  When ``d > 24`` (too many quiet patterns for one transform here) only with ``--large``: one
  transform of ``2**22`` values for each setting of the other bits of ``λ``
  (:func:`min_presses_blocked`).
- **the averaging bound** ``averaging_upper``, and ``upper`` when its argument is
  ``"averaging"``: group the lights by their column of quiet patterns; for presses with
  ``a_g`` lights pressed in group ``g``, ``|x + λ·Q| = (C + c_0 − F(λ))/2`` with
  ``F(λ) = Σ_g (c_g − 2a_g)(−1)^{λ·v_g}`` (``C`` lights, ``c_0`` of them in no quiet pattern,
  assuming those pressed, the worst case). ``F`` sums to 0 over all ``λ``, so its largest
  value, which gives the fewest presses, is at least 0; all its values have the parity of the
  number of groups of odd size, and ``F`` is not identically 0 when some group is odd, so the
  largest is at least 1 (odd number of odd groups) or 2 (even, nonzero). Hence every board
  needs at most ``(C + c_0 − m)/2`` presses, ``m`` ∈ {0, 1, 2} as counted. With
  ``"unique"`` (nullity 0) that is ``C``.
- **the subspace bound** (``upper_certificate`` of kind ``"subspace"``, and ``upper`` when its
  argument is ``"subspace"``): for ``W`` spanned by the stored ``basis`` (columns as bit masks,
  bit ``i`` for quiet pattern ``i``), the mean of ``F`` over a coset ``λ_0 + W^⊥`` is
  ``F_W(λ_0) = Σ_{v_g ∈ W} b_g (−1)^{λ_0·v_g}``, so ``max F ≥ max F_W``; an exhaustive search
  over the integers ``b_g`` of the groups inside ``W`` (:func:`subspace_bound_holds`) proves
  ``max F_W ≥ spectrum_bound`` (or one less, when parity lifts it), hence every board needs at
  most ``(C + c_0 − spectrum_bound)/2`` presses.
- **the subspace-programme bound** (``upper_certificate`` of kind ``"subspace programme"``,
  argument ``"subspace programme"``): the same coset means for every subspace of ``bases``
  at once, the model built here from the stored patterns and proven infeasible by two solvers,
  HiGHS (``scipy.optimize.milp``) and OR-Tools CP-SAT (:func:`subspace_programme_holds`);
  ``--programme-seconds`` gives each its time. With ``inner`` (one number per subspace), each
  subspace's coset means are held ``inner`` lower: on a coset ``μ + W^⊥``, ``F`` is its mean
  plus a spectrum of the *quotient code* (the groups outside ``W``, their columns taken modulo
  ``W``, their sizes summed; :func:`quotient_code`), and every such spectrum peaks at
  ``inner`` or more, which the same two solvers prove first (:func:`inner_bound_holds`). So
  ``max F ≥ max F_W + inner``.
- **the full-programme bound** (``full_programme``, argument ``"full programme"``), with
  ``--full SECONDS``: no ``b`` has every ``F(λ) ≤ F(0) ≤ top`` with ``F(0) ≥ pinned_at`` (the
  bound a subspace certificate proved first), over **every** quiet pattern; the model, with the
  levels of the fast transform as variables (:func:`butterfly_holds`), is built here and proven
  infeasible by OR-Tools CP-SAT (one solver), or, when the certificate's ``solver`` names SCIP,
  the model with one dense row per quiet pattern by SCIP (:func:`scip_holds`, ``pyscipopt``);
  a ``second_solver`` (the other of the two) re-proves it too with ``--second``; its ``cuts`` add the coset means of further
  subspaces, each held ``inner`` below the peak, every ``inner`` proven first by both
  solvers.
- **the residue split** (``residue_split``, argument ``"residue split"``): with ``b_g =
  (c_g mod 2) + 2 y_g`` and the peak ``top`` translated to ``λ = 0``, every ``F(λ) ≡ top −
  2 w(λ) − 4 λ·u`` (mod 8), where ``w(λ)`` counts the odd groups with ``λ·v_g = 1`` and
  ``u = Σ_g (y_g mod 2) v_g`` is the *residue class* of ``b``; so ``F(λ) ≤ top − δ_u(λ)``,
  ``δ_u(λ) = (2 w(λ) + 4 λ·u) mod 8`` (:func:`residue_caps`). For every class but the stored
  ``exceptions``, the coset means of the stored subspace, each at most the mean of those caps
  over its coset, are proven impossible (:func:`residue_split_holds`: at once when every
  ceiling lies within a uniform one that HiGHS and CP-SAT prove no ``b`` meets, else by both
  solvers on the class's own ceilings). With ``--full SECONDS``, each exception is proven by
  CP-SAT over every quiet pattern with every value held to its residue
  (:func:`residue_full_holds`). The split needs ``M ≥ top`` proven first (the peak is then
  exactly ``top``).
- **the same programme as another size** (``same_programme``, argument ``"same
  programme"``): ``{"as": m, "map": [...], "spectrum_bound": t}``. The stored ``map`` (the
  image of each unit column, as bit masks) is a linear bijection that carries this size's
  quiet columns onto exactly those of the certificate of ``m`` (which must pass here), with the
  same parities, and with the same sizes wherever a size is below ``t``. Any ``b`` with peak
  below ``t`` has ``|b_g| ≤ t − 1`` (``b_g`` is the mean of ``F`` over the quiet patterns that
  leave ``v_g`` even, and ``−b_g`` over the others), so the two integer programmes for a peak
  below ``t`` are one and the same up to the map, whose transpose permutes the characters: the
  bound ``M ≥ t`` proven for ``m`` holds here (:func:`same_programme_holds`).
  The integer programmes over every quiet pattern
  (argument ``"integer programme"``) are re-proved by CP-SAT with ``--cp-sat SECONDS``, else
  reported as not checked here.

With ``--results [RESULTS.json]`` (``results_51_256.json`` by default) it checks the rows of
a results file instead, with quiet patterns it chases itself (:func:`chase_kernel`: the first
rows that leave the last row dark, chased down): the nullity; the stored board
(``presses_hex``) by one transform (``--large`` above 2**24); ``"unique"`` (nullity 0: ``n²``)
and ``"averaging"`` upper bounds; and the **counting bound** ``counting_lower``, which needs no
board: the ``2**(n² − d)`` solvable boards each have a fewest-press solution of their own, so
when fewer press vectors than that have weight below ``L`` (a sum of binomial coefficients,
exact integers), some board needs ``L`` presses at least (:func:`counting_holds`). Rows that
``certificates.json`` holds keep their boards and upper bounds to its check.

Exit status 0 when every certificate checked passes, 1 otherwise.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import multiprocessing as mp
import os
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
#: Seconds CP-SAT may take to re-prove an integer-programme bound (0: not re-proved).
ORTOOLS_SECONDS = [0.0]
#: Seconds each solver may take to re-prove a subspace-programme certificate (wall-clock time:
#: 23×23's takes 136 s on a shared machine, so the limit leaves room for a busy one).
PROGRAMME_SECONDS = [600.0]
#: Seconds CP-SAT may take to re-prove a full-programme certificate (0: not re-proved).
FULL_SECONDS = [0.0]
#: Whether ``--full`` re-proves a full programme by its second solver too (``--second``).
SECOND = [False]
#: CP-SAT workers for ``--full``.
WORKERS = [1]
#: Whether boards of kernels over 2**24 are re-proved too (``--large``).
LARGE = [False]
#: The most entries (characters × classes) of a quotient code's dense model (8 bytes each).
INNER_ENTRIES = 1 << 25
#: The verdicts on the subspace programmes decided so far in this run, by the programme itself.
PROGRAMMES: dict[bytes, tuple[bool | None, str]] = {}
#: The failures of each certificate checked so far in this run, by its JSON text (a
#: ``same_programme`` certificate reuses the verdict on the one it names).
CHECKED: dict[str, list[str]] = {}


def counting_holds(lights: int, nullity: int, lower: int) -> bool:
    """Whether fewer than ``2**(lights − nullity)`` press vectors have weight below ``lower``.

    Every solvable board (there are ``2**(lights − nullity)``) has a fewest-press solution, and
    no two boards share one; so if fewer press vectors than that have weight ``< lower``, some
    board needs ``lower`` presses at least."""
    boards = 1 << (lights - nullity)
    count, term = 0, 1  # term = C(lights, i)
    for i in range(lower):
        count += term
        if count >= boards:
            return False
        term = term * (lights - i) // (i + 1)
    return True


def presses_of_hex(text: str, lights: int) -> np.ndarray:
    """The presses stored as hexadecimal bits (bit ``i`` for light ``i``)."""
    value = int(text, 16)
    return np.array([(value >> i) & 1 for i in range(lights)], dtype=np.uint8)


def check_row(row: dict, certified: bool = False) -> list[str]:
    """The failures of one row of a results file (empty when it passes), printing what was
    checked: the nullity, the board of ``presses_hex``, ``counting_lower``, and an upper bound
    by ``"unique"`` or ``"averaging"``, from quiet patterns chased here. A ``certified`` row
    (one that ``certificates.json`` holds) has its board and upper bound checked there."""
    n, lights = int(row["n"]), int(row["n"]) ** 2
    quiet = chase_kernel(n)
    d, nullity, fails, done = quiet.shape[0], chase_nullity(n), [], []
    if d != int(row["nullity"]) or d != nullity or any(press(n, q).any() for q in quiet):
        fails.append(f"nullity {nullity} ({d} patterns chased), not {row['nullity']}")
    done.append(f"nullity {d}")
    if row.get("presses_hex") and not certified and not fails:
        x = presses_of_hex(row["presses_hex"], lights)
        if d <= 24 or LARGE[0]:
            low = min_presses(x, quiet) if d <= 24 else min_presses_blocked(x, quiet)
            if low != int(row["lower"]):
                fails.append(f"the board needs {low} presses, not {row['lower']}")
            done.append(f"board {low}")
        else:
            done.append(f"board {row['lower']} not re-proved (2**{d} quiet patterns: --large)")
    counted = row.get("counting_lower")
    if counted is not None:
        if not counting_holds(lights, d, int(counted)):
            fails.append(f"the boards do not outnumber the press vectors of weight < {counted}")
        done.append(f"counting lower {counted}")
    if not certified and not fails:
        up = averaging_bound(n, quiet)
        if row.get("averaging_upper") is not None and up != int(row["averaging_upper"]):
            fails.append(f"averaging proves {up}, not {row['averaging_upper']}")
        if row["argument"] in ("averaging", "unique"):
            if up != int(row["upper"]) or (row["argument"] == "unique") != (d == 0):
                fails.append(f"{row['argument']} proves {up}, not {row['upper']}")
            done.append(f"upper {up} ({row['argument']})")
        else:
            done.append(f"upper {row['upper']} ({row['argument']}) not checked here")
    lows = [int(x) for x in (row.get("lower"), counted) if x is not None]
    if lows and max(lows) > int(row["upper"]):
        fails.append(f"lower {max(lows)} above upper {row['upper']}")
    print(f"n={n}: " + ", ".join(done) + (" FAILED: " + "; ".join(fails) if fails else " ok"))
    return fails


def check_results(rows: list[dict], sizes: list[int] | None = None) -> int:
    """Check every row (of the given sizes) of a results file; the number that fail. Rows
    that ``certificates.json`` holds are left to the certificate's own check but for their
    counting bound."""
    path = HERE / "certificates.json"
    certified = {int(c["n"]) for c in json.loads(path.read_text())} if path.exists() else set()
    picked = [r for r in rows if not sizes or int(r["n"]) in sizes]
    return sum(bool(check_row(r, int(r["n"]) in certified)) for r in picked)


def _key(cert: dict) -> str:
    flags = (ORTOOLS_SECONDS, PROGRAMME_SECONDS, FULL_SECONDS, SECOND, WORKERS, LARGE)
    return json.dumps([cert, [f[0] for f in flags]], sort_keys=True)


def press(n: int, x: np.ndarray) -> np.ndarray:
    """``T x`` over GF(2) for the closed n×n grid: each press toggles itself and 4 neighbours."""
    a = x.reshape(n, n).astype(np.uint8) & 1
    out = a.copy()
    out[1:] ^= a[:-1]
    out[:-1] ^= a[1:]
    out[:, 1:] ^= a[:, :-1]
    out[:, :-1] ^= a[:, 1:]
    return out.reshape(-1)


def _eliminate(m: np.ndarray, columns: int) -> int:
    """Reduce the boolean rows of ``m`` in place on its first ``columns`` columns (Gauss–Jordan
    over GF(2)); the rank found there."""
    rank = 0
    for col in range(columns):
        pivots = np.flatnonzero(m[rank:, col])
        if not len(pivots):
            continue
        p = rank + int(pivots[0])
        m[[rank, p]] = m[[p, rank]]
        others = np.flatnonzero(m[:, col])
        m[others[others != rank]] ^= m[rank]
        rank += 1
        if rank == m.shape[0]:
            break
    return rank


def rank_gf2(rows: np.ndarray) -> int:
    """Rank over GF(2) of a 0/1 matrix (Gaussian elimination on boolean rows)."""
    return _eliminate(rows.astype(bool).copy(), rows.shape[1])


def _chase(n: int) -> np.ndarray:
    """The presses of every row after pressing the unit first row ``e_k`` and chasing the
    lights down: ``[k, i, j]`` for row ``i`` (row ``n``: the last row's lights left on)."""
    presses = np.zeros((n, n + 1, n), dtype=bool)  # unit k, row i, column j
    presses[np.arange(n), 0, np.arange(n)] = True
    for i in range(n):
        # light (i, j) after rows 0..i are pressed: presses at (i, j), (i, j±1), (i−1, j).
        row = presses[:, i].copy()
        row[:, 1:] ^= presses[:, i, :-1]
        row[:, :-1] ^= presses[:, i, 1:]
        if i:
            row ^= presses[:, i - 1]
        presses[:, i + 1] = row  # press below each light still on (row n: what stays lit)
    return presses


def chase_nullity(n: int) -> int:
    """The nullity of the n×n press matrix, by chasing all n unit first rows at once."""
    final = _chase(n)[:, n]  # the last row's lights, per unit first row: the matrix M (columns)
    return n - rank_gf2(final)


def left_null_gf2(m: np.ndarray) -> np.ndarray:
    """A basis (rows) of ``{x : x·m = 0}`` over GF(2), by elimination on ``[m | I]``."""
    rows, cols = m.shape
    aug = np.concatenate([m.astype(bool), np.eye(rows, dtype=bool)], axis=1)
    return aug[_eliminate(aug, cols) :, cols:]


def chase_kernel(n: int) -> np.ndarray:
    """A basis of the quiet patterns of the n×n board (rows of ``n²`` bits), by light chasing:
    the first rows that leave the last row dark, each chased down to its whole pattern."""
    presses = _chase(n)
    first = left_null_gf2(presses[:, n])  # combinations of unit first rows ending dark
    whole = presses[:, :n].reshape(n, n * n).astype(np.int32)
    return ((first.astype(np.int32) @ whole) & 1).astype(np.uint8)


def walsh(f: np.ndarray) -> np.ndarray:
    """The Walsh–Hadamard transform ``F(λ) = Σ_v f(v) (−1)^{λ·v}`` (length a power of 2)."""
    h = 1
    while h < len(f):
        v = f.reshape(-1, 2, h)
        f = np.stack([v[:, 0] + v[:, 1], v[:, 0] - v[:, 1]], axis=1).reshape(-1)
        h *= 2
    return f


def spectrum(cols: np.ndarray, b: np.ndarray, d: int) -> np.ndarray:
    """``F(λ) = Σ_g b_g (−1)^{λ·v_g}`` over all ``2**d`` characters."""
    f = np.zeros(1 << d, dtype=np.int64)
    np.add.at(f, cols, b)
    return walsh(f)


def min_presses(x: np.ndarray, quiet: np.ndarray) -> int:
    """``min_λ |x + λ·Q|`` over all ``2**d`` combinations, by one Walsh–Hadamard transform."""
    d = quiet.shape[0]
    cols = (quiet.astype(np.int64) << np.arange(d, dtype=np.int64)[:, None]).sum(axis=0)
    f = spectrum(cols, np.where(x == 1, -1, 1), d)  # F(λ) = Σ_u (−1)^{x_u + λ·col_u}
    # |x + λQ| = Σ_u [x_u + λ·col_u = 1] = (N − F(λ))/2
    return int((len(x) - f.max()) // 2)


def min_presses_blocked(x: np.ndarray, quiet: np.ndarray, inner: int = 22) -> int:
    """``min_λ |x + λ·Q|`` for kernels too large for one transform: ``2**(d − inner)`` blocks,
    each one transform over the low ``inner`` bits of ``λ`` (the high bits ``β`` fixed, every
    light folded onto its low bits with the sign ``(−1)^{β·col_u}``)."""
    d = quiet.shape[0]
    inner = min(inner, d)
    cols = (quiet.astype(np.int64) << np.arange(d, dtype=np.int64)[:, None]).sum(axis=0)
    low, high = cols & ((1 << inner) - 1), cols >> inner
    sign = np.where(x == 1, -1, 1)
    peak = None
    for beta in range(1 << (d - inner)):
        w = sign * (1 - 2 * (np.bitwise_count(high & beta) & 1).astype(np.int64))
        f = walsh(np.bincount(low, weights=w, minlength=1 << inner).astype(np.int32))
        top = int(f.max())
        peak = top if peak is None else max(peak, top)
    assert peak is not None
    return int((len(x) - peak) // 2)


def averaging_bound(n: int, quiet: np.ndarray) -> int:
    """The averaging bound ``(C + c_0 − m)/2`` from the columns of the quiet patterns."""
    if quiet.shape[0] == 0:
        return n * n
    keys, sizes = np.unique(np.packbits(quiet.T, axis=1), axis=0, return_counts=True)
    zero_row = ~keys.any(axis=1)
    c0 = int(sizes[zero_row].sum())
    odd = int((sizes[~zero_row] % 2).sum())
    floor = 0 if odd == 0 else (1 if odd % 2 else 2)
    return (n * n + c0 - floor) // 2


def parity_ceiling(bound: float, odd: int) -> int:
    """The least integer ``≥ bound`` with the parity of ``odd`` (every ``F(λ)`` has it)."""
    m = int(np.ceil(bound - 1e-6))
    return m if (m - odd) % 2 == 0 else m + 1


def inside_subspace(cols: np.ndarray, basis: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """The groups whose column lies in ``W = span(basis)``: their columns in the coordinates of
    the basis (bit ``j`` for basis vector ``j``) and their indices into ``cols``."""
    span = np.zeros(1 << len(basis), dtype=np.int64)
    for j, v in enumerate(basis):
        span[1 << j : 2 << j] = span[: 1 << j] ^ int(v)
    if len(np.unique(span)) != len(span):
        raise ValueError("the basis of the subspace is not independent")
    where = {int(x): i for i, x in enumerate(span.tolist())}
    inside = np.array([g for g, v in enumerate(cols.tolist()) if int(v) in where], dtype=np.int64)
    sub = np.array([where[int(cols[g])] for g in inside.tolist()], dtype=np.int64)
    return sub, inside


def subspace_bound_holds(
    sub: np.ndarray, sizes: np.ndarray, w: int, t: int, budget: int | None = None
) -> bool:
    """Whether ``M(W) ≥ t``: no integer ``b`` on the groups inside ``W`` has
    ``F_W(μ) = Σ_h b_h (−1)^{μ·v_h} ≤ t − 1`` for every ``μ`` in ``GF(2)^w``.

    Exhaustive depth-first search over ``b_h ≡ c_h (mod 2)``. Such a ``b`` could be taken with
    its peak at ``μ = 0`` (shifting ``μ`` by ``ν`` multiplies ``b_h`` by ``(−1)^{ν·v_h}``, which
    keeps the box and the parities); every ``F_W(μ)`` has the parity of ``Σ_h c_h``, so the peak
    is at most ``top``, the largest such value ``≤ t − 1``, and every ``|b_h| ≤ top`` (the mean
    of ``F_W`` over ``{μ·v_h = 0}`` is ``b_h``). The groups are taken in increasing order of their column
    ``v_h`` (in the coordinates of ``W``'s basis), so the groups fixed so far all lie in
    ``W_k = span(e_1..e_k)``, ``k`` the bit length of the next column, and the partial
    spectrum ``f`` depends on the first ``k`` bits of ``μ`` only. The mean of ``F_W`` over a
    coset of ``W_k^⊥`` is then ``f`` plus the free groups inside ``W_k``, each moving it by at
    most its box: a branch is cut when ``max f`` minus those boxes exceeds ``top``, or when the
    free groups cannot lift ``F_W(0) − F_W(μ) = 2 Σ_{μ·v_h = 1} b_h`` up to 0.
    """
    if t <= 0:
        return True
    order = np.argsort(sub, kind="stable")
    sub, sizes = sub[order], np.asarray(sizes, dtype=np.int64)[order]
    mu = np.arange(1 << w, dtype=np.int64)
    signs = 1 - 2 * (np.bitwise_count(mu[None, :] & sub[:, None]) & 1).astype(np.int64)
    flips = (signs < 0).astype(np.int64)
    top = t - 1 - (t - 1 - int(sizes.sum())) % 2  # F_W ≡ Σ_h c_h (mod 2): F_W ≤ top
    box = np.minimum(sizes, top)
    box = box - (box - sizes) % 2  # the largest value of the right parity in the box
    if np.any(box < 0):
        return True  # an odd group with top = 0: no b at all
    count = len(box)
    bits = np.array([int(v).bit_length() for v in sub.tolist()], dtype=np.int64)
    # free_in[i]: the boxes of the groups i.. that lie in W_k, k = bits[i]
    free_in = np.array(
        [int(box[i:][sub[i:] < (1 << int(bits[i]))].sum()) for i in range(count)] + [0],
        dtype=np.int64,
    )
    free_up = np.vstack([np.cumsum((2 * box[:, None] * flips)[::-1], axis=0)[::-1], [0 * mu]])

    nodes = [0]

    def feasible(i: int, f: np.ndarray, gap: np.ndarray) -> bool:
        # f: partial F_W; gap: partial F_W(0) − F_W(μ)
        nodes[0] += 1
        if budget is not None and nodes[0] > budget:
            raise RuntimeError(f"the search passed {budget} nodes")
        if f.max() - free_in[i] > top or (gap + free_up[i]).min() < 0:
            return False
        if i == count:
            return True
        for value in range(-int(box[i]), int(box[i]) + 1, 2):
            if feasible(i + 1, f + value * signs[i], gap + 2 * value * flips[i]):
                return True
        return False

    return not feasible(0, np.zeros(1 << w, dtype=np.int64), np.zeros(1 << w, dtype=np.int64))


def quotient_code(
    cols: np.ndarray, sizes: np.ndarray, basis: list[int], d: int
) -> tuple[np.ndarray, np.ndarray, int]:
    """The groups outside ``W = span(basis)`` taken modulo ``W``: the distinct nonzero classes
    ``v_g + W`` (as columns of ``GF(2)^d / W``, in the coordinates of the bits outside the
    pivots of ``W``), their summed sizes, and ``d − dim W``. Raises ``ValueError`` when the
    basis is not independent.

    Within a coset ``μ + W^⊥``, ``F(μ + ν) = F_W(μ) + G_μ(ν)`` for ``ν ∈ W^⊥``: the groups
    inside ``W`` give the coset mean and the others a spectrum ``G_μ`` of this quotient code,
    whose coefficient on a class is ``Σ b_g (−1)^{μ·v_g}`` over its groups (the parity of the
    class's size, at most its size).
    """
    pivots: dict[int, int] = {}  # a reduced echelon basis of W, by its leading bit

    def reduced(v: int) -> int:  # v with every pivot bit cleared: v + W's representative
        for p in sorted(pivots, reverse=True):
            if v >> p & 1:
                v ^= pivots[p]
        return v

    for v in basis:
        v = reduced(int(v))
        if v == 0:
            raise ValueError("the basis of the subspace is not independent")
        p = v.bit_length() - 1
        for q in list(pivots):
            if pivots[q] >> p & 1:
                pivots[q] ^= v
        pivots[p] = v
    free = [i for i in range(d) if i not in pivots]
    totals: dict[int, int] = {}
    for v, size in zip(cols.tolist(), np.asarray(sizes).tolist(), strict=True):
        v = reduced(int(v))
        key = sum(((v >> f) & 1) << j for j, f in enumerate(free))
        if key:
            totals[key] = totals.get(key, 0) + int(size)
    keys = np.array(sorted(totals), dtype=np.int64)
    return keys, np.array([totals[k] for k in keys.tolist()], dtype=np.int64), len(free)


def inner_bound_holds(
    cols: np.ndarray, sizes: np.ndarray, basis: list[int], d: int, inner: int, seconds: float
) -> tuple[bool | None, str]:
    """Whether every spectrum of the quotient code of ``W`` (:func:`quotient_code`) peaks at
    ``inner`` or more, re-proved by the two solvers of :func:`subspace_programme_holds`.

    Then every coset ``μ + W^⊥`` holds a value of ``F`` at least ``F_W(μ) + inner``, whatever
    ``b``: if ``max F ≤ top``, every coset mean ``F_W(μ) ≤ top − inner``.
    """
    if inner <= 0:
        return True, "nothing to prove"
    keys, totals, k = quotient_code(cols, sizes, basis, d)
    if not len(keys):
        return False, "no group outside the subspace"
    if (1 << k) * len(keys) > INNER_ENTRIES:  # the dense model would not fit: undecided
        return None, (
            f"the quotient code has dimension {k} and {len(keys)} classes, a model of "
            f"2**{k} x {len(keys)} entries (more than {INNER_ENTRIES}); use a subspace of "
            "larger dimension"
        )
    odd = int((totals % 2).sum())
    unit = [1 << j for j in range(k)]
    return subspace_programme_holds(keys, totals, [unit], odd, inner, seconds)


def subspace_upper(
    n: int, quiet: np.ndarray, sub_cert: dict, budget: int | None = None
) -> int | None:
    """The upper bound that a subspace certificate proves, or ``None`` when it does not hold.

    ``M ≥ M(W) ≥ t`` (the mean of ``F`` over a coset of ``W^⊥`` is ``F_W``), ``M`` has the
    parity of the number of odd groups, and every board needs at most ``(C + c_0 − M)/2``.
    """
    d = quiet.shape[0]
    cols, sizes, c0 = _grouped(quiet)
    basis = [int(v) for v in sub_cert["basis"]]
    if any(v <= 0 or v >= 1 << d for v in basis):
        return None
    try:
        sub, inside = inside_subspace(cols, basis)
    except ValueError:
        return None
    t = int(sub_cert["spectrum_bound"])
    odd = int((sizes % 2).sum())
    # t may be the parity ceiling of M(W): M(W) ≥ t − 1 suffices then
    need = t - 1 if parity_ceiling(t - 1, odd) == t else t
    if not subspace_bound_holds(sub, sizes[inside].astype(np.int64), len(basis), need, budget):
        return None
    return (n * n + c0 - t) // 2


def _halves(model: Any, sizes: np.ndarray, top: int) -> tuple[list | None, np.ndarray]:
    """CP-SAT variables ``y_g`` with ``b_g = 2 y_g + (c_g mod 2)`` and ``|b_g| ≤ min(c_g, top)``
    (``b_g`` is a mean of ``F``, so at most its peak), and the parities; ``None`` when some odd
    group has no such value (``top < 1``)."""
    par = sizes % 2
    box = np.minimum(sizes, top)
    box = box - (box - sizes) % 2
    if np.any(box < 0):
        return None, par
    y = [
        model.new_int_var(int((-box[g] - par[g]) // 2), int((box[g] - par[g]) // 2), f"y{g}")
        for g in range(len(sizes))
    ]
    return y, par


def programme_holds(
    cols: np.ndarray, sizes: np.ndarray, d: int, t: int, seconds: float
) -> bool | None:
    """Whether ``M ≥ t``, re-proved by a second solver (OR-Tools CP-SAT, when installed).

    The pinned model: no ``b`` with ``b_g ≡ c_g (mod 2)``, ``|b_g| ≤ min(c_g, t − 1)``,
    ``F(0) = Σ_g b_g ≤ t − 1`` and ``F(λ) ≤ F(0)``, i.e. ``Σ_{λ·v_g = 1} b_g ≥ 0``, for every
    ``λ ≠ 0``. ``True`` when CP-SAT proves it infeasible, ``False`` when it finds such a ``b``
    (checked here by a Walsh–Hadamard transform), ``None`` when undecided or OR-Tools is absent.
    """
    try:
        from ortools.sat.python import cp_model
    except ImportError:  # pragma: no cover - ortools is a dependency of the project
        return None
    if t <= 0:
        return True
    model = cp_model.CpModel()
    y, par = _halves(model, sizes, t - 1)
    if y is None:
        return True
    b = [2 * y[g] + int(par[g]) for g in range(len(cols))]
    model.add(sum(b) <= t - 1)
    for lam in range(1, 1 << d):
        hit = np.flatnonzero(np.bitwise_count(cols & lam) & 1)
        model.add(sum(b[g] for g in hit.tolist()) >= 0)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 1
    status = solver.solve(model)
    if status == cp_model.INFEASIBLE:
        return True
    if status in (cp_model.FEASIBLE, cp_model.OPTIMAL):
        found = np.array([2 * solver.value(v) for v in y], dtype=np.int64) + par
        assert spectrum(cols, found, d).max() <= t - 1
        return False
    return None


def cut_rows(
    cols: np.ndarray, sizes: np.ndarray, top: int, cuts: list[tuple[list[int], int]] | None
) -> list[tuple[np.ndarray, np.ndarray, int]] | None:
    """The coset-mean rows of each cut ``(basis, inner)``: the groups inside ``span(basis)``, the
    sign table ``(−1)^{μ·v_g}`` (a row per coset) and the ceiling ``top − inner`` (to the parity
    of the groups inside). ``None`` when a cut with no group inside (every mean 0) has a ceiling
    below 0, which no ``b`` meets."""
    out = []
    for basis, inner in cuts or []:
        sub, inside = inside_subspace(cols, basis)
        ceiling = top - inner - (top - inner - int(sizes[inside].sum())) % 2
        if not len(inside):  # every coset mean is 0
            if ceiling < 0:
                return None
            continue
        mu = np.arange(1 << len(basis), dtype=np.int64)
        signs = 1 - 2 * (np.bitwise_count(mu[:, None] & sub[None, :]).astype(np.int64) & 1)
        out.append((inside, signs, ceiling))
    return out


def _transform_levels(
    model: Any, cols: np.ndarray, d: int, y: list, par: np.ndarray, reach: int
) -> list[object]:
    """CP-SAT variables for ``F(λ)``, every ``λ``, of ``b_g = 2 y_g + par_g``: the ``d``
    levels of the fast transform, each value a two-term sum of the level below (no dense
    row), each within ``±reach``."""
    level: list[object] = [0] * (1 << d)
    for g, v in enumerate(cols.tolist()):
        level[v] = 2 * y[g] + int(par[g])
    for i in range(d):
        bit = 1 << i
        nxt: list[object] = [0] * (1 << d)
        for v in range(1 << d):
            if v & bit:
                continue
            for w, sign in ((v, 1), (v | bit, -1)):
                var = model.new_int_var(-reach, reach, "")
                model.add(var == level[v] + sign * level[v | bit])
                nxt[w] = var
        level = nxt
    return level


def _solve_spectrum(
    model: Any,
    y: list,
    par: np.ndarray,
    cols: np.ndarray,
    d: int,
    top: int,
    seconds: float,
    workers: int,
) -> bool | None:
    """Solve a spectrum model with CP-SAT: ``True`` when infeasible, ``False`` when it finds
    a ``b`` (whose peak is checked here to be at most ``top``), ``None`` when undecided."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = workers
    status = solver.solve(model)
    if status == cp_model.INFEASIBLE:
        return True
    if status in (cp_model.FEASIBLE, cp_model.OPTIMAL):
        found = np.array([2 * solver.value(v) for v in y], dtype=np.int64) + par
        assert spectrum(cols, found, d).max() <= top
        return False
    return None


def butterfly_holds(
    cols: np.ndarray,
    sizes: np.ndarray,
    d: int,
    t: int,
    pin: int,
    seconds: float,
    workers: int = 1,
    cuts: list[tuple[list[int], int]] | None = None,
) -> bool | None:
    """Whether ``M ≥ t`` over **every** quiet pattern, by OR-Tools CP-SAT on a sparse model.

    If ``M ≤ top`` (the largest value below ``t`` with the parity of the odd groups), a
    translation puts the peak at ``λ = 0``: ``F(0) = M`` and ``F(λ) ≤ F(0)``, and ``F(0) ≥ pin``
    when ``M ≥ pin`` is proven already. The spectrum is computed by the ``d`` levels of the fast
    transform, two-term sums each (``d · 2**d`` variables, none dense), which CP-SAT decides
    where the model with a dense row per ``λ`` does not. ``True`` when CP-SAT proves it
    infeasible, ``False`` when it finds a ``b`` (checked here by a transform), ``None`` when
    undecided.

    Each cut ``(basis, inner)`` (``inner`` proven by :func:`inner_bound_holds`) adds the
    coset means of ``W = span(basis)``, each at most ``top − inner``: implied constraints that
    CP-SAT does not find alone.
    """
    try:
        from ortools.sat.python import cp_model
    except ImportError:  # pragma: no cover - ortools is a dependency of the project
        return None
    odd = int((sizes % 2).sum())
    top = parity_ceiling(t, odd) - 2
    if top < pin:
        return True
    model = cp_model.CpModel()
    y, par = _halves(model, sizes, top)
    if y is None:
        return True
    reach = int(np.minimum(sizes, top).sum()) + 1
    level = _transform_levels(model, cols, d, y, par, reach)
    model.add(level[0] <= top)
    model.add(level[0] >= pin)
    for lam in range(1, 1 << d):
        model.add(level[lam] <= level[0])
    b = [2 * y[g] + int(par[g]) for g in range(len(cols))]
    means = cut_rows(cols, sizes, top, cuts)
    if means is None:
        return True
    for inside, signs, ceiling in means:
        for row in signs.tolist():
            model.add(sum(k * b[g] for k, g in zip(row, inside.tolist(), strict=True)) <= ceiling)
    return _solve_spectrum(model, y, par, cols, d, top, seconds, workers)


def odd_weights(cols: np.ndarray, sizes: np.ndarray, d: int) -> np.ndarray:
    """``w(λ)``: how many odd groups have ``λ·v_g = 1``, for every ``λ`` in ``GF(2)^d``.

    Examples
    --------
    >>> odd_weights(np.array([1, 2, 3]), np.array([1, 1, 2]), 2).tolist()
    [0, 1, 1, 2]
    """
    lam = np.arange(1 << d, dtype=np.int64)
    out = np.zeros(1 << d, dtype=np.int64)
    for v in cols[sizes % 2 == 1].tolist():
        out += np.bitwise_count(lam & int(v)).astype(np.int64) & 1
    return out


def residue_caps(weights: np.ndarray, top: int, u: int) -> np.ndarray:
    """The largest value each ``F(λ)`` can take in the residue class ``u``, when ``F ≤ top``
    peaks at ``F(0) = top``.

    With ``b_g = (c_g mod 2) + 2 y_g``, ``F(λ) = F(0) − 2 Σ_{λ·v_g = 1} b_g = top − 2 w(λ) −
    4 Σ_{λ·v_g = 1} y_g``, and the last sum is ``λ·u`` modulo 2, ``u = Σ_g (y_g mod 2) v_g``.
    So ``F(λ) ≡ top − 2 w(λ) − 4 λ·u`` (mod 8), and ``F(λ) ≤ top`` leaves ``top − δ(λ)`` at
    most, ``δ(λ) = (2 w(λ) + 4 λ·u) mod 8`` (:func:`odd_weights` gives ``w``).

    Examples
    --------
    >>> residue_caps(np.array([0, 1, 1, 2]), 4, 0).tolist()
    [4, 2, 2, 0]
    >>> residue_caps(np.array([0, 1, 1, 2]), 4, 1).tolist()
    [4, -2, 2, 4]
    """
    lam = np.arange(len(weights), dtype=np.int64)
    linear = np.bitwise_count(lam & int(u)).astype(np.int64) & 1
    return top - (2 * weights + 4 * linear) % 8


def coset_quotient(
    cols: np.ndarray, sizes: np.ndarray, basis: list[int], d: int, top: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``W^⊥`` and the quotient code of ``W = span(basis)`` as characters of ``W^⊥``.

    Returns the elements ``ν`` of ``W^⊥``, the syndrome of every ``λ`` (bit ``j`` is
    ``λ·basis_j``: which coset ``μ + W^⊥`` holds ``λ``), and per class ``v_g + W`` of the groups
    outside ``W``: its signs ``(−1)^{ν·v_g}`` over ``W^⊥`` (a row), its parity and its box
    ``Σ min(c_g, top)`` (every ``|b_g| ≤ top`` when ``F ≤ top``). Within the coset,
    ``F(μ + ν) = F_W(μ) + Σ_h β_h (−1)^{ν·h}`` with ``β_h = Σ_{v_g ∈ h} b_g (−1)^{μ·v_g}``
    (:func:`quotient_code`).

    Examples
    --------
    >>> perp, syndrome, signs, par, box = coset_quotient(
    ...     np.array([1, 2, 3]), np.array([1, 3, 2]), [1], 2, 4
    ... )
    >>> perp.tolist(), syndrome.tolist(), signs.tolist(), par.tolist(), box.tolist()
    ([0, 2], [0, 1, 0, 1], [[1, -1]], [1], [5])
    """
    lam = np.arange(1 << d, dtype=np.int64)
    syndrome = np.zeros(1 << d, dtype=np.int64)
    for j, w in enumerate(basis):
        syndrome |= (np.bitwise_count(lam & int(w)).astype(np.int64) & 1) << j
    perp = lam[syndrome == 0]
    _, inside = inside_subspace(cols, basis)
    outside = np.setdiff1d(np.arange(len(cols)), inside)
    rows = 1 - 2 * (np.bitwise_count(perp[None, :] & cols[outside][:, None]).astype(np.int64) & 1)
    signs, which = np.unique(rows.reshape(len(outside), len(perp)), axis=0, return_inverse=True)
    which = which.reshape(-1)
    c = np.asarray(sizes, dtype=np.int64)[outside]
    each = np.minimum(c, top)
    each -= (each - c) % 2  # the largest |b_g| of its parity
    par = np.bincount(which, weights=c % 2, minlength=len(signs)).astype(np.int64) % 2
    box = np.bincount(which, weights=each, minlength=len(signs)).astype(np.int64)
    return perp, syndrome, signs, par, box


def _mean_floor(profile: np.ndarray, parity: int) -> int:
    """The largest value of the parity ``parity`` at most the mean of ``profile``."""
    m = int(np.sum(profile)) // len(profile)
    return m - (m - parity) % 2


def residue_inner_ceiling(
    signs: np.ndarray,
    par: np.ndarray,
    box: np.ndarray,
    profile: np.ndarray,
    parity: int,
    seconds: float,
    floor: int,
) -> int:
    """A ceiling of the coset mean ``m = F_W(μ)`` when every value on the coset is at most
    ``profile(ν)`` **and congruent to it modulo 8** (a residue class, :func:`residue_caps`).

    ``F(μ + ν) = m + G(ν)`` with ``G`` a spectrum of the quotient code (:func:`coset_quotient`:
    ``signs``, ``par``, ``box``), so ``G(ν) = profile(ν) − m − 8 k_ν`` with integers ``k_ν ≥ 0``,
    and ``G`` has mean 0: ``Σ_ν k_ν = (Σ_ν profile(ν) − |W^⊥| m)/8``. The means ``m`` of the
    parity ``parity`` are tried from the mean of the profile down; each is refuted when that sum
    is not a nonnegative integer, or when HiGHS and SCIP both prove the model infeasible. The
    first ``m`` not refuted is returned, so the value is a ceiling whatever the solvers do
    (without ``pyscipopt``, nothing is refuted by the solvers); ``floor − 2`` when every ``m ≥
    floor`` (the least mean the groups inside ``W`` can make) is refuted.

    Examples
    --------
    One class, even, on ``W^⊥ = {0, ν}``: ``G = (β, −β)``.

    >>> signs, even = np.array([[1, -1]]), np.array([0])
    >>> residue_inner_ceiling(signs, even, np.array([4]), np.array([8, 8]), 0, 10.0, -4)
    8
    >>> residue_inner_ceiling(signs, even, np.array([4]), np.array([8, 4]), 0, 10.0, -4)
    6
    >>> residue_inner_ceiling(signs, even, np.array([1]), np.array([8, 4]), 0, 10.0, -4)
    -6

    (``β = ±2`` makes the values of the second profile differ by 4 modulo 8; a box of 1 leaves
    only ``β = 0``, so no mean at all.)
    """
    from scipy.optimize import Bounds, LinearConstraint, milp

    try:
        from pyscipopt import Model, quicksum
    except ImportError:  # pragma: no cover - pyscipopt comes with the research extra
        return _mean_floor(profile, parity)
    points, classes = len(profile), len(signs)
    total = int(np.sum(profile))
    m = _mean_floor(profile, parity)
    box = box - (box - par) % 2
    low, high = (-box - par) // 2, (box - par) // 2
    while m >= floor:
        slack = total - points * m
        if slack % 8:
            m -= 2
            continue
        count = slack // 8
        # unknowns: k_ν (points), y_h (classes); β = 2y + par; rows: Σ_h s_hν β_h + 8 k_ν = p − m
        rhs = profile - m - signs.T @ par
        a = np.hstack([8 * np.eye(points, dtype=np.int64), 2 * signs.T])
        res = milp(
            np.zeros(points + classes),
            constraints=[
                LinearConstraint(a, rhs, rhs),
                LinearConstraint(np.r_[np.ones(points), np.zeros(classes)], count, count),
            ],
            integrality=np.ones(points + classes),
            bounds=Bounds(np.r_[np.zeros(points), low], np.r_[np.full(points, count), high]),
            options={"time_limit": seconds},
        )
        if res.status != 2:
            return m
        model = Model()
        model.hideOutput()
        model.setParam("limits/time", float(seconds))
        k = [model.addVar(vtype="I", lb=0, ub=int(count)) for _ in range(points)]
        y = [
            model.addVar(vtype="I", lb=int(lo), ub=int(hi))
            for lo, hi in zip(low, high, strict=True)
        ]
        model.addCons(quicksum(k) == int(count))
        for i in range(points):
            model.addCons(
                quicksum(2 * int(signs[h, i]) * y[h] for h in range(classes)) + 8 * k[i]
                == int(rhs[i])
            )
        model.optimize()
        if model.getStatus() != "infeasible":
            return m
        m -= 2
    return floor - 2


def residue_inner_ceilings(
    cols: np.ndarray,
    sizes: np.ndarray,
    d: int,
    top: int,
    basis: list[int],
    u: int,
    seconds: float,
    memo: dict | None = None,
) -> np.ndarray:
    """The ceiling of every coset mean of ``W = span(basis)`` in the residue class ``u``
    (peak ``top`` at ``λ = 0``), one per coset in the order of the syndromes: the mean of the
    caps over the coset and :func:`residue_inner_ceiling`, whichever is lower. ``memo`` keeps the
    ceilings by the caps profile of the coset, which many cosets and classes share."""
    perp, syndrome, signs, par, box = coset_quotient(cols, sizes, basis, d, top)
    caps = residue_caps(odd_weights(cols, sizes, d), top, u)
    inside = np.asarray(sizes, dtype=np.int64)[inside_subspace(cols, basis)[1]]
    parity = int((inside % 2).sum()) % 2
    floor = -int(np.minimum(inside, top).sum())
    order = np.argsort(syndrome, kind="stable")  # the cosets in turn, each in the order of perp
    reps = order[:: len(perp)]
    memo = {} if memo is None else memo
    out = np.zeros(len(reps), dtype=np.int64)
    for mu in reps.tolist():
        profile = caps[mu ^ perp]
        key = profile.tobytes()
        if key not in memo:
            memo[key] = residue_inner_ceiling(signs, par, box, profile, parity, seconds, floor)
        out[syndrome[mu]] = memo[key]
    return out


def residue_split_holds(
    cols: np.ndarray,
    sizes: np.ndarray,
    d: int,
    t: int,
    basis: list[int],
    exceptions: list[int],
    seconds: float,
) -> tuple[bool | None, str]:
    """Whether the coset means of ``W = span(basis)`` refute every residue class but the
    ``exceptions`` (:func:`residue_classes_met`), which must be proven apart
    (:func:`residue_full_holds`): ``(True, how)``, ``(False, why)`` when some other class is
    met on ``W``, ``(None, why)`` when a solver is undecided."""
    met, undecided, how = residue_classes_met(cols, sizes, d, t, basis, seconds, exceptions)
    if met:
        return False, f"classes met on W, not among the exceptions: {met}"
    if undecided:
        return None, f"classes undecided in {seconds} s: {undecided}"
    return True, f"{how}, {len(exceptions)} apart"


def residue_classes_met(
    cols: np.ndarray,
    sizes: np.ndarray,
    d: int,
    t: int,
    basis: list[int],
    seconds: float,
    skip: list[int] | tuple[int, ...] = (),
) -> tuple[list[int], list[int], str]:
    """The residue classes ``u`` (but ``skip``) of a ``b`` with ``max F ≤ top`` (the largest
    value below ``t`` with the parity of the odd groups) that the coset means of
    ``W = span(basis)`` do not refute: those some ``b`` on ``W`` meets, those undecided, and
    how the others were refuted.

    A translation puts the peak at ``λ = 0``, ``F(0) = top`` (the caller has proven
    ``M ≥ top``). In the class ``u`` every ``F(λ) ≤ residue_caps(...)[λ]``, so every coset mean
    of ``W`` is at most the mean of the caps over its coset, rounded down to the parity of the
    groups inside ``W``. A class is refuted when those ceilings are at most a uniform one that
    no ``b`` meets (proven once by HiGHS and CP-SAT), else by HiGHS and CP-SAT on its own
    ceilings.
    """
    odd = int((sizes % 2).sum())
    top = parity_ceiling(t, odd) - 2
    signs, par, box = _coset_means(cols, sizes, basis, top)
    if np.any(box < 0):
        return [], [], "an odd group with top 0"
    k = len(basis)
    lam = np.arange(1 << d, dtype=np.int64)
    syndrome = np.zeros(1 << d, dtype=np.int64)
    for j, w in enumerate(basis):
        syndrome |= (np.bitwise_count(lam & int(w)).astype(np.int64) & 1) << j
    count = np.bincount(syndrome, minlength=1 << k)
    weights = odd_weights(cols, sizes, d)
    inside_odd = int(par.sum())

    def meets(ceiling: np.ndarray) -> bool | None:
        return _means_met(signs, par, box, ceiling, seconds)

    # the largest uniform ceiling that no b meets: every class whose ceilings stay at or below
    # it is refuted at once
    uniform = top - (top - inside_odd) % 2
    floor = -int(box.sum()) - 2
    while uniform > floor and meets(np.full(1 << k, uniform)) is not False:
        uniform -= 2
    refuted_at_once = solved = 0
    met: list[int] = []
    undecided: list[int] = []
    for u in range(1 << d):
        if u in skip:
            continue
        caps = residue_caps(weights, top, u)
        ceiling = np.floor(np.bincount(syndrome, weights=caps, minlength=1 << k) / count + 1e-9)
        ceiling = ceiling.astype(np.int64)
        ceiling -= (ceiling - inside_odd) % 2
        if ceiling.max() <= uniform:
            refuted_at_once += 1
            continue
        found = meets(ceiling)
        if found is None:
            undecided.append(u)
        elif found:
            met.append(u)
        else:
            solved += 1
    how = f"{refuted_at_once} classes within the uniform ceiling {uniform} that no b meets, "
    return met, undecided, how + f"{solved} refuted by HiGHS and CP-SAT"


def residue_classes_left(
    cols: np.ndarray,
    sizes: np.ndarray,
    d: int,
    t: int,
    bases: list[list[int]],
    seconds: float,
) -> tuple[list[int], str]:
    """The residue classes ``u`` of a ``b`` with ``max F ≤ top = F(0)`` (the largest value below
    ``t`` with the parity of the odd groups) that none of the subspaces ``W_i = span(bases[i])``
    refutes at once, with the ceilings of :func:`residue_inner_ceilings`.

    In the class ``u``, every value on a coset ``μ + W^⊥`` is at most its cap and congruent to it
    modulo 8 (:func:`residue_caps`), so the coset mean is at most
    :func:`residue_inner_ceiling` of the coset's caps profile. That profile depends on ``2 w``
    modulo 8 on the coset, on ``μ·u`` and on ``ν ↦ ν·u`` over ``W^⊥``; each distinct one is
    solved once. A class is refuted when every ceiling of some ``W_i`` is at most the largest
    uniform ceiling that no ``b`` on ``W_i`` meets (HiGHS and CP-SAT). Returns the classes left
    and how the others went.
    """
    odd = int((sizes % 2).sum())
    top = parity_ceiling(t, odd) - 2
    omega = 2 * odd_weights(cols, sizes, d) % 8
    alive = np.ones(1 << d, dtype=bool)
    how = []
    for basis in bases:
        perp, syndrome, signs, par, box = coset_quotient(cols, sizes, basis, d, top)
        _, inside = inside_subspace(cols, basis)
        c = np.asarray(sizes, dtype=np.int64)[inside]
        parity = int((c % 2).sum()) % 2
        floor = -int(np.minimum(c, top).sum())
        # the largest uniform ceiling that no b on W meets, by the pinned model of
        # subspace_programme_holds (every translate of such a b keeps the same means)
        uniform = top - (top - parity) % 2
        while uniform >= floor:
            held, _ = subspace_programme_holds(
                cols, sizes, [basis], odd, t, seconds, [top - uniform]
            )
            if held:
                break
            uniform -= 2
        order = np.argsort(syndrome, kind="stable")
        reps = order[:: len(perp)]  # reps[s]: a λ of the coset with syndrome s
        shapes, shape_of = np.unique(
            omega[reps[:, None] ^ perp[None, :]], axis=0, return_inverse=True
        )
        shape_of = shape_of.reshape(-1)
        table: dict[tuple[int, int, bytes], int] = {}
        refuted = 0
        for u in np.flatnonzero(alive).tolist():
            on_perp = np.bitwise_count(perp & u).astype(np.int64) & 1
            s_of = np.bitwise_count(reps & u).astype(np.int64) & 1
            ceilings = np.zeros(len(reps), dtype=np.int64)
            for key in np.unique(shape_of * 2 + s_of).tolist():
                shape, s = divmod(key, 2)
                entry = (shape, s, on_perp.tobytes())
                if entry not in table:
                    profile = top - (shapes[shape] + 4 * (on_perp ^ s)) % 8
                    table[entry] = residue_inner_ceiling(
                        signs, par, box, profile, parity, seconds, floor
                    )
                ceilings[(shape_of * 2 + s_of) == key] = table[entry]
            if ceilings.max() <= uniform:
                alive[u] = False
                refuted += 1
        how.append(
            f"{refuted} on a subspace of dimension {len(basis)} (uniform ceiling {uniform}, {len(table)} profiles)"
        )
    return np.flatnonzero(alive).tolist(), "; ".join(how)


def residue_means_hold(
    cols: np.ndarray,
    sizes: np.ndarray,
    d: int,
    t: int,
    basis: list[int],
    u: int,
    seconds: float,
    memo: dict | None = None,
) -> bool | None:
    """Whether ``W = span(basis)`` refutes the residue class ``u`` coset by coset: ``True`` when
    no ``b`` on the groups inside ``W`` keeps every coset mean within its own ceiling of
    :func:`residue_inner_ceilings` (HiGHS and CP-SAT agree), ``False`` when some ``b`` does,
    ``None`` when undecided. :func:`residue_classes_left` asks only whether the *largest*
    ceiling is one that no ``b`` meets; here the ceilings may differ from coset to coset (in a
    class ``u ∈ W`` they split by ``μ·u``). ``memo`` is handed to
    :func:`residue_inner_ceilings`."""
    odd = int((sizes % 2).sum())
    top = parity_ceiling(t, odd) - 2
    ceilings = residue_inner_ceilings(cols, sizes, d, top, basis, u, seconds, memo)
    met = _means_met(*_coset_means(cols, sizes, basis, top), ceilings, seconds)
    return None if met is None else not met


def _coset_means(
    cols: np.ndarray, sizes: np.ndarray, basis: list[int], top: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The coset means of ``W = span(basis)`` as a model over the groups inside ``W``: the sign
    of each group on each coset (one row per syndrome ``μ``), the groups' parities, and their
    boxes (the largest ``|b_g| ≤ top`` of their parity; negative for an odd group at top 0)."""
    sub, inside = inside_subspace(cols, basis)
    c = np.asarray(sizes, dtype=np.int64)[inside]
    box = np.minimum(c, top)
    box -= (box - c) % 2
    mu = np.arange(1 << len(basis), dtype=np.int64)
    signs = 1 - 2 * (np.bitwise_count(mu[:, None] & sub[None, :]).astype(np.int64) & 1)
    return signs, c % 2, box


def _means_met(
    signs: np.ndarray, par: np.ndarray, box: np.ndarray, ceiling: np.ndarray, seconds: float
) -> bool | None:
    """Whether some ``b`` on the groups inside ``W`` keeps every coset mean at most
    ``ceiling``, by HiGHS and CP-SAT (``None`` when either is undecided or they disagree)."""
    from ortools.sat.python import cp_model
    from scipy.optimize import Bounds, LinearConstraint, milp

    if len(par) == 0:  # no group inside W: every coset mean is 0
        return bool((ceiling >= 0).all())
    if np.any(box < 0):
        return False
    lo, hi = (-box - par) // 2, (box - par) // 2
    res = milp(
        np.zeros(len(par)),
        constraints=[LinearConstraint(2 * signs, -np.inf, ceiling - signs @ par)],
        integrality=np.ones(len(par)),
        bounds=Bounds(lo, hi),
        options={"time_limit": seconds},
    )
    highs = True if res.status == 0 else False if res.status == 2 else None
    model = cp_model.CpModel()
    y = [model.new_int_var(int(a), int(b), "") for a, b in zip(lo, hi, strict=True)]
    for row, cap in zip(signs.tolist(), ceiling.tolist(), strict=True):
        model.add(sum(s * (2 * v + int(p)) for s, v, p in zip(row, y, par, strict=True)) <= cap)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 1
    status = solver.solve(model)
    sat = (
        True
        if status in (cp_model.FEASIBLE, cp_model.OPTIMAL)
        else False
        if status == cp_model.INFEASIBLE
        else None
    )
    return highs if highs == sat else None


def residue_full_holds(
    cols: np.ndarray, sizes: np.ndarray, d: int, t: int, u: int, seconds: float, workers: int = 1
) -> bool | None:
    """Whether no ``b`` of residue class ``u`` has ``max F ≤ top = F(0)``, over every quiet
    pattern: the sparse model of :func:`butterfly_holds` with each ``F(λ)`` held to its residue,
    ``top − δ(λ) − 8 k_λ`` with ``k_λ ≥ 0`` (:func:`residue_caps`). The residues fix the class
    (``λ·u`` is ``(F(λ) − top + 2 w(λ))/4`` modulo 2), so the halves need no parity rows, which
    only slow CP-SAT. ``True`` when CP-SAT proves it infeasible, ``False`` when it finds a
    ``b`` (checked here), ``None`` when undecided."""
    from ortools.sat.python import cp_model

    odd = int((sizes % 2).sum())
    top = parity_ceiling(t, odd) - 2
    model = cp_model.CpModel()
    y, par = _halves(model, sizes, top)
    if y is None:
        return True
    reach = int(np.minimum(sizes, top).sum()) + 1
    level = _transform_levels(model, cols, d, y, par, reach)
    caps = residue_caps(odd_weights(cols, sizes, d), top, u)
    model.add(level[0] == top)
    for lam in range(1, 1 << d):
        k = model.new_int_var(0, (top + reach) // 8 + 1, "")  # F(λ) ≥ −reach
        model.add(level[lam] == int(caps[lam]) - 8 * k)
    return _solve_spectrum(model, y, par, cols, d, top, seconds, workers)


def scip_holds(
    cols: np.ndarray,
    sizes: np.ndarray,
    d: int,
    t: int,
    pin: int,
    seconds: float,
    cuts: list[tuple[list[int], int]] | None = None,
) -> bool | None:
    """Whether ``M ≥ t`` over **every** quiet pattern, by SCIP (``pyscipopt``) on a dense model.

    If ``M ≤ top`` (the largest value below ``t`` with the parity of the odd groups), a
    translation puts the peak at ``λ = 0``, so some ``b`` has ``F(λ) ≤ top`` for every ``λ``
    and ``F(0) ≥ pin`` (``pin`` proven already). One row per ``λ``, ``Σ_g b_g (−1)^{λ·v_g}
    ≤ top``; SCIP's branch and cut, with its Gomory and MIR cuts, decides models of ``2**12``
    rows that CP-SAT leaves open. ``cuts`` as in :func:`butterfly_holds`. ``True`` when SCIP
    proves the model infeasible, ``False`` when it finds a ``b`` (checked here by a transform),
    ``None`` when undecided or ``pyscipopt`` is not installed.
    """
    try:
        from pyscipopt import Model, quicksum
    except ImportError:  # pragma: no cover - pyscipopt comes with the research extra
        return None
    odd = int((sizes % 2).sum())
    top = parity_ceiling(t, odd) - 2
    if top < pin:
        return True
    par = sizes % 2
    box = np.minimum(sizes, top)
    box = box - (box - sizes) % 2
    if np.any(box < 0):
        return True
    model = Model()
    model.hideOutput()
    model.setParam("limits/time", float(seconds))
    y = [
        model.addVar(vtype="I", lb=int((-box[g] - par[g]) // 2), ub=int((box[g] - par[g]) // 2))
        for g in range(len(cols))
    ]
    # F(λ) = Σ_g (2 y_g + p_g)(−1)^{λ·v_g}: the constant part moves to the right-hand side
    lam = np.arange(1 << d, dtype=np.int64)
    signs = 1 - 2 * (np.bitwise_count(lam[:, None] & cols[None, :]).astype(np.int64) & 1)
    for row in signs:
        model.addCons(
            quicksum(2 * int(k) * v for k, v in zip(row, y, strict=True)) <= top - int(row @ par)
        )
    model.addCons(quicksum(2 * v for v in y) >= pin - int(par.sum()))
    means = cut_rows(cols, sizes, top, cuts)
    if means is None:
        return True
    for inside, signs, ceiling in means:
        for row in signs:
            terms = [(int(k), int(g)) for k, g in zip(row, inside, strict=True)]
            model.addCons(
                quicksum(2 * k * y[g] for k, g in terms)
                <= ceiling - sum(k * int(par[g]) for k, g in terms)
            )
    model.optimize()
    if model.getStatus() == "infeasible":
        return True
    if model.getNSols() > 0:
        sol = model.getBestSol()
        found = 2 * np.array([round(model.getSolVal(sol, v)) for v in y], dtype=np.int64) + par
        assert spectrum(cols, found, d).max() <= top
        return False
    return None


def programme_rows(
    cols: np.ndarray, bases: list[list[int]]
) -> tuple[np.ndarray, list[tuple[np.ndarray, np.ndarray, bool]]]:
    """The groups inside ``W_1 ∪ … ∪ W_k`` and, per subspace, its columns and its signs.

    Returns the indices of the groups inside some ``W_i`` and, for each ``W_i``, the positions
    of its groups among them, the sign table ``(−1)^{μ·v_h}`` (one row per ``μ`` in
    ``GF(2)^{w_i}``, in the coordinates of the basis) and whether it is the first (pinned)
    subspace. Raises ``ValueError`` when a basis is not independent.
    """
    insides = [inside_subspace(cols, basis) for basis in bases]
    groups = np.unique(np.concatenate([inside for _, inside in insides] + [np.zeros(0, int)]))
    out = []
    for i, ((sub, inside), basis) in enumerate(zip(insides, bases, strict=True)):
        mu = np.arange(1 << len(basis), dtype=np.int64)
        signs = 1 - 2 * (np.bitwise_count(mu[:, None] & sub[None, :]).astype(np.int64) & 1)
        out.append((np.searchsorted(groups, inside), signs, i == 0))
    return groups, out


def _walsh_holds(rows: list, b: np.ndarray, top: np.ndarray) -> bool:
    """Whether ``b`` (on the groups of :func:`programme_rows`) keeps every ``F_{W_i} ≤ top_i``."""
    return all(
        int((signs @ b[where]).max()) <= int(t)
        for (where, signs, _), t in zip(rows, top, strict=True)
    )


def subspace_programme_holds(
    cols: np.ndarray,
    sizes: np.ndarray,
    bases: list[list[int]],
    odd: int,
    t: int,
    seconds: float,
    lows: list[int] | None = None,
) -> tuple[bool | None, str]:
    """Whether ``M ≥ t`` follows from the subspaces ``W_1, …, W_k`` (bases as column masks),
    re-proved by two solvers: HiGHS (``scipy.optimize.milp``) and OR-Tools CP-SAT.

    If ``M ≤ t − 1``, then ``M ≤ top``, the largest value ``≤ t − 1`` with the parity ``odd``
    of the number of odd groups (every ``F(λ)`` has it), and some ``b`` reaches it. Then: every
    ``|b_g| ≤ top`` (``b_g`` is the mean of ``F`` over ``{λ·v_g = 0}``); for every ``W_i`` the
    coset means ``F_{W_i}(μ) = Σ_{v_h ∈ W_i} b_h (−1)^{μ·v_h} ≤ top`` (a mean of values of
    ``F``), hence ``≤ top_i``, the largest value ``≤ top`` with the parity of ``Σ_{v_h ∈ W_i}
    c_h``; and ``b`` may be translated (``b_g ↦ b_g (−1)^{ν·v_g}``, which keeps the box, the
    parities and every ``max F_{W_i}``) so that ``F_{W_1}`` peaks at ``μ = 0``:
    ``Σ_{μ·v_h = 1} b_h ≥ 0`` for every ``μ ≠ 0``. The model over the integers ``b_g = 2y_g +
    (c_g mod 2)`` of the groups inside some ``W_i`` is handed to both solvers; both must prove
    it infeasible. Returns ``(True, how)`` then, ``(False, why)`` when either finds a ``b``
    (checked here against every coset mean), ``(None, why)`` when undecided.

    ``lows[i]`` (proven by :func:`inner_bound_holds`) lowers the ceiling of ``W_i``'s coset
    means to ``top − lows[i]``: each coset also holds the quotient spectrum, which peaks at
    ``lows[i]`` or more.
    """
    top = (t - 1) - ((t - 1 - odd) % 2)
    if top < 0:
        return True, "no spectrum below 0"
    groups, rows = programme_rows(cols, bases)
    c = np.asarray(sizes, dtype=np.int64)[groups]
    par = c % 2
    box = np.minimum(c, top)
    box = box - (box - c) % 2
    if np.any(box < 0):
        return True, "an odd group with top 0"
    cut = [0] * len(rows) if lows is None else [int(v) for v in lows]
    if len(cut) != len(rows):
        raise ValueError("one inner bound per subspace")
    tops = np.array(
        [
            top - low - (top - low - int(c[where].sum())) % 2
            for (where, _, _), low in zip(rows, cut, strict=True)
        ]
    )
    count = len(groups)
    if count == 0:  # every coset mean is 0
        if min(tops) < 0:
            return True, f"no group inside: every mean is 0 > {int(min(tops))}"
        return False, "no group inside: every mean is 0"
    # rows of A b ≤ rhs over the groups, then b = 2y + par
    lines, rhs = [], []
    for (where, signs, pinned), t_i in zip(rows, tops, strict=True):
        full = np.zeros((len(signs), count), dtype=np.int64)
        full[:, where] = signs
        if pinned:  # F_W(μ) ≤ F_W(0): Σ_h b_h (χ_μ(h) − 1) ≤ 0, and F_W(0) ≤ top_i
            lines.append(full[1:] - full[0])
            rhs.append(np.zeros(len(signs) - 1, dtype=np.int64))
            lines.append(full[:1])
            rhs.append(np.array([t_i]))
        else:
            lines.append(full)
            rhs.append(np.full(len(signs), t_i))
    a = np.vstack(lines)
    r = np.concatenate(rhs)
    low = (-box - par) // 2
    high = (box - par) // 2
    # The verdict is a function of the integer programme alone (A, its right-hand side, the
    # box and the parities): sizes that share one (99, 139 and 219 have 19×19's quiet code in
    # groups larger than every box) are proven once.
    key = b"|".join(
        np.ascontiguousarray(v, dtype=np.int64).tobytes() for v in (a.shape, a, r, low, high, par)
    )
    if key in PROGRAMMES:
        return PROGRAMMES[key]
    verdict = _solve_programme(a, r, low, high, par, count, rows, tops, seconds)
    if verdict[0] is not None:
        PROGRAMMES[key] = verdict
    if verdict[0]:
        ceilings = top if lows is None else tops.tolist()
        return True, f"HiGHS and CP-SAT: no b on {count} groups with every mean <= {ceilings}"
    return verdict


def _solve_programme(
    a: np.ndarray,
    r: np.ndarray,
    low: np.ndarray,
    high: np.ndarray,
    par: np.ndarray,
    count: int,
    rows: list,
    tops: np.ndarray,
    seconds: float,
) -> tuple[bool | None, str]:
    """``A (2y + par) ≤ r`` with ``low ≤ y ≤ high``: infeasible by both HiGHS and CP-SAT
    (``True``), a ``b`` found and checked (``False``), or undecided (``None``)."""
    from ortools.sat.python import cp_model
    from scipy.optimize import Bounds, LinearConstraint, milp

    res = milp(
        np.zeros(count),
        constraints=[LinearConstraint(2 * a, -np.inf, r - a @ par)],
        integrality=np.ones(count),
        bounds=Bounds(low, high),
        options={"time_limit": seconds},
    )
    if res.status == 0 and res.x is not None:
        b = 2 * np.round(res.x).astype(np.int64) + par
        if _walsh_holds(rows, b, tops):
            return False, "HiGHS finds a b below the bound"
        return None, "HiGHS returned a b that breaks the model"
    if res.status != 2:
        return None, f"HiGHS undecided in {seconds:g} s"
    model = cp_model.CpModel()
    y = [model.new_int_var(int(low[g]), int(high[g]), f"y{g}") for g in range(count)]
    for row, bound in zip(a.tolist(), (r - a @ par).tolist(), strict=True):
        model.add(sum(2 * k * y[g] for g, k in enumerate(row) if k) <= bound)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 1
    status = solver.solve(model)
    if status in (cp_model.FEASIBLE, cp_model.OPTIMAL):
        b = 2 * np.array([solver.value(v) for v in y], dtype=np.int64) + par
        if _walsh_holds(rows, b, tops):
            return False, "CP-SAT finds a b below the bound"
        return None, "CP-SAT returned a b that breaks the model"
    if status != cp_model.INFEASIBLE:
        return None, f"CP-SAT undecided in {seconds:g} s"
    return True, "infeasible"


def programme_upper(
    n: int, quiet: np.ndarray, sub_cert: dict, seconds: float
) -> tuple[int | None, str]:
    """The upper bound that a ``"subspace programme"`` certificate proves (``None`` and why
    when it does not)."""
    d = quiet.shape[0]
    cols, sizes, c0 = _grouped(quiet)
    bases = [[int(v) for v in basis] for basis in sub_cert["bases"]]
    if not bases or any(v <= 0 or v >= 1 << d for basis in bases for v in basis):
        return None, "a basis vector is not a nonzero quiet column mask"
    t = int(sub_cert["spectrum_bound"])
    odd = int((sizes % 2).sum())
    lows = [int(v) for v in sub_cert.get("inner", [0] * len(bases))]
    if len(lows) != len(bases) or min(lows) < 0:
        return None, "not one inner bound >= 0 per subspace"
    try:
        for basis, low in zip(bases, lows, strict=True):
            held, why = inner_bound_holds(cols, sizes, basis, d, low, seconds)
            if not held:
                return None, f"the quotient of a subspace does not peak at {low}: {why}"
        held, why = subspace_programme_holds(cols, sizes, bases, odd, t, seconds, lows)
    except ValueError as error:
        return None, str(error)
    if not held:
        return None, why
    if any(lows):
        why += f", with the quotient spectra peaking at {lows} or more"
    if len(bases) == 1:  # a third proof when the exhaustive search is short enough
        sub, inside = inside_subspace(cols, bases[0])
        need = t - 1 if parity_ceiling(t - 1, odd) == t else t
        try:
            third = subspace_bound_holds(
                sub, sizes[inside].astype(np.int64), len(bases[0]), need - lows[0], 200_000
            )
        except RuntimeError:
            third = None
        if third is False:
            return None, "the exhaustive search finds a b below the bound"
        if third:
            why += ", and the exhaustive search"
    return (n * n + c0 - parity_ceiling(t, odd)) // 2, why


def same_programme_holds(
    cols: np.ndarray,
    sizes: np.ndarray,
    ref_cols: np.ndarray,
    ref_sizes: np.ndarray,
    mapping: list[int],
    bound: int,
) -> tuple[bool, str]:
    """Whether ``mapping`` carries the spectrum programme of one quiet code onto another's.

    ``mapping[i]`` is the image of the unit column ``1 << i`` (bit masks). It must be a
    bijection of ``GF(2)^d`` that maps the columns ``cols`` onto exactly ``ref_cols``, each onto
    a column of the same parity, and of the same size wherever either size is below
    ``bound``: then a ``b`` with every ``F ≤ bound − 1`` exists for one code exactly when one
    exists for the other (such a ``b`` has ``|b_g| ≤ bound − 1``, so larger groups never bind).

    Returns
    -------
    (bool, str)
        Whether it holds, and why not.

    Examples
    --------
    >>> cols, sizes = np.array([1, 2, 3]), np.array([1, 5, 2])
    >>> same_programme_holds(cols, sizes, np.array([1, 2, 3]), np.array([5, 1, 2]), [2, 1], 4)
    (True, 'a bijection of the columns')
    >>> same_programme_holds(cols, sizes, np.array([1, 2, 3]), np.array([1, 2, 7]), [1, 2], 4)
    (False, 'column 2 of size 5 goes to column 2 of size 2')
    """
    d = len(mapping)
    if rank_gf2(np.array([[(m >> j) & 1 for j in range(d)] for m in mapping])) != d:
        return False, "the map is not invertible"
    target = {int(c): int(s) for c, s in zip(ref_cols, ref_sizes, strict=True)}
    if len(target) != len(cols):
        return False, f"{len(cols)} columns here, {len(target)} there"
    cap = bound - 1
    for c, s in zip(cols, sizes, strict=True):
        image = 0
        for i in range(d):
            if (int(c) >> i) & 1:
                image ^= int(mapping[i])
        if image not in target:
            return False, f"column {int(c)} goes to {image}, not a column there"
        there = target[image]
        if (there - int(s)) % 2 or min(there, cap) != min(int(s), cap):
            return False, f"column {int(c)} of size {int(s)} goes to column {image} of size {there}"
    return True, "a bijection of the columns"


def _check_split(
    n: int, quiet: np.ndarray, cert: dict, split: dict, m_proven: int, done: list[str]
) -> list[str]:
    """Check a ``residue_split`` certificate: every residue class but the exceptions is
    refuted on its subspace (:func:`residue_split_holds`), and, with ``--full``, each exception
    over every quiet pattern (:func:`residue_full_holds`)."""
    d = quiet.shape[0]
    cols, sizes, c0 = _grouped(quiet)
    t = int(split["spectrum_bound"])
    top = parity_ceiling(t, int((sizes % 2).sum())) - 2
    if m_proven < top:
        return [f"the residue split puts F(0) = {top}, but only M >= {m_proven} is proven"]
    upper = (n * n + c0 - t) // 2
    if cert["upper_argument"] == "residue split" and upper != int(cert["upper"]):
        return [f"the residue split proves {upper}, not {cert['upper']}"]
    exceptions = [int(e["u"]) for e in split["exceptions"]]
    basis = [int(v) for v in split["basis"]]
    held, why = residue_split_holds(cols, sizes, d, t, basis, exceptions, PROGRAMME_SECONDS[0])
    if not held:
        return [f"the residue split does not hold: {why}"]
    done.append(f"residue split ({why})")
    if FULL_SECONDS[0] <= 0:
        done.append(f"residue split bound {upper}: classes {exceptions} not re-proved (--full)")
        return []
    for u in exceptions:
        found = residue_full_holds(cols, sizes, d, t, u, FULL_SECONDS[0], WORKERS[0])
        if found is False:
            return [f"CP-SAT finds a b of class {u} with every F <= {top}: the split is wrong"]
        if found is None:
            done.append(f"class {u} undecided by CP-SAT in {FULL_SECONDS[0]} s")
            return []
    done.append(f"residue split bound {upper} (CP-SAT: no b in classes {exceptions})")
    return []


def _check_same(
    n: int, quiet: np.ndarray, cert: dict, same: dict, others: dict[int, dict], done: list[str]
) -> list[str]:
    """Check a ``same_programme`` certificate: the certificate it names passes, proves the
    stored ``spectrum_bound``, and the stored map carries one programme onto the other."""
    m, t = int(same["as"]), int(same["spectrum_bound"])
    ref = others.get(m)
    if ref is None:
        return [f"the same programme as n={m}, whose certificate is not in this file"]
    if "same_programme" in ref:  # one step only: no chains, no cycles
        return [f"n={m} rests on another size's programme in its turn"]
    ref_fails = CHECKED[_key(ref)] if _key(ref) in CHECKED else check(ref, others)
    if ref_fails:
        return [f"the certificate of n={m} fails, so this one does too"]
    ref_m = m * m + zero_count(m, ref) - 2 * int(ref["upper"])
    if ref_m < t:
        return [f"n={m} proves M >= {ref_m}, not {t}"]
    ref_quiet = np.array([[int(ch) for ch in q] for q in ref["quiet"]], dtype=np.uint8)
    ref_cols, ref_sizes = _grouped(ref_quiet.reshape(-1, m * m))[:2]
    cols, sizes, c0 = _grouped(quiet)
    if not len(same["map"]) == quiet.shape[0] == len(ref["quiet"]):
        nullities = f"{quiet.shape[0]} and {len(ref['quiet'])}"
        return [f"a map of {len(same['map'])} columns between nullities {nullities}"]
    held, why = same_programme_holds(cols, sizes, ref_cols, ref_sizes, same["map"], t)
    if not held:
        return [f"not the same programme as n={m}: {why}"]
    upper = (n * n + c0 - t) // 2
    done.append(f"same programme as n={m} (M >= {t}): upper {upper}")
    if cert["upper_argument"] == "same programme" and upper != int(cert["upper"]):
        return [f"the same programme proves {upper}, not {cert['upper']}"]
    return []


def _grouped(quiet: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """The distinct nonzero quiet columns (bit masks), their sizes and the zero count."""
    d = quiet.shape[0]
    columns = (quiet.astype(np.int64) << np.arange(d, dtype=np.int64)[:, None]).sum(axis=0)
    cols, sizes = np.unique(columns[columns != 0], return_counts=True)
    return cols, sizes.astype(np.int64), int((columns == 0).sum())


def zero_count(n: int, cert: dict) -> int:
    """How many lights no stored quiet pattern touches."""
    quiet = np.array([[int(ch) for ch in q] for q in cert["quiet"]], dtype=np.uint8)
    if quiet.size == 0:
        return n * n
    return int((~quiet.reshape(-1, n * n).any(axis=0)).sum())


def parse_rows(text: str, on: str) -> np.ndarray:
    return np.array([[1 if ch == on else 0 for ch in row] for row in text.split("/")]).reshape(-1)


def _check_full(
    n: int, quiet: np.ndarray, cert: dict, full: dict, m_proven: int, done: list[str]
) -> list[str]:
    """Re-prove a ``full_programme`` certificate when ``--full`` gives it time: with SCIP when
    its ``solver`` names SCIP (:func:`scip_holds`), else with CP-SAT (:func:`butterfly_holds`);
    with ``--second``, by its ``second_solver`` too."""
    d = quiet.shape[0]
    cols, sizes, c0 = _grouped(quiet)
    t, pin = int(full["spectrum_bound"]), int(full["pinned_at"])
    upper = (n * n + c0 - t) // 2
    if pin > m_proven:
        return [f"the full programme pins F(0) >= {pin}, but only M >= {m_proven} is proven"]
    if cert["upper_argument"] == "full programme" and upper != int(cert["upper"]):
        return [f"the full programme proves {upper}, not {cert['upper']}"]
    if FULL_SECONDS[0] <= 0:
        done.append(f"full programme bound {upper} not re-proved here (--full SECONDS)")
        return []
    cuts = [([int(v) for v in cut["basis"]], int(cut["inner"])) for cut in full.get("cuts", [])]
    for basis, inner in cuts:
        try:
            held, why = inner_bound_holds(
                cols, sizes.astype(np.int64), basis, d, inner, PROGRAMME_SECONDS[0]
            )
        except ValueError as error:
            held, why = False, str(error)
        if not held:
            return [f"a cut of the full programme does not hold (inner {inner}): {why}"]
    solvers = [str(full.get("solver", ""))]
    if SECOND[0] and "second_solver" in full:
        solvers.append(str(full["second_solver"]["solver"]))
    for solver in solvers:
        if solver.startswith("SCIP"):
            name = "SCIP"
            held = scip_holds(cols, sizes.astype(np.int64), d, t, pin, FULL_SECONDS[0], cuts)
        else:
            name = "CP-SAT"
            held = butterfly_holds(
                cols, sizes.astype(np.int64), d, t, pin, FULL_SECONDS[0], WORKERS[0], cuts
            )
        if held is False:
            return [f"{name} finds a spectrum peak below {t}: the full programme is wrong"]
        if held is None:
            done.append(f"full programme bound {upper} undecided by {name} in {FULL_SECONDS[0]} s")
            return []
        done.append(f"full programme bound {upper} ({name}: no b with every F <= {t - 2})")
    return []


def check(cert: dict, others: dict[int, dict] | None = None) -> list[str]:
    """The failures of one certificate (empty when it passes), printing what was checked.

    ``others`` holds the certificates of the same file by size, for a ``same_programme``
    certificate, which names another size."""
    n = int(cert["n"])
    fails: list[str] = []
    quiet = np.array([[int(ch) for ch in q] for q in cert["quiet"]], dtype=np.uint8).reshape(
        -1, n * n
    )
    d = quiet.shape[0]
    for i, q in enumerate(quiet):
        if press(n, q).any():
            fails.append(f"quiet pattern {i} is not quiet")
    if d and rank_gf2(quiet) != d:
        fails.append("the quiet patterns are not independent")
    nullity = chase_nullity(n)
    if nullity != d:
        fails.append(f"{d} quiet patterns stored, nullity {nullity}")
    x = parse_rows(cert["presses"], "1")
    board = parse_rows(cert["board"], "*")
    if not np.array_equal(press(n, x), board):
        fails.append("the presses do not make the board")
    done = ["quiet patterns"]
    if (d <= 24 or LARGE[0]) and not fails:
        low = min_presses(x, quiet) if d <= 24 else min_presses_blocked(x, quiet)
        if low != int(cert["lower"]):
            fails.append(f"the board needs {low} presses, not {cert['lower']}")
        done.append(f"lower {low}" + ("" if d <= 24 else " (blocked transform)"))
    elif not fails:
        done.append(f"lower {cert['lower']} not re-proved (2**{d} quiet patterns: --large)")
    argument = cert["upper_argument"]
    up = averaging_bound(n, quiet)
    if up != int(cert["averaging_upper"]):
        fails.append(f"averaging proves {up}, not {cert['averaging_upper']}")
    sub_cert = cert.get("upper_certificate")
    m_proven = 0  # the spectrum bound proven so far (M ≥ 0 always: F has mean 0)
    if sub_cert is not None and d and sub_cert.get("kind") == "subspace programme":
        proven, why = programme_upper(n, quiet, sub_cert, PROGRAMME_SECONDS[0])
        if proven is None:
            fails.append(
                f"the subspace programme does not prove M >= {sub_cert['spectrum_bound']}: {why}"
            )
        else:
            m_proven = int(sub_cert["spectrum_bound"])
            done.append(f"subspace programme bound {proven} ({why})")
            if argument == "subspace programme" and proven != int(cert["upper"]):
                fails.append(f"the subspace programme proves {proven}, not {cert['upper']}")
    elif sub_cert is not None and d:
        proven = subspace_upper(n, quiet, sub_cert)
        if proven is None:
            fails.append(f"the subspace does not prove M >= {sub_cert['spectrum_bound']}")
        else:
            m_proven = int(sub_cert["spectrum_bound"])
            done.append(f"subspace bound {proven}")
            if argument == "subspace" and proven != int(cert["upper"]):
                fails.append(f"the subspace proves {proven}, not {cert['upper']}")
    full = cert.get("full_programme")
    if full is not None and d:
        fails += _check_full(n, quiet, cert, full, m_proven, done)
    elif argument == "full programme":
        fails.append(f"upper {cert['upper']} claims a full programme, none stored")
    split = cert.get("residue_split")
    if split is not None and d:
        fails += _check_split(n, quiet, cert, split, m_proven, done)
    elif argument == "residue split":
        fails.append(f"upper {cert['upper']} claims a residue split, none stored")
    same = cert.get("same_programme")
    if same is not None and d:
        fails += _check_same(n, quiet, cert, same, others or {}, done)
    elif argument == "same programme":
        fails.append(f"upper {cert['upper']} claims the same programme as another size, none named")
    if argument in ("averaging", "unique"):
        if up != int(cert["upper"]):
            fails.append(f"averaging proves {up}, not {cert['upper']}")
        done.append(f"upper {up} ({argument})")
    elif argument in ("full programme", "same programme", "residue split"):
        pass  # reported by _check_full, _check_same or _check_split
    elif argument in ("subspace", "subspace programme"):
        kind = (sub_cert or {}).get("kind", "subspace")
        if sub_cert is None or kind != argument:
            fails.append(f"upper {cert['upper']} claims a {argument} certificate, none stored")
        done.append(f"upper {cert['upper']} ({argument})")
    elif ORTOOLS_SECONDS[0] > 0:
        cols, sizes, c0 = _grouped(quiet)
        odd = int((sizes % 2).sum())
        t = parity_ceiling(n * n + c0 - 2 * int(cert["upper"]) - 1, odd)
        held = programme_holds(cols, sizes.astype(np.int64), d, t, ORTOOLS_SECONDS[0])
        if held is False:
            fails.append(f"CP-SAT finds a spectrum peak below {t}: upper {cert['upper']} is wrong")
        elif held:
            done.append(f"upper {cert['upper']} ({argument}, re-proved by CP-SAT: M >= {t})")
        else:
            done.append(f"upper {cert['upper']} undecided by CP-SAT in {ORTOOLS_SECONDS[0]} s")
    else:
        done.append(f"averaging {up}; upper {cert['upper']} not checked here ({argument})")
    if int(cert["lower"]) > int(cert["upper"]):
        fails.append(f"lower {cert['lower']} above upper {cert['upper']}")
    print(f"n={n}: " + ", ".join(done) + (" FAILED: " + "; ".join(fails) if fails else " ok"))
    CHECKED[_key(cert)] = fails
    return fails


def _check_one(i: int) -> tuple[int, list[str], str]:
    """Check certificate ``i`` of :data:`_JOB` in a worker: its failures and what it printed."""
    certs, by_size = _JOB[0]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        fails = check(certs[i], by_size)
    return i, fails, out.getvalue()


#: The certificates a pool of workers checks, and all of them by size (set before the fork).
_JOB: list[tuple[list[dict], dict[int, dict]]] = []


def check_all(certs: list[dict], by_size: dict[int, dict], jobs: int = 1) -> None:
    """Check every certificate not checked yet, ``jobs`` at a time, recording the verdicts in
    :data:`CHECKED` and printing each certificate's line as it is done.

    The workers are forked, so they start with what this process has decided (the verdicts and
    programmes of an earlier call); the heaviest certificates (most quiet patterns) go first."""
    todo = [c for c in certs if _key(c) not in CHECKED]
    todo.sort(key=lambda c: -len(c["quiet"]))
    if jobs <= 1 or len(todo) <= 1 or "fork" not in mp.get_all_start_methods():
        for cert in todo:
            if _key(cert) not in CHECKED:
                check(cert, by_size)
        return
    _JOB[:] = [(todo, by_size)]
    with mp.get_context("fork").Pool(min(jobs, len(todo))) as pool:
        for i, fails, text in pool.imap_unordered(_check_one, range(len(todo))):
            CHECKED[_key(todo[i])] = fails
            print(text, end="", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", type=Path)
    parser.add_argument(
        "--results",
        action="store_true",
        help="check the rows of a results file instead (results_51_256.json by default)",
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help="check certificates.json, then every row of results_51_256.json",
    )
    parser.add_argument("--sizes", type=int, nargs="*")
    parser.add_argument(
        "--cp-sat",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="re-prove the integer-programme upper bounds with OR-Tools CP-SAT (a second solver)",
    )
    parser.add_argument(
        "--programme-seconds",
        type=float,
        default=PROGRAMME_SECONDS[0],
        metavar="SECONDS",
        help="time for each of HiGHS and CP-SAT on a subspace-programme certificate",
    )
    parser.add_argument(
        "--large",
        action="store_true",
        help="re-prove the boards of kernels over 2**24 too (blocked transforms, minutes each)",
    )
    parser.add_argument(
        "--full",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="re-prove the full-programme upper bounds with CP-SAT or SCIP (minutes each)",
    )
    parser.add_argument("--workers", type=int, default=1, help="CP-SAT workers for --full")
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        metavar="N",
        help="certificates checked at once, in forked processes (default: one per core)",
    )
    parser.add_argument(
        "--second",
        action="store_true",
        help="with --full, re-prove each full programme by its second solver too",
    )
    args = parser.parse_args()
    SECOND[0] = args.second
    FULL_SECONDS[0] = args.full
    WORKERS[0] = args.workers
    LARGE[0] = args.large
    ORTOOLS_SECONDS[0] = args.cp_sat
    PROGRAMME_SECONDS[0] = args.programme_seconds
    if args.results:
        path = args.path or HERE / "results_51_256.json"
        return 1 if check_results(json.loads(path.read_text()), args.sizes) else 0
    start = time.perf_counter()
    certs = json.loads((args.path or HERE / "certificates.json").read_text())
    by_size = {int(c["n"]): c for c in certs}
    chosen = [c for c in certs if not args.sizes or int(c["n"]) in args.sizes]
    # A same-programme certificate reuses the verdict on the one it names: those come second.
    for phase in ([c for c in chosen if "same_programme" not in c], chosen):
        check_all(phase, by_size, args.jobs)
    bad = sum(bool(CHECKED[_key(c)]) for c in chosen)
    checked = len(chosen)
    if args.all:
        rows = json.loads((HERE / "results_51_256.json").read_text())
        bad += check_results(rows, args.sizes)
        checked += len([r for r in rows if not args.sizes or int(r["n"]) in args.sizes])
        seconds = time.perf_counter() - start
        print(f"{checked} certificates and rows checked, {bad} failed, in {seconds:.0f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
