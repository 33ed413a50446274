"""Chunks: the lean graph6 path equals the general path; rows come in sweep order."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.core.errors import SweepSpecError
from lightsout_graphs.interfaces.sweep import load_spec
from lightsout_graphs.interfaces.sweep.work import LEAN_METRICS, Chunk, family_item, run_chunk
from lightsout_graphs.representation.families.graph6 import decode_graph6
from tests.interfaces.sweep.examples import run_examples

LEAN = sorted(LEAN_METRICS)


@st.composite
def graphs(draw: st.DrawFn, max_nodes: int = 11) -> nx.Graph:
    n = draw(st.integers(1, max_nodes))
    g = nx.empty_graph(n)
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    g.add_edges_from(p for p in pairs if draw(st.booleans()))
    return g


def g6(g: nx.Graph) -> bytes:
    return nx.to_graph6_bytes(g, header=False).strip()


@given(graphs(max_nodes=20))
def test_decode_graph6_matches_networkx(g: nx.Graph) -> None:
    n, rows = decode_graph6(g6(g))
    assert n == g.number_of_nodes()
    for u in range(n):
        assert rows[u] == sum(1 << v for v in g[u])


@pytest.mark.parametrize("line", [b"", b"A", b"B", b"Bww", b"B\x7f", b":Fa@x^"])
def test_decode_graph6_rejects_bad_lines(line: bytes) -> None:
    assert decode_graph6(line) is None


@given(st.lists(graphs(), min_size=1, max_size=8))
def test_lean_path_equals_the_puzzle_path(gs: list[nx.Graph]) -> None:
    lines = tuple(g6(g) for g in gs)
    lean = load_spec({"graph6": __file__, "metrics": LEAN, "rules": ["closed", "open"]})
    # lightest_quiet_pattern forces the general path (Puzzle + analyze) for every row.
    full = load_spec(
        {
            "graph6": __file__,
            "metrics": [*LEAN, "lightest_quiet_pattern"],
            "rules": ["closed", "open"],
        }
    )
    chunk = Chunk(0, 0, len(lines), lines, "test")
    fast = run_chunk(lean, chunk).to_pylist()
    slow = run_chunk(full, chunk).to_pylist()
    assert len(fast) == 2 * len(gs)
    for a, b in zip(fast, slow, strict=True):
        b.pop("lightest_quiet_pattern")
        assert a == b
    for row, g in zip(fast[::2], gs, strict=True):
        analysis = lo.analyze(lo.Puzzle(g))
        assert row["nullity"] == analysis.nullity
        assert row["graph6"] == g6(g).decode()


def test_graph_streams_with_other_moduli_use_the_puzzle_path() -> None:
    spec = load_spec({"graph6": __file__, "metrics": ["nullity", "kernel_size"], "moduli": [3]})
    rows = run_chunk(spec, Chunk(0, 0, 1, (b"Bw",), "t")).to_pylist()
    # The triangle mod 3: T = J (all ones), rank 1.
    assert rows == [
        {"graph6": "Bw", "modulus": 3, "rule": "closed", "nullity": 2, "kernel_size": "9"}
    ]


def test_a_bad_graph6_line_names_its_source_and_line() -> None:
    spec = load_spec({"graph6": __file__, "metrics": ["nullity"]})
    with pytest.raises(SweepSpecError, match=r"input\.g6 line 12: not a graph6 string"):
        run_chunk(spec, Chunk(3, 10, 12, (b"Bw", b"oops"), "input.g6"))


def test_family_rows_follow_parameters_then_moduli_then_rules() -> None:
    spec = load_spec(
        {
            "family": "grid",
            "params": {"m": "1..2", "n": [3, 1]},
            "moduli": [2, 3],
            "rules": ["closed", "open"],
            "metrics": ["edges"],
        }
    )
    assert [family_item(spec, i)[0] for i in range(4)] == [
        {"m": 1, "n": 3},
        {"m": 1, "n": 1},
        {"m": 2, "n": 3},
        {"m": 2, "n": 1},
    ]
    rows = run_chunk(spec, Chunk(0, 1, 3)).to_pylist()
    keys = [(r["m"], r["n"], r["modulus"], r["rule"]) for r in rows]
    assert keys == [
        (1, 1, 2, "closed"),
        (1, 1, 2, "open"),
        (1, 1, 3, "closed"),
        (1, 1, 3, "open"),
        (2, 3, 2, "closed"),
        (2, 3, 2, "open"),
        (2, 3, 3, "closed"),
        (2, 3, 3, "open"),
    ]
    assert rows[-1]["edges"] == lo.grid(2, 3).graph.number_of_edges()


def test_a_failing_puzzle_stops_the_sweep_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from lightsout_graphs.core.errors import SearchLimitError, SweepError
    from lightsout_graphs.interfaces.sweep import work

    real = work.compute_metrics

    def fussy(
        puzzle: lo.Puzzle, metrics: list[str], limit: int, seconds: float | None = None
    ) -> dict[str, object]:
        if puzzle.n == 6 and puzzle.modulus == 3:
            raise SearchLimitError("too many presses to try")
        return real(puzzle, metrics, limit, seconds)

    monkeypatch.setattr(work, "compute_metrics", fussy)
    spec = load_spec(
        {
            "family": "grid",
            "params": {"m": "1..3", "n": 2},
            "moduli": [2, 3],
            "metrics": ["lightest_quiet_pattern"],  # per board: grids' fast engines skip it
        }
    )
    with pytest.raises(SweepError) as err:
        run_chunk(spec, Chunk(0, 0, 3))
    assert str(err.value) == (
        "Sweep stopped at grid(m=3, n=2), modulus 3, rule closed: "
        "SearchLimitError: too many presses to try"
    )
    stream = load_spec(
        {"graph6": __file__, "metrics": ["n", "lightest_quiet_pattern"], "moduli": [3]}
    )
    with pytest.raises(SweepError, match=r"the graph at g\.g6 line 2 \(E~~w\), modulus 3"):
        run_chunk(stream, Chunk(0, 0, 2, (b"Bw", b"E~~w"), "g.g6"))


def test_a_puzzle_over_the_memory_budget_is_refused_and_the_sweep_goes_on(tmp_path: Path) -> None:
    from lightsout_graphs import zk
    from lightsout_graphs.interfaces.sweep import read_results, run

    spec = {
        "family": "king",
        "params": {"m": [2, 40], "n": 40},
        "metrics": ["nullity"],
    }
    zk.set_memory_budget(20_000)  # bytes: the 2×40 board fits, the 40×40 board does not
    try:
        table = read_results(run(spec, tmp_path, workers=1, progress=False))
    finally:
        zk.set_memory_budget(None)  # back to the environment or the machine's default
    assert table.m.tolist() == [2, 40]
    assert table.nullity.notna().tolist() == [True, False]  # refused: an empty cell


def test_own_metrics_on_a_graph6_stream_take_the_type_of_the_first_graph(
    tmp_path: Path,
) -> None:
    from lightsout_graphs.interfaces.sweep import read_results, run

    def degree_sum(puzzle: lo.Puzzle) -> int:
        return 2 * puzzle.graph.number_of_edges()

    graphs = [nx.path_graph(3), nx.cycle_graph(4), nx.complete_graph(4)]
    g6 = tmp_path / "g.g6"
    g6.write_bytes(b"".join(nx.to_graph6_bytes(g, header=False) for g in graphs))
    spec = {"graph6": str(g6), "metrics": ["n", degree_sum, "symmetries"], "moduli": [2, 3]}
    out = run(spec, tmp_path / "out", workers=1, progress=False)
    table = read_results(out)
    assert table["degree_sum"].tolist() == [4, 4, 8, 8, 12, 12]
    assert table["symmetries"].tolist() == [2, 2, 8, 8, 24, 24]
    assert str(table["degree_sum"].dtype) == "int64"


def slow_in_the_middle(n: int) -> nx.Graph:
    """A family that hangs for n = 5 only (the spec check tries the smallest and largest n)."""
    import time

    while n == 5:
        time.sleep(0.01)
    return nx.path_graph(n)


def test_a_row_whose_constructor_hangs_is_stopped_or_skipped(tmp_path: Path) -> None:
    from lightsout_graphs.core.errors import SweepError
    from lightsout_graphs.interfaces.sweep import read_results, run

    spec = {
        "family": slow_in_the_middle,
        "params": {"n": "3..7"},
        "metrics": ["nullity"],
        "time_limit": 0.3,
    }
    with pytest.raises(SweepError, match=r"n=5\), modulus 2.*not built within time_limit=0\.3 s"):
        run(spec, tmp_path / "stop", workers=1, progress=False)
    out = run({**spec, "on_error": "skip"}, tmp_path / "skip", workers=1, progress=False)
    table = read_results(out)
    assert table["error"].tolist()[2] == "TimeoutError: not built within time_limit=0.3 s"
    assert table["nullity"].notna().tolist() == [True, True, False, True, True]


#: The examples these functions showed in their docstrings, run as doctests.
EXAMPLES = {
    "Chunk": """
>>> Chunk(0, 0, 2, (b"Bw", b"A_"), "small.g6").stop
2
""",
    "Chunk.text": """
>>> from lightsout_graphs.interfaces.sweep import load_spec
>>> spec = load_spec({"geng": "3", "metrics": ["n"]})
>>> Chunk(0, 0, 2, (b"Bw", b"A_")).text(spec)
b'Bw\\nA_\\n'
>>> Chunk(0, 0, 0, part=(0, 1)).text(spec).split()
[b'B?', b'BO', b'BW', b'Bw']
""",
    "schema": """
>>> from lightsout_graphs.interfaces.sweep import load_spec
>>> s = schema(
...     load_spec(
...         {
...             "family": "grid",
...             "params": {"m": "1..2", "n": 3},
...             "metrics": ["nullity", "kernel_size"],
...         }
...     )
... )
>>> s.names
['m', 'n', 'modulus', 'rule', 'nullity', 'kernel_size']
""",
    "family_item": """
>>> from lightsout_graphs.interfaces.sweep import load_spec
>>> spec = load_spec(
...     {"family": "grid", "params": {"m": "1..3", "n": "1..2"}, "metrics": ["edges"]}
... )
>>> family_item(spec, 3)
({'m': 2, 'n': 2}, {'m': 2, 'n': 2})
""",
    "infer_metric_types": """
>>> from lightsout_graphs.interfaces.sweep import load_spec
>>> def big(puzzle):
...     return puzzle.n > 4
>>> spec = load_spec({"family": "grid", "params": {"m": 2, "n": 3}, "metrics": [big]})
>>> spec.custom[0].dtype is None, infer_metric_types(spec).custom[0].dtype
(True, 'bool')
""",
    "run_chunk": """
>>> from lightsout_graphs.interfaces.sweep import load_spec
>>> spec = load_spec(
...     {"family": "grid", "params": {"m": 4, "n": "4..5"}, "metrics": ["nullity"]}
... )
>>> run_chunk(spec, Chunk(0, 0, 2)).to_pylist()
[{'m': 4, 'n': 4, 'modulus': 2, 'rule': 'closed', 'nullity': 4},
 {'m': 4, 'n': 5, 'modulus': 2, 'rule': 'closed', 'nullity': 0}]
""",
}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_examples(name: str) -> None:
    run_examples("lightsout_graphs.interfaces.sweep.work", name, EXAMPLES[name])
