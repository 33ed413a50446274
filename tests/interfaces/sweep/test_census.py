"""The census: OEIS counts, resumable parts, damaged files, locks, and workers that die with it."""

from __future__ import annotations

import fcntl
import json
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from lightsout_graphs.core.errors import MissingDependencyError, SweepSpecError
from lightsout_graphs.interfaces.sweep.census import (
    CONNECTED_GRAPHS,
    GRAPHS,
    CensusPart,
    count_part,
    read_census,
    run_census,
)
from lightsout_graphs.interfaces.sweep.runners import find_geng
from tests.interfaces.sweep.examples import run_examples
from tests.interfaces.sweep.procs import start_and_stop, wait_gone

A334443 = [1, 0, 1, 2, 9, 33, 290, 3692, 94280]


def unique_solution_counts(summary: pd.DataFrame) -> list[int]:
    closed = summary[(summary.rule == "closed") & (summary.modulus == 2) & (summary.nullity == 0)]
    per_n = closed.groupby("n").connected.sum()
    return [int(per_n.get(n, 0)) for n in range(1, int(summary.n.max()) + 1)]


def test_small_census_matches_oeis_and_brute_force(tmp_path: Path) -> None:
    summary = run_census(6, tmp_path / "c", workers=2, moduli=(2, 3))
    assert unique_solution_counts(summary) == A334443[:6]
    for (_rule, _k), block in summary.groupby(["rule", "modulus"]):
        totals = block.groupby("n")[["graphs", "connected"]].sum()
        assert totals.graphs.tolist() == list(GRAPHS[1:7])
        assert totals.connected.tolist() == list(CONNECTED_GRAPHS[1:7])
    # Brute force through the public API on every graph of 5 vertices.
    import networkx as nx

    import lightsout_graphs as lo

    g6 = subprocess.run([find_geng(), "-q", "5"], capture_output=True, check=True).stdout
    want: dict[tuple[str, int, int, bool], int] = {}
    for line in g6.split():
        g = nx.from_graph6_bytes(line)
        for rule in ("closed", "open"):
            for k in (2, 3):
                p = lo.Puzzle(g, modulus=k, rule=rule)
                key = (rule, k, lo.analyze(p).nullity, lo.is_solvable(p, 0, target=1))
                want[key] = want.get(key, 0) + 1
    five = summary[summary.n == 5]
    got = {
        (r.rule, r.modulus, r.nullity, bool(r.all_on_solvable)): r.graphs for r in five.itertuples()
    }
    assert got == want
    pd.testing.assert_frame_equal(read_census(tmp_path / "c"), summary)


def test_connected_only_and_the_dask_route_agree(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    full = run_census(7, tmp_path / "all", workers=1)
    conn = run_census(7, tmp_path / "conn", workers=1, connected_only=True)
    from lightsout_graphs.core.zk import set_memory_budget

    set_memory_budget("100M")  # a budget for worker processes, which a census no longer starts
    try:
        dask = run_census(7, tmp_path / "dask", dask_local=2, connected_only=True)
    finally:
        set_memory_budget(None)
    pd.testing.assert_frame_equal(conn, dask)
    assert unique_solution_counts(conn) == A334443[:7]
    keys = ["n", "rule", "modulus", "nullity", "all_on_solvable"]
    merged = full.merge(conn, on=keys, how="left", suffixes=("", "_c")).fillna(0)
    assert (merged.connected == merged.connected_c).all()
    assert (conn.graphs == conn.connected).all()


def test_bad_arguments_are_refused(tmp_path: Path) -> None:
    for kwargs, what in [
        ({"max_n": 13}, "'max_n' must be an int in 1..12"),
        ({"max_n": 5, "min_n": 6}, "'min_n' must be an int in 1..5"),
        ({"max_n": 5, "moduli": (4,)}, "must be a prime"),
        ({"max_n": 5, "moduli": ()}, "distinct primes"),
        ({"max_n": 5, "rules": ("weighted",)}, "'closed' and/or 'open'"),
        ({"max_n": 5, "parts": 0}, "'parts' must be an int"),
        ({"max_n": 5, "workers": 10**6}, "'workers' must be an int in 1.."),
    ]:
        with pytest.raises(SweepSpecError, match=what):
            run_census(out=tmp_path / "bad", **kwargs)  # type: ignore[arg-type]


def test_a_folder_with_another_census_is_refused_unless_overwritten(tmp_path: Path) -> None:
    run_census(4, tmp_path, workers=1)
    with pytest.raises(SweepSpecError, match="different census"):
        run_census(5, tmp_path, workers=1)
    assert run_census(5, tmp_path, workers=1, overwrite=True).n.max() == 5


def test_a_folder_split_otherwise_resumes_with_its_own_split(tmp_path: Path) -> None:
    """A census counted with other parts than today's default (n = 10 had 8 parts before it
    had 64) resumes with its own split instead of being refused; other settings still count."""
    first = run_census(7, tmp_path, workers=1, parts=4)
    (tmp_path / "census.parquet").unlink()
    (tmp_path / "parts" / "n7-00002of00004.json").unlink()
    again = run_census(7, tmp_path, workers=1)  # the default for n = 7 is one part
    pd.testing.assert_frame_equal(first, again)
    manifest = json.loads((tmp_path / "_census.json").read_text(encoding="utf-8"))
    assert manifest["settings"]["parts"]["7"] == 4
    assert (tmp_path / "parts" / "n7-00002of00004.json").is_file()
    with pytest.raises(SweepSpecError, match="different census"):
        run_census(7, tmp_path, workers=1, moduli=(3,))


def test_a_census_loads_no_graph_library(tmp_path: Path) -> None:
    """Counting needs numba and its kernel only: networkx and the puzzle layer stay unloaded."""
    code = (
        "import sys; from lightsout_graphs.interfaces.cli import main; "
        f"assert main(['census', '6', '--out', {str(tmp_path)!r}, '--quiet', '--workers', '1']) == 0; "
        "loaded = {'networkx', 'lightsout_graphs.representation.puzzle'} & set(sys.modules); "
        "assert not loaded, loaded"
    )
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, timeout=120)


def test_a_second_run_on_the_same_folder_is_refused_while_the_first_holds_it(
    tmp_path: Path,
) -> None:
    run_census(3, tmp_path, workers=1)
    with open(tmp_path / "_census.lock", "a+") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        with pytest.raises(SweepSpecError, match="in use by another run"):
            run_census(3, tmp_path, workers=1)
    assert run_census(3, tmp_path, workers=1).graphs.sum() == 2 * 7


def test_damaged_parts_are_recomputed_and_foreign_files_ignored(tmp_path: Path) -> None:
    fresh = run_census(8, tmp_path, workers=1, parts=4)
    parts = tmp_path / "parts"
    (parts / "n8-00001of00004.json").write_bytes(b"\x00garbage")
    record = json.loads((parts / "n8-00002of00004.json").read_text())
    record["graphs"] += 1  # a tampered count: its checksum no longer matches
    (parts / "n8-00002of00004.json").write_text(json.dumps(record))
    (parts / "n8-00003of00004.json").unlink()
    (parts / "n8-00009of00016.json").write_text("{}")
    (parts / "notes.txt").write_text("mine")
    with pytest.warns(UserWarning) as caught:
        again = run_census(8, tmp_path, workers=1, parts=4)
    text = " ".join(str(w.message) for w in caught)
    assert "n8-00001of00004.json' is damaged" in text
    assert "n8-00002of00004.json' is damaged" in text
    assert "ignoring" in text and "notes.txt" in text and "n8-00009of00016.json" in text
    pd.testing.assert_frame_equal(again, fresh)
    assert (parts / "notes.txt").exists()


def test_count_part_reports_geng_failures() -> None:
    from lightsout_graphs.core.errors import SweepError

    with pytest.raises(SweepError, match=r"geng .* failed"):
        count_part(CensusPart(5, 3, 2), False, (2,), ("closed",), find_geng())


# --- killing and resuming -------------------------------------------------------------------

CENSUS = [sys.executable, "-m", "lightsout_graphs", "-q", "census"]


@pytest.mark.parametrize("runner", [["--workers", "2"], ["--dask-local", "2"]])
def test_sigkill_of_the_main_process_leaves_no_orphan_and_resumes(
    tmp_path: Path, runner: list[str]
) -> None:
    out = tmp_path / "killed"
    args = ["9", "--min-n", "9", "--parts", "64", *runner]
    code, seen = start_and_stop([*CENSUS, *args, "--out", str(out)], out, signal.SIGKILL, 3)
    assert code == -signal.SIGKILL
    assert seen, "no worker process was seen"
    assert wait_gone(seen) == set()
    kept = {p.name: p.stat().st_mtime_ns for p in (out / "parts").glob("n*.json")}
    assert 3 <= len(kept) < 64
    resumed = run_census(9, out, min_n=9, parts=64, workers=2)
    for name, stamp in kept.items():  # finished parts were not computed again
        assert (out / "parts" / name).stat().st_mtime_ns == stamp
    assert int(resumed[resumed.rule == "closed"].graphs.sum()) == GRAPHS[9]
    assert unique_solution_counts(resumed)[-1] == A334443[8]


def test_sigterm_ends_cleanly_with_exit_143(tmp_path: Path) -> None:
    out = tmp_path / "termed"
    args = ["9", "--min-n", "9", "--parts", "64", "--out", str(out)]
    code, seen = start_and_stop([*CENSUS, *args], out, signal.SIGTERM, 2)
    assert code == 143
    assert wait_gone(seen) == set()
    assert not list(out.rglob("_tmp-*"))
    kept = list((out / "parts").glob("n*.json"))
    assert 2 <= len(kept) < 64
    manifest = json.loads((out / "_census.json").read_text())
    assert manifest["complete"] is False
    assert not (out / "census.parquet").exists()
    resumed = run_census(9, out, min_n=9, parts=64, workers=1)
    assert int(resumed[resumed.rule == "open"].connected.sum()) == CONNECTED_GRAPHS[9]


def test_a_part_of_another_census_is_recomputed(tmp_path: Path) -> None:
    fresh = run_census(7, tmp_path / "fresh", moduli=(2,), rules=("closed",), workers=1)
    run_census(7, tmp_path / "other", moduli=(3,), rules=("open",), workers=1)
    out = tmp_path / "out"
    run_census(7, out, moduli=(2,), rules=("closed",), workers=1)
    name = "n7-00000of00001.json"
    shutil.copy(tmp_path / "other" / "parts" / name, out / "parts" / name)
    with pytest.warns(UserWarning, match=f"{name}' is counted with other settings"):
        again = run_census(7, out, moduli=(2,), rules=("closed",), workers=1)
    pd.testing.assert_frame_equal(again, fresh)
    row = again[(again.n == 7) & (again.nullity == 0)]
    assert int(row.graphs.sum()) == 339  # every board solvable: 339 of the 1044 graphs
    record = json.loads((out / "parts" / name).read_text())
    assert record["settings"] == {"rules": ["closed"], "moduli": [2], "connected_only": False}


def test_the_lock_file_goes_with_the_run_and_a_stale_one_is_taken_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run_census(3, tmp_path, workers=1)
    assert not (tmp_path / "_census.lock").exists()
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    (tmp_path / "_census.lock").write_text(str(dead.pid))  # as a killed run leaves it
    assert run_census(3, tmp_path, workers=1).graphs.sum() == 2 * 7
    assert f"taking over the lock of process {dead.pid}" in capsys.readouterr().err
    assert not (tmp_path / "_census.lock").exists()


def test_parts_are_capped_at_the_number_of_graphs(tmp_path: Path) -> None:
    with pytest.raises(SweepSpecError, match=r"'parts' must be an int in 1\.\.34 for n = 5"):
        run_census(5, tmp_path, parts=99999, workers=1)
    with pytest.raises(SweepSpecError, match=r"1\.\.21 for n = 5 \(there are 21 connected"):
        run_census(5, tmp_path, parts=22, connected_only=True, workers=1)
    assert not (tmp_path / "parts").exists()
    summary = run_census(4, tmp_path, parts=11, workers=1)  # one graph per part
    assert len(list((tmp_path / "parts").glob("n4-*"))) == 11
    assert summary[summary.n == 4].graphs.sum() == 2 * GRAPHS[4]


def test_a_census_without_geng_speaks_of_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(MissingDependencyError, match=r"^A census needs nauty's geng"):
        run_census(3, tmp_path / "c", workers=1)


#: The examples these functions showed in their docstrings, run as doctests.
EXAMPLES = {
    "default_parts": """
>>> [default_parts(n) for n in (5, 9, 10, 11)]
[1, 1, 64, 512]
""",
    "CensusPart": """
>>> CensusPart(11, 12, 512).name
'n11-00012of00512.json'
""",
    "CensusPart.name": """
>>> CensusPart(9, 3, 40).name, CensusPart(5, 0, 1).name
('n9-00003of00040.json', 'n5-00000of00001.json')
""",
    "plan_parts": """
>>> [p.name for p in plan_parts([3, 4], {3: 1, 4: 2})]
['n4-00000of00002.json', 'n4-00001of00002.json', 'n3-00000of00001.json']
""",
    "count_part": """
>>> from lightsout_graphs.interfaces.sweep.streams import find_geng
>>> got = count_part(CensusPart(4, 0, 1), False, (2,), ("closed",), find_geng())
>>> got["graphs"], sum(c[-1] for c in got["counts"] if c[2] == 1)
(11, 6)
""",
}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_examples(name: str) -> None:
    run_examples("lightsout_graphs.interfaces.sweep.census", name, EXAMPLES[name])
