"""Graph families as puzzles: grids, tori, hypercubes, chess boards, polyhedra and more."""

from lightsout_graphs.families.lattices import grid, grid_graph

__all__ = ["grid", "grid_graph"]
