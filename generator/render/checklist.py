"""The kit's card checklist: every card of the deck with a box to tick once
it is cut out (issue 33: no kit had one), ``<game>-checklist-<paper>.pdf``.

A game's kit gives ``checklist(db, locale)``: its words (``title``,
``intro``) and its groups, each a heading and the cards under it (a name
printed once per copy); this module only lays them out, in columns that
read top to bottom, on as few pages as they take. Deterministic (reportlab
``invariant=1``), fonts embedded as subsets, written atomically.
"""
from __future__ import annotations

import io
from pathlib import Path

from reportlab.lib.units import mm

from ..fileio import write_atomic
from .dates import DatedCanvas
from .fonts import register_fonts, require_glyphs
from .geometry import PAPERS
from .text import typography

MARGIN = 15 * mm            # clear of any home printer's unprinted edge
COLUMNS = 3
GUTTER = 6 * mm
ITEM_PT, HEAD_PT, TITLE_PT = 9.5, 10.5, 18.0
LEAD = ITEM_PT * 1.45
BOX = 3.0 * mm              # the box to tick
INK = (0.16, 0.13, 0.09)


def write_checklist(path: Path, words: dict, groups: list[tuple[str, list[str]]],
                    paper: str, locale: str, game_name: str) -> int:
    """Write the checklist; return its page count. ``words``: ``title`` and
    ``intro``; ``groups``: (heading, card names)."""
    fonts = register_fonts()
    width, height = PAPERS[paper]
    column_w = (width - 2 * MARGIN - (COLUMNS - 1) * GUTTER) / COLUMNS
    title = typography(f"{game_name} · {words['title']}", locale)
    intro = typography(words["intro"], locale)
    lines: list[tuple[str, str]] = []          # (kind, text), kind "head" or "item"
    for heading, names in groups:
        lines.append(("head", typography(heading, locale)))
        lines += [("item", typography(name, locale)) for name in names]
    for kind, text in lines:
        require_glyphs(text, fonts.bold if kind == "head" else fonts.regular, "checklist")
    buf = io.BytesIO()
    c = DatedCanvas(buf, pagesize=(width, height), invariant=1, lang=locale,
                    initialFontName=fonts.regular)
    c.setTitle(title)
    c.setAuthor(typography(game_name, locale))
    c.setSubject(words["title"])
    c.setCreator("Herald")
    pages = 0
    pending = list(lines)
    while pending:
        pages += 1
        c.setFillColorRGB(*INK)
        c.setFont(fonts.title_bold, TITLE_PT)
        c.drawString(MARGIN, height - MARGIN - TITLE_PT, title)
        c.setFont(fonts.italic, ITEM_PT)
        c.drawString(MARGIN, height - MARGIN - TITLE_PT - 6 * mm, intro)
        top = height - MARGIN - TITLE_PT - 14 * mm
        for column in range(COLUMNS):
            x, y = MARGIN + column * (column_w + GUTTER), top
            while pending and y - LEAD > MARGIN:
                kind, text = pending[0]
                if kind == "head":
                    if y - 3 * LEAD < MARGIN:       # a heading with one card at least
                        break
                    y -= 3
                    c.setFont(fonts.bold, HEAD_PT)
                    c.drawString(x, y - HEAD_PT, text)
                else:
                    c.setLineWidth(0.6)
                    c.setStrokeColorRGB(*INK)
                    c.rect(x, y - ITEM_PT + 0.2 * mm, BOX, BOX, stroke=1, fill=0)
                    c.setFont(fonts.regular, ITEM_PT)
                    c.drawString(x + BOX + 2 * mm, y - ITEM_PT, _fit(text, fonts.regular,
                                                                     column_w - BOX - 2 * mm))
                pending.pop(0)
                y -= LEAD
        c.showPage()
    c.save()
    write_atomic(path, buf.getvalue())
    return pages


def _fit(text: str, font: str, width: float) -> str:
    """``text`` as it is when it fits ``width`` at ITEM_PT, else cut with an
    ellipsis (a card's name never runs into the next column)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    if stringWidth(text, font, ITEM_PT) <= width:
        return text
    while text and stringWidth(text + "…", font, ITEM_PT) > width:
        text = text[:-1]
    return text.rstrip() + "…"
