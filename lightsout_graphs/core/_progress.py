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

#: Seconds between two updates of the bar.
TICK = 0.5


@contextlib.contextmanager
def seconds_bar(
    progress: bool, desc: str, limit: float | None = None
) -> Iterator[Callable[[str], None]]:
    """Show the seconds a call spends, out of ``limit``, while the ``with`` block runs.

    ``desc`` says what the call computes and ``limit`` (the bar's total) is its time limit;
    nothing shows when ``progress`` is False, and anything but a bool raises
    :class:`InvalidPuzzleError`. The block gets ``note(text)``, to show what it is doing now.
    """
    if not isinstance(progress, (bool, np.bool_)):
        msg = f"Argument 'progress' must be True or False, not {type(progress).__name__}."
        raise InvalidPuzzleError(msg)
    if not progress:
        yield lambda text: None  # the note of a call without progress: nothing
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
