"""The puzzle catalog: named puzzles stored as TOML files, validated and loaded on demand.

The shipped entries live in the top-level ``catalog/`` folder of the project (installed as
``lightsout_graphs/catalog_data``); ``catalog/README.md`` documents the schema. Users can add
folders of their own; a broken file is reported when it is loaded and never hides the others.
"""

from __future__ import annotations

from lightsout_graphs.representation.catalog._schema import (
    INVARIANTS,
    SCHEMA_VERSION,
    build_entry,
    read_entry,
)
from lightsout_graphs.representation.catalog._store import (
    add_folder,
    builtin_folder,
    folder,
    folders,
    load,
    load_file,
    names,
    problems,
    remove_folder,
)

__all__ = [
    "INVARIANTS",
    "SCHEMA_VERSION",
    "add_folder",
    "build_entry",
    "builtin_folder",
    "folder",
    "folders",
    "load",
    "load_file",
    "names",
    "problems",
    "read_entry",
    "remove_folder",
]
