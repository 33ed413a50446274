"""Start boards of ``lightsout``: named boards, board files and standard input."""

from __future__ import annotations

import argparse

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


def _lightsout(args: list[str], stdin: object = None, timeout: float = 300) -> tuple[int, str]:
    import subprocess
    import sys

    code = (
        "import sys; from lightsout_graphs.interfaces.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    # 1 GiB of address space: reading /dev/zero whole would fail, not swap
    cmd = ["prlimit", "--as=1073741824", sys.executable, "-c", code, *args]
    proc = subprocess.run(cmd, stdin=stdin, capture_output=True, timeout=timeout, check=False)
    return proc.returncode, proc.stderr.decode("utf-8", "replace")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
@pytest.mark.parametrize("command", ["solve", "play"])
def test_endless_standard_input_is_refused_quickly(
    device: str, command: str, tmp_path: object
) -> None:
    import time
    from pathlib import Path

    out = ["-o", str(Path(str(tmp_path)) / "p.html")] if command == "play" else []
    start = time.monotonic()
    with open(device, "rb") as stdin:
        code, err = _lightsout([command, "lights-out", "--board", "-", *out], stdin=stdin)
    assert time.monotonic() - start < 120  # a hang guard: about 4 s on a busy 2-core machine
    assert code == 2, err
    assert "longer than the 4321 characters" in err or "not UTF-8" in err
    assert "Traceback" not in err
    code, err = _lightsout([command, "lights-out", "--board", device, *out])
    assert code == 2, err
    assert "is a device or a pipe, not a board file" in err


def test_a_huge_board_file_is_refused_without_reading_it(tmp_path: object) -> None:
    from pathlib import Path

    from lightsout_graphs.core.errors import BoardFormatError
    from lightsout_graphs.interfaces.cli.output import read_text
    from lightsout_graphs.representation.boards import board_text_limit

    big = Path(str(tmp_path)) / "big.txt"
    big.write_text("." * 30_000_000)
    code, err = _lightsout(["solve", "lights-out", "--board", str(big)])
    assert code == 2, err
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
