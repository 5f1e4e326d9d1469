"""Watch mode: rebuild a deck each time one of its files is saved.

watchfiles (Rust's notify underneath) reports a burst of saves as one set
of changes; each rebuild prints the files that changed, the time and how
long it took. A rebuild that fails prints its one-line error and waits for
the next save. The output folder and temporary files are not watched, so
a rebuild never triggers another.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import click

from ..errors import InputError
from ..paths import display


def watch(folder: Path, out: Path, rebuild: Callable[[], object],
          stop_after: int | None = None) -> None:
    """Call ``rebuild`` after each change in ``folder`` (not under ``out``),
    until Ctrl-C (or ``stop_after`` rebuilds, for tests)."""
    from watchfiles import DefaultFilter
    from watchfiles import watch as changes_in
    out = Path(out).resolve()

    class _Filter(DefaultFilter):
        def __call__(self, change, path: str) -> bool:
            p = Path(path)
            if p.name.startswith(".") or p.is_relative_to(out):
                return False
            return super().__call__(change, path)

    click.echo(f"watching {display(folder)} (Ctrl-C to stop)")
    done = 0
    try:
        for changes in changes_in(folder, watch_filter=_Filter(), debounce=200, step=50):
            names = sorted({display(Path(p)) for _, p in changes})
            stamp = time.strftime("%H:%M:%S")
            start = time.perf_counter()
            try:
                rebuild()
            except InputError as e:
                click.echo(f"{stamp} {', '.join(names)} changed: herald: error: "
                           + " ".join(str(e).split()), err=True)
            else:
                click.echo(f"{stamp} {', '.join(names)} changed: rebuilt in "
                           f"{time.perf_counter() - start:.2f} s")
            done += 1
            if stop_after is not None and done >= stop_after:
                return
    except KeyboardInterrupt:
        click.echo("stopped watching")
