"""Worker pools: how many workers, the start method, abandoning a pool."""

from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor

import pytest

from lightsout_graphs.core.errors import MemoryBudgetError, SweepSpecError
from lightsout_graphs.core.zk import set_memory_budget
from lightsout_graphs.interfaces.sweep.pools import (
    DASK_WORKER_BYTES,
    abandon,
    check_dask_local,
    check_workers,
    pool_context,
    threading_main,
)


def test_workers_never_exceed_the_tasks() -> None:
    assert check_workers(8, 3) == 3
    assert check_workers(2, 10) == 2
    assert check_workers(None, 1) == 1
    assert 1 <= check_workers(None, 10_000) <= 1024


@pytest.mark.parametrize("workers", [0, -1, 1025, 10**6, True, 2.5, "4"])
def test_bad_worker_counts_are_named(workers: object) -> None:
    with pytest.raises(SweepSpecError, match="'workers'"):
        check_workers(workers, 10)  # type: ignore[arg-type]


def test_abandon_stops_a_busy_pool_at_once() -> None:
    assert threading_main()
    pool = ProcessPoolExecutor(1, mp_context=pool_context())
    assert pool.submit(abs, -3).result() == 3
    for _ in range(3):
        pool.submit(time.sleep, 30)
    start = time.monotonic()
    abandon(pool)
    pool.shutdown(wait=True)  # returns once the killed worker is gone, not after 90 s
    assert time.monotonic() - start < 25  # killed: well under 1 s; waited for: 30 s or more


def test_dask_local_workers_are_capped_like_local_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    cores = os.cpu_count() or 1
    assert check_dask_local(32, 1) == 1  # one chunk: one worker
    assert check_dask_local(1000, 10**6) == min(1000, 4 * cores)
    assert check_dask_local(None, 10**6) == cores
    with pytest.raises(SweepSpecError, match=r"'dask_local' must be an int in 1\.\.1024"):
        check_dask_local(1025, 10)


def test_dask_local_workers_must_fit_the_memory_budget() -> None:
    set_memory_budget(3 * DASK_WORKER_BYTES)
    try:
        assert check_dask_local(3, 100) == min(3, 4 * (os.cpu_count() or 1))
        with pytest.raises(MemoryBudgetError, match="use at most 3 workers, or --workers"):
            check_dask_local(4, 100)
    finally:
        set_memory_budget(None)


def test_local_results_come_with_their_task() -> None:
    from lightsout_graphs.interfaces.sweep.pools import local_results

    assert sorted(local_results(abs, [-1, -2, -3], 2)) == [(-3, 3), (-2, 2), (-1, 1)]


def test_the_default_is_one_worker_per_core_for_enough_work() -> None:
    assert check_workers(None, 1) == 1
    with pytest.raises(SweepSpecError, match=r"'workers' must be an int in 1\.\.1024, not 1000000"):
        check_workers(10**6, 10)
