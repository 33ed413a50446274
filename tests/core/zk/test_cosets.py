"""The coset iterator yields every member of ``base + span(generators)`` exactly once."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lightsout_graphs import zk
from tests.core.zk.zk_oracle import matrices, matvec, span


@pytest.mark.parametrize("k", [2, 3, 4, 6, 9])
@settings(max_examples=40)
@given(data=st.data())
def test_iter_coset_yields_the_whole_coset_once(k: int, data: st.DataObject) -> None:
    a = data.draw(matrices(k, max_cells=300))
    m, n = a.shape
    f = zk.factorize(a, k)
    x0 = np.array(data.draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n)), np.int64)
    b = np.array(matvec(a, x0, k), dtype=np.int64).reshape(m)
    gens = f.kernel()
    members = [tuple(int(v) for v in x) for x in zk.iter_coset(x0, gens, k)]
    assert len(members) == math.prod(o for _, o in gens) == f.kernel_size
    assert len(set(members)) == len(members)
    assert members[0] == tuple(int(v) for v in x0)
    quiet = span(gens, n, k)
    assert {tuple((u - v) % k for u, v in zip(x, x0, strict=True)) for x in members} == quiet
    for x in members:  # each member replays: it solves the same board
        assert matvec(a, np.array(x), k) == tuple(int(v) for v in b)


@given(st.integers(1, 40), st.integers(0, 2**32 - 1))
def test_blocks_respect_the_row_limit(max_rows: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    gens = [(rng.integers(0, 2, 6), 2) for _ in range(5)]
    blocks = list(zk.coset_blocks(np.zeros(6, dtype=np.int64), gens, 2, max_rows=max_rows))
    assert sum(len(b) for b in blocks) == 32
    assert all(len(b) <= max(max_rows, 1) for b in blocks)
    assert not blocks[0][0].any()


@given(
    st.integers(1, 300),
    st.sampled_from([(5, 3), (97, 2), (3, 5)]),
    st.integers(0, 2**32 - 1),
)
def test_blocks_of_generators_of_large_order_stay_within_the_row_limit(
    max_rows: int, shape: tuple[int, int], seed: int
) -> None:
    # A generator of order 97 passes a limit of 50 rows alone: it is cut into runs.
    k, count = shape
    rng = np.random.default_rng(seed)
    base = rng.integers(0, k, 4)
    gens = [(rng.integers(0, k, 4), k) for _ in range(count)]
    blocks = list(zk.coset_blocks(base, gens, k, max_rows=max_rows))
    assert all(1 <= len(b) <= max_rows for b in blocks)
    rows = [tuple(r) for b in blocks for r in b.tolist()]
    assert len(rows) == k**count and rows[0] == tuple(base.tolist())
    shifted = {tuple((u - v) % k for u, v in zip(r, base.tolist(), strict=True)) for r in rows}
    combos = {
        tuple(
            int(v) for v in sum((c * g for c, (g, _) in zip(cs, gens, strict=True)), 0 * base) % k
        )
        for cs in np.ndindex(*(k,) * count)
    }
    assert shifted == combos
    assert len(set(rows)) == len(rows) or len(combos) < k**count  # dependent draws repeat


def test_member_matches_the_iteration_and_huge_moduli_stay_exact() -> None:
    k = 2**61
    g = np.array([2**60, 3], dtype=np.int64)
    x = zk.coset_member([1, 1], [(g, k)], k, [2**60 + 1])
    assert x.tolist() == [(1 + (2**60 + 1) * 2**60) % k, (1 + 3 * (2**60 + 1)) % k]
    gens = [(np.array([1, 2]), 3), (np.array([1, 0]), 3)]
    assert [zk.coset_member([0, 0], gens, 3, [1, 2]).tolist()] == [[0, 2]]
    assert [1, 2] in [x.tolist() for x in zk.iter_coset([0, 0], gens, 3)]


def test_no_generators_gives_the_base_alone() -> None:
    assert [x.tolist() for x in zk.iter_coset([3, -1], [], 5)] == [[3, 4]]


@pytest.mark.parametrize("k", [2**31 - 1, 2**61 - 1, 2**62 - 57])
def test_a_generator_of_order_k_is_iterated_lazily_and_exactly(k: int) -> None:
    # One generator of order k: the first members come at once, every one in the kernel.
    g = np.array([1, k - 1], dtype=np.int64)
    it = zk.iter_coset([5, 0], [(g, k), (np.array([1, 1]), 3)], k)
    first = [next(it).tolist() for _ in range(5000)]
    assert first[0] == [5, 0]
    assert all((a + b) % k == 5 for a, b in first)
    assert len({tuple(m) for m in first}) == 5000
    blocks = zk.coset_blocks([0, 0], [(g, k)], k, max_rows=64)
    assert next(blocks).shape == (64, 2)


def test_bad_cosets_are_named() -> None:
    from lightsout_graphs.core.errors import MatrixError, ModulusError

    g = [(np.array([1, 1]), 2)]
    with pytest.raises(MatrixError, match="2 coefficients for 1 generators"):
        zk.coset_member([0, 0], g, 2, [1, 1])
    with pytest.raises(ModulusError, match="'modulus'"):
        zk.coset_member([0, 0], g, 0, [1])
    with pytest.raises(MatrixError, match="Generator 0 has 3 entries; the base has 2"):
        next(zk.iter_coset([0, 0], [(np.array([1, 1, 1]), 2)], 2))
    with pytest.raises(MatrixError, match="'order of generator 0' must be an int >= 1"):
        next(zk.iter_coset([0, 0], [(np.array([1, 1]), 0)], 2))
    with pytest.raises(MatrixError, match="'max_rows' must be an int >= 1"):
        next(zk.coset_blocks([0, 0], g, 2, max_rows=0))
