"""The planner: one engine per question, chosen from the structure, with its cost estimate."""

from __future__ import annotations

import re
from pathlib import Path

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs import planner, zk
from lightsout_graphs.core.errors import InvalidPuzzleError, MemoryBudgetError

PACKAGE = Path(lo.__file__).parent


def test_engines_follow_the_structure() -> None:
    assert planner.plan(lo.grid(40, 30)).engine == "chasing"
    assert planner.plan(lo.torus(6, 7, modulus=5)).engine == "wrapped-chasing"
    assert planner.plan(lo.torus(2, 7)).engine != "wrapped-chasing"
    assert planner.plan(lo.king(5)).engine == "gf2-python"
    assert planner.plan(lo.grid(4, 4), "counts").engine == "polynomial"
    assert planner.plan(lo.rook(9, 9), "counts").engine == "product formula"
    assert planner.plan(lo.grid(4, 4, modulus=4), "counts").engine == "chasing"
    for question in planner.QUESTIONS:
        chosen = planner.plan(lo.grid(5, 5), question)
        assert chosen.seconds >= 0 and chosen.memory > 0 and chosen.reason
        assert chosen.engine in repr(chosen)


def test_prime_powers_are_planned_on_flint_local() -> None:
    """Over Z/p^e (p^e != 4) the general elimination is the FLINT-lifted engine, as zk picks it,
    and its estimate is seconds, not the minutes of one pivot at a time."""
    dense = lo.Puzzle(nx.complete_graph(600), modulus=9)
    plan = planner.plan(dense)
    small = planner.factorize(lo.Puzzle(nx.complete_graph(30), modulus=9))
    assert plan.engine == "flint-local" == small.method
    assert plan.seconds < 1
    petersen = planner.plan(lo.Puzzle(nx.petersen_graph(), modulus=18))
    assert petersen.engine == "crt" and "gf2-python mod 2 + flint-local mod 9" in petersen.reason
    assert planner.plan(lo.Puzzle(nx.complete_graph(50), modulus=4)).engine == "z4"


def test_unknown_question_is_refused() -> None:
    with pytest.raises(InvalidPuzzleError, match="question"):
        planner.plan(lo.grid(2, 2), "everything")
    with pytest.raises(InvalidPuzzleError, match="Puzzle"):
        planner.plan("grid", "solve")  # type: ignore[arg-type]


@pytest.mark.parametrize("modulus", [2, 3])
def test_a_product_of_cycles_is_a_torus(modulus: int) -> None:
    torus = lo.analyze(lo.torus(59, 61, modulus=modulus))
    product = lo.analyze(lo.product(nx.cycle_graph(59), nx.cycle_graph(61), modulus=modulus))
    assert product.method == torus.method == "product formula"
    assert product.nullity == torus.nullity
    assert product.num_quiet_patterns == torus.num_quiet_patterns


def test_a_product_of_complete_graphs_is_a_rook_board() -> None:
    big = lo.product(nx.complete_graph(500), nx.complete_graph(500))
    assert lo.analyze(big).nullity == lo.analyze(lo.rook(500, 500)).nullity
    small = lo.product(nx.complete_graph(4), nx.complete_graph(6), modulus=3)
    assert lo.analyze(small).nullity == lo.analyze(lo.rook(4, 6, modulus=3)).nullity


def _relabelled(graph: nx.Graph, seed: int) -> nx.Graph:
    nodes = list(graph)
    shuffled = list(np.random.default_rng(seed).permutation(len(nodes)))
    return nx.relabel_nodes(graph, {v: f"v{shuffled[i]}" for i, v in enumerate(nodes)})


FACTORS = st.sampled_from(["path", "cycle", "complete", "star", "petersen"])


def _factor(kind: str, n: int) -> nx.Graph:
    return {
        "path": nx.path_graph,
        "cycle": nx.cycle_graph,
        "complete": nx.complete_graph,
        "star": nx.star_graph,
        "petersen": lambda _: nx.petersen_graph(),
    }[kind](n)


@settings(max_examples=25, deadline=None)
@given(
    FACTORS,
    FACTORS,
    st.integers(3, 7),
    st.integers(3, 7),
    st.sampled_from([2, 3, 5]),
    st.sampled_from(["closed", "open"]),
    st.integers(0, 100),
)
def test_planned_counts_agree_with_elimination(
    a: str, b: str, m: int, n: int, k: int, rule: str, seed: int
) -> None:
    """Whatever the factors and their labels, the planned nullity is the eliminated one."""
    p = lo.product(_relabelled(_factor(a, m), seed), _factor(b, n), modulus=k, rule=rule)
    eliminated = zk.factorize(p.toggle_matrix(), k)
    assert lo.analyze(p).nullity == p.n - eliminated.rank


def test_refusals_come_before_allocation() -> None:
    before = zk.memory_budget()
    try:
        zk.set_memory_budget("64M")
        with pytest.raises(MemoryBudgetError, match="memory budget"):
            lo.solve(lo.grid(20000, 20000), 1)
        with pytest.raises(MemoryBudgetError, match="memory budget"):
            lo.solve(lo.torus(5000, 5000, modulus=3), 1)
    finally:
        zk.set_memory_budget(None)
    assert zk.memory_budget() == before


def test_general_refusal_names_the_routes() -> None:
    with pytest.raises(InvalidPuzzleError, match="light chasing"):
        planner.factorize(lo.king(400))


def test_no_module_but_the_planner_chooses_by_family_name() -> None:
    """Family names are metadata for people: no algorithm reads them to pick an engine."""
    pattern = re.compile(r"(family\.name|spec\.family)\s*(==|!=|in\b|not\s+in\b)")
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "planner.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line) and not line.lstrip().startswith(("#", ">>>")):
                offenders.append(f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}")
    assert offenders == []


#: A small corpus covering every engine of "solve" and "counts": what plan names is what runs.
CORPUS = [
    lo.grid(6, 7),
    lo.grid(5, 5, modulus=3),
    lo.grid(4, 9, rule="open", modulus=4),
    lo.torus(5, 6),
    lo.torus(5, 5, modulus=7),
    lo.torus(5, 5, modulus=2147483659),
    lo.king(5),
    lo.king(4, modulus=3),
    lo.king(4, modulus=4),
    lo.king(4, modulus=5),
    lo.king(4, modulus=9),
    lo.king(4, modulus=6),
    lo.Puzzle(nx.petersen_graph(), modulus=18),
    lo.Puzzle(nx.complete_graph(5), modulus=25),
    lo.Puzzle(nx.gnp_random_graph(40, 0.2, seed=3), modulus=2),
    lo.product(nx.cycle_graph(5), nx.complete_graph(4), modulus=3),
]


@pytest.mark.parametrize("puzzle", CORPUS, ids=lambda p: f"{p.n}-mod-{p.modulus}")
def test_the_planned_engine_is_the_one_that_runs(puzzle: lo.Puzzle) -> None:
    solved = lo.solve(puzzle, 0)
    assert planner.plan(puzzle, "solve").engine == solved.method
    assert planner.plan(puzzle, "counts").engine == lo.analyze(puzzle).method


def test_the_counts_engines_are_covered() -> None:
    named = {planner.plan(p, q).engine for p in CORPUS for q in ("solve", "counts")}
    assert {"chasing", "wrapped-chasing", "polynomial", "product formula", "crt"} <= named
    assert {"gf2-python", "z4", "flint", "flint-local", "local"} <= named


def test_a_large_prime_torus_is_planned_on_the_engine_that_runs() -> None:
    torus = lo.torus(5, 5, modulus=2147483659)
    assert planner.plan(torus).engine == lo.solve(torus, 1).method == "flint"


class Diagonal(planner.Engine):
    """A toy engine: every puzzle whose toggle matrix is the identity (no edges)."""

    name, question = "diagonal", "solve"
    reason = "no button touches another light"

    def applies(self, puzzle: lo.Puzzle) -> bool:
        return puzzle.number_of_edges() == 0 and puzzle.rule == "closed"

    def cost(self, puzzle: lo.Puzzle) -> planner.Cost:
        return planner.Cost(1e-6 * puzzle.n, 8 * puzzle.n)

    def run(self, puzzle: lo.Puzzle) -> zk.Factorization:
        f = zk.factorize(np.eye(puzzle.n, dtype=np.int64), puzzle.modulus, method="gfp")
        f.method = self.name  # type: ignore[misc]
        return f


def test_a_new_engine_is_one_registration() -> None:
    puzzle = lo.Puzzle(nx.empty_graph(4), modulus=5)
    assert planner.plan(puzzle).engine == "flint"
    engine = planner.register(Diagonal(), first=True)
    try:
        chosen = planner.plan(lo.Puzzle(nx.empty_graph(4), modulus=5))
        assert chosen.engine == "diagonal" and chosen.cost.bytes == 32
        solved = lo.solve(lo.Puzzle(nx.empty_graph(4), modulus=5), 0, 2)
        assert solved.method == "diagonal" and solved.presses == {0: 2, 1: 2, 2: 2, 3: 2}
        assert planner.plan(lo.grid(3, 3)).engine == "chasing"  # where it does not apply
    finally:
        planner.unregister(engine)
    assert planner.plan(lo.Puzzle(nx.empty_graph(4), modulus=5)).engine == "flint"


def test_registration_is_checked() -> None:
    with pytest.raises(lo.EngineError, match="already answers"):
        planner.register(Diagonal()) and planner.register(Diagonal())
    planner.unregister(planner.engines("solve")[-1])
    with pytest.raises(lo.EngineError, match="not registered"):
        planner.unregister(Diagonal())
    with pytest.raises(lo.EngineError, match="Only an Engine"):
        planner.register("chasing")  # type: ignore[arg-type]


def test_chasing_over_the_time_budget_is_refused_before_it_starts() -> None:
    estimate = planner.plan(lo.grid(2**22, 3)).seconds
    before = zk.time_budget()
    try:
        zk.set_time_budget(estimate / 2)
        with pytest.raises(lo.TimeBudgetError, match="LIGHTSOUT_TIME_BUDGET"):
            lo.solve(lo.grid(2**22, 3), 1)
    finally:
        zk.set_time_budget(None)
    assert zk.time_budget() == before


def test_the_numeric_choices() -> None:
    choose = planner.minimum_engine
    assert [
        choose([k] * n, k, max_enumerate=2**24, split_limit=40).engine
        for k, n in ((2, 10), (2, 30), (3, 30))
    ] == [
        "enumeration",
        "split search",
        "cp-sat",
    ]
    gods = planner.gods_methods
    assert gods(2**10, 4, max_states=2**24, max_kernel=2**40) == ["breadth-first search"]
    assert gods(2**79, 4, max_states=2**24, max_kernel=2**40) == ["covering"]
    assert gods(2**20, 2**50, max_states=2**24, max_kernel=2**40) == ["breadth-first search"]
    assert planner.table_applies(500, 3, "closed") and not planner.table_applies(500, 4, "closed")
    planner.check_seconds(planner.Cost(1.0, 1024), "a small board")  # under budget: no error


def test_the_shapes_read_from_the_structure() -> None:
    assert planner.lattice_shape(lo.torus(3, 4)) == ((3, 4), (True, True))
    assert planner.lattice_shape(lo.cylinder(2, 5)) == ((2, 5), (False, True))
    assert planner.lattice_shape(lo.king(3)) is None
