"""Tests of the puzzle model: toggle rules, states, presses and bad input."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

import lightsout_graphs as lo
from lightsout_graphs.errors import InvalidPuzzleError, InvalidStateError


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
