"""The result folder of a census: manifest, lock, checksummed part files, summary.

Each part file carries the settings it was counted with (rules, moduli, connected-only, n and
its ``res/mod``), under its checksum; a part whose settings differ from the census's is
computed again, so parts of different censuses never mix.
"""

from __future__ import annotations

import datetime as _dt
import functools
import hashlib
import json
import os
import secrets
import warnings
from dataclasses import astuple
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lightsout_graphs.core.errors import SweepSpecError
from lightsout_graphs.core.zk import is_prime
from lightsout_graphs.interfaces.sweep.files import _Folder, atomic_write, shape_problem

if TYPE_CHECKING:
    from lightsout_graphs.interfaces.sweep.census import CensusPart

__all__ = ["MANIFEST", "SUMMARY", "is_prime"]

MANIFEST = "_census.json"
SUMMARY = "census.parquet"
LOCK = "_census.lock"
#: The census settings a part's counts depend on (besides its n, res and mod).
PART_SETTINGS = ("rules", "moduli", "connected_only")


def checksum(record: dict[str, Any]) -> str:
    """SHA-256 of a part record's counted content (its keys, settings and counts).

    Other keys of the record (timings, for example) do not change it.
    """
    body = {k: record[k] for k in ("n", "res", "mod", "graphs", "counts")}
    body["settings"] = record.get("settings")
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


class CensusStore(_Folder):
    """A census result folder opened for one run: manifest, lock, verified part files.

    Raises
    ------
    SweepSpecError
        ``out`` is a file, is in use by another live run ("in use by another run"), or holds
        a different census. A lock left by a run that no longer exists is taken over (said
        on stderr); the lock file is removed when the run ends.
    """

    def __init__(self, out: Path, settings: dict[str, Any], overwrite: bool) -> None:
        self.settings, self._overwrite = settings, overwrite
        self.part_settings = {k: settings.get(k) for k in PART_SETTINGS}
        self.run_tag = f"{os.getpid()}-{secrets.token_hex(4)}"
        super().__init__(out, LOCK, "census")

    def _open(self) -> None:
        from lightsout_graphs import __version__

        out, settings = self.path, self.settings
        (out / "parts").mkdir(exist_ok=True)
        problem = functools.partial(shape_problem, required="settings", kinds={"runs": list})
        old = self._old_manifest(MANIFEST, problem, self._overwrite, "--overwrite")
        if old is not None and old.get("settings") != settings:
            if not self._overwrite:
                msg = (
                    f"Result folder {str(out)!r} holds a different census "
                    f"({old.get('settings')!r}); use another folder or --overwrite."
                )
                raise SweepSpecError(msg)
            for p in (out / "parts").glob("*.json"):
                p.unlink()
            (out / SUMMARY).unlink(missing_ok=True)
            old = {}
        self.manifest = old or {}
        for p in (out / "parts").glob("_tmp-*"):  # leftovers of killed runs (not ours)
            p.unlink(missing_ok=True)
        now = _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")
        self.manifest.setdefault("created", now)
        self.manifest.update(settings=settings, library_version=__version__, complete=False)
        self.manifest.setdefault("runs", []).append({"started": now})
        self._write_manifest()

    def close(self) -> None:
        """Release the folder's lock (the run is over)."""
        self._lock.release()

    def _write_manifest(self) -> None:
        atomic_write(
            self.path / MANIFEST, json.dumps(self.manifest, indent=2).encode(), self.run_tag
        )

    def verified(self, wanted: list[CensusPart]) -> dict[CensusPart, dict[str, Any]]:
        """The finished parts whose files check out; others are recomputed or ignored."""
        names = {p.name: p for p in wanted}
        out: dict[CensusPart, dict[str, Any]] = {}
        for f in sorted((self.path / "parts").iterdir()):
            if f.name.startswith("_tmp-"):
                continue
            part = names.get(f.name)
            if part is None:
                warnings.warn(
                    f"census: ignoring {str(f)!r}, not a part of this census", stacklevel=2
                )
                continue
            try:
                record = json.loads(f.read_text(encoding="utf-8"))
                keys = (record["n"], record["res"], record["mod"])
                good = keys == astuple(part) and record["sha256"] == checksum(record)
                same = good and record["settings"] == self.part_settings
            except (OSError, ValueError, KeyError, TypeError):
                good = same = False
            if same:
                out[part] = record
            else:
                why = "counted with other settings" if good else "damaged"
                warnings.warn(f"census: {str(f)!r} is {why}; recomputing it", stacklevel=2)
                f.unlink(missing_ok=True)
        return out

    def write_part(self, part: CensusPart, result: dict[str, Any]) -> dict[str, Any]:
        """Store one finished part with its checksum and return the record written."""
        record = {"n": part.n, "res": part.res, "mod": part.mod, **result}
        record["settings"] = self.part_settings
        record["sha256"] = checksum(record)
        atomic_write(self.path / "parts" / part.name, json.dumps(record).encode(), self.run_tag)
        return record

    def finish(self, summary: Any, seconds: float) -> None:
        """Write the summary table and mark the census complete in its manifest."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        table, buf = pa.Table.from_pandas(summary, preserve_index=False), pa.BufferOutputStream()
        pq.write_table(table, buf)
        atomic_write(self.path / SUMMARY, buf.getvalue().to_pybytes(), self.run_tag)
        self.manifest["runs"][-1]["finished"] = _dt.datetime.now(_dt.UTC).isoformat(
            timespec="seconds"
        )
        self.manifest["runs"][-1]["seconds"] = round(seconds, 1)
        self.manifest["complete"] = True
        self._write_manifest()
