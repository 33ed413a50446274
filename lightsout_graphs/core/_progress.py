"""Progress of a long call that has no loop to count: a tqdm bar of the seconds it has spent.

The tables (``nullity_table(progress=True)``) count their steps with a tqdm bar; God's number
and the fewest presses search for up to ``time_limit`` seconds in programmes that report no
steps. :func:`seconds_bar` shows the same kind of bar (``tqdm.auto``: a text bar on standard
error, a widget in a notebook) for such a call: the seconds spent out of the time limit, and
what it is doing (``note``). With ``progress=False`` it shows nothing and costs nothing.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator

import numpy as np

from lightsout_graphs.core.errors import InvalidPuzzleError

__all__ = ["TICK", "seconds_bar"]

#: Seconds between two updates of the bar.
TICK = 0.5


def _silent(text: str) -> None:
    """The ``note`` of a call without progress: nothing."""


@contextlib.contextmanager
def seconds_bar(
    progress: bool, desc: str, limit: float | None = None
) -> Iterator[Callable[[str], None]]:
    """Show the seconds a call spends, out of ``limit``, while the ``with`` block runs.

    Parameters
    ----------
    progress : bool
        Show the bar; False shows nothing.
    desc : str
        What the call computes, e.g. ``"God's number of 81 buttons"``.
    limit : float, optional
        The call's time limit in seconds: the bar's total.

    Raises
    ------
    InvalidPuzzleError
        If ``progress`` is not a bool.

    Yields
    ------
    callable
        ``note(text)``: what the call is doing now, shown after the bar.

    Examples
    --------
    >>> with seconds_bar(False, "fewest presses", 120) as note:
    ...     note("enumeration")
    """
    if not isinstance(progress, (bool, np.bool_)):
        msg = f"Argument 'progress' must be True or False, not {type(progress).__name__}."
        raise InvalidPuzzleError(msg)
    if not progress:
        yield _silent
        return
    from tqdm.auto import tqdm

    total = None if limit is None else max(1, round(limit))
    bar = tqdm(total=total, desc=desc, unit="s", leave=False, bar_format=_FORMAT)
    lock = threading.Lock()
    stop = threading.Event()
    start = time.monotonic()

    def tick() -> None:
        while not stop.wait(TICK):
            with lock:
                spent = time.monotonic() - start
                bar.n = spent  # past the limit too: the set-up before the search counts
                bar.refresh()

    def note(text: str) -> None:
        with lock:
            bar.set_postfix_str(text)

    ticker = threading.Thread(target=tick, name="lightsout-progress", daemon=True)
    ticker.start()
    try:
        yield note
    finally:
        stop.set()
        ticker.join()
        bar.close()


#: The bar: what, how far (seconds of the limit) and the note.
_FORMAT = "{desc}: {bar} {n:.0f}/{total_fmt} s{postfix}"
