"""`--color cmyk`: the print-shop file in CMYK, checked against each PDF/X-1a
requirement (no open validator is run; see generator/render/cmyk.py)."""
from __future__ import annotations

import re
import zlib

import pypdf
import pytest

from herald.generator.database import database_path, load_database
from herald.generator.kits import kit
from herald.generator.render.cmyk import to_cmyk
from herald.generator.render.imposition import write_printshop


@pytest.fixture(scope="module")
def cmyk_pdf(tmp_path_factory):
    db = load_database(database_path("oriflamme"))
    cards = kit("oriflamme").print_cards(db, "fr")[:12]      # fronts and backs of 12
    path = tmp_path_factory.mktemp("cmyk") / "printshop.pdf"
    write_printshop(path, cards, title="Oriflamme", lang="fr", color="cmyk")
    return pypdf.PdfReader(path)


def _streams(reader):
    """Every content stream: pages and the form XObjects they use."""
    seen, out = set(), []

    def walk(obj):
        obj = obj.get_object()
        if id(obj) in seen:
            return
        seen.add(id(obj))
        if hasattr(obj, "get_data"):
            out.append(obj.get_data().decode("latin-1"))
        for xobj in (obj.get("/Resources", {}) or {}).get("/XObject", {}).values():
            walk(xobj)

    for page in reader.pages:
        out.append(page.get_contents().get_data().decode("latin-1"))
        for xobj in (page.get("/Resources", {}) or {}).get("/XObject", {}).values():
            walk(xobj)
    return out


def test_conversion_puts_text_ink_on_black_alone():
    ink = to_cmyk((0x2A / 255, 0x21 / 255, 0x18 / 255))        # the cards' text colour
    assert (ink.cyan, ink.magenta, ink.yellow) == (0, 0, 0) and ink.black > 0.8
    red = to_cmyk((0.7, 0.1, 0.1))
    assert red.cyan == 0 and red.black == pytest.approx(0.3) and red.magenta > 0.8


def test_no_rgb_anywhere(cmyk_pdf):
    for stream in _streams(cmyk_pdf):
        assert not re.search(r"(^|\s)[\d.]+ [\d.]+ [\d.]+ (rg|RG)\b", stream)
        assert "/DeviceRGB" not in stream
    assert re.search(r" k\b", "\n".join(_streams(cmyk_pdf)))


def test_no_transparency(cmyk_pdf):
    for page in cmyk_pdf.pages:
        for gs in (page.get("/Resources", {}) or {}).get("/ExtGState", {}).values():
            gs = gs.get_object()
            assert gs.get("/CA", 1) == 1 and gs.get("/ca", 1) == 1
            assert gs.get("/SMask", "/None") == "/None"


def test_boxes_on_every_page(cmyk_pdf):
    for page in cmyk_pdf.pages:
        trim, bleed, media = page.trimbox, page.bleedbox, page.mediabox
        assert float(trim.width) < float(bleed.width) <= float(media.width)
        assert float(bleed.left) >= float(media.left)


def test_fonts_embedded(cmyk_pdf):
    for page in cmyk_pdf.pages[:12]:
        for font in (page.get("/Resources", {}) or {}).get("/Font", {}).values():
            desc = font.get_object().get("/FontDescriptor")
            assert desc is not None and "/FontFile2" in desc.get_object()


def test_output_intent_and_pdfx_keys(cmyk_pdf):
    intents = cmyk_pdf.trailer["/Root"]["/OutputIntents"]
    assert intents[0]["/S"] == "/GTS_PDFX"
    assert intents[0]["/OutputConditionIdentifier"] == "FOGRA39"
    info = cmyk_pdf.metadata
    assert info["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
    assert info["/Trapped"] == "/False"
    assert cmyk_pdf.trailer.get("/ID")
