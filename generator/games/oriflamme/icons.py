"""Small vector icons that sit inline in text, drawn with the reportlab canvas.

Each icon is placed like a glyph: ``(canvas, x, y_baseline, size)`` with
``x`` the left edge of its advance, ``y_baseline`` the text baseline and
``size`` the font size in points; the ``*_width(size)`` functions give the
advance to leave in the line. The shapes are flat silhouettes with no detail
thinner than about 0.06 x size, so they stay legible at 7 pt and in
greyscale (the coin is light with a dark rim and mark).

- :func:`draw_influence` — the influence token: a gold coin with a rim and a
  small crown;
- :func:`draw_personnage_mark` — a head-and-shoulders figure;
- :func:`draw_intrigue_mark` — a dagger, point up to the right.

The kind marks are drawn in ``colour`` when given, else in the canvas's
current fill colour, like the text beside them; the coin has its own colours.
"""
from __future__ import annotations

from collections.abc import Sequence

from . import arms as A

__all__ = [
    "COIN_FILL", "COIN_INK",
    "draw_influence", "draw_intrigue_mark", "draw_kind_mark", "draw_personnage_mark",
    "influence_width", "mark_width",
]

COIN_FILL: A.RGB = (0.925, 0.765, 0.290)     # gold
COIN_INK: A.RGB = (0.300, 0.190, 0.040)      # dark bronze: rim and crown

_COIN_ADVANCE = 0.9
_MARK_ADVANCE = 0.86


def influence_width(size: float) -> float:
    """The advance of the influence icon at font size ``size`` (0.9 x size)."""
    return _COIN_ADVANCE * size


def mark_width(size: float) -> float:
    """The advance of a kind mark at font size ``size``."""
    return _MARK_ADVANCE * size


def _colour(value) -> A.RGB:
    if isinstance(value, str):
        return A.hex_rgb(value)
    return tuple(value)


def _set_mark_colour(canvas, colour) -> None:
    """A mark takes ``colour`` if given, else the canvas's current fill colour
    (the colour of the label it sits next to)."""
    if colour is not None:
        canvas.setFillColorRGB(*_colour(colour))


def draw_influence(canvas, x: float, y_baseline: float, size: float, *,
                   fill: Sequence[float] | str | None = None,
                   ink: Sequence[float] | str | None = None) -> None:
    """The influence token: a coin whose bottom sits just under the baseline
    and whose top reaches about the cap height, centred in its advance."""
    fill_rgb = COIN_FILL if fill is None else _colour(fill)
    ink_rgb = COIN_INK if ink is None else _colour(ink)
    r = 0.40 * size
    cx = x + influence_width(size) / 2
    cy = y_baseline + 0.33 * size
    rim = 0.075 * size
    canvas.saveState()
    canvas.setFillColorRGB(*fill_rgb)
    canvas.setStrokeColorRGB(*ink_rgb)
    canvas.setLineWidth(rim)
    # the rim stroke straddles the edge: shrink the disc by half of it so the
    # whole coin stays within radius r
    canvas.circle(cx, cy, r - rim / 2, stroke=1, fill=1)
    crown = A.poly([(-0.48, -0.40), (0.48, -0.40), (0.54, 0.34), (0.25, 0.04),
                     (0.0, 0.46), (-0.25, 0.04), (-0.54, 0.34)])
    k = r * 0.98
    canvas.setFillColorRGB(*ink_rgb)
    A.draw(canvas, A.place([crown], k, cx, cy - 0.02 * r))
    canvas.restoreState()


def draw_personnage_mark(canvas, x: float, y_baseline: float, size: float, *,
                         colour: Sequence[float] | str | None = None) -> None:
    """A head-and-shoulders figure, from the baseline to about cap height."""
    u = size
    cx = x + mark_width(size) / 2
    head = A.circle(cx, y_baseline + 0.55 * u, 0.17 * u)
    w, top, b = 0.34 * u, y_baseline + 0.36 * u, y_baseline
    shoulders = [("M", cx - w, b),
                 ("L", cx - w, b + 0.10 * u),
                 ("C", cx - w, top - 0.02 * u, cx - 0.18 * u, top, cx, top),
                 ("C", cx + 0.18 * u, top, cx + w, top - 0.02 * u, cx + w, b + 0.10 * u),
                 ("L", cx + w, b),
                 ("Z",)]
    canvas.saveState()
    _set_mark_colour(canvas, colour)
    A.draw(canvas, [head], even_odd=False)
    A.draw(canvas, [shoulders], even_odd=False)
    canvas.restoreState()


def draw_intrigue_mark(canvas, x: float, y_baseline: float, size: float, *,
                       colour: Sequence[float] | str | None = None) -> None:
    """A dagger, pommel low left, point high right, within baseline..cap height."""
    # upright dagger in units, pommel at the origin's bottom, then turned
    blade = A.symmetric([("M", 0, 1.0), ("L", 0.115, 0.8), ("L", 0.115, 0.3),
                          ("L", 0, 0.3)])
    guard = A.rect(-0.27, 0.2, 0.27, 0.33)
    grip = A.rect(-0.07, -0.02, 0.07, 0.24)
    pommel = A.circle(0, -0.05, 0.1)
    parts = [blade, guard, grip, pommel]
    s = 0.76 * size                     # the dagger's length (point to pommel ~1.14 s)
    cx = x + mark_width(size) / 2
    cy = y_baseline + 0.34 * size
    placed = A.rotate(A.place(parts, s, 0, -0.47 * s), -45)
    placed = A.affine(placed, 1, 0, 0, 1, cx, cy)
    canvas.saveState()
    _set_mark_colour(canvas, colour)
    for sub in placed:
        A.draw(canvas, [sub], even_odd=False)
    canvas.restoreState()


def draw_kind_mark(canvas, kind: str, x: float, y_baseline: float, size: float, *,
                   colour: Sequence[float] | str | None = None) -> None:
    """The mark of a card kind: 'personnage' or 'intrigue'."""
    if kind == "personnage":
        draw_personnage_mark(canvas, x, y_baseline, size, colour=colour)
    elif kind == "intrigue":
        draw_intrigue_mark(canvas, x, y_baseline, size, colour=colour)
    else:
        raise ValueError(f"card kind {kind!r} has no mark (known: personnage, intrigue)")
