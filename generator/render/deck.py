"""Every file of a print-and-play deck, from its printed cards: the home
sheets, the print-shop file, the calibration page, PNGs and Tabletop
Simulator decks. Which cards a game's deck holds is :mod:`herald.generator.decks`'."""
from __future__ import annotations

import os
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from reportlab.lib.units import mm

from ..fileio import write_atomic
from .calibration import write_calibration
from .cover import cover_drawer
from .imposition import (
    NO_GRID,
    columns_first,
    fit_bleed,
    merge_pieces,
    write_pieces,
    write_printshop,
    write_sheets,
)
from .raster import iter_pages, png_bytes, write_tts

BACKS = ("duplex-long", "duplex-short", "fold", "none")


def write_kit(cards, folder: Path, name: str, *, title: str, locale: str, paper: str,
              backs: str, bleed_mm: float, back_offset_mm: tuple[float, float], color: str,
              notes, images: bool = True, notice: bool = True,
              cut_lines: bool = False, sheet=None) -> list[Path]:
    """Every file of a deck's kit from its ``cards`` (a game's or a designer's
    own deck): the home sheets with their cover, the calibration sheet, the
    print-shop file (one per card size) and, when sheets hold tokens or tiles
    (``PrintCard.pieces``), the print shop's file of those pieces at their
    real size (``<name>-tokens-printshop.pdf``), and, with ``images``, the
    PNGs and the Tabletop Simulator decks, written into ``folder`` under the
    stem ``name``. ``sheet``: the home sheets' grid and gaps
    (:class:`.imposition.SheetGrid`)."""
    written = []
    # Sheets of tokens and tiles print on the home sheets as cards; the print
    # shop gets their pieces at real size in a file of their own, and the
    # cards' file no longer holds them (a card printer cannot die-cut them).
    pieces = merge_pieces(cards)
    shop_cards = [c for c in cards if not c.pieces]

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
    for card in shop_cards:
        by_size.setdefault((card.width, card.height), []).append(card)
    shop_files = []
    for i, ((w, h), group) in enumerate(by_size.items()):
        suffix = "" if i == 0 else f"-{w / mm:.0f}x{h / mm:.0f}"
        printshop = folder / f"{name}-cards-printshop{suffix}.pdf"
        write_printshop(printshop, group, title=title, lang=locale, color=color)
        written.append(printshop)
        shop_files.append((printshop, group))
    if pieces:
        tokens = folder / f"{name}-tokens-printshop.pdf"
        write_pieces(tokens, pieces, title=title, lang=locale, color=color)
        written.append(tokens)
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
    written += write_tts(_Loaded(pngs), shop_cards, folder / "tts", name)
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
