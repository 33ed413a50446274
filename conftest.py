"""Doctest namespace: every docstring example may use ``nx``, ``np`` and ``lo``."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

import lightsout_graphs as lo


@pytest.fixture(autouse=True)
def _doctest_names(doctest_namespace: dict[str, object]) -> None:
    doctest_namespace["nx"] = nx
    doctest_namespace["np"] = np
    doctest_namespace["lo"] = lo
