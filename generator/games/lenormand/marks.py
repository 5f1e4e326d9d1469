"""The duel's small marks on the cards: which house a card belongs to and
which cards have a role.

* ``civilisation`` (even numbers): a gabled building;
* ``nature`` (odd numbers): a leaf;
* ``weapon`` (10 and 11): a sword;
* ``support`` (4 and 6): a shield.

``draw_mark(canvas, kind, cx, cy, size, colour)`` centres the mark at
``(cx, cy)`` in a square ``size`` points wide, in one flat colour: the marks
are meant to be small and quiet, so the deck stays an ordinary Lenormand deck
for every other use (and a plain deck leaves them out). The rules sheet can
draw the same marks to explain them.
"""
from __future__ import annotations

__all__ = ["MARKS", "draw_mark"]


def _building(p):
    p.moveTo(-0.8, -0.9)
    p.lineTo(0.8, -0.9)
    p.lineTo(0.8, 0.15)
    p.lineTo(0.0, 0.9)
    p.lineTo(-0.8, 0.15)
    p.close()
    # a door, cut out (even-odd)
    p.moveTo(-0.22, -0.9)
    p.lineTo(-0.22, -0.3)
    p.lineTo(0.22, -0.3)
    p.lineTo(0.22, -0.9)
    p.close()


def _leaf(p):
    p.moveTo(-0.75, -0.85)
    p.curveTo(-0.95, 0.1, -0.3, 0.85, 0.85, 0.9)
    p.curveTo(0.85, -0.25, 0.2, -0.95, -0.75, -0.85)
    p.close()
    # the vein, cut out as a thin sliver
    p.moveTo(-0.62, -0.7)
    p.lineTo(0.62, 0.62)
    p.lineTo(0.5, 0.66)
    p.lineTo(-0.66, -0.62)
    p.close()


def _sword(p):
    # blade (point up), cross-guard, grip, pommel: one outline
    p.moveTo(0.0, 1.0)
    p.lineTo(0.21, 0.7)
    p.lineTo(0.21, -0.3)
    p.lineTo(0.6, -0.3)
    p.lineTo(0.6, -0.5)
    p.lineTo(0.12, -0.5)
    p.lineTo(0.12, -0.74)
    p.lineTo(0.2, -0.74)
    p.lineTo(0.2, -1.0)
    p.lineTo(-0.2, -1.0)
    p.lineTo(-0.2, -0.74)
    p.lineTo(-0.12, -0.74)
    p.lineTo(-0.12, -0.5)
    p.lineTo(-0.6, -0.5)
    p.lineTo(-0.6, -0.3)
    p.lineTo(-0.21, -0.3)
    p.lineTo(-0.21, 0.7)
    p.close()


def _shield(p):
    p.moveTo(-0.78, 0.85)
    p.lineTo(0.78, 0.85)
    p.lineTo(0.78, 0.05)
    p.curveTo(0.78, -0.5, 0.35, -0.8, 0.0, -1.0)
    p.curveTo(-0.35, -0.8, -0.78, -0.5, -0.78, 0.05)
    p.close()
    # an inner band, cut out, so it reads as a shield and not a drop
    p.moveTo(-0.12, 0.62)
    p.lineTo(0.12, 0.62)
    p.lineTo(0.12, -0.62)
    p.lineTo(-0.12, -0.62)
    p.close()


MARKS = {"civilisation": _building, "nature": _leaf, "weapon": _sword, "support": _shield}


def draw_mark(canvas, kind: str, cx: float, cy: float, size: float,
              colour: tuple[float, float, float]) -> None:
    try:
        shape = MARKS[kind]
    except KeyError:
        raise ValueError(f"mark {kind!r}: expected one of {', '.join(MARKS)}") from None
    canvas.saveState()
    canvas.translate(cx, cy)
    canvas.scale(size / 2, size / 2)
    canvas.setFillColorRGB(*colour)
    p = canvas.beginPath()
    shape(p)
    canvas.drawPath(p, stroke=0, fill=1, fillMode=0)      # even-odd: the cut-outs
    canvas.restoreState()
