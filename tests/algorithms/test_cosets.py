"""The grouped solution coset (the lower module of minimum and gods): press counts against enumeration."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.algorithms import solver
from lightsout_graphs.algorithms._cosets import (
    generator_columns,
    group_coset,
    press_counts,
    split_minimum,
)
from lightsout_graphs.algorithms.gods import quiet_groups


def enumerated_counts(x0: np.ndarray, gens: list[tuple[np.ndarray, int]], k: int) -> np.ndarray:
    orders = [o for _, o in gens]
    out = np.zeros(orders, dtype=np.int64) if orders else np.zeros((), dtype=np.int64)
    for lam in itertools.product(*(range(o) for o in orders)):
        x = x0.copy()
        for c, (g, _) in zip(lam, gens, strict=True):
            x = (x + c * g) % k
        out[lam] = int(x.sum())
    return out


@settings(max_examples=30)
@given(
    st.sampled_from([(2, 5, 5), (2, 4, 4), (3, 2, 2), (4, 3, 3), (6, 2, 3), (2, 6, 6)]),
    st.integers(0, 10**6),
)
def test_press_counts_are_the_presses_of_every_solution(
    case: tuple[int, int, int], seed: int
) -> None:
    k, m, n = case
    puzzle = lo.grid(m, n, modulus=k)
    f = solver.factorization(puzzle)
    presses = np.random.default_rng(seed).integers(0, k, size=m * n)
    board = puzzle.apply_vector(np.zeros(m * n, dtype=np.int64), presses) % k
    x0 = f.solve(board)
    assert x0 is not None
    gens = f.kernel()
    groups = group_coset(x0, gens, k)
    assert int(groups.sizes.sum()) == m * n
    assert groups.coset_size == int(np.prod([o for _, o in gens], dtype=object))
    counts = press_counts(groups)
    assert np.array_equal(
        np.asarray(counts).reshape(-1), enumerated_counts(x0, gens, k).reshape(-1)
    )


def test_generator_columns_divide_by_the_order() -> None:
    cols = generator_columns([(np.array([2, 0, 2]), 2), (np.array([1, 3, 0]), 4)], 4, 3)
    assert cols.tolist() == [[1, 1], [0, 3], [1, 0]]
    assert generator_columns([], 3, 4).shape == (4, 0)


@pytest.mark.parametrize(("m", "n"), [(9, 9), (4, 4), (5, 5)])
def test_split_minimum_is_the_true_minimum(m: int, n: int) -> None:
    f = solver.factorization(lo.grid(m, n))
    x0 = f.solve(np.ones(m * n, dtype=np.int64))
    assert x0 is not None
    groups = group_coset(x0, f.kernel(), 2)
    best = int(press_counts(groups).min())
    for inner in (1, 2, 4):
        r = split_minimum(groups, inner=inner)
        assert r.complete and r.num_presses == best
        assert len(r.coefficients) == len(f.kernel())
        x = x0.copy()
        for c, (g, _) in zip(r.coefficients, f.kernel(), strict=True):
            x = (x + c * g) % 2
        assert int(x.sum()) == best


# The one grouping of the package: lights grouped by their column of quiet patterns.
@settings(max_examples=30, deadline=None)
@given(st.integers(1, 4), st.integers(1, 12), st.data())
def test_groups_partition_the_lights_by_column_and_value(
    d: int, n: int, data: st.DataObject
) -> None:
    gens = [
        (np.array(data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))), 2)
        for _ in range(d)
    ]
    x0 = np.array(data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    g = group_coset(x0, gens, 2)
    assert int(g.sizes.sum()) == n and g.coset_size == 2**d
    for light in range(n):
        group = int(g.member[light])
        assert g.columns[group].tolist() == [int(q[light]) for q, _ in gens]
        assert int(g.values[group]) == int(x0[light])
    assert np.bincount(g.member, minlength=len(g.sizes)).tolist() == g.sizes.tolist()
    masks = g.masks()
    assert masks.tolist() == [sum(int(c) << i for i, c in enumerate(col)) for col in g.columns]


@pytest.mark.parametrize(("n", "d", "zero"), [(4, 4, 0), (5, 2, 5), (19, 16, 1)])
def test_quiet_groups_of_square_boards(n: int, d: int, zero: int) -> None:
    g = quiet_groups(lo.grid(n, n))
    masks, sizes, untouched = g.binary_code()
    assert g.dimension == d and untouched == zero
    assert int(sizes.sum()) + untouched == n * n and 0 not in masks.tolist()
    assert len(set(masks.tolist())) == len(masks)


def test_quiet_groups_over_z3() -> None:
    g = quiet_groups(lo.grid(2, 2, modulus=3))
    assert g.modulus == 3 and int(g.sizes.sum()) == 4
    with pytest.raises(lo.LightsOutError, match="62 quiet patterns"):
        group_coset(np.zeros(1), [(np.array([1]), 2)] * 63, 2).masks()
