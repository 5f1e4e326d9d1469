"""PNG images of cards, rasterized from the very PDF pages reportlab drew.

There is no second drawing of a card: the print-shop PDF (one card per page,
3 mm bleed) is rendered page by page with PDFium, then saved with Pillow.
"""
from __future__ import annotations

import io
import json
from functools import lru_cache
from pathlib import Path

import pypdfium2
from PIL import Image

from ..fileio import write_atomic
from .geometry import CARD_H, PNG_DPI, PRINTSHOP_BLEED

POINTS_PER_INCH = 72.0
# Tabletop Simulator: at most 10 x 7 cards per sheet; cards at trim, ~170 dpi.
TTS_CARD = (410, 752)
TTS_COLUMNS = 10


def render_pages(pdf_path: Path, pages: list[int] | None = None,
                 dpi: int = PNG_DPI) -> list[Image.Image]:
    """Pages of ``pdf_path`` (all, or the indexes in ``pages``) as RGB images at
    ``dpi``, each sized to its page exactly."""
    return list(iter_pages(pdf_path, pages, dpi))


def iter_pages(pdf_path: Path, pages: list[int] | None = None, dpi: int = PNG_DPI):
    """:func:`render_pages` one page at a time: a deck of thousands of cards
    is written with one page image in memory, not all of them."""
    pdf = pypdfium2.PdfDocument(str(pdf_path))
    try:
        for index in range(len(pdf)) if pages is None else pages:
            page = pdf[index]
            width, height = page.get_size()
            size = (round(width / POINTS_PER_INCH * dpi), round(height / POINTS_PER_INCH * dpi))
            # PDFium writes RGB (rev_byteorder) rather than its BGR, which
            # Pillow would swap, then copy again to convert
            image = page.render(scale=dpi / POINTS_PER_INCH, rev_byteorder=True).to_pil()
            if image.mode != "RGB":
                image = image.convert("RGB")
            if image.size != size:      # PDFium rounds up; trim the sliver
                image = image.crop((0, 0) + size) if image.size >= size else \
                    image.resize(size, Image.Resampling.LANCZOS)
            page.close()
            yield image
    finally:
        pdf.close()


def png_bytes(image: Image.Image, dpi: float = PNG_DPI, level: int = 3) -> bytes:
    """PNG data carrying its resolution (a pHYs chunk, so that an image
    program prints it at its true size), tagged sRGB (an iCCP chunk: PDFium
    renders in sRGB, and print services expect it) and no time stamp or other
    varying metadata (deterministic)."""
    buffer = io.BytesIO()
    extra = {"icc_profile": srgb_profile()} if image.mode in ("RGB", "RGBA") else {}
    # Level 3: twice as fast as the default for files under a fifth larger;
    # level 1 for the big Tabletop Simulator sheets, read by a program.
    image.save(buffer, format="PNG", optimize=False, compress_level=level, dpi=(dpi, dpi),
               **extra)
    return buffer.getvalue()


# 2026-01-01 00:00:00 as an ICC header's date (six big-endian 16-bit numbers)
_PROFILE_DATE = bytes.fromhex("07ea00010001000000000000")


@lru_cache(maxsize=1)
def srgb_profile() -> bytes:
    """An sRGB ICC profile made by LittleCMS (through Pillow), with a fixed
    creation date: LittleCMS stamps the time it was made, and the same
    cards must give the same bytes."""
    from PIL import ImageCms
    data = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    data[24:36] = _PROFILE_DATE
    return bytes(data)


def trim(image: Image.Image) -> Image.Image:
    """A 300 dpi card with 3 mm bleed, cut down to its trim box."""
    bleed = round(PRINTSHOP_BLEED / POINTS_PER_INCH * PNG_DPI)
    return image.crop((bleed, bleed, image.width - bleed, image.height - bleed))


TTS_MAX = TTS_COLUMNS * 7 - 1    # a TTS deck sheet: 10 x 7, the last cell left free


def write_tts(images, cards, out_dir: Path, name: str) -> list[Path]:
    """Tabletop Simulator decks from the 300 dpi card images (``images[key]``:
    a dict, or a mapping that loads each when asked): one deck per
    ``PrintCard.deck`` value (pieces with "" are left out), each a sheet of
    its faces and its own back: one common back image when all its cards
    share one, else a sheet of backs for "unique backs". A JSON note gives
    each deck's grid to enter in TTS's custom-deck dialog. Only one sheet's
    cards are kept scaled at a time: memory does not grow with the deck."""
    small: dict = {}

    def card(key):
        if key not in small:      # each distinct card is scaled once
            # every size at the tarot card's TTS resolution: a small card stays small
            cut = trim(images[key])
            k = TTS_CARD[1] / round(CARD_H / POINTS_PER_INCH * PNG_DPI)
            size = (round(cut.width * k), round(cut.height * k))
            if abs(size[0] - TTS_CARD[0]) <= 2 and abs(size[1] - TTS_CARD[1]) <= 2:
                size = TTS_CARD
            # A box filter averages each target pixel's area: a clean
            # downscale at a fraction of Lanczos' cost (TTS shows ~170 dpi).
            small[key] = cut.resize(size, Image.Resampling.BOX)
        return small[key]

    def sheet(keys, path):
        rows = -(-len(keys) // TTS_COLUMNS)
        w, h = card(keys[0]).size          # a deck is one card size
        image = Image.new("RGB", (w * TTS_COLUMNS, h * rows), "white")
        for i, key in enumerate(keys):
            image.paste(card(key), ((i % TTS_COLUMNS) * w, (i // TTS_COLUMNS) * h))
        write_atomic(path, png_bytes(image, dpi=tts_dpi(keys[0]), level=1))
        small.clear()
        return rows

    def tts_dpi(key):
        return round(PNG_DPI * card(key).width / trim(images[key]).width)

    decks: dict[str, list] = {}
    for c in cards:
        if c.deck:
            decks.setdefault(c.deck, []).append(c)
    written, notes = [], []
    for deck, members in decks.items():
        for part in range(0, len(members), TTS_MAX):
            chunk = members[part:part + TTS_MAX]
            stem = f"{name}-{deck}" + (f"-{part // TTS_MAX + 1}" if len(members) > TTS_MAX else "")
            faces = out_dir / f"{stem}-faces.png"
            rows = sheet([c.key for c in chunk], faces)
            written.append(faces)
            backs = list(dict.fromkeys(c.back_key for c in chunk))
            note = {"deck": stem, "faces": faces.name, "width": TTS_COLUMNS, "height": rows,
                    "number": len(chunk)}
            if len(backs) == 1:
                back = out_dir / f"{stem}-back.png"
                write_atomic(back, png_bytes(card(backs[0]), dpi=tts_dpi(backs[0])))
                note.update(back=back.name, unique_backs=False)
            else:
                back = out_dir / f"{stem}-backs.png"
                sheet([c.back_key for c in chunk], back)
                note.update(back=back.name, unique_backs=True)
            written.append(back)
            notes.append(note)
    path = out_dir / f"{name}-decks.json"
    write_atomic(path, json.dumps({
        "how": "Tabletop Simulator: Objects > Components > Custom > Deck, once per deck; Face: "
               "its faces sheet; Back: its back image (tick 'Unique backs' when it is a sheet "
               "of backs); Width/Height/Number as given.",
        "decks": notes,
    }, indent=2) + "\n")
    return written + [path]
