"""The lights grouped by their column of quiet patterns (see :mod:`lightsout_graphs.algorithms._cosets`)."""

from __future__ import annotations

from lightsout_graphs.algorithms._cosets import (
    MAX_PACKED,
    CosetGroups,
    generator_columns,
    group_coset,
)

__all__ = ["MAX_PACKED", "CosetGroups", "generator_columns", "group_coset"]
