"""Tests of the lit-only variant: brute-force search, replay, and agreement with the linear solver."""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Hashable

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.algorithms.variants import lit_only_solvable_states, lit_only_solve
from lightsout_graphs.core.errors import InvalidStateError, SearchLimitError
from tests.strategies import small_graphs


def brute_force_distances(puzzle: lo.Puzzle, start: tuple[int, ...]) -> dict[tuple[int, ...], int]:
    """Fewest lit-only presses from ``start`` to every reachable board, by a plain BFS."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        board = queue.popleft()
        as_dict = puzzle.as_dict(list(board))
        for node in puzzle.pressable:
            if as_dict[node] == 0:
                continue
            nxt = tuple(puzzle.press(as_dict, node).values())
            if nxt not in dist:
                dist[nxt] = dist[board] + 1
                queue.append(nxt)
    return dist


def all_boards(puzzle: lo.Puzzle) -> list[tuple[int, ...]]:
    k, n = puzzle.modulus, len(puzzle.nodes)
    return [tuple(int(d) for d in np.unravel_index(i, (k,) * n)) for i in range(k**n)]


@st.composite
def small_puzzles(draw: st.DrawFn, max_nodes: int = 5) -> lo.Puzzle:
    """A small puzzle: random graph, rule, modulus 2 or 3, and sometimes fewer pressable nodes."""
    g = draw(small_graphs(max_nodes=max_nodes))
    k = draw(st.sampled_from([2, 3]))
    if k == 3 and g.number_of_nodes() > 4:
        g = g.subgraph(list(g)[:4]).copy()
    rule = draw(st.sampled_from(["closed", "open"]))
    nodes = list(g)
    pressable = draw(st.one_of(st.none(), st.lists(st.sampled_from(nodes), unique=True)))
    return lo.Puzzle(g, modulus=k, rule=rule, pressable=pressable)


def test_known_small_case() -> None:
    # On the 1×3 strip the lit centre needs every button once (the only linear solution),
    # and the centre must go first: it is the only lit button.
    p = lo.grid(1, 3)
    r = lit_only_solve(p, [0, 1, 0])
    assert r.reachable
    assert r.verify()
    assert r.num_presses == 3
    assert r.sequence[0] == (0, 1)
    assert sorted(r.sequence) == [(0, 0), (0, 1), (0, 2)]
    assert lit_only_solve(p, [1, 1, 0]).sequence == [(0, 0)]
    assert lit_only_solve(p, 0).sequence == []
    assert lit_only_solve(p, 0).reachable


def test_dark_board_only_reaches_itself() -> None:
    p = lo.grid(2, 2)
    r = lit_only_solve(p, 0, target=1)
    assert not r.reachable
    assert r.sequence == []
    assert r.explored == 1
    assert lo.is_solvable(p, 0, target=1)  # the linear puzzle can, lit-only cannot


def test_unreachable_pair() -> None:
    p = lo.grid(1, 2)
    r = lit_only_solve(p, [1, 0])
    assert not r.reachable
    assert "unreachable" in repr(r)
    with pytest.raises(lo.LightsOutError, match="not reachable"):
        r.verify()


def test_boards_and_presses_follow_the_sequence() -> None:
    p = lo.grid(3, 3)
    r = lit_only_solve(p, {(1, 1): 1})
    boards = r.boards()
    assert len(boards) == r.num_presses + 1
    assert boards[0] == p.as_dict(r.state)
    assert list(boards[-1].values()) == [0] * 9
    for board, node in zip(boards, r.sequence, strict=False):
        assert board[node] != 0
    counts = r.presses
    assert set(counts) == set(p.nodes)
    assert sum(counts.values()) <= r.num_presses


@given(small_puzzles(), st.data())
def test_matches_brute_force_search(puzzle: lo.Puzzle, data: st.DataObject) -> None:
    k, n = puzzle.modulus, len(puzzle.nodes)
    start = tuple(data.draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n)))
    target = tuple(data.draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n)))
    dist = brute_force_distances(puzzle, start)
    r = lit_only_solve(puzzle, list(start), list(target), method="search")
    assert r.reachable == (target in dist)
    assert r.explored >= 1
    assert r.method == "search"
    if r.reachable:
        assert r.num_presses == dist[target]
        assert r.verify()
    auto = lit_only_solve(puzzle, list(start), list(target))
    assert auto.reachable == r.reachable
    if auto.reachable:
        assert auto.verify()
        assert auto.num_presses >= r.num_presses


@given(small_puzzles())
def test_solvable_states_match_brute_force(puzzle: lo.Puzzle) -> None:
    sets = lit_only_solvable_states(puzzle, method="search")
    auto = lit_only_solvable_states(puzzle)
    zero = (0,) * len(puzzle.nodes)
    expected = {}
    for board in all_boards(puzzle):
        d = brute_force_distances(puzzle, board).get(zero)
        if d is not None:
            expected[board] = d
    assert len(sets) == len(expected)
    assert {tuple(v) for v in sets.vectors().tolist()} == set(expected)
    assert {tuple(b.values()) for b in sets} == set(expected)
    assert auto.size == len(expected)
    assert {tuple(v) for v in auto.vectors().tolist()} == set(expected)
    for board in all_boards(puzzle):
        assert (list(board) in auto) == (board in expected)
    for board, d in expected.items():
        assert list(board) in sets
        seq = auto.sequence(list(board))
        assert seq is not None and len(seq) >= d
        assert sets.distance(list(board)) == d
        seq = sets.sequence(list(board))
        assert seq is not None and len(seq) == d
    assert sum(sets.distribution().values()) == len(expected)


@given(small_puzzles(), st.data())
def test_reachable_implies_linearly_solvable(puzzle: lo.Puzzle, data: st.DataObject) -> None:
    k, n = puzzle.modulus, len(puzzle.nodes)
    start = data.draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n))
    target = data.draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n))
    r = lit_only_solve(puzzle, start, target)
    if not r.reachable:
        return
    assert lo.is_solvable(puzzle, start, target)
    # The net effect of the sequence is a linear solution.
    assert list(puzzle.apply(start, r.presses).values()) == list(target)
    if k == 2:
        best = lo.solve(puzzle, start, target, minimize=True)
        assert r.num_presses >= best.num_presses


@given(small_graphs(max_nodes=7, directed=False))
def test_closed_rule_clears_every_linearly_solvable_board(g: nx.Graph) -> None:
    # Under the closed rule (the σ+ game) the lit-only restriction does not change which
    # boards can be turned off: both searches find the same set.
    puzzle = lo.Puzzle(g)
    sets = lit_only_solvable_states(puzzle)
    assert len(sets) == lo.analyze(puzzle).solvable_states
    for board in sets.vectors()[:: max(1, len(sets) // 16)]:
        assert lo.is_solvable(puzzle, board.tolist())


@pytest.mark.parametrize(("shape", "k"), [((3, 3), 2), ((4, 4), 2), ((2, 3), 3), ((2, 2), 4)])
def test_closed_grids_agree_with_linear_count(shape: tuple[int, int], k: int) -> None:
    puzzle = lo.grid(*shape, modulus=k)
    assert len(lit_only_solvable_states(puzzle)) == lo.analyze(puzzle).solvable_states


@given(small_graphs(max_nodes=6))
def test_open_rule_clears_only_the_dark_board(g: nx.Graph) -> None:
    # A press leaves its own lit button lit, so the last press of any sequence leaves a light on.
    sets = lit_only_solvable_states(lo.Puzzle(g, rule="open"))
    assert len(sets) == 1
    assert sets.vectors().tolist() == [[0] * g.number_of_nodes()]


@given(small_graphs(max_nodes=7), st.data())
def test_open_rule_states_are_the_targets_orbit(g: nx.Graph, data: st.DataObject) -> None:
    # Under the open rule the boards that reach a target are its orbit: the theory's set
    # (membership by the invariants, exact size, built sequences) equals the search's.
    g = nx.Graph(g)  # undirected: the σ-game's theory
    p = lo.Puzzle(g, rule="open")
    n = g.number_of_nodes()
    target = data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    theory_set = lit_only_solvable_states(p, target)
    searched = lit_only_solvable_states(p, target, method="search")
    assert theory_set.method == "theory" and searched.method == "search"
    expected = {tuple(v) for v in searched.vectors().tolist()}
    assert theory_set.size == len(theory_set) == len(expected)
    assert {tuple(v) for v in theory_set.vectors().tolist()} == expected
    for board in itertools.product((0, 1), repeat=n):
        assert (list(board) in theory_set) == (board in expected)
    for board in list(expected)[:4]:
        seq = theory_set.sequence(list(board))
        assert seq is not None
        assert lo.lit_only_solve(p, list(board), target, method="search").reachable
    with pytest.raises(SearchLimitError, match="method='search'"):
        theory_set.distance(target)


def test_open_rule_states_at_any_size() -> None:
    p = lo.Puzzle(nx.grid_2d_graph(20, 20), rule="open")
    states = lit_only_solvable_states(p, {(19, 19): 1})
    assert states.size == lo.lit_only_orbit(p, {(19, 19): 1}).size == 2**380
    assert {(0, 0): 1} in states and {(0, 1): 1} not in states
    assert states.sequence({(0, 0): 1}) is not None
    assert "orbit" in repr(states)
    with pytest.raises(SearchLimitError, match="membership"):
        states.vectors()


def test_goal_is_the_default_target() -> None:
    p = lo.grid(2, 2).with_metadata(goal=[1, 0, 0, 1])
    r = lit_only_solve(p, [1, 1, 1, 1])
    assert r.reachable
    assert r.target.tolist() == [1, 0, 0, 1]
    assert [1, 1, 1, 1] in lit_only_solvable_states(p)


def test_bound_is_enforced_and_can_be_raised() -> None:
    p = lo.grid(3, 4)
    with pytest.raises(SearchLimitError, match=r"max_states=1000.*max_states=4096"):
        lit_only_solve(p, 1, max_states=1000, method="search")
    with pytest.raises(SearchLimitError, match="max_states"):
        lit_only_solvable_states(p, max_states=4095, method="search")
    assert lit_only_solve(p, 1, max_states=4096, method="search").reachable
    # The closed-rule theorem needs no bound.
    assert lit_only_solve(p, 1, max_states=1000).method == "theory"


@pytest.mark.parametrize("bad", [0, -3, 2.5, "many", True])
def test_bad_bound(bad: object) -> None:
    with pytest.raises(SearchLimitError, match="max_states"):
        lit_only_solve(lo.grid(2, 2), 1, max_states=bad, method="search")  # type: ignore[arg-type]
    with pytest.raises(SearchLimitError, match="max_states"):
        lit_only_solve(lo.grid(2, 2), 1, max_states=bad)  # type: ignore[arg-type]
    with pytest.raises(SearchLimitError, match="max_states"):
        lit_only_solvable_states(lo.grid(2, 2), max_states=bad)  # type: ignore[arg-type]


def test_bad_boards() -> None:
    p = lo.grid(2, 2)
    with pytest.raises(InvalidStateError, match="state"):
        lit_only_solve(p, [1, 2, 0, 0])
    with pytest.raises(InvalidStateError, match="target"):
        lit_only_solve(p, 1, target=[0, 0])
    for method in ("search", "theory"):
        sets = lit_only_solvable_states(p, method=method)
        assert [0, 0] not in sets
        assert "nonsense" not in sets
    with pytest.raises(InvalidStateError):
        lit_only_solvable_states(p, method="search").distance([5, 0, 0, 0])


def test_named_nodes_and_weighted_rule() -> None:
    g = nx.DiGraph()
    g.add_edge("a", "b", weight=2)
    g.add_edge("b", "c", weight=1)
    g.add_node("a", self_weight=1)
    p = lo.Puzzle(g, modulus=3, rule="weighted")
    r = lit_only_solve(p, {"a": 1})
    dist = brute_force_distances(p, (1, 0, 0))
    assert r.reachable == ((0, 0, 0) in dist)
    if r.reachable:
        assert r.num_presses == dist[(0, 0, 0)]
        assert all(isinstance(node, Hashable) for node in r.sequence)
        assert r.verify()


def test_directed_closed_rule_can_lose_boards() -> None:
    # On digraphs the restriction can matter: here a quarter of the solvable boards are lost.
    g = nx.DiGraph([(0, 1), (0, 2), (0, 3), (1, 0), (2, 5), (5, 2)])
    g.add_node(4)
    g.add_node(6)
    puzzle = lo.Puzzle(g)
    sets = lit_only_solvable_states(puzzle)
    assert (len(sets), lo.analyze(puzzle).solvable_states) == (48, 64)
    lost = [
        b for b in all_boards(puzzle) if lo.is_solvable(puzzle, list(b)) and list(b) not in sets
    ]
    assert len(lost) == 16
    zero = (0,) * 7
    assert all(zero not in brute_force_distances(puzzle, b) for b in lost[:4])


def test_a_huge_max_states_is_refused_by_the_memory_budget() -> None:
    # max_states=10**30 once let the search try to allocate one byte per board of 2**49.
    with pytest.raises(lo.LightsOutError, match="memory budget"):
        lo.lit_only_solve(lo.grid(7, 7), [1] * 49, max_states=10**30, method="search")


def test_verify_replays_with_the_pressed_nodes_columns() -> None:
    # With only node 1 pressable, the replay must add node 1's column, not the first column.
    p = lo.Puzzle(nx.path_graph(2), rule="open", pressable=[1])
    r = lit_only_solve(p, [0, 1], [1, 1])
    assert r.sequence == [1]
    assert r.verify()
