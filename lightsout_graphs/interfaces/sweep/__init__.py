"""Research sweeps: one analysis over thousands of puzzles, locally or on Dask, stored durably.

A sweep spec (TOML or a dict, see :mod:`lightsout_graphs.interfaces.sweep.spec`) names a family with
parameter ranges, or a stream of graph6 graphs, plus moduli, rules and metrics
(:data:`METRICS`, or your own: see :func:`metric`). :func:`run` cuts the work into chunks, computes them on a local process
pool or a Dask cluster and writes one Parquet file per finished chunk; running it again
resumes. :func:`read_results` loads the table and :func:`report` summarises and plots it.
:func:`run_census` counts every graph on up to N vertices by nullity (nauty's geng, split
across workers, through a compiled kernel) and keeps only the counts.
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING

from lightsout_graphs.core._lazy import lazy_attributes
from lightsout_graphs.core.errors import MissingDependencyError

for _name in ("pandas", "pyarrow"):  # found, not imported: a census imports neither to count
    if importlib.util.find_spec(_name) is None:  # pragma: no cover - the "sweep" extra has both
        _msg = (
            f"lightsout_graphs.interfaces.sweep needs pyarrow and pandas ({_name} is missing): "
            "pip install 'lightsout_graphs[sweep]'."
        )
        raise MissingDependencyError(_msg)

if TYPE_CHECKING:  # what each name is; at run time it is imported on first use
    from lightsout_graphs.interfaces.sweep.census import read_census, run_census
    from lightsout_graphs.interfaces.sweep.metrics import METRICS, Metric, metric
    from lightsout_graphs.interfaces.sweep.reports import report
    from lightsout_graphs.interfaces.sweep.runners import RUNNERS, run
    from lightsout_graphs.interfaces.sweep.spec import SweepSpec, load_spec
    from lightsout_graphs.interfaces.sweep.store import read_results

#: Where each public name lives, imported on first use (:mod:`lightsout_graphs.core._lazy`).
_HOMES: dict[str, tuple[str, ...]] = {
    "lightsout_graphs.interfaces.sweep.census": ("read_census", "run_census"),
    "lightsout_graphs.interfaces.sweep.metrics": ("METRICS", "Metric", "metric"),
    "lightsout_graphs.interfaces.sweep.reports": ("report",),
    "lightsout_graphs.interfaces.sweep.runners": ("RUNNERS", "run"),
    "lightsout_graphs.interfaces.sweep.spec": ("SweepSpec", "load_spec"),
    "lightsout_graphs.interfaces.sweep.store": ("read_results",),
}
__getattr__, __dir__ = lazy_attributes(__name__, _HOMES)

__all__ = [
    "METRICS",
    "RUNNERS",
    "Metric",
    "SweepSpec",
    "load_spec",
    "metric",
    "read_census",
    "read_results",
    "report",
    "run",
    "run_census",
]
