"""God's number as the covering radius of the quiet-pattern code, against brute force and data."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import lightsout_graphs as lo
from lightsout_graphs.covering import gods_number_bounds

#: wmboyles/LightsOut-Math @305ca2e, code/serialization/min_clicks_answers.txt, as kept in
#: /work/shared/peers_data/wmboyles_min_clicks_answers.txt (copied here for CI).
PUBLISHED = {4: 7, 5: 15, 11: 65, 14: 123, 17: 199}

BRUTE_CASES = (
    [lo.grid(m, n) for m in range(1, 6) for n in range(m, 6)]
    + [lo.grid(m, n, modulus=3) for m in range(1, 4) for n in range(m, 4)]
    + [lo.grid(2, 4, modulus=4), lo.grid(3, 3, modulus=4, rule="open"), lo.grid(4, 4, rule="open")]
    + [lo.torus(4, 4), lo.torus(3, 5)]
)


@pytest.mark.parametrize("puzzle", BRUTE_CASES, ids=repr)
def test_every_small_board_matches_the_breadth_first_search(puzzle: lo.Puzzle) -> None:
    g = gods_number_bounds(puzzle, time_limit=60)
    assert g.exact and g.value == lo.gods_number(puzzle, max_states=2**25)
    # The witness presses solve the board -T·witness, which really needs that many presses.
    board = puzzle.apply(0, puzzle.as_dict((-g.witness) % puzzle.modulus))
    assert lo.solve(puzzle, board, minimize=True).num_presses == g.lower


@pytest.mark.parametrize(("n", "value"), sorted(PUBLISHED.items()))
def test_published_values(n: int, value: int) -> None:
    g = gods_number_bounds(lo.grid(n, n), time_limit=60)
    assert g.exact and g.value == value


def test_a_board_with_nullity_zero_needs_every_press() -> None:
    g = gods_number_bounds(lo.grid(6, 6))
    assert g.exact and g.value == 36 and g.rounds == 0


def test_bounds_when_time_runs_out_contain_the_value() -> None:
    g = gods_number_bounds(lo.grid(9, 9), time_limit=2)  # 37 (wmboyles/LightsOut-Math)
    assert g.lower <= 37 <= g.upper
    if not g.exact:
        with pytest.raises(lo.LightsOutError, match="only bounded"):
            _ = g.value


def test_the_published_table_is_kept_as_data() -> None:
    path = Path("/work/shared/peers_data/wmboyles_min_clicks_answers.txt")
    if not path.exists():
        pytest.skip("the shared data folder is not mounted")
    rows = dict(line.split(maxsplit=1) for line in path.read_text().splitlines()[2:] if line)
    for n, value in PUBLISHED.items():
        assert rows[str(n)].strip() == str(value)


def test_a_huge_kernel_is_refused() -> None:
    with pytest.raises(lo.LightsOutError, match="max_kernel"):
        gods_number_bounds(lo.grid(4, 4), max_kernel=8)


def test_witness_is_a_press_vector() -> None:
    g = gods_number_bounds(lo.grid(5, 5))
    assert g.witness.shape == (25,) and set(np.unique(g.witness)) <= {0, 1}


def test_a_refusal_writes_a_huge_kernel_as_a_power() -> None:
    import networkx as nx

    from lightsout_graphs.errors import SearchLimitError

    p = lo.Puzzle(nx.empty_graph(14400), rule="open")
    with pytest.raises(SearchLimitError, match=r"2\^14400 \(about 10\^4334\.8\) quiet patterns"):
        lo.gods_number_bounds(p)
