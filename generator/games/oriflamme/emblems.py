"""The ten card emblems: one vector picture per card, drawn like the arms.

Players read revealed cards across the table all game long, and every card
of a family carries the same arms; so each card has its own emblem, large in
a medallion on its face: a bow for the Archer, a sword for the Soldier, an
eye for the Spy, a crown for the Heir, a half-dark mask for the Shapeshifter,
a banner for the Lord, a dagger for the Assassination, a sealed scroll for
the Royal Decree, a toothed trap for the Ambush, a hooded figure for the
Conspiracy.

Each emblem is a dark silhouette with its details cut out (painted in the
medallion's colour), in the path language of :mod:`.arms`: shapes designed in a box
of about [-1, 1] x [-1, 1]. A silhouette with no colour of its own reads the
same in greyscale, at arm's length, and on any family colour.

``draw_emblem(canvas, card_id, cx, cy, radius, ink)`` draws one, centred at
``(cx, cy)``, reaching about ``radius`` points from the centre.
"""
from __future__ import annotations

import math
from collections.abc import Callable

from . import arms as A

__all__ = ["EMBLEMS", "draw_emblem", "draw_medallion"]

Shape = tuple        # (outer subpaths painted in ink, detail subpaths in paper)


def _arc(cx, cy, rx, ry, a0, a1, steps=24):
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / steps)),
             cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / steps)))
            for i in range(steps + 1)]


def _archer() -> list[Shape]:
    """A bow drawn with its arrow nocked, turned to the diagonal."""
    arc = _arc(-0.22, 0.0, 0.62, 0.92, -78, 78)
    taper = [0.06 + 0.08 * math.cos(math.radians(-78 + 156 * i / 24)) ** 2 for i in range(25)]
    limb = A.thick_line(arc, taper)
    tips = (arc[0], arc[-1])
    string = A.thick_line([tips[0], (-0.5, 0.0), tips[1]], 0.03)
    shaft = A.rect(-0.62, -0.045, 0.72, 0.045)
    head = A.poly([(0.66, -0.14), (1.0, 0.0), (0.66, 0.14), (0.72, 0.0)])
    fletch = [A.poly([(-0.86, 0.17), (-0.56, 0.17), (-0.46, 0.03), (-0.76, 0.03)]),
              A.poly([(-0.86, -0.17), (-0.56, -0.17), (-0.46, -0.03), (-0.76, -0.03)])]
    parts = [limb, string, shaft, head] + fletch
    return [(A.rotate(parts, 40), [])]


def _soldier() -> list[Shape]:
    """An upright sword: broad blade with a fuller, cross guard, grip, pommel."""
    blade = A.symmetric([("M", 0, 1.0), ("L", 0.2, 0.72), ("L", 0.2, -0.36), ("L", 0, -0.36)])
    fuller = A.symmetric([("M", 0, 0.62), ("L", 0.05, 0.56), ("L", 0.05, -0.26), ("L", 0, -0.26)])
    guard = A.symmetric([("M", 0, -0.32), ("L", 0.56, -0.32),
                          ("C", 0.7, -0.32, 0.72, -0.52, 0.6, -0.52), ("L", 0, -0.52)])
    grip = A.rect(-0.09, -0.82, 0.09, -0.5)
    pommel = A.circle(0, -0.88, 0.15)
    return [([blade], [fuller]), ([guard, grip], []), ([pommel], [])]


def _spy() -> list[Shape]:
    """A wide-open eye under a brow."""
    def almond(w, h, dy=0.0):
        return A.symmetric([("M", 0, h + dy), ("C", 0.5 * w, h + dy, w, 0.35 * h + dy, w, dy),
                             ("C", w, -0.35 * h + dy, 0.5 * w, -h + dy, 0, -h + dy)])
    outer = almond(1.0, 0.62, -0.08)
    white = almond(0.86, 0.5, -0.08)
    iris = A.circle(0, -0.08, 0.38)
    pupil = A.circle(0, -0.08, 0.15)
    glint = A.circle(0.15, 0.06, 0.07)
    brow = A.thick_line(_arc(0, -0.15, 0.92, 0.95, 35, 145), 0.06)
    return [([outer], [white]), ([iris], [pupil, glint]), ([brow], [])]


def _heir() -> list[Shape]:
    """A crown of three fleurons on a jewelled band."""
    body = A.symmetric([("M", 0, 0.5), ("L", 0.22, 0.0), ("L", 0.5, 0.32), ("L", 0.66, -0.08),
                         ("L", 0.92, 0.4), ("L", 0.8, -0.3), ("L", 0, -0.3)])
    band = A.rect(-0.86, -0.7, 0.86, -0.26)
    gems = [A.circle(x, -0.48, 0.1) for x in (-0.52, 0.0, 0.52)]
    pearls = [A.circle(x, y, 0.12) for x, y in ((0, 0.64), (0.5, 0.46), (-0.5, 0.46),
                                                  (0.94, 0.54), (-0.94, 0.54))]
    return [([body], []), ([band], gems), (pearls, [])]


def _shapeshifter() -> list[Shape]:
    """A mask, dark on one half and hollow on the other: two faces in one."""
    face = A.symmetric([("M", 0, 0.92), ("C", 0.5, 0.92, 0.78, 0.62, 0.78, 0.16),
                         ("C", 0.78, -0.4, 0.4, -0.9, 0, -0.96)])
    inner = A.symmetric([("M", 0, 0.8), ("C", 0.42, 0.8, 0.66, 0.56, 0.66, 0.16),
                          ("C", 0.66, -0.34, 0.34, -0.8, 0, -0.84)])
    # the dark half: the left half of the inner face
    half = [("M", 0, 0.8), ("C", -0.42, 0.8, -0.66, 0.56, -0.66, 0.16),
            ("C", -0.66, -0.34, -0.34, -0.8, 0, -0.84), ("Z",)]
    eye_l = A.poly([(-0.5, 0.18), (-0.34, 0.3), (-0.14, 0.2), (-0.32, 0.08)])
    eye_r = A.mirror([eye_l])[0]
    mouth_l = A.poly([(-0.3, -0.38), (-0.02, -0.46), (0.0, -0.46), (0.0, -0.36), (-0.14, -0.34)])
    mouth_r = A.mirror([mouth_l])[0]
    return [([face], [inner]), ([half], [eye_l, mouth_l]), ([eye_r, mouth_r], [])]


def _lord() -> list[Shape]:
    """A swallow-tailed banner on a lance."""
    pole = A.rect(-0.66, -1.0, -0.54, 0.8)
    finial = A.poly([(-0.6, 1.0), (-0.5, 0.84), (-0.6, 0.76), (-0.7, 0.84)])
    flag = [("M", -0.54, 0.76), ("C", -0.2, 0.9, 0.2, 0.6, 0.86, 0.72), ("L", 0.5, 0.28),
            ("L", 0.92, -0.16), ("C", 0.3, -0.1, -0.1, 0.12, -0.54, -0.02), ("Z",)]
    cross = [A.rect(-0.2, 0.22, 0.34, 0.34), A.rect(0.01, 0.02, 0.13, 0.56)]
    return [([pole, finial], []), ([flag], cross)]


def _assassination() -> list[Shape]:
    """A broad dagger striking down to the left, a drop falling from its point."""
    blade = A.symmetric([("M", 0, -0.9), ("C", 0.1, -0.7, 0.24, -0.4, 0.24, -0.1),
                          ("L", 0.22, 0.26), ("L", 0, 0.26)])
    edge = A.symmetric([("M", 0, -0.66), ("L", 0.05, -0.56), ("L", 0.05, 0.16), ("L", 0, 0.16)])
    guard = A.symmetric([("M", 0, 0.24), ("L", 0.5, 0.24),
                          ("C", 0.62, 0.24, 0.66, 0.42, 0.56, 0.44),
                          ("L", 0.46, 0.38), ("L", 0, 0.38)])
    grip = A.rect(-0.09, 0.36, 0.09, 0.72)
    pommel = A.circle(0, 0.8, 0.15)

    def turned(subs):
        return A.place(A.rotate(subs, -35), 0.95, 0.12, 0.1)
    drop = A.symmetric([("M", 0, 0.0), ("C", 0.03, -0.06, 0.13, -0.12, 0.13, -0.2),
                         ("C", 0.13, -0.28, 0.06, -0.32, 0, -0.32)])
    tip = turned([[("M", 0, -0.9)]])[0][0]
    return [(turned([blade]), turned([edge])), (turned([guard, grip, pommel]), []),
            (A.place([drop], 1.0, tip[1], tip[2] - 0.14), [])]


def _royal_decree() -> list[Shape]:
    """A scroll, rolled at both ends, its seal hanging below."""
    sheet = A.rect(-0.56, -0.62, 0.56, 0.74)
    rolls = [A.rect(-0.7, 0.68, 0.7, 0.92), A.rect(-0.7, -0.6, 0.7, -0.36)]
    lines = [A.rect(-0.4, y, 0.4 if k % 2 == 0 else 0.2, y + 0.07)
             for k, y in enumerate((0.5, 0.34, 0.18, 0.02, -0.14))]
    ribbon = A.poly([(-0.1, -0.6), (0.1, -0.6), (0.22, -0.92), (0.1, -0.86), (0.0, -0.98),
                      (-0.1, -0.86), (-0.22, -0.92)])
    seal = A.circle(0, -0.66, 0.2)
    crown = A.place([A.poly([(-0.5, -0.4), (0.5, -0.4), (0.56, 0.3), (0.26, 0.02), (0, 0.44),
                               (-0.26, 0.02), (-0.56, 0.3)])], 0.2, 0, -0.66)
    return [([sheet], lines), (rolls, []), ([ribbon], []), ([seal], crown)]


def _ambush() -> list[Shape]:
    """A wolf trap seen from above: open toothed jaws, a pan in the middle,
    a spring reaching out on each side."""
    ring_out, ring_in, n = 0.7, 0.56, 9
    jaw = A.circle(0, 0.0, ring_out)
    hole: A.Sub = []
    for i in range(2 * n):
        a = math.radians(90 + 180 * i / n)
        r = ring_in if i % 2 == 0 else ring_in - 0.34
        hole.append(("L" if hole else "M", r * math.cos(a), r * math.sin(a)))
    hole.append(("Z",))
    pan = A.circle(0, 0.0, 0.1)
    springs = []
    for s in (-1, 1):
        springs.append(A.rect(min(s * 0.6, s * 0.9), -0.1, max(s * 0.6, s * 0.9), 0.1))
        springs.append(A.circle(s * 0.88, 0.0, 0.16))
    eyes = [A.circle(s * 0.88, 0.0, 0.07) for s in (-1, 1)]
    chain = [A.circle(0, -0.76 - 0.12 * k, 0.075, 0.05) for k in range(3)]
    return [(springs, eyes), ([jaw], [hole]), ([pan] + chain, [])]


def _conspiracy() -> list[Shape]:
    """A hooded figure: a pointed cowl over a cloak, the face in shadow."""
    cloak = A.symmetric([("M", 0, 1.0), ("C", 0.36, 0.86, 0.56, 0.5, 0.56, 0.1),
                          ("C", 0.7, -0.2, 0.92, -0.5, 0.92, -0.98), ("L", 0, -0.98)])
    face = A.symmetric([("M", 0, 0.58), ("C", 0.2, 0.56, 0.32, 0.34, 0.32, 0.12),
                         ("C", 0.32, -0.08, 0.18, -0.2, 0, -0.24)])
    fold = A.symmetric([("M", 0, -0.34), ("L", 0.05, -0.34), ("L", 0.05, -0.98), ("L", 0, -0.98)])
    eyes = [A.poly([(x - 0.1, 0.18), (x, 0.23), (x + 0.1, 0.18), (x, 0.13)])
            for x in (-0.13, 0.13)]
    return [([cloak], [face, fold]), (eyes, [])]


EMBLEMS: dict[str, Callable[[], list[Shape]]] = {
    "archer": _archer,
    "soldier": _soldier,
    "spy": _spy,
    "heir": _heir,
    "shapeshifter": _shapeshifter,
    "lord": _lord,
    "assassination": _assassination,
    "royal_decree": _royal_decree,
    "ambush": _ambush,
    "conspiracy": _conspiracy,
}
# The Alliance box's emblems, drawn the same way (alliance_art.py).
from .alliance_art import ALLIANCE_EMBLEMS  # noqa: E402

EMBLEMS.update(ALLIANCE_EMBLEMS)


def draw_emblem(canvas, card_id: str, cx: float, cy: float, radius: float,
                ink: A.RGB = A.INK, paper: A.RGB = A.WHITE) -> None:
    """The emblem of ``card_id`` centred at (cx, cy), ``radius`` points to its
    box's edge: its shapes painted in ``ink`` in order, each one's details cut
    out in ``paper`` (the colour it sits on). ValueError for an unknown card."""
    make = EMBLEMS.get(card_id)
    if make is None:
        raise ValueError(f"card {card_id!r} has no emblem (known: {', '.join(EMBLEMS)})")
    canvas.saveState()
    for outer, holes in make():
        canvas.setFillColorRGB(*ink)
        for sub in A.place(outer, radius, cx, cy):     # overlapping parts add up
            A.draw(canvas, [sub], even_odd=False)
        if holes:
            canvas.setFillColorRGB(*paper)
            A.draw(canvas, A.place(holes, radius, cx, cy), even_odd=False)
    canvas.restoreState()


def draw_medallion(canvas, card_id: str, cx: float, cy: float, radius: float,
                   ring: A.RGB | None, paper: A.RGB, ink: A.RGB = A.INK) -> None:
    """The card's emblem in a round medallion of ``radius`` points: a
    ``paper`` disc inside a ring in ``ring`` (the family colour; None leaves
    the ring to the caller), outlined in ``ink``; the emblem fills about two
    thirds of the disc."""
    canvas.saveState()
    canvas.setStrokeColorRGB(*ink)
    if ring is not None:
        canvas.setFillColorRGB(*ring)
        canvas.setLineWidth(0.6)
        canvas.circle(cx, cy, radius, stroke=1, fill=1)
    canvas.setFillColorRGB(*paper)
    canvas.setLineWidth(0.4)
    canvas.circle(cx, cy, radius * 0.88, stroke=1, fill=1)
    draw_emblem(canvas, card_id, cx, cy, radius * 0.66, ink=ink, paper=paper)
    canvas.restoreState()
