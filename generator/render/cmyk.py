"""CMYK output for print shops: the colour conversion and PDF/X-1a marking.

``--color cmyk`` writes the print-shop file with every colour in DeviceCMYK,
as a PDF/X-1a:2003 file for offset printing on coated paper:

* the conversion (:func:`to_cmyk`) is the textbook one with full grey
  component replacement, K = 1 - max(R, G, B), C = (1 - R - K) / (1 - K) and
  likewise M, Y: what is black in a colour goes to the black plate, so the
  total ink stays low (at most 300 %) and a dark tone never turns muddy.
  Near-neutral darks (text ink: chroma under :data:`NEUTRAL_CHROMA`, R, G
  and B all under :data:`DARK`) go on the K plate alone, so body text is
  pure black, sharp however the plates register, never four-colour brown.
  It is a device conversion, not a colour-managed one: Herald has no CMYK
  profile to carry (no download at run time), so the file names its
  intended printing condition instead (below) and the printer's RIP does
  the rest;
* reportlab converts every colour it is given through this function
  (its ``enforceColorSpace`` hook): fills, strokes, text, and the recorded
  drawings replayed into forms; a colour that cannot be converted stops the
  build rather than slip through as RGB;
* the file carries an OutputIntent for the registered characterization
  FOGRA39 (ISO 12647-2:2004, coated paper) and the PDF/X keys in its
  document information (``GTS_PDFXVersion``, ``Trapped``). PDF/X-1a lets a
  registered condition be named without embedding its profile.

PDF/X-1a also wants what the print-shop file already has: TrimBox and
BleedBox on every page, every font embedded, and no transparency (the card
art uses none). ``tests/test_printshop_cmyk.py`` checks each requirement.
"""
from __future__ import annotations

from reportlab.lib.colors import CMYKColor, Color, toColor

__all__ = ["DARK", "NEUTRAL_CHROMA", "OUTPUT_CONDITION", "mark_pdfx", "to_cmyk"]

NEUTRAL_CHROMA = 0.08      # max(R,G,B) - min(R,G,B) below this: a neutral
DARK = 0.35                # ... and every channel below this: printed on K alone
OUTPUT_CONDITION = "FOGRA39"
OUTPUT_INFO = "Coated FOGRA39 (ISO 12647-2:2004)"
PDFX_VERSION = "PDF/X-1a:2003"


def _components(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    top, bottom = max(r, g, b), min(r, g, b)
    k = 1.0 - top
    if top - bottom < NEUTRAL_CHROMA and top < DARK:
        return 0.0, 0.0, 0.0, round(1.0 - (r + g + b) / 3, 4)
    if k >= 1.0:
        return 0.0, 0.0, 0.0, 1.0
    c, m, y = ((1.0 - v - k) / (1.0 - k) for v in (r, g, b))
    return tuple(round(v, 4) for v in (c, m, y, k))  # type: ignore[return-value]


def to_cmyk(colour) -> CMYKColor:
    """Any reportlab colour (a Color, a name, an (r, g, b) tuple, a CMYKColor)
    as a CMYKColor, by the conversion the module describes."""
    tc = toColor(colour)
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


def mark_pdfx(canvas) -> None:
    """Make ``canvas``'s document a PDF/X-1a:2003 file: the OutputIntent
    (FOGRA39, named, not embedded) and the PDF/X keys of its information."""
    from reportlab.pdfbase.pdfdoc import (
        PDFArray, PDFDictionary, PDFInfo, PDFName, PDFString,
    )

    doc = canvas._doc
    intent = PDFDictionary({
        "Type": PDFName("OutputIntent"),
        "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString(OUTPUT_CONDITION),
        "RegistryName": PDFString("http://www.color.org"),
        "Info": PDFString(OUTPUT_INFO),
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
