"""Check the God's-number certificates of the n×n boards with NumPy alone.

Usage::

    python research/gods_numbers/check.py [CERTIFICATES.json] [--sizes N ...]

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
  Skipped when ``d > 24`` (too many quiet patterns for one transform here).
- **the averaging bound** ``averaging_upper``, and ``upper`` when its argument is
  ``"averaging"``: group the lights by their column of quiet patterns; for presses with
  ``a_g`` lights pressed in group ``g``, ``|x + λ·Q| = (C + c_0 − F(λ))/2`` with
  ``F(λ) = Σ_g (c_g − 2a_g)(−1)^{λ·v_g}`` (``C`` lights, ``c_0`` of them in no quiet pattern,
  assuming those pressed, the worst case). ``F`` sums to 0 over all ``λ``, so its largest
  value, which gives the fewest presses, is at least 0; all its values have the parity of the
  number of groups of odd size, and ``F`` is not identically 0 when some group is odd, so the
  largest is at least 1 (odd number of odd groups) or 2 (even, nonzero). Hence every board
  needs at most ``(C + c_0 − m)/2`` presses, ``m`` ∈ {0, 1, 2} as counted. With
  ``"unique"`` (nullity 0) that is ``C``. Other arguments (the integer programmes) are
  reported as not checked here.

Exit status 0 when every certificate checked passes, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent


def press(n: int, x: np.ndarray) -> np.ndarray:
    """``T x`` over GF(2) for the closed n×n grid: each press toggles itself and 4 neighbours."""
    a = x.reshape(n, n).astype(np.uint8) & 1
    out = a.copy()
    out[1:] ^= a[:-1]
    out[:-1] ^= a[1:]
    out[:, 1:] ^= a[:, :-1]
    out[:, :-1] ^= a[:, 1:]
    return out.reshape(-1)


def rank_gf2(rows: np.ndarray) -> int:
    """Rank over GF(2) of a 0/1 matrix (Gaussian elimination on boolean rows)."""
    m = rows.astype(bool).copy()
    rank = 0
    for col in range(m.shape[1]):
        pivots = np.flatnonzero(m[rank:, col])
        if not len(pivots):
            continue
        p = rank + int(pivots[0])
        m[[rank, p]] = m[[p, rank]]
        below = np.flatnonzero(m[:, col])
        below = below[below != rank]
        m[below] ^= m[rank]
        rank += 1
        if rank == m.shape[0]:
            break
    return rank


def chase_nullity(n: int) -> int:
    """The nullity of the n×n press matrix, by chasing all n unit first rows at once."""
    # state[k]: the board after pressing first row e_k and chasing; track rows as bool arrays.
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
    final = presses[:, n]  # the last row's lights, per unit first row: the matrix M (columns)
    return n - rank_gf2(final)


def min_presses(x: np.ndarray, quiet: np.ndarray) -> int:
    """``min_λ |x + λ·Q|`` over all ``2**d`` combinations, by one Walsh–Hadamard transform."""
    d = quiet.shape[0]
    cols = (quiet.astype(np.int64) << np.arange(d, dtype=np.int64)[:, None]).sum(axis=0)
    f = np.zeros(1 << d, dtype=np.int64)
    np.add.at(f, cols, np.where(x == 1, -1, 1))  # (−1)^{x_u} on the column of u
    h = 1
    while h < len(f):  # F(λ) = Σ_u (−1)^{x_u + λ·col_u}
        v = f.reshape(-1, 2, h)
        f = np.stack([v[:, 0] + v[:, 1], v[:, 0] - v[:, 1]], axis=1).reshape(-1)
        h *= 2
    # |x + λQ| = Σ_u [x_u + λ·col_u = 1] = (N − F(λ))/2
    return int((len(x) - f.max()) // 2)


def averaging_bound(n: int, quiet: np.ndarray) -> int:
    """The averaging bound ``(C + c_0 − m)/2`` from the columns of the quiet patterns."""
    if quiet.shape[0] == 0:
        return n * n
    _, sizes = np.unique(quiet.T, axis=0, return_counts=True)
    keys = np.unique(quiet.T, axis=0)
    zero_row = ~keys.any(axis=1)
    c0 = int(sizes[zero_row].sum())
    odd = int((sizes[~zero_row] % 2).sum())
    floor = 0 if odd == 0 else (1 if odd % 2 else 2)
    return (n * n + c0 - floor) // 2


def parse_rows(text: str, on: str) -> np.ndarray:
    return np.array([[1 if ch == on else 0 for ch in row] for row in text.split("/")]).reshape(-1)


def check(cert: dict) -> list[str]:
    """The failures of one certificate (empty when it passes), printing what was checked."""
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
    if d <= 24 and not fails:
        low = min_presses(x, quiet)
        if low != int(cert["lower"]):
            fails.append(f"the board needs {low} presses, not {cert['lower']}")
        done.append(f"lower {low}")
    argument = cert["upper_argument"]
    up = averaging_bound(n, quiet)
    if up != int(cert["averaging_upper"]):
        fails.append(f"averaging proves {up}, not {cert['averaging_upper']}")
    if argument in ("averaging", "unique"):
        if up != int(cert["upper"]):
            fails.append(f"averaging proves {up}, not {cert['upper']}")
        done.append(f"upper {up} ({argument})")
    else:
        done.append(f"averaging {up}; upper {cert['upper']} not checked here ({argument})")
    print(f"n={n}: " + ", ".join(done) + (" FAILED: " + "; ".join(fails) if fails else " ok"))
    return fails


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", type=Path, default=HERE / "certificates.json")
    parser.add_argument("--sizes", type=int, nargs="*")
    args = parser.parse_args()
    certs = json.loads(args.path.read_text())
    bad = 0
    for cert in certs:
        if args.sizes and int(cert["n"]) not in args.sizes:
            continue
        bad += bool(check(cert))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
