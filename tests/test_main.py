"""Every subcommand through the installed ``lightsout`` script and ``python -m lightsout_graphs``.

The commands run at once in parallel subprocesses, within one test, to keep the time low.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import matplotlib.image as mpimg

import lightsout_graphs as lo
from lightsout_graphs import catalog

SCRIPT = Path(sys.executable).with_name("lightsout")
LIGHTSOUT = str(SCRIPT) if SCRIPT.exists() else shutil.which("lightsout")
UNSOLVABLE = "*..../...../...../...../....."


def commands(tmp: Path) -> dict[str, list[str]]:
    assert LIGHTSOUT is not None, "the lightsout script is not installed"
    module = [sys.executable, "-m", "lightsout_graphs"]
    return {
        "version": [
            sys.executable,
            "-c",
            (
                "import sys; from lightsout_graphs.interfaces.cli import main; code = main(['--version']); "
                "code2 = main(['solve', '--bogus']); "
                "print(code, code2, 'matplotlib' in sys.modules, 'tqdm' in sys.modules)"
            ),
        ],
        "list": [LIGHTSOUT, "list"],
        "show": [LIGHTSOUT, "show", "lights-out"],
        "solve": [LIGHTSOUT, "solve", "lights-out", "--start", "pattern", "--min", "--json"],
        "unsolvable": [*module, "solve", "grid", "--shape", "5x5", "--board", UNSOLVABLE],
        "analyze": [*module, "analyze", "--family", "torus", "--shape", "7x9", "-k", "3", "--json"],
        "table": [LIGHTSOUT, "table", "--max", "5", "--png", str(tmp / "t.png"), "--csv", "-"],
        "draw": [LIGHTSOUT, "draw", "lights-out", "--solution", "-o", str(tmp / "s.png")],
    }


def launch(tmp: Path) -> dict[str, subprocess.CompletedProcess[str]]:
    """Run every command at once, each in its own process, and collect the results."""
    running = {
        name: subprocess.Popen(
            argv,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            text=True,
            cwd=tmp,
        )
        for name, argv in commands(tmp).items()
    }
    done = {}
    for name, proc in running.items():
        out, err = proc.communicate(timeout=600)
        done[name] = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
    return done


def test_every_subcommand_through_the_entry_points(tmp_path: Path) -> None:
    # One test, so that parallel test workers do not start the processes twice.
    done = launch(tmp_path)
    results = (tmp_path, done)
    check_version_and_usage_without_heavy_imports(results)
    check_list_and_show(results)
    check_solve_json_replays(results)
    check_unsolvable_through_python_m(results)
    check_analyze_json(results)
    check_table_csv_and_png(results)
    check_draw_png(results)


def check_version_and_usage_without_heavy_imports(
    results: tuple[Path, dict[str, subprocess.CompletedProcess[str]]],
) -> None:
    _, done = results
    proc = done["version"]
    version, flags = proc.stdout.strip().splitlines()
    assert version == f"lightsout {lo.__version__}"
    assert flags.split() == ["0", "2", "False", "False"]  # matplotlib and tqdm not imported
    assert "usage: lightsout solve" in proc.stderr
    assert "lightsout solve: error: unrecognized arguments: --bogus" in proc.stderr


def check_list_and_show(results: tuple[Path, dict[str, subprocess.CompletedProcess[str]]]) -> None:
    _, done = results
    assert done["list"].returncode == 0
    names = [line.split()[0] for line in done["list"].stdout.splitlines()[1:] if line.strip()]
    assert set(catalog.names()) <= set(names)
    assert done["show"].returncode == 0
    assert "Nullity: 2" in done["show"].stdout
    assert done["show"].stderr == ""  # no progress bar off a terminal


def check_solve_json_replays(
    results: tuple[Path, dict[str, subprocess.CompletedProcess[str]]],
) -> None:
    _, done = results
    assert done["solve"].returncode == 0, done["solve"].stderr
    data = json.loads(done["solve"].stdout)
    puzzle = catalog.load("lights-out")
    assert data["state"] == puzzle.boards["pattern"].tolist()
    assert data["solvable"] and data["optimal"]
    assert (data["num_presses"], data["count"]) == (10, 4)
    after = puzzle.apply(data["state"], data["presses"])
    assert set(after.values()) == {0}


def check_unsolvable_through_python_m(
    results: tuple[Path, dict[str, subprocess.CompletedProcess[str]]],
) -> None:
    _, done = results
    proc = done["unsolvable"]
    assert proc.returncode == 1
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("lightsout: unsolvable: the lights at (0,0), (0,2)")
    assert "Traceback" not in proc.stderr


def check_analyze_json(results: tuple[Path, dict[str, subprocess.CompletedProcess[str]]]) -> None:
    _, done = results
    assert done["analyze"].returncode == 0
    data = json.loads(done["analyze"].stdout)
    assert (data["lights"], data["modulus"]) == (63, 3)
    assert data["rank"] + data["nullity"] == 63


def check_table_csv_and_png(
    results: tuple[Path, dict[str, subprocess.CompletedProcess[str]]],
) -> None:
    tmp, done = results
    assert done["table"].returncode == 0, done["table"].stderr
    rows = list(csv.reader(io.StringIO(done["table"].stdout)))
    table = [[int(x) for x in row[1:]] for row in rows[1:]]
    expected = [[lo.analyze(lo.grid(m, n)).nullity for n in range(1, 6)] for m in range(1, 6)]
    assert table == expected
    assert mpimg.imread(tmp / "t.png").shape[:2] == (400, 500)


def check_draw_png(results: tuple[Path, dict[str, subprocess.CompletedProcess[str]]]) -> None:
    tmp, done = results
    assert done["draw"].returncode == 0, done["draw"].stderr
    height, width = mpimg.imread(tmp / "s.png").shape[:2]
    assert f"({width}×{height} pixels at 100 dpi)" in done["draw"].stdout
    assert width > height > 100
