"""Draw the token game of a line graph for the guide's "Lit-only" page.

Writes ``docs/_static/lit-only-tokens.png``. Top row: the path of 6 nodes under the open rule
is the line graph of a path of 7 vertices; its lights are the edges of that path, tokens sit
on the vertices, and a lit edge is one whose ends differ. Each lit-only press slides a token.
Bottom row: the 5-cycle is its own root, and a board whose lights cannot all be explained by
tokens (an odd number of lit edges around the cycle) has a negative edge, where presses create
or remove two tokens at once. The presses are the ones the library builds and replays. Run from
the repository root::

    python scripts/lit_only_tokens_picture.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import networkx as nx
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import lightsout_graphs as lo
from lightsout_graphs.algorithms.variants import _lit_only_theory as theory

OUT = ROOT / "docs" / "_static" / "lit-only-tokens.png"


def frames(graph: nx.Graph, start: list[int], goal: list[int]) -> list[tuple[int | None, int]]:
    """The boards (as bitsets) along the library's lit-only sequence, with the node pressed."""
    p = lo.Puzzle(graph, rule="open")
    r = lo.lit_only_reachable(p, start, goal)
    assert r.reachable and r.method == "theory" and r.verify()
    masks = theory.neighbour_masks(p.toggle_matrix())
    x = theory.bits_of(np.array(start))
    out: list[tuple[int | None, int]] = [(None, x)]
    for v in r.sequence:
        x ^= masks[v]
        out.append((v, x))
    return out


def draw(ax: plt.Axes, pos: dict[int, tuple[float, float]], ends: list, x: int, game) -> None:
    """One board: the root's edges (lit in yellow) and its vertices (tokens in black)."""
    sigma, labels = game.labels(x)
    if 2 * sum(labels) > len(labels):  # the complement is the same board: show fewer tokens
        labels = [1 - t for t in labels]
    for e, (i, j) in enumerate(ends):
        lit = x >> e & 1
        style = "--" if sigma >> e & 1 else "-"
        ax.plot(
            [pos[i][0], pos[j][0]],
            [pos[i][1], pos[j][1]],
            style,
            color="#f2c12e" if lit else "#b0b0b0",
            linewidth=7 if lit else 3,
            zorder=1,
        )
    for v, (px, py) in pos.items():
        ax.scatter(
            [px], [py], s=170, zorder=2, color="black" if labels[v] else "white", edgecolors="black"
        )
    ax.set_xlim(-1.3, 1.3)
    ax.set_ylim(-1.3, 1.3)
    ax.set_axis_off()
    ax.set_aspect("equal")


def main() -> int:
    """Draw the picture and save it."""
    path = nx.path_graph(6)
    cycle = nx.cycle_graph(5)
    rows = [
        (path, [1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1]),
        (cycle, [1, 0, 0, 0, 0], [1, 1, 1, 0, 0]),
    ]
    runs = [frames(g, a, b) for g, a, b in rows]
    width = max(len(run) for run in runs)
    fig, axes = plt.subplots(2, width, figsize=(2.1 * width, 4.6))
    for row, ((g, _, _), run) in enumerate(zip(rows, runs, strict=True)):
        masks = theory.neighbour_masks(lo.Puzzle(g, rule="open").toggle_matrix())
        root = theory.find_line_root(masks)
        assert root is not None
        game = theory.TokenGame(masks, root)
        # the cycle's root on a circle, the path's on an open arc
        turn = 2 * np.pi / root.order if root.order == len(g) else 1.5 * np.pi / (root.order - 1)
        pos = {
            v: (np.cos(v * turn - np.pi / 4), np.sin(v * turn - np.pi / 4))
            for v in range(root.order)
        }
        for col in range(width):
            ax = axes[row, col]
            if col >= len(run):
                ax.set_axis_off()
                continue
            pressed, x = run[col]
            draw(ax, pos, root.ends, x, game)
            ax.set_title("start" if pressed is None else f"press node {pressed}", fontsize=10)
    fig.suptitle(
        "Lit-only on line graphs: lights are edges of the root (yellow: lit), tokens its "
        "vertices (black).\nTop: the path of 6 nodes, a token slides. Bottom: the 5-cycle, "
        "an odd cycle (dashed: the negative edge) creates and removes tokens in pairs."
    )
    fig.tight_layout()
    fig.savefig(OUT, dpi=80)
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
