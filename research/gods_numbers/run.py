"""God's number of every n×n Lights Out board, n = 1..50, with a cross-check of every bound.

Usage (from the repository root, in the project's environment)::

    python research/gods_numbers/run.py                   # n = 1..50, 240 s per board
    python research/gods_numbers/run.py --sizes 9 16 --time-limit 600

Writes ``results.json`` beside this file and prints a Markdown table. For each board:

- ``lo.gods_number_bounds`` gives proven bounds (the covering radius of the quiet-pattern code,
  through the Walsh spectrum of the quiet groups over GF(2));
- the lower bound is checked by a second method: the witness board is solved again with
  ``lo.solve(..., minimize=True)`` (grouped coset search, an independent exact minimum), which
  must need exactly ``lower`` presses;
- the averaging upper bound ``(C + c_0 − parity)/2`` is recomputed from the published quiet-pattern
  bases of wmboyles/LightsOut-Math (``../shared/peers_data``), an independent kernel.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np
from extend import published_table

import lightsout_graphs as lo
from lightsout_graphs.algorithms.gods import averaging_bound, group_coset, quiet_groups

HERE = Path(__file__).resolve().parent
SHARED = HERE.parents[2] / "shared" / "peers_data"


def peer_averaging_bound(n: int) -> int | None:
    """The averaging bound from the published quiet-pattern basis of the n×n board."""
    path = SHARED / "wmboyles_kernel_bases_n1-64.json"
    if not path.exists():
        return None
    rows = json.loads(path.read_text())[str(n)]
    if not rows:
        return n * n
    q = np.array([[int(c) for c in r] for r in rows], dtype=np.int64)
    groups = group_coset(np.zeros(q.shape[1], dtype=np.int64), [(row, 2) for row in q], 2)
    _, sizes, zero = groups.binary_code()
    return averaging_bound(sizes, zero)


def run(sizes: list[int], time_limit: float) -> list[dict[str, object]]:
    table = published_table()
    rows = []
    for n in sizes:
        p = lo.grid(n, n)
        start = time.monotonic()
        g = lo.gods_number_bounds(p, time_limit=time_limit)
        seconds = time.monotonic() - start
        board = p.apply(0, p.as_dict(g.witness))
        check = lo.solve(p, board, minimize=True)
        assert check.optimal and check.num_presses == g.lower, (n, check.num_presses, g.lower)
        nullity = lo.analyze(p).nullity
        peer = peer_averaging_bound(n)
        if nullity and peer is not None:
            _, sz, zero = quiet_groups(p).binary_code()
            assert averaging_bound(sz, zero) == peer, n
        low, up = table.get(n, (None, None))
        row = {
            "n": n,
            "nullity": nullity,
            "lower": g.lower,
            "upper": g.upper,
            "exact": g.exact,
            "seconds": round(seconds, 1),
            "published": [low, up],
            "averaging_bound_from_published_basis": peer,
            "notes": list(g.notes),
        }
        rows.append(row)
        print(json.dumps(row), flush=True)
    return rows


def markdown(rows: list[dict[str, object]]) -> str:
    lines = [
        "| n | nullity | God's number (ours) | published | seconds |",
        "|---|---|---|---|---|",
    ]
    for r in rows:
        ours = str(r["lower"]) if r["exact"] else f"{r['lower']}..{r['upper']}"
        low, up = r["published"]  # type: ignore[misc]
        pub = "" if low is None else (str(low) if low == up else f"{low}..{up}")
        lines.append(f"| {r['n']} | {r['nullity']} | {ours} | {pub} | {r['seconds']} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=list(range(1, 51)))
    parser.add_argument("--time-limit", type=float, default=240.0)
    parser.add_argument("--out", type=Path, default=HERE / "results.json")
    parser.add_argument(
        "--merge",
        type=Path,
        nargs="*",
        default=[],
        help="result files of other runs to fold into --out (later files win), without computing",
    )
    args = parser.parse_args()
    rows = [] if args.merge else run(args.sizes, args.time_limit)
    for path in args.merge:
        rows.extend(json.loads(path.read_text()))
    old = json.loads(args.out.read_text()) if args.out.exists() else []
    merged = {r["n"]: r for r in old}
    for r in rows:  # an exact answer is never replaced by mere bounds
        if not (merged.get(r["n"], {}).get("exact") and not r["exact"]):
            merged[r["n"]] = r
    args.out.write_text(json.dumps([merged[n] for n in sorted(merged)], indent=1) + "\n")
    print(markdown([merged[n] for n in sorted(merged)]))


if __name__ == "__main__":
    main()
