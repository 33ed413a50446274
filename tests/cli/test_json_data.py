"""The JSON objects of ``lightsout``: consistent keys, exact counts, plain JSON types."""

from __future__ import annotations

import json

import networkx as nx
import pytest

import lightsout_graphs as lo
from lightsout_graphs.cli.json_data import (
    analysis_json,
    board_json,
    catalog_row,
    puzzle_name,
    solution_json,
    unsolvable_json,
)


def roundtrip(data: dict) -> dict:
    assert json.loads(json.dumps(data)) == data
    return data


@pytest.mark.parametrize("k", [2, 3, 4, 6])
def test_analysis_counts_are_consistent(k: int) -> None:
    puzzle = lo.grid(4, 4, modulus=k)
    analysis = lo.analyze(puzzle)
    data = roundtrip(analysis_json(analysis))
    assert data["kernel_size"] == analysis.kernel_size
    assert data["solvable_states"] * data["kernel_size"] == k**16
    assert data["solvable_fraction"] == pytest.approx(1 / analysis.kernel_size)
    assert data["lights"] == 16


def test_solution_and_board_keys() -> None:
    puzzle = lo.grid(5, 5)
    sol = lo.solve(puzzle, 1)
    data = roundtrip(solution_json(sol))
    board = board_json(puzzle, sol.state, sol.target, solvable=True)
    assert {k: data[k] for k in board} == board
    assert data["presses"] == sol.vector.tolist()
    assert data["num_presses"] == sol.num_presses and data["count"] == 4
    assert len(data["press_text"].replace("/", "").replace("\n", "")) == 25


def test_unsolvable_boards_carry_a_valid_certificate() -> None:
    puzzle = lo.grid(5, 5)
    state = [1] + [0] * 24
    with pytest.raises(lo.Unsolvable) as info:
        lo.solve(puzzle, state)
    data = roundtrip(unsolvable_json(puzzle, info.value, state, [0] * 25, "parity"))
    assert data["solvable"] is False and data["reason"] == "parity"
    cert = {tuple(node): c for node, c in data["certificate"]}
    assert sum(c * state[puzzle.nodes.index(v)] for v, c in cert.items()) % 2 == data["value"]


def test_names_and_catalog_rows() -> None:
    assert puzzle_name(lo.grid(2, 3)) == "grid 2×3"
    assert puzzle_name(lo.catalog.load("merlin")) == "merlin"
    assert isinstance(puzzle_name(lo.Puzzle(nx.path_graph(2))), str)
    row = roundtrip(catalog_row("tiny", lo.grid(1, 2), "grid 1×2", 0, 1))
    assert (row["name"], row["lights"], row["nullity"]) == ("tiny", 2, 0)
