"""The 36 Lenormand subjects as small vector pictures, drawn with reportlab
path primitives only (no bitmap, no downloaded art).

``draw_subject(canvas, number, x, y, w, h, ink=..., tint=..., paper=...)``
draws subject ``number`` (1 Rider ... 36 Cross) fitted and centred in the box
with lower-left corner ``(x, y)``, ``w`` wide and ``h`` high.

One style for all 36, so the deck reads as one set: every picture is drawn
in a square of 100 x 100 "picture units" and scaled as a whole, so outlines
have the same weight on every card (:data:`LINE`, in picture units); three
tones only: ``ink`` (outlines, silhouettes, dark accents), ``tint`` (the
light fill of most shapes) and ``paper`` (highlights, whites). The tones
differ strongly in lightness, so a greyscale print keeps every shape.
Recognition comes from the silhouette: each subject keeps the one feature
people look for (the horse's head and legs, the anchor's flukes, the
scythe's blade) large and uncluttered.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence

__all__ = ["SUBJECTS", "INK", "TINT", "PAPER", "LINE", "draw_subject", "subject_name"]

RGB = tuple[float, float, float]

INK: RGB = (0.165, 0.129, 0.094)       # warm near black (the faces' text ink)
TINT: RGB = (0.780, 0.690, 0.560)      # a light sepia: about 0.70 luma
PAPER: RGB = (0.980, 0.965, 0.925)     # the card's cream
LINE = 1.9                              # outline width in picture units (1/100 of the box)

_K = 0.5522847498                       # bezier circle constant

Point = tuple  # (x, y) or (x, y, "c") for a corner in a smooth outline


class _Pen:
    """Draws in picture units with the three tones; every outline ``LINE`` wide."""

    def __init__(self, canvas, ink: RGB, tint: RGB, paper: RGB):
        self.c = canvas
        self.tones = {"i": ink, "t": tint, "p": paper}

    # -- building paths ---------------------------------------------------------------
    def path(self):
        return self.c.beginPath()

    def circle(self, cx, cy, r, ry=None, path=None):
        p = path if path is not None else self.path()
        rx, ry = r, (r if ry is None else ry)
        kx, ky = _K * rx, _K * ry
        p.moveTo(cx + rx, cy)
        p.curveTo(cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry)
        p.curveTo(cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy)
        p.curveTo(cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry)
        p.curveTo(cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy)
        p.close()
        return p

    def poly(self, points: Sequence, closed=True, path=None):
        p = path if path is not None else self.path()
        p.moveTo(*points[0][:2])
        for pt in points[1:]:
            p.lineTo(*pt[:2])
        if closed:
            p.close()
        return p

    def smooth(self, points: Sequence[Point], closed=True, tension=1.0, path=None):
        """A Catmull-Rom curve through ``points`` as beziers; a point written
        ``(x, y, "c")`` is a corner (the curve arrives and leaves straight)."""
        p = path if path is not None else self.path()
        pts = list(points)
        n = len(pts)
        p.moveTo(*pts[0][:2])
        last = n if closed else n - 1
        for i in range(last):
            a, b = pts[i], pts[(i + 1) % n]
            prev = pts[(i - 1) % n] if (closed or i > 0) else a
            nxt = pts[(i + 2) % n] if (closed or i + 2 < n) else b
            k = tension / 6.0
            if len(a) > 2:
                c1 = a[:2]
            else:
                c1 = (a[0] + (b[0] - prev[0]) * k, a[1] + (b[1] - prev[1]) * k)
            if len(b) > 2:
                c2 = b[:2]
            else:
                c2 = (b[0] - (nxt[0] - a[0]) * k, b[1] - (nxt[1] - a[1]) * k)
            p.curveTo(c1[0], c1[1], c2[0], c2[1], b[0], b[1])
        if closed:
            p.close()
        return p

    def star(self, cx, cy, r_out, r_in, n=5, phase=90.0, path=None):
        pts = []
        for i in range(2 * n):
            r = r_out if i % 2 == 0 else r_in
            a = math.radians(phase + 180.0 * i / n)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        return self.poly(pts, path=path)

    # -- painting ---------------------------------------------------------------------
    def paint(self, path, fill: str | None = "t", stroke=True, width: float = LINE,
              even_odd=False):
        c = self.c
        if fill is not None:
            c.setFillColorRGB(*self.tones[fill])
        if stroke:
            c.setStrokeColorRGB(*self.tones["i"])
            c.setLineWidth(width)
        c.drawPath(path, stroke=1 if stroke else 0, fill=0 if fill is None else 1,
                   fillMode=0 if even_odd else 1)

    def fill(self, path, tone="t", **kw):
        self.paint(path, fill=tone, **kw)

    def solid(self, path, tone="i"):
        self.paint(path, fill=tone, stroke=False)

    def line(self, points, width: float = LINE, tone="i", smooth=False):
        c = self.c
        c.setStrokeColorRGB(*self.tones[tone])
        c.setLineWidth(width)
        p = self.smooth(points, closed=False) if smooth else self.poly(points, closed=False)
        c.drawPath(p, stroke=1, fill=0)

    def stalk(self, points, width, tone="i", outline=True):
        """A thick rounded stroke (a stem, a leg, a handle), outlined in ink
        when its own tone is lighter."""
        if outline and tone != "i":
            self.line(points, width + 2 * LINE, "i", smooth=len(points) > 2)
        self.line(points, width, tone, smooth=len(points) > 2)


class _At:
    """``with _At(pen, x, y, angle, scale):`` draws in a moved, turned, scaled frame."""

    def __init__(self, pen, x, y, angle=0.0, scale=1.0):
        self.c, self.args = pen.c, (x, y, angle, scale)

    def __enter__(self):
        x, y, angle, scale = self.args
        self.c.saveState()
        self.c.translate(x, y)
        self.c.rotate(angle)
        self.c.scale(scale, scale)

    def __exit__(self, *exc):
        self.c.restoreState()


def _band(pen, spine, width: Callable[[float], float], steps=12):
    """The outline of a band along the curve through ``spine`` whose half
    width at fraction ``t`` of its length is ``width(t)``; returns (outline
    path, sampled spine)."""
    samples = _sample(spine, steps)
    n = len(samples)
    left, right = [], []
    for i, (x, y) in enumerate(samples):
        x0, y0 = samples[max(i - 1, 0)]
        x1, y1 = samples[min(i + 1, n - 1)]
        dx, dy = x1 - x0, y1 - y0
        d = math.hypot(dx, dy) or 1
        w = width(i / (n - 1))
        left.append((x - dy / d * w, y + dx / d * w))
        right.append((x + dy / d * w, y - dx / d * w))
    return pen.poly(left + right[::-1]), samples


def _leaf(pen, x0, y0, x1, y1, width, tone="t", vein=True):
    """A pointed leaf from (x0, y0) to (x1, y1), ``width`` across."""
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy)
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    mx, my = x0 + dx * 0.45, y0 + dy * 0.45
    p = pen.path()
    p.moveTo(x0, y0)
    p.curveTo(x0 + dx * 0.15 + nx * 1.3, y0 + dy * 0.15 + ny * 1.3,
              mx + dx * 0.3 + nx * 1.1, my + dy * 0.3 + ny * 1.1, x1, y1)
    p.curveTo(mx + dx * 0.3 - nx * 1.1, my + dy * 0.3 - ny * 1.1,
              x0 + dx * 0.15 - nx * 1.3, y0 + dy * 0.15 - ny * 1.3, x0, y0)
    p.close()
    pen.fill(p, tone)
    if vein:
        pen.line([(x0 + dx * 0.1, y0 + dy * 0.1), (x0 + dx * 0.8, y0 + dy * 0.8)], LINE * 0.6)


def _ground(pen, y=8.0, x0=10.0, x1=90.0):
    """A short ground line under a standing subject."""
    pen.line([(x0, y), (x1, y)], LINE)


# -- the subjects -----------------------------------------------------------------------

def _rider(pen):
    # the horse: an ink silhouette walking right, one foreleg lifted
    for leg in ([(62, 44), (64, 26), (64, 11)], [(55, 42), (62, 30), (57, 21)],
                [(30, 46), (25, 28), (29, 11)], [(37, 42), (35, 28), (41, 11)]):
        pen.line(leg, 5.6, "i", smooth=True)
    for hx, hy in ((64, 11), (29, 11), (41, 11)):
        pen.solid(pen.poly([(hx - 3.4, hy - 3.5), (hx + 3.6, hy - 3.5), (hx + 2.6, hy + 1.5),
                            (hx - 2.8, hy + 1.5)]))
    pen.solid(pen.poly([(55, 23), (58.5, 17), (62, 19.5), (59, 25)]))
    horse = pen.smooth([
        (26, 57), (37, 58), (50, 56), (60, 59), (65, 66), (70, 75), (73, 82), (72, 90, "c"),
        (77, 85), (81, 84), (87, 75), (93, 65), (91, 59), (85, 58), (80, 61), (74, 60),
        (69, 51), (66, 42), (57, 37), (42, 36), (31, 39), (24, 46), (22, 52),
    ])
    pen.solid(horse)
    pen.solid(pen.smooth([(25, 56), (17, 52), (13, 40), (12, 28, "c"), (18, 38), (24, 46)]))
    pen.line([(62, 60), (67, 70), (71, 80)], LINE * 0.9, "t", smooth=True)       # mane
    pen.solid(pen.circle(81, 75, 1.7), "p")                                      # eye
    # the rider: leg down the flank, upright body, arm on the reins, hat
    pen.stalk([(47, 58), (56, 51), (54, 41)], 5.0, "t")
    pen.fill(pen.smooth([(42, 57, "c"), (53, 57, "c"), (56, 66), (55, 75, "c"), (44, 75, "c"),
                         (43, 66)]), "t")
    pen.line([(55, 70), (64, 62), (88, 62)], LINE)                               # reins
    pen.stalk([(53, 71), (62, 64)], 3.6, "t")
    pen.fill(pen.circle(50, 81, 5.2), "t")
    pen.fill(pen.poly([(42, 84.5), (58, 84.5), (56, 87), (54.5, 87), (54, 93), (46, 93),
                       (45.5, 87), (44, 87)]), "i")


def _clover(pen):
    pen.stalk([(50, 50), (52, 30), (60, 10)], 3.4, "t")
    for angle in (90, 210, 330):
        with _At(pen, 50, 52, angle - 90):
            # a heart-shaped leaflet with its point at the centre
            pen.fill(_heart_path(pen, 0, 21, 0.5), "t")
            pen.line([(0, 2), (0, 26)], LINE * 0.6)
            pen.line([(0, 13), (-7, 21)], LINE * 0.5)
            pen.line([(0, 13), (7, 21)], LINE * 0.5)
    pen.solid(pen.circle(50, 52, 2.2))


def _ship(pen):
    # waves
    for y in (10, 17):
        pts = []
        for i in range(9):
            pts.append((8 + i * 10.5, y + (2.2 if i % 2 else -0.6)))
        pen.line(pts, LINE, smooth=True)
    # hull
    pen.fill(pen.smooth([(8, 36, "c"), (92, 38, "c"), (82, 21, "c"), (18, 21, "c")]), "i")
    pen.line([(12, 31), (88, 32)], LINE * 0.7, "t")
    # masts and sails
    pen.line([(38, 36), (38, 88)], LINE * 1.6)
    pen.line([(64, 37), (64, 80)], LINE * 1.6)
    for mx, top, bottom, half in ((38, 84, 60, 15), (38, 56, 40, 18), (64, 76, 58, 12),
                                  (64, 54, 41, 14)):
        pen.fill(pen.smooth([(mx - half, top, "c"), (mx + half, top, "c"),
                             (mx + half + 2, (top + bottom) / 2), (mx + half, bottom, "c"),
                             (mx - half, bottom, "c"), (mx - half + 2, (top + bottom) / 2)]),
                 "p")
    # jib and flag
    pen.fill(pen.poly([(66, 78), (90, 40), (70, 41)]), "t")
    pen.fill(pen.poly([(38, 88), (38, 94), (48, 91.5)]), "i")


def _house(pen):
    _ground(pen, 10, 6, 94)
    pen.fill(pen.poly([(66, 76), (66, 90), (74, 90), (74, 70)]), "t")          # chimney
    pen.fill(pen.poly([(20, 10), (80, 10), (80, 56), (20, 56)]), "p")          # walls
    pen.fill(pen.poly([(10, 54), (50, 88), (90, 54)]), "i")                    # roof
    pen.fill(pen.poly([(42, 10), (58, 10), (58, 34), (50, 39), (42, 34)]), "t")   # door
    pen.solid(pen.circle(55, 22, 1.2))
    for wx in (25, 63):
        pen.fill(pen.poly([(wx, 28), (wx + 12, 28), (wx + 12, 42), (wx, 42)]), "t")
        pen.line([(wx + 6, 28), (wx + 6, 42)], LINE * 0.7)
        pen.line([(wx, 35), (wx + 12, 35)], LINE * 0.7)
    pen.fill(pen.circle(50, 66, 4.5), "p")                                      # gable window


def _tree(pen):
    _ground(pen, 8, 14, 86)
    pen.fill(pen.smooth([(42, 8, "c"), (45, 22), (44, 44, "c"), (56, 44, "c"), (55, 22),
                         (59, 8, "c")]), "i")
    pen.line([(44, 9), (36, 6)], LINE * 1.4)
    pen.line([(56, 9), (64, 6)], LINE * 1.4)
    crown = pen.path()
    for cx, cy, r in ((50, 76, 17), (32, 64, 14), (68, 64, 14), (38, 50, 12), (62, 50, 12),
                      (50, 56, 14), (35, 78, 11), (65, 78, 11)):
        pen.circle(cx, cy, r, path=crown)
    pen.paint(crown, "i", stroke=True, width=LINE * 2.2)
    crown = pen.path()
    for cx, cy, r in ((50, 76, 17), (32, 64, 14), (68, 64, 14), (38, 50, 12), (62, 50, 12),
                      (50, 56, 14), (35, 78, 11), (65, 78, 11)):
        pen.circle(cx, cy, r, path=crown)
    pen.solid(crown, "t")
    for x, y in ((42, 70), (58, 62), (50, 82), (36, 58), (64, 76), (48, 52)):
        pen.line([(x - 3, y + 1.5), (x, y - 1), (x + 3, y + 1.5)], LINE * 0.7, smooth=True)


def _cloud(pen, cx, cy, s, tone):
    """A cloud of overlapping puffs with a flat base."""
    blobs = ((-18, 0, 10), (-7, 8, 13), (8, 10, 11), (19, 2, 9), (0, -2, 12))
    base = cy - 7 * s
    pen.c.saveState()
    clip = pen.poly([(cx - 40 * s, base), (cx + 40 * s, base), (cx + 40 * s, cy + 40 * s),
                     (cx - 40 * s, cy + 40 * s)])
    pen.c.clipPath(clip, stroke=0, fill=0)
    outline = pen.path()
    for dx, dy, r in blobs:
        pen.circle(cx + dx * s, cy + dy * s, r * s, path=outline)
    pen.paint(outline, "i", stroke=True, width=LINE * 2)
    inner = pen.path()
    for dx, dy, r in blobs:
        pen.circle(cx + dx * s, cy + dy * s, r * s, path=inner)
    pen.solid(inner, tone)
    pen.c.restoreState()
    pen.line([(cx - 25.5 * s, base + LINE / 2), (cx + 25.5 * s, base + LINE / 2)], LINE)


def _clouds(pen):
    _cloud(pen, 62, 66, 1.15, "i")
    _cloud(pen, 40, 44, 1.25, "t")
    for x in (26, 38, 50):
        pen.line([(x, 24), (x - 4, 12)], LINE)


def _snake(pen):
    # an S-shaped body tapering to the tail, the head raised on the right
    spine = [(64, 80), (52, 84), (36, 78), (30, 64), (42, 52), (60, 46), (70, 32),
             (62, 18), (44, 14), (28, 18), (18, 26)]

    def half(t):
        return 6.2 * (1 - t) ** 0.6 + 0.5
    body, samples = _band(pen, spine, half)
    pen.fill(body, "t")
    n = len(samples)
    for i in range(6, n - 14, 6):          # diamond markings along the back
        x, y = samples[i]
        x0, y0 = samples[i - 1]
        x1, y1 = samples[i + 1]
        d = math.hypot(x1 - x0, y1 - y0) or 1
        ux, uy = (x1 - x0) / d, (y1 - y0) / d
        s = half(i / (n - 1)) * 0.62
        pen.solid(pen.poly([(x + ux * s * 1.3, y + uy * s * 1.3), (x - uy * s, y + ux * s),
                            (x - ux * s * 1.3, y - uy * s * 1.3), (x + uy * s, y - ux * s)]))
    # the head: a broad rounded wedge looking right, an eye, a forked tongue
    pen.line([(78, 76), (86, 75), (90, 79)], LINE * 0.8)
    pen.line([(86, 75), (90, 71)], LINE * 0.8)
    head = pen.smooth([(60, 84), (66, 88), (74, 84), (79, 77, "c"), (72, 73), (62, 74)])
    pen.fill(head, "t")
    pen.solid(pen.circle(68, 81, 1.8))


def _sample(points, steps):
    """Points along the open Catmull-Rom curve through ``points``."""
    out = []
    n = len(points)
    for i in range(n - 1):
        p0 = points[max(i - 1, 0)]
        p1, p2 = points[i], points[i + 1]
        p3 = points[min(i + 2, n - 1)]
        for s in range(steps):
            t = s / steps
            t2, t3 = t * t, t * t * t
            out.append(tuple(0.5 * ((2 * p1[k]) + (-p0[k] + p2[k]) * t
                                    + (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k]) * t2
                                    + (-p0[k] + 3 * p1[k] - 3 * p2[k] + p3[k]) * t3)
                             for k in (0, 1)))
    out.append(points[-1])
    return out


def _coffin(pen):
    outline = [(50 - 13, 6), (50 + 13, 6), (50 + 21, 66), (50 + 13, 94), (50 - 13, 94),
               (50 - 21, 66)]
    pen.fill(pen.poly(outline), "i")
    inner = [(50 - 10, 10), (50 + 10, 10), (50 + 17, 66), (50 + 10.5, 90), (50 - 10.5, 90),
             (50 - 17, 66)]
    pen.line(inner + [inner[0]], LINE * 0.7, "t")
    pen.fill(pen.poly([(47.5, 30), (52.5, 30), (52.5, 62), (61, 62), (61, 67), (52.5, 67),
                       (52.5, 78), (47.5, 78), (47.5, 67), (39, 67), (39, 62), (47.5, 62)]),
             "p", stroke=False)


def _flower(pen, cx, cy, r, petals=6, tone="p", phase=90.0):
    for k in range(petals):
        a = math.radians(phase + 360 * k / petals)
        pen.fill(pen.circle(cx + math.cos(a) * r * 0.62, cy + math.sin(a) * r * 0.62,
                            r * 0.45), tone)
    pen.fill(pen.circle(cx, cy, r * 0.36), "i")


def _bouquet(pen):
    # five flowers on stems gathered by a bow
    heads = [(27, 64, "p"), (73, 64, "p"), (50, 82, "p"), (38, 48, "t"), (62, 48, "t")]
    for hx, hy, _ in heads:
        pen.line([(50, 10), (50, 30), (hx, hy)], LINE * 1.1, smooth=True)
    _leaf(pen, 49, 36, 18, 44, 10)
    _leaf(pen, 51, 36, 82, 44, 10)
    for hx, hy, tone in heads:
        _flower(pen, hx, hy, 13 if tone == "p" else 11, 6 if tone == "p" else 5, tone)
    pen.fill(pen.poly([(50, 28), (35, 35), (35, 21)]), "i")
    pen.fill(pen.poly([(50, 28), (65, 35), (65, 21)]), "i")
    pen.line([(48, 26), (42, 10)], LINE * 1.4)
    pen.line([(52, 26), (58, 10)], LINE * 1.4)
    pen.fill(pen.circle(50, 28, 3.2), "i")


def _scythe(pen):
    # the snath (handle), a long gentle S from bottom left to top right
    pen.stalk([(26, 6), (38, 40), (52, 72), (60, 92)], 3.6, "t")
    # the two grips
    pen.stalk([(36, 34), (28, 40)], 3.0, "t")
    pen.stalk([(50, 66), (43, 72)], 3.0, "t")
    # the blade: a long curved crescent from the top of the snath
    blade = pen.path()
    blade.moveTo(58, 88)
    blade.curveTo(40, 100, 16, 92, 6, 74)
    blade.curveTo(20, 84, 40, 87, 58, 80)
    blade.close()
    pen.fill(blade, "i")
    pen.line([(54, 86), (36, 91), (16, 83)], LINE * 0.6, "t", smooth=True)


def _whip(pen):
    # a birch rod (a bundle of twigs, bound) leaning left, crossed by a whip
    # leaning right: each has its own handle, so no stroke of one runs over
    # the other's grip
    with _At(pen, 34, 52, 24):
        for dx, top in ((-8.5, 34), (-6, 40), (-3, 44), (0, 46), (3, 44), (6, 39), (8.5, 34)):
            pen.line([(dx * 0.35, -22), (dx * 0.9, 8), (dx * 1.8, top)], LINE * 0.9, smooth=True)
        pen.fill(pen.poly([(-5, -44), (5, -44), (4, -18), (-4, -18)]), "t")
        pen.fill(pen.poly([(-4.5, -22), (4.5, -22), (4.5, -17), (-4.5, -17)]), "i")
        pen.fill(pen.poly([(-5, -34), (5, -34), (5, -30), (-5, -30)]), "i")
    # the whip: a handle with a knob, then a lash tapering into a loop
    pen.stalk([(62, 8), (67, 36)], 5, "t")
    pen.fill(pen.circle(61.6, 6.6, 3.2), "i")
    lash, _ = _band(pen, [(67, 36), (68, 56), (65, 74), (70, 88), (84, 90), (88, 78), (80, 72),
                          (74, 78), (80, 86), (92, 84), (95, 70)],
                    lambda t: 2.4 * (1 - t) + 0.5)
    pen.solid(lash)


def _bird(pen, x, y, facing, s=1.0, tone="t"):
    f = facing

    def P(dx, dy, corner=False):
        return (x + dx * s * f, y + dy * s) + (("c",) if corner else ())
    body = pen.smooth([P(-14, 3), P(-20, 8, True), P(-8, 6), P(2, 12), P(8, 18), P(14, 16),
                       P(20, 13, True), P(14, 11), P(10, 2), P(2, -6), P(-8, -4)])
    pen.fill(body, tone)
    wing = pen.smooth([P(-12, 5), P(-4, 10), P(4, 6), P(-2, 0), P(-10, 1)])
    pen.fill(wing, "i")
    pen.solid(pen.circle(x + 11 * s * f, y + 15 * s, 1.2 * s))


def _birds(pen):
    pen.line([(6, 30), (40, 34), (70, 32), (94, 38)], LINE * 1.8, smooth=True)     # branch
    pen.line([(70, 32), (80, 22)], LINE * 1.4)
    _leaf(pen, 80, 22, 90, 12, 6)
    _leaf(pen, 22, 33, 14, 46, 6)
    for leg in (29, 34, 66, 71):
        pen.line([(leg, 40), (leg, 33.5)], LINE * 0.8)
    _bird(pen, 31, 42, 1, 1.4, "t")
    _bird(pen, 69, 42, -1, 1.4, "p")


def _child(pen):
    _ground(pen, 8, 22, 78)
    # legs
    pen.stalk([(44, 10), (45, 30)], 5, "t")
    pen.stalk([(56, 10), (55, 30)], 5, "t")
    pen.fill(pen.circle(42, 10, 3.5, 2.5), "i")
    pen.fill(pen.circle(58, 10, 3.5, 2.5), "i")
    # arms raised, holding a ball
    pen.stalk([(40, 50), (28, 60), (24, 70)], 4.2, "t")
    pen.stalk([(60, 50), (72, 58), (77, 66)], 4.2, "t")
    # smock
    pen.fill(pen.smooth([(41, 54, "c"), (59, 54, "c"), (63, 40), (68, 26, "c"), (32, 26, "c"),
                         (37, 40)]), "p")
    pen.line([(50, 54), (50, 46)], LINE * 0.6)
    # the big head, with a curl
    pen.fill(pen.circle(50, 67, 12), "t")
    pen.fill(pen.smooth([(38.5, 70), (42, 78), (50, 80), (58, 78), (61.5, 70), (55, 75),
                         (50, 73, "c"), (46, 76), (42, 74)]), "i")
    pen.line([(50, 79), (52, 84), (48, 86)], LINE * 0.9, smooth=True)
    pen.solid(pen.circle(45.5, 66, 1.3))
    pen.solid(pen.circle(54.5, 66, 1.3))
    pen.line([(46, 61), (50, 59), (54, 61)], LINE * 0.7, smooth=True)
    # the ball
    pen.fill(pen.circle(80, 78, 8), "p")
    pen.line([(72.3, 80), (87.7, 76)], LINE * 0.8)
    pen.line([(78, 70.3), (82, 85.7)], LINE * 0.8)


def _fox(pen):
    # a fox's head seen from the front: tall pointed ears, pointed muzzle,
    # white cheeks
    head = pen.smooth([(50, 14, "c"), (64, 26), (80, 46), (84, 58, "c"), (78, 66), (76, 90, "c"),
                       (60, 72), (50, 74), (40, 72), (24, 90, "c"), (22, 66), (16, 58, "c"),
                       (20, 46), (36, 26)])
    pen.fill(head, "t")
    for s in (-1, 1):
        pen.fill(pen.smooth([(50 + s * 14, 71, "c"), (50 + s * 24, 84, "c"),
                             (50 + s * 25.5, 68)]), "i")       # inside of the ear
        cheek = pen.smooth([(50, 14, "c"), (50 + s * 10, 24), (50 + s * 22, 40),
                            (50 + s * 33, 57, "c"), (50 + s * 18, 50), (50 + s * 6, 42)])
        pen.fill(cheek, "p")
        pen.fill(pen.smooth([(50 + s * 9, 52, "c"), (50 + s * 18, 56), (50 + s * 14, 60),
                             (50 + s * 7, 56)]), "i")          # eye
    pen.fill(pen.smooth([(46, 20), (50, 16), (54, 20), (50, 23)]), "i")      # nose
    pen.line([(50, 42), (50, 24)], LINE * 0.7)


def _bear(pen):
    for s in (-1, 1):
        pen.fill(pen.circle(50 + s * 25, 78, 10), "i")
        pen.fill(pen.circle(50 + s * 25, 78, 5), "t")
    pen.fill(pen.smooth([(50, 86), (72, 80), (82, 58), (76, 30), (50, 16), (24, 30), (18, 58),
                         (28, 80)]), "i")
    pen.fill(pen.circle(50, 36, 15, 12), "t")
    pen.solid(pen.smooth([(43, 42), (50, 46), (57, 42), (50, 36)]))      # nose
    pen.line([(50, 36), (50, 31)], LINE * 0.8)
    pen.line([(43, 31), (50, 31), (57, 31)], LINE * 0.8, smooth=True)
    pen.solid(pen.circle(38, 56, 3.2), "p")
    pen.solid(pen.circle(62, 56, 3.2), "p")


def _stars(pen):
    pen.fill(pen.star(50, 52, 30, 11, n=8, phase=90), "i")
    pen.fill(pen.star(50, 52, 18, 7, n=8, phase=112.5), "p")
    for cx, cy, r in ((16, 86, 8), (84, 84, 7), (14, 22, 6), (86, 18, 8), (34, 90, 4),
                      (68, 12, 4), (88, 52, 4), (10, 54, 4)):
        pen.fill(pen.star(cx, cy, r, r * 0.4, n=5), "t")


def _stork(pen):
    # a white stork standing on one leg: black flight feathers, an S-shaped
    # neck, a long beak
    pen.stalk([(50, 46), (51, 28), (50, 9)], 2.2, "t")                  # standing leg
    pen.stalk([(45, 46), (40, 32), (50, 28)], 2.2, "t")                 # folded leg
    pen.line([(44, 8), (58, 8)], LINE)
    neck, _ = _band(pen, [(58, 58), (64, 66), (62, 74), (63, 82), (67, 86)],
                    lambda t: 4.2 - 1.4 * t)
    pen.fill(neck, "p")
    body = pen.smooth([(14, 60, "c"), (30, 66), (48, 68), (62, 62), (64, 54), (54, 46),
                       (36, 47)])
    pen.fill(body, "p")
    pen.fill(pen.smooth([(14, 60, "c"), (30, 60), (46, 56), (58, 49), (52, 45.5), (36, 47)]),
             "i")                                                          # black feathers
    pen.fill(pen.circle(67, 86, 5), "p")
    pen.fill(pen.poly([(70, 88.5), (96, 80), (70.5, 83)]), "t")          # beak
    pen.solid(pen.circle(67.5, 87.5, 1.2))
    pen.line([(60, 63), (56, 58)], LINE * 0.6)                             # breast plumes


def _dog(pen):
    # a dog's head seen from the front: long hanging ears, broad muzzle,
    # tongue
    head = pen.smooth([(50, 84), (68, 80), (72, 60), (66, 36), (50, 26), (34, 36), (28, 60),
                       (32, 80)])
    pen.fill(head, "t")
    for s in (-1, 1):
        pen.fill(pen.smooth([(50 + s * 16, 82), (50 + s * 30, 78), (50 + s * 36, 56),
                             (50 + s * 32, 38, "c"), (50 + s * 24, 46), (50 + s * 20, 68)]), "i")
        pen.solid(pen.circle(50 + s * 9, 60, 3.2))
        pen.solid(pen.circle(50 + s * 8, 61, 1.0), "p")
    pen.fill(pen.smooth([(38, 44), (50, 52), (62, 44), (58, 32), (50, 30), (42, 32)]), "p")
    pen.solid(pen.smooth([(44, 48), (50, 51), (56, 48), (50, 43)]))   # nose
    pen.line([(50, 43), (50, 38)], LINE * 0.8)
    pen.line([(42, 38), (50, 37), (58, 38)], LINE * 0.8, smooth=True)
    pen.fill(pen.smooth([(46, 37, "c"), (54, 37, "c"), (54, 30), (50, 26), (46, 30)]), "t")


def _tower(pen):
    _ground(pen, 6, 12, 88)
    body = pen.poly([(30, 6), (70, 6), (66, 72), (34, 72)])
    pen.fill(body, "t")
    # courses of masonry
    for y in (20, 34, 48, 62):
        frac = (y - 6) / 66
        half = 20 - 4 * frac
        pen.line([(50 - half, y), (50 + half, y)], LINE * 0.5)
    # battlements
    top = [(30, 72), (70, 72), (70, 86), (64, 86), (64, 80), (58, 80), (58, 86), (52.5, 86),
           (52.5, 80), (47.5, 80), (47.5, 86), (42, 86), (42, 80), (36, 80), (36, 86), (30, 86)]
    pen.fill(pen.poly(top), "t")
    pen.line([(30, 75), (70, 75)], LINE * 0.7)
    # door and windows
    pen.fill(pen.smooth([(44, 6, "c"), (56, 6, "c"), (56, 18), (50, 24), (44, 18)]), "i")
    for wy in (38, 56):
        pen.fill(pen.smooth([(47, wy, "c"), (53, wy, "c"), (53, wy + 7), (50, wy + 10),
                             (47, wy + 7)]), "i")
    pen.fill(pen.poly([(50, 86), (50, 96), (60, 93)]), "i")           # pennant
    pen.line([(50, 86), (50, 97)], LINE)


def _garden(pen):
    # two clipped trees and flowers behind a picket fence
    for tx in (22, 78):
        pen.stalk([(tx, 30), (tx, 54)], 3.4, "i", outline=False)
        pen.fill(pen.circle(tx, 66, 14), "i")
        pen.line([(tx - 7, 70), (tx - 2, 74)], LINE * 0.9, "t")
        pen.line([(tx + 2, 62), (tx + 7, 66)], LINE * 0.9, "t")
    for fx, top, tone in ((40, 52, "p"), (50, 70, "t"), (60, 54, "p")):
        pen.line([(fx, 24), (fx, top)], LINE * 0.9)
        _flower(pen, fx, top, 10.5, 6 if tone == "p" else 5, tone)
    _leaf(pen, 50, 40, 42, 48, 5)
    # the fence
    for rail in (15, 27):
        pen.fill(pen.poly([(4, rail), (96, rail), (96, rail + 4), (4, rail + 4)]), "t")
    for k in range(11):
        px = 8 + k * 8.4
        pen.fill(pen.poly([(px - 3, 8), (px + 3, 8), (px + 3, 34), (px, 38), (px - 3, 34)]),
                 "p")


def _mountain(pen):
    _ground(pen, 10, 4, 96)
    back = pen.poly([(40, 10), (68, 78), (96, 10)])
    pen.fill(back, "t")
    pen.fill(pen.poly([(68, 78), (60, 58.5), (64, 61), (68, 56), (72, 61), (75.8, 59)]), "p")
    front = pen.poly([(4, 10), (36, 88), (70, 10)])
    pen.fill(front, "i")
    pen.fill(pen.poly([(36, 88), (27, 66), (31, 69), (35, 63), (39, 69), (44.4, 67)]), "p")
    pen.line([(36, 58), (44, 38), (42, 24)], LINE * 0.7, "t")


def _crossroads(pen):
    # a road from the foreground forking left and right into the distance
    # (narrowing as it goes), and a signpost in the fork
    pen.line([(4, 62), (20, 62)], LINE)
    pen.line([(80, 62), (96, 62)], LINE)
    road = pen.path()
    road.moveTo(22, 4)
    road.curveTo(32, 20, 36, 30, 28, 40)
    road.curveTo(22, 48, 14, 56, 8, 62)
    road.lineTo(16, 62)
    road.curveTo(26, 54, 40, 46, 50, 44)
    road.curveTo(60, 46, 74, 54, 84, 62)
    road.lineTo(92, 62)
    road.curveTo(86, 56, 78, 48, 72, 40)
    road.curveTo(64, 30, 68, 20, 78, 4)
    road.close()
    pen.fill(road, "t")
    for seg in (((50, 6), (50, 14)), ((50, 21), (50, 28)), ((50, 34), (50, 38))):
        pen.line(seg, LINE * 0.9, "p")
    for seg in (((34, 48), (28, 52)), ((22, 56), (18, 59)), ((66, 48), (72, 52)),
                ((78, 56), (82, 59))):
        pen.line(seg, LINE * 0.7, "p")
    # the signpost: a post and two arms pointing the two ways
    pen.fill(pen.poly([(48, 44), (52, 44), (52, 94), (48, 94)]), "i")
    pen.fill(pen.poly([(52, 88), (74, 88), (80, 83), (74, 78), (52, 78)]), "p")
    pen.fill(pen.poly([(48, 74), (26, 74), (20, 69), (26, 64), (48, 64)]), "p")
    for y0, x0, x1 in ((83, 57, 70), (69, 30, 43)):
        pen.line([(x0, y0), (x1, y0)], LINE * 0.6)
    for tx, ty in ((10, 30), (88, 28), (16, 14), (84, 12)):           # grass tufts
        pen.line([(tx - 3, ty + 4), (tx, ty), (tx + 3, ty + 4)], LINE * 0.8)
        pen.line([(tx, ty), (tx, ty + 5)], LINE * 0.8)


def _mouse(pen, x, y, facing, s, tone):
    f = facing

    def P(dx, dy, c=False):
        return (x + dx * s * f, y + dy * s) + (("c",) if c else ())
    pen.line([P(-17, 3), P(-26, 2), P(-30, 10), P(-24, 18), P(-28, 26)], LINE, smooth=True)
    for fx in (-8, 8):
        pen.line([P(fx, 0), P(fx + 3, -3)], LINE * 0.9)
    body = pen.smooth([P(-18, 4), P(-14, 12), P(-4, 17), P(8, 15), P(18, 9), P(26, 3, True),
                       P(14, 0), P(0, -1), P(-12, 0)])
    pen.fill(body, tone)
    light = "p" if tone == "i" else "i"
    pen.fill(pen.circle(x + 7 * s * f, y + 17 * s, 6.5 * s), tone)                 # ear
    pen.fill(pen.circle(x + 7 * s * f, y + 17 * s, 3.6 * s), "t" if tone == "i" else "p",
             stroke=False)
    pen.solid(pen.circle(x + 16 * s * f, y + 8 * s, 1.5 * s), light)
    pen.solid(pen.circle(x + 26 * s * f, y + 3 * s, 1.6 * s))
    for dy in (-1.5, 1.5):
        pen.line([P(23, 4), P(31, 4 + dy * 2)], LINE * 0.45)


def _mice(pen):
    _mouse(pen, 34, 58, 1, 1.25, "t")
    _mouse(pen, 58, 14, -1, 1.25, "i")
    # a wedge of cheese before the first
    pen.fill(pen.poly([(72, 62), (94, 68), (94, 56), (72, 50)]), "t")
    pen.fill(pen.poly([(72, 62), (94, 68), (89, 72), (68, 66)]), "p")
    pen.solid(pen.circle(80, 57, 2))
    pen.solid(pen.circle(88, 60, 1.6))


def _heart_path(pen, cx, cy, s):
    p = pen.path()
    p.moveTo(cx, cy - 40 * s)
    p.curveTo(cx + 12 * s, cy - 24 * s, cx + 40 * s, cy - 8 * s, cx + 40 * s, cy + 14 * s)
    p.curveTo(cx + 40 * s, cy + 34 * s, cx + 14 * s, cy + 40 * s, cx, cy + 20 * s)
    p.curveTo(cx - 14 * s, cy + 40 * s, cx - 40 * s, cy + 34 * s, cx - 40 * s, cy + 14 * s)
    p.curveTo(cx - 40 * s, cy - 8 * s, cx - 12 * s, cy - 24 * s, cx, cy - 40 * s)
    p.close()
    return p


def _heart(pen):
    pen.fill(_heart_path(pen, 50, 50, 1.08), "i")
    pen.fill(_heart_path(pen, 50, 51, 0.74), "t", stroke=False)
    pen.line([(30, 68), (26, 62), (26, 54)], LINE * 1.3, "p", smooth=True)      # highlight


def _ring(pen):
    band = pen.path()
    pen.circle(50, 40, 32, 26, path=band)
    pen.circle(50, 40, 24, 18, path=band)
    pen.paint(band, "t", even_odd=True)
    pen.line([(24, 44), (32, 56), (50, 60)], LINE * 0.8, "p", smooth=True)
    # the setting and the stone
    pen.fill(pen.poly([(40, 64), (60, 64), (56, 70), (44, 70)]), "t")
    stone = pen.poly([(40, 78), (46, 84), (54, 84), (60, 78), (50, 68)])
    pen.fill(stone, "p")
    pen.line([(40, 78), (60, 78)], LINE * 0.6)
    pen.line([(46, 84), (48, 78), (50, 68), (52, 78), (54, 84)], LINE * 0.6)
    for x, y, r in ((30, 84, 4), (72, 88, 3)):           # sparkle
        pen.solid(pen.star(x, y, r, r * 0.25, n=4), "i")


def _book(pen):
    # a closed book standing at a slight angle, pages and a clasp showing
    pages = pen.poly([(26, 14), (74, 14), (80, 20), (80, 88), (32, 88), (26, 82)])
    pen.fill(pages, "p")
    for k in range(1, 5):
        pen.line([(74 + k * 1.2, 15 + k * 1.2), (74 + k * 1.2, 82 + k * 1.2)], LINE * 0.4)
    cover = pen.poly([(20, 10), (72, 10), (72, 82), (20, 82)])
    pen.fill(cover, "i")
    pen.line([(26, 10), (26, 82)], LINE * 0.8, "t")                       # spine edge
    pen.fill(pen.poly([(34, 22), (64, 22), (64, 70), (34, 70)]), None)
    pen.c.setStrokeColorRGB(*pen.tones["t"])
    pen.c.setLineWidth(LINE * 0.8)
    pen.c.rect(35, 23, 28, 46, stroke=1, fill=0)
    pen.solid(pen.star(49, 46, 8, 3.2, n=4), "t")
    pen.fill(pen.poly([(68, 40), (84, 40), (84, 52), (68, 52)]), "t")    # clasp
    pen.solid(pen.circle(78, 46, 2))


def _letter(pen):
    env = pen.poly([(10, 20), (90, 20), (90, 76), (10, 76)])
    pen.fill(env, "p")
    pen.line([(10, 20), (42, 46)], LINE)
    pen.line([(90, 20), (58, 46)], LINE)
    flap = pen.poly([(10, 76), (90, 76), (50, 40)])
    pen.fill(flap, "t")
    # wax seal
    seal = pen.smooth([(50, 50), (56, 47), (60, 41), (57, 34), (50, 31), (43, 34), (40, 41),
                       (44, 47)])
    pen.fill(seal, "i")
    pen.solid(pen.star(50, 41, 5, 2, n=5), "t")


def _figure(pen, man: bool):
    _ground(pen, 6, 24, 76)
    if man:
        pen.stalk([(44, 8), (45, 40)], 7, "i", outline=False)
        pen.stalk([(56, 8), (55, 40)], 7, "i", outline=False)
        coat = pen.smooth([(36, 68, "c"), (64, 68, "c"), (66, 44), (64, 24, "c"),
                           (58, 24, "c"), (50, 40, "c"), (42, 24, "c"), (36, 24, "c"),
                           (34, 44)])
        pen.fill(coat, "t")
        pen.fill(pen.poly([(45, 68), (55, 68), (50, 56)]), "p")          # shirt front
        pen.line([(50, 56), (50, 40)], LINE * 0.7)
        pen.stalk([(36, 64), (30, 48), (30, 34)], 5, "t")
        pen.stalk([(64, 64), (72, 50), (74, 36)], 5, "t")
        pen.line([(74, 34), (78, 8)], LINE * 1.2)                        # cane
        pen.fill(pen.circle(50, 77, 8), "p")
        hat = pen.poly([(38, 83), (62, 83), (62, 85.5), (57, 85.5), (57, 98), (43, 98),
                        (43, 85.5), (38, 85.5)])
        pen.fill(hat, "i")
        pen.solid(pen.poly([(43, 88), (57, 88), (57, 90), (43, 90)]), "t")
    else:
        dress = pen.smooth([(44, 68, "c"), (56, 68, "c"), (58, 56), (60, 46, "c"), (78, 8, "c"),
                            (22, 8, "c"), (40, 46, "c"), (42, 56)])
        pen.fill(dress, "t")
        pen.line([(40, 46), (60, 46)], LINE)
        pen.line([(32, 24), (46, 30), (54, 26), (68, 30)], LINE * 0.6, smooth=True)
        pen.stalk([(44, 64), (36, 52), (40, 44)], 4.2, "t")
        pen.stalk([(56, 64), (66, 54), (70, 60)], 4.2, "t")
        pen.fill(pen.smooth([(70, 60), (66, 68), (72, 74), (78, 70), (76, 62)]), "p")  # fan
        pen.fill(pen.circle(50, 77, 8), "p")
        pen.fill(pen.smooth([(41, 76), (42, 86), (50, 89), (58, 86), (59, 76), (55, 82),
                             (50, 84, "c"), (45, 82)]), "i")               # hair
        pen.fill(pen.circle(50, 91, 4.5), "i")                            # bun
        pen.line([(46, 69), (50, 67), (54, 69)], LINE * 0.6, smooth=True)


def _gentleman(pen):
    _figure(pen, True)


def _lady(pen):
    _figure(pen, False)


def _lily_bloom(pen, x, y, angle, s):
    """A lily trumpet seen from the side: two flared petals behind, one in
    front, stamens; it opens towards ``angle``."""
    with _At(pen, x, y, angle, s):
        for side in (-1, 1):
            pen.fill(pen.smooth([(0, 0, "c"), (12, side * 6), (24, side * 14),
                                 (34, side * 22, "c"), (28, side * 10), (20, side * 2),
                                 (10, -side * 1)]), "p")
        for v in (-6, 0, 6):
            pen.line([(10, 0), (38, v)], LINE * 0.5)
            pen.solid(pen.circle(38, v, 1.6))
        pen.fill(pen.smooth([(0, 0, "c"), (14, 5), (28, 6), (36, 2, "c"), (28, -5), (14, -5)]),
                 "t")
        pen.line([(4, 0), (26, 0)], LINE * 0.5)


def _lilies(pen):
    pen.line([(50, 6), (50, 44), (50, 60)], LINE * 1.4, smooth=True)
    pen.line([(50, 44), (58, 52), (64, 54)], LINE * 1.2, smooth=True)
    pen.line([(50, 40), (42, 48), (36, 50)], LINE * 1.2, smooth=True)
    _leaf(pen, 50, 10, 26, 36, 8, "t")
    _leaf(pen, 50, 16, 74, 40, 8, "t")
    _lily_bloom(pen, 50, 58, 90, 1.0)
    _lily_bloom(pen, 64, 54, 15, 0.92)
    _lily_bloom(pen, 36, 50, 165, 0.92)


def _sun(pen):
    rays = []
    for k in range(16):
        a = math.radians(90 + 22.5 * k)
        r = 44 if k % 2 == 0 else 34
        b = math.radians(90 + 22.5 * k - 6), math.radians(90 + 22.5 * k + 6)
        rays.append(pen.poly([(50 + 22 * math.cos(b[0]), 50 + 22 * math.sin(b[0])),
                              (50 + r * math.cos(a), 50 + r * math.sin(a)),
                              (50 + 22 * math.cos(b[1]), 50 + 22 * math.sin(b[1]))]))
    for k, ray in enumerate(rays):
        pen.fill(ray, "i" if k % 2 == 0 else "t")
    pen.fill(pen.circle(50, 50, 24), "t")
    pen.fill(pen.circle(50, 50, 17), "p", stroke=False)


def _moon(pen):
    crescent = pen.path()
    crescent.moveTo(52, 92)
    crescent.curveTo(20, 90, 6, 64, 12, 40)
    crescent.curveTo(18, 18, 40, 6, 60, 8)
    crescent.curveTo(44, 18, 34, 34, 34, 50)
    crescent.curveTo(34, 68, 44, 84, 52, 92)
    crescent.close()
    pen.fill(crescent, "t")
    for cx, cy, r in ((72, 70, 6), (84, 44, 4.5), (66, 30, 3.5)):
        pen.solid(pen.star(cx, cy, r, r * 0.3, n=4), "i")


def _key(pen):
    # an old key, bow at the top, bit at the bottom, seen slightly tilted
    pen.c.saveState()
    pen.c.translate(50, 50)
    pen.c.rotate(-35)
    pen.c.translate(-50, -50)
    bow = pen.path()
    pen.circle(50, 78, 15, path=bow)
    pen.circle(50, 78, 8, path=bow)
    pen.paint(bow, "t", even_odd=True)
    pen.fill(pen.poly([(46, 63), (54, 63), (54, 4), (46, 4)]), "t")
    pen.fill(pen.poly([(44, 58), (56, 58), (56, 62), (44, 62)]), "i")
    bit = pen.poly([(54, 8), (66, 8), (66, 13), (61, 13), (61, 17), (66, 17), (66, 22),
                    (54, 22)])
    pen.fill(bit, "i")
    pen.c.restoreState()


def _fish(pen):
    body = pen.smooth([(90, 50, "c"), (76, 64), (56, 70), (36, 62), (24, 52, "c"), (36, 38),
                       (56, 30), (76, 36)])
    pen.fill(pen.smooth([(26, 52, "c"), (8, 68, "c"), (12, 52), (8, 34, "c")]), "i")    # tail
    pen.fill(pen.poly([(50, 68), (62, 80), (70, 66)]), "i")                             # fin
    pen.fill(pen.poly([(54, 33), (58, 22), (66, 34)]), "i")
    pen.fill(body, "t")
    pen.line([(72, 62), (68, 50), (72, 38)], LINE * 0.9, smooth=True)                    # gill
    pen.solid(pen.circle(80, 53, 2.4))
    pen.solid(pen.circle(80.6, 53.6, 0.8), "p")
    for x in (36, 46, 56):                                                               # scales
        for y in (44, 54):
            pen.line([(x, y + 5), (x + 4, y), (x, y - 5)], LINE * 0.5, smooth=True)
    for b in ((96, 64, 2.5), (92, 74, 1.8), (97, 82, 1.4)):                             # bubbles
        pen.fill(pen.circle(*b), "p")


def _anchor(pen):
    ring = pen.path()
    pen.circle(50, 86, 8, path=ring)
    pen.circle(50, 86, 4, path=ring)
    pen.paint(ring, "i", even_odd=True)
    pen.fill(pen.poly([(30, 72), (70, 72), (70, 66), (30, 66)]), "i")        # stock
    pen.fill(pen.poly([(46, 78), (54, 78), (54, 14), (46, 14)]), "i")         # shank
    arms = pen.path()
    arms.moveTo(46, 14)
    arms.curveTo(34, 16, 22, 24, 18, 36)
    arms.lineTo(12, 36)
    arms.lineTo(20, 48)
    arms.lineTo(28, 36)
    arms.lineTo(23, 36)
    arms.curveTo(28, 26, 40, 20, 50, 20)
    arms.curveTo(60, 20, 72, 26, 77, 36)
    arms.lineTo(72, 36)
    arms.lineTo(80, 48)
    arms.lineTo(88, 36)
    arms.lineTo(82, 36)
    arms.curveTo(78, 24, 66, 16, 54, 14)
    arms.lineTo(50, 6)
    arms.close()
    pen.fill(arms, "i")
    pen.line([(50, 60), (50, 24)], LINE * 0.6, "t")


def _cross(pen):
    pen.fill(pen.smooth([(14, 6, "c"), (86, 6, "c"), (74, 16), (50, 20), (26, 16)]), "t")
    cross = pen.poly([(44, 14), (56, 14), (56, 62), (76, 62), (76, 74), (56, 74), (56, 94),
                      (44, 94), (44, 74), (24, 74), (24, 62), (44, 62)])
    pen.fill(cross, "i")
    inner = [(48, 18), (52, 18), (52, 66), (72, 66), (72, 70), (52, 70), (52, 90), (48, 90),
             (48, 70), (28, 70), (28, 66), (48, 66)]
    pen.line(inner + [inner[0]], LINE * 0.6, "t")


# -- the table ------------------------------------------------------------------------------

SUBJECTS: dict[int, tuple[str, Callable]] = {
    1: ("rider", _rider), 2: ("clover", _clover), 3: ("ship", _ship), 4: ("house", _house),
    5: ("tree", _tree), 6: ("clouds", _clouds), 7: ("snake", _snake), 8: ("coffin", _coffin),
    9: ("bouquet", _bouquet), 10: ("scythe", _scythe), 11: ("whip", _whip),
    12: ("birds", _birds), 13: ("child", _child), 14: ("fox", _fox), 15: ("bear", _bear),
    16: ("stars", _stars), 17: ("stork", _stork), 18: ("dog", _dog), 19: ("tower", _tower),
    20: ("garden", _garden), 21: ("mountain", _mountain), 22: ("crossroads", _crossroads),
    23: ("mice", _mice), 24: ("heart", _heart), 25: ("ring", _ring), 26: ("book", _book),
    27: ("letter", _letter), 28: ("gentleman", _gentleman), 29: ("lady", _lady),
    30: ("lilies", _lilies),
    31: ("sun", _sun), 32: ("moon", _moon), 33: ("key", _key), 34: ("fish", _fish),
    35: ("anchor", _anchor), 36: ("cross", _cross),
}


def subject_name(number: int) -> str:
    """The subject's English name as printed, in lower case ("rider",
    "gentleman"), for messages and file names."""
    return _subject(number)[0]


def _subject(number: int):
    try:
        return SUBJECTS[number]
    except KeyError:
        raise ValueError(f"Lenormand subject {number!r}: expected a number from 1 to 36") \
            from None


def draw_subject(canvas, number: int, x: float, y: float, w: float, h: float, *,
                 ink: RGB = INK, tint: RGB = TINT, paper: RGB = PAPER) -> None:
    """Draw subject ``number`` fitted and centred in the box (x, y, w, h)."""
    _, draw = _subject(number)
    side = min(w, h)
    canvas.saveState()
    canvas.translate(x + (w - side) / 2, y + (h - side) / 2)
    canvas.scale(side / 100.0, side / 100.0)
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    draw(_Pen(canvas, ink, tint, paper))
    canvas.restoreState()
