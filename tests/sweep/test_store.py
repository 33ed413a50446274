"""The result folder: manifest, refusal of another sweep, atomic chunk files, pandas reads it."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

import lightsout_graphs as lo
from lightsout_graphs.errors import SweepSpecError
from lightsout_graphs.sweep import load_spec, read_results, run
from lightsout_graphs.sweep.store import MANIFEST, ResultStore

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
