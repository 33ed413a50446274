"""``lightsout chase-table`` through the real entry point."""

from __future__ import annotations

from pathlib import Path

import pytest

from lightsout_graphs.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_catalog_board_prints_the_classic_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "chase-table", "lights-out")
    assert code == 0
    assert "O...O    XX..." in out and out.count("\n") == 3 + 7


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
