"""Worker pools: how many workers, the start method, abandoning a pool."""

from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor

import pytest

from lightsout_graphs.errors import SweepSpecError
from lightsout_graphs.sweep.pools import abandon, check_workers, pool_context, threading_main


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
    assert time.monotonic() - start < 20
