"""The four playing-card suits as vector shapes, and the insets' ranks.

The deck's fonts (EB Garamond, Cinzel) have no ♥ ♦ ♠ ♣ glyphs, so the
suits are drawn: ``draw_suit(canvas, suit, cx, cy, size, colour)`` centres
the symbol at ``(cx, cy)``, ``size`` points high.

An inset is written like the issue and the database write it, a rank then a
suit symbol: "9♥", "10♠", "K♣", "A♦"; :func:`parse_inset` reads it.
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["RANKS", "SUITS", "Inset", "draw_suit", "parse_inset", "rank_label", "SUIT_RGB"]

from .schema import RANKS  # the database's ranks, 6 to ace

SUITS = {"♥": "hearts", "♦": "diamonds", "♠": "spades", "♣": "clubs"}

# Printed rank letters: the French deck writes R(oi), D(ame), V(alet).
_RANK_LABELS = {"fr": {"J": "V", "Q": "D", "K": "R"}}

# the red a step lighter than a playing card's: 20 delta E from the black
# even for a protanope, who sees red darkened (issue 22)
SUIT_RGB = {"hearts": (0.769, 0.165, 0.118), "diamonds": (0.769, 0.165, 0.118),
            "spades": (0.12, 0.10, 0.08), "clubs": (0.12, 0.10, 0.08)}


@dataclass(frozen=True)
class Inset:
    rank: str        # one of RANKS
    suit: str        # hearts, diamonds, spades, clubs

    def __str__(self) -> str:
        symbol = next(s for s, name in SUITS.items() if name == self.suit)
        return f"{self.rank}{symbol}"


def parse_inset(text: str) -> Inset:
    """ "9♥" -> Inset("9", "hearts"); a ValueError names what is wrong."""
    text = str(text).strip()
    if len(text) < 2 or text[-1] not in SUITS or text[:-1] not in RANKS:
        raise ValueError(f"inset {text!r}: expected a rank ({' '.join(RANKS)}) then a suit "
                         f"({' '.join(SUITS)}), like '9♥'")
    return Inset(text[:-1], SUITS[text[-1]])


def rank_label(rank: str, locale: str) -> str:
    """The rank as printed in ``locale``: "K" is "R" in French."""
    return _RANK_LABELS.get(locale.split("-")[0], {}).get(rank, rank)


_K = 0.5522847498


def _heart(p):
    # in a box [-1, 1]: lobes on top, point at the bottom
    p.moveTo(0, -1)
    p.curveTo(0.25, -0.62, 1.0, -0.3, 1.0, 0.32)
    p.curveTo(1.0, 0.82, 0.38, 1.02, 0, 0.55)
    p.curveTo(-0.38, 1.02, -1.0, 0.82, -1.0, 0.32)
    p.curveTo(-1.0, -0.3, -0.25, -0.62, 0, -1)
    p.close()


def _diamond(p):
    p.moveTo(0, -1)
    p.curveTo(0.28, -0.55, 0.5, -0.28, 0.76, 0)
    p.curveTo(0.5, 0.28, 0.28, 0.55, 0, 1)
    p.curveTo(-0.28, 0.55, -0.5, 0.28, -0.76, 0)
    p.curveTo(-0.5, -0.28, -0.28, -0.55, 0, -1)
    p.close()


def _spade(p):
    p.moveTo(0, 1)
    p.curveTo(-0.25, 0.6, -1.0, 0.3, -1.0, -0.22)
    p.curveTo(-1.0, -0.7, -0.4, -0.82, -0.08, -0.45)
    p.curveTo(-0.1, -0.75, -0.25, -0.9, -0.42, -1.0)
    p.lineTo(0.42, -1.0)
    p.curveTo(0.25, -0.9, 0.1, -0.75, 0.08, -0.45)
    p.curveTo(0.4, -0.82, 1.0, -0.7, 1.0, -0.22)
    p.curveTo(1.0, 0.3, 0.25, 0.6, 0, 1)
    p.close()


def _circle(p, cx, cy, r):
    k = _K * r
    p.moveTo(cx + r, cy)
    p.curveTo(cx + r, cy + k, cx + k, cy + r, cx, cy + r)
    p.curveTo(cx - k, cy + r, cx - r, cy + k, cx - r, cy)
    p.curveTo(cx - r, cy - k, cx - k, cy - r, cx, cy - r)
    p.curveTo(cx + k, cy - r, cx + r, cy - k, cx + r, cy)
    p.close()


def _club(p):
    r = 0.44
    _circle(p, 0, 0.54, r)
    _circle(p, -0.52, -0.1, r)
    _circle(p, 0.52, -0.1, r)
    p.moveTo(-0.2, 0.1)
    p.lineTo(0.2, 0.1)
    p.lineTo(0.1, -0.3)
    p.curveTo(0.12, -0.7, 0.25, -0.9, 0.42, -1.0)
    p.lineTo(-0.42, -1.0)
    p.curveTo(-0.25, -0.9, -0.12, -0.7, -0.1, -0.3)
    p.close()


_SHAPES = {"hearts": _heart, "diamonds": _diamond, "spades": _spade, "clubs": _club}


def draw_suit(canvas, suit: str, cx: float, cy: float, size: float,
              colour: tuple[float, float, float] | None = None) -> None:
    """The suit symbol, ``size`` points high, centred at (cx, cy), in
    ``colour`` (default: red hearts and diamonds, black spades and clubs)."""
    try:
        shape = _SHAPES[suit]
    except KeyError:
        raise ValueError(f"suit {suit!r}: expected one of {', '.join(_SHAPES)}") from None
    canvas.saveState()
    canvas.translate(cx, cy)
    canvas.scale(size / 2, size / 2)
    canvas.setFillColorRGB(*(colour or SUIT_RGB[suit]))
    p = canvas.beginPath()
    shape(p)
    canvas.drawPath(p, stroke=0, fill=1, fillMode=1)     # non-zero: overlapping lobes
    canvas.restoreState()
