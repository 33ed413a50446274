"""The memory budget: factorisations that cannot fit are refused before they start."""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Iterator

import numpy as np
import pytest
import scipy.sparse as sp

import lightsout_graphs as lo
from lightsout_graphs import zk
from lightsout_graphs.core.errors import MemoryBudgetError
from lightsout_graphs.core.zk import budget, dispatch, local_flint


@pytest.fixture
def small_budget() -> Iterator[int]:
    yield zk.set_memory_budget("1M")
    zk.set_memory_budget(None)


def test_a_huge_elimination_is_refused_at_once_under_the_default_budget() -> None:
    # 4·10^6 equations mod 3 would need terabytes; the refusal comes before any work.
    eye = sp.identity(4_000_000, dtype=np.int64, format="csr")
    start = time.monotonic()
    with pytest.raises(MemoryBudgetError, match=r"4000000×4000000 matrix mod 3") as info:
        zk.factorize(eye, 3)
    assert time.monotonic() - start < 60  # a hang guard (about 1 s here; building takes hours)
    assert info.value.needed > info.value.budget == zk.memory_budget()
    assert "LIGHTSOUT_MEMORY_BUDGET" in str(info.value)
    with pytest.raises(MemoryBudgetError, match="gf2 \\+ gfp engine"):
        zk.factorize(eye, 10)


def test_every_puzzle_route_through_the_factorisation_is_guarded(small_budget: int) -> None:
    p = lo.king(40, 40, modulus=3)  # megabytes to factorise, over a 1 MiB budget
    calls = [
        lambda: lo.solve(p, 1),
        lambda: lo.solve(p, 1, minimize=True),
        lambda: lo.analyze(p),
        lambda: lo.is_solvable(p, 1),
        lambda: lo.all_solutions(p, 0, 1),
        lambda: lo.depth_distribution(p),
    ]
    for call in calls:
        start = time.monotonic()
        with pytest.raises(MemoryBudgetError) as info:
            call()
        assert time.monotonic() - start < 30  # a hang guard (milliseconds when refused)
        message = str(info.value)
        assert "1600 lights, modulus 3" in message
        assert "light chasing" in message and "smaller board" in message
        assert "zk.set_memory_budget" in message
        assert info.value.budget == small_budget == 2**20
    # grids and tori go to light chasing, whose board-sized arrays fit this budget
    assert lo.analyze(lo.grid(40, 40, modulus=3)).n == 1600
    assert lo.solve(lo.torus(40, 40, modulus=3), 1).verify()


def test_the_budget_comes_from_the_setting_the_environment_or_the_machine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(budget.BUDGET_ENV, raising=False)
    default = zk.memory_budget()
    assert default == int(budget._physical_memory() * budget.DEFAULT_SHARE)
    monkeypatch.setenv(budget.BUDGET_ENV, "64M")
    assert zk.memory_budget() == 64 * 2**20
    monkeypatch.setenv(budget.BUDGET_ENV, "1.5GiB")
    assert zk.memory_budget() == 3 * 2**29
    monkeypatch.setenv(budget.BUDGET_ENV, "unlimited")
    assert zk.memory_budget() >= 2**62
    monkeypatch.setenv(budget.BUDGET_ENV, "lots")
    with pytest.raises(MemoryBudgetError, match="LIGHTSOUT_MEMORY_BUDGET must be"):
        zk.memory_budget()
    try:
        assert zk.set_memory_budget(12345) == 12345
        assert zk.memory_budget() == 12345
    finally:
        monkeypatch.delenv(budget.BUDGET_ENV)
        assert zk.set_memory_budget(None) == default
    for bad in (0, -1, "", "-3G", True):
        with pytest.raises(MemoryBudgetError, match="memory budget must be"):
            zk.set_memory_budget(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("k", "side"), [(2, 50), (3, 50), (4, 50), (5, 25), (6, 40), (9, 30), (18, 20)]
)
def test_the_estimate_bounds_the_measured_peak(k: int, side: int) -> None:
    a = dispatch.coerce_matrix(lo.torus(side, side, modulus=k).press_matrix(), k)
    engines = dispatch._engines(a, k, "auto")
    zk.factorize(lo.torus(36, 36, modulus=k).press_matrix(), k)  # compile or import first
    tracemalloc.start()
    try:
        zk.factorize(a, k)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    bound = budget.check_memory(a, k, engines)  # under budget: the size-only estimate
    assert peak <= bound, (engines, peak, bound)


def test_the_band_tightens_the_sparse_prime_estimate() -> None:
    a = dispatch.coerce_matrix(lo.torus(30, 30, modulus=5).press_matrix(), 5)
    loose = zk.estimate_memory(a.shape, 5, [("gfp", 5)])
    try:
        zk.set_memory_budget(loose // 4)  # under the loose bound, over the banded one
        assert budget.check_memory(a, 5, [("gfp", 5)]) < loose // 4
        assert zk.factorize(a, 5).rank == 900 - lo.analyze(lo.torus(30, 30, modulus=5)).nullity
    finally:
        zk.set_memory_budget(None)


def test_an_elimination_over_the_time_budget_is_refused_at_once() -> None:
    """The cheapest slow input, a knight's board mod 5 (sparse rows, band 602), used to run for
    minutes; it is refused from its estimate, which the error carries, with the knob that lets
    it run."""
    from lightsout_graphs.core.errors import TimeBudgetError

    for puzzle in (lo.knight(300, 300, modulus=5),):
        start = time.monotonic()
        with pytest.raises(TimeBudgetError) as info:
            lo.analyze(puzzle)
        assert time.monotonic() - start < 120  # about 2 s
        assert info.value.seconds > info.value.budget == zk.time_budget() == 60
        assert "LIGHTSOUT_TIME_BUDGET" in str(info.value) and "lights" in str(info.value)
    assert isinstance(info.value, lo.LightsOutError)


@pytest.mark.skipif(not local_flint.available(), reason="python-flint is not installed")
def test_the_torus_mod_9_system_is_within_the_time_budget() -> None:
    """The 2000×2000 system over Z/9 that the wrapped chase of a 1000×1000 torus ends in was
    refused (about 114 s for ``local``); ``flint-local`` takes it, well within the budget."""
    engines = zk.component_engines((2000, 2000), 2000 * 2000, 9)
    assert engines == [("flint-local", 9)]
    assert budget.estimate_seconds((2000, 2000), 9, engines) < zk.time_budget() / 10
    assert budget.estimate_seconds((2000, 2000), 9, [("local", 9)]) > zk.time_budget()


def test_the_time_budget_comes_from_the_setting_or_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from lightsout_graphs.core.errors import TimeBudgetError

    monkeypatch.delenv(budget.TIME_ENV, raising=False)
    assert zk.time_budget() == budget.DEFAULT_SECONDS
    monkeypatch.setenv(budget.TIME_ENV, "unlimited")
    assert zk.time_budget() == float("inf")
    monkeypatch.setenv(budget.TIME_ENV, "soon")
    with pytest.raises(TimeBudgetError, match="LIGHTSOUT_TIME_BUDGET must be"):
        zk.time_budget()
    monkeypatch.delenv(budget.TIME_ENV)
    try:
        assert zk.set_time_budget(0.01) == 0.01
        with pytest.raises(TimeBudgetError, match=r"time budget of 0\.01 s"):
            zk.factorize(np.eye(300, dtype=np.int64), 9, method="local")  # dense local ring
        if local_flint.available():
            with pytest.raises(TimeBudgetError, match=r"flint-local engine"):
                zk.factorize(np.eye(3000, dtype=np.int64), 9)  # its block version: about 5 s
        assert zk.factorize(np.eye(300, dtype=np.int64), 2).rank == 300  # not budgeted
        with pytest.raises(TimeBudgetError, match="seconds > 0"):
            zk.set_time_budget(-1)
    finally:
        zk.set_time_budget(None)
    assert zk.time_budget() == budget.DEFAULT_SECONDS


def test_estimates_refuse_what_they_cannot_estimate() -> None:
    from lightsout_graphs.core.errors import MatrixError

    with pytest.raises(MatrixError, match="'shape' must be an int >= 0, not -1"):
        zk.estimate_memory((-1, 10), 3, [("gf3", 3)])
    with pytest.raises(MatrixError, match="No memory estimate for the engine 'nope'"):
        zk.estimate_memory((10, 10), 3, [("nope", 3)])
    assert zk.estimate_memory((100, 100), 5, [("local", 5)]) > 0


def test_a_fraction_of_a_byte_is_no_budget() -> None:
    with pytest.raises(lo.MemoryBudgetError, match="number of bytes"):
        zk.set_memory_budget(1.5)  # type: ignore[arg-type]
    try:
        assert zk.set_memory_budget("1.5G") == 3 * 2**29
    finally:
        zk.set_memory_budget(None)


def test_a_small_elimination_passes_both_checks() -> None:
    eye = sp.identity(4, format="csr")
    assert budget.check_memory(eye, 2, [("gf2", 2)]) > 0
    assert budget.check_time(eye, 9, [("local", 9)]) < 1
