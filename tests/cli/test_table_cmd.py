"""``lightsout table`` for product families: formula tables, long CSV, messages, size limits."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import numpy as np
import pytest

import lightsout_graphs as lo
from lightsout_graphs.cli import main
from lightsout_graphs.families import make


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_error_line(err: str, *parts: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("lightsout: ")
    assert "Traceback" not in err
    for part in parts:
        assert part in lines[0], (part, lines[0])


def eliminated(puzzle: lo.Puzzle) -> int:
    """The nullity by the general engine (elimination of the whole toggle matrix)."""
    rank = lo.zk.factorize(puzzle.toggle_matrix(), puzzle.modulus).rank
    assert rank is not None
    return puzzle.n - rank


def matrix(text: str) -> np.ndarray:
    rows = list(csv.reader(io.StringIO(text)))
    return np.array([[int(x) for x in r[1:]] for r in rows[1:]])


@pytest.mark.parametrize(
    ("family", "k", "rule"),
    [
        ("torus", 2, "closed"),
        ("cylinder", 3, "open"),
        ("rook", 5, "closed"),
        ("cylinder", 2, "closed"),
    ],
)
def test_formula_families_agree_with_elimination(
    capsys: pytest.CaptureFixture[str], family: str, k: int, rule: str
) -> None:
    code, out, err = run(
        capsys, "table", "--family", family, "--max", "5", "-k", str(k), "--rule", rule
    )
    assert code == 0, err
    expected = [
        [eliminated(make(family, m=m, n=n, modulus=k, rule=rule)) for n in range(1, 6)]
        for m in range(1, 6)
    ]
    assert matrix(out).tolist() == expected


def test_long_csv_holds_the_same_numbers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, wide, _ = run(capsys, "table", "--family", "torus", "--max", "6")
    assert code == 0
    code, long, err = run(capsys, "table", "--family", "torus", "--max", "6", "--long", "-")
    assert code == 0, err
    rows = list(csv.reader(io.StringIO(long)))
    assert rows[0] == ["m", "n", "nullity"]
    assert len(rows) == 1 + 36
    table = matrix(wide)
    for m, n, value in rows[1:]:
        assert table[int(m) - 1, int(n) - 1] == int(value)


def test_success_says_where_it_wrote(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    wide, long = tmp_path / "t.csv", tmp_path / "t-long.csv"
    code, out, err = run(
        capsys, "table", "--family", "rook", "--max", "4", "--csv", str(wide), "--long", str(long)
    )
    assert code == 0
    assert out.splitlines() == [
        f"Wrote {wide} (CSV matrix: 4×4 nullities of rook boards mod 2, closed rule)",
        f"Wrote {long} (long CSV m,n,nullity: 4×4 nullities of rook boards mod 2, closed rule)",
    ]
    assert err == ""
    assert long.read_text(encoding="utf-8").startswith("m,n,nullity\n1,1,0\n")
    # With the matrix on standard output, the note goes to standard error.
    code, out, err = run(capsys, "table", "--max", "3", "--csv", "-", "--long", str(long))
    assert code == 0
    assert matrix(out).shape == (3, 3)
    assert (
        err.strip()
        == f"Wrote {long} (long CSV m,n,nullity: 3×3 nullities of grid boards mod 2, closed rule)"
    )


@pytest.mark.parametrize("family", ["grid", "torus", "king"])
def test_huge_max_is_a_usage_error(capsys: pytest.CaptureFixture[str], family: str) -> None:
    code, _, err = run(capsys, "table", "--family", family, "--max", str(10**30))
    assert code == 2
    one_error_line(err, "--max must be at most 16384", str(10**30))


def test_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "table", "--max", "10**30")
    assert code == 2
    assert "invalid int value" in err
    code, _, err = run(capsys, "table", "--max", "3", "--csv", "-", "--long", "-")
    assert code == 2
    one_error_line(err, "cannot both write to standard output")
    code, _, err = run(capsys, "table", "--family", "cylinder", "--max", "3", "-k", "6")
    assert code == 2
    one_error_line(err, "--modulus 6 is not prime")
