"""Lengths and card sizes as a designer writes them in a layout file.

A length is a number of millimetres (``12``), or a number with a unit
(``12mm``, ``1.2cm``, ``0.5in``, ``9pt``), or a percentage of the card's
width or height along the same axis (``50%``); terms may be added or
subtracted (``100% - 6mm``). A card size is a known name (:data:`SIZES`)
or ``W x H`` with a unit (``63x88 mm``, ``2.5 x 3.5 in``).
"""
from __future__ import annotations

import math
import re

from reportlab.lib.units import inch, mm

UNITS = {"mm": mm, "cm": 10 * mm, "in": inch, "pt": 1.0, "": mm}

# Trim sizes in points, portrait. Inch sizes are the ones print-on-demand
# services sell (see presets.py): "poker" is 2.5 x 3.5 in everywhere in
# Herald (the Lenormand deck's --size poker too); 63 x 88 mm, the European
# playing card, is "euro-poker"; french-tarot is Herald's own games' size.
SIZES: dict[str, tuple[float, float]] = {
    "poker": (2.5 * inch, 3.5 * inch),
    "bridge": (2.25 * inch, 3.5 * inch),
    "tarot": (2.75 * inch, 4.75 * inch),
    "mini": (1.75 * inch, 2.5 * inch),
    "jumbo": (3.5 * inch, 5.5 * inch),       # The Game Crafter's jumbo deck
    "large": (3.5 * inch, 5.75 * inch),      # MakePlayingCards' and PrinterStudio's "jumbo"
    "square": (3.5 * inch, 3.5 * inch),
    "french-tarot": (61 * mm, 112 * mm),
    "euro-poker": (63 * mm, 88 * mm),
}
MIN_CARD = 20 * mm      # smaller or larger than this is surely a typing error
MAX_CARD = 300 * mm

_TERM = re.compile(r"\s*([+-]?)\s*(\d+(?:\.\d+)?|\.\d+)\s*(mm|cm|in|pt|%|)\s*", re.IGNORECASE)
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x\u00d7]\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)\s*$",
                   re.IGNORECASE)


class LengthError(ValueError):
    """A length or size that cannot be read; the message says what is expected."""


def length(value, whole: float) -> float:
    """``value`` in points; ``whole`` is what 100% is (the card's width or height)."""
    if isinstance(value, bool):
        raise LengthError(f"{value!r} is not a length")
    if isinstance(value, (int, float)):
        if not math.isfinite(value):
            raise LengthError(f"{value!r} is not a length")
        return float(value) * mm
    text = str(value).strip()
    if not text or len(text) > 60:
        raise LengthError(f"{text!r} is not a length like 12mm, 0.5in, 9pt or 50%")
    total, pos, first = 0.0, 0, True
    while pos < len(text):
        m = _TERM.match(text, pos)
        if m is None or m.end() == pos or (not first and not m.group(1)):
            raise LengthError(f"{text!r} is not a length like 12mm, 0.5in, 9pt, 50% "
                              "or 100% - 6mm")
        sign = -1.0 if m.group(1) == "-" else 1.0
        number, unit = float(m.group(2)), m.group(3).lower()
        total += sign * (number / 100 * whole if unit == "%" else number * UNITS[unit])
        pos, first = m.end(), False
    return total


def card_size(value) -> tuple[float, float]:
    """A card's trim (width, height) in points from a name or ``W x H unit``."""
    text = str(value).strip().lower()
    if text in SIZES:
        return SIZES[text]
    m = _SIZE.match(text)
    if m is None:
        raise LengthError(f"{value!r}: expected one of {', '.join(SIZES)} or a size like "
                          "'63x88 mm'")
    k = UNITS[m.group(3).lower()]
    w, h = float(m.group(1)) * k, float(m.group(2)) * k
    for side in (w, h):
        if not MIN_CARD <= side <= MAX_CARD:
            raise LengthError(f"{value!r}: each side must be {MIN_CARD / mm:.0f} to "
                              f"{MAX_CARD / mm:.0f} mm")
    return (w, h)


def size_words(size: tuple[float, float]) -> str:
    """A size as people read it: its name when it has one, and its millimetres."""
    w, h = size
    for name, (sw, sh) in SIZES.items():
        if abs(sw - w) < 0.3 * mm and abs(sh - h) < 0.3 * mm:
            return f"{name} ({w / mm:.1f}\u00d7{h / mm:.1f} mm)"
    return f"{w / mm:.1f}\u00d7{h / mm:.1f} mm"
