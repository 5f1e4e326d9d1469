"""Imposition: cards laid out on home-printer sheets and on print-shop pages.

Home sheets (``write_sheets``) hold as many cards per portrait page as fit,
upright or turned a quarter, whichever holds more (``orientation``: tarot
cards 3 x 2 upright on A4 and Letter, bridge cards 3 x 3 upright on A4, 2 x 4
turned on Letter, poker cards 2 x 4 turned on A4, 2 x 3 turned on Letter,
44 x 68 mm cards 4 x 3 on both), each size on pages of its own, each card
with the same bleed on every side and neighbouring bleeds touching (two
bleeds between trim lines). A turned card's top lies to the left of its
slot; its back is turned so that, after the flip or the fold, the back's top
is on the same edge of the cut card as the front's.

The sheets assume a printer that loses ``PRINTER_MARGIN`` (6 mm) at every
edge: nothing reaches into it, so every card prints its whole bleed on
every edge. Every cut line is marked at both ends, beyond the block of
cards, by a crop mark 3 to 8 mm long and 0.6 pt heavy, black over a white
halo: in the white margin where it has room, else across the outer bleed.
Only a card too large for such a layout (a designer's card nearly the
paper's size) gets a cramped one: its outer bleed reaching into the margin
and clipped there, its trim lines ``OUTER_BLEED_MIN`` further in, the cut
lines of a side without room marked across the gutters between the cards.
``cut_lines`` also draws every cut line through the gutters, for scissors.
A page whose bottom margin has no room for its one-line note goes without
it: the cover page says how to print. Backs are printed duplex (long or
short edge), folded (fronts above a fold line, backs below it) or not at
all.

Print-shop files (``write_printshop``) have one card per page with
``PRINTSHOP_BLEED`` on every side, a TrimBox at the trim and a BleedBox over
the whole page.

All lengths are reportlab points (``geometry``) except back offsets, which are
millimetres as a person reads them off the calibration sheet.

Horizontal room is what limits the bleed: the crop marks of the rows need
``MARK_MIN`` between ``PRINTER_MARGIN`` and the trim, so ``fit_bleed`` gives
tarot cards 2.0 mm on A4 and 3.0 mm on Letter from the default 3 mm.
"""
from __future__ import annotations

import io
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..errors import InputError
from ..fileio import write_atomic
from . import geometry as G
from .cards import PrintCard
from .cmyk import DIE_LINE  # the spot colour die-cutting software takes for a piece's cut
from .dates import DatedCanvas
from .fonts import register_fonts
from .numbers import decimal
from .text import typography
from .words import IMPOSITION as _TEXT

BACKS = ("duplex-long", "duplex-short", "fold", "none")
CARD = (G.CARD_W, G.CARD_H)    # the default trim size: French tarot

MARK_GAP = 0.5 * mm        # a mark in the margin starts this far outside the printed area
MARK_INSET = 0.5 * mm      # a mark over the bleed or in a gutter stops this far outside the trim
MARK_MIN = 3 * mm          # shortest crop mark: long enough to lay a ruler against
MARK_MAX = 8 * mm          # longest crop mark, when the margin has room
MARK_WIDTH = 0.6           # pt: found at a glance, yet 0.2 mm, thinner than a blade's drift
HALO_WIDTH = 2.0           # pt: the white under a mark drawn over the bleed
CUT_LINE_WIDTH = 0.3       # pt: the optional cut lines through the gutters
OUTER_BLEED_MIN = 0.5 * mm  # of the outer cards' bleed, at least this prints on any printer
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
class SheetGrid:
    """A designer's choice for the home sheets: at most ``columns`` x ``rows``
    slots (None: as many as fit), and ``gap`` points of white between the
    cards' bleeds (0: the bleeds touch)."""
    columns: int | None = None
    rows: int | None = None
    gap: float = 0.0


NO_GRID = SheetGrid()


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
    marks_both_sides: bool   # always True: both ends of every cut line are marked
    mark_h: float            # length of the marks left/right of the block (0: in the gutters)
    mark_v: float            # length of the marks above/below the block (0: in the gutters)
    columns: int = G.SHEET_COLUMNS
    rows: int = G.SHEET_ROWS
    card_w: float = G.CARD_W    # a slot's trim: the cards' trim size, swapped when turned
    card_h: float = G.CARD_H
    turned: bool = False        # cards laid a quarter turn (their top to the slot's left)
    spacing: float = 0.0        # white between neighbouring slots' bleeds (SheetGrid.gap)

    @property
    def card_size(self) -> tuple[float, float]:
        """The cards' own trim (width, height), whichever way they lie."""
        return (self.card_h, self.card_w) if self.turned else (self.card_w, self.card_h)

    @property
    def cell_w(self) -> float:
        return self.card_w + 2 * self.bleed

    @property
    def cell_h(self) -> float:
        return self.card_h + 2 * self.bleed

    @property
    def block_w(self) -> float:
        return self.columns * self.cell_w + (self.columns - 1) * self.spacing

    @property
    def fold_y(self) -> float:
        """The fold line (fold layout): the middle of the band between the rows."""
        return self.bottom + self.cell_h + (self.gap + self.spacing) / 2

    def trim_origin(self, column: int, row: int) -> tuple[float, float]:
        """Lower-left corner of the trim box of the card at (column, row)."""
        x = self.left + self.bleed + column * (self.cell_w + self.spacing)
        y = self.bottom + self.bleed + (self.rows - 1 - row) * (self.cell_h + self.spacing)
        if row == 0:
            y += self.gap
        return (x, y)

    def bleed_rect(self, column: int, row: int) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the printed area of the card at (column, row)."""
        x, y = self.trim_origin(column, row)
        b = self.bleed
        return (x - b, y - b, x + self.card_w + b, y + self.card_h + b)

    def _side_mark(self, trim: float, bleed_edge: float, room_end: float, outward: int):
        """The span (a, b) along one axis of a mark for a cut line ending at
        the block side whose outermost trim lies at ``trim`` and printed area
        at ``bleed_edge``; ``room_end`` is the printable limit (PRINTER_MARGIN
        from the paper's edge) and ``outward`` +1 or -1 the direction towards
        it. In the white margin when it has room for MARK_MIN, else across
        the outer bleed (drawn over a white halo), else None: the cut line is
        then marked in the gutters between cards."""
        room = (room_end - bleed_edge) * outward - MARK_GAP
        if room >= MARK_MIN - _EPS:
            a = bleed_edge + outward * MARK_GAP
            return (a, a + outward * min(room, MARK_MAX))
        end = trim + outward * MARK_INSET
        length = min((room_end - end) * outward, MARK_MAX)
        if length >= MARK_MIN - _EPS:
            return (end, end + outward * length)
        return None

    def mark_spans(self, columns_used: int, rows_used: int):
        """{side: span or None} for "left", "right" (horizontal cut lines) and
        "top", "bottom" (vertical cut lines) of the cards used (see _side_mark)."""
        pm = G.PRINTER_MARGIN
        x0, _ = self.trim_origin(0, 0)
        x1 = self.trim_origin(columns_used - 1, 0)[0] + self.card_w
        y1 = self.trim_origin(0, 0)[1] + self.card_h
        y0 = self.trim_origin(0, rows_used - 1)[1]
        b = self.bleed
        return {"left": self._side_mark(x0, x0 - b, pm, -1),
                "right": self._side_mark(x1, x1 + b, self.width - pm, +1),
                "top": self._side_mark(y1, y1 + b, self.height - pm, +1),
                "bottom": self._side_mark(y0, y0 - b, pm, -1)}

    def crop_marks(self, columns_used: int, rows_used: int):
        """Crop-mark segments ((x0, y0), (x1, y1)) for the cut lines of the cards
        in the first ``columns_used`` columns and ``rows_used`` rows: at both
        ends of every cut line, in the margins or across the outer bleed
        (``mark_spans``); where a side has no room, in the gutters between
        the cards instead. Every mark lies PRINTER_MARGIN inside the paper."""
        spans = self.mark_spans(columns_used, rows_used)
        xs = sorted({x for c in range(columns_used)
                     for x in (self.trim_origin(c, 0)[0], self.trim_origin(c, 0)[0] + self.card_w)})
        ys = sorted({y for r in range(rows_used)
                     for y in (self.trim_origin(0, r)[1], self.trim_origin(0, r)[1] + self.card_h)})
        segs = []
        for x in xs:
            for side in ("top", "bottom"):
                if spans[side]:
                    a, z = spans[side]
                    segs.append(((x, min(a, z)), (x, max(a, z))))
        for y in ys:
            for side in ("left", "right"):
                if spans[side]:
                    a, z = spans[side]
                    segs.append(((min(a, z), y), (max(a, z), y)))
        if spans["left"] is None or spans["right"] is None:
            for c in range(columns_used - 1):     # across each gutter between columns
                a = self.trim_origin(c, 0)[0] + self.card_w + MARK_INSET
                z = self.trim_origin(c + 1, 0)[0] - MARK_INSET
                segs += [((a, y), (z, y)) for y in ys]
        if spans["top"] is None or spans["bottom"] is None:
            for r in range(rows_used - 1):
                a = self.trim_origin(0, r + 1)[1] + self.card_h + MARK_INSET
                z = self.trim_origin(0, r)[1] - MARK_INSET
                segs += [((x, a), (x, z)) for x in xs]
        return segs

    def cut_lines(self, columns_used: int, rows_used: int):
        """Segments along every cut line across the cards used, from one side
        of their printed area to the other: lines through the gutters for
        cutting with scissors (``write_sheets(cut_lines=True)``)."""
        left, bottom = self.bleed_rect(0, rows_used - 1)[:2]
        right, top = self.bleed_rect(columns_used - 1, 0)[2:]
        segs = []
        for c in range(columns_used):
            x = self.trim_origin(c, 0)[0]
            segs += [((x, bottom), (x, top)), ((x + self.card_w, bottom), (x + self.card_w, top))]
        for r in range(rows_used):
            y = self.trim_origin(0, r)[1]
            segs += [((left, y), (right, y)), ((left, y + self.card_h), (right, y + self.card_h))]
        return segs


# Paper edge to the printed area of the outer cards (MIN_BLEED around each),
# in a full layout: the whole bleed inside the printable area and, past the
# trim, room for a crop mark of MARK_MIN across the bleed, so that every
# card keeps its bleed on every edge and every cut line is marked beyond the
# block on all four sides. Issue 33: 44 x 68 mm cards on A4 lay 4 x 4 with
# 0.5 mm of their outer bleed printing and no marks above or below.
FULL_REACH = G.PRINTER_MARGIN + MARK_INSET + MARK_MIN - G.MIN_BLEED
# The fallback for a card too large for a full layout (a designer's card
# nearly the paper's size): the outer trim lines OUTER_BLEED_MIN inside the
# printable area, the outer bleed clipped, cut lines marked in the gutters.
CRAMPED_REACH = G.PRINTER_MARGIN + OUTER_BLEED_MIN - G.MIN_BLEED


def grid(size, card=CARD, fold: bool = False, sheet: SheetGrid = NO_GRID,
         cramped: bool = False) -> tuple[int, int]:
    """Columns and rows of ``card`` (trim width, height) upright on a page of
    ``size``: the densest grid with MIN_BLEED around each card whose outer
    printed area lies FULL_REACH from the paper's edge (``cramped``:
    CRAMPED_REACH). The fold layout has one row of fronts and one of backs.
    Tarot cards on A4 or Letter: 3 x 2; bridge cards on A4: 3 x 3; 44 x 68 mm
    cards on A4 or Letter: 4 x 3."""
    W, H = size
    reach = CRAMPED_REACH if cramped else FULL_REACH    # paper edge to printed area
    space = sheet.gap
    cell_w, cell_h = card[0] + 2 * G.MIN_BLEED, card[1] + 2 * G.MIN_BLEED
    columns = int((W - 2 * reach + space + _EPS) // (cell_w + space))
    rows = 2 if fold else int((H - 2 * reach + space + _EPS) // (cell_h + space))
    if fold and 2 * cell_h + space + FOLD_GAP > H - 2 * reach + _EPS:
        rows = 0
    columns = min(columns, sheet.columns or columns)
    rows = rows if fold else min(rows, sheet.rows or rows)
    return max(columns, 0), max(rows, 0)


def orientation(size, card=CARD, fold: bool = False,
                sheet: SheetGrid = NO_GRID) -> tuple[bool, int, int]:
    """(turned, columns, rows): the way of laying ``card`` on a page of
    ``size`` that holds the most cards, upright on a tie, in a full layout
    (``grid``), else, for a card no full layout holds, a cramped one. Poker
    cards on A4 and bridge cards on Letter: 2 x 4 turned a quarter, against
    2 x 3 and 3 x 2 upright."""
    turned, columns, rows, _ = _orientation(size, card, fold, sheet)
    return (turned, columns, rows)


def _orientation(size, card, fold: bool, sheet: SheetGrid) -> tuple[bool, int, int, bool]:
    """``orientation`` and whether the layout is cramped."""
    card = card or CARD

    def count(g: tuple[int, int]) -> int:    # the fold layout: one front a column
        return g[0] * min(g[1], 1) if fold else g[0] * g[1]
    for cramped in (False, True):
        upright = grid(size, card, fold, sheet, cramped)
        turned = grid(size, (card[1], card[0]), fold, sheet, cramped)
        if count(turned) > count(upright):
            return (True, *turned, cramped)
        if count(upright):
            return (False, *upright, cramped)
    return (False, *upright, True)


def _try_layout(size, bleed: float, fold: bool, marks_in_margins: bool,
                card=None, sheet: SheetGrid = NO_GRID) -> SheetLayout | None:
    """The centred layout of ``grid``'s cards with this bleed, or None when
    an outer trim line would come closer than PRINTER_MARGIN + OUTER_BLEED_MIN
    to the paper's edge, or (``marks_in_margins``, and always in a full
    layout) a side of the block could not hold its crop marks, or (a full
    layout) the outer bleed would reach into PRINTER_MARGIN."""
    W, H = size
    card = card or CARD
    turned, C, R, cramped = _orientation(size, card, fold, sheet)
    if C < 1 or R < 1:
        return None
    if turned:     # the geometry below is the slots': the cards' trim swapped
        card = (card[1], card[0])
    cell_w, cell_h = card[0] + 2 * bleed, card[1] + 2 * bleed
    gap = FOLD_GAP if fold else 0.0
    space = sheet.gap
    left = (W - C * cell_w - (C - 1) * space) / 2
    bottom = (H - R * cell_h - (R - 1) * space - gap) / 2
    if min(left, bottom) + bleed < G.PRINTER_MARGIN + OUTER_BLEED_MIN - _EPS:
        return None
    # a full layout prints its whole outer bleed and marks every side
    if not cramped and min(left, bottom) < G.PRINTER_MARGIN - _EPS:
        return None
    lay = SheetLayout(width=W, height=H, bleed=bleed, left=left, bottom=bottom, gap=gap,
                      marks_both_sides=True, mark_h=0.0, mark_v=0.0,
                      columns=C, rows=R, card_w=card[0], card_h=card[1], turned=turned,
                      spacing=space)
    spans = lay.mark_spans(C, R)
    if (marks_in_margins or not cramped) and None in spans.values():
        return None

    def length(span):
        return abs(span[1] - span[0]) if span else 0.0
    return SheetLayout(width=W, height=H, bleed=bleed, left=left, bottom=bottom, gap=gap,
                       marks_both_sides=True, mark_h=length(spans["left"]),
                       mark_v=length(spans["bottom"]),
                       columns=C, rows=R, card_w=card[0], card_h=card[1], turned=turned,
                       spacing=space)


def sheet_layout(paper, bleed: float, fold: bool = False, card=None,
                 sheet: SheetGrid = NO_GRID) -> SheetLayout:
    """The layout of a sheet page with this bleed (points): ``grid``'s cards
    centred, with crop marks at both ends of every cut line (in the gutters
    where a side has no room). InputError if the cards do not fit at all."""
    size = paper_size(paper)
    if not (math.isfinite(bleed) and bleed >= G.MIN_BLEED - _EPS):
        raise InputError(f"bleed {_fmt_mm(bleed)}: home sheets need at least "
                         f"{_fmt_mm(G.MIN_BLEED)}")
    lay = _try_layout(size, bleed, fold, marks_in_margins=False, card=card, sheet=sheet)
    if lay is None:
        raise InputError(f"paper {paper_name(paper)}: {_size_words(card)} cards with "
                         f"{_fmt_mm(bleed)} bleed do not fit {_fmt_mm(G.PRINTER_MARGIN)} "
                         "inside the paper's edges")
    return lay


def fit_bleed(paper, requested_bleed: float, card=None, sheet: SheetGrid = NO_GRID) -> float:
    """The largest bleed (points, a multiple of 0.1 mm) not above
    ``requested_bleed`` with which ``grid``'s cards fit on ``paper``, for
    every ``backs`` layout.

    A bleed that leaves room for crop marks beside the block on all four
    sides is preferred while one of at least ``MIN_BLEED`` exists; otherwise
    the cut lines of a side without room are marked in the gutters.
    InputError when the result would be below ``MIN_BLEED``.
    """
    size = paper_size(paper)
    if not math.isfinite(requested_bleed) or requested_bleed < G.MIN_BLEED - _EPS:
        shown = _fmt_mm(requested_bleed) if math.isfinite(requested_bleed) else requested_bleed
        raise InputError(f"bleed {shown}: home sheets need at least {_fmt_mm(G.MIN_BLEED)}")
    top = math.floor(requested_bleed / BLEED_STEP + _EPS)
    low = math.ceil(G.MIN_BLEED / BLEED_STEP - _EPS)
    for in_margins in (True, False):
        for k in range(top, low - 1, -1):
            b = k * BLEED_STEP
            if all(_try_layout(size, b, fold, in_margins, card, sheet) is not None
                   for fold in (False, True)):
                return b
    raise InputError(f"paper {paper_name(paper)}: {_size_words(card)} cards "
                     f"with {_fmt_mm(G.MIN_BLEED)} bleed do not fit "
                     f"{_fmt_mm(G.PRINTER_MARGIN)} inside the paper's edges")


def bleed_figures(requested_bleed: float = 3 * mm) -> dict[str, float]:
    """{paper name: the bleed (mm) ``fit_bleed`` gives tarot cards}: the
    figures the command line's help quotes, computed, never typed."""
    return {name: round(fit_bleed(name, requested_bleed) / mm, 1) for name in G.PAPERS}


# ----------------------------------------------------------------- drawing

def _new_canvas(buf, size, title: str, lang: str, subject: str, color: str = "rgb") -> Canvas:
    register_fonts()   # every font used is embedded: no unembedded Helvetica
    from .cmyk import PressCanvas  # "cmyk": every colour converted as cmyk.py documents
    c = (PressCanvas if color == "cmyk" else DatedCanvas)(
        buf, pagesize=size, lang=lang or None, initialFontName=FOOTER_FONT)
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
    """A trim as it is sold: whole millimetres (61x112 mm), else eighths of an
    inch (a poker card's 2.5x3.5 in, not "63x89 mm"), else tenths of a mm."""
    w, h = card or CARD
    if all(abs(v / mm - round(v / mm)) < 0.05 for v in (w, h)):
        return f"{w / mm:.0f}x{h / mm:.0f} mm"
    if all(abs(v / 9 - round(v / 9)) < 0.01 for v in (w, h)):      # 9 pt: 1/8 in
        return f"{w / 72:g}x{h / 72:g} in"
    return f"{w / mm:.1f}x{h / mm:.1f} mm"


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


def _turn(canvas: Canvas, x: float, y: float, angle: int, card_size=None) -> None:
    """Move the origin so that a card drawn with its trim's corner at (0, 0)
    lands turned ``angle`` degrees (0, 90, 180, 270, anticlockwise) in the
    slot whose lower-left trim corner is (x, y)."""
    w, h = card_size or CARD
    dx, dy = {0: (0, 0), 90: (h, 0), 180: (w, h), 270: (0, w)}[angle]
    canvas.translate(x + dx, y + dy)
    if angle:
        canvas.rotate(angle)


def _place(canvas: Canvas, form: str, x: float, y: float, angle: int = 0,
           card_size=None) -> None:
    canvas.saveState()
    _turn(canvas, x, y, angle, card_size)
    canvas.doForm(form)
    canvas.restoreState()


def _draw_front(canvas: Canvas, card: PrintCard, x: float, y: float, bleed: float,
                angle: int) -> None:
    canvas.saveState()
    _turn(canvas, x, y, angle, _size(card))
    _draw_clipped(canvas, card.draw_front, 0.0, 0.0, bleed, f"{card.label}: drawing the front",
                  _size(card))
    canvas.restoreState()


def _draw_marks(canvas: Canvas, segments, cut_lines=()) -> None:
    """Crop marks in black over a white halo, so that one crossing a dark
    bleed or gutter shows as well as one on white paper; then the optional
    cut lines, thinner, in dark grey."""
    lines = [(a[0], a[1], b[0], b[1]) for a, b in segments]
    canvas.saveState()
    canvas.setLineCap(0)
    if cut_lines:
        canvas.setStrokeGray(0.25)
        canvas.setLineWidth(CUT_LINE_WIDTH)
        canvas.lines([(a[0], a[1], b[0], b[1]) for a, b in cut_lines])
    canvas.setStrokeColorRGB(1, 1, 1)
    canvas.setLineWidth(HALO_WIDTH)
    canvas.lines(lines)
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(MARK_WIDTH)
    canvas.lines(lines)
    canvas.restoreState()


def _clip_printable(canvas: Canvas, width: float, height: float) -> None:
    """Clip what follows to PRINTER_MARGIN inside the paper: an outer bleed
    that reaches further prints the same on every printer (not at all)
    rather than making one shrink the page to fit."""
    p = canvas.beginPath()
    m = G.PRINTER_MARGIN
    p.rect(m, m, width - 2 * m, height - 2 * m)
    canvas.clipPath(p, stroke=0, fill=0)


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
    lo = G.PRINTER_MARGIN
    span = layout.mark_spans(layout.columns, layout.rows)["bottom"]
    hi = min((layout.bottom, *(span or ()))) - 0.5 * mm
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


def _layouts(size, card_sizes, bleed: float, fold: bool, sheet: SheetGrid = NO_GRID) -> dict:
    """{card size: its sheets' layout}: tarot cards with ``bleed``, other
    sizes with as much of it as they fit."""
    layouts = {}
    for card_size in card_sizes:
        fitted = bleed if card_size == CARD else \
            min(bleed, fit_bleed(size, bleed, card_size, sheet))
        layouts[card_size] = sheet_layout(size, fitted, fold=fold, card=card_size, sheet=sheet)
    return layouts


def columns_first(paper, card_sizes, backs: str, bleed: float,
                  sheet: SheetGrid = NO_GRID) -> bool:
    """True when some size's sheets mark their vertical cut lines only
    between the rows (no room above and below the cards: a cramped layout,
    see ``orientation``) while the horizontal
    ones are marked in the side margins: cutting the rows out first would
    cut those marks away, so the cover says to cut the columns first."""
    layouts = _layouts(paper_size(paper), dict.fromkeys(card_sizes), bleed, backs == "fold",
                       sheet)
    return any(lay.mark_v == 0 and lay.mark_h > 0 for lay in layouts.values())


def write_sheets(path, cards: Sequence[PrintCard], paper, backs: str, bleed: float,
                 back_offset=(0, 0), title: str = "Herald cards", lang: str = "en",
                 cover=None, cut_lines: bool = False,
                 sheet: SheetGrid = NO_GRID) -> SheetSummary:
    """Write the home-printer PDF: six cards per page with crop marks.

    ``bleed`` in points (see ``fit_bleed``); ``back_offset`` (x, y) in mm
    moves everything on back pages by that much in the back page's own
    coordinates (x to the right, y up), as read off the calibration sheet.

    duplex-long: each page of fronts is followed by its backs, columns
    mirrored (the card in column c is backed in column C-1-c). duplex-short:
    rows mirrored and the back page turned 180 degrees, so the cut cards come
    out the same as with a long-edge flip. fold: three fronts above a fold
    line, their backs below it turned 180 degrees. none: fronts only.

    ``cut_lines``: thin lines along every cut line through the gutters, for
    cutting with scissors, besides the crop marks. ``sheet``: at most so many
    columns and rows, and white gaps between the cards (a designer's deck).

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
    layouts = _layouts(size, by_size, bleed, fold, sheet)
    t = _texts(lang)

    buf = io.BytesIO()
    sizes = ", ".join(_size_words(k) for k in by_size)
    subject = t["subject_sheets"].format(n=len(cards), sizes=sizes, paper=_paper_words(paper),
                                         backs=t["backs"][backs],
                                         bleed=decimal(bleed / mm, lang, 1))
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
        card_size = layout.card_size
        front_angle = 90 if layout.turned else 0
        sheet = t["sheet"].format(i=i, n=n)
        if fold:
            c.saveState()
            _clip_printable(c, W, H)
            for col, card in enumerate(group):
                x, y = layout.trim_origin(col, 0)
                _draw_front(c, card, x, y, bleed, front_angle)
                x, y = layout.trim_origin(col, 1)
                # Folding mirrors top and bottom: an upright card's back is
                # turned a half turn, a turned card's back lies as its front.
                _place(c, size_forms.back(card), x, y, 90 if layout.turned else 180,
                       card_size)
            _draw_marks(c, layout.crop_marks(len(group), R),
                        layout.cut_lines(len(group), R) if cut_lines else ())
            _draw_fold_line(c, layout, t["fold_label"])
            _draw_footer(c, layout, f"{title} \u00b7 {sheet} \u00b7 {t['fold']}", mirror=False,
                         lang=lang)
            c.restoreState()
            c.showPage()
            pages += 1
            continue

        cols_used, rows_used = min(C, len(group)), math.ceil(len(group) / C)
        guides = layout.cut_lines(cols_used, rows_used) if cut_lines else []
        c.saveState()
        _clip_printable(c, W, H)
        for k, card in enumerate(group):
            x, y = layout.trim_origin(k % C, k // C)
            _draw_front(c, card, x, y, bleed, front_angle)
        _draw_marks(c, layout.crop_marks(cols_used, rows_used), guides)
        if backs == "none":
            note = t["none"]
        else:
            note = t["front"].format(edge=t["long" if backs == "duplex-long" else "short"])
        _draw_footer(c, layout, f"{title} \u00b7 {sheet} \u00b7 {note}", mirror=False,
                     lang=lang)
        c.restoreState()
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
        _clip_printable(c, W, H)     # moves with the back page: the printer's shift, undone
        # A long-edge flip mirrors left and right: a turned card, its top
        # to the left on the front, has its back's top to the right.
        for k, card in enumerate(group):
            x, y = layout.trim_origin(k % C, k // C)
            _place(c, size_forms.back(card), W - x - layout.card_w, y,
                   270 if layout.turned else 0, card_size)

        def mirrored(segments):
            return [((W - a[0], a[1]), (W - b[0], b[1])) for a, b in segments]
        _draw_marks(c, mirrored(layout.crop_marks(cols_used, rows_used)), mirrored(guides))
        _draw_footer(c, layout, f"{title} \u00b7 {t['back'].format(i=i, n=n)}", mirror=True,
                     lang=lang)
        c.restoreState()
        c.showPage()
        pages += 1

    _finish(c, buf, path)
    first = layouts[next(iter(by_size))]
    return SheetSummary(pages=pages, cards=len(cards), bleed=first.bleed,
                        bleed_mm=round(first.bleed / mm, 3),
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
    x0, x1 = G.PRINTER_MARGIN, layout.width - G.PRINTER_MARGIN
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
    # the bleed as the file has it: 1/8 in is 3.2 mm, not 3
    subject = _texts(lang)["subject_interleaved" if interleave else "subject_printshop"].format(
        n=len(cards), sizes=", ".join(map(_size_words, sizes)),
        bleed=decimal(b / mm, lang, 1, least=0))
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
    return PrintshopSummary(pages=2 * len(cards), cards=len(cards), bleed=b,
                            bleed_mm=round(b / mm, 3))


# --------------------------------------------------------- die-cut pieces

DIE_LINE_WIDTH = 0.25          # pt
PIECE_SLUG = 14 * mm           # white round the bleed: the crop marks, then the slug's lines
PIECE_MARK = (1 * mm, 6 * mm)  # a crop mark runs from this far past the bleed to this far
SLUG_PT = 6.5


@dataclass(frozen=True)
class PiecesSummary:
    pages: int
    pieces: int          # distinct pieces, a page each side
    copies: int          # pieces in the box
    bleed: float


def merge_pieces(cards: Sequence[PrintCard]) -> list:
    """The die-cut pieces the cards' sheets hold (``PrintCard.pieces``), each
    once, its count summed over the sheets that hold it (three sheets of
    eighteen tokens: one piece, 54 copies)."""
    from dataclasses import replace
    merged: dict = {}
    for card in cards:
        for piece in card.pieces:
            seen = merged.get(piece.key)
            merged[piece.key] = piece if seen is None else replace(
                seen, count=seen.count + piece.count)
    return list(merged.values())


def write_pieces(path, pieces: Sequence, title: str = "Herald pieces", lang: str = "en",
                 color: str = "rgb", bleed: float | None = None) -> PiecesSummary:
    """The print shop's file of tokens and tiles (:class:`.cards.Piece`):
    each distinct piece on a page of its own at its real size, all fronts,
    then all backs in the same order. The TrimBox is the piece's trim (a
    round piece's, the square around its circle), the BleedBox
    ``PRINTSHOP_BLEED`` further out; past it, a white slug holds crop marks
    at the trim's corners and two lines naming the piece, its side, shape
    and size, and how many the box holds. The cut itself is drawn on the
    trim in the spot colour ``DIE_LINE``, overprinting (it knocks nothing
    out of the art). ``color`` "cmyk": as :func:`write_printshop`."""
    pieces = list(pieces)
    if not pieces:
        raise InputError("no pieces to print")
    b = G.PRINTSHOP_BLEED if bleed is None else bleed
    t = _texts(lang)
    copies = sum(p.count for p in pieces)
    subject = t["subject_pieces"].format(n=len(pieces), copies=copies, die=DIE_LINE,
                                         bleed=decimal(b / mm, lang, 1, least=0))
    buf = io.BytesIO()
    o = b + PIECE_SLUG
    c = _new_canvas(buf, (pieces[0].width + 2 * o, pieces[0].height + 2 * o), title, lang,
                    subject, color)
    if color == "cmyk":
        from .cmyk import mark_pdfx
        mark_pdfx(c)
    for side in ("front", "back"):
        for piece in pieces:
            w, h = piece.width, piece.height
            c.setPageSize((w + 2 * o, h + 2 * o))
            c.setBleedBox((o - b, o - b, o + w + b, o + h + b))
            c.setTrimBox((o, o, o + w, o + h))
            draw = piece.draw_front if side == "front" else piece.draw_back
            _draw_clipped(c, draw, o, o, b, f"{piece.name}: drawing the {side}", (w, h))
            _draw_die_line(c, piece, o)
            _draw_piece_marks(c, o, b, w, h)
            shape = (t["round"].format(d=decimal(w / mm, lang, 1, least=0)) if piece.round
                     else t["rect"].format(w=decimal(w / mm, lang, 1, least=0),
                                           h=decimal(h / mm, lang, 1, least=0)))
            lines = (f"{title} \u00b7 {piece.name}",
                     t["piece_slug"].format(side=t[f"piece_{side}"], shape=shape,
                                            count=piece.count))
            _draw_slug(c, lines, w + 2 * o, o - b, lang)
            c.showPage()
    _finish(c, buf, path)
    return PiecesSummary(pages=2 * len(pieces), pieces=len(pieces), copies=copies, bleed=b)


def _draw_die_line(canvas: Canvas, piece, o: float) -> None:
    """The cut on the trim, in the spot colour DIE_LINE, overprinting."""
    from reportlab.lib.colors import CMYKColorSep
    canvas.saveState()
    canvas.setStrokeColor(CMYKColorSep(0, 1, 0, 0, spotName=DIE_LINE))
    canvas.setStrokeOverprint(True)
    canvas.setLineWidth(DIE_LINE_WIDTH)
    if piece.round:
        canvas.circle(o + piece.width / 2, o + piece.height / 2, piece.width / 2, stroke=1,
                      fill=0)
    else:
        canvas.rect(o, o, piece.width, piece.height, stroke=1, fill=0)
    canvas.restoreState()


def _draw_piece_marks(canvas: Canvas, o: float, b: float, w: float, h: float) -> None:
    """Crop marks on the white slug: both trim lines at each corner, from
    PIECE_MARK[0] to PIECE_MARK[1] past the bleed."""
    near, far = b + PIECE_MARK[0], b + PIECE_MARK[1]
    segments = []
    for x in (o, o + w):
        segments += [(x, o - near, x, o - far), (x, o + h + near, x, o + h + far)]
    for y in (o, o + h):
        segments += [(o - near, y, o - far, y), (o + w + near, y, o + w + far, y)]
    canvas.saveState()
    canvas.setLineCap(0)
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(MARK_WIDTH / 2)
    canvas.lines(segments)
    canvas.restoreState()


def _draw_slug(canvas: Canvas, lines: Sequence[str], width: float, room: float,
               lang: str) -> None:
    """The slug's two lines, one above the piece and one below it, each in
    the ``room`` between the paper's edge and the bleed, clear of the marks."""
    canvas.saveState()
    canvas.setFillGray(0)
    height = canvas._pagesize[1]
    for line, y in zip(lines, (height - (room - PIECE_MARK[1]) / 2 - SLUG_PT * 0.35,
                               (room - PIECE_MARK[1]) / 2 - SLUG_PT * 0.35)):
        text, size = _fit_text(typography(line, lang, FOOTER_FONT), width - 4 * mm, SLUG_PT,
                               5.0)
        canvas.setFont(FOOTER_FONT, size)
        canvas.drawCentredString(width / 2, y, text)
    canvas.restoreState()
