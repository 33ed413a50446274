"""The data behind the play page: toggle columns, solutions, quiet patterns and layout."""

from __future__ import annotations

import json
from math import prod

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs import families
from lightsout_graphs.core.errors import InvalidPuzzleError, InvalidStateError
from lightsout_graphs.interfaces.play.model import (
    MAX_PLAY_MODULUS,
    board_solution,
    play_data,
    quiet_data,
)
from lightsout_graphs.representation._describe import node_json
from lightsout_graphs.representation._layout import placed_nodes
from lightsout_graphs.representation.puzzle import Puzzle


@st.composite
def puzzles(draw: st.DrawFn) -> Puzzle:
    """Small puzzles of every kind: directed or not, any rule, weights, moduli, pressable sets."""
    n = draw(st.integers(1, 7))
    directed = draw(st.booleans())
    g: nx.Graph = nx.DiGraph() if directed else nx.Graph()
    g.add_nodes_from(range(n))
    pairs = [(u, v) for u in range(n) for v in range(n) if u != v and (directed or u < v)]
    for u, v in draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []:
        g.add_edge(u, v, weight=draw(st.integers(0, 5)))
    for u in g:
        g.nodes[u]["self_weight"] = draw(st.integers(0, 5))
    modulus = draw(st.sampled_from([2, 3, 4, 5, 6]))
    rule = draw(st.sampled_from(["closed", "open", "weighted"]))
    pressable = draw(st.none() | st.sets(st.sampled_from(range(n)), min_size=1))
    puzzle = Puzzle(g, modulus=modulus, rule=rule, pressable=pressable)
    return puzzle.with_metadata(lit_only=draw(st.booleans()))


@given(puzzles())
def test_columns_are_the_toggle_matrix(puzzle: Puzzle) -> None:
    data = play_data(puzzle)
    t = puzzle.toggle_matrix().toarray()
    rebuilt = np.zeros_like(t)
    for j, column in enumerate(data["columns"]):
        if puzzle.nodes[j] not in puzzle.press_index:
            assert column is None
            continue
        for light, amount in column:
            assert 0 < amount < puzzle.modulus
            rebuilt[light, j] = amount
    pressed = [puzzle.index[u] for u in puzzle.pressable]
    assert np.array_equal(rebuilt[:, pressed], t[:, pressed] % puzzle.modulus)


@given(puzzles(), st.integers(0, 2**32 - 1))
def test_start_board_is_solved_by_its_embedded_solution(puzzle: Puzzle, seed: int) -> None:
    data = play_data(puzzle, seed=seed)
    start = data["boards"][data["start"]]
    x = np.array(start["solution"])
    assert all(x[puzzle.index[u]] == 0 for u in puzzle.nodes if u not in puzzle.press_index)
    presses = x[[puzzle.index[u] for u in puzzle.pressable]]
    after = puzzle.apply_vector(np.array(start["state"]), presses)
    assert after.tolist() == data["goal"]


@given(puzzles())
def test_quiet_generators_are_quiet_and_count_the_solutions(puzzle: Puzzle) -> None:
    kernel = quiet_data(puzzle)
    assert kernel["num_quiet_patterns"] == lo.analyze(puzzle).num_quiet_patterns
    if kernel["quiet_vectors"]:
        assert prod(kernel["quiet_orders"]) == kernel["num_quiet_patterns"]
    for gen, order in zip(kernel["quiet_vectors"], kernel["quiet_orders"], strict=True):
        vec = np.array([gen[puzzle.index[u]] for u in puzzle.pressable])
        assert not puzzle.apply_vector(np.zeros(puzzle.n, dtype=np.int64), vec).any()
        assert not ((order * np.array(gen)) % puzzle.modulus).any()


def test_named_boards_keep_their_order_and_solutions() -> None:
    puzzle = lo.grid(1, 2).with_metadata(boards={"left": [1, 0], "both": [1, 1]}, goal=0)
    data = play_data(puzzle, board="both")
    assert [b["name"] for b in data["boards"]] == ["left", "both"]
    assert data["start"] == 1
    assert data["boards"][0]["solution"] is None  # 1 x 2: one light alone cannot be cleared
    assert data["boards"][1]["solution"] in ([1, 0], [0, 1])
    assert board_solution(puzzle, np.array([1, 1])) in ([1, 0], [0, 1])


def test_goal_and_colours_travel() -> None:
    puzzle = lo.grid(2, 2, modulus=3).with_metadata(goal=1, colors=("black", "red", "green"))
    data = play_data(puzzle)
    assert data["goal"] == [1, 1, 1, 1]
    assert data["colors"] == ["black", "red", "green"]
    start = data["boards"][0]
    assert start["name"] == "random"
    assert start["state"] != data["goal"]


def test_lit_only_random_board_replays_with_lit_presses() -> None:
    puzzle = lo.grid(3, 3).with_metadata(lit_only=True)
    data = play_data(puzzle, seed=4)
    state = puzzle.as_dict(data["boards"][0]["state"])
    solution = data["boards"][0]["solution"]
    assert any(solution)
    # Some order of the presses is legal under the lit-only rule.
    todo = [u for u, x in zip(puzzle.nodes, solution, strict=True) for _ in range(x)]
    while todo:
        lit = [u for u in todo if state[u]]
        assert lit, "no lit light left to press"
        state = puzzle.press(state, lit[0])
        todo.remove(lit[0])
    assert all(v == 0 for v in state.values())


def test_node_labels_as_json() -> None:
    assert json.dumps(node_json((1, (2, "x")))) == '[1, [2, "x"]]'
    assert node_json(frozenset({1})) == "frozenset({1})"
    assert node_json(np.int32(7)) == 7
    data = play_data(lo.grid(2, 3))
    assert data["nodes"][4] == [1, 1]
    assert data["labels"][4] == "(1,1)"  # as in board text


def test_layout_sources_and_shapes() -> None:
    assert play_data(lo.grid(3, 4))["shape"] == "tile"
    assert play_data(families.merlin())["shape"] == "tile"
    assert play_data(families.petersen())["shape"] == "circle"
    assert play_data(families.cube_surface())["shape"] == "tile"  # the cross-shaped net
    assert play_data(families.hypercube(4))["shape"] == "circle"
    assert placed_nodes(lo.Puzzle(nx.grid_2d_graph(2, 3)))[1] == "grid"
    path = lo.Puzzle(nx.path_graph(6))
    assert placed_nodes(path, seed=1) == placed_nodes(path, seed=1)
    assert placed_nodes(lo.Puzzle(nx.empty_graph(3)))[1] == "layout"
    three_d = nx.path_graph(2)
    nx.set_node_attributes(three_d, {0: (0, 0, 0), 1: (0, 0, 1)}, "pos")
    assert placed_nodes(lo.Puzzle(three_d))[1] == "pos"


def test_coinciding_positions_fall_back_to_a_layout() -> None:
    g = nx.path_graph(3)
    nx.set_node_attributes(g, {0: (0, 0), 1: (0, 0), 2: (1, 0)}, "pos")
    positions, source = placed_nodes(lo.Puzzle(g))
    assert source == "layout"
    assert len(set(positions.values())) == 3


def test_single_light() -> None:
    data = play_data(lo.Puzzle(nx.empty_graph(1)))
    assert data["x"] == [0.0]
    assert data["columns"] == [[[0, 1]]]


def test_bad_input_is_named() -> None:
    with pytest.raises(InvalidStateError, match="'nope'"):
        play_data(lo.grid(2, 2), board="nope")
    with pytest.raises(InvalidPuzzleError, match=str(MAX_PLAY_MODULUS + 1)):
        play_data(lo.grid(1, 2, modulus=MAX_PLAY_MODULUS + 1))
    g = nx.path_graph(2)
    nx.set_node_attributes(g, {0: (0, 0), 1: "left"}, "pos")
    with pytest.raises(InvalidPuzzleError, match="Node 1 has attribute 'pos'"):
        play_data(lo.Puzzle(g))


def test_large_cosets_are_not_embedded() -> None:
    # 17 lights that no press changes: every one of the 2**17 press vectors is quiet.
    kernel = quiet_data(lo.Puzzle(nx.empty_graph(17), rule="open"))
    assert kernel == {"num_quiet_patterns": 2**17, "quiet_vectors": [], "quiet_orders": []}
    small = quiet_data(lo.Puzzle(nx.empty_graph(3), rule="open"))
    assert small["num_quiet_patterns"] == 8
    assert sorted(map(tuple, small["quiet_vectors"])) == [(0, 0, 1), (0, 1, 0), (1, 0, 0)]


def test_play_data_rejects_a_non_puzzle() -> None:
    import lightsout_graphs as lo
    from lightsout_graphs.interfaces.play import play_data

    with pytest.raises(lo.InvalidPuzzleError, match="Argument 'puzzle' must be a Puzzle"):
        play_data("lights-out")  # type: ignore[arg-type]


def test_play_data_marks_the_lights_and_keeps_states_per_node() -> None:
    p = lo.Puzzle(nx.path_graph(3), lights=[0, 2])
    data = play_data(p, state=[1, 1])
    assert data["lit"] == [True, False, True]
    # A press never changes the middle node, which has no light.
    assert data["columns"] == [[[0, 1]], [[0, 1], [2, 1]], [[2, 1]]]
    assert data["goal"] == [0, 0, 0]
    given = data["boards"][data["start"]]
    assert given["state"] == [1, 0, 1] and given["solution"] == [0, 1, 0]
    assert "lit" not in play_data(lo.grid(2, 2))


def test_random_board_of_a_ring_puzzle_is_solved_by_its_presses() -> None:
    p = lo.ring_puzzle("24-cell")
    data = play_data(p, seed=5)
    board = data["boards"][0]
    state = np.array(board["state"])
    assert not state[: len(p.pressable)].any()  # the vertices carry no light
    rings = state[p.light_rows]
    presses = {u: c for u, c in zip(p.nodes, board["solution"], strict=True) if c}
    assert p.apply(list(rings), presses) == dict.fromkeys(p.lights, 0)
