"""Fast engines for m×n grid boards: light chasing and polynomial nullity tables."""

from __future__ import annotations

from lightsout_graphs.grids.chasing import GridChaser
from lightsout_graphs.grids.polynomials import (
    format_polynomial,
    nullity,
    nullity_polynomial,
    nullity_table,
    path_polynomial,
)

__all__ = [
    "GridChaser",
    "format_polynomial",
    "nullity",
    "nullity_polynomial",
    "nullity_table",
    "path_polynomial",
]
