"""Recorded drawings: draw once, replay on any canvas.

A coat of arms or a card back is the same vector art on every card and in
every document of a build; computing its geometry and formatting its paths is
most of its cost. ``record(draw, ...)`` runs a drawing function against a
stand-in canvas that keeps the calls (and the finished path objects) instead
of drawing; replaying them on a real canvas gives the same PDF operators.

Recordings are replayed into form XObjects (one per card drawing), and
reportlab gives a form only its colour spaces, graphics states and XObjects
as resources, never its shadings: a gradient there would reference a
``/Sh0`` the file does not define. The recorder refuses shading calls, so
such a drawing fails where it is written rather than in a viewer; draw a
gradient as flat steps instead.

Three ways to draw a thing once, by what the output may become:

* ``cached``: a page that shares drawings (the web's SVG) defines it once and
  places it; elsewhere it is replayed. Bytes differ from drawing in place.
* ``replayed``: recorded once per arguments and kind of canvas, replayed call
  for call: the same bytes as computing it afresh (a shield in its own units).
* ``written_once`` and ``write_text``: on a plain reportlab canvas, the PDF
  operators a drawing (or a label) wrote at a place are kept and copied the
  next time, its text written again for each document's fonts: the same
  bytes, without computing or formatting them again (a diagram's cards, step
  after step and booklet after booklet).
"""
from __future__ import annotations

from functools import lru_cache
from weakref import WeakKeyDictionary

from reportlab.pdfgen.canvas import Canvas as _PdfCanvas
from reportlab.pdfgen.pathobject import PDFPathObject

from .svgcanvas import SVGCanvas


class _Recorder:
    """Stands in for a reportlab canvas: keeps every drawing call in order.
    Its paths are reportlab's, or those of ``path`` (the kind of canvas the
    recording is for: an SVG canvas's paths write SVG)."""

    def __init__(self, path=PDFPathObject):
        self.ops: list = []
        self._path = path

    def beginPath(self):
        return self._path()

    def _refuse(self, *args, **kwargs):
        raise TypeError("a recorded drawing cannot use PDF shadings (linearGradient, "
                        "radialGradient, shade): forms replaying it would reference an "
                        "undefined shading; draw the gradient as flat steps")

    linearGradient = radialGradient = shade = _refuse

    def __getattr__(self, name):
        def call(*args, **kwargs):
            self.ops.append((name, args, kwargs))
        return call


class Recording:
    def __init__(self, ops):
        self.ops = tuple(ops)

    def replay(self, canvas) -> None:
        for name, args, kwargs in self.ops:
            getattr(canvas, name)(*args, **kwargs)


def record(draw, *args, path=PDFPathObject) -> Recording:
    """What ``draw(canvas, *args)`` does, kept for replay (its paths made by
    ``path``)."""
    recorder = _Recorder(path)
    draw(recorder, *args)
    return Recording(recorder.ops)


def cached(draw):
    """``draw(canvas, *args)`` recorded once per distinct ``args`` (hashable)
    and replayed after that; the drawing must depend only on its arguments."""
    @lru_cache(maxsize=256)
    def recording(*args):
        return record(draw, *args)

    def replay(canvas, *args):
        if getattr(canvas, "shares_drawings", False) is True:
            # a web page's drawings (SVGCanvas with shared definitions): the
            # drawing is defined once for the page and placed where it recurs
            # ("is True": a recorder answers every attribute with a callable)
            key = (replay, args)
            if not canvas.hasForm(key):
                canvas.beginForm(key)
                recording(*args).replay(canvas)
                canvas.endForm()
            canvas.doForm(key)
            return
        recording(*args).replay(canvas)
    replay.__doc__ = draw.__doc__
    replay.__name__ = getattr(draw, "__name__", "cached_drawing")
    return replay


def replayed(draw):
    """``draw(canvas, *args)`` recorded once per distinct ``args`` (hashable)
    and kind of canvas, then replayed call for call: the canvas writes the
    same bytes as when the drawing is computed afresh, only the geometry is
    not computed again (unlike :func:`cached`, which makes a page that shares
    drawings place a form). The drawing must depend only on its arguments,
    never ask the canvas anything (a recorder answers nothing), and should
    draw around its own ``saveState``/``restoreState``."""
    recordings: dict = {}

    def replay(canvas, *args):
        kind = type(canvas)
        if kind is _Recorder:           # inside another recording: keep the calls
            draw(canvas, *args)
            return
        key = (kind, args)
        recording = recordings.get(key)
        if recording is None:
            if len(recordings) >= _MAX_RECORDINGS:
                recordings.clear()
            recording = recordings[key] = record(draw, *args, path=canvas.beginPath)
        recording.replay(canvas)
    replay.__doc__ = draw.__doc__
    replay.__name__ = getattr(draw, "__name__", "replayed_drawing")
    return replay


_MAX_RECORDINGS = 512       # per drawing: a bound on memory, far above a build's needs


# -- a PDF page's operators, written once ----------------------------------------------
# The calls whose operators are copied as they were written (colours, lines,
# paths, transforms: what they write depends only on their arguments), those
# run again (text: its font subset is the document's own), and those that only
# answer. A drawing calling anything else is drawn afresh every time.
_COPIED = frozenset((
    "saveState", "restoreState", "setFillColorRGB", "setStrokeColorRGB", "setFillColor",
    "setStrokeColor", "setFillGray", "setStrokeGray", "setFillColorCMYK",
    "setStrokeColorCMYK", "setLineWidth", "setLineJoin", "setLineCap", "setDash",
    "setMiterLimit", "transform", "translate", "scale", "rotate", "skew", "drawPath",
    "clipPath", "rect", "roundRect", "circle", "ellipse", "line", "lines", "wedge", "arc",
    "bezier"))
_REDRAWN = frozenset(("setFont", "drawString", "drawCentredString", "drawRightString"))
_ASKED = frozenset(("beginPath", "stringWidth"))


class _Tap:
    """Passes every call on to a reportlab canvas, noting which of them must
    run again (text) and whether the drawing can be copied at all."""

    def __init__(self, canvas):
        self.canvas = canvas
        self.redrawn: list = []     # (name, args, kwargs, first line, end line)
        self.copyable = True

    def __getattr__(self, name):
        target = getattr(self.canvas, name)
        if not callable(target):
            self.copyable = False       # the drawing reads the canvas's state
            return target
        if name in _REDRAWN:
            def redraw(*args, **kwargs):
                code = self.canvas._code
                start = len(code)
                target(*args, **kwargs)
                self.redrawn.append((name, args, kwargs, start, len(code)))
            return redraw
        if name not in _COPIED and name not in _ASKED:
            self.copyable = False
        return target


def _pieces(tap: _Tap, code: list, start: int) -> list | None:
    """The drawing written from ``code[start]`` as operators to copy (lists
    of lines) and calls to run again, or None when it cannot be copied: it
    reads the canvas, writes outside its own saved state (what it changes
    would outlast it), or names a resource of the document (a font, a
    transparency, an image: ``/Name``)."""
    if not tap.copyable:
        return None
    pieces: list = []
    depth, at = 0, start
    for name, args, kwargs, first, end in [*tap.redrawn, (None, (), {}, len(code), 0)]:
        lines = code[at:first]
        for line in lines:
            if "/" in line or (depth == 0 and line != "q"):
                return None
            depth += 1 if line == "q" else -1 if line == "Q" else 0
        if lines:
            pieces.append(lines)
        if name is not None:
            if depth == 0:
                return None
            pieces.append((name, args, kwargs))
        at = end
    return pieces if pieces and depth == 0 else None


def _state(canvas) -> list:
    d = canvas.__dict__
    return [d[name] for name in canvas.STATE_ATTRIBUTES] + [len(canvas.state_stack)]


_LIVE = object()        # a drawing that cannot be copied: drawn afresh each time


_PLAIN: dict[type, bool] = {}


def _plain_class(kind: type) -> bool:
    """Whether ``kind`` is a reportlab canvas that draws as reportlab does:
    none of the calls a copy skips or repeats is its own (the print shop's
    canvas sets overprint with each colour, as its state requires)."""
    plain = _PLAIN.get(kind)
    if plain is None:
        plain = _PLAIN[kind] = issubclass(kind, _PdfCanvas) and all(
            getattr(kind, name) is getattr(_PdfCanvas, name)
            for name in (*_COPIED, *_REDRAWN, "push_state_stack", "pop_state_stack",
                         "beginText", "drawText"))
    return plain


def _plain(canvas) -> bool:
    """A canvas a drawing's operators can be copied into: a plain reportlab
    canvas converting no colour (``enforceColorSpace``)."""
    return _plain_class(type(canvas)) and not canvas._enforceColorSpace


def written_once(draw):
    """``draw(canvas, *args, **kwargs)`` on a reportlab canvas, its PDF
    operators kept the first time for its arguments (hashable, everything the
    drawing depends on, its place included; equal arguments must draw alike)
    and copied into the page after that: the same
    bytes, without computing or formatting them again. Its text is drawn
    again each time (the document's fonts hold its glyphs). Only a drawing
    that starts with ``saveState`` and ends with the matching
    ``restoreState``, calls nothing but the canvas's drawing calls and text,
    and uses no resource of the document (a transparency, an image) is
    copied; any other is drawn afresh, as is every drawing on another canvas
    (an SVG canvas, a recorder, a canvas converting colours or drawing its own
    way: see :func:`_plain`)."""
    kept: dict = {}

    def write(canvas, *args, **kwargs):
        if not _plain(canvas):
            if isinstance(canvas, SVGCanvas):   # its elements copied (SVGCanvas.written)
                key = (args, tuple(kwargs.items())) if kwargs else args
                canvas.written((write, key), draw, args, kwargs)
            else:
                draw(canvas, *args, **kwargs)
            return
        key = (args, tuple(kwargs.items())) if kwargs else args
        pieces = kept.get(key)
        if pieces is None:
            code = canvas._code
            start = len(code)
            last = code[-1] if code else None
            before = _state(canvas)
            tap = _Tap(canvas)
            draw(tap, *args, **kwargs)
            pieces = _pieces(tap, code, start)
            if pieces is None or (start and code[start - 1] is not last) \
                    or _state(canvas) != before:
                pieces = _LIVE
            if len(kept) >= _MAX_KEPT:
                kept.clear()
            kept[key] = pieces
            return
        if pieces is _LIVE:
            draw(canvas, *args, **kwargs)
            return
        code = canvas._code
        canvas.push_state_stack()       # what the copied "q" and "Q" do to the canvas
        for piece in pieces:
            if type(piece) is list:
                code.extend(piece)
            elif piece[0] == "setFont":
                canvas.setFont(*piece[1], **piece[2])
            else:
                _text(canvas, code, *piece)
        canvas.pop_state_stack()
    write.__doc__ = draw.__doc__
    write.__name__ = getattr(draw, "__name__", "written_once")
    return write


# A run of text, once written in a document, is written the same way again
# there: its glyphs have their codes in the document's font subsets, and its
# font is in the document's fonts. Kept per document, never across two.
_TEXT_STATE = ("_fontname", "_fontsize", "_leading", "_charSpace", "_wordSpace", "_horizScale",
               "_textRenderMode", "_rise")
_texts: WeakKeyDictionary = WeakKeyDictionary()


def _text(canvas, code: list, name: str, args: tuple, kwargs: dict) -> None:
    """``canvas.<name>(*args, **kwargs)`` (a string drawn), its operators
    copied when this document has drawn it before in the same font."""
    doc = canvas._doc
    kept = _texts.get(doc)
    if kept is None:
        kept = _texts[doc] = {}
    d = canvas.__dict__
    key = (name, args, tuple(kwargs.items()), *[d[a] for a in _TEXT_STATE])
    lines = kept.get(key)
    if lines is not None:
        code.extend(lines)
        return
    start = len(code)
    getattr(canvas, name)(*args, **kwargs)
    if len(kept) < _MAX_KEPT:
        kept[key] = code[start:]


def write_text(canvas, name: str, x: float, y: float, text: str) -> None:
    """``canvas.<name>(x, y, text)`` (``drawString``, ``drawCentredString``
    or ``drawRightString``): on a plain reportlab canvas, its operators
    copied when the document has written the same text at the same place in
    the same font before (a diagram's labels, step after step)."""
    if _plain(canvas):
        _text(canvas, canvas._code, name, (x, y, text), {})
    else:
        getattr(canvas, name)(x, y, text)


_MAX_KEPT = 4096        # per drawing: a bound on memory, above a build's distinct places
