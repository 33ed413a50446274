"""Tests of what ``lightsout`` writes: unsolvable boards in words, nodes as JSON."""

from __future__ import annotations

import lightsout_graphs as lo
from lightsout_graphs.cli import output


def test_explain_unsolvable_weighted_and_long() -> None:
    p = lo.grid(1, 20, modulus=2)
    cert = dict.fromkeys(p.nodes, 1)
    words = output.explain_unsolvable(p, cert, p.state_vector(1), p.state_vector(0))
    assert "and 8 more" in words
    assert words.endswith("no press changes the parity of that sum")
    q = lo.grid(1, 2, modulus=5)
    words = output.explain_unsolvable(q, {(0, 0): 2, (0, 1): 1}, [1, 1], [0, 0])
    assert words.startswith("the weighted sum 2·(0,0) + (0,1) of the lights must be 0 mod 5")
    assert "on this board it is 3" in words
    words = output.explain_unsolvable(q, {(0, 0): 1, (0, 1): 1}, [1, 1], [0, 0])
    assert words.startswith("the sum of the lights at (0,0), (0,1) must be 0 mod 5")


def test_json_node() -> None:
    import numpy as np

    assert output.json_node((1, (2, "a"))) == [1, [2, "a"]]
    assert output.json_node(np.int64(3)) == 3
    assert output.json_node(frozenset()) == "frozenset()"
    assert output.json_node(None) is None
