"""The `lightsout sweep` and `lightsout sweep-report` commands through the real entry point."""

from __future__ import annotations

import contextlib
import socket
import warnings
from pathlib import Path

import pandas as pd
import pytest

from lightsout_graphs.interfaces.cli import main
from lightsout_graphs.interfaces.sweep import read_results

SPEC = """\
[sweep]
family = "grid"
params = { m = "1..4", n = [3, 5, 7] }   # inclusive integer ranges; also lists like [3, 5, 7]
moduli = [2, 3]
rules = ["closed", "open"]
metrics = ["nullity", "kernel_size", "all_solvable", "all_on_solvable"]
"""


def test_sweep_then_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = tmp_path / "spec.toml"
    spec.write_text(SPEC)
    out = tmp_path / "res"
    assert main(["sweep", str(spec), "--out", str(out), "--workers", "2"]) == 0
    assert "48 rows" in capsys.readouterr().out
    table = read_results(out)
    assert len(table) == 4 * 3 * 2 * 2
    assert list(table.columns) == [
        "m",
        "n",
        "modulus",
        "rule",
        "nullity",
        "kernel_size",
        "all_solvable",
        "all_on_solvable",
    ]
    assert main(["sweep-report", str(out), "--metric", "nullity"]) == 0
    text = capsys.readouterr().out
    assert "Sweep of grid: 48 puzzles, complete" in text
    assert "heatmap-nullity-k3-open.png" in text


def test_errors_exit_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = tmp_path / "spec.toml"
    spec.write_text(SPEC.replace('"nullity",', '"nullity", "weight",'))
    assert main(["sweep", str(spec), "--out", str(tmp_path / "r")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert "key 'metrics'" in err[0] and "'weight'" in err[0]
    assert main(["sweep-report", str(tmp_path)]) == 2
    assert "holds no sweep" in capsys.readouterr().err


def test_dask_local_from_the_shell_matches_local(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    spec = tmp_path / "spec.toml"
    spec.write_text('[sweep]\ngeng = "5"\nmetrics = ["nullity", "edges"]\nchunk_size = 7\n')
    dask_out, local_out = tmp_path / "dask", tmp_path / "local"
    # One worker process: the route from the shell is the same for any number (two worker
    # processes of one cluster: tests/interfaces/sweep/test_plugins.py). Dask's default port
    # 8787 held, as by another cluster: the sweep's cluster does not try it.
    with socket.socket() as holder, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with contextlib.suppress(OSError):  # held already
            holder.bind(("127.0.0.1", 8787))
            holder.listen()
        assert main(["sweep", str(spec), "--out", str(dask_out), "--dask-local", "1", "-q"]) == 0
    assert not [w for w in caught if "already in use" in str(w.message)]
    assert main(["sweep", str(spec), "--out", str(local_out), "--workers", "1", "-q"]) == 0
    pd.testing.assert_frame_equal(read_results(dask_out), read_results(local_out))
    assert len(read_results(dask_out)) == 34  # graphs on 5 vertices


@pytest.mark.parametrize(
    "argv",
    [
        ["-q", "sweep", "spec.toml", "--out", "res"],
        ["sweep", "spec.toml", "--out", "res", "-q"],
        ["--quiet", "sweep", "spec.toml", "--out", "res"],
    ],
)
def test_quiet_before_or_after_the_command_silences_the_sweep(argv: list[str]) -> None:
    from lightsout_graphs.interfaces.cli import build_parser

    assert build_parser().parse_args(argv).quiet is True


def test_a_folder_in_use_is_refused_and_a_lost_chunk_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from lightsout_graphs.interfaces.sweep import load_spec
    from lightsout_graphs.interfaces.sweep.store import ResultStore

    spec = tmp_path / "spec.toml"
    spec.write_text(SPEC)
    out = tmp_path / "res"
    held = ResultStore(out, load_spec(str(spec)))
    try:
        assert main(["sweep", str(spec), "--out", str(out), "--overwrite", "--quiet"]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "in use by another run" in err[0]
    finally:
        held.close()
    assert main(["sweep", str(spec), "--out", str(out), "--workers", "1", "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("Sweep complete: 48 rows in 1 chunk file in ")
    (out / "chunk-00000000.parquet").unlink()
    assert main(["sweep-report", str(out), "--no-plots"]) == 0
    assert "0 puzzles, incomplete: 0 of 48 rows; chunk 0 of 1 missing" in capsys.readouterr().out
    assert main(["sweep", str(spec), "--out", str(out), "--workers", "1", "--quiet"]) == 0
    assert main(["sweep-report", str(out), "--no-plots"]) == 0
    assert "48 puzzles, complete" in capsys.readouterr().out


def test_geng_arguments_that_name_a_file_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    spec = tmp_path / "spec.toml"
    spec.write_text(f'geng = "3 {victim}"\nmetrics = ["nullity"]\n')
    assert main(["sweep", str(spec), "--out", str(tmp_path / "r"), "--quiet"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "is not allowed" in err[0] and str(victim) in err[0]
    assert victim.read_text() == "precious"


OWN_SPEC = """\
[sweep]
family = "tests.interfaces.sweep.custom_code:chord_ring"
params = { n = "5..9", step = 2 }
metrics = ["nullity", "tests.interfaces.sweep.custom_code:leaves"]
"""


def test_a_spec_that_imports_needs_allow_imports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = tmp_path / "own.toml"
    spec.write_text(OWN_SPEC)
    out = tmp_path / "res"
    assert main(["sweep", str(spec), "--out", str(out), "--workers", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert "'tests.interfaces.sweep.custom_code'" in err[0] and "--allow-imports" in err[0]
    assert not out.exists()  # refused before anything ran or was written
    argv = ["sweep", str(spec), "--out", str(out), "--workers", "1", "--allow-imports"]
    assert main(argv) == 0
    table = read_results(out)
    assert table.columns.tolist() == ["n", "step", "modulus", "rule", "nullity", "leaves"]
    assert table["leaves"].tolist() == [0] * 5
    # Off a terminal the sweep says how far it got, one line per finished chunk at most.
    assert "sweep: 1/1 chunks done (100%)" in capsys.readouterr().err


def test_networkx_families_need_no_permission(tmp_path: Path) -> None:
    spec = tmp_path / "circ.toml"
    spec.write_text(
        '[sweep]\nfamily = "networkx:circulant_graph"\nmetrics = ["nullity", "symmetries"]\n'
        'params = { n = "5..8", offsets = [[1, 2]] }\n'
    )
    assert main(["sweep", str(spec), "--out", str(tmp_path / "r"), "--workers", "1", "-q"]) == 0
    table = read_results(tmp_path / "r")
    assert table["symmetries"].tolist() == [120, 48, 14, 16]  # K5, then circulants C_n(1, 2)


def test_a_spec_with_a_4400_digit_number_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = tmp_path / "spec.toml"
    spec.write_text(SPEC + "chunk_size = " + "9" * 4400 + "\n")
    assert main(["sweep", str(spec), "--out", str(tmp_path / "out"), "-q"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "spec.toml' holds a number too long to read" in err
    assert not (tmp_path / "out").exists()


def test_a_module_next_to_the_spec_file_can_be_named(tmp_path: Path) -> None:
    folder = tmp_path / "study"
    folder.mkdir()
    (folder / "study_families_x.py").write_text(
        "import networkx as nx\n\ndef star(k):\n    return nx.star_graph(k)\n"
    )
    spec = folder / "spec.toml"
    spec.write_text(
        '[sweep]\nfamily = "study_families_x:star"\nparams = { k = "1..4" }\n'
        'metrics = ["edges", "nullity"]\n'
    )
    out = tmp_path / "res"
    argv = ["sweep", str(spec), "--out", str(out), "--workers", "1", "-q", "--allow-imports"]
    assert main(argv) == 0
    assert read_results(out)["edges"].tolist() == [1, 2, 3, 4]


def test_rejected_combinations_are_skipped_when_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = tmp_path / "regular.toml"
    text = (
        '[sweep]\nfamily = "networkx:random_regular_graph"\n'
        'params = { n = "6..11", d = 3, seed = 7 }\nmetrics = ["nullity", "edges"]\n'
    )
    spec.write_text(text)
    out = tmp_path / "res"
    assert main(["-q", "sweep", str(spec), "--out", str(out), "--workers", "1"]) == 2
    assert "n * d must be even" in capsys.readouterr().err
    spec.write_text(text + 'on_error = "skip"\n')
    assert main(["-q", "sweep", str(spec), "--out", str(out), "--workers", "1"]) == 0
    assert "6 rows (3 rejected by the family: see the column 'error')" in capsys.readouterr().out
    table = read_results(out)
    assert table["edges"].tolist()[::2] == [9, 12, 15]
    assert table["error"].tolist()[1::2] == ["NetworkXError: n * d must be even"] * 3
    assert table["error"].isna().tolist()[::2] == [True] * 3
    capsys.readouterr()
    assert main(["sweep-report", str(out), "--no-plots"]) == 0
    said = capsys.readouterr().out
    assert "6 puzzles, complete; 3 rejected by the family" in said


def test_sweep_report_shows_your_own_metrics(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = tmp_path / "own.toml"
    spec.write_text(
        '[sweep]\nfamily = "tests.interfaces.sweep.custom_code:chord_ring"\n'
        'params = { n = "5..9", step = 2 }\n'
        'metrics = ["nullity", "tests.interfaces.sweep.custom_code:leaves"]\n'
    )
    out = tmp_path / "res"
    argv = ["-q", "sweep", str(spec), "--out", str(out), "--workers", "1", "--allow-imports"]
    assert main(argv) == 0
    capsys.readouterr()
    assert main(["sweep-report", str(out), "--no-plots"]) == 0
    said = capsys.readouterr().out
    assert "leaves mean" in said and "nullity max" in said
    argv = ["sweep-report", str(out), "--no-plots", "--metric", "leaves"]
    assert main(argv) == 0
    said = capsys.readouterr().out
    assert "leaves max" in said and "nullity" not in said


def test_report_of_a_small_sweep(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec, out = tmp_path / "grids.toml", tmp_path / "out"
    spec.write_text('family = "grid"\nmetrics = ["nullity"]\n[params]\nm = "1..3"\nn = [3]\n')
    assert main(["sweep", str(spec), "--out", str(out), "--workers", "1", "--quiet"]) == 0
    assert capsys.readouterr().out == f"Sweep complete: 3 rows in 1 chunk file in {out}\n"
    assert main(["sweep-report", str(out), "--no-plots"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Sweep of grid: 3 puzzles, complete",
        "",
        "             k=2 closed",
        "puzzles               3",
        "nullity mean     0.6667",
        "nullity max           2",
    ]
