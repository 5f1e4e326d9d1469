"""Asèt's decree cards (issue 32): every word printed inside the gold rule
that frames the card (drawn FRAME_MIN_INSET inside the trim), in every
locale, on the printed card and on the web edition's cards.html alike (one
drawing serves both)."""
from __future__ import annotations

import pytest
from herald.generator.database import database_path, load_database
from herald.generator.games.aset.faces import print_cards
from herald.generator.render.geometry import FRAME_MIN_INSET
from herald.generator.render.svgcanvas import SVGCanvas
from herald.generator.translations import game_locales
from reportlab.pdfbase.pdfmetrics import stringWidth


class _Words(SVGCanvas):
    """An SVG canvas that keeps each word run's box across the card."""

    def __init__(self, width, height):
        super().__init__(width, height)
        self.runs: list[tuple[str, float, float]] = []

    def _text(self, x, y, text, anchor):
        a, _, _, _, e, _ = self._g.ctm
        width = stringWidth(text, self._g.font, self._g.size)
        left = e + a * x - {"start": 0, "middle": width / 2, "end": width}[anchor]
        self.runs.append((text, left, left + width))
        super()._text(x, y, text, anchor)


@pytest.mark.parametrize("locale", game_locales("aset"))
def test_decree_words_stay_inside_the_gold_rule(locale):
    db = load_database(database_path("aset"))
    decrees = [c for c in print_cards(db, locale) if c.key.startswith("decree-")]
    assert len(decrees) >= 20
    for card in decrees:
        canvas = _Words(card.width, card.height)
        card.draw_front(canvas, 0, 0, 0)
        assert canvas.runs, card.key
        for text, left, right in canvas.runs:
            assert left >= FRAME_MIN_INSET + 0.5 and right <= card.width - FRAME_MIN_INSET - 0.5, \
                f"{card.key} ({locale}): {text!r} runs from {left:.1f} to {right:.1f} pt"
