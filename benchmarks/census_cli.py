"""The census CLI against geng alone: ``lightsout census N --connected-only`` and ``geng -c N``.

Usage::

    python benchmarks/census_cli.py                      # n = 10, 3 repetitions, 2 workers
    python benchmarks/census_cli.py --n 9 --reps 5
    python benchmarks/census_cli.py --runner "--workers 1" --runner "--dask-local 2"
    python benchmarks/census_cli.py --before /tmp/old   # also the package of another tree

Each repetition runs ``geng -c -q N > /dev/null``, then the census command of each ``--runner``
(a fresh process each, start-up, imports and the summary included, into a fresh folder),
alternated, so load changes hit every command alike. Prints, per command, the median wall time
and the median CPU time (user + sys of the process and its children: the workers and their
geng), and the ratio of the median wall times to geng's. The census's own check (totals equal
OEIS A001349) guards the answer; the summaries of every command must be equal. ``--before DIR``
adds the first runner's census run with ``PYTHONPATH=DIR`` (an older checkout, for before/after
figures in one run).
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
    args = parser.parse_args(argv)
    here = str(Path(__file__).resolve().parents[1])  # this checkout's package, by default
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (here, os.environ.get("PYTHONPATH")) if p)
    runners = args.runner or ["--workers 2"]
    paths: dict[str, str | None] = dict.fromkeys(runners)
    if args.before:
        name = f"{runners[0]} (PYTHONPATH={args.before})"
        runners.append(name)
        paths[name] = args.before
    geng = find_geng()
    census = [sys.executable, "-m", "lightsout_graphs", "census", str(args.n), "--connected-only"]
    times: dict[str, list[tuple[float, float]]] = {"geng": []}
    tables: dict[str, object] = {}
    tmp = Path(tempfile.mkdtemp(prefix="census-cli-"))
    try:
        # one untimed run: numba's disk cache filled, geng and the package in the page cache
        for path in set(paths.values()):
            timed([*census, "--out", str(tmp / "warm"), "--quiet", "--workers", "1"], tmp, path)
            shutil.rmtree(tmp / "warm")
        for rep in range(args.reps):
            times["geng"].append(timed([geng, "-c", "-q", str(args.n)], tmp))
            for runner in runners:
                out = tmp / f"r{rep}-{runners.index(runner)}"
                options = runners[0] if paths[runner] else runner
                cmd = [*census, "--out", str(out), "--quiet", *shlex.split(options)]
                times.setdefault(runner, []).append(timed(cmd, tmp, paths[runner]))
                tables[runner] = pd.read_parquet(out / "census.parquet")
                shutil.rmtree(out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    base = statistics.median(w for w, _ in times["geng"])
    print(f"n = {args.n}, {args.reps} repetitions, load average {os.getloadavg()[0]:.1f}")
    width = max(44, *(len(r) + 7 for r in runners))
    print(f"{'command':<{width}} {'wall (median)':>14} {'CPU (median)':>13} {'ratio':>6}")
    for name, runs in times.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        shown = f"geng -c -q {args.n} > /dev/null" if name == "geng" else f"census {name}"
        print(f"{shown:<{width}} {wall:>13.2f}s {cpu:>12.2f}s {wall / base:>5.2f}x")
        print(f"    runs (wall/CPU s): {', '.join(f'{w:.2f}/{c:.2f}' for w, c in runs)}")
    first = next(iter(tables.values()), None)
    same = all(first.equals(t) for t in tables.values())  # type: ignore[union-attr]
    print("summaries equal:", same)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
