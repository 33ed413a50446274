"""The puzzle catalog: named puzzles stored as TOML files, validated and loaded on demand.

The shipped entries live in the top-level ``catalog/`` folder of the project (installed as
``lightsout_graphs/catalog_data``); ``catalog/README.md`` documents the schema. Users can add
folders of their own; a broken file is reported when it is loaded and never hides the others.
"""

from __future__ import annotations

from lightsout_graphs.representation.catalog import _schema, _store
from lightsout_graphs.representation.catalog._schema import *
from lightsout_graphs.representation.catalog._store import *

#: The names of the two modules' ``__all__``, listed there once.
__all__ = _schema.__all__ + _store.__all__
__all__.sort()
