"""The compiled per-graph kernels of graph streams agree with the general engine."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.interfaces.sweep import kernels
from lightsout_graphs.interfaces.sweep.kernels import (
    SLICED_MAX_N,
    _ctz_portable,
    add_to_slices,
    census_block,
    connected,
    decode_graph6,
    gf2_rank,
    gfp_rank,
    rank_of,
    sliced_gf2_ranks,
    sliced_scratch,
)
from lightsout_graphs.representation.families.graph6_batch import decode_line
from tests.strategies import small_graphs

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


@settings(max_examples=60)
@given(
    small_graphs(max_nodes=9, directed=False),
    st.sampled_from([2, 3, 5, 7, 31, 2**31 - 1]),
    st.booleans(),
)
def test_ranks_and_all_on_match_the_general_engine(graph: nx.Graph, p: int, closed: bool) -> None:
    rows, n = bitset_rows(graph), graph.number_of_nodes()
    tmp = np.zeros(64, dtype=np.uint64)
    mat = np.zeros((64, 65), dtype=np.int64)
    got = rank_of(rows, n, closed, p, tmp, mat)
    assert (int(got[0]), bool(got[1])) == expected(graph, p, closed)
    if p == 2:
        assert tuple(gf2_rank(rows, n, closed, tmp)) == tuple(got)
    else:
        assert tuple(gfp_rank(rows, n, closed, p, mat)) == tuple(got)


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


def reference_gf2(rows: list[int], n: int, closed: bool) -> tuple[int, bool]:
    """Rank and all-ones solvability by plain Gaussian elimination on Python ints."""
    mat = [(rows[i] | (1 << i if closed else 0)) | (1 << n) for i in range(n)]  # bit n: rhs
    rank = 0
    for c in range(n):
        piv = next((r for r in range(rank, n) if mat[r] >> c & 1), None)
        if piv is None:
            continue
        mat[rank], mat[piv] = mat[piv], mat[rank]
        for r in range(n):
            if r != rank and mat[r] >> c & 1:
                mat[r] ^= mat[rank]
        rank += 1
    return rank, all(mat[r] == 0 for r in range(rank, n))


@st.composite
def wide_graphs(draw: st.DrawFn) -> tuple[list[int], int]:
    """Adjacency bitsets of a random graph on 0..64 vertices (sparse, dense or in between)."""
    n = draw(st.integers(0, 64))
    density = draw(st.sampled_from([0.05, 0.2, 0.5, 0.9]))
    seed = draw(st.integers(0, 2**32 - 1))
    graph = nx.gnp_random_graph(n, density, seed=seed)
    rows = [0] * n
    for u, v in graph.edges:
        rows[u] |= 1 << v
        rows[v] |= 1 << u
    return rows, n


def as_words(rows: list[int]) -> np.ndarray:
    words = np.zeros(64, dtype=np.uint64)
    words[: len(rows)] = np.array(rows, dtype=np.uint64)
    return words


@settings(max_examples=80)
@given(wide_graphs(), st.booleans())
def test_gf2_rank_matches_plain_elimination_up_to_64_vertices(
    graph: tuple[list[int], int], closed: bool
) -> None:
    rows, n = graph
    tmp = np.zeros(64, dtype=np.uint64)
    got = gf2_rank(as_words(rows), n, closed, tmp)
    assert (int(got[0]), bool(got[1])) == reference_gf2(rows, n, closed)


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


@given(st.integers(1, 2**64 - 1))
def test_the_portable_lowest_bit_search(word: int) -> None:
    assert _ctz_portable(np.uint64(word)) == (word & -word).bit_length() - 1


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
        plain = {f: getattr(getattr(kernels, f), "py_func", getattr(kernels, f)) for f in PLAIN}
        rank, _ = plain["gf2_rank"](words, n, closed, tmp)
        conn = plain["connected"](words, n)
        if 0 < n < 63:
            assert plain["_decode_short"](buf, 0, buf.size, decoded) == n
            assert decoded[:n].tolist() == rows
    assert (int(rank), bool(conn)) == want


@settings(max_examples=30, deadline=None)
@given(
    st.integers(0, SLICED_MAX_N),
    st.integers(1, 4 * 64),
    st.sampled_from([0.1, 0.5, 0.9]),
    st.integers(0, 2**32 - 1),
    st.booleans(),
)
def test_sliced_ranks_match_one_graph_at_a_time(
    n: int, count: int, density: float, seed: int, closed: bool
) -> None:
    work, pivot, row_masks, masks, planes = sliced_scratch()
    graphs = [nx.gnp_random_graph(n, density, seed=seed + g) for g in range(count)]
    for g, graph in enumerate(graphs):
        add_to_slices(bitset_rows(graph), n, work, g)
    sliced_gf2_ranks(work, n, count, closed, pivot, row_masks, masks, planes)
    tmp = np.zeros(64, dtype=np.uint64)
    for g, graph in enumerate(graphs):
        lane, bit = g // 64, np.uint64(g % 64)
        rank = sum(int(planes[b, lane] >> bit & np.uint64(1)) << b for b in range(5))
        ok = not int(masks[2, lane] >> bit & np.uint64(1))
        want = gf2_rank(bitset_rows(graph), n, closed, tmp)
        assert (rank, ok) == (int(want[0]), bool(want[1]))


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


def test_the_sliced_ranks_without_numba_give_the_same_answers() -> None:
    graphs = [nx.gnp_random_graph(7, 0.5, seed=s) for s in range(70)]  # two lanes
    compiled = sliced_scratch()
    plain_arrays = sliced_scratch()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(kernels, "_ctz", _ctz_portable)
        add = getattr(add_to_slices, "py_func", add_to_slices)
        ranks = getattr(sliced_gf2_ranks, "py_func", sliced_gf2_ranks)
        for g, graph in enumerate(graphs):
            add(bitset_rows(graph), 7, plain_arrays[0], g)
        ranks(plain_arrays[0], 7, len(graphs), False, *plain_arrays[1:])
    for g, graph in enumerate(graphs):
        add_to_slices(bitset_rows(graph), 7, compiled[0], g)
    sliced_gf2_ranks(compiled[0], 7, len(graphs), False, *compiled[1:])
    assert np.array_equal(compiled[4], plain_arrays[4])  # the rank bits
    assert np.array_equal(compiled[3][2], plain_arrays[3][2])  # the unsolvable all-ones boards
