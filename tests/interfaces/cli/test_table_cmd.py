"""``lightsout table``: nullity tables as CSV and pictures, formula families, long CSV, limits."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import matplotlib.image as mpimg
import numpy as np
import pytest

import lightsout_graphs as lo
from lightsout_graphs.representation.families import make
from tests.interfaces.cli.clirun import assert_one_error_line, run


def eliminated(puzzle: lo.Puzzle) -> int:
    """The nullity by the general engine (elimination of the whole toggle matrix)."""
    rank = lo.zk.factorize(puzzle.toggle_matrix(), puzzle.modulus).rank
    assert rank is not None
    return puzzle.n - rank


def read_csv(text: str) -> np.ndarray:
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][0] == "m\\n"
    assert [int(x) for x in rows[0][1:]] == list(range(1, len(rows)))
    assert [int(r[0]) for r in rows[1:]] == list(range(1, len(rows)))
    return np.array([[int(x) for x in r[1:]] for r in rows[1:]])


@pytest.mark.parametrize(
    ("k", "rule", "size"), [(2, "closed", 6), (2, "open", 4), (3, "closed", 4)]
)
def test_table_csv_agrees_with_solver(
    capsys: pytest.CaptureFixture[str], k: int, rule: str, size: int
) -> None:
    code, out, _ = run(capsys, "table", str(size), "-k", str(k), "--rule", rule)
    assert code == 0
    table = read_csv(out)
    expected = [
        [lo.analyze(lo.grid(m, n, modulus=k, rule=rule)).nullity for n in range(1, size + 1)]
        for m in range(1, size + 1)
    ]
    assert table.tolist() == expected


def test_table_other_family_and_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_csv = tmp_path / "t.csv"
    out_png = tmp_path / "t.png"
    code, out, _ = run(
        capsys, "table", "--family", "torus", "3", "--csv", str(out_csv),
        "-o", str(out_png), "--dpi", "50",
    )  # fmt: skip
    assert code == 0
    assert out.splitlines() == [
        f"Wrote {out_csv} (CSV matrix: 3×3 nullities of torus boards mod 2, closed rule)",
        f"Wrote {out_png} (250×200 pixels at 50 dpi)",
    ]
    table = read_csv(out_csv.read_text(encoding="utf-8"))
    expected = [
        [lo.analyze(make("torus", shape=(m, n))).nullity for n in range(1, 4)] for m in range(1, 4)
    ]
    assert table.tolist() == expected
    image = mpimg.imread(out_png)
    assert image.shape[:2] == (200, 250)  # the figure is 5 × 4 inches at 50 dpi
    code, out, _ = run(capsys, "table", "3", "-o", str(tmp_path / "t.svg"), "--csv", "-")
    assert code == 0
    assert read_csv(out).shape == (3, 3)
    assert (tmp_path / "t.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_table_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "table", "0")
    assert code == 2
    assert_one_error_line(err, "N must be at least 1, not 0")
    code, _, err = run(capsys, "table", "3", "-k", "4")
    assert code == 2
    assert_one_error_line(err, "--modulus 4 is not prime")
    assert "lightsout_graphs" not in err and "Argument" not in err  # CLI words only
    code, _, err = run(capsys, "table", "--family", "torus", "2", "-k", "4")
    assert code == 2
    assert_one_error_line(err, "--modulus 4 is not prime")
    code, _, err = run(capsys, "table", "3", "-o", str(tmp_path / "t.jpg"))
    assert code == 2
    assert_one_error_line(err, "must end in .png or .svg, not '.jpg'")
    code, _, err = run(capsys, "table", "3", "--csv", str(tmp_path / "no" / "t.csv"))
    assert code == 2
    assert_one_error_line(err, "No such file or directory", "t.csv")
    code, _, err = run(capsys, "table")
    assert code == 2
    assert_one_error_line(err, "Give N, the largest side")
    code, _, err = run(capsys, "table", "3", "--max", "4")
    assert code == 2
    assert_one_error_line(err, "Give N once")


def test_table_n_as_census_n_and_the_earlier_spellings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`table N` as `census N`, pictures by -o; --max and --png still read as before."""
    code, new, _ = run(capsys, "table", "3")
    assert code == 0
    code, old, _ = run(capsys, "table", "--max", "3")
    assert (code, old) == (0, new)
    code, out, _ = run(capsys, "table", "2", "--png", str(tmp_path / "a.png"))
    assert code == 0 and (tmp_path / "a.png").exists()
    code, out, _ = run(capsys, "table", "--help")
    assert "-o FILE, --output FILE" in out and "--png" not in out and "--max" not in out


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
    code, out, err = run(capsys, "table", "--family", family, "5", "-k", str(k), "--rule", rule)
    assert code == 0, err
    expected = [
        [eliminated(make(family, m=m, n=n, modulus=k, rule=rule)) for n in range(1, 6)]
        for m in range(1, 6)
    ]
    assert read_csv(out).tolist() == expected


def test_long_csv_holds_the_same_numbers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, wide, _ = run(capsys, "table", "--family", "torus", "6")
    assert code == 0
    code, long, err = run(capsys, "table", "--family", "torus", "6", "--long", "-")
    assert code == 0, err
    rows = list(csv.reader(io.StringIO(long)))
    assert rows[0] == ["m", "n", "nullity"]
    assert len(rows) == 1 + 36
    table = read_csv(wide)
    for m, n, value in rows[1:]:
        assert table[int(m) - 1, int(n) - 1] == int(value)


def test_success_says_where_it_wrote(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    wide, long = tmp_path / "t.csv", tmp_path / "t-long.csv"
    code, out, err = run(
        capsys, "table", "--family", "rook", "4", "--csv", str(wide), "--long", str(long)
    )
    assert code == 0
    assert out.splitlines() == [
        f"Wrote {wide} (CSV matrix: 4×4 nullities of rook boards mod 2, closed rule)",
        f"Wrote {long} (long CSV m,n,nullity: 4×4 nullities of rook boards mod 2, closed rule)",
    ]
    assert err == ""
    assert long.read_text(encoding="utf-8").startswith("m,n,nullity\n1,1,0\n")
    # With the matrix on standard output, the note goes to standard error.
    code, out, err = run(capsys, "table", "3", "--csv", "-", "--long", str(long))
    assert code == 0
    assert read_csv(out).shape == (3, 3)
    assert (
        err.strip()
        == f"Wrote {long} (long CSV m,n,nullity: 3×3 nullities of grid boards mod 2, closed rule)"
    )


@pytest.mark.parametrize("family", ["grid", "torus", "king"])
def test_huge_max_is_a_usage_error(capsys: pytest.CaptureFixture[str], family: str) -> None:
    code, _, err = run(capsys, "table", "--family", family, str(10**30))
    assert code == 2
    assert_one_error_line(err, "N must be at most 16384", str(10**30))


def test_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "table", "10**30")
    assert code == 2
    assert "invalid int value" in err
    code, _, err = run(capsys, "table", "3", "--csv", "-", "--long", "-")
    assert code == 2
    assert_one_error_line(err, "cannot both write to standard output")
    code, _, err = run(capsys, "table", "--family", "cylinder", "3", "-k", "6")
    assert code == 2
    assert_one_error_line(err, "--modulus 6 is not prime")


def _coloured_share(path: Path) -> float:
    """The share of the map's pixels whose colour is clearly not the colour of nullity 0."""
    image = mpimg.imread(path)[..., :3]
    # The map is the largest block of non-white pixels; nullity 0 is the palest colour of
    # magma_r, so a pixel darker than 0.8 in every channel shows a non-zero nullity.
    rows = np.flatnonzero((image < 0.99).any(axis=2).mean(axis=1) > 0.5)
    cols = np.flatnonzero((image < 0.99).any(axis=2).mean(axis=0) > 0.5)
    inner = image[rows.min() : rows.max(), cols.min() : cols.max()]
    return float((inner.max(axis=2) < 0.8).mean())


def test_big_heat_map_shows_its_structure(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A big map is drawn on a log scale by default: on a linear one, where a few nullities
    reach hundreds, the nullities 1 to 10 of most non-zero cells were almost white."""
    default, linear = tmp_path / "default.png", tmp_path / "linear.png"
    assert run(capsys, "table", "512", "-o", str(default))[0] == 0
    assert run(capsys, "table", "512", "-o", str(linear), "--scale", "linear")[0] == 0
    assert _coloured_share(default) > 3 * _coloured_share(linear)
    assert _coloured_share(default) > 0.1
    code, _, err = run(capsys, "table", "4", "-o", str(default), "--scale", "ln")
    assert code == 2
    assert "--scale" in err


def test_the_modulus_is_k_and_families_take_either_spelling(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, helptext, _ = run(capsys, "table", "--help")
    assert code == 0 and "--modulus K, -k K" in helptext
    outs = []
    for family in ("x_pattern", "x-pattern"):
        code, out, _ = run(capsys, "table", "--family", family, "4")
        assert code == 0
        outs.append(out)
    assert outs[0] == outs[1] and outs[0].startswith("m\\n,1,2,3,4")


def test_one_file_for_both_tables_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    same = tmp_path / "same.csv"
    code, _, err = run(capsys, "table", "3", "--csv", str(same), "--long", str(same))
    assert code == 2
    assert_one_error_line(err, "--csv and --long name the same file")
    assert not same.exists()


def test_a_family_without_two_sides_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "table", "3", "--family", "hypercube")
    assert code == 2
    assert_one_error_line(err, "--family hypercube has no m×n boards", "grid", "torus")
    assert "--shape" not in err
