"""``herald build``: the whole kit for every built-in game."""
from __future__ import annotations

import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import click
import pypdfium2

from .examples import builtin_examples, load_example, run
from .fileio import write_atomic
from .options import choose, resolve_games, resolve_locales
from .paths import DEFAULT_OUTPUT, display
from .cmd_rules import build_rules
from .render.deck import build_deck
from .render.geometry import PAPERS


@click.command()
@click.option("--lang", default="all", show_default=True,
              help="Locale to build (fr, en…) or 'all' for every complete locale.")
@click.option("--paper", default="a4", show_default=True, help="Paper: a4 or letter.")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path),
              default=DEFAULT_OUTPUT, show_default=True, help="Destination folder.")
def build(lang, paper, out):
    """Build the default kit into OUT: verify every built-in worked example,
    then, for every game and locale, the deck ('herald cards'), the rules
    booklet and the quick reference ('herald rules').

    Locales are built side by side, one process per core. Ends with a table
    of the files written: pages, size, and the examples verified. Exit status
    1 when an example fails (the rules are then not built).
    """
    paper = choose("--paper", paper, PAPERS)
    start = time.perf_counter()
    rows = []
    failed = 0
    for game in resolve_games(None):
        _progress(f"{game}: verifying the worked examples")
        results = [(ex, run(ex)) for ex in map(load_example, builtin_examples(game))]
        report = [{"id": ex.id, "file": display(ex.path), "ok": o.ok, "problems": o.problems}
                  for ex, o in results]
        failed += sum(1 for r in report if not r["ok"])
        verified = f"{sum(r['ok'] for r in report)}/{len(report)}"
        target = out / game / "verification.json"
        write_atomic(target, json.dumps(report, ensure_ascii=False, indent=2) + "\n")
        rows.append((target, "", verified))
        if failed:
            continue
        locales = resolve_locales(game, lang)
        _progress(f"{game}: printing the deck and the rules in {', '.join(locales)}")
        workers = max(1, min(len(locales), os.cpu_count() or 1))
        with ProcessPoolExecutor(max_workers=workers) as pool:
            jobs = [pool.submit(_locale_kit, game, locale, paper, out) for locale in locales]
            for locale, job in zip(locales, jobs):
                for path in job.result():
                    if path.suffix == ".pdf":
                        rows.append((path, _pages(path), ""))
                images = sorted((out / game / locale).rglob("*.png"))
                rows.append((out / game / locale / "{png,tts}", f"{len(images)} PNG",
                             sum(p.stat().st_size for p in images)))
    _table(rows)
    click.echo(f"built in {time.perf_counter() - start:.1f} s")
    return 1 if failed else 0


def _locale_kit(game, locale, paper, out):
    """One locale's deck, rules and quick reference (run in a worker process)."""
    written = build_deck(game, locale, paper=paper, backs="duplex-long", bleed_mm=3,
                         back_offset_mm=(0, 0), out=out)
    return written + build_rules(game, locale, paper=paper, out=out)


def _progress(message):
    click.echo(f"… {message}", err=True)
    sys.stderr.flush()


def _pages(path) -> int:
    pdf = pypdfium2.PdfDocument(str(path))
    try:
        return len(pdf)
    finally:
        pdf.close()


def _table(rows):
    click.echo(f"{'file':<56} {'pages':>7} {'size':>10}  examples verified")
    for path, pages, extra in rows:
        if isinstance(extra, int):          # a folder of images: its total size
            size, verified = extra, ""
        else:
            size, verified = path.stat().st_size, extra
        click.echo(f"{display(path):<56} {pages!s:>7} {size / 1024:>8,.0f} KiB  {verified}")
