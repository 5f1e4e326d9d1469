"""What gets printed: every card of a game as a front and a back to draw.

A card's drawing functions take ``(canvas, x, y, bleed)``: they draw the card
with its trim box's lower-left corner at ``(x, y)`` in the canvas's current
coordinates, artwork running ``bleed`` points past the trim on every side and
never further. The same functions serve the home sheets, the print-shop file
and (rasterized) the PNGs.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.units import mm

from .geometry import CARD_H, CARD_W

Draw = Callable[[object, float, float, float], None]


@dataclass(frozen=True)
class PrintCard:
    key: str             # file stem and identity: "red-archer", "aid-red"
    back_key: str        # identity of its back: "back-red", "aid-red-back"
    label: str           # for messages: "red archer (fr)"
    draw_front: Draw
    draw_back: Draw
    # Trim size in points: French tarot unless the game prints another format
    # (mini cards, poker or bridge playing-card sizes); imposition groups by size.
    width: float = CARD_W
    height: float = CARD_H
    # The deck it is dealt from in Tabletop Simulator ("red", "aids"): one
    # deck per value, each with its own back; "" keeps it out (a sheet of
    # tokens is cut up, not dealt).
    deck: str = "cards"


def ornament(canvas, cx: float, y: float, width: float, colour) -> None:
    """A thin rule ``width`` long centred on ``cx``, with a lozenge in its
    middle: the divider under a card's title (Oriflamme and Asèt alike)."""
    canvas.setStrokeColor(colour)
    canvas.setFillColor(colour)
    canvas.setLineWidth(0.5)
    canvas.line(cx - width / 2, y, cx - 1.6 * mm, y)
    canvas.line(cx + 1.6 * mm, y, cx + width / 2, y)
    p = canvas.beginPath()
    p.moveTo(cx - 1.1 * mm, y)
    p.lineTo(cx, y + 0.8 * mm)
    p.lineTo(cx + 1.1 * mm, y)
    p.lineTo(cx, y - 0.8 * mm)
    p.close()
    canvas.drawPath(p, stroke=0, fill=1)
