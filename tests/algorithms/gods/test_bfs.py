"""Tests of the depth distribution and God's number against brute force over press vectors."""

from __future__ import annotations

import functools
import itertools
from collections import deque

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.algorithms.gods import depth_distribution, gods_number
from lightsout_graphs.core.errors import SearchLimitError
from tests.strategies import small_graphs


def brute_force_depths(puzzle: lo.Puzzle) -> dict[tuple[int, ...], int]:
    """Fewest presses (sum of counts) for every board ``P x``, over every press vector x."""
    p = puzzle.press_matrix().toarray()
    k = puzzle.modulus
    m = p.shape[1]
    xs = np.array(list(itertools.product(range(k), repeat=m)), dtype=np.int64).reshape(-1, m)
    boards = (xs @ p.T) % k
    weights = xs.sum(axis=1)
    best: dict[tuple[int, ...], int] = {}
    for board, w in zip(map(tuple, boards.tolist()), weights.tolist(), strict=True):
        if board not in best or w < best[board]:
            best[board] = w
    return best


def histogram(depths: dict[tuple[int, ...], int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for d in depths.values():
        out[d] = out.get(d, 0) + 1
    return dict(sorted(out.items()))


def bfs_over_presses(puzzle: lo.Puzzle) -> dict[int, int]:
    """Depth histogram by a plain BFS from the dark board, one press at a time (a press adds
    its column of the press matrix)."""
    k = puzzle.modulus
    presses = [tuple(c) for c in (puzzle.press_matrix().toarray().T % k).tolist()]
    start = tuple([0] * len(puzzle.nodes))
    dist = {start: 0}
    queue = deque([start])
    while queue:
        board = queue.popleft()
        for column in presses:
            nxt = tuple((a + c) % k for a, c in zip(board, column, strict=True))
            if nxt not in dist:
                dist[nxt] = dist[board] + 1
                queue.append(nxt)
    return histogram(dist)


@pytest.mark.parametrize(
    "puzzle",
    [
        lo.grid(3, 3),
        lo.grid(4, 4),
        lo.grid(2, 2, 2),
        lo.grid(2, 3, modulus=3),
        lo.grid(2, 2, modulus=6),
        lo.grid(3, 3, rule="open"),
        lo.grid(3, 3, pressable=[(0, 0), (1, 1), (2, 2), (0, 2)]),
        lo.Puzzle(nx.petersen_graph()),
    ],
    ids=["3x3", "4x4", "2x2x2", "2x3mod3", "2x2mod6", "3x3open", "3x3pressable", "petersen"],
)
def test_matches_brute_force(puzzle: lo.Puzzle) -> None:
    expected = histogram(brute_force_depths(puzzle))
    assert depth_distribution(puzzle) == expected
    assert sum(expected.values()) == lo.analyze(puzzle).solvable_states


def test_3x3_by_breadth_first_search_over_presses() -> None:
    p = lo.grid(3, 3)
    dist = depth_distribution(p)
    assert dist == bfs_over_presses(p)
    # 3×3 has a unique solution per board, so depth d boards are the C(9, d) press sets.
    assert dist == {d: len(list(itertools.combinations(range(9), d))) for d in range(10)}
    assert gods_number(p) == 9


def test_4x4_and_2x2x2_values() -> None:
    dist = depth_distribution(lo.grid(4, 4))
    assert dist == histogram(grid_4x4_depths())
    assert gods_number(lo.grid(4, 4)) == 7
    assert dist[7] == 32
    assert depth_distribution(lo.grid(2, 2, 2)) == {0: 1, 1: 8, 2: 7}


@given(
    small_graphs(max_nodes=5),
    st.sampled_from([2, 3, 4, 6]),
    st.sampled_from(["closed", "open"]),
)
def test_random_graphs_match_brute_force(g: nx.Graph, k: int, rule: str) -> None:
    if k ** g.number_of_nodes() > 5000:
        g = g.subgraph(list(g)[:4]).copy()
    puzzle = lo.Puzzle(g, modulus=k, rule=rule)
    assert depth_distribution(puzzle) == histogram(brute_force_depths(puzzle))


@functools.cache
def grid_4x4_depths() -> dict[tuple[int, ...], int]:
    return brute_force_depths(lo.grid(4, 4))


@given(st.integers(0, 2**16 - 1), st.integers(0, 2**16 - 1))
def test_depth_agrees_with_fewest_presses(pressed: int, code: int) -> None:
    p = lo.grid(4, 4)
    depths = grid_4x4_depths()
    presses = [(pressed >> i) & 1 for i in range(16)]
    board = list(p.apply(0, presses).values())
    assert depths[tuple(board)] <= sum(presses)
    assert lo.solve(p, board, minimize=True).num_presses == depths[tuple(board)]
    other = [(code >> i) & 1 for i in range(16)]
    assert lo.is_solvable(p, other) == (tuple(other) in depths)


def test_goal_does_not_change_the_distribution() -> None:
    p = lo.grid(3, 3, modulus=3)
    shifted = lo.grid(3, 3, modulus=3).with_metadata(goal=[1, 2, 0, 0, 1, 0, 2, 2, 1])
    assert depth_distribution(p) == depth_distribution(shifted)


def test_bound_is_enforced_and_can_be_raised() -> None:
    p = lo.grid(4, 4)
    with pytest.raises(SearchLimitError, match=r"4096 solvable boards.*max_states=4096"):
        depth_distribution(p, max_states=4000)
    assert gods_number(p, max_states=4096) == 7
    with pytest.raises(SearchLimitError, match=r"8,388,608 solvable boards.*max_states=8388608"):
        depth_distribution(lo.grid(5, 5), max_states=2**20)


@pytest.mark.parametrize("bad", [0, -1, 1.5, "big", None])
def test_bad_bound(bad: object) -> None:
    with pytest.raises(SearchLimitError, match="max_states"):
        depth_distribution(lo.grid(2, 2), max_states=bad)  # type: ignore[arg-type]


def test_nothing_to_press() -> None:
    p = lo.Puzzle(nx.path_graph(3), pressable=[])
    assert depth_distribution(p) == {0: 1}
    assert gods_number(p) == 0


def test_a_huge_max_states_is_refused_by_the_memory_budget() -> None:
    # max_states=10**30 once let the search try to allocate 2**49 bytes (a raw MemoryError).
    with pytest.raises(lo.LightsOutError, match="memory budget") as info:
        lo.depth_distribution(lo.grid(7, 7), max_states=10**30)
    assert "LIGHTSOUT_MEMORY_BUDGET" in str(info.value)


def test_the_memory_budget_can_be_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LIGHTSOUT_MEMORY_BUDGET", "1000")
    with pytest.raises(lo.LightsOutError, match="memory budget of"):
        lo.depth_distribution(lo.grid(3, 3))
    monkeypatch.setenv("LIGHTSOUT_MEMORY_BUDGET", "1G")
    assert lo.gods_number(lo.grid(3, 3)) == 9
    monkeypatch.setenv("LIGHTSOUT_MEMORY_BUDGET", "not a number")
    with pytest.raises(lo.LightsOutError, match="LIGHTSOUT_MEMORY_BUDGET must be"):
        lo.depth_distribution(lo.grid(3, 3))


def test_a_refusal_writes_a_huge_count_as_a_power() -> None:
    # 2^14400 boards: more digits than Python turns into a string (a raw ValueError before).
    with pytest.raises(SearchLimitError, match=r"2\^14400 \(about 10\^4334\.8\) solvable boards"):
        lo.depth_distribution(lo.Puzzle(nx.empty_graph(14400)), max_states=4)
