"""States, targets and presses: every accepted form gives the same vector; bad values are named."""

from __future__ import annotations

from collections.abc import Hashable

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.core.errors import InvalidPuzzleError, InvalidStateError
from lightsout_graphs.representation._states import (
    check_value,
    checked_node,
    checked_values,
    in_range,
    is_node,
    node_positions,
    reduce_mod,
)


@given(st.lists(st.integers(-(2**40), 2**40), max_size=8), st.integers(1, 40))
def test_reduce_mod_is_python_modulo(values: list[int], k: int) -> None:
    arr = np.array(values, dtype=np.int64)
    reduced = reduce_mod(arr.copy(), k)
    assert reduced.tolist() == [v % k for v in values]
    assert in_range(reduced, k)
    assert in_range(arr, k) == all(0 <= v < k for v in values)


@given(st.lists(st.integers(0, 2), min_size=6, max_size=6))
def test_every_form_of_a_board_is_the_same_vector(values: list[int]) -> None:
    puzzle = lo.grid(2, 3, modulus=3)
    as_dict = {node: v for node, v in zip(puzzle.nodes, values, strict=True) if v}
    forms = [values, np.array(values), np.array(values).reshape(2, 3), as_dict]
    for form in forms:
        assert puzzle.state_vector(form).tolist() == values
    assert puzzle.state_vector(2).tolist() == [2] * 6


def test_node_lookups() -> None:
    index: dict[Hashable, int] = {"a": 0, "b": 1, (0, 1): 2}
    assert is_node((0, 1), index) and not is_node([0, 1], index) and not is_node("z", index)
    assert checked_node((0, 1), index, "state") == 2
    assert node_positions(["b", "a", "b"], index, "lights") == {0, 1}
    with pytest.raises(InvalidStateError, match="Argument 'target' names 'z'"):
        checked_node("z", index, "target")
    with pytest.raises(InvalidPuzzleError, match="Argument 'pressable' holds 'z'"):
        node_positions(["a", "z"], index, "pressable")


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (3, "must be in 0..2, not 3"),
        (-1, "must be in 0..2, not -1"),
        (True, "must be an int in 0..2, not True"),
        (1.0, "must be an int in 0..2, not 1.0"),
        ("1", "must be an int in 0..2, not '1'"),
    ],
)
def test_bad_values_name_the_argument_and_the_place(value: object, words: str) -> None:
    with pytest.raises(InvalidStateError, match="Argument 'state' at node 'a'") as info:
        check_value(value, 3, "state", "node 'a'")
    assert words in str(info.value)


def test_values_in_order() -> None:
    assert checked_values(list(np.array([1, 0, 2])), "abc", 3, "target", "node").tolist() == [
        1,
        0,
        2,
    ]
    with pytest.raises(InvalidStateError, match=r"position 1 \(node 'b'\) must be in 0..1"):
        checked_values([1, 2], "ab", 2, "state", "node")


@pytest.mark.parametrize(
    ("state", "words"),
    [
        ([1, 0], "3"),
        ({"x": 1}, "'x'"),
        (np.zeros((2, 2), dtype=int), "3"),
        (5, "0..1"),
    ],
)
def test_bad_states_say_what_is_wrong(state: object, words: str) -> None:
    puzzle = lo.Puzzle(nx.path_graph(3))
    with pytest.raises(InvalidStateError, match="'state'") as info:
        puzzle.state_vector(state)
    assert words in str(info.value)
