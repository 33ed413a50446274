"""The calibration corpus: at least 30 puzzles, every engine of solve and counts planned."""

from __future__ import annotations

from benchmarks import calibration
from lightsout_graphs import planner


def test_the_corpus_covers_every_engine() -> None:
    assert len(calibration.CORPUS) >= 30
    named = {planner.plan(build(), question).engine for _, question, build in calibration.CORPUS}
    structured = {e.name for q in ("solve", "counts") for e in planner.engines(q)}
    structured -= {"general elimination", "solve"}  # named by the zk engine they run
    zk_engines = {"gf2-python", "gf2-packed", "gf3", "z4", "gfp", "flint", "flint-local"}
    assert structured | zk_engines | {"local", "crt"} <= named
