"""``lightsout list`` and ``lightsout show`` through ``main([...])``."""

from __future__ import annotations

import json

import pytest

import lightsout_graphs as lo
from lightsout_graphs import catalog
from tests.interfaces.cli.clirun import run


def test_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "list")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["name", "graph", "lights", "buttons", "modulus", "rule", "nullity"]
    row = next(line for line in lines if line.startswith("lights-out "))
    assert row.split() == ["lights-out", "grid", "5×5", "25", "25", "2", "closed", "2"]
    # Buttons and lights differ on the 600-cell: the nullity counts button patterns (84 of 120).
    row = next(line for line in lines if line.startswith("600-cell "))
    assert row.split()[-5:] == ["72", "120", "2", "weighted", "84"]
    code, out, _ = run(capsys, "list", "--json")
    rows = {r["name"]: r for r in json.loads(out)}
    assert set(rows) == set(catalog.names())
    assert (rows["600-cell"]["lights"], rows["600-cell"]["buttons"]) == (72, 120)
    assert rows["alien-tiles"]["nullity"] is None
    assert (
        rows["alien-tiles"]["kernel_size"]
        == lo.analyze(catalog.load("alien-tiles")).num_quiet_patterns
    )


def test_show(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "lights-out")
    assert code == 0
    assert out.startswith("lights-out (Lights Out): 25 lights, 40 edges, closed rule, modulus 2")
    assert "Nullity: 2" in out
    assert "Solvable boards: 8,388,608 of 33,554,432 (1/4)" in out
    assert "Named boards (3; solve one with --start NAME):\npattern:\n.*.*." in out
    assert "Source: manufacturer: Tiger Electronics" in out
    assert "Rules: a press adds 1 mod 2 to its own light and to its neighbours" in out
    code, out, _ = run(capsys, "show", "merlin")
    assert "a press adds the weights of its arcs mod 2" in out
    assert "Goal:\n***\n*.*\n***" in out
    code, out, _ = run(capsys, "show", "--family", "petersen", "--max-patterns", "1")
    assert code == 0
    assert "the first 1 shown" in out


def test_show_counts_lights_and_buttons(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "16-cell")
    assert code == 0
    assert "6 lights" in out and "8 buttons without lights" in out
    assert "Solvable boards: 8 of 64 (1/8)" in out


def test_show_a_board_bigger_than_a_networkx_graph(capsys: pytest.CaptureFixture[str]) -> None:
    # The rules sentence read puzzle.graph: refused, 9,000,000 nodes.
    code, out, _ = run(capsys, "show", "--family", "grid", "--shape", "3000x3000")
    assert code == 0
    assert out.startswith("grid 3000×3000: 9,000,000 lights, 17,994,000 edges")
    assert "Rules: a press adds 1 mod 2 to its own light and to its neighbours" in out
