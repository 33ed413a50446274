"""Docs written once: the slots of a docstring filled from a table."""

from __future__ import annotations

import inspect

from lightsout_graphs.core._docs import fill_doc


def test_a_slot_line_becomes_the_text_at_its_indent() -> None:
    def f() -> None:
        """Do %(name)s, 50% of it.

        Parameters
        ----------
        %(k)s
        %(unknown)s
        """

    fill_doc(f, {"k": "k : int\n    The modulus {k}."})
    assert inspect.getdoc(f) == (
        "Do f, 50% of it.\n\nParameters\n----------\nk : int\n    The modulus {k}.\n%(unknown)s"
    )


def test_classes_and_missing_docs() -> None:
    class Engine:
        """An engine.

        %(a)s
        """

    assert fill_doc(Engine, {"a": "a : int"}) is Engine
    assert inspect.getdoc(Engine) == "An engine.\n\na : int"

    def bare() -> None:
        pass

    assert fill_doc(bare, {"a": "x"}).__doc__ is None


def test_the_engines_and_families_use_it() -> None:
    from lightsout_graphs.core.zk.local import LocalFactorization
    from lightsout_graphs.core.zk.local_flint import LiftedLocalFactorization
    from lightsout_graphs.representation.families import grid

    for obj in (LocalFactorization, LiftedLocalFactorization, grid):
        assert "%(" not in (obj.__doc__ or ""), obj
    assert "valuations : list of int" in (LiftedLocalFactorization.__doc__ or "")
