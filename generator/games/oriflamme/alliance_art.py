"""The Alliance box's ten card emblems.

The emblems follow :mod:`.emblems` (a dark silhouette, details cut out, in a
box of about [-1, 1] x [-1, 1]) and join its ``EMBLEMS``: an orb for the
Empress, a flame for the Zealot, a keyhole for the Informant, two linked rings
for the Diplomat, a broken sword for the Deserter, scales for the Magistrate,
a torch for the Insurrection, a tied purse for the Extortion, a rope ladder
for the Infiltration, a stack of coins for the Trade.
"""
from __future__ import annotations

import math
from collections.abc import Callable

from . import arms as A

__all__ = ["ALLIANCE_EMBLEMS"]

Shape = tuple


def _arc(cx, cy, rx, ry, a0, a1, steps=24):
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / steps)),
             cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / steps)))
            for i in range(steps + 1)]


def _empress() -> list[Shape]:
    """An imperial orb: a globe with its band and meridian, a cross on top."""
    globe = A.circle(0, -0.22, 0.7)
    band = A.rect(-0.7, -0.12, 0.7, 0.0)
    meridian = A.rect(-0.06, -0.92, 0.06, 0.48)
    cross = [A.rect(-0.07, 0.46, 0.07, 1.0), A.rect(-0.26, 0.66, 0.26, 0.8)]
    return [([globe], [band, meridian]), (cross, [])]


def _zealot() -> list[Shape]:
    """A flame: one tall tongue, a smaller one inside it."""
    flame = A.symmetric([("M", 0, 1.0), ("C", 0.2, 0.6, 0.66, 0.34, 0.62, -0.3),
                          ("C", 0.58, -0.76, 0.3, -0.96, 0, -0.96)])
    core = A.symmetric([("M", 0, 0.3), ("C", 0.1, 0.1, 0.32, -0.06, 0.3, -0.4),
                         ("C", 0.28, -0.66, 0.14, -0.76, 0, -0.76)])
    return [([flame], [core])]


def _informant() -> list[Shape]:
    """A keyhole in a round escutcheon."""
    plate = A.circle(0, 0, 0.92)
    hole = A.symmetric([("M", 0, 0.56), ("C", 0.2, 0.56, 0.32, 0.4, 0.32, 0.22),
                         ("C", 0.32, 0.08, 0.24, -0.02, 0.14, -0.08),
                         ("L", 0.26, -0.62), ("L", 0, -0.62)])
    rivets = [A.circle(0.66 * math.cos(a), 0.66 * math.sin(a), 0.07)
              for a in (math.radians(d) for d in (45, 135, 225, 315))]
    return [([plate], [hole] + rivets)]


def _diplomat() -> list[Shape]:
    """Two rings linked: an alliance."""
    left_out, left_in = A.circle(-0.32, 0, 0.62), A.circle(-0.32, 0, 0.44)
    right_out, right_in = A.circle(0.32, 0, 0.62), A.circle(0.32, 0, 0.44)
    # the left ring passes over the right one at the top: redraw its top arc
    over = A.thick_line(_arc(-0.32, 0, 0.53, 0.53, 20, 80), 0.09)
    return [([right_out], [right_in]), ([left_out], [left_in]), ([over], [])]


def _deserter() -> list[Shape]:
    """A sword broken in two: the hilt upright, the point fallen aside."""
    stub = A.poly([(-0.2, -0.2), (0.2, -0.2), (0.2, 0.46), (0.06, 0.34), (-0.04, 0.5),
                    (-0.2, 0.38)])
    fuller = A.rect(-0.05, -0.12, 0.05, 0.3)
    guard = A.symmetric([("M", 0, -0.18), ("L", 0.56, -0.18),
                          ("C", 0.7, -0.18, 0.72, -0.38, 0.6, -0.38), ("L", 0, -0.38)])
    grip = A.rect(-0.09, -0.74, 0.09, -0.36)
    pommel = A.circle(0, -0.82, 0.14)
    point = A.poly([(-0.2, 0.0), (0.2, 0.0), (0.2, 0.5), (0.0, 0.82), (-0.2, 0.5),
                     (-0.2, 0.1), (-0.06, 0.14), (0.04, 0.04)])
    fallen = A.place(A.rotate([point], -55), 0.85, 0.42, 0.3)
    return [([stub], [fuller]), ([guard, grip, pommel], []), (fallen, [])]


def _magistrate() -> list[Shape]:
    """Scales of justice: a post, a beam, two hanging pans."""
    post = A.rect(-0.06, -0.78, 0.06, 0.74)
    base = A.rect(-0.42, -0.94, 0.42, -0.78)
    beam = A.rect(-0.86, 0.58, 0.86, 0.68)
    knob = A.circle(0, 0.8, 0.1)
    parts = [post, base, beam, knob]
    pan = A.symmetric([("M", 0, -0.08), ("L", 0.34, -0.08),
                        ("C", 0.3, -0.34, 0.14, -0.4, 0, -0.4)])
    for s in (-1, 1):
        x = s * 0.7
        parts += [A.thick_line([(x, 0.6), (x - 0.26, -0.08)], 0.025),
                  A.thick_line([(x, 0.6), (x + 0.26, -0.08)], 0.025),
                  A.place([pan], 1.0, x, 0.0)[0]]
    return [(parts, [])]


def _insurrection() -> list[Shape]:
    """A raised torch: a bound handle, a cup, a flame."""
    handle = A.poly([(-0.1, -1.0), (0.1, -1.0), (0.16, 0.1), (-0.16, 0.1)])
    bands = [A.rect(-0.14, y, 0.14, y + 0.06) for y in (-0.6, -0.3)]
    cup = A.symmetric([("M", 0, 0.08), ("L", 0.34, 0.3), ("L", 0.3, 0.4), ("L", 0, 0.4)])
    flame = A.symmetric([("M", 0, 1.0), ("C", 0.12, 0.86, 0.44, 0.72, 0.4, 0.56),
                          ("C", 0.38, 0.46, 0.22, 0.42, 0, 0.42)])
    tongue = A.symmetric([("M", 0, 0.78), ("C", 0.08, 0.7, 0.18, 0.62, 0.16, 0.52),
                           ("L", 0, 0.5)])
    return [([handle, cup], bands), ([flame], [tongue])]


def _extortion() -> list[Shape]:
    """A purse tied at the neck, a coin mark on its belly."""
    bag = A.symmetric([("M", 0, 0.36), ("L", 0.22, 0.36),
                        ("C", 0.86, 0.1, 0.86, -0.86, 0, -0.9)])
    neck = A.rect(-0.3, 0.34, 0.3, 0.48)
    top = A.symmetric([("M", 0, 0.5), ("L", 0.26, 0.5), ("L", 0.46, 0.9), ("L", 0.2, 0.74),
                        ("L", 0, 0.86)])
    coin = A.circle(0, -0.3, 0.26)
    mark = A.rect(-0.05, -0.44, 0.05, -0.16)
    return [([bag], [coin]), ([neck, top], []), ([mark], [])]


def _infiltration() -> list[Shape]:
    """A rope ladder hanging from two hooks."""
    rails = [A.thick_line([(x, 0.86), (x + 0.04 * s, 0.0), (x, -0.96)], 0.05)
             for x, s in ((-0.42, 1), (0.42, -1))]
    hooks = [A.thick_line(_arc(x, 0.86, 0.14, 0.14, 0, 180), 0.05) for x in (-0.28, 0.56)]
    rungs = [A.rect(-0.42, y - 0.05, 0.42, y + 0.05) for y in (0.56, 0.18, -0.2, -0.58)]
    return [(rails + hooks + rungs, [])]


def _trade() -> list[Shape]:
    """A stack of coins, one standing beside it."""
    shapes = []
    for k in range(4):
        y = -0.72 + 0.28 * k
        side = A.rect(-0.74, y - 0.1, 0.06, y + 0.1)
        bottom = A.circle(-0.34, y - 0.1, 0.13, 0.4)
        top = A.circle(-0.34, y + 0.1, 0.13, 0.4)
        seam = A.rect(-0.7, y - 0.02, 0.02, y + 0.01)
        shapes.append(([side, bottom, top], [seam]))
    face = A.circle(-0.34, 0.2, 0.08, 0.26)
    shapes[-1] = (shapes[-1][0], shapes[-1][1] + [face])
    standing = A.circle(0.5, -0.34, 0.46, 0.3)
    rim = A.circle(0.5, -0.34, 0.32, 0.18)
    return shapes + [([standing], [rim])]


ALLIANCE_EMBLEMS: dict[str, Callable[[], list[Shape]]] = {
    "empress": _empress,
    "zealot": _zealot,
    "informant": _informant,
    "diplomat": _diplomat,
    "deserter": _deserter,
    "magistrate": _magistrate,
    "insurrection": _insurrection,
    "extortion": _extortion,
    "infiltration": _infiltration,
    "trade": _trade,
}
