"""The counting lower bound on God's number against brute force over press vectors."""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.algorithms.gods import counting_bound, gods_number, sphere_radius
from lightsout_graphs.core.errors import MatrixError
from tests.strategies import small_graphs


def brute_radius(n: int, k: int, boards: int) -> int:
    """The least R with at least ``boards`` press vectors of weight ≤ R, by listing them all."""
    weights = np.array([sum(x) for x in itertools.product(range(k), repeat=n)], dtype=np.int64)
    for r in range(n * (k - 1) + 1):
        if int((weights <= r).sum()) >= boards:
            return r
    raise AssertionError("more boards than press vectors")


@given(st.integers(0, 6), st.integers(2, 5), st.data())
def test_the_radius_is_the_least_that_holds_the_boards(n: int, k: int, data: st.DataObject) -> None:
    if k**n > 4096:
        n = 3
    boards = data.draw(st.integers(1, k**n))
    assert sphere_radius(n, k, boards) == brute_radius(n, k, boards)


@given(
    small_graphs(max_nodes=5),
    st.sampled_from([2, 3, 4]),
    st.sampled_from(["closed", "open"]),
)
def test_the_counting_bound_never_exceeds_gods_number(g: nx.Graph, k: int, rule: str) -> None:
    if k ** g.number_of_nodes() > 5000:
        g = g.subgraph(list(g)[:4]).copy()
    puzzle = lo.Puzzle(g, modulus=k, rule=rule)
    bound = counting_bound(puzzle)
    assert bound <= gods_number(puzzle)
    if lo.analyze(puzzle).nullity == 0:  # one solution per board: the bound is exact
        assert bound == (k - 1) * len(puzzle.pressable)


@pytest.mark.parametrize(("n", "expected"), [(4, 5), (5, 11), (19, 141), (84, 3382)])
def test_square_boards(n: int, expected: int) -> None:
    # 2**(n² − d) boards against the binomial sums of n² lights; God's numbers 7, 15, ≥164, ≥3587
    assert counting_bound(lo.grid(n, n)) == expected


def test_the_bound_follows_the_boards_not_the_lights() -> None:
    # the same 4×4 lights with fewer pressable nodes: fewer boards, a lower bound
    few = lo.grid(4, 4, pressable=[(0, 0), (1, 1), (2, 2), (3, 3)])
    assert counting_bound(few) == sphere_radius(4, 2, 2**4 // lo.analyze(few).num_quiet_patterns)


@pytest.mark.parametrize(
    ("args", "match"),
    [
        ((3, 2, 9), "boards=9 is more than the 2\\*\\*3 press vectors"),
        ((-1, 2, 1), "nodes"),
        ((3, 1, 1), "modulus"),
        ((3, 2, 0), "boards"),
    ],
)
def test_bad_counts_are_refused(args: tuple[int, int, int], match: str) -> None:
    with pytest.raises(MatrixError, match=match):
        sphere_radius(*args)
