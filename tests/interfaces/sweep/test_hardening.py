"""Hostile inputs to sweeps: damaged or foreign chunk files, two runs on one folder, odd specs."""

from __future__ import annotations

import fcntl
import os
import shutil
import sys
from pathlib import Path

import pandas as pd
import pytest

from lightsout_graphs.core.errors import SweepSpecError
from lightsout_graphs.interfaces.cli import main
from lightsout_graphs.interfaces.sweep import load_spec, read_results, run
from lightsout_graphs.interfaces.sweep.store import read_manifest

SPEC = {
    "family": "cycle",
    "params": {"n": "3..22"},
    "metrics": ["nullity", "kernel_size"],
    "chunk_size": 2,
}


def chunk(out: Path, i: int) -> Path:
    return out / f"chunk-{i:08d}.parquet"


def test_damaged_and_foreign_chunk_files_are_recomputed_or_ignored(tmp_path: Path) -> None:
    good = read_results(run(SPEC, tmp_path / "good", workers=1, progress=False))
    other = run({**SPEC, "params": {"n": "30..49"}}, tmp_path / "other", workers=1, progress=False)
    out = run(SPEC, tmp_path / "out", workers=1, progress=False)
    chunk(out, 0).write_bytes(chunk(out, 0).read_bytes()[:40])  # truncated
    chunk(out, 1).write_bytes(b"")  # empty
    chunk(out, 2).write_bytes(os.urandom(300))  # random bytes
    shutil.copy(chunk(other, 3), chunk(out, 3))  # same columns, another sweep
    shutil.copy(chunk(out, 5), chunk(out, 4))  # a chunk copied over another
    shutil.copy(chunk(out, 6), chunk(out, 99999999))  # an extra chunk
    with pytest.warns(UserWarning) as caught:
        partial = read_results(out)  # reads only the verified chunks, never raises
    said = " ".join(str(w.message) for w in caught)
    assert "not a verified chunk" in said
    assert "incomplete: 10 of 20 rows; chunks 0-4 of 10 missing" in said
    assert len(partial) == len(good) - 5 * 2
    with pytest.warns(UserWarning) as caught:
        run(SPEC, out, workers=1, progress=False)
    text = " ".join(str(w.message) for w in caught)
    for i in range(5):
        assert f"chunk-{i:08d}.parquet' is damaged or foreign" in text
    assert "ignoring" in text and "chunk-99999999" in text
    with pytest.warns(UserWarning, match="chunk-99999999"):
        again = read_results(out)
    pd.testing.assert_frame_equal(again, good)
    manifest = read_manifest(out)
    assert manifest["complete"] and len(manifest["chunks"]) == 10
    assert manifest["chunks"]["4"]["keys"] == [8, 10]


def test_a_second_run_on_a_busy_folder_is_refused(tmp_path: Path) -> None:
    run(SPEC, tmp_path, workers=1, progress=False)
    (tmp_path / "_tmp-chunk-00000001.parquet.123-abcd").write_bytes(b"another run's file")
    with open(tmp_path / "_sweep.lock", "a+") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        with pytest.raises(SweepSpecError, match="in use by another run"):
            run(SPEC, tmp_path, workers=1, progress=False)
        # The busy run's temporary file was left alone.
        assert (tmp_path / "_tmp-chunk-00000001.parquet.123-abcd").exists()
    run(SPEC, tmp_path, workers=1, progress=False)  # once free, leftovers are cleared
    assert not list(tmp_path.glob("_tmp-*"))


def test_workers_are_capped_and_absurd_values_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = tmp_path / "one.toml"
    spec.write_text('[sweep]\nfamily = "cycle"\nparams = { n = 5 }\nmetrics = ["nullity"]\n')
    code = main(["-q", "sweep", str(spec), "--out", str(tmp_path / "a"), "--workers", "1000000"])
    assert code == 2
    err = capsys.readouterr().err
    assert "workers" in err and "must be an int" in err
    from lightsout_graphs.interfaces.sweep.runners import check_workers

    assert check_workers(200, 1) == 1  # one chunk: one worker
    assert check_workers(200, 10**6) <= 4 * (os.cpu_count() or 1)
    assert main(["-q", "sweep", str(spec), "--out", str(tmp_path / "b"), "--workers", "200"]) == 0


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda t: write(t, "latin.toml", b'[sweep]\nfamily = "gr\xefd"\n'), "not UTF-8"),
        (
            lambda t: write(t, "deep.toml", b"[sweep]\nx = " + b"[" * 50_000 + b"]" * 50_000),
            "nested too deeply",
        ),
        (
            lambda t: write(
                t,
                "huge.toml",
                b'[sweep]\nfamily = "grid"\nparams = { m = "1..1000000000", n = "1..1000000000" }'
                b'\nmetrics = ["nullity"]\n',
            ),
            "has 1000000000 values",
        ),
        (lambda t: write(t, "big.toml", b"#" * (2 << 20)), "larger than"),
        (lambda t: Path("/dev/zero"), "not a regular file"),
    ],
)
def test_hostile_spec_files_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], make: object, message: str
) -> None:
    path = make(tmp_path)  # type: ignore[operator]
    assert main(["-q", "sweep", str(path), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_as_spec_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "spec.fifo"
    os.mkfifo(fifo)
    with pytest.raises(SweepSpecError, match="not a regular file"):
        load_spec(fifo)


def test_tuple_axes_are_bounded_too() -> None:
    with pytest.raises(SweepSpecError, match="tuples, more than"):
        load_spec(
            {"family": "torus", "params": {"shape": "m x n for m, n in 1..5000"}, "metrics": ["n"]}
        )
    assert sys.getrecursionlimit() > 0


HUGE = "9" * 5000


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ("chunk_size = 1" + "0" * 330, "chunk_size"),
        ("chunk_size = 100000000000", "chunk_size"),
        ("max_kernel_enum = 1" + "0" * 30, "max_kernel_enum"),
        ("time_limit = 1" + "0" * 400, "time_limit"),
        ("time_limit = 1e300", "time_limit"),
        ("moduli = [2, 1" + "0" * 30 + "]", "moduli"),
        ('moduli = "2..1' + "0" * 40 + '"', "moduli"),
        ('params = { m = "1..' + HUGE + '", n = 3 }', "m"),
        ('params = { m = "-' + HUGE + '..3", n = 3 }', "m"),
        ('params = { m = "1..3 step ' + HUGE + '", n = 3 }', "m"),
        ('params = { m = "d x d for d in 1..' + HUGE + '", n = 3 }', "m"),
        ("params = { m = 1" + "0" * 30 + ", n = 3 }", "m"),
        ("params = { m = [3, 1" + "0" * 30 + "], n = 3 }", "m"),
        ("params = { m = [[3, 1" + "0" * 30 + "]], n = 3 }", "m"),
    ],
)
def test_every_number_of_a_spec_is_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, key: str
) -> None:
    lines = ['family = "grid"', 'metrics = ["nullity"]']
    if not line.startswith("params"):
        lines.append('params = { m = "1..3", n = 3 }')
    lines.append(line)
    path = write(tmp_path, "num.toml", ("[sweep]\n" + "\n".join(lines) + "\n").encode())
    out = tmp_path / "out"
    assert main(["-q", "sweep", str(path), "--out", str(out), "--workers", "1"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert f"Sweep spec key {key!r}" in err
    assert "internal error" not in err and len(err) < 400
    with pytest.raises(SweepSpecError, match=f"Sweep spec key {key!r}"):
        load_spec(path)


@pytest.mark.parametrize("allow", [False, True])
@pytest.mark.parametrize(
    ("family", "params"),
    [
        (
            "lightsout_graphs.interfaces.sweep.spec:load_spec",
            '{ spec = "inner.toml", allow_imports = true }',
        ),
        ("lightsout_graphs.interfaces.sweep.runners:run", '{ spec = "inner.toml", out = "OUT" }'),
        (
            "lightsout_graphs.interfaces.sweep.runners:run",
            '{ spec = "inner.toml", out = "OUT", overwrite = true }',
        ),
        ("networkx:read_graph6", '{ path = "inner.toml" }'),
        ("networkx:write_graph6", '{ path = "OUT" }'),
        ("networkx:utils.backends.os.system", '{ command = "touch OUT" }'),
        ("os:system", '{ command = "touch OUT" }'),
        ("subprocess:run", '{ args = "touch OUT" }'),
        ("numpy:save", '{ file = "OUT" }'),
        ("pandas:read_parquet", '{ path = "OUT" }'),
        ("innermod:os.system", '{ command = "touch OUT" }'),
    ],
)
def test_a_spec_runs_no_code_and_writes_nowhere(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    family: str,
    params: str,
    allow: bool,
) -> None:
    monkeypatch.chdir(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    ran = tmp_path / "ran"
    (tmp_path / "innermod.py").write_text(
        f"import os\nopen({str(ran)!r}, 'w').close()\n"
        "import networkx as nx\n\ndef fam(n):\n    return nx.path_graph(n)\n"
    )
    (tmp_path / "inner.toml").write_text(
        '[sweep]\nfamily = "innermod:fam"\nparams = { n = 3 }\nmetrics = ["nullity"]\n'
    )
    spec = tmp_path / "outer.toml"
    spec.write_text(
        f'[sweep]\nfamily = "{family}"\nparams = {params.replace("OUT", str(elsewhere))}\n'
        'metrics = ["nullity"]\n'
    )
    argv = ["-q", "sweep", str(spec), "--out", str(tmp_path / "out"), "--workers", "1"]
    assert main(argv + (["--allow-imports"] if allow else [])) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert "Sweep spec key 'family'" in err
    if not (allow and family.startswith("innermod")):  # allowed: the spec's own module runs
        assert not ran.exists(), "a module named by the spec ran"
    assert not elsewhere.exists(), "the spec wrote outside --out"
    sys.modules.pop("innermod", None)


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        (
            {"family": "networkx:circulant_graph", "params": {"n": 5, "create_using": "x"}},
            "unknown parameter",
        ),
        ({"family": "networkx:line_graph", "params": {"G": 3}}, "not a networkx graph generator"),
        ({"family": "cycle", "params": {"n": 5}, "metrics": ["networkx:density"]}, "generator"),
        (
            {"family": "cycle", "params": {"n": 5}, "metrics": ["lightsout_graphs:analyze"]},
            "a metric by its name",
        ),
    ],
)
def test_references_are_an_allow_list(spec: dict[str, object], words: str) -> None:
    with pytest.raises(SweepSpecError, match=words):
        load_spec({"metrics": ["nullity"], **spec}, allow_imports=True)


@pytest.mark.parametrize("name", ["/etc/hostname", "../outside.g6", "data/../../outside.g6"])
def test_a_spec_file_reads_no_file_outside_its_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    (tmp_path / "outside.g6").write_text("Bw\n")
    folder = tmp_path / "study"
    (folder / "data").mkdir(parents=True)
    (folder / "data" / "g.g6").write_text("Bw\n")
    spec = folder / "spec.toml"
    spec.write_text(f'[sweep]\ngraph6 = "{name}"\nmetrics = ["n"]\n')
    assert main(["-q", "sweep", str(spec), "--out", str(tmp_path / "out"), "--workers", "1"]) == 2
    assert "outside the spec file's folder" in capsys.readouterr().err
    spec.write_text('[sweep]\ngraph6 = "data/g.g6"\nmetrics = ["n"]\n')
    assert main(["-q", "sweep", str(spec), "--out", str(tmp_path / "out"), "--workers", "1"]) == 0
