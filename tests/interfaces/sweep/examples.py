"""Run examples of internal sweep functions as doctests (with nx, np and lo, as the docs have)."""

from __future__ import annotations

import doctest
import importlib

import networkx as nx
import numpy as np

import lightsout_graphs as lo

FLAGS = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS


def run_examples(module: str, name: str, text: str) -> None:
    """Run ``text`` as the doctest ``name`` of ``module`` (its names, with nx, np and lo)."""
    globs = {**vars(importlib.import_module(module)), "nx": nx, "np": np, "lo": lo}
    test = doctest.DocTestParser().get_doctest(text, globs, name, module, 0)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) of {name} failed"
