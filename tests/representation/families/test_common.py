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
