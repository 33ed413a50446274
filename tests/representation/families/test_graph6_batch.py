"""The batch graph6 decoder agrees with networkx, header and long forms included."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.representation.families.graph6_batch import decode_graph6_batch


@st.composite
def graphs(draw: st.DrawFn) -> nx.Graph:
    n = draw(st.integers(1, 64))
    p = draw(st.sampled_from([0.0, 0.1, 0.5, 0.9, 1.0]))
    return nx.gnp_random_graph(n, p, seed=draw(st.integers(0, 2**32 - 1)))


def edges_of(g: nx.Graph) -> list[tuple[int, int]]:
    return sorted(tuple(sorted(e)) for e in g.edges)  # type: ignore[misc]


@settings(max_examples=60, deadline=None)
@given(st.lists(graphs(), min_size=1, max_size=6), st.booleans(), st.booleans())
def test_batch_decoder_agrees_with_networkx(gs: list[nx.Graph], header: bool, crlf: bool) -> None:
    lines = [nx.to_graph6_bytes(g, header=header).strip() for g in gs]
    text = (b"\r\n" if crlf else b"\n").join(lines)
    batch = decode_graph6_batch(text)
    assert len(batch) == len(gs)
    for i, line in enumerate(lines):
        want = nx.from_graph6_bytes(line.removeprefix(b">>graph6<<"))
        assert batch.n[i] == want.number_of_nodes()
        assert batch.edges(i) == edges_of(want)
        assert batch.line[i] == i + 1
        for v in range(int(batch.n[i])):
            assert int(batch.rows[i, v]) == sum(1 << u for u in want[v])


def test_long_forms_for_63_and_64_vertices() -> None:
    for n in (62, 63, 64):
        g = nx.complete_graph(n)
        line = nx.to_graph6_bytes(g, header=False)
        assert line.startswith(b"~") == (n >= 63)
        batch = decode_graph6_batch(line)
        assert batch.n.tolist() == [n]
        full = (1 << n) - 1
        assert [int(r) for r in batch.rows[0, :n]] == [full ^ (1 << v) for v in range(n)]


def test_blank_lines_are_skipped_and_counted() -> None:
    batch = decode_graph6_batch(b"Bw\n\nA_\n")
    assert batch.n.tolist() == [3, 2]
    assert batch.line.tolist() == [1, 3]
    assert decode_graph6_batch(b"").n.shape == (0,)
    assert batch.rows.dtype == np.uint64


@pytest.mark.parametrize(
    ("text", "line", "why"),
    [
        (b"Bw\nB!\n", 2, "outside graph6's range"),
        (b"Bw\nBww\n", 2, "wrong number of characters"),
        (b"A_\nBw\nB\n", 3, "wrong number of characters"),
        (nx.to_graph6_bytes(nx.empty_graph(65), header=False), 1, "more than 64 vertices"),
        (b"~~??????\n", 1, "more than 64 vertices"),
        (b">>graph6<<\n", 1, "empty graph6 string"),
    ],
)
def test_a_malformed_line_names_the_file_and_line(text: bytes, line: int, why: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=rf"^data\.g6, line {line}: .*{why}"):
        decode_graph6_batch(text, "data.g6")


def test_not_bytes() -> None:
    with pytest.raises(InvalidPuzzleError, match="must be graph6 bytes"):
        decode_graph6_batch("Bw")  # type: ignore[arg-type]
