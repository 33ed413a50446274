"""What every chasing engine shares: solving, solvability and both kernels, by brute force."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.grids import GridChaser, WrappedChaser
from lightsout_graphs.grids.chase_base import ChasingFactorization
from lightsout_graphs.zk.protocol import Factorization
from tests.zk.zk_oracle import check_factorization


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
