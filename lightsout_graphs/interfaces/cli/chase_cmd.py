"""``lightsout chase-table``: the light-chasing table of a grid, as text and as a picture."""

from __future__ import annotations

import argparse
import re
from typing import Any

from lightsout_graphs.interfaces.cli.commands import (
    add_command,
    add_dpi_argument,
    add_output_argument,
    check_dpi,
)
from lightsout_graphs.interfaces.cli.output import output_path, save_figure
from lightsout_graphs.interfaces.cli.puzzles import load_named, parse_shape
from lightsout_graphs.interfaces.cli.runtime import EXIT_OK, CommandError

__all__: list[str] = []


def register(subparsers: Any) -> None:
    """Add the ``chase-table`` subcommand."""
    parser = add_command(
        subparsers,
        "chase-table",
        handle,
        help="the light-chasing table of a grid: top-row presses for each bottom row",
        description="The table people use to solve a grid by light chasing: chase every "
        "light down to the bottom row, look that row up, press the listed top-row cells and "
        "chase again. NAME is a grid puzzle of the catalog (e.g. lights-out) or a size "
        "such as 5x5; --family grid --shape 5x5 names a size as the other commands do.",
    )
    parser.add_argument(
        "name", metavar="NAME", nargs="?", help="a catalog grid, a size such as 6x5, or grid"
    )
    parser.add_argument("--family", metavar="F", help="grid (chase tables are for grids)")
    parser.add_argument("--shape", metavar="MxN", help="with --family grid: the size, e.g. 6x5")
    parser.add_argument("--modulus", "-k", type=int, metavar="K", help="for a size (default 2)")
    parser.add_argument("--rule", choices=("closed", "open"), help="for a size (default closed)")
    add_output_argument(
        parser, help="also draw the table to FILE.png or FILE.svg", aliases=("--png",)
    )
    add_dpi_argument(parser)


def _size_or_name(args: argparse.Namespace) -> str:
    """NAME, or the size of ``--family grid --shape MxN`` (also ``grid --shape MxN``)."""
    name, family = (args.name or "").strip(), args.family
    if name == "grid" and family is None:
        family, name = "grid", ""
    if family is None:
        if args.shape is not None:
            msg = "--shape goes with --family grid (or NAME grid), not with a catalog NAME."
            raise CommandError(msg)
        if not name:
            msg = "Name a grid: NAME (a catalog grid or a size such as 5x5), or --family grid --shape MxN."
            raise CommandError(msg)
        return name
    if name:
        msg = f"Give a NAME or --family, not both (got {name!r} and --family {family!r})."
        raise CommandError(msg)
    if family.strip().lower() != "grid":
        msg = f"--family {family!r}: chase tables are made for grids only (--family grid)."
        raise CommandError(msg)
    if args.shape is None:
        msg = "--family grid needs --shape MxN (e.g. --shape 5x5)."
        raise CommandError(msg)
    return str(args.shape).strip()


def handle(args: argparse.Namespace) -> int:
    """Print the chase table of ``args.name`` and draw it with ``-o FILE``."""
    from lightsout_graphs.representation.grids.chase_table import chase_table

    name = _size_or_name(args)
    if re.fullmatch(r"\d+(\s*[x×,]\s*\d+)*", name):
        sides = parse_shape(name.replace(" ", ""))
        if len(sides) > 2:
            msg = f"Chase tables are made for 2-D grids; {name!r} has {len(sides)} sides."
            raise CommandError(msg)
        m, n = (sides[0], sides[0]) if len(sides) == 1 else sides
        modulus = 2 if args.modulus is None else args.modulus
        table = chase_table(m, n, modulus=modulus, rule=args.rule or "closed")
    else:
        given = [
            f for f, v in (("--modulus", args.modulus), ("--rule", args.rule)) if v is not None
        ]
        if given:
            msg = (
                f"{' and '.join(given)} {'applies' if len(given) == 1 else 'apply'} to a size such "
                f"as 5x5, not to the catalog puzzle "
                f"{name!r}, which has its own."
            )
            raise CommandError(msg)
        table = chase_table(load_named(name))
    path = output_path(args.output, (".png", ".svg")) if args.output else None
    print(table.to_text(), end="")
    if path is not None:
        check_dpi(args.dpi)
        ax = table.draw()
        width, height = save_figure(ax, path, args.dpi)
        print(f"Wrote {path} ({width}×{height} pixels at {args.dpi} dpi)")
    return EXIT_OK
