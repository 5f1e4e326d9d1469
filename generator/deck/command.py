"""What ``herald cards --deck DIR`` and ``herald build --deck DIR`` do."""
from __future__ import annotations

import time
from pathlib import Path

import click

from ..errors import InputError
from .build import Cache, Options, build
from .presets import preset


def warn(message: str) -> None:
    click.echo("herald: warning: " + " ".join(message.split()), err=True)


def deck_cards(folder: Path, *, lang: str, out: Path, options: Options,
               printer: str | None, watch: bool, report) -> int:
    """Build the deck in ``folder`` (and with ``watch``, again on every save);
    ``report(paths, seconds)`` prints what was written."""
    if printer is not None:
        options.printer = preset(printer)
    cache = Cache()
    start = time.perf_counter()
    paths = build(folder, out, lang, options, warn, cache)
    report(paths, time.perf_counter() - start)
    if watch:
        from .watch import watch as watch_folder
        # A designer looks at the sheets while editing: the PNGs and Tabletop
        # Simulator sheets wait for a build without --watch (a preset's
        # images are kept up to date: only the cards that changed are drawn).
        options.images = False
        watch_folder(folder, out, lambda: build(folder, out, lang, options, warn, cache))
    return 0


def refuse_game_options(game, **given) -> None:
    """A deck folder has no built-in game's options."""
    if game is not None:
        raise InputError(f"--deck: give either a built-in game ({game}) or --deck, not both")
    for name, value in given.items():
        if value:
            raise InputError(f"--{name}: a built-in game's option; a deck folder says what "
                             "it needs in its layout file")
