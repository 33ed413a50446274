"""Tests of the benchmark code itself: baselines, the M4RI input format, problems and the table."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given
from hypothesis import strategies as st

import lightsout_graphs as lo
from benchmarks import run
from benchmarks.baselines import colscan, galois_gf2
from benchmarks.common import Result, Timing, measure
from benchmarks.m4ri import harness as m4ri
from benchmarks.problems import (
    closed_grid_apply,
    grid_matrix,
    random_sparse_matrix,
    reachable_rhs,
)
from lightsout_graphs import zk


@st.composite
def systems(draw: st.DrawFn, max_side: int = 9) -> tuple[np.ndarray, np.ndarray]:
    """A small integer matrix (any entries, read mod 2) and a right-hand side."""
    m = draw(st.integers(1, max_side))
    n = draw(st.integers(1, max_side))
    entries = st.integers(0, 3)
    a = np.array(draw(st.lists(entries, min_size=m * n, max_size=m * n))).reshape(m, n)
    b = np.array(draw(st.lists(entries, min_size=m, max_size=m)))
    return a, b


def _gf2_rank(a: np.ndarray) -> int:
    """Rank over GF(2) by brute force over subsets of rows (tiny matrices only)."""
    rows = [int("".join(map(str, r[::-1] % 2)), 2) for r in a]
    basis: list[int] = []
    for r in rows:
        for v in basis:
            r = min(r, r ^ v)
        if r:
            basis.append(r)
    return len(basis)


# -- column-scan baseline ----------------------------------------------------------------------


@given(systems())
def test_colscan_agrees_with_zk(system: tuple[np.ndarray, np.ndarray]) -> None:
    a, b = system
    res = colscan.solve(a, b)
    f = zk.factorize(a, 2)
    assert res.rank == f.rank == _gf2_rank(a)
    assert (res.solution is None) == (f.solve(b) is None)
    if res.solution is not None:
        assert np.array_equal(a @ res.solution % 2, b % 2)
    assert len(res.kernel) == a.shape[1] - res.rank
    for vec in res.kernel:
        assert not (a @ vec % 2).any()
    if res.kernel:
        assert _gf2_rank(np.array(res.kernel)) == len(res.kernel)


def test_colscan_on_the_classic_board() -> None:
    puzzle = lo.grid(5, 5)
    matrix = puzzle.toggle_matrix()
    res = colscan.solve(matrix, np.ones(25, dtype=np.int64))
    assert res.rank == 23
    assert len(res.kernel) == 2
    assert res.solution is not None
    assert puzzle.apply(0, puzzle.as_dict(res.solution)) == dict.fromkeys(puzzle.nodes, 1)
    corner = np.zeros(25, dtype=np.int64)
    corner[0] = 1
    assert colscan.solve(matrix, corner).solution is None


def test_colscan_packs_rows_with_the_rhs_bit() -> None:
    rows = colscan.matrix_rows(sp.csr_array(np.array([[1, 0, 3], [2, 1, 0]])), np.array([1, 2]))
    assert rows == [0b1101, 0b0010]
    with pytest.raises(ValueError, match="'rhs' must have 2 entries"):
        colscan.matrix_rows(np.eye(2, dtype=int), np.ones(3))


def test_colscan_leaves_its_input_rows_alone() -> None:
    rows = [0b111, 0b011]
    colscan.solve_rows(rows, 2)
    assert rows == [0b111, 0b011]


# -- M4RI input format and harness -------------------------------------------------------------


@given(systems(max_side=12))
def test_m4ri_writer_round_trips_mod_2(
    tmp_path_factory: pytest.TempPathFactory, system: tuple[np.ndarray, np.ndarray]
) -> None:
    a, b = system
    path = tmp_path_factory.mktemp("m4ri") / "s.txt"
    m4ri.write_system(path, sp.csr_array(a), b)
    back_a, back_b = m4ri.read_system(path)
    assert np.array_equal(back_a, a % 2)
    assert np.array_equal(back_b, b % 2)
    lines = path.read_text().splitlines()
    assert lines[0] == f"gf2 {a.shape[0]} {a.shape[1]}"
    assert len(lines) == a.shape[0] + 2


def test_m4ri_writer_rejects_bad_shapes(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="'rhs' must have 3 entries"):
        m4ri.write_system(tmp_path / "x.txt", np.eye(3, dtype=int), np.ones(2))
    (tmp_path / "bad.txt").write_text("gf3 1 1\n1 0\n0\n")
    with pytest.raises(ValueError, match="line 1 must be 'gf2 M N'"):
        m4ri.read_system(tmp_path / "bad.txt")


@pytest.fixture(scope="module")
def harness_exe(tmp_path_factory: pytest.TempPathFactory) -> Path:
    try:
        return m4ri.build(tmp_path_factory.mktemp("build"))
    except m4ri.M4RIUnavailable as exc:
        pytest.skip(str(exc))


@pytest.mark.parametrize("mode", m4ri.MODES)
def test_m4ri_harness_matches_our_rank(harness_exe: Path, mode: str) -> None:
    matrix = grid_matrix(4, 6)
    b = reachable_rhs(matrix, 2, seed=3)
    timing = m4ri.time_system(matrix, b, mode, reps=2, exe=harness_exe)
    assert timing.rank == zk.factorize(matrix, 2).rank
    assert len(timing.seconds) == 2
    assert all(s >= 0 for s in timing.seconds)


def test_m4ri_harness_reports_an_inconsistent_system(harness_exe: Path) -> None:
    matrix = grid_matrix(4, 4)  # nullity 4: the single corner light is not solvable
    b = np.zeros(16, dtype=np.int64)
    b[0] = 1
    with pytest.raises(m4ri.M4RIUnavailable, match="inconsistent"):
        m4ri.time_system(matrix, b, "solve", reps=1, exe=harness_exe)


# -- galois baseline ---------------------------------------------------------------------------


@pytest.mark.skipif(not galois_gf2.available(), reason="galois is not installed")
@given(systems(max_side=6))
def test_galois_baseline_agrees_with_zk(system: tuple[np.ndarray, np.ndarray]) -> None:
    a, b = system
    x, rank = galois_gf2.row_reduce_solve(a, b)
    f = zk.factorize(a, 2)
    assert rank == f.rank
    assert (x is None) == (f.solve(b) is None)
    if x is not None:
        assert np.array_equal(a @ x % 2, b % 2)


# -- problems and records ----------------------------------------------------------------------


@given(st.integers(1, 6), st.integers(1, 6), st.sampled_from(["closed", "open"]))
def test_grid_matrix_is_the_puzzle_toggle_matrix(m: int, n: int, rule: str) -> None:
    ours = grid_matrix(m, n, rule=rule)
    theirs = lo.grid(m, n, rule=rule).toggle_matrix()
    assert np.array_equal(ours.toarray(), theirs.toarray())
    x = np.arange(m * n) % 3
    applied = closed_grid_apply(x.reshape(m, n), 3, rule=rule).ravel()
    assert np.array_equal(applied, theirs @ x % 3)


def test_random_sparse_matrix_is_closed_symmetric_and_seeded() -> None:
    a = random_sparse_matrix(300, 6.0, seed=1)
    assert (a != a.T).nnz == 0
    assert (a.diagonal() == 1).all()
    assert 4 < (a.nnz - 300) / 300 < 8
    assert (random_sparse_matrix(300, 6.0, seed=1) != a).nnz == 0
    b = reachable_rhs(a, 2, seed=2)
    assert zk.factorize(a, 2).is_solvable(b)


def test_result_judges_each_target_kind() -> None:
    fast, slow = Timing([1.0, 2.0, 9.0]), Timing([10.0])
    assert fast.median == 2.0
    assert Result("a", "w", fast, {"b": slow}, kind="ratio_max", value=0.5, against="b").met
    assert not Result("a", "w", fast, {"b": slow}, kind="ratio_max", value=0.1, against="b").met
    assert Result("a", "w", fast, {"b": slow}, kind="speedup_min", value=5, against="b").met
    assert not Result("a", "w", fast, {"b": slow}, kind="speedup_min", value=6, against="b").met
    assert Result("a", "w", fast, kind="seconds_max", value=2.0).met
    assert not Result("a", "w", slow, kind="seconds_max", value=2.0).met
    assert Result("a", "w", fast).met is None
    capped = Result("a", "w", fast, kind="seconds_max", value=2.0, conditions={"memory": False})
    assert capped.met is False
    assert Result("a", "w", None, kind="seconds_max", value=1.0).met is None


def test_measure_respects_setup_and_budget() -> None:
    calls: list[int] = []

    def record(v: int) -> int:
        calls.append(v)
        return v

    timing, answer = measure(record, 4, setup=lambda: (len(calls),))
    assert calls == [0, 1, 2, 3]
    assert answer == 3
    assert len(timing.runs) == 4
    timing, _ = measure(lambda: sum(range(10_000)), 50, budget=0.0)
    assert len(timing.runs) == 1
    assert "stopped after 1 of 50" in timing.note


def test_table_and_dict_rows() -> None:
    row = Result(
        "grid-x",
        "a workload",
        Timing([0.5]),
        {"m4ri": Timing([1.0])},
        "≤ 1×",
        "ratio_max",
        1.0,
        "m4ri",
    )
    swept = run._from_dict({"name": "sweep-a", "ours": 0.25, "baselines": {"old": 1.0}}, 0)
    assert swept.ratio == 0.25
    text = run.format_table([row, swept])
    assert "grid-x" in text and "sweep-a" in text and "0.50× m4ri" in text
    assert row.as_dict()["met"] is True
