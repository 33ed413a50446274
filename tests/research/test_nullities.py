"""The square and torus nullities of ``research/nullities``: the fast route, the b-files, the checks."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import networkx as nx
import numpy as np
import pytest

import lightsout_graphs as lo
from lightsout_graphs.representation.grids import nullity
from lightsout_graphs.representation.products import product_nullity

FOLDER = Path(__file__).resolve().parents[2] / "research" / "nullities"
TOP = 100_000


@pytest.fixture(scope="module")
def squares() -> ModuleType:
    spec = importlib.util.spec_from_file_location("nullities_squares", FOLDER / "squares.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def board(squares: ModuleType) -> dict[int, int]:
    return squares.read_bfile(FOLDER / "b159257.txt")


@pytest.fixture(scope="module")
def torus(squares: ModuleType) -> dict[int, int]:
    return squares.read_bfile(FOLDER / "b165738.txt")


def test_fast_route_equals_the_direct_gcd(squares: ModuleType) -> None:
    fast = squares.board_nullities(260)
    assert [int(v) for v in fast] == [nullity(n, n) for n in range(1, 261)]
    assert fast[:5].tolist() == [0, 0, 0, 4, 2]  # 4×4 → 4, 5×5 → 2
    assert fast[[8, 10, 31, 63]].tolist() == [8, 6, 20, 28]  # 9, 11, 32, 64


def test_python_and_compiled_euclid_agree(squares: ModuleType) -> None:
    pytest.importorskip("numba")
    compiled = squares.odd_gcd_degrees(6001)
    assert np.array_equal(compiled, squares.odd_gcd_degrees(6001, compiled=False))


def test_torus_relation_against_invariant_factors_and_elimination(squares: ModuleType) -> None:
    torus = squares.torus_nullities(squares.board_nullities(120))
    for n in range(3, 122):
        cycle = nx.cycle_graph(n)
        assert torus[n - 1] == product_nullity(cycle, cycle), n
    for n in (3, 5, 6, 9, 10):
        puzzle = lo.Puzzle(nx.grid_2d_graph(n, n, periodic=True))
        assert torus[n - 1] == lo.analyze(puzzle).nullity, n


def test_bfiles_hold_every_n(board: dict[int, int], torus: dict[int, int]) -> None:
    assert list(board) == list(range(1, TOP + 1))
    assert list(torus) == list(range(1, TOP + 1))
    for path in ("b159257.txt", "b165738.txt"):
        head = (FOLDER / path).read_text(encoding="utf-8").splitlines()[:2]
        assert "python research/nullities/squares.py" in "".join(head), path
    # every 2^k - 1 board is always solvable (HMP); the largest terms sit at n + 1 = 2^a·b
    assert all(board[2**k - 1] == 0 for k in range(1, 17))
    assert all(value <= n for n, value in board.items())


def test_bfiles_pass_the_quick_checks(
    squares: ModuleType, board: dict[int, int], torus: dict[int, int]
) -> None:
    done = squares.checks(board, torus, full=False)
    assert any("published b-file for n ≤ 4096" in line for line in done)
    assert any("published terms for n ≤ 90" in line for line in done)
    for n in (99_999, 65_535, 87_381):  # n + 1 = 2^5·3125, 2^16, 2·43691 (3 | 131073)
        assert board[n] == nullity(n, n), n


@pytest.mark.parametrize("n", [7, 4000, 50_000])
def test_a_tampered_board_term_is_caught(
    squares: ModuleType, board: dict[int, int], n: int
) -> None:
    bad = dict(board)
    bad[n] += 2
    # n ≤ 4096: the published b-file catches it; above, the direct gcd nullity(n, n)
    with pytest.raises(AssertionError, match=f"A159257\\({n}\\)"):
        squares.check_board(bad, [n], [1], 1)


@pytest.mark.parametrize("n", [8, 2001])
def test_a_tampered_torus_term_is_caught(
    squares: ModuleType, torus: dict[int, int], n: int
) -> None:
    bad = dict(torus)
    bad[n] += 4
    # n ≤ 90: the published terms catch it; above, the cycles' invariant factors
    with pytest.raises(AssertionError, match=f"A165738\\({n}\\)"):
        squares.check_torus(bad, [n], 2)


def test_the_table_run_reaches_16384_within_its_budget(board: dict[int, int]) -> None:
    import json

    data = json.loads((FOLDER / "results.json").read_text(encoding="utf-8"))
    rows = {r["max_side"]: r for r in data["rows"]}
    assert max(rows) == 16384
    assert rows[16384]["cpu_seconds"] <= 90  # nullity_table(16384), CPU time of the recorded run
    assert rows[16384]["largest_at"] == [15871, 15871]  # 15871 + 1 = 2^9 · 31
    assert rows[16384]["largest_nullity"] == 10240 == board[15871]  # on the diagonal
