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

from lightsout_graphs.core.errors import MissingDependencyError

try:
    import pandas  # noqa: F401
    import pyarrow  # noqa: F401
except ImportError as _err:  # pragma: no cover - both are declared by the "sweep" extra
    _msg = (
        f"lightsout_graphs.interfaces.sweep needs pyarrow and pandas ({_err.name} is missing): "
        "pip install 'lightsout_graphs[sweep]'."
    )
    raise MissingDependencyError(_msg) from _err

from lightsout_graphs.interfaces.sweep.census import read_census, run_census
from lightsout_graphs.interfaces.sweep.metrics import METRICS, Metric, metric
from lightsout_graphs.interfaces.sweep.reports import report
from lightsout_graphs.interfaces.sweep.runners import RUNNERS, run
from lightsout_graphs.interfaces.sweep.spec import SweepSpec, load_spec
from lightsout_graphs.interfaces.sweep.store import read_results

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
