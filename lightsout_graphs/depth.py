"""Deprecated: the depth distribution and God's number live in :mod:`lightsout_graphs.gods`.

``lightsout_graphs.depth_distribution`` and ``lightsout_graphs.gods_number`` are unchanged.
"""

from lightsout_graphs._deprecation import moved

__all__: list[str] = []

__getattr__ = moved(
    __name__,
    {
        "DEFAULT_MAX_STATES": "lightsout_graphs.gods:DEFAULT_MAX_STATES",
        "depth_distribution": "lightsout_graphs.gods:depth_distribution",
        "gods_number": "lightsout_graphs.gods:gods_number",
    },
)
