"""``lightsout solve`` through ``main([...])``: text, JSON, board sources, unsolvable boards."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import lightsout_graphs as lo
from lightsout_graphs import catalog
from tests.interfaces.cli.clirun import UNSOLVABLE_5X5, assert_one_error_line, run


def test_solve_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "lights-out", "--start", "pattern", "--min")
    assert code == 0
    assert err == ""
    assert "Board (the board 'pattern'):\n.*.*.\n*.*.*\n" in out
    assert "Number of presses: 10 (the fewest possible, proven over all 4 solutions)" in out
    for jargon in ("enumeration", "groups of buttons", "coset", "CP-SAT"):  # plain words
        assert jargon not in out
    assert "Solutions: 4" in out
    presses = out.split("Presses:\n")[1].split("\nNumber")[0]
    puzzle = catalog.load("lights-out")
    from lightsout_graphs.representation.boards import parse_board

    after = puzzle.apply(puzzle.boards["pattern"], parse_board(puzzle, presses))
    assert not any(after.values())


def test_solve_json_replays(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "--family", "grid", "--shape", "5x5", "--min", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["solvable"] is True
    assert (data["num_presses"], data["count"], data["optimal"]) == (15, 4, True)
    puzzle = lo.grid(5, 5)
    assert [tuple(v) for v in data["nodes"]] == list(puzzle.nodes)
    assert sum(data["presses"]) == data["num_presses"]
    assert set(puzzle.apply(data["state"], data["presses"]).values()) == {0}


def test_solve_board_sources(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = tmp_path / "board.txt"
    board.write_text("\ufeff*.\r\n..\r\n", encoding="utf-8")  # a BOM and Windows line ends
    puzzle = lo.grid(2, 2)
    for source in (str(board), "*./..", "-"):
        monkeypatch.setattr(sys, "stdin", io.StringIO("*.\n..\n"))
        code, out, _ = run(capsys, "solve", "grid", "--shape", "2x2", "--board", source, "--json")
        assert code == 0, source
        data = json.loads(out)
        assert data["state"] == [1, 0, 0, 0]
        assert set(puzzle.apply(data["state"], data["presses"]).values()) == {0}


def test_solve_target_and_colours(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "solve", "lights-out-2000", "--start", "all-red", "--target", "all-green", "--json"
    )
    assert code == 0
    data = json.loads(out)
    puzzle = catalog.load("lights-out-2000")
    assert set(puzzle.apply(data["state"], data["presses"]).values()) == {2}
    code, out, _ = run(capsys, "solve", "lights-out-2000", "--start", "rings")
    assert code == 0
    assert "rg.gr" in out  # boards of coloured puzzles use colour letters
    code, out, _ = run(
        capsys, "solve", "grid", "--shape", "1x3", "--board", "...", "--target", "*.*"
    )
    assert code == 0
    assert "Target:\n*.*" in out
    assert "Presses:\n1.1\n" in out


def test_solve_default_board_is_all_on(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "grid", "--shape", "3x3")
    assert code == 0
    assert "every light at 1" in out
    assert "Solutions: 1 (this is the only one)" in out


def test_a_puzzle_with_named_boards_starts_from_the_first(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The rule of solve, draw and play: the first named board, else every light at 1.
    code, out, _ = run(capsys, "solve", "lights-out")
    assert code == 0
    assert "Board (the board 'pattern', the puzzle's first;" in out


def test_unsolvable_exit_1_with_parity_check(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "grid", "--shape", "5x5", "--board", UNSOLVABLE_5X5)
    assert code == 1
    assert out == ""
    assert_one_error_line(err, "lightsout: unsolvable:", "must have an even sum", "(0,0)", "odd")
    code, out, err = run(
        capsys, "solve", "grid", "--shape", "5x5", "--board", UNSOLVABLE_5X5, "--json"
    )
    assert code == 1
    data = json.loads(out)
    assert data["solvable"] is False
    assert data["target"] == [0] * 25
    state = np.array(data["state"])
    puzzle = lo.grid(5, 5)
    y = np.zeros(25, dtype=int)
    for node, coef in data["certificate"]:
        y[puzzle.index[tuple(node)]] = coef
    assert not (y @ puzzle.toggle_matrix().toarray() % 2).any()  # a parity check of every press
    assert (y @ state) % 2 == 1  # that this board breaks
    assert "even sum" in data["reason"]


def test_unsolvable_mod_3_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(
        capsys, "solve", "grid", "--shape", "2x2", "-k", "3", "--rule", "open", "--board", "1./.."
    )
    assert code == 1
    assert_one_error_line(err, "mod 3", "but on this board it is")


def test_solve_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "16-cell", "--start", "two-presses", "--min")
    assert code == 0
    assert "Number of presses: 2 (the fewest possible" in out
    code, out, _ = run(capsys, "solve", "16-cell", "--board", "r0=1 r1=1 r2=1", "--json")
    data = json.loads(out)
    assert code == 0 and data["state"] == [1, 1, 1, 0, 0, 0]
    assert data["light_nodes"] == [f"r{j}" for j in range(6)]
    assert len(data["presses"]) == 14 and data["num_presses"] in (1, 3)


def test_a_board_naming_a_button_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "solve", "16-cell", "--board", "v0=1")
    assert code == 2
    assert "'v0' is a button without a light" in err and "Traceback" not in err


def test_unsolvable_names_rings(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "solve", "16-cell", "--board", "r0=1")
    assert code == 1 and "the lights at r" in err


@pytest.mark.parametrize(
    ("argv", "puzzle", "kwargs"),
    [
        (
            ("--family", "grid", "--shape", "5x5", "--min"),
            lambda: lo.grid(5, 5),
            {"minimize": True},
        ),
        (("16-cell", "--board", "r0=1 r1=1 r2=1"), None, {}),
    ],
)
def test_to_dict_holds_the_cli_json_in_its_order(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], puzzle: object, kwargs: dict
) -> None:
    code, out, _ = run(capsys, "solve", *argv, "--json")
    assert code == 0
    cli = json.loads(out)
    p = puzzle() if callable(puzzle) else lo.catalog.load("16-cell")
    sol = lo.solve(p, cli["state"], **kwargs)
    data = sol.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert list(data)[: len(cli)] == list(cli)
    assert {key: data[key] for key in cli} == cli
    assert data["num_solutions"] == data["count"] == data["num_quiet_patterns"]


def test_the_cli_says_when_the_fewest_presses_are_not_proven(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from lightsout_graphs.algorithms.minimum import MinimumResult

    def cut_short(x0: np.ndarray, *args: object, **kwargs: object) -> MinimumResult:
        return MinimumResult(np.asarray(x0) % 2, int(np.asarray(x0).sum()), "stopped", False, 1)

    monkeypatch.setattr("lightsout_graphs.algorithms.minimum.fewest_presses", cut_short)
    code, out, _ = run(capsys, "solve", "lights-out", "--start", "pattern", "--min")
    assert code == 0
    assert "(the best found in --time-limit 120 s; the fewest lie in 1..10" in out
    assert "not minimised" not in out and "stopped" not in out


def test_big_board_prints_a_summary_and_writes_presses(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from lightsout_graphs.interfaces.cli.output import GRID_TEXT_LIMIT
    from lightsout_graphs.representation.boards import parse_board

    side = 101  # 10,201 lights: just above the limit of printed grids
    assert side * side > GRID_TEXT_LIMIT
    code, out, err = run(capsys, "solve", "--family", "grid", "--shape", f"{side}x{side}")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith(f"grid {side}×{side}: {side * side:,} lights")
    assert len(lines) == 5  # counts only, no grid
    assert f"{side * side:,} of {side * side:,} lights differ from the target" in lines[1]
    assert "-o FILE" in lines[2] and "--json" in lines[2]
    pressed_text = lines[2].split("Presses: ")[1].split(" of ")[0]
    pressed = int(pressed_text.replace(",", ""))
    assert lines[3].startswith(f"Number of presses: {pressed_text}")
    # --out writes the full press grid as board text that replays.
    target = tmp_path / "presses.txt"
    code, out, _ = run(
        capsys, "solve", "--family", "grid", "--shape", f"{side}x{side}", "-o", str(target)
    )
    assert code == 0 and f"written to {target}" in out
    puzzle = lo.grid(side, side)
    presses = parse_board(puzzle, target.read_text())
    assert int(np.count_nonzero(presses)) == pressed
    after = puzzle.apply_vector(np.ones(puzzle.n, dtype=np.int64), np.asarray(presses).ravel())
    assert not after.any()


def test_small_board_with_out_still_prints_the_grid(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "p.txt"
    code, out, _ = run(capsys, "solve", "--family", "grid", "--shape", "2x2", "-o", str(target))
    assert code == 0
    grid = out.split(f"Presses (also written to {target}):\n")[1].split("\nNumber of")[0]
    assert target.read_text() == grid + "\n"


def test_out_to_a_folder_is_one_error_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(
        capsys, "solve", "--family", "grid", "--shape", "2x2", "--output", str(tmp_path)
    )
    assert code == 2
    assert_one_error_line(err, "Cannot write", str(tmp_path))


def test_a_board_with_a_run_of_4301_digits_is_an_input_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    board = "4" * 4301 + " 0 0"
    code, _, err = run(
        capsys, "solve", "--family", "path", "--shape", "3", "-k", "5", "--board", board
    )
    assert code == 2
    assert_one_error_line(err, "(4301 digits) is too large for modulus 5")


def test_one_line_board_text_longer_than_a_file_name_is_read_as_text(
    capsys: pytest.CaptureFixture[str],
) -> None:
    board = "1 0 " * 150  # 600 characters: longer than a file name may be
    code, out, err = run(capsys, "solve", "--family", "path", "--shape", "300", "--board", board)
    assert (code, err) == (0, "")
    assert "Board (the board given):" in out


OVER_BUDGET = [
    (["--family", "grid", "--shape", "40000x40000"], "Light chasing on a 40000×40000 grid"),
    (["--family", "torus", "--shape", "30000x30000"], "Light chasing on a 30000×30000 torus"),
    (["--family", "grid", "--shape", "20000x20000", "--min"], "above the memory budget"),
]


@pytest.fixture(scope="module")
def over_budget_runs() -> dict[tuple[str, ...], tuple[int, str, str, float]]:
    """The runs of the boards over the budget, in one capped process (see clirun)."""
    from tests.interfaces.cli.clirun import run_capped_all

    runs = run_capped_all([["solve", *argv] for argv, _ in OVER_BUDGET])
    return {tuple(argv): run for (argv, _), run in zip(OVER_BUDGET, runs, strict=True)}


@pytest.mark.parametrize(("argv", "message"), OVER_BUDGET)
def test_a_board_over_the_memory_budget_is_refused_before_it_is_made(
    argv: list[str], message: str, over_budget_runs: dict[tuple[str, ...], Any]
) -> None:
    code, _, err, seconds = over_budget_runs[tuple(argv)]
    assert code == 2, err[-500:]
    assert_one_error_line(err, message, "LIGHTSOUT_MEMORY_BUDGET")
    assert seconds < 60  # about 3 s: nothing is allocated


def test_out_dash_prints_the_press_text_alone(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "--family", "grid", "--shape", "2x3", "--out", "-")
    assert code == 0
    p = lo.grid(2, 3)
    presses = lo.parse_board(p, out)
    assert np.array_equal(p.state_vector(p.apply(1, presses)), p.goal)
    assert not Path("-").exists()


def test_the_time_limit_of_min_is_passed_on(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "solve",
        "--family",
        "grid",
        "--shape",
        "5x5",
        "-k",
        "65536",
        "--min",
        "--time-limit",
        "1",
    )
    assert code == 0
    assert "(the best found in --time-limit 1 s; the fewest lie in" in out
    code, _, err = run(capsys, "solve", "lights-out", "--min", "--time-limit", "0")
    assert code == 2
    assert_one_error_line(err, "--time-limit must be a number of seconds > 0")
