"""Ctrl-C during a build of several workers (issue 34, item 21): no traceback,
whenever it comes. The two races behind "Exception ignored in threading …
Bad file descriptor" and a worker's KeyboardInterrupt are closed in
generator/workers.py; these tests send the Ctrl-C where each race was."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")

SCRIPT = (
    "import os, signal, sys, time\n"
    "from herald.generator.workers import start_pool, stop_workers\n"
    # Ctrl-C as a terminal's Python handles it, whatever the test inherited
    "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
    "def job(_):\n"
    "    time.sleep(120)\n"
    "if __name__ == '__main__':\n"
    "    pool = start_pool(2)\n"
    "    try:\n"
    "        jobs = [pool.submit(job, i) for i in range(2)]\n"
    "        print('ready', flush=True)\n"
    "        jobs[0].result()\n"
    "    except KeyboardInterrupt:\n"
    "        stop_workers(pool)\n"
    "        print('stopped', flush=True)\n")


def _ctrl_c_at_once(tmp_path) -> tuple[str, str]:
    """Ctrl-C to the whole process group as soon as the pool exists: the
    workers may not have run their initializer yet."""
    script = tmp_path / "parent.py"
    script.write_text(SCRIPT)
    parent = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert parent.stdout is not None
        assert parent.stdout.readline().strip() == "ready"
        os.killpg(parent.pid, signal.SIGINT)
        out, err = parent.communicate(timeout=60)
        return out, err
    finally:
        if parent.poll() is None:
            os.killpg(parent.pid, signal.SIGKILL)


def test_ctrl_c_right_after_the_workers_start_prints_no_traceback(tmp_path):
    """A worker forked but not yet initialized has Ctrl-C blocked, and
    discards it when it starts ignoring it; the parent stops cleanly."""
    for _ in range(3):
        out, err = _ctrl_c_at_once(tmp_path)
        assert "stopped" in out, err
        assert "Traceback" not in err and "Exception ignored" not in err, err


def test_stop_workers_leaves_no_manager_thread_for_the_exit_handler():
    """Once stop_workers returns, the pool's manager thread has ended and its
    wake-up pipe is closed: Python's exit handler, which writes to the pipes
    of the pools still running, has nothing to race with."""
    from herald.generator.workers import start_pool, stop_workers
    pool = start_pool(2)
    future = pool.submit(time.sleep, 60)
    manager = pool._executor_manager_thread
    wakeup = pool._executor_manager_thread_wakeup
    assert manager is not None and manager.is_alive()
    stop_workers(pool)
    assert not manager.is_alive()
    assert wakeup._closed
    assert future.cancelled() or future.done()
