"""``lightsout`` on puzzles whose buttons carry no light (the 4-D ring puzzles)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lightsout_graphs.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_show_counts_lights_and_buttons(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "16-cell")
    assert code == 0
    assert "6 lights" in out and "8 buttons without lights" in out
    assert "Solvable boards: 8 of 64 (1/8)" in out


def test_analyze_json_lists_the_lights(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "16-cell", "--json")
    data = json.loads(out)
    assert code == 0
    assert (data["lights"], data["rank"], data["solvable_states"]) == (6, 3, 8)
    assert data["solvable_fraction"] == 0.125
    assert data["solvable_fraction_exact"] == "1/8"
    assert data["light_nodes"] == [f"r{j}" for j in range(6)]
    assert all(len(q) == 14 for q in data["quiet_patterns"])  # presses: one per node


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


def test_play_page_offers_buttons_not_lights(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "ring.html"
    code, text, _ = run(capsys, "play", "24-cell", "-o", str(out))
    assert code == 0 and "16 lights" in text
    html = out.read_text()
    assert '"lit": [false' in html or '"lit":[false' in html
