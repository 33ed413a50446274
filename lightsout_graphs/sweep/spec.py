"""Sweep specifications: parse and validate TOML files or Python dicts into a :class:`SweepSpec`.

The format (a ``[sweep]`` table; every key is checked, unknown keys are errors)::

    [sweep]
    family = "grid"                              # a family from lightsout_graphs.families
    params = { m = "1..40", n = [3, 5, 7] }      # inclusive int ranges, lists or single values
    moduli = [2, 3]                              # ints >= 2, or a range such as "2..7"
    rules = ["closed", "open"]                   # default ["closed"]
    metrics = ["nullity", "kernel_size", "all_solvable", "all_on_solvable"]
    chunk_size = 20                              # optional: parameter sets (or graphs) per chunk
    max_kernel_enum = 65536                      # optional: largest kernel enumerated
    description = "..."                          # optional, kept in the manifest

Defaults: ``moduli = [2]``, ``rules = ["closed"]``, ``chunk_size`` 10 parameter sets for a
family (2000 when every column has a fast engine: see :mod:`lightsout_graphs.sweep.engines`), and for a stream 100,000 graphs (5000 when a metric, rule or modulus needs the
per-board path: see :mod:`lightsout_graphs.sweep.streams`). A ``geng`` stream is cut into
``res/mod`` parts of about ``chunk_size`` graphs, each run by its own geng. Metrics are listed in :mod:`lightsout_graphs.sweep.metrics`.
Table columns must have distinct names: a family parameter ``n`` (grids) and the metric ``n``
cannot both be asked for.

A stream of graphs replaces ``family``/``params`` by ``graph6 = "all9.g6"`` (a path or a list
of paths, relative to the spec file) or ``geng = "9"`` (the arguments of nauty's ``geng``,
which is run to produce the stream, for example ``"-c 8"`` for connected graphs).

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
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lightsout_graphs.errors import SweepSpecError
from lightsout_graphs.puzzle import RULES
from lightsout_graphs.sweep.axes import (
    ParamAxis,
    int_list,
    key_error,
    param_axis,
    positive_int,
    str_list,
)

__all__ = ["DEFAULT_CHUNK_SIZE", "ParamAxis", "SweepSpec", "load_spec"]

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
    "description",
}
_MAX_ITEMS = 50_000_000
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
    from lightsout_graphs.families import FAMILIES, family_params

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

    Returns
    -------
    SweepSpec

    Raises
    ------
    SweepSpecError
        For an unreadable file, invalid TOML, an unknown key, a bad range, an unknown family,
        parameter, rule or metric, or a missing graph6 file; the message names the key.

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
    lightsout_graphs.errors.SweepSpecError: Sweep spec key 'm': bad range '5..1': ...
    """
    from lightsout_graphs.sweep.metrics import METRICS

    if isinstance(spec, SweepSpec):
        return spec
    if isinstance(spec, Mapping):
        data: Mapping[str, Any] = spec
        base = Path(base_dir) if base_dir is not None else Path.cwd()
    elif isinstance(spec, str | os.PathLike):
        path = Path(spec)
        data = _read_toml(path)
        base = Path(base_dir) if base_dir is not None else path.resolve().parent
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
    metrics = str_list("metrics", table["metrics"])
    for m in metrics:
        if m not in METRICS:
            raise key_error(
                "metrics", f"unknown metric {m!r}; expected some of {', '.join(METRICS)}."
            )
    moduli = int_list("moduli", table.get("moduli", [2]), low=2)
    rules = str_list("rules", table.get("rules", ["closed"]))
    for r in rules:
        if r not in RULES:
            raise key_error("rules", f"unknown rule {r!r}; expected some of {', '.join(RULES)}.")
    description = table.get("description", "")
    if not isinstance(description, str):
        raise key_error("description", f"must be a string, not {description!r}.")
    max_enum = positive_int("max_kernel_enum", table.get("max_kernel_enum", 1 << 16))

    family: str | None = None
    axes: tuple[ParamAxis, ...] = ()
    raw_params: dict[str, Any] = {}
    graph6: tuple[str, ...] = ()
    geng: str | None = None
    if "family" in table:
        family, axes, raw_params = _family_source(table, metrics)
        default_chunk = DEFAULT_CHUNK_SIZE["family"]
    else:
        graph6, geng = _stream_source(table, base)
        from lightsout_graphs.sweep.streams import applies

        fast = applies(metrics, rules, moduli)
        default_chunk = DEFAULT_CHUNK_SIZE["fast stream" if fast else "stream"]
    chunk_size = positive_int("chunk_size", table.get("chunk_size", default_chunk))

    out = SweepSpec(
        family=family,
        axes=axes,
        graph6=graph6,
        geng=geng,
        moduli=moduli,
        rules=rules,
        metrics=metrics,
        chunk_size=chunk_size,
        max_kernel_enum=max_enum,
        description=description,
        raw_params=raw_params,
    )
    if family is not None and "chunk_size" not in table:
        from lightsout_graphs.sweep.engines import column_engines

        quick = {"table", "chasing", "formula"}
        if all(e in quick for c in column_engines(out).values() for e in c.values()):
            out = dataclasses.replace(out, chunk_size=DEFAULT_CHUNK_SIZE["fast family"])
    if family is not None:
        total = out.family_combinations() * out.puzzles_per_item
        if total > _MAX_ITEMS:
            raise key_error("params", f"the sweep has {total} puzzles, more than {_MAX_ITEMS}.")
        _check_first_puzzle(out)
    return out


def _family_source(
    table: Mapping[str, Any], metrics: tuple[str, ...]
) -> tuple[str, tuple[ParamAxis, ...], dict[str, Any]]:
    """The family of a spec, its parameter axes and their values as written."""
    family = table["family"]
    if not isinstance(family, str):
        raise key_error("family", f"must be a family name, not {family!r}.")
    accepted = _family_params(family)
    if accepted is None:
        from lightsout_graphs.families import FAMILIES

        known = ", ".join(sorted(FAMILIES))
        raise key_error("family", f"unknown family {family!r}; expected one of {known}.")
    params = table.get("params", {})
    if not isinstance(params, Mapping):
        raise key_error("params", f"must be a table of parameter ranges, not {params!r}.")
    axes: list[ParamAxis] = []
    raw_params: dict[str, Any] = {}
    columns: set[str] = {"modulus", "rule", *metrics}
    for key, value in params.items():
        if key in ("modulus", "rule"):
            plural = {"modulus": "moduli", "rule": "rules"}[key]
            raise key_error(key, f"set it with the {plural!r} key, not in params.")
        if key not in accepted:
            takes = ", ".join(accepted) or "no parameters"
            raise key_error(key, f"unknown parameter of family {family!r}; it takes {takes}.")
        axis = param_axis(key, value)
        clash = sorted(set(axis.columns[0]) & columns)
        if clash:
            what = "a metric" if clash[0] in metrics else "another column"
            raise key_error(key, f"its table column {clash[0]!r} has the name of {what}.")
        columns |= set(axis.columns[0])
        axes.append(axis)
        raw_params[key] = list(value) if isinstance(value, tuple) else value
    if "graph6" in columns:
        raise key_error("params", "the column name 'graph6' is reserved for graph streams.")
    return family, tuple(axes), raw_params


def _stream_source(table: Mapping[str, Any], base: Path) -> tuple[tuple[str, ...], str | None]:
    """The graph6 files (absolute paths) or the geng arguments of a graph stream."""
    if "params" in table:
        raise key_error("params", "only a family takes params, not a graph stream.")
    if "graph6" in table:
        resolved = []
        for name in str_list("graph6", table["graph6"]):
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
    return (), " ".join(geng.split())


def _check_first_puzzle(spec: SweepSpec) -> None:
    """Build a few puzzles of a family sweep so bad parameter values fail at once.

    Each parameter's smallest and largest int (and each other value) is tried with the other
    parameters at their first value.
    """
    from lightsout_graphs.errors import LightsOutError
    from lightsout_graphs.families import make

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
    for key, kwargs in trials:
        try:
            make(spec.family or "", modulus=spec.moduli[0], rule=spec.rules[0], **kwargs)
        except (LightsOutError, TypeError, ValueError) as exc:
            names = ", ".join(f"{k}={v!r}" for k, v in kwargs.items())
            msg = f"family {spec.family!r} rejects the parameters {names}: {exc}"
            raise key_error(key, msg) from exc
