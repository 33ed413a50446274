"""The base layer: what every other layer stands on, and that knows no puzzle.

The package's own errors (:mod:`~lightsout_graphs.core.errors`), exact linear algebra over
Z_k (:mod:`~lightsout_graphs.core.zk`), the typed shapes the planner reads
(:mod:`~lightsout_graphs.core.structure`), and small shared helpers: caching, count text,
coordinate labels, memory and time budgets, deprecations.

A module here imports only from this layer. The layers above it, bottom to top:
:mod:`~lightsout_graphs.representation`, :mod:`~lightsout_graphs.algorithms`,
:mod:`~lightsout_graphs.interfaces`.
"""

__all__: list[str] = []
