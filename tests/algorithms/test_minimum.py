"""Tests of the fewest-press search: grouped enumeration, branch and bound, CP-SAT, limits."""

from __future__ import annotations

import itertools
import time

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.algorithms._cosets import group_coset, press_counts, split_minimum
from lightsout_graphs.algorithms.minimum import (
    MinimumInterrupted,
    cpsat_minimum,
    enumerate_minimum,
    fewest_presses,
    split_search_minimum,
)
from lightsout_graphs.algorithms.solver import factorization
from tests.puzzles import doubling


def brute_minimum(puzzle: lo.Puzzle, rhs: np.ndarray) -> int | None:
    """The fewest presses by trying every press vector (tiny puzzles only)."""
    k = puzzle.modulus
    t = puzzle.press_matrix().toarray()
    best = None
    for x in itertools.product(range(k), repeat=t.shape[1]):
        v = np.array(x, dtype=np.int64)
        if np.array_equal((t @ v) % k, rhs % k) and (best is None or v.sum() < best):
            best = int(v.sum())
    return best


def test_enumeration_of_a_single_solution_says_so() -> None:
    best = enumerate_minimum(np.array([1, 0, 1]), [], 2)
    assert best.num_presses == 2 and best.optimal and best.lower_bound == 2
    assert best.proof == "enumeration of the only solution"


def test_enumeration_over_z3_finds_the_lightest_coset_element() -> None:
    x0 = np.array([1, 2, 1])
    g = np.array([1, 1, 2])
    best = enumerate_minimum(x0, [(g, 3)], 3)
    candidates = [(x0 + c * g) % 3 for c in range(3)]
    assert best.num_presses == min(int(v.sum()) for v in candidates)


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([2, 3, 4]),
    st.integers(1, 3),
    st.integers(1, 3),
    st.sampled_from(["closed", "open"]),
    st.data(),
)
def test_grouped_minimum_equals_brute_force(
    k: int, m: int, n: int, rule: str, data: st.DataObject
) -> None:
    if k ** (m * n) > 5000:  # keep the brute force small
        m = min(m, 2)
        n = min(n, 6 // m if k == 4 else n)
    p = lo.grid(m, n, modulus=k, rule=rule)
    state = data.draw(st.lists(st.integers(0, k - 1), min_size=m * n, max_size=m * n))
    rhs = (-np.array(state)) % k
    want = brute_minimum(p, rhs)
    if want is None:
        assert not lo.is_solvable(p, state)
        return
    for limit in (2**24, 0):  # the grouped transform, then the branch and bound or CP-SAT
        sol = lo.solve(p, state, minimize=True, max_enumerate=limit)
        assert sol.num_presses == want and sol.optimal and sol.lower_bound == want
        assert sol.verify()


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 4),
    st.integers(0, 2),
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), max_size=5),
    st.sampled_from([2, 3, 4, 6]),
    st.sampled_from(["open", "closed"]),
    st.data(),
)
def test_idle_and_repeated_buttons_keep_the_fewest_presses_exact(
    busy: int, idle: int, edges: list[tuple[int, int]], k: int, rule: str, data: st.DataObject
) -> None:
    # Isolated nodes under the open rule press nothing; nodes of equal neighbourhoods press
    # alike. The search runs over one button of each effect and must still be exact.
    g = nx.empty_graph(busy + idle)
    g.add_edges_from((u % busy, v % busy) for u, v in edges if u % busy != v % busy)
    p = lo.Puzzle(g, modulus=k, rule=rule)
    x = np.array(data.draw(st.lists(st.integers(0, k - 1), min_size=p.n, max_size=p.n)))
    rhs = p.press_matrix().toarray() @ x % k
    board = p.apply(0, p.as_dict(x))
    sol = lo.solve(p, board, minimize=True)
    assert sol.optimal and sol.num_presses == brute_minimum(p, (-rhs) % k)
    assert np.array_equal(p.state_vector(p.apply(board, sol.presses)), p.goal)


def test_the_proof_says_which_buttons_were_left_out() -> None:
    # K7 modulo 30: 30**6 solutions to every board, one over its one distinct button.
    sol = lo.solve(lo.Puzzle(nx.complete_graph(7), 30), 12, minimize=True)
    assert (sol.num_presses, sol.optimal, sol.num_solutions) == (18, True, 30**6)
    assert "6 of the 7 buttons change no light or repeat another button's effect" in sol.proof
    # A modulus near 2**40 with two buttons alike: CP-SAT could not hold the model.
    k = 2**40 + 15
    sol = lo.solve(lo.Puzzle(nx.path_graph(2), k), [3, 3], minimize=True)
    assert sol.num_presses == k - 3 and sol.optimal


def test_cpsat_refuses_a_modulus_whose_sums_pass_its_range() -> None:
    with pytest.raises(lo.SearchLimitError, match="beyond the 2\\*\\*62 that CP-SAT allows"):
        cpsat_minimum(np.array([1, 2]), [(np.array([1, 2**40 + 14]), 2**40 + 15)], 2**40 + 15)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**31), st.integers(1, 9), st.integers(0, 6))
def test_split_search_equals_the_full_transform(seed: int, d: int, inner: int) -> None:
    rng = np.random.default_rng(seed)
    n = 14
    gens = [(rng.integers(0, 2, n), 2) for _ in range(d)]
    x0 = rng.integers(0, 2, n)
    groups = group_coset(x0, gens, 2)
    found = split_minimum(groups, inner=inner)
    assert found.complete and found.num_presses == int(press_counts(groups).min())
    lam = found.coefficients
    x = (x0 + sum(c * g for c, (g, _) in zip(lam, gens, strict=True))) % 2
    assert int(x.sum()) == found.num_presses


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**31), st.integers(2, 9))
def test_best_so_far_is_never_below_the_lower_bound(seed: int, d: int) -> None:
    rng = np.random.default_rng(seed)
    n = 16
    gens = [(rng.integers(0, 2, n), 2) for _ in range(d)]
    x0 = rng.integers(0, 2, n)
    groups = group_coset(x0, gens, 2)
    true_min = int(press_counts(groups).min())
    cut = split_minimum(groups, inner=1, deadline=time.monotonic() - 1)  # stop after one block
    assert cut.lower_bound <= true_min <= cut.num_presses
    assert cut.complete == (cut.lower_bound == cut.num_presses)


def test_a_search_cut_short_by_ctrl_c_is_an_interrupt_that_keeps_the_best(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # CP-SAT handles SIGINT itself and returns FEASIBLE long before its time limit; that must
    # reach the user as an interrupt carrying the best solution found.
    from ortools.sat.python import cp_model

    class Interrupted(cp_model.CpSolver):  # type: ignore[misc]
        def solve(self, model: object, callback: object = None) -> object:
            return cp_model.FEASIBLE

        def value(self, var: object) -> int:
            return 0

        @property
        def wall_time(self) -> float:
            return 0.5

        @property
        def best_objective_bound(self) -> float:
            return 3.0

    monkeypatch.setattr(cp_model, "CpSolver", Interrupted)
    p = lo.Puzzle(nx.disjoint_union_all([nx.path_graph(5) for _ in range(4)]), modulus=3)
    with pytest.raises(MinimumInterrupted) as info:
        lo.solve(p, 0, target=1, minimize=True, max_enumerate=0, time_limit=60)
    assert info.value.best is not None and not info.value.best.optimal
    sol = info.value.solution
    assert isinstance(sol, lo.Solution) and sol.verify() and not sol.optimal
    assert sol.lower_bound == 3 <= sol.num_presses
    assert isinstance(info.value, KeyboardInterrupt)


def test_a_search_that_reaches_its_limit_returns_the_best_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ortools.sat.python import cp_model

    class Slow(cp_model.CpSolver):  # type: ignore[misc]
        def solve(self, model: object, callback: object = None) -> object:
            return cp_model.FEASIBLE

        def value(self, var: object) -> int:
            return 1

        @property
        def wall_time(self) -> float:
            return 60.0

        @property
        def best_objective_bound(self) -> float:
            return 2.2

    monkeypatch.setattr(cp_model, "CpSolver", Slow)
    p = lo.Puzzle(nx.disjoint_union_all([nx.path_graph(5) for _ in range(4)]), modulus=3)
    sol = lo.solve(p, 0, target=1, minimize=True, max_enumerate=0, time_limit=60)
    assert sol.verify() and not sol.optimal and sol.lower_bound == 3
    assert sol.proof is not None
    assert "'time_limit'" in sol.proof and "'max_enumerate'" in sol.proof


@pytest.mark.parametrize("wall", [0.044, 0.0])
def test_a_tiny_time_limit_reached_early_is_not_an_interrupt(
    monkeypatch: pytest.MonkeyPatch, wall: float
) -> None:
    # CP-SAT checks its clock in steps: with time_limit=0.05 it may stop after 0.044 s (or
    # report UNKNOWN at once). That is the limit, not Ctrl-C: bounds, not a KeyboardInterrupt.
    from ortools.sat.python import cp_model

    class Quick(cp_model.CpSolver):  # type: ignore[misc]
        def solve(self, model: object, callback: object = None) -> object:
            return cp_model.FEASIBLE

        def value(self, var: object) -> int:
            return 1

        @property
        def wall_time(self) -> float:
            return wall

        @property
        def best_objective_bound(self) -> float:
            return 2.0

    monkeypatch.setattr(cp_model, "CpSolver", Quick)
    p = lo.Puzzle(nx.disjoint_union_all([nx.path_graph(5) for _ in range(4)]), modulus=3)
    sol = lo.solve(p, 0, target=1, minimize=True, max_enumerate=0, time_limit=0.05)
    assert sol.verify() and not sol.optimal and sol.lower_bound == 2 <= sol.num_presses


def test_the_branch_and_bound_returns_its_best_when_time_runs_out() -> None:
    f = factorization(lo.grid(19, 19))
    x0 = f.solve(np.ones(361, dtype=np.int64))
    sol = split_search_minimum(x0, f.kernel(), time_limit=1e-9, inner=8)
    assert not sol.optimal and sol.lower_bound is not None
    assert sol.lower_bound <= 141 <= sol.num_presses  # OEIS A075464(19) = 141
    assert "'time_limit'" in sol.proof and "'max_enumerate'" in sol.proof
    exact = fewest_presses(x0, f.kernel(), 2, max_enumerate=0)
    assert exact.optimal and exact.num_presses == 141


def test_ctrl_c_in_the_branch_and_bound_keeps_the_best(monkeypatch: pytest.MonkeyPatch) -> None:
    from lightsout_graphs.algorithms import _cosets as coset

    calls = {"n": 0}
    real = coset._wht_min

    def flaky(*args: object) -> tuple[int, int]:
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(coset, "_wht_min", flaky)
    f = factorization(lo.grid(19, 19))
    x0 = f.solve(np.ones(361, dtype=np.int64))
    with pytest.raises(MinimumInterrupted) as info:
        split_search_minimum(x0, f.kernel(), inner=8)
    best = info.value.best
    assert best is not None and not best.optimal
    assert best.lower_bound is not None and best.lower_bound <= 141 <= best.num_presses


def test_cpsat_over_the_grouped_coset_is_exact() -> None:
    p = lo.grid(4, 4, modulus=3)
    f = factorization(p)
    x0 = f.solve(np.ones(16, dtype=np.int64))
    assert x0 is not None
    a = cpsat_minimum(x0, f.kernel(), 3)
    b = enumerate_minimum(x0, f.kernel(), 3)
    assert a.optimal and a.num_presses == b.num_presses == a.lower_bound


def test_huge_moduli_are_enumerated_directly() -> None:
    k = 2**61
    p = doubling(3, k)
    sol = lo.solve(p, 0, [k - 2] * 3, minimize=True)
    assert sol.optimal and sol.vector.tolist() == [2**60 - 1] * 3


def test_an_unproven_result_advises_no_enumeration_beyond_the_memory_budget() -> None:
    from lightsout_graphs.algorithms.minimum import _enumeration_route

    # 2^512 solutions (155 digits) cannot be enumerated: the route left is more time.
    assert _enumeration_route(2**512, 2, "or") == ""
    assert _enumeration_route(2**40, 2, "or") == ""  # 32 TiB of counts
    assert _enumeration_route(2**20, 3, "or") == (
        ", or raise 'max_enumerate' to 3145728 to enumerate all of them"
    )


def test_the_proof_of_an_enumeration_names_what_was_grouped() -> None:
    best = lo.solve(lo.grid(5, 5), 0, target=1, minimize=True)
    assert best.proof == "enumeration of all 4 solutions (presses counted over 7 groups of buttons)"


def test_every_engine_finds_the_lightest_member_of_a_tiny_coset() -> None:
    x0, gens = np.array([1, 1, 0]), [(np.array([1, 1, 1]), 2)]
    best = enumerate_minimum(x0, gens, 2)
    assert (best.vector.tolist(), best.num_presses, best.optimal) == ([0, 0, 1], 1, True)
    best = cpsat_minimum(x0, gens, 2)
    assert (best.num_presses, best.optimal) == (1, True)


def test_the_branch_and_bound_proves_25_presses_for_the_9x9_grid() -> None:
    f = factorization(lo.grid(9, 9))
    best = split_search_minimum(f.solve(np.ones(81, dtype=np.int64)), f.kernel())
    assert (best.num_presses, best.optimal) == (25, True)
