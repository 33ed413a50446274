"""Variants that are not linear: the lit-only puzzle, by theorem where one applies, else by search."""

from lightsout_graphs.algorithms.variants import lit_only
from lightsout_graphs.algorithms.variants.lit_only import *

#: The public names of :mod:`.lit_only`, its constants left there.
__all__ = [name for name in lit_only.__all__ if not name.isupper()]
