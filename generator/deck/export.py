"""Images of a designer's deck for a screen, a shop page or a rules sheet: the
layout file's ``export:`` (what Squib's ``save_png`` and nanDECK's exports
offer).

    export:
      dpi: 150            # the images' resolution, 72 to 1200 (default 300)
      corners: 3mm        # each image cut at the trim, its corners rounded
      hand: [dawn, noon]  # a fanned hand of these cards: hand.png
      sheet: {columns: 2, rows: 3, gap: 2mm}    # the home sheets' grid and gaps

Written into ``export/`` beside the kit's ``png/`` (whose images keep their
bleed at 300 dpi: the Tabletop Simulator decks and the print shops use
them): one image per card front and per back, cut at the trim, transparent
outside its rounded corners, rasterized from the print-shop PDF like every
other image (no second drawing of a card). Everything is checked by
:func:`plan` before the first file is written.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError
from ..render.cards import PrintCard
from . import units
from .layout import Layout

MAX_GAP = 20 * units.mm     # between two cards on a home sheet
MAX_PIXELS = 40_000_000      # of one card's image: a 300 mm card at 1200 dpi is 139 million
HAND_DPI = 150               # the fanned hand: a picture for a page, not for print
FAN_STEP = 8.0               # degrees between two cards of the hand, at most
FAN_SPREAD = 60.0            # degrees from the first card to the last, at most
CORNER_SAMPLES = 4           # a rounded corner drawn this many times larger, then reduced


@dataclass(frozen=True)
class Plan:
    dpi: int
    corners: float           # points
    hand: tuple[str, ...]    # card keys


def wanted(layout: Layout) -> bool:
    """Images are exported when the layout asks for one of them."""
    return bool({"dpi", "corners", "hand"} & layout.model.export.model_fields_set)


def plan(layout: Layout, cards: list[PrintCard]) -> Plan:
    """The export the layout asks for, checked against the deck: each bound,
    each card of the hand found (by its file name, or its name made plain)."""
    export = layout.model.export
    w, h = layout.size
    pixels = round(w / 72 * export.dpi) * round(h / 72 * export.dpi)
    if pixels > MAX_PIXELS:
        raise InputError(f"{layout.where(('export', 'dpi'))}: export.dpi: {export.dpi} dpi "
                         f"makes {pixels / 1e6:.0f} million pixels a card; at most "
                         f"{MAX_PIXELS // 1_000_000} million (a lower dpi)")
    try:
        corners = units.length(export.corners, min(w, h))
    except units.LengthError as e:
        raise InputError(f"{layout.where(('export', 'corners'))}: export.corners: {e}") from None
    if not 0 <= corners <= min(w, h) / 2:
        raise InputError(f"{layout.where(('export', 'corners'))}: export.corners: from 0 to "
                         f"half the card's width ({min(w, h) / 2 / units.mm:.1f} mm)")
    from .faces import _slug
    keys = list(dict.fromkeys(c.key for c in cards))
    hand = []
    for i, name in enumerate(export.hand, 1):
        key = name if name in keys else _slug(name)
        if key not in keys:
            shown = ", ".join(keys[:12]) + (", ..." if len(keys) > 12 else "")
            raise InputError(f"{layout.where(('export', 'hand', i))}: export.hand.{i}: no "
                             f"card {name!r} (cards: {shown})")
        hand.append(key)
    return Plan(export.dpi, corners, tuple(hand))


def sheet_grid(layout: Layout, paper: str, backs: str, bleed_mm: float):
    """The home sheets' grid and gaps the layout asks for, checked to fit the
    paper with the bleed asked for (a gap too wide for one card is one line
    naming the layout's line, not a refusal from deep in the imposition)."""
    from ..render.imposition import NO_GRID, SheetGrid, fit_bleed, sheet_layout
    sheet = layout.model.export.sheet
    if not sheet.model_fields_set:
        return NO_GRID
    at = ("export", "sheet", "gap")
    try:
        gap = units.length(sheet.gap, min(layout.size))
    except units.LengthError as e:
        raise InputError(f"{layout.where(at)}: export.sheet.gap: {e}") from None
    if not 0 <= gap <= MAX_GAP:
        raise InputError(f"{layout.where(at)}: export.sheet.gap: from 0 to "
                         f"{MAX_GAP / units.mm:g} mm")
    grid = SheetGrid(sheet.columns, sheet.rows, gap)
    try:
        bleed = fit_bleed(paper, bleed_mm * units.mm, layout.size, grid)
        sheet_layout(paper, bleed, backs == "fold", layout.size, grid)
    except InputError as e:
        raise InputError(f"{layout.where(('export', 'sheet'))}: export.sheet: {e}") from None
    return grid


def write_images(p: Plan, cards: list[PrintCard], printshop: Path, folder: Path) -> list[Path]:
    """Every front and back once, from the print-shop PDF's pages (all fronts,
    then all backs), into ``folder``; then the hand."""
    from ..fileio import write_atomic
    from ..render.geometry import PRINTSHOP_BLEED
    from ..render.raster import iter_pages, png_bytes
    first: dict[str, int] = {}
    for page, key in enumerate([c.key for c in cards] + [c.back_key for c in cards]):
        first.setdefault(key, page)
    written = []
    fronts = {}
    bleed = round(PRINTSHOP_BLEED / 72 * p.dpi)
    w, h = round(cards[0].width / 72 * p.dpi), round(cards[0].height / 72 * p.dpi)
    radius = p.corners / 72 * p.dpi
    for key, page in zip(first, iter_pages(printshop, list(first.values()), dpi=p.dpi)):
        image = rounded(page.crop((bleed, bleed, bleed + w, bleed + h)), radius)
        path = folder / f"{key}.png"
        write_atomic(path, png_bytes(image, dpi=p.dpi))
        written.append(path)
        if key in p.hand:
            fronts[key] = image.resize((round(w * HAND_DPI / p.dpi),
                                        round(h * HAND_DPI / p.dpi)), _lanczos())
    if p.hand:
        path = folder / "hand.png"
        write_atomic(path, png_bytes(fan([fronts[k] for k in p.hand]), dpi=HAND_DPI))
        written.append(path)
    return written


def _lanczos():
    from PIL import Image
    return Image.Resampling.LANCZOS


def rounded(image, radius: float):
    """``image`` with its corners cut round (transparent outside a quarter
    circle of ``radius`` pixels), anti-aliased; RGBA in any case."""
    from PIL import Image, ImageDraw
    out = image.convert("RGBA")
    r = min(round(radius), min(image.size) // 2)
    if r <= 0:
        return out
    # one corner drawn large and reduced: a smooth edge at the cost of r x r pixels
    big = Image.new("L", (r * CORNER_SAMPLES, r * CORNER_SAMPLES), 0)
    ImageDraw.Draw(big).pieslice((0, 0, 2 * r * CORNER_SAMPLES - 1, 2 * r * CORNER_SAMPLES - 1),
                                 180, 270, fill=255)
    corner = big.resize((r, r), _lanczos())
    mask = Image.new("L", image.size, 255)
    W, H = image.size
    mask.paste(corner, (0, 0))
    mask.paste(corner.transpose(Image.Transpose.FLIP_LEFT_RIGHT), (W - r, 0))
    mask.paste(corner.transpose(Image.Transpose.FLIP_TOP_BOTTOM), (0, H - r))
    mask.paste(corner.transpose(Image.Transpose.ROTATE_180), (W - r, H - r))
    out.putalpha(mask)
    return out


def fan(images: list):
    """The cards held in a hand: each turned about a point below the hand, the
    first to the left, each on the one before it; a transparent background."""
    from PIL import Image
    n = len(images)
    step = min(FAN_STEP, FAN_SPREAD / (n - 1)) if n > 1 else 0.0
    w, h = images[0].size
    reach = 1.6 * h                 # the pivot, this far below each card's centre
    placed = []
    for i, image in enumerate(images):
        angle = ((n - 1) / 2 - i) * step            # degrees, anticlockwise: first leftmost
        turned = image.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
        a = math.radians(angle)
        cx, cy = -reach * math.sin(a), -reach * math.cos(a)     # y down, pivot at (0, 0)
        placed.append((turned, cx - turned.width / 2, cy - turned.height / 2))
    left = math.floor(min(x for _, x, _ in placed))
    top = math.floor(min(y for _, _, y in placed))
    right = math.ceil(max(x + t.width for t, x, _ in placed))
    bottom = math.ceil(max(y + t.height for t, _, y in placed))
    margin = round(0.04 * w)
    hand = Image.new("RGBA", (right - left + 2 * margin, bottom - top + 2 * margin), (0, 0, 0, 0))
    for turned, x, y in placed:
        hand.alpha_composite(turned, (round(x) - left + margin, round(y) - top + margin))
    return hand
