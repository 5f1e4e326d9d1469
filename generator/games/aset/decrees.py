"""Decree cards (small, 44 × 68 mm): the name, the lasting rules, Effect 1
and Effect 2, a mark on discardable decrees; an effect the rulebook does not
give is a dashed box to write it in (the box holds three blank decrees for
this). The blank cards are decrees with every part left to write.
"""
from __future__ import annotations

from dataclasses import astuple, dataclass, field
from functools import partial

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from ...errors import InputError
from ...render.cards import PrintCard
from ...render.fonts import FontNames
from ...render.geometry import FRAME_MIN_INSET, MIN_BODY_PT
from ...render.layouts import LayoutCache, frozen
from ...render.text import Block, TextDoesNotFit, fit_text, layout_paragraph, typography
from . import look as L
from .describe import catalog, decree_text
from .parts import SMALL_BAND, SMALL_H, SMALL_SIDE, SMALL_W, frame, one_line

BLANK_CARDS = 3                 # the box's blank small cards
# the words keep inside the gold rule (drawn FRAME_MIN_INSET inside the trim)
# with a millimetre of parchment to spare, as on the large cards
TEXT_SIDE = max(SMALL_SIDE, FRAME_MIN_INSET + 1.0 * mm)
WIDTH = SMALL_W - 2 * TEXT_SIDE
HEADER = 17.8 * mm              # name and mark, from the trim's top
BODY_BOTTOM = FRAME_MIN_INSET + 0.8 * mm
MIN_BOX = 9.5 * mm              # a space to write in is at least this tall
LEADING = 1.16
WRITING_LINE = HexColor("#C9BBA0")
CREDIT_PT = 6.5                 # the credit line of Herald's own decrees
CREDIT_ROOM = 3.4 * mm
CREDIT_WIDTH = SMALL_W - 2 * (FRAME_MIN_INSET + 0.5 * mm)    # centred, inside the rule


# The deck and the web edition lay out the same decrees: each decree's
# sentences are written, and each face fitted, once a process, keyed by what
# they are made from (the decree's steps, the catalog's words, the fonts).
_LAYOUTS: LayoutCache = LayoutCache(256)
_SENTENCES: LayoutCache = LayoutCache(256)


def _decree_face(text, cat, locale, fonts, label, blank=False, credit=None,
                 cat_key=None) -> _DecreeFace:
    """:meth:`_DecreeFace.layout`, fitted once for the same words (``cat_key``:
    ``frozen(cat)``, when the caller has it)."""
    key = (locale, frozen(astuple(text)), frozen(cat) if cat_key is None else cat_key, fonts,
           blank, credit)
    return _LAYOUTS.get(key, lambda: _DecreeFace.layout(text, cat, locale, fonts, label,
                                                        blank=blank, credit=credit))


def decree_cards(db, locale: str, fonts, back) -> list[PrintCard]:
    words = catalog(locale)
    cat = words["decree"]
    made_from = frozen(words)       # the decrees' sentences are made from this catalog
    cat_key = frozen(cat)
    out = []
    for d in db.decrees:
        text = _SENTENCES.get((locale, frozen(d.model_dump()), made_from),
                              partial(decree_text, d, locale))
        # Herald's own decrees say so on their face: never taken for the box's
        credit = typography(cat["herald_credit"], locale) if d.deck == "herald" else None
        face = _decree_face(text, cat, locale, fonts, f"aset: decree {d.id} ({locale})",
                            credit=credit, cat_key=cat_key)
        out.append(PrintCard(f"decree-{d.id}", "back-decree", f"decree {d.id} ({locale})",
                             face.draw, back, SMALL_W, SMALL_H, deck="decrees"))
    return out


def blank_cards(db, locale: str, fonts, back) -> list[PrintCard]:
    cat = catalog(locale)["decree"]
    from .describe import DecreeText
    text = DecreeText(name="", effect1=None, effect2=None, lasting=[], discardable=False,
                      has_effect2=True)
    face = _decree_face(text, cat, locale, fonts, f"aset: blank decree ({locale})",
                        blank=True)
    return [PrintCard("blank-decree", "back-decree", f"blank decree {i + 1} ({locale})",
                      face.draw, back, SMALL_W, SMALL_H, deck="decrees")
            for i in range(BLANK_CARDS)]


@dataclass
class _Part:
    """A heading (Effect 1) and its laid-out lines, or a box to write in."""
    heading: str | None
    lines: list = field(default_factory=list)
    italic: bool = False
    box: bool = False


@dataclass
class _DecreeFace:
    name: Block | None         # a Block (one or two lines), or None for a blank card
    parts: list
    size: float                # body size
    mark: str | None           # "Discardable"
    missing: list               # the label of a space to write in: its lines
    blank_label: str | None
    fonts: FontNames
    box_height: float
    credit: str | None = None  # "Herald decree" at the foot of Herald's own decrees

    @classmethod
    def layout(cls, text, cat, locale, fonts, label, blank=False, credit=None):
        name = None
        if not blank:
            name = _fit_name(text.name, fonts, locale, label)
        mark = typography(cat["discardable"], locale).upper() if text.discardable else None
        if mark:
            one_line(mark, fonts.title_bold, WIDTH - 6 * mm, 6.5, 6.5, label, "discardable")
        missing = typography(cat["missing"], locale)
        heads = [typography(cat["effect1"], locale), typography(cat["effect2"], locale)]
        room = SMALL_H - HEADER - 1.4 * mm - BODY_BOTTOM
        if credit:
            one_line(credit, fonts.italic, CREDIT_WIDTH, CREDIT_PT, CREDIT_PT, label, "credit")
            room -= CREDIT_ROOM
        size = 8.5
        while size >= MIN_BODY_PT - 1e-9:
            parts = []
            for note in text.lasting:
                parts.append(_Part(None, layout_paragraph(note, WIDTH, fonts.italic, size,
                                                          size * LEADING, locale), True))
            effects = [(heads[0], text.effect1)]
            if text.has_effect2:
                effects.append((heads[1], text.effect2))
            for head, sentences in effects:
                if sentences is None:
                    parts.append(_Part(head, box=True))
                else:
                    lines = []
                    for s in sentences:
                        lines += layout_paragraph(s, WIDTH, fonts.regular, size,
                                                  size * LEADING, locale)
                    parts.append(_Part(head, lines))
            for note in text.after:
                parts.append(_Part(None, layout_paragraph(note, WIDTH, fonts.italic, size,
                                                          size * LEADING, locale), True))
            used = _height(parts, size)
            boxes = sum(p.box for p in parts)
            box_h = (room - used) / boxes if boxes else 0.0
            if used <= room and (not boxes or box_h >= MIN_BOX) \
                    and all(ln.width <= WIDTH + 0.01 for p in parts for ln in p.lines):
                missing_lines = _missing_lines(missing, fonts.italic, label)
                blank_label = typography(cat["blank_name"], locale) if blank else None
                return cls(name, parts, size, mark, missing_lines, blank_label, fonts,
                           min(box_h, 22 * mm), credit)
            size -= 0.25
        raise InputError(f"{label}: the decree's text does not fit a "
                         f"{SMALL_W / mm:.0f} × {SMALL_H / mm:.0f} mm card at "
                         f"{MIN_BODY_PT} pt; shorten it")

    def draw(self, canvas, x, y, bleed):
        f = self.fonts
        w, h = SMALL_W, SMALL_H
        top = y + h
        left = x + TEXT_SIDE
        canvas.saveState()
        frame(canvas, x, y, w, h, bleed, L.NIGHT, SMALL_BAND, 1.8 * mm, rule=L.GOLD)
        # the name, one or two lines, in the header band
        canvas.setFillColor(L.NIGHT)
        name_bottom = top - 11.5 * mm
        if self.name is not None:
            block = self.name
            y_top = top - TEXT_SIDE - 0.4 * mm - max(0.0, (7.2 * mm - block.height) / 2)
            block.draw(canvas, left, y_top, align="center")
        else:
            canvas.setFont(f.semibold, 7.5)
            canvas.drawString(left, name_bottom + 1.5 * mm, self.blank_label)
            canvas.setStrokeColor(L.MUTED)
            canvas.setLineWidth(0.4)
            lw = stringWidth(self.blank_label, f.semibold, 7.5)
            canvas.line(left + lw + 1 * mm, name_bottom + 1.4 * mm, left + WIDTH,
                        name_bottom + 1.4 * mm)
        # the discardable mark: a gold ribbon with the word and a crossed card
        rule_y = top - HEADER - 0.4 * mm
        if self.mark:
            mw = stringWidth(self.mark, f.title_bold, 6.5) + 7.5 * mm
            mx = x + w / 2 - mw / 2
            canvas.setFillColor(L.GOLD)
            canvas.roundRect(mx, rule_y + 0.2 * mm, mw, 3.8 * mm, 1.9 * mm, stroke=0, fill=1)
            canvas.setFillColor(L.PAPER)
            canvas.setFont(f.title_bold, 6.5)
            canvas.drawString(mx + 6 * mm, rule_y + 1.45 * mm, self.mark)
            _discard_icon(canvas, mx + 3.3 * mm, rule_y + 2.1 * mm, L.PAPER)
        else:
            canvas.setStrokeColor(L.GOLD)
            canvas.setLineWidth(0.5)
            canvas.line(left + 4 * mm, rule_y + 2 * mm, left + WIDTH - 4 * mm, rule_y + 2 * mm)
        # the body: lasting rules, then each effect (or a space to write it)
        size = self.size
        leading = size * LEADING
        cursor = top - HEADER - 1.4 * mm
        for part in self.parts:
            if part.heading:
                cursor -= size * 1.05
                canvas.setFillColor(L.NIGHT)
                canvas.setFont(f.bold, size)
                canvas.drawString(left, cursor, part.heading)
                cursor -= size * 0.25
            if part.box:
                bh = self.box_height
                canvas.setStrokeColor(L.MUTED)
                canvas.setDash(1.4, 1.2)
                canvas.setLineWidth(0.6)
                canvas.roundRect(left, cursor - bh, WIDTH, bh, 1.2 * mm, stroke=1, fill=0)
                canvas.setDash()
                canvas.setFillColor(L.MUTED)
                canvas.setFont(f.italic, 6.5)
                for n, words in enumerate(self.missing):
                    canvas.drawString(left + 1.2 * mm, cursor - 2.9 * mm - n * MISSING_LEAD,
                                      words)
                canvas.setLineWidth(0.3)
                canvas.setStrokeColor(WRITING_LINE)
                ly = cursor - 7.3 * mm - (len(self.missing) - 1) * MISSING_LEAD
                while ly > cursor - bh + 1.6 * mm:
                    canvas.line(left + 1.2 * mm, ly, left + WIDTH - 1.2 * mm, ly)
                    ly -= 4.2 * mm
                cursor -= bh + size * 0.35
                continue
            text = canvas.beginText()
            text.setFont(f.italic if part.italic else f.regular, size)
            text.setFillColor(L.MUTED if part.italic else L.INK)
            icons: list = []
            for line in part.lines:
                cursor -= leading
                line.emit(text, left, cursor + leading * 0.22, icons)
            canvas.drawText(text)
            cursor -= size * 0.45
        if self.credit:
            canvas.setStrokeColor(L.GOLD)
            canvas.setLineWidth(0.4)
            base = y + BODY_BOTTOM + 0.4 * mm
            canvas.line(left + 8 * mm, base + CREDIT_PT + 1.2, left + WIDTH - 8 * mm,
                        base + CREDIT_PT + 1.2)
            canvas.setFillColor(L.MUTED)
            canvas.setFont(f.italic, CREDIT_PT)
            canvas.drawCentredString(left + WIDTH / 2, base, self.credit)
        canvas.restoreState()




MISSING_LEAD = 2.6 * mm         # the lines of a space's label (6.5 pt)


def _missing_lines(text: str, font: str, label: str) -> list[str]:
    """The label of a space to write in, at 6.5 pt, on one line or, where the
    words inside the frame's rule cannot hold it, two."""
    room = WIDTH - 2 * mm
    if stringWidth(text, font, 6.5) <= room:
        return [text]
    words = text.split(" ")
    for cut in range(len(words) - 1, 0, -1):
        first, second = " ".join(words[:cut]), " ".join(words[cut:])
        if stringWidth(first, font, 6.5) <= room:
            one_line(second, font, room, 6.5, 6.5, label, "missing")
            return [first, second]
    one_line(text, font, room, 6.5, 6.5, label, "missing")      # says what does not fit
    return [text]


def _height(parts, size) -> float:
    """Height the parts take without their boxes."""
    leading = size * LEADING
    total = 0.0
    for p in parts:
        if p.heading:
            total += size * 1.3
        if p.box:
            total += size * 0.35
        else:
            total += len(p.lines) * leading + size * 0.45
    return total


def _fit_name(name: str, fonts, locale: str, label: str):
    try:
        return fit_text(typography(name, locale).upper(), WIDTH, 7.4 * mm, fonts.title_bold,
                        locale, max_size=8.5, min_size=MIN_BODY_PT, leading_ratio=1.08,
                        field="name", balance=True)
    except TextDoesNotFit as e:
        raise InputError(f"{label}: {e}") from None


def _discard_icon(canvas, cx, cy, ink):
    """A small card with a diagonal stroke: "set it aside"."""
    canvas.saveState()
    canvas.setStrokeColor(ink)
    canvas.setLineWidth(0.6)
    canvas.rect(cx - 1.0 * mm, cy - 1.35 * mm, 2.0 * mm, 2.7 * mm, stroke=1, fill=0)
    canvas.line(cx - 1.5 * mm, cy - 1.7 * mm, cx + 1.5 * mm, cy + 1.7 * mm)
    canvas.restoreState()
