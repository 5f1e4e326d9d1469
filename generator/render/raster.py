"""PNG images of cards, rasterized from the very PDF pages reportlab drew.

There is no second drawing of a card: the print-shop PDF (one card per page,
3 mm bleed) is rendered page by page with PDFium, then saved with Pillow.
"""
from __future__ import annotations

import io
import json
from pathlib import Path

import pypdfium2
from PIL import Image

from ..fileio import write_atomic
from .geometry import PNG_DPI, PRINTSHOP_BLEED

POINTS_PER_INCH = 72.0
# Tabletop Simulator: at most 10 x 7 cards per sheet; cards at trim, ~170 dpi.
TTS_CARD = (410, 752)
TTS_COLUMNS = 10


def render_pages(pdf_path: Path, pages: list[int] | None = None,
                 dpi: int = PNG_DPI) -> list[Image.Image]:
    """Pages of ``pdf_path`` (all, or the indexes in ``pages``) as RGB images at
    ``dpi``, each sized to its page exactly."""
    pdf = pypdfium2.PdfDocument(str(pdf_path))
    try:
        images = []
        for index in range(len(pdf)) if pages is None else pages:
            page = pdf[index]
            width, height = page.get_size()
            size = (round(width / POINTS_PER_INCH * dpi), round(height / POINTS_PER_INCH * dpi))
            image = page.render(scale=dpi / POINTS_PER_INCH).to_pil().convert("RGB")
            if image.size != size:      # PDFium rounds up; trim the sliver
                image = image.crop((0, 0) + size) if image.size >= size else \
                    image.resize(size, Image.LANCZOS)
            images.append(image)
            page.close()
        return images
    finally:
        pdf.close()


def png_bytes(image: Image.Image) -> bytes:
    """PNG data with no time stamp or other varying metadata (deterministic)."""
    buffer = io.BytesIO()
    # Level 3: twice as fast as the default for files under a fifth larger.
    image.save(buffer, format="PNG", optimize=False, compress_level=3)
    return buffer.getvalue()


def trim(image: Image.Image) -> Image.Image:
    """A 300 dpi card with 3 mm bleed, cut down to its trim box."""
    bleed = round(PRINTSHOP_BLEED / POINTS_PER_INCH * PNG_DPI)
    return image.crop((bleed, bleed, image.width - bleed, image.height - bleed))


def write_tts(images: dict, faces: list[str], backs: list[str], out_dir: Path,
              name: str) -> list[Path]:
    """A Tabletop Simulator deck from the 300 dpi card images (by key): a sheet
    of every face, a matching sheet of backs (each card's own back, for
    "unique backs"), one common back image, and a JSON note of the grid to
    enter in TTS's custom-deck dialog."""
    small: dict = {}

    def card(key):
        if key not in small:      # each distinct card is scaled once
            small[key] = trim(images[key]).resize(TTS_CARD, Image.LANCZOS, reducing_gap=3.0)
        return small[key]

    rows = -(-len(faces) // TTS_COLUMNS)
    written = []
    for label, keys in (("faces", faces), ("backs", backs)):
        sheet = Image.new("RGB", (TTS_CARD[0] * TTS_COLUMNS, TTS_CARD[1] * rows), "white")
        for i, key in enumerate(keys):
            sheet.paste(card(key), ((i % TTS_COLUMNS) * TTS_CARD[0],
                                    (i // TTS_COLUMNS) * TTS_CARD[1]))
        path = out_dir / f"{name}-{label}.png"
        write_atomic(path, png_bytes(sheet))
        written.append(path)
    back = out_dir / f"{name}-back.png"
    write_atomic(back, png_bytes(card(backs[0])))
    note = out_dir / f"{name}-deck.json"
    write_atomic(note, json.dumps({
        "faces": f"{name}-faces.png", "backs": f"{name}-backs.png",
        "common_back": f"{name}-back.png", "width": TTS_COLUMNS, "height": rows,
        "number": len(faces), "unique_backs": True,
        "how": "Tabletop Simulator: Objects > Components > Custom > Deck; Face: the faces "
               "sheet; Back: the backs sheet with 'Unique backs' ticked (or the common "
               "back); Width/Height/Number as here.",
    }, indent=2) + "\n")
    return written + [back, note]
