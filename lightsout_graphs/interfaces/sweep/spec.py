"""Sweep specifications: parse and validate TOML files or Python dicts into a :class:`SweepSpec`.

The format (a ``[sweep]`` table; every key is checked, unknown keys are errors)::

    [sweep]
    family = "grid"                              # a family from lightsout_graphs.representation.families,
                                                 # or "module:function" (see below)
    params = { m = "1..40", n = [3, 5, 7] }      # inclusive int ranges, lists or single values
    moduli = [2, 3]                              # ints >= 2, or a range such as "2..7"
    rules = ["closed", "open"]                   # default ["closed"]
    metrics = ["nullity", "kernel_size", "all_solvable", "all_on_solvable"]
    chunk_size = 20                              # optional: parameter sets (or graphs) per chunk
    max_kernel_enum = 65536                      # optional: largest kernel enumerated
    time_limit = 120                             # optional: seconds per costly search
    description = "..."                          # optional, kept in the manifest
    on_error = "skip"                            # optional: record rejected combinations

Defaults: ``moduli = [2]``, ``rules = ["closed"]``, ``chunk_size`` 10 parameter sets for a
family (2000 when every column has a fast engine: see :mod:`lightsout_graphs.interfaces.sweep.engines`), and for a stream 100,000 graphs (5000 when a metric, rule or modulus needs the
per-board path: see :mod:`lightsout_graphs.interfaces.sweep.streams`). A ``geng`` stream is cut into
``res/mod`` parts of about ``chunk_size`` graphs, each run by its own geng. Metrics are listed in :mod:`lightsout_graphs.interfaces.sweep.metrics`.
Table columns must have distinct names: a family parameter ``n`` (grids) and the metric ``n``
cannot both be asked for.

A stream of graphs replaces ``family``/``params`` by ``graph6 = "all9.g6"`` (a path or a list
of paths, relative to the spec file and inside its folder) or ``geng = "9"`` (the arguments of
nauty's ``geng``, which is run to produce the stream, for example ``"-c 8"`` for connected
graphs).

Every number is checked: parameters and range bounds are ints of at most 64 bits (their table
columns are int64), moduli at most ``2**62``, ``chunk_size`` at most 50,000,000, ``time_limit``
at most a year; anything else is refused naming the key.

Families and metrics from your own code, from an allow-list (see
:mod:`lightsout_graphs.interfaces.sweep.plugins`): ``family = "networkx:circulant_graph"`` takes
any networkx graph generator (its keywords from ``params``; its graph's size is estimated and
refused when too big, see :mod:`lightsout_graphs.interfaces.sweep.probes`) and makes each graph a
puzzle with the spec's rule and modulus; ``family = "mypackage.module:function"`` imports a
function of your own that returns a networkx graph or a :class:`~lightsout_graphs.Puzzle` (it is
given ``modulus`` and ``rule`` when it takes them); ``metrics = ["mypackage.metrics:my_metric"]``
adds a column computed by a function of a Puzzle (see
:mod:`lightsout_graphs.interfaces.sweep.metrics`). Importing a module runs its code: a spec that
imports a module of your own is refused unless imports are allowed (``--allow-imports``,
``allow_imports=True``); no spec reaches a function of ``lightsout_graphs``, of Python's standard
library or of the libraries the package builds on. In Python, ``family`` and the metrics may also
be the callables themselves.

``on_error``: ``"stop"`` (the default) refuses a sweep whose family rejects a combination of
parameters (the spec check tries the smallest and largest value of each) and stops at one found
later; ``"skip"`` gives each rejected combination a row with empty metrics and the error's
message in the column ``error``, and computes the rest.

Parameter values:

- ``"a..b"``: the ints a, a+1, ..., b (inclusive); ``"a..b step s"`` takes every s-th.
- a list: these values, in this order (ints, floats, strings or booleans); a list of int
  lists such as ``[[3, 5], [7, 9]]`` gives tuples, stored as strings ``"3x5"``.
- a single int, float, string or boolean: that value only.
- ``"m x n for m, n in 1..20"``: tuples (for parameters such as ``shape``) over the product
  of the range; the table gets a string column ``"3x5"`` named after the parameter and one
  int column per loop variable (``m``, ``n``). ``"d x d for d in 2..9"`` gives square shapes.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import sys
import time
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lightsout_graphs.core.errors import SweepSpecError
from lightsout_graphs.interfaces.sweep.axes import (
    ParamAxis,
    int_list,
    key_error,
    param_axis,
    positive_int,
    seconds,
    str_list,
)
from lightsout_graphs.interfaces.sweep.metrics import METRICS, CustomMetric
from lightsout_graphs.interfaces.sweep.plugins import (
    CodeRef,
    build_family_puzzle,
    family_keywords,
    fingerprint,
    resolve,
)
from lightsout_graphs.representation.puzzle import MAX_MODULUS, RULES, Puzzle

__all__ = ["DEFAULT_CHUNK_SIZE", "ERROR_COLUMN", "ON_ERROR", "ParamAxis", "SweepSpec", "load_spec"]

#: Default items per chunk: puzzles of a family, or graphs of a graph6 stream ("fast stream"
#: when the compiled kernel computes every metric: 100,000 small graphs are about 0.05 s of
#: work). A chunk is large enough that scheduling costs (Dask in particular) stay small, small
#: enough that an interrupted run loses little.
DEFAULT_CHUNK_SIZE = {"family": 10, "fast family": 2000, "stream": 5000, "fast stream": 100_000}

_TOP_KEYS = {"sweep"}
_KEYS = {
    "family",
    "params",
    "graph6",
    "geng",
    "moduli",
    "rules",
    "metrics",
    "chunk_size",
    "max_kernel_enum",
    "time_limit",
    "description",
    "on_error",
}
#: What ``on_error`` may say: stop the sweep at a rejected combination, or record it and go on.
ON_ERROR = ("stop", "skip")
#: The column that names why a combination was rejected (``on_error = "skip"``).
ERROR_COLUMN = "error"
_MAX_ITEMS = 50_000_000
#: Metrics whose searches ``time_limit`` bounds (the manifest records the limit they ran with).
_SEARCH_METRICS = frozenset({"min_presses_all_on", "gods_number"})
#: The largest spec file read (a spec is a few lines; this bounds reading a huge or endless file).
MAX_SPEC_BYTES = 1 << 20


@dataclass(frozen=True)
class SweepSpec:
    """A validated sweep: what to build, which moduli and rules, which metrics, how to chunk.

    Build one with :func:`load_spec`; :meth:`to_dict` gives the canonical form recorded in the
    result manifest (two specs are the same sweep exactly when these dicts are equal).

    Attributes
    ----------
    family : str or None
        The family name, or None for a graph stream.
    axes : tuple of ParamAxis
        The family parameters, in spec order (their product is swept).
    graph6 : tuple of str
        Absolute paths of graph6 files (graph streams only).
    geng : str or None
        Arguments for nauty's geng (graph streams only).
    moduli : tuple of int
    rules : tuple of str
    metrics : tuple of str
    chunk_size : int
    max_kernel_enum : int
    description : str
    raw_params : dict
        The parameters as written.
    time_limit : float or None
        Seconds per costly search and puzzle (None: the default of
        :data:`~lightsout_graphs.interfaces.sweep.metrics.DEFAULT_TIME_LIMIT`).
    family_code : CodeRef or None
        The family callable of a ``"module:function"`` family (None for the registry's).
    family_takes : tuple of str
        The keywords the family callable takes.
    custom : tuple of CustomMetric
        The metrics of your own, in spec order.
    on_error : {"stop", "skip"}
        What a parameter combination that the family rejects does: stop the sweep, or give
        a row with empty metrics and the error's message in the column ``error``.

    Examples
    --------
    >>> spec = load_spec(
    ...     {
    ...         "family": "hypercube",
    ...         "params": {"d": "1..12"},
    ...         "moduli": [2, 3],
    ...         "metrics": ["nullity"],
    ...     }
    ... )
    >>> spec.family_combinations(), spec.puzzles_per_item, spec.is_stream
    (12, 2, False)
    """

    family: str | None
    axes: tuple[ParamAxis, ...]
    graph6: tuple[str, ...]
    geng: str | None
    moduli: tuple[int, ...]
    rules: tuple[str, ...]
    metrics: tuple[str, ...]
    chunk_size: int
    max_kernel_enum: int
    description: str = ""
    raw_params: dict[str, Any] = field(default_factory=dict)
    time_limit: float | None = None
    family_code: CodeRef | None = None
    family_takes: tuple[str, ...] = ()
    custom: tuple[CustomMetric, ...] = ()
    on_error: str = "stop"

    @property
    def is_stream(self) -> bool:
        """Whether the sweep reads a stream of graphs (graph6 files or geng).

        Examples
        --------
        >>> load_spec({"family": "grid", "params": {"m": "1..3"}, "metrics": ["nullity"]}).is_stream
        False
        >>> load_spec({"geng": "5", "metrics": ["nullity"]}).is_stream
        True
        """
        return self.family is None

    @property
    def puzzles_per_item(self) -> int:
        """How many table rows one parameter combination or one graph gives.

        Examples
        --------
        >>> spec = load_spec(
        ...     {
        ...         "family": "grid",
        ...         "params": {"m": "1..3"},
        ...         "moduli": [2, 3, 5],
        ...         "rules": ["closed", "open"],
        ...         "metrics": ["nullity"],
        ...     }
        ... )
        >>> spec.puzzles_per_item
        6
        """
        return len(self.moduli) * len(self.rules)

    @property
    def effective_time_limit(self) -> float:
        """Seconds each costly search may take per puzzle (``time_limit`` or the default).

        Examples
        --------
        >>> load_spec({"geng": "4", "metrics": ["n"], "time_limit": 5}).effective_time_limit
        5.0
        """
        from lightsout_graphs.interfaces.sweep.metrics import DEFAULT_TIME_LIMIT

        return DEFAULT_TIME_LIMIT if self.time_limit is None else self.time_limit

    def family_combinations(self) -> int:
        """The number of parameter combinations of a family sweep (1 when it has none).

        Examples
        --------
        >>> spec = load_spec(
        ...     {"family": "grid", "params": {"m": "1..4", "n": [3, 5]}, "metrics": ["nullity"]}
        ... )
        >>> spec.family_combinations()
        8
        """
        return math.prod(len(a.values) for a in self.axes)

    def metric_columns(self) -> list[tuple[str, str | None]]:
        """Every metric column as (name, Arrow type name), in table order.

        A metric of your own whose type is not declared has type None until it is inferred.

        Examples
        --------
        >>> spec = load_spec({"geng": "4", "metrics": ["n", "gods_number"]})
        >>> [name for name, _ in spec.metric_columns()]
        ['n', 'gods_number', 'gods_number_lower', 'gods_number_upper']
        """
        custom = {c.ref: c for c in self.custom}
        out: list[tuple[str, str | None]] = []
        for m in self.metrics:
            if m in custom:
                out.append((custom[m].column, custom[m].dtype))
            else:
                out.extend(METRICS[m].columns)
        return out

    def make_puzzle(self, kwargs: Mapping[str, Any], modulus: int, rule: str) -> Puzzle:
        """The puzzle of one row of a family sweep.

        Examples
        --------
        >>> spec = load_spec(
        ...     {"family": "networkx:cycle_graph", "params": {"n": "3..5"}, "metrics": ["edges"]}
        ... )
        >>> spec.make_puzzle({"n": 4}, 3, "open").n
        4
        """
        if self.family_code is not None:
            return build_family_puzzle(
                self.family_code, dict(kwargs), modulus, rule, takes=self.family_takes
            )
        from lightsout_graphs.representation.families import make

        return make(self.family or "", modulus=modulus, rule=rule, **kwargs)

    def to_dict(self) -> dict[str, Any]:
        """The canonical, JSON-ready form of the spec (as recorded in the manifest).

        Examples
        --------
        >>> spec = load_spec(
        ...     {"family": "grid", "params": {"m": "1..3", "n": 4}, "metrics": ["nullity"]}
        ... )
        >>> spec.to_dict()["params"]
        {'m': '1..3', 'n': 4}
        """
        out: dict[str, Any] = {
            "moduli": list(self.moduli),
            "rules": list(self.rules),
            "metrics": list(self.metrics),
            "chunk_size": self.chunk_size,
            "max_kernel_enum": self.max_kernel_enum,
            "description": self.description,
        }
        if self.time_limit is not None or set(self.metrics) & _SEARCH_METRICS:
            out["time_limit"] = self.effective_time_limit
        code: dict[str, Any] = {}
        if self.family_code is not None:
            code["family"] = fingerprint(self.family_code)
        if self.custom:
            code["metrics"] = {
                c.ref: {**fingerprint(c.code), "column": c.column, "type": c.dtype}
                for c in self.custom
            }
        if code:
            out["code"] = code
        if self.on_error != "stop":  # absent by default: older result folders still resume
            out["on_error"] = self.on_error
        if self.family is not None:
            out["family"] = self.family
            out["params"] = self.raw_params
        elif self.geng is not None:
            out["geng"] = self.geng
        else:
            out["graph6"] = list(self.graph6)
        return json.loads(json.dumps(out))


def _family_params(family: str) -> tuple[str, ...] | None:
    """The sweepable keyword names of a family, or None when there is no such family."""
    from lightsout_graphs.representation.families import FAMILIES, family_params

    if family not in FAMILIES:
        return None
    return tuple(p for p in family_params(family) if p not in ("modulus", "rule", "pressable"))


def _read_toml(path: Path) -> dict[str, Any]:
    import stat

    where = f"sweep spec file {str(path)!r}"
    try:
        # O_NONBLOCK: opening a FIFO without a writer returns at once instead of hanging.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with open(fd, "rb", buffering=0) as fh:
            info = os.fstat(fh.fileno())
            if not stat.S_ISREG(info.st_mode):
                msg = f"Cannot read {where}: it is not a regular file (a FIFO, device or folder)."
                raise SweepSpecError(msg)
            data = fh.read(MAX_SPEC_BYTES + 1)
    except OSError as exc:
        msg = f"Cannot read {where}: {exc.strerror or exc}."
        raise SweepSpecError(msg) from exc
    if len(data) > MAX_SPEC_BYTES:
        msg = f"The {where} is larger than {MAX_SPEC_BYTES} bytes; a spec is a few lines."
        raise SweepSpecError(msg)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        msg = f"The {where} is not UTF-8 text (byte {exc.start}: {data[exc.start : exc.start + 1]!r})."
        raise SweepSpecError(msg) from exc
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = f"Sweep spec file {str(path)!r} is not valid TOML: {exc}."
        raise SweepSpecError(msg) from exc
    except RecursionError as exc:
        msg = f"The {where} is nested too deeply to be a sweep spec."
        raise SweepSpecError(msg) from exc
    except ValueError as exc:  # an integer of more than 4300 digits
        msg = f"The {where} holds a number too long to read: {exc}."
        raise SweepSpecError(msg) from exc


def load_spec(
    spec: str | os.PathLike[str] | Mapping[str, Any] | SweepSpec,
    *,
    base_dir: str | os.PathLike[str] | None = None,
    allow_imports: bool = False,
) -> SweepSpec:
    """Read and validate a sweep spec from a TOML file, a dict, or pass a SweepSpec through.

    Parameters
    ----------
    spec : path, dict or SweepSpec
        A TOML file with a ``[sweep]`` table, or the same as a dict (with or without the
        outer ``"sweep"`` key). See the module documentation for the keys.
    base_dir : path, optional
        Where relative graph6 paths start: default the spec file's folder, or the current
        folder for a dict.
    allow_imports : bool, default False
        Allow the spec to import modules outside ``lightsout_graphs`` and ``networkx`` (a
        ``"module:function"`` family or metric). Importing a module runs its code. Modules are
        found on Python's path and, for a spec file, in its folder (added to ``sys.path``).

    Returns
    -------
    SweepSpec

    Raises
    ------
    SweepSpecError
        For an unreadable file, invalid TOML, an unknown key, a bad range, an unknown family,
        parameter, rule or metric, a missing graph6 file, or an import that is not allowed
        or fails; the message names the key.

    Examples
    --------
    >>> spec = load_spec(
    ...     {
    ...         "family": "grid",
    ...         "params": {"m": "1..3", "n": [2, 4]},
    ...         "moduli": [2, 3],
    ...         "metrics": ["nullity", "kernel_size"],
    ...     }
    ... )
    >>> spec.axes[0].values, spec.moduli, spec.rules
    ((1, 2, 3), (2, 3), ('closed',))
    >>> load_spec({"family": "grid", "params": {"m": "5..1"}, "metrics": ["nullity"]})
    Traceback (most recent call last):
    ...
    lightsout_graphs.core.errors.SweepSpecError: Sweep spec key 'm': bad range '5..1': ...
    """
    if isinstance(spec, SweepSpec):
        return spec
    confine = False  # a spec file names no input outside its folder (see _stream_source)
    if isinstance(spec, Mapping):
        data: Mapping[str, Any] = spec
        base = Path(base_dir) if base_dir is not None else Path.cwd()
    elif isinstance(spec, str | os.PathLike):
        path = Path(spec)
        data = _read_toml(path)
        base = Path(base_dir) if base_dir is not None else path.resolve().parent
        confine = base_dir is None
        folder = str(path.resolve().parent)
        if allow_imports and folder not in sys.path:
            # Modules next to the spec file can be named; appended, so installed ones come first.
            sys.path.append(folder)
    else:
        msg = f"Argument 'spec' must be a path, a dict or a SweepSpec, not {type(spec).__name__}."
        raise SweepSpecError(msg)
    if "sweep" in data:
        unknown_top = sorted(set(data) - _TOP_KEYS)
        if unknown_top:
            raise key_error(unknown_top[0], "unknown top-level key; everything goes in [sweep].")
        table = data["sweep"]
        if not isinstance(table, Mapping):
            raise key_error("sweep", "must be a table.")
    else:
        table = data
    unknown = sorted(set(table) - _KEYS)
    if unknown:
        raise key_error(unknown[0], f"unknown key; expected some of {', '.join(sorted(_KEYS))}.")

    sources = [k for k in ("family", "graph6", "geng") if k in table]
    if len(sources) != 1:
        key = sources[1] if len(sources) > 1 else "family"
        raise key_error(key, "give exactly one of 'family', 'graph6' or 'geng'.")

    if "metrics" not in table:
        raise key_error("metrics", "is required: the list of metrics to compute.")
    metrics, custom = _metrics(table["metrics"], allow_imports)
    metric_cols = _column_names(metrics, custom)
    moduli = int_list("moduli", table.get("moduli", [2]), low=2, high=MAX_MODULUS)
    rules = str_list("rules", table.get("rules", ["closed"]))
    for r in rules:
        if r not in RULES:
            raise key_error("rules", f"unknown rule {r!r}; expected some of {', '.join(RULES)}.")
    description = table.get("description", "")
    if not isinstance(description, str):
        raise key_error("description", f"must be a string, not {description!r}.")
    max_enum = positive_int("max_kernel_enum", table.get("max_kernel_enum", 1 << 16))
    time_limit = seconds("time_limit", table["time_limit"]) if "time_limit" in table else None
    on_error = table.get("on_error", "stop")
    if on_error not in ON_ERROR:
        raise key_error(
            "on_error", f"must be one of {', '.join(map(repr, ON_ERROR))}, not {on_error!r}."
        )
    if on_error == "skip" and "family" not in table:
        raise key_error("on_error", "only a family sweep skips combinations, not a graph stream.")
    if on_error == "skip" and ERROR_COLUMN in metric_cols:
        raise key_error("metrics", f"the column name {ERROR_COLUMN!r} is reserved by on_error.")

    opts: dict[str, Any] = {"family": None, "axes": (), "graph6": (), "geng": None}
    if "family" in table:
        reserved = metric_cols | ({ERROR_COLUMN} if on_error == "skip" else set())
        opts.update(_family_source(table, reserved, allow_imports))
        default_chunk = DEFAULT_CHUNK_SIZE["family"]
    else:
        opts["graph6"], opts["geng"] = _stream_source(table, base, confine=confine)
        from lightsout_graphs.interfaces.sweep.streams import applies

        fast = applies(metrics, rules, moduli)
        default_chunk = DEFAULT_CHUNK_SIZE["fast stream" if fast else "stream"]
    chunk_size = positive_int("chunk_size", table.get("chunk_size", default_chunk), high=_MAX_ITEMS)
    family = opts["family"]
    out = SweepSpec(
        **opts,
        moduli=moduli,
        rules=rules,
        metrics=metrics,
        chunk_size=chunk_size,
        max_kernel_enum=max_enum,
        description=description,
        time_limit=time_limit,
        custom=custom,
        on_error=on_error,
    )
    if family is not None and "chunk_size" not in table:
        from lightsout_graphs.interfaces.sweep.engines import column_engines

        quick = {"table", "chasing", "formula"}
        if all(e in quick for c in column_engines(out).values() for e in c.values()):
            out = dataclasses.replace(out, chunk_size=DEFAULT_CHUNK_SIZE["fast family"])
    if family is not None:
        total = out.family_combinations() * out.puzzles_per_item
        if total > _MAX_ITEMS:
            raise key_error("params", f"the sweep has {total} puzzles, more than {_MAX_ITEMS}.")
        _check_first_puzzle(out)
    return out


def _metrics(
    value: object, allow_imports: bool
) -> tuple[tuple[str, ...], tuple[CustomMetric, ...]]:
    """The metric names of a spec (references for your own), and your own metrics resolved."""
    items = list(value) if isinstance(value, list | tuple) else [value]
    names: list[Any] = []
    custom: list[CustomMetric] = []
    for item in items:
        if callable(item) and not isinstance(item, str):
            code = resolve(item, "metrics")
        elif isinstance(item, str) and ":" in item:
            code = resolve(item, "metrics", allow_imports=allow_imports)
        else:
            names.append(item)  # checked by str_list below
            continue
        column = getattr(code.func, "sweep_column", None)
        if column is None:
            column = code.ref.rpartition(":")[2].rpartition(".")[2]
        if not isinstance(column, str) or not column.isidentifier():
            msg = (
                f"the metric {code.ref!r} has no usable column name ({column!r}); name it "
                "with @sweep.metric(dtype, name=...)."
            )
            raise key_error("metrics", msg)
        custom.append(CustomMetric(code.ref, column, getattr(code.func, "sweep_dtype", None), code))
        names.append(code.ref)
    if not items:
        str_list("metrics", [])  # raises: the list is empty
    metrics = str_list("metrics", names)
    refs = {c.ref for c in custom}
    for m in metrics:
        if m not in METRICS and m not in refs:
            known = ", ".join(METRICS)
            msg = f"unknown metric {m!r}; expected some of {known}, or 'module:function'."
            raise key_error("metrics", msg)
    return metrics, tuple(custom)


def _column_names(metrics: tuple[str, ...], custom: tuple[CustomMetric, ...]) -> set[str]:
    """The metric columns of a spec; two metrics filling one column are refused."""
    by_ref = {c.ref: c for c in custom}
    seen: dict[str, str] = {}
    for m in metrics:
        cols = [by_ref[m].column] if m in by_ref else [name for name, _ in METRICS[m].columns]
        for col in cols:
            if col in seen:
                msg = f"the metrics {seen[col]!r} and {m!r} both fill the column {col!r}."
                raise key_error("metrics", msg)
            seen[col] = m
    if clash := set(seen) & {"modulus", "rule", "graph6"}:
        raise key_error("metrics", f"the column name {min(clash)!r} is reserved.")
    return set(seen)


def _family_source(
    table: Mapping[str, Any], metric_columns: set[str], allow_imports: bool
) -> dict[str, Any]:
    """The family of a spec, its callable and keywords, its parameter axes and raw values."""
    family = table["family"]
    code: CodeRef | None = None
    takes: tuple[str, ...] = ()
    if ":" in family if isinstance(family, str) else callable(family):
        code = resolve(family, "family", allow_imports=allow_imports)
        family = code.ref
        names, anything = family_keywords(code.func)
        takes = names
        accepted: tuple[str, ...] | None = None if anything else names
    else:
        if not isinstance(family, str):
            raise key_error(
                "family", f"must be a family name or 'module:function', not {family!r}."
            )
        accepted = _family_params(family)
        if accepted is None:
            from lightsout_graphs.representation.families import FAMILIES

            known = ", ".join(sorted(FAMILIES))
            msg = f"unknown family {family!r}; expected one of {known}, or 'module:function'."
            raise key_error("family", msg)
    params = table.get("params", {})
    if not isinstance(params, Mapping):
        raise key_error("params", f"must be a table of parameter ranges, not {params!r}.")
    axes: list[ParamAxis] = []
    raw_params: dict[str, Any] = {}
    columns: set[str] = {"modulus", "rule", *metric_columns}
    for key, value in params.items():
        if key in ("modulus", "rule"):
            plural = {"modulus": "moduli", "rule": "rules"}[key]
            raise key_error(key, f"set it with the {plural!r} key, not in params.")
        if accepted is not None and key not in accepted:
            takes_words = ", ".join(accepted) or "no parameters"
            raise key_error(key, f"unknown parameter of family {family!r}; it takes {takes_words}.")
        axis = param_axis(key, value)
        clash = sorted(set(axis.columns[0]) & columns)
        if clash:
            if clash[0] == ERROR_COLUMN:
                raise key_error(key, f"the column name {ERROR_COLUMN!r} is reserved for on_error.")
            what = "a metric" if clash[0] in metric_columns else "another column"
            raise key_error(key, f"its table column {clash[0]!r} has the name of {what}.")
        columns |= set(axis.columns[0])
        axes.append(axis)
        raw_params[key] = list(value) if isinstance(value, tuple) else value
    if "graph6" in columns:
        raise key_error("params", "the column name 'graph6' is reserved for graph streams.")
    return {
        "family": family,
        "family_code": code,
        "family_takes": takes,
        "axes": tuple(axes),
        "raw_params": raw_params,
    }


def _stream_source(
    table: Mapping[str, Any], base: Path, *, confine: bool = False
) -> tuple[tuple[str, ...], str | None]:
    """The graph6 files (absolute paths) or the geng arguments of a graph stream.

    With ``confine`` (a spec file), a graph6 path must lie in the spec file's folder.
    """
    if "params" in table:
        raise key_error("params", "only a family takes params, not a graph stream.")
    if "graph6" in table:
        resolved = []
        for name in str_list("graph6", table["graph6"]):
            inside = os.path.normpath(name)
            if confine and (os.path.isabs(inside) or inside.split(os.sep)[0] == ".."):
                msg = (
                    f"{name!r} is outside the spec file's folder; a spec file reads graph6 "
                    "files in its own folder only (copy the file there, or pass the spec as a "
                    "dict with base_dir in Python)."
                )
                raise key_error("graph6", msg)
            full = (base / name).resolve()
            if not full.is_file():
                raise key_error("graph6", f"no such file {str(full)!r}.")
            resolved.append(str(full))
        return tuple(resolved), None
    geng = table["geng"]
    if isinstance(geng, int) and not isinstance(geng, bool):
        geng = str(geng)
    if not isinstance(geng, str) or not geng.strip():
        raise key_error("geng", f"must be geng's arguments such as '9' or '-c 8', not {geng!r}.")
    from lightsout_graphs.interfaces.sweep.streams import geng_argv

    geng_argv(geng)  # an allow-list: no file names, no output formats
    return (), " ".join(geng.split())


def _check_first_puzzle(spec: SweepSpec) -> None:
    """Build a few puzzles of a family sweep so bad parameter values fail at once.

    Each parameter's extreme ints (and other values) are tried, the others at their first
    value, within ``probes.PROBE_SECONDS`` in all; with ``on_error = "skip"`` none fails.
    """
    from lightsout_graphs.core.errors import LightsOutError
    from lightsout_graphs.interfaces.sweep import probes

    caught: tuple[type[Exception], ...] = (LightsOutError, TypeError, ValueError)
    if spec.family_code is not None:
        caught = (Exception,)  # your own code may fail any way: the error names the values
    first = {a.name: a.values[0] for a in spec.axes}
    trials: list[tuple[str, dict[str, Any]]] = [
        (spec.axes[0].name if spec.axes else "params", first)
    ]
    for axis in spec.axes:
        ints = [v for v in axis.values if isinstance(v, int) and not isinstance(v, bool)]
        others = [v for v in axis.values if v not in ints]
        picks = ([min(ints), max(ints)] if ints else []) + others[:20]
        for v in picks:
            trials.append((axis.name, {**first, axis.name: v}))
    deadline = time.monotonic() + probes.PROBE_SECONDS
    for key, kwargs in trials:
        names = ", ".join(f"{k}={v!r}" for k, v in kwargs.items())
        try:
            with probes.time_limit(deadline - time.monotonic()):
                spec.make_puzzle(kwargs, spec.moduli[0], spec.rules[0])
        except probes.ProbeTimeout:
            msg = (
                f"family {spec.family!r} did not build the puzzle of {names} within the "
                f"{probes.PROBE_SECONDS:g} s the spec check gives it; use smaller parameters."
            )
            raise key_error(key, msg) from None
        except caught as exc:
            if spec.on_error == "skip":
                continue
            if isinstance(exc, SweepSpecError) and str(exc).startswith("family "):
                raise key_error(key, str(exc)) from exc  # too big to build: said in full
            cause = f"{type(exc).__name__}: {exc}" if spec.family_code is not None else exc
            msg = f"family {spec.family!r} rejects the parameters {names}: {cause}"
            raise key_error(key, msg) from exc
