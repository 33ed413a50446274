"""``lightsout chase-table`` through the real entry point."""

from __future__ import annotations

from pathlib import Path

import pytest

from lightsout_graphs.interfaces.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_catalog_board_prints_the_classic_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "chase-table", "lights-out")
    assert code == 0
    assert "*...*    11..." in out and out.count("\n") == 3 + 7


def test_a_size_with_a_modulus_and_a_picture(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    png = tmp_path / "chase.png"
    code, out, _ = run(capsys, "chase-table", "3x4", "-k", "3", "--png", str(png))
    assert code == 0 and "mod 3" in out and png.stat().st_size > 1000
    assert f"Wrote {png}" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["chase-table", "petersen"], "plain 2-D grid"),
        (["chase-table", "0x3"], "side lengths"),
        (["chase-table", "no-such-puzzle"], "no-such-puzzle"),
        (["chase-table", "5x5", "--png", "x.txt"], ".png or .svg"),
        (["chase-table", "3x40"], "top rows"),
    ],
)
def test_bad_input_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and message in err and "Traceback" not in err


@pytest.mark.parametrize(
    "argv", [["5x5"], ["--family", "grid", "--shape", "5x5"], ["grid", "--shape", "5x5"]]
)
def test_a_size_is_named_positionally_or_as_elsewhere(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, _ = run(capsys, "chase-table", *argv)
    assert code == 0
    assert out.startswith("Light chasing on the 5×5 board (closed rule)")
    assert "*...*    11..." in out  # the symbols of board text: '*' lit, '1' pressed


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--family", "torus", "--shape", "5x5"], "made for grids only"),
        (["--family", "grid"], "--family grid needs --shape MxN"),
        (["lights-out", "--shape", "5x5"], "--shape goes with --family grid"),
        (["lights-out", "--family", "grid", "--shape", "5x5"], "not both"),
        ([], "Name a grid"),
    ],
)
def test_bad_ways_to_name_a_grid_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "chase-table", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err


def test_a_3d_size_and_options_a_catalog_name_ignores_are_usage_errors(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tests.interfaces.cli.clirun import assert_one_error_line, run

    code, _, err = run(capsys, "chase-table", "--family", "grid", "--shape", "3x3x3")
    assert code == 2
    assert_one_error_line(err, "made for 2-D grids; '3x3x3' has 3 sides")
    code, _, err = run(capsys, "chase-table", "lights-out", "-k", "3")
    assert code == 2
    assert_one_error_line(err, "--modulus applies to a size", "'lights-out'")
    code, out, _ = run(capsys, "chase-table", "3x3", "-k", "3")
    assert code == 0 and "mod 3" in out
