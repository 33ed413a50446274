"""Worker processes that die with their sweep, and a clean end on SIGTERM.

Method: on Linux a worker asks the kernel for a parent-death signal (``prctl`` with
``PR_SET_PDEATHSIG`` through ctypes), so the moment the process that started it dies, even by
SIGKILL, the kernel sends it SIGKILL. Nothing has to be polled and nothing can be missed: the
signal is delivered by the kernel, not by the dying parent. If the parent died before the
request was made, the worker sees that its parent id changed and exits at once. The same is
done for the ``geng`` processes a worker starts (in the child, between fork and exec), and for
the nanny and worker processes of a Dask LocalCluster started by a sweep. Elsewhere (no
``prctl``) a watchdog thread polls :func:`os.getppid` once a second instead.

SIGTERM to the main process raises :class:`SweepTerminated` in it (a ``KeyboardInterrupt``
subclass, so ``finally`` blocks run): finished chunks stay, temporary files are removed and the
command exits with :data:`EXIT_TERMINATED` (143 = 128 + SIGTERM, the shell's convention).
A SIGTERM to a worker only ends that worker; the main process sees the broken pool, stops
with a :class:`~lightsout_graphs.errors.SweepError` naming it, and keeps the finished chunks.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import signal
import sys
import threading
from collections.abc import Iterator
from typing import Any

__all__ = [
    "EXIT_TERMINATED",
    "SweepTerminated",
    "child_preexec",
    "die_with_parent",
    "terminate_on_sigterm",
]

#: The exit code of ``lightsout sweep``/``census`` ended by SIGTERM.
EXIT_TERMINATED = 143
_PR_SET_PDEATHSIG = 1


class SweepTerminated(KeyboardInterrupt):
    """Raised in the main process of a sweep when it receives SIGTERM."""


def _load_prctl() -> Any:
    if not sys.platform.startswith("linux"):
        return None  # pragma: no cover
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True).prctl
    except (OSError, AttributeError):  # pragma: no cover - not glibc
        return None


# Loaded once at import, so that the child side of a fork (preexec_fn) only makes the call.
_PRCTL = _load_prctl()


def _prctl_pdeathsig(sig: int) -> bool:
    if _PRCTL is None:
        return False  # pragma: no cover
    return int(_PRCTL(_PR_SET_PDEATHSIG, int(sig), 0, 0, 0)) == 0


def die_with_parent(parent: int | None = None) -> None:
    """Make this process exit when its parent dies (call first thing in a worker).

    Parameters
    ----------
    parent : int, optional
        The parent's pid as the parent saw itself (``os.getpid()`` there); default the
        current parent.

    Examples
    --------
    >>> die_with_parent()  # in a worker's initializer; harmless in any process
    """
    parent = os.getppid() if parent is None else parent
    if _prctl_pdeathsig(signal.SIGKILL):
        if os.getppid() != parent:  # the parent died before the request: too late for it
            os._exit(1)
        return

    def watch() -> None:  # pragma: no cover - platforms without prctl
        import time

        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="die-with-parent", daemon=True).start()


def child_preexec() -> None:
    """``preexec_fn`` for subprocesses (such as geng): killed when their starter dies.

    Examples
    --------
    >>> import subprocess, sys
    >>> subprocess.run([sys.executable, "-c", "pass"], preexec_fn=child_preexec).returncode
    0
    """
    _prctl_pdeathsig(signal.SIGKILL)


@contextlib.contextmanager
def terminate_on_sigterm() -> Iterator[None]:
    """While active, SIGTERM raises :class:`SweepTerminated` (main thread only; else no-op).

    Examples
    --------
    >>> with terminate_on_sigterm():
    ...     pass
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: Any) -> None:
        raise SweepTerminated

    old = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)
