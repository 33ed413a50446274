"""Explicit press patterns and Merlin's Magic Square."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest

import lightsout_graphs as lo
from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.representation.families import merlin, merlin_pattern, press_pattern
from tests.puzzles import lit


def test_press_pattern_matrix() -> None:
    p = press_pattern({0: {0: 1, 1: 2}, 1: {2: 1}, 2: [0, 0, 2]}, modulus=3)
    assert p.rule == "weighted"
    assert p.graph.is_directed()
    assert p.toggle_matrix().toarray().tolist() == [[1, 0, 2], [2, 0, 0], [0, 1, 1]]
    assert p.graph.nodes[1]["self_weight"] == 0


def test_lights_that_are_not_buttons_cannot_be_pressed() -> None:
    p = press_pattern({"b": ["x", "y"]})
    assert p.nodes == ("b", "x", "y")
    assert p.pressable == ("b",)


def test_press_pattern_errors() -> None:
    with pytest.raises(InvalidPuzzleError, match="amount"):
        press_pattern({0: {1: 0.5}})
    with pytest.raises(InvalidPuzzleError, match="not in 'nodes'"):
        press_pattern({0: [9]}, nodes=[0, 1])
    with pytest.raises(InvalidPuzzleError, match="non-empty"):
        press_pattern({})
    with pytest.raises(InvalidPuzzleError, match="modulus"):
        press_pattern({0: [0]}, modulus=1)


def test_merlin_presses() -> None:
    p = merlin()
    assert lit(p, (0, 0)) == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert lit(p, (2, 2)) == {(1, 1), (1, 2), (2, 1), (2, 2)}
    assert lit(p, (0, 1)) == {(0, 0), (0, 1), (0, 2)}
    assert lit(p, (1, 0)) == {(0, 0), (1, 0), (2, 0)}
    assert lit(p, (1, 1)) == {(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)}
    assert p.family == lo.FamilyInfo("merlin", {})
    assert len(merlin_pattern()) == 9


def test_merlin_is_asymmetric_and_every_board_is_solvable() -> None:
    t = merlin().toggle_matrix().toarray()
    assert not (t == t.T).all()
    # brute force: the 512 press sets reach 512 distinct boards
    reached = set()
    for bits in itertools.product((0, 1), repeat=9):
        reached.add(tuple((t @ np.array(bits)) % 2))
    assert len(reached) == 512


@pytest.mark.parametrize(
    ("pos", "match"),
    [
        (2.0, "'pos' must be a dict node -> \\(x, y\\), not float"),
        ({"a": 2.0}, "node 'a' the position 2.0"),
        ({"a": (1, 2, 3)}, "node 'a'"),
        ({"a": ("x", 1)}, "node 'a'"),
    ],
)
def test_bad_positions_are_named(pos: object, match: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=match):
        press_pattern({"a": ["b"]}, pos=pos)  # type: ignore[arg-type]


# -- degenerate patterns are puzzles ---------------------------------------------------------


def test_a_pattern_that_changes_nothing_is_a_puzzle() -> None:
    p = press_pattern({"a": {"b": 2}}, modulus=2)
    assert p.lights == ("a", "b") and not p.toggle_matrix().count_nonzero()
    assert lo.solve(p, {"b": 1}, target={"b": 1}).num_presses == 0
    assert not lo.is_solvable(p, 0, target={"b": 1})
    with pytest.raises(lo.Unsolvable):
        lo.solve(p, {"a": 1})
    assert lo.analyze(p).solvable_states == 1 and lo.gods_number(p) == 0
    assert press_pattern({"a": {"b": 2}}, modulus=2, lights=["b"]).n == 1


def test_listed_nodes_are_lights_that_may_never_change() -> None:
    p = press_pattern({"a": ["b"]}, nodes=["a", "b", "c"])
    assert p.lights == ("a", "b", "c") and p.all_lights
    assert lo.solve(p, {"b": 1, "c": 1}, target={"c": 1}).presses == {"a": 1, "b": 0, "c": 0}
    assert not lo.is_solvable(p, {"c": 1})  # nothing reaches c
    assert press_pattern({"a": ["b"]}).lights == ("b",)  # without nodes: the lights reached


MOLLIN = Path(__file__).parent / "data" / "mollin_cases.json"


def _board(text: str | int, shape: tuple[int, int]) -> np.ndarray:
    if isinstance(text, int):
        return np.full(shape, text, dtype=np.int64)
    return np.array([[int(c) for c in row] for row in text.split("/")], dtype=np.int64)


def _mollin_puzzles(spec: dict) -> list[lo.Puzzle]:
    """The peer's puzzle, built as a stencil and as a press pattern over every cell."""
    if "grid" in spec:
        shape = tuple(spec["grid"])
        offsets = [(0, 0), (0, 1), (0, -1), (1, 0), (-1, 0)]
    else:
        shape = tuple(spec["shape"])
        offsets = [tuple(o) for o in spec["offsets"]]
    cells = list(itertools.product(*(range(s) for s in shape)))
    mapping = {
        c: [t for o in offsets if (t := (c[0] + o[0], c[1] + o[1])) in set(cells)] for c in cells
    }
    closed = (0, 0) in offsets
    others = [o for o in offsets if o != (0, 0)]
    stencil = lo.stencil(shape, others, rule="closed" if closed else "open")
    pattern = press_pattern(mapping, nodes=cells)
    assert (stencil.toggle_matrix() != pattern.toggle_matrix()).nnz == 0
    return [stencil, pattern]


@pytest.mark.parametrize(
    "case", json.loads(MOLLIN.read_text(encoding="utf-8"))["cases"], ids=lambda c: c["id"]
)
def test_florian_mollin_solver_cases(case: dict) -> None:
    for p in _mollin_puzzles(case["puzzle"]):
        shape = tuple(case["puzzle"].get("grid") or case["puzzle"]["shape"])
        start = p.state_vector(_board(case["start"], shape).reshape(-1).tolist())
        target = p.state_vector(_board(case.get("target", 0), shape).reshape(-1).tolist())
        check = case["check"]
        if check == "min_presses":
            assert lo.solve(p, start, target=target, minimize=True).num_presses == case["expected"]
        elif check == "solvable":
            assert lo.is_solvable(p, start, target=target) is case["expected"]
            if not case["expected"]:
                with pytest.raises(lo.Unsolvable):
                    lo.solve(p, start, target=target)
        elif check == "count":
            assert lo.solve(p, start, target=target).num_solutions == case["expected"]
        else:
            assert check == "in_solution_set"
            presses = p.state_vector(_board(case["presses"], shape).reshape(-1).tolist())
            reached = p.apply_vector(start, presses)
            found = list(lo.solutions(p, start, target=reached))
            assert p.as_dict(presses) in found


def test_florian_mollin_readme_examples() -> None:
    # florian-mollin/lights-out-solver @6d8a5f0, resources/images/ex{1,2,3,4}: the README's
    # pictures decoded (../shared/peers_data/mollin_readme_images.json, copied for CI).
    data = json.loads((MOLLIN.parent / "mollin_readme_images.json").read_text(encoding="utf-8"))

    def vec(text: str) -> list[int]:
        return [int(c) for c in text.replace("/", "")]

    four = lo.grid(4, 4)  # every solution lighting the dark 4×4 board
    found = {tuple(four.state_vector(s).tolist()) for s in lo.solutions(four, 0, target=1)}
    assert found == {tuple(vec(s)) for s in data["ex1_solutions_4x4"]}
    big = lo.solve(lo.grid(20, 20), 0, target=1)  # the only solution
    assert big.presses_array.reshape(-1).tolist() == vec(data["ex2_solution_20x20"])
    three = lo.solve(lo.grid(3, 3), vec(data["ex3_start"]), target=vec(data["ex3_final"]))
    assert three.presses_array.reshape(-1).tolist() == vec(data["ex3_solution"])
    king = lo.king(42, 42, rule="open")  # as a press pattern: each cell toggles its 8 neighbours
    start, final = vec(data["ex4_start"]), vec(data["ex4_final"])
    sol = lo.solve(king, start, target=final)
    assert sol.num_solutions == 1
    assert sol.presses_array.reshape(-1).tolist() == vec(data["ex4_solution_42x42_king_open"])


def test_a_light_that_cannot_be_a_node_is_named() -> None:
    with pytest.raises(InvalidPuzzleError, match=r"light \['b'\], which cannot be a node"):
        press_pattern({"a": [["b"]]})
