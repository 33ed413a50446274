"""Vectorised toggle matrices from coordinates: every box family and lo.stencil."""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.representation.families import make
from lightsout_graphs.representation.families._stencil import Stencil
from lightsout_graphs.representation.families.chess import MOVES

RULES = ["closed", "open", "weighted"]
MODULI = [2, 3, 4, 5, 6]


def _same_as_graph(p: lo.Puzzle) -> None:
    """The vectorised puzzle equals the one built from its (lazily built) networkx graph."""
    q = lo.Puzzle(p.graph, modulus=p.modulus, rule=p.rule)
    assert tuple(p.nodes) == q.nodes
    assert (p.toggle_matrix() != q.toggle_matrix()).nnz == 0
    assert p.number_of_edges() == q.graph.number_of_edges()
    state = np.arange(p.n) % p.modulus
    presses = (np.arange(p.n) * 7 + 3) % p.modulus
    assert np.array_equal(p.apply_vector(state, presses), q.apply_vector(state, presses))


@settings(max_examples=40, deadline=None)
@given(
    family=st.sampled_from(["grid", "torus"]),
    shape=st.lists(st.integers(1, 4), min_size=1, max_size=3),
    k=st.sampled_from(MODULI),
    rule=st.sampled_from(RULES),
)
def test_lattices_match_their_graph(family: str, shape: list[int], k: int, rule: str) -> None:
    _same_as_graph(make(family, shape=tuple(shape), modulus=k, rule=rule))


@settings(max_examples=40, deadline=None)
@given(
    family=st.sampled_from(
        ["king", "knight", "x_pattern", "rook", "alien_tiles", "bishop", "queen"]
    ),
    m=st.integers(1, 5),
    n=st.integers(1, 5),
    k=st.sampled_from(MODULI),
    rule=st.sampled_from(RULES),
)
def test_chess_boards_match_their_graph(family: str, m: int, n: int, k: int, rule: str) -> None:
    _same_as_graph(make(family, m=m, n=n, modulus=k, rule=rule))


@settings(max_examples=15, deadline=None)
@given(d=st.integers(0, 5), k=st.sampled_from(MODULI), rule=st.sampled_from(RULES))
def test_hypercube_matches_its_graph(d: int, k: int, rule: str) -> None:
    _same_as_graph(lo.hypercube(d, modulus=k, rule=rule))


def test_lazy_graph_is_the_eager_graph() -> None:
    from lightsout_graphs.representation.families import chess_graph, grid_graph, torus_graph

    cases = [
        (lo.grid(3, 4), grid_graph(3, 4)),
        (lo.grid(2, 2, 3), grid_graph(2, 2, 3)),
        (lo.torus(3, 2), torus_graph(3, 2)),
        (lo.torus(2, 3, rule="weighted", modulus=3), torus_graph(2, 3, multiplicity=True)),
        (lo.king(3, 4), chess_graph(3, 4, "king")),
        (lo.knight(4), chess_graph(4, 4, "knight")),
        (lo.rook(2, 3), chess_graph(2, 3, "rook")),
    ]
    for lazy, eager in cases:
        assert lazy._graph is None  # nothing built before the first read
        g = lazy.graph
        assert list(g.nodes) == list(eager.nodes)
        assert {frozenset(e) for e in g.edges} == {frozenset(e) for e in eager.edges}
        assert dict(g.nodes(data=True)) == dict(eager.nodes(data=True))
        assert lazy.graph is g  # kept


def _queen_graph(m: int, n: int, diagonal: bool, straight: bool) -> nx.Graph:
    """Cells joined by a rider's move, by the definition (independent of the stencil)."""
    g = nx.Graph()
    cells = list(itertools.product(range(m), range(n)))
    g.add_nodes_from(cells)
    for (r, c), (s, d) in itertools.combinations(cells, 2):
        if straight and (r == s or c == d):
            g.add_edge((r, c), (s, d))
        if diagonal and abs(r - s) == abs(c - d):
            g.add_edge((r, c), (s, d))
    return g


def _solvable_count(p: lo.Puzzle) -> int:
    """How many boards some presses reach from dark, by trying every press vector."""
    reached = set()
    for x in itertools.product(range(p.modulus), repeat=p.n):
        reached.add(tuple(p.apply_vector(np.zeros(p.n, dtype=np.int64), np.array(x))))
    return len(reached)


@pytest.mark.parametrize(("m", "n"), [(1, 1), (2, 2), (2, 3), (3, 3), (3, 4)])
@pytest.mark.parametrize("piece", ["bishop", "queen"])
def test_bishop_and_queen_by_brute_force(piece: str, m: int, n: int) -> None:
    p = make(piece, m=m, n=n)
    g = _queen_graph(m, n, diagonal=True, straight=piece == "queen")
    q = lo.Puzzle(g)
    assert (p.toggle_matrix() != q.toggle_matrix()).nnz == 0
    assert lo.analyze(p).solvable_states == _solvable_count(p)
    for board in itertools.islice(itertools.product((0, 1), repeat=p.n), 0, None, 3):
        try:
            sol = lo.solve(p, list(board))
        except lo.Unsolvable:
            continue
        assert sol.verify()


@pytest.mark.parametrize(
    ("piece", "family"), [("king", "king"), ("x", "x_pattern"), ("knight", "knight")]
)
@pytest.mark.parametrize("rule", ["closed", "open"])
def test_stencils_equal_the_named_families(piece: str, family: str, rule: str) -> None:
    p = lo.stencil((4, 5), MOVES[piece], rule=rule, modulus=3)
    named = make(family, m=4, n=5, rule=rule, modulus=3)
    assert (p.toggle_matrix() != named.toggle_matrix()).nnz == 0
    plus = [(0, 1), (0, -1), (1, 0), (-1, 0)]
    assert (lo.stencil((3, 4), plus).toggle_matrix() != lo.grid(3, 4).toggle_matrix()).nnz == 0
    torus = lo.stencil((3, 4), plus, wrap=True)
    assert (torus.toggle_matrix() != lo.torus(3, 4).toggle_matrix()).nnz == 0
    cube = [tuple(s if a == i else 0 for a in range(3)) for i in range(3) for s in (1, -1)]
    assert (
        lo.stencil((2, 3, 2), cube).toggle_matrix() != lo.grid(2, 3, 2).toggle_matrix()
    ).nnz == 0


@settings(max_examples=40, deadline=None)
@given(
    shape=st.lists(st.integers(1, 4), min_size=1, max_size=2),
    data=st.data(),
    k=st.sampled_from(MODULI),
)
def test_stencil_with_amounts_matches_its_graph(
    shape: list[int], data: st.DataObject, k: int
) -> None:
    dim = len(shape)
    wraps = data.draw(st.lists(st.booleans(), min_size=dim, max_size=dim))
    wrap: bool | tuple[bool, ...] = tuple(wraps) if data.draw(st.booleans()) else wraps[0]
    wraps = list(wrap) if isinstance(wrap, tuple) else [wrap] * dim
    offset = st.tuples(*[st.integers(-2, 2)] * dim)
    offsets = data.draw(st.lists(offset, min_size=1, max_size=5, unique=True))
    amounts = data.draw(st.lists(st.integers(-3, 7), min_size=len(offsets), max_size=len(offsets)))
    p = lo.stencil(tuple(shape), offsets, wrap=wrap, amounts=amounts, modulus=k)
    q = lo.Puzzle(p.graph, modulus=k, rule="weighted")
    assert (p.toggle_matrix() != q.toggle_matrix()).nnz == 0
    x = np.arange(p.n) % k
    assert np.array_equal(
        p.apply_vector(np.zeros(p.n, dtype=np.int64), x),
        q.apply_vector(np.zeros(p.n, dtype=np.int64), x),
    )
    # by the definition: a press of c adds amounts[i] at c + offsets[i]
    expected = np.zeros(p.n, dtype=np.int64)
    cells = list(itertools.product(*(range(s) for s in shape)))
    for j, c in enumerate(cells):
        for o, a in zip(offsets, amounts, strict=True):
            t = tuple(ci + oi for ci, oi in zip(c, o, strict=True))
            t = tuple(ti % s if w else ti for ti, s, w in zip(t, shape, wraps, strict=True))
            if not all(0 <= ti < s for ti, s in zip(t, shape, strict=True)):
                continue
            expected[cells.index(t)] += a * int(x[j])
    assert np.array_equal(p.apply_vector(np.zeros(p.n, dtype=np.int64), x), expected % k)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"shape": (3, 3), "offsets": [(0, 0)]}, "zero offset"),
        ({"shape": (3, 3), "offsets": [(0, 1, 2)]}, r"offsets\[0\]"),
        ({"shape": (3, 3), "offsets": [(0, 1), (0, 1)]}, "twice"),
        ({"shape": (3, 3), "offsets": [(0, 1)], "amounts": [1, 2]}, "amounts"),
        ({"shape": (3, 3), "offsets": [(0, 1)], "amounts": [0.5]}, r"amounts\[0\]"),
        ({"shape": (3, 3), "offsets": [(0, 1)], "wrap": "yes"}, "wrap"),
        ({"shape": 3, "offsets": [(0, 1)]}, "shape"),
        ({"shape": (3, 3), "offsets": [(0, 1)], "rule": "weighted"}, "rule"),
    ],
)
def test_stencil_errors(kwargs: dict, match: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=match):
        lo.stencil(**kwargs)


def test_stencil_counts_edges_without_building() -> None:
    s = Stencil((1000, 1000), MOVES["knight"], (1,) * 8)
    assert s.edges() == (998 * 999 * 2 * 2)  # (2, 1)-moves and (1, 2)-moves, each direction once
    p = lo.king(3000, 3000)
    # rows and columns: 2·3000·2999; both diagonals: 2·2999²
    assert p.number_of_edges() == 2 * 3000 * 2999 + 2 * 2999 * 2999
    assert p._graph is None and p._matrix is None


@settings(max_examples=30, deadline=None)
@given(
    family=st.sampled_from(["hexagonal", "triangular"]),
    m=st.integers(1, 7),
    n=st.integers(1, 7),
    k=st.sampled_from(MODULI),
    rule=st.sampled_from(RULES),
)
def test_planar_lattices_match_networkx(family: str, m: int, n: int, k: int, rule: str) -> None:
    import networkx as nx

    p = make(family, m=m, n=n, modulus=k, rule=rule)
    assert p._graph is None and p._matrix is None
    build = nx.hexagonal_lattice_graph if family == "hexagonal" else nx.triangular_lattice_graph
    eager = build(m, n)
    assert set(p.nodes) == set(eager.nodes)
    assert list(p.nodes) == sorted(eager.nodes, key=lambda v: (v[1], v[0]))
    _same_as_graph(p)
    assert {frozenset(e) for e in p.graph.edges} == {frozenset(e) for e in eager.edges}


@pytest.mark.parametrize("wrap", [(False, True), (True, False), (True, True), (False, False)])
@pytest.mark.parametrize("rule", ["closed", "open"])
def test_cylinders_are_stencils_solved_by_chasing(wrap: tuple[bool, bool], rule: str) -> None:
    from lightsout_graphs import zk

    plus = [(0, 1), (0, -1), (1, 0), (-1, 0)]
    for m, n, k in [(3, 5, 2), (6, 4, 3), (5, 5, 2)]:
        p = lo.stencil((m, n), plus, wrap=wrap, rule=rule, modulus=k)
        down = nx.cycle_graph(m) if wrap[0] else nx.path_graph(m)
        across = nx.cycle_graph(n) if wrap[1] else nx.path_graph(n)
        g = nx.cartesian_product(down, across)
        q = lo.Puzzle(nx.Graph(g.subgraph(sorted(g.nodes))), modulus=k, rule=rule)
        ordered = lo.Puzzle(p.graph, modulus=k, rule=rule)
        assert (p.toggle_matrix() != ordered.toggle_matrix()).nnz == 0
        assert p.number_of_edges() == q.graph.number_of_edges()
        general = zk.factorize(p.toggle_matrix(), k)
        assert lo.analyze(p).num_quiet_patterns == general.kernel_size
        board = np.arange(p.n) % k
        if general.solve(board) is not None:
            sol = lo.solve(p, board)
            # Without wrapping the stencil is a grid, chased like lo.grid.
            assert sol.method == ("wrapped-chasing" if any(wrap) else "chasing")
            assert sol.verify()


@settings(max_examples=15, deadline=None)
@given(n=st.integers(1, 6), k=st.sampled_from(MODULI), rule=st.sampled_from(RULES))
def test_cube_surface_matches_its_graph(n: int, k: int, rule: str) -> None:
    p = lo.cube_surface(n, modulus=k, rule=rule)
    assert p._graph is None and p._matrix is None
    _same_as_graph(p)
    assert p.number_of_edges() == 12 * n * n


@settings(max_examples=40, deadline=None)
@given(
    big=st.integers(-(2**80), 2**80),
    small=st.integers(-3, 3),
    wrap=st.sampled_from([True, (True, False), (False, True)]),
    k=st.sampled_from([2, 3]),
)
def test_offsets_beyond_int64_wrap_exactly(
    big: int, small: int, wrap: bool | tuple[bool, bool], k: int
) -> None:
    # A wrapped offset is taken mod the side as a Python int: press and matrix agree.
    assume((big, small) != (0, 0))
    p = lo.stencil((4, 5), [(big, small)], wrap=wrap, modulus=k)
    matrix = p.toggle_matrix().toarray()
    for j, node in enumerate(p.nodes):
        after = p.press(0, node)
        assert [after[u] for u in p.nodes] == matrix[:, j].tolist()
    wraps = (wrap, wrap) if isinstance(wrap, bool) else wrap
    reduced = tuple(o % s if w else o for o, s, w in zip((big, small), (4, 5), wraps, strict=True))
    if reduced != (0, 0) and all(abs(o) < 2**62 for o in reduced):
        q = lo.stencil((4, 5), [reduced], wrap=wrap, modulus=k)
        assert (p.toggle_matrix() != q.toggle_matrix()).nnz == 0


@settings(max_examples=200, deadline=None)
@given(
    shape=st.lists(st.integers(1, 4), min_size=1, max_size=3),
    data=st.data(),
)
def test_edges_are_counted_without_building_even_when_offsets_wrap_onto_each_other(
    shape: list[int], data: st.DataObject
) -> None:
    d = len(shape)
    offsets = data.draw(
        st.lists(st.tuples(*[st.integers(-5, 5)] * d), min_size=1, max_size=5, unique=True)
    )
    wraps = tuple(data.draw(st.lists(st.booleans(), min_size=d, max_size=d)))
    s = Stencil(tuple(shape), tuple(offsets), (1,) * len(offsets), wraps)
    src, dst, _ = s._raw_pairs()
    keep = src != dst
    directed = int(np.unique(dst[keep].astype(np.int64) * s.n + src[keep]).size)
    assert s.edges() == (directed // 2 if s.symmetric else directed)


def test_a_torus_of_22_sides_of_2_counts_its_edges_at_once() -> None:
    import time

    start = time.monotonic()
    p = lo.torus(*[2] * 22)
    assert p.number_of_edges() == 22 * 2**21  # each cell has one neighbour per axis
    assert time.monotonic() - start < 10  # it built 9·10^7 pairs first: 80 s, 6.5 GB


def test_a_stencil_on_small_boards() -> None:
    from lightsout_graphs.representation.families._stencil import lattice_positions

    plus = ((0, 1), (0, -1), (1, 0), (-1, 0))
    s = Stencil((2, 2), plus, (1,) * 4)
    want = [[1, 1, 1, 0], [1, 1, 0, 1], [1, 0, 1, 1], [0, 1, 1, 1]]
    assert s.matrix(2, self_amount=1).toarray().tolist() == want
    assert (s.edges(), s.symmetric, s.n) == (4, True, 4)
    g = s.graph()
    assert nx.is_isomorphic(g, nx.cycle_graph(4)) and sorted(g.nodes) == list(g.nodes)
    assert Stencil((3, 4), ((0, 1),), (1,), wrap=(True, False)).wraps == (True, False)
    assert Stencil((3, 4), ((0, 1),), (1,), wrap=True).wraps == (True, True)
    assert not Stencil((3, 3), ((0, 1),), (1,)).symmetric
    row = Stencil((1, 3), ((0, 1), (0, -1)), (1, 1))
    src, dst, amount = row.pairs()
    assert sorted(zip(src.tolist(), dst.tolist(), strict=True)) == [(0, 1), (1, 0), (1, 2), (2, 1)]
    assert amount.tolist() == [1, 1, 1, 1]
    assert row.matrix(2, self_amount=1).toarray().tolist() == [[1, 1, 0], [1, 1, 1], [0, 1, 1]]
    wrapped = Stencil((1, 3), ((0, 1), (0, -1)), (1, 1), wrap=True)
    assert (row.reach_count(), wrapped.reach_count()) == (4, 6)
    assert Stencil((3, 3), plus, (1,) * 4).edges() == 12
    assert Stencil((3, 3), plus, (1,) * 4, wrap=True).edges() == 18
    presses = np.array([1, 0, 0])
    assert row.apply(np.zeros(3), presses, 2, self_amount=1).tolist() == [1, 1, 0]
    assert lattice_positions((2, 2)) == [(0.0, 0.0), (1.0, 0.0), (0.0, -1.0), (1.0, -1.0)]
