"""Stencil boards: the same toggle matrices as the graphs they describe, in any dimension."""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.representation.families.stencils import stencil

PLUS = [(0, 1), (0, -1), (1, 0), (-1, 0)]


def brute_matrix(
    shape: tuple[int, ...], offsets: list[tuple[int, ...]], wrap: tuple[bool, ...]
) -> np.ndarray:
    cells = list(itertools.product(*(range(s) for s in shape)))
    index = {c: i for i, c in enumerate(cells)}
    t = np.eye(len(cells), dtype=np.int64)
    for c in cells:
        for o in offsets:
            d = []
            for axis, (x, dx) in enumerate(zip(c, o, strict=True)):
                y = x + dx
                if wrap[axis]:
                    y %= shape[axis]
                d.append(y)
            target = tuple(d)
            if target in index and target != c:
                t[index[target], index[c]] = 1
    return t


def test_the_classic_board_and_its_wrapped_relatives() -> None:
    assert (stencil((5, 5), PLUS).toggle_matrix() != lo.grid(5, 5).toggle_matrix()).nnz == 0
    torus = stencil((3, 4), PLUS, wrap=True)
    expected = lo.Puzzle(nx.grid_2d_graph(3, 4, periodic=True))
    assert lo.analyze(torus).nullity == lo.analyze(expected).nullity
    assert lo.solve(stencil((4, 6), PLUS, wrap=(False, True)), 1).verify()


@given(
    st.lists(st.integers(1, 4), min_size=1, max_size=3).map(tuple),
    st.data(),
)
def test_any_dimension_matches_a_brute_force_matrix(
    shape: tuple[int, ...], data: st.DataObject
) -> None:
    dim = len(shape)
    nonzero = [o for o in itertools.product(range(-2, 3), repeat=dim) if any(o)]
    offsets = data.draw(st.lists(st.sampled_from(nonzero), min_size=1, max_size=5, unique=True))
    wrap = tuple(data.draw(st.lists(st.booleans(), min_size=dim, max_size=dim)))
    puzzle = stencil(shape, offsets, wrap=wrap)
    got = puzzle.toggle_matrix().toarray() % 2
    want = brute_matrix(shape, offsets, wrap)
    assert np.array_equal(got != 0, want != 0)


def test_weighted_amounts_add_up() -> None:
    q = stencil((3, 3), [(0, 0), (0, 1)], amounts=[2, 1], modulus=3)
    after = q.press(0, (1, 1))
    assert (after[(1, 1)], after[(1, 2)], after[(0, 0)]) == (2, 1, 0)
    assert q.graph.is_directed()
    ring = stencil((3,), [(1,), (4,)], wrap=True, amounts=[1, 1], modulus=5)  # both reach c+1
    assert ring.press(0, (0,))[(1,)] == 2


@pytest.mark.parametrize(
    ("args", "kwargs", "words"),
    [
        (((3, 3), [(0, 0)]), {}, "zero offset"),
        (((3, 3), [(1,)]), {}, "offset"),
        (((3, 3), PLUS), {"wrap": (True,)}, "wrap"),
        (((3, 0), PLUS), {}, "shape"),
        (((3, 3), [(0, 1)]), {"amounts": [1, 2]}, "amounts"),
    ],
)
def test_bad_stencils_are_named(args: tuple, kwargs: dict, words: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=words):
        stencil(*args, **kwargs)
