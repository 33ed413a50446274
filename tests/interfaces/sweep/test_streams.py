"""Graph streams: the compiled kernel equals the per-board path for every prime and rule."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lightsout_graphs.core.errors import SweepSpecError
from lightsout_graphs.interfaces.sweep import load_spec
from lightsout_graphs.interfaces.sweep.streams import (
    FAST_METRICS,
    fast_table,
    geng_argv,
    geng_parts,
    run_geng_part,
)
from lightsout_graphs.interfaces.sweep.work import Chunk, run_chunk
from tests.interfaces.sweep.examples import run_examples

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
    from lightsout_graphs.interfaces.sweep.work import schema

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
    from lightsout_graphs.interfaces.sweep.work import schema

    assert fast_table(line + b"\n", spec, schema(spec), 1, "t.g6") is None
    rows = run_chunk(spec, Chunk(0, 0, 1, (line,), "t.g6")).to_pylist()
    assert rows[0]["n"] == 70


def test_geng_parts() -> None:
    assert geng_parts("-c 10", 100_000) == 128
    assert geng_parts("10 3/8", 10) == 1  # already split by the user
    with pytest.raises(SweepSpecError, match="names no number of vertices"):
        geng_parts("-c", 10)


@pytest.mark.parametrize(
    "args",
    ["9", "-c 9", "-ctb 8", "-cd1D4 8 7:12", "-c -d2 -D5 7 6:9 0/4", "8 0/2", "6 5-7", "-lq 5 3:"],
)
def test_geng_arguments_on_the_allow_list_pass(args: str) -> None:
    assert geng_argv(args) == args.split()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ("3 /tmp/victim.txt", "'/tmp/victim.txt' .* is not allowed"),
        ("3 1:2 0/2 out.g6", "'out.g6' .* is not allowed"),
        ("3 :2", "':2' .* is not allowed"),  # geng would take ':2' as its output file
        ("-u 5", "'-u' .* is not allowed"),  # no output
        ("-s 5", "'-s' .* is not allowed"),  # sparse6
        ("-ch 5", "'-ch' .* is not allowed"),  # a header line
        ("-d 5", "n = 5 .*|'-d' .* is not allowed"),
        ("5 0/2 1/2", "'1/2' .* is not allowed"),
        ("5 3/2", "needs 0 <= res < mod"),
        ("33", "geng takes 1..32 vertices"),
        ("9" * 5000, "is not allowed|geng takes 1..32"),
        ("-c", "names no number of vertices"),
        ("5 '", "cannot split"),
    ],
)
def test_other_geng_arguments_are_refused(args: str, message: str) -> None:
    with pytest.raises(SweepSpecError, match=message):
        geng_argv(args)
    with pytest.raises(SweepSpecError, match="Sweep spec key 'geng'"):
        load_spec({"geng": args, "metrics": ["nullity"]})


def test_a_geng_spec_never_writes_a_file(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    with pytest.raises(SweepSpecError, match="is not allowed"):
        run_geng_part(f"3 {victim}", 0, 1)
    assert victim.read_text() == "precious"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["victim.txt"]


def test_the_compiled_kernel_applies_to_prime_moduli_only() -> None:
    from lightsout_graphs.interfaces.sweep.streams import applies

    assert applies(("nullity",), ("closed",), (2, 3))
    assert not applies(("nullity",), ("closed",), (4,))


#: The examples these functions showed in their docstrings, run as doctests.
EXAMPLES = {
    "geng_argv": """
>>> geng_argv("-c 9"), geng_argv("-cd1D4 8 7:12 0/4")
(['-c', '9'], ['-cd1D4', '8', '7:12', '0/4'])
>>> geng_argv("3 /tmp/victim.txt")
Traceback (most recent call last):
...
lightsout_graphs.core.errors.SweepSpecError: Sweep spec key 'geng': argument '/tmp/victim.txt' of '3 /tmp/victim.txt' is not allowed ...
""",
    "geng_parts": """
>>> geng_parts("-c 10", 100_000), geng_parts("6", 5), geng_parts("10 0/4", 10)
(128, 32, 1)
""",
    "run_geng_part": """
>>> run_geng_part("3", 0, 1).split()  # the 4 graphs on 3 vertices
[b'B?', b'BO', b'BW', b'Bw']
""",
    "fast_table": """
>>> from lightsout_graphs.interfaces.sweep import load_spec
>>> from lightsout_graphs.interfaces.sweep.work import schema
>>> spec = load_spec({"geng": "3", "metrics": ["n", "nullity"]})
>>> table = fast_table(b"Bw\\nA_\\n", spec, schema(spec), 1, "small.g6")
>>> table.column("nullity").to_pylist()
[2, 1]
""",
}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_examples(name: str) -> None:
    run_examples("lightsout_graphs.interfaces.sweep.streams", name, EXAMPLES[name])
