"""CMYK output for print shops: a colour-managed conversion and PDF/X-1a marking.

``--color cmyk`` writes the print-shop file with every colour in DeviceCMYK,
as a PDF/X-1a:2003 file for offset printing on coated paper:

* the conversion (:func:`to_cmyk`) is colour-managed: littleCMS (through
  Pillow's ImageCms) maps each sRGB colour into the press profile
  ``assets/print/herald-fogra39.icc`` (FOGRA39, coated paper, built from
  zlib-licensed measurement data; its README says how), relative
  colorimetric: the cards' flat colours printed as close as the press
  allows (black point compensation moved the family red further off). The profile limits the total
  ink to 290 %, so no colour prints above the 300 % a print shop accepts;
* text ink is pure black: a near-neutral dark (chroma under
  :data:`NEUTRAL_CHROMA`, R, G and B all under :data:`DARK`) becomes 100 %
  K and nothing else, set to overprint (:class:`PressCanvas`), so body text
  is sharp however the plates register, never four-colour brown, and never
  knocks a white hairline out of what lies under it;
* small coloured type (:func:`two_plates`) prints on two plates at most,
  K counted: the pair of its plates that prints nearest to it, so a
  misregistered plate cannot blur it (in text objects as in single strings);
* reportlab converts every colour it is given through :func:`to_cmyk` (its
  ``enforceColorSpace`` hook): fills, strokes, text, and the recorded
  drawings replayed into forms; a colour that cannot be converted stops the
  build rather than slip through as RGB;
* the file embeds the press profile as its OutputIntent
  (``DestOutputProfile``, for the registered characterization FOGRA39,
  ISO 12647-2:2004, coated paper) and carries the PDF/X keys in its
  document information (``GTS_PDFXVersion``, ``Trapped``).

PDF/X-1a also wants what the print-shop file already has: TrimBox and
BleedBox on every page, every font embedded, and no transparency (the card
art uses none). ``tests/test_printshop_cmyk.py`` checks each requirement,
and Ghostscript's ink coverage (total ink, black text on K only).
"""
from __future__ import annotations

import functools
from pathlib import Path

from reportlab.lib.colors import CMYKColor, CMYKColorSep, Color, toColor
from reportlab.pdfgen.textobject import PDFTextObject

from ..paths import ASSETS
from .dates import DatedCanvas

__all__ = ["DARK", "NEUTRAL_CHROMA", "OUTPUT_CONDITION", "PROFILE", "PressCanvas", "mark_pdfx",
           "to_cmyk", "two_plates"]

DIE_LINE = "CutContour"    # the spot colour of a die-cut piece's cut (imposition.write_pieces)
NEUTRAL_CHROMA = 0.08      # max(R,G,B) - min(R,G,B) below this: a neutral
DARK = 0.35                # ... and every channel below this: printed on K alone, 100 %
OUTPUT_CONDITION = "FOGRA39"
OUTPUT_INFO = "Coated FOGRA39 (ISO 12647-2:2004)"
PDFX_VERSION = "PDF/X-1a:2003"
PROFILE = ASSETS / "print" / "herald-fogra39.icc"
SMALL_TYPE_PT = 9.0        # coloured type smaller than this is set on two plates


@functools.lru_cache(maxsize=1)
def _transform():
    from PIL import ImageCms
    try:
        press = ImageCms.getOpenProfile(str(PROFILE))
    except (OSError, ImageCms.PyCMSError) as e:
        raise RuntimeError(f"{PROFILE}: cannot read the press profile ({e})") from e
    return ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"), press, "RGB", "CMYK",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)


@functools.lru_cache(maxsize=4096)
def _press(r8: int, g8: int, b8: int) -> tuple[float, float, float, float]:
    """The press profile's CMYK (0-1) of an 8-bit sRGB colour."""
    from PIL import Image, ImageCms
    pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), (r8, g8, b8)), _transform())
    assert pixel is not None                  # a new image, not converted in place
    c, m, y, k = pixel.getpixel((0, 0))       # type: ignore[misc]
    return (round(c / 255, 4), round(m / 255, 4), round(y / 255, 4), round(k / 255, 4))


def _components(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    top, bottom = max(r, g, b), min(r, g, b)
    if top - bottom < NEUTRAL_CHROMA and top < DARK:
        return 0.0, 0.0, 0.0, 1.0          # text ink: solid black, one plate
    return _press(*(min(255, max(0, round(v * 255))) for v in (r, g, b)))


def is_black(colour) -> bool:
    """True for the solid K-only black text ink becomes."""
    return (isinstance(colour, CMYKColor) and colour.black >= 1.0
            and colour.cyan == colour.magenta == colour.yellow == 0)


def to_cmyk(colour) -> CMYKColor:
    """Any reportlab colour (a Color, a name, an (r, g, b) tuple, a CMYKColor)
    as a CMYKColor, by the conversion the module describes."""
    tc = toColor(colour)
    if isinstance(tc, CMYKColorSep) and tc.spotName == DIE_LINE:
        return tc       # a die line stays the spot colour a cutter reads, never a plate
    if isinstance(tc, CMYKColor):
        out = tc.clone()
        out.__class__ = CMYKColor            # a separation colour as process colour
        return out
    if not isinstance(tc, Color):
        raise ValueError(f"colour {colour!r}: cannot convert to CMYK")
    alpha = getattr(tc, "alpha", 1)
    if alpha is not None and alpha < 1:
        raise ValueError(f"colour {colour!r}: transparency is not allowed in PDF/X-1a")
    c, m, y, k = _components(tc.red, tc.green, tc.blue)
    return CMYKColor(c, m, y, k)


@functools.lru_cache(maxsize=1)
def _proof():
    """The press profile's CMYK to CIELAB: how a set of plates will look."""
    from PIL import ImageCms
    return ImageCms.buildTransform(
        ImageCms.getOpenProfile(str(PROFILE)), ImageCms.createProfile("LAB"), "CMYK", "LAB",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)


@functools.lru_cache(maxsize=4096)
def _lab(plates: tuple[float, ...]) -> tuple[float, float, float]:
    from PIL import Image, ImageCms
    ink = tuple(min(255, max(0, round(v * 255))) for v in plates)
    pixel = ImageCms.applyTransform(Image.new("CMYK", (1, 1), ink), _proof())
    assert pixel is not None
    lightness, a, b = pixel.getpixel((0, 0))      # type: ignore[misc]
    return lightness * 100 / 255, a - 128, b - 128   # Pillow's LAB: offset bytes


def two_plates(colour: CMYKColor) -> CMYKColor:
    """``colour`` on two plates at most, K counted (issue 33: dark red type
    of 6.5 pt printed on M, Y and K): of every two of its plates, the pair
    that prints nearest to it (CIE76 in the press profile's Lab). Small type
    printed from three or four plates blurs at the slightest misregistration."""
    plates = (colour.cyan, colour.magenta, colour.yellow, colour.black)
    used = [i for i, v in enumerate(plates) if v > 0]
    if len(used) <= 2:
        return colour
    target = _lab(plates)

    def kept(pair):
        return tuple(v if i in pair else 0.0 for i, v in enumerate(plates))

    def distance(pair):
        return sum((x - y) ** 2 for x, y in zip(_lab(kept(pair)), target))
    pairs = [(a, b) for n, a in enumerate(used) for b in used[n + 1:]]
    return CMYKColor(*kept(min(pairs, key=distance)))


class _PressText(PDFTextObject):
    """A text object whose fill colour keeps the canvas's overprint rule, and
    whose small coloured type goes on two plates as the canvas's does."""

    def setFillColor(self, aColor, alpha=None):
        super().setFillColor(aColor, alpha)
        self._small_type()
        canvas = self._canvas
        if isinstance(canvas, PressCanvas):
            canvas._overprint_into(self._code, self._fillColorObj)

    def setFont(self, psfontname, size, leading=None):
        super().setFont(psfontname, size, leading)
        self._canvas._text_size = size
        self._small_type()

    def _small_type(self) -> None:
        # a text object without a colour of its own prints in the canvas's
        inherited = getattr(self, "_fillColorObj", None) is None
        colour = self._canvas._fillColorObj if inherited else self._fillColorObj
        if (self._fontsize < SMALL_TYPE_PT and isinstance(colour, CMYKColor)
                and not is_black(colour)):
            reduced = two_plates(colour)
            if reduced is not colour:
                PDFTextObject.setFillColor(self, reduced)
                # the reduced colour outlives the text object: the canvas says its own again
                self._restore_fill = inherited or getattr(self, "_restore_fill", False)


class PressCanvas(DatedCanvas):
    """The print-shop canvas for ``--color cmyk``: every colour through
    :func:`to_cmyk`; the solid black of text ink set to overprint (with
    overprint mode 1, so that its zero C, M and Y leave what lies under it);
    coloured text under :data:`SMALL_TYPE_PT` on two plates."""

    def __init__(self, *args, **kwargs):
        kwargs["enforceColorSpace"] = to_cmyk
        super().__init__(*args, **kwargs)
        self._text_size = 0.0

    def _overprint_into(self, code: list, colour) -> None:
        """Fill overprint on for solid black, off for every other colour."""
        black = is_black(colour)
        if black and self._extgstate.getValue("OPM") != 1:
            self._gs(code, "OPM", 1)
        if self._extgstate.getValue("op") != black:
            self._gs(code, "op", black)

    def _gs(self, code: list, key: str, value) -> None:
        """Write ``/name gs`` setting ``key`` into ``code`` (a page's, a
        form's or a text object's operators), always, and track it."""
        state = self._extgstate
        t = (key, state._boolTransform(value) if isinstance(value, bool) else value)
        name = state._c.setdefault(t, f"gRLs{len(state._c)}")
        state._d[key] = value
        code.append(f"/{name} gs")

    def setFillColor(self, aColor, alpha=None):
        super().setFillColor(aColor, alpha)
        self._overprint_into(self._code, self._fillColorObj)

    def setStrokeColor(self, aColor, alpha=None):
        super().setStrokeColor(aColor, alpha)
        black = is_black(self._strokeColorObj)
        if black and self._extgstate.getValue("OPM") != 1:
            self._gs(self._code, "OPM", 1)
        if self._extgstate.getValue("OP") != black:
            self._gs(self._code, "OP", black)
            # a state that sets OP alone sets op to the same value (PDF 1.7,
            # table 58): say op again, or a colour fill would overprint
            self._gs(self._code, "op", is_black(self._fillColorObj))

    def endForm(self, **extra_attributes):
        # reportlab gives a form no ExtGState resources: add them, or the
        # form's "/gRLs0 gs" would name a state the file does not define
        from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, xObjectName
        name = self._formData[0]
        states = self._extgstate.getState()
        super().endForm(**extra_attributes)
        if states:
            form = self._doc.idToObject[xObjectName(name)]
            resources = PDFResourceDictionary()
            resources.basicFonts()
            resources.allProcs()
            if form.XObjects:
                resources.XObject = form.XObjects
            resources.ExtGState = states
            form.Resources = resources

    def setFont(self, psfontname, size, leading=None):
        super().setFont(psfontname, size, leading)
        self._text_size = size

    def beginText(self, x=0, y=0, direction=None):
        return _PressText(self, x, y, direction=direction)

    def drawText(self, aTextObject):
        super().drawText(aTextObject)
        if getattr(aTextObject, "_restore_fill", False):
            self.setFillColor(self._fillColorObj)

    def drawString(self, x, y, text, *args, **kwargs):
        self._small_type()
        return super().drawString(x, y, text, *args, **kwargs)

    def drawCentredString(self, x, y, text, *args, **kwargs):
        self._small_type()
        return super().drawCentredString(x, y, text, *args, **kwargs)

    def drawRightString(self, x, y, text, *args, **kwargs):
        self._small_type()
        return super().drawRightString(x, y, text, *args, **kwargs)

    def _small_type(self) -> None:
        colour = self._fillColorObj
        if (self._text_size < SMALL_TYPE_PT and isinstance(colour, CMYKColor)
                and not is_black(colour)):
            reduced = two_plates(colour)
            if reduced is not colour:
                super().setFillColor(reduced)


def mark_pdfx(canvas) -> None:
    """Make ``canvas``'s document a PDF/X-1a:2003 file: the OutputIntent
    (FOGRA39, the press profile embedded as DestOutputProfile) and the
    PDF/X keys of its information."""
    from reportlab.pdfbase.pdfdoc import (
        PDFArray,
        PDFDictionary,
        PDFInfo,
        PDFName,
        PDFStream,
        PDFString,
    )

    doc = canvas._doc
    data = Path(PROFILE).read_bytes()
    profile = PDFStream(PDFDictionary({"N": 4}), data, filters=None)
    intent = PDFDictionary({
        "Type": PDFName("OutputIntent"),
        "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString(OUTPUT_CONDITION),
        "OutputCondition": PDFString(OUTPUT_INFO),
        "RegistryName": PDFString("http://www.color.org"),
        "Info": PDFString(OUTPUT_INFO),
        "DestOutputProfile": doc.Reference(profile),
    })
    catalog = doc.Catalog
    catalog.__NoDefault__ = list(catalog.__NoDefault__) + ["OutputIntents"]
    catalog.OutputIntents = PDFArray([intent])

    class _PDFXInfo(PDFInfo):
        def format(self, document):
            base = super().format(document)       # b"<< ... >>"
            extra = (f" /GTS_PDFXVersion ({PDFX_VERSION})"
                     f" /GTS_PDFXConformance ({PDFX_VERSION}) >>").encode("ascii")
            return base.rstrip()[:-2] + extra

    info = _PDFXInfo()
    info.__dict__.update(doc.info.__dict__)
    info.trapped = "False"
    doc.info = info
