"""``lightsout draw`` through ``main([...])``: files, options it refuses."""

from __future__ import annotations

from pathlib import Path

import matplotlib.image as mpimg
import pytest

from tests.interfaces.cli.clirun import UNSOLVABLE_5X5, assert_one_error_line, run


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
    assert_one_error_line(err, "--dpi must be an int of 10 or more, not 0")
    code, _, err = run(
        capsys, "draw", "lights-out", "--solution", "--quiet-patterns", "-o", "a.png"
    )
    assert code == 2
    assert "not allowed with argument" in err


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


def test_draw_presses_on_buttons(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "ring.svg"
    code, _, _ = run(
        capsys, "draw", "16-cell", "--board", "r0=1 r1=1 r2=1", "--presses", "v0=1", "-o", str(out)
    )
    assert code == 0
    text = out.read_text()
    assert 'id="buttons"' in text and 'id="presses"' in text
    code, _, err = run(capsys, "draw", "16-cell", "--presses", "r0=1", "-o", str(out))
    assert code == 2 and "'r0', which is not pressable" in err


def test_a_picture_of_more_lights_than_pixels_is_refused_at_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import time

    out = tmp_path / "big.png"
    start = time.monotonic()
    code, _, err = run(capsys, "draw", "grid", "--shape", "3000x3000", "-o", str(out))
    assert time.monotonic() - start < 30  # 74 s of layout, then a refusal, before
    assert code == 2 and not out.exists()
    assert_one_error_line(err, "A picture of 9,000,000 lights is more than draw renders")


def test_a_picture_over_the_memory_budget_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LIGHTSOUT_MEMORY_BUDGET", "100M")
    code, _, err = run(capsys, "draw", "grid", "--shape", "300x300", "-o", str(tmp_path / "a.png"))
    assert code == 2
    assert_one_error_line(err, "A picture of 90,000 lights would need about 0.5 GiB")


def test_quiet_patterns_take_no_board(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "q.png"
    code, _, err = run(
        capsys, "draw", "lights-out", "--quiet-patterns", "--board", "*", "-o", str(out)
    )
    assert code == 2
    assert_one_error_line(err, "--board names a board; --quiet-patterns draws")
    assert not out.exists()


def test_draw_writes_a_file_named_after_the_puzzle(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "draw", "lights-out")[0] == 0
    assert run(capsys, "draw", "--family", "grid", "--shape", "3x3", "--solution")[0] == 0
    assert run(capsys, "draw", "petersen", "--quiet-patterns", "--dpi", "20")[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "grid-3x3-solution.png",
        "lights-out.png",
        "petersen-quiet-patterns.png",
    ]


def test_draw_help_says_one_thing_about_the_start() -> None:
    """Without --board or --start draw shows the puzzle alone; --solution starts elsewhere."""
    from lightsout_graphs.interfaces.cli import build_parser

    sub = build_parser()._subparsers._group_actions[0].choices["draw"]  # type: ignore[union-attr]
    text = " ".join(sub.format_help().split())
    assert (
        "default: none (the puzzle alone); with --solution, the puzzle's first named board" in text
    )
    assert "is drawn with every light off" not in text
