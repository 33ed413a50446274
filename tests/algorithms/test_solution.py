"""Solutions: replay, counts, quiet patterns, JSON data, and the words of a certificate."""

from __future__ import annotations

import dataclasses
import json

import networkx as nx
import numpy as np
import pytest

import lightsout_graphs as lo
from lightsout_graphs.algorithms.solution import Solution, describe_certificate, puzzle_json
from lightsout_graphs.core.errors import LightsOutError


def test_the_classic_board_has_four_solutions_that_all_replay() -> None:
    puzzle = lo.grid(5, 5)
    sol = lo.solve(puzzle, 1)
    assert isinstance(sol, Solution)
    assert sol.verify()
    assert sol.num_solutions == 4
    assert sol.num_quiet_patterns == 4
    assert len(sol.quiet_vectors) == 2 and sol.quiet_orders == [2, 2]
    for quiet in sol.quiet_vectors:
        assert not np.any(puzzle.apply_vector(np.zeros(25, dtype=np.int64), quiet) % 2)
        other = dataclasses.replace(sol, vector=(sol.vector + quiet) % 2)
        assert other.verify()
    assert sol.num_presses == int(sol.vector.sum()) == len(sol.pressed())
    assert set(sol.presses) == set(puzzle.nodes)
    assert {v: c for v, c in sol.presses.items() if c} == dict.fromkeys(sol.pressed(), 1)


def test_a_wrong_solution_is_caught() -> None:
    sol = lo.solve(lo.grid(3, 3), 1)
    wrong = dataclasses.replace(sol, vector=np.zeros(9, dtype=np.int64))
    with pytest.raises(LightsOutError, match="do not reach the target"):
        wrong.verify()


def test_presses_in_node_order_for_larger_moduli() -> None:
    puzzle = lo.grid(2, 3, modulus=3)
    board = puzzle.apply_vector(np.zeros(6, dtype=np.int64), np.array([1, 2, 0, 0, 2, 1])) % 3
    sol = lo.solve(puzzle, board)
    assert sol.verify()
    assert sol.presses_array.shape == (2, 3)
    assert sol.presses_array.ravel().tolist() == sol.vector.tolist()
    assert all(0 < sol.presses[v] < 3 for v in sol.pressed())
    assert sol.num_presses == int(sol.vector.sum())


def test_to_dict_is_json_and_matches_the_solution() -> None:
    sol = lo.solve(lo.grid(5, 5), 1)
    data = sol.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["presses"] == sol.vector.tolist()
    assert data["num_presses"] == sol.num_presses
    assert data["num_solutions"] == data["count"] == 4
    assert data["solvable"] is True and data["modulus"] == 2


def test_the_label_nodes_and_lights_for_json() -> None:
    assert puzzle_json(lo.grid(1, 2)) == ("grid 1×2", [[0, 0], [0, 1]], None)
    ring = lo.Puzzle(nx.path_graph(3), lights=[0, 2])
    label, nodes, lights = puzzle_json(ring)
    assert nodes == [0, 1, 2] and lights == [0, 2]
    assert isinstance(label, str)


def test_certificates_in_words() -> None:
    p = lo.Puzzle(nx.empty_graph(2), rule="open")
    text = describe_certificate(p, {0: 1}, 1)
    assert text == (
        "no press changes the sum of the lights at 0 (mod 2), and the board must change it by 1"
    )
    with pytest.raises(lo.Unsolvable) as info:
        lo.solve(lo.grid(5, 5), {(0, 0): 1})
    assert "mod 2" in str(info.value)


def test_repr_says_one_solution_and_one_press_and_prints_huge_counts_as_powers() -> None:
    assert repr(lo.solve(lo.grid(3, 3), {(1, 1): 1}, target={(1, 1): 1})) == (
        "<Solution: 0 presses on 0 nodes, 1 solution>"
    )
    one = lo.solve(lo.grid(1, 1), 1)
    assert repr(one) == "<Solution: 1 press on 1 node, 1 solution>"
    # 2^14400 solutions: more digits than Python turns into a string.
    p = lo.Puzzle(nx.empty_graph(14400), rule="open")
    assert repr(lo.solve(p, 0)) == (
        "<Solution: 0 presses on 0 nodes, 2^14400 (about 10^4334.8) solutions>"
    )
