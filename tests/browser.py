"""What the browser tests share: recording the problems a page reports."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any


def record_problems(
    page: Any, problems: list[str], *, prefix: str = "", console: Collection[str] = ("error",)
) -> None:
    """Append to ``problems`` the page's console messages of the ``console`` types and its
    uncaught errors, each starting with ``prefix``."""
    page.on(
        "console",
        lambda msg: (
            problems.append(f"{prefix}{msg.type}: {msg.text}") if msg.type in console else None
        ),
    )
    page.on("pageerror", lambda exc: problems.append(f"{prefix}page error: {exc}"))
