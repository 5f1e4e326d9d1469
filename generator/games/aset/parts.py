"""What every card of L'Ordre d'Asèt's deck is drawn with: the two card
sizes and their margins, the frame, the combination marks, and
text that must fit on one line (an error naming the card when it cannot).
The faces, the aids, the backs and the decrees all import it.
"""
from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from ...errors import InputError
from ...render.fonts import MissingGlyph, require_glyphs
from ...render.geometry import FRAME_MIN_INSET
from ...render.text import TextDoesNotFit, fit_text
from . import look as L

SMALL_W = 44 * mm
SMALL_H = 68 * mm
BAND = 3.6 * mm             # the coloured band inside a large card's trim
SIDE = 6.2 * mm             # large cards: text this far from the trim (safe: 3 mm)
SMALL_BAND = 2.4 * mm
SMALL_SIDE = 4.2 * mm       # small cards: text this far from the trim

# One mark per combination of the scoring (both cards of it carry the same).
COMBINATION_MARKS = ("triangle", "square", "circle", "diamond", "star")


def fit(label: str, field: str, **kwargs):
    """fit_text, a failure named after the card, the locale and the field."""
    try:
        return fit_text(field=field, **kwargs)
    except (TextDoesNotFit, MissingGlyph) as e:
        raise InputError(f"{label}: {e}") from None


def one_line(text: str, font: str, width: float, high: float, low: float,
             label: str, field: str) -> float:
    """The largest size from ``high`` down to ``low`` at which ``text`` fits
    ``width`` on one line; else an InputError naming the card and field."""
    try:
        require_glyphs(text, font, field)
    except MissingGlyph as e:
        raise InputError(f"{label}: {e}") from None
    size = high
    while size > low and stringWidth(text, font, size) > width:
        size -= 0.25
    if stringWidth(text, font, size) > width + 0.01:
        raise InputError(f"{label}: {field} does not fit: it needs "
                         f"{stringWidth(text, font, size) / mm:.1f} mm at {low:g} pt, "
                         f"{width / mm:.1f} mm available; shorten it")
    return size


def frame(canvas, x, y, w, h, bleed, colour, band, radius, rule=None):
    """A colour over the whole bleed, a parchment panel ``band`` inside the
    trim, and a thin rule inside that."""
    canvas.setFillColor(colour)
    canvas.rect(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    canvas.setFillColor(L.PARCHMENT)
    canvas.roundRect(x + band, y + band, w - 2 * band, h - 2 * band, radius, stroke=0, fill=1)
    canvas.setStrokeColor(rule or colour)
    canvas.setLineWidth(0.6)
    inset = max(band + 1.0 * mm, FRAME_MIN_INSET)   # a rule nearer the trim shows any drift
    canvas.roundRect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, radius * 0.7,
                     stroke=1, fill=0)



def combination_mark(canvas, kind: str, cx: float, cy: float, r: float, ink) -> None:
    """The small shape both cards of one combination carry."""
    import math
    canvas.saveState()
    canvas.setFillColor(ink)
    p = canvas.beginPath()
    if kind == "circle":
        p.circle(cx, cy, r * 0.85)
    elif kind == "square":
        p.rect(cx - r * 0.78, cy - r * 0.78, r * 1.56, r * 1.56)
    elif kind == "diamond":
        p.moveTo(cx, cy + r)
        p.lineTo(cx + r * 0.8, cy)
        p.lineTo(cx, cy - r)
        p.lineTo(cx - r * 0.8, cy)
        p.close()
    elif kind == "triangle":
        p.moveTo(cx, cy + r)
        p.lineTo(cx + r * 0.95, cy - r * 0.7)
        p.lineTo(cx - r * 0.95, cy - r * 0.7)
        p.close()
    else:
        for i in range(10):
            a = math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.45
            (p.moveTo if i == 0 else p.lineTo)(cx + rr * math.cos(a), cy + rr * math.sin(a))
        p.close()
    canvas.drawPath(p, stroke=0, fill=1)
    canvas.restoreState()


def combination_of(db, card_id: str):
    """(index, combination) of the scoring combination ``card_id`` belongs to."""
    for i, combo in enumerate(db.scoring.combinations):
        if card_id in combo.cards:
            return i, combo
    return None, None
