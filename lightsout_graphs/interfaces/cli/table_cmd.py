"""``lightsout table``: the nullity of every m×n board up to N, as CSV and as a heat map.

Grids, tori, cylinders and rook's boards come from :func:`lightsout_graphs.nullity_table` (the
product formula: no elimination); any other family of two sides analyses every board in turn.
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
from typing import Any, TextIO

from lightsout_graphs.interfaces.cli.commands import (
    add_command,
    add_dpi_argument,
    add_output_argument,
    check_dpi,
)
from lightsout_graphs.interfaces.cli.output import output_path, save_figure
from lightsout_graphs.interfaces.cli.puzzles import family_name, make_family
from lightsout_graphs.interfaces.cli.runtime import (
    EXIT_OK,
    CommandError,
    progress,
    progress_enabled,
)

__all__: list[str] = []


def register(subparsers: Any) -> None:
    """Add the ``table`` subcommand."""
    parser = add_command(
        subparsers,
        "table",
        handle,
        help="nullity of every m×n board up to N (CSV and heat map)",
        description="The nullity of every m×n board of a family for 1 <= m, n <= N: a CSV "
        "matrix (row m, column n), a long CSV (m,n,nullity) and a PNG or SVG heat map. "
        "Nullity 0 means every board of that size is solvable. grid, torus, cylinder and rook "
        "use the product formula (fast); other families analyse each board. Without --csv, "
        "--long or -o the CSV matrix goes to standard output.",
    )
    parser.add_argument(
        "size", metavar="N", type=int, nargs="?", help="the largest side of the boards"
    )
    parser.add_argument(
        "--family",
        default="grid",
        metavar="F",
        help="grid (default), torus, cylinder (rows wrap around), rook, or any family of 2 sides",
    )
    parser.add_argument("--max", dest="max_size", type=int, help=argparse.SUPPRESS)
    parser.add_argument(
        "--modulus",
        "-k",
        type=int,
        default=2,
        metavar="K",
        help="states per light, a prime (default 2)",
    )
    parser.add_argument(
        "--rule", choices=("closed", "open"), default="closed", help="toggle rule (default closed)"
    )
    parser.add_argument("--csv", metavar="FILE", help="write the CSV matrix here (- for stdout)")
    parser.add_argument(
        "--long", metavar="FILE", help="write the long CSV m,n,nullity here (- for stdout)"
    )
    add_output_argument(
        parser, help="draw the heat map to FILE.png or FILE.svg", aliases=("--png",)
    )
    parser.add_argument(
        "--scale",
        choices=("auto", "linear", "log"),
        default="auto",
        help="colour scale of the heat map: log (the rare large nullities of a big map no longer "
        "wash out the rest), linear, or auto (default: log when some nullity is above 16)",
    )
    add_dpi_argument(parser)


def write_csv(table: Any, out: TextIO) -> None:
    """Write a nullity table as CSV: a header ``m\\n,1,2,...`` then one row per m."""
    writer = csv.writer(out, lineterminator="\n")
    rows, cols = table.shape
    writer.writerow(["m\\n", *range(1, cols + 1)])
    for m in range(rows):
        writer.writerow([m + 1, *(int(v) for v in table[m])])


def write_long_csv(table: Any, out: TextIO) -> None:
    """Write a nullity table as long-form CSV: a header ``m,n,nullity`` then one row per board."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["m", "n", "nullity"])
    rows, cols = table.shape
    for m in range(rows):
        for n in range(cols):
            writer.writerow([m + 1, n + 1, int(table[m, n])])


def _compute(args: argparse.Namespace) -> Any:
    import numpy as np

    import lightsout_graphs as lo
    from lightsout_graphs.algorithms.planner import formula_table
    from lightsout_graphs.core.errors import ModulusError
    from lightsout_graphs.representation.products.tables import MAX_TABLE_SIDE

    args.family = family_name(args.family)
    size = args.size
    if size < 1:
        msg = f"N must be at least 1, not {size}."
        raise CommandError(msg)
    if size > MAX_TABLE_SIDE:
        msg = f"N must be at most {MAX_TABLE_SIDE} (a table of N×N entries), not {size}."
        raise CommandError(msg)
    if formula_table(args.family):  # the planner decides; else every board is analysed
        try:
            return lo.nullity_table(
                size,
                family=args.family,
                modulus=args.modulus,
                rule=args.rule,
                progress=progress_enabled(args),
            )
        except ModulusError as err:
            msg = (
                f"--modulus {args.modulus} is not prime: the nullity is not defined "
                "(lightsout analyze counts the quiet patterns of one board mod any k)."
            )
            raise CommandError(msg) from err
    _check_two_sides(args.family)
    table = np.zeros((size, size), dtype=np.int64)
    cells = [(m, n) for m in range(1, size + 1) for n in range(1, size + 1)]
    for m, n in progress(cells, args, total=len(cells), desc=f"{args.family} nullities"):
        puzzle = make_family(args.family, (m, n), modulus=args.modulus, rule=args.rule)
        nullity = lo.analyze(puzzle).nullity
        if nullity is None:
            msg = f"--modulus {args.modulus} is not prime: the nullity is not defined."
            raise CommandError(msg)
        table[m - 1, n - 1] = nullity
    return table


def _check_two_sides(family: str) -> None:
    """Refuse, by name, a family without m×n boards (``hypercube``, ``cycle``...)."""
    from lightsout_graphs.representation import families

    if family not in families.FAMILIES:
        return  # make_family names an unknown family
    params = families.family_params(family)
    if "m" in params and "n" in params:
        return
    two = sorted(f for f in families.FAMILIES if {"m", "n"} <= set(families.family_params(f)))
    msg = (
        f"--family {family} has no m×n boards; table is for the families of two sides: "
        f"{', '.join(two)}."
    )
    raise CommandError(msg)


def _check_size(args: argparse.Namespace) -> None:
    """N, given as ``table N`` (or, as before, ``--max N``)."""
    old = getattr(args, "max_size", None)
    if args.size is None and old is None:
        msg = "Give N, the largest side of the table: e.g. `lightsout table 64`."
        raise CommandError(msg)
    if args.size is not None and old is not None and args.size != old:
        msg = f"Give N once: {args.size} and --max {old} differ."
        raise CommandError(msg)
    if args.size is None:
        args.size = old


def handle(args: argparse.Namespace) -> int:
    """Compute the table; write the CSV and/or the picture."""
    _check_size(args)
    png = output_path(args.output, (".png", ".svg")) if args.output else None
    if png is not None:
        check_dpi(args.dpi)
    if args.csv == "-" and args.long == "-":
        msg = "--csv - and --long - cannot both write to standard output."
        raise CommandError(msg)
    separate = "-" in (args.csv, args.long) or not (args.csv and args.long)
    if not separate and os.path.abspath(args.csv) == os.path.abspath(args.long):
        msg = (
            f"--csv and --long name the same file {args.csv!r}; the second would replace the first."
        )
        raise CommandError(msg)
    table = _compute(args)
    size = table.shape[0]
    what = f"{size}×{size} nullities of {args.family} boards mod {args.modulus}, {args.rule} rule"
    to_stdout = args.csv == "-" or args.long == "-"
    notes: list[str] = []
    if args.csv == "-" or (args.csv is None and args.long is None and png is None):
        write_csv(table, sys.stdout)
    elif args.csv is not None:
        with open(args.csv, "w", encoding="utf-8", newline="") as out:
            write_csv(table, out)
        notes.append(f"Wrote {args.csv} (CSV matrix: {what})")
    if args.long == "-":
        write_long_csv(table, sys.stdout)
    elif args.long is not None:
        with open(args.long, "w", encoding="utf-8", newline="") as out:
            write_long_csv(table, out)
        notes.append(f"Wrote {args.long} (long CSV m,n,nullity: {what})")
    if png is not None:
        from lightsout_graphs.interfaces.draw import draw_nullity_table

        ax = draw_nullity_table(
            table, modulus=args.modulus, rule=args.rule, family=args.family, norm=args.scale
        )
        width, height = save_figure(ax, png, args.dpi)
        notes.append(f"Wrote {png} ({width}×{height} pixels at {args.dpi} dpi)")
    for note in notes:  # on stderr when the CSV itself goes to standard output
        print(note, file=sys.stderr if to_stdout else sys.stdout)
    return EXIT_OK
