"""Nullity tables of tori, cylinders and rook's boards: against elimination, the formula, OEIS."""

from __future__ import annotations

import random
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

import lightsout_graphs as lo
from lightsout_graphs import zk
from lightsout_graphs.core.errors import InvalidPuzzleError, ModulusError
from lightsout_graphs.representation.grids import nullity_table as grid_table
from lightsout_graphs.representation.products import nullity_table, product_nullity

#: OEIS A165738 (https://oeis.org/A165738): the nullity of the n×n torus, n = 1..90.
A165738 = Path(__file__).resolve().parent / "data" / "oeis_A165738_1-90.txt"


def eliminated(puzzle: lo.Puzzle) -> int:
    rank = zk.factorize(puzzle.toggle_matrix(), puzzle.modulus).rank
    assert rank is not None
    return puzzle.n - rank


def cycle(n: int) -> nx.Graph:
    return nx.cycle_graph(n) if n >= 3 else nx.path_graph(n)


FACTORS = {
    "torus": (cycle, cycle),
    "cylinder": (nx.path_graph, cycle),
    "rook": (nx.complete_graph, nx.complete_graph),
}


@pytest.mark.parametrize("family", ["torus", "cylinder", "rook"])
@pytest.mark.parametrize(
    ("p", "rule"), [(2, "closed"), (2, "open"), (3, "closed"), (5, "open"), (7, "closed")]
)
def test_table_equals_the_formula_pair_by_pair(family: str, p: int, rule: str) -> None:
    size = 16
    table = nullity_table(size, family=family, modulus=p, rule=rule)
    assert table.shape == (size, size)
    assert table.dtype == np.int64
    left, right = FACTORS[family]
    for m in range(1, size + 1):
        for n in range(1, size + 1):
            expected = product_nullity(left(m), right(n), modulus=p, rule=rule)
            assert table[m - 1, n - 1] == expected, (m, n)


@pytest.mark.parametrize(
    ("family", "p", "rule"),
    [
        ("torus", 2, "closed"),
        ("cylinder", 2, "closed"),
        ("torus", 3, "open"),
        ("cylinder", 3, "closed"),
    ],
)
def test_table_equals_elimination_on_sizes_up_to_40(family: str, p: int, rule: str) -> None:
    table = nullity_table(40, family=family, modulus=p, rule=rule)
    rng = random.Random(f"{family}{p}{rule}")
    cells = [(m, n) for m in range(1, 13) for n in range(1, 13)]
    cells += [(rng.randint(13, 40), rng.randint(1, 40)) for _ in range(12)]
    cells += [(40, 40), (32, 40), (27, 36)]
    for m, n in cells:
        puzzle = lo.families.make(family, m=m, n=n, modulus=p, rule=rule)
        assert table[m - 1, n - 1] == eliminated(puzzle), (m, n)


def test_square_tori_are_oeis_a165738() -> None:
    lines = A165738.read_text(encoding="utf-8").splitlines()
    values = [int(v) for line in lines if not line.startswith("#") for v in line.split(",")]
    assert len(values) == 90
    table = nullity_table(90, family="torus")
    assert np.diagonal(table).tolist() == values
    assert (table == table.T).all()


def test_the_grid_is_the_default_family() -> None:
    for p, rule in [(2, "closed"), (2, "open"), (3, "closed")]:
        expected = grid_table(20, modulus=p, rule=rule)
        assert (nullity_table(20, modulus=p, rule=rule) == expected).all()
        assert (lo.nullity_table(20, family="grid", modulus=p, rule=rule) == expected).all()
    big = 2**61 - 1  # grids keep their engine for primes above 2**31
    assert (lo.nullity_table(6, modulus=big) == grid_table(6, modulus=big)).all()


def test_tables_are_bounded_by_the_side_and_cylinders_by_the_rows() -> None:
    torus = nullity_table(64, family="torus", modulus=3)
    sides = np.arange(1, 65)
    assert (torus <= 2 * np.minimum.outer(sides, sides)).all()
    cylinder = nullity_table(64, family="cylinder")
    # Chasing along the path: the first row decides (<= n); along the cycle two columns (<= 2m).
    assert (cylinder <= np.minimum.outer(2 * sides, sides)).all()


def test_bad_arguments() -> None:
    with pytest.raises(InvalidPuzzleError, match="'family' must be one of"):
        nullity_table(4, family="king")
    with pytest.raises(InvalidPuzzleError, match="'M' must be at most 16384"):
        nullity_table(10**30, family="torus")
    with pytest.raises(InvalidPuzzleError, match="'M' must be an int >= 1"):
        nullity_table(0, family="torus")
    with pytest.raises(ModulusError, match="must be a prime, not 9"):
        nullity_table(4, family="cylinder", modulus=9)
    with pytest.raises(InvalidPuzzleError, match="'rule'"):
        nullity_table(4, family="rook", rule="weighted")


@pytest.mark.parametrize("p", [1_000_003, 2**31 - 1])
def test_large_primes_agree_with_elimination(p: int) -> None:
    torus = nullity_table(24, family="torus", modulus=p)
    cylinder = nullity_table(12, family="cylinder", modulus=p, rule="open")
    for m, n in [(3, 3), (6, 6), (5, 10), (12, 8), (24, 24), (20, 24)]:
        assert torus[m - 1, n - 1] == eliminated(lo.torus(m, n, modulus=p)), (m, n)
    for m, n in [(3, 4), (4, 6), (5, 10), (11, 8)]:
        puzzle = lo.cylinder(m, n, modulus=p, rule="open")
        assert cylinder[m - 1, n - 1] == eliminated(puzzle), (m, n)
    petersen, ring = nx.petersen_graph(), nx.cycle_graph(12)
    assert product_nullity(petersen, ring, modulus=p) == eliminated(
        lo.product(petersen, ring, modulus=p)
    )
