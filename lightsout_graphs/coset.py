"""Deprecated: the grouped solution coset lives in :mod:`lightsout_graphs.gods.coset`."""

from lightsout_graphs._deprecation import moved

__all__: list[str] = []

__getattr__ = moved(
    __name__,
    {
        name: f"lightsout_graphs.gods.coset:{name}"
        for name in (
            "CosetGroups",
            "SplitSearch",
            "generator_columns",
            "group_coset",
            "press_counts",
            "split_minimum",
        )
    },
)
