"""Start boards of ``lightsout``: named boards, board files and standard input."""

from __future__ import annotations

import argparse
from typing import Any

import pytest

from lightsout_graphs.interfaces.cli import runtime, starts


def test_a_folder_given_as_board_file_is_named_as_a_folder(tmp_path: object) -> None:
    import lightsout_graphs as lo
    from lightsout_graphs.core.errors import BoardFormatError

    with pytest.raises(BoardFormatError, match="is a folder, not a board file") as info:
        starts.read_board(lo.grid(2, 2), str(tmp_path))
    assert "no such file" not in str(info.value)


def test_unknown_start_lists_all_on_once() -> None:
    import lightsout_graphs as lo
    from lightsout_graphs import catalog

    puzzle = catalog.load("lights-out")  # its boards include 'all-on'
    assert "all-on" in puzzle.boards
    with pytest.raises(runtime.CommandError) as info:
        starts.named_board(puzzle, "nosuch")
    assert str(info.value).count("'all-on'") == 1
    with pytest.raises(runtime.CommandError, match="its boards: none, or 'all-on'"):
        starts.named_board(lo.grid(1, 2), "x")


#: Run in one process under a 1 GiB address space (reading /dev/zero whole would fail, not
#: swap): ``main`` of ``lightsout`` on each argument list of argv[1] (JSON), exit codes to
#: stdout, and a line ``MARK`` on stderr after each command's own messages.
CHILD = """\
import json, sys
from lightsout_graphs.interfaces.cli import main
codes = []
for args in json.loads(sys.argv[1]):
    codes.append(main(args))
    print(sys.argv[2], file=sys.stderr, flush=True)
print(json.dumps(codes))
"""
MARK = "--- end of a command ---"


def _lightsout(
    commands: list[list[str]], stdin: object = None, timeout: float = 300
) -> list[tuple[int, str]]:
    """Exit code and standard error of each command, all in one process started as above."""
    import json
    import subprocess
    import sys

    cmd = ["prlimit", "--as=1073741824", sys.executable, "-c", CHILD, json.dumps(commands), MARK]
    proc = subprocess.run(cmd, stdin=stdin, capture_output=True, timeout=timeout, check=False)
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode == 0, err[-2000:]
    errs = err.split(MARK + "\n")
    assert errs[-1] == "", err[-2000:]
    return list(zip(json.loads(proc.stdout), errs[:-1], strict=True))


@pytest.fixture(scope="module")
def refusals(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """``refusals(device)``: per command, the results of ``--board -`` with the endless
    ``device`` as standard input, then of ``--board device``: one process per device."""
    import time

    seen: dict[str, dict[str, list[tuple[int, str]]]] = {}

    def get(device: str) -> dict[str, list[tuple[int, str]]]:
        if device not in seen:
            html = str(tmp_path_factory.mktemp("play") / "p.html")
            out = {"solve": [], "play": ["-o", html]}
            commands = [
                [c, "lights-out", "--board", b, *out[c]] for b in ("-", device) for c in out
            ]
            start = time.monotonic()
            with open(device, "rb") as stdin:
                results = _lightsout(commands, stdin=stdin)
            # a hang guard: about 4 s on a busy 2-core machine
            assert time.monotonic() - start < 120
            seen[device] = {c: results[i :: len(out)] for i, c in enumerate(out)}
        return seen[device]

    return get


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
@pytest.mark.parametrize("command", ["solve", "play"])
def test_endless_standard_input_is_refused_quickly(
    device: str, command: str, refusals: Any
) -> None:
    # Both commands read standard input in one process: the second reads on where the first
    # stopped, still an endless stream.
    (code, err), (file_code, file_err) = refusals(device)[command]
    assert code == 2, err
    assert "longer than the 4321 characters" in err or "not UTF-8" in err
    assert "Traceback" not in err
    assert file_code == 2, file_err
    assert "is a device or a pipe, not a board file" in file_err
    assert "Traceback" not in file_err


def test_a_huge_board_file_is_refused_without_reading_it(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    from lightsout_graphs.core.errors import BoardFormatError
    from lightsout_graphs.interfaces.cli import main
    from lightsout_graphs.interfaces.cli.output import read_text
    from lightsout_graphs.representation.boards import board_text_limit

    big = Path(str(tmp_path)) / "big.txt"
    big.write_text("." * 30_000_000)
    assert main(["solve", "lights-out", "--board", str(big)]) == 2
    err = capsys.readouterr().err
    assert "longer than the 4321 characters" in err
    with pytest.raises(BoardFormatError, match="longer than the 10"):
        read_text(str(big), limit=10)
    import lightsout_graphs as lo

    p = lo.grid(5, 5)
    exact = Path(str(tmp_path)) / "exact.txt"
    exact.write_text(".....\n" * 5 + " " * (board_text_limit(p) - 30))
    assert starts.read_board(p, str(exact)).tolist() == [0] * 25


def test_binary_input_is_a_format_error(tmp_path: object) -> None:
    import io

    import lightsout_graphs as lo
    from lightsout_graphs.core.errors import BoardFormatError

    stdin = io.TextIOWrapper(io.BytesIO(b"\xff\xfe..\n"))
    with pytest.raises(BoardFormatError, match="Cannot read standard input: not UTF-8"):
        starts.read_board(lo.grid(2, 2), "-", stdin=stdin)


def test_boards_from_text_names_and_the_default() -> None:
    import lightsout_graphs as lo

    p = lo.grid(1, 2)
    assert starts.read_board(lo.grid(2, 2), "*./.*").tolist() == [1, 0, 0, 1]
    assert starts.board_names(p) == "none"
    assert starts.named_board(lo.grid(1, 3), "all-on").tolist() == [1, 1, 1]
    board, words = starts.start_board(p, argparse.Namespace(board="*.", start=None))
    assert (board.tolist(), words) == ([1, 0], "the board given")
    assert starts.target_board(p, ".*").tolist() == [0, 1]
    assert starts.target_board(p, None) is None
