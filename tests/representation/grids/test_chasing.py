"""Light chasing agrees with the general Z_k engine, with brute force, and with the polynomials."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

import lightsout_graphs as lo
from lightsout_graphs import zk
from lightsout_graphs.core.errors import InvalidPuzzleError, InvalidStateError, ModulusError
from lightsout_graphs.core.zk.protocol import Factorization
from lightsout_graphs.representation.families import grid_graph
from lightsout_graphs.representation.grids import GridChaser, nullity

MODULI = (2, 3, 4, 5, 6)
RULES = ("closed", "open")


def toggle(x: np.ndarray, m: int, n: int, k: int, rule: str) -> np.ndarray:
    """T·x for the m×n grid, computed directly from the neighbourhoods (no matrix)."""
    g = np.asarray(x, dtype=object).reshape(m, n)
    out = g.copy() if rule == "closed" else np.zeros_like(g)
    out[1:] += g[:-1]
    out[:-1] += g[1:]
    out[:, 1:] += g[:, :-1]
    out[:, :-1] += g[:, 1:]
    return np.array([int(v) % k for v in out.ravel()], dtype=object)


def exact_order(g: np.ndarray, k: int) -> int:
    """The additive order of the vector g in Z_k^N."""
    return next(d for d in sympy.divisors(k) if not (d * g.astype(object) % k).any())


@st.composite
def grid_cases(draw: st.DrawFn) -> tuple[int, int, int, str, np.ndarray]:
    m = draw(st.integers(1, 6))
    n = draw(st.integers(1, 6))
    k = draw(st.sampled_from(MODULI))
    rule = draw(st.sampled_from(RULES))
    b = draw(st.lists(st.integers(0, k - 1), min_size=m * n, max_size=m * n))
    return m, n, k, rule, np.array(b, dtype=np.int64)


@given(grid_cases())
def test_agrees_with_the_general_engine(case: tuple[int, int, int, str, np.ndarray]) -> None:
    m, n, k, rule, b = case
    chaser = GridChaser(m, n, modulus=k, rule=rule)
    general = zk.factorize(lo.grid(m, n, modulus=k, rule=rule).toggle_matrix(), k)
    assert chaser.kernel_size == general.kernel_size
    assert chaser.image_size == general.image_size
    assert chaser.rank == general.rank
    assert chaser.shape == (m * n, m * n)
    assert chaser.is_solvable(b) == general.is_solvable(b)
    x = chaser.solve(b)
    if general.is_solvable(b):
        assert x is not None
        assert x.dtype == np.int64
        assert ((x >= 0) & (x < k)).all()
        assert (toggle(x, m, n, k, rule) == b % k).all()
        assert chaser.certificate(b) is None
    else:
        assert x is None
        y = chaser.certificate(b)
        assert y is not None
        assert not toggle(y, m, n, k, rule).any()  # T is symmetric: yᵀT = (T y)ᵀ
        assert int(np.dot(y.astype(object), b.astype(object))) % k != 0


@given(st.integers(1, 6), st.integers(1, 6), st.sampled_from(MODULI), st.sampled_from(RULES))
def test_quiet_patterns_are_a_direct_sum_of_the_stated_orders(
    m: int, n: int, k: int, rule: str
) -> None:
    chaser = GridChaser(m, n, modulus=k, rule=rule)
    gens = chaser.kernel()
    product = 1
    for g, order in gens:
        assert g.shape == (m * n,)
        assert not toggle(g, m, n, k, rule).any()
        assert exact_order(g, k) == order
        product *= order
    assert product == chaser.kernel_size
    # Distinct coefficient tuples give distinct patterns (the sum is direct), checked whole
    # when small.
    if chaser.kernel_size <= 256:
        seen = set()
        for coeffs in itertools.product(*(range(o) for _, o in gens)):
            total = sum((c * g for c, (g, _) in zip(coeffs, gens, strict=True)), np.zeros(m * n))
            seen.add(tuple(int(v) % k for v in total))
        assert len(seen) == chaser.kernel_size
    assert [(y.tolist(), o) for y, o in chaser.left_kernel()] == [(g.tolist(), o) for g, o in gens]


@pytest.mark.parametrize(
    ("m", "n", "k", "rule"),
    [(2, 3, 2, "closed"), (3, 3, 2, "open"), (1, 5, 3, "closed"), (2, 2, 4, "open")],
)
def test_solvable_boards_match_brute_force(m: int, n: int, k: int, rule: str) -> None:
    reachable = {
        tuple(toggle(np.array(x), m, n, k, rule).tolist())
        for x in itertools.product(range(k), repeat=m * n)
    }
    chaser = GridChaser(m, n, modulus=k, rule=rule)
    assert chaser.image_size == len(reachable)
    for b in itertools.product(range(k), repeat=m * n):
        assert chaser.is_solvable(np.array(b)) == (b in reachable)


def test_satisfies_the_factorization_protocol() -> None:
    assert isinstance(GridChaser(3, 4), Factorization)
    assert isinstance(GridChaser(4, 3, modulus=6, rule="open"), Factorization)


@pytest.mark.parametrize(
    ("side", "expected"), [(4, 4), (5, 2), (9, 8), (11, 6), (32, 20), (64, 28)]
)
def test_known_square_nullities(side: int, expected: int) -> None:
    chaser = GridChaser(side, side)
    assert chaser.kernel_size == 2**expected
    assert chaser.rank == side * side - expected


@pytest.mark.parametrize("side", [1, 3, 7, 15, 31, 63, 127])
def test_sides_two_to_the_k_minus_one_have_no_quiet_pattern(side: int) -> None:
    assert GridChaser(side, side).kernel_size == 1


@pytest.mark.parametrize(
    ("m", "n", "k", "rule"),
    [(70, 131, 2, "closed"), (129, 65, 2, "open"), (40, 23, 3, "closed"), (17, 30, 4, "open")],
)
def test_wide_boards_replay(m: int, n: int, k: int, rule: str) -> None:
    """Widths beyond one 64-bit word, both orientations, and solvable and unsolvable boards."""
    rng = np.random.default_rng(m * n + k)
    chaser = GridChaser(m, n, modulus=k, rule=rule)
    if k == 2:
        assert chaser.kernel_size == 2 ** nullity(m, n, modulus=k, rule=rule)
    reachable = toggle(rng.integers(0, k, m * n), m, n, k, rule).astype(np.int64)
    x = chaser.solve(reachable)
    assert x is not None
    assert (toggle(x, m, n, k, rule) == reachable).all()
    for g, _ in chaser.kernel()[:3]:
        assert not toggle(g, m, n, k, rule).any()
    b = rng.integers(0, k, m * n)
    x = chaser.solve(b)
    if x is None:
        y = chaser.certificate(b)
        assert y is not None
        assert not toggle(y, m, n, k, rule).any()
        assert int(np.dot(y.astype(object), b.astype(object))) % k != 0
    else:
        assert (toggle(x, m, n, k, rule) == b).all()


def test_a_large_modulus_uses_exact_integers() -> None:
    k = 2**61 - 1  # prime, above the int64 chasing bound
    chaser = GridChaser(3, 4, modulus=k)
    b = np.array([k - 1 - i for i in range(12)], dtype=object)
    x = chaser.solve(b)
    assert x is not None
    assert x.dtype == object
    assert (toggle(x, 3, 4, k, "closed") == b).all()
    # Between 2**31.5 and 2**60 the chase runs in int64, the vectors handed out are exact ints.
    k = 2**40 + 15  # prime
    general = zk.factorize(lo.grid(3, 4, modulus=k).toggle_matrix(), k)
    x = GridChaser(3, 4, modulus=k).solve(np.arange(12))
    y = general.solve(np.arange(12))
    assert x is not None
    assert y is not None
    assert x.dtype == y.dtype == object
    assert (toggle(x, 3, 4, k, "closed") == np.arange(12)).all()


def test_transposed_boards_agree() -> None:
    rng = np.random.default_rng(7)
    tall, wide = GridChaser(9, 4, modulus=3), GridChaser(4, 9, modulus=3)
    assert tall.kernel_size == wide.kernel_size
    b = toggle(rng.integers(0, 3, 36), 9, 4, 3, "closed").astype(np.int64)
    x = tall.solve(b)
    y = wide.solve(b.reshape(9, 4).T.ravel())
    assert x is not None
    assert y is not None
    assert (toggle(y, 4, 9, 3, "closed").reshape(4, 9).T.ravel() == b).all()


def test_inputs_are_reduced_mod_k() -> None:
    chaser = GridChaser(2, 3, modulus=5)
    b = np.array([1, 2, 3, 4, 0, 1])
    x = chaser.solve(b)
    assert x is not None
    assert (chaser.solve(b + 5 * np.arange(6) - 10) == x).all()
    assert (chaser.solve(b.astype(np.uint8)) == x).all()
    assert (chaser.solve(list(b.tolist())) == x).all()  # type: ignore[arg-type]
    binary = GridChaser(3, 2)
    b2 = toggle(np.array([1, 0, 0, 1, 1, 0]), 3, 2, 2, "closed").astype(np.int64)
    x2 = binary.solve(b2)
    assert x2 is not None
    assert (binary.solve(b2 - 4 * np.arange(6) - 2) == x2).all()
    assert (binary.solve(b2.astype(bool)) == x2).all()
    assert (binary.solve(b2.astype(np.uint64) + np.uint64(2**63)) == x2).all()


def test_for_puzzle() -> None:
    chaser = GridChaser.for_puzzle(lo.grid(3, 5, modulus=4, rule="open"))
    assert chaser is not None
    assert (chaser.rows, chaser.cols, chaser.modulus, chaser.rule) == (3, 5, 4, "open")
    assert GridChaser.for_puzzle(lo.grid(2, 2, 2)) is None
    assert GridChaser.for_puzzle(lo.grid(3, 3, pressable=[(0, 0)])) is None
    assert GridChaser.for_puzzle(lo.Puzzle(grid_graph(3, 3))) is None


@pytest.mark.parametrize(
    ("kwargs", "word"),
    [
        ({"m": 0, "n": 3}, "'m'"),
        ({"m": 2, "n": 2.5}, "'n'"),
        ({"m": True, "n": 2}, "'m'"),
        ({"m": 2, "n": 2, "modulus": 1}, "'modulus'"),
        ({"m": 2, "n": 2, "modulus": 2**62}, "'modulus'"),
        ({"m": 2, "n": 2, "modulus": "2"}, "'modulus'"),
        ({"m": 2, "n": 2, "rule": "weighted"}, "'rule'"),
    ],
)
def test_bad_arguments(kwargs: dict[str, object], word: str) -> None:
    error = ModulusError if word == "'modulus'" else InvalidPuzzleError
    with pytest.raises(error, match=word):
        GridChaser(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "rhs",
    [np.zeros(5, dtype=np.int64), np.zeros((2, 3), dtype=np.int64), np.zeros(6), ["a"] * 6],
)
def test_bad_vectors(rhs: object) -> None:
    chaser = GridChaser(2, 3)
    for method in (chaser.solve, chaser.is_solvable, chaser.certificate):
        with pytest.raises(InvalidStateError, match="'rhs'"):
            method(rhs)  # type: ignore[arg-type]


@pytest.mark.parametrize("k", [32, 33, 8192, 8193, 2**29, 2**29 + 1, 2**31 + 11])
def test_moduli_at_the_integer_width_boundaries(k: int) -> None:
    """The first-row matrix is chased in the narrowest integer type that holds 4·(k − 1)."""
    for m, n in [(4, 5), (6, 6)]:
        matrix = lo.grid(m, n, modulus=k).toggle_matrix()
        general = zk.factorize(matrix, k)
        chaser = GridChaser(m, n, modulus=k)
        assert chaser.kernel_size == general.kernel_size
        b = (np.arange(m * n, dtype=np.int64) * 7919) % k
        x = chaser.solve(b)
        assert (x is None) == (general.solve(b) is None)
        if x is not None:
            assert (toggle(x, m, n, k, "closed") == b).all()


# -- replaying presses: apply and toggle ------------------------------------------------------


@st.composite
def replay_cases(draw: st.DrawFn) -> tuple[int, int, int, str, np.ndarray, np.ndarray]:
    m = draw(st.integers(1, 7))
    n = draw(st.integers(1, 7))
    k = draw(st.sampled_from((2, 3, 4, 5, 6, 7, 12)))
    rule = draw(st.sampled_from(RULES))
    state = draw(st.lists(st.integers(0, k - 1), min_size=m * n, max_size=m * n))
    presses = draw(st.lists(st.integers(-3 * k, 3 * k), min_size=m * n, max_size=m * n))
    return m, n, k, rule, np.array(state, dtype=np.int64), np.array(presses, dtype=np.int64)


@given(replay_cases())
def test_apply_and_toggle_agree_with_the_puzzle(
    case: tuple[int, int, int, str, np.ndarray, np.ndarray],
) -> None:
    m, n, k, rule, state, presses = case
    chaser = GridChaser(m, n, modulus=k, rule=rule)
    puzzle = lo.grid(m, n, modulus=k, rule=rule)
    reduced = presses % k
    after = chaser.apply(state, presses)
    assert after.dtype == np.int64
    assert after.tolist() == puzzle.apply_vector(state, reduced).tolist()
    assert ((after - state) % k).tolist() == toggle(reduced, m, n, k, rule).tolist()
    change = chaser.toggle(presses)
    assert change.tolist() == toggle(reduced, m, n, k, rule).tolist()
    assert change.tolist() == chaser.apply(np.zeros(m * n, dtype=np.int64), presses).tolist()


@given(grid_cases())
def test_apply_replays_a_solution(case: tuple[int, int, int, str, np.ndarray]) -> None:
    m, n, k, rule, b = case
    chaser = GridChaser(m, n, modulus=k, rule=rule)
    target = np.zeros(m * n, dtype=np.int64)
    presses = chaser.solve((target - b) % k)
    if presses is None:
        assert not chaser.is_solvable((target - b) % k)
        return
    assert chaser.apply(b, presses).tolist() == target.tolist()


def test_apply_takes_other_dtypes_and_leaves_inputs_alone() -> None:
    chaser = GridChaser(2, 3)
    state = np.array([1, 0, 1, 0, 1, 0], dtype=np.uint8)
    presses = np.array([True, False, False, False, False, True])
    kept = state.copy()
    after = chaser.apply(state, presses)
    assert after.tolist() == lo.grid(2, 3).apply_vector(state, presses.astype(int)).tolist()
    assert state.tolist() == kept.tolist()
    assert chaser.apply([1, 0, 1, 0, 1, 0], [3, 0, 0, 0, 0, -1]).tolist() == after.tolist()


def test_apply_with_a_huge_modulus_uses_python_ints() -> None:
    k = 2**61 + 1
    chaser = GridChaser(2, 2, modulus=k)
    state = np.array([k - 1, 0, 1, 2], dtype=object)
    presses = np.array([k - 1, 1, 0, 0], dtype=object)
    after = chaser.apply(state, presses)
    assert after.dtype == object
    expected = toggle(presses, 2, 2, k, "closed")
    assert after.tolist() == [(int(s) + int(e)) % k for s, e in zip(state, expected, strict=True)]


@pytest.mark.parametrize(
    ("call", "word"),
    [
        (lambda c: c.apply(np.zeros(5, dtype=np.int64), np.zeros(6, dtype=np.int64)), "'state'"),
        (lambda c: c.apply(np.zeros(6, dtype=np.int64), np.zeros((2, 3), dtype=int)), "'presses'"),
        (lambda c: c.apply(np.zeros(6), np.zeros(6, dtype=np.int64)), "'state'.*float"),
        (lambda c: c.toggle(["a"] * 6), "'presses'.*entry 0"),
    ],
)
def test_apply_rejects_bad_vectors(call: object, word: str) -> None:
    with pytest.raises(InvalidStateError, match=word):
        call(GridChaser(2, 3))  # type: ignore[operator]


@pytest.mark.parametrize("rule", [np.array([1.0, 1.0]), np.array(["closed", "open"]), 1, None])
def test_a_rule_that_is_not_a_string_is_the_packages_error(rule: object) -> None:
    with pytest.raises(InvalidPuzzleError, match="'rule' must be one of closed, open,"):
        lo.GridChaser(3, 3, rule=rule)  # type: ignore[arg-type]
    with pytest.raises(InvalidPuzzleError, match="'rule' must be one of closed, open,"):
        lo.chase_table(5, rule=rule)  # type: ignore[arg-type]
