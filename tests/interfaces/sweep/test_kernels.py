"""The compiled per-graph kernels of graph streams agree with the general engine."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.core.zk import graph_ranks
from lightsout_graphs.interfaces.sweep import kernels
from lightsout_graphs.interfaces.sweep.kernels import (
    SLICED_MAX_N,
    _ctz_portable,
    census_block,
    connected,
    decode_graph6,
    gf2_rank,
    rank_of,
)
from lightsout_graphs.representation.families.graph6_batch import decode_line
from tests.interfaces.sweep.examples import run_examples
from tests.strategies import as_words, small_graphs, wide_graphs

#: The kernels the no-numba test runs as plain Python.
PLAIN = ("gf2_rank", "connected", "_decode_short")


def bitset_rows(graph: nx.Graph) -> np.ndarray:
    rows = np.zeros(64, dtype=np.uint64)
    for u, v in graph.edges:
        rows[u] |= np.uint64(1) << np.uint64(v)
        rows[v] |= np.uint64(1) << np.uint64(u)
    return rows


def expected(graph: nx.Graph, p: int, closed: bool) -> tuple[int, bool]:
    puzzle = lo.Puzzle(graph, modulus=p, rule="closed" if closed else "open")
    nullity = lo.analyze(puzzle).nullity
    assert nullity is not None  # p is prime
    rank = puzzle.n - nullity
    return rank, lo.is_solvable(puzzle, 1)


@given(small_graphs(max_nodes=9, directed=False))
def test_connected_is_networkx_connected(graph: nx.Graph) -> None:
    rows = bitset_rows(graph)
    assert bool(connected(rows, graph.number_of_nodes())) == nx.is_connected(graph)


@pytest.mark.parametrize("n", [1, 32, 63, 64])
def test_the_widest_words(n: int) -> None:
    graph = nx.path_graph(n)
    rows = bitset_rows(graph)
    tmp = np.zeros(64, dtype=np.uint64)
    rank, ok = gf2_rank(rows, n, True, tmp)
    assert (int(rank), bool(ok)) == expected(graph, 2, True)
    assert connected(rows, n)


@settings(max_examples=80)
@given(wide_graphs())
def test_connected_matches_networkx_up_to_64_vertices(graph: tuple[list[int], int]) -> None:
    rows, n = graph
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from((i, j) for i in range(n) for j in range(i) if rows[i] >> j & 1)
    assert bool(connected(as_words(rows), n)) == (n <= 1 or nx.is_connected(g))


@settings(max_examples=80)
@given(wide_graphs(), st.booleans())
def test_decode_graph6_agrees_with_decode_line(graph: tuple[list[int], int], header: bool) -> None:
    rows, n = graph
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from((i, j) for i in range(n) for j in range(i) if rows[i] >> j & 1)
    text = nx.to_graph6_bytes(g, header=header).strip()
    buf = np.frombuffer(text, dtype=np.uint8)
    got, want = np.zeros(64, dtype=np.uint64), np.zeros(64, dtype=np.uint64)
    assert decode_graph6(buf, 0, buf.size, got) == decode_line(buf, 0, buf.size, want) == n
    assert got[:n].tolist() == want[:n].tolist() == rows


@pytest.mark.parametrize(
    "text",
    [b"", b"B", b"Bww", b"B\x7f", b"D!c", b"Dh\x00", b"Bx", b"~~", b"~?@", b">>graph6<<Bw"],
)
def test_decode_graph6_gives_decode_line_s_answer_on_odd_lines(text: bytes) -> None:
    # wrong lengths, bad characters, padding bits set (Bx: the triangle), long forms, header
    buf = np.frombuffer(text + b"\n", dtype=np.uint8)
    got, want = np.zeros(64, dtype=np.uint64), np.zeros(64, dtype=np.uint64)
    code = decode_line(buf, 0, len(text), want)
    assert decode_graph6(buf, 0, len(text), got) == code
    if code >= 0:
        assert got[:code].tolist() == want[:code].tolist()


def census_by_hand(lines: list[bytes], moduli: list[int], rules: list[bool]) -> np.ndarray:
    """The census histogram of graph6 lines, graph by graph through networkx."""
    hist = np.zeros((65, len(rules), len(moduli), 2, 65, 2), dtype=np.int64)
    for line in lines:
        if not line.strip():
            continue
        graph = nx.from_graph6_bytes(line.strip())
        n = graph.number_of_nodes()
        conn = int(n <= 1 or nx.is_connected(graph))
        for r, closed in enumerate(rules):
            for m, p in enumerate(moduli):
                rank, ok = expected(graph, p, closed) if n else (0, True)
                hist[n, r, m, conn, n - rank, int(ok)] += 1
    return hist


@settings(max_examples=25, deadline=None)
@given(
    st.lists(small_graphs(max_nodes=9, directed=False), min_size=1, max_size=12),
    st.sampled_from([b"\n", b"\r\n"]),
    st.booleans(),
    st.integers(1, 40),
)
def test_census_block_counts_what_the_general_engine_finds(
    graphs: list[nx.Graph], newline: bytes, blank: bool, cut: int
) -> None:
    lines = [nx.to_graph6_bytes(g, header=False).strip() for g in graphs]
    if blank:
        lines.insert(len(lines) // 2, b"")
    text = newline.join(lines)  # the last line has no newline: read with final=True only
    buf = np.frombuffer(text, dtype=np.uint8)
    moduli, rules = [2, 3], [True, False]
    hist = np.zeros((65, 2, 2, 2, 65, 2), dtype=np.int64)
    args = (np.array(moduli), np.array(rules), hist)
    # a first call on a cut buffer reads the complete lines only, as the census does
    hi = min(cut, buf.size)
    count, used, _, err = census_block(buf[:hi].copy(), hi, False, *args)
    assert err == 0
    rest = buf[used:].copy()
    more, used2, _, err = census_block(rest, rest.size, True, *args)
    assert err == 0 and used2 == rest.size
    assert count + more == len(graphs)
    assert (hist == census_by_hand(lines, moduli, rules)).all()


def test_census_block_stops_at_a_bad_line() -> None:
    buf = np.frombuffer(b"Bw\nB!\nBw\n", dtype=np.uint8)
    hist = np.zeros((4, 1, 1, 2, 4, 2), dtype=np.int64)
    got = census_block(buf, buf.size, True, np.array([2]), np.array([True]), hist)
    assert tuple(got) == (1, 3, 1, -1)  # one graph, stopped at byte 3: a bad character
    assert int(hist.sum()) == 1


@settings(max_examples=40)
@given(wide_graphs(), st.booleans())
def test_the_kernels_without_numba_give_the_same_answers(
    graph: tuple[list[int], int], closed: bool
) -> None:
    # without numba the kernels run as Python, with the portable lowest-bit search
    rows, n = graph
    words, tmp = as_words(rows), np.zeros(64, dtype=np.uint64)
    want = (int(gf2_rank(words, n, closed, tmp)[0]), bool(connected(words, n)))
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from((i, j) for i in range(n) for j in range(i) if rows[i] >> j & 1)
    buf = np.frombuffer(nx.to_graph6_bytes(g, header=False).strip(), dtype=np.uint8)
    decoded = np.zeros(64, dtype=np.uint64)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(kernels, "_ctz", _ctz_portable)
        mp.setattr(graph_ranks, "_ctz", _ctz_portable)
        plain = {f: getattr(getattr(kernels, f), "py_func", getattr(kernels, f)) for f in PLAIN}
        rank, _ = plain["gf2_rank"](words, n, closed, tmp)
        conn = plain["connected"](words, n)
        if 0 < n < 63:
            assert plain["_decode_short"](buf, 0, buf.size, decoded) == n
            assert decoded[:n].tolist() == rows
    assert (int(rank), bool(conn)) == want


def test_census_block_batches_full_batches_and_wide_graphs() -> None:
    # more graphs than one batch holds, of several sizes (some too wide for the batches)
    rng = np.random.default_rng(7)
    sizes = [10] * 600 + [SLICED_MAX_N + 1] * 5 + [3] * 300 + [SLICED_MAX_N] * 20 + [40] * 3
    lines = [
        nx.to_graph6_bytes(nx.gnp_random_graph(n, 0.4, seed=int(rng.integers(2**31))))
        .split(b"<<")[-1]
        .strip()
        for n in sizes
    ]
    buf = np.frombuffer(b"\n".join(lines) + b"\n", dtype=np.uint8)
    hist = np.zeros((65, 2, 2, 2, 65, 2), dtype=np.int64)
    got = census_block(buf, buf.size, False, np.array([3, 2]), np.array([True, False]), hist)
    assert tuple(got) == (len(lines), buf.size, len(lines), 0)
    want = np.zeros_like(hist)
    rows, tmp = np.zeros(64, dtype=np.uint64), np.zeros(64, dtype=np.uint64)
    mat = np.zeros((64, 65), dtype=np.int64)
    for line in lines:  # graph by graph, with the scalar kernels
        n = decode_line(np.frombuffer(line, dtype=np.uint8), 0, len(line), rows)
        conn = int(connected(rows, n))
        for r, closed in enumerate((True, False)):
            for m, p in enumerate((3, 2)):
                rank, ok = rank_of(rows, n, closed, p, tmp, mat)
                want[n, r, m, conn, n - rank, int(ok)] += 1
    assert (hist == want).all()


#: The examples these functions showed in their docstrings, run as doctests.
EXAMPLES = {
    "_connected": """
>>> rows = np.zeros(64, dtype=np.uint64)
>>> rows[:3] = [0b010, 0b001, 0]  # an edge and a lone vertex
>>> connected(rows, 3), connected(rows, 2)
(False, True)
""",
    "_decode_graph6": """
>>> buf = np.frombuffer(b"DhcBw", dtype=np.uint8)  # a 5-cycle, then the triangle
>>> rows = np.zeros(64, dtype=np.uint64)
>>> decode_graph6(buf, 0, 3, rows), rows[:5].tolist()
(5, [18, 5, 10, 20, 9])
>>> decode_graph6(buf, 0, 2, rows)  # too short for 5 vertices
-2
""",
    "_metrics_block": """
>>> buf = np.frombuffer(b"Bw\\nBo\\n", dtype=np.uint8)  # a triangle and a path, in graph6
>>> n, edges, start, end = (np.zeros(4, dtype=np.int64) for _ in range(4))
>>> rank, all_on = np.zeros((4, 1), dtype=np.int64), np.zeros((4, 1), dtype=bool)
>>> metrics_block(
...     buf, 6, False, np.array([2]), np.array([True]), n, edges, rank, all_on, start, end
... )
(2, 6, 2, 0)
>>> n[:2].tolist(), edges[:2].tolist(), rank[:2, 0].tolist(), all_on[:2, 0].tolist()
([3, 3], [3, 2], [1, 3], [True, True])
""",
    "_census_block": """
>>> buf = np.frombuffer(b"Bw\\nBo\\n", dtype=np.uint8)  # a triangle and a path, in graph6
>>> hist = np.zeros((4, 1, 1, 2, 4, 2), dtype=np.int64)
>>> census_block(buf, buf.size, False, np.array([2]), np.array([True]), hist)
(2, 6, 2, 0)
>>> np.argwhere(hist).tolist()  # [n, rule, modulus, connected, nullity, all-on solvable]
[[3, 0, 0, 1, 0, 1], [3, 0, 0, 1, 2, 1]]
""",
    "warm_census": """
>>> warm_census()
""",
}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_examples(name: str) -> None:
    run_examples("lightsout_graphs.interfaces.sweep.kernels", name, EXAMPLES[name])
