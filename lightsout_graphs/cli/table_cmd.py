"""``lightsout table``: the nullity of every m×n board up to N, as CSV and as a heat map."""

from __future__ import annotations

import argparse
import csv
import sys
from typing import Any, TextIO

from lightsout_graphs.cli.output import output_path, save_figure
from lightsout_graphs.cli.puzzles import make_family
from lightsout_graphs.cli.runtime import EXIT_OK, CommandError, progress, progress_enabled

__all__ = ["handle", "register", "write_csv"]


def register(subparsers: Any) -> None:
    """Add the ``table`` subcommand.

    Parameters
    ----------
    subparsers : argparse._SubParsersAction
        From ``parser.add_subparsers()``; the new parser's ``handler`` default is set.
    """
    parser = subparsers.add_parser(
        "table",
        help="nullity of every m×n board up to N (CSV and heat map)",
        description="The nullity of every m×n board of a family for 1 <= m, n <= N: a CSV "
        "matrix (row m, column n) and a PNG or SVG heat map. Nullity 0 means every board of "
        "that size is solvable. Without --csv or --png the CSV goes to standard output.",
    )
    parser.add_argument("--family", default="grid", metavar="F", help="grid (default), torus...")
    parser.add_argument("--max", dest="size", type=int, required=True, metavar="N")
    parser.add_argument(
        "--modulus", "-k", type=int, default=2, metavar="P", help="a prime (default 2)"
    )
    parser.add_argument("--rule", choices=("closed", "open"), default="closed")
    parser.add_argument("--csv", metavar="FILE", help="write the CSV matrix here (- for stdout)")
    parser.add_argument("--png", metavar="FILE", help="draw the heat map (.png or .svg)")
    parser.add_argument("--dpi", type=int, default=100, help="resolution of the PNG (100)")
    parser.set_defaults(handler=handle)


def write_csv(table: Any, out: TextIO) -> None:
    """Write a nullity table as CSV: a header ``m\\n,1,2,...`` then one row per m.

    Parameters
    ----------
    table : numpy.ndarray
        ``table[m - 1, n - 1]`` is the nullity of the m×n board.
    out : file
        Where to write.

    Examples
    --------
    >>> import sys
    >>> write_csv(np.array([[0, 1], [1, 0]]), sys.stdout)
    m\\n,1,2
    1,0,1
    2,1,0
    """
    writer = csv.writer(out, lineterminator="\n")
    rows, cols = table.shape
    writer.writerow(["m\\n", *range(1, cols + 1)])
    for m in range(rows):
        writer.writerow([m + 1, *(int(v) for v in table[m])])


def _compute(args: argparse.Namespace) -> Any:
    import numpy as np

    import lightsout_graphs as lo

    size = args.size
    if size < 1:
        msg = f"--max must be at least 1, not {size}."
        raise CommandError(msg)
    if args.family == "grid":
        from lightsout_graphs.grids import nullity_table

        return nullity_table(
            size, modulus=args.modulus, rule=args.rule, progress=progress_enabled(args)
        )
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


def handle(args: argparse.Namespace) -> int:
    """Compute the table; write the CSV and/or the picture.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed options.

    Returns
    -------
    int
        The exit code, 0.
    """
    png = output_path(args.png, (".png", ".svg")) if args.png else None
    if png is not None and args.dpi < 1:
        msg = f"--dpi must be a positive int, not {args.dpi}."
        raise CommandError(msg)
    table = _compute(args)
    if args.csv == "-" or (args.csv is None and png is None):
        write_csv(table, sys.stdout)
    elif args.csv is not None:
        with open(args.csv, "w", encoding="utf-8", newline="") as out:
            write_csv(table, out)
    if png is not None:
        from lightsout_graphs.draw import draw_nullity_table

        ax = draw_nullity_table(table, modulus=args.modulus, rule=args.rule, family=args.family)
        save_figure(ax, png, args.dpi)
    return EXIT_OK
