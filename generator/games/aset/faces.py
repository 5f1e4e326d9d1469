"""L'Ordre d'Asèt's deck: every card of the box, from the card database.

Two sizes, each imposed on sheets of its own:

* large cards at French tarot size (61 × 112 mm): the numbered cards (each
  family's cards by copies: 55 from the database's five families of 11; the
  rulebook's "56" is an erratum the booklet explains) and the five player aids;
* small cards at **44 × 68 mm** ("mini euro", a standard sleeve size): the 25
  decrees, the seven Order cards and three blank decrees. The rulebook calls
  them small; 44 × 68 mm keeps a decree's two effects legible at 6.5 pt or
  more (35 mm of measure inside the safe zone), lets the Council's three
  decrees and the Order's seven cards lie in a row on a table (7 × 44 mm =
  31 cm), and fits twelve to an A4 or Letter sheet with crop marks.

``print_cards(db, locale)`` lays out every text first (a text that would need
to shrink below 6.5 pt stops the build, naming the card and the field) and
returns :class:`PrintCard` objects whose drawing functions paint only.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm

from ...render.cards import PrintCard, ornament
from ...render.fonts import FontNames, register_fonts
from ...render.geometry import CARD_H, CARD_W
from ...render.text import typography
from . import look as L
from .aids import aid_cards
from .backs import decree_back, numbered_back, order_back
from .decrees import TEXT_SIDE, blank_cards, decree_cards
from .describe import catalog, plural
from .parts import (
    BAND,
    COMBINATION_MARKS,
    SIDE,
    SMALL_BAND,
    SMALL_H,
    SMALL_SIDE,
    SMALL_W,
    combination_mark,
    combination_of,
    frame,
    one_line,
    )

if TYPE_CHECKING:
    from .schema import Card, Database, Family


def print_cards(db, locale: str) -> list[PrintCard]:
    """The deck in ``locale``: numbered cards by family, the aids, then the
    small cards (decrees, Order cards, blank decrees)."""
    fonts = register_fonts()
    cat = catalog(locale)
    texts = {c.id: _NumberedText.layout(db, c, locale, fonts, cat) for c in db.cards}
    cards: list[PrintCard] = []
    for family in db.families:
        back = numbered_back(family)
        for c in db.cards:
            face = _Numbered(family, texts[c.id], db, c,
                            typography(family.name[locale], locale).upper())
            copies = family.cards.get(c.id, 0)
            # copies share their key: one drawing, one PNG, each copy printed
            for copy in range(copies):
                cards.append(PrintCard(f"{family.id}-{c.id}", f"back-{family.id}",
                                       f"{family.id} {c.id} {copy + 1}/{copies} ({locale})",
                                       face.draw, back, deck=family.id))
    cards += aid_cards(db, locale, fonts)
    dback = decree_back(locale, fonts)
    cards += decree_cards(db, locale, fonts, dback)
    oback = order_back(locale, fonts)
    order_title = typography(cat["order_card"], locale).upper()
    for value in range(1, 8):
        order = _OrderCard(value, order_title, fonts)
        cards.append(PrintCard(f"order-{value}", "back-order", f"Order card {value} ({locale})",
                               order.draw, oback, SMALL_W, SMALL_H, deck="order"))
    cards += blank_cards(db, locale, fonts, dback)
    return cards


# -- numbered cards ------------------------------------------------------------------

@dataclass
class _NumberedText:
    """A card kind's laid-out texts, shared by the families' copies."""
    name: str
    name_size: float
    combo: str | None
    combo_size: float
    malus: str
    mark: str | None
    points: dict               # points -> (number, word)
    fonts: FontNames

    @classmethod
    def layout(cls, db, card, locale, fonts, cat):
        label = f"aset: card {card.id} ({locale})"
        name = typography(card.name[locale], locale).upper()
        width = CARD_W - 2 * SIDE
        name_size = one_line(name, fonts.title_bold, width, 14, 8, label, "name")
        index, combo = combination_of(db, card.id)
        text, size, malus, mark = None, 0.0, "", None
        if combo is not None:
            names = {c.id: c.name[locale] for c in db.cards}
            text = typography(cat["numbered"]["combination"].format(
                first=names[combo.cards[0]], second=names[combo.cards[1]]), locale)
            size = one_line(text, fonts.semibold, width - 16 * mm, 8.5, 6.5, label,
                            "combination")
            malus = typography(cat["numbered"]["malus"].format(malus=combo.malus), locale)
            one_line(malus, fonts.italic, width - 16 * mm, size, 6.5, label, "malus")
            mark = COMBINATION_MARKS[index % len(COMBINATION_MARKS)]
        points = {}
        for value in {card.points, db.scoring.special_points}:
            word = plural(locale, cat["numbered"]["points"], value).replace(str(value), "")
            points[value] = (str(value), typography(word.strip(), locale))
        return cls(name, name_size, text, size, malus, mark, points, fonts)


@dataclass
class _Numbered:
    family: Family
    text: _NumberedText
    db: Database
    card: Card
    family_name: str

    # Vertical plan, from the trim's top edge (mm).
    CORNER_BASELINE = 16.0
    CORNER_EMBLEM = 21.5
    EMBLEM_CENTRE = 44.0
    EMBLEM_RADIUS = 15.5
    NAME_BASELINE = 70.0
    FAMILY_BASELINE = 76.0
    RULE_Y = 80.0
    # centre line of the points and combination row: the special card's
    # thick gold ring clears the frame's rule by 0.7 mm (at 100.0, 0.2 mm)
    BOTTOM = 99.4

    def draw(self, canvas, x, y, bleed):
        t = self.text
        fonts = t.fonts
        fam = self.family
        colour = HexColor(fam.colour)
        dark = L.tone(fam.colour)
        top = y + CARD_H
        cx = x + CARD_W / 2
        value = str(self.card.value)
        canvas.saveState()
        frame(canvas, x, y, CARD_W, CARD_H, bleed, colour, BAND, 2.4 * mm)
        # the value, big, in both top corners (read in a fanned hand)
        canvas.setFillColor(dark)
        canvas.setFont(fonts.title_bold, 30)
        for corner_x in (x + SIDE + 4.2 * mm, x + CARD_W - SIDE - 4.2 * mm):
            canvas.drawCentredString(corner_x, top - self.CORNER_BASELINE * mm, value)
            L.draw_emblem(canvas, fam.id, corner_x, top - self.CORNER_EMBLEM * mm, 2.6 * mm,
                          L.ink(fam.colour), L.PARCHMENT)
        # the family's emblem in a medallion
        ecy = top - self.EMBLEM_CENTRE * mm
        canvas.setFillColor(L.pale(fam.colour))
        canvas.setStrokeColor(L.ink(fam.colour))
        canvas.setLineWidth(1.2)
        canvas.circle(cx, ecy, self.EMBLEM_RADIUS * mm, stroke=1, fill=1)
        L.draw_emblem(canvas, fam.id, cx, ecy, self.EMBLEM_RADIUS * mm * 0.72,
                      L.ink(fam.colour), L.pale(fam.colour))
        # name and family
        canvas.setFillColor(L.INK)
        canvas.setFont(fonts.title_bold, t.name_size)
        canvas.drawCentredString(cx, top - self.NAME_BASELINE * mm, t.name)
        canvas.setFillColor(dark)
        canvas.setFont(fonts.title, 8)
        canvas.drawCentredString(cx, top - self.FAMILY_BASELINE * mm,
                                 self.family_name)
        ornament(canvas, cx, top - self.RULE_Y * mm, CARD_W - 2 * SIDE, colour)
        # points, in a medallion (ringed in gold for the family's special card)
        special = fam.special == self.card.id
        pts = self.db.scoring.special_points if special else self.card.points
        number, word = t.points[pts]
        mx, my = x + SIDE + 6.5 * mm, top - self.BOTTOM * mm
        canvas.setFillColor(L.PAPER)
        canvas.setStrokeColor(L.GOLD if special else dark)
        canvas.setLineWidth(1.8 if special else 0.8)
        canvas.circle(mx, my, 6.3 * mm, stroke=1, fill=1)
        canvas.setFillColor(L.INK)
        canvas.setFont(fonts.title_bold, 15)
        canvas.drawCentredString(mx, my - 0.4 * mm, number)
        canvas.setFont(fonts.semibold, 6.8)
        canvas.drawCentredString(mx, my - 3.9 * mm, word)
        if special:
            combination_mark(canvas, "star", mx + 5.2 * mm, my + 4.6 * mm, 1.9 * mm, L.GOLD)
        # the combination this card is part of: a mark, the pair, the malus
        if t.combo:
            assert t.mark is not None       # laid out with the combination
            left = x + SIDE + 15 * mm
            combination_mark(canvas, t.mark, left + 1.8 * mm, my + 3.2 * mm, 1.8 * mm, dark)
            canvas.setFillColor(L.INK)
            canvas.setFont(fonts.semibold, t.combo_size)
            canvas.drawString(left, my - 1.2 * mm, t.combo)
            canvas.setFont(fonts.italic, t.combo_size)
            canvas.drawString(left, my - 1.2 * mm - t.combo_size * 1.25, t.malus)
        canvas.restoreState()



class _OrderCard:
    """An Order card: one value, very large, to lay out the Order on the table."""

    def __init__(self, value: int, title: str, fonts):
        self.value, self.title, self.fonts = value, title, fonts

    def draw(self, canvas, x, y, bleed):
        f = self.fonts
        w, h = SMALL_W, SMALL_H
        cx = x + w / 2
        canvas.saveState()
        frame(canvas, x, y, w, h, bleed, L.NIGHT, SMALL_BAND, 1.8 * mm, rule=L.GOLD)
        canvas.setFillColor(L.NIGHT)
        canvas.setFont(f.title_bold, 64)
        canvas.drawCentredString(cx, y + h / 2 - 22, str(self.value))
        canvas.setFont(f.title_bold, 13)
        # the corner values inside the gold rule, as the decrees' words are
        # (at SMALL_SIDE they sat on the rule, drawn FRAME_MIN_INSET in)
        for corner in (x + TEXT_SIDE + 2 * mm, x + w - TEXT_SIDE - 2 * mm):
            canvas.drawCentredString(corner, y + h - TEXT_SIDE - 13, str(self.value))
        canvas.setFillColor(L.GOLD)
        canvas.setFont(f.title, 7)
        canvas.drawCentredString(cx, y + SMALL_SIDE + 3.2 * mm, self.title)
        # seven pips, this value's own filled: the card is one of seven
        for i in range(7):
            px = cx + (i - 3) * 3.2 * mm
            py = y + SMALL_SIDE + 8.5 * mm
            canvas.setStrokeColor(L.GOLD)
            canvas.setFillColor(L.NIGHT if i + 1 == self.value else L.PARCHMENT)
            canvas.circle(px, py, 0.9 * mm, stroke=1, fill=1)
        canvas.restoreState()
