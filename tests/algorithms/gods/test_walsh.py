"""The one Walsh–Hadamard transform: against the direct sum, and shared by both searches."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs import gods
from lightsout_graphs.algorithms.gods import walsh_spectrum
from lightsout_graphs.algorithms.solver import factorization


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 6), st.data())
def test_walsh_spectrum_is_the_direct_sum(dimension: int, data: st.DataObject) -> None:
    top = (1 << dimension) - 1
    columns = data.draw(st.lists(st.integers(0, top), min_size=1, max_size=8))
    weights = data.draw(st.lists(st.integers(-9, 9), min_size=len(columns), max_size=len(columns)))
    direct = [
        sum(w * (-1) ** (lam & v).bit_count() for v, w in zip(columns, weights, strict=True))
        for lam in range(1 << dimension)
    ]
    assert walsh_spectrum(np.array(columns), np.array(weights), dimension).tolist() == direct


@pytest.mark.parametrize("n", [4, 5, 9])
def test_press_counts_and_the_spectrum_are_one_transform(n: int) -> None:
    # The presses of every solution of a GF(2) coset are (N - F)/2, F the spectrum of the
    # signed multiplicities: both searches read the same transform.
    p = lo.grid(n, n)
    f = factorization(p)
    x0 = f.solve(np.ones(n * n, dtype=np.int64))
    assert x0 is not None
    groups = gods.group_coset(x0, f.kernel(), 2)
    signed = np.where(groups.values == 1, -groups.sizes, groups.sizes)
    spectrum = walsh_spectrum(groups.masks(), signed, groups.dimension)
    # press_counts indexes λ with λ_1 most significant; the masks put generator 1 in bit 0.
    counts = gods.press_counts(groups).reshape(-1)
    d = groups.dimension
    reverse = [int(f"{j:0{d}b}"[::-1], 2) if d else 0 for j in range(1 << d)]
    assert ((n * n - spectrum[reverse]) // 2).tolist() == counts.tolist()


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: walsh_spectrum([1, 5], [1, 1], 2), "'columns' must hold integers in 0..3"),
        (lambda: walsh_spectrum([1, 2], [1], 2), "differ in length"),
        (lambda: walsh_spectrum([1], [1], 30), "'dimension' must be an int in 0..24"),
        (lambda: walsh_spectrum([[1]], [1], 2), "flat sequence"),
    ],
)
def test_bad_input_names_the_argument(call: object, match: str) -> None:
    with pytest.raises(lo.LightsOutError, match=match):
        call()  # type: ignore[operator]


def test_a_spectrum_over_the_budget_is_refused_before_it_is_allocated() -> None:
    try:
        lo.zk.set_memory_budget(2**20)
        with pytest.raises(lo.MemoryBudgetError, match="Walsh spectrum of 2\\*\\*20") as info:
            walsh_spectrum([1], [1], 20)
        assert info.value.needed > info.value.budget == 2**20
    finally:
        lo.zk.set_memory_budget(None)
