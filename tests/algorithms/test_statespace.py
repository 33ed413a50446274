"""Packed state spaces: codes round-trip, and adding a vector to codes is addition mod k."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lightsout_graphs.algorithms._statespace import HARD_LIMIT, PackedSpace, check_bound
from lightsout_graphs.core.errors import SearchLimitError


@st.composite
def spaces_and_vectors(draw: st.DrawFn, count: int = 6) -> tuple[PackedSpace, list[np.ndarray]]:
    k = draw(st.integers(2, 7))
    length = draw(st.integers(1, 8))
    digits = st.lists(st.integers(0, k - 1), min_size=length, max_size=length)
    vectors = draw(st.lists(digits, min_size=1, max_size=count))
    return PackedSpace(length, k), [np.array(v, dtype=np.int64) for v in vectors]


@given(spaces_and_vectors())
def test_encode_and_decode_are_inverse(data: tuple[PackedSpace, list[np.ndarray]]) -> None:
    space, vectors = data
    codes = np.array([space.encode(v) for v in vectors], dtype=np.int64)
    assert all(0 <= c < space.size for c in codes)
    for v, c in zip(vectors, codes, strict=True):
        assert space.decode(int(c)).tolist() == v.tolist()
    assert space.decode_many(codes).tolist() == [v.tolist() for v in vectors]
    for i in range(space.length):
        assert space.digit(codes, i).tolist() == [int(v[i]) for v in vectors]


@given(spaces_and_vectors(), st.lists(st.integers(-20, 20), min_size=8, max_size=8))
def test_add_is_digitwise_addition(
    data: tuple[PackedSpace, list[np.ndarray]], raw: list[int]
) -> None:
    space, vectors = data
    shift_vector = np.array(raw[: space.length], dtype=np.int64)
    codes = np.array([space.encode(v) for v in vectors], dtype=np.int64)
    shift = space.shift(shift_vector)
    moved = space.add(codes, shift)
    want = [((v + shift_vector) % space.k).tolist() for v in vectors]
    assert space.decode_many(moved).tolist() == want
    back = space.add(moved, space.negate(shift))
    assert back.tolist() == codes.tolist()


def test_every_code_is_one_board() -> None:
    space = PackedSpace(3, 3)
    boards = space.decode_many(np.arange(space.size))
    assert len({tuple(b) for b in boards.tolist()}) == space.size == 27


def test_a_space_too_large_for_int64_is_refused() -> None:
    assert HARD_LIMIT == 2**62
    with pytest.raises(SearchLimitError, match="64-bit"):
        PackedSpace(63, 2)


@pytest.mark.parametrize("bad", [0, -3, 2.5, "10", True, None])
def test_check_bound_refuses_what_is_not_a_positive_int(bad: object) -> None:
    with pytest.raises(SearchLimitError, match="'limit'"):
        check_bound(bad, "limit")


def test_check_bound_accepts_numpy_ints() -> None:
    assert check_bound(np.int64(7)) == 7
    assert type(check_bound(np.int64(7))) is int
