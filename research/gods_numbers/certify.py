"""Witness boards and certificates for God's number of the n×n boards (``check.py`` reads them).

Usage (from the repository root, in the project's environment)::

    python research/gods_numbers/certify.py --sizes 1 2 3 4 5 --time-limit 60

For each n: the quiet patterns (a basis of the kernel of the press matrix), presses ``x`` and
the board ``T x`` that needs ``lower`` presses at the fewest (replayed by
``lo.solve(board, minimize=True)`` when the kernel allows), and the upper bound with the
argument that proves it: ``"unique"`` (nullity 0), ``"averaging"`` (checked by ``check.py``),
or ``"integer programme"`` (the bound of ``results.json``, proven by HiGHS). Certificates are
merged into ``certificates.json``: a size keeps its best lower bound.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

import lightsout_graphs as lo
from lightsout_graphs.algorithms.gods import averaging_bound, quiet_groups
from lightsout_graphs.algorithms.solver import factorization

HERE = Path(__file__).resolve().parent


def rows(values: np.ndarray, n: int, on: str, off: str) -> str:
    grid = values.reshape(n, n)
    return "/".join("".join(on if v else off for v in row) for row in grid)


def certify(n: int, time_limit: float, proven: dict[int, dict]) -> dict[str, object]:
    p = lo.grid(n, n)
    f = factorization(p)
    quiet = [np.asarray(g, dtype=np.int64) % 2 for g, _ in f.kernel()]
    start = time.monotonic()
    g = lo.gods_number_bounds(p, time_limit=time_limit)
    seconds = time.monotonic() - start
    x = np.asarray(g.witness, dtype=np.int64) % 2
    board = p.apply_vector(np.zeros(n * n, dtype=np.int64), x) % 2
    replayed = None
    if len(quiet) <= 24:
        sol = lo.solve(p, p.as_dict(board), minimize=True, time_limit=120)
        assert sol.optimal and sol.num_presses == g.lower, (n, sol.num_presses, g.lower)
        replayed = sol.proof
    groups = quiet_groups(p)
    _, sizes, zero = groups.binary_code()
    average = averaging_bound(sizes, zero) if quiet else n * n
    upper, argument = g.upper, "integer programme"
    if not quiet:
        argument = "unique"
    elif upper == average:
        argument = "averaging"
    row = proven.get(n)
    if row is not None and int(row["upper"]) < upper:
        upper = int(row["upper"])
        argument = "integer programme"
    return {
        "n": n,
        "nullity": len(quiet),
        "lower": g.lower,
        "upper": upper,
        "upper_argument": argument,
        "averaging_upper": average,
        "seconds": round(seconds, 1),
        "replayed_by": replayed,
        "notes": list(g.notes),
        "board": rows(board, n, "*", "."),
        "presses": rows(x, n, "1", "0"),
        "quiet": ["".join(str(int(v)) for v in q) for q in quiet],
    }


def from_witness(n: int, row: dict, replay_seconds: float = 120.0) -> dict[str, object]:
    """The certificate of a row of ``results_51_256.json``: its stored witness presses
    (``presses_hex``, bit ``i`` for light ``i``), replayed by ``lo.solve(minimize=True)``
    within ``replay_seconds``."""
    p = lo.grid(n, n)
    quiet = [np.asarray(g, dtype=np.int64) % 2 for g, _ in factorization(p).kernel()]
    value = int(row["presses_hex"], 16)
    x = np.array([(value >> i) & 1 for i in range(n * n)], dtype=np.int64)
    board = p.apply_vector(np.zeros(n * n, dtype=np.int64), x) % 2
    sol = lo.solve(p, p.as_dict(board), minimize=True, time_limit=replay_seconds)
    assert sol.optimal and sol.num_presses == int(row["lower"]), (n, sol.num_presses)
    _, sizes, zero = quiet_groups(p).binary_code()
    argument = row.get("argument") or "integer programme"
    if argument not in ("averaging", "integer programme"):  # its certificate is not stored here
        argument = f"results_51_256.json ({argument})"
    return {
        "n": n,
        "nullity": len(quiet),
        "lower": int(row["lower"]),
        "upper": int(row["upper"]),
        "upper_argument": argument,
        "averaging_upper": averaging_bound(sizes, zero),
        "seconds": row.get("seconds"),
        "replayed_by": sol.proof,
        "notes": list(row.get("notes", [])),
        "lower_argument": "extend.py (results_51_256.json)",
        "board": rows(board, n, "*", "."),
        "presses": rows(x, n, "1", "0"),
        "quiet": ["".join(str(int(v)) for v in q) for q in quiet],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=list(range(1, 51)))
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--out", type=Path, default=HERE / "certificates.json")
    parser.add_argument(
        "--from-results",
        action="store_true",
        help="certify the stored witnesses of results_51_256.json instead of searching again",
    )
    parser.add_argument(
        "--replay-seconds",
        type=float,
        default=120.0,
        help="with --from-results: time for lo.solve to replay each witness (2**32 kernels: minutes)",
    )
    args = parser.parse_args()
    if args.from_results:
        extended = {int(r["n"]): r for r in json.loads((HERE / "results_51_256.json").read_text())}
        old_certs = json.loads(args.out.read_text()) if args.out.exists() else []
        have = {int(c["n"]): c for c in old_certs}
        for n in args.sizes:
            if n in have:
                continue
            have[n] = from_witness(n, extended[n], args.replay_seconds)
            shown = {k: v for k, v in have[n].items() if k not in ("board", "presses", "quiet")}
            print(json.dumps(shown), flush=True)
            args.out.write_text(json.dumps([have[k] for k in sorted(have)], indent=1) + "\n")
        return
    results = HERE / "results.json"
    proven = {int(r["n"]): r for r in json.loads(results.read_text())} if results.exists() else {}
    old = json.loads(args.out.read_text()) if args.out.exists() else []
    merged = {int(c["n"]): c for c in old}
    for n in args.sizes:
        cert = certify(n, args.time_limit, proven)
        prev = merged.get(n)
        if prev is None or int(cert["lower"]) >= int(prev["lower"]):
            merged[n] = cert
            if prev is not None and "upper_certificate" in prev:  # keep the checkable bound
                cert["upper_certificate"] = prev["upper_certificate"]
                if int(prev["upper"]) <= int(cert["upper"]):
                    cert.update(upper=prev["upper"], upper_argument=prev["upper_argument"])
        else:  # keep the better witness, take the better upper bound
            if int(cert["upper"]) < int(prev["upper"]):
                prev.update(upper=cert["upper"], upper_argument=cert["upper_argument"])
        shown = {k: v for k, v in cert.items() if k not in ("board", "presses", "quiet")}
        print(json.dumps(shown), flush=True)
        out = [merged[k] for k in sorted(merged)]
        args.out.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
