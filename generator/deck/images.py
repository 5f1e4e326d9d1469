"""Pictures of a deck's folder: SVG (drawn as vectors, through svglib), PNG,
JPEG or WebP.

Only files inside the deck's folder are read (:mod:`.files`), at most
:data:`MAX_BYTES` each. An SVG from a stranger is parsed first by defusedxml,
whatever its encoding (UTF-8, UTF-16...): one that declares a DTD or
entities (billion laughs) is refused. The tree svglib then draws (parsed by
lxml, entities never resolved, no network) is refused when it refers to
another file or a web address (``href`` other than ``#id`` or an embedded
``data:`` image), loads a style sheet or a ``url()``, or holds text svglib
cannot set (on a path, flowed). Its ``<text>`` is set in Herald's own fonts
(:class:`_HeraldFonts`: a family with "Cinzel" in its name in Cinzel, any
other in EB Garamond, by weight and style), embedded and subset like every
text of the card; never a system font (the output would depend on the
machine) nor an unembedded one. A bitmap (PNG, JPEG, WebP) is opened by
Pillow with its decompression bomb guard, at most :data:`MAX_PIXELS` (read
from its header, before it is decoded); a JPEG turned by its EXIF
orientation is drawn upright.
"""
from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..filecache import ContentCache
from . import files

MAX_BYTES = 10 * 1024 * 1024
MAX_PIXELS = 40_000_000
MAX_ELEMENTS = 50_000      # of one SVG
BITMAPS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".webp": "WEBP"}
SUFFIXES = (".svg", *BITMAPS)
_HREF = re.compile(r"^\s*(?:#|data:image/)", re.IGNORECASE)
_LOADS = re.compile(r"@import|url\(\s*['\"]?(?!#)", re.IGNORECASE)
_UNSET_TEXT = frozenset({"textPath", "tref", "flowRoot", "flowPara"})   # svglib skips them
_HERALD_FONTS = frozenset({"Garamond", "Garamond-Medium", "Garamond-SemiBold", "Garamond-Bold",
                           "Garamond-Italic", "Cinzel", "Cinzel-Bold"})


@dataclass(frozen=True)
class Picture:
    """A loaded picture: ``kind`` "svg" (``data`` a reportlab Drawing) or "png"
    (any bitmap: ``data`` an ImageReader); ``width``/``height`` its own size, for proportions."""
    kind: str
    data: object
    width: float
    height: float


# path -> its picture, kept while the file holds the same bytes (a deck draws
# each picture on its sheets, its print-shop file and its PNGs)
_PICTURES: ContentCache[Picture] = ContentCache(512)


def load(path: Path, what: str) -> Picture:
    """The picture at ``path`` (already checked to be inside the folder);
    ``what`` names it in messages ("cards.csv:4: art")."""
    if path.suffix.lower() not in SUFFIXES:
        raise InputError(f"{what}: {path.name}: a picture is an .svg, .png, .jpg or .webp "
                         "file")
    try:
        stat = path.stat()
    except OSError:
        raise InputError(f"{what}: no picture {path.name!r} in the deck's folder") from None
    if stat.st_size > MAX_BYTES:
        raise InputError(f"{what}: {path.name}: larger than {MAX_BYTES // 2**20} MiB")
    return _PICTURES.get(str(path), [path], lambda: _read(path, what))


def _read(path: Path, what: str) -> Picture:
    raw = files.read(path, f"{what}: {path.name}", MAX_BYTES)
    suffix = path.suffix.lower()
    return _svg(raw, path.name, what) if suffix == ".svg" else \
        _bitmap(raw, path.name, what, BITMAPS[suffix])


def _svg(raw: bytes, name: str, what: str) -> Picture:
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring
    from lxml import etree
    from svglib.svglib import SvgRenderer
    try:           # expat reads the declared encoding: UTF-16 hides nothing
        fromstring(raw, forbid_dtd=True)
    except DefusedXmlException:
        raise InputError(f"{what}: {name}: refused: it declares a DTD or entities") from None
    except Exception:   # expat's ParseError, or an encoding it cannot read
        raise InputError(f"{what}: {name}: not a readable SVG (not well-formed XML)") from None
    parser = etree.XMLParser(remove_comments=True, resolve_entities=False, no_network=True,
                             load_dtd=False, huge_tree=False)
    try:
        root = etree.fromstring(raw, parser)
    except etree.LxmlError:
        raise InputError(f"{what}: {name}: not a readable SVG (not well-formed XML)") from None
    if sum(1 for _ in root.iter()) > MAX_ELEMENTS:      # svglib builds a shape of each
        raise InputError(f"{what}: {name}: more than {MAX_ELEMENTS} SVG elements")
    reason = _refused(root)
    if reason:
        raise InputError(f"{what}: {name}: refused: it {reason}")
    import logging
    logging.getLogger("svglib").setLevel(logging.CRITICAL)   # its own warnings: ours are one line
    from ..render.fonts import MissingGlyph, register_fonts
    register_fonts()
    try:
        drawing = SvgRenderer(name, font_map=_HeraldFonts()).render(root)
    except Exception as e:   # svglib raises many kinds on bad input
        raise InputError(f"{what}: {name}: not a readable SVG ({type(e).__name__})") from None
    if drawing is None or not drawing.width or not drawing.height:
        raise InputError(f"{what}: {name}: not a readable SVG (no size: give it a viewBox)")
    try:
        _herald_text(drawing)
    except MissingGlyph as e:
        raise InputError(f"{what}: {name}: {e}") from None
    return Picture("svg", drawing, float(drawing.width), float(drawing.height))


class _HeraldFonts:
    """svglib's font map, answering every family with one of Herald's fonts:
    svglib's own would ask fontconfig for a system font (another machine,
    another drawing) or fall back to Helvetica, which no PDF here embeds."""

    def find_font(self, family: str, weight="normal", style="normal") -> tuple[str, bool]:
        return herald_font(family, weight, style), True


def herald_font(family: str, weight="normal", style="normal") -> str:
    """The Herald font that sets an SVG's ``font-family``/``weight``/``style``."""
    w = str(weight).strip().lower()
    number = int(w) if w.isdigit() else 700 if w in ("bold", "bolder") else 400
    italic = str(style).strip().lower() in ("italic", "oblique")
    if "cinzel" in str(family).lower():
        return "Cinzel-Bold" if number >= 600 else "Cinzel"
    if number >= 700:
        return "Garamond-Bold"
    if italic:
        return "Garamond-Italic"
    return "Garamond-SemiBold" if number >= 600 else "Garamond-Medium" if number >= 500 \
        else "Garamond"


def _herald_text(node) -> None:
    """Every string of the drawing in a Herald font (svglib gives Helvetica to
    text with no font-family), each character one the font has."""
    from reportlab.graphics.shapes import String

    from ..render.fonts import require_glyphs
    for child in getattr(node, "contents", ()):
        if isinstance(child, String):
            if child.fontName not in _HERALD_FONTS:
                child.fontName = "Garamond"
            require_glyphs(child.text, child.fontName, "text")
        else:
            _herald_text(child)


def _refused(root) -> str | None:
    """Why the SVG tree that svglib would draw is refused, or None."""
    from lxml import etree
    for node in root.iter():
        if not isinstance(node.tag, str):     # a processing instruction (a style sheet)
            if isinstance(node, etree._ProcessingInstruction):
                return "loads a style sheet or file"
            continue
        if etree.QName(node).localname in _UNSET_TEXT:
            return "holds text on a path or flowed text (convert that text to paths)"
        for key, value in node.attrib.items():
            if etree.QName(key).localname == "href" and not _HREF.match(value):
                return "refers to another file or a web address"
            if _LOADS.search(value):
                return "loads a style sheet or file"
        if node.text and _LOADS.search(node.text):
            return "loads a style sheet or file"
    for sibling in root.itersiblings(preceding=True):
        if isinstance(sibling, etree._ProcessingInstruction):
            return "loads a style sheet or file"
    return None


def _bitmap(raw: bytes, name: str, what: str, expected: str) -> Picture:
    """A PNG, JPEG or WebP, its format read from its bytes (not trusted from
    its name), its size bounded before a pixel is decoded."""
    from PIL import Image, ImageOps, UnidentifiedImageError
    from reportlab.lib.utils import ImageReader
    try:
        with Image.open(io.BytesIO(raw), formats=[expected]) as probe:
            if probe.width * probe.height > MAX_PIXELS:
                raise InputError(f"{what}: {name}: more than {MAX_PIXELS // 10**6} megapixels")
            if getattr(probe, "n_frames", 1) > 1:
                raise InputError(f"{what}: {name}: an animated image; a card takes one "
                                 "picture")
            upright = ImageOps.exif_transpose(probe) if expected == "JPEG" else probe
            image = upright.convert("RGBA" if "A" in upright.getbands() or
                                    "transparency" in upright.info else "RGB")
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError,
            Image.DecompressionBombError):
        raise InputError(f"{what}: {name}: not a readable {expected} image") from None
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
        # for a drawing with no text; every string is in a Herald font (_herald_text)
        drawn.ops = tuple(op for op in drawn.ops if op[0] != "setFontSize" and
                          (op[0] != "setFont" or op[1][0] in _HERALD_FONTS))
        _RECORDINGS[key] = (picture, drawn)
    return _RECORDINGS[key][1]
