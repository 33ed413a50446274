"""Reports on stored sweeps: summary tables, heat maps over two parameters, lines over one."""

from __future__ import annotations

import math
import os
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lightsout_graphs.core.errors import SweepSpecError
from lightsout_graphs.interfaces.sweep.metrics import METRICS, metric_columns
from lightsout_graphs.interfaces.sweep.spec import ERROR_COLUMN
from lightsout_graphs.interfaces.sweep.store import read_manifest, read_results, results_state

__all__ = ["SweepReport", "report"]


@dataclass
class SweepReport:
    """What :func:`report` produced.

    Attributes
    ----------
    text : str
        The summary tables as plain text.
    tables : dict of str to pandas.DataFrame
        The same tables as data frames (``"overview"``, and ``"by n"`` for graph streams).
    plots : list of pathlib.Path
        The picture files written.

    Examples
    --------
    >>> print(SweepReport("Sweep of grid: 0 puzzles"))
    Sweep of grid: 0 puzzles
    """

    text: str
    tables: dict[str, Any] = field(default_factory=dict)
    plots: list[Path] = field(default_factory=list)

    def __str__(self) -> str:
        return self.text


def metric_values(frame: Any, metric: str) -> Any:
    """A metric column as floats for plotting and averaging.

    Booleans become 0/1 and ``kernel_size`` (an exact decimal string) becomes its base-2
    logarithm.
    """
    col = frame[metric]
    if metric == "kernel_size":
        return col.map(lambda s: math.log2(int(s)) if s is not None else math.nan).astype(float)
    return col.astype("Float64").astype(float)


def _label(metric: str) -> str:
    return "log2(kernel_size)" if metric == "kernel_size" else metric


def _summary(frame: Any, metrics: list[str], by: list[str], types: dict[str, str]) -> Any:
    import pandas as pd

    rows = []
    for key, group in frame.groupby(by, sort=True, dropna=False):
        keys = key if isinstance(key, tuple) else (key,)
        row: dict[str, Any] = dict(zip(by, keys, strict=True))
        row["puzzles"] = len(group)
        for m in metrics:
            if types.get(m) == "string" and m != "kernel_size":
                row[f"{m} (distinct)"] = int(group[m].nunique())
                continue
            values = metric_values(group, m)
            if types.get(m) == "bool":
                row[f"{m} (share)"] = round(float(values.mean()), 4)
            elif values.isna().all():
                row[f"{_label(m)} mean"] = math.nan
            else:
                row[f"{_label(m)} mean"] = round(float(values.mean()), 4)
                top = float(values.max())
                row[f"{_label(m)} max"] = int(top) if top.is_integer() else top
        rows.append(row)
    return pd.DataFrame(rows)


def _text_cells(table: Any) -> Any:
    """The table as text cells: counts and whole numbers as integers, the rest with 4 decimals."""

    def cell(value: Any) -> str:
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, int) or (isinstance(value, float) and value.is_integer()):
            return str(int(value))
        if isinstance(value, float):
            return f"{value:.4f}"
        return str(value)

    return table.astype(object).map(cell)


def report(
    out: str | os.PathLike[str],
    *,
    plot_dir: str | os.PathLike[str] | None = None,
    metrics: list[str] | None = None,
    plots: bool = True,
) -> SweepReport:
    """Summarise a stored sweep and draw its metrics.

    Family sweeps with two or more integer parameters get one heat map per metric, modulus
    and rule over the first two (other parameters are averaged); with one integer parameter,
    one line chart per metric with a line per modulus and rule. Graph streams with the ``n``
    metric are summarised per number of vertices.

    Parameters
    ----------
    out : path
        A result folder written by :func:`lightsout_graphs.interfaces.sweep.run`.
    plot_dir : path, optional
        Where pictures go; default ``out/_plots`` (ignored by Parquet readers).
    metrics : list of str, optional
        The metric columns to report (default every metric column of the sweep, the
        library's and your own; a metric of your own may be named by its reference too).
    plots : bool, default True
        Whether to draw pictures at all.

    Returns
    -------
    SweepReport

    Raises
    ------
    SweepSpecError
        When ``out`` holds no sweep, or a requested metric is not in it.

    Examples
    --------
    >>> import tempfile
    >>> from lightsout_graphs import sweep
    >>> out = sweep.run(
    ...     {"family": "grid", "params": {"m": "1..3", "n": "1..3"}, "metrics": ["nullity"]},
    ...     tempfile.mkdtemp(),
    ...     workers=1,
    ... )
    >>> rep = sweep.report(out)
    >>> print(rep.text)  # doctest: +ELLIPSIS
    Sweep of grid: 9 puzzles, complete
    ...
    >>> [p.name for p in rep.plots]
    ['heatmap-nullity-k2-closed.png']
    """
    manifest = read_manifest(out)
    spec = manifest.get("spec", {})
    state = results_state(out)
    with warnings.catch_warnings():  # the state line below says what is missing
        warnings.simplefilter("ignore")
        frame = read_results(out)
    columns = [c for c in metric_columns(spec) if c in frame.columns]  # built-in or your own
    custom = {
        ref: entry.get("column")
        for ref, entry in spec.get("code", {}).get("metrics", {}).items()
        if isinstance(entry, dict)
    }
    types = _column_types(manifest)
    if metrics is None:
        chosen = columns
    else:
        chosen = []
        for m in metrics:
            column = m if m in columns else custom.get(m)
            if column not in columns:
                msg = (
                    f"Argument 'metrics' names {m!r}, which this sweep did not compute ({columns})."
                )
                raise SweepSpecError(msg)
            chosen.append(column)
    source = spec.get("family") or ("geng " + spec["geng"] if "geng" in spec else "graph6 files")
    said = "complete" if state["complete"] and not state["foreign"] else state["text"]
    head = f"Sweep of {source}: {len(frame)} puzzles, {said}"
    if ERROR_COLUMN in frame.columns and spec.get("on_error") == "skip":
        rejected = frame[ERROR_COLUMN].notna()
        count = int(rejected.sum())
        head += f"; {count} rejected by the family (their column {ERROR_COLUMN!r} says why)"
        frame = frame[~rejected]
    lines = [head]
    result = SweepReport(text="")
    spec = {**spec, "_source": source}
    if len(frame):
        overview = _summary(frame, chosen, ["modulus", "rule"], types)
        result.tables["overview"] = overview
        wide = _text_cells(overview).set_index(["modulus", "rule"]).T
        wide.columns = [f"k={k} {rule}" for k, rule in wide.columns]
        lines += ["", wide.to_string()]
        if "graph6" in frame.columns and "n" in frame.columns:
            by_n = _summary(frame, [m for m in chosen if m != "n"], ["n", "modulus", "rule"], types)
            result.tables["by n"] = by_n
            lines += ["", "By number of vertices:", _text_cells(by_n).to_string(index=False)]
    # Pictures of each metric's main column (not of bounds), of a type that has a scale.
    mains = set(METRICS) | set(custom.values())
    drawn = [c for c in chosen if c in mains and (types.get(c) != "string" or c == "kernel_size")]
    if plots and len(frame) and drawn:
        folder = Path(plot_dir) if plot_dir is not None else Path(out) / "_plots"
        folder.mkdir(parents=True, exist_ok=True)
        result.plots = _draw(frame, spec, drawn, folder, types)
        if result.plots:
            lines += ["", "Plots:"] + [f"  {p}" for p in result.plots]
    result.text = "\n".join(lines)
    return result


def _column_types(manifest: dict[str, Any]) -> dict[str, str]:
    """Each column's type name as a metric declares it, from the manifest's ``columns``."""
    pairs = (str(entry).partition(":") for entry in manifest.get("columns", []))
    return {name: "float64" if typ == "double" else typ for name, _, typ in pairs}


def _int_params(frame: Any, spec: dict[str, Any]) -> list[str]:
    from pandas.api.types import is_integer_dtype

    if "graph6" in frame.columns:
        return ["n"] if "n" in frame.columns and frame["n"].nunique() > 1 else []
    reserved = {"modulus", "rule", ERROR_COLUMN, *spec.get("metrics", []), *metric_columns(spec)}
    return [
        c
        for c in frame.columns
        if c not in reserved and is_integer_dtype(frame[c]) and frame[c].nunique() > 1
    ]


def _draw(
    frame: Any, spec: dict[str, Any], metrics: list[str], folder: Path, types: dict[str, str]
) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt
    import numpy as np
    from matplotlib.colors import BoundaryNorm, ListedColormap
    from matplotlib.ticker import MaxNLocator

    params = _int_params(frame, spec)
    written: list[Path] = []
    drawable = [m for m in metrics if not (m == "n" and "graph6" in frame.columns)]
    if len(params) >= 2:
        x, y = params[1], params[0]
        for (k, rule), group in frame.groupby(["modulus", "rule"], sort=True):
            # Parameters the map does not show are averaged over: the title says which.
            hidden = [p for p in params[2:] if group[p].nunique() > 1]
            mean = f" (mean over {', '.join(hidden)})" if hidden else ""
            for m in drawable:
                data = group.assign(_v=metric_values(group, m))
                grid = data.pivot_table(index=y, columns=x, values="_v", aggfunc="mean")
                if grid.empty:  # the metric is undefined here (rank for a non-prime k)
                    continue
                fig, ax = plt.subplots(figsize=(9, 7.5))
                values = grid.to_numpy()
                two_valued = types.get(m) == "bool" and set(
                    np.unique(values[~np.isnan(values)])
                ) <= {0.0, 1.0}
                if two_valued:  # a true/false metric: two colours, not a continuous scale
                    cmap = ListedColormap(["#d8d8d8", "#2a7ab9"])
                    scale: dict[str, Any] = {
                        "cmap": cmap,
                        "norm": BoundaryNorm([-0.5, 0.5, 1.5], 2),
                    }
                else:
                    scale = {"cmap": "viridis"}
                image = ax.pcolormesh(
                    grid.columns.to_numpy(),
                    grid.index.to_numpy(),
                    values,
                    shading="nearest",
                    **scale,
                )
                bar = fig.colorbar(image, ax=ax, label=_label(m))
                if two_valued:
                    bar.set_ticks([0, 1])
                    bar.set_ticklabels(["false", "true"])
                ax.invert_yaxis()  # the first row at the top, as in `lightsout table -o`
                ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # no tick at 2.50
                ax.yaxis.set_major_locator(MaxNLocator(integer=True))
                ax.set_xlabel(x)
                ax.set_ylabel(y)
                ax.set_title(f"{spec['_source']}: {_label(m)}{mean}, modulus {k}, rule {rule}")
                path = folder / f"heatmap-{m}-k{k}-{rule}.png"
                fig.savefig(path, dpi=150, bbox_inches="tight")
                plt.close(fig)
                written.append(path)
    elif len(params) == 1:
        x = params[0]
        for m in drawable:
            if m == x:
                continue
            fig, ax = plt.subplots(figsize=(7, 4))
            for (k, rule), group in frame.groupby(["modulus", "rule"], sort=True):
                data = group.assign(_v=metric_values(group, m)).groupby(x)["_v"].mean()
                if data.isna().all():
                    continue
                ax.plot(data.index, data.to_numpy(), marker="o", label=f"k={k}, {rule}")
            ax.set_xlabel(x)
            ax.set_ylabel(_label(m) + (" (mean)" if "graph6" in frame.columns else ""))
            ax.set_title(f"{spec['_source']}: {_label(m)}")
            ax.legend()
            path = folder / f"lines-{m}.png"
            fig.savefig(path, dpi=100, bbox_inches="tight")
            plt.close(fig)
            written.append(path)
    return written
