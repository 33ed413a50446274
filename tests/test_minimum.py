"""Tests of the fewest-press search: enumeration and CP-SAT edge cases."""

from __future__ import annotations

import numpy as np
import pytest

import lightsout_graphs as lo
from lightsout_graphs.minimum import cpsat_minimum, enumerate_minimum


def test_enumeration_of_a_single_solution_says_so() -> None:
    best = enumerate_minimum(np.array([1, 0, 1]), [], 2)
    assert best.num_presses == 2
    assert best.proof == "enumeration of the only solution"


def test_enumeration_over_z3_finds_the_lightest_coset_element() -> None:
    x0 = np.array([1, 2, 1])
    g = np.array([1, 1, 2])
    best = enumerate_minimum(x0, [(g, 3)], 3)
    candidates = [(x0 + c * g) % 3 for c in range(3)]
    assert best.num_presses == min(int(v.sum()) for v in candidates)


def test_a_search_cut_short_by_ctrl_c_is_an_interrupt(monkeypatch: pytest.MonkeyPatch) -> None:
    # CP-SAT handles SIGINT itself and returns FEASIBLE long before its time limit; that must
    # reach the user as an interrupt, not as "did not prove optimality within the limit".
    from ortools.sat.python import cp_model

    class Interrupted(cp_model.CpSolver):  # type: ignore[misc]
        def solve(self, model: object, callback: object = None) -> object:
            return cp_model.FEASIBLE

        @property
        def wall_time(self) -> float:
            return 0.5

    monkeypatch.setattr(cp_model, "CpSolver", Interrupted)
    with pytest.raises(KeyboardInterrupt):
        cpsat_minimum(lo.grid(3, 3), np.ones(9, dtype=np.int64), time_limit=60)


def test_a_search_that_reaches_its_limit_names_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    from ortools.sat.python import cp_model

    class Slow(cp_model.CpSolver):  # type: ignore[misc]
        def solve(self, model: object, callback: object = None) -> object:
            return cp_model.FEASIBLE

        @property
        def wall_time(self) -> float:
            return 60.0

    monkeypatch.setattr(cp_model, "CpSolver", Slow)
    with pytest.raises(lo.LightsOutError, match="raise 'time_limit'"):
        cpsat_minimum(lo.grid(3, 3), np.ones(9, dtype=np.int64), time_limit=60)
