"""Family sweeps: grids of every size, each column to its fastest engine, against the per-board path.

The rows are described in :mod:`benchmarks.sweep_bench`, which runs them.
"""

from __future__ import annotations

import os
import statistics
from typing import Any

from benchmarks.sweep_parts import sweep_row, timed_sweep

__all__ = ["family_rows"]


def _per_board(spec: dict[str, Any]) -> float:
    """Seconds of a sweep with every column forced onto the general (per-board) engine."""
    from lightsout_graphs.interfaces.sweep import engines

    real = engines.column_engines

    def general(s: Any) -> dict[str, dict[str, str]]:
        return {m: dict.fromkeys(c, "general") for m, c in real(s).items()}

    engines.column_engines = general  # type: ignore[assignment]
    try:
        seconds, _ = timed_sweep({**spec, "chunk_size": 50}, workers=os.cpu_count() or 1)
        return seconds
    finally:
        engines.column_engines = real


def family_rows(quick: bool) -> list[dict[str, Any]]:
    """The grid family sweeps: the README's example and grids 1..500², against the per-board path.

    Parameters
    ----------
    quick : bool
        Small sizes only (the per-board path on a strip, grids up to 120²).

    Returns
    -------
    list of dict
        Rows in the format of :func:`benchmarks.sweep_parts.sweep_row`.
    """
    import numpy as np

    from lightsout_graphs.representation.grids import nullity_table

    readme = {
        "family": "grid",
        "params": {"m": "1..40", "n": "1..40"},
        "moduli": [2, 3],
        "rules": ["closed", "open"],
        "metrics": ["nullity", "kernel_size", "all_solvable", "all_on_solvable"],
    }
    times = []
    for _ in range(3):
        seconds, table = timed_sweep(readme)
        times.append(seconds)
    for (k, rule), part in table.groupby(["modulus", "rule"]):
        got = np.zeros((40, 40), dtype=np.int64)
        got[part.m - 1, part.n - 1] = part.nullity
        assert (got == nullity_table(40, modulus=int(k), rule=str(rule))).all()
    if quick:  # the per-board path on the 1..40 × 1..5 strip, scaled by the number of boards
        strip = {**readme, "params": {"m": "1..40", "n": "1..5"}}
        board_s = [_per_board(strip) * 8]
        how = "per-board path timed on the 1..40 × 1..5 strip and scaled ×8 (an underestimate)"
    else:
        board_s = [_per_board(readme)]
        how = "per-board path on the whole sweep"
    ours = statistics.median(times)
    rows = [
        sweep_row(
            "sweep-readme-grids",
            "README example: grids 1..40², moduli 2 and 3, both rules, 4 metrics (6,400 rows)",
            times,
            "per-board path",
            board_s,
            "< 3 s",
            ours < 3.0,
            [how, "every core; the chunk sizes are the defaults"],
            ["nullities equal nullity_table(40) for every modulus and rule"],
        )
    ]
    side = 120 if quick else 500
    big = {
        "family": "grid",
        "params": {"m": f"1..{side}", "n": f"1..{side}"},
        "moduli": [2, 3],
        "rules": ["closed", "open"],
        "metrics": ["nullity", "all_solvable"],
    }
    big_s, table = timed_sweep(big)
    assert len(table) == side * side * 4
    import lightsout_graphs as lo

    small = table[(table.m <= 12) & (table.n <= 12)].sample(12, random_state=5)
    for r in small.itertuples():
        board = lo.grid(int(r.m), int(r.n), modulus=int(r.modulus), rule=r.rule)
        rank = lo.zk.factorize(board.toggle_matrix(), int(r.modulus)).rank
        assert rank is not None and r.nullity == board.n - rank
    per_board_rate = (1600 * 4) / max(board_s[0], 1e-9)  # boards/s of the per-board path above
    rows.append(
        sweep_row(
            f"sweep-grids-{side}",
            f"grids 1..{side}² over moduli 2 and 3, both rules, nullity and all_solvable "
            f"({side * side * 4:,} rows)",
            [big_s],
            "per-board path (rate of the 40² sweep, scaled)",
            [side * side * 4 / per_board_rate],
            "< 60 s" + (" (judged at 500)" if quick else ""),
            None if quick else big_s < 60.0,
            [
                (
                    "one nullity table per modulus and rule (GF(3) from the ψ_e factorisation "
                    "of the path polynomials, products.nullity_table)"
                ),
                (
                    "per-board baseline extrapolated from the 40² sweep's per-board rate "
                    "(an underestimate: larger boards cost more)"
                ),
            ],
            [f"{len(small)} sampled small boards equal elimination"],
        )
    )
    return [*rows, _own_family_row()]


def ring(n: int) -> Any:
    """A family of your own for ``sweep-own-family``: the cycle on n nodes."""
    import networkx as nx

    return nx.cycle_graph(n)


def _own_family_row() -> dict[str, Any]:
    """A small sweep of a family of your own, run again: the installed versions read once."""
    from lightsout_graphs.interfaces.sweep import plugins

    spec = {"family": ring, "params": {"n": "3..12"}, "metrics": ["nullity"]}
    _, first = timed_sweep(spec, workers=1)  # imports and the first reading, untimed
    ours, base = [], []
    for _ in range(5):
        seconds, table = timed_sweep(spec, workers=1)
        ours.append(seconds)
        plugins._DISTRIBUTIONS.clear()  # what every run cost before: read them again
        seconds, again = timed_sweep(spec, workers=1)
        base.append(seconds)
    assert table.equals(first) and again.equals(first)
    return sweep_row(
        "sweep-own-family",
        "a sweep of a family of your own (cycles on 3..12 nodes, nullity), run again",
        ours,
        "the installed distributions read again at each run",
        base,
        "≥ 3× faster",
        statistics.median(base) >= 3 * statistics.median(ours),
        ["the manifest records the family's module and version either way"],
        ["the same table every run"],
    )
