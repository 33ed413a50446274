"""Cartesian products G □ H: nullity over GF(p) from the invariant factors of the two factors.

:mod:`~lightsout_graphs.representation.products.invariants` computes invariant factors over ``GF(p)[x]``,
:mod:`~lightsout_graphs.representation.products.formula` turns two factors into the nullity of their product,
:mod:`~lightsout_graphs.representation.products.tables` builds whole tables (tori, cylinders, rook's boards)
and :mod:`~lightsout_graphs.representation.products.fast` recognises product puzzles for
:func:`lightsout_graphs.analyze`. Nothing here knows of the CLI.
"""

from __future__ import annotations

from lightsout_graphs.representation.products.fast import fast_nullity
from lightsout_graphs.representation.products.formula import (
    hamming_nullity,
    product_nullity,
    rook_nullity,
)
from lightsout_graphs.representation.products.invariants import (
    complete_factors,
    cycle_factors,
    invariant_factors,
    path_factors,
)
from lightsout_graphs.representation.products.tables import nullity_table

__all__ = [
    "complete_factors",
    "cycle_factors",
    "fast_nullity",
    "hamming_nullity",
    "invariant_factors",
    "nullity_table",
    "path_factors",
    "product_nullity",
    "rook_nullity",
]
