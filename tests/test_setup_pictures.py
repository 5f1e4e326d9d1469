"""The set-up pictures of the rules booklets, drawn on a canvas and their
cards' places read back (issue 33: the Oriflamme hand hid card names)."""
from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from types import SimpleNamespace

import pytest
from herald.generator.database import database_path, load_database
from herald.generator.documents import rules_text
from herald.generator.games.oriflamme import booklet
from herald.generator.games.oriflamme import diagram as D
from herald.generator.translations import game_locales
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas


@pytest.mark.parametrize("locale", game_locales("oriflamme"))
def test_every_card_name_of_the_oriflamme_hand_shows_whole(monkeypatch, locale):
    """Each card of the fanned hand leaves its name band (PEEK) uncovered:
    the card drawn over it starts that much lower, or past its right edge."""
    placed = []
    real = D._card

    def record(canvas, db, loc, fonts, card, x, y):
        placed.append((card, x, y))
        real(canvas, db, loc, fonts, card, x, y)
    monkeypatch.setattr(D, "_card", record)
    db = load_database(database_path("oriflamme"))
    builder = SimpleNamespace(db=db, locale=locale, text=rules_text("oriflamme", locale),
                              wide=170 * mm)
    (figure,) = booklet.booklet_figure(builder, ET.Element("figure", name="setup"))
    canvas = Canvas(io.BytesIO())
    figure.canv = canvas
    figure.draw()
    hand = [(x, y) for (_, _, up, _), x, y in placed if up]
    assert len(hand) == 7
    for (x0, y0), (x1, y1) in zip(hand, hand[1:]):
        assert x1 >= x0 + D.CARD_W or y0 - y1 >= D.PEEK - 0.01, (x0, y0, x1, y1)
    # and the picture is no wider than the frame it is given
    assert figure.width <= 170 * mm + 0.01


@pytest.mark.parametrize("locale", ["fr", "en", "de", "es"])
def test_the_oriflamme_booklet_pictures_the_whole_table(monkeypatch, locale):
    """Issue 33: no picture of the whole table at set-up. The booklet's
    Setup section draws it: four seats, each with three cards set aside in
    its family's colours, face down; the Queue's room, both tiles and the
    reserve named."""
    from herald.generator.render.text import typography
    placed = []
    real = D._card

    def record(canvas, db, loc, fonts, card, x, y):
        placed.append(card)
        real(canvas, db, loc, fonts, card, x, y)
    monkeypatch.setattr(D, "_card", record)
    db = load_database(database_path("oriflamme"))
    text = rules_text("oriflamme", locale)
    setup = next(s for s in text["sections"] if s["id"] == "setup")
    assert {"figure": "table"} in setup["blocks"]
    builder = SimpleNamespace(db=db, locale=locale, text=text, wide=170 * mm)
    (figure,) = booklet.booklet_figure(builder, ET.Element("figure", name="table"))
    buf = io.BytesIO()
    canvas = Canvas(buf)
    figure.canv = canvas
    figure.draw()
    canvas.showPage()
    canvas.save()
    assert len(placed) == 12 and not any(up for _, _, up, _ in placed)
    assert sorted({family for family, _, _, _ in placed}) == [0, 1, 2, 3]
    import pypdf
    drawn = pypdf.PdfReader(io.BytesIO(buf.getvalue())).pages[0].extract_text()
    words = text["setup_figure"]
    for said in (db.terms[locale].queue, words["first"], words["direction"], words["reserve"],
                 *(f.name[locale] for f in db.families[:4])):
        assert typography(said, locale) in drawn, said
    assert figure.width <= 170 * mm + 0.01
