"""Tests of the puzzle model: toggle rules, states, presses and bad input."""

from __future__ import annotations

import dataclasses
import itertools
import pickle
import re

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.core.errors import InvalidPuzzleError, InvalidStateError
from lightsout_graphs.core.structure import Factor, General, Lattice, Product
from lightsout_graphs.representation.families.small import complete, cycle, path
from lightsout_graphs.representation.puzzle import (
    FamilyInfo,
    PuzzleInfo,
    ReadOnlyDict,
    check_puzzle,
    check_rule,
    checked_info,
    checks_puzzle,
)


def test_closed_rule_on_a_path() -> None:
    p = lo.Puzzle(nx.path_graph(4))
    assert p.toggle_matrix().toarray().tolist() == [
        [1, 1, 0, 0],
        [1, 1, 1, 0],
        [0, 1, 1, 1],
        [0, 0, 1, 1],
    ]


def test_open_rule_leaves_the_pressed_light() -> None:
    p = lo.Puzzle(nx.path_graph(3), rule="open")
    assert p.press(0, 1) == {0: 1, 1: 0, 2: 1}


def test_digraph_presses_reach_successors_only() -> None:
    p = lo.Puzzle(nx.DiGraph([("a", "b")]))
    assert p.press(0, "a") == {"a": 1, "b": 1}
    assert p.press(0, "b") == {"a": 0, "b": 1}


def test_weighted_rule_reads_edge_and_node_amounts() -> None:
    g = nx.DiGraph()
    g.add_node("x", self_weight=2)
    g.add_node("y", self_weight=0)
    g.add_edge("x", "y", weight=5)
    p = lo.Puzzle(g, modulus=3, rule="weighted")
    assert p.toggle_matrix().toarray().tolist() == [[2, 0], [2, 0]]
    assert p.press(0, "x", times=2) == {"x": 1, "y": 1}


def test_weighted_multigraph_adds_parallel_edges() -> None:
    g = nx.MultiGraph()
    g.add_edge(0, 1, weight=1)
    g.add_edge(0, 1, weight=2)
    p = lo.Puzzle(g, modulus=5, rule="weighted")
    assert p.toggle_matrix().toarray().tolist() == [[1, 3], [3, 1]]


def test_modulus_reduces_amounts() -> None:
    g = nx.Graph()
    g.add_edge(0, 1, weight=4)
    p = lo.Puzzle(g, modulus=4, rule="weighted")
    assert p.toggle_matrix().toarray().tolist() == [[1, 0], [0, 1]]


def test_states_in_every_accepted_form() -> None:
    p = lo.Puzzle(nx.path_graph(3), modulus=3)
    assert p.state_vector({1: 2}).tolist() == [0, 2, 0]
    assert p.state_vector([1, 2, 0]).tolist() == [1, 2, 0]
    assert p.state_vector(np.array([1, 2, 0])).tolist() == [1, 2, 0]
    assert p.state_vector(2).tolist() == [2, 2, 2]


def test_apply_is_order_free_and_modular() -> None:
    p = lo.grid(2, 2, modulus=3)
    once = p.apply(0, {(0, 0): 1, (1, 1): 2})
    step = p.press(p.press(0, (1, 1), times=2), (0, 0))
    assert once == step


def test_pressable_restricts_presses() -> None:
    p = lo.Puzzle(nx.path_graph(3), pressable=[0])
    assert p.pressable == (0,)
    assert p.press_matrix().shape == (3, 1)
    with pytest.raises(InvalidStateError, match="not pressable"):
        p.press(0, 2)
    with pytest.raises(InvalidStateError, match="not pressable"):
        p.apply(0, {2: 1})


def test_graph_is_copied() -> None:
    g = nx.path_graph(2)
    p = lo.Puzzle(g)
    g.add_edge(1, 2)
    assert p.nodes == (0, 1)


def test_metadata() -> None:
    p = lo.grid(1, 2).with_metadata(title="T", boards={"b": [1, 0]}, colors=["off", "on"])
    assert p.title == "T"
    assert p.boards["b"].tolist() == [1, 0]
    with pytest.raises(InvalidPuzzleError, match="colors"):
        p.with_metadata(colors=["a", "b", "c"])
    with pytest.raises(InvalidPuzzleError, match="Unknown metadata field 'colour'"):
        p.with_metadata(colour=None)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"modulus": 1}, "'modulus' must be an int >= 2, not 1"),
        ({"modulus": 2.0}, "'modulus' must be an int >= 2, not 2.0"),
        ({"modulus": True}, "'modulus' must be an int >= 2, not True"),
        ({"modulus": 2**62}, "below 2\\*\\*62"),
        ({"rule": "star"}, "'rule' must be one of closed, open, weighted, not 'star'"),
        ({"pressable": [0, 9]}, "'pressable' holds 9"),
    ],
)
def test_bad_puzzle_arguments(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=match):
        lo.Puzzle(nx.path_graph(3), **kwargs)  # type: ignore[arg-type]


def test_bad_graphs() -> None:
    with pytest.raises(InvalidPuzzleError, match="no nodes"):
        lo.Puzzle(nx.Graph())
    with pytest.raises(InvalidPuzzleError, match="self-loop at node 1"):
        lo.Puzzle(nx.Graph([(1, 1)]))
    with pytest.raises(InvalidPuzzleError, match="multigraph"):
        lo.Puzzle(nx.MultiGraph([(0, 1), (0, 1)]))
    with pytest.raises(InvalidPuzzleError, match="must be a networkx Graph"):
        lo.Puzzle([(0, 1)])  # type: ignore[arg-type]
    g = nx.Graph()
    g.add_edge(0, 1, weight=1.5)
    with pytest.raises(InvalidPuzzleError, match="Edge attribute 'weight' of \\(0, 1\\)"):
        lo.Puzzle(g, rule="weighted")


@pytest.mark.parametrize(
    ("state", "match"),
    [
        ([1, 0], "has 2 values, but the puzzle has 3 nodes"),
        ([0, 2, 0], "position 1 \\(node 1\\) must be in 0..1, not 2"),
        ([0, -1, 0], "must be in 0..1, not -1"),
        ([0, 0.5, 0], "must be an int in 0..1, not 0.5"),
        ({7: 1}, "names 7, which is not a node"),
        ("101", "must be a dict node -> int"),
        (np.zeros((3, 1), dtype=int), "1-dimensional"),
        (3, "every node must be in 0..1, not 3"),
    ],
)
def test_bad_states(state: object, match: str) -> None:
    p = lo.Puzzle(nx.path_graph(3))
    with pytest.raises(InvalidStateError, match=match):
        p.state_vector(state)  # type: ignore[arg-type]


def test_bad_press_arguments() -> None:
    p = lo.Puzzle(nx.path_graph(3))
    with pytest.raises(InvalidStateError, match="'node' is 5"):
        p.press(0, 5)
    with pytest.raises(InvalidStateError, match="'times' must be an int"):
        p.press(0, 1, times=1.5)  # type: ignore[arg-type]
    with pytest.raises(lo.LightsOutError):
        p.as_dict([1])


def test_apply_and_press_are_exact_for_moduli_near_2_62() -> None:
    k = 3 * 2**31
    p = lo.Puzzle(nx.path_graph(3), modulus=k, rule="open")
    after = p.apply([k - 1, 0, 0], {1: k - 1})
    assert after == {0: (2 * (k - 1)) % k, 1: 0, 2: k - 1}
    assert p.press(0, 1, times=k - 1) == {0: k - 1, 1: 0, 2: k - 1}
    assert p.press(0, 1, times=10**30) == {0: 10**30 % k, 1: 0, 2: 10**30 % k}


def test_unhashable_or_non_iterable_nodes_raise_package_errors() -> None:
    with pytest.raises(InvalidPuzzleError, match="'pressable' must be an iterable"):
        lo.Puzzle(nx.path_graph(3), pressable=5)  # type: ignore[arg-type]
    with pytest.raises(InvalidPuzzleError, match=r"'pressable' holds \[1\]"):
        lo.Puzzle(nx.path_graph(3), pressable=[[1]])
    with pytest.raises(InvalidStateError, match=r"'node' is \[0, 0\]"):
        lo.grid(2, 2).press(0, [0, 0])


# -- board-shaped arrays, lazy parts, metadata and caches -------------------------------------


def test_board_shaped_arrays_round_trip() -> None:
    p = lo.grid(2, 3, modulus=3)
    board = np.array([[1, 2, 0], [0, 0, 2]])
    vec = p.state_vector(board)
    assert vec.tolist() == [1, 2, 0, 0, 0, 2]
    assert np.array_equal(p.board_array(vec), board)
    assert p.state_vector(board.ravel()).tolist() == vec.tolist()
    sol = lo.solve(p, board)
    assert sol.presses_array.shape == (2, 3)
    assert np.array_equal(sol.presses_array.ravel(), sol.vector)
    assert np.array_equal(p.state_vector(p.apply(board, sol.presses_array)), p.goal)
    cube = lo.grid(2, 3, 4)
    assert cube.board_shape == (2, 3, 4)
    assert cube.state_vector(np.ones((2, 3, 4), dtype=np.int8)).sum() == 24
    assert lo.torus(3, 4).board_shape == lo.king(3, 4).board_shape == (3, 4)
    assert lo.Puzzle(nx.path_graph(3)).board_shape is None


@pytest.mark.parametrize(
    ("state", "match"),
    [
        (np.zeros((3, 2), dtype=int), r"shape \(3, 2\).*\(2, 3\)"),
        (np.zeros((2, 3, 1), dtype=int), r"\(2, 3\)"),
        (np.zeros(5, dtype=int), r"5 values.*6 nodes.*\(2, 3\)"),
        (np.array([[0, 0, 0], [0, 3, 0]]), r"node \(1, 1\)\) must be in 0\.\.2, not 3"),
        (np.array([[0, 0, 0], [0, -1, 0]]), r"node \(1, 1\)\) must be in 0\.\.2"),
        (np.zeros((2, 3)), "must be an int"),
        ({(2, 0): 1}, r"names \(2, 0\), which is not a node"),
        ({"x": 1}, "'x', which is not a node"),
        ({(0, 0.5): 1}, "not a node"),
    ],
)
def test_board_shaped_errors_name_the_shape(state: object, match: str) -> None:
    p = lo.grid(2, 3, modulus=3)
    with pytest.raises(InvalidStateError, match=match):
        p.state_vector(state)  # type: ignore[arg-type]


def test_nodes_and_index_are_cheap_and_behave_as_before() -> None:
    p = lo.grid(1000, 1000)
    assert p.n == len(p.nodes) == 10**6
    assert p.nodes[1001] == (1, 1) and p.nodes[-1] == (999, 999)
    assert p.index[(1, 1)] == 1001 and (1000, 0) not in p.index
    assert p.nodes.index((2, 3)) == 2003
    assert p.pressable is p.nodes and p.press_index is p.index
    assert p.state_vector({(999, 999): 1})[-1] == 1
    assert p._graph is None and p._matrix is None  # nothing big was built
    small = lo.grid(2, 2)
    assert small.nodes == ((0, 0), (0, 1), (1, 0), (1, 1))
    assert list(small.graph.nodes) == list(small.nodes)
    assert dict(small.index) == {v: i for i, v in enumerate(small.graph.nodes)}


def test_apply_and_verify_are_vectorised_and_exact() -> None:
    for p in [lo.grid(4, 5, modulus=3), lo.torus(3, 4, modulus=5), lo.knight(4, modulus=7)]:
        q = lo.Puzzle(p.graph, modulus=p.modulus, rule=p.rule)
        rng = np.random.default_rng(0)
        s = rng.integers(0, p.modulus, p.n)
        x = rng.integers(0, p.modulus, p.n)
        assert np.array_equal(p.apply_vector(s, x), q.apply_vector(s, x))
    big_k = lo.grid(2, 2, modulus=2**61 - 1)
    x = np.array([2**61 - 2] * 4, dtype=np.int64)
    expected = (np.array([3, 3, 3, 3], dtype=object) * (2**61 - 2)) % (2**61 - 1)
    assert big_k.apply_vector(np.zeros(4, dtype=np.int64), x).tolist() == expected.tolist()


def test_with_metadata_returns_a_new_puzzle() -> None:
    p = lo.grid(2, 2)
    q = p.with_metadata(title="T", goal=1, boards={"b": [1, 0, 0, 1]}, colors=["off", "on"])
    assert q is not p and p.title is None and q.title == "T"
    assert p.goal.tolist() == [0, 0, 0, 0] and q.goal.tolist() == [1, 1, 1, 1]
    assert isinstance(q.info, lo.PuzzleInfo) and q.family == p.family
    with pytest.raises(ValueError, match="read-only"):
        q.goal[0] = 0
    with pytest.raises(ValueError, match="read-only"):
        q.boards["b"][0] = 0
    with pytest.raises(AttributeError):
        q.info.title = "other"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("fields", "match"),
    [
        ({"boards": [1]}, "'boards' must be a dict"),
        ({"colors": 5}, "'colors' must be a sequence of 2 colour names, not int"),
        ({"colors": "ab"}, "'colors' must be a sequence"),
        ({"title": 5}, "'title' must be a str or None"),
        ({"description": None}, "'description' must be a str"),
        ({"sources": "x"}, "'sources' must be a sequence"),
        ({"sources": [1]}, r"'sources\[0\]' must be a dict"),
        ({"family": "grid"}, "'family' must be a FamilyInfo"),
        ({"lit_only": "yes"}, "'lit_only' must be True or False"),
        ({"invariants": 3}, "'invariants' must be a dict"),
    ],
)
def test_with_metadata_rejects_bad_values_by_name(fields: dict, match: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=match):
        lo.grid(2, 2).with_metadata(**fields)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"rule": np.array(["closed", "open"])}, "Argument 'rule' must be one of"),
        ({"rule": ["closed"]}, "Argument 'rule' must be one of"),
        ({"rule": "weighted", "weight": ["w"]}, "Argument 'weight' must be an attribute name"),
        ({"self_weight": 3}, "Argument 'self_weight' must be an attribute name"),
    ],
)
def test_unhashable_or_odd_arguments_are_package_errors(kwargs: dict, match: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=match):
        lo.Puzzle(nx.path_graph(3), **kwargs)
    if "rule" in kwargs and "weight" not in kwargs:
        with pytest.raises(InvalidPuzzleError, match=match):
            lo.grid(2, 2, rule=kwargs["rule"])


def test_caches_never_go_stale_and_are_never_shared() -> None:
    from lightsout_graphs.algorithms import solver, symmetry
    from lightsout_graphs.interfaces.draw import node_positions

    g = nx.cycle_graph(5)
    a = lo.Puzzle(g)
    b = lo.Puzzle(g)
    fa = solver.factorization(a)
    assert solver.factorization(a) is fa
    assert solver.factorization(b) is not fa
    shifted = a.with_metadata(goal=[1, 0, 0, 0, 0])
    assert solver._CACHE.peek(shifted, "factorization:auto") is None
    # a new goal is used at once: no factorisation or solution of the old puzzle is reused
    sol = lo.solve(shifted, 0)
    assert sol.verify() and sol.target.tolist() == [1, 0, 0, 0, 0]
    assert lo.solve(a, 0).num_presses == 0
    sa = symmetry.symmetries(a)
    assert symmetry._CACHE.peek(shifted, "symmetries:False") is None
    assert len(sa) == 10
    pos = node_positions(a)
    pos[0] = (99.0, 99.0)  # a copy: the cached drawing layout is not changed
    assert node_positions(a)[0] != (99.0, 99.0)
    assert not hasattr(a, "_cache")


def test_puzzles_pickle_with_their_built_parts() -> None:

    for p in [
        lo.grid(3, 4, modulus=3).with_metadata(title="T"),
        lo.torus(3, 3),
        lo.Puzzle(nx.path_graph(3)),
    ]:
        q = pickle.loads(pickle.dumps(p))
        assert q.nodes == p.nodes and q.title == p.title and q.family == p.family
        assert (q.toggle_matrix() != p.toggle_matrix()).nnz == 0
        assert lo.solve(q, 1 if q.modulus == 2 else 0).verify()


# -- structure: what the families say about their shape, checked against the toggle matrix ------


def _lattice_matrix(s: Lattice) -> np.ndarray:
    """The toggle matrix of a lattice, rebuilt cell by cell from its description."""
    cells = list(itertools.product(*(range(side) for side in s.shape)))
    pos = {c: i for i, c in enumerate(cells)}
    t = np.eye(len(cells), dtype=np.int64) if s.rule == "closed" else np.zeros((len(cells),) * 2)
    for c in cells:
        reached = set()
        for o in s.offsets:
            target = []
            for x, step, side, wrap in zip(c, o, s.shape, s.wrap, strict=True):
                y = (x + step) % side if wrap else x + step
                target.append(y)
            if all(0 <= y < side for y, side in zip(target, s.shape, strict=True)):
                reached.add(tuple(target))
        reached.discard(c)
        for v in reached:
            t[pos[v], pos[c]] = 1
    return t


def _factor_graph(f: Factor) -> nx.Graph:
    if f.kind == "graph":
        assert f.graph is not None
        return f.graph
    return {"path": nx.path_graph, "cycle": nx.cycle_graph, "complete": nx.complete_graph}[f.kind](
        f.n
    )


def _product_matrix(s: Product) -> np.ndarray:
    """The toggle matrix of a product in the product of the factors' node orders."""
    t = np.zeros((1, 1), dtype=np.int64)
    for f in s.factors:
        a = nx.to_numpy_array(_factor_graph(f), nodelist=list(_factor_graph(f)), dtype=np.int64)
        t = np.kron(t, np.eye(f.n, dtype=np.int64)) + np.kron(np.eye(len(t), dtype=np.int64), a)
    return t + np.eye(len(t), dtype=np.int64) if s.rule == "closed" else t


LATTICE_FAMILIES = {
    "grid": lambda a, b, rule: lo.grid(a, b, rule=rule),
    "grid-3d": lambda a, b, rule: lo.grid(a, b, 2, rule=rule),
    "torus": lambda a, b, rule: lo.torus(a, b, rule=rule),
    "stencil": lambda a, b, rule: lo.stencil(
        (a, b),
        [(0, 1), (2, -1)],
        (True, False),
        **({"amounts": [1, 1]} if rule == "weighted" else {"rule": rule}),
    ),
    "king": lambda a, b, rule: lo.king(a, b, rule=rule),
    "knight": lambda a, b, rule: lo.knight(a, b, rule=rule),
    "bishop": lambda a, b, rule: lo.bishop(a, b, rule=rule),
    "queen": lambda a, b, rule: lo.queen(a, b, rule=rule),
    "x_pattern": lambda a, b, rule: lo.x_pattern(a, b, rule=rule),
}

PRODUCT_FAMILIES = {
    "rook": lambda a, b, rule: lo.rook(a, b, rule=rule),
    "hypercube": lambda a, b, rule: lo.hypercube(a - 1, rule=rule),
    "hamming": lambda a, b, rule: lo.hamming(a, b, rule=rule),
    "cylinder": lambda a, b, rule: lo.cylinder(a, b, rule=rule),
    "prism": lambda a, b, rule: lo.prism(b, rule=rule),
    "path": lambda a, b, rule: path(a * b, rule=rule),
    "cycle": lambda a, b, rule: cycle(a + 2, rule=rule),
    "complete": lambda a, b, rule: complete(b, rule=rule),
    "product": lambda a, b, rule: lo.product(
        nx.cycle_graph(a + 2), nx.complete_graph(b), rule=rule
    ),
    "product-of-graphs": lambda a, b, rule: lo.product(
        nx.star_graph(a), nx.path_graph(b), rule=rule
    ),
}


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(sorted(LATTICE_FAMILIES) + sorted(PRODUCT_FAMILIES)),
    st.integers(1, 4),
    st.integers(1, 4),
    st.sampled_from(["closed", "open", "weighted"]),
)
def test_the_structure_rebuilds_the_toggle_matrix(family: str, a: int, b: int, rule: str) -> None:
    build = {**LATTICE_FAMILIES, **PRODUCT_FAMILIES}[family]
    p = build(a, b, rule)
    s = p.structure
    t = p.toggle_matrix().toarray()
    if rule == "weighted":  # the structure of the closed rule, where the amounts are its own
        closed = build(a, b, "closed").toggle_matrix().toarray()
        if (closed != t).any():
            assert isinstance(s, General)
        if isinstance(s, General):  # also where the amounts agree only by chance (torus 1×1)
            return
        rule = "closed"
    assert s.rule == rule and s.size == len(p.nodes)  # type: ignore[union-attr]
    if family in LATTICE_FAMILIES:
        assert isinstance(s, Lattice)
        assert list(p.nodes) == list(itertools.product(*(range(n) for n in s.shape)))
        assert (_lattice_matrix(s) == t).all()
    else:
        assert isinstance(s, Product)
        assert (_product_matrix(s) == t).all()
        graphs = [_factor_graph(f) for f in s.factors]
        whole = graphs[0]
        for g in graphs[1:]:
            whole = nx.cartesian_product(whole, g)
        assert nx.is_isomorphic(whole, p.graph)


def test_each_family_says_its_shape() -> None:
    axes = ((-1, 0), (0, -1), (0, 1), (1, 0))
    assert lo.grid(3, 4).structure == Lattice((3, 4), axes, (False, False), "closed")
    assert lo.torus(3, 4, rule="open").structure == Lattice((3, 4), axes, (True, True), "open")
    assert lo.stencil((3, 4), axes).structure == lo.grid(3, 4).structure
    assert lo.rook(3, 4).structure == Product(
        (Factor("complete", 3), Factor("complete", 4)), "closed"
    )
    assert lo.rook(2, 4).structure.kinds == ("path", "complete")  # type: ignore[union-attr]
    assert lo.hypercube(3).structure == Product((Factor("path", 2),) * 3, "closed")
    assert lo.hamming(2, 2).structure == lo.hypercube(2).structure
    assert lo.cylinder(3, 5).structure.kinds == ("path", "cycle")  # type: ignore[union-attr]
    assert lo.prism(5).structure.kinds == ("path", "cycle")  # type: ignore[union-attr]
    assert cycle(5).structure == Product((Factor("cycle", 5),), "closed")
    assert lo.product(nx.cycle_graph(5), nx.cycle_graph(7)).structure == Product(
        (Factor("cycle", 5), Factor("cycle", 7)), "closed"
    )
    assert lo.product(nx.complete_graph(4), nx.complete_graph(4)).structure == lo.rook(4).structure


def test_a_factor_out_of_order_is_a_graph() -> None:
    # A path 0 - 2 - 1 listed as 0, 1, 2: a closed form would number it differently.
    bent = nx.Graph()
    bent.add_nodes_from([0, 1, 2])
    bent.add_edges_from([(0, 2), (2, 1)])
    s = lo.product(bent, nx.path_graph(2)).structure
    assert isinstance(s, Product) and s.kinds == ("graph", "path")
    assert (
        _product_matrix(s) == lo.product(bent, nx.path_graph(2)).toggle_matrix().toarray()
    ).all()


def test_structure_is_general_where_the_shape_says_too_little() -> None:
    general = [
        lo.torus(2, 3, rule="weighted"),
        lo.grid(3, 3, pressable=[(0, 0)]),
        lo.stencil((3, 3), [(0, 1), (0, 0)], amounts=[1, 1]),
        lo.stencil((3, 3), [(0, 1)], amounts=[2], modulus=3),
        lo.Puzzle(nx.grid_2d_graph(3, 3)),
        lo.Puzzle(nx.path_graph(3), structure=Product((Factor("path", 3),), "closed"), lights=[0]),
        lo.merlin(),
        lo.hexagonal(2, 2),
    ]
    for p in general:
        assert p.structure == General()


def test_weighted_families_without_weights_say_closed() -> None:
    for p in [
        lo.grid(3, 3, rule="weighted"),
        lo.torus(3, 4, rule="weighted"),
        lo.rook(3, rule="weighted"),
    ]:
        q = {"grid": lo.grid(3, 3), "torus": lo.torus(3, 4), "rook": lo.rook(3)}[p.family.name]
        assert p.structure == q.structure and p.structure.rule == "closed"  # type: ignore[union-attr]
        assert (p.toggle_matrix() != q.toggle_matrix()).nnz == 0


def test_weighted_lattices_of_unit_amounts_are_closed_lattices() -> None:
    """Every amount 1 and no coinciding offsets: the weighted rule is the closed rule, and
    the planner takes the same engines as for the closed puzzle."""
    for p, closed in [
        (lo.grid(3, 4, rule="weighted"), lo.grid(3, 4)),
        (lo.torus(3, 5, rule="weighted", modulus=3), lo.torus(3, 5, modulus=3)),
    ]:
        assert p.structure == closed.structure
        assert (p.toggle_matrix() != closed.toggle_matrix()).nnz == 0
        assert lo.solve(p, 1).method == lo.solve(closed, 1).method


def test_structure_survives_metadata_pickling_and_lighting() -> None:
    p = lo.grid(3, 4)
    assert p.with_metadata(title="T").structure == p.structure
    assert pickle.loads(pickle.dumps(p)).structure == p.structure
    assert p.every_node_lit().structure == p.structure
    q = lo.Puzzle(nx.path_graph(3), structure=Product((Factor("path", 3),), "closed"))
    assert q.structure.kinds == ("path",)  # type: ignore[union-attr]
    with pytest.raises(AttributeError):
        p.structure = General()  # type: ignore[misc]


@pytest.mark.parametrize(
    ("structure", "match"),
    [
        ("grid", "must be a Lattice, Product or General"),
        (Product((Factor("path", 4),), "closed"), "4 nodes"),
        (Product((Factor("path", 3),), "open"), "'open' rule"),
    ],
)
def test_a_structure_that_does_not_fit_is_refused(structure: object, match: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=match):
        lo.Puzzle(nx.path_graph(3), structure=structure)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda p: p.apply_vector(np.zeros(4, int), np.array([1, 0])), "'presses' has 2 values"),
        (lambda p: p.apply_vector(None, np.zeros(4, int)), "'state' must be a vector of 4 ints"),
        (lambda p: p.board_array("abcd"), "must be a vector of 4 ints, not a str"),
        (lambda p: p.board_array(np.ones((2, 2), int)), "not an array of shape (2, 2)"),
        (lambda p: p.as_dict(None), "not a NoneType"),
        (lambda p: p.as_dict([1.5, 0, 0, 0]), "must hold ints"),
        (lambda p: p.as_dict([2**70, 0, 0, 0]), "beyond 64 bits"),
        (lambda p: p.full_presses(np.array([1, 1, 1])), "'presses' has 3 values"),
    ],
)
def test_vector_methods_name_a_bad_vector(call: object, message: str) -> None:
    with pytest.raises(InvalidStateError, match=re.escape(message)):
        call(lo.grid(2, 2))  # type: ignore[operator]


def test_vector_methods_take_ints_and_bools() -> None:
    p = lo.grid(2, 2)
    assert p.as_dict(np.array([True, False, False, True])) == {
        (0, 0): 1,
        (0, 1): 0,
        (1, 0): 0,
        (1, 1): 1,
    }
    assert p.board_array([1, 0, 0, 1]).tolist() == [[1, 0], [0, 1]]
    assert p.apply_vector([0, 0, 0, 0], [1, 0, 0, 0]).tolist() == [1, 1, 1, 0]


def test_checks_puzzle_is_the_one_check_of_a_puzzle_argument() -> None:
    import inspect

    from lightsout_graphs.representation.puzzle import checks_puzzle

    @checks_puzzle
    def lights(puzzle: lo.Puzzle, extra: int = 0) -> int:
        """The number of lights."""
        return puzzle.n + extra

    assert lights.__name__ == "lights" and lights.__doc__ == "The number of lights."
    assert list(inspect.signature(lights).parameters) == ["puzzle", "extra"]
    assert lights(lo.grid(2, 2)) == lights(puzzle=lo.grid(2, 2)) == 4
    for junk in ("x", None, nx.path_graph(3)):
        with pytest.raises(lo.InvalidPuzzleError, match="'puzzle' must be a Puzzle"):
            lights(junk)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        lights()  # type: ignore[call-arg]
    for public in (lo.analyze, lo.symmetries, lo.is_symmetry, lo.depth_distribution):
        assert hasattr(public, "__wrapped__"), public.__name__


def test_a_puzzle_is_checked_once_per_public_call(monkeypatch: pytest.MonkeyPatch) -> None:
    """lo.solve asks factorization, which asks the planner: one check of the puzzle in all."""
    from lightsout_graphs.representation import puzzle as home

    calls: list[object] = []
    check = home.check_puzzle

    def counted(obj: object, name: str = "puzzle") -> lo.Puzzle:
        calls.append(obj)
        return check(obj, name)

    monkeypatch.setattr(home, "check_puzzle", counted)
    p = lo.grid(5, 5)
    lo.solve(p, 0, target=1)
    lo.analyze(lo.grid(4, 4))
    assert calls == [p, calls[1]] and len(calls) == 2
    with pytest.raises(lo.InvalidPuzzleError):  # and the flag is reset after every call
        lo.solve("5x5")  # type: ignore[arg-type]
    with pytest.raises(lo.InvalidPuzzleError):
        lo.analyze(None)  # type: ignore[arg-type]


# -- metadata: frozen, read-only, picklable, every field checked by name -------------------


def vector_of(value: object, name: str) -> np.ndarray:
    return np.array(value, dtype=np.int64) % 2


def test_read_only_dict_is_a_mapping_that_pickles() -> None:
    d = ReadOnlyDict({"a": 1, "b": [2]})
    assert dict(d) == {"a": 1, "b": [2]} and len(d) == 2 and "a" in d
    assert repr(d) == "{'a': 1, 'b': [2]}"
    with pytest.raises(TypeError):
        d["c"] = 3  # type: ignore[index]
    assert dict(pickle.loads(pickle.dumps(d))) == dict(d)
    assert dict(ReadOnlyDict()) == {}


def test_info_is_frozen_and_boards_are_read_only() -> None:
    info = checked_info(PuzzleInfo(), {"boards": {"one": [1, 0]}, "goal": [0, 1]}, 2, vector_of)
    with pytest.raises(dataclasses.FrozenInstanceError):
        info.title = "x"  # type: ignore[misc]
    assert info.boards["one"].tolist() == [1, 0]
    assert not info.boards["one"].flags.writeable
    assert info.goal is not None and not info.goal.flags.writeable
    assert pickle.loads(pickle.dumps(info)).boards["one"].tolist() == [1, 0]


def test_good_fields_are_normalised() -> None:
    info = checked_info(
        PuzzleInfo(),
        {"colors": ["black", "red"], "sources": [{"title": "x"}], "name": None},
        2,
        vector_of,
    )
    assert info.colors == ("black", "red")
    assert info.sources == ({"title": "x"},)
    assert info.name is None


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"colour": ["a", "b"]}, "Unknown metadata field 'colour'"),
        ({"title": 3}, "Metadata 'title' must be a str or None, not int."),
        ({"description": None}, "Metadata 'description' must be a str, not NoneType."),
        ({"colors": "red"}, "Metadata 'colors' must be a sequence of 2 colour names, not str."),
        ({"colors": ["red"]}, "Metadata 'colors' needs 2 names (one per state), not 1."),
        ({"boards": [1, 0]}, "Metadata 'boards' must be a dict name -> board, not list."),
        ({"sources": {"a": 1}}, "Metadata 'sources' must be a sequence of dicts, not dict."),
        ({"sources": [1]}, "Metadata 'sources[0]' must be a dict, not int."),
        ({"family": "grid"}, "Metadata 'family' must be a FamilyInfo or None, not str."),
    ],
)
def test_bad_fields_are_named(fields: dict[str, object], words: str) -> None:
    with pytest.raises(InvalidPuzzleError) as info:
        checked_info(PuzzleInfo(), fields, 2, vector_of)
    assert str(info.value).startswith(words)


def test_families_record_their_parameters() -> None:
    family = lo.grid(2, 3).family
    assert isinstance(family, FamilyInfo) and family.name == "grid"
    assert FamilyInfo("mine", {"size": 3}) == FamilyInfo("mine", {"size": 3})


def test_check_rule_takes_the_allowed_rules_only() -> None:
    assert check_rule("open") == "open"
    msg = "Argument 'rule' must be one of closed, open, not 'weighted'."
    with pytest.raises(InvalidPuzzleError, match=re.escape(msg)):
        check_rule("weighted", ("closed", "open"))


def test_checks_puzzle_refuses_what_is_not_a_puzzle() -> None:
    @checks_puzzle
    def lights(puzzle: lo.Puzzle) -> int:
        return puzzle.n

    assert (lights(lo.grid(2, 3)), lights(puzzle=lo.grid(1, 2))) == (6, 2)
    msg = "Argument 'puzzle' must be a Puzzle, not str."
    for call in (lambda: lights("5x5"), lambda: check_puzzle("5x5")):  # type: ignore[arg-type]
        with pytest.raises(InvalidPuzzleError, match=re.escape(msg)):
            call()
