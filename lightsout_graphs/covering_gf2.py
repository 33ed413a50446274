"""Deprecated: the covering radius through the Walsh spectrum lives in :mod:`lightsout_graphs.gods`."""

from lightsout_graphs._deprecation import moved

__all__: list[str] = []

__getattr__ = moved(
    __name__,
    {
        name: f"lightsout_graphs.gods:{name}"
        for name in (
            "MAX_DIMENSION",
            "CoveringBounds",
            "averaging_bound",
            "covering_radius_bounds",
            "walsh_spectrum",
        )
    },
)
