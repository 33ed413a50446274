"""The seconds bar of long calls: shown only when asked, closed when the call ends."""

from __future__ import annotations

import threading
import time

import pytest

import lightsout_graphs as lo
from lightsout_graphs.core._progress import TICK, seconds_bar
from lightsout_graphs.core.errors import InvalidPuzzleError


def _ticking() -> bool:
    return any(t.name == "lightsout-progress" for t in threading.enumerate())


def test_no_progress_shows_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    with seconds_bar(False, "fewest presses", 10) as note:
        note("enumeration")
    assert capsys.readouterr().err == ""


def test_the_bar_shows_what_how_long_and_the_note(capsys: pytest.CaptureFixture[str]) -> None:
    with seconds_bar(True, "God's number of 81 buttons", 5) as note:
        note("covering")
        time.sleep(3 * TICK)
    err = capsys.readouterr().err
    assert "God's number of 81 buttons" in err and "/5 s" in err and "covering" in err
    assert not _ticking()  # the ticker is gone


def test_the_bar_closes_when_the_call_fails(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="bad"), seconds_bar(True, "x", 1):
        raise ValueError("bad")
    assert not _ticking()


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda p: lo.solve(p, 1, minimize=True, progress=True), "fewest presses of 16 lights"),
        (lambda p: lo.gods_number_bounds(p, progress=True), "God's number of 16 buttons"),
        (lambda p: lo.gods_number(p, progress=True), "God's number"),
    ],
)
def test_long_calls_take_progress(
    capsys: pytest.CaptureFixture[str], call: object, words: str
) -> None:
    assert callable(call)
    call(lo.grid(4, 4))
    assert words in capsys.readouterr().err


def test_long_calls_are_silent_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    lo.solve(lo.grid(4, 4), 1, minimize=True)
    lo.gods_number_bounds(lo.grid(4, 4))
    lo.gods_number(lo.grid(4, 4))
    assert capsys.readouterr().err == ""


def test_progress_must_be_a_bool() -> None:
    for junk in ("yes", 1, None, [True]):
        refused = pytest.raises(InvalidPuzzleError, match="'progress' must be True or False")
        with refused, seconds_bar(junk, "work"):  # type: ignore[arg-type]
            pass
