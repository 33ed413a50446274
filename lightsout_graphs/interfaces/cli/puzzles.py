"""Which puzzle a ``lightsout`` command is about: the options and their values.

:func:`add_puzzle_arguments` / :func:`resolve_puzzle`: ``NAME`` from the catalog, or
``--family F --shape 7x9 --modulus 3 --rule open --param key=value``. The boards (``--board``,
``--start``, ``--target``) come from :mod:`~lightsout_graphs.interfaces.cli.starts`.
"""

from __future__ import annotations

import argparse
import ast
import inspect
from typing import TYPE_CHECKING, Any

from lightsout_graphs.core.errors import InvalidPuzzleError
from lightsout_graphs.interfaces.cli.runtime import CommandError

if TYPE_CHECKING:
    from lightsout_graphs.representation.puzzle import Puzzle

__all__ = [
    "add_puzzle_arguments",
    "catalog_names",
    "family_name",
    "load_named",
    "make_family",
    "parse_shape",
    "resolve_puzzle",
]


def add_puzzle_arguments(parser: argparse.ArgumentParser, *, name_required: bool = False) -> None:
    """Add ``NAME`` and the family options ``--family --shape --modulus --rule --param``.

    :func:`resolve_puzzle` turns the parsed values into a puzzle.

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The subcommand's parser.
    name_required : bool, default False
        Whether ``NAME`` must be given (no family options then).

    Examples
    --------
    >>> import argparse
    >>> parser = argparse.ArgumentParser()
    >>> add_puzzle_arguments(parser)
    >>> args = parser.parse_args(["--family", "torus", "--shape", "3x4"])
    >>> args.family, args.shape
    ('torus', '3x4')
    """
    parser.add_argument(
        "name",
        metavar="NAME",
        nargs=None if name_required else "?",
        help="a puzzle of the catalog (see `lightsout list`), or a family name",
    )
    if name_required:
        return
    group = parser.add_argument_group("a puzzle from a family (instead of NAME)")
    group.add_argument("--family", metavar="F", help="a family: grid, torus, hypercube, ...")
    group.add_argument(
        "--shape", metavar="MxN", help="the size, e.g. 7x9 (a grid, torus...) or 4 (hypercube)"
    )
    group.add_argument(
        "--modulus", "-k", metavar="K", type=int, help="states per light (default 2)"
    )
    group.add_argument(
        "--rule", choices=("closed", "open", "weighted"), help="toggle rule (default closed)"
    )
    group.add_argument(
        "--param",
        metavar="KEY=VALUE",
        action="append",
        default=[],
        help="another family parameter, e.g. --param seed=1 (repeatable)",
    )


def parse_shape(text: str) -> tuple[int, ...]:
    """Read a size such as ``7x9``, ``7,9``, ``3x3x3`` or ``4``.

    Parameters
    ----------
    text : str
        Side lengths separated by ``x``, ``×`` or ``,``.

    Returns
    -------
    tuple of int

    Raises
    ------
    InvalidPuzzleError
        Anything but positive ints.

    Examples
    --------
    >>> parse_shape("7x9"), parse_shape("4")
    ((7, 9), (4,))
    """
    parts = text.lower().replace("×", "x").replace(",", "x").split("x")
    try:
        sides = tuple(int(p) for p in parts)
    except ValueError:
        sides = ()
    if not sides or any(s < 1 for s in sides):
        msg = f"--shape must be side lengths such as 7x9 or 4, not {text!r}."
        raise InvalidPuzzleError(msg)
    return sides


#: The longest value ``--param KEY=VALUE`` takes, in characters.
MAX_PARAM_CHARS = 10_000


def _param_value(key: str, text: str) -> Any:
    if len(text) > MAX_PARAM_CHARS:
        msg = (
            f"--param {key}=...: the value has {len(text)} characters, more than the "
            f"{MAX_PARAM_CHARS} a family parameter may have."
        )
        raise CommandError(msg)
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return text  # not a Python literal: the family checks it as a string


def _family_kwargs(family: str, shape: tuple[int, ...] | None) -> dict[str, Any]:
    """Map ``--shape`` to the family's own keywords (``shape``, ``m``/``n`` or one size)."""
    from lightsout_graphs.representation import families

    if shape is None:
        return {}
    accepted = families.family_params(family)
    if "shape" in accepted and "m" in accepted and len(shape) == 1:
        side = shape[0]
        msg = (
            f"--shape {side} gives one side; the family {family!r} takes two: --shape "
            f"{side}x{side} for the square board, 1x{side} for one row."
        )
        raise CommandError(msg)
    if "shape" in accepted:
        return {"shape": shape}
    if "m" in accepted and "n" in accepted and len(shape) == 2:
        return {"m": shape[0], "n": shape[1]}
    params = inspect.signature(families.FAMILIES[family]).parameters.values()
    sizes = [
        p.name
        for p in params
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        and p.name not in ("modulus", "rule", "pressable")
    ]
    if sizes and len(sizes) == len(shape):
        return dict(zip(sizes, shape, strict=True))
    takes = f"it takes {', '.join(accepted)}" if accepted else "it has no size"
    msg = (
        f"--shape {'x'.join(map(str, shape))} does not fit the family {family!r} ({takes}); "
        "give its parameters with --param KEY=VALUE."
    )
    raise CommandError(msg)


def make_family(
    family: str,
    shape: tuple[int, ...] | None = None,
    *,
    modulus: int | None = None,
    rule: str | None = None,
    params: dict[str, Any] | None = None,
) -> Puzzle:
    """Build a puzzle of a family from command-line values.

    Parameters
    ----------
    family : str
        A name of ``lightsout_graphs.representation.families.FAMILIES``.
    shape : tuple of int, optional
        The size; mapped to the family's own keywords (``shape``, ``m``/``n`` or ``d``).
    modulus, rule : optional
        Passed on when given.
    params : dict, optional
        Further keyword parameters.

    Returns
    -------
    Puzzle

    Raises
    ------
    InvalidPuzzleError
        An unknown family or parameters it does not take.
    CommandError
        A ``--shape`` that does not fit the family.

    Examples
    --------
    >>> make_family("torus", (7, 9), modulus=3).n
    63
    >>> make_family("hypercube", (4,)).n
    16
    """
    from lightsout_graphs.representation import families

    family = family_name(family)
    if family not in families.FAMILIES:
        msg = (
            f"--family {family!r} is unknown; choose one of {', '.join(sorted(families.FAMILIES))}."
        )
        raise InvalidPuzzleError(msg)
    kwargs = _family_kwargs(family, shape)
    kwargs.update(params or {})
    if modulus is not None:
        kwargs["modulus"] = modulus
    if rule is not None:
        kwargs["rule"] = rule
    return families.make(family, **kwargs)


def catalog_names() -> list[str]:
    """The names of the catalog's puzzles.

    Returns
    -------
    list of str

    Examples
    --------
    >>> "lights-out" in catalog_names()
    True
    """
    from lightsout_graphs.representation import catalog

    return list(catalog.names())


def load_named(name: str) -> Puzzle:
    """Load a puzzle of the catalog by name.

    Parameters
    ----------
    name : str
        A name from ``lightsout list``.

    Returns
    -------
    Puzzle
        With its metadata (title, boards, colours...).

    Raises
    ------
    CatalogError
        An unknown name (the message lists a few known ones).

    Examples
    --------
    >>> load_named("lights-out").n
    25
    """
    from lightsout_graphs.representation import catalog

    return catalog.load(name)


def resolve_puzzle(args: argparse.Namespace) -> Puzzle:
    """The puzzle named on the command line: ``NAME`` or ``--family`` with its parameters.

    A ``NAME`` that is not in the catalog but is a family name is read as ``--family NAME``.

    Parameters
    ----------
    args : argparse.Namespace
        Parsed options of :func:`add_puzzle_arguments` (absent ones count as not given).

    Returns
    -------
    Puzzle

    Raises
    ------
    CommandError
        Neither or both of NAME and --family, or family options given with a catalog name.
    InvalidPuzzleError
        A bad family parameter.
    CatalogError
        An unknown catalog name.

    Examples
    --------
    >>> args = argparse.Namespace(name=None, family="torus", shape="3x4", modulus=3, param=[])
    >>> resolve_puzzle(args)
    <Puzzle: 12 nodes, 24 edges, rule='closed', modulus=3>
    """
    from lightsout_graphs.representation.families import FAMILIES

    name = getattr(args, "name", None)
    family = getattr(args, "family", None)
    shape_text = getattr(args, "shape", None)
    modulus = getattr(args, "modulus", None)
    rule = getattr(args, "rule", None)
    params: dict[str, Any] = {}
    for item in getattr(args, "param", None) or []:
        key, sep, value = item.partition("=")
        if not sep or not key.isidentifier():
            msg = f"--param must look like KEY=VALUE, not {item!r}."
            raise CommandError(msg)
        params[key] = _param_value(key, value)
    if name is not None and family is not None:
        msg = f"Give a puzzle NAME or --family, not both (got {name!r} and --family {family!r})."
        raise CommandError(msg)
    if name is None and family is None:
        msg = "Name a puzzle: NAME from `lightsout list`, or --family F (with --shape etc.)."
        raise CommandError(msg)
    if name is not None and name not in catalog_names() and family_name(name) in FAMILIES:
        family, name = name, None
    shape = parse_shape(shape_text) if shape_text else None
    if name is not None:
        extra = [
            opt
            for opt, value in (
                ("--shape", shape_text),
                ("--modulus", modulus),
                ("--rule", rule),
                ("--param", params or None),
            )
            if value is not None
        ]
        if extra:
            verb = "applies" if len(extra) == 1 else "apply"
            msg = (
                f"{' and '.join(extra)} only {verb} with --family, not to the catalog puzzle "
                f"{name!r}."
            )
            raise CommandError(msg)
        return load_named(name)
    assert family is not None
    return make_family(family, shape, modulus=modulus, rule=rule, params=params)


def family_name(text: str) -> str:
    """A family name as the command line may spell it: ``x-pattern`` is ``x_pattern``.

    Catalog names use ``-`` and family names ``_``; both spellings name the same family.

    Parameters
    ----------
    text : str
        The name given.

    Returns
    -------
    str
        The family's own name when one matches, else ``text`` unchanged.

    Examples
    --------
    >>> family_name("x-pattern"), family_name("x_pattern"), family_name("grid")
    ('x_pattern', 'x_pattern', 'grid')
    """
    from lightsout_graphs.representation import families

    if text in families.FAMILIES:
        return text
    underscored = text.strip().lower().replace("-", "_")
    return underscored if underscored in families.FAMILIES else text
