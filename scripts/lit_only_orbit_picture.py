"""Draw the orbit of one light under lit-only presses (open rule) for the guide's "Lit-only" page.

Writes ``docs/_static/lit-only-orbit.png``: the 16 boards that lit-only presses reach from one
light on the 5-cycle under the open rule, each with the fewest presses it takes (searched).
Run from the repository root::

    python scripts/lit_only_orbit_picture.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import networkx as nx

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import lightsout_graphs as lo
from lightsout_graphs.interfaces.draw import draw_puzzle

OUT = ROOT / "docs" / "_static" / "lit-only-orbit.png"


def main() -> int:
    """Draw the picture and save it."""
    g = nx.cycle_graph(5)
    nx.set_node_attributes(g, nx.circular_layout(g), "pos")
    p = lo.Puzzle(g, rule="open")
    start = [1, 0, 0, 0, 0]
    orbit = lo.lit_only_orbit(p, start)
    # Under the open rule lit-only presses can be undone, so the boards that reach the start
    # are the boards the start reaches: its orbit, with the fewest presses to each.
    states = lo.lit_only_solvable_states(p, start)
    boards = sorted(states.vectors().tolist(), key=lambda b: (states.distance(b), b))
    assert len(boards) == orbit.size == orbit.bound
    fig, axes = plt.subplots(2, 8, figsize=(16, 4.6))
    for ax, board in zip(axes.flat, boards, strict=True):
        d = states.distance(board)
        draw_puzzle(p, board, ax=ax, title=f"{d} press{'es' if d != 1 else ''}", legend=False)
        ax.set_xlim(-1.4, 1.4)
        ax.set_ylim(-1.4, 1.4)
        ax.set_aspect("equal")
    fig.suptitle(
        f"One light on the 5-cycle, open rule: its lit-only orbit has {orbit.size} boards "
        f"(the invariants allow {orbit.bound})"
    )
    fig.tight_layout()
    fig.savefig(OUT, dpi=80)
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
