"""A census of every graph on n vertices: nullity histograms per rule and modulus.

For each n, nauty's ``geng`` writes every graph on n vertices up to isomorphism, split into
``mod`` parts with its ``res/mod`` argument. Each part is one task: a worker runs its own geng
(which writes up to 1 MB ahead through its pipe, so geng and the worker run side by side) and
gives each piece of its output to the compiled kernel of
:mod:`lightsout_graphs.interfaces.sweep.kernels`, which decodes graph6, tests connectivity and computes
the rank over Z_p of the toggle matrix and whether the all-ones problem is solvable, for each
rule and prime modulus, adding one to a histogram cell. Nothing per graph is stored. Workers
are local processes, threads of a Dask LocalCluster (the kernel releases the GIL), or the
workers of a Dask scheduler.

Result folder ``DIR``::

    DIR/_census.json                       what is counted (n, rules, moduli, parts), state
    DIR/_census.lock                       held while a run is going (a second run refuses)
    DIR/parts/n11-00012of00512.json        the counts of one finished part, with a checksum
    DIR/census.parquet                     the summary, written when every part is done

Part files are written under a per-run temporary name and renamed, so a killed run leaves
whole parts only, and a resumed run recomputes only the missing ones: nothing is counted twice.
A part file whose checksum or keys do not match is recomputed; files the census does not own
are ignored with a warning.
"""

from __future__ import annotations

import contextlib
import functools
import math
import os
import subprocess
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from lightsout_graphs.core.errors import SweepError, SweepSpecError, require_int
from lightsout_graphs.interfaces.sweep.census_store import SUMMARY, CensusStore, is_prime
from lightsout_graphs.interfaces.sweep.lifetime import child_starter, terminate_on_sigterm
from lightsout_graphs.interfaces.sweep.streams import CONNECTED_GRAPHS, GRAPHS, find_geng

__all__ = ["CONNECTED_GRAPHS", "GRAPHS", "SUMMARY", "read_census", "run_census"]

#: The largest n a census accepts (n = 12 has 1.65e11 graphs: days on a workstation).
MAX_N = 12
_BLOCK = 1 << 21  # the most geng output the kernel is given at a time (two pipefuls)
_PIPE = 1 << 20  # geng's pipe: the unprivileged limit of /proc/sys/fs/pipe-max-size


def default_parts(n: int) -> int:
    """How many geng parts the census of n vertices is split into.

    About 2 million graphs a part, and at least 64 parts once there are a million graphs, so
    that 16 or more workers share even n = 10 evenly (splitting n = 10 into 64 parts costs
    geng about 4 % more than one run).
    """
    total = GRAPHS[n] if n < len(GRAPHS) else 10**12
    if total < 1_000_000:
        return 1
    return max(64, 1 << max(0, math.ceil(math.log2(total / 2_000_000))))


@dataclass(frozen=True)
class CensusPart:
    """One task: the part ``res`` of ``mod`` of geng's graphs on ``n`` vertices."""

    n: int
    res: int
    mod: int

    @property
    def name(self) -> str:
        """The part's file name, such as ``n11-00012of00512.json``."""
        return f"n{self.n}-{self.res:05d}of{self.mod:05d}.json"


def plan_parts(ns: list[int], parts: dict[int, int]) -> list[CensusPart]:
    """Every part of a census, largest n first (so the long tasks start early)."""
    return [CensusPart(n, r, parts[n]) for n in sorted(ns, reverse=True) for r in range(parts[n])]


def _widen_pipe(fd: int) -> None:
    """Let geng write up to :data:`_PIPE` bytes ahead of its reader (Linux; else a no-op)."""
    import fcntl

    with contextlib.suppress(AttributeError, OSError):  # not Linux, or above pipe-max-size
        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, _PIPE)


def _geng_argv(geng: str, part: CensusPart, connected_only: bool) -> list[str]:
    argv = [geng, "-q"]
    if connected_only:
        argv.append("-c")
    argv.append(str(part.n))
    if part.mod > 1:
        argv.append(f"{part.res}/{part.mod}")
    return argv


def count_part(
    part: CensusPart,
    connected_only: bool,
    moduli: tuple[int, ...],
    rules: tuple[str, ...],
    geng: str,
) -> dict[str, Any]:
    """Run geng for one part and count its graphs (runs in a worker).

    Returns ``{"graphs": how many, "seconds": ..., "counts": [...]}``, each count a list
    ``[rule index, modulus index, connected, nullity, all_on_solvable, count]``; raises
    :class:`~lightsout_graphs.core.errors.SweepError` when geng fails or writes no graph6.
    """
    from lightsout_graphs.interfaces.sweep.kernels import census_block

    t0 = time.perf_counter()
    hist = np.zeros((65, len(rules), len(moduli), 2, 65, 2), dtype=np.int64)
    mods = np.array(moduli, dtype=np.int64)
    closed = np.array([r == "closed" for r in rules], dtype=np.bool_)
    argv = _geng_argv(geng, part, connected_only)
    start, preexec = child_starter(argv)
    # preexec_fn (only without setpriv) calls prctl through a ctypes function loaded at
    # import: no lock taken.
    proc = subprocess.Popen(
        start,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=preexec,  # noqa: PLW1509
    )
    assert proc.stdout is not None and proc.stderr is not None
    _widen_pipe(proc.stdout.fileno())
    buf = bytearray(_BLOCK)
    view = memoryview(buf)
    arr = np.frombuffer(buf, dtype=np.uint8)
    have = 0
    graphs = 0
    try:
        while True:
            # One read of what the pipe holds (not a full block): geng writes on while the
            # kernel counts, so the two processes run side by side.
            got = proc.stdout.readinto1(view[have:])  # type: ignore[attr-defined]
            final = not got
            have += got or 0
            count, used, _, err = census_block(arr, have, final, mods, closed, hist)
            graphs += count
            if err:
                line = bytes(buf[used : min(have, used + 40)]).split(b"\n")[0]
                msg = f"geng {' '.join(argv[1:])} wrote {line!r}, which is not graph6."
                raise SweepError(msg)
            if final:
                break
            buf[: have - used] = buf[used:have]
            have -= used
            if have == len(buf):  # pragma: no cover - a line of 8 MB
                msg = f"geng {' '.join(argv[1:])} wrote a line longer than {_BLOCK} bytes."
                raise SweepError(msg)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        stderr = proc.stderr.read().decode(errors="replace").strip()
        proc.stdout.close()
        proc.stderr.close()
    if proc.returncode != 0:
        detail = stderr.splitlines()[-1] if stderr else f"exit status {proc.returncode}"
        msg = f"geng {' '.join(argv[1:])} failed: {detail}"
        raise SweepError(msg)
    cells = np.argwhere(hist)
    counts = [[int(c) for c in cell[1:]] + [int(hist[tuple(cell)])] for cell in cells]
    return {"graphs": graphs, "seconds": time.perf_counter() - t0, "counts": counts}


def _summarise(records: list[dict[str, Any]], settings: dict[str, Any]) -> Any:
    """Sum the part counts into the long summary table."""
    import pandas as pd

    rules, moduli = settings["rules"], settings["moduli"]
    rows = [
        (rec["n"], rules[r], moduli[m], nullity, bool(allon), count, count if conn else 0)
        for rec in records
        for r, m, conn, nullity, allon, count in rec["counts"]
    ]
    columns = ["n", "rule", "modulus", "nullity", "all_on_solvable", "graphs", "connected"]
    return pd.DataFrame(rows, columns=columns).groupby(columns[:5], as_index=False).sum()


#: What the summary needs only at the end of a run (imported meanwhile, see :func:`_preload`).
_SUMMARY_MODULES = ("pandas", "pyarrow.parquet")


def _preload(*modules: str) -> None:
    """Import ``modules`` (needed only later) in a background thread while the run goes on.

    Started after a local pool's workers are forked: a fork copies only the calling thread.
    """
    import importlib
    import threading

    def load() -> None:
        for name in modules:
            with contextlib.suppress(ImportError):  # the importer says so, in the main thread
                importlib.import_module(name)

    threading.Thread(target=load, name="census-imports", daemon=True).start()


def run_census(
    max_n: int,
    out: str | os.PathLike[str],
    *,
    min_n: int = 1,
    rules: tuple[str, ...] = ("closed", "open"),
    moduli: tuple[int, ...] = (2,),
    connected_only: bool = False,
    parts: int | None = None,
    workers: int | None = None,
    dask_local: int | None = None,
    scheduler: str | None = None,
    overwrite: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> Any:
    """Count every graph on ``min_n..max_n`` vertices by nullity, per rule and prime modulus.

    Parameters
    ----------
    max_n : int
        The largest number of vertices (at most :data:`MAX_N`).
    out : path
        The result folder; running again resumes (only unfinished parts are computed).
    min_n : int, default 1
    rules : tuple of {"closed", "open"}
    moduli : tuple of prime int
    connected_only : bool, default False
        Generate connected graphs only (``geng -c``): the ``graphs`` column then counts
        connected graphs too.
    parts : int, optional
        Split geng's output for ``max_n`` into this many parts (default :func:`default_parts`);
        at most the number of graphs on ``max_n`` vertices (connected ones with
        ``connected_only``) and 99,999: more parts would be empty.
    workers, dask_local, scheduler
        Local processes (default every core), or a Dask LocalCluster of ``dask_local``
        worker threads in this process (geng runs in its own processes and the kernel
        releases the GIL), or a running Dask scheduler.
    overwrite : bool, default False
        Discard a different census stored in ``out``.
    progress : callable, optional
        Called as ``progress(parts done, parts in all)``.

    Returns
    -------
    pandas.DataFrame
        The summary (also in ``out/census.parquet``): one row per ``n``, ``rule``,
        ``modulus``, ``nullity`` and ``all_on_solvable``, with the number of ``graphs`` and of
        ``connected`` graphs.

    Raises
    ------
    SweepSpecError
        Bad arguments, a folder in use by another run or holding a different census.
    SweepError
        geng failed, or the totals disagree with OEIS A000088/A001349.
    MissingDependencyError
        nauty's geng is not installed.

    Examples
    --------
    >>> import tempfile
    >>> t = run_census(5, tempfile.mkdtemp(), workers=1)
    >>> t[(t.rule == "closed") & (t.nullity == 0)].groupby("n").connected.sum().tolist()
    [1, 0, 1, 2, 9]
    """
    from lightsout_graphs.interfaces.sweep.pools import check_workers, dask_results, local_results

    max_n = require_int(max_n, "max_n", minimum=1, maximum=MAX_N, error=SweepSpecError)
    min_n = require_int(min_n, "min_n", minimum=1, maximum=max_n, error=SweepSpecError)
    rules = tuple(rules)
    if not rules or any(r not in ("closed", "open") for r in rules) or len(set(rules)) < len(rules):
        msg = f"Argument 'rules' must list 'closed' and/or 'open' once each, not {rules!r}."
        raise SweepSpecError(msg)
    moduli = tuple(moduli)
    for k in moduli:
        if isinstance(k, bool) or not isinstance(k, int) or not 2 <= k < 2**31 or not is_prime(k):
            msg = f"Argument 'moduli': every modulus must be a prime below 2**31, not {k!r}."
            raise SweepSpecError(msg)
    if not moduli or len(set(moduli)) < len(moduli):
        msg = f"Argument 'moduli' must list distinct primes, not {moduli!r}."
        raise SweepSpecError(msg)
    split = {n: default_parts(n) for n in range(min_n, max_n + 1)}
    if parts is not None:
        graphs = (CONNECTED_GRAPHS if connected_only else GRAPHS)[max_n]
        most = min(99999, graphs)
        what = "connected graphs" if connected_only else "graphs"
        parts = require_int(parts, "parts", minimum=1, error=SweepSpecError)
        if parts > most:
            msg = (
                f"Argument 'parts' must be an int in 1..{most} for n = {max_n} (there are "
                f"{graphs} {what} on {max_n} vertices; more parts would be empty), not {parts}."
            )
            raise SweepSpecError(msg)
        split[max_n] = parts
    settings = {
        "min_n": min_n,
        "max_n": max_n,
        "rules": list(rules),
        "moduli": list(moduli),
        "connected_only": bool(connected_only),
        "parts": {str(n): m for n, m in split.items()},
    }
    if parts is None:
        split = _stored_split(Path(out), settings, split)
        settings["parts"] = {str(n): m for n, m in split.items()}
    geng = find_geng("A census")
    wanted = plan_parts(list(split), split)
    if scheduler is None and dask_local is None:
        n_workers = check_workers(workers, len(wanted))
    elif scheduler is None:  # threads of this process: no per-process memory to budget
        dask_local = check_workers(dask_local, len(wanted), "dask_local")
    store = CensusStore(Path(out), settings, overwrite)
    try:
        t0 = time.perf_counter()
        done = store.verified(wanted)
        tasks = [p for p in wanted if p not in done]
        if progress is not None:
            progress(len(done), len(wanted))
        if tasks:
            from lightsout_graphs.interfaces.sweep.kernels import warm_census

            count = functools.partial(
                count_part, connected_only=connected_only, moduli=moduli, rules=rules, geng=geng
            )
            found: Generator[tuple[CensusPart, dict[str, Any]]]
            if scheduler is not None or dask_local is not None:
                _preload("distributed", *_SUMMARY_MODULES)
                if scheduler is None:
                    warm_census()  # once, before the LocalCluster's threads all ask for it
                # threads: geng runs in its own process and the kernel without the GIL
                found = dask_results(count, tasks, scheduler, dask_local, processes=False)
            else:
                warm_census()  # once here: forked workers inherit the loaded kernel
                if n_workers == 1:
                    _preload(*_SUMMARY_MODULES)
                    found = ((p, count(p)) for p in tasks)
                else:  # the imports start once the workers are forked
                    found = local_results(
                        count, tasks, n_workers, started=lambda: _preload(*_SUMMARY_MODULES)
                    )
            with terminate_on_sigterm(), contextlib.closing(found):
                for part, result in found:
                    done[part] = store.write_part(part, result)
                    if progress is not None:
                        progress(len(done), len(wanted))
        summary = _summarise(list(done.values()), settings)
        _cross_check(summary, settings)
        store.finish(summary, time.perf_counter() - t0)
        return summary
    finally:
        store.close()


def _stored_split(out: Path, settings: dict[str, Any], split: dict[int, int]) -> dict[int, int]:
    """The split stored in ``out`` when only the split differs: an older default resumes."""
    import json

    from lightsout_graphs.interfaces.sweep.census_store import MANIFEST

    try:
        old = json.loads((out / MANIFEST).read_text(encoding="utf-8"))["settings"]
        stored = {int(n): int(m) for n, m in old["parts"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return split
    same = {k: v for k, v in old.items() if k != "parts"} == {
        k: v for k, v in settings.items() if k != "parts"
    }
    return stored if same and set(stored) == set(split) else split


def _cross_check(summary: Any, settings: dict[str, Any]) -> None:
    """The totals per n must be OEIS A000088 (or A001349 with connected_only)."""
    first = summary[
        (summary.rule == settings["rules"][0]) & (summary.modulus == settings["moduli"][0])
    ]
    totals = first.groupby("n")[["graphs", "connected"]].sum()
    for n in range(settings["min_n"], settings["max_n"] + 1):
        want_all = CONNECTED_GRAPHS[n] if settings["connected_only"] else GRAPHS[n]
        got = totals.loc[n] if n in totals.index else None
        got_all = int(got["graphs"]) if got is not None else 0
        got_conn = int(got["connected"]) if got is not None else 0
        if got_all != want_all or got_conn != CONNECTED_GRAPHS[n]:
            msg = (
                f"Census of n = {n}: counted {got_all} graphs ({got_conn} connected), but OEIS "
                f"gives {want_all} ({CONNECTED_GRAPHS[n]} connected); the geng output was cut."
            )
            raise SweepError(msg)


def read_census(out: str | os.PathLike[str]) -> Any:
    """The summary table of a finished census folder (``out/census.parquet``).

    Raises
    ------
    SweepSpecError
        When the census is not finished (or ``out`` holds none).

    Examples
    --------
    >>> import tempfile
    >>> out = tempfile.mkdtemp()
    >>> _ = run_census(3, out, workers=1)
    >>> read_census(out).graphs.sum()  # 1 + 2 + 4 graphs, for each of the two rules
    np.int64(14)
    """
    import pandas as pd

    path = Path(out) / SUMMARY
    if not path.exists():
        msg = f"Folder {str(out)!r} holds no finished census (no {SUMMARY}); run it (again)."
        raise SweepSpecError(msg)
    return pd.read_parquet(path)
