"""Worker processes (``herald build``'s locales, ``herald play --jobs``'s
games): started with :func:`worker_init`, stopped with :func:`stop_workers`.

A worker never outlives its parent nor prints a traceback on Ctrl-C: the
parent stops its workers itself. Two races stood in the way on a loaded
machine, each closed here:

- a Ctrl-C that reached a worker after it was forked but before its
  initializer ignored it (a KeyboardInterrupt traceback from the worker), or
  that the kernel handed to one of the pool's threads rather than the main
  one (which then waited on, deaf to it): :func:`start_pool` forks the
  workers and starts the pool's threads with Ctrl-C blocked, so that the
  threads never take it and each worker unblocks it only once it ignores it;
- the pool's manager thread closing its wake-up pipe while Python's exit
  handler wrote to it ("Exception ignored in threading … Bad file
  descriptor"): :func:`stop_workers` waits for that thread to end, so the
  exit handler finds the pipe closed and leaves it alone.
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


def start_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes that ignore Ctrl-C and exit with this
    one, all started before it is returned."""
    block = hasattr(signal, "pthread_sigmask")
    if block:
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        pool = ProcessPoolExecutor(max_workers=workers, initializer=worker_init,
                                   initargs=(os.getpid(),))
        # the first task forks every worker (and starts the pool's threads)
        # now, while Ctrl-C is blocked: a fork inherits the mask, not the
        # pending signal, so a Ctrl-C pressed meanwhile reaches this process
        # alone, once the mask is restored
        pool.submit(_nothing)
    finally:
        if block:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
    return pool


def _nothing() -> None:
    """The task that starts a pool's workers."""


def stop_workers(pool: ProcessPoolExecutor) -> None:
    """Stop the pool's workers now (Ctrl-C, or a failed task): no worker is
    left behind, none finishes work nobody waits for."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)
    # The manager thread sees its workers gone and closes the pool's wake-up
    # pipe; Python's exit handler writes to that pipe unless it finds it
    # closed, and one racing the other is the "Bad file descriptor" traceback.
    # Once the thread has ended the pipe is closed and the handler skips it.
    if manager is not None and manager is not threading.current_thread():
        manager.join(timeout=10)
        if manager.is_alive():          # never seen; the exit handler must not touch it
            from concurrent.futures import process as futures_process
            getattr(futures_process, "_threads_wakeups", {}).pop(manager, None)


def worker_init(parent: int) -> None:
    """In each worker: ignore Ctrl-C (the parent stops the workers itself, so
    a worker never prints a traceback), and exit when the parent dies, even by
    ``kill -9``, instead of running on as an orphan."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):      # blocked by start_pool while forking
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
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
