"""The census result folder: checksums, verified parts, one run at a time, resumption."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from lightsout_graphs.core.errors import SweepSpecError
from lightsout_graphs.interfaces.sweep.census import CensusPart
from lightsout_graphs.interfaces.sweep.census_store import MANIFEST, SUMMARY, CensusStore, checksum
from tests.interfaces.sweep.examples import run_examples

SETTINGS = {"max_n": 4}


def test_checksum_covers_keys_settings_and_counts_only() -> None:
    record = {"n": 4, "res": 1, "mod": 2, "graphs": 11, "counts": [[0, 3], [1, 8]]}
    assert checksum(record) == checksum({**record, "seconds": 9.5, "sha256": "x"})
    assert checksum(record) != checksum({**record, "graphs": 12})
    assert checksum(record) != checksum({**record, "counts": [[0, 8], [1, 3]]})
    assert checksum(record) != checksum({**record, "res": 0})
    assert checksum(record) != checksum({**record, "settings": {"moduli": [3]}})


def test_parts_written_are_verified_and_damaged_ones_dropped(tmp_path: Path) -> None:
    store = CensusStore(tmp_path, SETTINGS, overwrite=False)
    good, bad, other = CensusPart(4, 0, 2), CensusPart(4, 1, 2), CensusPart(3, 0, 1)
    record = store.write_part(good, {"graphs": 5, "counts": [[0, 5]]})
    assert record["sha256"] == checksum(record)
    store.write_part(bad, {"graphs": 6, "counts": [[0, 6]]})
    damaged = tmp_path / "parts" / bad.name
    data = json.loads(damaged.read_text(encoding="utf-8"))
    damaged.write_text(json.dumps({**data, "graphs": 7}), encoding="utf-8")
    store.write_part(other, {"graphs": 1, "counts": []})
    with pytest.warns(UserWarning) as caught:
        found = store.verified([good, bad])
    assert list(found) == [good]
    assert found[good]["graphs"] == 5
    messages = " ".join(str(w.message) for w in caught)
    assert "damaged" in messages and "not a part of this census" in messages
    assert not damaged.exists()  # recomputed next time
    assert (tmp_path / "parts" / other.name).exists()  # a stranger is left alone
    store.close()


def test_one_run_at_a_time_and_the_same_census_resumes(tmp_path: Path) -> None:
    store = CensusStore(tmp_path, SETTINGS, overwrite=False)
    part = CensusPart(4, 0, 1)
    store.write_part(part, {"graphs": 5, "counts": []})
    with pytest.raises(SweepSpecError, match="in use by another run"):
        CensusStore(tmp_path, SETTINGS, overwrite=False)
    store.close()
    again = CensusStore(tmp_path, SETTINGS, overwrite=False)
    assert list(again.verified([part])) == [part]
    assert len(again.manifest["runs"]) == 2
    again.close()


def test_a_different_census_needs_overwrite(tmp_path: Path) -> None:
    store = CensusStore(tmp_path, SETTINGS, overwrite=False)
    store.write_part(CensusPart(4, 0, 1), {"graphs": 5, "counts": []})
    store.close()
    with pytest.raises(SweepSpecError, match="holds a different census"):
        CensusStore(tmp_path, {"max_n": 5}, overwrite=False)
    fresh = CensusStore(tmp_path, {"max_n": 5}, overwrite=True)
    assert list((tmp_path / "parts").iterdir()) == []
    assert fresh.manifest["settings"] == {"max_n": 5}
    fresh.close()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[]", "it holds an array, not an object"),
        ("42", "it holds a number, not an object"),
        ('{"runs": []}', "it has no 'settings' object"),
        ('{"settings": {"max_n": 4}, "runs": 5}', "its 'runs' should be a list"),
        ("{not json", "unreadable"),
    ],
)
def test_a_damaged_manifest_is_named_and_needs_overwrite(
    tmp_path: Path, text: str, problem: str
) -> None:
    CensusStore(tmp_path, SETTINGS, overwrite=False).close()
    (tmp_path / MANIFEST).write_text(text, encoding="utf-8")
    with pytest.raises(SweepSpecError, match=f"damaged _census.json \\({problem}"):
        CensusStore(tmp_path, SETTINGS, overwrite=False)
    fresh = CensusStore(tmp_path, SETTINGS, overwrite=True)
    assert fresh.manifest["settings"] == SETTINGS
    assert len(fresh.manifest["runs"]) == 1
    fresh.close()


def test_a_file_is_not_a_folder(tmp_path: Path) -> None:
    f = tmp_path / "out"
    f.write_text("", encoding="utf-8")
    with pytest.raises(SweepSpecError, match="which is a file, not a folder"):
        CensusStore(f, SETTINGS, overwrite=False)


def test_finish_writes_the_summary_and_marks_the_manifest(tmp_path: Path) -> None:
    store = CensusStore(tmp_path, SETTINGS, overwrite=False)
    summary = pd.DataFrame({"n": [3, 4], "graphs": [4, 11]})
    store.finish(summary, 1.26)
    store.close()
    assert pd.read_parquet(tmp_path / SUMMARY).equals(summary)
    manifest = json.loads((tmp_path / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["complete"] is True
    assert manifest["settings"] == SETTINGS
    assert manifest["runs"][-1]["seconds"] == 1.3
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("_tmp-")]


#: The examples these functions showed in their docstrings, run as doctests.
EXAMPLES = {
    "checksum": """
>>> record = {"n": 3, "res": 0, "mod": 1, "graphs": 4, "counts": [], "settings": {}}
>>> checksum(record) == checksum({**record, "seconds": 0.5})
True
>>> checksum(record) == checksum({**record, "settings": {"moduli": [3]}})
False
>>> len(checksum(record))
64
""",
    "CensusStore": """
>>> import tempfile
>>> store = CensusStore(Path(tempfile.mkdtemp()), {"max_n": 3}, overwrite=False)
>>> store.verified([])
{}
>>> store.close()
""",
    "CensusStore.close": """
>>> import tempfile
>>> from lightsout_graphs.interfaces.sweep.census import CensusPart
>>> store = CensusStore(Path(tempfile.mkdtemp()), {"max_n": 3}, overwrite=False)
>>> store.close()
""",
    "CensusStore.verified": """
>>> import tempfile
>>> from lightsout_graphs.interfaces.sweep.census import CensusPart
>>> store = CensusStore(Path(tempfile.mkdtemp()), {"max_n": 3}, overwrite=False)
>>> part = CensusPart(3, 0, 1)
>>> _ = store.write_part(part, {"graphs": 4, "counts": []})
>>> store.verified([part])[part]["graphs"]
4
>>> store.close()
""",
    "CensusStore.write_part": """
>>> import tempfile
>>> from lightsout_graphs.interfaces.sweep.census import CensusPart
>>> store = CensusStore(Path(tempfile.mkdtemp()), {"max_n": 3}, overwrite=False)
>>> record = store.write_part(CensusPart(3, 0, 1), {"graphs": 4, "counts": []})
>>> (
...     record["sha256"] == checksum(record),
...     (store.path / "parts" / "n3-00000of00001.json").is_file(),
... )
(True, True)
>>> store.close()
""",
    "CensusStore.finish": """
>>> import pandas as pd
>>> import tempfile
>>> from lightsout_graphs.interfaces.sweep.census import CensusPart
>>> store = CensusStore(Path(tempfile.mkdtemp()), {"max_n": 3}, overwrite=False)
>>> store.finish(pd.DataFrame({"n": [3], "graphs": [4]}), 0.25)
>>> store.manifest["complete"], (store.path / SUMMARY).is_file()
(True, True)
>>> store.close()
""",
}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_examples(name: str) -> None:
    run_examples("lightsout_graphs.interfaces.sweep.census_store", name, EXAMPLES[name])
