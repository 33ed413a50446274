"""The grouped solution coset and its press counts (see :mod:`lightsout_graphs.algorithms._cosets`)."""

from __future__ import annotations

from lightsout_graphs.algorithms._cosets import (
    TABLE_MODULUS,
    CosetGroups,
    SplitSearch,
    generator_columns,
    group_coset,
    press_counts,
    split_minimum,
)

__all__ = [
    "CosetGroups",
    "SplitSearch",
    "generator_columns",
    "group_coset",
    "press_counts",
    "split_minimum",
]

#: Moduli up to this one count presses in one grouped table.
_TABLE_MODULUS = TABLE_MODULUS
