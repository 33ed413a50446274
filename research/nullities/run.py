"""The nullity of every m×n Lights Out board up to 16384×16384 (closed rule, GF(2)), checked.

Usage (from the repository root, in the project's environment)::

    python research/nullities/run.py              # M = 16384, writes results.json beside this file
    python research/nullities/run.py --max 4096   # a smaller map (printed, not written)

``lo.nullity_table(M)`` gives the nullity of all M² board sizes from polynomials over GF(2)
(no matrix). The run records, for M = 64, 256, 1024, 4096, 8192 and 16384, how many sizes are always solvable
(nullity 0), the largest nullity and the seconds the table took, and checks:

- the square boards n×n, n = 1..M, against OEIS A159257 (the b-file that wmboyles/LightsOut-Math
  publishes, an independent computation; ``published/wmboyles_b159257_first4096.txt``);
- every m×n board with m, n ≤ 48 against the general engine (``lo.analyze`` with the
  ``method="elimination"``-free route of a plain graph: the toggle matrix eliminated over GF(2));
- 64 random sizes up to M against light chasing (``lo.GridChaser(m, n).kernel_size``);
- the table is symmetric and every nullity is at most min(m, n).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import networkx as nx
import numpy as np

import lightsout_graphs as lo

HERE = Path(__file__).resolve().parent
SHARED = HERE / "published"  # copies of the published terms, with their sources


def published_squares() -> dict[int, int]:
    """OEIS A159257 (nullity of the n×n board) from the published b-file, when at hand."""
    path = SHARED / "wmboyles_b159257_first4096.txt"
    if not path.exists():
        return {}
    pairs = (line.split() for line in path.read_text().splitlines() if line.strip())
    return {int(n): int(v) for n, v in pairs}


def check(table: np.ndarray, seed: int = 0) -> list[str]:
    """Check a table by three other means; the checks that were made."""
    side = table.shape[0]
    sides = np.arange(1, side + 1)
    for start in range(0, side, 1024):  # in blocks of rows: the whole table is 2 GB at 16384
        rows = slice(start, start + 1024)
        assert np.array_equal(table[rows], table[:, rows].T)
        assert (table[rows] <= np.minimum.outer(sides[rows], sides)).all()
    done = ["symmetric, nullity ≤ min(m, n)"]
    published = published_squares()
    common = [n for n in range(1, side + 1) if n in published]
    if common:
        ours = [int(table[n - 1, n - 1]) for n in common]
        assert ours == [published[n] for n in common]
        done.append(f"n×n for n ≤ {max(common)} equal OEIS A159257")
    small = min(side, 48)
    for m in range(1, small + 1):
        for n in range(m, small + 1):
            graph = nx.grid_2d_graph(m, n)  # a plain graph: the general engine eliminates it
            assert lo.analyze(lo.Puzzle(graph)).nullity == table[m - 1, n - 1], (m, n)
    done.append(f"every m, n ≤ {small} equal to elimination of the toggle matrix")
    rng = np.random.default_rng(seed)
    for m, n in rng.integers(1, min(side, 600) + 1, size=(64, 2)):
        kernel = lo.GridChaser(int(m), int(n)).kernel_size
        assert kernel == 2 ** int(table[m - 1, n - 1]), (m, n)
    done.append("64 random sizes ≤ 600 equal to light chasing")
    return done


def summary(
    table: np.ndarray, sizes: list[int], seconds: dict[int, float], cpu: dict[int, float]
) -> list[dict]:
    """One row per M: the share of solvable sizes, the largest nullity and where it is."""
    rows = []
    for m_max in sizes:
        part = table[:m_max, :m_max]
        # the first largest entry in row order has m ≤ n: the table is symmetric
        where = int(np.argmax(part))
        rows.append(
            {
                "max_side": m_max,
                "sizes": m_max * m_max,
                "always_solvable": int((part == 0).sum()),
                "share_always_solvable": round(float((part == 0).mean()), 4),
                "largest_nullity": int(part.max()),
                "largest_at": [where // m_max + 1, where % m_max + 1],
                "mean_nullity": round(float(part.mean()), 3),
                "seconds": round(seconds[m_max], 3),
                "cpu_seconds": round(cpu[m_max], 3),
            }
        )
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max", type=int, default=16384, dest="side")
    args = parser.parse_args(argv)
    sizes = [s for s in (64, 256, 1024, 4096, 8192, 16384) if s < args.side] + [args.side]
    seconds, cpu = {}, {}
    table = None
    for side in sizes:  # each table computed afresh, to time it
        start, cpu_start = time.perf_counter(), time.process_time()
        table = lo.nullity_table(side)
        seconds[side] = time.perf_counter() - start
        cpu[side] = time.process_time() - cpu_start
    assert table is not None
    start = time.perf_counter()
    checks = check(table)
    check_seconds = time.perf_counter() - start
    rows = summary(table, sizes, seconds, cpu)
    print("| M | sizes | always solvable | share | largest nullity | at | mean | seconds |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        m, n = r["largest_at"]
        print(
            f"| {r['max_side']} | {r['sizes']:,} | {r['always_solvable']:,} | "
            f"{r['share_always_solvable']:.2%} | {r['largest_nullity']} | {m}×{n} | "
            f"{r['mean_nullity']} | {r['seconds']} |"
        )
    print("checks:", "; ".join(checks), f"({check_seconds:.0f} s)")
    if args.side == 16384:
        out = {
            "rows": rows,
            "checks": checks,
            "check_seconds": round(check_seconds, 1),
            "library_version": lo.__version__,
        }
        (HERE / "results.json").write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
