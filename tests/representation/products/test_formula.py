"""The product formula against elimination of the built product, and the rook's closed form."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs import zk
from lightsout_graphs.core.errors import InvalidPuzzleError, ModulusError
from lightsout_graphs.representation.products import hamming_nullity, product_nullity, rook_nullity
from tests.strategies import small_graphs

PRIMES = [2, 3, 5, 7]


def eliminated(puzzle: lo.Puzzle) -> int:
    """The nullity by the general engine: elimination of the product's whole toggle matrix."""
    rank = zk.factorize(puzzle.toggle_matrix(), puzzle.modulus).rank
    assert rank is not None
    return puzzle.n - rank


@settings(max_examples=150)
@given(
    small_graphs(max_nodes=8, directed=False),
    small_graphs(max_nodes=8, directed=False),
    st.sampled_from(PRIMES),
    st.sampled_from(["closed", "open"]),
)
def test_formula_equals_elimination_of_the_product(
    g: nx.Graph, h: nx.Graph, p: int, rule: str
) -> None:
    puzzle = lo.product(g, h, modulus=p, rule=rule)
    assert product_nullity(g, h, modulus=p, rule=rule) == eliminated(puzzle)


@pytest.mark.parametrize("p", PRIMES)
@pytest.mark.parametrize("rule", ["closed", "open"])
def test_rook_closed_form_equals_elimination(p: int, rule: str) -> None:
    for m in range(1, 9):
        for n in range(1, 9):
            expected = eliminated(lo.rook(m, n, modulus=p, rule=rule))
            assert rook_nullity(m, n, modulus=p, rule=rule) == expected, (m, n)
            graphs = (nx.complete_graph(m), nx.complete_graph(n))
            assert product_nullity(*graphs, modulus=p, rule=rule) == expected, (m, n)


def test_rook_closed_form_from_the_eigenvalues() -> None:
    # p odd, closed rule, p dividing neither side: the eigenvalue pairs (−1, n−1), (m−1, −1)
    # and (m−1, n−1) are singular when p divides n − 1, m − 1 and m + n − 1.
    for p in (3, 5, 7, 11):
        for m in range(1, 40):
            for n in range(1, 40):
                if m % p and n % p:
                    expected = (
                        (m - 1) * ((n - 1) % p == 0)
                        + (n - 1) * ((m - 1) % p == 0)
                        + ((m + n - 1) % p == 0)
                    )
                    assert rook_nullity(m, n, modulus=p) == expected


def test_alien_tiles_7x7_over_gf2() -> None:
    alien = lo.alien_tiles(7)
    assert rook_nullity(7, 7) == 12 == eliminated(alien)
    assert lo.analyze(alien).num_quiet_patterns == 2**12


def test_a_grid_of_petersen_graphs() -> None:
    g, h = nx.grid_2d_graph(2, 3), nx.petersen_graph()
    for p in (2, 3):
        assert product_nullity(g, h, modulus=p) == eliminated(lo.product(g, h, modulus=p))


def test_bad_input() -> None:
    with pytest.raises(ModulusError, match="must be a prime, not 6"):
        product_nullity(nx.path_graph(2), nx.path_graph(2), modulus=6)
    with pytest.raises(InvalidPuzzleError, match="'rule' must be one of closed, open,"):
        product_nullity(nx.path_graph(2), nx.path_graph(2), rule="weighted")
    with pytest.raises(InvalidPuzzleError, match="Argument 'h' must be a networkx Graph"):
        product_nullity(nx.path_graph(2), [1, 2])  # type: ignore[arg-type]
    with pytest.raises(InvalidPuzzleError, match="Argument 'g' has no nodes"):
        product_nullity(nx.Graph(), nx.path_graph(2))
    with pytest.raises(InvalidPuzzleError, match="'m' must be an int >= 1"):
        rook_nullity(0, 3)


@pytest.mark.parametrize("p", PRIMES)
@pytest.mark.parametrize("rule", ["closed", "open"])
def test_hamming_closed_form_equals_elimination(p: int, rule: str) -> None:
    for d, q in [(1, 1), (1, 4), (2, 3), (3, 2), (4, 2), (5, 2), (2, 5), (3, 3), (3, 4), (2, 7)]:
        got = hamming_nullity(d, q, modulus=p, rule=rule)
        if q % p == 0 and q > 2:
            assert got is None
            continue
        assert got == eliminated(lo.hamming(d, q, modulus=p, rule=rule)), (d, q)


def test_hypercubes_of_every_dimension_over_gf2() -> None:
    # The kernel argument of the docstring, checked against elimination up to Q_11.
    for d in range(1, 12):
        for rule, c in [("closed", 1), ("open", 0)]:
            expected = eliminated(lo.hypercube(d, rule=rule))
            assert (
                hamming_nullity(d, 2, rule=rule) == expected == (2 ** (d - 1)) * ((d + c) % 2 == 0)
            )
