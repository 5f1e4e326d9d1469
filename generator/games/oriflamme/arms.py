"""Vector coats of arms, drawn with the reportlab canvas from a family's
``arms`` description (:class:`herald.generator.database.Arms`).

``draw_arms(canvas, arms, colour, cx, cy, height)`` draws a heater shield
centred at ``(cx, cy)``: the field in the family colour covered with its
``pattern`` (two tones of that colour), the ``ordinary`` and the ``charge`` in
the ``tincture`` (argent, or, sable), everything outlined in near black.

The families must be told apart without colour, so the drawing keeps the
database's differences strong: the pattern's two tones differ clearly in
lightness, the ordinary and the charge are large flat silhouettes with a dark
outline, and a charge lying over the ordinary is counterchanged: field colour
where it lies on the ordinary, tincture elsewhere (it would otherwise melt
into the same-tincture ordinary).

Every value is a key of :data:`PATTERNS`, :data:`ORDINARIES`,
:data:`CHARGES`, :data:`TINCTURES`; anything else raises :class:`ValueError`
naming the value (see :func:`check_arms`).

Internally the shield is drawn in "shield units": 100 wide, 120 high, centred
on the origin (top edge y = 60, point y = -60). Charges are designed in a box
of about [-1, 1] x [-1, 1] and scaled into it.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO

from ...render.recording import replayed

__all__ = [
    "CHARGES", "ORDINARIES", "PATTERNS", "TINCTURES", "SHIELD_RATIO",
    "check_arms", "draw_arms", "field_tones", "hex_rgb", "luminance", "mix",
    "shield_path", "tincture_rgb",
    # the path language the emblems, icons and tokens are drawn in too
    "affine", "circle", "draw", "mirror", "place", "poly", "rect", "rotate", "star",
    "symmetric", "thick_line",
]

RGB = tuple[float, float, float]

# -- colours --------------------------------------------------------------------

INK: RGB = (0.10, 0.085, 0.08)          # the outline: near black, a little warm

# Heraldic tinctures. The metals and sable are what ordinaries and charges are
# drawn in; the colours are only the fallback field when no family colour is
# given.
TINCTURES: dict[str, RGB] = {
    "argent": (0.957, 0.941, 0.902),    # near white
    "or": (0.922, 0.745, 0.231),        # gold
    "sable": (0.125, 0.110, 0.105),     # near black
    "gules": (0.702, 0.149, 0.118),
    "azure": (0.122, 0.306, 0.612),
    "vert": (0.180, 0.490, 0.196),
    "purpure": (0.416, 0.239, 0.604),
}


@lru_cache(maxsize=1024)
def hex_rgb(colour: str) -> RGB:
    """'#1F4E9C' -> (r, g, b) in 0..1 (a few colours, converted once each)."""
    s = colour.lstrip("#")
    if len(s) != 6:
        raise ValueError(f"expected a colour like '#1F4E9C', got {colour!r}")
    return tuple(int(s[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` of the way to ``b``."""
    return tuple(x + (y - x) * t for x, y in zip(a, b))  # type: ignore[return-value]


def luminance(c: RGB) -> float:
    """Rec. 601 luma, 0..1 (what a greyscale conversion keeps)."""
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def tincture_rgb(name: str) -> RGB:
    try:
        return TINCTURES[name]
    except KeyError:
        raise ValueError(f"tincture {name!r} is not implemented "
                         f"(known: {', '.join(TINCTURES)})") from None


BLACK: RGB = (0.0, 0.0, 0.0)
WHITE: RGB = (1.0, 1.0, 1.0)


def field_tones(colour: RGB, *, greyscale_safe: bool = True) -> tuple[RGB, RGB]:
    """The two tones of a patterned field: the colour and a darker shade of it
    (a lighter tint for light colours, which have no room for a dark shade that
    still looks like them, but not for colours too light to take one). With
    ``greyscale_safe`` the shade is pushed until the two differ by at least
    0.17 in luma, so the pattern survives a greyscale print; without it the
    shade is a softer, fixed step."""
    # a light colour takes a lighter tint, unless it is too light for a tint
    # to stand 0.17 apart (a bright yellow): then a darker shade
    light = 0.5 < luminance(colour) < 0.78
    target = WHITE if light else BLACK
    t = (0.42 if light else 0.40) if greyscale_safe else 0.28
    shade = mix(colour, target, t)
    if greyscale_safe:
        while abs(luminance(shade) - luminance(colour)) < 0.17 and t < 0.9:
            t += 0.04
            shade = mix(colour, target, t)
    return colour, shade


# -- paths ------------------------------------------------------------------------
# A subpath is a list of commands: ("M", x, y), ("L", x, y),
# ("C", x1, y1, x2, y2, x, y), ("Z",). A shape is (outer subpaths, hole
# subpaths), filled even-odd; a charge is a list of shapes painted in order.
# A shape may carry a third item, "field": it is then painted in the field
# colour instead of the tincture (a crown's gems).

Cmd = tuple
Sub = list
Shape = tuple  # (outer, holes) or (outer, holes, "field")


def _emit(path, subs: Iterable[Sub]) -> None:
    for sub in subs:
        for cmd in sub:
            op = cmd[0]
            if op == "M":
                path.moveTo(cmd[1], cmd[2])
            elif op == "L":
                path.lineTo(cmd[1], cmd[2])
            elif op == "C":
                path.curveTo(*cmd[1:])
            elif op == "Z":
                path.close()


def affine(subs: Iterable[Sub], a: float, b: float, c: float, d: float,
            e: float, f: float) -> list[Sub]:
    """Map every point (x, y) -> (a x + c y + e, b x + d y + f)."""
    out = []
    for sub in subs:
        new = []
        for cmd in sub:
            if cmd[0] == "Z":
                new.append(cmd)
                continue
            pts = cmd[1:]
            mapped = []
            for i in range(0, len(pts), 2):
                x, y = pts[i], pts[i + 1]
                mapped += [a * x + c * y + e, b * x + d * y + f]
            new.append((cmd[0], *mapped))
        out.append(new)
    return out


def place(subs: Iterable[Sub], s: float, dx: float = 0.0, dy: float = 0.0) -> list[Sub]:
    return affine(subs, s, 0, 0, s, dx, dy)


def mirror(subs: Iterable[Sub]) -> list[Sub]:
    return affine(subs, -1, 0, 0, 1, 0, 0)


def rotate(subs: Iterable[Sub], degrees: float, cx: float = 0.0, cy: float = 0.0) -> list[Sub]:
    r = math.radians(degrees)
    co, si = math.cos(r), math.sin(r)
    return affine(subs, co, si, -si, co, cx - co * cx + si * cy, cy - si * cx - co * cy)


def poly(points: Sequence[tuple[float, float]]) -> Sub:
    sub: Sub = [("M", *points[0])]
    sub += [("L", *p) for p in points[1:]]
    sub.append(("Z",))
    return sub


def thick_line(points: Sequence[tuple[float, float]], widths: Sequence[float] | float) -> Sub:
    """A closed outline around a polyline, ``widths`` its half-width at each
    point (one value for all): thick curves (a bow's limb, a strap)."""
    n = len(points)
    if isinstance(widths, (int, float)):
        widths = [float(widths)] * n
    left, right = [], []
    for i, (x, y) in enumerate(points):
        x0, y0 = points[max(i - 1, 0)]
        x1, y1 = points[min(i + 1, n - 1)]
        dx, dy = x1 - x0, y1 - y0
        d = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / d, dx / d
        w = widths[i]
        left.append((x + nx * w, y + ny * w))
        right.append((x - nx * w, y - ny * w))
    return poly(left + right[::-1])


def rect(x0: float, y0: float, x1: float, y1: float) -> Sub:
    return poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])


_K = 0.5522847498          # bezier circle constant


def circle(cx: float, cy: float, r: float, rx: float | None = None) -> Sub:
    """A circle (or an ellipse of half-width ``rx``), counter-clockwise."""
    ry, rx = r, (r if rx is None else rx)
    kx, ky = _K * rx, _K * ry
    return [("M", cx + rx, cy),
            ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
            ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
            ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
            ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
            ("Z",)]


def symmetric(half: Sub) -> Sub:
    """Close a right half-outline drawn from a point on the axis (x = 0) to
    another point on the axis with its mirror image, traversed backwards."""
    assert half[0][0] == "M"
    points = [(half[0][1], half[0][2])]
    for cmd in half[1:]:
        points.append((cmd[-2], cmd[-1]))
    out: Sub = list(half)
    for i in range(len(half) - 1, 0, -1):
        cmd = half[i]
        start = points[i - 1]
        if cmd[0] == "L":
            out.append(("L", -start[0], start[1]))
        elif cmd[0] == "C":
            _, x1, y1, x2, y2, _x, _y = cmd
            out.append(("C", -x2, y2, -x1, y1, -start[0], start[1]))
    out.append(("Z",))
    return out


def star(n: int, r_out: float, r_in: float, cx: float = 0.0, cy: float = 0.0,
          phase: float = 90.0) -> Sub:
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(phase + 180.0 * i / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return poly(pts)


def draw(canvas, subs: Iterable[Sub], *, fill: bool = True, stroke: bool = False,
          even_odd: bool = True) -> None:
    p = canvas.beginPath()
    _emit(p, subs)
    canvas.drawPath(p, stroke=1 if stroke else 0, fill=1 if fill else 0,
                    fillMode=FILL_EVEN_ODD if even_odd else FILL_NON_ZERO)


def _clip(canvas, subs: Iterable[Sub], *, even_odd: bool = True) -> None:
    p = canvas.beginPath()
    _emit(p, subs)
    canvas.clipPath(p, stroke=0, fill=0,
                    fillMode=FILL_EVEN_ODD if even_odd else FILL_NON_ZERO)


# -- the shield -----------------------------------------------------------------

HALF_W, TOP, POINT = 50.0, 60.0, -60.0
SHIELD_RATIO = (2 * HALF_W) / (TOP - POINT)     # width / height
FESS_Y = 6.0             # the fess point (visual centre of the shield)
_SIDE_Y = 12.0           # where the straight sides start curving to the point


def shield_outline(inset: float = 0.0) -> Sub:
    """The heater shield in shield units, optionally inset by ``inset`` (an
    approximation of the offset curve, good enough for a bordure)."""
    w, t, s = HALF_W - inset, TOP - inset, _SIDE_Y
    point = POINT + inset * 1.9
    return symmetric([
        ("M", 0.0, t),
        ("L", w, t),
        ("L", w, s),
        ("C", w, s - 36 + 0.2 * inset, w * 0.5, point + 18 - 0.2 * inset, 0.0, point),
    ])


_FRAME = (-HALF_W - 5, POINT - 5, HALF_W + 5, TOP + 5)     # covers the shield


# -- field patterns (drawn in the second tone over the field colour) -------------------

def _barry(n: int = 8) -> list[Sub]:
    h = (TOP - POINT) / n
    return [rect(-60, TOP - (i + 1) * h, 60, TOP - i * h) for i in range(1, n, 2)]


def _paly(n: int = 6) -> list[Sub]:
    w = 2 * HALF_W / n
    return [rect(-HALF_W + i * w, -70, -HALF_W + (i + 1) * w, 70) for i in range(1, n, 2)]


def _bendy(n: int = 7, sinister: bool = False) -> list[Sub]:
    w = 150.0 / n        # band width across the diagonal
    bands = [rect(-100, -75 + i * w, 100, -75 + (i + 1) * w) for i in range(1, n, 2)]
    return rotate(bands, 45 if sinister else -45, 0, FESS_Y)


def _chequy(n: int = 6) -> list[Sub]:
    w = 2 * HALF_W / n
    rows = math.ceil((TOP - POINT) / w)
    out = []
    for j in range(rows):
        for i in range(n):
            if (i + j) % 2:
                x0, y1 = -HALF_W + i * w, TOP - j * w
                out.append(rect(x0, y1 - w, x0 + w, y1))
    return out


def _lozengy(cols: int = 5, h: float = 27.0) -> list[Sub]:
    w = 2 * HALF_W / cols
    out = []
    for j in range(-1, int((TOP - POINT) / h) + 2):
        for i in range(cols + 1):
            x, y = -HALF_W + i * w, TOP - j * h
            out.append(poly([(x, y + h / 2), (x + w / 2, y), (x, y - h / 2), (x - w / 2, y)]))
    return out


def _semy(step: float = 14.0, r: float = 3.4) -> list[Sub]:
    out = []
    ny = int((TOP - POINT) / step) + 2
    for j in range(ny):
        y = TOP - 4 - j * step
        offset = step / 2 if j % 2 else 0.0
        x = -HALF_W - step
        while x <= HALF_W + step:
            out.append(circle(x + offset, y, r))
            x += step
    return out


def _fretty(step: float = 22.0, w: float = 5.0) -> list[Sub]:
    bars = []
    for i in range(-4, 5):
        c = i * step
        bars.append(rect(-100, c - w / 2, 100, c + w / 2))
    return rotate(bars, 45, 0, FESS_Y) + rotate(bars, -45, 0, FESS_Y)


def _gyronny(n: int = 8) -> list[Sub]:
    out = []
    for i in range(0, n, 2):
        a0 = math.radians(90 + 360 * i / n)
        a1 = math.radians(90 + 360 * (i + 1) / n)
        out.append(poly([(0, FESS_Y), (150 * math.cos(a0), FESS_Y + 150 * math.sin(a0)),
                          (150 * math.cos(a1), FESS_Y + 150 * math.sin(a1))]))
    return out


# pattern -> the subpaths of its second tone (None: a plain field)
PATTERNS: dict[str, Callable[[], list[Sub]] | None] = {
    "plain": None,
    "barry": _barry,
    "paly": _paly,
    "bendy": _bendy,
    "bendy_sinister": lambda: _bendy(sinister=True),
    "chequy": _chequy,
    "lozengy": _lozengy,
    "semy": _semy,
    "fretty": _fretty,
    "gyronny": _gyronny,
}
_NON_ZERO_PATTERNS = {"fretty"}


# -- ordinaries (regions, filled even-odd, clipped to the shield) ---------------------

def _band(width: float, degrees: float) -> Sub:
    """A band of ``width`` through the fess point at ``degrees`` from horizontal."""
    return rotate([rect(-120, FESS_Y - width / 2, 120, FESS_Y + width / 2)],
                   degrees, 0, FESS_Y)[0]


def _chevron(width: float = 22.0, apex: float = 34.0, slope: float = 1.05) -> list[Sub]:
    t = width * math.sqrt(1 + slope * slope)      # vertical thickness
    far = 80.0
    return [poly([(-far, apex - slope * far), (0, apex), (far, apex - slope * far),
                   (far, apex - t - slope * far), (0, apex - t), (-far, apex - t - slope * far)])]


def _cross(width: float = 24.0) -> list[Sub]:
    h = width / 2
    y = FESS_Y
    return [poly([(-h, 80), (h, 80), (h, y + h), (80, y + h), (80, y - h), (h, y - h),
                   (h, -80), (-h, -80), (-h, y - h), (-80, y - h), (-80, y + h), (-h, y + h)])]


def _saltire(width: float = 21.0) -> list[Sub]:
    h = width / 2
    cross = poly([(-h, 140), (h, 140), (h, h), (140, h), (140, -h), (h, -h),
                   (h, -140), (-h, -140), (-h, -h), (-140, -h), (-140, h), (-h, h)])
    return rotate([place([cross], 1, 0, FESS_Y)[0]], 45, 0, FESS_Y)


def _pall(width: float = 20.0) -> list[Sub]:
    """A Y: two arms to the upper corners, one stem down to the point."""
    h, y, far = width / 2, FESS_Y, 90.0
    d = h * math.sqrt(2)
    return [poly([(-h, -80), (h, -80), (h, y + h - d), (far, y + far - d),
                   (far, y + far + d), (0, y + d), (-far, y + far + d),
                   (-far, y + far - d), (-h, y + h - d)])]


ORDINARIES: dict[str, Callable[[], list[Sub]] | None] = {
    "none": None,
    "pale": lambda: [rect(-22, -80, 22, 80)],
    "fess": lambda: [rect(-80, FESS_Y - 16, 80, FESS_Y + 16)],
    "bend": lambda: [_band(28.0, -45.0)],
    "bend_sinister": lambda: [_band(28.0, 45.0)],
    "chevron": _chevron,
    "cross": _cross,
    "saltire": _saltire,
    "chief": lambda: [rect(-80, TOP - 34, 80, 80)],
    "bordure": lambda: [shield_outline(-5), shield_outline(10.0)],
    "pall": _pall,
    "pile": lambda: [poly([(-30, 80), (30, 80), (0, -38)])],
}


# -- charges (designed in a box of about [-1, 1] x [-1, 1]) ---------------------------

def _tower() -> list[Shape]:
    body = poly([(-0.54, -0.95), (0.54, -0.95), (0.54, -0.8), (0.42, -0.8), (0.42, 0.36),
                  (0.56, 0.36), (0.56, 0.8), (0.32, 0.8), (0.32, 0.62), (0.12, 0.62),
                  (0.12, 0.8), (-0.12, 0.8), (-0.12, 0.62), (-0.32, 0.62), (-0.32, 0.8),
                  (-0.56, 0.8), (-0.56, 0.36), (-0.42, 0.36), (-0.42, -0.8), (-0.54, -0.8)])
    door = symmetric([("M", 0, -0.8), ("L", 0.17, -0.8), ("L", 0.17, -0.44),
                       ("C", 0.17, -0.32, 0.09, -0.25, 0, -0.25)])
    window = symmetric([("M", 0, -0.02), ("L", 0.065, -0.02), ("L", 0.065, 0.17),
                         ("C", 0.065, 0.22, 0.035, 0.25, 0, 0.25)])
    ledge = rect(-0.56, 0.36, 0.56, 0.47)
    return [([body], [door, window]), ([ledge], [])]


def _fleur_de_lis() -> list[Shape]:
    centre = symmetric([
        ("M", 0, 1.0),
        ("C", 0.08, 0.84, 0.27, 0.62, 0.26, 0.36),
        ("C", 0.25, 0.18, 0.15, 0.06, 0.11, -0.08),
        ("L", 0, -0.08)])
    petal = [("M", 0.13, -0.08),
             ("C", 0.16, 0.24, 0.36, 0.5, 0.6, 0.52),
             ("C", 0.84, 0.54, 0.99, 0.36, 0.95, 0.14),
             ("C", 0.93, 0.02, 0.88, -0.08, 0.8, -0.16),
             ("C", 0.81, 0.04, 0.76, 0.27, 0.6, 0.28),
             ("C", 0.46, 0.29, 0.38, 0.14, 0.37, -0.08),
             ("Z",)]
    foot = symmetric([
        ("M", 0, -0.22),
        ("L", 0.36, -0.22),
        ("C", 0.46, -0.27, 0.53, -0.37, 0.55, -0.52),
        ("C", 0.46, -0.45, 0.35, -0.41, 0.24, -0.41),
        ("C", 0.17, -0.47, 0.1, -0.56, 0, -0.72)])
    band = symmetric([("M", 0, -0.26), ("L", 0.44, -0.26),
                       ("C", 0.5, -0.26, 0.5, -0.05, 0.44, -0.05), ("L", 0, -0.05)])
    shapes: list[Shape] = [([centre], []), ([petal], []), (mirror([petal]), []), ([foot], []),
              ([band], [])]
    return [(place(o, 1.0, 0, -0.08), place(h, 1.0, 0, -0.08)) for o, h in shapes]


def _mullet() -> list[Shape]:
    return [([star(5, 1.0, 0.4, 0, -0.06)], [])]


def _key() -> list[Shape]:
    bow_c, dx = 0.58, -0.1
    bow = ([circle(dx, bow_c, 0.36)], [circle(dx, bow_c, 0.16)])
    shaft = poly([(-0.09, 0.26), (-0.09, -0.95), (0.46, -0.95), (0.46, -0.82), (0.3, -0.82),
                   (0.3, -0.71), (0.46, -0.71), (0.46, -0.56), (0.09, -0.56), (0.09, 0.26)])
    collar = rect(-0.19, 0.1, 0.19, 0.2)
    return [bow, (place([shaft], 1, dx), []), (place([collar], 1, dx), [])]


def _crown() -> list[Shape]:
    body = symmetric([
        ("M", 0, 0.66),
        ("L", 0.2, 0.1),
        ("L", 0.46, 0.5),
        ("L", 0.64, 0.06),
        ("L", 0.92, 0.4),
        ("L", 0.74, -0.3),
        ("L", 0, -0.3)])
    band = rect(-0.8, -0.62, 0.8, -0.26)
    gems = [poly([(x - 0.09, -0.44), (x, -0.35), (x + 0.09, -0.44), (x, -0.53)])
            for x in (-0.5, 0.0, 0.5)]
    pearls = [circle(x, y, r) for x, y, r in
              ((0, 0.76, 0.12), (0.46, 0.58, 0.1), (-0.46, 0.58, 0.1),
               (0.92, 0.48, 0.1), (-0.92, 0.48, 0.1))]
    # the gems are set in the field colour (holes would show the ordinary's edges)
    return [([body], []), ([band], []), (pearls, []), (gems, [], "field")]


def _lion() -> list[Shape]:
    # a lion's face: a scalloped mane, a round face, ears, and cut-out features
    n, r_out, r_in = 14, 0.98, 0.78
    mane: Sub = []
    for i in range(n):
        a0 = math.radians(90 + 360 * i / n)
        a1 = math.radians(90 + 360 * (i + 1) / n)
        am = (a0 + a1) / 2
        p0 = (r_in * math.cos(a0), r_in * math.sin(a0))
        tip = (r_out * math.cos(am), r_out * math.sin(am))
        p1 = (r_in * math.cos(a1), r_in * math.sin(a1))
        if i == 0:
            mane.append(("M", *p0))
        mane.append(("C", p0[0] + (tip[0] - p0[0]) * 0.2, p0[1] + (tip[1] - p0[1]) * 0.9,
                     tip[0], tip[1], tip[0], tip[1]))
        mane.append(("C", tip[0], tip[1], p1[0] + (tip[0] - p1[0]) * 0.2,
                     p1[1] + (tip[1] - p1[1]) * 0.9, *p1))
    mane.append(("Z",))
    face = circle(0, -0.04, 0.62)
    ears = [circle(-0.44, 0.44, 0.17), circle(0.44, 0.44, 0.17)]
    left_eye = poly([(-0.44, 0.16), (-0.28, 0.28), (-0.1, 0.16), (-0.28, 0.06)])
    right_eye = mirror([left_eye])[0]
    nose = symmetric([("M", 0, -0.16), ("L", 0.16, 0.02), ("L", 0, 0.02)])
    mouth = symmetric([("M", 0, -0.24), ("C", 0.08, -0.3, 0.22, -0.32, 0.3, -0.24),
                        ("C", 0.24, -0.42, 0.12, -0.48, 0, -0.48)])
    return [([mane], [circle(0, -0.04, 0.58)]), (ears, []),
            ([face], [left_eye, right_eye, nose, mouth])]


def _eagle() -> list[Shape]:
    wing = symmetric([
        ("M", 0, 0.66),
        ("L", 0.13, 0.5),
        ("C", 0.3, 0.62, 0.52, 0.78, 0.98, 0.78),
        ("L", 0.84, 0.6), ("L", 0.98, 0.54), ("L", 0.82, 0.38), ("L", 0.94, 0.3),
        ("L", 0.74, 0.16), ("L", 0.82, 0.06), ("L", 0.56, -0.02),
        ("C", 0.4, -0.05, 0.26, -0.1, 0.2, -0.2),
        ("L", 0.42, -0.46), ("L", 0.3, -0.46), ("L", 0.16, -0.34),
        ("L", 0.18, -0.58),
        ("L", 0.34, -0.94), ("L", 0.14, -0.8), ("L", 0, -0.96)])
    head = circle(0, 0.74, 0.17)
    beak = poly([(0.1, 0.8), (0.3, 0.72), (0.1, 0.66)])
    return [([wing], []), ([head], []), ([beak], [])]


def _sword() -> list[Shape]:
    blade = symmetric([("M", 0, 1.0), ("L", 0.11, 0.8), ("L", 0.11, -0.4), ("L", 0, -0.4)])
    guard = symmetric([("M", 0, -0.36), ("L", 0.4, -0.36),
                        ("C", 0.5, -0.36, 0.52, -0.5, 0.44, -0.5), ("L", 0, -0.5)])
    grip = rect(-0.07, -0.82, 0.07, -0.48)
    pommel = circle(0, -0.86, 0.13)
    return [([blade], []), ([grip], []), ([guard], []), ([pommel], [])]


def _crescent() -> list[Shape]:
    """A disc less a higher, smaller disc: horns up."""
    r1, c1 = 0.82, -0.08
    r2, c2 = 0.64, 0.3
    y = (r1 * r1 - r2 * r2 - c1 * c1 + c2 * c2) / (2 * (c2 - c1))   # the horns
    x = math.sqrt(max(r1 * r1 - (y - c1) ** 2, 0.0))
    a1 = math.atan2(y - c1, x)
    a2 = math.atan2(y - c2, x)
    steps = 36
    pts = []
    for i in range(steps + 1):          # outer arc, right horn to left, through the bottom
        a = a1 - (math.pi + 2 * a1) * i / steps
        pts.append((r1 * math.cos(a), c1 + r1 * math.sin(a)))
    for i in range(1, steps):           # inner arc back, left to right, through its bottom
        a = (math.pi - a2) + (math.pi + 2 * a2) * i / steps
        pts.append((r2 * math.cos(a), c2 + r2 * math.sin(a)))
    return [([poly(pts)], [])]


def _annulet() -> list[Shape]:
    return [([circle(0, 0, 0.8)], [circle(0, 0, 0.5)])]


def _roundel() -> list[Shape]:
    return [([circle(0, 0, 0.75)], [])]


CHARGES: dict[str, Callable[[], list[Shape]] | None] = {
    "none": None,
    "tower": _tower,
    "fleur_de_lis": _fleur_de_lis,
    "mullet": _mullet,
    "key": _key,
    "crown": _crown,
    "lion": _lion,
    "eagle": _eagle,
    "sword": _sword,
    "crescent": _crescent,
    "annulet": _annulet,
    "roundel": _roundel,
}

# How big a charge is (shield units per charge unit) and where it sits, by the
# ordinary it goes with: on a cross or saltire it sits on the crossing, under a
# chief it moves down, with a bordure it keeps off the border.
_CHARGE_SIZE = {"tower": 33.0, "fleur_de_lis": 37.0, "mullet": 35.0, "key": 40.0,
                "crown": 35.0, "lion": 36.0, "eagle": 38.0, "sword": 40.0,
                "crescent": 34.0, "annulet": 32.0, "roundel": 32.0}
_CHARGE_PLACE = {"chief": (0.0, -10.0, 0.75), "bordure": (0.0, FESS_Y - 2, 0.8)}


# -- the public API -------------------------------------------------------------------

def _value(arms, name: str) -> str:
    try:
        return getattr(arms, name)
    except AttributeError:
        if isinstance(arms, dict) and name in arms:
            return arms[name]
        raise ValueError(f"arms: no {name!r}") from None


def check_arms(arms) -> None:
    """Raise ValueError naming the first value of ``arms`` this module cannot draw."""
    for name, known in (("field", TINCTURES), ("pattern", PATTERNS),
                        ("ordinary", ORDINARIES), ("charge", CHARGES),
                        ("tincture", TINCTURES)):
        value = _value(arms, name)
        if value not in known:
            raise ValueError(f"arms {name} {value!r} is not implemented "
                             f"(known: {', '.join(known)})")


def shield_path(canvas, cx: float, cy: float, height: float, inset: float = 0.0):
    """A reportlab path of the shield outline ``height`` points tall centred
    at ``(cx, cy)`` (``inset`` in points, for a rim drawn around or inside)."""
    k = height / (TOP - POINT)
    p = canvas.beginPath()
    _emit(p, affine([shield_outline(inset / k)], k, 0, 0, k, cx, cy))
    return p


def draw_arms(canvas, arms, colour: str | RGB | None, cx: float, cy: float,
              height: float, *, greyscale_safe: bool = True) -> None:
    """Draw the heater shield of ``arms`` centred at ``(cx, cy)``, ``height``
    points tall (``height * SHIELD_RATIO`` wide).

    ``arms`` is a :class:`~herald.generator.database.Arms` (or anything with
    its five attributes, or a dict); ``colour`` the family colour ('#B3261E'
    or an RGB triple) used for the field, or None for the field's own
    tincture. With ``greyscale_safe`` (the default) the pattern's two tones
    are kept at least 0.17 apart in luma (see :func:`field_tones`); without
    it they are a softer step apart, for small or decorative uses. A charge
    over the ordinary is counterchanged (field colour where it lies on it).
    """
    check_arms(arms)
    if colour is None:
        base = tincture_rgb(_value(arms, "field"))
    elif isinstance(colour, str):
        base = hex_rgb(colour)
    else:
        base = tuple(colour)  # type: ignore[assignment]
    k = height / (TOP - POINT)
    canvas.saveState()
    canvas.translate(cx, cy)
    canvas.scale(k, k)
    # the shield in its own units is the same wherever it stands: computed
    # once per build and kind of canvas, then replayed (the same operators)
    _shield(canvas, tuple(_value(arms, name) for name in _PARTS), base, greyscale_safe)
    canvas.restoreState()


_PARTS = ("pattern", "ordinary", "charge", "tincture")


def _draw_shield(canvas, parts: tuple[str, str, str, str], colour: RGB,
                 greyscale_safe: bool) -> None:
    """The shield of ``draw_arms`` in shield units, its field ``colour``."""
    pattern, ordinary, charge, tincture_name = parts
    tincture = tincture_rgb(tincture_name)
    base, shade = field_tones(colour, greyscale_safe=greyscale_safe)

    shield = [shield_outline()]
    canvas.setLineJoin(1)
    canvas.setLineCap(1)
    canvas.setStrokeColorRGB(*INK)

    canvas.saveState()
    _clip(canvas, shield)

    canvas.setFillColorRGB(*base)
    draw(canvas, [rect(*_FRAME)])
    make = PATTERNS[pattern]
    if make is not None:
        canvas.setFillColorRGB(*shade)
        draw(canvas, make(), even_odd=pattern not in _NON_ZERO_PATTERNS)

    ord_make = ORDINARIES[ordinary]
    ord_subs = ord_make() if ord_make is not None else []
    if ord_subs:
        canvas.setFillColorRGB(*tincture)
        canvas.setLineWidth(1.4)
        draw(canvas, ord_subs, stroke=True)

    charge_make = CHARGES[charge]
    if charge_make is not None:
        dx, dy, f = _CHARGE_PLACE.get(ordinary, (0.0, FESS_Y, 1.0))
        s = _CHARGE_SIZE[charge] * f
        shapes = [(place(shape[0], s, dx, dy), place(shape[1], s, dx, dy),
                   base if shape[2:] == ("field",) else tincture)
                  for shape in charge_make()]
        canvas.setLineWidth(1.3)
        if ord_subs:
            # Counterchanged: where the charge lies on the ordinary (same
            # tincture) it takes the field colour, elsewhere the tincture, so
            # no part of it melts into the ordinary (a sable key on a sable
            # chevron). Two clipped passes: off the ordinary, then on it.
            off = [rect(*_FRAME)] + ord_subs
            for clip, on in ((off, False), (ord_subs, True)):
                canvas.saveState()
                _clip(canvas, clip)
                for outer, holes, fill in shapes:
                    canvas.setFillColorRGB(*(base if on and fill == tincture else
                                             tincture if on else fill))
                    draw(canvas, outer + holes, stroke=True)
                canvas.restoreState()
        else:
            for outer, holes, fill in shapes:
                canvas.setFillColorRGB(*fill)
                draw(canvas, outer + holes, stroke=True)
    canvas.restoreState()          # the shield clip

    canvas.setLineWidth(2.6)
    canvas.setStrokeColorRGB(*INK)
    draw(canvas, shield, fill=False, stroke=True)


_shield = replayed(_draw_shield)

