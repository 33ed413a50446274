"""The ctypes binding to FLINT's nmod_mat: entries cross as 64-bit words, both ways."""

from __future__ import annotations

import numpy as np
import pytest

from lightsout_graphs.core.zk._flint import FlintMatrix, library, lu

pytestmark = pytest.mark.skipif(library() is None, reason="python-flint is missing")


def test_round_trip_and_views() -> None:
    rng = np.random.default_rng(3)
    for p in (3, 2**31 - 1, 2**63 - 25):
        values = rng.integers(0, min(p, 2**62), size=(7, 5)).astype(np.uint64)
        mat = FlintMatrix(7, 5, p, values)
        assert np.array_equal(mat.to_numpy(), values)
        assert np.array_equal(mat.view(), values)
        mat.view()[2, 3] = 1
        assert int(mat.to_numpy()[2, 3]) == 1
        window = mat.window(1, 1, 4, 3)
        assert (window.rows, window.cols) == (3, 2)


def test_rank_matches_numpy_over_a_large_prime() -> None:
    a = np.array([[1, 2, 3], [2, 4, 6], [1, 0, 1]], dtype=np.int64)
    assert lu(FlintMatrix(3, 3, 2**31 - 1, a))[0] == 2
    assert FlintMatrix(0, 0, 5).to_numpy().shape == (0, 0)


def test_disabled_by_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LIGHTSOUT_NO_FLINT", "1")
    library.cache_clear()
    try:
        assert library() is None
    finally:
        monkeypatch.delenv("LIGHTSOUT_NO_FLINT")
        library.cache_clear()
    assert library() is not None


def test_factorisations_pickle() -> None:
    import pickle

    from lightsout_graphs import zk

    a = np.array([[1, 2, 0], [2, 4, 1], [0, 0, 1]], dtype=np.int64)
    f = zk.factorize(a, 7, method="flint")
    g = pickle.loads(pickle.dumps(f))
    b = np.array([1, 2, 3])
    assert np.array_equal(f.solve(b), g.solve(b))
    assert [v.tolist() for v, _ in g.kernel()] == [v.tolist() for v, _ in f.kernel()]
    assert np.array_equal(f.certificate(np.array([1, 0, 0])), g.certificate(np.array([1, 0, 0])))
    window = FlintMatrix(2, 2, 5, np.array([[1, 2], [3, 4]])).window(0, 1, 2, 2)
    assert pickle.loads(pickle.dumps(window)).rows == 2


def test_one_answer_to_whether_flint_runs() -> None:
    from lightsout_graphs.core.zk import _flint, gfp_flint, local_flint

    assert gfp_flint.available is local_flint.available is _flint.available
    assert _flint.available() == (library() is not None)


def test_lu_triangular_solve_and_product() -> None:
    from lightsout_graphs.core.zk._flint import mul, solve_tri

    r, perm, piv = lu(FlintMatrix(2, 3, 5, np.array([[0, 1, 2], [0, 2, 4]])))
    assert (r, perm.tolist(), piv.tolist()) == (1, [0, 1], [1])
    tri = FlintMatrix(2, 2, 5, np.array([[1, 0], [2, 1]]))
    assert solve_tri("nmod_mat_solve_tril", tri, np.array([[1], [0]]), True, 5).tolist() == [
        [1],
        [3],
    ]
    assert solve_tri("nmod_mat_solve_tril", tri, np.zeros((2, 0)), True, 5).shape == (2, 0)
    assert mul(FlintMatrix(1, 2, 7, np.array([[3, 4]])), np.array([[5], [6]]), 7).tolist() == [[4]]
    mat = FlintMatrix(2, 2, 3, np.eye(2, dtype=np.int64))
    assert mat.ptr is not None and mat.window(0, 0, 1, 1).ptr is not None
