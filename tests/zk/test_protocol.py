"""Every engine keeps the Factorization contract: solve, test, certify, both kernels."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lightsout_graphs import zk
from lightsout_graphs.zk.protocol import Factorization
from tests.zk.zk_oracle import check_factorization, matrices

#: Every named engine with the moduli it takes.
ENGINES = [
    ("gf2-python", 2),
    ("gf2-packed", 2),
    ("gf2-dense", 2),
    ("gf3", 3),
    ("gfp", 5),
    ("gfp", 7),
    ("z4", 4),
    ("local", 8),
    ("local", 9),
    ("crt", 6),
    ("crt", 12),
    ("auto", 10),
]


def test_every_method_is_covered() -> None:
    assert {m for m, _ in ENGINES} | {"gf2"} == set(zk.METHODS)


@pytest.mark.parametrize(("method", "k"), ENGINES)
@settings(max_examples=15)
@given(data=st.data())
def test_each_engine_keeps_the_contract(method: str, k: int, data: st.DataObject) -> None:
    a = data.draw(matrices(k, max_cells=300))
    f = zk.factorize(a, k, method=method)
    assert isinstance(f, Factorization)
    assert f.modulus == k
    check_factorization(f, a, k)


def test_a_matrix_with_nothing_in_common_with_the_protocol_is_not_one() -> None:
    assert not isinstance(np.eye(2), Factorization)
