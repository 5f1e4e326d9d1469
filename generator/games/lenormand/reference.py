"""The Lenormand duel's quick reference: one page with the setup (its
picture, drawn with the deck's faces and backs), the turn, the attack table
(from the card database, as on the rules sheet), healing, the end, and
the three- and four-player variants.

Its words are the rules sheet's (``rules.yaml``: ``reference``); the text is
set at the largest size, from 12 pt down to 7 pt, at which everything fits
one page.
"""
from __future__ import annotations

import io
from pathlib import Path

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Spacer
from reportlab.platypus.doctemplate import BaseDocTemplate, PageTemplate
from reportlab.platypus.frames import Frame
from reportlab.platypus import Paragraph

from ...errors import InputError
from ...fileio import write_atomic
from ...render.booklet import markup
from ...render.fonts import register_fonts
from ...render.geometry import reference_page
from .booklet import SetupFigure, attack_table, cards_by_number
from .faces import print_cards
from .pictures import INK

MARGIN = 15 * mm
ACCENT = (0.478, 0.122, 0.102)


def write_reference(path, db, locale: str, paper: str, rules_text: dict) -> int:
    key, title, (page_w, page_h) = reference_page(db, locale, paper, rules_text)
    fonts = register_fonts()
    cards = cards_by_number(print_cards(db, locale))
    frame_w, frame_h = page_w - 2 * MARGIN, page_h - 2 * MARGIN
    for size in [12 - 0.25 * k for k in range(21)]:
        story = _story(db, locale, title, rules_text, cards, fonts, size, frame_w)
        height = sum(f.wrap(frame_w, frame_h)[1] + _space(f) for f in story)
        if height <= frame_h - 2:
            break
    else:
        raise InputError(f"lenormand: quick reference ({locale}): the text does not fit one "
                         "page at 7 pt; shorten it")
    frame = Frame(MARGIN, MARGIN, frame_w, frame_h, leftPadding=0, rightPadding=0,
                  topPadding=0, bottomPadding=0)
    buffer = io.BytesIO()
    doc = BaseDocTemplate(buffer, pagesize=(page_w, page_h), leftMargin=MARGIN,
                          rightMargin=MARGIN, topMargin=MARGIN, bottomMargin=MARGIN,
                          invariant=1, title=title, author=db.name[locale], lang=locale,
                          creator="Herald", initialFontName=fonts.regular)
    doc.addPageTemplates([PageTemplate("page", [frame])])
    doc.build(story)
    if doc.page != 1:
        raise InputError(f"lenormand: quick reference ({locale}) runs to {doc.page} pages")
    write_atomic(Path(path), buffer.getvalue())
    return 1


def _space(f) -> float:
    style = getattr(f, "style", None)
    if style is None or not hasattr(style, "spaceBefore"):
        return 0.0
    return style.spaceBefore + style.spaceAfter


def _story(db, locale, title, text, cards, fonts, size, width):
    words = text["reference"]
    body = ParagraphStyle("b", fontName=fonts.regular, fontSize=size, leading=size * 1.25,
                          textColor=INK, spaceAfter=size * 0.3)
    cell = ParagraphStyle("c", parent=body, fontSize=size * 0.92, leading=size * 1.12,
                          spaceAfter=0)
    head = ParagraphStyle("h", fontName=fonts.title_bold, fontSize=size * 1.3,
                          leading=size * 1.55, textColor=ACCENT, spaceBefore=size * 0.6,
                          spaceAfter=size * 0.25)
    top = ParagraphStyle("t", fontName=fonts.title_bold, fontSize=size * 2.0,
                         leading=size * 2.4, textColor=ACCENT, alignment=1,
                         spaceAfter=size * 0.3)

    def p(value, style=body):
        return Paragraph(markup(value, locale, style.fontName), style)

    story = [p(f"{db.name[locale]} — {title}", top), p(words["setup_title"], head)]
    story += [p(f"• {line}") for line in words["setup"]]
    story.append(SetupFigure(db, locale, cards, text["setup_figure"], width,
                             k=0.1 + size * 0.008))
    story.append(p(words["turn_title"], head))
    story += [p(f"• {line}") for line in words["turn"]]
    story.append(p(words["table_title"], head))
    story.append(attack_table(db, locale, text["attack_table"], cell, width, p))
    story.append(Spacer(1, size * 0.5))
    story += [p(f"• {line}") for line in words["table_notes"]]
    story.append(p(words["end_title"], head))
    story.append(p(words["end"]))
    story.append(p(words["more_title"], head))
    story += [p(f"• {line}") for line in words["more"]]
    return story
