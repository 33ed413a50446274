"""The compiled kernels of the packed GF(2) engine: built once, and right on wide matrices."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp

from lightsout_graphs import zk
from lightsout_graphs.core.zk.gf2_compiled import compiled_kernels
from lightsout_graphs.core.zk.gf2_packed import AVAILABLE

pytestmark = pytest.mark.skipif(not AVAILABLE, reason="numba is not installed")


def test_the_kernels_are_compiled_once() -> None:
    kernels = compiled_kernels()
    assert sorted(kernels) == [
        "back_substitute",
        "backward",
        "eliminate",
        "forward",
        "kernel_words",
        "pack",
    ]
    assert compiled_kernels() is kernels


@pytest.mark.parametrize(("m", "n", "seed"), [(70, 130, 0), (130, 70, 1), (129, 129, 2)])
def test_packed_words_agree_with_python_bitsets(m: int, n: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    low = rng.integers(0, 2, size=(m, 20)) @ rng.integers(0, 2, size=(20, n))  # rank <= 20
    a = sp.csr_array((low + (rng.random((m, n)) < 0.01)) % 2)
    packed = zk.factorize(a, 2, method="gf2-packed")
    plain = zk.factorize(a, 2, method="gf2-python")
    assert packed.method == "gf2-packed"
    assert packed.rank == plain.rank
    dense = a.toarray()
    for g, order in packed.kernel():
        assert order == 2 and not np.any(dense @ g % 2)
    for y, _ in packed.left_kernel():
        assert not np.any(y @ dense % 2)
    for _ in range(5):
        rhs = rng.integers(0, 2, size=m).astype(np.int64)
        x = packed.solve(rhs)
        assert (x is None) == (plain.solve(rhs) is None)
        if x is not None:
            assert np.array_equal(dense @ x % 2, rhs)
        else:
            cert = packed.certificate(rhs)
            assert cert is not None
            assert not np.any(cert @ dense % 2) and int(cert @ rhs) % 2 == 1


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_pack_sets_the_bits_of_the_odd_entries(seed: int) -> None:
    rng = np.random.default_rng(seed)
    dense = rng.integers(0, 4, size=(37, 150)) * (rng.random((37, 150)) < 0.2)
    csr = sp.csr_array(dense)
    words = compiled_kernels()["pack"](csr.indptr, csr.indices, csr.data, 3)
    bits = (words[:, :, None] >> np.arange(64, dtype=np.uint64)) & np.uint64(1)
    assert np.array_equal(bits.reshape(37, 192)[:, :150], dense % 2)
    assert not bits.reshape(37, 192)[:, 150:].any()
