"""Card faces and player aids: every text comes from the card database.

``print_cards(db, locale)`` lays out every card's text first (so a text that
would need to shrink below 6.5 pt stops the build before any file is
written) and returns the deck as :class:`PrintCard` objects whose drawing
functions only paint what was laid out.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from herald.engine.oriflamme.boxes import KINDS_PER_GAME
from herald.engine.oriflamme.cards import CARD_INDEX, CARDS
from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from ...errors import InputError
from ...render.cards import PrintCard, ornament
from ...render.fonts import FontNames, MissingGlyph, register_fonts, require_glyphs
from ...render.geometry import CARD_H, CARD_W, MIN_BODY_PT, SAFE
from ...render.layouts import LayoutCache
from ...render.recording import cached
from ...render.text import (
    Block,
    TextDoesNotFit,
    draw_icons,
    fit_text,
    influence_icon,
    layout_paragraph,
    typography,
)
from .arms import INK as A_INK
from .arms import draw_arms, hex_rgb, mix
from .backs import back_drawer
from .deck import check_card_options
from .emblems import draw_medallion
from .icons import draw_influence, draw_intrigue_mark, draw_personnage_mark
from .tokens import token_cards

if TYPE_CHECKING:
    from .schema import Family

PARCHMENT = HexColor("#F6EFDD")
INK = HexColor("#2A2118")
BAND = 4.2 * mm                 # the family-coloured band inside the trim
PANEL_INSET = BAND              # the parchment panel starts here
TEXT_SIDE = SAFE + 3.2 * mm     # ability text stays this far from the trim
FRAME_INSET = PANEL_INSET + 1.1 * mm    # the thin frame line inside the panel
AID_PADDING = 2.6 * mm          # a player aid's text clears that line by this much
AID_SIDE = FRAME_INSET + AID_PADDING
NAME_MAX, NAME_MIN = 13.0, 8.0  # the card name shrinks to fit, within these sizes



def collation_codes(db, locale: str = "en") -> dict[str, str]:
    """Family id -> the letter of its collation codes in ``locale`` (R for
    red, J for jaune: R-01 …), the first letter of the family's name there, or
    as many as it takes to be unique (Vert V, Violet VI)."""
    codes: dict[str, str] = {}
    for family in db.families:
        name = unicodedata.normalize("NFKD", family.name.get(locale, family.id))
        name = "".join(ch for ch in name if ch.isalpha()).upper() or family.id.upper()
        n = 1
        while name[:n] in codes.values() and n < len(name):
            n += 1
        codes[family.id] = name[:n]
    return codes


def card_number(card_id: str) -> int:
    """A kind's number in the collation codes: its place among every box's
    kinds (the base box 1-10, Alliance 11-20), so that a mixed box sorts by
    code: no two kinds of any box share one."""
    return CARD_INDEX[card_id] + 1


def aid_number(db) -> int:
    """The player aid's number, after every box's kinds: one per box (base
    21, Alliance 22), then one for the aid of a mix of boxes."""
    # the engine lists each box's kinds together, box after box
    homes = {CARD_INDEX[c.id] // KINDS_PER_GAME for c in db.cards}
    boxes = len(CARDS) // KINDS_PER_GAME
    return len(CARDS) + 1 + (homes.pop() if len(homes) == 1 else boxes)


def print_cards(db, locale: str, ink: str = "full",
                condemnation: str | None = None) -> list[PrintCard]:
    """The deck in ``locale``: each family's cards (by count), then the aid
    cards, then the sheets of tokens and tiles. ``ink`` "saver" prints white
    borders and backs with no colour flood; ``condemnation`` (the token's
    name) adds the Condemnation tokens to the tile sheet."""
    check_card_options({"ink": ink})
    saver = ink == "saver"
    codes = collation_codes(db, locale)
    fonts = register_fonts()
    icon = influence_icon(db, locale, _influence)
    cards = []
    # A card's texts are the same in every family: lay each out once.
    texts = {card.id: _face_text(db, card, locale, fonts, icon) for card in db.cards}
    for family in db.families:
        back = back_drawer(family, db, saver=saver)
        for card in db.cards:
            for copy in range(card.count):
                code = f"{codes[family.id]}-{card_number(card.id):02d}"
                face = _Face(family, texts[card.id], card.id, code, saver)
                suffix = f"-{copy + 1}" if card.count > 1 else ""
                cards.append(PrintCard(f"{family.id}-{card.id}{suffix}", f"back-{family.id}",
                                       f"{family.id} {card.id} ({locale})", face.draw, back,
                                       deck=family.id))
    aid_text = _aid_text(db, locale, fonts, icon)
    for family in db.families:
        code = f"{codes[family.id]}-{aid_number(db):02d}"
        aid = _Aid(family, aid_text, code, saver)
        cards.append(PrintCard(f"aid-{family.id}", f"aid-{family.id}-back",
                               f"aid card {family.id} ({locale})", aid.draw_front,
                               aid.draw_back, deck="aids"))
    return cards + token_cards(db, locale, saver=saver, condemnation=condemnation)


# A build lays out one locale's cards for the deck, the Alliance deck, the
# booklet's cards chapter and the web edition: each layout is fitted once a
# process, keyed by the words it sets (an edited database: other words,
# another key) and the fonts and icon it sets them with.
_LAYOUTS: LayoutCache = LayoutCache(256)


def _face_text(db, card, locale, fonts, icon) -> _FaceText:
    """The card's laid-out texts (:meth:`_FaceText.layout`), fitted once."""
    key = ("face", locale, card.name[locale], card.ability[locale], card.kind,
           getattr(db.terms[locale], card.kind), fonts, icon)
    return _LAYOUTS.get(key, lambda: _FaceText.layout(db, card, locale, fonts, icon))


def _aid_text(db, locale, fonts, icon) -> _AidText:
    """The player aid's laid-out texts (:meth:`_AidText.layout`), fitted once."""
    aid = db.aids[locale]
    key = ("aid", locale, aid.title, tuple((s.heading, s.text) for s in aid.turn),
           tuple((db.card(cid).name[locale], aid.abilities[cid]) for cid in db.card_ids),
           fonts, icon)
    return _LAYOUTS.get(key, lambda: _AidText.layout(db, locale, fonts, icon))


def _fit(label, field, **kwargs):
    """fit_text, with a failure named after the card, the locale and the field."""
    try:
        return fit_text(field=field, **kwargs)
    except (TextDoesNotFit, MissingGlyph) as e:
        raise InputError(f"{label}: {e}") from None


# Small coloured type (the aids' headings at 6.5 pt and up, a card's kind)
# reads against the parchment at this contrast at least (WCAG's 4.5:1 for
# body text; issue 33: the yellow family's headings were at 3.1:1).
MIN_CONTRAST = 4.5
_DARK = (0.16, 0.13, 0.09)


def _luminance(rgb) -> float:
    """WCAG relative luminance of an sRGB colour (0-1 channels)."""
    def linear(c):
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG contrast ratio of two sRGB colours (1 to 21)."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@lru_cache(maxsize=64)     # a face asks for it at every drawing: five families, a few tones
def _text_tone(colour: str) -> Color:
    """The family colour darkened for small text on parchment: 45 % towards
    the ink, more (by twentieths) until it reads at MIN_CONTRAST."""
    paper = (PARCHMENT.red, PARCHMENT.green, PARCHMENT.blue)
    t = 0.45
    tone = mix(hex_rgb(colour), _DARK, t)
    while contrast(tone, paper) < MIN_CONTRAST and t < 1:
        t = min(1.0, t + 0.05)
        tone = mix(hex_rgb(colour), _DARK, t)
    return Color(*tone)


def _name_size(text: str, font: str, width: float, label: str | None = None,
               field: str = "name") -> float:
    """The size at which a one-line ``text`` fits ``width``; when even
    NAME_MIN is too wide, an InputError naming ``label`` and ``field`` (names
    obey the same fit-or-fail rule as abilities: never past the trim)."""
    size = NAME_MAX
    while size > NAME_MIN and stringWidth(text, font, size) > width:
        size -= 0.25
    if label is not None and stringWidth(text, font, size) > width + 0.01:
        raise InputError(f"{label}: {field} does not fit: it needs "
                         f"{stringWidth(text, font, size) / mm:.1f} mm of width, "
                         f"{width / mm:.1f} mm available (at {NAME_MIN:g} pt, the smallest "
                         "size allowed); shorten it")
    return size


def _frame(canvas, x, y, bleed, colour, saver=False):
    """The family band over the bleed and the parchment panel inside it; to
    save ink, white paper with the band as a coloured outline."""
    if saver:
        # one heavy rule at the frame line (5.3 mm in): a band outline at the
        # panel's 4.2 mm showed every cutting drift
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(1.6)
        inset = FRAME_INSET
        canvas.roundRect(x + inset, y + inset, CARD_W - 2 * inset, CARD_H - 2 * inset,
                         1.6 * mm, stroke=1, fill=0)
        return
    canvas.setFillColor(colour)
    canvas.rect(x - bleed, y - bleed, CARD_W + 2 * bleed, CARD_H + 2 * bleed, stroke=0, fill=1)
    canvas.setFillColor(PARCHMENT)
    canvas.roundRect(x + PANEL_INSET, y + PANEL_INSET, CARD_W - 2 * PANEL_INSET,
                     CARD_H - 2 * PANEL_INSET, 2.2 * mm, stroke=0, fill=1)
    canvas.setStrokeColor(colour)
    canvas.setLineWidth(0.6)
    inset = FRAME_INSET
    canvas.roundRect(x + inset, y + inset, CARD_W - 2 * inset, CARD_H - 2 * inset,
                     1.6 * mm, stroke=1, fill=0)


# The same vector art recurs on every card and in every document: record once.
_cached_arms = cached(draw_arms)
_cached_influence = cached(draw_influence)
_cached_marks = {"personnage": cached(draw_personnage_mark),
                 "intrigue": cached(draw_intrigue_mark)}


def _influence(canvas, x, y, size):
    """The inline influence icon (the text layout saves the state around it)."""
    canvas.translate(x, y)
    _cached_influence(canvas, 0.0, 0.0, size)


def _shared_arms(canvas, family, cx, cy, height):
    """The family's arms as a form drawn once per document and placed on every
    card that shows them (ten faces share one drawing)."""
    name = f"arms-{family.id}-{height:.2f}"
    if not canvas.hasForm(name):
        half = height * 0.6
        canvas.beginForm(name, -half, -half - 1, half, half + 1)
        _cached_arms(canvas, family.arms, family.colour, 0, 0, height)
        canvas.endForm()
    canvas.saveState()
    canvas.translate(cx, cy)
    canvas.doForm(name)
    canvas.restoreState()


_MEDALLION_PAPER = (0.992, 0.980, 0.945)


def _medallion(canvas, card_id, cx, cy, radius, ring):
    """The card's emblem in its medallion, ringed in the family colour. The
    emblem is the same in the five families: a form drawn once per document,
    placed inside each family's ring."""
    name = f"emblem-{card_id}-{radius:.2f}"
    if not canvas.hasForm(name):
        canvas.beginForm(name, -radius, -radius, radius, radius)
        draw_medallion(canvas, card_id, 0.0, 0.0, radius, ring=None, paper=_MEDALLION_PAPER)
        canvas.endForm()
    canvas.saveState()
    canvas.setStrokeColorRGB(*A_INK)
    canvas.setFillColorRGB(*ring)
    canvas.setLineWidth(0.6)
    canvas.circle(cx, cy, radius, stroke=1, fill=1)
    canvas.translate(cx, cy)
    canvas.doForm(name)
    canvas.restoreState()
CODE_PT = 6.0


def _draw_code(canvas, fonts, x, top, code):
    """The collation code in the panel's top left corner, for sorting the
    cards after cutting."""
    canvas.saveState()
    canvas.setFillColor(INK)
    canvas.setFont(fonts.regular, CODE_PT)
    canvas.drawString(x + PANEL_INSET + 2.4 * mm, top - PANEL_INSET - 4.4 * mm, code)
    canvas.restoreState()



@dataclass
class _FaceText:
    """A card's laid-out texts, shared by the five families' copies of it."""
    name: str
    name_size: float
    kind: str
    kind_id: str             # personnage or intrigue: which mark to draw
    ability: Block           # a laid-out text Block
    fonts: FontNames

    @classmethod
    def layout(cls, db, card, locale, fonts, icon):
        label = f"{db.game}: card {card.id} ({locale})"
        name = typography(card.name[locale], locale, fonts.title_bold).upper()
        kind = getattr(db.terms[locale], card.kind).upper()
        try:
            require_glyphs(name, fonts.title_bold, "name")
            require_glyphs(kind, fonts.title, f"terms.{card.kind}")
        except MissingGlyph as e:
            raise InputError(f"{label}: {e}") from None
        width = CARD_W - 2 * TEXT_SIDE
        text_height = CARD_H - _Face.TEXT_TOP * mm - TEXT_SIDE
        ability = _fit(label, "ability", paragraphs=card.ability[locale], box_width=width,
                       box_height=text_height, fonts=fonts, locale=locale, max_size=11.5,
                       icon=icon, balance=True)
        return cls(name, _name_size(name, fonts.title_bold, width, label), kind, card.kind,
                   ability, fonts)


@dataclass
class _Face:
    family: Family
    text: _FaceText
    card_id: str             # which emblem
    code: str                # collation code, "R-03"
    saver: bool = False

    # Vertical plan, from the trim's top edge (mm): name, kind, the card's
    # emblem in its medallion with the family arms hung on it, rule, text.
    NAME_BASELINE = 14.0
    KIND_BASELINE = 20.0
    MEDALLION_CENTRE = 42.0
    MEDALLION_RADIUS = 16.5
    ARMS_CENTRE = (17.0, 52.5)      # (right of the axis, below the top)
    ARMS_HEIGHT = 15.0
    RULE_Y = 64.5
    TEXT_TOP = 67.5

    def draw(self, canvas, x, y, bleed):
        text = self.text
        fonts = text.fonts
        colour = HexColor(self.family.colour)
        top = y + CARD_H
        cx = x + CARD_W / 2
        canvas.saveState()
        _frame(canvas, x, y, bleed, colour, self.saver)
        canvas.setFillColor(INK)
        canvas.setFont(fonts.title_bold, text.name_size)
        canvas.drawCentredString(cx, top - self.NAME_BASELINE * mm, text.name)
        kind_size = 6.8
        canvas.setFont(fonts.title, kind_size)
        canvas.setFillColor(_text_tone(self.family.colour))
        kind_width = stringWidth(text.kind, fonts.title, kind_size)
        mark = kind_size * 1.3
        left = cx - (kind_width + mark + 1.2 * mm) / 2
        canvas.saveState()
        canvas.translate(left, top - self.KIND_BASELINE * mm - 0.5)
        _cached_marks[text.kind_id](canvas, 0.0, 0.0, mark)
        canvas.restoreState()
        canvas.drawString(left + mark + 1.2 * mm, top - self.KIND_BASELINE * mm, text.kind)
        _medallion(canvas, self.card_id, cx, top - self.MEDALLION_CENTRE * mm,
                   self.MEDALLION_RADIUS * mm, hex_rgb(self.family.colour))
        ax, ay = self.ARMS_CENTRE
        _shared_arms(canvas, self.family, cx + ax * mm, top - ay * mm, self.ARMS_HEIGHT * mm)
        _draw_code(canvas, fonts, x, top, self.code)
        ornament(canvas, cx, top - self.RULE_Y * mm, CARD_W - 2 * TEXT_SIDE, colour)
        canvas.setFillColor(INK)
        block = text.ability
        room = CARD_H - self.TEXT_TOP * mm - TEXT_SIDE
        y_top = top - self.TEXT_TOP * mm - max(0.0, (room - block.height) / 2)
        block.draw(canvas, x + TEXT_SIDE, y_top, align="center")
        canvas.restoreState()


@dataclass
class _Section:
    heading: list            # laid-out lines
    body: list


@dataclass
class _AidText:
    """The laid-out texts of a player aid: the round (front), the abilities (back)."""
    title: str
    size: float              # the front's body size
    front: list              # _Section
    back: list
    fonts: FontNames
    spacing: tuple = (1.14, 0.35)   # (leading, gap between sections), in sizes
    back_size: float = 0.0   # the back's (0: the front's)

    # The title sits below the collation code (whose baseline is 8.6 mm down)
    # and clears the frame at its sides by TITLE_CLEAR more than the text does
    # (issue 33: "ALLIANCE PLAYER AID" ran into the frame, "B-22" touched it).
    TITLE_BASELINE = 13.6     # mm below the trim's top
    BODY_TOP = 18.0
    TITLE_MAX = 10.5          # pt

    def size_of(self, sections) -> float:
        return self.back_size if sections is self.back and self.back_size else self.size

    def placed(self, sections):
        """Each line of ``sections`` with its kind ("heading" or "body") and
        its baseline's distance below the trim's top (points): one plan for
        drawing and for the tests that measure the padding."""
        size = self.size_of(sections)
        leading = size * self.spacing[0]
        below = self.BODY_TOP * mm + size * 0.8
        out = []
        for section in sections:
            for kind, lines in (("heading", section.heading), ("body", section.body)):
                for line in lines:
                    out.append((line, kind, below))
                    below += leading
            below += size * self.spacing[1]
        return out

    @classmethod
    def layout(cls, db, locale, fonts, icon):
        aid = db.aids[locale]
        width = CARD_W - 2 * AID_SIDE
        height = CARD_H - cls.BODY_TOP * mm - AID_SIDE
        front = [(s.heading, s.text) for s in aid.turn]
        back = [(db.card(cid).name[locale], aid.abilities[cid]) for cid in db.card_ids]
        # Each side at the largest size at which it fits, up to the rules'
        # body size: a short side (Alliance's round) fills its card rather
        # than 45 % of it at the other side's size (issue 33); a language
        # that runs longer (German) gets tighter lines before the text would
        # go below the smallest size.
        for spacing in SPACINGS:
            f = _fitting(front, width, height, fonts, locale, icon, spacing)
            b = _fitting(back, width, height, fonts, locale, icon, spacing)
            if f is not None and b is not None:
                title = typography(aid.title, locale, fonts.title_bold).upper()
                _name_size(title, fonts.title_bold, width - 2 * TITLE_CLEAR,
                           f"{db.game}: aid card ({locale})", f"aids.{locale}.title")
                return cls(title, f[0], f[1], b[1], fonts, spacing, back_size=b[0])
        raise InputError(f"{db.game}: aid card ({locale}): the aid text does not fit at "
                         f"{MIN_BODY_PT} pt; shorten it")


@dataclass
class _Aid:
    """A player aid in a family's colours: the round on its front, the abilities on its back."""
    family: Family
    text: _AidText
    code: str = ""
    saver: bool = False

    def draw_front(self, canvas, x, y, bleed):
        self._draw(canvas, x, y, bleed, self.text.front)

    def draw_back(self, canvas, x, y, bleed):
        self._draw(canvas, x, y, bleed, self.text.back)

    def _draw(self, canvas, x, y, bleed, sections):
        text = self.text
        fonts = text.fonts
        colour = HexColor(self.family.colour)
        top = y + CARD_H
        canvas.saveState()
        _frame(canvas, x, y, bleed, colour, self.saver)
        _draw_code(canvas, fonts, x, top, self.code)
        canvas.setFillColor(INK)
        size = _name_size(text.title, fonts.title_bold, CARD_W - 2 * (AID_SIDE + TITLE_CLEAR))
        canvas.setFont(fonts.title_bold, min(size, text.TITLE_MAX))
        canvas.drawCentredString(x + CARD_W / 2, top - text.TITLE_BASELINE * mm, text.title)
        ornament(canvas, x + CARD_W / 2, top - (text.TITLE_BASELINE + 2.3) * mm,
              CARD_W - 2 * AID_SIDE, colour)
        lines = canvas.beginText()        # one text object for the whole side
        icons: list = []
        for line, kind, below in text.placed(sections):
            lines.setFillColor(_text_tone(self.family.colour) if kind == "heading" else INK)
            line.emit(lines, x + AID_SIDE, top - below, icons)
        canvas.drawText(lines)
        draw_icons(canvas, icons)
        canvas.restoreState()


LEADING = 1.14
SECTION_GAP = 0.35
# (leading, section gap): the usual one, then the tight one a long language needs
SPACINGS = ((LEADING, SECTION_GAP), (1.06, 0.2))


AID_MAX_PT = 9.5        # an aid's largest text: a short side fills its card, not a poster
TITLE_CLEAR = 1.5 * mm  # the aid's title keeps this much more room at its sides


def _fitting(pairs, width, height, fonts, locale, icon, spacing):
    """(size, sections): ``pairs`` laid out at the largest size, from
    AID_MAX_PT down to the smallest, that fits ``height``; None if none does."""
    for size in _quarter_steps(AID_MAX_PT, MIN_BODY_PT):
        laid = _sections(pairs, width, size, fonts, locale, icon, spacing[0])
        if _height(laid, size, spacing) <= height:
            return size, laid
    return None


def _quarter_steps(high, low):
    size = high
    while size >= low - 1e-9:
        yield size
        size -= 0.25


def _sections(pairs, width, size, fonts, locale, icon, leading_ratio=LEADING):
    leading = size * leading_ratio
    return [_Section(layout_paragraph(head, width, fonts.bold, size, leading, locale,
                                      no_lone_last_word=True),
                     layout_paragraph(text, width, fonts.regular, size, leading, locale,
                                      icon=icon, no_lone_last_word=True))
            for head, text in pairs]


def _height(sections, size, spacing=(LEADING, SECTION_GAP)):
    lines = sum(len(s.heading) + len(s.body) for s in sections)
    return lines * size * spacing[0] + len(sections) * size * spacing[1]

