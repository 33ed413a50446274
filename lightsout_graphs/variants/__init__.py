"""Variants that are not linear, solved by search: the lit-only puzzle."""

from lightsout_graphs.variants.lit_only import (
    LitOnlyResult,
    LitOnlyStates,
    lit_only_solvable_states,
    lit_only_solve,
)

__all__ = ["LitOnlyResult", "LitOnlyStates", "lit_only_solvable_states", "lit_only_solve"]
