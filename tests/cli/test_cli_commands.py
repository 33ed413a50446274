"""In-process tests of every ``lightsout`` subcommand through ``main([...])``."""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

import matplotlib.image as mpimg
import numpy as np
import pytest

import lightsout_graphs as lo
from lightsout_graphs import catalog
from lightsout_graphs.cli import main
from lightsout_graphs.families import make

UNSOLVABLE_5X5 = "*..../...../...../...../....."


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_error_line(err: str, *parts: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("lightsout: ")
    assert "Traceback" not in err
    for part in parts:
        assert part in lines[0], (part, lines[0])


# -- solve ------------------------------------------------------------------------------------


def test_solve_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "lights-out", "--start", "pattern", "--min")
    assert code == 0
    assert err == ""
    assert "Board (the board 'pattern'):\n.*.*.\n*.*.*\n" in out
    assert "Number of presses: 10 (the fewest possible" in out
    assert "Solutions: 4" in out
    presses = out.split("Presses:\n")[1].split("\nNumber")[0]
    puzzle = catalog.load("lights-out")
    from lightsout_graphs.boards import parse_board

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


# -- analyze, list, show ----------------------------------------------------------------------


def test_analyze_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "--family", "grid", "--shape", "5x5")
    assert code == 0
    assert "Rank: 23 of 25\nNullity: 2\nQuiet patterns: 4" in out
    assert "Solvable boards: 8388608 of 33554432 (1/4)" in out
    code, out, _ = run(
        capsys, "analyze", "--family", "torus", "--shape", "7x9", "-k", "3", "--json"
    )
    assert code == 0
    data = json.loads(out)
    torus = make("torus", shape=(7, 9), modulus=3)
    assert data["nullity"] == lo.analyze(torus).nullity
    code, out, _ = run(capsys, "analyze", "lights-out", "--json")
    data = json.loads(out)
    puzzle = catalog.load("lights-out")
    assert (data["nullity"], data["kernel_size"], data["solvable_fraction"]) == (2, 4, 0.25)
    assert data["solvable_fraction_exact"] == "1/4"
    assert data["solvable_states"] == 2**23
    for pattern in data["quiet_patterns"]:
        assert any(pattern)
        assert not any(puzzle.apply(0, pattern).values())


def test_analyze_json_fraction_is_a_number_like_the_text(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "analyze", "--family", "torus", "--shape", "3x3", "--json")
    assert code == 0
    data = json.loads(out)
    analysis = lo.analyze(make("torus", shape=(3, 3)))
    assert isinstance(data["solvable_fraction"], float)
    assert data["solvable_fraction"] == float(analysis.solvable_fraction)
    assert data["solvable_fraction_exact"] == str(analysis.solvable_fraction)


def test_counts_beyond_the_4300_digit_limit_print_as_powers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 2**14400 and 1000003**729 have more than 4300 digits: str() of them raises ValueError.
    code, out, err = run(capsys, "analyze", "--family", "grid", "--shape", "120x120")
    assert (code, err) == (0, "")
    assert "Solvable boards: 2^14400 (about 10^4334.8) of 2^14400" in out
    code, out, err = run(capsys, "show", "--family", "grid", "--shape", "120x120")
    assert (code, err) == (0, "")
    assert "(1); every board is solvable" in out
    code, out, err = run(capsys, "analyze", "--family", "grid", "--shape", "120x120", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["solvable_states"], data["solvable_fraction"]) == ("2^14400", 1.0)
    assert data["solvable_fraction_exact"] == "1"
    argv = ["--family", "torus", "--shape", "27x27", "--modulus", "1000003"]
    code, out, err = run(capsys, "analyze", *argv, "--json")
    assert code == 0, err
    assert json.loads(out)["solvable_states"] == "1000003^729"
    # a solve whose solution count has 49 digits: exact in the power form
    code, out, err = run(
        capsys, "solve", "--family", "torus", "--shape", "40x40", "-k", "1000003", "--json"
    )
    assert code == 0, err
    assert json.loads(out)["count"] == "1000003^8"
    code, out, err = run(capsys, "solve", "--family", "torus", "--shape", "40x40", "-k", "1000003")
    assert "Solutions: 1000003^8 (about 10^48.0)" in out


def test_analyze_non_prime_and_other_families(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "grid", "--shape", "5x5", "--modulus", "4")
    assert code == 0
    assert "Rank: not defined (the modulus 4 is not prime)" in out
    assert "Quiet patterns: 16" in out
    code, out, _ = run(capsys, "analyze", "hypercube", "--shape", "4", "--max-patterns", "0")
    assert code == 0
    assert "Nullity: 0" in out
    code, out, _ = run(capsys, "analyze", "cube_surface", "--shape", "2", "--json")
    assert json.loads(out)["lights"] == 24
    code, _, err = run(capsys, "analyze", "--family", "random_graph", "--param", "n=6")
    assert code == 2
    assert_one_error_line(err, "missing a required argument: 'p'")
    code, out, _ = run(
        capsys, "analyze", "--family", "random_graph", "--param", "n=6", "--param", "p=0.5",
        "--param", "seed=1",
    )  # fmt: skip
    assert code == 0
    assert out.startswith("Puzzle: random_graph n=6 p=0.5 seed=1: 6 lights")
    code, out, _ = run(capsys, "analyze", "--family", "path", "--param", "n=4", "--json")
    assert json.loads(out)["lights"] == 4


def test_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "list")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["name", "graph", "nodes", "modulus", "rule", "nullity"]
    row = next(line for line in lines if line.startswith("lights-out "))
    assert row.split() == ["lights-out", "grid", "5×5", "25", "2", "closed", "2"]
    code, out, _ = run(capsys, "list", "--json")
    rows = {r["name"]: r for r in json.loads(out)}
    assert set(rows) == set(catalog.names())
    assert rows["alien-tiles"]["nullity"] is None
    assert rows["alien-tiles"]["kernel_size"] == lo.analyze(catalog.load("alien-tiles")).kernel_size


def test_show(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "lights-out")
    assert code == 0
    assert out.startswith("lights-out (Lights Out): 25 lights, 40 edges, closed rule, modulus 2")
    assert "Nullity: 2" in out
    assert "Solvable boards: 8388608 of 33554432 (1/4)" in out
    assert "Named boards (3; solve one with --start NAME):\npattern:\n.*.*." in out
    assert "Source: manufacturer: Tiger Electronics" in out
    assert "Rules: a press adds 1 mod 2 to its own light and to its neighbours" in out
    code, out, _ = run(capsys, "show", "merlin")
    assert "a press adds the weights of its arcs mod 2" in out
    assert "Goal:\n***\n*.*\n***" in out
    code, out, _ = run(capsys, "show", "--family", "petersen", "--max-patterns", "1")
    assert code == 0
    assert "the first 1 shown" in out


# -- table ------------------------------------------------------------------------------------


def read_csv(text: str) -> np.ndarray:
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][0] == "m\\n"
    assert [int(x) for x in rows[0][1:]] == list(range(1, len(rows)))
    assert [int(r[0]) for r in rows[1:]] == list(range(1, len(rows)))
    return np.array([[int(x) for x in r[1:]] for r in rows[1:]])


@pytest.mark.parametrize(
    ("k", "rule", "size"), [(2, "closed", 6), (2, "open", 4), (3, "closed", 4)]
)
def test_table_csv_agrees_with_solver(
    capsys: pytest.CaptureFixture[str], k: int, rule: str, size: int
) -> None:
    code, out, _ = run(capsys, "table", "--max", str(size), "-k", str(k), "--rule", rule)
    assert code == 0
    table = read_csv(out)
    expected = [
        [lo.analyze(lo.grid(m, n, modulus=k, rule=rule)).nullity for n in range(1, size + 1)]
        for m in range(1, size + 1)
    ]
    assert table.tolist() == expected


def test_table_other_family_and_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_csv = tmp_path / "t.csv"
    out_png = tmp_path / "t.png"
    code, out, _ = run(
        capsys, "table", "--family", "torus", "--max", "3", "--csv", str(out_csv),
        "--png", str(out_png), "--dpi", "50",
    )  # fmt: skip
    assert code == 0
    assert out.splitlines() == [
        f"Wrote {out_csv} (CSV matrix: 3×3 nullities of torus boards mod 2, closed rule)",
        f"Wrote {out_png} (250×200 pixels at 50 dpi)",
    ]
    table = read_csv(out_csv.read_text(encoding="utf-8"))
    expected = [
        [lo.analyze(make("torus", shape=(m, n))).nullity for n in range(1, 4)] for m in range(1, 4)
    ]
    assert table.tolist() == expected
    image = mpimg.imread(out_png)
    assert image.shape[:2] == (200, 250)  # the figure is 5 × 4 inches at 50 dpi
    code, out, _ = run(
        capsys, "table", "--max", "3", "--png", str(tmp_path / "t.svg"), "--csv", "-"
    )
    assert code == 0
    assert read_csv(out).shape == (3, 3)
    assert (tmp_path / "t.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_table_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "table", "--max", "0")
    assert code == 2
    assert_one_error_line(err, "--max must be at least 1, not 0")
    code, _, err = run(capsys, "table", "--max", "3", "-k", "4")
    assert code == 2
    assert_one_error_line(err, "lightsout: error:", "4")
    code, _, err = run(capsys, "table", "--family", "torus", "--max", "2", "-k", "4")
    assert code == 2
    assert_one_error_line(err, "--modulus 4 is not prime")
    code, _, err = run(capsys, "table", "--max", "3", "--png", str(tmp_path / "t.jpg"))
    assert code == 2
    assert_one_error_line(err, "must end in .png or .svg, not '.jpg'")
    code, _, err = run(capsys, "table", "--max", "3", "--csv", str(tmp_path / "no" / "t.csv"))
    assert code == 2
    assert_one_error_line(err, "No such file or directory", "t.csv")
    code, _, err = run(capsys, "table")
    assert code == 2
    assert "the following arguments are required: --max" in err


# -- draw -------------------------------------------------------------------------------------


def test_draw_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    png = tmp_path / "board.png"
    code, out, _ = run(capsys, "draw", "lights-out", "--start", "pattern", "-o", str(png))
    assert code == 0
    height, width = mpimg.imread(png).shape[:2]
    assert out.strip() == f"Wrote {png} ({width}×{height} pixels at 100 dpi)"
    assert (width, height) == (400, 420)
    svg = tmp_path / "solution.svg"
    code, _, _ = run(capsys, "draw", "lights-out", "--solution", "--min", "-o", str(svg), "-q")
    assert code == 0
    assert "<svg" in svg.read_text(encoding="utf-8")[:1000]
    quiet = tmp_path / "quiet.png"
    code, _, _ = run(
        capsys, "draw", "petersen", "--quiet-patterns", "-o", str(quiet), "--dpi", "40"
    )
    assert code == 0
    assert mpimg.imread(quiet).shape[:2] == (int(3.4 * 2 * 40 + 0.6 * 40), int(9.6 * 40 + 0.4 * 40))
    marked = tmp_path / "marked.png"
    code, _, _ = run(capsys, "draw", "dodecahedron", "--presses", "0=1 5=1", "-o", str(marked))
    assert code == 0
    assert mpimg.imread(marked).shape[:2] == (600, 600)


def test_draw_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "draw", "lights-out", "-o", str(tmp_path / "x.gif"))
    assert code == 2
    assert_one_error_line(err, "x.gif", "must end in .png or .svg, not '.gif'")
    code, _, err = run(
        capsys, "draw", "grid", "--shape", "5x5", "--board", UNSOLVABLE_5X5, "--solution",
        "-o", str(tmp_path / "x.png"),
    )  # fmt: skip
    assert code == 1
    assert_one_error_line(err, "unsolvable", "even sum")
    assert not (tmp_path / "x.png").exists()
    code, _, err = run(capsys, "draw", "lights-out", "-o", str(tmp_path / "x.png"), "--dpi", "0")
    assert code == 2
    assert_one_error_line(err, "--dpi must be a positive int, not 0")
    code, _, err = run(
        capsys, "draw", "lights-out", "--solution", "--quiet-patterns", "-o", "a.png"
    )
    assert code == 2
    assert "not allowed with argument" in err


# -- errors, options and help -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "parts"),
    [
        (["solve", "no-such-puzzle"], ["lightsout: error:", "no-such-puzzle"]),
        (
            ["solve", "lights-out", "--board", "*x"],
            ["--board '*x' is not a file", "line 1, column 2"],
        ),
        (
            ["solve", "lights-out", "--start", "nope"],
            ["--start 'nope' is not a board", "'pattern'"],
        ),
        (["solve", "lights-out", "--target", "*"], ["--target", "expected 5 cells in row 1"]),
        (["solve", "lights-out", "--target", "nope"], ["not a named board ('pattern', 'all-on'"]),
        (["solve", "lights-out", "--board", "missing.txt"], ["'missing.txt': no such file"]),
        (["solve", "lights-out", "--family", "grid"], ["NAME or --family, not both"]),
        (["solve"], ["Name a puzzle"]),
        (["solve", "lights-out", "--modulus", "3"], ["--modulus only apply with --family"]),
        (
            ["solve", "--family", "grid", "--shape", "5y5"],
            ["--shape must be side lengths", "'5y5'"],
        ),
        (["solve", "--family", "grid", "--shape", "0x3"], ["--shape must be side lengths"]),
        (["solve", "--family", "blob"], ["--family 'blob' is unknown", "grid"]),
        (["solve", "--family", "grid", "--param", "x"], ["--param must look like KEY=VALUE"]),
        (["solve", "--family", "grid", "--param", "size=3"], ["no parameter 'size'"]),
        (["analyze", "--family", "petersen", "--shape", "3x3"], ["does not fit the family"]),
        (["analyze", "--family", "grid", "--shape", "2x2", "-k", "1"], ["'modulus'", "1"]),
    ],
)
def test_input_errors_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], parts: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert_one_error_line(err, *parts)


def test_board_file_errors_name_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(".....\n..?..\n", encoding="utf-8")
    code, _, err = run(capsys, "solve", "lights-out", "--board", str(bad))
    assert code == 2
    assert_one_error_line(err, f"--board file '{bad}'", "line 2, column 3", "found '?'")
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    code, _, err = run(capsys, "solve", "lights-out", "--board", str(binary))
    assert code == 2
    assert_one_error_line(err, "Cannot read the board file")


def test_usage_errors_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "solve", "lights-out", "--bogus")
    assert code == 2
    assert "usage: lightsout solve" in err
    assert "lightsout solve: error: unrecognized arguments: --bogus" in err
    code, _, err = run(capsys, "--bogus", "list")
    assert code == 2
    assert "lightsout list: error: unrecognized arguments: --bogus" in err
    code, _, err = run(capsys)
    assert code == 2
    assert "usage: lightsout" in err
    code, out, _ = run(capsys, "--version")
    assert code == 0
    assert out.strip() == f"lightsout {lo.__version__}"
    from lightsout_graphs.cli import build_parser

    commands = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert {"list", "show", "solve", "analyze", "table", "draw"} <= set(commands)
    for command in commands:
        code, out, _ = run(capsys, command, "--help")
        assert code == 0
        assert f"usage: lightsout {command}" in out


def test_debug_shows_the_exception(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(lo.CatalogError):
        main(["--debug", "show", "no-such-puzzle"])
    with pytest.raises(lo.Unsolvable):
        main(["solve", "grid", "--shape", "5x5", "--board", UNSOLVABLE_5X5, "--debug"])


def test_internal_errors_exit_3(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(puzzle: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(lo, "analyze", broken)
    code, _, err = run(capsys, "analyze", "lights-out")
    assert code == 3
    assert_one_error_line(err, "internal error RuntimeError: boom", "--debug")
    with pytest.raises(RuntimeError):
        main(["analyze", "lights-out", "--debug"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["table", "--max", "3", "--png", "t.png", "--dpi", "0"], "--dpi must be a positive int"),
        (["table", "--max", "3", "--png", "t.svg", "--dpi", "-5"], "--dpi must be a positive int"),
        (["table", "--max", "3", "--png", "t.png", "--dpi", "20000"], "--dpi 20000"),
        (["draw", "lights-out", "-o", "d.png", "--dpi", "100000"], "--dpi 100000"),
    ],
)
def test_bad_dpi_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    argv = [str(tmp_path / a) if a.endswith((".png", ".svg")) else a for a in argv]
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert_one_error_line(err, message)
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--min"], "--min needs --solution"),
        (["--quiet-patterns", "--min"], "--min needs --solution"),
        (["--solution", "--presses", "1.../..../..../....", "--min"], "--presses"),
        (["--quiet-patterns", "--presses", "1.../..../..../...."], "--presses"),
    ],
)
def test_draw_refuses_options_it_would_ignore(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, options: list[str], message: str
) -> None:
    png = tmp_path / "d.png"
    code, _, err = run(
        capsys, "draw", "--family", "grid", "--shape", "4x4", *options, "-o", str(png)
    )
    assert code == 2
    assert_one_error_line(err, message)
    assert not png.exists()
