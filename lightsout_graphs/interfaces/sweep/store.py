"""Durable sweep results: a Parquet dataset folder with one file per finished chunk.

Layout of a result folder ``DIR``::

    DIR/_manifest.json            the spec, the input fingerprints, the library version
    DIR/chunk-00000000.parquet    rows of chunk 0 (a file is whole or absent)
    DIR/chunk-00000001.parquet    ...
    DIR/_chunks.jsonl             the ledger: each finished chunk's rows, keys, size, SHA-256
    DIR/_sweep.lock               held by the running sweep (a second run on DIR is refused)

Chunk files are written under a temporary name starting with ``_`` (unique to the run), synced,
entered in the ledger, and only then renamed with :func:`os.replace`: a killed run leaves no
half file and no chunk file the ledger does not know (at worst a ledger line whose file never
appeared, and that chunk is computed again). Each chunk file also carries, in its Parquet
metadata, the fingerprint of the sweep it belongs to (spec and inputs) and its chunk id. A
resumed run trusts only chunk files that match the ledger (size, SHA-256) and the sweep: damaged
or foreign ones are computed again. Once the sweep is complete the manifest keeps a copy of the
ledger, so a lost ledger loses nothing. :func:`results_state` compares what is stored with the
manifest and names the missing chunks; a re-run of the same sweep recomputes them.

Read the table with :func:`read_results`, which reads the verified chunk files only. A folder is
not safe to read whole with ``pandas.read_parquet(DIR)``: that reads every Parquet file in it,
also one copied there from elsewhere. :func:`results_state` (and ``sweep-report``) names the
files of a folder that are not part of its sweep.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import re
import warnings
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from lightsout_graphs.core.errors import SweepSpecError
from lightsout_graphs.interfaces.sweep.files import RUN_TAG, _Folder, atomic_write, shape_problem
from lightsout_graphs.interfaces.sweep.spec import SweepSpec

__all__ = ["MANIFEST", "read_manifest", "read_results", "results_state"]

#: The manifest's file name inside a result folder.
MANIFEST = "_manifest.json"
_FORMAT = 1
_CHUNK = re.compile(r"^chunk-(\d{8})\.parquet$")
_OWNED = re.compile(r"^(chunk-\d{8}\.parquet|_tmp-.*|_manifest\.json|_geng\.g6|_chunks\.jsonl)$")
#: The ledger of finished chunks: one JSON line per chunk (id, rows, keys, SHA-256).
LEDGER = "_chunks.jsonl"
LOCK = "_sweep.lock"
#: The names a sweep keeps in its folder besides its chunk files (``_plots``: sweep-report's).
_META_NAMES = frozenset({"_manifest.json", "_chunks.jsonl", "_sweep.lock", "_geng.g6", "_plots"})
#: The Parquet metadata key of a chunk file: its sweep's fingerprint, chunk id, keys and rows.
CHUNK_META = b"lightsout.chunk"


def _sha256(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _input_fingerprint(spec: SweepSpec) -> list[dict[str, Any]]:
    """Size and SHA-256 of each graph6 input, so edited inputs are not resumed silently."""
    return [{"path": p, "size": os.path.getsize(p), "sha256": _sha256(p)} for p in spec.graph6]


def _fingerprint(manifest: dict[str, Any]) -> str:
    """SHA-256 of what a sweep computes (spec and inputs): stamped into each of its chunks."""
    body = {"spec": manifest.get("spec"), "inputs": manifest.get("inputs")}
    return hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode()).hexdigest()


def _engines(spec: SweepSpec) -> dict[str, dict[str, str]]:
    from lightsout_graphs.interfaces.sweep.engines import column_engines

    return column_engines(spec)


def _first_difference(old: Any, new: Any, where: str = "") -> str:
    if isinstance(old, dict) and isinstance(new, dict):
        for key in sorted(set(old) | set(new)):
            if old.get(key) != new.get(key):
                return _first_difference(old.get(key), new.get(key), f"{where}{key}.")
    return f"{where.rstrip('.') or 'spec'}: {old!r} there, {new!r} now"


class ResultStore(_Folder):
    """A result folder opened for one sweep: checks the manifest, lists and writes chunks.

    Parameters
    ----------
    out : path
        The folder (created when missing).
    spec : SweepSpec
    overwrite : bool, default False
        Discard the results of a different sweep in ``out`` instead of refusing.
    total_chunks : int, optional
        How many chunks the sweep has (recorded in the manifest, so that a report of an
        unfinished sweep can name the missing ones).

    Raises
    ------
    SweepSpecError
        When ``out`` holds a different sweep (the message names the first key that differs),
        or is a non-empty folder without a manifest, and ``overwrite`` is False; or when
        another live run holds the folder ("in use by another run"), with or without
        ``overwrite``. A lock left by a run that no longer exists is taken over (said on stderr).
    """

    def __init__(
        self,
        out: str | os.PathLike[str],
        spec: SweepSpec,
        *,
        overwrite: bool = False,
        total_chunks: int | None = None,
    ):
        self.spec = spec
        self._overwrite, self._total = overwrite, total_chunks
        super().__init__(out, LOCK, "sweep")

    def _open(self) -> None:
        from lightsout_graphs import __version__

        spec, overwrite = self.spec, self._overwrite
        self.manifest: dict[str, Any] = {
            "format": _FORMAT,
            "spec": spec.to_dict(),
            "inputs": _input_fingerprint(spec),
            "library_version": __version__,
            "created": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
            "columns": [f"{f.name}:{f.type}" for f in self._schema()],
            "engines": _engines(spec),
            "complete": False,
        }
        new = self.manifest
        old = self._old_manifest(
            MANIFEST, _manifest_problem, overwrite, "overwrite=True (--overwrite)"
        )
        if old is None:
            others = [p.name for p in self.path.iterdir() if p.name != LOCK]
            if others and not overwrite:
                msg = (
                    f"Result folder {str(self.path)!r} is not empty and holds no sweep manifest "
                    f"(found {min(others)!r}); use an empty folder or --overwrite."
                )
                raise SweepSpecError(msg)
            self._clear()
        elif old.get("spec") == new["spec"] and old.get("inputs") == new["inputs"]:
            new["created"] = old.get("created", new["created"])
            new["complete"] = bool(old.get("complete", False))
            # a finished sweep run again keeps its record
            new.update(
                {k: old[k] for k in ("total_chunks", "rows", "finished", "chunks") if k in old}
            )
            first = new["library_version"] = old.get("library_version", __version__)
            later = set(old.get("resumed_with", [])) | ({__version__} - {first})
            if later:
                new["resumed_with"] = sorted(later)
        elif not overwrite:
            from lightsout_graphs.interfaces.sweep.plugins import code_change

            old_spec = old.get("spec") if isinstance(old.get("spec"), dict) else {}
            diff = code_change(old_spec.get("code"), new["spec"].get("code"))
            diff = diff or _first_difference(
                {"spec": old.get("spec"), "inputs": old.get("inputs")},
                {"spec": new["spec"], "inputs": new["inputs"]},
            )
            msg = (
                f"Result folder {str(self.path)!r} holds a different sweep ({diff}); "
                "use another folder or overwrite=True (--overwrite) to discard it."
            )
            raise SweepSpecError(msg)
        else:
            self._clear()
        # Leftovers of a killed run: temporary files that were never renamed.
        for p in self.path.glob("_tmp-*"):
            p.unlink(missing_ok=True)
        if self._total is not None:
            self.manifest["total_chunks"] = self._total
        self.fingerprint = _fingerprint(self.manifest)
        atomic_write(self.path / MANIFEST, json.dumps(self.manifest, indent=2).encode())

    def _schema(self) -> pa.Schema:
        from lightsout_graphs.interfaces.sweep.work import schema

        return schema(self.spec)

    def _clear(self) -> None:
        for p in self.path.iterdir():
            if _OWNED.match(p.name):
                p.unlink(missing_ok=True)

    def close(self) -> None:
        """Release the folder's lock (the run is over)."""
        self._lock.release()

    def chunk_path(self, chunk_id: int) -> Path:
        """The file of one chunk: ``chunk-NNNNNNNN.parquet`` (zero-padded, so names sort)."""
        return self.path / f"chunk-{chunk_id:08d}.parquet"

    def finished_chunks(self, total: int | None = None) -> set[int]:
        """The ids of the chunks whose file checks out against the ledger.

        A chunk file that is not in the ledger, whose size or SHA-256 differs (truncated,
        damaged), or whose metadata names another sweep or another chunk (copied), is removed
        with a warning so that it is computed again; a chunk file past ``total`` is ignored
        with a warning.
        """
        good, bad = _verified_chunks(self.path, {**self.manifest, "total_chunks": total})
        for p in bad:
            if total is not None and int(p.name[6:14]) >= total:
                warnings.warn(
                    f"sweep: ignoring {str(p)!r}, not a chunk of this sweep", stacklevel=2
                )
            else:
                warnings.warn(
                    f"sweep: {str(p)!r} is damaged or foreign; recomputing it", stacklevel=2
                )
                p.unlink(missing_ok=True)
        return set(good)

    def write_chunk(self, chunk_id: int, table: pa.Table, keys: tuple[int, int] = (0, 0)) -> None:
        """Write one chunk's rows and record them in the ledger, as one step.

        The rows go to a temporary file (stamped with the sweep's fingerprint and the chunk id
        in its Parquet metadata) that is synced, entered in the ledger, and then renamed into
        place: a chunk file never exists without its ledger entry.
        """
        final = self.chunk_path(chunk_id)
        tmp = final.with_name(f"_tmp-{final.name}.{RUN_TAG}")
        stamp = {"sweep": self.fingerprint, "chunk": chunk_id, "keys": list(keys)}
        stamp["rows"] = table.num_rows
        meta = dict(table.schema.metadata or {})
        meta[CHUNK_META] = json.dumps(stamp).encode()
        try:
            with open(tmp, "wb") as raw:
                pq.write_table(table.replace_schema_metadata(meta), raw)
                raw.flush()
                os.fsync(raw.fileno())
            entry = {**stamp, "size": os.path.getsize(tmp), "sha256": _sha256(str(tmp))}
            del entry["sweep"]
            # The ledger line first: a run killed before the rename leaves a line without a
            # file (the chunk is computed again), never a file without its line.
            line = (json.dumps(entry) + "\n").encode()
            fd = os.open(self.path / LEDGER, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                os.write(fd, line)
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(tmp, final)
        finally:
            tmp.unlink(missing_ok=True)

    def mark_complete(self, total_chunks: int, rows: int) -> None:
        """Record in the manifest that every chunk is done, with each chunk's checksum."""
        ledger = _known_chunks(self.path, self.manifest)
        self.manifest.update(
            complete=True,
            total_chunks=total_chunks,
            rows=rows,
            finished=_dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
            chunks={str(c): ledger[c] for c in range(total_chunks) if c in ledger},
        )
        atomic_write(self.path / MANIFEST, json.dumps(self.manifest, indent=2).encode())


def _read_ledger(folder: Path) -> dict[int, dict[str, Any]]:
    """The last ledger entry of each chunk (lines that do not parse are skipped)."""
    out: dict[int, dict[str, Any]] = {}
    try:
        text = (folder / LEDGER).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return out
    for line in text.splitlines():
        try:
            entry = json.loads(line)
            out[int(entry["chunk"])] = entry
        except (ValueError, KeyError, TypeError):
            continue
    return out


def _known_chunks(folder: Path, manifest: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The checksum of each chunk: from the ledger, else from the manifest's copy of it."""
    known: dict[int, dict[str, Any]] = {}
    chunks = manifest.get("chunks")
    if isinstance(chunks, dict):
        for key, entry in chunks.items():
            if isinstance(entry, dict) and str(key).isdigit():
                known[int(key)] = entry
    known.update(_read_ledger(folder))
    return known


def _chunk_stamp(path: Path) -> dict[str, Any] | None:
    """The sweep fingerprint and chunk id stamped into a chunk file (None: none or unreadable)."""
    try:
        meta = pq.read_metadata(path).metadata or {}
        stamp = json.loads(meta[CHUNK_META])
    except (OSError, ValueError, KeyError, TypeError, pa.ArrowException):
        return None
    return stamp if isinstance(stamp, dict) else None


def _verified(path: Path, entry: dict[str, Any] | None, fingerprint: str, chunk_id: int) -> bool:
    """Whether a chunk file is the one its ledger entry describes, of this sweep and chunk."""
    if entry is None:
        return False
    try:
        if os.path.getsize(path) != entry.get("size") or _sha256(str(path)) != entry.get("sha256"):
            return False
    except OSError:
        return False
    stamp = _chunk_stamp(path)
    return (
        stamp is not None and stamp.get("sweep") == fingerprint and stamp.get("chunk") == chunk_id
    )


def _verified_chunks(folder: Path, manifest: dict[str, Any]) -> tuple[dict[int, Path], list[Path]]:
    """The chunk files that check out, by chunk id, and those that do not."""
    known = _known_chunks(folder, manifest)
    fingerprint = _fingerprint(manifest)
    total = manifest.get("total_chunks")
    good: dict[int, Path] = {}
    bad: list[Path] = []
    for cid, p in _chunk_files(folder):
        if (isinstance(total, int) and cid >= total) or not _verified(
            p, known.get(cid), fingerprint, cid
        ):
            bad.append(p)
        else:
            good[cid] = p
    return good, bad


def _chunk_files(folder: Path) -> list[tuple[int, Path]]:
    """The chunk files in a folder, by chunk id."""
    return [(int(m[1]), p) for p in sorted(folder.iterdir()) if (m := _CHUNK.match(p.name))]


def _ranges(ids: list[int]) -> str:
    """Chunk ids as short text: ``0-2, 7``."""
    runs: list[list[int]] = []
    for cid in ids:
        if runs and runs[-1][1] == cid - 1:
            runs[-1][1] = cid
        else:
            runs.append([cid, cid])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


def results_state(out: str | os.PathLike[str]) -> dict[str, Any]:
    """What a result folder holds, compared with its manifest: complete, or what is missing.

    A sweep is complete when its manifest says it finished, every chunk file is there and
    checks out against the ledger (or the manifest's copy of it), and the rows add up to the
    manifest's row count. Running the same sweep again recomputes the missing chunks.

    Parameters
    ----------
    out : path
        A result folder written by :func:`lightsout_graphs.interfaces.sweep.run`.

    Returns
    -------
    dict
        ``complete`` (bool), ``total_chunks`` (None when not recorded), ``chunks`` (the
        verified chunk ids), ``missing`` (chunk ids without a verified file), ``rows`` (rows in
        verified chunks), ``expected_rows`` (None until the sweep finished), ``foreign`` (the
        names of files in ``out`` that are not part of the sweep: a chunk file that does not
        check out, anything copied there) and ``text``, one line saying the same.

    Raises
    ------
    SweepSpecError
        When ``out`` holds no sweep.

    Examples
    --------
    >>> import tempfile
    >>> from lightsout_graphs.interfaces.sweep import run
    >>> spec = {"family": "path", "params": {"n": "1..6"}, "metrics": ["edges"], "chunk_size": 2}
    >>> out = run(spec, tempfile.mkdtemp(), workers=1)
    >>> results_state(out)["text"]
    'complete: 6 rows in 3 chunks'
    >>> (out / "chunk-00000001.parquet").unlink()
    >>> results_state(out)["text"]
    'incomplete: 4 of 6 rows; chunk 1 of 3 missing (run the same sweep again to compute it)'
    >>> _ = (out / "notes.parquet").write_bytes(b"not mine")
    >>> results_state(out)["foreign"]
    ['notes.parquet']
    """
    manifest = read_manifest(out)
    good, _ = _verified_chunks(Path(out), manifest)
    return _state(manifest, good, _foreign(Path(out), manifest, good))


def _foreign(folder: Path, manifest: dict[str, Any], good: dict[int, Path]) -> list[str]:
    """The names in a result folder that are not part of its sweep (sorted).

    A chunk file of this sweep that does not check out (damaged, or its ledger entry lost) is
    the sweep's own, missing until recomputed; a chunk file stamped by another sweep, or past
    the last chunk, and every other file is foreign.
    """
    mine = {p.name for p in good.values()}
    fingerprint = _fingerprint(manifest)
    total = manifest.get("total_chunks")
    out = []
    for p in sorted(folder.iterdir()):
        if p.name in mine or p.name in _META_NAMES or p.name.startswith("_tmp-"):
            continue
        match = _CHUNK.match(p.name)
        if match and (not isinstance(total, int) or int(match[1]) < total):
            stamp = _chunk_stamp(p)
            if stamp is None or stamp.get("sweep") in (fingerprint, None):
                continue  # this sweep's chunk, or one too damaged to tell: counted missing
        out.append(p.name)
    return out


def _state(
    manifest: dict[str, Any], good: dict[int, Path], foreign: list[str] | None = None
) -> dict[str, Any]:
    total = manifest.get("total_chunks")
    total = total if isinstance(total, int) else None
    rows = 0
    for p in good.values():
        rows += pq.read_metadata(p).num_rows
    expected = manifest.get("rows") if manifest.get("complete") else None
    missing = [c for c in range(total) if c not in good] if total is not None else []
    complete = (
        bool(manifest.get("complete"))
        and total is not None
        and not missing
        and isinstance(expected, int)
        and rows == expected
    )
    if complete:
        chunks = "chunk" if total == 1 else "chunks"
        text = f"complete: {rows} rows in {total} {chunks}"
    else:
        have = f"{rows} of {expected} rows" if isinstance(expected, int) else f"{rows} rows"
        if missing:
            word = "chunk" if len(missing) == 1 else "chunks"
            shown = _ranges(missing[:1000]) + (", ..." if len(missing) > 1000 else "")
            it = "it" if len(missing) == 1 else "them"
            text = (
                f"incomplete: {have}; {word} {shown} of {total} missing "
                f"(run the same sweep again to compute {it})"
            )
        else:
            text = f"incomplete: {have} (run the same sweep again to finish it)"
    foreign = foreign or []
    if foreign:
        shown = ", ".join(foreign[:10]) + (", ..." if len(foreign) > 10 else "")
        word = "file" if len(foreign) == 1 else "files"
        text += f"; {len(foreign)} {word} not part of this sweep: {shown}"
    return {
        "complete": complete,
        "total_chunks": total,
        "chunks": sorted(good),
        "missing": missing,
        "rows": rows,
        "expected_rows": expected if isinstance(expected, int) else None,
        "foreign": foreign,
        "text": text,
    }


def read_manifest(out: str | os.PathLike[str]) -> dict[str, Any]:
    """The manifest of a result folder: the spec, input fingerprints, library version, state.

    Parameters
    ----------
    out : path
        A result folder written by :func:`lightsout_graphs.interfaces.sweep.run`.

    Returns
    -------
    dict
        Keys ``spec``, ``inputs``, ``library_version`` (the version that started the sweep;
        ``resumed_with`` lists later versions that resumed it), ``created``, ``columns``,
        ``complete`` and, once complete, ``total_chunks``, ``rows`` and ``finished``.

    Raises
    ------
    SweepSpecError
        When ``out`` has no readable manifest.

    Examples
    --------
    >>> import tempfile
    >>> from lightsout_graphs.interfaces.sweep import run
    >>> out = run(
    ...     {"family": "cycle", "params": {"n": "3..5"}, "metrics": ["nullity"]},
    ...     tempfile.mkdtemp(),
    ...     workers=1,
    ... )
    >>> m = read_manifest(out)
    >>> m["spec"]["family"], m["rows"], m["library_version"] == lo.__version__
    ('cycle', 3, True)
    """
    path = Path(out) / MANIFEST
    if not path.exists():
        msg = f"Result folder {str(out)!r} holds no sweep (no {MANIFEST})."
        raise SweepSpecError(msg)
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        msg = f"Result folder {str(out)!r} has an unreadable {MANIFEST}: {exc}."
        raise SweepSpecError(msg) from exc
    problem = _manifest_problem(data)
    if problem:
        msg = f"Result folder {str(out)!r} has a damaged {MANIFEST}: {problem}."
        raise SweepSpecError(msg)
    return data


def _manifest_problem(data: object) -> str:
    """What makes ``data`` no sweep manifest ('' when it has the shape one has)."""
    if isinstance(data, dict) and data.get("format") != _FORMAT:
        return f"its format is {data.get('format')!r}, not {_FORMAT}"
    kinds = {"columns": list, "chunks": dict, "total_chunks": int, "rows": int}
    return shape_problem(data, "spec", kinds)


def read_results(out: str | os.PathLike[str]) -> Any:
    """Load a sweep's table in sweep order (by chunk, then row), as a pandas DataFrame.

    Integer columns with missing values use pandas' nullable ``Int64``; ``kernel_size`` stays
    an exact decimal string (convert with ``int``). An unfinished sweep gives the rows of its
    finished chunks. Only chunk files that match the folder's ledger (size and SHA-256) and
    belong to this sweep are read; others are skipped with a warning. A sweep whose manifest
    says complete but whose chunk files fall short of it (a chunk file or the ledger lost) is
    read with a warning naming the missing chunks. The frame's ``attrs`` hold ``complete``
    and ``missing_chunks`` (see :func:`results_state`).

    Parameters
    ----------
    out : path
        A result folder written by :func:`lightsout_graphs.interfaces.sweep.run`.

    Returns
    -------
    pandas.DataFrame

    Raises
    ------
    SweepSpecError
        When ``out`` holds no sweep.

    Examples
    --------
    >>> import tempfile
    >>> from lightsout_graphs.interfaces.sweep import run
    >>> out = run(
    ...     {"family": "grid", "params": {"m": 3, "n": "3..4"}, "metrics": ["nullity"]},
    ...     tempfile.mkdtemp(),
    ...     workers=1,
    ... )
    >>> read_results(out)
       m  n  modulus    rule  nullity
    0  3  3        2  closed        0
    1  3  4        2  closed        0
    """
    import pandas as pd

    manifest = read_manifest(out)
    good, bad = _verified_chunks(Path(out), manifest)
    for p in bad:
        warnings.warn(f"read_results: skipping {str(p)!r}, not a verified chunk", stacklevel=2)
    state = _state(manifest, good)
    if manifest.get("complete") and not state["complete"]:
        warnings.warn(f"read_results: sweep in {str(out)!r} is {state['text']}", stacklevel=2)
    tables = []
    for cid in sorted(good):
        t = pq.read_table(good[cid])
        meta = dict(t.schema.metadata or {})
        meta.pop(CHUNK_META, None)
        tables.append(t.replace_schema_metadata(meta or None))
    if tables:
        table = pa.concat_tables(tables)
    else:
        names = [c.split(":", 1)[0] for c in manifest.get("columns", [])]
        table = pa.table({n: pa.array([], pa.null()) for n in names})
    mapping = {pa.int64(): pd.Int64Dtype(), pa.bool_(): pd.BooleanDtype()}
    frame = table.to_pandas(types_mapper=mapping.get)
    for col in frame.columns:
        if frame[col].dtype == "Int64" and not frame[col].isna().any():
            frame[col] = frame[col].astype("int64")
        elif frame[col].dtype == "boolean" and not frame[col].isna().any():
            frame[col] = frame[col].astype(bool)
    frame.attrs["complete"] = state["complete"]
    frame.attrs["missing_chunks"] = state["missing"]
    return frame
