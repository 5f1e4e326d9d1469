"""The quick references' one design language, shared by every game: a
masthead (the game's name, "Quick reference" between two rules with
lozenges, Oriflamme's first), framed panels with a heading in the game's
accent colour and optional numbered steps, and the fit that sets the whole
page at the largest size from which it still fits one page.

A game keeps its colours (a :class:`Palette`) and its emblems and pictures
(flowables of its own inside the panels); the layout is this module's. It
names no game.

Room for longer languages: the fit starts at ``max_size`` and stops at
``MIN_PT``; a page that fits only near the floor in French or English would
overflow in German, so the games' texts are checked at 125 % of their length
(``tests/test_reference_design.py``).
"""
from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import Color, white
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.platypus import Flowable, Paragraph
from reportlab.platypus.doctemplate import BaseDocTemplate, PageTemplate
from reportlab.platypus.frames import Frame

from ..errors import InputError
from ..fileio import write_atomic
from .booklet import markup
from .dates import DatedCanvas
from .text import typography

MIN_PT = 7.0                 # nothing on a quick reference is smaller
MARGIN = 12 * mm
PAD = 2.6 * mm               # inside a panel
RADIUS = 1.6 * mm
LINE = 0.6                   # a panel's outline
GAP = 2.4 * mm               # between panels
TITLE_PT = 24.0
SUBTITLE_PT = 13.0


@dataclass(frozen=True)
class Palette:
    """A game's colours on its quick reference."""
    ink: Color               # body text and panel outlines
    paper: Color             # a panel's fill
    accent: Color            # headings, rules, number discs
    soft: Color              # the fill of an emphasised panel


def cap_height(font: str, size: float) -> float:
    face = getFont(font).face
    return (getattr(face, "capHeight", 0) or 700) / 1000 * size


def number_disc(canvas, cx: float, cy: float, r: float, label: str, font: str,
                colour: Color) -> None:
    """A step's number, white in a disc of the accent colour."""
    canvas.saveState()
    canvas.setFillColor(colour)
    canvas.circle(cx, cy, r, stroke=0, fill=1)
    canvas.setFillColor(white)
    size = r * 1.35
    canvas.setFont(font, size)
    canvas.drawCentredString(cx, cy - cap_height(font, size) / 2, label)
    canvas.restoreState()


def masthead_height(fonts) -> float:
    return (cap_height(fonts.title_bold, TITLE_PT) + 2.2 * mm
            + cap_height(fonts.title, SUBTITLE_PT) + 3.2 * mm)


def draw_masthead(canvas, cx: float, y_top: float, game: str, subtitle: str, fonts,
                  palette: Palette, locale: str) -> float:
    """The game's name, and under it the subtitle between two rules ending in
    lozenges; returns the height used."""
    base = y_top - cap_height(fonts.title_bold, TITLE_PT)
    game = typography(game, locale, fonts.title_bold)
    subtitle = typography(subtitle, locale, fonts.title)
    size = TITLE_PT
    while size > 12 and stringWidth(game, fonts.title_bold, size) > 180 * mm:
        size -= 0.5
    canvas.saveState()
    canvas.setFillColor(palette.ink)
    canvas.setFont(fonts.title_bold, size)
    canvas.drawCentredString(cx, base, game)
    sub_base = base - 2.2 * mm - cap_height(fonts.title, SUBTITLE_PT)
    canvas.setFillColor(palette.accent)
    canvas.setFont(fonts.title, SUBTITLE_PT)
    canvas.drawCentredString(cx, sub_base, subtitle)
    sw = stringWidth(subtitle, fonts.title, SUBTITLE_PT)
    gw = stringWidth(game, fonts.title_bold, size)
    mid = sub_base + cap_height(fonts.title, SUBTITLE_PT) / 2
    canvas.setStrokeColor(palette.accent)
    canvas.setLineWidth(0.8)
    reach = max(sw, gw) / 2 + 22 * mm
    canvas.line(cx - reach, mid, cx - sw / 2 - 4 * mm, mid)
    canvas.line(cx + sw / 2 + 4 * mm, mid, cx + reach, mid)
    for side in (-1, 1):
        d = 1.1 * mm
        px = cx + side * (sw / 2 + 2.2 * mm)
        p = canvas.beginPath()
        p.moveTo(px, mid + d)
        p.lineTo(px + d, mid)
        p.lineTo(px, mid - d)
        p.lineTo(px - d, mid)
        p.close()
        canvas.setFillColor(palette.accent)
        canvas.drawPath(p, stroke=0, fill=1)
    canvas.restoreState()
    return masthead_height(fonts)


class Masthead(Flowable):
    """:func:`draw_masthead` as a flowable, centred in its frame."""

    def __init__(self, game: str, subtitle: str, fonts, palette: Palette, locale: str):
        super().__init__()
        self.game, self.subtitle, self.fonts = game, subtitle, fonts
        self.palette, self.locale = palette, locale

    def wrap(self, avail_w, avail_h):
        self.width = avail_w
        self.height = masthead_height(self.fonts) + GAP
        return self.width, self.height

    def draw(self):
        draw_masthead(self.canv, self.width / 2, self.height, self.game, self.subtitle,
                      self.fonts, self.palette, self.locale)


class Panel(Flowable):
    """A framed panel: a heading in the accent colour (after a number disc
    when ``number`` is given), then ``content`` flowables, one under the
    other. ``strong`` frames it in the accent colour on the soft fill."""

    def __init__(self, heading: str, content: Sequence[Flowable], palette: Palette, fonts,
                 size: float, locale: str, number: str = "", strong: bool = False):
        super().__init__()
        self.heading = typography(heading, locale, fonts.title_bold) if heading else ""
        self.content = list(content)
        self.palette, self.fonts, self.size = palette, fonts, size
        self.number, self.strong = number, strong
        self.head_size = size * 1.3

    def _head_height(self) -> float:
        return cap_height(self.fonts.title_bold, self.head_size) + 1.9 * mm \
            if self.heading else 0.0

    def wrap(self, avail_w, avail_h):
        self.width = avail_w
        inner = avail_w - 2 * PAD
        self._sizes = [f.wrap(inner, avail_h) for f in self.content]
        body = sum(h + _space(f) for f, (_, h) in zip(self.content, self._sizes))
        self.height = 2 * PAD + self._head_height() + body
        return self.width, self.height + GAP

    def draw(self):
        c, p = self.canv, self.palette
        top = self.height + GAP
        c.saveState()
        c.setFillColor(p.soft if self.strong else p.paper)
        c.setStrokeColor(p.accent if self.strong else p.ink)
        c.setLineWidth(1.2 if self.strong else LINE)
        c.roundRect(0, GAP, self.width, self.height, RADIUS, stroke=1, fill=1)
        c.restoreState()
        y = top - PAD
        left = PAD
        if self.heading:
            cap = cap_height(self.fonts.title_bold, self.head_size)
            base = y - cap
            if self.number:
                r = self.head_size * 0.72
                number_disc(c, left + r, base + cap / 2, r, self.number,
                            self.fonts.title_bold, p.accent)
                left += 2 * r + 1.6 * mm
            c.setFillColor(p.accent)
            c.setFont(self.fonts.title_bold, self.head_size)
            c.drawString(left, base, self.heading)
            y = base - 1.9 * mm
        for f, (_, h) in zip(self.content, self._sizes):
            before, after = _before(f), _after(f)
            y -= before + h
            f.drawOn(c, PAD, y)
            y -= after


class Columns(Flowable):
    """Flowables side by side, each in its share of the width (``shares``),
    top-aligned."""

    def __init__(self, columns: Sequence[Sequence[Flowable]], shares: Sequence[float],
                 gutter: float = GAP):
        super().__init__()
        self.columns = [list(col) for col in columns]
        self.shares, self.gutter = list(shares), gutter

    def wrap(self, avail_w, avail_h):
        self.width = avail_w
        room = avail_w - self.gutter * (len(self.columns) - 1)
        self._widths = [room * s / sum(self.shares) for s in self.shares]
        self._sizes = [[f.wrap(w, avail_h) for f in col]
                       for col, w in zip(self.columns, self._widths)]
        self.height = max(sum(h + _space(f) for f, (_, h) in zip(col, sizes))
                          for col, sizes in zip(self.columns, self._sizes))
        return self.width, self.height

    def draw(self):
        x = 0.0
        for col, sizes, w in zip(self.columns, self._sizes, self._widths):
            y = self.height
            for f, (_, h) in zip(col, sizes):
                y -= _before(f) + h
                f.drawOn(self.canv, x, y)
                y -= _after(f)
            x += w + self.gutter


def _before(f) -> float:
    style = getattr(f, "style", None)
    return getattr(style, "spaceBefore", 0.0) or 0.0


def _after(f) -> float:
    style = getattr(f, "style", None)
    return getattr(style, "spaceAfter", 0.0) or 0.0


def _space(f) -> float:
    return _before(f) + _after(f)


@dataclass(frozen=True)
class Styles:
    """The paragraph styles of a reference set at ``size``."""
    body: ParagraphStyle
    bullet: ParagraphStyle
    small: ParagraphStyle


def styles(fonts, size: float, palette: Palette) -> Styles:
    body = ParagraphStyle("ref-body", fontName=fonts.regular, fontSize=size,
                          leading=size * 1.2, textColor=palette.ink, spaceAfter=size * 0.3)
    bullet = ParagraphStyle("ref-bullet", parent=body, leftIndent=size * 0.9,
                            bulletIndent=0, bulletFontName=fonts.regular)
    small = ParagraphStyle("ref-small", parent=body, fontSize=max(MIN_PT, size * 0.92),
                           leading=max(MIN_PT, size * 0.92) * 1.15, spaceAfter=0)
    return Styles(body, bullet, small)


def para(text: str, style: ParagraphStyle, locale: str, bullet: bool = False) -> Paragraph:
    """``text`` (with **bold** and *italic*) in ``style``, with a bullet."""
    return Paragraph(markup(text, locale, style.fontName), style,
                     bulletText="\u2022" if bullet else None)


def write_one_page(path, *, page: tuple[float, float], story: Callable[[float], list],
                   max_size: float, label: str, title: str, author: str, locale: str,
                   fonts) -> float:
    """Write the one-page reference ``story(size)`` builds, at the largest
    size from ``max_size`` down to :data:`MIN_PT` (quarter points) at which it
    fits the page inside :data:`MARGIN`; return that size. InputError (one
    line, naming ``label``) when it fits at no size; nothing is written then."""
    page_w, page_h = page
    frame_w, frame_h = page_w - 2 * MARGIN, page_h - 2 * MARGIN
    size = max_size
    while size >= MIN_PT - 1e-9:
        flowables = story(size)
        height = sum(f.wrap(frame_w, frame_h)[1] + _space(f) for f in flowables)
        if height <= frame_h - 2:
            break
        size -= 0.25
    else:
        raise InputError(f"{label}: the text does not fit one page at {MIN_PT:g} pt; "
                         "shorten it")
    frame = Frame(MARGIN, MARGIN, frame_w, frame_h, leftPadding=0, rightPadding=0,
                  topPadding=0, bottomPadding=0)
    buffer = io.BytesIO()
    doc = BaseDocTemplate(buffer, pagesize=page, leftMargin=MARGIN, rightMargin=MARGIN,
                          topMargin=MARGIN, bottomMargin=MARGIN, invariant=1, title=title,
                          author=author, lang=locale, creator="Herald",
                          initialFontName=fonts.regular)
    doc.addPageTemplates([PageTemplate("page", [frame])])
    doc.build(story(size), canvasmaker=DatedCanvas)
    if doc.page != 1:
        raise InputError(f"{label}: runs to {doc.page} pages")
    write_atomic(Path(path), buffer.getvalue())
    return size
