"""Issue 33: every card of every home sheet prints its whole bleed on every
edge, and every cut line has a crop mark beyond the block on all four sides.

Asèt's 44 x 68 mm cards on A4 lay 4 x 4, 6.5 mm from the paper's edge: of
the outer rows' bleed only 0.5 mm lay inside the 6 mm a printer loses (a
white sliver on 8 cards of 16 after a slightly-off cut), and their vertical
cut lines were marked between the rows only. Measured here on the rendered
sheets of the real decks: a pixel just inside each bleed edge, beyond every
trim line of every card, is painted; on each side of the block each cut line
shows a crop mark (a dark line with the white halo on both flanks).
"""
from __future__ import annotations

import numpy as np
import pytest
from herald.generator.database import database_path, load_database
from herald.generator.kits import kit
from herald.generator.render import geometry as G
from herald.generator.render.imposition import MARK_MIN, fit_bleed, sheet_layout, write_sheets
from herald.generator.render.raster import iter_pages
from reportlab.lib.units import mm

DPI = 300
PX = 72 / DPI                      # points a pixel


def _grey(image) -> np.ndarray:
    return np.asarray(image.convert("L"), dtype=np.int16)


def _at(img: np.ndarray, x: float, y: float) -> int:
    """The grey level at (x, y) points, y up from the page's foot."""
    return int(img[int((img.shape[0] * PX - y) / PX), int(x / PX)])


def _groups(cards):
    """[(card size, count)] in the order the sheets print them."""
    sizes: dict = {}
    for c in cards:
        sizes[(c.width, c.height)] = sizes.get((c.width, c.height), 0) + 1
    return list(sizes.items())


def _pages(cards, paper: str):
    """[(page index, layout, cards on it, back page?)] of a duplex-long kit
    with a cover and its blank back (write_sheets' order)."""
    bleed = fit_bleed(paper, 3 * mm)
    index, out = 2, []
    for size, count in _groups(cards):
        fitted = bleed if size == (G.CARD_W, G.CARD_H) else min(bleed, fit_bleed(paper, bleed,
                                                                                 size))
        lay = sheet_layout(paper, fitted, card=size)
        per = lay.columns * lay.rows
        for start in range(0, count, per):
            n = min(per, count - start)
            out += [(index, lay, n, False), (index + 1, lay, n, True)]
            index += 2
    return out


def _mark_at(img: np.ndarray, along: str, fixed: float, a: float, z: float) -> float:
    """Length in points of crop mark found on the line ``fixed`` (an x for
    "y", a y for "x") between ``a`` and ``z`` along it: dark where the line
    runs (within a pixel: the renderer snaps), light three pixels either
    side of it (0.7 pt: the mark is 0.6 pt wide, its white halo 2 pt, over a
    bleed or paper). Every point along the line at once (numpy), each read
    as :func:`_at` reads one."""
    lo, hi = sorted((a, z))
    ts = np.arange(lo, hi, PX)
    if not len(ts):
        return 0.0
    height = img.shape[0] * PX

    def grey(d: int) -> np.ndarray:
        # the line's pixels, d pixels across it (int(): as _at truncates)
        if along == "y":
            return img[((height - ts) / PX).astype(int), int((fixed + d * PX) / PX)]
        return img[int((height - (fixed + d * PX)) / PX), (ts / PX).astype(int)]

    table = np.stack([grey(d) for d in range(-4, 5)])     # d pixels across: row d + 4
    # the darkest of the three middle pixels (the first, on a tie), and the
    # pixels three either side of it
    pick = np.argmin(table[3:6], axis=0) + 3
    along_line = np.arange(len(ts))
    centre = table[pick, along_line]
    flanks = np.minimum(table[pick - 3, along_line], table[pick + 3, along_line])
    return int(np.count_nonzero((centre < 110) & (flanks > 200))) * PX


def check_sheets(pdf, cards, paper: str) -> int:
    """Every card's bleed and every side's marks on every page of ``pdf``;
    returns the number of card edges checked."""
    pages = _pages(cards, paper)
    edges = 0
    # one page's image in memory at a time (a sheet at 300 dpi is 26 MB)
    images = iter_pages(pdf, [p[0] for p in pages], DPI)
    for (index, lay, n, back), image in zip(pages, images, strict=True):
        img = _grey(image)
        W = lay.width
        cols = min(lay.columns, n)
        rows = -(-n // lay.columns)
        slots = [(k % lay.columns, k // lay.columns) for k in range(n)]
        for col, row in slots:
            x0, y0 = lay.trim_origin(col, row)
            x1, y1 = x0 + lay.card_w, y0 + lay.card_h
            if back:                                  # long-edge flip: x mirrored
                x0, x1 = W - x1, W - x0
            inset = 0.4 * mm                          # just inside the bleed's edge
            out = lay.bleed - inset
            for f in (0.2, 0.5, 0.8):
                xm, ym = x0 + f * (x1 - x0), y0 + f * (y1 - y0)
                for x, y, edge in ((x0 - out, ym, "left"), (x1 + out, ym, "right"),
                                   (xm, y0 - out, "bottom"), (xm, y1 + out, "top")):
                    assert _at(img, x, y) < 250, (pdf.name, index, col, row, edge)
                    edges += 1
        # the crop marks: each cut line, on each side of the block
        xs = sorted({v for c in range(cols) for v in (lay.trim_origin(c, 0)[0],
                                                      lay.trim_origin(c, 0)[0] + lay.card_w)})
        ys = sorted({v for r in range(rows) for v in (lay.trim_origin(0, r)[1],
                                                      lay.trim_origin(0, r)[1] + lay.card_h)})
        if back:
            xs = [W - x for x in xs]
        top, bottom = max(ys), min(ys)
        left, right = min(xs), max(xs)
        pm = G.PRINTER_MARGIN
        for x in xs:
            for a, z, side in ((top + 0.6 * mm, lay.height - pm, "top"),
                               (bottom - 0.6 * mm, pm, "bottom")):
                assert _mark_at(img, "y", x, a, z) >= MARK_MIN * 0.8, (pdf.name, index, side, x)
        for y in ys:
            for a, z, side in ((left - 0.6 * mm, pm, "left"),
                               (right + 0.6 * mm, W - pm, "right")):
                assert _mark_at(img, "x", y, a, z) >= MARK_MIN * 0.8, (pdf.name, index, side, y)
        # and nothing printed within the printer's margin
        m = int(pm / PX) - 1
        for strip in (img[:m], img[-m:], img[:, :m], img[:, -m:]):
            assert strip.min() >= 250, (pdf.name, index)
    return edges


@pytest.fixture(scope="module")
def aset_cards():
    return kit("aset").print_cards(load_database(database_path("aset")), "en")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_aset_sheets_have_full_bleed_and_marks_on_every_side(tmp_path, aset_cards, paper):
    small = (44 * mm, 68 * mm)
    lay = sheet_layout(paper, min(fit_bleed(paper, 3 * mm), fit_bleed(paper, 3 * mm, small)),
                       card=small)
    assert (lay.columns, lay.rows) == (4, 3)          # A4 was 4 x 4
    pdf = tmp_path / f"aset-{paper}.pdf"
    write_sheets(pdf, aset_cards, paper, "duplex-long", fit_bleed(paper, 3 * mm),
                 cover=lambda *args: None)
    edges = check_sheets(pdf, aset_cards, paper)
    assert edges == len(aset_cards) * 2 * 12          # fronts and backs, 4 edges x 3 points


@pytest.mark.parametrize("size", ["poker", "bridge"])
def test_lenormand_sheets_on_letter_keep_their_bleed(tmp_path, size):
    """Poker cards on Letter had the same fault (2 x 4, 0.7 mm of bleed)."""
    cards = kit("lenormand").print_cards(load_database(database_path("lenormand")), "en",
                                         size=size)
    pdf = tmp_path / f"lenormand-{size}.pdf"
    write_sheets(pdf, cards, "letter", "duplex-long", fit_bleed("letter", 3 * mm),
                 cover=lambda *args: None)
    assert check_sheets(pdf, cards, "letter") == len(cards) * 2 * 12
