"""Fuzz the public API with hostile input: every failure is a package error, every answer replays.

Graphs, moduli, rules, weights, pressable sets, states and targets are drawn from well-formed
and malformed values alike. Whatever the call, it either returns a solution (or an analysis)
that checks out, or raises a :class:`~lightsout_graphs.core.errors.LightsOutError` (documented
standard exceptions: none). Bounded in CI; ``pytest tests/fuzz --hypothesis-profile=fuzz-long``
runs it for long.
"""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Hashable
from typing import Any

import networkx as nx
import numpy as np
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs.core.errors import LightsOutError
from lightsout_graphs.representation.boards import parse_board
from lightsout_graphs.representation.families import FAMILIES, make

# Values that are not what an argument expects, for every slot.
JUNK = st.sampled_from(
    [None, "", "x", b"\x00", 2.5, float("nan"), -1, 10**30, [], {}, object(), True, (1, 2), [[1]]]
)
MODULI = st.one_of(
    st.sampled_from([2, 3, 4, 5, 6, 7, 8, 9, 12, 1000003]),
    st.sampled_from([2, 3, 4, 6]),
    st.integers(-3, 40),
    st.sampled_from([0, 1, 2**62, 2**63, 10**40, np.int64(5), np.uint8(3), 3.0, "3", True]),
)
RULES = st.one_of(
    st.sampled_from(["closed", "open", "weighted"]),
    st.sampled_from(["closed", "open"]),
    st.sampled_from(["CLOSED", "bogus", "", 3, None]),
    st.just(np.array(["closed", "open"])),
)


@st.composite
def graphs(draw: st.DrawFn, clean: bool = False) -> nx.Graph:
    n = draw(st.integers(0, 7))
    if clean:
        n = max(n, 1)
    kind = draw(
        st.sampled_from([nx.Graph, nx.DiGraph] if clean else [nx.Graph, nx.DiGraph, nx.MultiGraph])
    )
    loops = not clean and draw(st.integers(0, 9)) == 0  # self-loops (refused) now and then
    g = kind()
    labels = draw(
        st.sampled_from([list(range(n)), [f"v{i}" for i in range(n)], [(i, -i) for i in range(n)]])
    )
    g.add_nodes_from(labels)
    for _ in range(draw(st.integers(0, 12))):
        if n:
            u = labels[draw(st.integers(0, n - 1))]
            v = labels[draw(st.integers(0, n - 1))]
            if u == v and not loops:
                continue
            junk = st.nothing() if clean else JUNK
            weight = draw(st.one_of(st.integers(-5, 5), st.integers(0, 3), junk))
            g.add_edge(u, v, weight=weight)
    if n and draw(st.booleans()):
        junk = st.nothing() if clean else JUNK
        g.nodes[labels[0]]["self_weight"] = draw(st.one_of(st.integers(-3, 3), junk))
    return g


def boards(nodes: list[Hashable], clean: bool = False) -> st.SearchStrategy[Any]:
    n = len(nodes)
    if clean:
        return st.one_of(
            st.integers(0, 3),
            st.lists(st.integers(0, 9), min_size=n, max_size=n),
            st.dictionaries(st.sampled_from(nodes), st.integers(0, 5), max_size=4),
        )
    return st.one_of(
        st.integers(-3, 5),
        st.lists(st.integers(-2, 9), min_size=n, max_size=n),
        st.lists(st.integers(0, 3), max_size=n + 2),
        st.dictionaries(st.sampled_from([*nodes, "nope", 99]), st.integers(-1, 5), max_size=4)
        if nodes
        else st.just({}),
        st.lists(st.floats(allow_nan=True), min_size=n, max_size=n),
        JUNK,
    )


def check_solution(puzzle: lo.Puzzle, sol: Any) -> None:
    assert sol.verify()
    state = puzzle.state_vector(sol.state)
    after = puzzle.apply(state, sol.presses)
    assert puzzle.state_vector(after).tolist() == puzzle.state_vector(sol.target).tolist()


@st.composite
def puzzles(draw: st.DrawFn) -> tuple[Any, dict[str, Any]]:
    """(graph, Puzzle keyword arguments): half of them well formed, half anything."""
    clean = draw(st.booleans())
    g = draw(graphs(clean))
    if clean:
        modulus = draw(st.sampled_from([2, 3, 4, 5, 6, 8, 9, 12]))
        rule = draw(st.sampled_from(["closed", "open", "weighted"]))
    else:
        modulus, rule = draw(MODULI), draw(RULES)
    kwargs: dict[str, Any] = {"modulus": modulus, "rule": rule}
    nodes = list(g.nodes)
    choice = draw(st.integers(0, 1 if clean else 3))
    if choice == 1 and nodes:
        kwargs["pressable"] = draw(st.lists(st.sampled_from(nodes), unique=True))
    elif choice == 2:
        kwargs["pressable"] = draw(st.one_of(JUNK, st.lists(st.sampled_from([*nodes, "ghost"]))))
    return g, kwargs


@given(puzzles(), st.data())
def test_hostile_input_raises_package_errors_and_answers_replay(
    made: tuple[nx.Graph, dict[str, Any]], data: st.DataObject
) -> None:
    g, kwargs = made
    try:
        puzzle = lo.Puzzle(g, **kwargs)
    except LightsOutError:
        event("puzzle refused")
        return
    nodes = list(puzzle.nodes)
    clean = data.draw(st.booleans(), label="clean boards")
    state = data.draw(boards(nodes, clean), label="state")
    target = data.draw(st.one_of(st.none(), boards(nodes, clean)), label="target")
    minimize = data.draw(st.booleans(), label="minimize")
    try:
        sol = lo.solve(puzzle, state, target, minimize=minimize)
    except lo.Unsolvable as err:
        event("unsolvable, certificate checked")
        assert err.certificate  # a proof: checked against the matrix below
        t = puzzle.toggle_matrix().toarray()
        y = np.array([err.certificate.get(v, 0) for v in nodes], dtype=object)
        cols = [puzzle.index[u] for u in puzzle.pressable]
        assert not any(int(x) % puzzle.modulus for x in y @ t[:, cols].astype(object))
    except LightsOutError:
        pass
    else:
        event("solved, solution replayed")
        check_solution(puzzle, sol)
        if minimize:
            assert sol.optimal
    try:
        analysis = lo.analyze(puzzle)
    except LightsOutError:
        pass
    else:
        k = puzzle.modulus
        # |kernel| · |image| = k^(pressable), the first isomorphism theorem
        assert analysis.num_quiet_patterns * analysis.solvable_states == k ** len(puzzle.pressable)
        for pattern in analysis.quiet_patterns:
            assert not any(puzzle.apply(0, pattern).values())
    try:
        found = lo.all_solutions(puzzle, state, target, max_count=64)
    except LightsOutError:
        pass
    else:
        for presses in found:
            after = puzzle.apply(state, presses)
            goal = puzzle.goal if target is None else puzzle.state_vector(target)
            assert puzzle.state_vector(after).tolist() == np.asarray(goal).tolist()
    with contextlib.suppress(LightsOutError):
        lo.is_solvable(puzzle, state, target)


@given(puzzles(), st.one_of(st.integers(-5, 2**30), JUNK))
def test_search_bounds_are_checked(made: tuple[nx.Graph, dict[str, Any]], bound: Any) -> None:
    g, kwargs = made
    try:
        puzzle = lo.Puzzle(g, **kwargs)
    except LightsOutError:
        return
    for call in (
        lambda: lo.depth_distribution(puzzle, max_states=bound),
        lambda: lo.lit_only_solve(puzzle, 1, max_states=bound),
        lambda: lo.all_solutions(puzzle, 0, max_count=bound),
        lambda: lo.solve(puzzle, 1, minimize=True, max_enumerate=bound),
    ):
        with contextlib.suppress(LightsOutError):
            call()


def _raw_cases() -> dict[str, Any]:
    g = nx.path_graph(3)
    return {
        "rule given as an array": lambda: lo.Puzzle(g, rule=np.array(["closed", "open"])),
        "weight attribute name not a string": lambda: lo.Puzzle(g, rule="weighted", weight=["w"]),
        "boards given as a list": lambda: lo.grid(2, 2).with_metadata(boards=[1]),
        "colors given as an int": lambda: lo.grid(2, 2).with_metadata(colors=5),
        "press_pattern pos a float": lambda: lo.press_pattern({"a": ["b"]}, pos=2.0),
    }


# Issue 16, item 20: inputs that used to raise raw ValueError, TypeError or AttributeError.
@pytest.mark.parametrize("case", list(_raw_cases()))
def test_raw_exceptions_listed_in_the_issue(case: str) -> None:
    with contextlib.suppress(LightsOutError):
        _raw_cases()[case]()


FAMILY_VALUES = st.one_of(JUNK, st.integers(-2, 6), st.sampled_from([{}, [[1]], 2**62, -(10**19)]))


@pytest.mark.parametrize("family", sorted(FAMILIES))
@settings(max_examples=15)
@given(data=st.data())
def test_family_builders_take_junk_parameters(family: str, data: st.DataObject) -> None:
    # Every family parameter, drawn from junk and small ints: a puzzle or the package's error
    # (``named(name={})`` raised a raw TypeError).
    signature = inspect.signature(FAMILIES[family]).parameters.values()
    kwargs = {
        p.name: data.draw(FAMILY_VALUES, label=p.name)
        for p in signature
        if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) and data.draw(st.booleans())
    }
    try:
        puzzle = make(family, **kwargs)
    except LightsOutError:
        event("refused")
        return
    if puzzle.n <= 400:
        seed = data.draw(st.sampled_from([0, 1, -1, None, 2**70, "x"]), label="seed")
        with contextlib.suppress(LightsOutError):
            board = lo.random_board(puzzle, seed=seed)
            check_solution(puzzle, lo.solve(puzzle, board))
        repr(lo.analyze(puzzle))


@given(
    text=st.one_of(
        st.text(alphabet="0123456789 .*=/\n(),", max_size=60),
        st.integers(4290, 4400).map(lambda n: "7" * n),
        st.integers(4290, 4400).map(lambda n: "0=" + "3" * n),
    ),
    k=st.sampled_from([2, 3, 10, 2**61]),
)
def test_board_text_of_any_digits_parses_or_is_a_format_error(text: str, k: int) -> None:
    for puzzle in (lo.grid(3, 3, modulus=k), lo.Puzzle(nx.path_graph(3), modulus=k)):
        with contextlib.suppress(LightsOutError):
            board = parse_board(puzzle, text)
            assert all(0 <= int(v) < k for v in board)


PUBLIC_FUNCTIONS = sorted(
    name
    for name in lo.__all__
    if callable(getattr(lo, name)) and not isinstance(getattr(lo, name), type)
)
SMALL_PUZZLES = [lo.grid(3, 3), lo.grid(2, 2, modulus=3), lo.Puzzle(nx.path_graph(4))]
ARGUMENTS = st.one_of(
    st.sampled_from(SMALL_PUZZLES),
    JUNK,
    st.sampled_from([{(0, 0): 1}, {(9, 9): 1}, np.ones(4), np.ones(9, dtype=float), -(10**19)]),
)


@pytest.mark.parametrize("name", PUBLIC_FUNCTIONS)
@settings(max_examples=40)
@given(data=st.data())
def test_every_public_function_takes_junk(name: str, data: st.DataObject) -> None:
    # A puzzle (mostly) first, then junk for any argument: a result or the package's error.
    # (read_graph6(True) closed standard output; symmetries and format_board raised ValueError.)
    function = getattr(lo, name)
    kwargs: dict[str, Any] = {}
    params = [
        p
        for p in inspect.signature(function).parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    ]
    for i, p in enumerate(params):
        if p.default is p.empty or data.draw(st.booleans(), label=f"give {p.name}"):
            first = i == 0 and data.draw(st.integers(0, 4), label="puzzle first") > 0
            strategy = st.sampled_from(SMALL_PUZZLES) if first else ARGUMENTS
            kwargs[p.name] = data.draw(strategy, label=p.name)
    with contextlib.suppress(LightsOutError):
        function(**kwargs)
