"""Memory and time limits of the God's-number searches: refused before they start."""

from __future__ import annotations

import time

from lightsout_graphs.core._memory import check_memory

#: The searches' one memory check (:func:`lightsout_graphs.core._memory.check_memory`).
require_memory = check_memory


class Clock:
    """A deadline: ``left()`` seconds remain, ``over()`` once it has passed."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.start = time.monotonic()
        self.deadline = self.start + seconds

    def left(self) -> float:
        return self.deadline - time.monotonic()

    def over(self) -> bool:
        return time.monotonic() >= self.deadline

    def elapsed(self) -> float:
        return time.monotonic() - self.start
