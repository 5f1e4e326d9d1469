"""Writing a designer's deck: the same kit as a built-in game's
(:func:`herald.generator.render.deck.write_kit`), per locale into
``OUT/<deck>/<locale>/``, or a print-on-demand service's files
(:mod:`.presets`) into ``OUT/<deck>/<service>/<locale>/``.

Everything is read and resolved (:func:`faces.print_cards`) before the
first file is written: bad data writes nothing. Each locale's files are
written into a temporary folder beside the destination and swapped in when
complete.
"""
from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError
from ..generic_words import OWN_DECK as _TEXT
from ..render.cover import CoverNotes
from ..render.deck import write_kit
from . import export
from .faces import Deck, Warn, load_deck, print_cards
from .presets import Preset, check_size, write_files


@dataclass
class Options:
    paper: str = "a4"
    backs: str = "duplex-long"
    bleed_mm: float = 3.0
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    color: str = "rgb"
    images: bool = True
    printer: Preset | None = None
    ink_saver: bool = False      # no background floods (home printing)
    cut_lines: bool = False      # cut lines through the home sheets' gutters


@dataclass
class Cache:
    """What the last build drew, for a rebuild to render again only what
    changed (watch mode): each card's digest, by locale and key."""
    fingerprints: dict[str, dict[str, str]] = field(default_factory=dict)


def resolve_locales(deck: Deck, lang: str) -> list[str]:
    if lang == "all":
        return list(deck.locales)
    if lang not in deck.locales:
        raise InputError(f"--lang: the deck has no {lang!r} texts (its languages: "
                         f"{', '.join(deck.locales)})")
    return [lang]


def build(folder: Path, out: Path, lang: str, options: Options, warn: Warn,
          cache: Cache | None = None) -> list[Path]:
    """Every file of the deck in ``folder`` for each locale ``lang`` asks for."""
    deck = load_deck(folder)
    said: set[str] = set()

    def warn_once(message: str) -> None:     # a layout's warning, once for all locales
        if message not in said:
            said.add(message)
            warn(message)
    if options.printer is not None:
        check_size(options.printer, deck.layout.size, deck.layout.where(("size",)))
    locales = resolve_locales(deck, lang)
    safe = options.printer.safe if options.printer else None
    plans = []
    for locale in locales:           # every card of every locale resolved first
        prints: dict[str, str] = {}
        cards = print_cards(deck, locale, warn_once, safe=safe, fingerprints=prints,
                            ink_saver=options.ink_saver)
        plans.append((locale, cards, prints))
    # the layout's export: checked before anything is written (images: not in watch mode)
    exports = export.plan(deck.layout, plans[0][1]) \
        if export.wanted(deck.layout) and options.printer is None else None
    sheet = export.sheet_grid(deck.layout, options.paper, options.backs, options.bleed_mm) \
        if options.printer is None else None
    written = []
    for locale, cards, prints in plans:
        final = Path(out) / deck.name / locale
        if options.printer is not None:     # beside the home kit, not inside it
            final = Path(out) / deck.name / options.printer.name / locale
        old = (cache.fingerprints.get(str(final)) if cache else None) or {}
        final.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".herald-deck-", dir=final.parent))
        try:
            if final.is_dir():       # unchanged images are kept, not drawn again
                shutil.copytree(final, staging, dirs_exist_ok=True)
            files = _write(deck, cards, staging, locale, options, sheet,
                           lambda key, path, old=old, prints=prints:
                           old.get(key) == prints.get(key) and path.exists())
            if options.images:       # the last build's export goes (watch mode keeps it)
                shutil.rmtree(staging / "export", ignore_errors=True)
            if exports is not None and options.images:
                shop = next(p for p in files if p.name.endswith("-cards-printshop.pdf"))
                files += export.write_images(exports, cards, shop, staging / "export")
            if final.exists():
                shutil.rmtree(final)
            staging.rename(final)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        if cache is not None:
            cache.fingerprints[str(final)] = prints
        written += [final / p.relative_to(staging) for p in files]
    return written


def _write(deck: Deck, cards, folder: Path, locale: str, options: Options, sheet,
           reuse) -> list[Path]:
    title = deck.layout.title(locale)
    if options.printer is not None:
        return write_files(options.printer, cards, folder, deck.name, title, locale, reuse)
    return write_kit(cards, folder, deck.name, title=title, locale=locale,
                     paper=options.paper, backs=options.backs, bleed_mm=options.bleed_mm,
                     back_offset_mm=options.back_offset_mm, color=options.color,
                     notes=cover_notes(deck, cards, locale), images=options.images,
                     notice=False, cut_lines=options.cut_lines, sheet=sheet)


def cover_notes(deck: Deck, cards, locale: str) -> CoverNotes:
    t = _TEXT.get(locale.split("-")[0], _TEXT["en"])
    counts: dict[str, int] = {}
    names: dict[str, str] = {}
    for card in cards:
        counts[card.key] = counts.get(card.key, 0) + 1
        names[card.key] = card.label.rsplit(" (", 1)[0]
    kinds = ", ".join(t["kind"].format(count=n, name=names[k]) for k, n in counts.items())
    # the layout files only: the same cards from a CSV or an XLSX print the same bytes
    files = ", ".join(s.shown.rsplit("/", 1)[-1] for s in deck.layout.sources)
    return CoverNotes(contents=[t["cards"].format(n=len(cards), kinds=kinds)],
                      credits=[t["made"].format(files=files)])
