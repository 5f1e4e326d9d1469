"""The Lenormand deck's faces: number, playing-card inset, picture, name, and
the duel's small marks.

``print_cards(db, locale, plain=False, size="tarot")`` lays out every face
first (a name that would need type below 6.5 pt stops the build before any
file is written) and returns the 36 cards as :class:`PrintCard` objects of
the chosen trim size, whose drawing functions only paint what was laid out.

A face, top to bottom, inside a thin rule 5 mm from the trim: the card's number (left),
the duel's marks (centre: the house, and the weapon or support of the cards
that have a role), the playing-card inset as a small white card (right); the
picture in a window; the name. Every element sits inside the safe zone;
with ``plain`` the marks are left out and the deck is an ordinary Lenormand
oracle deck.

Sizes (:data:`.sizes.SIZES`): ``tarot`` 61 x 112 mm, ``poker`` 2.5 x 3.5 in
and ``bridge`` 57 x 89 mm. The layout is computed from the trim size, so all
share one drawing; at the narrowest, bridge, every name in fr and en still
sets in one line at the full 12 pt.
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from ...errors import InputError
from ...render.cards import PrintCard
from ...render.fonts import FontNames, register_fonts
from ...render.geometry import FRAME_MIN_INSET, MIN_BODY_PT, SAFE
from ...render.recording import cached
from ...render.text import typography
from .backs import back_drawer
from .marks import draw_mark
from .pictures import INK, PAPER, TINT, draw_subject, subject_name
from .sizes import DEFAULT_SIZE, SIZES, check_size
from .suits import SUIT_RGB, draw_suit, parse_inset, rank_label

__all__ = ["SIZES", "Face", "FaceLayout", "face_layout", "print_cards"]

MARK_RGB = (0.56, 0.50, 0.43)     # the marks: a quiet warm grey, not the text's ink
# The one rule's centre, from the trim: 5 mm in (FRAME_MIN_INSET), where a
# cut that drifts a millimetre leaves borders that still look even; the
# heavy outer rule 3.7 mm in showed every drift and was dropped.
FRAME_IN = FRAME_MIN_INSET
MARGIN = SAFE + 3.0 * mm          # content (text, marks, picture) starts here
NAME_MAX, NAME_MIN_ONE_LINE = 12.0, 8.0


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    def inside(self, other: Box, tolerance: float = 1e-6) -> bool:
        return (self.x >= other.x - tolerance and self.y >= other.y - tolerance
                and self.x + self.w <= other.x + other.w + tolerance
                and self.y + self.h <= other.y + other.h + tolerance)


@dataclass(frozen=True)
class FaceLayout:
    """Where each element of a face goes, in points from the trim's lower-left
    corner; the same for every card of one size."""
    width: float
    height: float
    number: Box            # the number, left of the top row
    marks: Box             # the duel's marks, centre of the top row
    inset: Box             # the playing-card inset, right of the top row
    window: Box            # the picture's window
    picture: Box           # the picture inside it
    name: Box              # the name, under the window
    number_size: float
    rank_size: float

    @property
    def safe(self) -> Box:
        return Box(SAFE, SAFE, self.width - 2 * SAFE, self.height - 2 * SAFE)


def face_layout(width: float, height: float) -> FaceLayout:
    """The layout of a ``width`` x ``height`` face (the window stays portrait-
    ish; spare height is shared evenly around it)."""
    inner_w = width - 2 * MARGIN
    k = max(1.0, height / (96 * mm))            # a tall card gets a larger top row
    top_h = 10.5 * mm * k
    name_h = 9.0 * mm * k
    top = height - MARGIN
    inset_w = 8.2 * mm * k
    inset = Box(width - MARGIN - inset_w, top - top_h, inset_w, top_h)
    number = Box(MARGIN, top - top_h, 11 * mm * k, top_h)
    marks_h = 5.5 * mm
    marks = Box(number.x + number.w, top - marks_h, inset.x - number.x - number.w, marks_h)
    room = (top - top_h) - (MARGIN + name_h)
    window_h = min(room - 3 * mm, inner_w * 1.3)
    gap = (room - window_h) / 2
    window = Box(MARGIN, MARGIN + name_h + gap, inner_w, window_h)
    pad = 2.2 * mm
    side = min(window.w, window.h) - 2 * pad
    picture = Box(window.x + (window.w - side) / 2, window.y + (window.h - side) / 2, side, side)
    name = Box(MARGIN, MARGIN, inner_w, name_h)
    return FaceLayout(width, height, number, marks, inset, window, picture, name,
                      number_size=16.0 * k, rank_size=9.0 * k)


@dataclass(frozen=True)
class Face:
    """One card's laid-out face."""
    number: int
    name_lines: tuple[str, ...]
    name_size: float
    rank: str              # as printed ("R" for a French king)
    suit: str
    marks: tuple[str, ...]          # empty on a plain deck
    layout: FaceLayout
    fonts: FontNames

    def draw(self, canvas, x: float, y: float, bleed: float) -> None:
        L, f = self.layout, self.fonts
        canvas.saveState()
        canvas.translate(x, y)
        _paper(canvas, L.width, L.height, bleed)
        # the number
        canvas.setFillColorRGB(*INK)
        canvas.setFont(f.title_bold, L.number_size)
        canvas.drawString(L.number.x, L.number.y + L.number.h - L.number_size * 0.78,
                          str(self.number))
        # the marks
        size = L.marks.h * 0.72
        step = L.marks.h * 0.92
        start = L.marks.x + L.marks.w / 2 - step * (len(self.marks) - 1) / 2
        for i, kind in enumerate(self.marks):
            draw_mark(canvas, kind, start + i * step, L.marks.y + L.marks.h / 2, size, MARK_RGB)
        # the inset: a small white card with the rank over the suit
        b = L.inset
        canvas.setFillColorRGB(1, 1, 1)
        canvas.setStrokeColorRGB(*INK)
        canvas.setLineWidth(0.5)
        canvas.roundRect(b.x, b.y, b.w, b.h, 0.9 * mm, stroke=1, fill=1)
        canvas.setFillColorRGB(*SUIT_RGB[self.suit])
        canvas.setFont(f.title_bold, L.rank_size)
        canvas.drawCentredString(b.x + b.w / 2, b.y + b.h - 1.1 * mm - L.rank_size * 0.72,
                                 self.rank)
        draw_suit(canvas, self.suit, b.x + b.w / 2, b.y + b.h * 0.30, b.h * 0.34)
        # the picture in its window
        w = L.window
        canvas.setFillColorRGB(1, 1, 1)
        canvas.setStrokeColorRGB(*INK)
        canvas.setLineWidth(0.6)
        canvas.roundRect(w.x, w.y, w.w, w.h, 2.0 * mm, stroke=1, fill=1)
        _picture(canvas, self.number, L.picture.x, L.picture.y, L.picture.w, L.picture.h)
        # the name, centred in its box
        canvas.setFillColorRGB(*INK)
        canvas.setFont(f.title_bold, self.name_size)
        leading = self.name_size * 1.15
        n = len(self.name_lines)
        first = L.name.y + L.name.h / 2 + (n - 1) * leading / 2 - self.name_size * 0.36
        for i, line in enumerate(self.name_lines):
            canvas.drawCentredString(L.name.x + L.name.w / 2, first - i * leading, line)
        canvas.restoreState()


def _draw_picture(canvas, number, x, y, w, h):
    draw_subject(canvas, number, x, y, w, h, ink=INK, tint=TINT, paper=PAPER)


# A face is drawn in the sheets, the print-shop file and the PNGs: record its
# picture once.
_picture = cached(_draw_picture)


def _paper(canvas, width, height, bleed):
    """The cream card over the bleed and the rule inside the safe zone."""
    canvas.setFillColorRGB(*PAPER)
    canvas.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
    canvas.setStrokeColorRGB(*INK)
    canvas.setLineWidth(0.6)
    canvas.roundRect(FRAME_IN, FRAME_IN, width - 2 * FRAME_IN, height - 2 * FRAME_IN,
                     1.6 * mm, stroke=1, fill=0)


# -- laying out ---------------------------------------------------------------------

def name_fit(name: str, font: str, box: Box) -> tuple[tuple[str, ...], float]:
    """The name in one line from 12 pt down to 8 pt, else in two balanced
    lines down to 6.5 pt; ValueError when even that does not fit."""
    size = NAME_MAX
    while size >= NAME_MIN_ONE_LINE - 1e-9:
        if stringWidth(name, font, size) <= box.w:
            return (name,), size
        size -= 0.25
    words = name.split(" ")
    splits = sorted(((" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))),
                    key=lambda pair: max(stringWidth(s, font, 10) for s in pair))
    if splits:
        lines = splits[0]
        size = 10.0
        while size >= MIN_BODY_PT - 1e-9:
            if (max(stringWidth(s, font, size) for s in lines) <= box.w
                    and 2 * size * 1.15 <= box.h):
                return lines, size
            size -= 0.25
    raise ValueError(f"name {name!r} does not fit {box.w / mm:.1f} mm at {MIN_BODY_PT} pt; "
                     "shorten it")


def card_marks(house: str, role: str | None) -> tuple[str, ...]:
    """The duel's marks of a card: its house, then its role if it has one."""
    return (house, role) if role else (house,)


def print_cards(db, locale: str, *, plain: bool = False,
                size: str = DEFAULT_SIZE) -> list[PrintCard]:
    """The 36 cards in ``locale``, in number order, at trim ``size``."""
    check_size(size)
    width, height = SIZES[size]
    fonts = register_fonts()
    layout = face_layout(width, height)
    back = back_drawer(width, height)
    cards = []
    for card in sorted(db.cards, key=lambda c: c.number):
        label = f"{db.game}: card {card.number} ({locale})"
        if locale not in card.name:
            raise InputError(f"{label}: no name in this locale")
        name = typography(card.name[locale], locale, fonts.title_bold).upper()
        try:
            subject = subject_name(card.number)
            lines, name_size = name_fit(name, fonts.title_bold, layout.name)
            inset = parse_inset(card.inset)
        except ValueError as e:
            raise InputError(f"{label}: {e}") from None
        face = Face(card.number, lines, name_size, rank_label(inset.rank, locale), inset.suit,
                    () if plain else card_marks(db.house_of(card.number).id, card.role),
                    layout, fonts)
        cards.append(PrintCard(f"{card.number:02d}-{subject}", "back",
                               f"card {card.number} {card.name[locale]} ({locale})",
                               face.draw, back, width, height))
    return cards
