"""The one-page quick reference (render/reference.py) and the saddle-stitch
booklet imposition (render/booklet_imposition.py), read back from the PDFs."""
from __future__ import annotations

import re

import pypdf
import pypdfium2 as pdfium
import pytest
from herald.generator.catalogs import load_catalog
from herald.generator.database import database_path, load_database
from herald.generator.errors import InputError
from herald.generator.games.oriflamme.reference import reference_name, write_reference
from herald.generator.render.booklet_imposition import (
    half_size,
    impose_saddle_stitch,
    saddle_order,
)
from herald.generator.translations import game_locales
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.units import inch, mm
from reportlab.pdfgen.canvas import Canvas

TOL = 0.05 * mm
SIZES = {"a4": A4, "letter": LETTER}


@pytest.fixture(scope="module")
def db():
    return load_database(database_path("oriflamme"))


def rules(locale: str) -> dict:
    return load_catalog("oriflamme", locale, "rules")


@pytest.fixture(scope="module")
def references(db, tmp_path_factory):
    """(locale, paper) -> path of the written reference."""
    out = {}
    for locale in ("fr", "en"):
        text = rules(locale)
        for paper in ("a4", "letter"):
            folder = tmp_path_factory.mktemp(f"ref-{locale}-{paper}")
            assert write_reference(folder, db, locale, paper, text) == 1
            out[locale, paper] = folder / reference_name(db, paper)
    return out


def _plain(text: str) -> str:
    """Extracted text with every kind of space made ordinary, runs collapsed."""
    return " ".join(re.sub(r"[\u00a0\u202f\u2009]", " ", text).split())


# -- the quick reference ------------------------------------------------------------

@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_reference_is_one_page_of_the_paper(references, locale, paper):
    path = references[locale, paper]
    assert path.name == f"oriflamme-reference-{paper}.pdf"
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    w, h = SIZES[paper]
    assert abs(float(box.width) - w) <= TOL and abs(float(box.height) - h) <= TOL
    assert float(box.left) == 0 and float(box.bottom) == 0


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_reference_names_every_card_and_the_aid(references, db, locale, paper):
    reader = pypdf.PdfReader(references[locale, paper])
    text = _plain(reader.pages[0].extract_text())
    for card in db.cards:
        assert _plain(card.name[locale]) in text, card.id
    aid = db.aids[locale]
    for section in (aid.turn[1], aid.turn[2], aid.turn[-1]):
        assert _plain(section.heading) in text
    assert _plain(rules(locale)["reference_title"]) in text
    assert db.name[locale] in text


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_reference_metadata(references, db, locale):
    reader = pypdf.PdfReader(references[locale, "a4"])
    meta = reader.metadata
    assert rules(locale)["reference_title"] in meta.title
    assert db.name[locale] in meta.title
    assert meta.author == "Herald"
    assert str(reader.trailer["/Root"]["/Lang"]) == locale


def _fonts(resources, seen):
    """Every font dictionary reachable from ``resources`` (forms included)."""
    resources = resources.get_object() if resources is not None else {}
    for font in (resources.get("/Font") or {}).values():
        seen.append(font.get_object())
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if xobject.get("/Subtype") == "/Form":
            _fonts(xobject.get("/Resources"), seen)
    return seen


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_reference_fonts_are_embedded_subsets(references, locale, paper):
    reader = pypdf.PdfReader(references[locale, paper])
    fonts = _fonts(reader.pages[0].get("/Resources"), [])
    assert fonts
    families = set()
    for font in fonts:
        base = str(font["/BaseFont"])
        assert re.fullmatch(r"/[A-Z]{6}\+[\w-]+", base), base
        families.add(base.split("+", 1)[1])
        if font.get("/Subtype") == "/Type0":
            font = font["/DescendantFonts"][0].get_object()
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, base
    assert any(f.startswith("EBGaramond") for f in families)
    assert any(f.startswith("Cinzel") for f in families)


def test_reference_is_byte_identical(db, tmp_path):
    text = rules("fr")
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    write_reference(a, db, "fr", "letter", text)
    write_reference(b, db, "fr", "letter", text)
    assert a.read_bytes() == b.read_bytes()


def test_reference_rejects_unknown_paper_and_locale(db, tmp_path):
    with pytest.raises(InputError, match="paper"):
        write_reference(tmp_path, db, "fr", "a3", rules("fr"))
    with pytest.raises(InputError, match="locale"):
        write_reference(tmp_path, db, "pt", "a4", rules("fr"))
    assert not list(tmp_path.iterdir())


# -- saddle-stitch imposition ----------------------------------------------------------------

def test_saddle_order_is_the_standard_one():
    assert saddle_order(8) == [(7, 0), (1, 6), (5, 2), (3, 4)]
    assert saddle_order(4) == [(3, 0), (1, 2)]
    assert saddle_order(2) == [(None, 0), (1, None)]
    for n in range(1, 30):
        sides = saddle_order(n)
        pages = [p for side in sides for p in side if p is not None]
        assert sorted(pages) == list(range(n))       # every page exactly once
        assert len(sides) % 2 == 0


def test_half_size():
    a5 = half_size("a4")
    assert abs(a5[0] - 148.5 * mm) <= TOL and abs(a5[1] - 210 * mm) <= TOL
    assert half_size("letter") == (5.5 * inch, 8.5 * inch)
    assert half_size(LETTER) == (5.5 * inch, 8.5 * inch)
    with pytest.raises(InputError):
        half_size("tabloid")


def _numbered(path, pages: int, size) -> None:
    """A PDF of ``pages`` pages of ``size``, page i showing "P01".."P10"."""
    c = Canvas(str(path), pagesize=size, invariant=1)
    w, h = size
    for i in range(pages):
        c.setLineWidth(1)
        c.rect(10, 10, w - 20, h - 20)
        c.setFont("Helvetica-Bold", 40)
        c.drawCentredString(w / 2, h / 2, f"P{i + 1:02d}")
        c.showPage()
    c.save()


def _halves(path) -> list[tuple[str, str]]:
    """The text of the left and right half of each page."""
    doc = pdfium.PdfDocument(str(path))
    out = []
    for page in doc:
        w, h = page.get_size()
        text = page.get_textpage()
        left = text.get_text_bounded(0, 0, w / 2, h).strip()
        right = text.get_text_bounded(w / 2, 0, w, h).strip()
        out.append((left, right))
    doc.close()
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_impose_saddle_stitch(tmp_path, paper):
    src = tmp_path / "booklet.pdf"
    _numbered(src, 10, half_size(paper))
    dst = tmp_path / "sheets.pdf"
    assert impose_saddle_stitch(src, dst, paper) == 3
    reader = pypdf.PdfReader(dst)
    assert len(reader.pages) == 6                       # 3 sheets, 2 sides each
    sheet_w, sheet_h = landscape(SIZES[paper])
    for page in reader.pages:
        box = page.mediabox
        assert abs(float(box.width) - sheet_w) <= TOL
        assert abs(float(box.height) - sheet_h) <= TOL
    def label(i):
        return f"P{i + 1:02d}" if i < 10 else ""
    expected = [(label(12 - 1 - 2 * k), label(2 * k)) if side == 0 else
                (label(2 * k + 1), label(12 - 2 - 2 * k))
                for k in range(3) for side in (0, 1)]
    assert expected[0] == ("", "P01") and expected[1] == ("P02", "")
    assert _halves(dst) == expected
    # vector content: the page frames are still paths, not images
    content = reader.pages[2].get_contents().get_data()
    assert b" re" in content and b"/Im" not in content


def test_impose_is_byte_identical(tmp_path):
    src = tmp_path / "booklet.pdf"
    _numbered(src, 10, half_size("a4"))
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    impose_saddle_stitch(src, a, "a4")
    impose_saddle_stitch(src, b, "a4")
    assert a.read_bytes() == b.read_bytes()


def test_impose_keeps_the_reference_fonts(references, tmp_path):
    """A real booklet-style source (reportlab fonts, icons) survives imposition."""
    dst = tmp_path / "sheets.pdf"
    assert impose_saddle_stitch(references["en", "a4"], dst, (2 * 842, 595)) == 1
    reader = pypdf.PdfReader(dst)
    assert len(reader.pages) == 2
    halves = _halves(dst)
    assert "Archer" in _plain(halves[0][1]) or "ARCHER" in halves[0][1].upper()
    assert halves[0][0] == "" and halves[1] == ("", "")
    assert str(reader.root_object["/Lang"]) == "en"
    assert "Herald" == reader.metadata.author
    fonts = _fonts(reader.pages[0].get("/Resources"), [])
    assert fonts and all("/FontFile2" in (f["/FontDescriptor"].get_object()) for f in fonts)


def test_impose_rejects_a_bad_source(tmp_path):
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(b"not a pdf")
    with pytest.raises(InputError):
        impose_saddle_stitch(bad, tmp_path / "out.pdf", "a4")
    assert not (tmp_path / "out.pdf").exists()


@pytest.mark.parametrize("locale", game_locales("oriflamme"))
def test_alliance_has_a_quick_reference_of_its_own(db, tmp_path, locale):
    """Issue 33: Alliance had no quick reference. Beside the base game's,
    ``herald rules`` writes oriflamme-alliance-reference-<paper>.pdf: one page,
    the box's name, its ten cards and its aid's reminders, every font embedded."""
    from herald.generator.documents import rules_text
    from herald.generator.games.oriflamme.reference import write_more_references
    from herald.generator.render.text import typography
    (path,) = write_more_references(tmp_path, db, locale, "a4", rules_text("oriflamme", locale))
    assert path.name == "oriflamme-alliance-reference-a4.pdf"
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == 1
    flat = re.sub(r"\s+", "", reader.pages[0].extract_text()).lower()
    boxed = db.select("alliance")
    names = [boxed.name[locale], *(c.name[locale] for c in boxed.cards),
             *(t.heading for t in boxed.aids[locale].turn[1:-1])]
    for name in names:
        assert re.sub(r"\s+", "", typography(name, locale)).lower() in flat, name
    # the base game's cards are not on it
    assert re.sub(r"\s+", "", db.cards[0].name[locale]).lower() not in flat
    # every font an embedded subset (its name tagged "ABCDEF+")
    fonts = [f.get_object()["/BaseFont"] for f in reader.pages[0]["/Resources"]["/Font"].values()]
    assert fonts and all(re.match(r"/[A-Z]{6}\+", str(f)) for f in fonts), fonts
