"""Tests of solving: replay, exact counts against brute force, certificates, known results."""

from __future__ import annotations

import itertools
import json

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.algorithms.solver import factorization
from tests.puzzles import doubling
from tests.strategies import MODULI, small_graphs


def brute_force_solutions(puzzle: lo.Puzzle, rhs: np.ndarray) -> list[tuple[int, ...]]:
    """Every press vector x (over the pressable nodes) with P x ≡ rhs."""
    p = puzzle.press_matrix().toarray()
    k = puzzle.modulus
    out = []
    for x in itertools.product(range(k), repeat=p.shape[1]):
        if np.array_equal(p @ np.array(x, dtype=np.int64) % k, rhs):
            out.append(x)
    return out


def has_order(vec: np.ndarray, order: int, k: int) -> bool:
    """Whether vec has exactly this additive order in Z_k^n."""
    if (order * vec % k).any():
        return False
    primes = [q for q in range(2, order + 1) if order % q == 0 and all(q % r for r in range(2, q))]
    return all((order // q * vec % k).any() for q in primes)


@st.composite
def puzzles_and_boards(draw: st.DrawFn) -> tuple[lo.Puzzle, list[int], list[int]]:
    k = draw(st.sampled_from(MODULI))
    max_nodes = {2: 8, 3: 5, 4: 4, 5: 4}.get(k, 3)
    g = draw(small_graphs(max_nodes=max_nodes))
    rule = draw(st.sampled_from(["closed", "open"]))
    nodes = list(g.nodes)
    pressable = draw(st.one_of(st.none(), st.lists(st.sampled_from(nodes), unique=True)))
    puzzle = lo.Puzzle(g, modulus=k, rule=rule, pressable=pressable)
    n = len(nodes)
    state = draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n))
    target = draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n))
    return puzzle, state, target


@given(puzzles_and_boards())
def test_solve_agrees_with_brute_force(case: tuple[lo.Puzzle, list[int], list[int]]) -> None:
    puzzle, state, target = case
    k = puzzle.modulus
    rhs = (np.array(target) - np.array(state)) % k
    brute = brute_force_solutions(puzzle, rhs)
    assert lo.is_solvable(puzzle, state, target) == bool(brute)
    if brute:
        sol = lo.solve(puzzle, state, target)
        assert sol.verify()
        assert sol.num_solutions == len(brute)
        assert all(0 <= c < k for c in sol.presses.values())
        data = sol.to_dict()
        assert json.loads(json.dumps(data)) == data
        assert data["num_solutions"] == len(brute) and data["presses"] == sol.vector.tolist()
        for quiet, order in zip(sol.quiet_patterns, sol.quiet_orders, strict=True):
            assert puzzle.apply(0, quiet) == puzzle.as_dict([0] * puzzle.n)
            vec = np.array(list(quiet.values()))
            assert has_order(vec, order, k)
        best = lo.solve(puzzle, state, target, minimize=True)
        assert best.verify() and best.optimal
        assert best.num_presses == min(sum(x) for x in brute)
    else:
        with pytest.raises(lo.Unsolvable) as info:
            lo.solve(puzzle, state, target)
        y = np.zeros(puzzle.n, dtype=np.int64)
        for node, coef in info.value.certificate.items():
            y[puzzle.index[node]] = coef
        assert not (y @ puzzle.press_matrix().toarray() % k).any()
        assert int(y @ rhs) % k == info.value.value != 0


@given(puzzles_and_boards())
def test_composite_moduli_agree_with_their_prime_power_parts(
    case: tuple[lo.Puzzle, list[int], list[int]],
) -> None:
    puzzle, state, target = case
    k = puzzle.modulus
    parts = [
        q for q in (2, 3, 4, 8, 9) if k % q == 0 and all(k % (q * p) for p in (2, 3) if q % p == 0)
    ]
    if len(parts) < 2:
        return
    total = 1
    solvable = True
    for q in parts:
        sub = lo.Puzzle(puzzle.graph, modulus=q, rule=puzzle.rule, pressable=puzzle.pressable)
        s = [v % q for v in state]
        t = [v % q for v in target]
        solvable &= lo.is_solvable(sub, s, t)
        total *= lo.analyze(sub).num_quiet_patterns
    assert lo.is_solvable(puzzle, state, target) == solvable
    assert lo.analyze(puzzle).num_quiet_patterns == total


@given(puzzles_and_boards(), st.randoms(use_true_random=False))
def test_relabelling_changes_nothing(
    case: tuple[lo.Puzzle, list[int], list[int]], rnd: object
) -> None:
    puzzle, state, target = case
    names = {node: f"v{node}" for node in puzzle.nodes}
    order = list(puzzle.nodes)
    rnd.shuffle(order)  # type: ignore[attr-defined]
    g = puzzle.graph.__class__()
    g.add_nodes_from(names[v] for v in order)
    g.add_edges_from((names[u], names[v]) for u, v in puzzle.graph.edges)
    pressable = [names[v] for v in puzzle.pressable]
    other = lo.Puzzle(g, modulus=puzzle.modulus, rule=puzzle.rule, pressable=pressable)
    s2 = {names[v]: x for v, x in zip(puzzle.nodes, state, strict=True)}
    t2 = {names[v]: x for v, x in zip(puzzle.nodes, target, strict=True)}
    assert lo.is_solvable(puzzle, state, target) == lo.is_solvable(other, s2, t2)
    a, b = lo.analyze(puzzle), lo.analyze(other)
    assert (a.num_quiet_patterns, a.solvable_states, a.rank) == (
        b.num_quiet_patterns,
        b.solvable_states,
        b.rank,
    )
    if lo.is_solvable(puzzle, state, target):
        m1 = lo.solve(puzzle, state, target, minimize=True).num_presses
        m2 = lo.solve(other, s2, t2, minimize=True).num_presses
        assert m1 == m2


def test_classic_board_rank_and_four_solutions() -> None:
    p = lo.grid(5, 5)
    a = lo.analyze(p)
    assert (a.rank, a.nullity, a.num_quiet_patterns) == (23, 2, 4)
    assert a.solvable_states == 2**23
    rng = np.random.default_rng(5)
    for _ in range(20):
        presses = rng.integers(0, 2, 25)
        board = p.apply(0, presses.tolist())
        sol = lo.solve(p, board)
        assert sol.num_solutions == 4 and sol.verify()


def test_lighting_the_classic_board_takes_fifteen_presses() -> None:
    sol = lo.solve(lo.grid(5, 5), 0, target=1, minimize=True)
    assert sol.num_presses == 15
    assert sol.optimal and sol.proof is not None and "enumeration" in sol.proof


def test_four_dimensional_grid_takes_forty_one_presses() -> None:
    sol = lo.solve(lo.grid(3, 3, 3, 3), 0, target=1, minimize=True)
    assert sol.num_presses == 41
    assert sol.verify()


def test_general_and_chasing_engines_agree_on_a_grid() -> None:
    p = lo.grid(6, 4, modulus=3)
    q = lo.grid(6, 4, modulus=3)
    fa = factorization(p, method="general")
    fb = factorization(q, method="auto")
    assert fa.kernel_size == fb.kernel_size and fa.image_size == fb.image_size


def test_unsolvable_board_message_and_certificate() -> None:
    p = lo.grid(4, 4)
    with pytest.raises(lo.Unsolvable, match="cannot reach the target: no press changes") as info:
        lo.solve(p, {(0, 0): 1})
    assert info.value.value == 1


def test_minimum_on_a_coset_too_large_to_enumerate() -> None:
    # 30 disjoint closed paths of 5 nodes: each has one quiet pattern (and no two buttons
    # alike), so the coset has 2**30 solutions; lighting a path takes 2 presses at the fewest.
    g = nx.disjoint_union_all([nx.path_graph(5) for _ in range(30)])
    p = lo.Puzzle(g)
    sol = lo.solve(p, 0, target=1, minimize=True)
    assert sol.num_solutions == 2**30
    assert sol.num_presses == 60 and sol.optimal and sol.lower_bound == 60
    assert sol.proof is not None and sol.proof.startswith("branch and bound")
    assert sol.verify()
    # Over Z_3 the same paths (one quiet pattern of order 3 each) go to CP-SAT.
    p3 = lo.Puzzle(nx.disjoint_union_all([nx.path_graph(5) for _ in range(12)]), modulus=3)
    sol3 = lo.solve(p3, 0, target=1, minimize=True, max_enumerate=0)
    assert sol3.num_solutions == 3**12 and sol3.optimal and sol3.verify()
    assert sol3.proof == "CP-SAT over the grouped coset (optimal)"
    assert sol3.num_presses == 24


@given(puzzles_and_boards())
def test_cpsat_agrees_with_enumeration(case: tuple[lo.Puzzle, list[int], list[int]]) -> None:
    puzzle, state, target = case
    if not lo.is_solvable(puzzle, state, target):
        return
    a = lo.solve(puzzle, state, target, minimize=True)
    b = lo.solve(puzzle, state, target, minimize=True, max_enumerate=0)
    assert a.optimal and b.optimal and a.lower_bound == a.num_presses
    assert a.num_presses == b.num_presses == b.lower_bound


def test_missing_ortools_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ortools.sat.python", None)
    # Over GF(2) the branch and bound needs no ortools; over Z_3 a large coset needs CP-SAT.
    pairs = nx.disjoint_union_all([nx.path_graph(5) for _ in range(3)])
    assert lo.solve(lo.Puzzle(pairs), 0, target=1, minimize=True, max_enumerate=2).optimal
    p = lo.Puzzle(pairs, modulus=3)
    with pytest.raises(lo.LightsOutError, match=r"lightsout_graphs\[cpsat\]"):
        lo.solve(p, 0, target=1, minimize=True, max_enumerate=2)


def test_default_target_is_the_puzzle_goal() -> None:
    p = lo.grid(2, 2).with_metadata(goal=1)
    sol = lo.solve(p)
    assert sol.target.tolist() == [1, 1, 1, 1] and sol.verify()


def test_one_factorisation_serves_every_board() -> None:
    p = lo.grid(3, 3)
    lo.solve(p, 1)
    first = factorization(p)
    lo.solve(p, 0, target=1)
    assert factorization(p) is first


def test_bad_boards_are_rejected() -> None:
    p = lo.grid(2, 2)
    with pytest.raises(lo.InvalidStateError, match="'target' has 3 values"):
        lo.solve(p, 0, target=[1, 1, 1])
    with pytest.raises(lo.InvalidStateError, match=r"'state' at every node must be in 0..1"):
        lo.is_solvable(p, 2)


def test_a_non_puzzle_is_rejected_by_name() -> None:
    for call in (
        lambda: lo.solve("5x5"),  # type: ignore[arg-type]
        lambda: lo.is_solvable(None),  # type: ignore[arg-type]
        lambda: lo.analyze([1, 2]),  # type: ignore[arg-type]
    ):
        with pytest.raises(lo.InvalidPuzzleError, match="Argument 'puzzle' must be a Puzzle, not"):
            call()


def test_minimize_is_exact_for_moduli_near_2_62() -> None:
    # Each light doubles its press count mod 2**61: presses 2**60 - 1 and 2**61 - 1 both reach
    # k - 2, and the fewest presses pick the smaller one on every light.
    k = 2**61
    p = doubling(5, k)
    sol = lo.solve(p, 0, [k - 2] * 5, minimize=True)
    assert sol.num_solutions == 32
    assert sol.vector.tolist() == [2**60 - 1] * 5
    assert sol.num_presses == 5 * (2**60 - 1)
    assert sol.verify()


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"max_enumerate": "x"}, "'max_enumerate' must be an int"),
        ({"max_enumerate": 2.5}, "'max_enumerate' must be an int"),
        ({"time_limit": "x"}, "'time_limit' must be a number of seconds > 0"),
        ({"time_limit": float("nan")}, "'time_limit' must be a number of seconds > 0"),
        ({"time_limit": 0}, "'time_limit' must be a number of seconds > 0"),
    ],
)
def test_bad_minimize_limits_raise_package_errors(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(lo.LightsOutError, match=match):
        lo.solve(lo.grid(4, 4), 0, 1, minimize=True, **kwargs)  # type: ignore[arg-type]


def test_a_solution_is_frozen_and_its_earlier_names_are_gone() -> None:
    import dataclasses

    sol = lo.solve(lo.grid(5, 5), 0, target=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        sol.vector = np.zeros(25, dtype=np.int64)  # type: ignore[misc]
    assert sol.num_solutions == sol.num_quiet_patterns == 4 and sol.quiet_orders == [2, 2]
    assert sol.quiet_patterns == lo.analyze(lo.grid(5, 5)).quiet_patterns
    for old in ("count", "kernel", "kernel_vectors", "kernel_orders"):
        assert not hasattr(sol, old), old
    assert not hasattr(lo.analyze(lo.grid(5, 5)), "kernel_size")


def test_huge_counts_are_exact_strings_in_to_dict() -> None:
    data = lo.solve(lo.Puzzle(nx.empty_graph(200), rule="open"), 0).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["num_solutions"] == "2^200" and data["num_presses"] == 0
    assert lo.solve(lo.grid(30, 30), 0).to_dict()["count"] == 2**20


def test_minimize_must_be_a_flag() -> None:
    from lightsout_graphs.core.errors import SearchLimitError

    with pytest.raises(SearchLimitError, match="'minimize' must be True or False"):
        lo.solve(lo.grid(3, 3), 1, minimize=np.ones(4))  # type: ignore[arg-type]


def test_a_negative_enumeration_limit_is_refused() -> None:
    with pytest.raises(lo.SearchLimitError, match="'max_enumerate' must be an int >= 0"):
        lo.solve(lo.grid(4, 4), 1, minimize=True, max_enumerate=-1)
