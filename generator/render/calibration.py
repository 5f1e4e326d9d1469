"""The duplex calibration sheet: one sheet, printed two-sided, that tells how
far the printer puts the back from where the front expects it.

Both sides carry the same five targets (a crosshair in a circle) at the same
nominal places: the centre and near the four corners. The front's targets
carry millimetre scales, signed so that the numbers read where the back's
crosshair lines cross them are exactly the ``--back-offset X,Y`` to pass
(the sheet itself tells the reader to set them in the printer's own duplex
alignment: no command line in a printed kit): ``write_sheets`` then moves
everything on back pages by (X, Y) mm in the back page's own coordinates,
which cancels the error. The back's targets are
smaller, with longer lines and unsigned scales on the other side of the
axes, so that the two sets stay apart when seen through the paper.
"""
from __future__ import annotations

import io

from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from ..errors import InputError
from . import geometry as G
from .imposition import (
    _finish,
    _new_canvas,
    _paper_words,
    check_back_offset,
    paper_name,
    paper_size,
)
from .numbers import decimal
from .text import typography
from .words import CALIBRATION as _TEXT

TARGET_INSET = 25 * mm       # corner targets' centres, from both paper edges
SCALE = 10                   # mm each way
FONT, BOLD = "Garamond", "Garamond-Bold"   # registered by fonts.register_fonts()
FLIPS = ("long", "short")


def target_positions(paper) -> list[tuple[float, float]]:
    """The targets' centres (points), front-page coordinates: centre first,
    then the corners. The set is symmetric, so the back's are the same."""
    W, H = paper_size(paper)
    i = TARGET_INSET
    return [(W / 2, H / 2), (i, i), (W - i, i), (i, H - i), (W - i, H - i)]



def _target(c: Canvas, cx: float, cy: float, radius: float, arm: float, width: float) -> None:
    c.setLineWidth(width)
    c.circle(cx, cy, radius, stroke=1, fill=0)
    c.line(cx - arm, cy, cx + arm, cy)
    c.line(cx, cy - arm, cx, cy + arm)


def _scales(c: Canvas, cx: float, cy: float, x_label, y_label, size: float) -> None:
    """Ticks every mm along both axes of the target at (cx, cy), laid out as a
    pinwheel so that no two labels meet: the horizontal scale's ticks go down
    right of the centre and up left of it, the vertical scale's go right above
    the centre and left below it. Drawn the same on the back, the mirror image
    seen through the paper puts the back's ticks on the other side of each
    axis. ``x_label(v)``/``y_label(v)`` label the tick ``v`` mm right of /
    above the centre."""
    c.setLineWidth(0.3)
    c.setFont(FONT, size)
    for v in range(-SCALE, SCALE + 1):
        if v == 0:
            continue  # the crosshair lines themselves
        n = (2.6 if v % 5 == 0 else 1.4) * mm
        xs = -1 if v > 0 else 1          # horizontal scale: side of its ticks
        ys = 1 if v > 0 else -1          # vertical scale: side of its ticks
        x, y = cx + v * mm, cy + v * mm
        c.line(x, cy, x, cy + xs * n)
        c.line(cx, y, cx + ys * n, y)
        if v % 5:
            continue
        ly = cy + (3.2 * mm if xs > 0 else -3.2 * mm - 0.72 * size)
        c.drawCentredString(x, ly, x_label(v))
        if ys > 0:
            c.drawString(cx + 3.2 * mm, y - 0.35 * size, y_label(v))
        else:
            c.drawRightString(cx - 3.2 * mm, y - 0.35 * size, y_label(v))


def _signed(v: float) -> str:
    return f"{v:+g}".replace("-", "\u2212")


def _paragraphs(c: Canvas, lines: list[tuple[str, str, float]], x: float, top: float,
                width: float, lang: str) -> float:
    """Draw (text, font, size) paragraphs in ``lang`` from ``top`` down; return
    the bottom."""
    y = top
    for text, font, size in lines:
        for line in simpleSplit(typography(text, lang, font), font, size, width):
            y -= size * 1.25
            c.setFont(font, size)
            c.drawString(x, y, line)
        y -= size * 0.5
    return y


def write_calibration(path, paper, back_offset=(0, 0), flip: str = "long",
                      title: str | None = None, lang: str = "en") -> dict:
    """Write the two-page calibration sheet (front, then back laid out for a
    ``flip`` = "long" or "short" edge flip, with ``back_offset`` applied).
    The sheet, and its document properties (title, subject, language), are
    in ``lang``, the deck's (English for a locale it has no words for)."""
    if flip not in FLIPS:
        raise InputError(f"flip {flip!r}: expected one of {', '.join(FLIPS)}")
    size = paper_size(paper)
    W, H = size
    ox, oy = check_back_offset(back_offset)
    # The front's labels are what to pass: + where a back seen there needs
    # moving by a positive offset (long edge: right and lower; short: left, higher).
    sx = 1 if flip == "long" else -1
    sy = -1 if flip == "long" else 1

    buf = io.BytesIO()
    loc = (lang or "en").split("-")[0].lower()
    loc = loc if loc in _TEXT else "en"
    meta = _TEXT[loc]
    c = _new_canvas(buf, size, title or meta["doc_title"], lang or "en",
                    meta["subject"].format(paper=_paper_words(paper), edge=meta[flip],
                                           x=decimal(ox, lang), y=decimal(oy, lang)))
    targets = target_positions(size)

    # ---- front
    c.setStrokeColorRGB(0, 0, 0)
    c.setFillColorRGB(0, 0, 0)
    for cx, cy in targets:
        _target(c, cx, cy, 4 * mm, 12 * mm, 0.5)
        _scales(c, cx, cy, lambda v: _signed(sx * v), lambda v: _signed(sy * v), 5.5)
        c.setFont(BOLD, 6)
        if sx > 0:   # axis names at the positive ends
            c.drawString(cx + 12.6 * mm, cy - 2, "X")
        else:
            c.drawRightString(cx - 12.6 * mm, cy - 2, "X")
        c.drawCentredString(cx, cy + (12.8 * mm if sy > 0 else -12.8 * mm - 4), "Y")
    width = W - 2 * (G.MIN_MARGIN + 10 * mm)
    left = G.MIN_MARGIN + 10 * mm
    c.setFont(BOLD, 13)
    c.drawCentredString(W / 2, H - TARGET_INSET - 2 * mm, typography(meta["title"], loc, BOLD))
    # The steps in the deck's locale, between the top targets and the centre one.
    steps = [s.format(edge=meta[flip], xdir=meta["xdir"][flip], ydir=meta["ydir"][flip])
             for s in meta["steps"]]
    _paragraphs(c, [(s, FONT, 9) for s in steps], left, H - TARGET_INSET - 20 * mm, width, loc)
    # Length check and the offset this sheet was printed with, above the bottom targets.
    bar_y = TARGET_INSET + 30 * mm
    c.setLineWidth(0.5)
    c.line(W / 2 - 50 * mm, bar_y, W / 2 + 50 * mm, bar_y)
    for k in range(0, 11):
        h = 2.5 * mm if k % 5 == 0 else 1.5 * mm
        c.line(W / 2 - 50 * mm + k * 10 * mm, bar_y, W / 2 - 50 * mm + k * 10 * mm, bar_y + h)
    c.setFont(FONT, 8)
    moved = meta["used"].format(x=decimal(ox, loc), y=decimal(oy, loc),
                                paper=paper_name(paper)) if (ox, oy) != (0, 0) \
        else meta["unmoved"].format(paper=paper_name(paper))
    used = typography(moved, loc, FONT)
    lines = [typography(meta["bar"], loc, FONT), used]
    for i, line in enumerate(lines):
        c.drawCentredString(W / 2, bar_y - (5 + 4 * i) * mm, line)
    c.showPage()

    # ---- back: laid out as seen through the paper for a long-edge flip
    # (x mirrored), turned 180 degrees for a short-edge flip; offset last.
    c.saveState()
    c.translate(ox * mm, oy * mm)
    if flip == "short":
        c.translate(W, H)
        c.rotate(180)
    c.setStrokeColorRGB(0, 0, 0)
    c.setFillColorRGB(0, 0, 0)
    for fx, fy in targets:
        cx, cy = W - fx, fy
        _target(c, cx, cy, 2.5 * mm, 14 * mm, 0.6)
        _scales(c, cx, cy, lambda v: f"{abs(v)}", lambda v: f"{abs(v)}", 5)
    # Text where the front has none (between its English text and centre target).
    c.setFont(FONT, 8)
    c.drawCentredString(W / 2, H / 2 + 36 * mm,
                        typography(meta["back"].format(edge=meta[flip]), loc, FONT))
    c.drawCentredString(W / 2, H / 2 + 24 * mm, used)
    c.restoreState()
    c.showPage()
    _finish(c, buf, path)
    return {"pages": 2, "paper": paper_name(paper), "flip": flip, "back_offset": (ox, oy)}
