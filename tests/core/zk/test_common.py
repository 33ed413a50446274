"""The shared checks and vector helpers of the Z_k engines."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given
from hypothesis import strategies as st

from lightsout_graphs.core.errors import InvalidStateError, MatrixError
from lightsout_graphs.core.zk import _common


def test_coerce_matrix_reduces_every_input_form() -> None:
    want = [[1, 0], [2, 1]]
    for a in (
        np.array([[4, 3], [-1, 7]]),
        np.array([[4, 3], [-1, 7]], dtype=object),
        [[4, 3], [-1, 7]],
        sp.csr_array(np.array([[4, 3], [-1, 7]])),
        np.array([[4, 3], [2, 7]], dtype=np.uint64),
    ):
        out = _common.coerce_matrix(a, 3)
        assert out.dtype == np.int64
        assert out.toarray().tolist() == want
    assert _common.coerce_matrix(np.array([[3, 0]]), 3).nnz == 0


@pytest.mark.parametrize(
    ("matrix", "words"),
    [
        ([[1, 2], [3]], "ragged"),
        (np.zeros(3, dtype=np.int64), "2-D"),
        (np.zeros((2, 2)), "dtype float64"),
        (np.array([[1, 2.5]], dtype=object), "entry \\(0, 1\\)"),
        ("1 2", "not str"),
        (sp.csr_array(np.zeros((2, 2))), "dtype float64"),
    ],
)
def test_coerce_matrix_refuses_non_integer_matrices(matrix: object, words: str) -> None:
    with pytest.raises(MatrixError, match=words):
        _common.coerce_matrix(matrix, 5)


@given(st.lists(st.integers(-(2**70), 2**70), max_size=6), st.integers(2, 2**61))
def test_coerce_vector_reduces_exactly(values: list[int], k: int) -> None:
    out = _common.coerce_vector(values, len(values), k)
    assert [int(v) for v in out] == [v % k for v in values]
    assert out.dtype == _common.vector_dtype(k)


@pytest.mark.parametrize(
    ("rhs", "words"),
    [
        ([1, 2], "length 3"),
        ([[1, 2, 3]], "1-D"),
        ([1, 2.5, 3], "entry 1"),
        (np.array([1.0, 2.0, 3.0]), "dtype float64"),
    ],
)
def test_coerce_vector_names_the_argument(rhs: object, words: str) -> None:
    with pytest.raises(InvalidStateError, match=f"'state'.*{words}"):
        _common.coerce_vector(rhs, 3, 5, name="state")


@given(st.integers(2, 2**61), st.integers(0, 2**32 - 1))
def test_matvec_and_embedding_are_exact(k: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    mat = np.array([[int(v) % k for v in rng.integers(0, 2**62, 4)] for _ in range(3)], object)
    vec = np.array([int(v) % k for v in rng.integers(0, 2**62, 4)], dtype=object)
    got = _common.matvec_mod(
        mat.astype(_common.vector_dtype(k)), vec.astype(_common.vector_dtype(k)), k
    )
    want = [sum(int(a) * int(b) for a, b in zip(row, vec, strict=True)) % k for row in mat]
    assert [int(v) for v in got] == want
    assert [int(v) for v in _common.embed_crt(vec, 3, k)] == [int(v) * 3 % k for v in vec]
    assert _common.fits_int64(k) == ((k - 1) ** 2 < 2**63)
