"""Shared argument checks and the final step of every family: graph -> Puzzle with metadata."""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any, Protocol, TypeVar

import networkx as nx
import numpy as np
import scipy.sparse as sp

from lightsout_graphs.core import zk
from lightsout_graphs.core._docs import fill_doc
from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.core.structure import Factor, Product
from lightsout_graphs.representation.puzzle import FamilyInfo, Puzzle, check_rule

#: The most nodes a family builds as a networkx graph (about 2 GB of graph at this size).
#: Boards on a box (grids, tori, chess boards) are puzzles up to :data:`MAX_CELLS` cells: their
#: toggle matrix and graph are built only when used.
MAX_NODES = 2**22

#: The most edges a family builds as a networkx graph (a few hundred bytes each).
MAX_EDGES = 2**23

#: The most cells of a board on a box (a vector of states is 8 bytes a cell).
MAX_CELLS = 2**31

#: The most toggle-matrix entries built for the general engine (about 16 bytes each).
MAX_ENTRIES = 2**28


_MODULUS = """modulus : int, default 2
    k, the number of light states."""
_RULE = """rule : {"closed", "open", "weighted"}, default "closed"
    The toggle rule: ``closed``, a press changes its own light too; ``open``, only the
    lights it reaches. ``weighted`` acts as ``closed`` here: the graph has no weights."""
_PRESSABLE = """pressable : iterable of nodes, optional
    Restrict the presses to these nodes."""

#: The docs the families share, by the name of their slot in a docstring (see :func:`family_doc`).
PARAMETER_DOCS: dict[str, str] = {
    "modulus": _MODULUS,
    "rule": _RULE,
    "pressable": _PRESSABLE,
    "puzzle": f"{_MODULUS}\n{_RULE}\n{_PRESSABLE}",
    "board": """m : int
    Rows, >= 1.
n : int, optional
    Columns, >= 1; default ``m`` (a square board).""",
    "board_puzzle": """Puzzle
    Nodes ``(row, column)`` in row-major order; ``family`` is
    ``FamilyInfo("%(name)s", {"m": m, "n": n})``.""",
    "raises": """InvalidPuzzleError
    A bad size, modulus or rule.""",
    "shape_puzzle": """Puzzle
    Nodes are coordinate tuples in row-major order; ``family`` is
    ``FamilyInfo("%(name)s", {"shape": sides})``.""",
    "seed_puzzle": f"""seed : int, optional
    Random seed (None: fresh randomness).
{_MODULUS}\n{_RULE}\n{_PRESSABLE}""",
}

_F = TypeVar("_F", bound=Callable[..., Any])


def family_doc(func: _F) -> _F:
    """Fill :data:`PARAMETER_DOCS` into the slots of ``func``'s docstring (``core._docs.fill_doc``).

    A line that is only ``%(key)s`` stands for ``PARAMETER_DOCS[key]`` at that line's indent;
    ``%(name)s`` anywhere is the function's name.
    """
    return fill_doc(func, PARAMETER_DOCS)


def factor(kind: str, n: int) -> Factor:
    """The factor of a product family, in the form factor recognition gives it.

    K_1, K_2, C_1 and C_2 are paths (C_2 is one edge, as the torus and cylinder build it), so
    that two doors to one puzzle give equal structures.
    """
    if kind in ("complete", "cycle") and n <= 2:
        return Factor("path", n)
    assert kind in ("path", "cycle", "complete")
    return Factor(kind, n)  # type: ignore[arg-type]


def product_of(kinds: Iterable[tuple[str, int]], rule: str) -> Product:
    """The :class:`~lightsout_graphs.core.structure.Product` of factors ``(kind, n)``, normalised;
    the weighted rule is recorded as ``"closed"`` (these graphs carry no weights)."""
    return Product(
        tuple(factor(kind, n) for kind, n in kinds), "closed" if rule == "weighted" else rule
    )


def _refuse(count: int, most: int, what: str, unit: str, rest: str) -> None:
    if count > most:
        msg = f"{what} would have {count} {unit}, more than the {most} {rest}"
        raise InvalidPuzzleError(msg)


def check_nodes(count: int, what: str) -> None:
    """Refuse to build a graph of more than :data:`MAX_NODES` nodes, naming the parameters."""
    rest = (
        "a networkx graph can hold here; grid, torus and chess-board puzzles (lo.grid, lo.torus, "
        "lo.king ...) are built without their graph up to 2**31 cells, and grids are solved by "
        "light chasing (CLI: lightsout solve grid --shape MxN)."
    )
    _refuse(count, MAX_NODES, what, "nodes", rest)


def check_edges(count: int, what: str) -> None:
    """Refuse to build the networkx graph of a lazy puzzle of more than :data:`MAX_EDGES` edges."""
    advice = (
        "the puzzle itself works without its graph (lo.solve, lo.analyze, apply and verify do "
        "not build it), so read puzzle.graph only on smaller boards."
    )
    check_size(0, count, what, advice=advice)


def check_cells(sides: tuple[int, ...], what: str) -> None:
    """Refuse a board on a box of more than :data:`MAX_CELLS` cells, naming the sides."""
    rest = "cells a board holds here (8 bytes a light for each state); choose smaller sides."
    _refuse(math.prod(sides), MAX_CELLS, what, "nodes", rest)


def check_entries(count: int, what: str) -> None:
    """Refuse to build a toggle matrix of more than :data:`MAX_ENTRIES` non-zero entries."""
    rest = (
        "(about 4 GB) built here for the general engine; solve a smaller board, or a grid "
        "(solved by light chasing, without the matrix)."
    )
    _refuse(count, MAX_ENTRIES, what, "entries", rest)


def check_size(
    nodes: int,
    edges: int,
    what: str,
    most: int = MAX_EDGES,
    advice: str = "choose a smaller or sparser graph.",
) -> None:
    """Refuse a graph too large to build, by its node and (estimated) edge counts, before building."""
    check_nodes(nodes, what)
    _refuse(edges, most, what, "edges", f"a networkx graph can hold here; {advice}")


def check_modulus(modulus: object) -> int:
    """The modulus as an int, checked as :class:`~lightsout_graphs.Puzzle` checks it."""
    return zk.check_modulus(modulus, error=InvalidPuzzleError)


def check_args(modulus: object, rule: object) -> tuple[int, str]:
    """The modulus and rule every family takes, checked before anything is built."""
    return check_modulus(modulus), check_rule(rule)


def check_prob(value: object, name: str) -> float:
    """``value`` as a float in [0, 1], or :class:`InvalidPuzzleError` naming it."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not 0 <= float(value) <= 1:
        msg = f"Argument {name!r} must be a number in [0, 1], not {value!r}."
        raise InvalidPuzzleError(msg)
    return float(value)


def check_seed(value: object) -> int | None:
    """A seed (an int, or None for fresh randomness), or an error naming ``seed``."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        msg = f"Argument 'seed' must be an int or None, not {value!r}."
        raise InvalidPuzzleError(msg)
    return int(value)


def circle_pos(
    count: int, radius: float = 1.0, start: float = math.pi / 2
) -> list[tuple[float, float]]:
    """``count`` points evenly on a circle, counter-clockwise from angle ``start``."""
    angles = [start + 2 * math.pi * i / count for i in range(count)]
    return [(radius * math.cos(a), radius * math.sin(a)) for a in angles]


def set_pos(graph: nx.Graph, pos: Mapping[Any, tuple[float, float]]) -> nx.Graph:
    """Store ``pos`` (node -> (x, y)) as float pairs in the nodes' ``pos`` attribute."""
    for node, (x, y) in pos.items():
        graph.nodes[node]["pos"] = (float(x), float(y))
    return graph


def ordered_graph(n: int, edges: Iterable[tuple[int, int]]) -> nx.Graph:
    """The graph on nodes ``0..n-1`` with ``edges``, each as ``(u, v)`` with u < v, sorted."""
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from(sorted((min(e), max(e)) for e in edges))
    return g


def build(
    graph: nx.Graph,
    family: str,
    params: dict[str, Any],
    *,
    modulus: int,
    rule: str,
    pressable: Iterable[Hashable] | None,
    **puzzle_kw: Any,
) -> Puzzle:
    """Make the Puzzle of a family's graph and record ``FamilyInfo(family, params)``."""
    puzzle = Puzzle(graph, modulus=modulus, rule=rule, pressable=pressable, copy=False, **puzzle_kw)
    return puzzle.with_metadata(family=FamilyInfo(family, params))


def lazy_puzzle(family: str, params: dict[str, Any], **builders: Any) -> Puzzle:
    """:meth:`Puzzle.from_builders` of ``builders``, recording ``FamilyInfo(family, params)``."""
    return Puzzle.from_builders(**builders).with_metadata(family=FamilyInfo(family, params))


def edge_puzzle(
    family: str,
    params: dict[str, Any],
    pairs: Callable[[], tuple[np.ndarray, np.ndarray]],
    *,
    modulus: int,
    rule: str,
    **builders: Any,
) -> Puzzle:
    """The lazily built puzzle of a simple graph whose edges ``pairs()`` gives as index pairs;
    ``builders`` are the other arguments of :meth:`Puzzle.from_builders` but the matrix."""
    k, rule = check_args(modulus, rule)

    def matrix() -> sp.csr_array:
        u, v = pairs()
        n = len(builders["nodes"])
        diagonal = np.arange(n)
        values = np.ones(2 * u.size + n, dtype=np.int64)
        values[2 * u.size :] = rule != "open"
        out = sp.csr_array(
            (values, (np.concatenate([u, v, diagonal]), np.concatenate([v, u, diagonal]))),
            shape=(n, n),
        )
        out.data %= k
        out.eliminate_zeros()
        return out

    return lazy_puzzle(family, params, matrix=matrix, modulus=k, rule=rule, **builders)


class Fixed(Protocol):
    """The signature of a family without a size (the solids, the Petersen graph ...)."""

    def __call__(
        self, *, modulus: int = 2, rule: str = "closed", pressable: Iterable[Hashable] | None = None
    ) -> Puzzle: ...


def named_family(
    func: _F,
    name: str,
    module: str,
    summary: str,
    parameters: str,
    returns: str,
    examples: str,
    raises: str = "",
) -> _F:
    """Name ``func``, a family made by a factory, after its home ``module`` (so that pickling,
    doctests and the API pages find it) and give it its numpydoc docstring from its parts,
    each written at the docstring's indent (filled by :func:`family_doc`)."""
    func.__name__ = func.__qualname__ = name
    func.__module__ = module
    raises = f"\n    Raises\n    ------\n    {raises}\n" if raises else ""
    func.__doc__ = f"""{summary}

    Parameters
    ----------
    {parameters}

    Returns
    -------
    {returns}
{raises}
    Examples
    --------
{examples}
    """
    return family_doc(func)


def fixed_family(
    name: str, module: str, graph: Callable[[], nx.Graph], summary: str, nodes: str, examples: str
) -> Fixed:
    """The family ``name`` of the one graph ``graph()``; ``nodes`` says what its nodes are."""

    def family(
        *, modulus: int = 2, rule: str = "closed", pressable: Iterable[Hashable] | None = None
    ) -> Puzzle:
        return build(graph(), name, {}, modulus=modulus, rule=rule, pressable=pressable)

    returns = f'Puzzle\n        {nodes}; ``family`` is ``FamilyInfo("%(name)s", {{}})``.'
    return named_family(family, name, module, summary, "%(puzzle)s", returns, examples)
