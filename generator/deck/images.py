"""Pictures of a deck's folder: SVG (drawn as vectors, through svglib) or PNG.

Only files inside the deck's folder are read (:mod:`.files`), at most
:data:`MAX_BYTES` each. An SVG from a stranger is parsed first by defusedxml,
whatever its encoding (UTF-8, UTF-16...): one that declares a DTD or
entities (billion laughs) is refused. The tree svglib then draws (parsed by
lxml, entities never resolved, no network) is refused when it refers to
another file or a web address (``href`` other than ``#id`` or an embedded
``data:`` image), loads a style sheet or a ``url()``, or holds ``<text>``
(svglib would set it in a font Herald cannot embed: convert the text to
paths). A PNG is opened by Pillow with its decompression bomb guard, at
most :data:`MAX_PIXELS`.
"""
from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InputError
from . import files

MAX_BYTES = 10 * 1024 * 1024
MAX_PIXELS = 40_000_000
MAX_ELEMENTS = 50_000      # of one SVG
SUFFIXES = (".svg", ".png")
_HREF = re.compile(r"^\s*(?:#|data:image/)", re.IGNORECASE)
_LOADS = re.compile(r"@import|url\(\s*['\"]?(?!#)", re.IGNORECASE)
_TEXT_TAGS = frozenset({"text", "tspan", "textPath", "tref", "flowRoot", "flowPara"})


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
    raw = files.read(path, f"{what}: {path.name}", MAX_BYTES)
    picture = _svg(raw, path.name, what) if path.suffix.lower() == ".svg" else \
        _png(raw, path.name, what)
    _CACHE[key] = picture
    return picture


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
    try:
        drawing = SvgRenderer(name).render(root)
    except Exception as e:   # svglib raises many kinds on bad input
        raise InputError(f"{what}: {name}: not a readable SVG ({type(e).__name__})") from None
    if drawing is None or not drawing.width or not drawing.height:
        raise InputError(f"{what}: {name}: not a readable SVG (no size: give it a viewBox)")
    return Picture("svg", drawing, float(drawing.width), float(drawing.height))


def _refused(root) -> str | None:
    """Why the SVG tree that svglib would draw is refused, or None."""
    from lxml import etree
    for node in root.iter():
        if not isinstance(node.tag, str):     # a processing instruction (a style sheet)
            if isinstance(node, etree._ProcessingInstruction):
                return "loads a style sheet or file"
            continue
        if etree.QName(node).localname in _TEXT_TAGS:
            return "holds text (convert the text to paths)"
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
