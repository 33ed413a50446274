"""Fast engines for m×n grid boards: light chasing and polynomial nullity tables."""

from __future__ import annotations

from lightsout_graphs.grids.chasing import GridChaser
from lightsout_graphs.grids.polynomials import nullity, nullity_table

__all__ = ["GridChaser", "nullity", "nullity_table"]
