"""Graph streams at the speed of geng: geng parts per worker, and a compiled table builder.

A ``geng`` sweep is split with geng's own ``res/mod`` argument: chunk ``res`` of a sweep cut
into ``mod`` parts runs ``geng ARGS res/mod`` in the worker that computes it, so every worker
has its own geng and no single pipe limits the run; a resumed run recomputes only the missing
parts. Rows of a geng sweep follow the parts in order, each part in geng's order.

:func:`fast_table` computes a chunk's table from raw graph6 bytes with the compiled kernel of
:mod:`lightsout_graphs.interfaces.sweep.kernels` when it applies: graphs of at most 64 vertices, the
closed and open rules, prime moduli below 2**31 and the metrics of :data:`FAST_METRICS`.
Otherwise the caller uses the per-board path; both give the same table.

:func:`find_geng` locates nauty's geng for streams and censuses alike, and :data:`GRAPHS` and
:data:`CONNECTED_GRAPHS` count the graphs it produces (they size the parts and cross-check a
census).
"""

from __future__ import annotations

import math
import re
import shlex
import shutil
import subprocess
from typing import Any

import numpy as np
import pyarrow as pa

from lightsout_graphs.core.errors import MissingDependencyError, SweepSpecError
from lightsout_graphs.interfaces.sweep.lifetime import child_starter

__all__ = ["CONNECTED_GRAPHS", "FAST_METRICS", "GRAPHS", "find_geng"]

#: Metrics the compiled stream kernel computes.
FAST_METRICS = frozenset(
    {"n", "edges", "rank", "nullity", "kernel_size", "all_solvable", "solvable_fraction"}
    | {"all_on_solvable"}
)
_SPLIT = re.compile(r"^(\d{1,6})/(\d{1,6})$")
#: geng flags that choose graphs or tune geng, with their number where they take one: -c, -C,
#: -t, -f, -k, -T, -S, -P, -F, -b, -m, -l, -q, -v, -g and -d#, -D#, -x#, -X#. Flags that change
#: the output format (-u, -s, -h, -y, ...) are refused: a sweep reads graph6 lines.
_FLAGS = re.compile(r"^-(?:[cCtfkTSPFbmlqvg]|[dDxX]\d{1,6})+$")
_N = re.compile(r"^\d{1,6}$")
_EDGES = re.compile(r"^\d{1,6}(?:[:-]\d{0,6})?$")
#: The most parts a geng sweep is cut into.
MAX_PARTS = 1 << 14
#: OEIS A000088: graphs on n vertices up to isomorphism, n = 0..12 (a cross-check).
GRAPHS = (1, 1, 2, 4, 11, 34, 156, 1044, 12346, 274668, 12005168, 1018997864, 165091172592)
#: OEIS A001349: connected graphs on n vertices, n = 0..12 (a cross-check).
CONNECTED_GRAPHS = (1, 1, 1, 2, 6, 21, 112, 853, 11117, 261080, 11716571, 1006700565, 164059830476)


def find_geng(needed_by: str = "Sweep spec key 'geng'") -> str:
    """The path of nauty's ``geng`` (Debian names it ``nauty-geng``).

    Parameters
    ----------
    needed_by : str, optional
        What needs geng, for the message when it is missing (a census says so).

    Raises
    ------
    MissingDependencyError
        When neither ``geng`` nor ``nauty-geng`` is on the PATH.

    Examples
    --------
    >>> from pathlib import Path
    >>> Path(find_geng()).name in ("geng", "nauty-geng")
    True
    """
    for name in ("geng", "nauty-geng"):
        path = shutil.which(name)
        if path:
            return path
    msg = (
        f"{needed_by} needs nauty's geng (or nauty-geng) on the PATH; install the "
        "Debian package 'nauty' (sudo apt-get install nauty, or make system)."
    )
    raise MissingDependencyError(msg)


def geng_argv(args: str) -> list[str]:
    """geng's arguments from the spec's ``geng`` string, checked against an allow-list.

    Allowed: flags that choose the graphs (``-c``, ``-C``, ``-t``, ``-f``, ``-k``, ``-T``,
    ``-S``, ``-P``, ``-F``, ``-b``, degree bounds ``-d#`` and ``-D#``) or tune geng (``-m``,
    ``-l``, ``-q``, ``-v``, ``-g``, ``-x#``, ``-X#``), combined or apart; then the number of
    vertices n (1..32), an optional edge range (``mine``, ``mine:maxe`` or ``mine-maxe``) and
    an optional part ``res/mod``, in that order. Anything else, a file name above all (geng
    writes its graphs into a file named after its arguments), is refused.

    Raises
    ------
    SweepSpecError
        A string that cannot be split or holds an argument outside the allow-list.
    """
    try:
        argv = shlex.split(args)
    except ValueError as exc:
        msg = f"Sweep spec key 'geng': cannot split {args!r}: {exc}."
        raise SweepSpecError(msg) from exc
    allowed = (
        "geng takes flags such as -c, -t, -b, -d# and -D#, then n, an edge range "
        "mine:maxe and a part res/mod, in that order; no file names or output-format flags"
    )
    positional: list[str] = []
    for arg in argv:
        if _FLAGS.match(arg):
            continue
        split = _SPLIT.match(arg)
        if not positional and _N.match(arg):
            if not 1 <= int(arg) <= 32:
                msg = f"Sweep spec key 'geng': n = {arg} in {args!r}; geng takes 1..32 vertices."
                raise SweepSpecError(msg)
        elif positional and split and not any(_SPLIT.match(p) for p in positional):
            if not int(split[1]) < int(split[2]):
                msg = f"Sweep spec key 'geng': part {arg} of {args!r} needs 0 <= res < mod."
                raise SweepSpecError(msg)
        elif len(positional) == 1 and _EDGES.match(arg):
            pass
        else:
            msg = f"Sweep spec key 'geng': argument {arg!r} of {args!r} is not allowed ({allowed})."
            raise SweepSpecError(msg)
        positional.append(arg)
    if not positional:
        msg = f"Sweep spec key 'geng': {args!r} names no number of vertices n ({allowed})."
        raise SweepSpecError(msg)
    return argv


def geng_parts(args: str, chunk_size: int) -> int:
    """How many ``res/mod`` parts a geng sweep is cut into: about ``chunk_size`` graphs each.

    The count of graphs on n vertices (OEIS A000088) bounds the stream; the number of parts
    is a power of two. Arguments that already hold a ``res/mod`` split give one part.
    """
    argv = geng_argv(args)
    if any(_SPLIT.match(a) for a in argv):
        return 1
    n = int(next(a for a in argv if _N.match(a)))
    total = GRAPHS[n] if n < len(GRAPHS) else MAX_PARTS * chunk_size
    if total <= chunk_size:
        return 1
    return min(MAX_PARTS, 1 << math.ceil(math.log2(total / chunk_size)))


def run_geng_part(args: str, res: int, mod: int) -> bytes:
    """geng's output for ``args`` and part ``res`` of ``mod`` (runs in the worker).

    Raises
    ------
    SweepSpecError
        When geng fails; the message ends with geng's own complaint.
    """
    argv = [find_geng(), "-q", *geng_argv(args)]
    if mod > 1:
        argv.append(f"{res}/{mod}")
    start, preexec = child_starter(argv)
    # preexec_fn (only without setpriv) calls prctl through a ctypes function loaded at
    # import: no lock taken.
    proc = subprocess.run(
        start,
        capture_output=True,
        check=False,
        preexec_fn=preexec,
    )
    if proc.returncode != 0:
        err = proc.stderr.decode(errors="replace").strip().splitlines()
        detail = err[-1] if err else f"exit status {proc.returncode}"
        msg = f"Sweep spec key 'geng': geng {args!r} failed: {detail}"
        raise SweepSpecError(msg)
    return proc.stdout


def applies(metrics: tuple[str, ...], rules: tuple[str, ...], moduli: tuple[int, ...]) -> bool:
    """Whether the compiled kernel computes these metrics, rules and moduli."""
    from lightsout_graphs.interfaces.sweep.census_store import is_prime

    return (
        set(metrics) <= FAST_METRICS
        and set(rules) <= {"closed", "open"}
        and all(k < 2**31 and is_prime(k) for k in moduli)
    )


def counts_cell(metric: str, lights: Any, nullity: Any, k: Any) -> Any:
    """One of :data:`TABLE_METRICS` from the number of lights and the nullity over Z_k."""
    if metric == "nullity":
        return nullity
    if metric == "rank":
        return lights - nullity
    if metric == "all_solvable":
        return nullity == 0
    if metric == "solvable_fraction":
        return 1 / k**nullity  # correctly rounded, as float(Fraction) on the per-board path
    return str(k**nullity)


def counts_column(metric: str, lights: Any, nullity: np.ndarray, moduli: Any) -> Any:
    """:func:`counts_cell` over arrays of boards (one modulus, or an array of them)."""
    if metric not in ("solvable_fraction", "kernel_size"):
        return counts_cell(metric, lights, nullity, moduli)
    pairs = list(
        zip(np.broadcast_to(moduli, nullity.shape).tolist(), nullity.tolist(), strict=True)
    )
    cells = {(k, v): counts_cell(metric, 0, v, k) for k, v in set(pairs)}
    return [cells[p] for p in pairs]


def fast_table(
    data: bytes, spec: Any, schema: pa.Schema, first_line: int, source: str
) -> pa.Table | None:
    """The table of a chunk of graph6 text, from the compiled kernel; None if it cannot.

    Parameters
    ----------
    data : bytes
        The chunk's graph6 lines.
    spec : SweepSpec
    schema : pyarrow.Schema
        The sweep's table schema.
    first_line : int
        The number (from 1) of the chunk's first line, for error messages.
    source : str
        The input's name, for error messages.

    Returns
    -------
    pyarrow.Table or None
        None when the kernel does not apply (a rule, modulus or metric it lacks, or a graph
        of more than 64 vertices).

    Raises
    ------
    SweepSpecError
        A line that is not graph6; the message names the source and line.
    """
    from lightsout_graphs.interfaces.sweep.kernels import metrics_block
    from lightsout_graphs.representation.families.graph6_batch import ERRORS

    if not applies(spec.metrics, spec.rules, spec.moduli):
        return None
    buf = np.frombuffer(data, dtype=np.uint8)
    cap, reps = data.count(b"\n") + 1, len(spec.moduli) * len(spec.rules)
    moduli = np.array(spec.moduli, dtype=np.int64)
    closed = np.array([r == "closed" for r in spec.rules], dtype=np.bool_)
    out_n, out_edges, out_start, out_end = (np.zeros(cap, dtype=np.int64) for _ in range(4))
    out_rank, out_allon = np.zeros((cap, reps), dtype=np.int64), np.zeros((cap, reps), dtype=bool)
    outs = (out_n, out_edges, out_rank, out_allon, out_start, out_end)
    count, used, lines, err = metrics_block(buf, len(buf), True, moduli, closed, *outs)
    if err == -3:
        return None
    if err:
        line = data[used:].split(b"\n", 1)[0].rstrip(b"\r")
        text = line.decode("ascii", errors="replace").removeprefix(">>graph6<<")
        msg = (
            f"{source} line {first_line + lines}: not a graph6 string ({text[:40]!r}): "
            f"{ERRORS[int(err)]}"
        )
        raise SweepSpecError(msg)
    starts = out_start[:count].copy()
    starts[buf[starts] == ord(">")] += 10  # the optional >>graph6<< header is not part of it
    lengths = (out_end[:count] - starts).astype(np.int64)
    offsets = np.zeros(count + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    idx = np.repeat(starts, lengths) + (
        np.arange(int(offsets[-1]), dtype=np.int64) - np.repeat(offsets[:-1], lengths)
    )
    names = pa.LargeStringArray.from_buffers(
        count, pa.py_buffer(offsets), pa.py_buffer(buf[idx].tobytes())
    ).cast(pa.string())
    n, rank = np.repeat(out_n[:count], reps), out_rank[:count].ravel()
    modulus = np.tile(np.repeat(moduli, len(spec.rules)), count)
    rules = np.tile(np.array(spec.rules, dtype=object), len(spec.moduli) * count)
    columns: dict[str, Any] = {
        "graph6": names.take(pa.array(np.repeat(np.arange(count), reps))),
        "modulus": modulus,
        "rule": pa.array(rules, pa.string()),
    }
    for m in spec.metrics:
        if m == "n":
            columns[m] = n
        elif m == "edges":
            columns[m] = np.repeat(out_edges[:count], reps)
        elif m == "all_on_solvable":
            columns[m] = out_allon[:count].ravel()
        else:
            columns[m] = counts_column(m, n, n - rank, modulus)
    arrays = [
        c if isinstance(c := columns[f.name], pa.Array) else pa.array(c, f.type) for f in schema
    ]
    return pa.Table.from_arrays(arrays, schema=schema)
