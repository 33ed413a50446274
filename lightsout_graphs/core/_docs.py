"""Docs written once: slots in a docstring filled from a table (as scipy's ``doccer`` does)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

_T = TypeVar("_T")


def fill_doc(obj: _T, docs: Mapping[str, str]) -> _T:
    """Fill the slots of ``obj``'s docstring from ``docs`` and return ``obj``.

    A line that is only ``%(key)s``, for a key of ``docs``, stands for ``docs[key]`` at that
    line's indent (its continuation lines keep their own indent below it). ``%(name)s``
    anywhere is ``obj.__name__``. Other text, braces and per cent signs included, is kept.
    """
    doc = getattr(obj, "__doc__", None)
    if doc is None:  # python -OO
        return obj
    lines = []
    for line in doc.split("\n"):
        key = line.strip()[2:-2]
        if line.strip() == f"%({key})s" and key in docs:
            indent = line[: len(line) - len(line.lstrip())]
            lines += [indent + text for text in docs[key].split("\n")]
        else:
            lines.append(line)
    obj.__doc__ = "\n".join(lines).replace("%(name)s", getattr(obj, "__name__", ""))
    return obj
