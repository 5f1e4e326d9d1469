"""A minimal stand-in for the reportlab canvas that writes SVG.

It implements the subset of the canvas API that Herald's small vector art
uses (coats of arms, inline icons, queue diagrams): the graphics state stack,
affine transforms, fill and stroke colours with alpha, line width, join, cap
and dash, path objects (``beginPath`` with ``moveTo``, ``lineTo``,
``curveTo``, ``arc``, ``arcTo``, ``rect``, ``roundRect``, ``circle``,
``ellipse``, ``close``), ``drawPath`` and ``clipPath`` with either fill rule,
the shape shortcuts ``rect``, ``roundRect``, ``circle``, ``ellipse``,
``line``, ``lines``, and text (``setFont``, ``drawString``,
``drawCentredString``, ``drawRightString``, ``stringWidth``).
``radialGradient`` falls back to a flat fill of its middle colour.

Coordinates are PDF-like (points, origin at the bottom left, y up); every
element carries the current transform as a ``matrix(...)`` so the output
matches the PDF drawn by the same code. Text is emitted as ``<text>`` naming
the font families (EB Garamond, Cinzel); the fonts are not embedded.

Numbers are written with at most three decimals and ids are counters, so
the same drawing always gives the same bytes (:meth:`SVGCanvas.getvalue`).
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from reportlab.pdfbase.pdfmetrics import stringWidth as _string_width
from reportlab.pdfgen.pdfgeom import bezierArc

__all__ = ["SVGCanvas", "SVGPath"]

FILL_EVEN_ODD = 0
FILL_NON_ZERO = 1

_JOINS = {0: "miter", 1: "round", 2: "bevel"}
_CAPS = {0: "butt", 1: "round", 2: "square"}


@lru_cache(maxsize=1 << 16)
def _n(v: float) -> str:
    """A number with at most 3 decimals, no trailing zeros, never '-0'
    (cached: a drawing's places and sizes recur from diagram to diagram)."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


@lru_cache(maxsize=4096)
def _hex(rgb) -> str:
    # a drawing's few colours are written on every element: formatted once
    return "#" + "".join(f"{max(0, min(255, round(c * 255))):02x}" for c in rgb[:3])


@lru_cache(maxsize=4096)
def _linear(a, b, c, d) -> str:
    """The linear part of a matrix, written: the same for every element of a
    drawing at one scale (its place, e and f, differs)."""
    return f"{_n(a)} {_n(b)} {_n(c)} {_n(d)}"


def _rgb(colour) -> tuple:
    """A reportlab Color, '#rrggbb' text or an (r, g, b[, a]) sequence as (r, g, b, a|None)."""
    if isinstance(colour, str):
        s = colour.lstrip("#")
        return (int(s[0:2], 16) / 255, int(s[2:4], 16) / 255, int(s[4:6], 16) / 255, None)
    if hasattr(colour, "red"):
        alpha = getattr(colour, "alpha", 1)
        return (colour.red, colour.green, colour.blue, None if alpha in (None, 1) else alpha)
    c = tuple(colour)
    return (c[0], c[1], c[2], c[3] if len(c) > 3 else None)


def _mul(m, n):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


class SVGPath:
    """A path under construction, in the coordinates of the canvas's user space
    (the API of reportlab's ``PDFPathObject``)."""

    def __init__(self):
        self._d: list[str] = []
        self._current = (0.0, 0.0)

    def moveTo(self, x, y):
        self._d.append(f"M{_n(x)} {_n(y)}")
        self._current = (x, y)

    def lineTo(self, x, y):
        self._d.append(f"L{_n(x)} {_n(y)}")
        self._current = (x, y)

    def curveTo(self, x1, y1, x2, y2, x3, y3):
        self._d.append(f"C{_n(x1)} {_n(y1)} {_n(x2)} {_n(y2)} {_n(x3)} {_n(y3)}")
        self._current = (x3, y3)

    def close(self):
        self._d.append("Z")

    def _curves(self, curves, connect):
        for i, (x1, y1, x2, y2, x3, y3, x4, y4) in enumerate(curves):
            if i == 0:
                (self.lineTo if connect else self.moveTo)(x1, y1)
            self.curveTo(x2, y2, x3, y3, x4, y4)

    def arc(self, x1, y1, x2, y2, startAng=0, extent=90):
        self._curves(bezierArc(x1, y1, x2, y2, startAng, extent), False)

    def arcTo(self, x1, y1, x2, y2, startAng=0, extent=90):
        self._curves(bezierArc(x1, y1, x2, y2, startAng, extent), True)

    def rect(self, x, y, width, height):
        self.moveTo(x, y)
        self.lineTo(x + width, y)
        self.lineTo(x + width, y + height)
        self.lineTo(x, y + height)
        self.close()

    def ellipse(self, x, y, width, height):
        self._curves(bezierArc(x, y, x + width, y + height, 0, 360), False)
        self.close()

    def circle(self, x_cen, y_cen, r):
        self.ellipse(x_cen - r, y_cen - r, 2 * r, 2 * r)

    def roundRect(self, x, y, width, height, radius):
        r = max(0.0, min(radius, abs(width) / 2, abs(height) / 2))
        k = 0.4477 * r          # 1 - 0.5523: the control point inset of a quarter circle
        x2, y2 = x + width, y + height
        self.moveTo(x + r, y)
        self.lineTo(x2 - r, y)
        self.curveTo(x2 - k, y, x2, y + k, x2, y + r)
        self.lineTo(x2, y2 - r)
        self.curveTo(x2, y2 - k, x2 - k, y2, x2 - r, y2)
        self.lineTo(x + r, y2)
        self.curveTo(x + k, y2, x, y2 - k, x, y2 - r)
        self.lineTo(x, y + r)
        self.curveTo(x, y + k, x + k, y, x + r, y)
        self.close()

    @property
    def d(self) -> str:
        return " ".join(self._d)


class SVGText:
    """A text object (the part of reportlab's ``PDFTextObject`` Herald uses):
    runs of text at origins, drawn by ``SVGCanvas.drawText``."""

    def __init__(self, canvas: SVGCanvas, x: float = 0, y: float = 0):
        g = canvas._g
        self._font, self._size, self._fill = g.font, g.size, g.fill
        self._x = self._line_x = x
        self._y = y
        self.runs: list[tuple] = []

    def setFont(self, psfontname, size, leading=None):
        self._font, self._size = psfontname, size

    def setFillColor(self, colour, alpha=None):
        self._fill = _rgb(colour)

    def setFillColorRGB(self, r, g, b, alpha=None):
        self._fill = (r, g, b)

    def setTextOrigin(self, x, y):
        self._x = self._line_x = x
        self._y = y

    def textOut(self, text):
        self.runs.append((self._font, self._size, self._fill, self._x, self._y, text))
        self._x += _string_width(text, self._font, self._size)

    def textLine(self, text=""):
        self.textOut(text)
        self._x = self._line_x
        self._y -= self._size * 1.2


def _path_d(path) -> str:
    """The ``d`` of ``path``, an SVGPath or a reportlab PDFPathObject (from a
    recorded drawing: read back from its PDF operators)."""
    if isinstance(path, SVGPath):
        return path.d
    return _pdf_path_d(path.getCode())


@lru_cache(maxsize=8192)
def _pdf_path_d(code: str) -> str:
    """A PDF path's operators as an SVG path's ``d`` (read once each: a
    recorded drawing replays the same path objects page after page)."""
    out = SVGPath()
    stack: list[float] = []
    for token in " ".join(code.split("\n")).split():
        if token in ("m", "l", "c", "v", "y", "h", "re"):
            a = stack
            if token == "m":
                out.moveTo(*a[-2:])
            elif token == "l":
                out.lineTo(*a[-2:])
            elif token == "c":
                out.curveTo(*a[-6:])
            elif token == "v":
                out.curveTo(*out._current, *a[-4:])
            elif token == "y":
                out.curveTo(*a[-4:-2], *a[-4:])
            elif token == "re":
                out.rect(*a[-4:])
            else:
                out.close()
            stack = []
        elif token[0].isalpha():     # a painting or clipping operator: not geometry
            stack = []
        else:
            stack.append(float(token))
    return out.d


_FONTS = {
    "Garamond": ("'EB Garamond', Garamond, serif", 400, "normal"),
    "Garamond-Medium": ("'EB Garamond', Garamond, serif", 500, "normal"),
    "Garamond-SemiBold": ("'EB Garamond', Garamond, serif", 600, "normal"),
    "Garamond-Bold": ("'EB Garamond', Garamond, serif", 700, "normal"),
    "Garamond-Italic": ("'EB Garamond', Garamond, serif", 400, "italic"),
    "Cinzel": ("Cinzel, 'Trajan Pro', serif", 400, "normal"),
    "Cinzel-Bold": ("Cinzel, 'Trajan Pro', serif", 700, "normal"),
}


_DEFAULT_FAMILY = _FONTS["Garamond"][0]


class _GState:
    __slots__ = ("ctm", "fill", "stroke", "fill_alpha", "stroke_alpha", "width", "join",
                 "cap", "dash", "font", "size", "groups")

    def __init__(self):
        self.ctm = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
        self.fill = (0.0, 0.0, 0.0)
        self.stroke = (0.0, 0.0, 0.0)
        self.fill_alpha = 1.0
        self.stroke_alpha = 1.0
        self.width = 1.0
        self.join = 0
        self.cap = 0
        self.dash: tuple = ()
        self.font = "Helvetica"
        self.size = 12.0
        self.groups = 0          # <g> elements opened (clips) since this state began

    def copy(self) -> _GState:
        g = _GState.__new__(_GState)
        g.ctm, g.fill, g.stroke = self.ctm, self.fill, self.stroke
        g.fill_alpha, g.stroke_alpha, g.width = self.fill_alpha, self.stroke_alpha, self.width
        g.join, g.cap, g.dash, g.font, g.size = self.join, self.cap, self.dash, self.font, self.size
        g.groups = 0
        return g


class SharedDefs:
    """Definitions shared by the drawings of one web page: a form (the same
    coat of arms on every card of a page) is defined once and each drawing
    places it with ``<use>``; ids are numbered page-wide. The page prints
    :meth:`svg` once, before the drawings."""

    def __init__(self, prefix: str = "s"):
        self.prefix = prefix
        self.forms: dict = {}        # a form's name (any hashable) → its id
        self.defs: list[str] = []
        self.count = 0

    def svg(self) -> str:
        if not self.defs:
            return ""
        return ('<svg xmlns="http://www.w3.org/2000/svg" class="shared-defs" width="0" '
                'height="0" aria-hidden="true" focusable="false">\n  <defs>\n'
                + "\n".join(self.defs) + "\n  </defs>\n</svg>")


@lru_cache(maxsize=4096)
def _paint(fill: bool, stroke: bool, even_odd: bool, fill_rgb, fill_alpha, stroke_rgb,
           width, stroke_alpha, join, cap, dash) -> str:
    """An element's paint attributes."""
    out = []
    if fill:
        out.append(f'fill="{_hex(fill_rgb)}"')
        if fill_alpha != 1:
            out.append(f'fill-opacity="{_n(fill_alpha)}"')
        if even_odd:
            out.append('fill-rule="evenodd"')
    else:
        out.append('fill="none"')
    if stroke:
        out.append(f'stroke="{_hex(stroke_rgb)}" stroke-width="{_n(width)}"')
        if stroke_alpha != 1:
            out.append(f'stroke-opacity="{_n(stroke_alpha)}"')
        if join:
            out.append(f'stroke-linejoin="{_JOINS.get(join, "miter")}"')
        if cap:
            out.append(f'stroke-linecap="{_CAPS.get(cap, "butt")}"')
        if dash:
            arr, phase = dash
            out.append(f'stroke-dasharray="{" ".join(_n(v) for v in arr)}"')
            if phase:
                out.append(f'stroke-dashoffset="{_n(phase)}"')
    return " ".join(out)


@lru_cache(maxsize=4096)
def _text_style(font, size, anchor, fill, fill_alpha, compact: bool) -> str:
    """A run of text's attributes after its transform: the same few styles
    recur on every label of a drawing, written once each."""
    family, weight, style = _FONTS.get(font, (font, 400, "normal"))
    attrs = [f'font-size="{_n(size)}"']
    if not (compact and family == _DEFAULT_FAMILY):    # a compact drawing's default
        attrs.insert(0, f"font-family={quoteattr(family)}")
    if weight != 400:
        attrs.append(f'font-weight="{weight}"')
    if style != "normal":
        attrs.append(f'font-style="{style}"')
    if anchor != "start":
        attrs.append(f'text-anchor="{anchor}"')
    attrs.append(f'fill="{_hex(fill)}"')
    if fill_alpha != 1:
        attrs.append(f'fill-opacity="{_n(fill_alpha)}"')
    return " ".join(attrs)


# (the flip of a compact drawing, the transform) or a plain drawing's
# transform → its `` transform="…"``
_TRANSFORMS: dict[tuple, str] = {}
_MAX_TRANSFORMS = 1 << 16
# a run of text or a rectangle, by all it depends on → its element
_ELEMENTS: dict[tuple, str] = {}
_MAX_ELEMENTS = 1 << 16


# (a written-once drawing's key, the canvas's state) → what it wrote, or None
# when it is drawn afresh each time (SVGCanvas.written)
_WRITTEN: dict[tuple, _Kept | None] = {}
_MAX_WRITTEN = 4096
_UNSEEN = object()


class _Kept:
    """A drawing's lines, the forms they place (line, form, its id there),
    its words and its smallest text."""

    __slots__ = ("lines", "uses", "words", "smallest")

    def __init__(self, lines: list[str], uses: list[tuple[int, object, str]],
                 words: list[str], smallest: float):
        self.lines, self.uses, self.words, self.smallest = lines, uses, words, smallest


def _keep(key: tuple, element: str) -> None:
    if len(_ELEMENTS) >= _MAX_ELEMENTS:
        _ELEMENTS.clear()
    _ELEMENTS[key] = element


class SVGCanvas:
    """Draw with (a subset of) the reportlab canvas API; ``getvalue()`` gives the SVG."""

    def __init__(self, width: float, height: float, *, title: str | None = None,
                 ids: str = "", shared: SharedDefs | None = None, compact: bool = False):
        self.width = width
        self.height = height
        self.title = title
        # a prefix for every id (clip paths, forms): many drawings inlined in
        # one web page must not share an id; with ``shared``, the page's
        # drawings share their definitions (and its numbering)
        self._prefix = ids
        self._shared = shared
        self._forms: dict = shared.forms if shared is not None else {}
        # recorded drawings (recording.cached) become forms placed by <use>
        self.shares_drawings = shared is not None
        # compact (a web page's many drawings): transforms are written relative
        # to the drawing's own flip (a group around the whole drawing), none
        # where it is the identity, and rectangles as <rect>
        self._compact = compact
        self._base = (1.0, 0.0, 0.0, -1.0, 0.0, float(height))
        self.words: list[str] = []      # every text drawn, in order (a picture's words)
        self._form_stack: list[tuple] = []
        self._g = _GState()
        # PDF space (y up) to SVG space (y down)
        self._g.ctm = (1.0, 0.0, 0.0, -1.0, 0.0, float(height))
        self._stack: list[_GState] = []
        self._body: list[str] = []
        self._defs: list[str] = []
        self._ids = 0
        self._indent = 1
        # the size the smallest text is drawn at, in the drawing's units (its
        # transforms applied): how wide a page must show it for it to read
        self.smallest = math.inf
        # each form placed: (the body written to, the line's index, the form)
        self._uses: list[tuple[list, int, object]] = []

    # -- graphics state ----------------------------------------------------------------
    def saveState(self):
        self._stack.append(self._g)
        self._g = self._g.copy()

    def restoreState(self):
        for _ in range(self._g.groups):
            self._indent -= 1
            self._emit("</g>")
        self._g = self._stack.pop()

    def transform(self, a, b, c, d, e, f):
        self._g.ctm = _mul(self._g.ctm, (a, b, c, d, e, f))

    def translate(self, dx, dy):
        self.transform(1, 0, 0, 1, dx, dy)

    def scale(self, x, y):
        self.transform(x, 0, 0, y, 0, 0)

    def rotate(self, theta):
        t = math.radians(theta)
        c, s = math.cos(t), math.sin(t)
        self.transform(c, s, -s, c, 0, 0)

    def setFillColorRGB(self, r, g, b, alpha=None):
        self._g.fill = (r, g, b)
        if alpha is not None:
            self._g.fill_alpha = alpha

    def setStrokeColorRGB(self, r, g, b, alpha=None):
        self._g.stroke = (r, g, b)
        if alpha is not None:
            self._g.stroke_alpha = alpha

    def setFillColor(self, colour, alpha=None):
        r, g, b, a = _rgb(colour)
        self.setFillColorRGB(r, g, b, alpha if alpha is not None else a)

    def setStrokeColor(self, colour, alpha=None):
        r, g, b, a = _rgb(colour)
        self.setStrokeColorRGB(r, g, b, alpha if alpha is not None else a)

    def setFillAlpha(self, a):
        self._g.fill_alpha = a

    def setStrokeAlpha(self, a):
        self._g.stroke_alpha = a

    def setLineWidth(self, width):
        self._g.width = width

    def setLineJoin(self, mode):
        self._g.join = mode

    def setLineCap(self, mode):
        self._g.cap = mode

    def setDash(self, array=(), phase=0):
        if isinstance(array, (int, float)):
            array = (array, phase)
            phase = 0
        self._g.dash = (tuple(array), phase) if array else ()

    def setFont(self, psfontname, size, leading=None):
        self._g.font = psfontname
        self._g.size = size

    def stringWidth(self, text, fontName=None, fontSize=None):
        return _string_width(text, fontName or self._g.font, fontSize or self._g.size)

    # -- output helpers ----------------------------------------------------------------
    def _emit(self, line: str) -> None:
        self._body.append("  " * self._indent + line)

    def _transform(self, m=None) -> str:
        """`` transform="…"`` for ``m`` (default: the current transform), or
        nothing when a compact drawing's element needs none (written once
        for each: a page's drawings put their cards and labels in the same
        few places, step after step)."""
        m = m or self._g.ctm
        key = (self._base, m) if self._compact else m
        written = _TRANSFORMS.get(key)
        if written is None:
            if len(_TRANSFORMS) >= _MAX_TRANSFORMS:
                _TRANSFORMS.clear()
            written = _TRANSFORMS[key] = self._write_transform(m)
        return written

    def _write_transform(self, m) -> str:
        if self._compact:
            m = _mul(self._base, m)         # the flip is its own inverse
            a, b, c, d, e, f = m
            if abs(a - 1) < 5e-4 and abs(b) < 5e-4 and abs(c) < 5e-4 and abs(d - 1) < 5e-4 \
                    and abs(e) < 5e-4 and abs(f) < 5e-4:
                return ""
        return f' transform="{self._matrix(m)}"'

    def _matrix(self, m=None) -> str:
        a, b, c, d, e, f = m or self._g.ctm
        return f'matrix({_linear(a, b, c, d)} {_n(e)} {_n(f)})'

    def _paint(self, fill: bool, stroke: bool, even_odd: bool) -> str:
        g = self._g
        # the same few paints recur on every element: written once
        return _paint(fill, stroke, even_odd, g.fill, g.fill_alpha, g.stroke, g.width,
                      g.stroke_alpha, g.join, g.cap, g.dash)

    # -- paths -------------------------------------------------------------------------
    def beginPath(self) -> SVGPath:
        return SVGPath()

    def drawPath(self, aPath, stroke=1, fill=0, fillMode=None):
        self._draw_d(_path_d(aPath), stroke, fill, fillMode)

    def _draw_d(self, d: str, stroke, fill, fillMode) -> None:
        if not (stroke or fill) or not d:
            return
        even_odd = fillMode is None or fillMode == FILL_EVEN_ODD
        self._emit(f'<path d="{d}"{self._transform()} '
                   f'{self._paint(bool(fill), bool(stroke), even_odd)}/>')

    def clipPath(self, aPath, stroke=1, fill=0, fillMode=None):
        d = _path_d(aPath)
        if stroke or fill:
            self._draw_d(d, stroke, fill, fillMode)
        cid = self._new_id("clip")
        rule = "evenodd" if fillMode is None or fillMode == FILL_EVEN_ODD else "nonzero"
        self._def_list.append(f'    <clipPath id="{cid}" clipPathUnits="userSpaceOnUse">'
                          f'<path d="{d}"{self._transform()} '
                          f'clip-rule="{rule}"/></clipPath>')
        self._emit(f'<g clip-path="url(#{cid})">')
        self._indent += 1
        self._g.groups += 1

    def _shape(self, build, stroke, fill):
        p = SVGPath()
        build(p)
        self.drawPath(p, stroke=stroke, fill=fill, fillMode=FILL_NON_ZERO)

    def rect(self, x, y, width, height, stroke=1, fill=0):
        if self._compact:
            return self._rect(x, y, width, height, 0, stroke, fill)
        self._shape(lambda p: p.rect(x, y, width, height), stroke, fill)

    def roundRect(self, x, y, width, height, radius, stroke=1, fill=0):
        if self._compact:
            return self._rect(x, y, width, height, radius, stroke, fill)
        self._shape(lambda p: p.roundRect(x, y, width, height, radius), stroke, fill)

    def _rect(self, x, y, width, height, radius, stroke, fill):
        """A (rounded) rectangle as one <rect> element (a compact drawing's),
        written once for its place and paint (a card's frame in a slot)."""
        if not (stroke or fill):
            return
        g = self._g
        key = (x, y, width, height, radius, bool(stroke), bool(fill), g.ctm, self._base,
               g.fill, g.fill_alpha, g.stroke, g.width, g.stroke_alpha, g.join, g.cap, g.dash)
        element = _ELEMENTS.get(key)
        if element is None:
            element = self._write_rect(x, y, width, height, radius, stroke, fill)
            _keep(key, element)
        self._emit(element)

    def _write_rect(self, x, y, width, height, radius, stroke, fill) -> str:
        x, width = (x + width, -width) if width < 0 else (x, width)
        y, height = (y + height, -height) if height < 0 else (y, height)
        r = max(0.0, min(radius, width / 2, height / 2))
        rx = f' rx="{_n(r)}"' if r else ""
        return (f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(width)}" height="{_n(height)}"'
                f'{rx}{self._transform()} {self._paint(bool(fill), bool(stroke), False)}/>')

    def circle(self, x_cen, y_cen, r, stroke=1, fill=0):
        self._shape(lambda p: p.circle(x_cen, y_cen, r), stroke, fill)

    def ellipse(self, x1, y1, x2, y2, stroke=1, fill=0):
        self._shape(lambda p: p.ellipse(x1, y1, x2 - x1, y2 - y1), stroke, fill)

    def line(self, x1, y1, x2, y2):
        def build(p):
            p.moveTo(x1, y1)
            p.lineTo(x2, y2)
        self._shape(build, 1, 0)

    def lines(self, linelist):
        def build(p):
            for x1, y1, x2, y2 in linelist:
                p.moveTo(x1, y1)
                p.lineTo(x2, y2)
        self._shape(build, 1, 0)

    def radialGradient(self, x, y, radius, colors, positions=None, extend=True):
        """A flat fill of the gradient's middle colour over the current clip."""
        self.saveState()
        self.setFillColor(colors[len(colors) // 2])
        self.rect(x - radius, y - radius, 2 * radius, 2 * radius, stroke=0, fill=1)
        self.restoreState()

    # -- text --------------------------------------------------------------------------
    def _text(self, x, y, text, anchor):
        g = self._g
        a, b, c, d = g.ctm[:4]
        size = g.size * math.sqrt(abs(a * d - b * c))
        if size < self.smallest:
            self.smallest = size
        # a label written once for its place and style: a diagram's labels
        # come back at the same places step after step
        key = (g.ctm, x, y, text, anchor, g.font, g.size, g.fill, g.fill_alpha, self._compact,
               self._base)
        element = _ELEMENTS.get(key)
        if element is None:
            m = _mul(g.ctm, (1, 0, 0, -1, x, y))        # text runs upright
            transform = self._transform(m)
            style = _text_style(g.font, g.size, anchor, g.fill, g.fill_alpha, self._compact)
            element = (f'<text {transform.strip()} {style}>{escape(text)}</text>' if transform
                       else f'<text {style}>{escape(text)}</text>')
            _keep(key, element)
        self._emit(element)
        self.words.append(text)

    def drawString(self, x, y, text, *args, **kwargs):
        self._text(x, y, text, "start")

    def beginText(self, x=0, y=0) -> SVGText:
        return SVGText(self, x, y)

    def drawText(self, text: SVGText) -> None:
        saved = self._g.copy()
        for font, size, fill, x, y, run in text.runs:
            self._g.font, self._g.size, self._g.fill = font, size, fill
            self._text(x, y, run, "start")
        self._g.font, self._g.size, self._g.fill = saved.font, saved.size, saved.fill

    def drawCentredString(self, x, y, text, *args, **kwargs):
        self._text(x, y, text, "middle")

    def drawRightString(self, x, y, text, *args, **kwargs):
        self._text(x, y, text, "end")

    def _new_id(self, kind: str) -> str:
        if self._shared is not None:
            self._shared.count += 1
            return f"{self._shared.prefix}{kind}{self._shared.count}"
        self._ids += 1
        return f"{self._prefix}{kind}{self._ids}"

    @property
    def _def_list(self) -> list[str]:
        return self._shared.defs if self._shared is not None else self._defs

    # -- forms: a drawing defined once and used many times ---------------------------
    def hasForm(self, name) -> bool:
        return name in self._forms

    def beginForm(self, name, lowerx=0, lowery=0, upperx=None, uppery=None):
        """Start a form: what is drawn until ``endForm`` is kept, in the form's
        own space, as a group that ``doForm`` places with a ``<use>``."""
        self._form_stack.append((name, self._body, self._g, self._stack, self._indent,
                                 self._base))
        self._body, self._stack, self._indent = [], [], 2
        self._base = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
        # the form's space: PDF-like, the identity transform; the colours and
        # lines it starts with are the caller's, as a PDF form's are
        self._g = self._g.copy()
        self._g.ctm = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

    def endForm(self, **kwargs):
        name, body, g, stack, indent, self._base = self._form_stack.pop()
        for _ in range(self._g.groups):
            self._body.append("</g>")
        fid = self._new_id("form")
        self._def_list.extend([f'    <g id="{fid}">', *self._body, "    </g>"])
        self._forms[name] = fid
        self._body, self._g, self._stack, self._indent = body, g, stack, indent

    def doForm(self, name):
        self._emit(f'<use href="#{self._forms[name]}"{self._transform()}/>')
        self._uses.append((self._body, len(self._body) - 1, name))

    # -- drawings written once: copied after that ------------------------------------
    def _state(self) -> tuple:
        """All a drawing's elements depend on besides its own calls."""
        g = self._g
        return (g.ctm, g.fill, g.stroke, g.fill_alpha, g.stroke_alpha, g.width, g.join, g.cap,
                g.dash, g.font, g.size, g.groups, len(self._stack), self._indent, self._base,
                self._compact, self.shares_drawings)

    def written(self, key, draw, args: tuple, kwargs: dict) -> None:
        """``draw(self, *args, **kwargs)``, a drawing that depends on its
        arguments alone (``key``: :func:`~.recording.written_once`'s), its
        elements kept the first time for ``key`` and the canvas's state, and
        copied after that (a diagram's card at the same place, step after
        step): the same lines, the forms it places named by this page's ids,
        its words and its smallest text told. A drawing that defines a form
        is kept another time (the form defined, it only places it); one that
        makes an id of its own (a clip), or leaves the canvas's state
        changed, is drawn afresh each time, as is every drawing on a canvas
        of another class (which may draw its own way)."""
        if type(self) is not SVGCanvas:
            draw(self, *args, **kwargs)
            return
        state = (key, self._state())
        kept: Any = _WRITTEN.get(state, _UNSEEN)
        if kept is _UNSEEN:
            self._tap(state, draw, args, kwargs)
            return
        forms = self._forms
        if kept is not None:
            for _, name, _ in kept.uses:
                if name not in forms:
                    kept = None             # a form to define on this page first
                    break
        if kept is None:
            draw(self, *args, **kwargs)
            return
        body = self._body
        start = len(body)
        body.extend(kept.lines)
        for i, name, fid in kept.uses:
            if forms[name] != fid:
                body[start + i] = body[start + i].replace(f'href="#{fid}"',
                                                          f'href="#{forms[name]}"', 1)
            self._uses.append((body, start + i, name))
        if kept.words:
            self.words.extend(kept.words)
        if kept.smallest < self.smallest:
            self.smallest = kept.smallest

    def _tap(self, state: tuple, draw, args: tuple, kwargs: dict) -> None:
        """The first drawing for ``state``, drawn and kept when it can be copied."""
        body, before = self._body, state[1]
        start, words, uses = len(body), len(self.words), len(self._uses)
        ids = (self._ids, self._shared.count if self._shared is not None else 0, len(self._forms))
        smallest, self.smallest = self.smallest, math.inf
        try:
            draw(self, *args, **kwargs)
        finally:
            mine, self.smallest = self.smallest, min(smallest, self.smallest)
        if len(self._forms) != ids[2]:
            return                          # it defined a form: kept next time
        if len(_WRITTEN) >= _MAX_WRITTEN:
            _WRITTEN.clear()
        if self._body is not body or self._state() != before or ids != (
                self._ids, self._shared.count if self._shared is not None else 0,
                len(self._forms)):
            _WRITTEN[state] = None          # a clip of its own, a state it leaves changed
            return
        _WRITTEN[state] = _Kept(
            body[start:], [(i - start, name, self._forms[name])
                           for b, i, name in self._uses[uses:] if b is body],
            self.words[words:], mine)

    # -- result ------------------------------------------------------------------------
    def inline(self, label_id: str | None = None, css_class: str = "") -> str:
        """The drawing as an ``<svg>`` element for an HTML page: sized by its
        viewBox (the page's CSS scales it), an image named by the element
        ``label_id`` (its text alternative), or hidden from assistive
        technology when its words are given beside it (``label_id`` None)."""
        body = list(self._body)
        for _ in range(sum(g.groups for g in self._stack) + self._g.groups):
            body.append("</g>")
        w, h = _n(self.width), _n(self.height)
        a11y = (f'role="img" aria-labelledby="{label_id}"' if label_id
                else 'aria-hidden="true" focusable="false"')
        klass = f' class="{css_class}"' if css_class else ""
        head = [f'<svg xmlns="http://www.w3.org/2000/svg"{klass} viewBox="0 0 {w} {h}" '
                f'width="{_n(self.width * 4 / 3)}" height="{_n(self.height * 4 / 3)}" {a11y}>']
        if self._defs:
            head += ["  <defs>"] + self._defs + ["  </defs>"]
        if self._compact:
            body = [f'<g transform="matrix(1 0 0 -1 0 {h})" '
                    f"font-family={quoteattr(_DEFAULT_FAMILY)}>", *body, "</g>"]
        return "\n".join(head + body + ["</svg>"])

    def getvalue(self) -> str:
        """The standalone SVG document (closing any group a save left open)."""
        body = list(self._body)
        for _ in range(sum(g.groups for g in self._stack) + self._g.groups):
            body.append("</g>")
        w, h = _n(self.width), _n(self.height)
        head = ['<?xml version="1.0" encoding="UTF-8"?>',
                f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
                f'width="{w}pt" height="{h}pt" viewBox="0 0 {w} {h}">']
        if self.title:
            head.append(f"  <title>{escape(self.title)}</title>")
        if self._defs:
            head += ["  <defs>"] + self._defs + ["  </defs>"]
        return "\n".join(head + body + ["</svg>", ""])
