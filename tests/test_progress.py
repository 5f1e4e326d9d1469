"""The progress bar of long runs (generator/progress.py): on a terminal only,
after a second, with the rate and the time left; nothing into a pipe."""
from __future__ import annotations

import io
import subprocess
import sys

from herald.generator.progress import Progress


class Terminal(io.StringIO):
    def isatty(self):
        return True


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_a_bar_with_rate_and_time_left_on_a_terminal():
    stream, clock = Terminal(), Clock()
    with Progress("playing", 1000, "games", stream=stream, clock=clock) as bar:
        clock.now += 0.5
        bar.update(100)
        assert stream.getvalue() == ""          # the first second stays silent
        clock.now += 1.5
        bar.update(250)                         # 2 s for a quarter: 6 s left
        line = stream.getvalue().split("\r")[-1]
        assert line.startswith("playing [######..................]  25%")
        assert "125 games/s" in line and "0:06 left" in line
        clock.now += 0.01
        bar.update(260)                         # redrawn at most ten times a second
        assert stream.getvalue().split("\r")[-1] == line
    assert stream.getvalue().endswith("\r" + " " * len(line) + "\r")   # cleared


def test_a_budget_sets_the_share_of_a_search():
    stream, clock = Terminal(), Clock()
    bar = Progress("solving", 2_000_000, "nodes", stream=stream, clock=clock)
    clock.now += 3
    bar.update(300_000, fraction=0.6)           # the time budget runs out first
    assert " 60%  100,000 nodes/s, 0:02 left" in stream.getvalue()


def test_nothing_into_a_pipe_or_a_file(tmp_path):
    stream, clock = io.StringIO(), Clock()      # not a terminal
    with Progress("playing", 10, "games", stream=stream, clock=clock) as bar:
        clock.now += 5
        bar.update(5)
    assert stream.getvalue() == ""
    with open(tmp_path / "log", "w") as log, \
            Progress("playing", 10, "games", stream=log, clock=clock) as bar:
        clock.now += 5
        bar.update(5)
    assert (tmp_path / "log").read_text() == ""


def test_herald_solve_writes_no_progress_into_a_pipe():
    # a search of several seconds, stderr captured
    result = subprocess.run([sys.executable, "-m", "herald.generator.cli", "solve",
                             "benchmark-public-simulator", "--depth", "game", "--time", "2"],
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stderr == "" and "nodes:" in result.stdout
