"""``lightsout analyze`` through ``main([...])``: text and JSON, exact counts."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lightsout_graphs as lo
from lightsout_graphs import catalog
from lightsout_graphs.representation.families import make
from tests.interfaces.cli.clirun import assert_one_error_line, run


def test_analyze_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "--family", "grid", "--shape", "5x5")
    assert code == 0
    assert "Rank: 23 of 25\nNullity: 2\nQuiet patterns: 4" in out
    assert "Solvable boards: 8,388,608 of 33,554,432 (1/4)" in out
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


def test_analyze_json_lists_the_lights(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "16-cell", "--json")
    data = json.loads(out)
    assert code == 0
    assert (data["lights"], data["rank"], data["solvable_states"]) == (6, 3, 8)
    assert data["solvable_fraction"] == 0.125
    assert data["solvable_fraction_exact"] == "1/8"
    assert data["light_nodes"] == [f"r{j}" for j in range(6)]
    assert all(len(q) == 14 for q in data["quiet_patterns"])  # presses: one per node


@pytest.mark.parametrize(
    "argv", [("lights-out",), ("16-cell",), ("--family", "torus", "--shape", "6x6")]
)
def test_to_dict_holds_the_cli_json_in_its_order(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    import json

    from lightsout_graphs.interfaces.cli import main
    from lightsout_graphs.interfaces.cli.json_data import analysis_json

    assert main(["analyze", *argv, "--json"]) == 0
    cli = json.loads(capsys.readouterr()[0])
    p = lo.catalog.load(argv[0]) if len(argv) == 1 else lo.torus(6, 6)
    data = lo.analyze(p).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert list(data)[: len(cli)] == list(cli)
    assert {key: data[key] for key in cli} == cli
    assert analysis_json(lo.analyze(p)).items() <= data.items()
    assert data["num_quiet_patterns"] == data["kernel_size"]


def test_big_puzzle_lists_no_pattern_grids_unless_asked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    shape = ["--family", "torus", "--shape", "102x102", "--modulus", "3"]
    code, out, _ = run(capsys, "analyze", *shape)
    assert code == 0
    assert "Generators of the quiet patterns: 5 (not printed for a board of 10,404 lights" in out
    assert "--json lists them, --max-patterns N prints N" in out
    assert "Pattern 1" not in out
    code, out, _ = run(capsys, "analyze", *shape, "--max-patterns", "1")
    assert code == 0
    grid = out.split("Pattern 1:\n")[1].splitlines()
    assert len(grid) == 102 and all(len(row) == 102 for row in grid)


def test_a_big_board_gets_counts_not_a_dump(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "--family", "grid", "--shape", "4x2504")
    assert code == 0
    assert "Puzzle: grid 4×2504: 10,016 lights, 17,524 edges" in out
    lines = out.splitlines()
    assert lines[-1] == (
        "Generators of the quiet patterns: 4 (not printed for a board of 10,016 lights; "
        "--json lists them, --max-patterns N prints N)"
    )
    code, out, _ = run(capsys, "analyze", "--family", "grid", "--shape", "4x2504", "--json")
    assert code == 0 and json.loads(out)["quiet_patterns"]


def test_nullity_0_says_no_quiet_pattern(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "--family", "grid", "--shape", "3x3")
    assert code == 0
    assert "Quiet patterns: none but pressing nothing (each board has one solution)" in out
    assert "Quiet patterns: 1" not in out


BIG = [
    # 32,768 quiet patterns of 65,536 presses each: 16 GB built to print 8 of them.
    (
        ["--family", "hypercube", "--shape", "16", "--rule", "open"],
        "Generators of the quiet patterns: 32768 (not listed: as vectors they would need",
    ),
    # 3000×3000: refused because the summary built the networkx graph.
    (["grid", "--shape", "3000x3000"], "Quiet patterns: none but pressing nothing"),
]
TORI = [(22, 0), (23, 2**22)]


def torus_argv(sides: int) -> list[str]:
    return ["--family", "torus", "--shape", "x".join(["2"] * sides)]


@pytest.fixture(scope="module")
def capped_runs() -> dict[tuple[str, ...], tuple[int, str, str, float]]:
    """The analyses of the big puzzles and tori below, in one capped process (see clirun)."""
    from tests.interfaces.cli.clirun import run_capped_all

    argvs = [argv for argv, _ in BIG] + [torus_argv(sides) for sides, _ in TORI]
    runs = run_capped_all([["analyze", *argv] for argv in argvs])
    return {tuple(argv): run for argv, run in zip(argvs, runs, strict=True)}


@pytest.mark.parametrize(("argv", "expected"), BIG)
def test_big_puzzles_are_analysed_under_an_8_gb_cap(
    argv: list[str], expected: str, capped_runs: dict[tuple[str, ...], Any]
) -> None:
    code, out, err, seconds = capped_runs[tuple(argv)]
    assert code == 0, err[-1000:]
    assert expected in out
    assert seconds < 100  # about 10 s


@pytest.mark.parametrize(("sides", "nullity"), TORI)
def test_a_torus_of_many_sides_of_2_is_answered_by_the_formula(
    sides: int, nullity: int, capped_runs: dict[tuple[str, ...], Any]
) -> None:
    """A torus of sides 2 is the hypercube: its counts come from the Hamming formula at once,
    without the toggle matrix (before: 80 s and 6.5 GB, then a refusal or a MemoryError)."""
    code, out, err, seconds = capped_runs[tuple(torus_argv(sides))]
    assert code == 0, err[-1000:]
    assert f"Nullity: {nullity}\n" in out
    assert seconds < 120  # about 1 s


@pytest.mark.parametrize("command", ["analyze", "show"])
def test_a_negative_pattern_count_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    code, _, err = run(capsys, command, "petersen", "--max-patterns", "-2")
    assert code == 2
    assert "a count is an int >= 0, not '-2'" in err
