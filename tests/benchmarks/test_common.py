"""The shared pieces of benchmarks/common.py: row builders, per-key timing, fresh processes."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from benchmarks import common, memory, problems
from benchmarks.baselines import colscan, galois_gf2
from benchmarks.common import Timing, faster_than, measure_each, run_fresh, within_seconds


@pytest.mark.parametrize(
    "module", [common, memory, problems, colscan, galois_gf2], ids=lambda m: m.__name__
)
def test_examples_run(module: ModuleType) -> None:
    if module is galois_gf2 and not galois_gf2.available():
        pytest.skip("galois is not installed")
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert attempted > 0
    assert failed == 0


def test_within_seconds_keeps_further_fields() -> None:
    row = within_seconds(
        "t", "w", Timing([2.0]), 1.5, ("ok",), target="≤ 1.5 s in total", notes=["n"]
    )
    assert (row.kind, row.value, row.target, row.checks, row.notes) == (
        "seconds_max",
        1.5,
        "≤ 1.5 s in total",
        ["ok"],
        ["n"],
    )
    assert row.met is False
    row = within_seconds("t", "w", Timing([1.0]), 1.5, [], conditions={"memory": False})
    assert row.met is False


def test_faster_than_with_and_without_a_target() -> None:
    judged = faster_than("t", "w", Timing([1.0]), "base", Timing([4.0]), [], speedup=5.0)
    assert (judged.kind, judged.against, judged.met) == ("speedup_min", "base", False)
    assert judged.ratio == pytest.approx(0.25)
    shown = faster_than("t", "w", Timing([1.0]), "base", Timing([4.0]), [], target="none")
    assert (shown.kind, shown.value, shown.target, shown.met) == ("none", None, "none", None)
    assert shown.baselines == {"base": Timing([4.0])}


def test_measure_each_times_every_key_once() -> None:
    calls: list[str] = []

    def double(key: str) -> str:
        calls.append(key)
        return key * 2

    timing, seconds, answers = measure_each(["a", "b"], double)
    assert calls == ["a", "b"]
    assert answers == {"a": "aa", "b": "bb"}
    assert len(timing.runs) == 1
    assert timing.median >= sum(seconds.values())


def test_run_fresh_reports_a_failing_script() -> None:
    with pytest.raises(RuntimeError, match=r"(?s)the demo failed in its subprocess:.*boom"):
        run_fresh("raise SystemExit('boom')", [], "the demo")


def test_run_fresh_sees_this_checkout() -> None:
    script = "import json, benchmarks; print(json.dumps({'path': benchmarks.__file__}))"
    assert run_fresh(script, [], "import")["path"].startswith(str(common.ROOT))
