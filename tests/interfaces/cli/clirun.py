"""Run ``lightsout`` in-process and check its one-line error messages."""

from __future__ import annotations

import pytest

from lightsout_graphs.interfaces.cli import main

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


#: The address space of :func:`run_capped` (bytes): the cap of the adversarial runs.
CAPPED_MEMORY = 8_000_000_000


def run_capped(*argv: str, budget: str = "2G", timeout: float = 120) -> tuple[int, str, str, float]:
    """Run ``lightsout`` in a subprocess under an 8 GB address-space cap and a low budget.

    Returns the exit code, standard output, standard error and the seconds it took.
    """
    import os
    import shutil
    import subprocess
    import sys
    import time

    code = (
        "import sys; from lightsout_graphs.interfaces.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    prefix = ["prlimit", f"--as={CAPPED_MEMORY}"] if shutil.which("prlimit") else []
    env = {**os.environ, "LIGHTSOUT_MEMORY_BUDGET": budget, "MPLBACKEND": "Agg"}
    start = time.monotonic()
    proc = subprocess.run(
        [*prefix, sys.executable, "-c", code, *argv],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=timeout,
        check=False,
        env=env,
    )
    out, err = (b.decode("utf-8", "replace") for b in (proc.stdout, proc.stderr))
    return proc.returncode, out, err, time.monotonic() - start


#: The program of :func:`run_capped_all`: ``main`` on each argument list of argv[1] (JSON);
#: after each, a line argv[2] on stderr and a line argv[2] + [exit code, seconds] on stdout.
CAPPED_CHILD = """\
import json, sys, time
from lightsout_graphs.interfaces.cli import main
for args in json.loads(sys.argv[1]):
    start = time.monotonic()
    code = main(args)
    seconds = time.monotonic() - start
    print(sys.argv[2], file=sys.stderr, flush=True)
    print(sys.argv[2] + json.dumps([code, seconds]), flush=True)
"""
MARK = "--- end of a command ---"


def run_capped_all(
    commands: list[list[str]], budget: str = "2G", timeout: float = 120
) -> list[tuple[int, str, str, float]]:
    """:func:`run_capped` for several commands, one after the other in one process.

    The cap holds for each command and for all of them together. Returns, per command, its
    exit code, standard output, standard error and the seconds it took.
    """
    import json
    import os
    import shutil
    import subprocess
    import sys

    prefix = ["prlimit", f"--as={CAPPED_MEMORY}"] if shutil.which("prlimit") else []
    env = {**os.environ, "LIGHTSOUT_MEMORY_BUDGET": budget, "MPLBACKEND": "Agg"}
    proc = subprocess.run(
        [*prefix, sys.executable, "-c", CAPPED_CHILD, json.dumps(commands), MARK],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=timeout * len(commands),
        check=False,
        env=env,
    )
    out, err = (b.decode("utf-8", "replace") for b in (proc.stdout, proc.stderr))
    assert proc.returncode == 0, err[-2000:]  # no command raised out of main
    errs = err.split(MARK + "\n")
    outs = out.split(MARK)
    assert errs[-1] == "" and outs[-1].endswith("\n") and len(outs) == len(errs), err[-2000:]
    done = []
    for i, command_err in enumerate(errs[:-1]):
        # outs[i + 1] starts with the JSON line of command i, then the output of command i + 1
        status, _, _ = outs[i + 1].partition("\n")
        code, seconds = json.loads(status)
        command_out = outs[i] if i == 0 else outs[i].partition("\n")[2]
        done.append((code, command_out, command_err, seconds))
    return done
