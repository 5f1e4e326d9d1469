"""``herald build``: the whole kit for every game.

The kit is built in a temporary folder beside the destination
(``OUT/.herald-build-<pid>-*``, generator/staging.py) and each locale's
folder is swapped into place only once it is complete, so an interrupted
build (Ctrl-C, a crash, ``kill -9``) never leaves a half-built kit under OUT;
the next build removes the leftovers of one that was killed, and puts back a
kit it had set aside mid-swap. Worker processes exit with their parent.
"""
from __future__ import annotations

import gc
import json
import os
import shutil
import time
from pathlib import Path
from typing import Self

import click
import pypdfium2

from .cmd_rules import build_rules, build_web
from .decks import build_deck
from .errors import InputError
from .filecache import snapshot
from .fileio import write_atomic
from .kits import kit
from .options import choose, resolve_games, resolve_locales
from .paths import ASSETS, DEFAULT_OUTPUT, display
from .progress import Progress
from .render.geometry import PAPERS
from .staging import (
    STAGING,  # noqa: F401 - the staging folders' prefix, for tests
    new_staging,
    public,
)
from .staging import clear_leftovers as _clear_leftovers
from .staging import swap_in as _swap_in
from .terminal import echo
from .verified import Verified, verify_game
from .workers import cores, start_pool, stop_workers


@click.command()
@click.argument("game", required=False)
@click.option("--lang", default="all", show_default=True,
              help="Locale to build (fr, en…) or 'all' for every complete locale "
              "(a locale still missing strings is skipped with a warning).")
@click.option("--paper", default="a4", show_default=True, help="Paper: a4 or letter.")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path),
              default=DEFAULT_OUTPUT, show_default=True, help="Destination folder.")
@click.option("--images", is_flag=True,
              help="Also write every card as a 300 dpi PNG and the Tabletop Simulator "
              "decks (as 'herald cards' does); the print kit itself is the PDFs.")
@click.option("--deck", "deck_dir", type=click.Path(path_type=Path), default=None,
              metavar="DIR",
              help="Build the kit of a deck folder of your own ('herald new deck DIR') "
                   "instead of the built-in games.")
@snapshot()     # the kit is made from one version of each file
def build(game, lang, paper, out, images, deck_dir):
    """Build the kit of GAME (default: every game) into OUT: verify its
    worked examples, then, for each locale, the deck ('herald cards'), the
    rules booklet, the compendium of worked examples and the quick reference
    ('herald rules'), and the rules' web edition ('herald rules --format html').

    Locales are built side by side, one process per core, in a temporary
    folder inside OUT; each locale's folder replaces the old one only when it
    is complete. Ends with a table of the files written: pages, size, and the
    examples verified. Exit status 1 when an example fails (the rules are
    then not built), 2 on bad input (nothing is written).
    """
    paper = choose("--paper", paper, PAPERS)
    if deck_dir is not None:       # a designer's deck has cards only: no rules to verify
        from .cmd_cards import _report
        from .deck.build import Options
        from .deck.command import deck_cards, refuse_game_options
        refuse_game_options(game)
        return deck_cards(deck_dir, lang=lang, out=out, printer=None, watch=False,
                          report=_report, options=Options(paper=paper, images=images))
    start = time.perf_counter()
    # Every choice is checked before anything is verified or written.
    plan = [(name, resolve_locales(name, lang)) for name in resolve_games(game)]
    _clear_leftovers(out)
    rows = []
    failed = 0
    done = 0
    # Every game's examples are verified first, once, in this process; then
    # the workers start (forked: they inherit what verifying loaded, the card
    # databases and their translations among it) and print each locale from
    # the verified examples they are handed. Progress counts each game's
    # verification and each locale's kit.
    total = sum(1 + len(locales) for _, locales in plan)
    with Progress("building", total, "tasks") as bar:
        ready: list[tuple[str, list[str], Verified]] = []
        for game, locales in plan:
            try:
                verified = verify_game(game)
            except Exception as e:      # a game package's bug: that game only
                _package_fault(e)
                failed += 1
                done += 1 + len(locales)
                bar.update(done)
                continue
            results = verified.results()
            report = [{"id": ex.id, "file": _portable(ex.path), "ok": o.ok,
                       "problems": o.problems} for ex, o in results]
            game_failed = sum(1 for r in report if not r["ok"])
            failed += game_failed
            if game_failed:
                _not_built(out, game, results, locales)
            held = f"{sum(r['ok'] for r in report)}/{len(report)}"
            target = out / game / "verification.json"
            write_atomic(target, json.dumps(report, ensure_ascii=False, indent=2) + "\n")
            rows.append((target, "", held))
            done += 1
            if not game_failed and locales:
                ready.append((game, list(locales), verified))
            else:
                done += len(locales)        # not printed: nothing left to wait for
            bar.update(done)

        def printed():
            nonlocal done
            done += 1
            bar.update(done)
        if ready:
            _import_printing_code([game for game, _, _ in ready])
            # the fonts read once for both workers (each would parse them)
            from .render.fonts import register_fonts
            register_fonts()
            # what the workers inherit (modules, databases, verified examples)
            # is kept out of their garbage collector's passes: they never free
            # it, and each full pass would walk all of it again
            gc.freeze()
            try:
                with _Printer(out, paper, images) as printer:
                    for game, locales, verified in ready:
                        printer.submit(game, locales, verified)
                    rows += printer.finish(printed)
            finally:
                gc.unfreeze()   # this process's own objects collected again
            failed += printer.faults
    _table(rows)
    echo(f"built in {time.perf_counter() - start:.1f} s")
    return 1 if failed else 0


def _import_printing_code(games: list[str]) -> None:
    """Import, before the workers start, the modules a locale's kit draws
    with (render/ and each game's look package): forked, the workers share
    the parent's modules, where each would import them again. A module that
    cannot be imported is left to the worker that needs it to say why."""
    import importlib
    import pkgutil
    import sys

    from . import render
    packages = {render.__name__}
    for game in games:
        module = type(kit(game)).__module__      # the look's package, or a module in it
        package = module if hasattr(sys.modules[module], "__path__") else \
            module.rpartition(".")[0]
        if package.startswith(f"{__package__}."):     # not the generator itself
            packages.add(package)
    for name in sorted(packages):
        for info in pkgutil.iter_modules(importlib.import_module(name).__path__, f"{name}."):
            try:
                importlib.import_module(info.name)
            except Exception:       # noqa: BLE001, S112 - told by the worker that needs it
                continue


def _not_built(out: Path, game: str, results, locales) -> None:
    """Name each example of ``game`` that fails and the kit left unwritten."""
    for ex, outcome in results:
        if not outcome.ok:
            echo(f"herald: {game}:{ex.id} fails ({display(ex.path)}): "
                 f"{outcome.problems[0] if outcome.problems else 'fails'}", err=True)
    if locales:
        folders = ", ".join(display(out / game / loc) for loc in locales)
        echo(f"herald: {game}: not written, as its examples must hold first: the deck, "
             f"rules booklet, compendium, quick reference and web edition in {folders} "
             "(what was there is unchanged)", err=True)


def _package_fault(error: Exception) -> None:
    """Say in one line which game package failed and how, or re-raise
    ``error`` when it is Herald's own fault."""
    from herald.engine.games import package_fault
    line = package_fault(error)
    if line is None:
        raise error
    echo(f"herald: error: {line}; its kit is not built", err=True)


class _Printer:
    """Every (game, locale) kit built in a staging folder inside ``out``, one
    process per core; each locale's folder is swapped into ``out`` only when
    complete. On any error or Ctrl-C the workers stop and nothing half-built
    is left."""

    def __init__(self, out: Path, paper: str, images: bool):
        self.out, self.paper, self.images = out, paper, images
        self.jobs: list = []
        self.faults = 0          # locales not built: a game package's code failed

    def __enter__(self) -> Self:
        self.staging = new_staging(self.out)
        self.pool = start_pool(cores())
        return self

    def submit(self, game: str, locales, verified: Verified) -> None:
        """Print each locale of ``game`` from its ``verified`` examples (which
        the workers are handed, not verify again)."""
        for locale in locales:
            job = self.pool.submit(_locale_kit, game, locale, verified, self.paper,
                                   self.staging, self.images)
            self.jobs.append((game, locale, job))

    def finish(self, printed) -> list:
        """Wait for every locale (``printed()`` after each) and swap it in."""
        # (file, pages or what it holds, verified examples or a folder's total size)
        rows: list[tuple[Path, int | str, str | int]] = []
        for game, locale, job in self.jobs:
            try:
                written = job.result()
            except InputError as e:     # a full disk: said of the kit's own path
                raise InputError(self._public(str(e))) from None
            except OSError as e:
                where = self._public(os.fsdecode(e.filename)) if e.filename else \
                    display(self.out / game / locale)
                raise InputError(f"{where}: cannot write there: {e.strerror or e}") from None
            except Exception as e:      # a game package's bug: the others go on
                _package_fault(e)
                self.faults += 1
                printed()
                continue
            printed()
            final = self.out / game / locale
            _swap_in(self.staging / game / locale, final)
            # the web editions' fonts, which the game's languages share
            from .render.web import publish_shared
            publish_shared(self.staging / game, self.out / game)
            for path in written:
                if path.suffix == ".pdf":
                    moved = final / path.relative_to(self.staging / game / locale)
                    rows.append((moved, _pages(moved), ""))
            web = final / "web"
            if web.is_dir():            # the web edition: its pages and their total size
                rows.append((web / "index.html", len(list(web.glob("*.html"))),
                             sum(p.stat().st_size for p in web.iterdir())))
            pngs = sorted(final.rglob("*.png"))
            if pngs:
                rows.append((final / "{png,tts}", f"{len(pngs)} PNG",
                             sum(p.stat().st_size for p in pngs)))
        return rows

    def _public(self, text: str) -> str:
        return public(text, self.staging, self.out)

    def __exit__(self, kind, error, trace) -> None:
        try:
            if kind is None:
                self.pool.shutdown(wait=True)
            else:
                # Ctrl-C or a failed locale: stop the workers now rather than
                # wait for their locales, and leave no worker behind.
                stop_workers(self.pool)
        finally:
            shutil.rmtree(self.staging, ignore_errors=True)


def _locale_kit(game, locale, verified: Verified, paper, out, images=False):
    """One locale's deck, rules, compendium, quick reference and web edition,
    from the game's ``verified`` examples (run in a worker process)."""
    written = build_deck(game, locale, paper=paper, backs="duplex-long", bleed_mm=3,
                         back_offset_mm=(0, 0), out=out, images=images)
    # the game's other boxes (Oriflamme Alliance), each a deck of its own
    for options in kit(game).EXTRA_DECKS:
        written += build_deck(game, locale, paper=paper, backs="duplex-long", bleed_mm=3,
                              back_offset_mm=(0, 0), out=out, options=dict(options),
                              images=images)
    return (written + build_rules(game, locale, paper=paper, out=out, examples=verified)
            + build_web(game, locale, out=out, examples=verified))


def _portable(path: Path) -> str:
    """An example's file as ``assets/<game>/examples/<name>``: the same on every
    machine, whether Herald runs from a clone or from an install."""
    try:
        return Path(path).resolve().relative_to(ASSETS.parent).as_posix()
    except ValueError:
        return Path(path).name


def _pages(path) -> int:
    pdf = pypdfium2.PdfDocument(str(path))
    try:
        return len(pdf)
    finally:
        pdf.close()


def _table(rows):
    echo(f"{'file':<56} {'pages':>7} {'size':>10}  examples verified")
    for path, pages, extra in rows:
        if isinstance(extra, int):          # a folder of images: its total size
            size, verified = extra, ""
        else:
            size, verified = path.stat().st_size, extra
        echo(f"{display(path):<56} {pages!s:>7} {size / 1024:>8,.0f} KiB  {verified}")
