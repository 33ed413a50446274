"""Tests of puzzle symmetries and of solutions grouped into orbits (Burnside cross-checks)."""

from __future__ import annotations

import itertools
from collections.abc import Hashable

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs import zk
from lightsout_graphs.algorithms.symmetry import all_solutions, is_symmetry, symmetries
from lightsout_graphs.core.errors import InvalidPuzzleError, SearchLimitError
from tests.strategies import small_graphs


def brute_force_symmetries(puzzle: lo.Puzzle) -> set[tuple[int, ...]]:
    """Every index permutation p with T[p][:, p] == T that keeps the pressable nodes."""
    t = puzzle.toggle_matrix().toarray()
    mask = np.array([node in set(puzzle.pressable) for node in puzzle.nodes])
    out = set()
    for perm in itertools.permutations(range(len(puzzle.nodes))):
        p = np.array(perm)
        if np.array_equal(t[np.ix_(p, p)], t) and np.array_equal(mask[p], mask):
            out.add(perm)
    return out


def as_index(puzzle: lo.Puzzle, perm: dict[Hashable, Hashable]) -> tuple[int, ...]:
    return tuple(puzzle.index[perm[node]] for node in puzzle.nodes)


def burnside_by_algebra(
    puzzle: lo.Puzzle, group: list[dict[Hashable, Hashable]], state: object, target: object
) -> int:
    """Orbit count of the solutions by Burnside's lemma, each fixed set counted by linear algebra.

    A solution fixed by σ is constant on the cycles of σ: solve T C y = target − state, where
    the columns of C are the cycles; the number of fixed solutions is the number of such y.
    """
    t = puzzle.toggle_matrix().toarray()
    k = puzzle.modulus
    rhs = (puzzle.state_vector(target) - puzzle.state_vector(state)) % k  # type: ignore[arg-type]
    total = 0
    for perm in group:
        p = np.array(as_index(puzzle, perm))
        cycles: list[list[int]] = []
        seen: set[int] = set()
        for i in range(len(p)):
            if i in seen:
                continue
            cycle = [i]
            seen.add(i)
            j = int(p[i])
            while j != i:
                cycle.append(j)
                seen.add(j)
                j = int(p[j])
            cycles.append(cycle)
        c = np.zeros((len(p), len(cycles)), dtype=np.int64)
        for col, cycle in enumerate(cycles):
            c[cycle, col] = 1
        f = zk.factorize((t @ c) % k, k)
        if f.is_solvable(rhs):
            total += int(f.kernel_size)
    assert total % len(group) == 0
    return total // len(group)


def stabiliser(puzzle: lo.Puzzle, group: list[dict[Hashable, Hashable]], d: np.ndarray) -> list:
    return [g for g in group if all(d[puzzle.index[g[v]]] == d[puzzle.index[v]] for v in g)]


# -- symmetries ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("shape", "total", "rotations"),
    [
        ((1, 1), 1, 1),
        ((1, 4), 2, 2),
        ((2, 2), 8, 4),
        ((2, 3), 4, 2),
        ((3, 5), 4, 2),
        ((5, 5), 8, 4),
        ((2, 2, 2), 48, 24),
        ((2, 3, 3), 16, 8),
    ],
)
def test_grid_groups(shape: tuple[int, ...], total: int, rotations: int) -> None:
    p = lo.grid(*shape)
    assert len(symmetries(p)) == total
    assert len(symmetries(p, rotations_only=True)) == rotations


@pytest.mark.parametrize("shape", [(1, 4), (2, 2), (2, 3), (3, 3), (3, 4), (2, 2, 2), (1, 2, 3)])
def test_grid_group_matches_graph_matching(shape: tuple[int, ...]) -> None:
    grid = lo.grid(*shape)
    plain = lo.Puzzle(grid.graph)  # no family: symmetries come from VF2 matching
    assert plain.family is None
    ours = {as_index(grid, s) for s in symmetries(grid)}
    assert ours == {as_index(plain, s) for s in symmetries(plain)}


def test_a_lattice_structure_given_with_a_graph_is_read_like_a_family() -> None:
    # Nodes that are the cells in row-major order, as a Lattice structure says they are.
    from lightsout_graphs.core.structure import Lattice

    axes = ((-1, 0), (0, -1), (0, 1), (1, 0))
    graph = nx.grid_2d_graph(3, 4)
    p = lo.Puzzle(graph, structure=Lattice((3, 4), axes, (False, False), "closed"))
    assert lo.planner.plan(p, "symmetry").engine == "box isometries"
    ours = {as_index(p, s) for s in symmetries(p)}
    assert ours == {as_index(lo.Puzzle(graph), s) for s in symmetries(lo.Puzzle(graph))}
    assert len(symmetries(p, rotations_only=True)) == 2


def test_square_rotations_are_the_cyclic_group() -> None:
    p = lo.grid(3, 3)
    rotations = symmetries(p, rotations_only=True)
    quarter = [s for s in rotations if s[(0, 0)] == (0, 2)]
    assert len(quarter) == 1
    assert quarter[0][(1, 1)] == (1, 1)
    assert quarter[0][(0, 1)] == (1, 2)  # a quarter turn, not a reflection


def test_identity_first_and_group_closed() -> None:
    for p in [lo.grid(3, 4), lo.Puzzle(nx.petersen_graph()), lo.Puzzle(nx.cycle_graph(6))]:
        group = [as_index(p, s) for s in symmetries(p)]
        assert group[0] == tuple(range(len(p.nodes)))
        assert len(set(group)) == len(group)
        members = set(group)
        for a, b in itertools.product(group[:6], group):
            assert tuple(b[i] for i in a) in members


@pytest.mark.parametrize(
    ("graph", "count"),
    [
        (nx.petersen_graph(), 120),
        (nx.cycle_graph(7), 14),
        (nx.complete_graph(4), 24),
        (nx.star_graph(3), 6),
        (nx.hypercube_graph(3), 48),
        (nx.cycle_graph(5, create_using=nx.DiGraph), 5),
        (nx.path_graph(5, create_using=nx.DiGraph), 1),
    ],
)
def test_named_graphs(graph: nx.Graph, count: int) -> None:
    p = lo.Puzzle(graph)
    found = symmetries(p)
    assert len(found) == count
    assert all(is_symmetry(p, s) for s in found)


def test_weights_and_pressable_restrict_the_group() -> None:
    g = nx.cycle_graph(4)
    nx.set_edge_attributes(g, 1, "weight")
    g.edges[0, 1]["weight"] = 2
    p = lo.Puzzle(g, modulus=3, rule="weighted")
    assert {as_index(p, s) for s in symmetries(p)} == brute_force_symmetries(p)
    assert len(symmetries(p)) == 2  # the heavy edge {0, 1} goes to itself: identity and a flip
    corner = lo.grid(3, 3, pressable=[(0, 0), (1, 1)])
    found = symmetries(corner)
    assert len(found) == 2  # identity and the reflection in the main diagonal
    assert found[1][(0, 1)] == (1, 0)


def test_open_rule_keeps_the_graph_group() -> None:
    assert len(symmetries(lo.grid(3, 3, rule="open"))) == 8
    assert len(symmetries(lo.Puzzle(nx.cycle_graph(5), rule="open", modulus=3))) == 10


@given(small_graphs(max_nodes=6))
def test_matches_brute_force(g: nx.Graph) -> None:
    p = lo.Puzzle(g)
    assert {as_index(p, s) for s in symmetries(p)} == brute_force_symmetries(p)


def test_limit() -> None:
    p = lo.Puzzle(nx.complete_graph(6))
    with pytest.raises(SearchLimitError, match="max_count=100"):
        symmetries(p, max_count=100)
    assert len(symmetries(p, max_count=720)) == 720
    with pytest.raises(SearchLimitError, match="max_count=5"):
        symmetries(lo.grid(3, 3), max_count=5)
    with pytest.raises(SearchLimitError, match="max_count"):
        symmetries(p, max_count=0)


def test_rotations_need_a_grid() -> None:
    with pytest.raises(InvalidPuzzleError, match="grid"):
        symmetries(lo.Puzzle(nx.cycle_graph(4)), rotations_only=True)


def test_is_symmetry_rejects_non_permutations() -> None:
    p = lo.Puzzle(nx.path_graph(3))
    with pytest.raises(InvalidPuzzleError, match="does not map node 2"):
        is_symmetry(p, {0: 0, 1: 1})
    with pytest.raises(InvalidPuzzleError, match="not a node"):
        is_symmetry(p, {0: 0, 1: 1, 2: 7})
    with pytest.raises(InvalidPuzzleError, match="not a permutation"):
        is_symmetry(p, {0: 0, 1: 0, 2: 2})
    with pytest.raises(InvalidPuzzleError, match="dict"):
        is_symmetry(p, [0, 1, 2])  # type: ignore[arg-type]


# -- all_solutions ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "solutions", "rotation", "everything"),
    [(9, 256, 70, 43), (11, 64, 16, 10), (4, 16, 6, 5), (5, 4, 1, 1)],
)
def test_all_on_counts(n: int, solutions: int, rotation: int, everything: int) -> None:
    p = lo.grid(n, n)
    sols = all_solutions(p, 0, 1)
    assert len(sols) == solutions == 2 ** lo.analyze(p).nullity
    by_rotation = all_solutions(p, 0, 1, up_to_symmetry="rotation")
    by_all = all_solutions(p, 0, 1, up_to_symmetry="all")
    assert len(by_rotation) == rotation
    assert len(by_all) == everything
    # Burnside, with the fixed solutions of each symmetry counted by linear algebra.
    assert burnside_by_algebra(p, symmetries(p, rotations_only=True), 0, 1) == rotation
    assert burnside_by_algebra(p, symmetries(p), 0, 1) == everything


def test_burnside_by_enumeration_on_9x9() -> None:
    p = lo.grid(9, 9)
    sols = [tuple(s.values()) for s in all_solutions(p, 0, 1)]
    members = set(sols)
    for kind, group in [("rotation", symmetries(p, rotations_only=True)), ("all", symmetries(p))]:
        fixed = 0
        for g in group:
            index = as_index(p, g)
            for x in sols:
                moved = [0] * len(x)
                for i, j in enumerate(index):
                    moved[j] = x[i]
                assert tuple(moved) in members
                fixed += tuple(moved) == x
        orbits = all_solutions(p, 0, 1, up_to_symmetry=kind)
        assert fixed // len(group) == len(orbits)


def test_solutions_replay_and_are_distinct() -> None:
    p = lo.grid(4, 4)
    board = {(0, 0): 1, (0, 1): 1, (1, 0): 1}
    sols = all_solutions(p, board)
    assert len(sols) == lo.solve(p, board).num_solutions == 16
    assert len({tuple(s.values()) for s in sols}) == 16
    for s in sols:
        assert set(p.apply(board, s).values()) == {0}
    weights = [sum(s.values()) for s in sols]
    assert weights == sorted(weights)
    assert weights[0] == lo.solve(p, board, minimize=True).num_presses


def test_orbits_are_orbits() -> None:
    p = lo.grid(4, 4)
    # The board of two opposite corner presses: fixed by the half turn and one diagonal mirror.
    state = p.apply(0, {(0, 0): 1, (3, 3): 1})
    orbits = all_solutions(p, state, up_to_symmetry="all")
    d = (p.goal - p.state_vector(state)) % 2
    group = stabiliser(p, symmetries(p), d)
    assert len(group) == 4
    flat = [tuple(s.values()) for orbit in orbits for s in orbit]
    assert len(flat) == len(set(flat)) == 16
    for orbit in orbits:
        members = {tuple(s.values()) for s in orbit}
        assert len(group) % len(orbit) == 0
        for s in orbit:
            for g in group:
                image = {g[v]: c for v, c in s.items()}
                assert tuple(image[v] for v in p.nodes) in members


def test_asymmetric_board_has_trivial_orbits() -> None:
    p = lo.grid(4, 4)
    state = {(0, 0): 1, (0, 1): 1, (1, 0): 1}  # only the diagonal reflection fixes it
    orbits = all_solutions(p, state, up_to_symmetry="rotation")
    assert [len(o) for o in orbits] == [1] * 16


@given(small_graphs(max_nodes=5), st.sampled_from([2, 3, 4]), st.data())
def test_matches_brute_force_enumeration(g: nx.Graph, k: int, data: st.DataObject) -> None:
    p = lo.Puzzle(g, modulus=k)
    n = len(p.nodes)
    state = data.draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n))
    t = p.toggle_matrix().toarray()
    rhs = (-np.array(state)) % k
    expected = {x for x in itertools.product(range(k), repeat=n) if np.array_equal(t @ x % k, rhs)}
    got = [tuple(s.values()) for s in all_solutions(p, state)]
    assert set(got) == expected
    assert len(got) == len(expected)
    orbits = all_solutions(p, state, up_to_symmetry="all")
    assert sorted(tuple(s.values()) for o in orbits for s in o) == sorted(got)
    if expected:
        group = stabiliser(p, symmetries(p), rhs)
        assert len(orbits) == burnside_by_algebra(p, group, state, 0)
        assert len(orbits) == _burnside_count(p, group, state)


def _burnside_count(p: lo.Puzzle, group: list, state: list[int]) -> int:
    total = 0
    for g in group:
        index = np.array(as_index(p, g))
        for s in all_solutions(p, state):
            x = np.array(list(s.values()))
            moved = np.empty_like(x)
            moved[index] = x
            total += bool(np.array_equal(moved, x))
    return total // len(group)


def test_user_permutations_generate_a_group() -> None:
    p = lo.grid(9, 9)
    quarter = {(i, j): (j, 8 - i) for i, j in p.nodes}
    assert is_symmetry(p, quarter)
    by_user = all_solutions(p, 0, 1, up_to_symmetry=[quarter])
    assert len(by_user) == 70
    assert by_user == all_solutions(p, 0, 1, up_to_symmetry="rotation")
    assert len(all_solutions(p, 0, 1, up_to_symmetry=[])) == 256


def test_unsolvable_board_has_no_solutions() -> None:
    p = lo.grid(5, 5)
    assert all_solutions(p, {(0, 0): 1}) == []
    assert all_solutions(p, {(0, 0): 1}, up_to_symmetry="all") == []


def test_all_solutions_errors() -> None:
    p = lo.grid(4, 4)
    with pytest.raises(SearchLimitError, match=r"16 solutions.*max_count=10"):
        all_solutions(p, 0, 1, max_count=10)
    with pytest.raises(InvalidPuzzleError, match="up_to_symmetry"):
        all_solutions(p, 0, 1, up_to_symmetry="mirror")
    with pytest.raises(InvalidPuzzleError, match="up_to_symmetry"):
        all_solutions(p, 0, 1, up_to_symmetry=3)  # type: ignore[arg-type]
    with pytest.raises(InvalidPuzzleError, match="grid"):
        all_solutions(lo.Puzzle(nx.cycle_graph(4)), 0, 1, up_to_symmetry="rotation")
    swap = {node: node for node in p.nodes} | {(0, 0): (0, 1), (0, 1): (0, 0)}
    with pytest.raises(InvalidPuzzleError, match=r"Permutation 0 .* not a symmetry"):
        all_solutions(p, 0, 1, up_to_symmetry=[swap])
    with pytest.raises(lo.InvalidStateError):
        all_solutions(p, [1, 2])


def test_solutions_are_sorted_by_exact_press_counts_for_large_moduli() -> None:
    # Doubling mod 2**61: each light is reached by 2**60 - 1 or 2**61 - 1 presses; the sums
    # exceed 64-bit integers, and the fewest presses must still come first.
    k = 2**61
    g = nx.empty_graph(5)
    nx.set_node_attributes(g, 2, "self_weight")
    p = lo.Puzzle(g, modulus=k, rule="weighted")
    totals = [sum(s.values()) for s in all_solutions(p, 0, [k - 2] * 5)]
    assert len(totals) == 32
    assert totals == sorted(totals)
    assert totals[0] == 5 * (2**60 - 1)


def test_unhashable_image_in_a_permutation_is_named() -> None:
    p = lo.Puzzle(nx.empty_graph(2))
    with pytest.raises(InvalidPuzzleError, match=r"maps 0 to \[1\], which is not a node"):
        is_symmetry(p, {0: [1], 1: 0})


def test_a_huge_max_count_is_refused_by_the_memory_budget() -> None:
    # 2**40 solutions with max_count=10**30 once raised a raw MemoryError.
    p = lo.Puzzle(nx.disjoint_union_all([nx.path_graph(2) for _ in range(40)]))
    with pytest.raises(lo.LightsOutError, match=r"memory budget.*lo\.solutions\(\)"):
        lo.all_solutions(p, 0, 1, max_count=10**30)


def test_rotations_only_must_be_a_flag() -> None:
    with pytest.raises(lo.InvalidPuzzleError, match="'rotations_only' must be True or False"):
        symmetries(lo.grid(2, 2), rotations_only=np.ones(3))  # type: ignore[arg-type]


def test_too_many_solutions_to_list_are_counted_as_a_power() -> None:
    from lightsout_graphs.core.errors import SearchLimitError

    p = lo.Puzzle(nx.empty_graph(14400), rule="open")
    with pytest.raises(SearchLimitError, match=r"2\^14400 \(about 10\^4334\.8\) solutions.*one at"):
        lo.all_solutions(p, 0, max_count=4)


@given(
    st.integers(1, 5),
    st.integers(0, 3),
    st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), max_size=6),
    st.sampled_from(["open", "closed"]),
)
def test_nodes_of_one_twin_class_swap(
    busy: int, idle: int, edges: list[tuple[int, int]], rule: str
) -> None:
    from lightsout_graphs.algorithms.symmetry import _at_least, _preserves, _twin_classes

    g = nx.empty_graph(busy + idle)
    g.add_edges_from((u % busy, v % busy) for u, v in edges if u % busy != v % busy)
    p = lo.Puzzle(g, rule=rule)
    classes = _twin_classes(p)
    seen = [i for members in classes for i in members]
    assert len(seen) == len(set(seen))  # disjoint
    for members in classes:
        for a, b in itertools.combinations(members, 2):
            perm = np.arange(p.n)
            perm[[a, b]] = [b, a]
            assert _preserves(p, perm)
    try:
        count = len(symmetries(p, max_count=5000))
    except SearchLimitError as err:  # refused: by the twins, or by the search past 5,000
        assert _at_least(p, 5000) > 5000 or "more than max_count=5000" in str(err)
    else:
        assert _at_least(p, 5000) <= count


@pytest.mark.parametrize(
    "graph", [nx.complete_graph(14), nx.empty_graph(20), nx.star_graph(25)], ids=str
)
def test_too_many_symmetries_are_refused_from_the_twins_before_any_search(graph: nx.Graph) -> None:
    # 14!, 20! and 25! symmetries: the twins prove more than max_count without listing any.
    with pytest.raises(SearchLimitError, match="at least 362880, from nodes that may swap freely"):
        symmetries(lo.Puzzle(graph))


# -- lattices: the group from the structure ----------------------------------------------------


_AXES3 = [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)]


def _lattices() -> list[tuple[str, tuple, dict]]:
    out: list[tuple[str, tuple, dict]] = []
    for m in range(1, 6):
        for n in range(m, 6):
            out.append(("grid", (m, n), {}))
            out.append(("grid", (m, n), {"rule": "open", "modulus": 3}))
            if m >= 3:
                out.append(("torus", (m, n), {}))
                out.append(("torus", (m, n), {"rule": "open"}))
            if n >= 3:
                out.append(("cylinder", (m, n), {}))
    for shape in [(2, 2, 2), (2, 2, 3), (1, 3, 3), (2, 3, 4)]:
        out.append(("grid", shape, {}))
    out.append(("stencil", ((3, 3, 2), _AXES3), {"wrap": (True, True, False)}))
    out.append(("stencil", ((4, 2, 3), _AXES3), {"wrap": True}))
    out.append(("stencil", ((2, 5), [(1, 0), (-1, 0), (0, 1), (0, -1)]), {"wrap": True}))
    return out


@pytest.mark.parametrize(("family", "args", "kwargs"), _lattices(), ids=str)
def test_lattice_group_matches_the_general_search(family: str, args: tuple, kwargs: dict) -> None:
    from lightsout_graphs.algorithms.symmetry import _lattice_group, _matched

    p = getattr(lo, family)(*args, **kwargs)
    group = _lattice_group(p)
    assert group is not None
    ours = [as_index(p, s) for s in symmetries(p, max_count=10**6)]
    searched = _matched(p, 10**6)
    assert ours == sorted(searched)  # the same group, in the same order
    assert len(ours) == group.size
    if not group.wrapped:
        turns = {as_index(p, s) for s in symmetries(p, rotations_only=True)}
        assert turns <= set(ours)
        assert len(turns) in (len(ours), len(ours) // 2)


def test_symmetries_of_a_huge_grid_are_read_from_its_structure() -> None:
    from lightsout_graphs.algorithms.symmetry import LatticeSymmetry

    group = symmetries(lo.grid(3000, 3000))
    assert len(group) == 8 and all(isinstance(g, LatticeSymmetry) for g in group)
    assert {g[(0, 0)] for g in group} == {(0, 0), (0, 2999), (2999, 0), (2999, 2999)}
    turn = [g for g in group if g[(0, 0)] == (0, 2999) and g[(0, 1)] == (1, 2999)]
    assert len(turn) == 1 and turn[0][(1500, 7)] == (7, 1499)  # a quarter turn
    assert len(symmetries(lo.grid(3000, 3000), rotations_only=True)) == 4
    assert len(symmetries(lo.grid(3000, 1500, 2))) == 8  # two equal axes: 2·2·2·2
    with pytest.raises(KeyError):
        group[1][(3000, 0)]


def test_a_large_lattice_matches_the_small_path_of_dicts() -> None:
    from lightsout_graphs.algorithms import symmetry

    rng = np.random.default_rng(5)
    for p in [lo.grid(300, 300), lo.grid(40, 40, 41), lo.cylinder(30000, 3)]:
        lazy = symmetries(p)
        small = symmetry._index_symmetries(p, False, 10**6)
        assert len(lazy) == len(small) > 1
        nodes = list(p.nodes)
        sample = rng.integers(0, len(nodes), 200)
        for g, perm in zip(lazy, small, strict=True):
            assert [p.index[g[nodes[i]]] for i in sample] == [perm[i] for i in sample]


def test_too_many_lattice_symmetries_are_counted_not_listed() -> None:
    with pytest.raises(SearchLimitError, match=r"72000000 symmetries.*max_count=72000000"):
        symmetries(lo.torus(3000, 3000))


def test_rotations_need_a_box_not_a_torus() -> None:
    with pytest.raises(InvalidPuzzleError, match="grid"):
        symmetries(lo.torus(5, 5), rotations_only=True)


def test_a_long_general_search_is_refused_by_its_estimate() -> None:
    with pytest.raises(lo.TimeBudgetError, match=r"10000 nodes.*LIGHTSOUT_TIME_BUDGET"):
        symmetries(lo.king(100))
    before = zk.set_time_budget(10**9)
    try:
        from lightsout_graphs.algorithms.symmetry import _check_search_time

        _check_search_time(lo.king(100))  # raised budget: no refusal
    finally:
        zk.set_time_budget(None)
    assert before == 10**9
