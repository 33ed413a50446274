"""The deprecated ``lightsout_graphs.algorithms.covering.quiet_groups`` keeps its old tuple."""

from __future__ import annotations

import numpy as np
import pytest

import lightsout_graphs as lo
from lightsout_graphs.algorithms.gods import quiet_groups


def test_the_old_tuple_of_quiet_groups() -> None:
    with pytest.warns(
        DeprecationWarning, match="use lightsout_graphs.algorithms.gods.quiet_groups"
    ):
        from lightsout_graphs.algorithms.covering import quiet_groups as old
    masks, sizes, zero, d, group = old(lo.grid(5, 5))
    new_masks, new_sizes, new_zero = quiet_groups(lo.grid(5, 5)).binary_code()
    assert (masks.tolist(), sizes.tolist(), zero, d) == (
        new_masks.tolist(),
        new_sizes.tolist(),
        new_zero,
        2,
    )
    assert int((group == -1).sum()) == zero == 5
    assert np.bincount(group[group >= 0]).tolist() == sizes.tolist()
    with pytest.raises(lo.LightsOutError, match="modulus 2"):
        old(lo.grid(2, 2, modulus=3))
