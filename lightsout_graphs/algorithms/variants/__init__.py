"""Variants that are not linear: the lit-only puzzle, by theorem where one applies, else by search."""

from lightsout_graphs.algorithms.variants.lit_only import (
    LitOnlyOrbit,
    LitOnlyResult,
    LitOnlyStates,
    lit_only_method,
    lit_only_orbit,
    lit_only_reachable,
    lit_only_solvable_states,
    lit_only_solve,
    min_light_number,
)

__all__ = [
    "LitOnlyOrbit",
    "LitOnlyResult",
    "LitOnlyStates",
    "lit_only_method",
    "lit_only_orbit",
    "lit_only_reachable",
    "lit_only_solvable_states",
    "lit_only_solve",
    "min_light_number",
]
