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
class Piece:
    """A token or tile as a print shop die-cuts it: its trim at its real size
    (a round piece's, the square around its circle), drawn with its trim's
    lower-left corner at ``(x, y)`` and art running ``bleed`` past the trim,
    as a card is; ``count`` copies in the box, each printed alike."""
    key: str             # identity and the order the file lists it in: "token-1"
    name: str            # as the print shop's slug names it, in the kit's language
    width: float
    height: float
    round: bool          # a circle inscribed in the trim, else the trim's rectangle
    count: int
    draw_front: Draw
    draw_back: Draw


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
    # A sheet of tokens or tiles for the home sheets: the pieces it holds, at
    # their real size, which the print shop gets in a file of their own
    # (a card printer cannot die-cut a card-sized sheet of tokens).
    pieces: tuple[Piece, ...] = ()


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
