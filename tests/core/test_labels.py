"""Lattice node labels: a lazy sequence of cells and its inverse, against itertools."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lightsout_graphs.core._labels import LatticeIndex, LatticeNodes

shapes = st.lists(st.integers(1, 4), min_size=1, max_size=3).map(tuple)


@settings(max_examples=60, deadline=None)
@given(shapes)
def test_nodes_are_the_cells_in_row_major_order(shape: tuple[int, ...]) -> None:
    nodes = LatticeNodes(shape)
    cells = list(itertools.product(*(range(s) for s in shape)))
    assert len(nodes) == len(cells) and list(nodes) == cells
    assert [nodes[i] for i in range(-len(cells), 0)] == cells
    assert nodes[1:3] == tuple(cells[1:3])
    assert nodes == cells and nodes == LatticeNodes(shape)
    index = LatticeIndex(shape)
    assert len(index) == len(cells) and list(index) == cells
    for i, cell in enumerate(cells):
        assert nodes.index(cell) == i == index[cell] and cell in nodes and cell in index
        assert nodes.count(cell) == 1


def test_numpy_integers_and_foreign_labels() -> None:
    nodes, index = LatticeNodes((2, 3)), LatticeIndex((2, 3))
    cell = (np.int64(1), np.int64(2))
    assert nodes.index(cell) == 5 == index[cell]
    for bad in [(2, 0), (0, 3), (0, -1), (1,), "a", (0.5, 1), (True, 0)]:
        assert bad not in nodes and nodes.count(bad) == 0
    with pytest.raises(ValueError):
        nodes.index((2, 0))
    with pytest.raises(KeyError):
        index[(2, 0)]
    with pytest.raises(IndexError):
        nodes[6]


def test_product_nodes_and_index() -> None:
    from lightsout_graphs.core._labels import ProductIndex, ProductNodes

    nodes = ProductNodes(("a", "b"), (0, 1, 2))
    assert (len(nodes), nodes[4], nodes[-1], ("b", 2) in nodes) == (6, ("b", 1), ("b", 2), True)
    assert list(nodes)[:2] == [("a", 0), ("a", 1)] and nodes[:2] == (("a", 0), ("a", 1))
    assert nodes == ProductNodes(("a", "b"), (0, 1, 2)) and nodes == list(nodes)
    assert hash(nodes) == hash(ProductNodes(("a", "b"), (0, 1, 2))) and nodes != ("a", 0)
    assert nodes + (("c", 0),) == (*nodes, ("c", 0))  # noqa: RUF005
    assert repr(nodes).startswith("(('a', 0)") and "2 × 5" in repr(ProductNodes("ab", range(5)))
    index = ProductIndex(("a", "b"), (0, 1, 2))
    assert (index[("b", 0)], ("c", 0) in index, len(index)) == (3, False, 6)
    assert list(index) == list(nodes) and "2 × 3" in repr(index)
    with pytest.raises(TypeError):
        nodes["x"]  # type: ignore[call-overload]


def test_lattice_labels_compare_hash_and_print() -> None:
    nodes = LatticeNodes((2, 3))
    assert (len(nodes), nodes[4], nodes[-1]) == (6, (1, 1), (1, 2))
    assert nodes == ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2))
    assert hash(nodes) == hash(LatticeNodes((2, 3))) and nodes != LatticeNodes((3, 2))
    assert (
        repr(nodes) == repr(tuple(nodes)) and repr(LatticeNodes((3, 3))) == "LatticeNodes((3, 3))"
    )
    assert repr(LatticeIndex((2, 3))) == "LatticeIndex((2, 3))"
