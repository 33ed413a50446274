"""Peak memory of the running process, for the scripts the benchmarks run in fresh interpreters.

Only the standard library is imported here, so that importing this module does not raise the
memory it measures.
"""

from __future__ import annotations

import resource

__all__ = ["peak_kib"]


def peak_kib() -> int:
    """The process's own peak resident memory (VmHWM) in KiB.

    VmHWM is this process's own high-water mark; ``ru_maxrss`` (the fallback where
    ``/proc`` is missing) would also count the parent's memory at fork time, since Linux
    keeps it across exec.

    Returns
    -------
    int
        KiB.

    Examples
    --------
    >>> peak_kib() > 0
    True
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
