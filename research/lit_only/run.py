"""Minimum light numbers of the m×n grids under the lit-only σ-game (open rule, GF(2)).

Usage (from the repository root, in the project's environment)::

    python research/lit_only/run.py                 # 1 <= m <= n <= 26, writes results.json
    python research/lit_only/run.py --max-side 8    # a quick part (printed, not written)

For every grid the number comes from the classification (``lo.min_light_number``: tokens on
the root for line graphs, the level sets of the invariants with coset leaders over the
``2**d`` cosets elsewhere, ``d`` the dimension of the adjacency matrix's kernel, which is
``gcd(m + 1, n + 1) - 1`` for the m×n grid). A second method confirms it wherever it runs:
the breadth-first search sorts every one of the ``2**(m n)`` boards into its orbit and takes
the largest, over the orbits, fewest lit lights (``m n <= 24``). Grids whose kernel has more
than 26 dimensions (the n×n grid for n > 26) are left out: their cosets pass the memory
budget of this machine.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))

import lightsout_graphs as lo
from lightsout_graphs.algorithms.variants import _lit_only_theory as theory

#: The largest grid (in lights) the second method searches.
SEARCH_LIGHTS = 24

#: The largest kernel dimension computed (about ``48 * 2**d`` bytes).
MAX_KERNEL = 26


def row(m: int, n: int) -> dict[str, object] | None:
    """The minimum light number of the m×n grid, with its second method; None if left out."""
    d = math.gcd(m + 1, n + 1) - 1
    if d > MAX_KERNEL:
        return None
    p = lo.grid(m, n, rule="open")
    start = time.perf_counter()
    value = lo.min_light_number(p, max_states=1)
    seconds = time.perf_counter() - start
    checks = []
    if m * n <= SEARCH_LIGHTS:
        th = theory.OpenTheory(p.toggle_matrix())
        searched = theory.min_light_number(th, 2**SEARCH_LIGHTS)
        if searched != value:
            msg = f"{m}x{n}: the theory says {value}, the search {searched}"
            raise AssertionError(msg)
        checks.append("search over every board")
    return {
        "m": m,
        "n": n,
        "kernel_dimension": d,
        "min_light_number": value,
        "seconds": round(seconds, 3),
        "checked_by": checks,
    }


def main(argv: list[str] | None = None) -> int:
    """Compute the table; write ``results.json`` when the full range was run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-side", type=int, default=26)
    args = parser.parse_args(argv)
    rows = []
    for n in range(1, args.max_side + 1):
        for m in range(1, n + 1):
            found = row(m, n)
            if found is not None:
                rows.append(found)
                print(f"{m}x{n}: {found['min_light_number']} ({found['seconds']} s)", flush=True)
    if args.max_side == 26:
        (HERE / "results.json").write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {len(rows)} rows to {(HERE / 'results.json').relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
