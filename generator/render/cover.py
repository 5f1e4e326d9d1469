"""The cover page of a deck's home-printer sheets: what is in the kit, how to
print, cut, sort and sleeve it, whose game it is, and what made the file.

The game supplies what only it knows (:class:`CoverNotes`, which
:func:`herald.generator.documents.cover_notes` reads: the contents, the
credits from its rules catalog, how its collation codes read); everything
else follows from the build's options (paper, back layout, card sizes), so
the instructions always match the pages that follow. Every string is
printed in its locale's typography.

The date printed is the build's (:mod:`.dates`): ``SOURCE_DATE_EPOCH`` when
set (the reproducible-builds convention), else one fixed date, the same as
the file's CreationDate.
"""
from __future__ import annotations

import importlib.metadata
from dataclasses import dataclass, field

from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit

from . import geometry as G
from .dates import build_date
from .text import typography
from .words import COVER as _TEXT

__all__ = ["CoverNotes", "build_date", "cover_drawer", "cover_words"]

FONT, BOLD, ITALIC, TITLE = "Garamond", "Garamond-Bold", "Garamond-Italic", "Cinzel-Bold"
BODY_PT = 10.5


@dataclass(frozen=True)
class CoverNotes:
    """What the game tells its cover page, already in the page's locale."""
    contents: list[str]                       # one line per component
    credits: list[str] = field(default_factory=list)   # authors, publisher
    sorting: str = ""                         # how the collation codes read



def _texts(lang: str) -> dict[str, str]:
    return _TEXT.get((lang or "en").split("-")[0].lower(), _TEXT["en"])


def cover_words(lang: str) -> dict[str, str]:
    """The covers' own words in ``lang`` ("Credits", "In this kit"…)."""
    return _texts(lang)


def _version() -> str:
    try:
        return importlib.metadata.version("herald")
    except importlib.metadata.PackageNotFoundError:
        return "(development)"


def _sizes(card_sizes) -> str:
    return ", ".join(f"{w / mm:.0f}\u00d7{h / mm:.0f}" for w, h in card_sizes)


def cover_drawer(notes: CoverNotes, *, title: str, lang: str, backs: str, card_sizes,
                 pieces: bool = False, notice: bool = True,
                 columns_first: bool | dict = False):
    """A function ``(canvas, width, height, first, last)`` drawing the cover
    page, ``first``..``last`` being the pages to print. ``pieces``: some
    sheets hold tokens or tiles to cut apart. ``notice``: the personal-use
    notice of a published game's kit (not on a designer's own deck).
    ``columns_first``: the sheets mark their vertical cut lines between the
    rows (see :func:`.imposition.columns_first`), so the columns are cut
    out first; a mapping {card size: bool} when the sheets of each size say
    for themselves (a kit of large and small cards): where the sizes differ,
    each size gets its own instruction, under its size."""
    by_size = columns_first if isinstance(columns_first, dict) \
        else dict.fromkeys(card_sizes, bool(columns_first))
    t = {key: typography(value, lang) for key, value in _texts(lang).items()}
    date = build_date()

    def draw(canvas, width, height, first, last):
        left = G.MIN_MARGIN + 15 * mm
        measure = width - 2 * left
        y = height - 30 * mm
        canvas.saveState()
        canvas.setFillColorRGB(0.16, 0.13, 0.09)
        canvas.setFont(TITLE, 26)
        canvas.drawCentredString(width / 2, y, typography(title, lang, TITLE).upper())
        y -= 10 * mm
        canvas.setFont(ITALIC, 13)
        canvas.drawCentredString(width / 2, y, t["kit"])
        y -= 6 * mm
        canvas.setLineWidth(0.5)
        canvas.line(width / 2 - 30 * mm, y, width / 2 + 30 * mm, y)
        y -= 6 * mm

        def heading(text):
            nonlocal y
            y -= 9 * mm
            canvas.setFont(BOLD, 13)
            canvas.drawString(left, y, text)
            y -= 1.5 * mm

        def para(text, bullet=False, font=FONT, size=BODY_PT):
            nonlocal y
            indent = 4 * mm if bullet else 0
            lines = simpleSplit(typography(text, lang, font), font, size, measure - indent)
            canvas.setFont(font, size)
            for i, line in enumerate(lines):
                y -= size * 1.3
                if bullet and i == 0:
                    canvas.drawString(left + 1 * mm, y, "\u2022")
                canvas.drawString(left + indent, y, line)
            y -= size * 0.35

        if notes.contents:
            heading(t["contents"])
        for line in notes.contents:
            para(line, bullet=True)
        heading(t["printing"])
        para(t["paper_fold" if backs == "fold" else "paper"], bullet=True)
        para(t["pages"].format(first=first, last=last), bullet=True)
        if backs in ("duplex-long", "duplex-short"):
            para(t["duplex"].format(edge=t["long" if backs == "duplex-long" else "short"]),
                 bullet=True)
        else:
            para(t[backs], bullet=True)
        heading(t["cutting"])
        para(t["margin"].format(margin=f"{G.PRINTER_MARGIN / mm:.0f}"), bullet=True)
        if len(set(by_size.values())) <= 1:
            para(t["cut_columns" if any(by_size.values()) else "cut_rows"], bullet=True)
        else:
            for size, columns in by_size.items():
                para(t["cut_size"].format(size=_sizes([size])), font=BOLD)
                para(t["cut_columns" if columns else "cut_rows"], bullet=True)
        if pieces:
            para(t["cut_tokens"], bullet=True)
        if notes.sorting:
            para(notes.sorting, bullet=True)
        para(t["sleeves"].format(size=_sizes(card_sizes)), bullet=True)
        heading(t["credits"])
        for line in notes.credits:
            para(line)
        if notice:
            para(t["notice"], font=ITALIC)
        para(t["made"].format(version=_version(), date=date.isoformat()), size=8.5)
        canvas.restoreState()

    return draw
