"""Tests of random boards (exact uniformity) and the lazy iteration over solutions."""

from __future__ import annotations

import collections
import itertools

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.core.errors import SearchLimitError
from tests.strategies import small_graphs


def reachable_boards(puzzle: lo.Puzzle) -> set[tuple[int, ...]]:
    k = puzzle.modulus
    t = puzzle.press_matrix().toarray()
    out = set()
    for x in itertools.product(range(k), repeat=t.shape[1]):
        out.add(tuple(((puzzle.goal - t @ np.array(x)) % k).tolist()))
    return out


def test_random_boards_are_uniform_over_the_reachable_boards() -> None:
    # The 2×2 board mod 3 with the open rule has 3**2 reachable boards out of 3**4.
    p = lo.grid(2, 2, modulus=3, rule="open")
    reachable = reachable_boards(p)
    assert len(reachable) < 3**4
    rng = np.random.default_rng(5)
    draws = 9000
    seen = collections.Counter(tuple(lo.random_board(p, rng).tolist()) for _ in range(draws))
    assert set(seen) == reachable
    expected = draws / len(reachable)
    # Chi-square with len(reachable) - 1 degrees of freedom, far below its 0.1 % tail.
    chi2 = sum((c - expected) ** 2 / expected for c in seen.values())
    assert chi2 < 30


@settings(max_examples=30, deadline=None)
@given(small_graphs(max_nodes=5), st.sampled_from([2, 3, 4]), st.integers(0, 2**32))
def test_random_boards_are_solvable_and_reproducible(g: nx.Graph, k: int, seed: int) -> None:
    p = lo.Puzzle(g, modulus=k)
    board = lo.random_board(p, seed)
    assert tuple(board.tolist()) in reachable_boards(p)
    assert lo.is_solvable(p, board)
    assert np.array_equal(board, lo.random_board(p, seed))
    anyboard = lo.random_board(p, seed, solvable=False)
    assert anyboard.min() >= 0 and anyboard.max() < k


def test_unsolvable_boards_appear_when_asked_for_any_board() -> None:
    p = lo.grid(4, 4)  # 1/16 of the boards is solvable
    rng = np.random.default_rng(0)
    results = {lo.is_solvable(p, lo.random_board(p, rng, solvable=False)) for _ in range(60)}
    assert results == {True, False}


def test_random_board_rejects_bad_arguments() -> None:
    with pytest.raises(lo.LightsOutError, match="'seed'"):
        lo.random_board(lo.grid(2, 2), seed="x")
    with pytest.raises(lo.InvalidPuzzleError, match="'seed' must be None, an int >= 0"):
        lo.random_board(lo.grid(2, 2), seed=-1)
    with pytest.raises(lo.LightsOutError, match="'solvable'"):
        lo.random_board(lo.grid(2, 2), solvable="yes")  # type: ignore[arg-type]
    with pytest.raises(lo.LightsOutError):
        lo.random_board("not a puzzle")  # type: ignore[arg-type]


def test_random_board_on_a_huge_modulus_is_exact() -> None:
    k = 2**61 - 1
    p = lo.grid(2, 3, modulus=k)
    board = lo.random_board(p, seed=3)
    assert lo.solve(p, board).verify()


@settings(max_examples=40, deadline=None)
@given(small_graphs(max_nodes=5), st.sampled_from([2, 3, 4, 6]), st.data())
def test_solutions_are_all_solutions_fewest_first(g: nx.Graph, k: int, data: st.DataObject) -> None:
    p = lo.Puzzle(g, modulus=k)
    n = len(p.nodes)
    state = data.draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n))
    it = lo.solutions(p, state)
    listed = list(it)
    t = p.press_matrix().toarray()
    brute = [
        x
        for x in itertools.product(range(k), repeat=n)
        if np.array_equal((t @ np.array(x) + state) % k, p.goal)
    ]
    assert it.count == len(brute) == len(listed)
    assert sorted(tuple(s[u] for u in p.nodes) for s in listed) == sorted(brute)
    sums = [sum(s.values()) for s in listed]
    assert (it.fewest_first or it.count == 0) and sums == sorted(sums)


def test_solutions_of_a_large_coset_are_lazy_and_limited() -> None:
    p = lo.Puzzle(nx.disjoint_union_all([nx.path_graph(2) for _ in range(40)]))
    it = lo.solutions(p, 0, target=1, limit=3)
    assert it.count == 2**40 and not it.fewest_first
    got = list(it)
    assert len(got) == 3 and len({tuple(s.values()) for s in got}) == 3
    for s in got:
        assert np.array_equal(p.state_vector(p.apply(0, s)), np.ones(80, dtype=np.int64))


@pytest.mark.parametrize("k", [2**58 + 27, 2**61 - 1, 2**62 - 57])
def test_solutions_replay_for_moduli_near_the_limit(k: int) -> None:
    # T = [[1, 1], [1, 1]]: a kernel generator of order k, whose multiples pass int64.
    p = lo.Puzzle(nx.path_graph(2), modulus=k)
    got = list(lo.solutions(p, [3, 3], limit=3000))
    assert len(got) == 3000 and len({(s[0], s[1]) for s in got}) == 3000
    assert all((3 + s[0] + s[1]) % k == 0 for s in got)


def test_an_unsolvable_board_has_no_solutions() -> None:
    it = lo.solutions(lo.grid(4, 4), {(0, 0): 1})
    assert it.count == 0 and list(it) == []
    assert "0 solutions" in repr(it)


def test_a_count_beyond_machine_ints_is_exact() -> None:
    p = lo.Puzzle(nx.disjoint_union_all([nx.path_graph(2) for _ in range(70)]))
    it = lo.solutions(p, 0, target=1, limit=1)
    assert it.count == 2**70 and len(list(it)) == 1


def test_a_bad_limit_is_refused() -> None:
    with pytest.raises(SearchLimitError, match="'limit'"):
        lo.solutions(lo.grid(2, 2), limit=-1)


def test_random_boards_of_big_lattices_need_no_toggle_matrix_and_respect_the_budget() -> None:
    from lightsout_graphs import zk

    p = lo.grid(1500, 1500)  # its toggle matrix is never built: the presses are shifted
    board = lo.random_board(p, seed=3)
    assert lo.is_solvable(p, board)
    assert lo.random_board(p, seed=3).tolist() == board.tolist()
    try:
        zk.set_memory_budget("64M")
        with pytest.raises(lo.MemoryBudgetError, match="A random board of 400000000 lights"):
            lo.random_board(lo.grid(20000, 20000), seed=1)
    finally:
        zk.set_memory_budget(None)
