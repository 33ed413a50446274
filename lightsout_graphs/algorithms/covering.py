"""Deprecated: God's number from the quiet patterns lives in :mod:`lightsout_graphs.algorithms.gods`.

``lightsout_graphs.gods_number_bounds`` and ``lightsout_graphs.GodsNumber`` are unchanged.
``quiet_groups`` here keeps its old tuple; :func:`lightsout_graphs.algorithms.gods.quiet_groups` returns
the grouping itself.
"""

from __future__ import annotations

import numpy as np

from lightsout_graphs.core._deprecation import moved
from lightsout_graphs.representation.puzzle import Puzzle

__all__: list[str] = []


def _quiet_groups_tuple(puzzle: Puzzle) -> tuple[np.ndarray, np.ndarray, int, int, np.ndarray]:
    """The old return of ``quiet_groups``: masks, sizes, zero, dimension, group per node."""
    from lightsout_graphs.algorithms.gods import quiet_groups
    from lightsout_graphs.core.errors import ModulusError

    if puzzle.modulus != 2:
        msg = f"quiet_groups needs modulus 2, not {puzzle.modulus}."
        raise ModulusError(msg)
    groups = quiet_groups(puzzle)
    masks, sizes, zero = groups.binary_code()
    column = groups.masks()[groups.member]
    group = np.searchsorted(masks, column).astype(np.int64)
    group[column == 0] = -1
    return masks, sizes, zero, groups.dimension, group


__getattr__ = moved(
    __name__,
    {
        "GodsNumber": "lightsout_graphs.algorithms.gods:GodsNumber",
        "gods_number_bounds": "lightsout_graphs.algorithms.gods:gods_number_bounds",
        "quiet_groups": (
            "lightsout_graphs.algorithms.covering:_quiet_groups_tuple:"
            "lightsout_graphs.algorithms.gods.quiet_groups (which returns the grouping itself)"
        ),
    },
)
