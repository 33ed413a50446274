"""fast_nullity and analyze on product puzzles: the formula agrees with elimination."""

from __future__ import annotations

import math

import networkx as nx
import pytest

import lightsout_graphs as lo
from lightsout_graphs import zk
from lightsout_graphs.representation.products import fast_nullity, product_nullity


def eliminated(puzzle: lo.Puzzle) -> int:
    rank = zk.factorize(puzzle.toggle_matrix(), puzzle.modulus).rank
    assert rank is not None
    return puzzle.n - rank


PUZZLES = [
    ("grid", lambda k, r: lo.grid(6, 9, modulus=k, rule=r)),
    ("torus", lambda k, r: lo.torus(6, 10, modulus=k, rule=r)),
    ("torus-small-sides", lambda k, r: lo.torus(2, 7, modulus=k, rule=r)),
    ("cylinder", lambda k, r: lo.cylinder(5, 12, modulus=k, rule=r)),
    ("prism", lambda k, r: lo.prism(9, modulus=k, rule=r)),
    ("rook", lambda k, r: lo.rook(4, 7, modulus=k, rule=r)),
    ("alien_tiles", lambda k, r: lo.alien_tiles(7, modulus=k, rule=r)),
    ("hypercube", lambda k, r: lo.hypercube(6, modulus=k, rule=r)),
    ("hamming-2", lambda k, r: lo.hamming(2, 5, modulus=k, rule=r)),
    ("hamming-3", lambda k, r: lo.hamming(3, 3, modulus=k, rule=r)),
    ("product", lambda k, r: lo.product(nx.star_graph(3), nx.petersen_graph(), modulus=k, rule=r)),
]


@pytest.mark.parametrize(("name", "build"), PUZZLES, ids=[n for n, _ in PUZZLES])
@pytest.mark.parametrize(("k", "rule"), [(2, "closed"), (3, "open"), (5, "closed"), (7, "open")])
def test_fast_nullity_equals_elimination(name: str, build, k: int, rule: str) -> None:
    puzzle = build(k, rule)
    fast = fast_nullity(puzzle)
    assert fast is not None
    assert fast == eliminated(puzzle)
    counted = lo.analyze(puzzle)
    assert counted.nullity == fast
    assert counted.num_quiet_patterns == k**fast
    assert counted.solvable_states * counted.num_quiet_patterns == k**puzzle.n
    assert counted.method in ("product formula", "polynomial")
    # The quiet patterns, read on demand, come from elimination: as many as the formula says.
    assert len(counted.quiet_patterns) == fast


def test_hypercubes_q1_to_q10_known_values() -> None:
    # Over GF(2), closed rule: A + I = (d + 1)I + Σ N_i with N_i² = 0, so Q_d has nullity
    # 2^(d-1) for odd d and 0 for even d. Over an odd p, Q_d is diagonalisable with the
    # eigenvalue d − 2i of multiplicity C(d, i).
    for d in range(1, 11):
        assert lo.analyze(lo.hypercube(d)).nullity == (2 ** (d - 1) if d % 2 else 0)
        for p, rule, c in [(3, "closed", 1), (5, "open", 0)]:
            expected = sum(math.comb(d, i) for i in range(d + 1) if (d - 2 * i + c) % p == 0)
            if d <= 8:
                puzzle = lo.hypercube(d, modulus=p, rule=rule)
                assert lo.analyze(puzzle).nullity == expected, (d, p)
            if 2 <= d <= 8:  # two halves of at most 16 nodes: the formula is used
                assert fast_nullity(lo.hypercube(d, modulus=p, rule=rule)) == expected
            if d >= 9:  # Q_4 □ Q_5 and Q_5 □ Q_5 by the formula directly
                low, high = nx.hypercube_graph(d // 2), nx.hypercube_graph(d - d // 2)
                assert product_nullity(low, high, modulus=p, rule=rule) == expected


def test_not_recognised_returns_none() -> None:
    assert fast_nullity(lo.torus(4, 4, modulus=4)) is None  # composite k
    assert fast_nullity(lo.torus(4, 4, rule="weighted")) is None
    assert fast_nullity(lo.torus(4, 4, pressable=[(0, 0)])) is None
    assert fast_nullity(lo.torus(3, 3, 3)) is None  # three factors
    assert fast_nullity(lo.king(4)) is None
    assert fast_nullity(lo.Puzzle(nx.path_graph(3))) is None
    big = nx.random_regular_graph(3, 50, seed=1)  # a generic factor above the limit
    assert fast_nullity(lo.product(big, nx.path_graph(2))) is None
    # 18 nodes: a Smith form would cost more than eliminating the 36 lights of the product,
    # but less than eliminating 64·18² = 20736 lights or more
    middle = nx.random_regular_graph(3, 18, seed=1)
    assert fast_nullity(lo.product(middle, nx.path_graph(2))) is None
    assert fast_nullity(lo.product(middle, nx.path_graph(1100))) is None
    big_product = lo.product(middle, nx.path_graph(1200), modulus=3)
    assert fast_nullity(big_product) == product_nullity(middle, nx.path_graph(1200), modulus=3)
    assert lo.analyze(lo.torus(4, 4, modulus=4)).nullity is None


def test_completely_solvable_products_skip_elimination(monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = lo.torus(7, 11)
    assert fast_nullity(puzzle) == 0 == eliminated(puzzle)

    def no_elimination(_: lo.Puzzle) -> None:
        raise AssertionError("elimination was started")

    monkeypatch.setattr("lightsout_graphs.algorithms.analysis.factorization", no_elimination)
    analysis = lo.analyze(puzzle)  # nullity 0: no quiet pattern to find, no elimination
    assert (
        analysis.all_solvable and analysis.num_quiet_patterns == 1 and analysis.quiet_patterns == []
    )
    analysis = lo.analyze(lo.torus(5, 5))  # the counts come without elimination ...
    assert analysis.nullity == 8 and analysis.method == "product formula"
    with pytest.raises(AssertionError, match="elimination was started"):
        _ = analysis.quiet_patterns  # ... the quiet patterns, read on demand, from elimination
