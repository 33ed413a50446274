"""Parsing puzzle options of ``lightsout``: sizes, families and family parameters."""

from __future__ import annotations

import argparse

import pytest

from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.interfaces.cli import puzzles, runtime


def test_parse_shape_and_families() -> None:
    assert puzzles.parse_shape("7x9") == (7, 9)
    assert puzzles.parse_shape("3×3×3") == (3, 3, 3)
    assert puzzles.parse_shape("2,5") == (2, 5)
    with pytest.raises(InvalidPuzzleError, match="'7x'"):
        puzzles.parse_shape("7x")
    assert puzzles.make_family("grid", (2, 3)).n == 6
    assert puzzles.make_family("knight", (3, 4), modulus=3).modulus == 3
    assert puzzles.make_family("cube_surface", (2,)).n == 24
    assert puzzles.make_family("path", params={"n": 3}, rule="open").rule == "open"
    with pytest.raises(runtime.CommandError, match="does not fit the family 'petersen'"):
        puzzles.make_family("petersen", (3,))


@pytest.mark.parametrize(
    "value",
    [
        "+".join(["1"] * 30_000),  # the parser recursed past Python's limit
        "+".join(["1"] * 3_000),
        "[" * 3_000,
        "-" * 5_000 + "1",
    ],
    ids=["sum-30k", "sum-3k", "nested", "signs"],
)
def test_hostile_param_values_exit_2(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    from lightsout_graphs.interfaces.cli import main

    code = main(["analyze", "--family", "path", "--param", f"n={value}"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "Traceback" not in err and "internal error" not in err
    assert err.startswith("lightsout: ")


@pytest.mark.parametrize("argv", [["x-pattern"], ["--family", "x-pattern"], ["x_pattern"]])
def test_family_names_take_the_catalog_spelling_too(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    from lightsout_graphs.interfaces.cli import main

    assert main(["analyze", *argv, "--shape", "5x5"]) == 0
    assert capsys.readouterr().out.startswith("Puzzle: x_pattern m=5 n=5: 25 lights")


@pytest.mark.parametrize("family", ["grid", "torus", "king"])
def test_one_side_for_a_board_of_two_is_refused(family: str) -> None:
    """``--family grid --shape 5`` names the two boards it could mean instead of a 1×5 path."""
    with pytest.raises(runtime.CommandError, match=r"--shape 5x5 .* 1x5"):
        puzzles.make_family(family, (5,))
    assert puzzles.make_family("grid", (1, 5)).n == 5
    assert puzzles.make_family("grid", (2, 2, 2)).n == 8
    assert puzzles.make_family("hypercube", (3,)).n == 8


def test_family_options_with_a_catalog_name_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    from lightsout_graphs.interfaces.cli import main

    assert main(["show", "lights-out", "--shape", "3x3"]) == 2
    assert "--shape only applies with --family" in capsys.readouterr().err
    assert main(["show", "lights-out", "--shape", "3x3", "-k", "3"]) == 2
    assert "--shape and --modulus only apply with --family" in capsys.readouterr().err


def test_puzzles_from_a_namespace_the_catalog_and_family_spellings() -> None:
    args = argparse.Namespace(name=None, family="torus", shape="3x4", modulus=3, param=[])
    assert repr(puzzles.resolve_puzzle(args)) == (
        "<Puzzle: 12 nodes, 24 edges, rule='closed', modulus=3>"
    )
    assert puzzles.make_family("torus", (7, 9), modulus=3).n == 63
    assert "lights-out" in puzzles.catalog_names()
    assert puzzles.load_named("lights-out").n == 25
    spelled = [puzzles.family_name(t) for t in ("x-pattern", "x_pattern", "grid", "no-such")]
    assert spelled == ["x_pattern", "x_pattern", "grid", "no-such"]
