"""Run ``lightsout`` in-process and check its one-line error messages."""

from __future__ import annotations

import pytest

from lightsout_graphs.cli import main

UNSOLVABLE_5X5 = "*..../...../...../...../....."


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_error_line(err: str, *parts: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("lightsout: ")
    assert "Traceback" not in err
    for part in parts:
        assert part in lines[0], (part, lines[0])
