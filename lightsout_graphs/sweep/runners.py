"""Run a sweep: cut it into chunks, compute them locally or on Dask, store each as it finishes.

Runners differ only in where :func:`lightsout_graphs.sweep.work.run_chunk` executes: a local
process pool on every core (``runner="local"``) or a Dask ``distributed`` cluster
(``runner="dask"``, an existing scheduler or a LocalCluster started for the run). The main
process plans the chunks, skips those already stored, and writes each result file itself, so
workers need no access to the result folder and every runner gives the same table.
"""

from __future__ import annotations

import math
import os
import shlex
import shutil
import subprocess
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from lightsout_graphs.errors import MissingDependencyError, SweepSpecError
from lightsout_graphs.sweep.spec import SweepSpec, load_spec
from lightsout_graphs.sweep.store import ResultStore
from lightsout_graphs.sweep.work import Chunk, run_chunk

__all__ = ["RUNNERS", "find_geng", "plan_chunks", "run"]

#: The runner names :func:`run` accepts.
RUNNERS: tuple[str, ...] = ("local", "dask")

Progress = bool | Callable[[int, int], None] | None


def find_geng() -> str:
    """The path of nauty's ``geng`` (Debian names it ``nauty-geng``).

    Raises
    ------
    MissingDependencyError
        When neither ``geng`` nor ``nauty-geng`` is on the PATH.

    Examples
    --------
    >>> from pathlib import Path
    >>> Path(find_geng()).name in ("geng", "nauty-geng")
    True
    """
    for name in ("geng", "nauty-geng"):
        path = shutil.which(name)
        if path:
            return path
    msg = (
        "Sweep spec key 'geng' needs nauty's geng (or nauty-geng) on the PATH; install the "
        "Debian package 'nauty' (sudo apt-get install nauty, or make system)."
    )
    raise MissingDependencyError(msg)


def _run_geng(args: str, target: Path) -> None:
    """Write geng's output for ``args`` to ``target`` (temporary file, then renamed)."""
    exe = find_geng()
    try:
        argv = shlex.split(args)
    except ValueError as exc:
        msg = f"Sweep spec key 'geng': cannot split {args!r}: {exc}."
        raise SweepSpecError(msg) from exc
    tmp = target.with_name(f"_tmp-{target.name}.{os.getpid()}")
    with open(tmp, "wb") as fh:
        proc = subprocess.run([exe, "-q", *argv], stdout=fh, stderr=subprocess.PIPE, check=False)
    if proc.returncode != 0:
        tmp.unlink(missing_ok=True)
        err = proc.stderr.decode(errors="replace").strip().splitlines()
        detail = err[-1] if err else f"exit status {proc.returncode}"
        msg = f"Sweep spec key 'geng': geng {args!r} failed: {detail}"
        raise SweepSpecError(msg)
    os.replace(tmp, target)


def _count_lines(path: str) -> int:
    count = 0
    last = b"\n"
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            count += block.count(b"\n")
            last = block[-1:]
    return count + (last != b"\n")


def _stream_inputs(spec: SweepSpec, store: ResultStore | None) -> list[str]:
    if spec.geng is None:
        return list(spec.graph6)
    if store is None:  # pragma: no cover - planning a geng sweep always has a store
        msg = "A geng sweep needs a result folder."
        raise SweepSpecError(msg)
    cache = store.geng_cache()
    if not cache.exists():
        _run_geng(spec.geng, cache)
    return [str(cache)]


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

    Examples
    --------
    >>> spec = load_spec(
    ...     {
    ...         "family": "grid",
    ...         "params": {"m": "1..5", "n": 2},
    ...         "metrics": ["edges"],
    ...         "chunk_size": 2,
    ...     }
    ... )
    >>> total, chunks = plan_chunks(spec)
    >>> total, [(c.start, c.stop) for c in chunks]
    (3, [(0, 2), (2, 4), (4, 5)])
    """
    size = spec.chunk_size
    if not spec.is_stream:
        n_items = spec.family_combinations()
        total = math.ceil(n_items / size)

        def family_chunks() -> Iterator[Chunk]:
            for cid in range(total):
                yield Chunk(cid, cid * size, min(n_items, (cid + 1) * size))

        return total, family_chunks()

    files = list(spec.graph6) if inputs is None else inputs
    counts = [_count_lines(f) for f in files]
    total = sum(math.ceil(c / size) for c in counts)

    def stream_chunks() -> Iterator[Chunk]:
        cid = 0
        for path in files:
            name = "geng output" if Path(path).name == "_geng.g6" else path
            with open(path, "rb") as fh:
                start = 0
                batch: list[bytes] = []
                for line in fh:
                    batch.append(line.rstrip(b"\r\n"))
                    if len(batch) == size:
                        yield Chunk(cid, start, start + size, tuple(batch), name)
                        cid += 1
                        start += size
                        batch = []
                if batch:
                    yield Chunk(cid, start, start + len(batch), tuple(batch), name)
                    cid += 1

    return total, stream_chunks()


def _progress_bar(progress: Progress, total: int, initial: int) -> Callable[[int], None]:
    """A callback told how many chunks are done; draws a tqdm bar on a terminal."""
    if callable(progress):
        callback = progress
        callback(initial, total)
        state = {"done": initial}

        def tell(step: int) -> None:
            state["done"] += step
            callback(state["done"], total)

        return tell
    if progress is False:
        return lambda step: None
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
        bar.update(step)
        if bar.n >= total:
            bar.close()

    return update


def _pending(chunks: Iterator[Chunk], done: set[int]) -> Iterator[Chunk]:
    for chunk in chunks:
        if chunk.chunk_id not in done:
            yield chunk


def _run_serial(
    spec: SweepSpec, todo: Iterator[Chunk], store: ResultStore, tell: Callable[[int], None]
) -> None:
    for chunk in todo:
        store.write_chunk(chunk.chunk_id, run_chunk(spec, chunk))
        tell(1)


def _pool_context() -> Any:
    """The multiprocessing context of the local runner (call before starting any thread)."""
    import multiprocessing as mp
    import threading

    # fork starts fastest and needs no `if __name__ == "__main__"` guard in scripts; with
    # other threads running it could copy their held locks, so forkserver is used then.
    methods = mp.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return mp.get_context("fork")
    if "forkserver" in methods:
        ctx = mp.get_context("forkserver")
        ctx.set_forkserver_preload(["lightsout_graphs.sweep.work"])
        return ctx
    return mp.get_context("spawn")  # pragma: no cover - Windows


_WORKER_SPEC: list[SweepSpec] = []


def _set_worker_spec(spec: SweepSpec) -> None:
    """Pool initializer: remember the sweep's spec in this worker process."""
    _WORKER_SPEC[:] = [spec]


def _run_worker_chunk(chunk: Chunk) -> Any:
    """Compute a chunk in a pool worker with the spec set by :func:`_set_worker_spec`."""
    return run_chunk(_WORKER_SPEC[0], chunk)


def _run_local(
    spec: SweepSpec,
    todo: Iterator[Chunk],
    store: ResultStore,
    tell: Callable[[int], None],
    workers: int,
    ctx: Any,
) -> None:
    window = 2 * workers + 2
    # The spec goes to each worker once (it can hold tens of thousands of parameter values);
    # tasks carry only their chunk.
    with ProcessPoolExecutor(
        max_workers=workers, mp_context=ctx, initializer=_set_worker_spec, initargs=(spec,)
    ) as pool:
        running: dict[Future[Any], int] = {}
        try:
            for chunk in todo:
                running[pool.submit(_run_worker_chunk, chunk)] = chunk.chunk_id
                while len(running) >= window:
                    _drain(running, store, tell, FIRST_COMPLETED)
            while running:
                _drain(running, store, tell, FIRST_COMPLETED)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _drain(
    running: dict[Future[Any], int],
    store: ResultStore,
    tell: Callable[[int], None],
    when: str,
) -> None:
    finished, _ = wait(list(running), return_when=when)
    for fut in sorted(finished, key=lambda f: running[f]):
        cid = running.pop(fut)
        store.write_chunk(cid, fut.result())
        tell(1)


def _run_dask(
    spec: SweepSpec,
    todo: Iterator[Chunk],
    store: ResultStore,
    tell: Callable[[int], None],
    scheduler: str | None,
    dask_local: int | None,
) -> None:
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError as exc:  # pragma: no cover - dask is a declared dependency
        msg = "runner='dask' needs dask[distributed]: pip install 'lightsout_graphs[sweep]'."
        raise MissingDependencyError(msg) from exc
    cluster = None
    try:
        if scheduler is not None:
            try:
                client = Client(scheduler, timeout="20s")
            except (OSError, TimeoutError, ValueError) as exc:
                msg = f"Argument 'scheduler': cannot reach the Dask scheduler {scheduler!r}: {exc}"
                raise SweepSpecError(msg) from exc
        else:
            cluster = LocalCluster(
                n_workers=dask_local or os.cpu_count() or 1,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                host="127.0.0.1",
            )
            client = Client(cluster)
        with client:
            threads = max(1, sum(client.nthreads().values()))
            window = 2 * threads + 2
            spec_future = client.scatter(spec, broadcast=True)
            pending = as_completed()
            ids: dict[Any, int] = {}
            todo_iter = iter(todo)

            def submit_next() -> bool:
                chunk = next(todo_iter, None)
                if chunk is None:
                    return False
                fut = client.submit(run_chunk, spec_future, chunk, pure=False)
                ids[fut.key] = chunk.chunk_id
                pending.add(fut)
                return True

            for _ in range(window):
                if not submit_next():
                    break
            for fut in pending:
                table = fut.result()
                store.write_chunk(ids.pop(fut.key), table)
                tell(1)
                fut.release()
                submit_next()
    finally:
        if cluster is not None:
            cluster.close()


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
) -> Path:
    """Run a sweep (or resume it) and store its table as a Parquet dataset folder.

    Parameters
    ----------
    spec : path, dict or SweepSpec
        See :func:`lightsout_graphs.sweep.load_spec`.
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
        Start a Dask LocalCluster of this many single-threaded worker processes.
    overwrite : bool, default False
        Discard the results of a different sweep found in ``out`` instead of refusing.
    progress : bool, callable or None, default None
        None: a progress bar (chunks done, time left) on a terminal only; True/False: always
        or never; a callable is called as ``progress(done, total)``.

    Returns
    -------
    pathlib.Path
        ``out``; read it with :func:`lightsout_graphs.sweep.read_results` or
        ``pandas.read_parquet(out)``.

    Raises
    ------
    SweepSpecError
        A bad spec, a bad runner choice, or a folder holding a different sweep.
    MissingDependencyError
        A geng sweep without nauty's geng.

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
    sweep_spec = load_spec(spec)
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
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or value < 1
        ):
            msg = f"Argument {name!r} must be an int >= 1, not {value!r}."
            raise SweepSpecError(msg)
    store = ResultStore(out, sweep_spec, overwrite=overwrite)
    inputs = _stream_inputs(sweep_spec, store) if sweep_spec.is_stream else None
    total, chunks = plan_chunks(sweep_spec, inputs)
    done = store.finished_chunks()
    n_workers = workers or os.cpu_count() or 1
    ctx = _pool_context() if runner == "local" and n_workers > 1 else None
    tell = _progress_bar(progress, total, len(done & set(range(total))))
    todo = _pending(chunks, done)
    if runner == "dask":
        _run_dask(sweep_spec, todo, store, tell, scheduler, dask_local)
    else:
        if ctx is None:
            _run_serial(sweep_spec, todo, store, tell)
        else:
            _run_local(sweep_spec, todo, store, tell, n_workers, ctx)
    rows = sum(pq.ParquetFile(store.chunk_path(c)).metadata.num_rows for c in range(total))
    store.mark_complete(total, rows)
    return store.path
