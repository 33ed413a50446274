"""Fast engines for m×n grid boards: light chasing (also on tori and cylinders) and polynomial
nullity tables."""

from __future__ import annotations

from lightsout_graphs.grids.chasing import GridChaser
from lightsout_graphs.grids.polynomials import (
    format_polynomial,
    nullity,
    nullity_polynomial,
    nullity_table,
    path_polynomial,
)
from lightsout_graphs.grids.wrapped import WrappedChaser

__all__ = [
    "GridChaser",
    "WrappedChaser",
    "format_polynomial",
    "nullity",
    "nullity_polynomial",
    "nullity_table",
    "path_polynomial",
]
