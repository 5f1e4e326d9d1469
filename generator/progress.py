"""Progress of a long run (``herald play``, ``build``, ``solve``) on stderr.

Progress is for a person watching a terminal: it is drawn only when stderr is
a terminal, only once the run has lasted a second (a short run stays silent),
and on one line redrawn in place: a bar, the share done, the rate and the time
left. Into a pipe or a log it writes nothing, so that captured output holds
only the results and the errors.
"""
from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Self, TextIO

DELAY = 1.0          # seconds before the bar appears
REDRAW = 0.1         # seconds between two redraws
WIDTH = 24           # the bar's cells


class Progress:
    """``with Progress("playing", total=games, unit="games") as bar: bar.update(k)``.

    ``update(done)`` says how much of ``total`` is done; a run whose end is a
    budget rather than a count (a search) passes its own ``fraction`` too.
    ``stream`` and ``clock`` are for tests."""

    def __init__(self, label: str, total: float, unit: str, *,
                 stream: TextIO | None = None, clock: Callable[[], float] = time.monotonic):
        self.label, self.total, self.unit = label, total, unit
        self.stream = stream if stream is not None else sys.stderr
        self.clock = clock
        self.began = clock()
        self.drawn_at = -REDRAW
        self.width = 0          # the length of the line drawn last (0: none)
        self.live = _is_terminal(self.stream)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def update(self, done: float, fraction: float | None = None) -> None:
        if not self.live:
            return
        now = self.clock()
        elapsed = now - self.began
        if elapsed < DELAY or now - self.drawn_at < REDRAW:
            return
        self.drawn_at = now
        share = fraction if fraction is not None else \
            (done / self.total if self.total else 0.0)
        share = min(max(share, 0.0), 1.0)
        cells = int(share * WIDTH)
        line = (f"{self.label} [{'#' * cells}{'.' * (WIDTH - cells)}] {share:4.0%}"
                f"  {_rate(done / elapsed, self.unit)}")
        if 0 < share < 1:
            line += f", {_clock(elapsed * (1 - share) / share)} left"
        self.stream.write("\r" + line.ljust(self.width))
        self.stream.flush()
        self.width = len(line)

    def close(self) -> None:
        """Clear the line (the results follow on a clean screen)."""
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0


def _is_terminal(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):      # no isatty, or a closed stream
        return False


def _rate(per_second: float, unit: str) -> str:
    if per_second >= 100:
        return f"{per_second:,.0f} {unit}/s"
    return f"{per_second:.1f} {unit}/s"


def _clock(seconds: float) -> str:
    """``0:07``, ``12:30``, ``1:02:03``."""
    s = round(seconds)
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"
