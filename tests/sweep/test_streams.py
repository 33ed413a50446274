"""Graph streams: the compiled kernel equals the per-board path for every prime and rule."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lightsout_graphs.errors import SweepSpecError
from lightsout_graphs.sweep import load_spec
from lightsout_graphs.sweep.streams import FAST_METRICS, fast_table, geng_parts
from lightsout_graphs.sweep.work import Chunk, run_chunk

METRICS = sorted(FAST_METRICS)


@st.composite
def graph6_lines(draw: st.DrawFn) -> list[bytes]:
    lines = []
    for _ in range(draw(st.integers(1, 6))):
        n = draw(st.integers(1, 12))
        g = nx.gnp_random_graph(
            n, draw(st.sampled_from([0.2, 0.5, 0.8])), seed=draw(st.integers(0, 10**6))
        )
        header = draw(st.booleans())
        lines.append(nx.to_graph6_bytes(g, header=header).strip())
    return lines


@settings(max_examples=30, deadline=None)
@given(
    lines=graph6_lines(),
    moduli=st.lists(st.sampled_from([2, 3, 5, 7, 65521]), min_size=1, max_size=3, unique=True),
    rules=st.lists(st.sampled_from(["closed", "open"]), min_size=1, max_size=2, unique=True),
)
def test_compiled_stream_kernel_equals_the_per_board_path(
    lines: list[bytes], moduli: list[int], rules: list[str]
) -> None:
    fast = load_spec({"graph6": __file__, "metrics": METRICS, "moduli": moduli, "rules": rules})
    # lightest_quiet_pattern is not compiled: the whole chunk takes the per-board path.
    slow = load_spec(
        {
            "graph6": __file__,
            "metrics": [*METRICS, "lightest_quiet_pattern"],
            "moduli": moduli,
            "rules": rules,
        }
    )
    chunk = Chunk(0, 0, len(lines), tuple(lines), "t.g6")
    from lightsout_graphs.sweep.work import schema

    data = b"".join(line + b"\n" for line in lines)
    assert fast_table(data, fast, schema(fast), 1, "t.g6") is not None
    got = run_chunk(fast, chunk).to_pylist()
    want = run_chunk(slow, chunk).to_pylist()
    for row in want:
        row.pop("lightest_quiet_pattern")
    assert got == want


def test_graphs_over_64_vertices_fall_back_to_the_per_board_path() -> None:
    line = nx.to_graph6_bytes(nx.path_graph(70), header=False).strip()
    spec = load_spec({"graph6": __file__, "metrics": ["n", "nullity"]})
    from lightsout_graphs.sweep.work import schema

    assert fast_table(line + b"\n", spec, schema(spec), 1, "t.g6") is None
    rows = run_chunk(spec, Chunk(0, 0, 1, (line,), "t.g6")).to_pylist()
    assert rows[0]["n"] == 70


def test_geng_parts() -> None:
    assert geng_parts("-c 10", 100_000) == 128
    assert geng_parts("10 3/8", 10) == 1  # already split by the user
    with pytest.raises(SweepSpecError, match="names no number of vertices"):
        geng_parts("-c", 10)
