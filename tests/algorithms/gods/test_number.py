"""God's number, exact, from whichever method proves it: BFS, averaging, the programmes."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest

import lightsout_graphs as lo
from lightsout_graphs.algorithms.gods import depth_distribution, gods_number
from lightsout_graphs.core.errors import SearchLimitError

#: wmboyles/LightsOut-Math @305ca2e, code/serialization/min_clicks_answers.txt, as kept in
#: ../shared/peers_data/wmboyles_min_clicks_answers.txt (copied here for CI).
PUBLISHED = {4: 7, 5: 15, 9: 37, 11: 65, 14: 123, 17: 199, 24: 375}


@pytest.mark.parametrize("n", [4, 5, 11, 14, 17, 24])
def test_published_values(n: int) -> None:
    assert gods_number(lo.grid(n, n)) == PUBLISHED[n]


def test_the_published_table_is_kept_as_data() -> None:
    path = Path(__file__).resolve().parents[4] / "shared/peers_data/wmboyles_min_clicks_answers.txt"
    if not path.exists():
        pytest.skip("the shared data folder is not mounted")
    rows = dict(line.split(maxsplit=1) for line in path.read_text().splitlines()[2:] if line)
    for n, value in PUBLISHED.items():
        assert rows[str(n)].strip() == str(value)


@pytest.mark.parametrize(
    "puzzle",
    [
        lo.grid(3, 3),
        lo.grid(4, 4),
        lo.grid(2, 3, modulus=3),
        lo.torus(4, 4),
        lo.grid(4, 4, rule="open"),
    ],
    ids=repr,
)
def test_every_route_agrees_with_the_breadth_first_search(puzzle: lo.Puzzle) -> None:
    truth = max(depth_distribution(puzzle))
    assert gods_number(puzzle) == truth
    assert gods_number(puzzle, max_states=1) == truth  # no search: the programmes prove it


def test_the_kernel_limit_counts_the_buttons_of_distinct_effects() -> None:
    # The 4×4 board with five extra buttons wired to no light: 16 · 2^5 quiet patterns, but
    # the programmes search the 16 grid buttons alone, whose 16 fit max_kernel=16.
    g = nx.grid_2d_graph(4, 4)
    grid_nodes = list(g)
    g.add_nodes_from(("spare", i) for i in range(5))
    puzzle = lo.Puzzle(g, lights=grid_nodes)
    assert lo.analyze(puzzle).num_quiet_patterns == 16 * 2**5
    assert gods_number(puzzle, max_states=16, max_kernel=16) == 7 == gods_number(lo.grid(4, 4))
    with pytest.raises(lo.SearchLimitError, match=r"distinct effects\) are more than max_kernel"):
        gods_number(puzzle, max_states=16, max_kernel=15)


def test_no_quiet_pattern_means_every_press_counts() -> None:
    assert gods_number(lo.grid(20, 20)) == 400  # nullity 0: the all-press board
    assert gods_number(lo.grid(6, 6, modulus=3), max_states=1) == 72


def test_an_unproven_value_points_to_the_bounds() -> None:
    with pytest.raises(SearchLimitError, match="gods_number_bounds") as info:
        gods_number(lo.grid(19, 19), time_limit=0.5)
    assert "proved only" in str(info.value) and "2**" in str(info.value)
    assert "counting_bound(puzzle)" in str(info.value)
    with pytest.raises(SearchLimitError, match=r"max_kernel=2.*max_states=16"):
        gods_number(lo.grid(4, 4), max_kernel=2, max_states=16)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"max_states": 0}, "max_states"),
        ({"time_limit": -1}, "time_limit"),
        ({"max_kernel": 0}, "max_kernel"),
    ],
)
def test_bad_limits_are_refused(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(lo.LightsOutError, match=match):
        gods_number(lo.grid(3, 3), **kwargs)  # type: ignore[arg-type]


def test_the_range_is_exact_where_gods_number_is() -> None:
    from lightsout_graphs.algorithms.gods import gods_number_range

    assert gods_number_range(lo.grid(3, 3)) == (9, 9, 9)
    exact, low, high = gods_number_range(lo.grid(3, 3, modulus=3), time_limit=30)
    assert exact == low == high == 18
