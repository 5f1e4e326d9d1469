"""A deck's own fonts: TrueType files of its folder, named in the layout file.

    fonts:
      body: fonts/Lora-Regular.ttf          # font: body in a text element
      body-bold: fonts/Lora-Bold.ttf        # what **bold** sets in a body text
      body-italic: fonts/Lora-Italic.ttf    # and *italic*

A font file comes from a stranger like every file of the folder: it is read
through :mod:`.files` (inside the folder, a regular file, at most
:data:`MAX_BYTES`), then every table reportlab will use is parsed by
fontTools before reportlab sees it, so a damaged file is one line naming the
layout's line, not a traceback. reportlab embeds a subset of each font (the
glyphs the cards use), as it does Herald's own. reportlab embeds TrueType
outlines only: an OpenType file with PostScript (CFF) outlines, the usual
``.otf``, is converted first by fontTools (cubic curves to quadratic within
a thousandth of an em; at most :data:`MAX_CONVERTED` glyphs, so that the
work is bounded); a variable CFF2 font is refused. A font whose licence
forbids embedding (OS/2 fsType) is refused too: the PDF would break it.

The name reportlab knows a font by is the layout's name and a digest of the
file's bytes: the same file gives the same PDF, and two decks of one
process never mix their fonts.
"""
from __future__ import annotations

import hashlib
import io
import re

from ..errors import InputError
from . import files
from .layout import FONTS, Layout

MAX_BYTES = 16 * 2**20
MAX_FONTS = 16
MAX_CONVERTED = 6000     # glyphs of a CFF font converted to TrueType outlines
SUFFIXES = (".ttf", ".otf")
_NAME = re.compile(r"^[a-z][a-z0-9-]{0,39}$")
_TABLES = ("head", "hhea", "maxp", "cmap", "hmtx", "loca", "glyf", "name", "post")
_RESTRICTED = 0x0002         # OS/2 fsType: restricted licence embedding
_CHECKED: dict[str, bytes] = {}    # a file's digest -> its checked TrueType bytes


def register(layout: Layout) -> dict[str, str]:
    """The layout's fonts (name -> reportlab font name), each checked and
    registered with reportlab; its bold and italic faces known to the text
    boxes (:data:`.richtext.STYLES`)."""
    declared = layout.model.fonts
    if len(declared) > MAX_FONTS:
        raise InputError(f"{layout.where(('fonts',))}: fonts: more than {MAX_FONTS} fonts")
    names: dict[str, str] = {}
    for name, rel in declared.items():
        at = layout.where(("fonts", name))
        if not _NAME.match(name) or name in FONTS:
            raise InputError(f"{at}: fonts.{name}: a font's name is lower-case letters, "
                             "digits and -, and not one of Herald's own "
                             f"({', '.join(FONTS)})")
        names[name] = _load(layout, name, rel, at)
    from .richtext import STYLES
    for name, font in names.items():
        bold = names.get(f"{name}-bold", font)
        italic = names.get(f"{name}-italic", font)
        STYLES[font] = (bold, italic, names.get(f"{name}-bold-italic", bold))
    return names


def _load(layout: Layout, name: str, rel: str, at: str) -> str:
    from pathlib import Path
    shown = f"{at}: fonts.{name}: {rel}"
    if Path(rel).suffix.lower() not in SUFFIXES:
        raise InputError(f"{shown}: a font is a .ttf or .otf file")
    path = files.inside(layout.folder, rel, f"{at}: fonts.{name}", "font")
    raw = files.read(path, shown, MAX_BYTES)
    digest = hashlib.sha256(raw).hexdigest()
    if digest not in _CHECKED:     # --watch rebuilds on every save: check each file once
        if len(_CHECKED) >= 4 * MAX_FONTS:
            _CHECKED.clear()
        _CHECKED[digest] = _check(raw, shown)
    raw = _CHECKED[digest]
    font = f"{name}-{digest[:10]}"
    from reportlab.pdfbase import pdfmetrics
    if font not in pdfmetrics.getRegisteredFontNames():
        from ..render.fonts import _checked_font_class
        try:
            pdfmetrics.registerFont(_checked_font_class()(font, io.BytesIO(raw)))
        except Exception as e:      # reportlab's own parser: many kinds on odd tables
            raise InputError(f"{shown}: not a font reportlab can embed "
                             f"({type(e).__name__})") from None
    return font


def _check(raw: bytes, shown: str) -> bytes:
    """Every table reportlab reads, parsed by fontTools (bounded by the file's
    size); the font's bytes, with TrueType outlines."""
    from fontTools.ttLib import TTFont, TTLibError
    try:
        font = TTFont(io.BytesIO(raw), lazy=False, fontNumber=0)
    except (TTLibError, Exception):     # fontTools raises many kinds on a damaged file
        raise InputError(f"{shown}: not a readable TrueType or OpenType font") from None
    try:
        if "glyf" not in font and "CFF2" in font:
            raise InputError(f"{shown}: a variable OpenType font (CFF2), which the PDFs "
                             "cannot embed: use one of its static .ttf or .otf files")
        if "glyf" not in font and "CFF " in font:
            if font["maxp"].numGlyphs > MAX_CONVERTED:
                raise InputError(f"{shown}: PostScript (CFF) outlines in more than "
                                 f"{MAX_CONVERTED} glyphs: use the font's TrueType (.ttf) "
                                 "version")
            raw = _to_truetype(font)
            font.close()
            font = TTFont(io.BytesIO(raw), lazy=False)
        for tag in _TABLES:
            if tag not in font:
                raise InputError(f"{shown}: not a complete TrueType font (no {tag} table)")
            font[tag]          # decompiled here: a damaged table fails now, as one line
        if "OS/2" in font and font["OS/2"].fsType & 0x000F == _RESTRICTED:
            raise InputError(f"{shown}: its licence forbids embedding it in a document "
                             "(OS/2 fsType); choose another font")
        cmap = font.getBestCmap()
        if not cmap:
            raise InputError(f"{shown}: no Unicode character map; not a text font")
    except InputError:
        raise
    except Exception as e:
        raise InputError(f"{shown}: not a readable TrueType or OpenType font "
                         f"({type(e).__name__})") from None
    finally:
        font.close()
    return raw


def _to_truetype(font) -> bytes:
    """``font`` (CFF outlines) with TrueType outlines: fontTools' own recipe
    (Snippets/otf2ttf.py), cubic curves made quadratic by cu2qu."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable
    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    quadratic = {}
    for name in order:
        pen = TTGlyphPen(glyph_set)
        glyph_set[name].draw(Cu2QuPen(pen, font["head"].unitsPerEm / 1000,
                                      reverse_direction=True))
        quadratic[name] = pen.glyph()
    font["loca"] = newTable("loca")
    font["glyf"] = glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = quadratic
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    glyf.compile(font)
    hmtx = font["hmtx"]
    for name, glyph in glyf.glyphs.items():
        if hasattr(glyph, "xMin"):
            hmtx[name] = (hmtx[name][0], glyph.xMin)
    maxp = font["maxp"] = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.maxZones = 1
    maxp.maxTwilightPoints = maxp.maxStorage = maxp.maxFunctionDefs = 0
    maxp.maxInstructionDefs = maxp.maxStackElements = maxp.maxSizeOfInstructions = 0
    maxp.maxComponentElements = max((len(getattr(g, "components", ()))
                                     for g in quadratic.values()), default=0)
    post = font["post"]
    post.formatType, post.extraNames, post.mapping = 2.0, [], {}
    post.glyphOrder = order
    font.sfntVersion = "\x00\x01\x00\x00"
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()
