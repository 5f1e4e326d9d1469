"""Imposition: cards laid out on home-printer sheets and on print-shop pages.

Home sheets (``write_sheets``) hold as many portrait cards per portrait page
as fit (``grid``: tarot cards 3 x 2 on A4 and Letter, poker cards 2 x 3 on A4,
bridge cards 3 x 3 on A4 and 3 x 2 on Letter), each size on pages of its own,
each card with the same bleed on every side and neighbouring bleeds touching
(two bleeds between trim lines). A page whose bottom margin has no room for
its one-line note (bridge cards on A4) goes without it: the cover page says
how to print. Thin crop marks sit in the margin at every cut line, starting
``MARK_GAP`` outside the printed area and never closer than ``MIN_MARGIN`` to
the paper edge. Backs are printed duplex (long or short edge), folded (fronts
above a fold line, backs below it) or not at all.

Print-shop files (``write_printshop``) have one card per page with
``PRINTSHOP_BLEED`` on every side, a TrimBox at the trim and a BleedBox over
the whole page.

All lengths are reportlab points (``geometry``) except back offsets, which are
millimetres as a person reads them off the calibration sheet.

Horizontal room is what limits home sheets. Marks need ``MIN_MARGIN`` +
``MARK_GAP`` + ``MARK_MIN`` = 7.5 mm beside the card block, so three tarot
cards fit with marks on both sides and the grid centred on the page: Letter
(215.9 mm) with 2.9 mm of bleed, A4 (210 mm) with 2.0 mm (``MIN_BLEED``).
Only on a paper too narrow for that are the horizontal cut lines marked on
one side (the left of a front page), the block moving towards the other.
"""
from __future__ import annotations

import io
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..errors import InputError
from ..fileio import write_atomic
from . import geometry as G
from .cards import PrintCard
from .fonts import register_fonts
from .text import typography
from ..translations import GENERIC, source_texts

BACKS = ("duplex-long", "duplex-short", "fold", "none")
CARD = (G.CARD_W, G.CARD_H)    # the default trim size: French tarot

MARK_GAP = 0.5 * mm        # marks start this far outside the printed area
MARK_MIN = 2 * mm          # shortest crop mark
MARK_MAX = 5 * mm          # longest crop mark, when the margin has room
MARK_WIDTH = 0.25          # pt
FOLD_GAP = 8 * mm          # white band between the front row's and the back row's bleed
BLEED_STEP = 0.1 * mm      # fit_bleed works in steps of this
MAX_BACK_OFFSET_MM = 20.0  # the calibration scales read +-10 mm; repeated readings add up
FOOTER_PT = 7.0
FOOTER_MIN_PT = 6.0
FOOTER_FONT = "Garamond"     # registered by fonts.register_fonts(), embedded
_EPS = 1e-6


# --------------------------------------------------------------- arguments

def paper_size(paper) -> tuple[float, float]:
    """Portrait (width, height) in points of a paper name ("a4", "letter")
    or of a (width, height) pair in points."""
    if isinstance(paper, str):
        size = G.PAPERS.get(paper.strip().lower())
        if size is None:
            raise InputError(f"paper {paper!r}: expected one of {', '.join(G.PAPERS)}")
        return (float(size[0]), float(size[1]))
    try:
        w, h = (float(v) for v in paper)
    except (TypeError, ValueError):
        raise InputError(f"paper {paper!r}: expected a name or (width, height) in points") from None
    if not (w > 0 and h > 0 and math.isfinite(w) and math.isfinite(h)):
        raise InputError(f"paper {paper!r}: width and height must be positive")
    return (min(w, h), max(w, h))


def paper_name(paper) -> str:
    if isinstance(paper, str):
        return paper.strip().lower()
    w, h = paper_size(paper)
    return f"{w / mm:.1f}x{h / mm:.1f} mm"


def check_back_offset(back_offset) -> tuple[float, float]:
    """(x, y) in millimetres, each finite and within +-MAX_BACK_OFFSET_MM."""
    try:
        x, y = (float(v) for v in back_offset)
    except (TypeError, ValueError):
        raise InputError(f"back offset {back_offset!r}: expected two numbers X,Y in mm") from None
    for v in (x, y):
        if not math.isfinite(v) or abs(v) > MAX_BACK_OFFSET_MM:
            raise InputError(f"back offset {x:g},{y:g} mm: each value must lie within "
                             f"+-{MAX_BACK_OFFSET_MM:g} mm")
    return (x, y)


def _fmt_mm(points: float) -> str:
    return f"{points / mm:.1f} mm"


# ------------------------------------------------------------------ layout

@dataclass(frozen=True)
class SheetLayout:
    """Where the card block sits on a portrait page, in points.

    ``left``/``bottom`` is the lower-left corner of the block's printed area
    (the first column's and last row's bleed edge). Row 0 is the top row.
    In the fold layout a white band of ``gap`` separates row 0 (fronts) from
    row 1 (backs); the fold line runs through its middle.
    """
    width: float
    height: float
    bleed: float
    left: float
    bottom: float
    gap: float
    marks_both_sides: bool   # horizontal cut lines marked left and right, else left only
    mark_h: float            # length of the marks in the left/right margins
    mark_v: float            # length of the marks in the top/bottom margins
    columns: int = G.SHEET_COLUMNS
    rows: int = G.SHEET_ROWS
    card_w: float = G.CARD_W    # trim size of the cards on this sheet
    card_h: float = G.CARD_H

    @property
    def cell_w(self) -> float:
        return self.card_w + 2 * self.bleed

    @property
    def cell_h(self) -> float:
        return self.card_h + 2 * self.bleed

    @property
    def block_w(self) -> float:
        return self.columns * self.cell_w

    @property
    def block_h(self) -> float:
        return self.rows * self.cell_h + self.gap

    @property
    def fold_y(self) -> float:
        """The fold line (fold layout): the middle of the band between the rows."""
        return self.bottom + self.cell_h + self.gap / 2

    def trim_origin(self, column: int, row: int) -> tuple[float, float]:
        """Lower-left corner of the trim box of the card at (column, row)."""
        x = self.left + self.bleed + column * self.cell_w
        y = self.bottom + self.bleed + (self.rows - 1 - row) * self.cell_h
        if row == 0:
            y += self.gap
        return (x, y)

    def bleed_rect(self, column: int, row: int) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the printed area of the card at (column, row)."""
        x, y = self.trim_origin(column, row)
        b = self.bleed
        return (x - b, y - b, x + self.card_w + b, y + self.card_h + b)

    def crop_marks(self, columns_used: int, rows_used: int):
        """Crop-mark segments ((x0, y0), (x1, y1)) for the cut lines of the cards
        in the first ``columns_used`` columns and ``rows_used`` rows, in the
        margins around those cards' printed area."""
        cols = range(columns_used)
        rows = range(rows_used)
        x0 = self.left
        x1 = self.left + columns_used * self.cell_w
        y_top = self.bleed_rect(0, 0)[3]
        y_bot = self.bleed_rect(0, rows_used - 1)[1]
        segs = []
        for c in cols:
            tx, _ = self.trim_origin(c, 0)
            for x in (tx, tx + self.card_w):
                segs.append(((x, y_top + MARK_GAP), (x, y_top + MARK_GAP + self.mark_v)))
                segs.append(((x, y_bot - MARK_GAP - self.mark_v), (x, y_bot - MARK_GAP)))
        for r in rows:
            _, ty = self.trim_origin(0, r)
            for y in (ty, ty + self.card_h):
                segs.append(((x0 - MARK_GAP - self.mark_h, y), (x0 - MARK_GAP, y)))
                if self.marks_both_sides:
                    segs.append(((x1 + MARK_GAP, y), (x1 + MARK_GAP + self.mark_h, y)))
        return segs


def grid(size, card=CARD, fold: bool = False) -> tuple[int, int]:
    """Columns and rows of ``card`` (trim width, height) on a page of ``size``:
    as many as fit with the least bleed, margins and marks (on one side for
    the horizontal cuts). The fold layout has one row of fronts and one of
    backs. Tarot cards on A4 or Letter: 3 x 2."""
    W, H = size
    need = G.MIN_MARGIN + MARK_GAP + MARK_MIN
    cell_w, cell_h = card[0] + 2 * G.MIN_BLEED, card[1] + 2 * G.MIN_BLEED
    columns = int((W - need - G.MIN_MARGIN + _EPS) // cell_w)
    rows = 2 if fold else int((H - 2 * need + _EPS) // cell_h)
    return max(columns, 0), max(rows, 0)


def _try_layout(size, bleed: float, fold: bool, one_sided_ok: bool,
                card=None) -> SheetLayout | None:
    W, H = size
    card = card or CARD
    C, R = grid(size, card, fold)
    if C < 1 or R < 1:
        return None
    cell_w, cell_h = card[0] + 2 * bleed, card[1] + 2 * bleed
    gap = FOLD_GAP if fold else 0.0
    need = G.MIN_MARGIN + MARK_GAP + MARK_MIN          # margin holding marks
    spare_x = W - C * cell_w
    spare_y = H - R * cell_h - gap
    if spare_y < 2 * need - _EPS:
        return None
    if spare_x >= 2 * need - _EPS:
        both, left = True, spare_x / 2
        mark_room = left
    elif one_sided_ok and spare_x >= need + G.MIN_MARGIN - _EPS:
        both = False
        left = need + (spare_x - need - G.MIN_MARGIN) / 2
        mark_room = left
    else:
        return None
    bottom = spare_y / 2
    return SheetLayout(
        width=W, height=H, bleed=bleed, left=left, bottom=bottom, gap=gap,
        marks_both_sides=both,
        mark_h=min(MARK_MAX, mark_room - G.MIN_MARGIN - MARK_GAP),
        mark_v=min(MARK_MAX, bottom - G.MIN_MARGIN - MARK_GAP),
        columns=C, rows=R, card_w=card[0], card_h=card[1],
    )


def sheet_layout(paper, bleed: float, fold: bool = False, card=None) -> SheetLayout:
    """The layout of a sheet page with this bleed (points): centred with marks
    on both sides when they fit, else marks for the horizontal cut lines on the
    left only. InputError if the cards do not fit at all."""
    size = paper_size(paper)
    if not (math.isfinite(bleed) and bleed >= G.MIN_BLEED - _EPS):
        raise InputError(f"bleed {_fmt_mm(bleed)}: home sheets need at least {_fmt_mm(G.MIN_BLEED)}")
    lay = _try_layout(size, bleed, fold, one_sided_ok=True, card=card)
    if lay is None:
        raise InputError(f"paper {paper_name(paper)}: {_size_words(card)} cards with {_fmt_mm(bleed)} bleed, "
                         f"crop marks and {_fmt_mm(G.MIN_MARGIN)} margins do not fit")
    return lay


def fit_bleed(paper, requested_bleed: float, card=None) -> float:
    """The largest bleed (points, a multiple of 0.1 mm) not above
    ``requested_bleed`` with which six cards, their crop marks and the
    5 mm margins fit on ``paper``, for every ``backs`` layout.

    A layout with marks on both sides of the block is preferred while it
    allows at least ``MIN_BLEED``; otherwise horizontal cut lines are marked
    on one side only. InputError when the result would be below ``MIN_BLEED``.
    """
    size = paper_size(paper)
    if not math.isfinite(requested_bleed) or requested_bleed < G.MIN_BLEED - _EPS:
        raise InputError(f"bleed {_fmt_mm(requested_bleed) if math.isfinite(requested_bleed) else requested_bleed}:"
                         f" home sheets need at least {_fmt_mm(G.MIN_BLEED)}")
    top = math.floor(requested_bleed / BLEED_STEP + _EPS)
    low = math.ceil(G.MIN_BLEED / BLEED_STEP - _EPS)
    for one_sided_ok in (False, True):
        for k in range(top, low - 1, -1):
            b = k * BLEED_STEP
            if all(_try_layout(size, b, fold, one_sided_ok, card) is not None
                   for fold in (False, True)):
                return b
    raise InputError(f"paper {paper_name(paper)}: {_size_words(card)} cards "
                     f"with {_fmt_mm(G.MIN_BLEED)} bleed, crop marks and {_fmt_mm(G.MIN_MARGIN)} "
                     f"margins do not fit")


# ----------------------------------------------------------------- drawing

def _new_canvas(buf, size, title: str, lang: str, subject: str, color: str = "rgb") -> Canvas:
    register_fonts()   # every font used is embedded: no unembedded Helvetica
    from .cmyk import to_cmyk   # "cmyk": every colour converted as cmyk.py documents
    c = Canvas(buf, pagesize=size, invariant=1, lang=lang or None,
               initialFontName=FOOTER_FONT,
               enforceColorSpace=to_cmyk if color == "cmyk" else None)
    c.setTitle(title)
    c.setAuthor("Herald")
    c.setSubject(subject)
    c.setCreator("Herald")
    return c


def _finish(canvas: Canvas, buf: io.BytesIO, path) -> None:
    canvas.save()
    write_atomic(Path(path), buf.getvalue())


class _Forms:
    """One form XObject per distinct card drawing, defined before any page."""

    def __init__(self, canvas: Canvas, bleed: float, prefix: str = "card"):
        self.canvas = canvas
        self.bleed = bleed
        self.prefix = prefix      # one set of forms per card size on a canvas
        self.names: dict[tuple, str] = {}

    def define(self, side: str, key: str, draw, label: str, card_size) -> str:
        ident = (side, key, card_size)
        name = self.names.get(ident)
        if name is not None:
            return name
        name = f"{self.prefix}{len(self.names)}"
        c, b = self.canvas, self.bleed
        c.beginForm(name, -b, -b, card_size[0] + b, card_size[1] + b)
        _draw_clipped(c, draw, 0.0, 0.0, b, f"{label}: drawing the {side}", card_size)
        c.endForm()
        self.names[ident] = name
        return name

    def front(self, card: PrintCard) -> str:
        return self.define("front", card.key, card.draw_front, card.label, _size(card))

    def back(self, card: PrintCard) -> str:
        return self.define("back", card.back_key, card.draw_back, card.label, _size(card))


def _size(card: PrintCard) -> tuple[float, float]:
    return (card.width, card.height)


def _bled(card_size, bleed: float) -> tuple[float, float]:
    return (card_size[0] + 2 * bleed, card_size[1] + 2 * bleed)


def _size_words(card) -> str:
    w, h = card or CARD
    return f"{w / mm:.0f}x{h / mm:.0f} mm"


def _draw_clipped(c: Canvas, draw, x: float, y: float, bleed: float, what: str,
                  card_size=None) -> None:
    """A card drawing with its trim's corner at (x, y), clipped to its bleed box."""
    w, h = card_size or CARD
    c.saveState()
    p = c.beginPath()
    p.rect(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed)
    c.clipPath(p, stroke=0, fill=0)
    try:
        draw(c, x, y, bleed)
    except InputError:
        raise
    except Exception as e:  # a drawing bug: say which card
        raise RuntimeError(f"{what} failed: {e}") from e
    c.restoreState()


def _place(canvas: Canvas, form: str, x: float, y: float, rotated: bool = False,
           card_size=None) -> None:
    canvas.saveState()
    canvas.translate(x, y)
    if rotated:  # 180 degrees about the card's centre
        w, h = card_size or CARD
        canvas.translate(w, h)
        canvas.rotate(180)
    canvas.doForm(form)
    canvas.restoreState()


def _draw_marks(canvas: Canvas, segments) -> None:
    canvas.saveState()
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(MARK_WIDTH)
    canvas.setLineCap(0)
    canvas.lines([(a[0], a[1], b[0], b[1]) for a, b in segments])
    canvas.restoreState()


def _fit_text(text: str, width: float, size: float = FOOTER_PT, minimum: float = FOOTER_MIN_PT):
    """(text, size) shrunk, then shortened, to fit ``width``."""
    while size > minimum and stringWidth(text, FOOTER_FONT, size) > width:
        size -= 0.25
    while stringWidth(text, FOOTER_FONT, size) > width and len(text) > 2:
        text = text[:-2].rstrip() + "\u2026"
    return text, size


def footer_box(layout: SheetLayout) -> tuple[float, float, float, float] | None:
    """The band (x0, y0, x1, y1) under the block that holds the page's note,
    or None when the bottom margin has no room for it."""
    lo = G.MIN_MARGIN
    hi = layout.bottom - MARK_GAP - layout.mark_v - 0.5 * mm
    h = FOOTER_PT * 1.1
    if hi - lo < h:
        return None
    y0 = (lo + hi - h) / 2     # middle of the free band: clear of any printer's edge
    return (layout.left, y0, layout.left + layout.block_w, y0 + h)


def _draw_footer(canvas: Canvas, layout: SheetLayout, text: str, mirror: bool,
                 lang: str) -> None:
    box = footer_box(layout)
    if box is None or not text:
        return
    text = typography(text, lang, FOOTER_FONT)
    x0, y0, x1, _ = box
    if mirror:
        x0, x1 = layout.width - x1, layout.width - x0
    text, size = _fit_text(text, x1 - x0)
    canvas.saveState()
    canvas.setFillGray(0.3)
    canvas.setFont(FOOTER_FONT, size)
    canvas.drawCentredString((x0 + x1) / 2, y0 + 0.25 * size, text)
    canvas.restoreState()


_TEXT = source_texts(GENERIC, "imposition", {
    "fr": {
        "sheet": "feuille {i}/{n}",
        "front": "recto \u00b7 imprimer \u00e0 100 % (taille r\u00e9elle, sans \u00ab ajuster \u00e0 la page \u00bb), "
                 "recto verso, retournement bord {edge}",
        "long": "long", "short": "court",
        "back": "verso (derri\u00e8re la feuille {i}/{n})",
        "fold": "imprimer en recto seul \u00e0 100 % (taille r\u00e9elle) \u00b7 plier sur les pointill\u00e9s, "
                "face imprim\u00e9e dehors, puis couper les deux \u00e9paisseurs aux traits de coupe",
        "none": "recto seul \u00b7 imprimer \u00e0 100 % (taille r\u00e9elle, sans \u00ab ajuster \u00e0 la page \u00bb) "
                "\u00b7 couper aux traits de coupe",
        "fold_label": "plier",
        "subject_sheets": "{n} cartes, {sizes}, \u00e0 imprimer chez soi sur {paper}, "
                          "{backs}, fond perdu {bleed} mm",
        "subject_printshop": "{n} cartes, {sizes} au format fini, fond perdu {bleed} mm\u00a0: "
                             "tous les rectos, puis tous les versos dans le m\u00eame ordre",
        "backs": {"duplex-long": "recto verso, retournement bord long",
                  "duplex-short": "recto verso, retournement bord court",
                  "fold": "rectos et versos pli\u00e9s ensemble", "none": "rectos seuls"},
    },
})


def _decimal(value: float, lang: str, digits: int | None = None) -> str:
    """``value`` with ``digits`` decimals (None: as few as needed), with the
    decimal sign of ``lang`` (Babel's: 2,0 in French and German)."""
    from babel.numbers import get_decimal_symbol
    text = f"{value:g}" if digits is None else f"{value:.{digits}f}"
    return text.replace(".", get_decimal_symbol((lang or "en").replace("-", "_")))


def _paper_words(paper) -> str:
    """A paper size as people write it: A4, Letter, or its measures."""
    name = paper_name(paper)
    return {"a4": "A4", "a3": "A3", "a5": "A5", "letter": "Letter"}.get(name, name)


def _texts(lang: str) -> dict:
    return _TEXT.get((lang or "en").split("-")[0].lower(), _TEXT["en"])


@dataclass(frozen=True)
class SheetSummary:
    pages: int
    cards: int
    bleed: float        # points
    bleed_mm: float
    paper: str
    backs: str
    marks_both_sides: bool


def _check_cards(cards: Sequence[PrintCard]) -> list[PrintCard]:
    cards = list(cards)
    if not cards:
        raise InputError("no cards to print")
    return cards


def _chunks(seq: list, n: int) -> Iterable[list]:
    for i in range(0, len(seq), n):
        yield seq[i:i + n]


def write_sheets(path, cards: Sequence[PrintCard], paper, backs: str, bleed: float,
                 back_offset=(0, 0), title: str = "Herald cards", lang: str = "en",
                 cover=None) -> SheetSummary:
    """Write the home-printer PDF: six cards per page with crop marks.

    ``bleed`` in points (see ``fit_bleed``); ``back_offset`` (x, y) in mm
    moves everything on back pages by that much in the back page's own
    coordinates (x to the right, y up), as read off the calibration sheet.

    duplex-long: each page of fronts is followed by its backs, columns
    mirrored (the card in column c is backed in column C-1-c). duplex-short:
    rows mirrored and the back page turned 180 degrees, so the cut cards come
    out the same as with a long-edge flip. fold: three fronts above a fold
    line, their backs below it turned 180 degrees. none: fronts only.

    ``cover``, a function ``(canvas, width, height, first, last)`` (see
    :mod:`.cover`), draws a first page telling to print pages ``first`` to
    ``last``; for duplex printing a blank page follows it, so that every
    page of fronts stays on the front of a sheet.
    """
    if backs not in BACKS:
        raise InputError(f"backs {backs!r}: expected one of {', '.join(BACKS)}")
    cards = _check_cards(cards)
    size = paper_size(paper)
    W, H = size
    ox, oy = check_back_offset(back_offset)
    fold = backs == "fold"
    # Cards of each trim size get sheets of their own (tarot cards, then the
    # small ones...), in the order the sizes first appear.
    by_size: dict[tuple[float, float], list[PrintCard]] = {}
    for card in cards:
        by_size.setdefault(_size(card), []).append(card)
    layouts = {}
    for card_size in by_size:
        fitted = bleed if card_size == CARD else min(bleed, fit_bleed(size, bleed, card_size))
        layouts[card_size] = sheet_layout(size, fitted, fold=fold, card=card_size)
    t = _texts(lang)

    buf = io.BytesIO()
    sizes = ", ".join(_size_words(k) for k in by_size)
    subject = t["subject_sheets"].format(n=len(cards), sizes=sizes, paper=_paper_words(paper),
                                         backs=t["backs"][backs],
                                         bleed=_decimal(bleed / mm, lang, 1))
    c = _new_canvas(buf, size, title, lang, subject)
    # Fronts are drawn once each, straight on their page; a back is shared by
    # many cards, so each distinct back is one form placed wherever it goes.
    forms = {k: _Forms(c, lay.bleed, "card" if i == 0 else f"card{i}s")
             for i, (k, lay) in enumerate(layouts.items())}
    if backs != "none":
        for card in cards:
            forms[_size(card)].back(card)

    pages_of = []
    for card_size, group_cards in by_size.items():
        lay = layouts[card_size]
        per_page = lay.columns if fold else lay.columns * lay.rows
        pages_of += [(lay, forms[card_size], g) for g in _chunks(group_cards, per_page)]
    n = len(pages_of)
    pages = 0
    if cover is not None:
        lead = 2 if backs in ("duplex-long", "duplex-short") else 1
        per_sheet = 1 if backs in ("fold", "none") else 2
        cover(c, W, H, lead + 1, lead + per_sheet * n)
        c.showPage()
        if lead == 2:
            c.showPage()     # the cover's blank back
        pages += lead
    for i, (layout, size_forms, group) in enumerate(pages_of, 1):
        C, R = layout.columns, layout.rows
        bleed = layout.bleed
        card_size = (layout.card_w, layout.card_h)
        sheet = t["sheet"].format(i=i, n=n)
        if fold:
            for col, card in enumerate(group):
                x, y = layout.trim_origin(col, 0)
                _draw_clipped(c, card.draw_front, x, y, bleed, f"{card.label}: drawing the front",
                              card_size)
                x, y = layout.trim_origin(col, 1)
                _place(c, size_forms.back(card), x, y, rotated=True, card_size=card_size)
            _draw_marks(c, layout.crop_marks(len(group), R))
            _draw_fold_line(c, layout, t["fold_label"])
            _draw_footer(c, layout, f"{title} \u00b7 {sheet} \u00b7 {t['fold']}", mirror=False,
                         lang=lang)
            c.showPage()
            pages += 1
            continue

        cols_used, rows_used = min(C, len(group)), math.ceil(len(group) / C)
        for k, card in enumerate(group):
            x, y = layout.trim_origin(k % C, k // C)
            _draw_clipped(c, card.draw_front, x, y, bleed, f"{card.label}: drawing the front",
                              card_size)
        _draw_marks(c, layout.crop_marks(cols_used, rows_used))
        if backs == "none":
            note = t["none"]
        else:
            note = t["front"].format(edge=t["long" if backs == "duplex-long" else "short"])
        _draw_footer(c, layout, f"{title} \u00b7 {sheet} \u00b7 {note}", mirror=False,
                     lang=lang)
        c.showPage()
        pages += 1
        if backs == "none":
            continue

        # The back page is drawn as for a long-edge flip (x mirrored), then
        # turned 180 degrees for a short-edge flip; the offset comes last.
        c.saveState()
        c.translate(ox * mm, oy * mm)
        if backs == "duplex-short":
            c.translate(W, H)
            c.rotate(180)
        for k, card in enumerate(group):
            x, y = layout.trim_origin(k % C, k // C)
            _place(c, size_forms.back(card), W - x - layout.card_w, y)
        _draw_marks(c, [((W - a[0], a[1]), (W - b[0], b[1]))
                        for a, b in layout.crop_marks(cols_used, rows_used)])
        _draw_footer(c, layout, f"{title} \u00b7 {t['back'].format(i=i, n=n)}", mirror=True,
                     lang=lang)
        c.restoreState()
        c.showPage()
        pages += 1

    _finish(c, buf, path)
    first = layouts[next(iter(by_size))]
    return SheetSummary(pages=pages, cards=len(cards), bleed=first.bleed, bleed_mm=round(first.bleed / mm, 3),
                        paper=paper_name(paper), backs=backs,
                        marks_both_sides=first.marks_both_sides)


def fold_label_box(layout: SheetLayout, label: str) -> tuple[float, float, float, float]:
    size = FOOTER_PT
    w = stringWidth(label, FOOTER_FONT, size) + 2 * mm
    cx = layout.left + layout.block_w / 2
    return (cx - w / 2, layout.fold_y - size * 0.45, cx + w / 2, layout.fold_y + size * 0.45)


def _draw_fold_line(canvas: Canvas, layout: SheetLayout, label: str) -> None:
    """A dashed line through the white band between fronts and backs, from
    margin to margin, broken in the middle by a small label."""
    y = layout.fold_y
    x0, x1 = G.MIN_MARGIN, layout.width - G.MIN_MARGIN
    lx0, _, lx1, _ = fold_label_box(layout, label)
    canvas.saveState()
    canvas.setStrokeGray(0.35)
    canvas.setLineWidth(0.5)
    canvas.setDash(3 * mm / 2, 1 * mm)
    canvas.line(x0, y, lx0, y)
    canvas.line(lx1, y, x1, y)
    canvas.setFillGray(0.35)
    canvas.setFont(FOOTER_FONT, FOOTER_PT)
    canvas.drawCentredString((lx0 + lx1) / 2, y - FOOTER_PT * 0.35, label)
    canvas.restoreState()


# -------------------------------------------------------------- print shop

@dataclass(frozen=True)
class PrintshopSummary:
    pages: int
    cards: int
    bleed: float
    bleed_mm: float


def write_printshop(path, cards: Sequence[PrintCard], title: str = "Herald cards",
                    lang: str = "en", color: str = "rgb", bleed: float | None = None,
                    interleave: bool = False) -> PrintshopSummary:
    """One card per page, all fronts then all backs in the same order; each
    page the trim plus PRINTSHOP_BLEED on every side, with a TrimBox at the
    trim and a BleedBox over the whole page. ``color`` "cmyk": every colour
    in CMYK and the file marked PDF/X-1a (see :mod:`.cmyk`). A print-on-demand
    service may ask for another ``bleed`` (points) and for each front followed
    by its back (``interleave``)."""
    cards = _check_cards(cards)
    b = G.PRINTSHOP_BLEED if bleed is None else bleed
    sizes = list(dict.fromkeys(_size(card) for card in cards))
    size = _bled(sizes[0], b)
    buf = io.BytesIO()
    subject = _texts(lang)["subject_printshop"].format(
        n=len(cards), sizes=", ".join(map(_size_words, sizes)), bleed=_decimal(b / mm, lang, 0))
    c = _new_canvas(buf, size, title, lang, subject, color)
    if color == "cmyk":
        from .cmyk import mark_pdfx
        mark_pdfx(c)
    # Each front is drawn once, straight on its page; backs are shared by many
    # cards, so each distinct back is one form placed on every back page.
    forms = _Forms(c, b)
    for card in cards:
        forms.back(card)
    # Each page is its card's own size (tarot, mini...) with its boxes.
    order = [(side, card) for card in cards for side in ("front", "back")] if interleave \
        else [(side, card) for side in ("front", "back") for card in cards]
    for side, card in order:
        w, h = _size(card)
        c.setPageSize(_bled((w, h), b))
        c.setBleedBox((0, 0, w + 2 * b, h + 2 * b))
        c.setTrimBox((b, b, b + w, b + h))
        if side == "front":
            _draw_clipped(c, card.draw_front, b, b, b, f"{card.label}: drawing the front",
                          (w, h))
        else:
            _place(c, forms.back(card), b, b)
        c.showPage()
    _finish(c, buf, path)
    return PrintshopSummary(pages=2 * len(cards), cards=len(cards), bleed=b, bleed_mm=round(b / mm, 3))
