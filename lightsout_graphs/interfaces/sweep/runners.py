"""Run a sweep: cut it into chunks, compute them locally or on Dask, store each as it finishes.

Runners differ only in where :func:`lightsout_graphs.interfaces.sweep.work.run_chunk` executes: a local
process pool on every core (``runner="local"``) or a Dask ``distributed`` cluster
(``runner="dask"``, an existing scheduler or a LocalCluster started for the run). The main
process plans the chunks, skips those already stored, and writes each result file itself, so
workers need no access to the result folder and every runner gives the same table.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import sys
import time
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from lightsout_graphs.core.errors import SweepSpecError, require_int
from lightsout_graphs.interfaces.sweep.lifetime import terminate_on_sigterm
from lightsout_graphs.interfaces.sweep.pools import (
    MAX_WORKERS,
    WORKER_SPEC,
    check_dask_local,
    check_workers,
    dask_results,
    local_results,
    pool_context,
)
from lightsout_graphs.interfaces.sweep.spec import SweepSpec, load_spec
from lightsout_graphs.interfaces.sweep.store import ResultStore
from lightsout_graphs.interfaces.sweep.streams import find_geng
from lightsout_graphs.interfaces.sweep.work import Chunk, infer_metric_types, run_chunk

__all__ = ["MAX_WORKERS", "PROGRESS_INTERVAL", "RUNNERS", "find_geng", "run"]


#: The runner names :func:`run` accepts.
RUNNERS: tuple[str, ...] = ("local", "dask")

Progress = bool | Callable[[int, int], None] | None
#: Seconds between two progress lines when the output is not a terminal.
PROGRESS_INTERVAL = 30.0


def _count_lines(path: str) -> int:
    count = 0
    last = b"\n"
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            count += block.count(b"\n")
            last = block[-1:]
    return count + (last != b"\n")


def plan_chunks(spec: SweepSpec, inputs: list[str] | None = None) -> tuple[int, Iterator[Chunk]]:
    """The number of chunks of a sweep, and the chunks in order (streams are read lazily).

    Parameters
    ----------
    spec : SweepSpec
    inputs : list of str, optional
        The graph6 files of a stream (default ``spec.graph6``).

    Returns
    -------
    (int, iterator of Chunk)
    """
    size = spec.chunk_size
    if not spec.is_stream:
        n_items = spec.family_combinations()
        total = -(-n_items // size)  # exact: a float quotient rounds a huge size to 0
        return total, (Chunk(c, c * size, min(n_items, (c + 1) * size)) for c in range(total))
    if spec.geng is not None:
        from lightsout_graphs.interfaces.sweep.streams import geng_parts

        parts = geng_parts(spec.geng, size)
        where = [
            f"geng {spec.geng}" + (f" (part {r}/{parts})" if parts > 1 else "")
            for r in range(parts)
        ]
        return parts, (Chunk(r, 0, 0, source=where[r], part=(r, parts)) for r in range(parts))

    files = list(spec.graph6) if inputs is None else inputs
    counts = [_count_lines(f) for f in files]
    total = sum(-(-c // size) for c in counts)

    def stream_chunks() -> Iterator[Chunk]:
        cid = 0
        for path in files:
            with open(path, "rb") as fh:
                start = 0
                for batch in iter(lambda: list(itertools.islice(fh, size)), []):
                    data = b"".join(
                        line if line.endswith(b"\n") else line + b"\n" for line in batch
                    )
                    yield Chunk(cid, start, start + len(batch), source=path, data=data)
                    cid += 1
                    start += len(batch)

    return total, stream_chunks()


def _duration(seconds: float) -> str:
    s = round(seconds)
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}h{m:02d}m{s:02d}s" if h else f"{m}m{s:02d}s" if m else f"{s}s"


class LineProgress:
    """Progress as plain lines, for a sweep whose output goes to a file (a batch job).

    One line per finished chunk, at most one every ``interval`` seconds, and always the line
    of the last chunk, so a log shows the sweep is alive without filling up. The pool and Dask
    runners also call it with ``step=0`` when no chunk has finished for ``interval`` seconds:
    a line then says how far the sweep is.

    Parameters
    ----------
    total, initial : int
        Chunks in the sweep, and chunks already done (resumed).
    stream : file, optional
        Where the lines go (default ``sys.stderr``).
    interval : float, optional
        Default :data:`PROGRESS_INTERVAL`.
    clock : callable, default time.monotonic
    """

    def __init__(
        self,
        total: int,
        initial: int,
        stream: Any = None,
        *,
        interval: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.total, self.done, self.initial = total, initial, initial
        self.stream = stream if stream is not None else sys.stderr
        self.interval = PROGRESS_INTERVAL if interval is None else interval
        self.clock = clock
        self.start = clock()
        self.last: float | None = None

    def __call__(self, step: int) -> None:
        self.done += step
        now = self.clock()
        if self.done < self.total and self.last is not None and now - self.last < self.interval:
            return
        self.last = now
        elapsed = now - self.start
        share = 100 * self.done // max(1, self.total)
        line = (
            f"sweep: {self.done}/{self.total} chunks done ({share}%), {_duration(elapsed)} elapsed"
        )
        new = self.done - self.initial
        if 0 < self.done < self.total and new > 0 and elapsed > 0:
            left = elapsed / new * (self.total - self.done)
            line += f", about {_duration(left)} left"
        print(line, file=self.stream, flush=True)


def _progress_bar(progress: Progress, total: int, initial: int) -> Callable[[int], None]:
    """A callback told how many chunks are done; a tqdm bar on a terminal, else lines."""
    if callable(progress):
        callback = progress
        callback(initial, total)
        state = {"done": initial}

        def tell(step: int) -> None:
            if step:
                state["done"] += step
                callback(state["done"], total)

        return tell
    if progress is False:
        return lambda step: None
    if progress is None and not _is_terminal(sys.stderr):
        return LineProgress(total, initial)
    from tqdm.auto import tqdm

    bar = tqdm(
        total=total,
        initial=initial,
        unit="chunk",
        desc="sweep",
        disable=None if progress is None else not progress,
        dynamic_ncols=True,
    )

    def update(step: int) -> None:
        if not step:
            bar.refresh()
            return
        bar.update(step)
        if bar.n >= total:
            bar.close()

    return update


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # a replaced or closed stream
        return False


def _run_worker_chunk(chunk: Chunk) -> Any:
    """Compute a chunk in a pool worker with the spec set by :func:`worker_init`."""
    return run_chunk(WORKER_SPEC[0], chunk)


def chunk_keys(chunk: Chunk) -> tuple[int, int]:
    """What a chunk covers, as recorded in the ledger: its items, or its geng part."""
    return chunk.part if chunk.part is not None else (chunk.start, chunk.stop)


def run(
    spec: Any,
    out: str | os.PathLike[str],
    *,
    runner: str = "local",
    workers: int | None = None,
    scheduler: str | None = None,
    dask_local: int | None = None,
    overwrite: bool = False,
    progress: Progress = None,
    allow_imports: bool = False,
) -> Path:
    """Run a sweep (or resume it) and store its table as a Parquet dataset folder.

    Parameters
    ----------
    spec : path, dict or SweepSpec
        See :func:`lightsout_graphs.interfaces.sweep.load_spec`.
    out : path
        The result folder. Chunks already stored there for the same spec are skipped.
    runner : {"local", "dask"}, default "local"
        ``local``: a process pool of ``workers`` processes (default: every core; 1 runs in
        this process). ``dask``: a ``distributed`` cluster, given by ``scheduler`` or started
        with ``dask_local`` workers. Giving ``scheduler`` or ``dask_local`` implies ``dask``.
    workers : int, optional
        Processes of the local runner.
    scheduler : str, optional
        Address of a running Dask scheduler, such as ``"tcp://10.0.0.5:8786"``.
    dask_local : int, optional
        Start a Dask LocalCluster of this many single-threaded worker processes (capped as
        ``workers`` is: at most the chunks left and 4 per core; and their memory must fit
        the memory budget).
    overwrite : bool, default False
        Discard the results of a different sweep found in ``out`` instead of refusing.
    progress : bool, callable or None, default None
        None: a progress bar (chunks done, time left) on a terminal, and when stderr is not
        a terminal (a batch job's log) one line per finished chunk, at most one every
        :data:`PROGRESS_INTERVAL` seconds; True/False: always a bar, or nothing; a callable is
        called as ``progress(done, total)``.
    allow_imports : bool, default False
        Allow a spec that names a family or metric by ``"module:function"`` to import a module
        of your own. Importing a module runs its code: allow it only for specs you trust.
        (Callables passed in a dict need no permission; networkx's graph generators neither.)

    Returns
    -------
    pathlib.Path
        ``out``; read it with :func:`lightsout_graphs.interfaces.sweep.read_results` (the
        verified chunk files of this sweep only).

    Raises
    ------
    SweepSpecError
        A bad spec, an import that is not allowed, a bad runner choice, or a folder holding a
        different sweep (other code for a family or metric of your own counts as different).
    SweepError
        A puzzle failed (the message names it), or a metric returned a value of another type.
    MissingDependencyError
        A geng sweep without nauty's geng.
    MemoryBudgetError
        The ``dask_local`` workers would not fit the memory budget.

    Examples
    --------
    >>> import tempfile
    >>> from lightsout_graphs import sweep
    >>> spec = {
    ...     "family": "grid",
    ...     "params": {"m": "1..4", "n": "1..4"},
    ...     "metrics": ["nullity", "all_solvable"],
    ... }
    >>> out = sweep.run(spec, tempfile.mkdtemp(), workers=1)
    >>> table = sweep.read_results(out)
    >>> len(table), int(table.nullity.max())
    (16, 4)
    """
    sweep_spec = infer_metric_types(load_spec(spec, allow_imports=allow_imports))
    if scheduler is not None or dask_local is not None:
        if runner == "local" and (scheduler is not None or dask_local is not None):
            runner = "dask"
        if scheduler is not None and dask_local is not None:
            msg = "Give either 'scheduler' or 'dask_local', not both."
            raise SweepSpecError(msg)
    if runner not in RUNNERS:
        msg = f"Argument 'runner' must be one of {', '.join(RUNNERS)}, not {runner!r}."
        raise SweepSpecError(msg)
    for name, value in (("workers", workers), ("dask_local", dask_local)):
        if value is not None:
            require_int(value, name, minimum=1, maximum=MAX_WORKERS, error=SweepSpecError)
    total, chunks = plan_chunks(sweep_spec)
    store = ResultStore(out, sweep_spec, overwrite=overwrite, total_chunks=total)
    try:
        _run_with_store(
            sweep_spec, store, total, chunks, runner, workers, scheduler, dask_local, progress
        )
    finally:
        store.close()
    return store.path


def _run_with_store(
    sweep_spec: SweepSpec,
    store: ResultStore,
    total: int,
    chunks: Iterator[Chunk],
    runner: str,
    workers: int | None,
    scheduler: str | None,
    dask_local: int | None,
    progress: Progress,
) -> None:
    done = store.finished_chunks(total)
    left = max(1, total - len(done & set(range(total))))
    n_workers = check_workers(workers, left)
    if runner == "dask" and scheduler is None:
        dask_local = check_dask_local(dask_local, left)
    ctx = pool_context() if runner == "local" and n_workers > 1 else None
    tell = _progress_bar(progress, total, len(done & set(range(total))))
    todo = (chunk for chunk in chunks if chunk.chunk_id not in done)
    found: Generator[tuple[Chunk, Any]]
    alive, every = (lambda: tell(0)), PROGRESS_INTERVAL  # no chunk for a while: say so
    if runner == "dask":
        found = dask_results(
            run_chunk, todo, scheduler, dask_local, shared=sweep_spec, idle=alive, every=every
        )
    elif ctx is None:
        found = ((chunk, run_chunk(sweep_spec, chunk)) for chunk in todo)
    else:  # the spec goes to each worker once; tasks carry only their chunk
        found = local_results(
            _run_worker_chunk, todo, n_workers, ctx, initargs=(sweep_spec,), idle=alive, every=every
        )
    with terminate_on_sigterm(), contextlib.closing(found):
        for chunk, table in found:
            store.write_chunk(chunk.chunk_id, table, chunk_keys(chunk))
            tell(1)
    rows = sum(pq.ParquetFile(store.chunk_path(c)).metadata.num_rows for c in range(total))
    store.mark_complete(total, rows)
