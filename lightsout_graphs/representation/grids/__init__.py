"""Fast engines for m×n grid boards: light chasing (also on tori and cylinders) and polynomial
nullity tables."""

from __future__ import annotations

from lightsout_graphs.representation.grids.chasing import GridChaser
from lightsout_graphs.representation.grids.polynomials import (
    format_polynomial,
    nullity,
    nullity_polynomial,
    nullity_table,
    path_polynomial,
)
from lightsout_graphs.representation.grids.wrapped import WrappedChaser

__all__ = [
    "GridChaser",
    "WrappedChaser",
    "format_polynomial",
    "nullity",
    "nullity_polynomial",
    "nullity_table",
    "path_polynomial",
]
