"""The linear maps of the quiet columns that keep every group and its size.

Usage (from the repository root, in the project's environment)::

    python research/gods_numbers/automorphisms.py 19 23 84

A linear map ``A`` of ``GF(2)^d`` that carries the set of quiet columns onto itself, each
column onto one whose group has as many lights, maps every ``b`` that meets a bound onto
another that meets it (``F_b(Aᵀλ)`` is a spectrum of the image), so the group of such maps is
the symmetry a solver can break. The square's eight symmetries are always among them (they
move lights, so they move groups). This script finds all of them by backtracking: it chooses
``d`` independent columns as a basis (the rarest sizes first), tries every column of the same
size as the image of each, and checks every column that the chosen part of the basis already
spans. It prints the order of the group for each size asked.

For 19×19, 23×23 and 84×84 the group is the square's own (order 8): no larger symmetry is
there to split the last residue class of any of them.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

import lightsout_graphs as lo
from lightsout_graphs.algorithms.gods import quiet_groups


def column_automorphisms(columns: list[int], sizes: list[int], d: int) -> list[tuple[int, ...]]:
    """Every linear map keeping the columns with their sizes, as the images of a basis.

    Parameters
    ----------
    columns : list of int
        The distinct nonzero quiet columns (bit masks over ``d`` quiet patterns); they span
        ``GF(2)^d``.
    sizes : list of int
        The size of each column's group.
    d : int

    Returns
    -------
    list of tuple of int
        One tuple per map: the images of the basis the search chose (the identity among them).

    Examples
    --------
    >>> len(column_automorphisms([1, 2, 3], [1, 1, 1], 2))  # GL(2, 2) permutes all three
    6
    >>> len(column_automorphisms([1, 2, 3], [1, 1, 2], 2))  # 3 is kept, 1 and 2 swap
    2
    """
    size_of = dict(zip(columns, sizes, strict=True))
    rarity = Counter(sizes)
    basis: list[int] = []
    span = {0}
    for v in sorted(columns, key=lambda c: (rarity[size_of[c]], c)):
        if v not in span:
            basis.append(v)
            span |= {s ^ v for s in span}
    if len(basis) != d:
        msg = f"the columns span {len(basis)} of {d} dimensions"
        raise ValueError(msg)
    # For each k, the columns whose coordinates in the basis use basis[k] last.
    coords = {0: 0}
    checks: list[list[tuple[int, int]]] = []
    for k, v in enumerate(basis):
        coords.update({s ^ v: c | (1 << k) for s, c in list(coords.items())})
        checks.append([(c, coords[c]) for c in columns if coords.get(c, 0) >> k == 1])
    found: list[tuple[int, ...]] = []

    def image(mask: int, chosen: list[int]) -> int:
        out = 0
        for i, w in enumerate(chosen):
            if mask >> i & 1:
                out ^= w
        return out

    def extend(chosen: list[int], spanned: set[int]) -> None:
        k = len(chosen)
        if k == d:
            found.append(tuple(chosen))
            return
        for candidate in columns:
            if size_of[candidate] != size_of[basis[k]] or candidate in spanned:
                continue  # another size, or the images would be dependent (no bijection)
            trial = [*chosen, candidate]
            if all(size_of.get(image(m, trial)) == size_of[c] for c, m in checks[k]):
                extend(trial, spanned | {s ^ candidate for s in spanned})

    extend([], {0})
    return found


def group_order(n: int) -> int:
    """The order of the group for the n×n board."""
    cols, sizes, _ = quiet_groups(lo.grid(n, n)).binary_code()
    d = int(lo.analyze(lo.grid(n, n)).nullity)
    return len(column_automorphisms([int(c) for c in cols], [int(s) for s in sizes], d))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", type=int, nargs="+")
    args = parser.parse_args()
    for n in args.sizes:
        start = time.perf_counter()
        order = group_order(n)
        print(
            f"{n}×{n}: {order} linear maps keep the columns ({time.perf_counter() - start:.1f} s)"
        )


if __name__ == "__main__":
    main()
