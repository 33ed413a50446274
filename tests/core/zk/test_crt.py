"""Tests of the CRT engine: factorisation of k, merged generators, embedded certificates."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lightsout_graphs import zk
from lightsout_graphs.core.zk.crt import prime_power_parts
from tests.core.zk.zk_oracle import matrices, matvec, vecmat


@pytest.mark.parametrize(
    ("k", "parts"),
    [(2, [(2, 1)]), (12, [(2, 2), (3, 1)]), (360, [(2, 3), (3, 2), (5, 1)]), (2**62, [(2, 62)])],
)
def test_prime_power_parts(k: int, parts: list[tuple[int, int]]) -> None:
    assert prime_power_parts(k) == parts


@pytest.mark.parametrize("k", [6, 12, 60])
@given(data=st.data())
def test_generators_are_in_invariant_factor_form(k: int, data: st.DataObject) -> None:
    a = data.draw(matrices(k, max_cells=10**9))
    f = zk.factorize(a, k, method="crt")
    for gens, width, apply in (
        (f.kernel(), a.shape[1], matvec),
        (f.left_kernel(), a.shape[0], None),
    ):
        orders = [o for _, o in gens]
        assert all(orders[i] % orders[i + 1] == 0 for i in range(len(orders) - 1))
        for g, order in gens:
            assert g.shape == (width,)
            assert k // math.gcd(k, *(int(v) for v in g)) == order
            if apply is not None:
                assert not any(apply(a, g, k))
            else:
                assert not any(vecmat(g, a, k))
    assert math.prod(o for _, o in f.kernel()) == f.kernel_size


def test_certificate_from_one_component() -> None:
    a = np.array([[2, 0], [0, 3]])
    f = zk.factorize(a, 6)
    b = np.array([1, 1])
    y = f.certificate(b)
    assert y is not None
    assert not any(vecmat(y, a, 6))
    assert int(y @ b) % 6 != 0
    assert f.solve(np.array([2, 3])) is not None
