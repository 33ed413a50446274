"""The result folder: manifest, refusal of another sweep, atomic chunk files, pandas reads it."""

from __future__ import annotations

import json
import os
import re
import shutil
import warnings
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest

import lightsout_graphs as lo
from lightsout_graphs.core.errors import SweepSpecError
from lightsout_graphs.interfaces.sweep import load_spec, read_results, run
from lightsout_graphs.interfaces.sweep.store import LEDGER, MANIFEST, ResultStore, results_state
from tests.interfaces.sweep.examples import run_examples

SPEC = {
    "family": "grid",
    "params": {"m": "1..4", "n": "2..3"},
    "moduli": [2, 3],
    "metrics": ["nullity", "kernel_size", "all_solvable"],
    "chunk_size": 3,
}


def test_manifest_records_the_spec_and_the_library_version(tmp_path: Path) -> None:
    out = run(SPEC, tmp_path / "res", workers=1, progress=False)
    manifest = json.loads((out / MANIFEST).read_text())
    assert manifest["spec"] == load_spec(SPEC).to_dict()
    assert manifest["library_version"] == lo.__version__
    assert manifest["complete"] is True
    assert manifest["total_chunks"] == 3
    assert manifest["rows"] == 16
    assert sorted(p.name for p in out.glob("chunk-*")) == [
        "chunk-00000000.parquet",
        "chunk-00000001.parquet",
        "chunk-00000002.parquet",
    ]


def test_pandas_reads_the_whole_folder_and_ignores_the_rest(tmp_path: Path) -> None:
    out = run(SPEC, tmp_path / "res", workers=1, progress=False)
    # Leftovers of a killed writer and the plots folder must not confuse Parquet readers.
    (out / "_tmp-chunk-00000009.parquet.123").write_bytes(b"half a file")
    lo.sweep.report(out, metrics=["nullity"])
    table = pd.read_parquet(out)
    ours = read_results(out)
    assert len(table) == len(ours) == 16
    assert list(table.columns) == ["m", "n", "modulus", "rule", *SPEC["metrics"]]
    pd.testing.assert_frame_equal(
        table.reset_index(drop=True), ours, check_dtype=False, check_index_type=False
    )


def test_a_different_spec_is_refused_unless_overwrite(tmp_path: Path) -> None:
    out = run(SPEC, tmp_path / "res", workers=1, progress=False)
    other = {**SPEC, "moduli": [2]}
    with pytest.raises(SweepSpecError, match=r"holds a different sweep \(spec\.moduli: \[2, 3\]"):
        run(other, out, workers=1, progress=False)
    assert len(read_results(out)) == 16  # untouched
    run(other, out, workers=1, progress=False, overwrite=True)
    table = read_results(out)
    assert len(table) == 8
    assert set(table.modulus) == {2}


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[]", "it holds an array, not an object"),
        ("null", "it holds null, not an object"),
        ('{"format": 1}', "it has no 'spec' object"),
        ('{"format": 1, "spec": []}', "it has no 'spec' object"),
        ('{"format": 7, "spec": {}}', "its format is 7, not 1"),
        ('{"format": 1, "spec": {}, "chunks": 3}', "its 'chunks' should be a dict"),
    ],
)
def test_a_damaged_manifest_is_named_by_readers_and_by_a_rerun(
    tmp_path: Path, text: str, problem: str
) -> None:
    out = run(SPEC, tmp_path / "res", workers=1, progress=False)
    (out / MANIFEST).write_text(text, encoding="utf-8")
    said = f"has a damaged _manifest.json.{{1,3}}{re.escape(problem)}"
    for read in (read_results, results_state, lo.sweep.report):
        with pytest.raises(SweepSpecError, match=said):
            read(out)
    with pytest.raises(SweepSpecError, match=said + ".*--overwrite"):
        run(SPEC, out, workers=1, progress=False)
    run(SPEC, out, workers=1, progress=False, overwrite=True)
    assert len(read_results(out)) == 16


def test_an_edited_graph6_input_is_a_different_sweep(tmp_path: Path) -> None:
    data = tmp_path / "g.g6"
    data.write_bytes(b"Bw\nA_\n")
    spec = {"graph6": str(data), "metrics": ["nullity"]}
    out = run(spec, tmp_path / "res", workers=1, progress=False)
    data.write_bytes(b"Bw\nA?\n")
    with pytest.raises(SweepSpecError, match="inputs"):
        run(spec, out, workers=1, progress=False)


def test_folders_that_hold_something_else_are_refused(tmp_path: Path) -> None:
    folder = tmp_path / "busy"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    with pytest.raises(SweepSpecError, match="not empty and holds no sweep manifest"):
        run(SPEC, folder, workers=1, progress=False)
    afile = tmp_path / "file"
    afile.write_text("x")
    with pytest.raises(SweepSpecError, match="which is a file"):
        ResultStore(afile, load_spec(SPEC))
    with pytest.raises(SweepSpecError, match="holds no sweep"):
        read_results(tmp_path)


def test_stale_temporary_files_are_removed_on_resume(tmp_path: Path) -> None:
    out = tmp_path / "res"
    ResultStore(out, load_spec(SPEC)).close()
    stale = out / "_tmp-chunk-00000001.parquet.999"
    stale.write_bytes(b"partial")
    store = ResultStore(out, load_spec(SPEC))
    assert not stale.exists()
    assert store.finished_chunks() == set()
    store.close()


def test_resuming_with_another_library_version_is_recorded(tmp_path: Path) -> None:
    out = run(SPEC, tmp_path / "res", workers=1, progress=False)
    manifest = json.loads((out / MANIFEST).read_text())
    manifest["library_version"] = "0.0.1"
    (out / MANIFEST).write_text(json.dumps(manifest))
    run(SPEC, out, workers=1, progress=False)
    again = json.loads((out / MANIFEST).read_text())
    assert again["library_version"] == "0.0.1"
    assert again["resumed_with"] == [lo.__version__]


def test_a_run_holding_the_folder_keeps_its_lock_against_overwrite(tmp_path: Path) -> None:
    out = tmp_path / "res"
    first = ResultStore(out, load_spec(SPEC))  # a new folder: the store clears it first
    assert (out / "_sweep.lock").exists()
    other = {**SPEC, "moduli": [5]}
    with pytest.raises(SweepSpecError, match="in use by another run"):
        run(other, out, workers=1, overwrite=True, progress=False)
    with pytest.raises(SweepSpecError, match="in use by another run"):
        ResultStore(out, load_spec(SPEC))
    first.close()
    assert not (out / "_sweep.lock").exists()
    run(other, out, workers=1, overwrite=True, progress=False)
    assert not (out / "_sweep.lock").exists()


def _kill_at_rename(monkeypatch: pytest.MonkeyPatch, when: str, after: int) -> None:
    """Make the chunk rename number ``after`` end the run, before or after it renames."""
    import lightsout_graphs.interfaces.sweep.store as store_module

    real = os.replace
    seen = {"n": 0}

    def replace(src: object, dst: object) -> None:
        if Path(str(dst)).name.startswith("chunk-"):
            seen["n"] += 1
            if seen["n"] == after:
                if when == "after":
                    real(src, dst)  # type: ignore[arg-type]
                raise KeyboardInterrupt
        real(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(store_module.os, "replace", replace)


@pytest.mark.parametrize("when", ["before", "after"])
def test_a_run_killed_at_a_chunk_rename_leaves_no_unknown_chunk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, when: str
) -> None:
    fresh = read_results(run(SPEC, tmp_path / "fresh", workers=1, progress=False))
    out = tmp_path / "killed"
    with monkeypatch.context() as m:
        _kill_at_rename(m, when, after=2)
        with pytest.raises(KeyboardInterrupt):
            run(SPEC, out, workers=1, progress=False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # every chunk file on disk is a verified one
        partial = read_results(out)
    stored = sorted(p.name for p in out.glob("chunk-*"))
    assert len(stored) == (2 if when == "after" else 1)
    assert len(partial) == sum(pq.ParquetFile(out / name).metadata.num_rows for name in stored)
    assert not list(out.glob("_tmp-*")) or when == "before"
    run(SPEC, out, workers=1, progress=False)
    pd.testing.assert_frame_equal(read_results(out), fresh)


def test_a_chunk_of_another_sweep_is_not_taken_even_with_its_ledger_line(tmp_path: Path) -> None:
    out = run(SPEC, tmp_path / "res", workers=1, progress=False)
    fresh = read_results(out)
    other = run({**SPEC, "moduli": [5, 7]}, tmp_path / "other", workers=1, progress=False)
    shutil.copy(other / "chunk-00000001.parquet", out / "chunk-00000001.parquet")
    line = (other / LEDGER).read_text().splitlines()[1]
    with open(out / LEDGER, "a") as fh:
        fh.write(line + "\n")
    with pytest.warns(UserWarning) as caught:
        partial = read_results(out)
    said = " ".join(str(w.message) for w in caught)
    assert "chunk-00000001.parquet', not a verified chunk" in said
    assert "chunk 1 of 3 missing" in said
    assert set(partial.modulus) == {2, 3}
    assert results_state(out)["missing"] == [1]
    with pytest.warns(UserWarning, match="damaged or foreign; recomputing"):
        run(SPEC, out, workers=1, progress=False)
    pd.testing.assert_frame_equal(read_results(out), fresh)


def test_a_lost_chunk_is_reported_missing_and_the_rerun_fills_it_in(tmp_path: Path) -> None:
    out = run(SPEC, tmp_path / "res", workers=1, progress=False)
    fresh = read_results(out)
    assert fresh.attrs == {"complete": True, "missing_chunks": []}
    (out / "chunk-00000001.parquet").unlink()
    state = results_state(out)
    assert not state["complete"] and state["missing"] == [1]
    assert state["rows"] < state["expected_rows"] == 16
    assert "chunk 1 of 3 missing" in state["text"]
    with pytest.warns(UserWarning, match=r"incomplete: \d+ of 16 rows; chunk 1 of 3 missing"):
        short = read_results(out)
    assert short.attrs == {"complete": False, "missing_chunks": [1]}
    assert len(short) == state["rows"]
    run(SPEC, out, workers=1, progress=False)
    assert results_state(out)["complete"]
    pd.testing.assert_frame_equal(read_results(out), fresh)


def test_a_lost_ledger_loses_nothing_of_a_finished_sweep(tmp_path: Path) -> None:
    out = run(SPEC, tmp_path / "res", workers=1, progress=False)
    fresh = read_results(out)
    (out / LEDGER).unlink()
    assert results_state(out)["text"] == "complete: 16 rows in 3 chunks"
    pd.testing.assert_frame_equal(read_results(out), fresh)
    (out / "chunk-00000002.parquet").unlink()  # and now a chunk as well
    assert results_state(out)["missing"] == [2]
    run(SPEC, out, workers=1, progress=False)
    pd.testing.assert_frame_equal(read_results(out), fresh)
    assert results_state(out)["complete"]


def test_a_lost_ledger_of_an_unfinished_sweep_recomputes_its_chunks(tmp_path: Path) -> None:
    out = tmp_path / "res"
    store = ResultStore(out, load_spec(SPEC), total_chunks=3)
    from lightsout_graphs.interfaces.sweep.work import Chunk, run_chunk

    store.write_chunk(0, run_chunk(store.spec, Chunk(0, 0, 3)), (0, 3))
    store.close()
    (out / LEDGER).unlink()
    state = results_state(out)
    assert state["missing"] == [0, 1, 2]
    assert state["text"] == (
        "incomplete: 0 rows; chunks 0-2 of 3 missing (run the same sweep again to compute them)"
    )
    with pytest.warns(UserWarning, match="damaged or foreign"):
        run(SPEC, out, workers=1, progress=False)
    assert results_state(out)["complete"]


#: The examples these functions showed in their docstrings, run as doctests.
EXAMPLES = {
    "ResultStore": """
>>> import tempfile
>>> from lightsout_graphs.interfaces.sweep import load_spec
>>> spec = load_spec({"family": "grid", "params": {"m": 2, "n": 2}, "metrics": ["edges"]})
>>> store = ResultStore(tempfile.mkdtemp(), spec)
>>> store.finished_chunks()
set()
""",
    "ResultStore.close": """
>>> import tempfile
>>> from lightsout_graphs.interfaces.sweep import load_spec
>>> spec = load_spec({"family": "path", "params": {"n": 3}, "metrics": ["edges"]})
>>> store = ResultStore(tempfile.mkdtemp(), spec)
>>> store.close()
>>> ResultStore(store.path, spec).close()  # another run may open the folder now
""",
    "ResultStore.chunk_path": """
>>> import tempfile
>>> from lightsout_graphs.interfaces.sweep import load_spec
>>> spec = load_spec({"family": "path", "params": {"n": 3}, "metrics": ["edges"]})
>>> store = ResultStore(tempfile.mkdtemp(), spec)
>>> store.chunk_path(12).name
'chunk-00000012.parquet'
>>> store.close()
""",
    "ResultStore.finished_chunks": """
>>> import tempfile
>>> from lightsout_graphs.interfaces.sweep import load_spec, run
>>> spec = load_spec({"family": "path", "params": {"n": "1..3"}, "metrics": ["edges"]})
>>> store = ResultStore(run(spec, tempfile.mkdtemp(), workers=1), spec)
>>> store.finished_chunks(total=1)
{0}
>>> store.close()
""",
    "ResultStore.write_chunk": """
>>> import pyarrow as pa
>>> import tempfile
>>> from lightsout_graphs.interfaces.sweep import load_spec
>>> spec = load_spec({"family": "path", "params": {"n": 3}, "metrics": ["edges"]})
>>> store = ResultStore(tempfile.mkdtemp(), spec)
>>> store.write_chunk(0, pa.table({"n": [3], "edges": [2]}), keys=(0, 1))
>>> sorted(p.name for p in store.path.glob("chunk-*"))
['chunk-00000000.parquet']
>>> store.close()
""",
    "ResultStore.mark_complete": """
>>> import tempfile
>>> from lightsout_graphs.interfaces.sweep import load_spec
>>> from lightsout_graphs.interfaces.sweep.work import Chunk, run_chunk
>>> spec = load_spec({"family": "cycle", "params": {"n": 5}, "metrics": ["nullity"]})
>>> store = ResultStore(tempfile.mkdtemp(), spec)
>>> store.write_chunk(0, run_chunk(spec, Chunk(0, 0, 1)))
>>> store.mark_complete(total_chunks=1, rows=1)
>>> read_manifest(store.path)["complete"]
True
>>> store.close()
""",
}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_examples(name: str) -> None:
    run_examples("lightsout_graphs.interfaces.sweep.store", name, EXAMPLES[name])
