"""Worker pools of sweeps and censuses: how many workers, how they start, Dask clients.

Local workers are processes of a :class:`concurrent.futures.ProcessPoolExecutor` started by
:func:`pool_context` and initialised by :func:`worker_init` (they die with the main process,
see :mod:`lightsout_graphs.interfaces.sweep.lifetime`); :func:`dask_client` gives a client on a running
scheduler or on a LocalCluster whose workers do the same.
"""

from __future__ import annotations

import contextlib
import itertools
import os
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from lightsout_graphs.core.errors import MissingDependencyError, SweepSpecError, require_int
from lightsout_graphs.interfaces.sweep.lifetime import die_with_parent, threading_main

__all__ = ["DASK_WORKER_BYTES", "MAX_WORKERS", "WORKER_SPEC"]

#: ``workers`` (and ``dask_local``) above this are refused: a fork storm, not a speed-up.
MAX_WORKERS = 1024
#: Memory of one Dask LocalCluster worker process, measured (about 110 MB resident each with
#: the library imported; 34 processes used 3.7 GB), rounded up.
DASK_WORKER_BYTES = 128 * 2**20
#: The spec of the sweep a local worker computes chunks for (set by :func:`worker_init`).
WORKER_SPEC: list[Any] = []


def check_workers(workers: int | None, tasks: int, name: str = "workers") -> int:
    """The number of local worker processes to start for ``tasks`` pieces of work.

    Default every core; never more than ``tasks`` or 4 per core. A ``workers`` (named
    ``name`` in the message) outside ``1..MAX_WORKERS`` is a :class:`SweepSpecError`.
    """
    cores = os.cpu_count() or 1
    if workers is not None:
        workers = require_int(workers, name, minimum=1, maximum=MAX_WORKERS, error=SweepSpecError)
    wanted = cores if workers is None else workers
    return max(1, min(wanted, tasks, 4 * cores))


def check_dask_local(dask_local: int | None, tasks: int) -> int:
    """The number of Dask LocalCluster workers to start for ``tasks`` pieces of work.

    Capped as :func:`check_workers` caps, and their memory (:data:`DASK_WORKER_BYTES` each)
    must fit the memory budget, else a ``MemoryBudgetError``.
    """
    from lightsout_graphs.core.errors import MemoryBudgetError
    from lightsout_graphs.core.zk import memory_budget

    count = check_workers(dask_local, tasks, "dask_local")
    budget = memory_budget()
    if count * DASK_WORKER_BYTES > budget:
        fits = budget // DASK_WORKER_BYTES
        msg = (
            f"Argument 'dask_local': {count} Dask workers need about "
            f"{count * DASK_WORKER_BYTES / 2**30:.1f} GiB ({DASK_WORKER_BYTES // 2**20} MiB "
            f"each), over the memory budget of {budget / 2**30:.1f} GiB "
            f"(LIGHTSOUT_MEMORY_BUDGET); use at most {fits} workers, or --workers."
        )
        raise MemoryBudgetError(msg, count * DASK_WORKER_BYTES, budget)
    return count


def worker_init(parent: int, spec: Any = None) -> None:
    """Initializer of local worker processes: die with the parent, leave Ctrl-C to it."""
    import signal

    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if threading_main():
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if spec is not None:
        WORKER_SPEC[:] = [spec]


class _DieWithParentWorker:
    """Dask worker plugin: the worker dies with its starter (in a LocalCluster, this process)."""

    name = "lightsout-die-with-nanny"

    def setup(self, worker: Any) -> None:
        die_with_parent()

    def teardown(self, worker: Any) -> None:
        pass


@contextlib.contextmanager
def dask_client(
    scheduler: str | None, dask_local: int | None, processes: bool = True
) -> Iterator[Any]:
    """A Dask client: on ``scheduler``, or on a LocalCluster of ``dask_local`` workers.

    The LocalCluster's worker processes die with this process and the cluster is closed on
    the way out; with ``processes=False`` its workers are threads of this process (right for
    tasks that release the GIL, as the census's). An unreachable scheduler: SweepSpecError.
    """
    try:
        from distributed import Client, LocalCluster
        from distributed.diagnostics.plugin import WorkerPlugin
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
                processes=processes,
                dashboard_address=None,
                # no dashboard, and the scheduler's HTTP server (health checks) on a free
                # loopback port: not on 8787, which another cluster may hold (a warning then)
                scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                # worker processes listen on loopback only; threads talk in-process
                **({"host": "127.0.0.1"} if processes else {}),
            )
            client = Client(cluster)
            if processes:
                plugin = type("DieWithParentWorker", (_DieWithParentWorker, WorkerPlugin), {})
                client.register_plugin(plugin())
        with client:
            yield client
    finally:
        if cluster is not None:
            cluster.close()


def pool_context() -> Any:
    """The multiprocessing context of the local runner (call before starting any thread).

    ``fork`` while this process runs a single thread, else ``forkserver`` (``spawn`` where
    neither exists).
    """
    import multiprocessing as mp
    import threading

    # fork starts fastest and needs no `if __name__ == "__main__"` guard in scripts; with
    # other threads running it could copy their held locks, so forkserver is used then.
    methods = mp.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return mp.get_context("fork")
    if "forkserver" in methods:
        ctx = mp.get_context("forkserver")
        ctx.set_forkserver_preload(["lightsout_graphs.interfaces.sweep.work"])
        return ctx
    return mp.get_context("spawn")  # pragma: no cover - Windows


def abandon(pool: Any) -> None:
    """Stop a local process pool at once: cancel its queued tasks and kill its workers.

    Used when a run is interrupted or fails; the workers' geng processes follow them.
    """
    procs = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        proc.kill()


def _window(
    submit: Callable[[Any], Any],
    numbered: Iterator[tuple[int, Any]],
    running: dict[Any, Any],
    size: int,
) -> None:
    """Submit numbered tasks until ``size`` run; ``running`` maps a future to (number, task)."""
    for number, task in itertools.islice(numbered, size - len(running)):
        running[submit(task)] = (number, task)


def local_results(
    fn: Callable[[Any], Any],
    tasks: Iterable[Any],
    workers: int,
    ctx: Any = None,
    *,
    initargs: tuple[Any, ...] = (),
    idle: Callable[[], None] | None = None,
    every: float = 30.0,
    started: Callable[[], None] | None = None,
) -> Generator[tuple[Any, Any]]:
    """``(task, fn(task))`` from a local process pool, as tasks finish (ties in task order).

    At most ``2 * workers + 2`` tasks are queued; ``idle()`` is called when none finished for
    ``every`` seconds, ``started()`` once the workers are forked. An error or interruption
    abandons the pool.
    """
    numbered = enumerate(tasks)
    running: dict[Future[Any], tuple[int, Any]] = {}
    with ProcessPoolExecutor(
        max_workers=workers,
        mp_context=ctx or pool_context(),
        initializer=worker_init,
        initargs=(os.getpid(), *initargs),
    ) as pool:
        try:
            _window(lambda task: pool.submit(fn, task), numbered, running, 2 * workers + 2)
            if started is not None:
                started()
            while running:
                finished, _ = wait(running, timeout=every, return_when=FIRST_COMPLETED)
                if not finished and idle is not None:
                    idle()
                for fut in sorted(finished, key=lambda f: running[f][0]):
                    yield running.pop(fut)[1], fut.result()
                _window(lambda task: pool.submit(fn, task), numbered, running, 2 * workers + 2)
        except BaseException:
            abandon(pool)
            raise


def dask_results(
    fn: Callable[..., Any],
    tasks: Iterable[Any],
    scheduler: str | None,
    dask_local: int | None,
    *,
    processes: bool = True,
    shared: Any = None,
    idle: Callable[[], None] | None = None,
    every: float = 30.0,
) -> Generator[tuple[Any, Any]]:
    """:func:`local_results` on Dask (:func:`dask_client`), as ``fn(shared, task)`` if shared.

    ``shared`` (a sweep's spec) is sent to every worker once.
    """
    from distributed import wait as dask_wait

    numbered = enumerate(tasks)
    with dask_client(scheduler, dask_local, processes) as client:
        args = () if shared is None else (client.scatter(shared, broadcast=True),)
        size = 2 * max(1, sum(client.nthreads().values())) + 2
        running: dict[Any, tuple[int, Any]] = {}

        def submit(task: Any) -> Any:
            return client.submit(fn, *args, task, pure=False)

        _window(submit, numbered, running, size)
        while running:
            try:
                done, _ = dask_wait(list(running), timeout=every, return_when="FIRST_COMPLETED")
            except TimeoutError:
                if idle is not None:
                    idle()
                continue
            for fut in sorted(done, key=lambda f: running[f][0]):
                yield running.pop(fut)[1], fut.result()
                fut.release()
            _window(submit, numbered, running, size)
