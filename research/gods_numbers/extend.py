"""God's number of the n×n boards for n = 51..256: exact where the nullity allows, else bounds.

Usage (from the repository root, in the project's environment)::

    python research/gods_numbers/extend.py --sizes $(seq 51 256) --time-limit 10

Nullity 0: every board has one solution, so God's number is n² (the board of every press).
Otherwise ``lo.gods_number_bounds`` with the given seconds per board: averaging over the quiet
patterns proves the upper bound (exact when every quiet group is even), the local search over the
Walsh spectrum (at most 2**24 quiet patterns) or the constraint generation (more) gives a board
that needs ``lower`` presses, stored as the hexadecimal bits of its presses (row-major, light
``i`` is bit ``i``). ``counting_lower`` is ``lo.gods.counting_bound``: some board needs that many
presses because the boards outnumber the shorter press vectors (no board is stored for it;
``check.py --results`` re-proves it). ``--counting`` only adds that bound to the stored rows.
Rows are merged into ``results_51_256.json``.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

import lightsout_graphs as lo
from lightsout_graphs.algorithms.gods import averaging_bound, counting_bound, quiet_groups

HERE = Path(__file__).resolve().parent
#: wmboyles/LightsOut-Math's min_clicks_answers.txt, as kept in the project's peer data.
PUBLISHED = HERE.parents[2] / "shared" / "peers_data" / "wmboyles_min_clicks_answers.txt"


def published_table() -> dict[int, tuple[int, int]]:
    """n -> (low, high) of the published table (``< u`` read as ``≤ u − 1``); empty if absent."""
    table: dict[int, tuple[int, int]] = {}
    if not PUBLISHED.exists():
        return table
    for line in PUBLISHED.read_text().splitlines()[2:]:
        parts = line.split("(")[0].split()
        if not parts:
            continue
        n = int(parts[0])
        if len(parts) == 2:
            table[n] = (int(parts[1]), int(parts[1]))
        else:
            table[n] = (int(parts[1]), int(parts[-1]) - (1 if parts[-2] == "<" else 0))
    return table


def presses_hex(x: np.ndarray) -> str:
    bits = np.asarray(x, dtype=np.uint8) % 2
    return (
        int("".join(map(str, bits[::-1].tolist())), 2).to_bytes((len(bits) + 7) // 8, "big").hex()
    )


def row_for(n: int, time_limit: float, published: dict) -> dict[str, object]:
    p = lo.grid(n, n)
    start = time.monotonic()
    nullity = lo.analyze(p).nullity
    low_pub, up_pub = published.get(n, (None, None))
    row: dict[str, object] = {"n": n, "nullity": nullity, "published": [low_pub, up_pub]}
    if nullity == 0:
        row.update(lower=n * n, upper=n * n, exact=True, argument="unique")
    else:
        _, sizes, untouched = quiet_groups(p).binary_code()
        average = averaging_bound(sizes, untouched)
        row["counting_lower"] = counting_bound(p)
        try:
            g = lo.gods_number_bounds(p, time_limit=time_limit)
        except lo.LightsOutError as err:  # too many quiet patterns to search: averaging only
            row.update(
                lower=None,
                upper=average,
                exact=False,
                argument="averaging",
                averaging_upper=average,
                notes=[f"averaging over the 2**{nullity} quiet patterns; no search: {err}"],
            )
            row["seconds"] = round(time.monotonic() - start, 1)
            return row
        argument = "averaging" if g.upper == average else "integer programme"
        row.update(
            lower=g.lower,
            upper=g.upper,
            exact=g.exact,
            argument=argument,
            averaging_upper=average,
            notes=list(g.notes),
            presses_hex=presses_hex(g.witness),
        )
    row["seconds"] = round(time.monotonic() - start, 1)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=list(range(51, 257)))
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--out", type=Path, default=HERE / "results_51_256.json")
    parser.add_argument(
        "--counting",
        action="store_true",
        help="only add the counting lower bound to the stored rows (seconds), searching nothing",
    )
    args = parser.parse_args()
    published = published_table()
    old = json.loads(args.out.read_text()) if args.out.exists() else []
    merged = {int(r["n"]): r for r in old}
    if args.counting:
        for n in args.sizes:
            row = merged.get(n)
            if row is not None and row["nullity"]:
                row["counting_lower"] = counting_bound(lo.grid(n, n))
                print(f"n={n}: counting lower {row['counting_lower']}", flush=True)
        args.out.write_text(json.dumps([merged[k] for k in sorted(merged)], indent=1) + "\n")
        return
    for n in args.sizes:
        row = row_for(n, args.time_limit, published)
        prev = merged.get(n)
        if prev is None or (row["lower"] or 0) >= (prev["lower"] or 0):
            merged[n] = row
        shown = {k: v for k, v in row.items() if k != "presses_hex"}
        print(json.dumps(shown), flush=True)
        args.out.write_text(json.dumps([merged[k] for k in sorted(merged)], indent=1) + "\n")


if __name__ == "__main__":
    main()
