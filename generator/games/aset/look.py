"""L'Ordre d'Asèt's visual vocabulary: colours, the five family emblems and the
framing shared by its cards, diagrams and booklet pages.

Each family has an emblem whose *shape* tells it apart, so that the families
stay distinct printed in greyscale, on a colour-blind player's table or at
arm's length across it: a sun (yellow), a flame (red), a crescent moon
(purple), a wave (blue), a leaf (green). A family the database adds beyond
these five gets a lozenge. Emblems are paths in a box of about [-1, 1]²,
filled in one colour; ``draw_emblem`` scales and places them.
"""
from __future__ import annotations

import math

from reportlab.lib.colors import Color, HexColor

PARCHMENT = HexColor("#F5EEDC")
PAPER = HexColor("#FFFDF7")
INK = HexColor("#231C14")
GOLD = HexColor("#9A7B2F")
NIGHT = HexColor("#281F3C")       # the Council's colour: decree and Order cards
NIGHT_LIGHT = HexColor("#4A3F66")
MUTED = HexColor("#6B5F50")

RGB = tuple[float, float, float]


def hex_rgb(colour: str) -> RGB:
    s = colour.lstrip("#")
    return tuple(int(s[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(x + (y - x) * t for x, y in zip(a, b))  # type: ignore[return-value]


def tone(colour: str, towards: RGB = (0.12, 0.10, 0.08), amount: float = 0.35) -> Color:
    """The family colour darkened: legible small text on parchment (yellow
    too: the lighter the colour, the further it is darkened)."""
    amount += 0.4 * max(0.0, _luma(colour) - 0.45) / 0.55
    return Color(*mix(hex_rgb(colour), towards, min(amount, 0.8)))


def _luma(colour: str) -> float:
    r, g, b = hex_rgb(colour)
    return 0.299 * r + 0.587 * g + 0.114 * b


def ink(colour: str) -> Color:
    """The family colour as a line or emblem on parchment: itself when dark
    enough to stand out, else darkened (the light yellow and lilac the
    colour-blind-safe palette needs)."""
    return HexColor(colour) if _luma(colour) < 0.55 else tone(colour, amount=0.45)


def on_field(colour: str) -> Color:
    """What stands out on a field of the family colour: a pale wash of it on
    a dark field, a dark tone of it on a light one."""
    return pale(colour, 0.55) if _luma(colour) < 0.55 else tone(colour, amount=0.45)


def pale(colour: str, amount: float = 0.82) -> Color:
    """The family colour washed out towards paper: a quiet background."""
    return Color(*mix(hex_rgb(colour), (1.0, 0.99, 0.96), amount))


# -- emblems ---------------------------------------------------------------------

def _sun(p):
    rays = 12
    for i in range(rays * 2):
        a = math.pi / 2 + i * math.pi / rays
        r = 1.0 if i % 2 == 0 else 0.62
        x, y = r * math.cos(a), r * math.sin(a)
        (p.moveTo if i == 0 else p.lineTo)(x, y)
    p.close()


def _sun_detail(p):
    p.circle(0, 0, 0.42)


def _flame(p):
    p.moveTo(0, 1.0)
    p.curveTo(0.25, 0.62, 0.78, 0.35, 0.7, -0.25)
    p.curveTo(0.64, -0.75, 0.3, -1.0, 0, -1.0)
    p.curveTo(-0.3, -1.0, -0.64, -0.75, -0.7, -0.25)
    p.curveTo(-0.74, 0.15, -0.45, 0.3, -0.38, 0.55)
    p.curveTo(-0.2, 0.35, -0.12, 0.25, -0.1, 0.05)
    p.curveTo(0.05, 0.35, 0.08, 0.7, 0, 1.0)
    p.close()


def _flame_detail(p):
    p.moveTo(0, 0.05)
    p.curveTo(0.15, -0.15, 0.35, -0.35, 0.3, -0.6)
    p.curveTo(0.25, -0.8, -0.25, -0.8, -0.3, -0.6)
    p.curveTo(-0.35, -0.4, -0.15, -0.25, 0, 0.05)
    p.close()


def _moon(p):
    # a crescent: the outer disc minus an offset disc, as one outline
    p.moveTo(0.35, 0.94)
    p.curveTo(-0.45, 1.05, -1.0, 0.5, -1.0, 0.0)
    p.curveTo(-1.0, -0.5, -0.45, -1.05, 0.35, -0.94)
    p.curveTo(-0.2, -0.65, -0.38, -0.3, -0.38, 0.0)
    p.curveTo(-0.38, 0.3, -0.2, 0.65, 0.35, 0.94)
    p.close()


def _moon_detail(p):
    for x, y, r in ((0.55, 0.35, 0.13), (0.72, -0.2, 0.09), (0.35, -0.5, 0.07)):
        p.circle(x, y, r)


def _wave(p):
    # a water drop
    p.moveTo(0, 1.0)
    p.curveTo(0.2, 0.55, 0.75, 0.05, 0.75, -0.32)
    p.curveTo(0.75, -0.75, 0.4, -1.0, 0, -1.0)
    p.curveTo(-0.4, -1.0, -0.75, -0.75, -0.75, -0.32)
    p.curveTo(-0.75, 0.05, -0.2, 0.55, 0, 1.0)
    p.close()


def _wave_detail(p):
    p.moveTo(-0.5, -0.35)
    p.curveTo(-0.3, -0.2, -0.15, -0.2, 0, -0.35)
    p.curveTo(0.15, -0.5, 0.3, -0.5, 0.5, -0.35)
    p.lineTo(0.5, -0.52)
    p.curveTo(0.3, -0.67, 0.15, -0.67, 0, -0.52)
    p.curveTo(-0.15, -0.37, -0.3, -0.37, -0.5, -0.52)
    p.close()


def _leaf(p):
    p.moveTo(0.05, 1.0)
    p.curveTo(0.75, 0.55, 0.8, -0.2, 0.2, -0.72)
    p.lineTo(0.12, -1.0)
    p.lineTo(-0.06, -1.0)
    p.lineTo(-0.02, -0.74)
    p.curveTo(-0.7, -0.3, -0.65, 0.5, 0.05, 1.0)
    p.close()


def _leaf_detail(p):
    p.moveTo(0.04, 0.75)
    p.lineTo(0.08, 0.75)
    p.lineTo(0.06, -0.7)
    p.lineTo(0.02, -0.7)
    p.close()
    for y, s in ((0.35, 1), (0.0, -1), (-0.3, 1)):
        p.moveTo(0.05, y)
        p.lineTo(0.05 + 0.38 * s, y + 0.25)
        p.lineTo(0.05 + 0.38 * s, y + 0.31)
        p.lineTo(0.05, y + 0.07)
        p.close()


def _lozenge(p):
    p.moveTo(0, 1)
    p.lineTo(0.7, 0)
    p.lineTo(0, -1)
    p.lineTo(-0.7, 0)
    p.close()


EMBLEMS = {"yellow": (_sun, _sun_detail), "red": (_flame, _flame_detail),
           "purple": (_moon, _moon_detail), "blue": (_wave, _wave_detail),
           "green": (_leaf, _leaf_detail)}


def draw_emblem(canvas, family_id: str, cx: float, cy: float, radius: float, ink,
                paper=None) -> None:
    """The family's emblem centred at (cx, cy), ``radius`` points to its tips,
    filled with ``ink``; its details cut out in ``paper`` (none: no details)."""
    outline, detail = EMBLEMS.get(family_id, (_lozenge, None))
    canvas.saveState()
    canvas.translate(cx, cy)
    canvas.scale(radius, radius)
    canvas.setFillColor(ink)
    p = canvas.beginPath()
    outline(p)
    canvas.drawPath(p, stroke=0, fill=1)
    if detail is not None and paper is not None:
        canvas.setFillColor(paper)
        p = canvas.beginPath()
        detail(p)
        canvas.drawPath(p, stroke=0, fill=1)
    canvas.restoreState()


def draw_seal(canvas, cx: float, cy: float, radius: float, ink, paper) -> None:
    """The Council's seal (decree backs, the Council in diagrams): a seven-
    pointed star for the seven ranks of the Order, in a ring."""
    canvas.saveState()
    canvas.setStrokeColor(ink)
    canvas.setLineWidth(radius * 0.07)
    canvas.circle(cx, cy, radius, stroke=1, fill=0)
    canvas.setFillColor(ink)
    p = canvas.beginPath()
    for i in range(14):
        a = math.pi / 2 + i * math.pi / 7
        r = radius * (0.82 if i % 2 == 0 else 0.38)
        x, y = cx + r * math.cos(a), cy + r * math.sin(a)
        (p.moveTo if i == 0 else p.lineTo)(x, y)
    p.close()
    canvas.drawPath(p, stroke=0, fill=1)
    canvas.setFillColor(paper)
    canvas.circle(cx, cy, radius * 0.2, stroke=0, fill=1)
    canvas.restoreState()
