"""What commands read and write: board text from files and streams, JSON, output files, figures."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from matplotlib.figure import Figure

from lightsout_graphs.core.errors import BoardFormatError
from lightsout_graphs.interfaces.cli.output import (
    GRID_TEXT_LIMIT,
    default_output,
    grid_too_big,
    output_path,
    print_json,
    read_text,
    save_figure,
    write_text,
)
from lightsout_graphs.interfaces.cli.runtime import CommandError

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=12,
)


def test_literal_text_files_and_standard_input(tmp_path: Path) -> None:
    assert read_text("*./..") == ("*./..", False)
    board = tmp_path / "b.txt"
    board.write_bytes("\ufeff*.\n.*\n".encode())
    assert read_text(str(board)) == ("*.\n.*\n", True)
    assert read_text("-", stdin=io.StringIO("**")) == ("**", True)
    assert read_text("-", stdin=io.BytesIO(b"*.")) == ("*.", True)  # type: ignore[arg-type]
    assert read_text(str(tmp_path)) == (str(tmp_path), False)  # a folder is not read


def test_unreadable_input_is_a_format_error(tmp_path: Path) -> None:
    with pytest.raises(BoardFormatError, match="longer than the 3 characters"):
        read_text("-", stdin=io.StringIO("*****"), limit=3)
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(BoardFormatError, match="not UTF-8 text"):
        read_text(str(binary))
    assert read_text("-", stdin=io.StringIO("***"), limit=3) == ("***", True)


@given(JSON_VALUES)
def test_printed_json_reads_back(data: object) -> None:
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        print_json(data)
    out = buffer.getvalue()
    assert out.endswith("\n")
    assert json.loads(out) == data


def test_flat_lists_stay_on_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    print_json({"presses": [1, 0, 1], "nodes": [[0, 0], [0, 1]]})
    assert capsys.readouterr().out == (
        '{\n  "presses": [1, 0, 1],\n  "nodes": [[0, 0], [0, 1]]\n}\n'
    )


def test_output_suffixes() -> None:
    assert output_path("a/board.PNG", (".png", ".svg")) == Path("a/board.PNG")
    with pytest.raises(CommandError, match=r"must end in \.png or \.svg, not '\.jpg'"):
        output_path("board.jpg", (".png", ".svg"))
    with pytest.raises(CommandError, match="not 'nothing'"):
        output_path("board", (".png",))


def test_saved_figures_report_their_pixels(tmp_path: Path) -> None:
    fig = Figure(figsize=(3, 2))
    assert save_figure(fig, tmp_path / "f.png", 40) == (120, 80)
    ax = Figure(figsize=(2, 2)).subplots()
    assert save_figure(ax, tmp_path / "f.svg", 50) == (100, 100)
    assert (tmp_path / "f.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_default_names_text_files_and_the_text_limit(tmp_path: Path) -> None:
    assert default_output(argparse.Namespace(name="lights-out"), ".html") == "lights-out.html"
    grid = argparse.Namespace(name=None, family="grid", shape="7x9")
    assert default_output(grid, ".png", "solution") == "grid-7x9-solution.png"
    write_text(str(tmp_path / "p.txt"), "1.")
    assert (tmp_path / "p.txt").read_text(encoding="utf-8") == "1.\n"
    assert (grid_too_big(GRID_TEXT_LIMIT), grid_too_big(GRID_TEXT_LIMIT + 1)) == (False, True)
