"""The grouped solution coset and its press counts (see :mod:`lightsout_graphs.algorithms._cosets`)."""

from lightsout_graphs.algorithms._cosets import *
from lightsout_graphs.algorithms._cosets import __all__  # noqa: F401
