"""The family registry: names -> functions, and ``make(name, **params)`` with natural keywords."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any

from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.representation.families import (
    chess,
    graph6,
    lattices,
    patterns,
    polyhedra,
    polytopes,
    products,
    small,
)
from lightsout_graphs.representation.families._homes import HOMES
from lightsout_graphs.representation.puzzle import Puzzle

__all__ = list(HOMES[__name__])

#: Every family by name. ``alien_tiles`` is the rook's board and ``graph6`` is ``from_graph6``;
#: named graphs other than the ones listed here go through ``make("named", name=...)``.
FAMILIES: dict[str, Callable[..., Puzzle]] = {
    name: getattr(module, name)
    for module, names in [
        (lattices, "grid torus hypercube hexagonal triangular"),
        (chess, "king knight x_pattern rook alien_tiles bishop queen"),
        (polyhedra, "cube_surface tetrahedron cube octahedron dodecahedron icosahedron"),
        (small, "petersen heawood named path cycle complete tree random_graph random_regular"),
        (graph6, "from_graph6"),
        (patterns, "press_pattern merlin"),
        (polytopes, "ring_puzzle"),
        (products, "cylinder prism hamming"),
    ]
    for name in names.split()
}
FAMILIES["graph6"] = graph6.from_graph6

# Families whose side lengths come as *shape: accept shape=(...), or m and n, or n alone.
_SHAPED = {"grid", "torus"}
_BOARD = {"king", "knight", "x_pattern", "rook", "alien_tiles", "bishop", "queen", "cylinder"}


def family_params(name: str) -> tuple[str, ...]:
    """The keyword names :func:`make` accepts for a family.

    Parameters
    ----------
    name : str
        A key of :data:`FAMILIES`.

    Returns
    -------
    tuple of str

    Raises
    ------
    InvalidPuzzleError
        An unknown family.

    Examples
    --------
    >>> family_params("grid")
    ('shape', 'm', 'n', 'modulus', 'rule', 'pressable')
    >>> family_params("hypercube")
    ('d', 'modulus', 'rule', 'pressable')
    """
    names = tuple(inspect.signature(_family(name)).parameters)
    if name in _SHAPED:  # *shape, then the keywords
        return ("shape", "m", "n", *names[1:])
    return ("shape", *names) if name in _BOARD else names


def _family(name: object) -> Callable[..., Puzzle]:
    if not isinstance(name, str) or name not in FAMILIES:
        msg = f"Unknown family {name!r}; known families: {', '.join(sorted(FAMILIES))}."
        raise InvalidPuzzleError(msg)
    return FAMILIES[name]


def _shape(name: str, params: dict[str, Any]) -> tuple[Any, ...]:
    shape = params.pop("shape", None)
    m = params.pop("m", None)
    n = params.pop("n", None)
    if shape is not None:
        if m is not None or n is not None:
            msg = f"Family {name!r}: give 'shape' or 'm' and 'n', not both."
            raise InvalidPuzzleError(msg)
        if isinstance(shape, int) and not isinstance(shape, bool):
            return (shape,)
        if not isinstance(shape, list | tuple):
            msg = f"Family {name!r}: parameter 'shape' must be a list of ints, not {shape!r}."
            raise InvalidPuzzleError(msg)
        return tuple(shape)
    if m is None and n is None:
        msg = f"Family {name!r} needs 'shape' (a list of side lengths) or 'm' and 'n'."
        raise InvalidPuzzleError(msg)
    return (n if m is None else m, m if n is None else n)


def make(name: str, /, **params: Any) -> Puzzle:
    """Build a family's puzzle from keyword parameters, as the CLI, catalog and sweeps do.

    Grids and tori take ``shape=(...)`` (any dimension) or ``m`` and ``n`` (``n`` alone: a
    square); the chess boards take ``m`` and ``n`` or a 2-entry ``shape``. Every other family
    takes its function's own keywords. ``modulus``, ``rule`` and ``pressable`` work everywhere
    they make sense.

    Parameters
    ----------
    name : str
        A key of :data:`FAMILIES`.
    **params
        The family's parameters (see :func:`family_params`).

    Returns
    -------
    Puzzle
        What the family's own function returns for these parameters.

    Raises
    ------
    InvalidPuzzleError
        An unknown family, an unknown parameter or a value of the wrong type (the message
        names them).

    Examples
    --------
    >>> make("grid", m=5, n=5)
    <Puzzle: 25 nodes, 40 edges, rule='closed', modulus=2>
    >>> make("torus", shape=(7, 9)).n
    63
    >>> make("hypercube", d=4).n
    16
    >>> make("cube_surface", n=3).n
    54
    >>> make("petersen").n
    10
    >>> make("grid", size=5)
    Traceback (most recent call last):
    ...
    lightsout_graphs.core.errors.InvalidPuzzleError: Family 'grid' has no parameter 'size'; ...
    """
    func = _family(name)
    accepted = family_params(name)
    for key in params:
        if key not in accepted:
            msg = f"Family {name!r} has no parameter {key!r}; it accepts {', '.join(accepted)}."
            raise InvalidPuzzleError(msg)
    if name in _SHAPED:
        shape = _shape(name, params)
        return func(*shape, **params)
    if name in _BOARD and "shape" in params:
        shape = _shape(name, params)
        if len(shape) != 2:
            msg = f"Family {name!r}: parameter 'shape' must have 2 sides, not {list(shape)!r}."
            raise InvalidPuzzleError(msg)
        params["m"], params["n"] = shape
    if name == "press_pattern" and isinstance(params.get("mapping"), Mapping):
        params["mapping"] = dict(params["mapping"])
    try:
        inspect.signature(func).bind(**params)
    except TypeError as err:
        msg = f"Family {name!r}: {err}; it accepts {', '.join(accepted)}."
        raise InvalidPuzzleError(msg) from err
    return func(**params)
