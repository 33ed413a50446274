"""Catalog folders: names, load by name, user folders, broken files and duplicate names."""

from __future__ import annotations

from pathlib import Path

import pytest

from lightsout_graphs import catalog
from lightsout_graphs.core.errors import CatalogError

ENTRY = """
schema_version = 1
name = "{name}"
title = "User puzzle"
[graph]
family = "path"
params = {{ n = 3 }}
[boards]
middle = [0, 1, 0]
"""


def test_unknown_name_lists_known_ones() -> None:
    with pytest.raises(CatalogError, match=r"Unknown catalog puzzle .no-such..*lights-out"):
        catalog.load("no-such")


def test_user_folder_adds_entries_and_a_broken_file_hides_nothing(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(ENTRY.format(name="my-path"))
    (tmp_path / "broken.toml").write_text(ENTRY.format(name="my-broken").replace("path", "nope"))
    (tmp_path / "garbage.toml").write_text("this is [not toml")
    (tmp_path / "notes.txt").write_text("ignored")
    before = catalog.names()
    with catalog.folder(tmp_path):
        listed = catalog.names()
        assert set(before) | {"my-path", "my-broken"} == set(listed)
        assert catalog.load("my-path").boards["middle"].tolist() == [0, 1, 0]
        assert catalog.load("lights-out").n == 25
        with pytest.raises(CatalogError, match=r"broken\.toml: key 'graph\.family'"):
            catalog.load("my-broken")
        found = [str(e) for e in catalog.problems()]
        assert any("garbage.toml" in e for e in found)
        assert any("broken.toml" in e for e in found)
        assert len(found) == 2
        assert str(tmp_path.resolve()) in catalog.folders()
    assert catalog.names() == before
    assert catalog.problems() == []


def test_duplicate_names_raise_naming_both_files(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text(ENTRY.format(name="twice"))
    (tmp_path / "b.toml").write_text(ENTRY.format(name="twice"))
    with catalog.folder(tmp_path):
        assert catalog.names().count("twice") == 1
        with pytest.raises(CatalogError) as info:
            catalog.load("twice")
        message = str(info.value)
        assert "b.toml: key 'name'" in message and "a.toml" in message
        assert catalog.load("lights-out").name == "lights-out"
        assert any("twice" in str(e) for e in catalog.problems())


def test_duplicate_of_a_shipped_name(tmp_path: Path) -> None:
    (tmp_path / "clash.toml").write_text(ENTRY.format(name="lights-out"))
    with catalog.folder(tmp_path), pytest.raises(CatalogError, match=r"clash\.toml: key 'name'"):
        catalog.load("lights-out")
    assert catalog.load("lights-out").n == 25


def test_add_folder_errors_and_idempotence(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="not a directory"):
        catalog.add_folder(tmp_path / "missing")
    catalog.add_folder(tmp_path)
    catalog.add_folder(tmp_path)
    try:
        assert catalog.folders().count(str(tmp_path.resolve())) == 1
    finally:
        catalog.remove_folder(tmp_path)
    assert str(tmp_path.resolve()) not in catalog.folders()


def test_a_deeply_nested_file_is_a_problem_and_hides_nothing(tmp_path: Path) -> None:
    (tmp_path / "deep.toml").write_text("x = " + "[" * 5000 + "]" * 5000)
    (tmp_path / "mine.toml").write_text(ENTRY.format(name="my-path"))
    with catalog.folder(tmp_path):
        assert "my-path" in catalog.names() and "lights-out" in catalog.names()
        assert catalog.load("lights-out").n == 25
        found = [str(e) for e in catalog.problems()]
        assert len(found) == 1
        assert "deep.toml: not a valid TOML file (nested too deeply" in found[0]
        with pytest.raises(CatalogError, match="nested too deeply"):
            catalog.load_file(tmp_path / "deep.toml")


def test_a_huge_file_is_refused_without_parsing_it(tmp_path: Path) -> None:
    import time

    boards = "".join(f"b{i} = [0, 1, 0]\n" for i in range(700_000))  # about 12 MB
    (tmp_path / "huge.toml").write_text(ENTRY.format(name="huge") + boards)
    with catalog.folder(tmp_path):
        start = time.monotonic()
        assert "lights-out" in catalog.names()
        assert catalog.load("lights-out").n == 25
        found = [str(e) for e in catalog.problems()]
        assert time.monotonic() - start < 30  # a hang guard: parsing 12 MB takes far longer
        assert len(found) == 1
        assert "huge.toml: the file is larger than the 1048576 bytes (1 MiB)" in found[0]


def test_each_file_is_parsed_once_until_it_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    from lightsout_graphs.representation.catalog import _store

    calls: list[str] = []
    real = _store.read_entry

    def counting(data: bytes, source: str) -> dict[str, object]:
        calls.append(source)
        return real(data, source)

    monkeypatch.setattr(_store, "read_entry", counting)
    mine = tmp_path / "mine.toml"
    mine.write_text(ENTRY.format(name="my-path"))
    with catalog.folder(tmp_path):
        catalog.names()
        first = len(calls)
        catalog.names()
        catalog.load("my-path")
        catalog.problems()
        assert len(calls) == first  # nothing parsed again
        mine.write_text(ENTRY.format(name="my-path").replace("[0, 1, 0]", "[1, 1, 1]"))
        stat = mine.stat()
        os.utime(mine, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
        assert catalog.load("my-path").boards["middle"].tolist() == [1, 1, 1]
        assert calls[first:] == [str(mine)]
        # a cached table is not shared with callers: the boards a puzzle holds are read-only
        with pytest.raises(AttributeError):
            catalog.load("my-path").boards.clear()  # type: ignore[attr-defined]
        assert "middle" in catalog.load("my-path").boards


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # 500 dotted keys nest 500 tables in a 1 KB file.
        ("x." * 500 + "y = 1\n", "nested more than 16 levels deep"),
        # A 4301-digit integer: more digits than Python turns into an int.
        (
            'schema_version = 1\nname = "dig"\ntitle = "D"\nmodulus = ' + "9" * 4301 + "\n",
            "dig.toml: not a valid catalog file",
        ),
        # 170 bytes that name a board of 1.6e9 lights.
        (
            (
                'schema_version = 1\nname = "huge"\ntitle = "H"\n[graph]\nfamily = "grid"\n'
                "params = {m = 40000, n = 40000}\n[boards]\nall-on = 1\n"
            ),
            "key 'graph': expected a puzzle of at most 4194304 lights",
        ),
    ],
    ids=["dotted-keys", "long-integer", "huge-board"],
)
def test_one_bad_file_is_one_problem_and_breaks_nothing_else(
    tmp_path: Path, text: str, message: str
) -> None:
    (tmp_path / "dig.toml").write_text(text)
    (tmp_path / "mine.toml").write_text(ENTRY.format(name="my-path"))
    (tmp_path / "broken.toml").write_text(ENTRY.format(name="my-broken").replace("path", "nope"))
    with catalog.folder(tmp_path):
        assert {"my-path", "lights-out"} <= set(catalog.names())
        found = [str(e) for e in catalog.problems()]
        assert len(found) == 2, found
        assert any(message in f for f in found), found
        assert any("broken.toml: key 'graph.family'" in f for f in found), found
        with pytest.raises(CatalogError, match=r"dig\.toml"):
            catalog.load_file(tmp_path / "dig.toml")
