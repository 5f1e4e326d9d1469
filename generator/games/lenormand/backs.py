"""The Lenormand deck's back: night blue over the bleed, a quiet lattice, a
gold double frame inside the safe zone and a medallion (an eight-pointed
star in a ring of 36 pearls, one per card). No text.

The back must not tell one card from another, nor which way up a card lies:
everything is symmetric under a half turn. ``back_drawer(width, height)``
returns the drawing function ``(canvas, x, y, bleed)`` of the
:class:`~herald.generator.render.cards.PrintCard` contract for that trim size.
"""
from __future__ import annotations

import math

from reportlab.lib.units import mm

from ...render.cards import Draw
from ...render.geometry import FRAME_MIN_INSET
from ...render.recording import cached

__all__ = ["BACK_RGB", "GOLD_RGB", "back_drawer", "draw_back"]

BACK_RGB = (0.133, 0.188, 0.290)      # night blue (0.18 luma)
LATTICE_RGB = (0.180, 0.243, 0.353)   # a step lighter, barely there
GOLD_RGB = (0.851, 0.714, 0.408)      # 0.73 luma: stays clear of the blue in greyscale

OUTER_RULE = FRAME_MIN_INSET          # rule centres, from the trim: 5 mm in, where
INNER_RULE = FRAME_MIN_INSET + 1.2 * mm   # a drifting cut leaves borders looking even


def _star(p, cx, cy, r_out, r_in, n, phase):
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(phase + 180.0 * i / n)
        x, y = cx + r * math.cos(a), cy + r * math.sin(a)
        if i == 0:
            p.moveTo(x, y)
        else:
            p.lineTo(x, y)
    p.close()


def draw_back(canvas, width: float, height: float, x: float, y: float, bleed: float) -> None:
    """The back of a ``width`` x ``height`` card, trim's lower-left corner at
    (x, y), artwork running exactly ``bleed`` past the trim."""
    cx, cy = x + width / 2, y + height / 2
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(x - bleed, y - bleed, width + 2 * bleed, height + 2 * bleed)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.setFillColorRGB(*BACK_RGB)
    canvas.rect(x - bleed, y - bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)

    # the lattice: lozenges centred on the card (so a half turn keeps it)
    step = width / 6
    reach = math.hypot(width, height) / 2 + bleed
    n = int(reach / step) + 2
    canvas.setStrokeColorRGB(*LATTICE_RGB)
    canvas.setLineWidth(0.45)
    lattice = canvas.beginPath()
    for i in range(-n, n + 1):
        off = i * step
        for sx in (1, -1):     # lines x = sx*(y - cy)*k + cx + off
            lattice.moveTo(cx + off - sx * reach * 0.7, cy - reach)
            lattice.lineTo(cx + off + sx * reach * 0.7, cy + reach)
    canvas.drawPath(lattice, stroke=1, fill=0)

    # the frame
    canvas.setStrokeColorRGB(*GOLD_RGB)
    canvas.setFillColorRGB(*GOLD_RGB)
    o, i = OUTER_RULE, INNER_RULE
    canvas.setLineWidth(1.1)
    canvas.rect(x + o, y + o, width - 2 * o, height - 2 * o, stroke=1, fill=0)
    canvas.setLineWidth(0.45)
    canvas.roundRect(x + i, y + i, width - 2 * i, height - 2 * i, 2.2 * mm, stroke=1, fill=0)
    corner = INNER_RULE + 4.2 * mm
    for px, py in ((x + corner, y + corner), (x + width - corner, y + corner),
                   (x + corner, y + height - corner), (x + width - corner, y + height - corner)):
        p = canvas.beginPath()
        _star(p, px, py, 2.4 * mm, 0.55 * mm, 4, 90)
        canvas.drawPath(p, stroke=0, fill=1)

    # the medallion
    r = min(width, height) * 0.30
    canvas.setFillColorRGB(*BACK_RGB)
    canvas.setLineWidth(1.1)
    canvas.circle(cx, cy, r, stroke=1, fill=1)
    canvas.setLineWidth(0.45)
    canvas.circle(cx, cy, r * 0.80, stroke=1, fill=0)
    canvas.setFillColorRGB(*GOLD_RGB)
    pearls = canvas.beginPath()
    for k in range(36):
        a = math.radians(5 + 10 * k)
        pr = r * 0.90
        pearls.circle(cx + pr * math.cos(a), cy + pr * math.sin(a), r * 0.032)
    canvas.drawPath(pearls, stroke=0, fill=1)
    p = canvas.beginPath()
    _star(p, cx, cy, r * 0.72, r * 0.26, 8, 90)
    canvas.drawPath(p, stroke=0, fill=1)
    canvas.setFillColorRGB(*BACK_RGB)
    p = canvas.beginPath()
    _star(p, cx, cy, r * 0.34, r * 0.14, 8, 112.5)
    canvas.drawPath(p, stroke=0, fill=1)
    canvas.setFillColorRGB(*GOLD_RGB)
    canvas.circle(cx, cy, r * 0.07, stroke=0, fill=1)
    # finials on the long axis, between medallion and frame
    gap = (height / 2 - r - INNER_RULE)
    for s in (1, -1):
        fy = cy + s * (r + gap / 2)
        p = canvas.beginPath()
        p.moveTo(cx, fy + s * gap * 0.32)
        p.lineTo(cx + 1.6 * mm, fy)
        p.lineTo(cx, fy - s * gap * 0.18)
        p.lineTo(cx - 1.6 * mm, fy)
        p.close()
        canvas.drawPath(p, stroke=0, fill=1)
        canvas.circle(cx - 3.4 * mm, fy - s * 0.6 * mm, 0.7 * mm, stroke=0, fill=1)
        canvas.circle(cx + 3.4 * mm, fy - s * 0.6 * mm, 0.7 * mm, stroke=0, fill=1)
    canvas.restoreState()


# The same back is on every card of a build: record it once per size and bleed.
_cached_back = cached(draw_back)


def back_drawer(width: float, height: float) -> Draw:
    """The back for cards ``width`` x ``height`` points at trim."""
    def draw(canvas, x: float, y: float, bleed: float) -> None:
        canvas.saveState()
        canvas.translate(x, y)
        _cached_back(canvas, width, height, 0.0, 0.0, bleed)
        canvas.restoreState()
    draw.__name__ = "lenormand_back"
    return draw
