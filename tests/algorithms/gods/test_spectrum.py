"""The covering radius through the Walsh spectrum, against brute force over grouped codes."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.algorithms.gods import averaging_bound, covering_radius_bounds, quiet_groups


def binary_code(puzzle: lo.Puzzle) -> tuple[np.ndarray, np.ndarray, int, int]:
    """Masks and sizes of the nonzero quiet-pattern columns, the zero group, the dimension."""
    groups = quiet_groups(puzzle)
    masks, sizes, zero = groups.binary_code()
    return masks, sizes, zero, groups.dimension


def _distance(a: np.ndarray, columns: np.ndarray, sizes: np.ndarray, zero_on: int, lam: int) -> int:
    """|x + λ·Q| for a word with a[g] ones in group g and zero_on ones in the zero group."""
    flip = np.array([(lam & int(v)).bit_count() % 2 for v in columns], dtype=np.int64)
    return int(zero_on + np.where(flip == 1, sizes - a, a).sum())


def _brute_radius(columns: np.ndarray, sizes: np.ndarray, zero: int, dimension: int) -> int:
    """The largest distance of a word (every ``a``, the zero group all ones) from the code:
    ``|x + λ·Q| = c_0 + Σ_g (flip_g ? c_g − a_g : a_g)`` for every ``a`` and ``λ`` at once."""
    words = np.array(list(itertools.product(*(range(int(c) + 1) for c in sizes))), dtype=np.int64)
    lams = np.arange(1 << dimension, dtype=np.int64)
    flips = np.bitwise_count(lams[:, None] & np.asarray(columns, dtype=np.int64)[None, :]) & 1
    flips = flips.astype(np.int64)  # λ × group
    dist = zero + words @ (1 - 2 * flips).T + (flips @ np.asarray(sizes, dtype=np.int64))[None, :]
    return int(dist.min(axis=1).max())


@st.composite
def grouped_codes(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray, int, int]:
    dimension = draw(st.integers(1, 4))
    columns = draw(
        st.lists(st.integers(1, (1 << dimension) - 1), min_size=1, max_size=5, unique=True)
    )
    sizes = draw(st.lists(st.integers(1, 3), min_size=len(columns), max_size=len(columns)))
    zero = draw(st.integers(0, 2))
    return np.array(columns), np.array(sizes), zero, dimension


@settings(max_examples=60, deadline=None)
@given(grouped_codes())
def test_bounds_contain_the_brute_force_radius(
    code: tuple[np.ndarray, np.ndarray, int, int],
) -> None:
    columns, sizes, zero, dimension = code
    truth = _brute_radius(columns, sizes, zero, dimension)
    found = covering_radius_bounds(columns, sizes, zero=zero, dimension=dimension, time_limit=5)
    assert found.lower <= truth <= found.upper <= averaging_bound(sizes, zero)
    # The witness really is that far from the code.
    dist = min(_distance(found.witness, columns, sizes, zero, lam) for lam in range(1 << dimension))
    assert dist == found.lower
    assert found.exact and found.lower == truth  # small codes are always settled


def test_even_groups_meet_the_averaging_bound() -> None:
    # The 5×5 board: groups of 4, 8 and 8 lights, 5 lights untouched: (25 + 5)/2 = 15.
    cols, sizes, zero, d = binary_code(lo.grid(5, 5))
    assert averaging_bound(sizes, zero) == 15
    found = covering_radius_bounds(cols, sizes, zero=zero, dimension=d)
    assert found.exact and found.lower == 15 and found.spectrum_max == 0


def test_bounds_apart_are_not_exact() -> None:
    assert not lo.gods.GodsNumber(lower=3, upper=5, witness=np.zeros(2)).exact


def test_averaging_is_an_identity_over_the_whole_code() -> None:
    # For any press vector x, the mean over all 2**16 quiet patterns λ·Q of |x + λ·Q| is
    # (C + c_0)/2 when x presses every untouched light: so no board of the 19×19 board needs
    # more than 181 presses, and by parity at most 180 (the published 197 is impossible).
    cols, sizes, zero, d = binary_code(lo.grid(19, 19))
    assert (zero, d) == (1, 16)
    rng = np.random.default_rng(1)
    a = np.array([rng.integers(0, c + 1) for c in sizes])
    flips = np.array(
        [(np.bitwise_count(np.arange(1 << d) & int(v)) & 1) for v in cols]
    ).T  # λ × group
    dist = zero + np.where(flips == 1, sizes - a, a).sum(axis=1)
    assert dist.sum() * 2 == (int(sizes.sum()) + 2 * zero) * (1 << d)
    published = 197  # wmboyles/LightsOut-Math, min_clicks_answers.txt
    assert dist.min() <= averaging_bound(sizes, zero) == 180 < published


def test_nineteen_by_nineteen_bounds_and_witness() -> None:
    g = lo.gods_number_bounds(lo.grid(19, 19), time_limit=6)
    assert 147 <= g.lower <= g.upper <= 180
    p = lo.grid(19, 19)
    board = p.apply(0, p.as_dict(g.witness))
    sol = lo.solve(p, board, minimize=True)
    assert sol.optimal and sol.num_presses == g.lower


@pytest.mark.parametrize(("n", "value"), [(4, 7), (5, 15), (11, 65), (14, 123), (17, 199)])
def test_published_values_by_the_spectrum(n: int, value: int) -> None:
    g = lo.gods_number_bounds(lo.grid(n, n), time_limit=30)
    assert g.exact and g.value == value


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: covering_radius_bounds([1, 1], [1, 1], zero=0, dimension=2), "distinct"),
        (lambda: covering_radius_bounds([0], [1], zero=0, dimension=2), "in 1..3"),
        (lambda: covering_radius_bounds([1], [1.5], zero=0, dimension=2), "'sizes' must hold"),
        (lambda: covering_radius_bounds([1], [1], zero=-1, dimension=2), "'zero'"),
        (
            lambda: covering_radius_bounds([1], [1], zero=0, dimension=2, time_limit=0),
            "'time_limit'",
        ),
        (lambda: averaging_bound([0], 0), "'sizes'"),
        (lambda: lo.gods_number_bounds(lo.grid(4, 4), time_limit="x"), "'time_limit'"),
        (lambda: lo.gods_number_bounds(lo.grid(4, 4), max_kernel=True), "'max_kernel'"),
    ],
)
def test_bad_input_names_the_argument(call: object, match: str) -> None:
    with pytest.raises(lo.LightsOutError, match=match):
        call()  # type: ignore[operator]


def test_the_spectrum_search_respects_the_memory_budget() -> None:
    from lightsout_graphs import zk

    try:
        zk.set_memory_budget(2**20)
        with pytest.raises(lo.LightsOutError, match="averaging_bound"):
            covering_radius_bounds([1 << 23], [1], zero=0, dimension=24)
    finally:
        zk.set_memory_budget(None)  # back to the environment or the default
