"""Fast engines for m×n grid boards: light chasing and polynomial nullity tables."""

from __future__ import annotations

from lightsout_graphs.grids.polynomials import nullity, nullity_table

__all__ = ["nullity", "nullity_table"]
