"""Shared pieces of the benchmarks: timing by medians, result records and the usual rows.

The test problems (toggle matrices, right-hand sides) are in :mod:`benchmarks.problems`.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from benchmarks.problems import grid_matrix

__all__ = [
    "ROOT",
    "Result",
    "Timing",
    "faster_than",
    "measure",
    "measure_each",
    "run_fresh",
    "warm_engines",
    "within_seconds",
]

#: The checkout the benchmarks measure (the folder above ``benchmarks/``).
ROOT = Path(__file__).resolve().parent.parent

K = TypeVar("K")
V = TypeVar("V")


@dataclass
class Timing:
    """Wall-clock seconds of repeated runs of one piece of work.

    Attributes
    ----------
    runs : list of float
        Seconds of each timed repetition.
    note : str
        How it was measured or what was skipped, for the reader of the table.
    """

    runs: list[float]
    note: str = ""

    @property
    def median(self) -> float:
        """The median of :attr:`runs`."""
        return float(statistics.median(self.runs))

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: median, runs and note."""
        return {"median": self.median, "runs": self.runs, "note": self.note}


@dataclass
class Result:
    """One row of the benchmark table.

    Attributes
    ----------
    name : str
        Short key, used by ``--only``.
    workload : str
        What is measured, in words (includes the size actually used).
    ours : Timing or None
        Our time (``None`` when our engine is missing, see ``notes``).
    baselines : dict of str to Timing
        Each baseline's time, measured in the same run.
    target : str
        The target in words, for example ``"≤ 1.5× m4ri-rref"``.
    kind : {"ratio_max", "speedup_min", "seconds_max", "none"}
        How the target is checked: ours ÷ baseline ≤ value; baseline ÷ ours ≥ value; ours ≤
        value seconds; or not at all.
    value : float or None
        The number in the target.
    against : str or None
        The baseline the ratio is taken against.
    checks : list of str
        Correctness checks of the answers that passed ("solution verified", ...).
    notes : list of str
        Anything the reader must know: reduced sizes, skipped baselines, peak memory.
    extra : dict
        Further measured numbers (peak RSS, per-size values, ...), copied into the JSON.
    conditions : dict of str to bool
        Further parts of the target, already judged (for example ``"memory ≤ 2 GB"``); the
        target is met only when all of them hold too.
    """

    name: str
    workload: str
    ours: Timing | None
    baselines: dict[str, Timing] = field(default_factory=dict)
    target: str = "—"
    kind: str = "none"
    value: float | None = None
    against: str | None = None
    checks: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    conditions: dict[str, bool] = field(default_factory=dict)

    @property
    def ratio(self) -> float | None:
        """Ours ÷ the ``against`` baseline (both medians), or ``None`` without both."""
        if self.ours is None or self.against is None or self.against not in self.baselines:
            return None
        base = self.baselines[self.against].median
        return self.ours.median / base if base > 0 else None

    @property
    def met(self) -> bool | None:
        """Whether the target holds (``None`` when it cannot be judged)."""
        if self.ours is None or self.value is None or self.kind == "none":
            return None
        if not all(self.conditions.values()):
            return False
        if self.kind == "seconds_max":
            return self.ours.median <= self.value
        ratio = self.ratio
        if ratio is None:
            return None
        if self.kind == "ratio_max":
            return ratio <= self.value
        if self.kind == "speedup_min":
            return ratio > 0 and 1 / ratio >= self.value
        msg = f"Unknown target kind {self.kind!r} in result {self.name!r}."
        raise ValueError(msg)

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of everything in the row."""
        return {
            "name": self.name,
            "workload": self.workload,
            "ours": self.ours.as_dict() if self.ours else None,
            "baselines": {k: v.as_dict() for k, v in self.baselines.items()},
            "ratio": self.ratio,
            "against": self.against,
            "target": self.target,
            "target_kind": self.kind,
            "target_value": self.value,
            "met": self.met,
            "conditions": self.conditions,
            "checks": self.checks,
            "notes": self.notes,
            "extra": self.extra,
        }


def within_seconds(
    name: str,
    workload: str,
    ours: Timing,
    limit: float,
    checks: Sequence[str],
    *,
    target: str | None = None,
    **fields: Any,
) -> Result:
    """A row whose target is a time limit: our median at most ``limit`` seconds.

    Parameters
    ----------
    name, workload : str
        As in :class:`Result`.
    ours : Timing
        Our time.
    limit : float
        The limit in seconds.
    checks : sequence of str
        The correctness checks that passed.
    target : str, optional
        The target in words (default ``"≤ {limit} s"``).
    **fields
        Further fields of :class:`Result` (``notes``, ``extra``, ``conditions``, ...).

    Returns
    -------
    Result

    Examples
    --------
    >>> row = within_seconds("demo", "nothing", Timing([0.5, 0.7]), 1.0, ["none needed"])
    >>> row.target, row.met
    ('≤ 1 s', True)
    """
    fields.update(target=target or f"≤ {limit:g} s", kind="seconds_max", value=limit)
    return Result(name, workload, ours, checks=list(checks), **fields)


def faster_than(
    name: str,
    workload: str,
    ours: Timing,
    against: str,
    baseline: Timing,
    checks: Sequence[str],
    *,
    speedup: float | None = None,
    target: str | None = None,
    **fields: Any,
) -> Result:
    """A row of ours against one baseline: at least ``speedup`` times faster, or ratio only.

    Parameters
    ----------
    name, workload, ours, checks
        As for :func:`within_seconds`.
    against : str
        The baseline's name.
    baseline : Timing
        Its time, measured in the same run.
    speedup : float, optional
        The least speed-up the target asks; without it the row only shows the ratio.
    target : str, optional
        The target in words (default ``"≥ {speedup}× faster than {against}"``).
    **fields
        As for :func:`within_seconds`.

    Returns
    -------
    Result

    Examples
    --------
    >>> row = faster_than("demo", "x", Timing([1.0]), "slow", Timing([8.0]), [], speedup=5)
    >>> row.target, row.met
    ('≥ 5× faster than slow', True)
    """
    fields.update(target=target or f"≥ {speedup:g}× faster than {against}", value=speedup)
    fields.update(kind="none" if speedup is None else "speedup_min", against=against)
    return Result(name, workload, ours, {against: baseline}, checks=list(checks), **fields)


def measure(
    work: Callable[..., Any],
    reps: int,
    *,
    setup: Callable[[], tuple[Any, ...]] | None = None,
    warmup: Callable[[], Any] | None = None,
    budget: float | None = None,
) -> tuple[Timing, Any]:
    """Time ``work(*setup())`` ``reps`` times (setup untimed); return the timing and last answer.

    Parameters
    ----------
    work : callable
        The timed call.
    reps : int
        Repetitions, >= 1.
    setup : callable, optional
        Builds fresh arguments before each repetition (for example a copy of a matrix, so
        that no cache keyed on the object can answer). Untimed.
    warmup : callable, optional
        Called once, untimed, before the first repetition (to compile JIT kernels on a small
        case).
    budget : float, optional
        Stop repeating once the timed runs add up to more than this many seconds (at least
        one run is always made); the timing's note then says so. Keeps a slow engine from
        eating the quick mode's two minutes.

    Returns
    -------
    (Timing, object)
        The timing and the value the last repetition returned.
    """
    if warmup is not None:
        warmup()
    runs = []
    answer = None
    for _ in range(reps):
        args = setup() if setup is not None else ()
        t0 = time.perf_counter()
        answer = work(*args)
        runs.append(time.perf_counter() - t0)
        if budget is not None and sum(runs) > budget and len(runs) < reps:
            return Timing(runs, f"stopped after {len(runs)} of {reps} runs (time budget)"), answer
    return Timing(runs), answer


def measure_each(
    keys: Sequence[K], work: Callable[[K], V]
) -> tuple[Timing, dict[K, float], dict[K, V]]:
    """Time one pass of ``work(key)`` over every key, in total and key by key.

    Parameters
    ----------
    keys : sequence
        The inputs, in the order they run.
    work : callable
        The timed call on one key.

    Returns
    -------
    (Timing, dict, dict)
        The timing of the whole pass (one run), the seconds of each key, and each key's answer.

    Examples
    --------
    >>> timing, seconds, answers = measure_each([1, 2, 3], lambda n: n * n)
    >>> len(timing.runs), sorted(seconds), answers
    (1, [1, 2, 3], {1: 1, 2: 4, 3: 9})
    """
    seconds: dict[K, float] = {}
    answers: dict[K, V] = {}

    def one_pass() -> None:
        for key in keys:
            t0 = time.perf_counter()
            answers[key] = work(key)
            seconds[key] = time.perf_counter() - t0

    timing, _ = measure(one_pass, 1)
    return timing, seconds, answers


def run_fresh(script: str, args: Sequence[str], what: str) -> dict[str, Any]:
    """Run ``python -c script args...`` in a fresh interpreter; read the JSON it prints last.

    A fresh process has no warm cache of an earlier workload, and its peak memory
    (:func:`benchmarks.memory.peak_kib`) belongs to that workload alone. The script runs in
    :data:`ROOT` with :data:`ROOT` first on ``PYTHONPATH``, so it measures this checkout.

    Parameters
    ----------
    script : str
        Python source; its last line of output must be a JSON object.
    args : sequence of str
        The script's ``sys.argv[1:]``.
    what : str
        The work in words, for the error message.

    Returns
    -------
    dict
        The JSON object of the last line.

    Raises
    ------
    RuntimeError
        When the script exits with an error (the message ends with its stderr).

    Examples
    --------
    >>> run_fresh("import json, sys; print(json.dumps({'n': int(sys.argv[1])}))", ["3"], "n")
    {'n': 3}
    """
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    argv = [sys.executable, "-c", script, *args]
    done = subprocess.run(argv, capture_output=True, text=True, check=False, env=env, cwd=ROOT)
    if done.returncode != 0:
        msg = f"{what} failed in its subprocess:\n{done.stderr.strip()[-2000:]}"
        raise RuntimeError(msg)
    out: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return out


_WARM: set[int] = set()


def warm_engines(modulus: int) -> None:
    """Run every ``zk.factorize`` method that handles ``modulus`` once on a small board.

    ``method="auto"`` may pick a compiled (JIT) engine only at large sizes; warming every
    engine up front keeps compilation out of the first timed run. Done once per modulus.

    Parameters
    ----------
    modulus : int
        k.
    """
    if modulus in _WARM:
        return
    from lightsout_graphs import zk
    from lightsout_graphs.core.errors import LightsOutError

    small = grid_matrix(8, 8)
    ones = np.ones(64, dtype=np.int64)
    for method in getattr(zk, "METHODS", ("auto",)):
        try:
            zk.factorize(small.copy(), modulus, method=method).solve(ones)
        except LightsOutError:
            continue  # this engine does not handle this modulus (or is not installed)
    _WARM.add(modulus)
