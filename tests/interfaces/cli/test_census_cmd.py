"""``lightsout census``: OEIS A334443 through the public command, and its usage errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lightsout_graphs.interfaces.cli import main

A334443 = [1, 0, 1, 2, 9, 33, 290, 3692, 94280]


def closed_rule_rows(text: str) -> dict[int, list[str]]:
    block = text.split("rule closed, modulus 2\n", 1)[1].split("\n\n", 1)[0]
    rows = {}
    for line in block.splitlines()[1:]:
        cells = line.split()
        rows[int(cells[0])] = cells
    return rows


def test_census_prints_a334443(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["census", "9", "-o", str(tmp_path / "c9"), "--workers", "2"]) == 0
    out = capsys.readouterr().out
    rows = closed_rule_rows(out)
    # "all solvable (connected)": connected graphs whose Lights Out has a unique solution.
    unique = [int(re.fullmatch(r"\((\d+)\)", rows[n][4])[1]) for n in range(1, 10)]  # type: ignore[index]
    assert unique == A334443
    assert [int(rows[n][2]) for n in range(1, 10)] == [1, 1, 2, 6, 21, 112, 853, 11117, 261080]
    assert rows[9][5] == "0:94280"
    assert "rule open, modulus 2" in out
    assert (tmp_path / "c9" / "census.parquet").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["13"], "N must be an int in 1..12"),
        (["5", "--moduli", "2,x"], "--moduli: 'x' is not an int"),
        (["5", "--moduli", "6"], "must be a prime"),
        (["3", "--moduli", "4"], "must be a prime"),
        (["5", "--rules", ","], "--rules is empty"),
        (["5", "--workers", "1000000"], "--workers must be an int"),
    ],
)
def test_usage_errors_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["census", *args, "-o", str(tmp_path / "c")]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Argument" not in err  # the command line's words, not the Python API's
    assert "Traceback" not in err
    assert not (tmp_path / "c" / "census.parquet").exists()


def test_census_n_works_as_written_with_a_default_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["census", "4", "--quiet"]) == 0
    assert "Summary table: census-4/census.parquet" in capsys.readouterr().out
    assert sorted(p.name for p in (tmp_path / "census-4").iterdir()) == [
        "_census.json",
        "census.parquet",
        "parts",
    ]  # no lock file left behind


def test_too_many_parts_exit_2_naming_the_cap(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["census", "5", "--parts", "99999", "-o", str(tmp_path / "c")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--parts must be an int in 1..34 for n = 5" in err[0]
    assert not (tmp_path / "c" / "parts").exists()


def test_census_tables_as_text() -> None:
    import pandas as pd

    from lightsout_graphs.interfaces.cli.census_cmd import format_census

    summary = pd.DataFrame(
        {
            "n": [2, 2],
            "rule": "closed",
            "modulus": 2,
            "nullity": [0, 1],
            "all_on_solvable": True,
            "graphs": [1, 1],
            "connected": [1, 0],
        }
    )
    assert format_census(summary).splitlines() == [
        "rule closed, modulus 2",
        "n graphs connected all solvable (connected)  nullity histogram of connected graphs",
        "2      2         1                    1 (1)  0:1",
    ]
