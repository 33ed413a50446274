"""Puzzles, nodes and certificates in words: the names every picture, page and command shows.

One home for each: :func:`node_label` (a node in board text and on a play page),
:func:`node_json` (a node as a JSON value), :func:`puzzle_label` (a short title; :func:`family_label` for the family alone),
:func:`puzzle_summary` (one line about the puzzle) and :func:`describe_certificate` (why a
board cannot be solved).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from lightsout_graphs.representation.puzzle import Puzzle


#: How many nodes of a certificate are named before "and N more".
_SHOWN = 12


def counted(x: int, one: str, many: str | None = None, *, modulus: int = 10) -> str:
    """A count and its noun (``many``, default ``one + "s"``, unless the count is 1).

    Large counts are written as :func:`lightsout_graphs.core._counts.count_text` writes them
    (digit groups, or powers of ``modulus`` past 40 digits), so any count prints."""
    from lightsout_graphs.core._counts import count_text

    noun = one if x == 1 else (many if many is not None else one + "s")
    return f"{count_text(int(x), modulus)} {noun}"


def node_label(node: Hashable) -> str:
    """The name of a node in board text and on a play page: ``str`` of it, tuples without spaces.

    Parameters
    ----------
    node : hashable
        A node of a puzzle.

    Returns
    -------
    str

    Examples
    --------
    >>> node_label((0, 1, 1)), node_label(7), node_label("a"), node_label((np.int64(2),))
    ('(0,1,1)', '7', 'a', '(2,)')
    """
    if isinstance(node, tuple):
        inner = ",".join(node_label(x) for x in node)
        return f"({inner},)" if len(node) == 1 else f"({inner})"
    if isinstance(node, np.generic):
        return str(node.item())
    return str(node)


def node_json(node: Hashable) -> Any:
    """A node as a value :func:`json.dumps` writes: tuples become (nested) arrays, numbers
    and strings stay, and what JSON cannot hold (frozensets, objects, infinite floats) becomes
    its ``str``."""
    if isinstance(node, bool | np.bool_):
        return bool(node)
    if isinstance(node, int | np.integer):
        return int(node)
    if isinstance(node, float | np.floating):
        value = float(node)
        return value if math.isfinite(value) else str(node)
    if isinstance(node, str) or node is None:
        return node
    if isinstance(node, tuple):
        return [node_json(part) for part in node]
    return str(node)


def family_label(puzzle: Puzzle) -> str | None:
    """The family and its parameters, e.g. ``grid 5×7`` or ``hypercube d=3``; None without one."""
    family = puzzle.family
    if family is None:
        return None
    params = dict(family.params)
    shape = params.pop("shape", None)
    parts = [family.name]
    if shape is not None:
        parts.append("×".join(str(s) for s in shape))
    parts.extend(f"{key}={value}" for key, value in params.items())
    return " ".join(parts)


def puzzle_label(puzzle: Puzzle) -> str:
    """A short title for pictures, pages and JSON: the title or name, else the family and size.

    The one title every drawing, play page and command uses for a puzzle.

    Examples
    --------
    >>> puzzle_label(lo.grid(5, 7))
    'grid 5×7'
    >>> puzzle_label(lo.Puzzle(nx.path_graph(4)))
    'graph with 4 lights'
    """
    if puzzle.title:
        return str(puzzle.title)
    if puzzle.name:
        return str(puzzle.name)
    return family_label(puzzle) or f"graph with {puzzle.n} lights"


def is_directed(puzzle: Puzzle) -> bool:
    """Whether the puzzle's graph is directed, without building a big graph to find out.

    A lattice is directed when some offset lacks its mirror, a product of factors never is;
    any other puzzle whose graph is not built yet is read from its toggle matrix (a lattice of
    a million lights takes a minute to build as a graph)."""
    from lightsout_graphs.core.structure import Lattice, Product

    structure = puzzle.structure
    if isinstance(structure, Lattice):
        offsets = set(structure.offsets)
        return any(tuple(-x for x in o) not in offsets for o in offsets)
    if isinstance(structure, Product):
        return False
    if puzzle._graph is not None or puzzle._graph_factory is None:
        return bool(puzzle.graph.is_directed())
    t = puzzle.toggle_matrix()
    return bool((t != t.T).nnz)


def puzzle_summary(puzzle: Puzzle) -> str:
    """One line for the top of a report: name, lights, edges, rule and modulus."""
    label = puzzle_label(puzzle)
    if puzzle.name and puzzle.title and puzzle.name != puzzle.title:
        label = f"{puzzle.name} ({puzzle.title})"
    noun = "arc" if is_directed(puzzle) else "edge"
    pressable = "" if puzzle.all_pressable else f", {len(puzzle.pressable)} pressable"
    if not puzzle.all_lights:  # buttons without lights
        pressable += f", {len(puzzle.nodes) - puzzle.n} buttons without lights"
    return (
        f"{label}: {counted(puzzle.n, 'light')}, "
        f"{counted(puzzle.number_of_edges(), noun)}{pressable}, "
        f"{puzzle.rule} rule, modulus {puzzle.modulus}"
    )


def _term(coefficient: int, label: str) -> str:
    """One term of a weighted sum: ``2·(0,3)``, and ``2·[3]`` for a number-like label, so
    that it does not read as the product 2·3."""
    if coefficient == 1:
        return label
    if label[:1].isdigit() or label[:1] in "-+." or not label:
        label = f"[{label}]"
    return f"{coefficient}·{label}"


def _listed(names: Sequence[str], more: str) -> str:
    """The first few names joined by ``", "``, then how many were left out."""
    shown = ", ".join(names[:_SHOWN])
    return shown + (more.format(len(names) - _SHOWN) if len(names) > _SHOWN else "")


def describe_certificate(
    puzzle: Puzzle,
    certificate: Mapping[Hashable, int],
    value: int | None = None,
    *,
    state: Sequence[int] | np.ndarray | None = None,
    target: Sequence[int] | np.ndarray | None = None,
) -> str:
    """Say in words which check a board breaks, from an ``Unsolvable`` certificate.

    ``certificate`` maps node -> coefficient y (``yᵀT ≡ 0``). With the board (``state`` and
    ``target``, one value per light) the words say what the sum is and must be; without it,
    that no press changes the sum and by how much (``value``) the board must change it."""
    k = puzzle.modulus
    terms = [(node, int(c) % k) for node, c in certificate.items() if int(c) % k]
    weighted = [_term(c, node_label(v)) for v, c in terms]
    if state is None or target is None:
        kind = "sum" if all(c == 1 for _, c in terms) else "weighted sum"
        return (
            f"no press changes the {kind} of the lights at {_listed(weighted, ' and {} more')} "
            f"(mod {k}), and the board must change it by {value}"
        )
    s = sum(c * int(state[puzzle.light_index[v]]) for v, c in terms) % k
    t = sum(c * int(target[puzzle.light_index[v]]) for v, c in terms) % k
    shown = _listed([node_label(v) for v, _ in terms], " and {} more")
    if k == 2:
        parity = ("even", "odd")
        return (
            f"the lights at {shown} must have an {parity[t]} sum to reach the target, but on "
            f"this board it is {parity[s]}; no press changes the parity of that sum"
        )
    if all(c == 1 for _, c in terms):
        what = f"the sum of the lights at {shown}"
    else:
        sum_text = " + ".join(weighted[:_SHOWN])
        more = f" + ... ({len(weighted) - _SHOWN} more)" if len(weighted) > _SHOWN else ""
        what = f"the weighted sum {sum_text}{more} of the lights"
    return (
        f"{what} must be {t} mod {k} to reach the target, but on this board it is {s}; "
        f"no press changes that sum mod {k}"
    )
