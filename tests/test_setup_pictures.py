"""The set-up pictures of the rules booklets, drawn on a canvas and their
cards' places read back (issue 33: the Oriflamme hand hid card names)."""
from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from types import SimpleNamespace

import pytest
from herald.generator.database import database_path, load_database
from herald.generator.games.oriflamme import booklet
from herald.generator.games.oriflamme import diagram as D
from herald.generator.render.booklet import rules_text
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas


@pytest.mark.parametrize("locale", ["fr", "en", "de", "es"])
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
