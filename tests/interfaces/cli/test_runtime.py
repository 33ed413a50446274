"""Tests of the run-time policy of ``lightsout``: progress bars and status lines."""

from __future__ import annotations

import argparse
import sys

import pytest

from lightsout_graphs.interfaces import cli
from lightsout_graphs.interfaces.cli import runtime


def test_progress_only_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    quiet = argparse.Namespace(quiet=True)
    loud = argparse.Namespace(quiet=False)
    assert list(runtime.progress(range(3), loud, total=3)) == [0, 1, 2]
    assert capsys.readouterr().err == ""  # stderr is captured: not a terminal
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    assert runtime.progress_enabled(loud)
    assert not runtime.progress_enabled(quiet)
    assert list(runtime.progress(range(3), quiet, total=3)) == [0, 1, 2]
    assert capsys.readouterr().err == ""
    assert list(runtime.progress(range(3), loud, total=3, desc="cells")) == [0, 1, 2]
    assert "cells" in capsys.readouterr().err


def test_table_progress_bar_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    assert cli.main(["table", "--family", "king", "--max", "2"]) == 0  # board by board
    captured = capsys.readouterr()
    assert "king nullities" in captured.err
    assert captured.out.startswith("m\\n,1,2\n")
    assert cli.main(["table", "--family", "king", "--max", "2", "--quiet"]) == 0
    assert capsys.readouterr().err == ""
    assert cli.main(["table", "--family", "torus", "--max", "2"]) == 0  # the product formula
    captured = capsys.readouterr()
    assert "gcds by factor degree" in captured.err
    assert captured.out.startswith("m\\n,1,2\n")


def test_status_line_only_for_long_work_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    loud = argparse.Namespace(quiet=False)
    with runtime.status(loud, "solving", size=10**6):
        pass
    assert capsys.readouterr().err == ""  # not a terminal
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    with runtime.status(loud, "solving", size=10):
        pass
    assert capsys.readouterr().err == ""  # small work
    with pytest.raises(KeyError), runtime.status(loud, "solving", size=10**6):
        raise KeyError
    assert capsys.readouterr().err == "lightsout: solving...\r\x1b[K"  # cleared, even on error
    with runtime.status(argparse.Namespace(quiet=True), "solving", size=10**6):
        pass
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["solve", "lights-out", "--min", "--time-limit", "0"], "--time-limit must be"),
        (["analyze", "--family", "grid", "--shape", "3x3", "-k", "1"], "--modulus must be"),
        (["census", "0"], "N must be an int in 1..12"),
        (["census", "3", "--min-n", "5"], "--min-n must be"),
        (["table", "3", "-k", "1"], "--modulus 1 is not prime"),
        (
            ["analyze", "--family", "grid", "--shape", "2x2", "--param", "pressable=[9]"],
            "--param pressable",
        ),
    ],
)
def test_errors_name_options_not_python_arguments(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    assert cli.main([*argv, "-q"]) == 2
    err = capsys.readouterr().err
    assert words in err
    assert "Argument '" not in err and "lightsout_graphs." not in err


def test_run_turns_an_input_error_into_one_folded_line(capsys: pytest.CaptureFixture[str]) -> None:
    import lightsout_graphs as lo

    def fails(args: argparse.Namespace) -> int:
        raise lo.InvalidStateError("bad\n  board")

    assert runtime.run(fails, argparse.Namespace(debug=False)) == 2
    assert capsys.readouterr().err == "lightsout: error: bad board\n"
