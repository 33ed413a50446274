"""``python -m lightsout_graphs``: the same as the ``lightsout`` command."""

from __future__ import annotations

import sys

from lightsout_graphs.interfaces.cli import main

__all__: list[str] = []

if __name__ == "__main__":
    sys.exit(main())
