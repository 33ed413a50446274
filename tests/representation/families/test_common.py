"""Size guards: huge families are refused by estimated size before anything is built."""

from __future__ import annotations

import time

import pytest

import lightsout_graphs as lo
from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.representation.families import make


@pytest.mark.parametrize(
    ("name", "params", "match"),
    [
        ("hypercube", {"d": 10**12}, "choose d <= 22"),
        ("hypercube", {"d": 10**9}, "choose d <= 22"),
        ("cycle", {"n": 10**9}, "would have 1000000000 nodes"),
        ("path", {"n": 10**9}, "would have 1000000000 nodes"),
        ("tree", {"r": 2, "h": 10**6}, "nodes"),
        ("tree", {"n": 10**9}, "would have 1000000000 nodes"),
        ("complete", {"n": 5000}, "12497500 edges"),
        ("random_graph", {"n": 100000, "p": 1}, "edges"),
        ("random_regular", {"d": 1000, "n": 100000}, "edges"),
        ("grid", {"shape": (10**5, 10**5)}, "cells a board holds"),
        ("triangular", {"m": 10**5, "n": 10**5}, "nodes"),
        ("hexagonal", {"m": 10**4, "n": 10**4}, "nodes"),
        ("cube_surface", {"n": 10**4}, "nodes"),
    ],
)
def test_huge_families_are_refused_at_once(name: str, params: dict, match: str) -> None:
    start = time.perf_counter()
    with pytest.raises(InvalidPuzzleError, match=match):
        make(name, **params)
    assert time.perf_counter() - start < 30  # a hang guard (milliseconds when refused)


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("rook", {"m": 2000, "n": 2000}),
        ("rook", {"m": 8, "n": 5000}),
        ("king", {"m": 2048, "n": 2048}),
        ("alien_tiles", {"m": 1000, "n": 1000}),
        ("knight", {"m": 2100, "n": 2100}),
    ],
)
def test_big_boards_build_lazily_and_refuse_the_general_engine_with_a_route(
    name: str, params: dict
) -> None:
    start = time.perf_counter()
    p = make(name, **params)
    assert p.n == params["m"] * params["n"]
    assert p.number_of_edges() > 0
    with pytest.raises(InvalidPuzzleError, match=r"lo\.grid\(m, n\).*lightsout solve grid"):
        lo.solve(p, 1)
    with pytest.raises(InvalidPuzzleError, match=r"puzzle\.graph only on smaller boards|nodes"):
        _ = p.graph
    assert time.perf_counter() - start < 60  # a hang guard (0.1 s here; eager builds: minutes)


def test_cheap_arguments_are_checked_before_any_build() -> None:
    for name, params in [
        ("triangular", {"m": 181318, "n": 5}),
        ("hexagonal", {"m": 1000, "n": 1000}),
        ("complete", {"n": 2000}),
        ("cycle", {"n": 10**6}),
        ("cube_surface", {"n": 300}),
    ]:
        start = time.perf_counter()
        with pytest.raises(InvalidPuzzleError, match="modulus"):
            make(name, **params, modulus=None)
        with pytest.raises(InvalidPuzzleError, match="rule"):
            make(name, **params, rule="nope")
        assert time.perf_counter() - start < 30  # a hang guard (milliseconds when refused)


def test_limit_messages_name_a_route_the_caller_can_take() -> None:
    with pytest.raises(InvalidPuzzleError, match=r"lightsout solve grid --shape MxN"):
        _ = lo.grid(2100, 2100).graph
    with pytest.raises(InvalidPuzzleError, match=r"solve a smaller board, or a grid"):
        lo.rook(2000, 2000).toggle_matrix()
    big = lo.grid(2048, 2048)
    sol = lo.solve(big, 1)  # the route the messages name works at this size
    assert sol.verify()


def test_every_family_docstring_has_its_slots_filled() -> None:
    """The shared parameter docs stand in every family's docstring, no ``%(key)s`` left."""
    import inspect

    from lightsout_graphs.representation import families

    filled = 0
    for name in families.__all__:
        doc = inspect.getdoc(getattr(families, name)) or ""
        assert "%(" not in doc, name
        if "modulus : int, default 2\n    k, the number of light states." in doc:
            filled += 1
    assert filled >= 30
    king = inspect.getdoc(families.king) or ""
    assert 'FamilyInfo("king", {"m": m, "n": n})' in king and "\nn : int, optional\n" in king


def test_family_doc_keeps_the_indent_of_its_slot() -> None:
    from lightsout_graphs.representation.families._common import PARAMETER_DOCS, family_doc

    def f() -> None:
        """Do.

        Parameters
        ----------
        %(rule)s
        """

    doc = family_doc(f).__doc__ or ""
    rule = PARAMETER_DOCS["rule"].splitlines()
    assert f"\n        {rule[0]}\n            {rule[1].strip()}\n" in doc


def test_every_family_function_is_found_where_it_says_it_lives() -> None:
    """Families made from a table (the solids, the chess boards, path/cycle/complete) name
    their own module and name: pickling, doctests and the API pages find them there."""
    import pickle
    import sys

    from lightsout_graphs.representation import families

    for name in families.__all__:
        obj = getattr(families, name)
        if callable(obj) and not isinstance(obj, type):
            assert getattr(sys.modules[obj.__module__], obj.__name__) is obj, name
            assert pickle.loads(pickle.dumps(obj)) is obj, name


def test_the_shared_checks_name_the_value_and_the_limit() -> None:
    from lightsout_graphs.representation.families import _common as c

    assert (c.check_prob(0.25, "p"), c.check_prob(1, "p"), c.check_seed(7), c.check_seed(None)) == (
        0.25,
        1.0,
        7,
        None,
    )
    assert c.check_args(3, "open") == (3, "open")
    refusals = [
        (lambda: c.check_prob(1.5, "p"), "Argument 'p' must be a number in [0, 1], not 1.5."),
        (lambda: c.check_seed(True), "Argument 'seed' must be an int or None, not True."),
        (lambda: c.check_args(None, "closed"), "'modulus' must be an int >= 2, not None."),
        (
            lambda: c.check_nodes(2**23, "hypercube d=23"),
            (
                "hypercube d=23 would have 8388608 nodes, more than the 4194304 a networkx graph can "
                "hold here; grid, torus and chess-board puzzles (lo.grid, lo.torus, lo.king ...) are "
                "built without their graph up to 2**31 cells, and grids are solved by light chasing "
                "(CLI: lightsout solve grid --shape MxN)."
            ),
        ),
        (
            lambda: c.check_edges(2**30, "The graph of rook 2000×2000"),
            (
                "The graph of rook 2000×2000 would have 1073741824 edges, more than the 8388608 a "
                "networkx graph can hold here; the puzzle itself works without its graph (lo.solve, "
                "lo.analyze, apply and verify do not build it), so read puzzle.graph only on smaller "
                "boards."
            ),
        ),
        (
            lambda: c.check_cells((10**5, 10**5), "A grid 100000×100000"),
            (
                "A grid 100000×100000 would have 10000000000 nodes, more than the 2147483648 cells a "
                "board holds here (8 bytes a light for each state); choose smaller sides."
            ),
        ),
        (
            lambda: c.check_entries(2**40, "The toggle matrix of rook 2**20x2**20"),
            (
                "The toggle matrix of rook 2**20x2**20 would have 1099511627776 entries, more than "
                "the 268435456 (about 4 GB) built here for the general engine; solve a smaller board, "
                "or a grid (solved by light chasing, without the matrix)."
            ),
        ),
        (
            lambda: c.check_size(5000, 5000 * 4999 // 2, "The complete graph K_5000"),
            (
                "The complete graph K_5000 would have 12497500 edges, more than the 8388608 a networkx "
                "graph can hold here; choose a smaller or sparser graph."
            ),
        ),
    ]
    for call, message in refusals:
        with pytest.raises(InvalidPuzzleError) as info:
            call()
        assert message in str(info.value)


def test_the_shared_helpers() -> None:
    import networkx as nx

    from lightsout_graphs.representation.families import _common as c

    assert [(round(x, 6), round(y, 6)) for x, y in c.circle_pos(4)] == [
        (0.0, 1.0),
        (-1.0, 0.0),
        (-0.0, -1.0),
        (1.0, -0.0),
    ]
    assert c.set_pos(nx.path_graph(2), {0: (0, 0), 1: (1, 2)}).nodes[1]["pos"] == (1.0, 2.0)
    assert list(c.ordered_graph(3, [(2, 1), (1, 0)]).edges) == [(0, 1), (1, 2)]
    assert c.factor("complete", 2) == c.Factor("path", 2)
    assert c.product_of([("path", 3), ("complete", 2)], "closed").kinds == ("path", "path")
    p = c.build(nx.path_graph(3), "path", {"n": 3}, modulus=2, rule="closed", pressable=None)
    assert (p.n, p.family.name, p.family.params) == (3, "path", {"n": 3})
