"""The JSON objects of ``lightsout``: consistent keys, exact counts, plain JSON types."""

from __future__ import annotations

import json
from typing import Any

import networkx as nx
import pytest

import lightsout_graphs as lo
from lightsout_graphs.algorithms.solution import board_dict
from lightsout_graphs.interfaces.cli import main
from lightsout_graphs.interfaces.cli.json_data import (
    analysis_json,
    catalog_row,
    solution_json,
    unsolvable_json,
)
from lightsout_graphs.interfaces.cli.output import print_json


def roundtrip(data: dict) -> dict:
    assert json.loads(json.dumps(data)) == data
    return data


@pytest.mark.parametrize("k", [2, 3, 4, 6])
def test_analysis_counts_are_consistent(k: int) -> None:
    puzzle = lo.grid(4, 4, modulus=k)
    analysis = lo.analyze(puzzle)
    data = roundtrip(analysis_json(analysis))
    assert data["kernel_size"] == analysis.num_quiet_patterns
    assert data["solvable_states"] * data["kernel_size"] == k**16
    assert data["solvable_fraction"] == pytest.approx(1 / analysis.num_quiet_patterns)
    assert data["lights"] == 16


def test_solution_and_board_keys() -> None:
    puzzle = lo.grid(5, 5)
    sol = lo.solve(puzzle, 1)
    data = roundtrip(solution_json(sol))
    board = board_dict(puzzle, sol.state, sol.target, solvable=True)
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
    assert analysis_json(lo.analyze(lo.grid(2, 3)))["puzzle"] == "grid 2×3"
    assert analysis_json(lo.analyze(lo.catalog.load("merlin")))["puzzle"] == "merlin"
    assert isinstance(analysis_json(lo.analyze(lo.Puzzle(nx.path_graph(2))))["puzzle"], str)
    row = roundtrip(catalog_row("tiny", lo.grid(1, 2), "grid 1×2", 0, 1))
    assert (row["name"], row["lights"], row["nullity"]) == ("tiny", 2, 0)


# The printed JSON is the results' own to_dict(), byte for byte on the shared keys.

ANALYZE_KEYS = [
    "puzzle",
    "lights",
    "edges",
    "modulus",
    "rule",
    "nodes",
    "rank",
    "nullity",
    "kernel_size",
    "solvable_states",
    "solvable_fraction",
    "solvable_fraction_exact",
    "all_solvable",
    "quiet_patterns",
    "quiet_orders",
]
BOARD_KEYS = ["puzzle", "modulus", "nodes", "state", "target", "solvable"]
SOLVE_KEYS = [
    *BOARD_KEYS,
    "presses",
    "num_presses",
    "count",
    "optimal",
    "proof",
    "method",
    "press_text",
]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int | None, str]:
    try:
        code = main(list(argv))
    except lo.Unsolvable:
        code = 1
    return code, capsys.readouterr()[0]


def _printed(capsys: pytest.CaptureFixture[str], data: dict[str, Any]) -> str:
    print_json(data)
    return capsys.readouterr()[0]


@pytest.mark.parametrize(
    ("argv", "puzzle"),
    [
        (("lights-out",), lambda: lo.catalog.load("lights-out")),
        (("16-cell",), lambda: lo.catalog.load("16-cell")),  # buttons without lights
        (("--family", "torus", "--shape", "6x6"), lambda: lo.torus(6, 6)),
        (
            ("--family", "grid", "--shape", "4x4", "--modulus", "6"),
            lambda: lo.grid(4, 4, modulus=6),
        ),
    ],
)
def test_analyze_json_is_the_analysis_to_dict(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], puzzle: Any
) -> None:
    code, out = _run(capsys, "analyze", *argv, "--json")
    assert code == 0
    cli = json.loads(out)
    assert [k for k in cli if k != "light_nodes"] == ANALYZE_KEYS
    data = lo.analyze(puzzle()).to_dict()
    assert list(data)[: len(cli)] == list(cli)
    assert _printed(capsys, {k: data[k] for k in cli}) == out
    assert _printed(capsys, lo.analyze(puzzle()).to_dict(extras=False)) == out


@pytest.mark.parametrize(
    ("argv", "puzzle", "kwargs"),
    [
        (
            ("--family", "grid", "--shape", "5x5", "--min"),
            lambda: lo.grid(5, 5),
            {"minimize": True},
        ),
        (("16-cell", "--board", "r0=1 r1=1 r2=1"), lambda: lo.catalog.load("16-cell"), {}),
        (
            ("--family", "grid", "--shape", "4x4", "--modulus", "3"),
            lambda: lo.grid(4, 4, modulus=3),
            {},
        ),
    ],
)
def test_solve_json_is_the_solution_to_dict(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], puzzle: Any, kwargs: dict
) -> None:
    code, out = _run(capsys, "solve", *argv, "--json")
    assert code == 0
    cli = json.loads(out)
    assert [k for k in cli if k != "light_nodes"] == SOLVE_KEYS
    solution = lo.solve(puzzle(), cli["state"], cli["target"], **kwargs)
    data = solution.to_dict()
    assert list(data)[: len(cli)] == list(cli)
    assert _printed(capsys, {k: data[k] for k in cli}) == out
    assert _printed(capsys, solution.to_dict(extras=False)) == out


def test_an_unsolvable_board_starts_with_the_keys_of_a_solution(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = _run(capsys, "solve", "16-cell", "--board", "r0=1", "--json")
    assert code == 1
    cli = json.loads(out)
    assert cli["solvable"] is False
    assert list(cli) == [*BOARD_KEYS, "light_nodes", "reason", "certificate", "value"]
    solved = lo.solve(lo.catalog.load("16-cell"), 0).to_dict()
    assert {k: solved[k] for k in ("puzzle", "modulus", "nodes", "light_nodes")} == {
        k: cli[k] for k in ("puzzle", "modulus", "nodes", "light_nodes")
    }


def test_small_objects_hold_exact_values() -> None:
    data = analysis_json(lo.analyze(lo.grid(5, 5)))
    assert (data["nullity"], data["kernel_size"], data["solvable_fraction"]) == (2, 4, 0.25)
    assert (data["solvable_states"], data["solvable_fraction_exact"]) == (8388608, "1/4")
    data = solution_json(lo.solve(lo.grid(1, 2), [1, 1]))
    assert [data[k] for k in ("presses", "num_presses", "count", "press_text")] == [
        [0, 1],
        1,
        2,
        ".1",
    ]
    err = lo.Unsolvable("no", {(0, 0): 1, (0, 1): 1}, 1)
    data = unsolvable_json(lo.grid(1, 2, rule="open"), err, [1, 0], [0, 0], "odd")
    assert data["certificate"] == [[[0, 0], 1], [[0, 1], 1]] and data["value"] == 1
