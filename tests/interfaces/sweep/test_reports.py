"""Reports: summary tables, heat maps over two parameters, lines over one."""

from __future__ import annotations

from pathlib import Path

import pytest

import lightsout_graphs as lo
from lightsout_graphs.core.errors import SweepSpecError
from lightsout_graphs.interfaces.sweep import report, run
from tests.interfaces.sweep.examples import run_examples


def test_two_parameters_give_heat_maps(tmp_path: Path) -> None:
    spec = {
        "family": "grid",
        "params": {"m": "1..5", "n": "1..5"},
        "moduli": [2, 4],
        "metrics": ["nullity", "kernel_size", "all_solvable"],
    }
    out = run(spec, tmp_path / "res", workers=1, progress=False)
    rep = report(out, plot_dir=tmp_path / "pics")
    names = sorted(p.name for p in rep.plots)
    # nullity is undefined mod 4 (not prime), so it has no map there.
    assert names == [
        "heatmap-all_solvable-k2-closed.png",
        "heatmap-all_solvable-k4-closed.png",
        "heatmap-kernel_size-k2-closed.png",
        "heatmap-kernel_size-k4-closed.png",
        "heatmap-nullity-k2-closed.png",
    ]
    assert all(p.stat().st_size > 1000 and p.parent == tmp_path / "pics" for p in rep.plots)
    overview = rep.tables["overview"]
    row = overview[overview.modulus == 2].iloc[0]
    assert row["puzzles"] == 25
    assert row["nullity max"] == 4  # the 4×4 board
    assert row["all_solvable (share)"] == pytest.approx(13 / 25)
    assert "Sweep of grid: 50 puzzles, complete" in rep.text
    assert "k=4 closed" in rep.text


def test_one_parameter_gives_lines_and_streams_group_by_n(tmp_path: Path) -> None:
    spec = {
        "family": "hypercube",
        "params": {"d": "1..5"},
        "moduli": [2, 3],
        "metrics": ["nullity", "all_on_solvable"],
    }
    out = run(spec, tmp_path / "cube", workers=1, progress=False)
    rep = report(out, metrics=["nullity"])
    assert [p.name for p in rep.plots] == ["lines-nullity.png"]
    assert rep.plots[0].parent == out / "_plots"
    with pytest.raises(SweepSpecError, match="'lightest_quiet_pattern'"):
        report(out, metrics=["lightest_quiet_pattern"])

    stream = {"geng": "-c 5", "metrics": ["n", "nullity"]}
    out = run(stream, tmp_path / "conn5", workers=1, progress=False)
    rep = report(out, plots=False)
    assert rep.plots == []
    assert "Sweep of geng -c 5: 21 puzzles, complete" in rep.text
    assert rep.tables["by n"]["puzzles"].tolist() == [21]


def test_streams_over_several_sizes_draw_lines_over_n(tmp_path: Path) -> None:
    import subprocess

    from lightsout_graphs.interfaces.sweep.runners import find_geng

    files = []
    for n in (3, 4, 5):
        path = tmp_path / f"g{n}.g6"
        path.write_bytes(
            subprocess.run([find_geng(), "-q", str(n)], capture_output=True, check=True).stdout
        )
        files.append(str(path))
    spec = {"graph6": files, "metrics": ["n", "nullity", "all_solvable"], "chunk_size": 5}
    out = run(spec, tmp_path / "res", workers=1, progress=False)
    rep = report(out)
    assert sorted(p.name for p in rep.plots) == ["lines-all_solvable.png", "lines-nullity.png"]
    by_n = rep.tables["by n"]
    assert by_n["n"].tolist() == [3, 4, 5]
    assert by_n["puzzles"].tolist() == [4, 11, 34]
    # Graphs on 3 vertices: the empty graph, one edge, the path and the triangle; one edge
    # (two equal rows) and the triangle (all ones) are singular over GF(2), the others not.
    assert by_n["all_solvable (share)"].tolist()[0] == 0.5


def test_report_text_plots_are_readable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import matplotlib.pyplot as plt
    from PIL import Image

    from lightsout_graphs.interfaces.sweep import report as report_fn
    from lightsout_graphs.interfaces.sweep import run as run_fn

    spec = {
        "family": "torus",
        "params": {"m": "3..6", "n": "3..5"},
        "metrics": ["nullity", "all_solvable"],
    }
    out = run_fn(spec, tmp_path / "t", workers=1, progress=False)
    figures: list[object] = []
    real_close = plt.close

    def keep(fig: object = None) -> None:
        figures.append(fig)

    monkeypatch.setattr(plt, "close", keep)
    rep = report_fn(out)
    monkeypatch.setattr(plt, "close", real_close)
    text = rep.text
    count_line = next(line for line in text.splitlines() if line.startswith("puzzles"))
    assert count_line.split() == ["puzzles", "12"]  # a count, not 12.0000
    for line in text.splitlines():
        if "mean" in line or "share" in line:
            assert line.split()[-1].count(".") == 1 and len(line.split()[-1].split(".")[1]) == 4
    sizes = [Image.open(p).size for p in rep.plots]
    assert all(w >= 1000 and h >= 900 for w, h in sizes)
    heat = {fig.axes[0].get_title(): fig for fig in figures}  # type: ignore[attr-defined]
    assert set(heat) == {
        "torus: nullity, modulus 2, rule closed",
        "torus: all_solvable, modulus 2, rule closed",
    }
    nullity_ax = heat["torus: nullity, modulus 2, rule closed"].axes[0]
    assert nullity_ax.yaxis_inverted()  # m = 3 at the top, as in `lightsout table --png`
    bool_bar = heat["torus: all_solvable, modulus 2, rule closed"].axes[1]
    assert [t.get_text() for t in bool_bar.get_yticklabels()] == ["false", "true"]
    for fig in figures:
        real_close(fig)  # type: ignore[arg-type]


def test_a_sweep_that_lost_a_chunk_or_its_ledger_is_not_reported_complete(tmp_path: Path) -> None:
    spec = {"family": "cycle", "params": {"n": "3..18"}, "metrics": ["nullity"], "chunk_size": 2}
    out = run(spec, tmp_path / "res", workers=1, progress=False)
    assert report(out, plots=False).text.startswith("Sweep of cycle: 16 puzzles, complete\n")
    (out / "_chunks.jsonl").unlink()  # the manifest's copy of the ledger still checks the files
    assert report(out, plots=False).text.startswith("Sweep of cycle: 16 puzzles, complete\n")
    (out / "chunk-00000003.parquet").unlink()
    (out / "chunk-00000005.parquet").unlink()
    first = report(out, plots=False).text.splitlines()[0]
    assert first == (
        "Sweep of cycle: 12 puzzles, incomplete: 12 of 16 rows; chunks 3, 5 of 8 missing "
        "(run the same sweep again to compute them)"
    )
    run(spec, out, workers=1, progress=False)  # the same command fills them in
    assert report(out, plots=False).text.startswith("Sweep of cycle: 16 puzzles, complete\n")


def test_bound_columns_and_own_metrics_are_not_taken_for_parameters(tmp_path: Path) -> None:
    def lights_mod_3(puzzle: lo.Puzzle) -> int:
        return puzzle.n % 3

    spec = {
        "family": "grid",
        "params": {"m": "1..4", "n": 3},
        "metrics": ["nullity", "gods_number", lights_mod_3],
    }
    out = run(spec, tmp_path / "res", workers=1, progress=False)
    rep = report(out, plot_dir=tmp_path / "pics")
    # One parameter (m), so lines: gods_number_lower/upper and lights_mod_3 are metric columns,
    # not parameters to draw heat maps over.
    assert sorted(p.name for p in rep.plots) == [
        "lines-gods_number.png",
        "lines-lights_mod_3.png",
        "lines-nullity.png",
    ]
    assert "gods_number max" in rep.text
    for column in ("gods_number_lower max", "gods_number_upper mean", "lights_mod_3 mean"):
        assert column in rep.text


def test_every_metric_column_is_reported_and_named_by_reference(tmp_path: Path) -> None:
    spec = {
        "family": "tests.interfaces.sweep.custom_code:chord_ring",
        "params": {"n": "5..9", "step": 2},
        "metrics": [
            "nullity",
            "min_presses_all_on",
            "tests.interfaces.sweep.custom_code:leaves",
            "tests.interfaces.sweep.custom_code:mean_degree",
        ],
    }
    out = run(spec, tmp_path / "res", workers=1, progress=False, allow_imports=True)
    rep = report(out, plots=False)
    row = rep.tables["overview"].iloc[0]
    for name in (
        "nullity max",
        "min_presses_all_on max",
        "min_presses_all_on_optimal (share)",
        "min_presses_all_on_lower mean",
        "min_presses_all_on_upper max",
        "leaves max",
        "mean_degree mean",
    ):
        assert name in row.index, name
    assert row["mean_degree mean"] == 4.0
    only = report(out, plots=False, metrics=["tests.interfaces.sweep.custom_code:leaves"])
    assert [c for c in only.tables["overview"].columns if "leaves" in c] == [
        "leaves mean",
        "leaves max",
    ]
    assert "nullity max" not in only.text


def test_rejected_combinations_are_counted(tmp_path: Path) -> None:
    spec = {
        "family": "networkx:random_regular_graph",
        "params": {"n": "6..11", "d": 3, "seed": 1},
        "metrics": ["nullity"],
        "on_error": "skip",
    }
    out = run(spec, tmp_path / "res", workers=1, progress=False)
    rep = report(out, plots=False)
    first = rep.text.splitlines()[0]
    assert first.startswith(
        "Sweep of networkx:random_regular_graph: 6 puzzles, complete; 3 rejected"
    )
    assert rep.tables["overview"]["puzzles"].tolist() == [3]


def test_files_that_are_not_part_of_the_sweep_are_named(tmp_path: Path) -> None:
    spec = {"family": "cycle", "params": {"n": "3..8"}, "metrics": ["nullity"], "chunk_size": 2}
    other = run({**spec, "params": {"n": "20..25"}}, tmp_path / "other", workers=1, progress=False)
    out = run(spec, tmp_path / "res", workers=1, progress=False)
    (out / "chunk-00000007.parquet").write_bytes((other / "chunk-00000001.parquet").read_bytes())
    (out / "extra.parquet").write_bytes((other / "chunk-00000002.parquet").read_bytes())
    first = report(out, plots=False).text.splitlines()[0]
    assert "complete: 6 rows in 3 chunks; 2 files not part of this sweep" in first
    assert "chunk-00000007.parquet, extra.parquet" in first


def test_heat_maps_tick_integers_and_say_what_they_average(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Integer parameters get integer ticks; a third parameter is averaged, and the title says so."""
    from matplotlib.figure import Figure

    seen: list[tuple[str, list[float], list[float]]] = []
    save = Figure.savefig

    def spy(self: Figure, *args: object, **kwargs: object) -> None:
        ax = self.axes[0]
        seen.append((ax.get_title(), list(ax.get_xticks()), list(ax.get_yticks())))
        save(self, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", spy)
    spec = {
        "family": "random_graph",
        "params": {"n": "3..6", "p": 0.5, "seed": "1..3"},
        "moduli": [2],
        "metrics": ["nullity"],
    }
    out = run(spec, tmp_path / "res", workers=1, progress=False)
    report(out, plot_dir=tmp_path / "pics")
    title, xticks, yticks = seen[-1]
    assert all(float(t).is_integer() for t in [*xticks, *yticks]), (xticks, yticks)
    assert "(mean over" not in title  # n and seed are both shown
    three = {
        **spec,
        "family": "random_regular",
        "params": {"d": "2..3", "n": [4, 6], "seed": "1..3"},
    }
    out = run(three, tmp_path / "three", workers=1, progress=False)
    report(out, plot_dir=tmp_path / "pics3")
    assert "(mean over seed)" in seen[-1][0], seen[-1][0]


#: The examples these functions showed in their docstrings, run as doctests.
EXAMPLES = {
    "metric_values": """
>>> import pandas as pd
>>> metric_values(pd.DataFrame({"kernel_size": ["1", "4", "1024"]}), "kernel_size").tolist()
[0.0, 2.0, 10.0]
""",
}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_examples(name: str) -> None:
    run_examples("lightsout_graphs.interfaces.sweep.reports", name, EXAMPLES[name])
