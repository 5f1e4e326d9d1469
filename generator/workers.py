"""Worker processes (``herald build``'s locales, ``herald play --jobs``'s
games): started with :func:`worker_init`, stopped with :func:`stop_workers`.

A worker never outlives its parent nor prints a traceback on Ctrl-C: the
parent stops its workers itself.
"""
from __future__ import annotations

import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor


def cores() -> int:
    """The cores this process may run on (its affinity, where the system
    tells: a container may grant fewer than the machine has)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def stop_workers(pool: ProcessPoolExecutor) -> None:
    """Stop the pool's workers now (Ctrl-C, or a failed task): no worker is
    left behind, none finishes work nobody waits for."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)


def worker_init(parent: int) -> None:
    """In each worker: ignore Ctrl-C (the parent stops the workers itself, so
    a worker never prints a traceback), and exit when the parent dies, even by
    ``kill -9``, instead of running on as an orphan."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            PR_SET_PDEATHSIG = 1
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:       # the parent died before the line above
        os._exit(1)

    def watchdog():                  # where prctl is missing (macOS, BSD)
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watchdog, name="herald-parent-watchdog", daemon=True).start()
