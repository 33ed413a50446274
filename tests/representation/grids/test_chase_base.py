"""What every chasing engine shares: solving, solvability and both kernels, by brute force."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.core.zk.protocol import Factorization
from lightsout_graphs.representation.grids import GridChaser, WrappedChaser
from lightsout_graphs.representation.grids.chase_base import ChasingFactorization
from tests.core.zk.zk_oracle import check_factorization


def chasers() -> list[tuple[ChasingFactorization, lo.Puzzle]]:
    cases: list[tuple[ChasingFactorization, lo.Puzzle]] = []
    for m, n, k, rule in [
        (2, 3, 2, "closed"),
        (3, 3, 2, "open"),
        (2, 2, 3, "closed"),
        (1, 4, 4, "closed"),
    ]:
        cases.append((GridChaser(m, n, k, rule), lo.grid(m, n, modulus=k, rule=rule)))
    for m, n, k, rows, cols in [
        (3, 3, 2, True, True),
        (2, 4, 2, True, False),
        (3, 2, 3, False, True),
    ]:
        graph = nx.convert_node_labels_to_integers(
            nx.grid_2d_graph(m, n, periodic=(cols, rows)), ordering="sorted"
        )
        cases.append(
            (WrappedChaser(m, n, k, wrap_rows=rows, wrap_cols=cols), lo.Puzzle(graph, modulus=k))
        )
    return cases


@pytest.mark.parametrize(("engine", "puzzle"), chasers())
def test_chasers_keep_the_factorization_contract(
    engine: ChasingFactorization, puzzle: lo.Puzzle
) -> None:
    assert isinstance(engine, Factorization)
    check_factorization(engine, puzzle.toggle_matrix().toarray(), puzzle.modulus)


@settings(max_examples=20)
@given(st.integers(1, 12), st.integers(1, 12), st.sampled_from([2, 3, 5]))
def test_quiet_pattern_counts_match_the_general_engine(m: int, n: int, k: int) -> None:
    engine = GridChaser(m, n, k)
    general = lo.zk.factorize(lo.grid(m, n, modulus=k).toggle_matrix(), k, method="auto")
    assert len(engine.kernel()) == len(general.kernel())
    assert len(engine.left_kernel()) == len(general.left_kernel())


def test_chasing_refuses_a_board_over_the_budget_before_allocating() -> None:
    import os
    import shutil
    import subprocess
    import sys

    # Under an 8 GB cap these allocated 3 GiB vectors and raised a raw MemoryError.
    code = (
        "import lightsout_graphs as lo\n"
        "for p in (lo.grid(20000, 20000), lo.torus(20000, 20000), lo.grid(20000, 9, modulus=3)):\n"
        "    for call in (lo.solve, lo.is_solvable):\n"
        "        try:\n"
        "            call(p, 1)\n"
        "        except lo.MemoryBudgetError as err:\n"
        '            print(type(err).__name__, err.needed > err.budget, str(err).split(" (")[0])\n'
    )
    prefix = ["prlimit", "--as=8000000000"] if shutil.which("prlimit") else []
    env = {**os.environ, "LIGHTSOUT_MEMORY_BUDGET": "16M"}
    proc = subprocess.run(
        [*prefix, sys.executable, "-c", code],
        capture_output=True,
        timeout=120,
        env=env,
        check=False,
    )
    lines = proc.stdout.decode().splitlines()
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    assert lines == [
        "MemoryBudgetError True Light chasing on a 20000×20000 grid mod 2",
        "MemoryBudgetError True Light chasing on a 20000×20000 grid mod 2",
        "MemoryBudgetError True Light chasing on a 20000×20000 torus mod 2",
        "MemoryBudgetError True Light chasing on a 20000×20000 torus mod 2",
        "MemoryBudgetError True Light chasing on a 20000×9 grid mod 3",
        "MemoryBudgetError True Light chasing on a 20000×9 grid mod 3",
    ]


def test_the_chasing_estimate_covers_the_measured_peak() -> None:
    import contextlib
    import tracemalloc

    from lightsout_graphs.representation.grids.chase_base import chase_memory

    for m, n, k in [(300, 200, 2), (200, 300, 3), (150, 150, 7)]:
        p = lo.grid(m, n, modulus=k)
        tracemalloc.start()
        with contextlib.suppress(lo.Unsolvable):
            lo.solve(p, 1)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        w = min(m, n)
        assert peak <= chase_memory(m * n, w, w, k), (m, n, k, peak)


def test_chase_seconds_follows_the_engine() -> None:
    from lightsout_graphs.representation.grids.chase_base import chase_seconds

    # Long and narrow boards are chased in blocks: about the square board of as many lights.
    thin, square = chase_seconds(2**20, 3, 2), chase_seconds(1774, 1774, 2)
    assert thin < 2 * square and thin < 2
    assert chase_seconds(2**17, 3, 2, (True, True)) < chase_seconds(627, 627, 2, (True, True))
    # Residues held as Python integers cost more per entry, not per row step.
    wide, narrow = chase_seconds(300, 300, 2**61 - 1), chase_seconds(300, 300, 3)
    assert narrow < wide < 60
    assert chase_seconds(3000, 3, 2**61 - 1) < 1
    # A board whose rows are chased one by one pays a step per row.
    assert chase_seconds(10**6, 100, 3) > 10 * chase_seconds(10**6, 3, 3)
