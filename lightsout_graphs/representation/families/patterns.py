"""Explicit press patterns (button -> {light: amount}) for asymmetric puzzles such as Merlin."""

from __future__ import annotations

import numbers
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

import networkx as nx
import numpy as np

from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.representation.families._common import build, circle_pos, family_doc, set_pos
from lightsout_graphs.representation.families._homes import HOMES
from lightsout_graphs.representation.families._stencil import lattice_positions
from lightsout_graphs.representation.puzzle import Puzzle

__all__ = list(HOMES[__name__])


def _checked_pos(pos: object, order: list[Hashable]) -> dict[Hashable, tuple[float, float]]:
    """``pos`` restricted to the nodes, each value checked to be a pair of numbers."""
    if not isinstance(pos, Mapping):
        msg = f"Argument 'pos' must be a dict node -> (x, y), not {type(pos).__name__}."
        raise InvalidPuzzleError(msg)
    out = {}
    for v in order:
        if v not in pos:
            continue
        xy = pos[v]
        if (
            isinstance(xy, str | bytes)
            or not isinstance(xy, Sequence | np.ndarray)
            or len(xy) != 2
            or not all(isinstance(c, numbers.Real) and not isinstance(c, bool) for c in xy)
        ):
            msg = f"Argument 'pos' gives node {v!r} the position {xy!r}; expected a pair (x, y)."
            raise InvalidPuzzleError(msg)
        out[v] = (float(xy[0]), float(xy[1]))
    return out


@family_doc
def press_pattern(
    mapping: Mapping[Hashable, Mapping[Hashable, int] | Iterable[Hashable]],
    modulus: int = 2,
    *,
    nodes: Iterable[Hashable] | None = None,
    pos: Mapping[Any, tuple[float, float]] | None = None,
    family: str = "press_pattern",
    params: Mapping[str, object] | None = None,
    lights: Iterable[Hashable] | None = None,
) -> Puzzle:
    """A puzzle given by what each button does: ``button -> {light: amount}``.

    The result is a weighted DiGraph under ``rule="weighted"``: an edge ``u -> v`` carries
    ``weight`` = the amount a press of ``u`` adds to light ``v``; the node attribute
    ``self_weight`` is the amount a press adds to its own light (0 when the pattern leaves it
    out). Buttons that are not keys of ``mapping`` cannot be pressed. With ``nodes`` given,
    every listed node carries a light unless ``lights`` says otherwise, and a node no button
    reaches is a light that never changes. Without ``nodes``, a button that only toggles other
    nodes is a button without a light. A pattern that changes nothing is a puzzle too: its
    toggle matrix is zero, so a board is solved (by no presses) exactly when it is the target.

    Parameters
    ----------
    mapping : mapping
        Button -> ``{light: amount}`` (ints, taken mod k), or button -> iterable of lights
        (each amount 1).
    %(modulus)s
    nodes : iterable of nodes, optional
        The node order; default: the buttons in order, then lights met only as targets.
    pos : mapping, optional
        Drawing positions node -> (x, y); default: a circle.
    family, params : optional
        The :class:`FamilyInfo` to record (default ``("press_pattern", {})``).
    lights : iterable of nodes, optional
        The nodes that carry a light (see :class:`Puzzle`); default: every node of ``nodes``
        when it is given, else every node that some button changes (a non-zero amount mod k),
        in node order, or every node when no button changes any.

    Returns
    -------
    Puzzle
        Rule ``"weighted"``, with the pattern's amounts as edge and node weights.

    Raises
    ------
    InvalidPuzzleError
        An empty mapping, an amount that is not an int, a light missing from ``nodes``, a
        ``lights`` set with unknown nodes, or a bad modulus.

    Examples
    --------
    >>> p = press_pattern({"a": {"a": 1, "b": 1}, "b": {"b": 2}}, modulus=3)
    >>> p.toggle_matrix().toarray()
    array([[1, 0],
           [1, 2]])
    >>> p.rule, p.pressable
    ('weighted', ('a', 'b'))
    >>> q = press_pattern({"b1": ["r1", "r2"], "b2": ["r2"]})  # two buttons, two rings
    >>> q.lights, lo.analyze(q).solvable_fraction
    (('r1', 'r2'), Fraction(1, 1))
    >>> still = press_pattern({"a": []}, nodes=["a", "b"])  # a button that does nothing
    >>> still.lights, lo.is_solvable(still, {"b": 1}, target={"b": 1}), lo.is_solvable(still, 0, 1)
    (('a', 'b'), True, False)
    """
    if not isinstance(mapping, Mapping) or not mapping:
        msg = f"Argument 'mapping' must be a non-empty mapping button -> lights, not {mapping!r}."
        raise InvalidPuzzleError(msg)
    effects: dict[Hashable, dict[Hashable, int]] = {}
    for button, targets in mapping.items():
        if isinstance(targets, Mapping):
            pairs = list(targets.items())
        elif isinstance(targets, str | bytes) or not isinstance(targets, Iterable):
            msg = (
                f"Argument 'mapping' must map button {button!r} to a dict light -> amount or "
                f"a list of lights, not {targets!r}."
            )
            raise InvalidPuzzleError(msg)
        else:
            pairs = [(light, 1) for light in targets]
        row: dict[Hashable, int] = {}
        for light, amount in pairs:
            if not isinstance(light, Hashable):
                msg = (
                    f"Argument 'mapping' gives button {button!r} the light {light!r}, which "
                    "cannot be a node (not hashable)."
                )
                raise InvalidPuzzleError(msg)
            if isinstance(amount, bool) or not isinstance(amount, numbers.Integral):
                msg = (
                    f"Argument 'mapping' gives button {button!r} the amount {amount!r} on "
                    f"light {light!r}; amounts must be ints."
                )
                raise InvalidPuzzleError(msg)
            row[light] = row.get(light, 0) + int(amount)
        effects[button] = row
    used = dict.fromkeys([*effects, *(v for row in effects.values() for v in row)])
    order = list(used if nodes is None else nodes)
    known = set(order)
    for node in (v for v in used if v not in known):
        msg = f"Argument 'mapping' uses {node!r}, which is not in 'nodes'."
        raise InvalidPuzzleError(msg)
    g = nx.DiGraph()
    for node in order:
        g.add_node(node, self_weight=0)
    for button, row in effects.items():
        for light, amount in row.items():
            if light == button:
                g.nodes[button]["self_weight"] = amount
            else:
                g.add_edge(button, light, weight=amount)
    if lights is None and nodes is None:
        lights = _reached(effects, order, modulus)
    if pos is None:
        set_pos(g, dict(zip(order, circle_pos(len(order)), strict=True)))
    else:
        set_pos(g, _checked_pos(pos, order))
    return build(
        g,
        family,
        dict(params or {}),
        modulus=modulus,
        rule="weighted",
        pressable=list(effects),
        lights=lights,
    )


def _reached(
    effects: Mapping[Hashable, Mapping[Hashable, int]], order: list[Hashable], modulus: object
) -> list[Hashable]:
    """The nodes that some button changes (a non-zero amount mod k), in node order; every
    node when no button changes any."""
    k = modulus if isinstance(modulus, int) and not isinstance(modulus, bool) and modulus > 1 else 0
    hit = {v for row in effects.values() for v, a in row.items() if (a % k if k else a)}
    if not hit:  # nothing changes: every node is a light that never changes
        return order
    return [v for v in order if v in hit]


def merlin_pattern() -> dict[tuple[int, int], list[tuple[int, int]]]:
    """The press pattern of Merlin's Magic Square on the 3×3 board (cells ``(row, column)``).

    A corner press toggles its 2×2 corner block, an edge press its outer row or column of 3,
    and the centre press the plus shape.

    Returns
    -------
    dict
        Button -> the lights it toggles.

    Examples
    --------
    >>> merlin_pattern()[(0, 1)]
    [(0, 0), (0, 1), (0, 2)]
    """
    out: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for r in range(3):
        for c in range(3):
            if r != 1 and c != 1:  # corner: the 2×2 block holding it and the centre
                rows = (r, 1)
                cols = (c, 1)
                out[(r, c)] = sorted((a, b) for a in rows for b in cols)
            elif r == 1 and c == 1:
                out[(r, c)] = [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]
            elif r != 1:  # top or bottom edge: its row
                out[(r, c)] = [(r, 0), (r, 1), (r, 2)]
            else:  # left or right edge: its column
                out[(r, c)] = [(0, c), (1, c), (2, c)]
    return out


@family_doc
def merlin(modulus: int = 2) -> Puzzle:
    """Merlin's Magic Square (Parker Brothers, 1978): the asymmetric 3×3 press pattern.

    Parameters
    ----------
    %(modulus)s

    Returns
    -------
    Puzzle
        Nodes ``(row, column)`` with a grid ``pos``; ``family`` is ``FamilyInfo("merlin", {})``.

    See Also
    --------
    merlin_pattern, press_pattern

    Examples
    --------
    >>> p = merlin()
    >>> sorted(v for v, x in p.press(0, (0, 0)).items() if x)
    [(0, 0), (0, 1), (1, 0), (1, 1)]
    >>> sorted(v for v, x in p.press(0, (1, 2)).items() if x)
    [(0, 2), (1, 2), (2, 2)]
    """
    nodes = [(r, c) for r in range(3) for c in range(3)]
    pos = dict(zip(nodes, lattice_positions((3, 3)), strict=True))
    pattern: dict[Hashable, list[Hashable]] = {b: list(ls) for b, ls in merlin_pattern().items()}
    return press_pattern(pattern, modulus, nodes=nodes, pos=pos, family="merlin")
