"""Every shipped catalog entry loads, its invariants are recomputed, its boards are solved."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from sympy import Matrix
from sympy.matrices.normalforms import smith_normal_form
from sympy.polys.domains import ZZ

import lightsout_graphs as lo
from lightsout_graphs import catalog

NAMES = catalog.names()

REQUIRED = [
    "lights-out",
    "mini-lights-out",
    "lights-out-deluxe",
    "lights-out-deluxe-x",
    "lights-out-2000",
    "lights-out-cube",
    "orbix",
    "merlin",
    "xl-25",
    "alien-tiles",
    "knight-5x5",
    "king-5x5",
    "x-pattern-5x5",
    "torus-5x5",
    "hypercube-q4",
    "grid-3x3x3x3",
    "petersen",
    "dodecahedron",
]


def rank_mod_p(matrix: np.ndarray, p: int) -> int:
    """Rank over GF(p) by plain Gauss-Jordan elimination (independent of the package's engines)."""
    a = matrix.astype(np.int64) % p
    rank = 0
    for c in range(a.shape[1]):
        rows = np.flatnonzero(a[rank:, c]) + rank
        if rows.size == 0:
            continue
        a[[rank, rows[0]]] = a[[rows[0], rank]]
        a[rank] = a[rank] * pow(int(a[rank, c]), -1, p) % p
        for r in range(a.shape[0]):
            if r != rank and a[r, c]:
                a[r] = (a[r] - a[r, c] * a[rank]) % p
        rank += 1
        if rank == a.shape[0]:
            break
    return rank


def kernel_size_by_smith_form(matrix: np.ndarray, k: int) -> int:
    """|{x : T x ≡ 0 (mod k)}| from the Smith normal form over the integers."""
    snf = smith_normal_form(Matrix(matrix.tolist()), domain=ZZ)
    diag = [int(snf[i, i]) for i in range(min(snf.shape))]
    return math.prod(math.gcd(d, k) for d in diag) * k ** (matrix.shape[1] - len(diag))


def brute_force(puzzle: lo.Puzzle) -> tuple[int, int, int]:
    """(kernel size, reachable boards, God's number) by pressing every press vector."""
    t = puzzle.press_matrix().toarray()
    k = puzzle.modulus
    vectors = np.array(list(itertools.product(range(k), repeat=t.shape[1])), dtype=np.int64)
    images = (vectors @ t.T) % k
    kernel = int((~images.any(axis=1)).sum())
    fewest: dict[bytes, int] = {}
    for row, presses in zip(images, vectors.sum(axis=1), strict=True):
        key = row.tobytes()
        fewest[key] = min(fewest.get(key, presses), presses)
    return kernel, len(fewest), max(fewest.values())


def test_the_required_entries_are_shipped() -> None:
    assert set(REQUIRED) <= set(NAMES)
    assert catalog.problems() == []


@pytest.mark.parametrize("name", NAMES)
def test_entry_metadata(name: str) -> None:
    p = catalog.load(name)
    assert p.name == name
    assert p.title
    assert p.boards, "every entry has at least one named starting board"
    assert p.family is not None
    assert p.goal.shape == (p.n,)
    if p.colors is not None:
        assert len(p.colors) == p.modulus
    assert all(k in catalog.INVARIANTS for k in p.invariants)


@pytest.mark.parametrize("name", NAMES)
def test_recorded_invariants_match_recomputed_values(name: str) -> None:
    p = catalog.load(name)
    inv = p.invariants
    assert inv, f"{name} records no invariants"
    k = p.modulus
    t = p.press_matrix().toarray()
    n = p.n
    gods = None
    if t.shape[1] * math.log2(k) <= 16:  # every press vector (one per button)
        kernel, reachable, gods = brute_force(p)
    elif all(k % q for q in range(2, math.isqrt(k) + 1)):
        rank = rank_mod_p(t, k)
        kernel, reachable = k ** (t.shape[1] - rank), k**rank
    else:
        kernel = kernel_size_by_smith_form(t, k)
        reachable = k ** t.shape[1] // kernel  # square matrix: |image| = k^n / |kernel|
    if "num_quiet_patterns" in inv:
        assert inv["num_quiet_patterns"] == kernel
    if "solvable_states" in inv:
        assert inv["solvable_states"] == reachable
    if "nullity" in inv:
        assert k ** inv["nullity"] == kernel
    if "rank" in inv:
        assert k ** inv["rank"] == reachable
    if "all_solvable" in inv:
        assert inv["all_solvable"] == (reachable == k**n)
    if "gods_number" in inv and gods is not None:
        assert inv["gods_number"] == gods
    elif "gods_number" in inv and reachable <= 2**18:  # breadth-first search, fast enough
        assert lo.gods_number(p) == inv["gods_number"]
    # the package's own analysis agrees as well
    a = lo.analyze(p)
    for key, value in inv.items():
        if key != "gods_number":
            assert getattr(a, key) == value, key


@pytest.mark.parametrize("name", NAMES)
def test_every_named_board_is_solved_and_replayed(name: str) -> None:
    p = catalog.load(name)
    for board, state in p.boards.items():
        solution = lo.solve(p, state)
        assert solution.verify(), board
        after = p.apply(state, solution.presses)
        assert [after[v] for v in p.lights] == p.goal.tolist(), board


@pytest.mark.slow
def test_lights_out_gods_number_is_fifteen() -> None:
    # Every solvable 5×5 board can be cleared in at most 15 presses (Jaap's Puzzle Page).
    p = catalog.load("lights-out")
    assert lo.gods_number(p) == p.invariants["gods_number"] == 15


def test_lights_out_boards_and_fewest_presses() -> None:
    p = catalog.load("lights-out")
    assert {"pattern", "all-on"} <= set(p.boards)
    assert p.family == lo.FamilyInfo("grid", {"shape": (5, 5)})
    assert p.sources[0]["year"] == 1995
    assert lo.solve(p, p.boards["all-on"], minimize=True).num_presses == 15


def test_alien_tiles_literature_values() -> None:
    p = catalog.load("alien-tiles")
    assert p.colors == ("red", "green", "blue", "purple")
    assert p.boards["all-blue"].tolist() == [2] * 49
    assert lo.solve(p, p.boards["all-blue"], minimize=True).num_presses == 14
    # pressing every tile once adds 7 + 7 - 1 = 13 = 1 (mod 4) everywhere: all green
    assert lo.solve(p, 0, target=1).verify()
    # a single tile can only be moved on by two colours (Rhoads): the centre alone can be blue
    assert lo.is_solvable(p, p.boards["blue-centre"])
    centre_green = np.zeros(49, dtype=np.int64)
    centre_green[p.index[(3, 3)]] = 1
    assert not lo.is_solvable(p, centre_green)


def test_goals_of_merlin_orbix_and_xl25() -> None:
    merlin = catalog.load("merlin")
    assert merlin.as_dict(merlin.goal) == {
        (r, c): int((r, c) != (1, 1)) for r in range(3) for c in range(3)
    }
    orbix = catalog.load("orbix")
    assert orbix.rule == "open" and orbix.n == 12 and orbix.goal.tolist() == [1] * 12
    assert catalog.load("xl-25").goal.tolist() == [1] * 25


def test_lights_out_cube_plus_is_one_press() -> None:
    p = catalog.load("lights-out-cube")
    solution = lo.solve(p, p.boards["plus"], minimize=True)
    assert solution.num_presses == 1
    assert solution.presses[(2, 1, 1)] == 1


def test_mini_lights_out_wraps_around() -> None:
    p = catalog.load("mini-lights-out")
    assert sum(p.press(0, (0, 0)).values()) == 5
    assert p.press(0, (0, 0))[(3, 0)] == 1
