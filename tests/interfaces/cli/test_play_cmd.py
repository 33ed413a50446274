"""``lightsout play`` through the real entry point: pages from names and families, bad input."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from lightsout_graphs.interfaces.cli import main
from tests.interfaces.cli.clirun import run


def page_data(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    match = re.search(r'id="puzzle-data">(.*?)</script>', text)
    assert match is not None
    return json.loads(match.group(1))


def test_catalog_puzzle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "lights-out.html"
    assert main(["play", "lights-out", "-o", str(out)]) == 0
    data = page_data(out)
    assert data["title"] == "Lights Out"
    assert "pattern" in [b["name"] for b in data["boards"]]
    assert data["colors"] == ["off", "on"]
    assert capsys.readouterr().out.startswith(f"Wrote {out} (25 lights, mod 2")


def test_named_start_board(tmp_path: Path) -> None:
    out = tmp_path / "p.html"
    assert main(["play", "lights-out", "--start", "cross", "-o", str(out), "-q"]) == 0
    data = page_data(out)
    assert data["boards"][data["start"]]["name"] == "cross"


def test_family_with_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "torus.html"
    args = ["play", "--family", "torus", "--shape", "3x4", "--modulus", "3", "-o", str(out)]
    assert main([*args, "--rule", "open", "--seed", "2", "--title", "T"]) == 0
    data = page_data(out)
    assert (len(data["nodes"]), data["modulus"], data["rule"], data["title"]) == (
        12,
        3,
        "open",
        "T",
    )
    assert "12 lights, mod 3" in capsys.readouterr().out


def test_given_board(tmp_path: Path) -> None:
    out = tmp_path / "g.html"
    args = ["play", "--family", "grid", "--shape", "2x3", "-k", "3", "--board", "012/000"]
    assert main([*args, "-o", str(out)]) == 0
    data = page_data(out)
    start = data["boards"][data["start"]]
    assert start["name"] == "given board"
    assert start["state"] == [0, 1, 2, 0, 0, 0]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["no-such-puzzle"], "no-such-puzzle"),
        (["--family", "grid", "--shape", "5x0"], "5x0"),
        (["lights-out", "--start", "nope"], "'nope'"),
        (["lights-out", "--shape", "3x3"], "--shape"),
        (["--family", "grid", "--shape", "2x2", "--board", "0x/00"], "--board"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    out = tmp_path / "bad.html"
    assert main(["play", *args, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("lightsout: error:")
    assert words in err
    assert not out.exists()


def test_output_must_be_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "lights-out", "-o", str(tmp_path / "x.png")]) == 2
    assert "x.png" in capsys.readouterr().err


def test_command_line_smoke(tmp_path: Path) -> None:
    out = tmp_path / "m.html"
    done = subprocess.run(
        [sys.executable, "-m", "lightsout_graphs", "play", "merlin", "-o", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert page_data(out)["title"]


def test_play_page_offers_buttons_not_lights(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "ring.html"
    code, text, _ = run(capsys, "play", "24-cell", "-o", str(out))
    assert code == 0 and "16 lights" in text
    html = out.read_text()
    assert '"lit": [false' in html or '"lit":[false' in html


@pytest.mark.parametrize("seed", ["-1", "x", "9" * 4400])
def test_a_bad_seed_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: str
) -> None:
    out = tmp_path / "p.html"
    assert main(["play", "lights-out", "--seed", seed, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "argument --seed: a seed is an int >= 0" in err
    assert "Traceback" not in err and not out.exists()


def test_a_puzzle_without_named_boards_opens_on_every_light_at_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "p.html"
    assert main(["play", "--family", "grid", "--shape", "3x3", "-o", str(out)]) == 0
    assert "starting from every light at 1" in capsys.readouterr().out
    data = page_data(out)
    assert data["boards"][data["start"]]["state"] == [1] * 9
    assert main(["play", "lights-out", "-o", str(out)]) == 0
    assert "starting from the board 'pattern'" in capsys.readouterr().out


def test_a_board_too_large_for_a_page_is_refused_at_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    page = tmp_path / "big.html"
    code, _, err = run(capsys, "play", "--family", "grid", "--shape", "300x300", "-o", str(page))
    assert code == 2
    assert "at most 65,536 lights" in err and "not 90,000" in err
    assert not page.exists()


def test_play_writes_a_page_named_after_the_puzzle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["play", "lights-out"]) == 0
    assert main(["play", "--family", "torus", "--shape", "3x4"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lights-out.html", "torus-3x4.html"]
    assert "Wrote lights-out.html" in capsys.readouterr().out
