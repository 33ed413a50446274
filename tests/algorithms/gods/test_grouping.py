"""The one grouping of the package: lights grouped by their column of quiet patterns."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.algorithms.gods import group_coset, quiet_groups


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
