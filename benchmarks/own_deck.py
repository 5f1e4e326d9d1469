"""Watch mode's rebuild, by hand: ``python benchmarks/own_deck.py`` (not a test).

A 60-card copy of the demo deck (examples/decks/tidewrack, counts raised)
is built once, as ``herald cards --deck DIR --watch`` does on start; then
one row of its card list is changed and the deck rebuilt, several times in
the same process, as watch mode does on each save (the PDFs of one locale:
home sheets, calibration sheet, print-shop file).

The floor: the same imposition (home sheets and print-shop file, same paper,
same number of cards and pages) of cards that draw only their name, so that
the figure says what the layout costs above Herald's own imposition.

Target: a rebuild after one row changes in under 2 seconds.
"""
from __future__ import annotations

import csv
import io
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from herald.generator.deck.build import Cache, Options, build
from herald.generator.render.cards import PrintCard
from herald.generator.render.fonts import register_fonts
from herald.generator.render.imposition import fit_bleed, write_printshop, write_sheets

DEMO = Path(__file__).resolve().parents[1] / "examples" / "decks" / "tidewrack"
CARDS = 60
REPEATS = 5
TARGET_SECONDS = 2.0


def sixty_cards(folder: Path) -> list[dict]:
    """The demo deck in ``folder`` with its counts raised to ``CARDS`` in all."""
    shutil.copytree(DEMO, folder)
    rows = list(csv.DictReader((folder / "cards.csv").open(encoding="utf-8")))
    total = sum(int(r["count"]) for r in rows)
    for i in range(CARDS - total):
        rows[i % len(rows)]["count"] = str(int(rows[i % len(rows)]["count"]) + 1)
    write_rows(folder, rows)
    return rows


def write_rows(folder: Path, rows: list[dict]) -> None:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    (folder / "cards.csv").write_text(buffer.getvalue(), encoding="utf-8")


def floor(tmp: Path, size) -> float:
    from reportlab.lib.units import mm

    def card(i):
        def draw(c, x, y, bleed):
            c.setFont("Garamond", 10)
            c.drawString(x + 5 * mm, y + size[1] - 10 * mm, f"card {i}")
        return PrintCard(f"c{i}", "back", f"card {i}", draw, lambda c, x, y, b: None,
                         width=size[0], height=size[1])
    cards = [card(i) for i in range(CARDS)]
    start = time.perf_counter()
    write_sheets(tmp / "floor-sheets.pdf", cards, "a4", "duplex-long", fit_bleed("a4", 3 * mm))
    write_printshop(tmp / "floor-printshop.pdf", cards)
    return time.perf_counter() - start


def main() -> int:
    register_fonts()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        deck = tmp / "deck"
        rows = sixty_cards(deck)
        options = Options(images=False)       # what --watch rebuilds on each save
        cache = Cache()
        start = time.perf_counter()
        build(deck, tmp / "out", "en", options, lambda m: None, cache)
        first = time.perf_counter() - start
        times = []
        for i in range(REPEATS):
            rows[3]["text_en"] = f"At each **high tide**, gain {i + 2} :coin:."
            write_rows(deck, rows)
            start = time.perf_counter()
            build(deck, tmp / "out", "en", options, lambda m: None, cache)
            times.append(time.perf_counter() - start)
        from herald.generator.deck.units import SIZES
        floors = [floor(tmp, SIZES["poker"]) for _ in range(3)]
    rebuild, bare = statistics.median(times), min(floors)
    print(f"own deck, {CARDS} cards, one locale, PDFs only (watch mode)")
    print(f"  first build                 {first:6.2f} s")
    print(f"  rebuild after one row       {rebuild:6.2f} s   (median of {REPEATS}; "
          f"target under {TARGET_SECONDS:.0f} s)")
    print(f"  floor: names only, same imposition {bare:6.2f} s   -> rebuild is "
          f"{rebuild / bare:.1f}x the floor")
    return 0 if rebuild < TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
