"""God's number: the most presses any solvable board needs at the fewest, and how to prove it.

Every method works on one object, the lights grouped by their column of quiet patterns
(:class:`CosetGroups`), and transforms through one exact Walsh–Hadamard transform:

- :func:`gods_number` returns the exact value, from whichever method proves it;
- :func:`gods_number_bounds` returns proven bounds within a time limit, with a hard board;
- :func:`counting_bound` bounds it from below by counting boards against short press
  vectors, for kernels of any size (:func:`sphere_radius` is the count itself);
- :func:`depth_distribution` counts the boards at each depth by breadth-first search;
- :func:`covering_radius_bounds`, :func:`averaging_bound` and :func:`walsh_spectrum` work on a
  binary code given by its grouped columns;
- :func:`group_coset`, :func:`press_counts` and :func:`split_minimum` give the presses of every
  solution of one board (shared with the fewest-press search of
  :func:`lightsout_graphs.solve`).

Examples
--------
>>> from lightsout_graphs import gods
>>> gods.gods_number(lo.grid(5, 5)), gods.gods_number_bounds(lo.grid(4, 4)).value
(15, 7)
"""

from lightsout_graphs.algorithms._cosets import (
    CosetGroups,
    SplitSearch,
    generator_columns,
    group_coset,
    press_counts,
    split_minimum,
)
from lightsout_graphs.algorithms.gods._bfs import DEFAULT_MAX_STATES, depth_distribution
from lightsout_graphs.algorithms.gods._counting import counting_bound, sphere_radius
from lightsout_graphs.algorithms.gods._covering import GodsNumber, gods_number_bounds, quiet_groups
from lightsout_graphs.algorithms.gods._number import gods_number, gods_number_range
from lightsout_graphs.algorithms.gods._spectrum import (
    CoveringBounds,
    averaging_bound,
    covering_radius_bounds,
)
from lightsout_graphs.algorithms.gods._walsh import MAX_DIMENSION, walsh_spectrum

__all__ = [
    "DEFAULT_MAX_STATES",
    "MAX_DIMENSION",
    "CosetGroups",
    "CoveringBounds",
    "GodsNumber",
    "SplitSearch",
    "averaging_bound",
    "counting_bound",
    "covering_radius_bounds",
    "depth_distribution",
    "generator_columns",
    "gods_number",
    "gods_number_bounds",
    "gods_number_range",
    "group_coset",
    "press_counts",
    "quiet_groups",
    "sphere_radius",
    "split_minimum",
    "walsh_spectrum",
]
