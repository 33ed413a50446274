"""Run the speed benchmarks, print the ratio table and write benchmarks/results/latest.json.

Usage::

    python benchmarks/run.py            # full sizes (several minutes)
    python benchmarks/run.py --quick    # reduced sizes, under two minutes
    python benchmarks/run.py --only grid100 --only nullity
    python benchmarks/run.py --list     # the workload names

Every time is a median of several repetitions; every ratio compares two medians measured in
the same run. See benchmarks/README.md for the workloads, the targets and the M4RI harness.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib
import json
import os
import platform
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import gf2_bench, grid_bench
from benchmarks.common import Result, Timing

__all__ = ["main", "workloads"]

RESULTS = ROOT / "benchmarks" / "results" / "latest.json"


def _dict_rows(module_name: str) -> Callable[[bool], list[Result]]:
    """Rows from a module whose ``run(quick)`` returns plain dicts (the sweep benchmarks)."""

    def rows(quick: bool) -> list[Result]:
        module = importlib.import_module(module_name)
        return [_from_dict(d, i) for i, d in enumerate(module.run(quick))]

    rows.__doc__ = f"The benchmarks of {module_name.replace('.', '/')}.py."
    return rows


def _broken(module_name: str, error: Exception) -> Callable[[bool], list[Result]]:
    """A workload that reports why its module could not be imported."""

    def rows(quick: bool) -> list[Result]:
        msg = f"cannot import {module_name}: {error!r}"
        raise RuntimeError(msg)

    rows.__doc__ = f"(cannot import {module_name})"
    return rows


def _timing(value: Any) -> Timing | None:
    if value is None:
        return None
    if isinstance(value, Timing):
        return value
    if isinstance(value, int | float):
        return Timing([float(value)])
    if isinstance(value, dict):
        runs = value.get("runs") or ([value["median"]] if "median" in value else None)
        if runs:
            return Timing([float(r) for r in runs], str(value.get("note", "")))
    return None


def _from_dict(d: dict[str, Any], index: int) -> Result:
    """A row from a plain dict (the sweep benchmarks' format), keeping what it carries."""
    known = {"name", "workload", "ours", "baselines", "target", "met", "notes", "against"}
    baselines = {}
    for key, value in (d.get("baselines") or {}).items():
        t = _timing(value)
        if t is not None:
            baselines[str(key)] = t
    against = d.get("against") or (next(iter(baselines)) if len(baselines) == 1 else None)
    row = Result(
        name=str(d.get("name") or f"sweep-{index}"),
        workload=str(d.get("workload") or d.get("name") or "sweep benchmark"),
        ours=_timing(d.get("ours", d.get("seconds"))),
        baselines=baselines,
        target=str(d.get("target", "—")),
        against=against,
        notes=[str(n) for n in d.get("notes", [])] if isinstance(d.get("notes"), list) else [],
        extra={k: v for k, v in d.items() if k not in known},
    )
    if isinstance(d.get("met"), bool):
        row.extra["met_reported"] = d["met"]
    return row


def workloads() -> dict[str, Callable[[bool], list[Result]]]:
    """Every workload by name, in the order the table shows them.

    Returns
    -------
    dict of str to callable
        name -> function(quick) -> list of :class:`Result`.
    """
    out: dict[str, Callable[[bool], list[Result]]] = {}
    out.update(gf2_bench.WORKLOADS)
    out.update(grid_bench.WORKLOADS)
    # Further benchmark modules (search, sweeps, ...): a WORKLOADS dict like ours, or a
    # run(quick) -> list[dict] function.
    for path in sorted((ROOT / "benchmarks").glob("*_bench.py")):
        name = f"benchmarks.{path.stem}"
        if path.stem in ("gf2_bench", "grid_bench"):
            continue
        try:
            module = importlib.import_module(name)
        except Exception as exc:  # noqa: BLE001 - shown as a failed workload, the rest still run
            out[path.stem.removesuffix("_bench")] = _broken(name, exc)
            continue
        extra = getattr(module, "WORKLOADS", None)
        if isinstance(extra, dict):
            out.update(extra)
        elif callable(getattr(module, "run", None)):
            out[path.stem.removesuffix("_bench")] = _dict_rows(name)
    return out


def _seconds(s: float | None) -> str:
    if s is None:
        return "—"
    if s < 1e-3:
        return f"{s * 1e6:.0f} µs"
    if s < 1:
        return f"{s * 1e3:.1f} ms"
    return f"{s:.2f} s"


def _ratio_text(row: Result) -> str:
    ratio = row.ratio
    if ratio is None:
        return "—"
    if row.kind != "ratio_max" and 0 < ratio < 1:
        speedup = 1 / ratio
        return f"{speedup:,.{1 if speedup < 10 else 0}f}× faster than {row.against}"
    return f"{ratio:.2f}× {row.against}"


def _met_text(row: Result) -> str:
    met = row.met
    if met is None:
        reported = row.extra.get("met_reported")
        return "—" if reported is None else ("yes" if reported else "NO")
    return "yes" if met else "NO"


def format_table(rows: Sequence[Result]) -> str:
    """The results as a plain-text table, then the notes of each row.

    Parameters
    ----------
    rows : sequence of Result

    Returns
    -------
    str
    """
    header = ("workload", "ours (median)", "baselines (median)", "ratio", "target", "met")
    lines = []
    for r in rows:
        base = ", ".join(f"{k} {_seconds(v.median)}" for k, v in r.baselines.items()) or "—"
        ours = _seconds(r.ours.median) if r.ours else "—"
        lines.append((r.name, ours, base, _ratio_text(r), r.target, _met_text(r)))
    widths = [max(len(h), *(len(line[i]) for line in lines)) for i, h in enumerate(header)]
    out = [" | ".join(h.ljust(w) for h, w in zip(header, widths, strict=True))]
    out.append("-+-".join("-" * w for w in widths))
    out += [" | ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)) for line in lines]
    out.append("")
    for r in rows:
        out.append(f"{r.name}: {r.workload}")
        if r.ours is not None and r.ours.note:
            out.append(f"    ours: {r.ours.note}; runs {', '.join(map(_seconds, r.ours.runs))}")
        out.extend(f"    {k}: {v.note}" for k, v in r.baselines.items() if v.note)
        out.extend(f"    check: {c}" for c in r.checks)
        out.extend(f"    note: {n}" for n in r.notes)
    return "\n".join(out)


def _machine() -> dict[str, Any]:
    import numpy as np

    import lightsout_graphs as lo

    return {
        "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "numpy": np.__version__,
        "lightsout_graphs": getattr(lo, "__version__", "?"),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmarks from the command line.

    Parameters
    ----------
    argv : sequence of str, optional
        Arguments (default: ``sys.argv[1:]``).

    Returns
    -------
    int
        0 when every workload ran, 1 when one failed (it still shows in the JSON).
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="reduced sizes, under two minutes")
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="NAME",
        help="run only this workload (repeatable; see --list)",
    )
    parser.add_argument("--list", action="store_true", help="list the workload names and exit")
    parser.add_argument(
        "--json", type=Path, default=RESULTS, help=f"where to write the results ({RESULTS})"
    )
    args = parser.parse_args(argv)
    table = workloads()
    if args.list:
        for name, fn in table.items():
            doc = (fn.__doc__ or "").strip().splitlines()
            print(f"{name:10s} {doc[0] if doc else ''}")
        return 0
    wanted = [w for item in args.only for w in item.split(",") if w]
    unknown = [w for w in wanted if w not in table]
    if unknown:
        parser.error(f"unknown workload {unknown[0]!r}; choose from {', '.join(table)}")
    selected = {k: v for k, v in table.items() if not wanted or k in wanted}

    started = time.perf_counter()
    machine = _machine()
    rows: list[Result] = []
    errors: list[dict[str, str]] = []
    for name, fn in selected.items():
        t0 = time.perf_counter()
        print(f"[{name}] running ...", file=sys.stderr, flush=True)
        try:
            rows.extend(fn(args.quick))
        except Exception as exc:  # noqa: BLE001 - one failing workload must not hide the rest
            errors.append({"workload": name, "error": repr(exc), "trace": traceback.format_exc()})
            print(f"[{name}] FAILED: {exc!r}", file=sys.stderr, flush=True)
        print(f"[{name}] {time.perf_counter() - t0:.1f} s", file=sys.stderr, flush=True)
    total = time.perf_counter() - started

    print(format_table(rows))
    for e in errors:
        print(f"\nFAILED {e['workload']}: {e['error']}")
    mode = "quick" if args.quick else "full"
    load = machine["load_average"]
    end_load = list(os.getloadavg()) if hasattr(os, "getloadavg") else None
    print(f"\n{mode} mode, {len(rows)} rows, {total:.1f} s in total")
    if load and end_load:
        print(f"load average (1 min) {load[0]:.1f} at the start, {end_load[0]:.1f} at the end")
    record: dict[str, Any] = {
        "mode": mode,
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "seconds": total,
        "machine": machine,
        "load_average_end": end_load,
        "results": [r.as_dict() for r in rows],
        "errors": errors,
    }
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote {args.json}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
