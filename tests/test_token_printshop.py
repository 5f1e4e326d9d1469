"""Issue 33: tokens and tiles in a print-shop file of their own.

The Oriflamme print-shop file held the token sheets and the tile sheet as
61 x 112 mm "cards" (pp. 56-60): a card printer cannot die-cut them. The
kit's ``<deck>-tokens-printshop.pdf`` now holds each piece at its real size
(round tokens of 20 mm, tiles of 61 x 56 mm), a page a side, with its
TrimBox and BleedBox, crop marks beyond the bleed, the die line in the spot
colour CutContour and a slug naming it; the cards' file holds cards only.
Measured on the written PDFs (boxes in mm, pixels of 200 dpi renders).
"""
from __future__ import annotations

import re

import numpy as np
import pytest
from herald.generator.database import database_path, load_database
from herald.generator.decks import build_deck
from herald.generator.render.imposition import DIE_LINE, PIECE_MARK
from herald.generator.render.raster import iter_pages
from pypdf import PdfReader
from reportlab.lib.units import mm

DPI = 200
PX = 72 / DPI
DB = load_database(database_path("oriflamme"))
TERMS = DB.terms["en"]
BASE = {  # piece name -> (trim in mm, quantity)
    "1 influence": ((20, 20), 54), "5 influence": ((20, 20), 18),
    TERMS.first_player: ((61, 56), 1), TERMS.resolution_direction: ((61, 56), 1)}


@pytest.fixture(scope="module")
def decks(tmp_path_factory):
    out = tmp_path_factory.mktemp("tokens")
    files = {}
    for cards in (None, "alliance"):
        for path in build_deck("oriflamme", "en", paper="a4", backs="duplex-long", bleed_mm=3,
                               back_offset_mm=(0, 0), out=out, images=False,
                               options={"cards": cards} if cards else {}):
            files[path.name] = path
    return files


def _mm(box) -> tuple[float, ...]:
    return tuple(round(float(v) / mm, 2) for v in (box.left, box.bottom, box.right, box.top))


def _pieces(path) -> list[dict]:
    """Each page's boxes (mm), slug text and colour spaces."""
    pages = []
    for page in PdfReader(path).pages:
        spaces = page["/Resources"].get("/ColorSpace", {})
        pages.append({"trim": _mm(page.trimbox), "bleed": _mm(page.bleedbox),
                      "media": _mm(page.mediabox), "text": " ".join(page.extract_text().split()),
                      "spaces": {str(k).lstrip("/"): v.get_object() for k, v in spaces.items()}})
    return pages


def test_the_card_file_holds_cards_only(decks):
    for name, count in (("oriflamme-cards-printshop.pdf", 55),
                        ("oriflamme-alliance-cards-printshop.pdf", 55)):
        reader = PdfReader(decks[name])
        assert len(reader.pages) == 2 * count            # 50 cards and 5 aids, fronts and backs
        for i, page in enumerate(reader.pages):
            trim = _mm(page.trimbox)
            assert (round(trim[2] - trim[0], 1), round(trim[3] - trim[1], 1)) == (61, 112)
            if i < count:                  # every front a card or an aid: its collation code
                assert re.search(r"\b[A-Z]{1,2}-\d\d\b", page.extract_text()), (name, i)


@pytest.mark.parametrize("deck, extra", [("oriflamme", {}),
                                         ("oriflamme-alliance", {"Condemnation": 5})])
def test_each_piece_at_its_real_size_with_its_boxes_and_slug(decks, deck, extra):
    pages = _pieces(decks[f"{deck}-tokens-printshop.pdf"])
    expected = {**BASE, **{k: ((20, 20), v) for k, v in extra.items()}}
    assert len(pages) == 2 * len(expected)               # every piece's front, then its back
    seen = []
    for i, page in enumerate(pages):
        side = "front" if i < len(expected) else "back"
        x0, y0, x1, y1 = page["trim"]
        name = next(n for n in expected if f"\u00b7 {n}" in page["text"])
        size, count = expected[name]
        assert (round(x1 - x0, 1), round(y1 - y0, 1)) == size, name
        assert page["bleed"] == pytest.approx((x0 - 3, y0 - 3, x1 + 3, y1 + 3), abs=0.01)
        bx0, by0, bx1, by1 = page["bleed"]
        mx0, my0, mx1, my1 = page["media"]
        assert min(bx0 - mx0, by0 - my0, mx1 - bx1, my1 - by1) >= 10     # the slug
        shape = "round, \u00d8 20 mm" if size == (20, 20) else "rectangle 61 \u00d7 56 mm"
        assert f"{side} \u00b7 {shape} \u00b7 quantity: {count}" in page["text"], page["text"]
        # the die line: a separation named CutContour
        assert any(isinstance(cs, list) and str(cs[0]) == "/Separation"
                   and str(cs[1]).lstrip("/") == DIE_LINE for cs in page["spaces"].values())
        seen.append((side, name))
    assert [n for s, n in seen if s == "front"] == [n for s, n in seen if s == "back"]


def test_tokens_counts_match_the_rules(decks):
    """72 influence tokens (54 of 1, 18 of 5), as the rules and the home
    sheets count them."""
    text = " ".join(p["text"] for p in _pieces(decks["oriflamme-tokens-printshop.pdf"]))
    assert "1 influence" in text and "quantity: 54" in text and "quantity: 18" in text
    subject = PdfReader(decks["oriflamme-tokens-printshop.pdf"]).metadata["/Subject"]
    assert "4 die-cut pieces (74 in all)" in subject and DIE_LINE in subject


def _grey(image) -> np.ndarray:
    return np.asarray(image.convert("L"), dtype=np.int16)


def _at(img, x, y) -> int:
    return int(img[int(img.shape[0] - y / PX), int(x / PX)])


@pytest.mark.parametrize("deck", ["oriflamme", "oriflamme-alliance"])
def test_bleed_on_every_edge_and_crop_marks_at_every_corner(decks, deck):
    path = decks[f"{deck}-tokens-printshop.pdf"]
    pages = _pieces(path)
    for page, image in zip(pages, iter_pages(path, None, DPI)):
        img = _grey(image)
        x0, y0, x1, y1 = (v * mm for v in page["trim"])
        xm, ym = (x0 + x1) / 2, (y0 + y1) / 2
        b = 3 * mm
        for x, y in ((x0 - b + 0.4 * mm, ym), (x1 + b - 0.4 * mm, ym),
                     (xm, y0 - b + 0.4 * mm), (xm, y1 + b - 0.4 * mm)):
            assert _at(img, x, y) < 250, (path.name, page["text"], x / mm, y / mm)   # bleed
        for x, y in ((x0 - b - 0.5 * mm, ym), (x1 + b + 0.5 * mm, ym)):
            assert _at(img, x, y) >= 250                                   # and no further
        near, far = b + PIECE_MARK[0], b + PIECE_MARK[1]
        for x in (x0, x1):               # each vertical trim line, above and below
            for ya, yz in ((y0 - far, y0 - near), (y1 + near, y1 + far)):
                column = [min(_at(img, x + d * PX, y) for d in (-1, 0, 1))
                          for y in np.arange(ya + 0.3 * mm, yz - 0.3 * mm, PX)]
                assert max(column) < 128, (page["text"], x / mm)
        for y in (y0, y1):               # each horizontal trim line, left and right
            for xa, xz in ((x0 - far, x0 - near), (x1 + near, x1 + far)):
                row = [min(_at(img, x, y + d * PX) for d in (-1, 0, 1))
                       for x in np.arange(xa + 0.3 * mm, xz - 0.3 * mm, PX)]
                assert max(row) < 128, (page["text"], y / mm)


def test_every_font_embedded(decks):
    for name in ("oriflamme-tokens-printshop.pdf", "oriflamme-alliance-tokens-printshop.pdf"):
        for page in PdfReader(decks[name]).pages:
            for font in page["/Resources"]["/Font"].values():
                descriptor = font.get_object()["/FontDescriptor"]
                assert "/FontFile2" in descriptor, (name, font.get_object()["/BaseFont"])
