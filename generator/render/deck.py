"""Building a game's print-and-play deck for one locale: every file of it."""
from __future__ import annotations

import os
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from reportlab.lib.units import mm

from ..database import database_path, load_database
from ..errors import InputError
from ..fileio import write_atomic
from ..kits import kit
from .calibration import write_calibration
from .cover import cover_drawer, cover_notes
from .imposition import NO_GRID, columns_first, fit_bleed, write_printshop, write_sheets
from .raster import iter_pages, png_bytes, write_tts

BACKS = ("duplex-long", "duplex-short", "fold", "none")


def card_options(game: str, options: dict) -> dict:
    """The deck options asked for (``{"plain": True, "size": "poker"}``),
    passed to the game's ``print_cards`` as keyword arguments; an option the
    game's kit does not list in ``CARD_OPTIONS``, or a value its
    ``check_card_options`` refuses, is bad input."""
    game_kit = kit(game)
    accepted = getattr(game_kit, "CARD_OPTIONS", {})
    for name in options:
        if name not in accepted:
            takes = ", ".join(f"--{o}" for o in accepted) or "none"
            raise InputError(f"--{name}: the {game} deck has no such option (its options: "
                             f"{takes})")
    if hasattr(game_kit, "check_card_options"):
        game_kit.check_card_options(options)
    return dict(options)


def deck_options(games: list[str], options: dict, *, named: bool) -> dict[str, dict]:
    """Each game's share of the deck options asked for, every value checked
    for every deck (:func:`card_options`) before any deck is built: a bad
    value writes nothing, not the decks before the one refusing it. A game ``named`` on the
    command line must take every option; when every built-in deck is
    printed, each takes the options its kit lists and prints as usual
    without the others (``herald cards --plain``), and only an option no
    deck takes is bad input."""
    if named:
        return {game: card_options(game, options) for game in games}
    accepted = {game: getattr(kit(game), "CARD_OPTIONS", {}) for game in games}
    for name in options:
        if not any(name in takes for takes in accepted.values()):
            decks = "; ".join(f"{game}: {', '.join(f'--{o}' for o in takes)}"
                              for game, takes in accepted.items() if takes) or "none"
            raise InputError(f"--{name}: no built-in deck has such an option (deck "
                             f"options: {decks})")
    return {game: card_options(game, {name: value for name, value in options.items()
                                      if name in takes})
            for game, takes in accepted.items()}


def build_deck(game: str, locale: str, *, paper: str, backs: str, bleed_mm: float,
               back_offset_mm: tuple[float, float], out: Path,
               color: str = "rgb", ink: str = "full",
               options: dict | None = None, images: bool = True,
               cut_lines: bool = False) -> list[Path]:
    """Write the deck of ``game`` in ``locale`` under ``out/<game>/<locale>/``
    (with ``images``, also every card as a PNG and the Tabletop Simulator decks);
    ``color`` "cmyk" makes the print-shop file CMYK PDF/X-1a; ``ink`` "saver"
    (the same as ``options={"ink": "saver"}``) asks the game for its
    ink-saving variant (white borders, no colour flood on backs); ``options`` are
    the game's own deck options (see :func:`card_options`); ``cut_lines`` draws
    the cut lines through the home sheets' gutters. Each card size gets a print-shop file of its own
    (a print shop runs one size at a time): ``<name>-cards-printshop.pdf``
    for the first, ``<name>-cards-printshop-<W>x<H>.pdf`` for the others."""
    db = load_database(database_path(game))
    game_kit = kit(game)
    options = card_options(game, {**(options or {}), **({} if ink == "full" else {"ink": ink})})
    if hasattr(game_kit, "deck_database"):
        # the database as this deck deals it (another box: its cards, its name)
        db = game_kit.deck_database(db, options)
    cards = game_kit.print_cards(db, locale, **options)   # lays out every text first: fails early
    # A game dealing other cards (oriflamme --cards alliance) names that deck,
    # printed in a folder of its own inside the locale's.
    name = game_kit.deck_name(options) if hasattr(game_kit, "deck_name") else game
    folder = Path(out) / game / locale
    if name != game:
        folder = folder / name
    title = f"{db.name[locale]}"
    notes = cover_notes(game, db, locale, **options)
    return write_kit(cards, folder, name, title=title, locale=locale, paper=paper, backs=backs,
                     bleed_mm=bleed_mm, back_offset_mm=back_offset_mm, color=color,
                     notes=notes, images=images, cut_lines=cut_lines)


def write_kit(cards, folder: Path, name: str, *, title: str, locale: str, paper: str,
              backs: str, bleed_mm: float, back_offset_mm: tuple[float, float], color: str,
              notes, images: bool = True, notice: bool = True,
              cut_lines: bool = False, sheet=None) -> list[Path]:
    """Every file of a deck's kit from its ``cards`` (a game's or a designer's
    own deck): the home sheets with their cover, the calibration sheet, the
    print-shop file and, with ``images``, the PNGs and the Tabletop Simulator
    decks, written into ``folder`` under the stem ``name``. ``sheet``: the
    home sheets' grid and gaps (:class:`.imposition.SheetGrid`)."""
    written = []

    sheets = folder / f"{name}-cards-{paper}.pdf"
    card_sizes = list(dict.fromkeys((c.width, c.height) for c in cards))
    sheet = sheet or NO_GRID
    bleed = fit_bleed(paper, bleed_mm * mm, sheet=sheet)
    cover = cover_drawer(notes, title=title, lang=locale, backs=backs, card_sizes=card_sizes,
                         pieces=any(not c.deck for c in cards), notice=notice,
                         columns_first={size: columns_first(paper, [size], backs, bleed, sheet)
                                        for size in card_sizes})
    write_sheets(sheets, cards, paper, backs, bleed,
                 back_offset=back_offset_mm, title=title, lang=locale, cover=cover,
                 cut_lines=cut_lines, sheet=sheet)
    written.append(sheets)
    if backs in ("duplex-long", "duplex-short"):
        # the calibration sheet is for two-sided printing, with the same flip
        calibration = folder / f"{name}-calibration-{paper}.pdf"
        write_calibration(calibration, paper, back_offset=back_offset_mm,
                          flip="long" if backs == "duplex-long" else "short", lang=locale)
        written.append(calibration)
    by_size: dict[tuple[float, float], list] = {}
    for card in cards:
        by_size.setdefault((card.width, card.height), []).append(card)
    shop_files = []
    for i, ((w, h), group) in enumerate(by_size.items()):
        suffix = "" if i == 0 else f"-{w / mm:.0f}x{h / mm:.0f}"
        printshop = folder / f"{name}-cards-printshop{suffix}.pdf"
        write_printshop(printshop, group, title=title, lang=locale, color=color)
        written.append(printshop)
        shop_files.append((printshop, group))
    if not images:
        return written

    # PNGs and the Tabletop Simulator deck, rasterized from the print-shop pages
    # (all fronts, then all backs in the same order); each distinct card once,
    # written as soon as it is drawn: one image in memory, not the deck's.
    pngs: dict[str, Path] = {}
    jobs: deque = deque()
    # PNG compression runs in C without holding the GIL: one thread per core,
    # with at most two images per thread waiting.
    workers = min(os.cpu_count() or 1, 8)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for printshop, group in shop_files:
            keys = [c.key for c in group] + [c.back_key for c in group]
            first: dict[str, int] = {}
            for page, key in enumerate(keys):
                first.setdefault(key, page)
            fresh = {k: p for k, p in first.items() if k not in pngs}
            for key, image in zip(fresh, iter_pages(printshop, list(fresh.values()))):
                pngs[key] = folder / "png" / f"{key}.png"
                jobs.append(pool.submit(_save, pngs[key], image))
                while len(jobs) > 2 * workers:
                    jobs.popleft().result()
        for job in jobs:
            job.result()
    written += list(pngs.values())
    written += write_tts(_Loaded(pngs), cards, folder / "tts", name)
    return written


def _save(path: Path, image) -> None:
    write_atomic(path, png_bytes(image))


class _Loaded(dict):
    """A card's 300 dpi image read back from its PNG when asked (the TTS
    sheets need a few at a time, never all)."""

    def __init__(self, paths: dict[str, Path]):
        super().__init__()
        self.paths = paths

    def __missing__(self, key: str):
        from PIL import Image
        with Image.open(self.paths[key]) as image:
            return image.convert("RGB")
