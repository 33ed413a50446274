"""The census CLI against geng alone: ``lightsout census N --connected-only`` and ``geng -c N``.

Usage::

    python benchmarks/census_cli.py                      # n = 10, 3 repetitions, 2 workers
    python benchmarks/census_cli.py --n 9 --reps 5
    python benchmarks/census_cli.py --runner "--workers 1" --runner "--dask-local 2"
    python benchmarks/census_cli.py --before /tmp/old   # also the package of another tree
    python benchmarks/census_cli.py --n 11 --reps 1 --geng-parts 16 --runner "--workers 16"

Each repetition runs ``geng -c -q N > /dev/null``, then the census command of each ``--runner``
(a fresh process each, start-up, imports and the summary included, into a fresh folder),
alternated, so load changes hit every command alike. Prints, per command, the median wall time
and the median CPU time (user + sys of the process and its children: the workers and their
geng), and the ratio of the median wall times to geng's. The census's own check (totals equal
OEIS A001349) guards the answer; the summaries of every command must be equal. ``--before DIR``
adds the first runner's census run (or those named by ``--before-runner``) with
``PYTHONPATH=DIR`` (an older checkout, for before/after figures in one run). ``--geng-parts K``
also times geng split into K parts (``res/K``) run all at once, the yardstick of a census on K
cores, and prints each command's ratio to it too. ``--json FILE`` keeps every run's figures.
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from lightsout_graphs.interfaces.sweep.streams import find_geng


def timed(argv: list[str], cwd: Path, path: str | None = None) -> tuple[float, float]:
    """Run ``argv`` in ``cwd``; return its wall and CPU time (user + sys, children included).

    The folder matters: ``python -m`` puts it first on ``sys.path``, before ``PYTHONPATH``.
    """
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = path
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, check=True, env=env, cwd=cwd)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main(argv: list[str] | None = None) -> int:
    """Measure and print the table; exit status 1 when the summaries differ."""
    import pandas as pd

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument(
        "--runner", action="append", help='census options, e.g. "--workers 2" (repeatable)'
    )
    parser.add_argument("--before", metavar="DIR", help="another tree's package, timed too")
    parser.add_argument(
        "--before-runner", action="append", help="runners timed with --before (default the first)"
    )
    parser.add_argument("--geng-parts", type=int, metavar="K", help="also geng as K parallel parts")
    parser.add_argument("--json", metavar="FILE", help="write every run's figures here")
    parser.add_argument(
        "--skip-geng", action="store_true", help="no single geng run (n = 11: minutes)"
    )
    args = parser.parse_args(argv)
    if args.skip_geng and not args.geng_parts:
        parser.error("--skip-geng needs --geng-parts: a yardstick to compare with")
    here = str(Path(__file__).resolve().parents[1])  # this checkout's package, by default
    rest = os.environ.get("PYTHONPATH")  # other folders (packages not installed) stay after it
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (here, rest) if p)
    runners = args.runner or ["--workers 2"]
    paths: dict[str, str | None] = dict.fromkeys(runners)
    options_of = {r: r for r in runners}
    if args.before:
        for runner in args.before_runner or runners[:1]:
            name = f"{runner} (PYTHONPATH={args.before})"
            runners.append(name)
            paths[name] = os.pathsep.join(p for p in (str(Path(args.before).resolve()), rest) if p)
            options_of[name] = runner
    geng = find_geng()
    census = [sys.executable, "-m", "lightsout_graphs", "census", str(args.n), "--connected-only"]
    times: dict[str, list[tuple[float, float]]] = {}
    tables: dict[str, Any] = {}
    tmp = Path(tempfile.mkdtemp(prefix="census-cli-"))
    try:
        # one untimed small run: numba's disk cache filled, geng and the package in the page cache
        warm = [*census[:-2], str(min(args.n, 8)), "--connected-only", "--workers", "1"]
        for path in set(paths.values()):
            timed([*warm, "--out", str(tmp / "warm"), "--quiet"], tmp, path)
            shutil.rmtree(tmp / "warm")
        for rep in range(args.reps):
            if not args.skip_geng:
                times.setdefault("geng", []).append(timed([geng, "-c", "-q", str(args.n)], tmp))
            if args.geng_parts:
                parts = args.geng_parts
                script = f"for i in $(seq 0 {parts - 1}); do {geng} -c -q {args.n} $i/{parts} & done; wait"
                times.setdefault("geng-parts", []).append(timed(["sh", "-c", script], tmp))
            for runner in runners:
                out = tmp / f"r{rep}-{runners.index(runner)}"
                cmd = [*census, "--out", str(out), "--quiet", *shlex.split(options_of[runner])]
                times.setdefault(runner, []).append(timed(cmd, tmp, paths[runner]))
                tables[runner] = pd.read_parquet(out / "census.parquet")
                shutil.rmtree(out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    split = statistics.median(w for w, _ in times["geng-parts"]) if args.geng_parts else None
    base = statistics.median(w for w, _ in times["geng"]) if "geng" in times else split
    assert base is not None  # checked with the arguments
    cores = os.cpu_count()
    print(f"n = {args.n}, {args.reps} repetitions, {cores} cores, load {os.getloadavg()[0]:.1f}")
    width = max(44, *(len(r) + 7 for r in runners))
    head = f"{'command':<{width}} {'wall (median)':>14} {'CPU (median)':>13} {'/ geng':>7}"
    print(head + (f" {'/ parts':>8}" if split else ""))
    for name, runs in times.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        shown = {
            "geng": f"geng -c -q {args.n} > /dev/null",
            "geng-parts": f"geng -c -q {args.n} i/{args.geng_parts}, all at once",
        }.get(name, f"census {name}")
        line = f"{shown:<{width}} {wall:>13.2f}s {cpu:>12.2f}s {wall / base:>6.2f}x"
        print(line + (f" {wall / split:>7.2f}x" if split else ""))
        print(f"    runs (wall/CPU s): {', '.join(f'{w:.2f}/{c:.2f}' for w, c in runs)}")
    if args.json:
        import json

        record = {"n": args.n, "cores": cores, "times": times}
        Path(args.json).write_text(json.dumps(record, indent=1), encoding="utf-8")
    first = next(iter(tables.values()), None)
    same = first is not None and all(first.equals(t) for t in tables.values())
    print("summaries equal:", same)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
