"""Card backs: the numbered cards' in their family's colour and emblem, the
decrees' (and blank decrees') with the Council's seal, the Order cards' with
the seven-pointed star. Backs are symmetric enough to read either way up."""
from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm

from ...render.geometry import CARD_H, CARD_W, FRAME_MIN_INSET
from ...render.text import typography
from . import look as L
from .describe import catalog
from .parts import SMALL_H, SMALL_W


def numbered_back(family):
    colour = HexColor(family.colour)
    light = L.on_field(family.colour)

    def draw(canvas, x, y, bleed):
        canvas.saveState()
        canvas.setFillColor(colour)
        canvas.rect(x - bleed, y - bleed, CARD_W + 2 * bleed, CARD_H + 2 * bleed,
                    stroke=0, fill=1)
        canvas.setStrokeColor(light)
        for inset, width in ((FRAME_MIN_INSET, 1.2), (FRAME_MIN_INSET + 1.6 * mm, 0.5)):
            canvas.setLineWidth(width)
            canvas.roundRect(x + inset, y + inset, CARD_W - 2 * inset, CARD_H - 2 * inset,
                             2.5 * mm, stroke=1, fill=0)
        cx, cy = x + CARD_W / 2, y + CARD_H / 2
        canvas.setLineWidth(1.0)
        canvas.circle(cx, cy, 21 * mm, stroke=1, fill=0)
        L.draw_emblem(canvas, family.id, cx, cy, 15 * mm, light, colour)
        for dy in (-1, 1):
            L.draw_emblem(canvas, family.id, cx, cy + dy * 38 * mm, 5 * mm, light, colour)
        canvas.restoreState()
    return draw


def _small_back(word: str, fonts, colour, draw_middle):
    def draw(canvas, x, y, bleed):
        canvas.saveState()
        canvas.setFillColor(colour)
        canvas.rect(x - bleed, y - bleed, SMALL_W + 2 * bleed, SMALL_H + 2 * bleed,
                    stroke=0, fill=1)
        canvas.setStrokeColor(L.GOLD)
        inset = FRAME_MIN_INSET
        canvas.setLineWidth(0.8)
        canvas.roundRect(x + inset, y + inset, SMALL_W - 2 * inset, SMALL_H - 2 * inset,
                         1.8 * mm, stroke=1, fill=0)
        cx, cy = x + SMALL_W / 2, y + SMALL_H / 2
        draw_middle(canvas, cx, cy + 3 * mm)
        canvas.setFillColor(L.GOLD)
        canvas.setFont(fonts.title_bold, 8)
        canvas.drawCentredString(cx, cy - 17 * mm, word)
        canvas.restoreState()
    return draw


def decree_back(locale: str, fonts):
    word = typography(catalog(locale)["back"]["decree"], locale).upper()
    return _small_back(word, fonts, L.NIGHT,
                       lambda c, cx, cy: L.draw_seal(c, cx, cy, 12 * mm, L.GOLD, L.NIGHT))


def order_back(locale: str, fonts):
    word = typography(catalog(locale)["back"]["order"], locale).upper()

    def middle(c, cx, cy):
        c.setFillColor(L.GOLD)
        c.setFont(fonts.title_bold, 11)
        for i, v in enumerate("7654321"):
            c.drawCentredString(cx, cy + (3 - i) * 4.4 * mm - 1.3 * mm, v)
    return _small_back(word, fonts, L.NIGHT_LIGHT, middle)
