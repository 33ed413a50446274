"""Buttons of equal effect: classes by brute force, and folding keeps what the presses do."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.algorithms.buttons import button_classes, distinct_buttons, fold_presses


def twins_puzzle(
    busy: int, idle: int, edges: list[tuple[int, int]], k: int, rule: str
) -> lo.Puzzle:
    """A graph with idle nodes (open rule) and nodes of equal neighbourhoods."""
    g = nx.empty_graph(busy + idle)
    g.add_edges_from((u % busy, v % busy) for u, v in edges if u % busy != v % busy)
    return lo.Puzzle(g, modulus=k, rule=rule)


PUZZLES = st.builds(
    twins_puzzle,
    st.integers(1, 5),
    st.integers(0, 3),
    st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), max_size=6),
    st.sampled_from([2, 3, 4, 6]),
    st.sampled_from(["open", "closed"]),
)


@settings(max_examples=60)
@given(PUZZLES, st.data())
def test_classes_and_folding_agree_with_the_columns(puzzle: lo.Puzzle, data: st.DataObject) -> None:
    k = puzzle.modulus
    columns = [tuple(c) for c in (puzzle.press_matrix().toarray().T % k).tolist()]
    owner = button_classes(puzzle).tolist()
    want = [columns.index(c) if any(c) else -1 for c in columns]
    assert owner == want
    assert distinct_buttons(puzzle).tolist() == sorted({o for o in want if o >= 0})
    presses = np.array(
        data.draw(st.lists(st.integers(0, k - 1), min_size=puzzle.n, max_size=puzzle.n))
    )
    folded = fold_presses(presses, np.array(owner), k)
    t = puzzle.press_matrix().toarray()
    assert np.array_equal(t @ folded % k, t @ presses % k)
    assert folded.sum() <= presses.sum()
    assert set(np.flatnonzero(folded).tolist()) <= {o for o in owner if o >= 0}


def test_a_large_grid_has_no_repeated_button_and_is_classified_fast() -> None:
    owner = button_classes(lo.grid(300, 300))
    assert np.array_equal(owner, np.arange(90_000))


def test_bad_input_is_named() -> None:
    with pytest.raises(lo.InvalidPuzzleError, match="'puzzle' must be a Puzzle"):
        button_classes("K3")  # type: ignore[arg-type]
    with pytest.raises(lo.InvalidStateError, match="'presses' has 2 values"):
        fold_presses(np.array([1, 2]), np.array([0, 1, 0]), 3)
    with pytest.raises(lo.InvalidStateError, match="positions of buttons or -1"):
        fold_presses(np.array([1, 2]), np.array([0, 5]), 3)
    with pytest.raises(lo.ModulusError, match="'modulus'"):
        fold_presses(np.array([1, 2]), np.array([0, 0]), 1)
