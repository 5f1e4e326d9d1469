"""Deck rendering speed, by hand: ``python benchmarks/render.py [--lang en]`` (not a test).

Reports, for one locale of Oriflamme (best of a few runs, after one warm-up):

* the PDFs: laying out every card's text, the A4 home sheets with their back
  pages, the print-shop file and the calibration sheet;
* the PNGs: rasterizing the print-shop file at 300 dpi and saving every card,
  plus the Tabletop Simulator sheets;
* the floor: a bare reportlab loop that draws the same texts (every card's
  name and ability, split into lines once) with the same fonts on as many
  cards and pages, into the same two documents, and nothing else: no frame, no
  coat of arms, no icon, no fitting. Herald's PDFs are measured against it.

Target: the PDFs of one locale in under 1 second, within 3x of the floor.
"""
from __future__ import annotations

import argparse
import io
import sys
import tempfile
import time
from pathlib import Path

from herald.generator.database import database_path, load_database
from herald.generator.decks import build_deck
from herald.generator.games.oriflamme.faces import print_cards
from herald.generator.render.calibration import write_calibration
from herald.generator.render.fonts import register_fonts
from herald.generator.render.geometry import CARD_H, CARD_W, PAPERS
from herald.generator.render.imposition import fit_bleed, write_printshop, write_sheets
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

REPEATS = 7
TARGET_SECONDS = 1.0
TARGET_RATIO = 3.0


def best_interleaved(*fns) -> list[float]:
    """The best time of each function over REPEATS rounds, run in turn within
    each round so that a drift in the machine's speed touches them alike."""
    times = [[] for _ in fns]
    for _ in range(REPEATS):
        for fn, kept in zip(fns, times):
            start = time.perf_counter()
            fn()
            kept.append(time.perf_counter() - start)
    return [min(t) for t in times]


def herald_pdfs(db, locale, folder: Path):
    cards = print_cards(db, locale)
    write_sheets(folder / "sheets.pdf", cards, "a4", "duplex-long", fit_bleed("a4", 3 * mm),
                 title="bench", lang=locale)
    write_printshop(folder / "printshop.pdf", cards, title="bench", lang=locale)
    write_calibration(folder / "calibration.pdf", "a4")
    return len(cards)


def floor_pdfs(db, locale, n_cards):
    """The same texts, fonts and card count, drawn as plainly as reportlab allows."""
    fonts = register_fonts()
    texts = []
    for _family in db.families:
        for card in db.cards:
            lines = simpleSplit(card.ability[locale], fonts.regular, 9, CARD_W - 12 * mm)
            texts.append((card.name[locale].upper(), lines))
    aid = db.aids[locale]
    for _family in db.families:
        lines = []
        for section in aid.turn:
            lines += simpleSplit(section.text, fonts.regular, 7, CARD_W - 12 * mm)
        texts.append((aid.title.upper(), lines))
    texts = (texts * (n_cards // len(texts) + 1))[:n_cards]   # as many cards as Herald's deck

    def card(c, x, y, name, lines, size):
        c.setFont(fonts.title_bold, 12)
        c.drawCentredString(x + CARD_W / 2, y + CARD_H - 14 * mm, name)
        c.setFont(fonts.regular, size)
        for i, line in enumerate(lines):
            c.drawString(x + 6 * mm, y + CARD_H - 70 * mm - i * size * 1.2, line)

    width, height = PAPERS["a4"]
    sheets = Canvas(io.BytesIO(), pagesize=(width, height), invariant=1,
                    initialFontName=fonts.regular)
    for start in range(0, len(texts), 6):
        for _side in range(2):                      # a front page and a back page
            for k, (name, lines) in enumerate(texts[start:start + 6]):
                card(sheets, 10 * mm + (k % 3) * 64 * mm, 30 * mm + (k // 3) * 118 * mm,
                     name, lines, 9)
            sheets.showPage()
    sheets.save()
    shop = Canvas(io.BytesIO(), pagesize=(CARD_W + 6 * mm, CARD_H + 6 * mm), invariant=1,
                  initialFontName=fonts.regular)
    for _side in range(2):
        for name, lines in texts:
            card(shop, 3 * mm, 3 * mm, name, lines, 9)
            shop.showPage()
    shop.save()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lang", default="en")
    args = ap.parse_args(argv)
    db = load_database(database_path("oriflamme"))
    register_fonts()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        start = time.perf_counter()
        n = herald_pdfs(db, args.lang, folder)               # first run: fills the caches
        cold = time.perf_counter() - start
        floor_pdfs(db, args.lang, n)
        pdfs, floor = best_interleaved(lambda: herald_pdfs(db, args.lang, folder),
                                       lambda: floor_pdfs(db, args.lang, n))
        start = time.perf_counter()
        build_deck("oriflamme", args.lang, paper="a4", backs="duplex-long", bleed_mm=3,
                   back_offset_mm=(0, 0), out=folder / "deck")
        whole = time.perf_counter() - start
    print(f"Oriflamme deck, locale {args.lang}: {n} cards (fronts and backs), "
          f"best of {REPEATS} runs")
    print(f"  Herald PDFs (layout, A4 sheets, print-shop file, calibration) {pdfs:6.3f} s"
          f"   target < {TARGET_SECONDS:.1f} s: {'met' if pdfs < TARGET_SECONDS else 'MISSED'}")
    print(f"  the same, first run in the process (recording the vector art)   {cold:6.3f} s")
    print(f"  bare reportlab floor (same texts, fonts, cards and pages)     {floor:6.3f} s")
    ratio = pdfs / floor
    print(f"  ratio {ratio:.2f}x the floor   target <= {TARGET_RATIO:.0f}x: "
          f"{'met' if ratio <= TARGET_RATIO else 'MISSED'}")
    print(f"  whole deck with PNGs and the TTS sheets (one run)             {whole:6.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
