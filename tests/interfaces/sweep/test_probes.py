"""Graph sizes estimated before a generator runs, and constructors under a time limit."""

from __future__ import annotations

import time
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lightsout_graphs.core.errors import SweepSpecError
from lightsout_graphs.interfaces.cli import main
from lightsout_graphs.interfaces.sweep import load_spec, probes, run
from lightsout_graphs.interfaces.sweep.probes import (
    MAX_GRAPH_SIZE,
    ProbeTimeout,
    check_size,
    estimate,
    time_limit,
)
from tests.interfaces.sweep.examples import run_examples

SMALL = [
    (nx.complete_graph, {"n": 9}),
    (nx.cycle_graph, {"n": 9}),
    (nx.path_graph, {"n": 9}),
    (nx.star_graph, {"n": 9}),
    (nx.wheel_graph, {"n": 9}),
    (nx.ladder_graph, {"n": 9}),
    (nx.circular_ladder_graph, {"n": 9}),
    (nx.circulant_graph, {"n": 9, "offsets": [1, 2, 4]}),
    (nx.complete_bipartite_graph, {"n1": 4, "n2": 6}),
    (nx.barbell_graph, {"m1": 5, "m2": 3}),
    (nx.lollipop_graph, {"m": 5, "n": 3}),
    (nx.grid_2d_graph, {"m": 4, "n": 6}),
    (nx.grid_graph, {"dim": [3, 4, 2]}),
    (nx.triangular_lattice_graph, {"m": 4, "n": 6}),
    (nx.hexagonal_lattice_graph, {"m": 4, "n": 6}),
    (nx.hypercube_graph, {"n": 6}),
    (nx.balanced_tree, {"r": 3, "h": 4}),
    (nx.binomial_tree, {"n": 6}),
    (nx.turan_graph, {"n": 9, "r": 3}),
    (nx.random_regular_graph, {"d": 3, "n": 10, "seed": 1}),
    (nx.gnp_random_graph, {"n": 30, "p": 0.5, "seed": 1}),
    (nx.gnm_random_graph, {"n": 30, "m": 40, "seed": 1}),
    (nx.barabasi_albert_graph, {"n": 30, "m": 3, "seed": 1}),
    (nx.watts_strogatz_graph, {"n": 30, "k": 4, "p": 0.2, "seed": 1}),
    (nx.dorogovtsev_goltsev_mendes_graph, {"n": 4}),
]


@pytest.mark.parametrize(("func", "kwargs"), SMALL, ids=[f.__name__ for f, _ in SMALL])
def test_estimates_bound_the_graphs_built(func: object, kwargs: dict[str, object]) -> None:
    got = estimate(func, kwargs)  # type: ignore[arg-type]
    assert got is not None
    graph = func(**kwargs)  # type: ignore[operator]
    assert graph.number_of_nodes() <= got[0]
    assert graph.number_of_edges() <= got[1]


@given(st.integers(min_value=0, max_value=10**18))
@settings(max_examples=50)
def test_complete_graphs_are_refused_past_the_limit(n: int) -> None:
    nodes, edges = estimate(nx.complete_graph, {"n": n}) or (0, 0)
    assert (nodes, edges) == (n, n * (n - 1) // 2)
    if nodes + edges > MAX_GRAPH_SIZE:
        with pytest.raises(SweepSpecError, match="would build about"):
            check_size("networkx:complete_graph", nx.complete_graph, {"n": n})


@pytest.mark.parametrize(
    ("func", "kwargs"),
    [
        (nx.complete_graph, {"n": 100_000}),
        (nx.hypercube_graph, {"n": 10**15}),
        (nx.balanced_tree, {"r": 10, "h": 10**12}),
        (nx.grid_graph, {"dim": [10**5, 10**5]}),
        (nx.gnp_random_graph, {"n": 10**6, "p": 0.0}),
        (nx.empty_graph, {"n": 10**9}),
        (nx.kneser_graph, {"n": 10**6, "k": 3}),
    ],
)
def test_huge_generators_are_refused_before_they_run(
    func: object, kwargs: dict[str, object]
) -> None:
    start = time.monotonic()
    with pytest.raises(SweepSpecError, match="would build about"):
        check_size("networkx:x", func, kwargs)  # type: ignore[arg-type]
    assert time.monotonic() - start < 1


def test_the_spec_check_refuses_a_huge_graph_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = tmp_path / "big.toml"
    spec.write_text(
        '[sweep]\nfamily = "networkx:complete_graph"\nparams = { n = 100000 }\n'
        'metrics = ["nullity"]\n'
    )
    start = time.monotonic()
    assert main(["-q", "sweep", str(spec), "--out", str(tmp_path / "out"), "--workers", "1"]) == 2
    assert time.monotonic() - start < 10
    err = capsys.readouterr().err
    assert "Sweep spec key 'n'" in err and "4999950000 edges" in err
    assert len(err.strip().splitlines()) == 1


def forever(n: int) -> nx.Graph:
    """A family that never returns (and swallows ordinary exceptions)."""
    while True:
        try:
            time.sleep(0.01)
        except Exception:  # noqa: BLE001, S112 - the time limit must get through this
            continue


def test_a_constructor_that_hangs_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(probes, "PROBE_SECONDS", 0.3)
    start = time.monotonic()
    with pytest.raises(SweepSpecError, match=r"did not build the puzzle of n=3 within the 0\.3 s"):
        load_spec({"family": forever, "params": {"n": 3}, "metrics": ["nullity"]})
    assert time.monotonic() - start < 5


def test_time_limit_keeps_an_earlier_alarm() -> None:
    import signal

    fired = []
    old = signal.signal(signal.SIGALRM, lambda *_: fired.append(1))
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        with time_limit(5):
            pass
        assert 0 < signal.getitimer(signal.ITIMER_REAL)[0] <= 0.2
        time.sleep(0.4)
        assert fired == [1]
        with pytest.raises(ProbeTimeout), time_limit(0):
            pass
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def test_rows_of_a_huge_graph_are_refused_or_skipped(tmp_path: Path) -> None:
    spec = {
        "family": "networkx:complete_graph",
        "params": {"n": [5, 100_000]},
        "metrics": ["edges"],
    }
    with pytest.raises(SweepSpecError, match="would build about"):
        load_spec(spec)
    out = run({**spec, "on_error": "skip"}, tmp_path / "res", workers=1, progress=False)
    from lightsout_graphs.interfaces.sweep import read_results

    table = read_results(out)
    assert table["edges"].tolist()[0] == 10
    assert "would build about" in table["error"].tolist()[1]


#: The examples these functions showed in their docstrings, run as doctests.
EXAMPLES = {
    "estimate": """
>>> import networkx as nx
>>> estimate(nx.complete_graph, {"n": 100_000})
(100000, 4999950000)
>>> estimate(nx.hypercube_graph, {"n": 10})
(1024, 10240)
>>> estimate(nx.circulant_graph, {"n": 12, "offsets": [1, 3]})
(12, 24)
>>> estimate(lambda n: None, {"n": 7}), estimate(lambda m: None, {"m": 7})
((7, 0), None)
""",
    "check_size": """
>>> import networkx as nx
>>> check_size("networkx:complete_graph", nx.complete_graph, {"n": 100})
>>> check_size("networkx:complete_graph", nx.complete_graph, {"n": 100_000})
Traceback (most recent call last):
...
lightsout_graphs.core.errors.SweepSpecError: family 'networkx:complete_graph' with n=100000 would build about 100000 nodes and 4999950000 edges, more than a sweep builds (10000000 nodes and edges, ...
""",
    "time_limit": """
>>> with time_limit(5):
...     total = sum(range(10))
>>> try:
...     with time_limit(0.05):
...         while True:
...             pass
... except ProbeTimeout:
...     print("stopped")
stopped
""",
}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_examples(name: str) -> None:
    run_examples("lightsout_graphs.interfaces.sweep.probes", name, EXAMPLES[name])
