"""Pictures of a deck's folder: SVG (drawn as vectors, through svglib) or PNG.

Only files inside the deck's folder are read (:func:`layout.inside`), at
most :data:`MAX_BYTES` each. An SVG from a stranger is refused when it
declares a DTD or entities (billion laughs), refers to another file or a web
address (``href`` other than ``#id`` or an embedded ``data:`` image), or
holds ``<text>`` (svglib would set it in a font Herald cannot embed:
convert the text to paths). A PNG is opened by Pillow with its decompression
bomb guard, at most :data:`MAX_PIXELS`.
"""
from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InputError

MAX_BYTES = 10 * 1024 * 1024
MAX_PIXELS = 40_000_000
SUFFIXES = (".svg", ".png")
_REFUSED = [
    (re.compile(rb"<!DOCTYPE|<!ENTITY", re.IGNORECASE), "declares a DTD or entities"),
    (re.compile(rb"""href\s*=\s*["'](?!#|data:image/)""", re.IGNORECASE),
     "refers to another file or a web address"),
    (re.compile(rb"<(?:\w+:)?text[\s>/]", re.IGNORECASE),
     "holds text (convert the text to paths)"),
    (re.compile(rb"@import|url\(\s*['\"]?(?!#)", re.IGNORECASE),
     "loads a style sheet or file"),
]


@dataclass(frozen=True)
class Picture:
    """A loaded picture: ``kind`` "svg" (``data`` a reportlab Drawing) or "png"
    (``data`` an ImageReader); ``width``/``height`` its own size, for proportions."""
    kind: str
    data: object
    width: float
    height: float


_CACHE: dict[tuple, Picture] = {}


def load(path: Path, what: str) -> Picture:
    """The picture at ``path`` (already checked to be inside the folder);
    ``what`` names it in messages ("cards.csv:4: art")."""
    if path.suffix.lower() not in SUFFIXES:
        raise InputError(f"{what}: {path.name}: a picture is an .svg or .png file")
    try:
        stat = path.stat()
    except OSError:
        raise InputError(f"{what}: no picture {path.name!r} in the deck's folder") from None
    key = (path, stat.st_mtime_ns, stat.st_size)
    if key in _CACHE:
        return _CACHE[key]
    if stat.st_size > MAX_BYTES:
        raise InputError(f"{what}: {path.name}: larger than {MAX_BYTES // 2**20} MiB")
    raw = path.read_bytes()
    picture = _svg(raw, path.name, what) if path.suffix.lower() == ".svg" else \
        _png(raw, path.name, what)
    _CACHE[key] = picture
    return picture


def _svg(raw: bytes, name: str, what: str) -> Picture:
    from svglib.svglib import svg2rlg
    for pattern, reason in _REFUSED:
        if pattern.search(raw):
            raise InputError(f"{what}: {name}: refused: it {reason}")
    import logging
    logging.getLogger("svglib").setLevel(logging.CRITICAL)   # its own warnings: ours are one line
    try:
        drawing = svg2rlg(io.BytesIO(raw))
    except Exception as e:   # svglib raises many kinds on bad input
        raise InputError(f"{what}: {name}: not a readable SVG ({type(e).__name__})") from None
    if drawing is None or not drawing.width or not drawing.height:
        raise InputError(f"{what}: {name}: not a readable SVG (no size: give it a viewBox)")
    return Picture("svg", drawing, float(drawing.width), float(drawing.height))


def _png(raw: bytes, name: str, what: str) -> Picture:
    from PIL import Image, UnidentifiedImageError
    from reportlab.lib.utils import ImageReader
    try:
        with Image.open(io.BytesIO(raw)) as probe:
            if probe.format != "PNG":
                raise InputError(f"{what}: {name}: not a PNG image")
            if probe.width * probe.height > MAX_PIXELS:
                raise InputError(f"{what}: {name}: more than {MAX_PIXELS // 10**6} megapixels")
            image = probe.convert("RGBA" if "A" in probe.getbands() or
                                  "transparency" in probe.info else "RGB")
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError):
        raise InputError(f"{what}: {name}: not a readable PNG image") from None
    return Picture("png", ImageReader(image), float(image.width), float(image.height))


def draw(canvas, picture: Picture, x: float, y: float, w: float, h: float,
         fit: str = "contain") -> None:
    """``picture`` in the box (x, y, w, h) (lower-left corner, points):
    "contain" whole and centred, "cover" filling the box (clipped), "stretch"
    to the box's proportions."""
    pw, ph = picture.width, picture.height
    if fit == "stretch":
        sx, sy = w / pw, h / ph
    else:
        k = (max if fit == "cover" else min)(w / pw, h / ph)
        sx = sy = k
    dw, dh = pw * sx, ph * sy
    dx, dy = x + (w - dw) / 2, y + (h - dh) / 2
    canvas.saveState()
    if fit == "cover":
        p = canvas.beginPath()
        p.rect(x, y, w, h)
        canvas.clipPath(p, stroke=0, fill=0)
    if picture.kind == "svg":
        canvas.translate(dx, dy)
        canvas.scale(sx, sy)
        _vector(picture).replay(canvas)
    else:
        canvas.drawImage(picture.data, dx, dy, dw, dh, mask="auto")
    canvas.restoreState()


_RECORDINGS: dict[int, tuple[Picture, Any]] = {}


def _vector(picture: Picture):
    """An SVG's drawing calls, recorded once: walking svglib's tree is most of
    the cost of drawing it, and a deck draws the same picture on many cards."""
    from reportlab.graphics import renderPDF

    from ..render.recording import record
    key = id(picture.data)
    if key not in _RECORDINGS:
        drawn = record(lambda c: renderPDF.draw(picture.data, c, 0, 0))
        # renderPDF sets its default font (Helvetica, which nothing embeds) even
        # for a drawing with no text, and a picture here has none (refused above)
        drawn.ops = tuple(op for op in drawn.ops if op[0] not in ("setFont", "setFontSize"))
        _RECORDINGS[key] = (picture, drawn)
    return _RECORDINGS[key][1]
