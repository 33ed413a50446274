"""The shared solve / test / certify steps of the elimination engines agree with each other."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lightsout_graphs import zk
from lightsout_graphs.core.zk import gfp_flint
from lightsout_graphs.core.zk.elimination import EliminationSolver
from tests.core.zk.zk_oracle import dot, matrices, matvec, vecmat

ENGINES = [("gf2-python", 2), ("gf3", 3), ("gfp", 5), ("local", 4), ("local", 9)]


@pytest.mark.parametrize(("method", "k"), ENGINES)
@settings(max_examples=20)
@given(data=st.data())
def test_solution_or_certificate_never_both(method: str, k: int, data: st.DataObject) -> None:
    a = data.draw(matrices(k, max_cells=400))
    f = zk.factorize(a, k, method=method)
    assert isinstance(f, EliminationSolver)
    m = a.shape[0]
    rhs = np.array(
        data.draw(st.lists(st.integers(0, k - 1), min_size=m, max_size=m)), dtype=np.int64
    )
    x = f.solve(rhs)
    y = f.certificate(rhs)
    assert f.is_solvable(rhs) == (x is not None) == (y is None)
    if x is not None:
        assert matvec(a, x, k) == tuple(int(v) % k for v in rhs)
    else:
        assert y is not None
        assert not any(vecmat(y, a, k))
        assert dot(y, rhs, k) != 0
    image = np.array(matvec(a, np.ones(a.shape[1], dtype=np.int64), k), dtype=np.int64)
    assert f.is_solvable(image) and f.certificate(image) is None


@pytest.mark.parametrize(
    ("method", "k"),
    [(m, k) for m, k in ENGINES if m != "local"]
    + [("gf2-dense", 2), ("z4", 4), ("crt", 6), ("auto", 12), ("flint", 5), ("flint-local", 9)],
)
def test_every_engine_shares_the_steps(method: str, k: int) -> None:
    if method.startswith("flint") and not gfp_flint.available():
        pytest.skip("python-flint is not installed")
    assert isinstance(zk.factorize(np.array([[1, 1], [0, 1]]), k, method=method), EliminationSolver)
