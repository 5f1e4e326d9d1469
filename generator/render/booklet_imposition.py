"""Saddle-stitch imposition: a PDF of half-size pages onto landscape sheets
that are printed on both sides, stacked, folded in half and stapled.

``impose_saddle_stitch(src_pdf, dst_pdf, sheet_size)`` takes a PDF of N pages
(A5 for A4 sheets, half-letter 5.5 x 8.5 in for Letter; see
:func:`half_size`) and writes a PDF of ``sheet_size`` landscape pages, two
booklet pages side by side on each, front and back of each sheet one after
the other. Pages are placed as form content (pypdf), so text and vector
drawings stay vector.

Page order (0-based, after padding N with blank pages to a multiple of 4),
for sheet ``k`` (0 = the outermost sheet, ``k < N / 4``)::

    front: left N-1-2k, right 2k        e.g. N = 8:  sheet 0  front 7 | 0
    back:  left 2k+1,   right N-2-2k                         back  1 | 6
                                                  sheet 1  front 5 | 2
                                                           back  3 | 4

This is the standard saddle-stitch order (1-based for 8 pages: 8|1, 2|7,
6|3, 4|5): the first and last pages share the outer sheet, the two middle
pages face each other at the centre spread. Print double-sided, flipping on
the SHORT edge, keep the sheets in order, fold the stack in half and staple
along the fold. Blank padding pages are the last pages of the booklet
(the inside and outside of the back cover): a source that wants its last page
on the back cover pads itself to a multiple of 4.

Printing aids: an optional first sheet (instructions on its front, its back
blank, so the booklet's sheets keep their sides when the whole file is
printed double-sided); a fold mark at the head and foot of every side's fold;
two staple marks on the fold of the outer side of the outermost sheet (under
the staples once stapled); and creep compensation: after folding, inner
sheets stick out at the fore-edge by about one paper thickness per sheet
outside them, so the pages of sheet ``k`` are moved ``k * creep`` towards
the fold (``creep`` defaults to 0.1 mm, 80 g/m² office paper). The source's
links and outline are not carried over: they point to source pages that the
imposed file does not have.

The output is deterministic: pypdf writes no random document ID, and the
metadata (producer, creator, and the source's title, author, subject and
language) are set explicitly. Files are written atomically.
"""
from __future__ import annotations

import io
from pathlib import Path

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import inch

from ..errors import InputError
from ..fileio import write_atomic
from .geometry import PAPERS

__all__ = ["half_size", "impose_saddle_stitch", "saddle_order"]

_TOLERANCE = 0.5          # points: sizes this close are the same paper


def _paper_size(paper) -> tuple[float, float]:
    """A paper name ("a4", "letter") or a (width, height) in points, portrait."""
    if isinstance(paper, str):
        try:
            w, h = PAPERS[paper.lower()]
        except KeyError:
            raise InputError(f"paper {paper!r}: expected one of "
                             f"{', '.join(sorted(PAPERS))}") from None
    else:
        try:
            w, h = (float(v) for v in paper)
        except (TypeError, ValueError):
            raise InputError(f"paper {paper!r}: expected a name or (width, height)") from None
    if w <= 0 or h <= 0:
        raise InputError(f"paper {paper!r}: sizes must be positive")
    return (min(w, h), max(w, h))


def half_size(paper) -> tuple[float, float]:
    """The portrait size (points) of a booklet page printed two-up on ``paper``:
    A5 (148 x 210 mm) for A4, half-letter (5.5 x 8.5 in) for Letter; any other
    (width, height) is halved across its long side."""
    w, h = _paper_size(paper)
    if abs(w - A4[0]) < _TOLERANCE and abs(h - A4[1]) < _TOLERANCE:
        return (A4[1] / 2, A4[0])                    # 148.5 x 210 mm, i.e. A5
    if abs(w - LETTER[0]) < _TOLERANCE and abs(h - LETTER[1]) < _TOLERANCE:
        return (5.5 * inch, 8.5 * inch)
    return (h / 2, w)


def saddle_order(pages: int) -> list[tuple[int | None, int | None]]:
    """The (left, right) 0-based source pages of each sheet side, front then
    back of sheet 0, then sheet 1...; None marks a blank padding page."""
    if pages < 1:
        raise InputError("a booklet needs at least one page")
    n = -(-pages // 4) * 4
    sides = []
    for k in range(n // 4):
        sides.append((n - 1 - 2 * k, 2 * k))
        sides.append((2 * k + 1, n - 2 - 2 * k))
    return [tuple(p if p < pages else None for p in side) for side in sides]  # type: ignore[misc]


CREEP = 0.1 * 72 / 25.4          # points a sheet moves per sheet outside it
MARK = 4 * 72 / 25.4             # length of the fold marks
MARK_WIDTH = 0.4


def impose_saddle_stitch(src_pdf, dst_pdf, sheet_size, instructions=None,
                         creep: float = CREEP) -> int:
    """Impose ``src_pdf`` (half-size pages) for saddle stitching onto
    ``sheet_size`` sheets ("a4", "letter" or (width, height) in points; used
    landscape) and write ``dst_pdf`` atomically. Returns the number of sheets.

    Each source page is scaled (only if its size differs from half a sheet)
    and centred in its half of the sheet side, then moved towards the fold
    by its sheet's creep; its own rotation and media box offset are
    honoured. ``instructions``: (title, lines, font names) for the first
    sheet, or None."""
    from pypdf import PageObject, PdfReader, PdfWriter, Transformation
    from pypdf.errors import PdfReadError
    from pypdf.generic import NameObject, TextStringObject

    src = Path(src_pdf)
    try:
        data = src.read_bytes()
        reader = PdfReader(io.BytesIO(data))
        pages = list(reader.pages)
    except (OSError, PdfReadError) as e:
        raise InputError(f"{src}: cannot read the booklet PDF: {e}") from None
    if not pages:
        raise InputError(f"{src}: the PDF has no pages")

    w, h = _paper_size(sheet_size)
    sheet_w, sheet_h = h, w                      # landscape
    half_w = sheet_w / 2

    writer = PdfWriter()
    order = saddle_order(len(pages))
    marks = PdfReader(io.BytesIO(_marks_pdf(sheet_w, sheet_h, instructions))).pages
    if instructions is not None:
        for page in (marks[2], marks[3]):          # instructions, then a blank back
            writer.add_page(page)
    for n, (left, right) in enumerate(order):
        sheet = n // 2
        side = PageObject.create_blank_page(width=sheet_w, height=sheet_h)
        shift = sheet * creep
        for index, x0, dx in ((left, 0.0, shift), (right, half_w, -shift)):
            if index is not None:
                _place(side, pages[index], x0, half_w, sheet_h, Transformation, dx)
        # fold marks on every side; staple marks outside the outermost sheet
        side.merge_page(marks[0 if n == 0 else 1])
        writer.add_page(side)
    for page in writer.pages:
        if "/Annots" in page:
            del page[NameObject("/Annots")]
    for page in writer.pages:
        page.compress_content_streams()   # merged content is written uncompressed

    info = reader.metadata
    meta: dict[str, str] = {"/Producer": "Herald (pypdf)", "/Creator": "Herald"}
    for key in ("/Title", "/Author", "/Subject"):
        value = info.get(key) if info is not None else None
        if value:
            meta[key] = str(value)
    writer.add_metadata(meta)
    lang = reader.root_object.get("/Lang")
    if lang:
        writer.root_object[NameObject("/Lang")] = TextStringObject(str(lang))

    # Merging copies each page's resources (fonts, forms) into its sheet: keep
    # one copy of each, which divides the file's size several times.
    writer.compress_identical_objects()
    buf = io.BytesIO()
    writer.write(buf)
    write_atomic(Path(dst_pdf), buf.getvalue())
    return -(-len(pages) // 4)


def _marks_pdf(sheet_w: float, sheet_h: float, instructions) -> bytes:
    """Four pages: the fold and staple marks, the fold marks alone, the
    instructions (or a blank page) and a blank page."""
    from .dates import DatedCanvas
    from .fonts import register_fonts
    buf = io.BytesIO()
    # an embedded face as the initial font: reportlab's default, Helvetica,
    # would be listed in the pages' resources without being embedded
    c = DatedCanvas(buf, pagesize=(sheet_w, sheet_h), initialFontName=register_fonts().regular)
    mid = sheet_w / 2
    for staples in (True, False):
        c.setLineWidth(MARK_WIDTH)
        c.setStrokeColorRGB(0, 0, 0)
        c.setDash([2, 1.5])
        c.line(mid, sheet_h, mid, sheet_h - MARK)
        c.line(mid, 0, mid, MARK)
        c.setDash([])
        if staples:
            for y in (sheet_h / 4, sheet_h * 3 / 4):
                c.line(mid - MARK / 2, y, mid + MARK / 2, y)
        c.showPage()
    if instructions is not None:
        title, lines, font, bold = instructions
        y = sheet_h - 30 * 72 / 25.4
        c.setFont(bold, 16)
        c.drawString(25 * 72 / 25.4, y, title)
        c.setFont(font, 11.5)
        for line in lines:
            y -= 20
            c.drawString(25 * 72 / 25.4, y, line)
    c.showPage()
    c.showPage()
    c.save()
    return buf.getvalue()


def _place(side, page, x0: float, box_w: float, box_h: float, Transformation,
           dx: float = 0.0) -> None:
    """Merge ``page`` into ``side``, fitted and centred in the box at x0."""
    box = page.mediabox
    bx, by = float(box.left), float(box.bottom)
    pw, ph = float(box.width), float(box.height)
    rotate = int(page.get("/Rotate", 0) or 0) % 360
    t = Transformation().translate(-bx, -by)
    # the page as seen: undo /Rotate (clockwise) around the origin
    if rotate == 90:
        t = t.rotate(-90).translate(0, pw)
        pw, ph = ph, pw
    elif rotate == 180:
        t = t.rotate(180).translate(pw, ph)
    elif rotate == 270:
        t = t.rotate(90).translate(ph, 0)
        pw, ph = ph, pw
    scale = min(box_w / pw, box_h / ph)
    if abs(pw - box_w) < _TOLERANCE and abs(ph - box_h) < _TOLERANCE:
        scale = 1.0
    if scale != 1.0:
        t = t.scale(scale, scale)
    x = x0 + (box_w - pw * scale) / 2 + dx
    dy = (box_h - ph * scale) / 2
    t = t.translate(x, dy)
    side.merge_transformed_page(page, t, over=True, expand=False)
