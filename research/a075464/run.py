"""OEIS A075464 to n = 60: the fewest presses that light every light of the dark n×n board.

Usage (from the repository root, in the project's environment)::

    python research/a075464/run.py                    # n = 1..60
    python research/a075464/run.py --sizes 55 56 57   # some sizes only (printed, not written)

Writes ``results.json`` beside this file (when every n = 1..60 was run) and prints a Markdown
table. For each n:

- ``lo.solve(lo.grid(n, n), 0, target=1, minimize=True)`` proves the fewest presses (grouped
  coset search; the solution is replayed by ``Solution.verify``);
- a second method confirms it: when the board has no quiet pattern (nullity 0) the solution is
  unique, and it must equal, light for light, the all-ones solution that wmboyles/LightsOut-Math
  publishes (an independent computation, ``../shared/peers_data/wmboyles_allones_n1-64.json``);
  otherwise every one of the 2**nullity solutions is enumerated with numpy (bit-packed, meet in
  the middle) when there are at most 2**24 of them, and the smallest weight must be ours;
- n = 1..54 must equal the terms of the OEIS data section.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

import lightsout_graphs as lo

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SHARED = ROOT.parent / "shared" / "peers_data"
sys.path.insert(0, str(ROOT))  # the repository root, for benchmarks.peers_bench

from benchmarks.peers_bench import A075464_PUBLISHED

#: The largest number of solutions the second method enumerates.
MAX_BRUTE = 2**24


def _packed(rows: np.ndarray) -> np.ndarray:
    """0/1 rows -> rows of uint64 words (bit-packed)."""
    bits = np.packbits(rows.astype(np.uint8), axis=-1)
    pad = (-bits.shape[-1]) % 8
    bits = np.pad(bits, [(0, 0)] * (bits.ndim - 1) + [(0, pad)])
    return bits.view(np.uint64)


def _span(basis: np.ndarray) -> np.ndarray:
    """Every XOR combination of the packed rows of ``basis`` (2**len rows)."""
    out = np.zeros((1, basis.shape[1]), dtype=np.uint64)
    for row in basis:
        out = np.concatenate([out, out ^ row])
    return out


def brute_force_minimum(x0: np.ndarray, kernel: np.ndarray) -> int:
    """The fewest ones among all ``x0 + λ·kernel`` (mod 2), by enumerating every λ."""
    d = len(kernel)
    words = _packed(np.vstack([x0[None, :], kernel]))
    half = d // 2
    low, high = _span(words[1 : 1 + half]), _span(words[1 + half :])
    best = None
    for shift in high ^ words[0]:
        weight = int(np.bitwise_count(low ^ shift).sum(axis=1, dtype=np.int64).min())
        best = weight if best is None else min(best, weight)
    assert best is not None
    return best


def peer_solution(n: int) -> np.ndarray | None:
    """The published presses lighting the dark n×n board (wmboyles), row-major, or None."""
    path = SHARED / "wmboyles_allones_n1-64.json"
    if not path.exists():
        return None
    return np.array([int(c) for c in json.loads(path.read_text())[str(n)]], dtype=np.int64)


def one(n: int) -> dict[str, object]:
    """Solve, check and describe the n×n term."""
    p = lo.grid(n, n)
    start = time.monotonic()
    sol = lo.solve(p, 0, target=1, minimize=True, time_limit=900)
    seconds = time.monotonic() - start
    assert sol.optimal and sol.verify(), (n, sol.proof)
    nullity = int(lo.analyze(p).nullity or 0)
    checks = []
    peer = peer_solution(n)
    if nullity == 0:
        if peer is not None:
            assert np.array_equal(peer, sol.vector), n
            checks.append("unique solution, equal to the published all-ones solution")
    elif 2**nullity <= MAX_BRUTE:
        kernel = np.asarray(sol.quiet_vectors, dtype=np.int64)
        assert brute_force_minimum(np.asarray(sol.vector), kernel) == sol.num_presses, n
        checks.append(f"all 2**{nullity} solutions enumerated")
    if peer is not None:
        assert int(peer.sum()) >= sol.num_presses, n
    if n <= len(A075464_PUBLISHED):
        assert sol.num_presses == A075464_PUBLISHED[n - 1], (n, sol.num_presses)
        checks.append("equals OEIS")
    return {
        "n": n,
        "nullity": nullity,
        "fewest_presses": int(sol.num_presses),
        "solutions": int(sol.num_solutions),
        "seconds": round(seconds, 2),
        "published": A075464_PUBLISHED[n - 1] if n <= len(A075464_PUBLISHED) else None,
        "checks": checks,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(range(1, 61)))
    args = parser.parse_args(argv)
    rows = []
    print("| n | nullity | fewest presses | OEIS | seconds | second method |")
    print("|---|---|---|---|---|---|")
    for n in args.sizes:
        row = one(n)
        rows.append(row)
        published = "—" if row["published"] is None else row["published"]
        checks = "; ".join(str(c) for c in row["checks"]) or "—"  # type: ignore[attr-defined]
        print(
            f"| {n} | {row['nullity']} | {row['fewest_presses']} | {published} | "
            f"{row['seconds']} | {checks} |",
            flush=True,
        )
    if args.sizes == list(range(1, 61)):
        (HERE / "results.json").write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
