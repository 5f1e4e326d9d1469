"""Building a game's print-and-play deck for one locale: every file of it."""
from __future__ import annotations

from pathlib import Path

from reportlab.lib.units import mm

from ..database import database_path, load_database
from ..fileio import write_atomic
from .calibration import write_calibration
from .faces import print_cards
from .imposition import fit_bleed, write_printshop, write_sheets
from .raster import png_bytes, render_pages, write_tts

BACKS = ("duplex-long", "duplex-short", "fold", "none")


def build_deck(game: str, locale: str, *, paper: str, backs: str, bleed_mm: float,
               back_offset_mm: tuple[float, float], out: Path) -> list[Path]:
    """Write the deck of ``game`` in ``locale`` under ``out/<game>/<locale>/``."""
    db = load_database(database_path(game))
    cards = print_cards(db, locale)          # lays out every text first: fails early
    folder = Path(out) / game / locale
    title = f"{db.name[locale]}"
    written = []

    sheets = folder / f"{game}-cards-{paper}.pdf"
    write_sheets(sheets, cards, paper, backs, fit_bleed(paper, bleed_mm * mm),
                 back_offset=back_offset_mm, title=title, lang=locale)
    written.append(sheets)
    calibration = folder / f"{game}-calibration-{paper}.pdf"
    write_calibration(calibration, paper, back_offset=back_offset_mm)
    written.append(calibration)
    printshop = folder / f"{game}-cards-printshop.pdf"
    write_printshop(printshop, cards, title=title, lang=locale)
    written.append(printshop)

    # PNGs and the Tabletop Simulator deck, rasterized from the print-shop pages
    # (fronts, then backs in the same order).
    pages = render_pages(printshop)
    fronts, back_pages = pages[:len(cards)], pages[len(cards):]
    done = set()
    for key, image in list(zip([c.key for c in cards], fronts)) + \
            list(zip([c.back_key for c in cards], back_pages)):
        if key not in done:
            done.add(key)
            path = folder / "png" / f"{key}.png"
            write_atomic(path, png_bytes(image))
            written.append(path)
    written += write_tts(fronts, back_pages, folder / "tts", game)
    return written
