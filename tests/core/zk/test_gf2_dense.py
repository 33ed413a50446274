"""The gf2-dense engine (bit-packed dense Gauss–Jordan) agrees with the oracles."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from lightsout_graphs import zk
from lightsout_graphs.core.zk import DenseGF2, pack_rows, unpack_rows
from lightsout_graphs.core.zk.protocol import Factorization
from tests.core.zk.zk_oracle import check_against_general, check_factorization, medium_system
from tests.core.zk.zk_oracle import matrices as small_matrices


@st.composite
def matrices(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray]:
    rows = draw(st.integers(1, 140))
    cols = draw(st.integers(1, 140))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    density = draw(st.sampled_from([0.02, 0.2, 0.5]))
    a = (rng.random((rows, cols)) < density).astype(np.int64)
    if rows > 2 and draw(st.booleans()):
        a[-1] = a[0] ^ a[1]  # force a dependent row
    return a, rng.integers(0, 2, rows)


@given(matrices())
def test_agrees_with_the_general_engine(case: tuple[np.ndarray, np.ndarray]) -> None:
    a, b = case
    rows, cols = a.shape
    dense = DenseGF2(pack_rows(a), cols)
    general = zk.factorize(a, 2)
    assert isinstance(dense, Factorization)
    assert (dense.rank, dense.kernel_size, dense.image_size) == (
        general.rank,
        general.kernel_size,
        general.image_size,
    )
    kernel = dense.kernel()
    assert len(kernel) == cols - general.rank
    for g, order in kernel:
        assert order == 2
        assert not (a @ g % 2).any()
    if kernel:
        basis = np.array([g for g, _ in kernel])
        assert zk.rank(basis, 2) == len(kernel)
    for y, _ in dense.left_kernel():
        assert not (y @ a % 2).any()
    assert len(dense.left_kernel()) == rows - general.rank
    x = dense.solve(b)
    assert (x is None) == (not general.is_solvable(b))
    if x is None:
        y = dense.certificate(b)
        assert y is not None
        assert not (y @ a % 2).any()
        assert y @ b % 2 == 1
    else:
        assert (a @ x % 2 == b).all()
        assert dense.certificate(b) is None
        assert dense.is_solvable(b)


@given(st.integers(1, 5), st.integers(1, 200), st.integers(0, 2**32 - 1))
def test_pack_round_trip(rows: int, cols: int, seed: int) -> None:
    bits = np.random.default_rng(seed).integers(0, 2, (rows, cols)).astype(np.uint8)
    packed = pack_rows(bits)
    assert packed.dtype == np.uint64
    assert packed.shape == (rows, (cols + 63) // 64)
    assert (unpack_rows(packed, cols) == bits).all()


@given(system=medium_system(2, max_side=20))
def test_engine_against_the_general_engine(system: tuple[np.ndarray, list[np.ndarray]]) -> None:
    a, rhs = system
    f = zk.factorize(a, 2, method="gf2-dense")
    assert isinstance(f, DenseGF2)
    check_against_general(f, a, 2, rhs)


@given(a=small_matrices(2, max_cells=300))
def test_engine_against_brute_force(a: np.ndarray) -> None:
    check_factorization(zk.factorize(a, 2, method="gf2-dense"), a, 2)
