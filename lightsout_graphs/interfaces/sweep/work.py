"""The unit of sweep work: a chunk of puzzles (or graphs) in, one Arrow table of rows out.

Chunks are pure functions of the spec and their inputs, so any runner (a local process pool
or Dask workers) computes the same table for a chunk. Rows of a family sweep follow the
product of the parameters (in spec order), then the moduli, then the rules; rows of a graph
stream follow the lines of the graph6 input, then the moduli, then the rules.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pyarrow as pa

from lightsout_graphs.core.errors import (
    LightsOutError,
    MemoryBudgetError,
    SweepError,
    SweepSpecError,
)
from lightsout_graphs.interfaces.sweep.metrics import METRICS, compute_metrics, infer_dtype
from lightsout_graphs.interfaces.sweep.probes import ProbeTimeout, time_limit
from lightsout_graphs.interfaces.sweep.spec import ERROR_COLUMN, SweepSpec
from lightsout_graphs.interfaces.sweep.streams import FAST_METRICS
from lightsout_graphs.representation.families.graph6 import decode_graph6

__all__ = ["LEAN_METRICS"]

#: Metrics the lean GF(2) path computes for graph streams without building a Puzzle: those of
#: the compiled stream kernel.
LEAN_METRICS = FAST_METRICS


@dataclass(frozen=True)
class Chunk:
    """One piece of a sweep.

    Attributes
    ----------
    chunk_id : int
        Its position in the sweep; results are ordered by it.
    start, stop : int
        Family sweeps: the parameter combinations ``start <= i < stop``. Streams: the line
        numbers (0-based, over all inputs) of the graphs.
    lines : tuple of bytes
        Streams only: the graph6 lines (or ``data``).
    source : str
        Streams only: where the lines come from, for error messages.
    data : bytes
        Streams only: the graph6 lines as one block of text.
    part : tuple of int, optional
        geng streams only: ``(res, mod)``, the part of geng's output this chunk runs.
    """

    chunk_id: int
    start: int
    stop: int
    lines: tuple[bytes, ...] = ()
    source: str = ""
    data: bytes = b""
    part: tuple[int, int] | None = None

    def text(self, spec: SweepSpec) -> bytes:
        """The chunk's graph6 text (running geng for a geng part)."""
        if self.part is not None:
            from lightsout_graphs.interfaces.sweep.streams import run_geng_part

            return run_geng_part(spec.geng or "", *self.part)
        if self.data:
            return self.data
        return b"".join(line + b"\n" for line in self.lines)


def _arrow_type(values: Sequence[Any]) -> pa.DataType:
    if all(isinstance(v, bool) for v in values):
        return pa.bool_()
    if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return pa.int64()
    if all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        return pa.float64()
    return pa.string()


def schema(spec: SweepSpec) -> pa.Schema:
    """The Arrow schema of a sweep's table: parameters (or ``graph6``), modulus, rule, metrics."""
    fields: list[pa.Field] = []
    if spec.is_stream:
        fields.append(pa.field("graph6", pa.string()))
    for axis in spec.axes:
        for col in axis.columns[0]:
            fields.append(pa.field(col, _arrow_type([c[col] for c in axis.columns])))
    fields += [pa.field("modulus", pa.int64()), pa.field("rule", pa.string())]
    for name, dtype in spec.metric_columns():
        if dtype is None:
            msg = (
                f"The type of metric column {name!r} is not known yet: declare it with "
                "@sweep.metric(...) or let sweep.run infer it from the first puzzle."
            )
            raise SweepSpecError(msg)
        fields.append(pa.field(name, pa.type_for_alias(dtype)))
    if spec.on_error == "skip":
        fields.append(pa.field(ERROR_COLUMN, pa.string()))
    return pa.schema(fields)


def _cell(value: Any, typ: pa.DataType) -> Any:
    if value is None:
        return None
    if pa.types.is_string(typ):
        return str(value)
    if pa.types.is_floating(typ):
        return float(value)
    return value


def family_item(spec: SweepSpec, index: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The keyword arguments and table cells of parameter combination ``index``.

    Combinations are numbered in row-major order of the parameters (last one fastest).
    """
    kwargs: dict[str, Any] = {}
    cells: dict[str, Any] = {}
    rest = index
    positions = []
    for axis in reversed(spec.axes):
        rest, pos = divmod(rest, len(axis.values))
        positions.append(pos)
    for axis, pos in zip(spec.axes, reversed(positions), strict=True):
        kwargs[axis.name] = axis.values[pos]
        cells.update(axis.columns[pos])
    return kwargs, cells


def _lean_metrics(n: int, rows: list[int], rule: str, metrics: Sequence[str]) -> dict[str, Any]:
    """GF(2) metrics of a graph given by adjacency bitsets (no sparse matrix: that is the cost)."""
    from lightsout_graphs.core.zk import bitset_rank
    from lightsout_graphs.interfaces.sweep.streams import counts_cell

    out: dict[str, Any] = {}
    counts = None
    if any(m not in ("n", "edges") for m in metrics):
        toggle = [r | (1 << i) for i, r in enumerate(rows)] if rule == "closed" else rows
        all_on = (1 << n) - 1 if "all_on_solvable" in metrics else None
        counts = bitset_rank(toggle, n, rhs=all_on)
    for m in metrics:
        if m == "n":
            out[m] = n
        elif m == "edges":
            out[m] = sum(r.bit_count() for r in rows) // 2
        else:
            assert counts is not None
            nullity = counts.nullity
            out[m] = counts.solvable if m == "all_on_solvable" else counts_cell(m, n, nullity, 2)
    return out


def _stream_rows(spec: SweepSpec, chunk: Chunk, data: bytes) -> Iterator[dict[str, Any]]:
    import networkx as nx

    from lightsout_graphs.representation.puzzle import Puzzle

    lean_ok = set(spec.metrics) <= LEAN_METRICS
    builtin = [m for m in spec.metrics if m in METRICS]
    for offset, raw in enumerate(
        data.split(b"\n")[:-1] if data.endswith(b"\n") else data.split(b"\n")
    ):
        line = raw.strip()
        if not line:
            continue  # blank lines are skipped, as by the compiled path
        where = f"{chunk.source} line {chunk.start + offset + 1}"
        decoded = decode_graph6(line)
        name = line.decode("ascii", errors="replace").removeprefix(">>graph6<<")
        graph = None
        if decoded is None or not (lean_ok and set(spec.rules) <= {"closed", "open"}):
            try:
                graph = nx.from_graph6_bytes(line)
            except (nx.NetworkXError, ValueError, IndexError) as exc:
                msg = f"{where}: not a graph6 string ({name[:40]!r}): {exc}"
                raise SweepSpecError(msg) from exc
        for k in spec.moduli:
            for rule in spec.rules:
                row: dict[str, Any] = {"graph6": name, "modulus": k, "rule": rule}
                what = f"the graph at {where} ({name}), modulus {k}, rule {rule}"
                try:
                    if graph is None and decoded is not None and k == 2:
                        row.update(_lean_metrics(*decoded, rule, spec.metrics))
                    else:
                        if graph is None:
                            graph = nx.from_graph6_bytes(line)
                        puzzle = Puzzle(graph, modulus=k, rule=rule)
                        row.update(_puzzle_metrics(spec, builtin, puzzle))
                except LightsOutError as exc:
                    raise _failure(what, exc) from exc
                if spec.custom:
                    row.update(_custom_metrics(spec, puzzle, what))
                yield row


def _puzzle_metrics(spec: SweepSpec, metrics: Sequence[str], puzzle: Any) -> Any:
    return compute_metrics(puzzle, metrics, spec.max_kernel_enum, spec.effective_time_limit)


def _custom_metrics(spec: SweepSpec, puzzle: Any, what: str) -> dict[str, Any]:
    return {c.column: c.value(puzzle, what) for c in spec.custom}


def _reason(exc: BaseException) -> str:
    """The message of a rejected combination, as its ``error`` cell says it (one line)."""
    text = " ".join(f"{type(exc).__name__}: {exc}".split())
    return text if len(text) <= 500 else text[:497] + "..."


def _failure(what: str, exc: Exception) -> SweepError:
    return SweepError(f"Sweep stopped at {what}: {type(exc).__name__}: {exc}")


def _family_rows(spec: SweepSpec, chunk: Chunk) -> Iterator[dict[str, Any]]:
    from lightsout_graphs.interfaces.sweep.engines import column_engines, grid_rows

    family = spec.family or ""
    engines = column_engines(spec)
    caught: tuple[type[Exception], ...] = (LightsOutError, TypeError, ValueError)
    if spec.family_code is not None:
        caught = (Exception,)  # your own family may fail any way: the error names the puzzle
    fast: dict[tuple[int, str, str], list[Any]] = {}
    if any(e in ("table", "chasing", "formula") for c in engines.values() for e in c.values()):
        cells_by_column, _, _ = grid_rows(spec, chunk.start, chunk.stop, engines)
        fast = {
            key: (v.tolist() if hasattr(v, "tolist") else list(v))
            for key, v in cells_by_column.items()
        }
    slow_metrics = {
        (k, rule): [m for m in spec.metrics if (k, rule, m) not in fast and m in METRICS]
        for k in spec.moduli
        for rule in spec.rules
    }
    for j, index in enumerate(range(chunk.start, chunk.stop)):
        kwargs, cells = family_item(spec, index)
        for k in spec.moduli:
            for rule in spec.rules:
                row: dict[str, Any] = {**cells, "modulus": k, "rule": rule}
                slow = slow_metrics[(k, rule)]
                for m in spec.metrics:
                    got = fast.get((k, rule, m))
                    if got is not None:
                        row[m] = got[j]
                if slow or spec.custom:
                    names = ", ".join(f"{a}={v!r}" for a, v in kwargs.items())
                    what = f"{family}({names}), modulus {k}, rule {rule}"
                    rejected: Exception | None = None
                    try:
                        with time_limit(spec.effective_time_limit):
                            puzzle = spec.make_puzzle(kwargs, k, rule)
                    except ProbeTimeout:
                        limit = spec.effective_time_limit
                        rejected = TimeoutError(f"not built within time_limit={limit:g} s")
                    except caught as exc:
                        rejected = exc
                    if rejected is not None:
                        if spec.on_error != "skip":
                            raise _failure(what, rejected) from rejected
                        # The family rejects this combination: a row that says why.
                        yield {**cells, "modulus": k, "rule": rule, ERROR_COLUMN: _reason(rejected)}
                        continue
                    try:
                        row.update(_puzzle_metrics(spec, slow, puzzle))
                    except MemoryBudgetError:
                        yield row  # refused by the memory budget: its cells stay empty (null)
                        continue
                    except caught as exc:
                        raise _failure(what, exc) from exc
                    row.update(_custom_metrics(spec, puzzle, what))
                yield row


def _first_puzzle(spec: SweepSpec) -> tuple[Any, str]:
    """The sweep's first puzzle and its description (type inference of your own metrics)."""
    import networkx as nx

    from lightsout_graphs.representation.puzzle import Puzzle

    k, rule = spec.moduli[0], spec.rules[0]
    if not spec.is_stream:
        # With on_error = "skip" the first combinations may be rejected: the first that builds.
        tries = min(spec.family_combinations(), 1000) if spec.on_error == "skip" else 1
        for index in range(tries):
            kwargs, _ = family_item(spec, index)
            names = ", ".join(f"{a}={v!r}" for a, v in kwargs.items())
            where = f"{spec.family}({names}), modulus {k}, rule {rule}"
            try:
                return spec.make_puzzle(kwargs, k, rule), where
            except Exception:  # rejected: recorded as such by the sweep; try the next
                if index == tries - 1:
                    raise
    for path in spec.graph6:
        with open(path, "rb") as fh:
            for number, raw in enumerate(fh, start=1):
                line = raw.strip()
                if line:
                    where = f"the graph at {path} line {number}, modulus {k}, rule {rule}"
                    try:
                        graph = nx.from_graph6_bytes(line)
                    except (nx.NetworkXError, ValueError, IndexError) as exc:
                        msg = f"{path} line {number}: not a graph6 string: {exc}"
                        raise SweepSpecError(msg) from exc
                    return Puzzle(graph, modulus=k, rule=rule), where
    msg = (
        "Sweep spec key 'metrics': the types of your own metrics are inferred from the first "
        "graph of a graph6 file; declare them with @sweep.metric(...) for this stream."
    )
    raise SweepSpecError(msg)


def infer_metric_types(spec: SweepSpec) -> SweepSpec:
    """Fill in the column types of your own metrics that were not declared.

    Each undeclared metric is computed on the sweep's first puzzle (first parameter values,
    modulus and rule; a stream's first graph) and its column takes the type of that value.
    Every later value must have that type, or the sweep stops naming the metric and the puzzle.

    Parameters
    ----------
    spec : SweepSpec

    Returns
    -------
    SweepSpec
        ``spec`` itself when every type is declared.

    Raises
    ------
    SweepSpecError
        The first value is None (nothing to infer from) or of no column type, or the sweep is
        a geng stream (declare the types with :func:`lightsout_graphs.interfaces.sweep.metric`).
    SweepError
        The metric fails on the first puzzle.
    """
    import dataclasses

    todo = [c for c in spec.custom if c.dtype is None]
    if not todo:
        return spec
    if spec.geng is not None:
        msg = (
            f"Sweep spec key 'metrics': declare the type of {todo[0].ref!r} with "
            "@sweep.metric(...); it is not inferred for a geng stream."
        )
        raise SweepSpecError(msg)
    puzzle, where = _first_puzzle(spec)
    filled = []
    for c in spec.custom:
        if c.dtype is None:
            raw = c.value(puzzle, where)
            dtype = infer_dtype(raw)
            if dtype is None:
                msg = (
                    f"Sweep spec key 'metrics': metric {c.ref!r} returned {raw!r} for the first "
                    f"puzzle, {where}; its type cannot be inferred from that, declare it "
                    "with @sweep.metric(dtype)."
                )
                raise SweepSpecError(msg)
            c = dataclasses.replace(c, dtype=dtype)
        filled.append(c)
    return dataclasses.replace(spec, custom=tuple(filled))


def run_chunk(spec: SweepSpec, chunk: Chunk) -> pa.Table:
    """Compute every row of one chunk as an Arrow table (runs in the worker).

    Parameters
    ----------
    spec : SweepSpec
    chunk : Chunk

    Returns
    -------
    pyarrow.Table
        Rows in sweep order, with :func:`schema` ``(spec)``.

    Raises
    ------
    SweepSpecError
        A graph6 line that cannot be read (the message names the file and line).
    SweepError
        Any failure of a puzzle; the message names the puzzle and the cause.
    """
    sch = schema(spec)
    if spec.is_stream:
        from lightsout_graphs.interfaces.sweep.streams import fast_table

        text = chunk.text(spec)
        table = fast_table(text, spec, sch, chunk.start + 1, chunk.source)
        if table is not None:
            return table
        rows = _stream_rows(spec, chunk, text)
    else:
        rows = _family_rows(spec, chunk)
    columns: dict[str, list[Any]] = {name: [] for name in sch.names}
    for row in rows:
        for f in sch:
            columns[f.name].append(_cell(row.get(f.name), f.type))
    return pa.table(columns, schema=sch)
