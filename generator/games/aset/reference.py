"""The one-page quick reference: the round, how a combat is won (the Order
drawn, first rank against last rank), ties and the Prison, the scoring.

Its words are the player aid's (``cards.yaml``: ``aid``) and its scoring is
written from the database (:func:`.aids.scoring_lines`), so the aid, the
booklet and this page say the same thing. The text is set at the largest
size, from 13 pt down to 7 pt, at which everything fits one page.
"""
from __future__ import annotations

import io
from pathlib import Path

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph
from reportlab.platypus.doctemplate import BaseDocTemplate, PageTemplate
from reportlab.platypus.frames import Frame

from ...errors import InputError
from ...fileio import write_atomic
from ...render.booklet import markup
from ...render.fonts import register_fonts
from ...render.geometry import reference_page
from . import look as L
from .aids import scoring_lines
from .describe import catalog
from .diagram import RANK_GAP, RANK_H, RANK_W, draw_order

MARGIN = 16 * mm


class _Order(Flowable):
    def __init__(self, order, words, scale):
        super().__init__()
        self.order, self.words, self.scale = order, words, scale
        self.width = 7 * RANK_W * scale + 6 * RANK_GAP * scale
        self.height = RANK_H * scale + 5 * mm

    def draw(self):
        draw_order(self.canv, self.order, 0, 4 * mm, register_fonts(), scale=self.scale,
                   words=self.words)


def write_reference(path, db, locale: str, paper: str, rules_text: dict) -> int:
    key, title, (page_w, page_h) = reference_page(db, locale, paper, rules_text)
    fonts = register_fonts()
    words = {k: v for k, v in rules_text["diagram"].items()}
    aid = catalog(locale)["aid"]
    for size in [13 - 0.25 * k for k in range(25)]:
        story = _story(db, locale, title, aid, words, fonts, size)
        frame = Frame(MARGIN, MARGIN, page_w - 2 * MARGIN, page_h - 2 * MARGIN,
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        heights = 0.0
        for f in story:
            _, h = f.wrap(frame._aW, page_h)
            heights += h + _space(f)
        if heights <= page_h - 2 * MARGIN:
            break
    else:
        raise InputError(f"aset: quick reference ({locale}): the text does not fit one page "
                         "at 7 pt; shorten it")
    buffer = io.BytesIO()
    doc = BaseDocTemplate(buffer, pagesize=(page_w, page_h), leftMargin=MARGIN,
                          rightMargin=MARGIN, topMargin=MARGIN, bottomMargin=MARGIN,
                          invariant=1, title=title, author=db.name[locale], lang=locale,
                          creator="Herald", initialFontName=fonts.regular)
    doc.addPageTemplates([PageTemplate("page", [frame])])
    doc.build(story)
    if doc.page != 1:
        raise InputError(f"aset: quick reference ({locale}) runs to {doc.page} pages")
    out = Path(path)
    write_atomic(out, buffer.getvalue())
    return 1


def _space(f) -> float:
    style = getattr(f, "style", None)
    if style is None:
        return 0.0
    return style.spaceBefore + style.spaceAfter


def _story(db, locale, title, aid, words, fonts, size):
    body = ParagraphStyle("b", fontName=fonts.regular, fontSize=size, leading=size * 1.25,
                          textColor=L.INK, spaceAfter=size * 0.35)
    head = ParagraphStyle("h", fontName=fonts.title_bold, fontSize=size * 1.35,
                          leading=size * 1.6, textColor=L.NIGHT, spaceBefore=size * 0.6,
                          spaceAfter=size * 0.3)
    top = ParagraphStyle("t", fontName=fonts.title_bold, fontSize=size * 2.1,
                         leading=size * 2.5, textColor=L.NIGHT, alignment=1,
                         spaceAfter=size * 0.4)

    def p(text, style=body):
        return Paragraph(markup(text, locale, style.fontName), style)

    story = [p(f"{db.name[locale]} — {title}", top), p(aid["round_title"], head)]
    for heading, text in aid["round"]:
        story.append(p(f"**{heading}.** {text}"))
    story.append(_Order(db.setup.order, words, min(1.0, size / 9)))
    story.append(p(aid["score_title"], head))
    for text, mark in scoring_lines(db, locale):
        story.append(p(f"• {text}" if mark else text))
    return story
