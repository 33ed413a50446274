"""Fuzz the ``lightsout`` command: odd boards, shapes, moduli, files and devices.

Every run must end with exit code 0, 1 or 2 and a one-line message, never a traceback or the
internal-error code 3, within bounded time; the runs through the real entry point also run
under a memory limit (``prlimit``). Bounded in CI; ``pytest tests/fuzz
--hypothesis-profile=fuzz-long`` runs it for long.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lightsout_graphs.interfaces.cli import main

#: Seconds one in-process command may take: a hang guard, not a speed limit (commands the
#: fuzzer builds take well under a second to a few seconds when idle).
IN_PROCESS_SECONDS = 120
#: Seconds one command through the entry point may take: a hang guard at ten times the
#: slowest case (the 400×400 torus mod 3) on an idle machine, not a speed limit.
ENTRY_SECONDS = 600
#: Address space of the subprocess runs (bytes): endless reads would hit it, not swap.
MEMORY_LIMIT = 1 << 30

ODD_BOARDS = st.one_of(
    st.binary(max_size=300).map(lambda b: b.decode("latin-1")),
    st.text(max_size=200),
    st.sampled_from(
        [
            "/",
            "////",
            "/" * 5000,
            "." * 100_000,
            "*" * 25 + "\n" * 3,
            "\u202e.*.*.\u200b",
            "🙂🙂🙂🙂🙂",
            "0=1 0=1",
            "(0,0)=7",
            "-",
            ".",
            "..",
            "~",
            "/dev/zero",
            "/dev/null",
            "/no/such/file.txt",
            "\x00\x00\x00",
        ]
    ),
)
SHAPES = st.one_of(
    st.sampled_from(["5x5", "0x0", "x", "3x", "-1x3", "1x1", "99999999x99999999", "2x2x2x2"]),
    st.text(alphabet="0123456789x×,-", max_size=12),
)
MODULI = st.sampled_from(["2", "3", "0", "1", "-2", "10" * 20, "abc", "2.5", "1000003"])
FAMILIES = st.sampled_from(["grid", "torus", "path", "cycle", "nope", "random_graph", "hypercube"])


def run_in_process(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    start = time.monotonic()
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse usage errors
        code = exc.code if isinstance(exc.code, int) else 2
    _, err = capsys.readouterr()
    assert time.monotonic() - start < IN_PROCESS_SECONDS, argv
    return code, err


def assert_clean(code: int, err: str, argv: list[str]) -> None:
    assert code in (0, 1, 2), (argv, code, err[-2000:])
    assert "Traceback" not in err, (argv, err[-2000:])
    assert "internal error" not in err, (argv, err[-2000:])


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(board=ODD_BOARDS, command=st.sampled_from(["solve", "play"]), extra=st.booleans())
def test_odd_boards(
    board: str, command: str, extra: bool, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = [command, "lights-out", "--board", board]
    if command == "play":
        argv += ["-o", str(tmp_path / "p.html")]
    elif extra:
        argv += ["--target", board]
    code, err = run_in_process(argv, capsys)
    assert_clean(code, err, argv)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(
    command=st.sampled_from(["analyze", "solve", "show", "draw"]),
    family=FAMILIES,
    shape=SHAPES,
    modulus=MODULI,
    param=st.sampled_from([[], ["--param", "n=4"], ["--param", "p=2"], ["--param", "n=[["]]),
)
def test_odd_shapes_moduli_and_params(
    command: str,
    family: str,
    shape: str,
    modulus: str,
    param: list[str],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    argv = [command, "--family", family, "--shape", shape, "--modulus", modulus, *param]
    if command == "draw":
        argv += ["-o", str(tmp_path / "d.png")]
    if command == "analyze":
        argv += ["--json"]
    code, err = run_in_process(argv, capsys)
    assert_clean(code, err, argv)


ODD_VALUES = st.one_of(
    st.sampled_from(["5x5", "0", "-1", "2.5", "9" * 50, "9" * 4400, "x-pattern", "grid", "🙂"]),
    st.text(alphabet="0123456789x-", max_size=8),
)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(
    command=st.sampled_from(["chase-table", "table", "play"]),
    name=st.one_of(st.none(), ODD_VALUES),
    options=st.lists(
        st.tuples(
            st.sampled_from(["--family", "--shape", "--modulus", "--max", "--seed", "--rule"]),
            ODD_VALUES,
        ),
        max_size=3,
    ),
)
def test_odd_values_for_every_command(
    command: str,
    name: str | None,
    options: list[tuple[str, str]],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    argv = [command, *([name] if name is not None else [])]
    for option, value in options:
        argv += [option, value]
    if command == "play":
        argv += ["-o", str(tmp_path / "p.html")]
    code, err = run_in_process(argv, capsys)
    assert_clean(code, err, argv)


#: Runs ``main`` of ``lightsout`` on each argument list of argv[1] (JSON) in this one process;
#: prints the exit codes and seconds of each as JSON, and a line argv[2] on stderr after each
#: command's own messages.
CHILD = """\
import json, sys, time
from lightsout_graphs.interfaces.cli import main
done = []
for args in json.loads(sys.argv[1]):
    start = time.monotonic()
    code = main(args)
    done.append((code, time.monotonic() - start))
    print(sys.argv[2], file=sys.stderr, flush=True)
print(json.dumps(done))
"""
MARK = "--- end of a command ---"


def _entry(commands: list[list[str]], stdin: object = None) -> list[tuple[int, float, str]]:
    """Exit code, seconds and standard error of each command, run one after the other by
    ``main`` in one Python process under the memory limit (the limit holds for all of them)."""
    prefix = ["prlimit", f"--as={MEMORY_LIMIT}"] if shutil.which("prlimit") else []
    proc = subprocess.run(
        [*prefix, sys.executable, "-c", CHILD, json.dumps(commands), MARK],
        stdin=stdin if stdin is not None else subprocess.DEVNULL,
        capture_output=True,
        timeout=ENTRY_SECONDS * len(commands),
        check=False,
        env={**os.environ, "MPLBACKEND": "Agg"},
    )
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode == 0, err[-2000:]  # no command raised out of main
    errs = err.split(MARK + "\n")
    assert errs[-1] == "", err[-2000:]
    done = json.loads(proc.stdout.decode().splitlines()[-1])
    return [(code, seconds, e) for (code, seconds), e in zip(done, errs[:-1], strict=True)]


def test_files_and_folders_in_process(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    binary = tmp_path / "binary.txt"
    binary.write_bytes(bytes(range(256)) * 40)
    slashes = tmp_path / "slashes.txt"
    slashes.write_text("/" * 1000)
    cases = [
        ["solve", "lights-out", "--board", str(folder)],
        ["solve", "lights-out", "--board", str(binary)],
        ["solve", "lights-out", "--board", str(slashes)],
        ["solve", "lights-out", "--target", str(folder)],
        ["draw", "lights-out", "-o", str(folder)],
        ["draw", "lights-out", "-o", str(tmp_path / "missing" / "x.png")],
    ]
    for argv in cases:
        code, err = run_in_process(argv, capsys)
        assert_clean(code, err, argv)
        assert code == 2 and err.startswith("lightsout: "), (argv, err[-500:])


@pytest.mark.slow
def test_long_inputs_and_big_boards_through_the_entry_point(tmp_path: Path) -> None:
    """Under the memory limit: a 3 MB line, binary standard input, two large analyses.

    Endless devices (``/dev/zero``, ``/dev/urandom``, as a path or as standard input) are
    refused through the entry point in ``tests/interfaces/cli/test_starts.py``.
    """
    binary = tmp_path / "binary.txt"
    binary.write_bytes(bytes(range(256)) * 40)
    long_line = tmp_path / "long.txt"
    long_line.write_text("." * 3_000_000)
    cases = [
        ["solve", "lights-out", "--board", str(long_line)],
        ["solve", "lights-out", "--board", "-"],  # the only one to read standard input
        ["analyze", "--family", "grid", "--shape", "120x120", "--json"],
        ["analyze", "--family", "torus", "--shape", "400x400", "--modulus", "3"],
    ]
    with open(binary, "rb") as stdin:
        results = _entry(cases, stdin)
    for args, (code, seconds, err) in zip(cases, results, strict=True):
        assert seconds < ENTRY_SECONDS
        assert_clean(code, err, args)
        if code:
            assert err.startswith("lightsout: "), (args, err[-500:])
