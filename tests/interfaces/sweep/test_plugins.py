"""Families from your own code ("module:function", networkx generators, callables) in sweeps."""

from __future__ import annotations

import functools
import linecache
import pickle
import sys
import textwrap
from pathlib import Path
from typing import Any

import networkx as nx
import pandas as pd
import pytest

import lightsout_graphs as lo
from lightsout_graphs.core.errors import SweepError, SweepSpecError
from lightsout_graphs.interfaces.sweep import load_spec, read_results, run
from lightsout_graphs.interfaces.sweep.plugins import (
    TRUSTED_MODULES,
    CodeRef,
    build_family_puzzle,
    family_keywords,
    fingerprint,
    resolve,
)
from lightsout_graphs.interfaces.sweep.store import read_manifest
from tests.interfaces.sweep import custom_code

# The table columns after the parameters: a family parameter "n" forbids the metric "n".
METRICS = ["edges", "rank", "nullity", "all_solvable", "all_on_solvable"]
CIRCULANT: dict[str, Any] = {
    "family": "networkx:circulant_graph",
    "params": {"n": "5..12", "offsets": [[1, 2], [1, 3]]},
    "moduli": [2, 3],
    "rules": ["closed", "open"],
    "metrics": METRICS,
    "chunk_size": 5,
}
OWN: dict[str, Any] = {
    "family": "tests.interfaces.sweep.custom_code:wheel",
    "params": {"spokes": "3..9"},
    "moduli": [2, 5],
    "metrics": METRICS,
    "chunk_size": 3,
}


def by_hand(rows: list[tuple[dict[str, Any], lo.Puzzle]]) -> pd.DataFrame:
    """The loop a sweep replaces: lo.analyze over every puzzle, one row each."""
    table = []
    for cells, p in rows:
        a = lo.analyze(p)
        table.append(
            {
                **cells,
                "modulus": p.modulus,
                "rule": p.rule,
                "edges": p.graph.number_of_edges(),
                "rank": a.rank,
                "nullity": a.nullity,
                "all_solvable": bool(a.all_solvable),
                "all_on_solvable": lo.is_solvable(p, 0, target=1),
            }
        )
    return pd.DataFrame(table)


@functools.cache  # read-only: compared with, never changed
def circulant_by_hand() -> pd.DataFrame:
    rows = []
    for n in range(5, 13):
        for offsets in ([1, 2], [1, 3]):
            for k in (2, 3):
                for rule in ("closed", "open"):
                    p = lo.Puzzle(nx.circulant_graph(n, offsets), modulus=k, rule=rule)
                    rows.append(({"n": n, "offsets": f"{offsets[0]}x{offsets[1]}"}, p))
    return by_hand(rows)


@functools.cache
def wheel_by_hand() -> pd.DataFrame:
    rows = []
    for spokes in range(3, 10):
        for k in (2, 5):
            rows.append(({"spokes": spokes}, lo.Puzzle(nx.wheel_graph(spokes + 1), modulus=k)))
    return by_hand(rows)


def check_tables(circulant: pd.DataFrame, wheel: pd.DataFrame) -> None:
    pd.testing.assert_frame_equal(circulant, circulant_by_hand(), check_dtype=False)
    pd.testing.assert_frame_equal(wheel, wheel_by_hand(), check_dtype=False)


def test_networkx_and_own_families_match_a_loop_over_analyze(tmp_path: Path) -> None:
    circulant = run(CIRCULANT, tmp_path / "c", workers=2, progress=False)
    wheel = run(OWN, tmp_path / "w", workers=1, progress=False, allow_imports=True)
    check_tables(read_results(circulant), read_results(wheel))


def test_the_same_tables_on_a_dask_cluster_of_worker_processes(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")

    def local_ladder(n: int) -> nx.Graph:  # defined here: Dask ships it by value (cloudpickle)
        return nx.ladder_graph(n)

    ladder = {"family": local_ladder, "params": {"n": "2..7"}, "metrics": ["nullity"]}
    jobs = {"c": (CIRCULANT, False), "w": (OWN, True), "l": (ladder, False)}
    # A worker process, not threads: the spec and its callables travel pickled. (Sweeps on
    # two worker processes of a LocalCluster: tests/interfaces/sweep/test_lifetime.py.)
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},  # not 8787
    ) as cluster:
        outs = {
            name: run(
                spec,
                tmp_path / name,
                scheduler=cluster.scheduler_address,
                allow_imports=allow,
                progress=False,
            )
            for name, (spec, allow) in jobs.items()
        }
    check_tables(read_results(outs["c"]), read_results(outs["w"]))
    expected = [lo.analyze(lo.Puzzle(nx.ladder_graph(n))).nullity for n in range(2, 8)]
    assert read_results(outs["l"])["nullity"].tolist() == expected


def test_a_family_callable_runs_on_the_local_pool(tmp_path: Path) -> None:
    def prism(n: int, modulus: int, rule: str) -> lo.Puzzle:
        return lo.prism(n, modulus=modulus, rule=rule)

    spec = {"family": prism, "params": {"n": "3..8"}, "moduli": [2, 3], "metrics": ["nullity"]}
    table = read_results(run({**spec, "chunk_size": 2}, tmp_path / "p", workers=2))
    expected = [lo.analyze(lo.prism(n, modulus=k)).nullity for n in range(3, 9) for k in (2, 3)]
    assert table["nullity"].tolist() == expected
    manifest = read_manifest(tmp_path / "p")
    assert manifest["spec"]["family"].endswith(
        ":test_a_family_callable_runs_on_the_local_pool.<locals>.prism"
    )
    assert len(manifest["spec"]["code"]["family"]["sha256"]) == 64


def test_imports_outside_the_trusted_packages_need_permission() -> None:
    assert TRUSTED_MODULES == ("networkx",)
    with pytest.raises(SweepSpecError, match="--allow-imports") as err:
        load_spec(OWN)
    assert "'tests.interfaces.sweep.custom_code'" in str(err.value)
    assert "\n" not in str(err.value)
    with pytest.raises(SweepSpecError, match="allow_imports=True"):
        run(OWN, "never-created")
    assert not Path("never-created").exists()
    # networkx's generators need no permission; the library's families go by name.
    assert load_spec(CIRCULANT).family == "networkx:circulant_graph"
    with pytest.raises(SweepSpecError, match="never the library's functions"):
        load_spec({"family": "lightsout_graphs:prism", "params": {"n": 3}, "metrics": ["edges"]})
    lib = load_spec({"family": "prism", "params": {"n": 3}, "metrics": ["edges"]})
    assert lib.make_puzzle({"n": 3}, 2, "closed").n == 6


def test_refused_before_the_module_is_imported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "side_effect_mod.py").write_text("open(__file__ + '.ran', 'w').close()\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(SweepSpecError, match="side_effect_mod"):
        load_spec({"family": "side_effect_mod:f", "metrics": ["n"]})
    assert not (tmp_path / "side_effect_mod.py.ran").exists()


@pytest.mark.parametrize(
    ("family", "words"),
    [
        ("networkx:no_such_generator", "has no 'no_such_generator'"),
        ("networkx:__version__", "not a callable"),
        ("networkx:", "is not a reference"),
        ("no_such_module_xyz:f", "cannot import 'no_such_module_xyz'"),
        ("grid:", "is not a reference"),
    ],
)
def test_bad_references_name_the_key(family: str, words: str) -> None:
    with pytest.raises(SweepSpecError, match="'family'") as err:
        load_spec({"family": family, "metrics": ["n"]}, allow_imports=True)
    assert words in str(err.value)


def test_a_networkx_family_checks_its_parameters() -> None:
    with pytest.raises(SweepSpecError, match=r"it takes n, offsets\."):
        load_spec({**CIRCULANT, "params": {"n": 5, "offset": [1]}})
    with pytest.raises(SweepSpecError, match="'moduli' key"):
        load_spec({**CIRCULANT, "params": {"n": 5, "offsets": [[1, 2]], "modulus": 3}})
    with pytest.raises(SweepSpecError, match=r"rejects the parameters n=-1, offsets=.*Negative"):
        load_spec({**CIRCULANT, "params": {"n": "-1..5", "offsets": [[1, 2]]}})


def test_own_family_results_are_checked(tmp_path: Path) -> None:
    wrong = {
        **OWN,
        "family": "tests.interfaces.sweep.custom_code:binary_wheel",
        "metrics": ["rank"],
    }
    with pytest.raises(
        SweepSpecError, match="modulus 2 and rule 'closed' for the row of modulus 5"
    ):
        load_spec({**wrong, "moduli": [5]}, allow_imports=True)
    spec = {**wrong, "moduli": [2, 5]}  # the first puzzle (mod 2) passes the spec check
    with pytest.raises(SweepError, match=r"binary_wheel\(spokes=3\), modulus 5, rule closed"):
        run(spec, tmp_path / "r", workers=1, allow_imports=True)
    odd = {**OWN, "family": "tests.interfaces.sweep.custom_code:not_a_graph", "metrics": ["rank"]}
    with pytest.raises(SweepSpecError, match="returned a list, not a networkx graph or a Puzzle"):
        load_spec(odd, allow_imports=True)


def test_resuming_with_changed_code_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mod = tmp_path / "my_family_v.py"
    monkeypatch.syspath_prepend(str(tmp_path))
    spec = {"family": "my_family_v:ring", "params": {"n": "3..6"}, "metrics": ["nullity"]}

    def write(body: str) -> None:
        mod.write_text(textwrap.dedent(body))
        sys.modules.pop("my_family_v", None)
        linecache.clearcache()

    write("""
        import networkx as nx
        def ring(n):
            return nx.cycle_graph(n)
    """)
    out = run(spec, tmp_path / "out", workers=1, allow_imports=True, progress=False)
    code = read_manifest(out)["spec"]["code"]["family"]
    assert code["ref"] == "my_family_v:ring"
    assert code["module"] == "my_family_v"
    assert len(code["sha256"]) == 64
    run(spec, out, workers=1, allow_imports=True, progress=False)  # same code: resumes
    write("""
        import networkx as nx
        def ring(n):
            return nx.path_graph(n)
    """)
    with pytest.raises(
        SweepSpecError,
        match=r"holds a different sweep \(the code of family 'my_family_v:ring' changed: its source",
    ):
        run(spec, out, workers=1, allow_imports=True, progress=False)
    stored = read_results(out)["nullity"].tolist()  # the stored rows are untouched
    assert stored == [lo.analyze(lo.Puzzle(nx.cycle_graph(n))).nullity for n in range(3, 7)]


def test_code_refs_pickle_and_fingerprint() -> None:
    code = resolve("tests.interfaces.sweep.custom_code:chord_ring", "family")
    again = pickle.loads(pickle.dumps(code))
    assert isinstance(again, CodeRef)
    assert again.func is custom_code.chord_ring  # importable: by reference
    print_ = fingerprint(code)
    assert print_["module"] == "tests.interfaces.sweep.custom_code"
    assert set(print_) == {"ref", "module", "version", "sha256", "module_sha256", "values"}
    assert fingerprint(resolve("networkx:cycle_graph", "f"))["version"] == nx.__version__
    assert family_keywords(custom_code.wheel) == (("spokes", "modulus", "rule"), False)
    assert family_keywords(lambda **kw: None) == ((), True)
    p = build_family_puzzle(code, {"n": 7, "step": 3}, 3, "open", takes=("n", "step"))
    assert (p.n, p.modulus, p.rule, p.graph.number_of_edges()) == (7, 3, "open", 14)


@pytest.mark.parametrize(
    "ref",
    [
        "lightsout_graphs:sweep.plugins.importlib.import_module",
        "networkx:utils.backends.os.system",
        "lightsout_graphs.interfaces.sweep.plugins:importlib.import_module",
        "lightsout_graphs.interfaces.sweep.plugins:hashlib.sha256",
    ],
)
def test_trusted_modules_do_not_lead_elsewhere_without_permission(ref: str) -> None:
    spec = {"family": ref, "params": {"name": "side_effect_mod"}, "metrics": ["edges"]}
    for allow in (False, True):
        with pytest.raises(SweepSpecError, match=r"leads outside the package|never the library"):
            load_spec(spec, allow_imports=allow)


def test_resume_identity_covers_the_module_closures_and_defaults(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from lightsout_graphs.interfaces.cli import main

    monkeypatch.syspath_prepend(str(tmp_path))
    mod = tmp_path / "threshold_metric.py"
    body = "THRESHOLD = {}\n\ndef big(puzzle):\n    return puzzle.n > THRESHOLD\n"
    mod.write_text(body.format(1))
    spec = tmp_path / "spec.toml"
    spec.write_text(
        '[sweep]\nfamily = "cycle"\nparams = { n = "3..6" }\nchunk_size = 2\n'
        'metrics = ["nullity", "threshold_metric:big"]\n'
    )
    argv = ["-q", "sweep", str(spec), "--out", str(tmp_path / "out"), "--workers", "1"]
    assert main([*argv, "--allow-imports"]) == 0
    mod.write_text(body.format(2))  # the function's own source is the same
    sys.modules.pop("threshold_metric", None)
    capsys.readouterr()
    assert main([*argv, "--allow-imports"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "the code of metric 'threshold_metric:big' changed: the source file of its module" in err
    assert main([*argv, "--allow-imports", "--overwrite"]) == 0

    def above(limit: int) -> Any:
        def big(puzzle: lo.Puzzle) -> bool:
            return puzzle.n > limit

        return big

    def fewer(puzzle: lo.Puzzle, limit: int = 4) -> bool:
        return puzzle.n < limit

    def with_default(limit: int) -> Any:
        def big(puzzle: lo.Puzzle, limit: int = limit) -> bool:
            return puzzle.n > limit

        return big

    for make in (above, with_default):
        first = {"family": "cycle", "params": {"n": "3..6"}, "metrics": [make(1)]}
        folder = tmp_path / f"api-{id(make)}"
        run(first, folder, workers=1, progress=False)
        run(first, folder, workers=1, progress=False)  # the same values: resumes
        with pytest.raises(SweepSpecError, match="changed: the values it reads"):
            run({**first, "metrics": [make(2)]}, folder, workers=1, progress=False)
        run({**first, "metrics": [make(2)]}, folder, workers=1, progress=False, overwrite=True)
    first = {"family": "cycle", "params": {"n": "3..6"}, "metrics": [fewer]}
    run(first, tmp_path / "defaults", workers=1, progress=False)
    fewer.__defaults__ = (5,)
    with pytest.raises(SweepSpecError, match="changed: the values it reads"):
        run(first, tmp_path / "defaults", workers=1, progress=False)


def test_a_distribution_installed_or_upgraded_meanwhile_gives_its_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    from lightsout_graphs.interfaces.sweep.plugins import _version

    monkeypatch.syspath_prepend(str(tmp_path))
    assert _version("fresh_pkg_x.families") is None  # no distribution provides it yet
    for version in ("1.2", "1.3"):
        for old in tmp_path.glob("fresh_pkg_x-*.dist-info"):
            shutil.rmtree(old)
        info = tmp_path / f"fresh_pkg_x-{version}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: fresh-pkg-x\nVersion: {version}\n"
        )
        (info / "top_level.txt").write_text("fresh_pkg_x\n")
        assert _version("fresh_pkg_x.families") == version
