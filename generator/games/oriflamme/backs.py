"""Card backs: one per family, drawn from its colour and coat of arms.

``back_drawer(family, db)`` returns a drawing function ``(canvas, x, y,
bleed)`` (the contract of :mod:`.cards`): a full-bleed background in the
family colour with a quiet all-over echo of the arms' field pattern, and the
coat of arms large in the middle between two finials. No text, and no frame
along the edges: a duplex misregistration of a millimetre would show as
uneven borders (see ``EDGE_CLEARANCE``). Everything but the upright shield is
symmetric under a half turn, so a back looks the same either way up.
"""
from __future__ import annotations

import math

from reportlab.lib.units import mm

from ...render.cards import Draw
from ...render.geometry import CARD_H, CARD_W, SAFE
from ...render.recording import cached
from . import arms as A

__all__ = ["back_drawer", "draw_back", "EDGE_CLEARANCE", "SHIELD_HEIGHT"]

SHIELD_HEIGHT = 46 * mm         # the coat of arms on a back
_RIM = 1.5 * mm                 # metal rim around the shield
# The finials sit midway between the shield and this far inside the trim.
INNER_RULE = SAFE + 2.5 * mm
# Nothing but the all-over field lies closer than this to the trim: a back
# printed 1 mm off its front then shows no uneven border (no frame to
# compare), only the pattern's phase moves.
EDGE_CLEARANCE = 8 * mm

# how far the background pattern's tone moves from the family colour
_PATTERN_CONTRAST = 0.13


def _pattern_tone(base: A.RGB) -> A.RGB:
    light = A.luminance(base) > 0.5
    return A.mix(base, A.BLACK, _PATTERN_CONTRAST * (0.6 if light else 1.0))


def _background_pattern(kind: str, cx: float, cy: float, half_w: float,
                        half_h: float) -> list:
    """Subpaths (in points) of the background's second tone, centred on the
    card so that a half turn about (cx, cy) maps the pattern onto itself."""
    R = A.rect
    if kind == "plain":
        return []
    if kind in ("paly", "barry"):
        w = CARD_W / 9              # nine stripes across the trim, one centred
        span = half_w if kind == "paly" else half_h
        n = int(span / w) + 2
        subs = []
        for i in range(-n, n + 1):
            if i % 2 == 0:
                continue
            c = i * w
            if kind == "paly":
                subs.append(R(cx + c - w / 2, cy - half_h, cx + c + w / 2, cy + half_h))
            else:
                subs.append(R(cx - half_w, cy + c - w / 2, cx + half_w, cy + c + w / 2))
        return subs
    if kind in ("bendy", "bendy_sinister"):
        w = 6 * mm
        reach = math.hypot(half_w, half_h)
        n = int(reach / w) + 2
        bands = [R(cx - reach, cy + i * w - w / 2, cx + reach, cy + i * w + w / 2)
                 for i in range(-n, n + 1) if i % 2]
        return A.rotate(bands, 45 if kind == "bendy_sinister" else -45, cx, cy)
    if kind == "chequy":
        w = CARD_W / 10
        nx, ny = int(half_w / w) + 1, int(half_h / w) + 1
        return [R(cx + i * w, cy + j * w, cx + (i + 1) * w, cy + (j + 1) * w)
                for i in range(-nx, nx) for j in range(-ny, ny) if (i + j) % 2]
    if kind == "lozengy":
        w, h = CARD_W / 7, CARD_W / 7 * 1.45
        nx, ny = int(half_w / w) + 2, int(half_h / h) + 2
        return [A.poly([(x, y + h / 2), (x + w / 2, y), (x, y - h / 2), (x - w / 2, y)])
                for i in range(-nx, nx + 1) for j in range(-ny, ny + 1)
                for x, y in [(cx + i * w, cy + j * h)]]
    if kind == "semy":
        step, r = CARD_W / 9, 0.9 * mm
        nx, ny = int(half_w / step) + 2, int(half_h / step) + 2
        subs = []
        for j in range(-ny, ny + 1):
            for i in range(-nx, nx + 1):
                if (i + j) % 2 == 0:
                    subs.append(A.circle(cx + i * step, cy + j * step, r))
        return subs
    if kind == "fretty":
        step, w = 9 * mm, 1.0 * mm
        reach = math.hypot(half_w, half_h)
        n = int(reach / step) + 2
        bars = [R(cx - reach, cy + i * step - w / 2, cx + reach, cy + i * step + w / 2)
                for i in range(-n, n + 1)]
        return A.rotate(bars, 45, cx, cy) + A.rotate(bars, -45, cx, cy)
    if kind == "gyronny":
        reach = 2 * math.hypot(half_w, half_h)
        subs = []
        for i in range(0, 16, 2):
            a0, a1 = math.radians(360 * i / 16), math.radians(360 * (i + 1) / 16)
            subs.append(A.poly([(cx, cy), (cx + reach * math.cos(a0), cy + reach * math.sin(a0)),
                                 (cx + reach * math.cos(a1), cy + reach * math.sin(a1))]))
        return subs
    raise ValueError(f"arms pattern {kind!r} is not implemented for backs")


_GLOW_STEPS = 40      # rings of the glow: neighbours differ by under 1/255 per channel


def _stepped_glow(canvas, cx: float, cy: float, radius: float, glow: A.RGB,
                  base: A.RGB, edge: A.RGB) -> None:
    """A radial glow (``glow`` at the centre, ``base`` at 0.55, ``edge`` at the
    rim) as nested discs of flat colour, outermost first.

    Not a PDF shading: a back is recorded once and replayed into a form
    XObject, and reportlab lists no shading in a form's resources (the
    ``/Sh0`` poppler reported as unknown). Flat fills also convert to CMYK
    like every other colour and render alike in every viewer."""
    def colour_at(t: float) -> A.RGB:
        if t <= 0.55:
            return A.mix(glow, base, t / 0.55)
        return A.mix(base, edge, (t - 0.55) / 0.45)

    for i in range(_GLOW_STEPS, 0, -1):
        t = i / _GLOW_STEPS
        canvas.setFillColorRGB(*colour_at(t - 0.5 / _GLOW_STEPS))
        A.draw(canvas, [A.circle(cx, cy, radius * t)])


def _ornament(canvas, cx: float, cy: float, ink: A.RGB, up: bool) -> None:
    """A small finial on the axis between shield and frame: a lozenge with two
    pellets, pointing away from the shield (the lower one is the upper one
    turned a half turn)."""
    s = 1.0 if up else -1.0
    shapes = [A.poly([(cx, cy + s * 4.2 * mm), (cx + 1.7 * mm, cy),
                       (cx, cy - s * 2.2 * mm), (cx - 1.7 * mm, cy)])]
    pellets = [A.circle(cx + dx, cy - s * 0.4 * mm, 0.75 * mm) for dx in (-3.6 * mm, 3.6 * mm)]
    canvas.setFillColorRGB(*ink)
    canvas.setStrokeColorRGB(*A.INK)
    canvas.setLineWidth(0.15 * mm)
    A.draw(canvas, shapes + pellets, stroke=True, even_odd=False)


def draw_back(canvas, arms, colour: str, x: float, y: float, bleed: float,
              saver: bool = False) -> None:
    """Draw the back for ``arms`` in ``colour`` with its trim's lower-left
    corner at (x, y), artwork running exactly ``bleed`` past the trim; with
    ``saver``, on white paper (a smaller shield, no background)."""
    A.check_arms(arms)
    if saver:
        _draw_saver_back(canvas, arms, colour, x, y)
        return
    base = A.hex_rgb(colour)
    ink = A.tincture_rgb(arms.tincture)
    cx, cy = x + CARD_W / 2, y + CARD_H / 2
    half_w, half_h = CARD_W / 2 + bleed, CARD_H / 2 + bleed

    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(x - bleed, y - bleed, CARD_W + 2 * bleed, CARD_H + 2 * bleed)
    canvas.clipPath(clip, stroke=0, fill=0)

    canvas.setFillColorRGB(*base)
    canvas.rect(x - bleed, y - bleed, CARD_W + 2 * bleed, CARD_H + 2 * bleed,
                stroke=0, fill=1)
    if arms.pattern == "plain":
        # a plain field: only a soft glow behind the shield
        glow = A.mix(base, A.WHITE, 0.10)
        edge = _pattern_tone(base)
        _stepped_glow(canvas, cx, cy, math.hypot(half_w, half_h), glow, base, edge)
    else:
        subs = _background_pattern(arms.pattern, cx, cy, half_w, half_h)
        canvas.setFillColorRGB(*_pattern_tone(base))
        A.draw(canvas, subs, even_odd=arms.pattern != "fretty")

    # the shield: a metal rim, then the arms
    shield_cy = cy
    rim = A.shield_path(canvas, cx, shield_cy, SHIELD_HEIGHT, inset=-_RIM)
    canvas.setFillColorRGB(*ink)
    canvas.setStrokeColorRGB(*A.INK)
    canvas.setLineWidth(0.35 * mm)
    canvas.drawPath(rim, stroke=1, fill=1)
    A.draw_arms(canvas, arms, colour, cx, shield_cy, SHIELD_HEIGHT)

    gap_top = y + CARD_H - INNER_RULE - (shield_cy + SHIELD_HEIGHT / 2 + _RIM)
    off = SHIELD_HEIGHT / 2 + _RIM + gap_top / 2
    _ornament(canvas, cx, shield_cy + off, ink, up=True)
    _ornament(canvas, cx, shield_cy - off, ink, up=False)
    canvas.restoreState()


def _draw_saver_back(canvas, arms, colour: str, x: float, y: float) -> None:
    """The ink-saving back: white paper, the arms a third smaller, a thin
    oval in the family colour around them, far from every edge."""
    cx, cy = x + CARD_W / 2, y + CARD_H / 2
    height = SHIELD_HEIGHT * 0.7
    canvas.saveState()
    canvas.setStrokeColorRGB(*A.hex_rgb(colour))
    canvas.setLineWidth(0.8 * mm)
    canvas.ellipse(cx - 20 * mm, cy - 33 * mm, cx + 20 * mm, cy + 33 * mm, stroke=1, fill=0)
    canvas.setStrokeColorRGB(*A.INK)
    canvas.setLineWidth(0.15 * mm)
    canvas.ellipse(cx - 21.2 * mm, cy - 34.2 * mm, cx + 21.2 * mm, cy + 34.2 * mm,
                   stroke=1, fill=0)
    A.draw_arms(canvas, arms, colour, cx, cy, height)
    canvas.restoreState()


def back_drawer(family, db=None, saver: bool = False) -> Draw:
    """The back of ``family`` (a Family, or its id looked up in ``db``); with
    ``saver``, the ink-saving back on white paper."""
    if isinstance(family, str):
        if db is None:
            raise ValueError(f"family {family!r}: a database is needed to look it up")
        family = db.family(family)
    arms = family.arms
    if arms is None:
        arms = _DefaultArms(family.colour)
    A.check_arms(arms)
    colour = family.colour

    def draw(canvas, x: float, y: float, bleed: float) -> None:
        canvas.saveState()
        canvas.translate(x, y)
        _cached_back(canvas, arms, colour, 0.0, 0.0, bleed, saver)
        canvas.restoreState()

    draw.__name__ = f"back_{family.id}"
    return draw


# The same back is drawn in every document of a build: record it once.
_cached_back = cached(draw_back)


class _DefaultArms:
    """Arms for a family that has none: a plain field with a mullet."""
    field = "argent"
    pattern = "plain"
    ordinary = "none"
    charge = "mullet"

    def __init__(self, colour: str):
        self.tincture = "sable" if A.luminance(A.hex_rgb(colour)) > 0.5 else "argent"
