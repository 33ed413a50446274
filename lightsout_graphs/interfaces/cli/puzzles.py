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

__all__: list[str] = []


def add_puzzle_arguments(parser: argparse.ArgumentParser, *, name_required: bool = False) -> None:
    """Add ``NAME`` and ``--family --shape --modulus --rule --param`` (read by resolve_puzzle)."""
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
    """Read a size such as ``7x9``, ``7,9``, ``3x3x3`` or ``4`` (InvalidPuzzleError otherwise)."""
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

    ``shape`` goes to the family's own keywords (``shape``, ``m``/``n`` or its sizes): one that
    does not fit is a CommandError, an unknown family an InvalidPuzzleError.
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
    """The names of the catalog's puzzles."""
    from lightsout_graphs.representation import catalog

    return list(catalog.names())


def load_named(name: str) -> Puzzle:
    """Load a puzzle of the catalog by name (an unknown one is a CatalogError)."""
    from lightsout_graphs.representation import catalog

    return catalog.load(name)


def resolve_puzzle(args: argparse.Namespace) -> Puzzle:
    """The puzzle named on the command line: ``NAME`` or ``--family`` with its parameters.

    A ``NAME`` that is not in the catalog but is a family name is read as ``--family NAME``.
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
    """The family named ``text``, also spelled with ``-`` (``x-pattern``); else ``text`` itself."""
    from lightsout_graphs.representation import families

    if text in families.FAMILIES:
        return text
    underscored = text.strip().lower().replace("-", "_")
    return underscored if underscored in families.FAMILIES else text
