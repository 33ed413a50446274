"""The codec of a puzzle: states, targets and presses between user forms and vectors.

Dict boards on lattices go through NumPy and must give what the key-by-key route gives, errors
included. Buttons that are not lights: states live on the lights, the press matrix is
T[lights, pressable]; every count is checked against brute force over all presses of small
random bipartite press maps (buttons on one side, lights on the other), for prime and
composite k.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable
from fractions import Fraction

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.core._labels import LatticeIndex, LatticeNodes
from lightsout_graphs.core.errors import InvalidPuzzleError, InvalidStateError
from lightsout_graphs.representation._codec import (
    StateCodec,
    check_value,
    checked_node,
    checked_values,
    in_range,
    int_vector,
    is_node,
    light_rows,
    node_positions,
    press_columns,
    reduce_mod,
)

# -- dict boards on lattices ------------------------------------------------------------------


def _codecs(shape: tuple[int, ...], k: int) -> tuple[StateCodec, StateCodec]:
    """A lattice codec (NumPy route for dicts) and the same codec with that route switched off,
    so that it goes key by key. (A codec over a plain dict of the cells is not the reference:
    a dict finds ``(0.0, 1)`` or ``(True, 0)`` by equality, where a lattice names only integer
    cells.)"""
    fast = StateCodec(LatticeNodes(shape), LatticeIndex(shape), k, shape)
    plain = StateCodec(LatticeNodes(shape), LatticeIndex(shape), k, shape)
    plain._cells_vector = lambda state: None  # type: ignore[method-assign]
    return fast, plain


def _outcome(codec: StateCodec, state: object) -> tuple[str, object]:
    try:
        return "ok", codec.node_vector(state, "state").tolist()
    except InvalidStateError as err:
        return "error", str(err)


STRANGE_KEYS = [(9, 0), (0, -1), (True, 0), (0.0, 1), (2**70, 0), "a", (1,), (0, 0, 0)]
STRANGE_VALUES = [-1, 3, True, 1.0, 2**70, "1", None]


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([(5, 6), (2, 3, 4), (40,)]),
    st.sampled_from([2, 3]),
    st.data(),
)
def test_dict_boards_on_lattices_match_the_key_by_key_route(
    shape: tuple[int, ...], k: int, data: st.DataObject
) -> None:
    fast, plain = _codecs(shape, k)
    cells = list(LatticeNodes(shape))
    chosen = data.draw(st.lists(st.sampled_from(cells), min_size=17, unique=True))
    numpy_ints = data.draw(st.booleans())
    board = {}
    for cell in chosen:
        key = tuple(np.int64(c) for c in cell) if numpy_ints else cell
        board[key] = data.draw(st.integers(0, k - 1))
    assert fast._cells_vector(board) is not None  # plain boards take the NumPy route
    if data.draw(st.booleans()):  # one strange key or value among many plain ones
        if data.draw(st.booleans()):
            board[data.draw(st.sampled_from(STRANGE_KEYS))] = 1
        else:
            board[chosen[data.draw(st.integers(0, len(chosen) - 1))]] = data.draw(
                st.sampled_from(STRANGE_VALUES)
            )
    expected = _outcome(plain, board)
    assert _outcome(fast, board) == expected
    if expected[0] == "ok":
        vector = np.zeros(len(cells), dtype=np.int64)
        for key, value in board.items():
            vector[cells.index(tuple(int(c) for c in key))] = value
        assert expected[1] == vector.tolist()


def test_a_large_dict_board_round_trips() -> None:
    # Dicts of more than 16 cells go through the NumPy route of lattices; 10,000 cells.
    side = 100
    p = lo.grid(side, side)
    rng = np.random.default_rng(1)
    bits = rng.integers(0, 2, p.n)
    board = dict(zip(p.nodes, bits.tolist(), strict=True))
    assert (p.state_vector(board) == bits).all()
    assert p.as_dict(bits) == board
    presses = {(i, i): 1 for i in range(side)}
    after = p.apply(board, presses)
    x = np.zeros(p.n, dtype=np.int64)
    x[[i * (side + 1) for i in range(side)]] = 1
    assert (p.state_vector(after) == p.apply_vector(bits, x)).all()
    with pytest.raises(InvalidStateError, match=rf"\({side}, 0\)"):
        p.state_vector({**board, (side, 0): 1})
    with pytest.raises(InvalidStateError, match=r"\(3, 5\).* must be in 0..1, not 2"):
        p.state_vector({**board, (3, 5): 2})


def test_codec_parts() -> None:
    index = {"a": 0, "b": 1, "c": 2}
    assert press_columns(["c"], index).tolist() == [2]  # type: ignore[union-attr]
    assert press_columns(["a", "b", "c"], index) is None
    assert light_rows(["b"], index).tolist() == [1]  # type: ignore[union-attr]
    with pytest.raises(InvalidPuzzleError, match=r"'pressable'.*iterable"):
        press_columns(3, index)
    codec = StateCodec(tuple(index), index, 3, None, np.array([0, 2]), np.array([1, 2]))
    assert (codec.n, codec.lights, codec.pressable, codec.board_shape) == (
        2,
        ("b", "c"),
        ("a", "c"),
        None,
    )
    assert codec.state_vector({"c": 2}, "state").tolist() == [0, 2]
    assert codec.presses_vector({"c": 1}, "presses").tolist() == [0, 1]
    assert codec.full_presses(np.array([4, 1])).tolist() == [1, 0, 1]
    assert codec.as_dict(np.array([True, False])) == {"b": 1, "c": 0}
    assert codec.every_node_lit().n == 3
    with pytest.raises(InvalidStateError, match="'presses' presses node 'b'"):
        codec.presses_vector({"b": 1}, "presses")


@st.composite
def bipartite_maps(draw: st.DrawFn) -> tuple[int, np.ndarray]:
    """k and an amounts matrix A (lights × buttons) with entries in 0..k-1."""
    k = draw(st.sampled_from([2, 3, 4]))
    lights = draw(st.integers(1, 3))
    buttons = draw(st.integers(1, 4 if k == 2 else 3))
    flat = draw(
        st.lists(st.integers(0, k - 1), min_size=lights * buttons, max_size=lights * buttons)
    )
    return k, np.array(flat, dtype=np.int64).reshape(lights, buttons)


def build(k: int, a: np.ndarray) -> lo.Puzzle:
    lights, buttons = a.shape
    mapping = {f"b{j}": {f"L{i}": int(a[i, j]) for i in range(lights)} for j in range(buttons)}
    nodes = [*mapping, *(f"L{i}" for i in range(lights))]
    return lo.press_pattern(mapping, k, nodes=nodes, lights=nodes[buttons:])


def brute(k: int, a: np.ndarray) -> dict[tuple[int, ...], int]:
    """Every reachable board (from dark) -> the fewest presses that make it."""
    best: dict[tuple[int, ...], int] = {}
    for x in itertools.product(range(k), repeat=a.shape[1]):
        board = tuple(int(v) for v in a @ np.array(x, dtype=np.int64) % k)
        best[board] = min(best.get(board, sum(x)), sum(x))
    return best


@settings(max_examples=40, deadline=None)
@given(bipartite_maps())
def test_counts_and_every_board_match_brute_force(case: tuple[int, np.ndarray]) -> None:
    k, a = case
    lights, buttons = a.shape
    p = build(k, a)
    assert p.n == lights and len(p.nodes) == lights + buttons
    assert (p.press_matrix().toarray() == a).all()
    best = brute(k, a)
    an = lo.analyze(p)
    assert an.n == lights
    assert an.solvable_states == len(best)
    assert an.solvable_fraction == Fraction(len(best), k**lights)
    assert an.num_quiet_patterns == k**buttons // len(best)
    if k in (2, 3):  # prime: the rank is the dimension of the reachable boards
        assert k**an.rank == len(best)
        assert an.nullity == buttons - an.rank
    for quiet in an.quiet_patterns:
        assert set(quiet) == set(p.nodes)
        assert p.apply(0, quiet) == dict.fromkeys(p.lights, 0)
    assert lo.depth_distribution(p) == {
        d: sum(1 for v in best.values() if v == d) for d in range(max(best.values()) + 1)
    }
    assert lo.gods_number(p) == max(best.values())
    for board in itertools.product(range(k), repeat=lights):
        need = tuple(int(v) for v in (-np.array(board)) % k)  # presses must add -board
        assert lo.is_solvable(p, list(board)) == (need in best)
        if need not in best:
            with pytest.raises(lo.Unsolvable) as err:
                lo.solve(p, list(board))
            y = np.array([err.value.certificate.get(v, 0) for v in p.lights], dtype=np.int64)
            assert not (y @ a % k).any()
            assert int(y @ np.array(need)) % k == err.value.value != 0
            continue
        sol = lo.solve(p, list(board), minimize=True)
        assert sol.verify() and sol.optimal
        assert sol.num_presses == best[need]
        assert p.apply(list(board), sol.presses) == dict.fromkeys(p.lights, 0)
        assert set(sol.presses) == set(p.nodes)


def test_two_buttons_and_two_rings_report_two_lights() -> None:
    p = lo.press_pattern({"b1": ["r1", "r2"], "b2": ["r2"]})
    assert p.lights == ("r1", "r2") and p.n == 2
    an = lo.analyze(p)
    assert (an.n, an.rank, an.solvable_fraction, an.all_solvable) == (2, 2, 1, True)
    assert "lights=2" in repr(p)


def test_merlin_buttons_are_lights() -> None:
    p = lo.merlin()
    assert p.all_lights and p.n == 9 and p.lights == p.nodes


@pytest.fixture
def path3() -> lo.Puzzle:
    # 0 - 1 - 2 with the middle node a button without a light
    return lo.Puzzle(nx.path_graph(3), lights=[2, 0])


def test_states_live_on_the_lights(path3: lo.Puzzle) -> None:
    p = path3
    assert p.lights == (0, 2) and p.n == 2 and not p.all_lights
    assert p.light_rows.tolist() == [0, 2] and dict(p.light_index) == {0: 0, 2: 1}
    assert p.state_vector({2: 1}).tolist() == [0, 1]
    assert p.state_vector([1, 0]).tolist() == [1, 0]
    assert p.state_vector(np.array([0, 1])).tolist() == [0, 1]
    assert p.state_vector(1).tolist() == [1, 1]
    assert p.press(0, 1) == {0: 1, 2: 1}
    assert p.press([1, 0], 0) == {0: 0, 2: 0}
    assert p.apply(0, [1, 1, 0]) == {0: 0, 2: 1}  # presses: one value per node
    assert p.goal.tolist() == [0, 0]
    assert p.press_matrix().toarray().tolist() == [[1, 1, 0], [0, 1, 1]]
    assert p.toggle_matrix().shape == (3, 3)
    assert p.as_dict([1, 0]) == {0: 1, 2: 0}
    assert p.as_dict([1, 0, 1]) == {0: 1, 1: 0, 2: 1}
    sol = lo.solve(p, [1, 1])
    assert sol.verify() and sol.presses_array.tolist() == sol.vector.tolist()
    q = p.with_metadata(goal={0: 1}, boards={"one": [0, 1]})
    assert q.goal.tolist() == [1, 0] and q.boards["one"].tolist() == [0, 1]


@pytest.mark.parametrize(
    ("state", "words"),
    [
        ({1: 1}, ["1", "button without a light"]),
        ({7: 1}, ["7", "not a node"]),
        ([1, 0, 0], ["3 values", "2 lights", "of 3 nodes"]),
        (np.zeros((1, 2), dtype=np.int64), ["shape (1, 2)", "every node to be a light"]),
        ([0, 5], ["light 2", "0..1"]),
        ({0: 3}, ["light 0"]),
        ("10", ["dict light -> int"]),
    ],
)
def test_bad_states_name_what_is_wrong(path3: lo.Puzzle, state: object, words: list[str]) -> None:
    with pytest.raises(InvalidStateError) as err:
        path3.state_vector(state)  # type: ignore[arg-type]
    for word in words:
        assert word in str(err.value)


def test_board_shaped_arrays_need_every_node_lit() -> None:
    g = nx.grid_2d_graph(2, 2)
    p = lo.Puzzle(g, lights=[(0, 0), (1, 1)])
    assert p.board_shape is None
    with pytest.raises(InvalidStateError, match="every node to be a light"):
        p.state_vector(np.zeros((2, 2), dtype=np.int64))


@pytest.mark.parametrize(
    ("lights", "words"),
    [
        ([5], ["'lights'", "5", "not a node"]),
        ([], ["'lights'", "empty"]),
        (3, ["'lights'", "iterable"]),
        ("01", ["'lights'", "iterable"]),
    ],
)
def test_bad_lights_are_refused(lights: object, words: list[str]) -> None:
    with pytest.raises(InvalidPuzzleError) as err:
        lo.Puzzle(nx.path_graph(3), lights=lights)  # type: ignore[arg-type]
    for word in words:
        assert word in str(err.value)


def test_every_node_listed_is_the_default() -> None:
    p = lo.Puzzle(nx.path_graph(3), lights=[0, 1, 2])
    assert p.all_lights and p.lights == p.nodes and "lights=" not in repr(p)


def test_grid_family_stays_on_light_chasing_only_when_all_lit() -> None:
    # A grid graph with a dark corner goes to the general engine and still solves exactly.
    g = nx.grid_2d_graph(3, 3)
    lit = [v for v in g if v != (0, 0)]
    p = lo.Puzzle(g, lights=lit)
    sol = lo.solve(p, 1, minimize=True)
    assert sol.verify() and sol.method != "chasing"
    assert sol.num_presses == min(
        sum(x)
        for x in itertools.product(range(2), repeat=9)
        if not ((p.press_matrix().toarray() @ np.array(x) + 1) % 2).any()
    )


def test_symmetry_and_lit_only_respect_unlit_buttons() -> None:
    p = lo.ring_puzzle("16-cell")
    assert len(lo.all_solutions(p, {"r0": 1, "r1": 1, "r2": 1})) == 32
    with pytest.raises(InvalidPuzzleError, match="buttons without lights"):
        lo.symmetries(p)
    with pytest.raises(InvalidPuzzleError, match="buttons without lights"):
        lo.lit_only_solve(p, 0)
    q = lo.Puzzle(nx.path_graph(3), lights=[0, 2])
    assert lo.is_symmetry(q, {0: 2, 1: 1, 2: 0})
    r = lo.Puzzle(nx.path_graph(3), lights=[0, 1])
    assert not lo.is_symmetry(r, {0: 2, 1: 1, 2: 0})  # would swap a light and a button


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_graph_puzzles_with_some_lights_match_brute_force(data: st.DataObject) -> None:
    # Closed and open rules on a random graph: the lights see T[lights, pressable] only.
    n = data.draw(st.integers(2, 6))
    edges = data.draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))))
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from((u, v) for u, v in edges if u != v)
    k = data.draw(st.sampled_from([2, 3]))
    rule = data.draw(st.sampled_from(["closed", "open"]))
    lights = data.draw(st.sets(st.integers(0, n - 1), min_size=1))
    pressable = data.draw(st.sets(st.integers(0, n - 1), min_size=1))
    p = lo.Puzzle(g, k, rule, pressable=pressable, lights=lights)
    t = p.toggle_matrix().toarray()
    a = t[np.ix_(sorted(lights), sorted(pressable))] % k
    assert (p.press_matrix().toarray() == a).all()
    best = brute(k, a)
    an = lo.analyze(p)
    assert (an.n, an.solvable_states) == (len(lights), len(best))
    assert k**an.rank == len(best)
    board = data.draw(st.lists(st.integers(0, k - 1), min_size=len(lights), max_size=len(lights)))
    need = tuple(int(v) for v in (-np.array(board)) % k)
    if need in best:
        sol = lo.solve(p, board, minimize=True)
        assert sol.verify() and sol.num_presses == best[need]
    else:
        assert not lo.is_solvable(p, board)


def test_press_columns_and_light_rows_refuse_what_each_refuses() -> None:
    index = {"a": 0, "b": 1, "c": 2}
    assert press_columns("ca", index).tolist() == [0, 2]  # a string is an iterable of nodes
    with pytest.raises(InvalidPuzzleError, match="'pressable' must be an iterable of nodes, not"):
        press_columns(5, index)
    with pytest.raises(InvalidPuzzleError, match="'lights' must be an iterable of nodes, not str"):
        light_rows("ca", index)
    with pytest.raises(InvalidPuzzleError, match="'lights' is empty: a puzzle needs"):
        light_rows([], index)
    assert press_columns([], index).tolist() == []
    assert light_rows(["c", "b", "a"], index) is None
    with pytest.raises(InvalidPuzzleError, match="lights"):
        light_rows(["z"], index)


# -- the checks every conversion shares ---------------------------------------------------


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


def test_codec_conversions() -> None:
    codec = StateCodec((0, 1, 2), {0: 0, 1: 1, 2: 2}, 3, None)
    assert codec.state_vector({2: 2}, "state").tolist() == [0, 0, 2]
    assert codec.as_dict([1, 0, 2]) == {0: 1, 1: 0, 2: 2}
    lit = StateCodec((0, 1, 2), {0: 0, 1: 1, 2: 2}, 2, None, light_rows=np.array([0, 2]))
    assert lit.state_vector({2: 1}, "state").tolist() == [0, 1]
    one = StateCodec("abc", {"a": 0, "b": 1, "c": 2}, 2, None, np.array([2]))
    assert (one.pressable, dict(one.press_index)) == (("c",), {"c": 0})
    box = StateCodec(LatticeNodes((2, 2)), LatticeIndex((2, 2)), 2, (2, 2))
    assert box.node_vector({(1, 1): 1}, "state").tolist() == [0, 0, 0, 1]
    assert box.board_array([1, 0, 0, 1]).tolist() == [[1, 0], [0, 1]]
    assert int_vector([1, 0, 2], (3,), "'presses'").tolist() == [1, 0, 2]
    with pytest.raises(InvalidStateError, match="'presses' must be a vector of 3 ints, not a str"):
        int_vector("abc", (3,), "'presses'")
