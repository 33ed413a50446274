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
