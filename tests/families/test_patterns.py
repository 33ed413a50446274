"""Explicit press patterns and Merlin's Magic Square."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import lightsout_graphs as lo
from lightsout_graphs.errors import InvalidPuzzleError
from lightsout_graphs.families import merlin, merlin_pattern, press_pattern
from tests.puzzles import lit


def test_press_pattern_matrix() -> None:
    p = press_pattern({0: {0: 1, 1: 2}, 1: {2: 1}, 2: [0, 0, 2]}, modulus=3)
    assert p.rule == "weighted"
    assert p.graph.is_directed()
    assert p.toggle_matrix().toarray().tolist() == [[1, 0, 2], [2, 0, 0], [0, 1, 1]]
    assert p.graph.nodes[1]["self_weight"] == 0


def test_lights_that_are_not_buttons_cannot_be_pressed() -> None:
    p = press_pattern({"b": ["x", "y"]})
    assert p.nodes == ("b", "x", "y")
    assert p.pressable == ("b",)


def test_press_pattern_errors() -> None:
    with pytest.raises(InvalidPuzzleError, match="amount"):
        press_pattern({0: {1: 0.5}})
    with pytest.raises(InvalidPuzzleError, match="not in 'nodes'"):
        press_pattern({0: [9]}, nodes=[0, 1])
    with pytest.raises(InvalidPuzzleError, match="non-empty"):
        press_pattern({})
    with pytest.raises(InvalidPuzzleError, match="modulus"):
        press_pattern({0: [0]}, modulus=1)


def test_merlin_presses() -> None:
    p = merlin()
    assert lit(p, (0, 0)) == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert lit(p, (2, 2)) == {(1, 1), (1, 2), (2, 1), (2, 2)}
    assert lit(p, (0, 1)) == {(0, 0), (0, 1), (0, 2)}
    assert lit(p, (1, 0)) == {(0, 0), (1, 0), (2, 0)}
    assert lit(p, (1, 1)) == {(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)}
    assert p.family == lo.FamilyInfo("merlin", {})
    assert len(merlin_pattern()) == 9


def test_merlin_is_asymmetric_and_every_board_is_solvable() -> None:
    t = merlin().toggle_matrix().toarray()
    assert not (t == t.T).all()
    # brute force: the 512 press sets reach 512 distinct boards
    reached = set()
    for bits in itertools.product((0, 1), repeat=9):
        reached.add(tuple((t @ np.array(bits)) % 2))
    assert len(reached) == 512


@pytest.mark.parametrize(
    ("pos", "match"),
    [
        (2.0, "'pos' must be a dict node -> \\(x, y\\), not float"),
        ({"a": 2.0}, "node 'a' the position 2.0"),
        ({"a": (1, 2, 3)}, "node 'a'"),
        ({"a": ("x", 1)}, "node 'a'"),
    ],
)
def test_bad_positions_are_named(pos: object, match: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=match):
        press_pattern({"a": ["b"]}, pos=pos)  # type: ignore[arg-type]
