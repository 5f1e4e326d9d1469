"""Every kind of PDF Herald writes is a valid file that every viewer draws alike.

One locale (fr: the richer typography) of each kind: the home-printer sheets,
the calibration sheet, the print-shop file (RGB and CMYK), the rules, the
imposed booklet and the quick reference. Each must pass ``qpdf --check``,
render in poppler (``pdftoppm``) without a warning, list only embedded fonts
(``pdffonts``), and look the same in pdfium and poppler. The external tools
come from the qpdf and poppler-utils packages (.ci/run installs them); the
tests that need them skip, saying so, when they are absent.
"""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from herald.generator.cmd_rules import build_rules
from herald.generator.database import database_path, load_database
from herald.generator.kits import kit
from herald.generator.render.calibration import write_calibration
from herald.generator.render.imposition import fit_bleed, write_printshop, write_sheets
from herald.generator.verified import verify_examples
from reportlab.lib.units import mm

LOCALE = "fr"
QPDF = shutil.which("qpdf")
POPPLER = shutil.which("pdftoppm") and shutil.which("pdffonts")
needs_qpdf = pytest.mark.skipif(not QPDF, reason="qpdf is not installed "
                                "(apt-get install qpdf; .ci/run does it)")
needs_poppler = pytest.mark.skipif(not POPPLER, reason="poppler-utils is not installed "
                                   "(apt-get install poppler-utils; .ci/run does it)")


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("pdfs")
    db = load_database(database_path("oriflamme"))
    cards = kit("oriflamme").print_cards(db, LOCALE)
    files = {"sheets": out / "sheets.pdf", "calibration": out / "calibration.pdf",
             "printshop": out / "printshop.pdf", "printshop-cmyk": out / "cmyk.pdf"}
    write_sheets(files["sheets"], cards, "a4", "duplex-long", fit_bleed("a4", 3 * mm),
                 title=db.name[LOCALE], lang=LOCALE)
    write_calibration(files["calibration"], "a4")
    write_printshop(files["printshop"], cards, title=db.name[LOCALE], lang=LOCALE)
    write_printshop(files["printshop-cmyk"], cards, title=db.name[LOCALE], lang=LOCALE,
                    color="cmyk")
    examples = verify_examples("oriflamme", allow_unverified=True)
    # the first four: the game's own documents (a checklist, Alliance's reference follow)
    rules, booklet, compendium, reference = build_rules("oriflamme", LOCALE, paper="a4",
                                                        out=out, booklet=True,
                                                        examples=examples)[:4]
    files.update(rules=rules, booklet=booklet, examples=compendium, reference=reference)
    return files


KINDS = ["sheets", "calibration", "printshop", "printshop-cmyk", "rules", "booklet",
         "examples", "reference"]


@needs_qpdf
@pytest.mark.parametrize("kind", KINDS)
def test_qpdf_check(pdfs, kind):
    run = subprocess.run([QPDF, "--check", str(pdfs[kind])], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "No syntax or stream encoding errors" in run.stdout


@needs_poppler
@pytest.mark.parametrize("kind", KINDS)
def test_poppler_renders_every_page_without_a_warning(pdfs, kind, tmp_path):
    run = subprocess.run(["pdftoppm", "-r", "12", "-png", str(pdfs[kind]),
                          str(tmp_path / "p")], capture_output=True, text=True)
    assert run.returncode == 0
    assert run.stderr == "", run.stderr[:500]      # e.g. "ExtGState 'Sh0' is unknown"


@needs_poppler
@pytest.mark.parametrize("kind", KINDS)
def test_every_font_is_embedded(pdfs, kind):
    run = subprocess.run(["pdffonts", str(pdfs[kind])], capture_output=True, text=True)
    rows = run.stdout.splitlines()[2:]
    assert rows, "no fonts listed"
    for row in rows:
        emb = row.split()[-5]                        # name type enc emb sub uni id gen
        assert emb == "yes", row


def _poppler_page(path: Path, page: int, dpi: int, tmp: Path):
    from PIL import Image
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-f", str(page), "-l", str(page),
                    "-singlefile", str(path), str(tmp / "poppler")], check=True)
    return Image.open(tmp / "poppler.png").convert("RGB")


def _pdfium_page(path: Path, page: int, dpi: int):
    import pypdfium2
    doc = pypdfium2.PdfDocument(str(path))
    return doc[page - 1].render(scale=dpi / 72).to_pil().convert("RGB")


@needs_poppler
@pytest.mark.parametrize("kind,page", [("sheets", 1), ("sheets", 2), ("calibration", 1),
                                       ("printshop", 1), ("printshop", 60),
                                       ("printshop-cmyk", 60), ("rules", 4),
                                       ("rules", 14), ("booklet", 3), ("examples", 8),
                                       ("reference", 1)])
def test_pdfium_and_poppler_draw_the_same(pdfs, kind, page, tmp_path):
    """Compared in 4 x 4 pixel blocks at 40 dpi (antialiasing and half-pixel
    placement differ between renderers, a missing shading or glyph does not):
    mean difference under 5 % (their colour conversions differ a little), under
    1 % of blocks off by a quarter of the range."""
    from PIL import Image, ImageChops
    dpi = 40
    a = _poppler_page(pdfs[kind], page, dpi, tmp_path)
    b = _pdfium_page(pdfs[kind], page, dpi)
    if a.size != b.size:
        b = b.resize(a.size)
    small = (max(1, a.size[0] // 4), max(1, a.size[1] // 4))
    a, b = a.resize(small, Image.BOX), b.resize(small, Image.BOX)
    diff = ImageChops.difference(a, b).convert("L")
    hist = diff.histogram()
    total = a.size[0] * a.size[1]
    mean = sum(i * n for i, n in enumerate(hist)) / total / 255
    off = sum(hist[64:]) / total
    assert mean < 0.05 and off < 0.01, (kind, page, round(mean, 4), round(off, 4))


# -- text: typography and glyphs ------------------------------------------------------

def _text(path: Path) -> str:
    """Every page's characters as the PDF maps them to Unicode, read by pdfium
    (ten to forty times faster than pypdf, the same apostrophes counted: the
    order of the words does not matter here)."""
    import pypdfium2
    return "\n".join(page.get_textpage().get_text_range()
                     for page in pypdfium2.PdfDocument(path))


@pytest.mark.parametrize("kind", KINDS)
def test_no_straight_apostrophe_in_french(pdfs, kind):
    text = _text(pdfs[kind])
    assert text.count("'") == 0, re.findall(r".{20}'.{20}", text)[:5]
    assert "\u2019" in text


@needs_poppler
def test_no_french_line_starts_with_punctuation(pdfs):
    run = subprocess.run(["pdftotext", "-layout", str(pdfs["rules"]), "-"],
                         capture_output=True, text=True)
    bad = [ln for ln in run.stdout.splitlines() if re.match(r"\s*[;:!?»),.]", ln)]
    assert not bad, bad[:5]


def test_french_metadata(pdfs):
    import pypdf
    for kind in ("rules", "reference"):
        info = pypdf.PdfReader(pdfs[kind]).metadata
        assert info["/Subject"] and "rules" not in info["/Subject"].lower(), info
    assert pypdf.PdfReader(pdfs["rules"]).trailer["/Root"]["/Lang"] == "fr"


def test_booklet_links_all_point_inside_it(pdfs):
    import pypdf
    reader = pypdf.PdfReader(pdfs["booklet"])
    for page in reader.pages:
        assert "/Annots" not in page           # the source's links are not carried over


@needs_poppler
def test_a4_body_text_sets_60_to_75_characters_a_line(pdfs):
    """The rules' own pages (before the examples): full lines of body text
    (the longer half of the lines, so that paragraph ends do not count)."""
    run = subprocess.run(["pdftotext", "-f", "3", "-l", "9", str(pdfs["rules"]), "-"],
                         capture_output=True, text=True)
    lengths = sorted(len(ln) for ln in run.stdout.splitlines() if len(ln) > 30)
    full = lengths[len(lengths) // 2:]
    mean = sum(full) / len(full)
    assert 60 <= mean <= 75, mean


def test_rules_come_first_and_the_rulings_last(pdfs):
    import pypdf
    reader = pypdf.PdfReader(pdfs["rules"])
    first = {o.title: reader.get_destination_page_number(o) + 1
             for o in reader.outline if not isinstance(o, list)}
    # the base game's rules, its examples beside them, end within 16 pages;
    # the Alliance box's own section follows them, then the rulings
    assert first["Oriflamme Alliance"] <= 16, first
    assert first["Oriflamme Alliance"] < first["Points de règle"]
    assert "Exemples commentés" not in first        # no chapter of examples: inline
