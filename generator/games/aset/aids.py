"""The five player aids (tarot size, one in each family's colours): a round
on the front; the scoring on the back, its figures read from the database."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from babel import Locale
from babel.lists import format_list
from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm

from ...errors import InputError
from ...render.cards import PrintCard, ornament
from ...render.fonts import FontNames
from ...render.geometry import CARD_H, CARD_W, MIN_BODY_PT
from ...render.layouts import LayoutCache, frozen
from ...render.text import layout_paragraph, typography
from . import look as L
from .describe import catalog, plural
from .parts import (
    BAND,
    COMBINATION_MARKS,
    SIDE,
    combination_mark,
    frame,
    one_line,
    )

if TYPE_CHECKING:
    from .schema import Family

LEADING = 1.15
TITLE_BASELINE = 12.5 * mm
BODY_TOP = 19.5 * mm
MARK_INDENT = 4.5 * mm


def aid_cards(db, locale: str, fonts) -> list[PrintCard]:
    text = _AidText.layout(db, locale, fonts)
    out = []
    for family in db.families:
        aid = _Aid(family, text)
        out.append(PrintCard(f"aid-{family.id}", f"aid-{family.id}-back",
                             f"aid {family.id} ({locale})", aid.front, aid.back, deck="aids"))
    return out


def scoring_lines(db, locale: str) -> list[tuple[str, str | None]]:
    """The scoring in sentences from the database: (text, combination mark)."""
    cat = catalog(locale)["aid"]["score"]
    babel = Locale.parse(locale.replace("-", "_"))
    names = {c.id: c.name[locale] for c in db.cards}

    def pts(n):
        return plural(locale, catalog(locale)["numbered"]["points"], n)

    out: list[tuple[str, str | None]] = []
    common = min(c.points for c in db.cards)
    out.append((cat["card"].format(points=pts(common)), None))
    for value in sorted({c.points for c in db.cards} - {common}):
        group = [names[c.id] for c in db.cards if c.points == value]
        out.append((cat["solos"].format(names=format_list(group, locale=babel),
                                        points=pts(value)), None))
    specials = [cat["special_card"].format(family=f.name[locale],
                                           family_lower=f.name[locale].lower(),
                                           card=names[f.special]) for f in db.families]
    out.append((cat["special"].format(points=pts(db.scoring.special_points),
                                      names=format_list(specials, locale=babel)), None))
    malus = {c.malus for c in db.scoring.combinations}
    out.append((cat["combinations"].format(malus=pts(max(malus))), None))
    for i, combo in enumerate(db.scoring.combinations):
        pair = catalog(locale)["numbered"]["combination"].format(
            first=names[combo.cards[0]], second=names[combo.cards[1]])
        if len(malus) > 1:
            pair += f" (−{combo.malus})"
        out.append((pair, COMBINATION_MARKS[i % len(COMBINATION_MARKS)]))
    out += [(cat["unused"], None), (cat["end"], None), (cat["duel"], None)]
    return [(typography(t, locale), m) for t, m in out]


# the deck's and the web edition's aids: one layout a locale (render/layouts.py)
_LAYOUTS: LayoutCache = LayoutCache(32)


@dataclass
class _AidText:
    title: str
    size: float
    front: list        # [(heading lines, body lines, mark)]
    back: list
    front_title: str
    back_title: str
    fonts: FontNames

    @classmethod
    def layout(cls, db, locale, fonts):
        """The aid's texts, fitted once a process for the same words."""
        cat = catalog(locale)["aid"]
        scoring = scoring_lines(db, locale)
        return _LAYOUTS.get((locale, frozen(cat), frozen(scoring), fonts),
                            lambda: cls._fit(cat, scoring, locale, fonts))

    @classmethod
    def _fit(cls, cat, scoring, locale, fonts):
        label = f"aset: aid card ({locale})"
        width = CARD_W - 2 * SIDE
        height = CARD_H - BODY_TOP - SIDE - 1 * mm
        title = typography(cat["title"], locale).upper()
        one_line(title, fonts.title_bold, width, 10, 7, label, "title")
        front_items = [(typography(h, locale), typography(t, locale), None)
                       for h, t in cat["round"]]
        back_items = [(None, t, m) for t, m in scoring]
        size = 8.5
        while size >= MIN_BODY_PT - 1e-9:
            f = _sections(front_items, width, size, fonts, locale)
            b = _sections(back_items, width, size, fonts, locale)
            if _height(f, size) <= height and _height(b, size) <= height:
                return cls(title, size, f, b, typography(cat["round_title"], locale).upper(),
                           typography(cat["score_title"], locale).upper(), fonts)
            size -= 0.25
        raise InputError(f"{label}: the aid's text does not fit at {MIN_BODY_PT} pt; "
                         "shorten it")


def _sections(items, width, size, fonts, locale):
    out = []
    for head, body, mark in items:
        w = width - (MARK_INDENT if mark else 0)
        heading = layout_paragraph(head, width, fonts.bold, size, size * LEADING, locale) \
            if head else []
        out.append((heading, layout_paragraph(body, w, fonts.regular, size, size * LEADING,
                                              locale), mark))
    return out


def _height(sections, size):
    lines = sum(len(h) + len(b) for h, b, _ in sections)
    gaps = sum(0.3 if m else 0.45 for _, _, m in sections)
    return lines * size * LEADING + gaps * size


@dataclass
class _Aid:
    family: Family
    text: _AidText

    def front(self, canvas, x, y, bleed):
        self._draw(canvas, x, y, bleed, self.text.front_title, self.text.front)

    def back(self, canvas, x, y, bleed):
        self._draw(canvas, x, y, bleed, self.text.back_title, self.text.back)

    def _draw(self, canvas, x, y, bleed, subtitle, sections):
        t = self.text
        f = t.fonts
        colour = HexColor(self.family.colour)
        dark = L.tone(self.family.colour)
        top = y + CARD_H
        cx = x + CARD_W / 2
        canvas.saveState()
        frame(canvas, x, y, CARD_W, CARD_H, bleed, colour, BAND, 2.4 * mm)
        canvas.setFillColor(L.INK)
        canvas.setFont(f.title_bold, 9.5)
        canvas.drawCentredString(cx, top - TITLE_BASELINE, t.title)
        canvas.setFillColor(dark)
        canvas.setFont(f.title, 7.5)
        canvas.drawCentredString(cx, top - TITLE_BASELINE - 3.6 * mm, subtitle)
        ornament(canvas, cx, top - BODY_TOP + 1.6 * mm, CARD_W - 2 * SIDE, colour)
        size = t.size
        leading = size * LEADING
        baseline = top - BODY_TOP - size * 0.95
        left = x + SIDE
        text = canvas.beginText()
        icons: list = []
        marks = []
        for heading, body, mark in sections:
            text.setFillColor(dark)
            for line in heading:
                line.emit(text, left, baseline, icons)
                baseline -= leading
            text.setFillColor(L.INK)
            for i, line in enumerate(body):
                indent = MARK_INDENT if mark else 0
                if mark and i == 0:
                    marks.append((mark, left + 1.6 * mm, baseline + size * 0.32))
                line.emit(text, left + indent, baseline, icons)
                baseline -= leading
            baseline -= size * (0.3 if mark else 0.45)
        canvas.drawText(text)
        for mark, mx, my in marks:
            combination_mark(canvas, mark, mx, my, size * 0.42, dark)
        canvas.restoreState()
