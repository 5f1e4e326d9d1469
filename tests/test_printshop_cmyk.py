"""`--color cmyk`: the print-shop file in CMYK, checked against each PDF/X-1a
requirement (no open validator is run; see generator/render/cmyk.py)."""
from __future__ import annotations

import io
import re
import shutil
import subprocess

import numpy as np
import pypdf
import pytest
from herald.generator.database import database_path, load_database
from herald.generator.kits import kit
from herald.generator.render.cards import PrintCard
from herald.generator.render.cmyk import PROFILE, PressCanvas, to_cmyk, two_plates
from herald.generator.render.imposition import write_printshop
from reportlab.lib.colors import CMYKColor


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
    assert (ink.cyan, ink.magenta, ink.yellow, ink.black) == (0, 0, 0, 1)   # 100 % K, not 87


def _lab_of_cmyk(cmyk):
    """CIELAB (D50, relative to the paper's white) of a CMYK colour as the
    press profile prints it."""
    from PIL import Image, ImageCms
    press = ImageCms.getOpenProfile(str(PROFILE))
    t = ImageCms.buildTransform(press, ImageCms.createProfile("LAB"), "CMYK", "LAB",
                                renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    im = Image.new("CMYK", (1, 1), tuple(round(v * 255) for v in cmyk))
    L, a, b = ImageCms.applyTransform(im, t).getpixel((0, 0))
    return np.array([L * 100 / 255, a - 128, b - 128])


def _lab_of_srgb(rgb):
    from PIL import Image, ImageCms
    t = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB"),
                                "RGB", "LAB", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    L, a, b = ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), t).getpixel((0, 0))
    return np.array([L * 100 / 255, a - 128, b - 128])


def _naive(rgb):
    r, g, b = (v / 255 for v in rgb)
    k = 1 - max(r, g, b)
    return tuple((1 - v - k) / (1 - k) for v in (r, g, b)) + (k,)


def test_conversion_is_colour_managed():
    """Issue 22: family red 173,35,17 printed by the naive formula (C0 M80
    Y90 K32) comes out brown; through the press profile each family colour
    prints within a few delta E of what the screen shows, closer than the
    formula's, and its total ink stays under 300 %."""
    import colour
    db = load_database(database_path("oriflamme"))
    for family in db.families:
        rgb = tuple(int(family.colour[i:i + 2], 16) for i in (1, 3, 5))
        managed = to_cmyk(tuple(v / 255 for v in rgb))
        cmyk = (managed.cyan, managed.magenta, managed.yellow, managed.black)
        assert sum(cmyk) < 3.0, (family.id, cmyk)
        target = _lab_of_srgb(rgb)
        ours = colour.delta_E(target, _lab_of_cmyk(cmyk), method="CIE 2000")
        naive = colour.delta_E(target, _lab_of_cmyk(_naive(rgb)), method="CIE 2000")
        assert ours < naive, (family.id, ours, naive)
        assert ours < 10, (family.id, ours)   # in gamut: close; the lilac, out of it: near


def test_small_coloured_type_on_two_plates():
    three = CMYKColor(0.3, 0.5, 0.6, 0.1)
    two = two_plates(three)
    plates = (two.cyan, two.magenta, two.yellow, two.black)
    assert sum(v > 0 for v in plates) == 2          # K counted (issue 33)
    # the pair nearest to the colour: of the six, none prints closer
    target = _lab_of_cmyk((0.3, 0.5, 0.6, 0.1))
    gap = np.linalg.norm(_lab_of_cmyk(plates) - target)
    for i in range(4):
        for j in range(i + 1, 4):
            pair = [v if n in (i, j) else 0 for n, v in enumerate((0.3, 0.5, 0.6, 0.1))]
            assert gap <= np.linalg.norm(_lab_of_cmyk(pair) - target) + 1e-6
    buf = io.BytesIO()
    c = PressCanvas(buf, pagesize=(100, 100), invariant=1)
    c.setFont("Helvetica", 6.8)
    c.setFillColor(three)
    c.drawString(10, 10, "small")
    c.setFont("Helvetica", 14)
    c.setFillColor(three)
    c.drawString(10, 50, "large")
    c.showPage()
    c.save()
    stream = pypdf.PdfReader(io.BytesIO(buf.getvalue())).pages[0].get_contents().get_data()
    small, large = stream.decode("latin-1").split("(small)")
    fill = re.findall(r"([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) k", small)[-1]
    assert sum(float(v) > 0 for v in fill) == 2
    assert re.findall(r"([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) k", large)[-1][0] == ".3"


def _small_type_plates(streams, limit=9.0):
    """The plates of every piece of text under ``limit`` pt in ``streams``:
    the fill colour (k) and size (Tf) in force at each Tj/TJ (q and Q save
    and restore the colour)."""
    out = []
    token = re.compile(r"([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) k\b|/\S+ ([\d.]+) Tf\b"
                       r"|(Tj|TJ)\b|(?<![\w/.])([qQ])(?![\w])")
    for stream in streams:
        stream = re.sub(r"\((?:\\.|[^\\)])*\)", "()", stream)     # the strings shown
        fill, size, saved = (0.0, 0.0, 0.0, 1.0), 12.0, []
        for m in token.finditer(stream):
            if m.group(1):
                fill = tuple(float(v) for v in m.group(1, 2, 3, 4))
            elif m.group(5):
                size = float(m.group(5))
            elif m.group(7) == "q":
                saved.append(fill)
            elif m.group(7) == "Q":
                fill = saved.pop() if saved else fill
            elif size < limit:
                out.append((size, fill))
    return out


@pytest.mark.parametrize("game", ["oriflamme", "aset"])
def test_small_coloured_type_of_the_cards_on_two_plates_at_most(tmp_path, game):
    """Issue 33: in the CMYK files "CHARACTER" and "Effect 1" (6.5-8.5 pt)
    printed on three or four plates; every piece of type under 9 pt is on
    two plates at most, K counted (body text on K alone)."""
    db = load_database(database_path(game))
    cards = kit(game).print_cards(db, "en")
    # a card of each kind: faces, decrees, aids
    picked = list({c.key.split("-")[0]: c for c in cards}.values())[:12]
    path = tmp_path / "printshop.pdf"
    write_printshop(path, picked, title=game, lang="en", color="cmyk")
    small = _small_type_plates(_streams(pypdf.PdfReader(path)))
    assert len(small) >= 10
    coloured = [f for _, f in small if f != (0, 0, 0, 1)]
    assert coloured, "no coloured small type seen"
    for size, fill in small:
        assert sum(v > 0 for v in fill) <= 2, (size, fill)


def test_black_overprints(cmyk_pdf):
    states = [gs.get_object() for page in cmyk_pdf.pages
              for gs in ((page.get("/Resources", {}) or {}).get("/ExtGState", {}) or {}).values()]
    assert any(gs.get("/op") == True for gs in states)  # noqa: E712 (pypdf's BooleanObject)
    assert any(gs.get("/OPM") == 1 for gs in states)


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
    profile = intents[0]["/DestOutputProfile"].get_object()      # embedded, not only named
    assert profile["/N"] == 4
    data = profile.get_data()
    assert data[36:40] == b"acsp" and data[16:20] == b"CMYK" and data == PROFILE.read_bytes()
    info = cmyk_pdf.metadata
    assert info["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
    assert info["/Trapped"] == "/False"
    assert cmyk_pdf.trailer.get("/ID")


# -- an independent check: Ghostscript's separations -------------------------------

GS = shutil.which("gs")
needs_gs = pytest.mark.skipif(GS is None, reason="Ghostscript (gs) is not installed")


def _gs(*args) -> bytes:
    return subprocess.run([GS, "-q", "-dSAFER", "-dNOPAUSE", "-dBATCH", *args],
                          check=True, capture_output=True, timeout=120).stdout


@needs_gs
def test_total_ink_under_300_percent(cmyk_pdf, tmp_path):
    """Every pixel of every page, separated by Ghostscript at 50 dpi: C + M +
    Y + K under 300 % (the press profile limits it to 290 %)."""
    from PIL import Image
    path = tmp_path / "shop.pdf"
    path.write_bytes(cmyk_pdf.stream.getvalue() if hasattr(cmyk_pdf.stream, "getvalue")
                     else open(cmyk_pdf.stream.name, "rb").read())
    _gs("-sDEVICE=tiff32nc", "-r50", f"-sOutputFile={tmp_path}/p%03d.tif", str(path))
    worst = 0.0
    for tif in sorted(tmp_path.glob("p*.tif")):
        ink = np.asarray(Image.open(tif).convert("CMYK"), dtype=float).sum(axis=2) / 255
        worst = max(worst, float(ink.max()))
    assert 1.0 < worst < 3.0, worst


@needs_gs
def test_black_text_on_the_black_plate_only(tmp_path):
    """A card of text alone in the cards' ink: Ghostscript's ink coverage
    finds it on K and on no other plate."""
    def text(c, x, y, b):
        c.setFillColorRGB(0x2A / 255, 0x21 / 255, 0x18 / 255)
        c.setFont("Garamond", 9)
        for i in range(20):
            c.drawString(x + 5, y + 10 + i * 12, "Eliminate the card at either end")
    path = tmp_path / "text.pdf"
    write_printshop(path, [PrintCard("t", "t-back", "text", text, text)], color="cmyk")
    lines = _gs("-o", "-", "-sDEVICE=inkcov", str(path)).decode().splitlines()
    for line in lines:
        c, m, y, k = (float(v) for v in line.split()[:4])
        assert c == m == y == 0 and k > 0.005, line
