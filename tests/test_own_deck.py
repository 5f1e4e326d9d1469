"""A designer's own deck: card list + layout file -> Herald's print kit.

The demo deck (examples/decks/tidewrack) is built once per session; the
other tests build small decks of their own, mostly in-process (the command
line only where the exit code and the one-line message are the point).
"""
from __future__ import annotations

import csv
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import shared_folder, watch_once
from herald.generator.deck.build import Options, build
from herald.generator.deck.faces import load_deck, print_cards
from herald.generator.deck.presets import PRESETS
from herald.generator.deck.scaffold import new_deck
from herald.generator.errors import InputError
from herald.generator.render.imposition import write_printshop
from herald.generator.render.raster import render_pages
from in_process import run_herald
from pypdf import PdfReader
from reportlab.lib.units import inch, mm

# the repository's examples/ (not installed with the package)
DEMO = Path(__file__).resolve().parents[1] / "examples" / "decks" / "tidewrack"
QPDF = shutil.which("qpdf")
POPPLER = shutil.which("pdftoppm") and shutil.which("pdffonts")
needs_tools = pytest.mark.skipif(not (QPDF and POPPLER),
                                 reason="qpdf and poppler-utils are not installed (.ci/run "
                                        "installs them)")


def _build_demo(out: Path) -> None:
    build(DEMO, out, "all", Options(), lambda message: None)


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    return shared_folder(tmp_path_factory, "tidewrack-deck", _build_demo) / "tidewrack"


def _text(path: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(str(path)).pages)


def _preflight(path: Path) -> None:
    run = subprocess.run([QPDF, "--check", str(path)], capture_output=True, text=True)
    assert run.returncode == 0 and "No syntax or stream encoding errors" in run.stdout, run.stdout
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True)
    rows = fonts.stdout.splitlines()[2:]
    assert rows and all(row.split()[-5] == "yes" for row in rows), fonts.stdout
    with __import__("tempfile").TemporaryDirectory() as tmp:
        run = subprocess.run(["pdftoppm", "-r", "10", "-png", str(path), f"{tmp}/p"],
                             capture_output=True, text=True)
    assert run.returncode == 0 and run.stderr == "", run.stderr[:300]


# -- the demo deck ---------------------------------------------------------------------

def test_demo_deck_has_every_card_in_both_languages(demo):
    rows = list(csv.DictReader((DEMO / "cards.csv").open(encoding="utf-8")))
    copies = sum(int(r["count"]) for r in rows)
    assert copies >= 40 and len({r["layout"] for r in rows}) >= 3
    kraken = next(i for i, r in enumerate(rows) if r["name_en"] == "Tempest Kraken")
    page = sum(int(r["count"]) for r in rows[:kraken])       # its front in the print-shop file
    for locale, name in (("en", "Tempest Kraken"), ("fr", "Kraken des tempêtes")):
        reader = PdfReader(str(demo / locale / "tidewrack-cards-printshop.pdf"))
        assert len(reader.pages) == 2 * copies
        text = reader.pages[page].extract_text()
        assert name.upper() in text.upper()
        assert ":shell:" not in text and ":power:" not in text     # drawn as icons
    # one PNG per kind of card and one back, with the same names in both languages
    assert sorted(p.name for p in (demo / "en" / "png").iterdir()) == \
        sorted(p.name for p in (demo / "fr" / "png").iterdir())
    assert len(list((demo / "en" / "png").iterdir())) == len(rows) + 1
    assert (demo / "en" / "tts" / "tidewrack-decks.json").exists()


@needs_tools
@pytest.mark.parametrize("name", ["tidewrack-cards-a4.pdf", "tidewrack-cards-printshop.pdf",
                                  "tidewrack-calibration-a4.pdf"])
def test_demo_deck_passes_preflight(demo, name):
    _preflight(demo / "fr" / name)


def test_demo_printshop_pages_are_poker_size_with_3_mm_bleed(demo):
    page = PdfReader(str(demo / "en" / "tidewrack-cards-printshop.pdf")).pages[0]
    trim = page.trimbox
    assert float(trim.width) == pytest.approx(2.5 * inch, abs=0.01)
    assert float(trim.height) == pytest.approx(3.5 * inch, abs=0.01)
    assert float(trim.left) == pytest.approx(3 * mm, abs=0.01)
    assert float(page.mediabox.width) == pytest.approx(2.5 * inch + 6 * mm, abs=0.01)


# -- every layout element, checked on the page ------------------------------------------

SQUARE_PNG = None


def _png(path: Path, colour) -> None:
    from PIL import Image
    Image.new("RGB", (40, 40), colour).save(path)


def _write_deck(folder: Path, layout: str, cards: str, base: str | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "icons").mkdir(exist_ok=True)
    (folder / "icons" / "dot.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">'
        '<circle cx="5" cy="5" r="5" fill="#00ff00"/></svg>')
    _png(folder / "red.png", (255, 0, 0))
    (folder / "layout.yaml").write_text(layout)
    (folder / "cards.csv").write_text(cards)
    if base is not None:
        (folder / "base.yaml").write_text(base)
    return folder


# Each element paints its own pure colour where nothing else is drawn, so that
# sampling the page at that place tells whether (and where) it was drawn.
ELEMENTS_BASE = """\
size: 60x90 mm
safe: 2mm
colors: {blue: "#0000ff"}
variations:
  family:
    sun: {accent: "#ffff00"}
    sea: {accent: "#00ffff"}
"""
ELEMENTS = """\
extends: base.yaml
layouts:
  plain:
    background: "{{ accent }}"
    elements:
      - {type: rect, x: 5mm, y: 5mm, width: 10mm, height: 10mm, fill: blue}
      - {type: ellipse, x: 20mm, y: 5mm, width: 10mm, height: 10mm, fill: "#ff00ff"}
      - {type: polygon, sides: 4, x: 35mm, y: 5mm, width: 12mm, height: 12mm, fill: "#804000"}
      - {type: line, x: 5mm, y: 20mm, x2: 55mm, y2: 20mm, stroke: "#000000",
         stroke_width: 2mm}
      - {type: image, src: red.png, x: 5mm, y: 25mm, width: 10mm, height: 10mm}
      - {type: image, src: icons/dot.svg, x: 20mm, y: 25mm, width: 10mm, height: 10mm}
      - {type: rect, x: 35mm, y: 25mm, width: 10mm, height: 10mm, fill: "#000000",
         when: "{{ family == 'sea' }}"}
      - {type: text, text: "{{ name }} **strong** *soft* 3 :dot:", size: 12, min_size: 6,
         x: 5mm, y: 40mm, width: 50mm, height: 30mm}
  framed:
    extends: plain
    elements:
      - {type: rect, x: 5mm, y: 75mm, width: 50mm, height: 10mm, fill: "#808080"}
"""
ELEMENT_CARDS = "name,family,layout,count\nAlpha,sun,plain,1\nBeta,sea,framed,2\n"


def _pixel(image, x_mm: float, y_mm: float, bleed_mm: float = 3.0):
    """The colour at (x, y) mm from the trim's top-left corner, on a 72 dpi page."""
    return image.getpixel((round((x_mm + bleed_mm) / 25.4 * 72),
                           round((y_mm + bleed_mm) / 25.4 * 72)))


@pytest.fixture(scope="module")
def element_pages(tmp_path_factory):
    folder = _write_deck(tmp_path_factory.mktemp("elements") / "elements", ELEMENTS,
                         ELEMENT_CARDS, ELEMENTS_BASE)
    deck = load_deck(folder)
    cards = print_cards(deck, "en", lambda m: None)
    pdf = folder / "out.pdf"
    write_printshop(pdf, cards)
    return cards, pdf, render_pages(pdf, [0, 1], dpi=72)


def near(colour, expected, tolerance=40):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected))


def test_each_element_is_drawn_where_the_layout_puts_it(element_pages):
    cards, _, (alpha, beta) = element_pages
    assert [c.key for c in cards] == ["alpha", "beta", "beta"]   # count: copies
    assert near(_pixel(alpha, 1, 1), (255, 255, 0))          # background by variation
    assert near(_pixel(alpha, -2, -2), (255, 255, 0))        # ... to the bleed's edge
    assert near(_pixel(beta, 1, 1), (0, 255, 255))
    assert near(_pixel(alpha, 10, 10), (0, 0, 255))          # rect, named colour
    assert near(_pixel(alpha, 25, 10), (255, 0, 255))        # ellipse
    assert near(_pixel(alpha, 20.5, 5.5), (255, 255, 0))     # ... round: not its corner
    assert near(_pixel(alpha, 41, 11), (128, 64, 0))         # polygon
    assert near(_pixel(alpha, 30, 20), (0, 0, 0))            # line
    assert near(_pixel(alpha, 10, 30), (255, 0, 0))          # PNG picture
    assert near(_pixel(alpha, 25, 30), (0, 255, 0))          # SVG picture
    assert near(_pixel(alpha, 40, 30), (255, 255, 0))        # when: false, not drawn
    assert near(_pixel(beta, 40, 30), (0, 0, 0))             # when: true
    assert near(_pixel(beta, 30, 80), (128, 128, 128))       # the extending layout's own
    assert near(_pixel(beta, 10, 10), (0, 0, 255))           # ... after its parent's
    assert near(_pixel(alpha, 30, 80), (255, 255, 0))


def test_text_sets_columns_bold_italic_and_icons(element_pages):
    _, pdf, _ = element_pages
    reader = PdfReader(str(pdf))
    text = reader.pages[0].extract_text()
    assert "Alpha" in text and "strong" in text and "soft" in text
    assert "*" not in text and ":dot:" not in text
    fonts = {str(f) for f in reader.pages[0]["/Resources"]["/Font"].values()}
    names = " ".join(str(reader.get_object(f)["/BaseFont"]) for f in
                     reader.pages[0]["/Resources"]["/Font"].values())
    assert fonts and "Bold" in names and "Italic" in names


# -- print-on-demand presets -----------------------------------------------------------

@pytest.fixture(scope="module")
def starter(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("starter") / "starter"
    new_deck(folder)
    return folder


@pytest.mark.parametrize("service, pixels", [("thegamecrafter", (825, 1125)),
                                             ("makeplayingcards", (822, 1122)),
                                             ("printerstudio", (822, 1122))])
def test_image_presets_give_each_card_at_the_services_size(starter, tmp_path, service, pixels):
    from PIL import Image
    paths = build(starter, tmp_path, "en", Options(printer=PRESETS[service]), lambda m: None)
    images = [p for p in paths if p.suffix == ".png"]
    assert len(images) == 4 + 1                     # four kinds of card and their back
    for path in images:
        with Image.open(path) as image:
            assert image.size == pixels
            assert image.info["dpi"][0] == pytest.approx(300, abs=0.01)
    bleed = PRESETS[service].bleed            # the poker trim and the service's bleed
    assert pixels == (round((2.5 * inch + 2 * bleed) / 72 * 300),
                      round((3.5 * inch + 2 * bleed) / 72 * 300))
    listing = (tmp_path / "starter" / service / "en" / "upload.txt").read_text()
    assert "https://" in listing and "3  front-001-dawn.png" in listing


def test_drivethrucards_gets_one_pdfx_with_fronts_and_backs_in_turn(starter, tmp_path):
    paths = build(starter, tmp_path, "en", Options(printer=PRESETS["drivethrucards"]),
                  lambda m: None)
    (pdf,) = paths
    reader = PdfReader(str(pdf))
    assert len(reader.pages) == 2 * 9
    page = reader.pages[0]
    assert float(page.mediabox.width) == pytest.approx(2.75 * inch, abs=0.01)
    assert float(page.mediabox.height) == pytest.approx(3.75 * inch, abs=0.01)
    assert float(page.trimbox.left) == pytest.approx(inch / 8, abs=0.01)
    assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
    assert "Dawn".upper() in (reader.pages[0].extract_text() or "").upper()
    assert "Dawn".upper() not in (reader.pages[1].extract_text() or "").upper()   # its back


def test_a_size_the_service_does_not_print_is_refused_with_its_sizes(starter, tmp_path):
    folder = tmp_path / "tarot"
    shutil.copytree(starter, folder)
    layout = folder / "layout.yaml"
    layout.write_text(layout.read_text().replace("size: poker", "size: 61x112 mm"))
    with pytest.raises(InputError) as e:
        build(folder, tmp_path / "out", "en", Options(printer=PRESETS["thegamecrafter"]),
              lambda m: None)
    assert "The Game Crafter does not print" in str(e.value)
    assert "poker (2.5x3.5 in)" in str(e.value) and "layout.yaml:" in str(e.value)
    assert not (tmp_path / "out").exists()


# -- the same data from CSV and XLSX ----------------------------------------------------

def test_csv_and_xlsx_with_the_same_content_give_identical_files(starter, tmp_path,
                                                                 monkeypatch):
    from openpyxl import Workbook
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    twin = tmp_path / "starter"
    shutil.copytree(starter, twin)
    rows = list(csv.reader((twin / "cards.csv").open(encoding="utf-8")))
    (twin / "cards.csv").unlink()
    book = Workbook()
    for row in rows:   # numbers as numbers, as a spreadsheet keeps them
        book.active.append([int(v) if v.isdigit() else v for v in row])
    book.save(twin / "cards.xlsx")
    a = build(starter, tmp_path / "a", "en", Options(images=False), lambda m: None)
    b = build(twin, tmp_path / "b", "en", Options(images=False), lambda m: None)
    assert [p.name for p in a] == [p.name for p in b]
    for x, y in zip(a, b):
        assert x.read_bytes() == y.read_bytes(), x.name


def test_a_yaml_card_list_and_a_localized_deck(tmp_path):
    folder = _write_deck(tmp_path / "yamldeck", """\
size: bridge
layouts:
  card:
    elements:
      - {type: text, text: "{{ name }}: {{ text }}", x: 5mm, y: 5mm, width: 45mm,
         height: 60mm}
""", "unused\n")
    (folder / "cards.csv").unlink()
    (folder / "cards.yaml").write_text(
        "- {name: Ember, text_en: Burn a card, text_fr: Brûlez une carte, count: 2}\n"
        "- {name: Frost, text_en: Freeze it, text_fr: Gelez-la}\n")
    deck = load_deck(folder)
    assert deck.locales == ("en", "fr")
    paths = build(folder, tmp_path / "out", "fr", Options(images=False), lambda m: None)
    printshop = next(p for p in paths if p.name.endswith("printshop.pdf"))
    text = _text(printshop)
    assert "Brûlez une carte" in text and "Burn" not in text
    assert len(PdfReader(str(printshop)).pages) == 2 * 3


# -- bad data --------------------------------------------------------------------------

def _error(folder: Path, tmp_path: Path) -> str:
    with pytest.raises(InputError) as e:
        build(folder, tmp_path / "out", "all", Options(images=False), lambda m: None)
    assert not (tmp_path / "out").exists()       # nothing written
    return str(e.value)


def test_a_missing_image_names_the_card_and_the_file(starter, tmp_path):
    folder = tmp_path / "deck"
    shutil.copytree(starter, folder)
    layout = folder / "layout.yaml"
    layout.write_text(layout.read_text().replace(
        "      - {type: line,", "      - {type: image, src: \"art/{{ name }}.png\"}\n"
        "      - {type: line,"))
    message = _error(folder, tmp_path)
    assert message.startswith("cards.csv:2") or "cards.csv:2:" in message
    assert "no picture 'Dawn.png'" in message


def test_a_count_of_minus_one_names_the_row_and_column(starter, tmp_path):
    folder = tmp_path / "deck"
    shutil.copytree(starter, folder)
    cards = folder / "cards.csv"
    cards.write_text(cards.read_text().replace("Noon,sun,2,2", "Noon,sun,2,-1"))
    assert "cards.csv:3: count: '-1' is not a number of copies from 0 to 1000" in \
        _error(folder, tmp_path)


def test_an_unknown_column_names_the_layout_line(starter, tmp_path):
    folder = tmp_path / "deck"
    shutil.copytree(starter, folder)
    layout = folder / "layout.yaml"
    layout.write_text(layout.read_text().replace("{{ text }}", "{{ txet }}"))
    message = _error(folder, tmp_path)
    assert "layout.yaml:25: layouts.card.elements.6.text: unknown column 'txet'" in message
    assert "columns: cost, name, suit, text" in message


def test_overflow_below_the_floor_is_a_warning_naming_the_card(starter, tmp_path):
    folder = tmp_path / "deck"
    shutil.copytree(starter, folder)
    cards = folder / "cards.csv"
    cards.write_text(cards.read_text().replace("Gain 2 :star:.", "Gain 2 :star:. " * 60))
    warnings: list[str] = []
    build(folder, tmp_path / "out", "en", Options(images=False), warnings.append)
    assert len(warnings) == 1
    assert "cards.csv:3 (Noon): layouts.card.elements.6" in warnings[0]
    assert "does not fit its box even at 7 pt" in warnings[0]


@pytest.mark.parametrize("change, words", [
    (("- {type: line,", "- {type: image, src: ../../etc/passwd.png}\n      - {type: line,"),
     "only files inside the deck's folder"),
    (("{{ text }}", "{{ ''.__class__.__mro__ }}"), "refused"),
    (("{{ text }}", "{{ 'x' * 100000000 }}"), "refused"),
    (("size: poker", "size: 2x3 km"), "size: '2x3 km': expected one of poker"),
    (("type: ellipse", "type: circle"), "type: expected one of rect"),
    (("min_size: 8", "min_sise: 8"), "layouts.card.elements.2.min_sise: unknown key"),
])
def test_hostile_or_mistyped_layouts_are_one_line(starter, tmp_path, change, words):
    folder = tmp_path / "deck"
    shutil.copytree(starter, folder)
    layout = folder / "layout.yaml"
    layout.write_text(layout.read_text().replace(*change))
    message = _error(folder, tmp_path)
    assert words in message and "\n" not in message


def test_an_svg_with_entities_or_outside_references_is_refused(starter, tmp_path):
    folder = tmp_path / "deck"
    shutil.copytree(starter, folder)
    (folder / "icons" / "star.svg").write_text(
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]>'
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>')
    assert "refused: it declares a DTD or entities" in _error(folder, tmp_path)


def test_a_layout_extending_itself_is_refused(starter, tmp_path):
    folder = tmp_path / "deck"
    shutil.copytree(starter, folder)
    (folder / "other.yaml").write_text("extends: layout.yaml\n")
    layout = folder / "layout.yaml"
    layout.write_text("extends: other.yaml\n" + layout.read_text())
    assert "cannot extend itself" in _error(folder, tmp_path)


# -- as a new user would ---------------------------------------------------------------

def herald(*args, cwd: Path):
    """The command line run in this process: exit code, output, errors."""
    return subprocess.CompletedProcess(args, *run_herald(*args, cwd=cwd))


@needs_tools
def test_a_new_user_scaffolds_prints_adds_a_card_and_mistypes_a_column(tmp_path):
    run = herald("new", "deck", "mydeck", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    run = herald("cards", "--deck", "mydeck", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    out = tmp_path / "output" / "mydeck" / "en"
    for name in ("mydeck-cards-a4.pdf", "mydeck-cards-printshop.pdf"):
        _preflight(out / name)
    printshop = out / "mydeck-cards-printshop.pdf"
    before = len(PdfReader(str(printshop)).pages)

    with (tmp_path / "mydeck" / "cards.csv").open("a") as f:
        f.write('Eclipse,moon,4,1,"Swap two cards in play."\n')
    run = herald("cards", "--deck", "mydeck", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert len(PdfReader(str(printshop)).pages) == before + 2
    assert "ECLIPSE" in _text(printshop).upper()
    assert (out / "png" / "eclipse.png").exists()
    run = herald("build", "--deck", "mydeck", cwd=tmp_path)      # the same kit, no images
    assert run.returncode == 0 and "mydeck-cards-printshop.pdf" in run.stdout, run.stderr

    stamp = printshop.stat().st_mtime_ns
    layout = tmp_path / "mydeck" / "layout.yaml"
    layout.write_text(layout.read_text().replace("{{ name }}", "{{ nmae }}"))
    run = herald("cards", "--deck", "mydeck", cwd=tmp_path)
    assert run.returncode == 2
    lines = run.stderr.strip().splitlines()
    assert lines == ["herald: error: mydeck/layout.yaml:18: layouts.card.elements.2.text: "
                     "unknown column 'nmae' (columns: cost, name, suit, text)"]
    assert printshop.stat().st_mtime_ns == stamp


def test_game_options_and_deck_options_do_not_mix(tmp_path):
    run = herald("cards", "--watch", cwd=tmp_path)
    assert run.returncode == 2 and "--watch: only with --deck DIR" in run.stderr
    run = herald("cards", "--deck", "x", "--plain", cwd=tmp_path)
    assert run.returncode == 2 and "--plain: a built-in game's option" in run.stderr
    run = herald("cards", "--deck", "nowhere", cwd=tmp_path)
    assert run.returncode == 2 and "nowhere: no such folder" in run.stderr
    run = herald("cards", "--deck", str(DEMO), "--printer", "lulu", cwd=tmp_path)
    assert run.returncode == 2 and "choose one of: thegamecrafter" in run.stderr


def test_watch_rebuilds_on_save_and_says_what_changed(starter, tmp_path):
    folder = tmp_path / "deck"
    shutil.copytree(starter, folder)
    watch_once(["cards", "--deck", str(folder), "--watch", "--out", str(tmp_path / "out")],
               tmp_path, folder)
    text = _text(tmp_path / "out" / "deck" / "en" / "deck-cards-printshop.pdf")
    assert "ZENITH" in text.upper()


def test_text_inside_the_services_safe_zone_is_a_warning(starter, tmp_path):
    folder = tmp_path / "deck"
    shutil.copytree(starter, folder)
    layout = folder / "layout.yaml"
    layout.write_text(layout.read_text().replace("x: 6mm, y: 55mm", "x: 3.1mm, y: 55mm"))
    said: list[str] = []
    build(folder, tmp_path / "home", "en", Options(images=False), said.append)
    assert said == []                                  # 3.1 mm: outside the layout's 3 mm
    build(folder, tmp_path / "dtc", "en", Options(printer=PRESETS["drivethrucards"]),
          said.append)
    (warning,) = said
    assert warning.endswith("layout.yaml:25: layouts.card.elements.6: the text box comes "
                            "3.10 mm from the trim, inside the 3.17 mm safe zone that the cut "
                            "may take")


def test_the_ink_saver_leaves_out_the_backgrounds(tmp_path):
    folder = _write_deck(tmp_path / "elements", ELEMENTS, ELEMENT_CARDS, ELEMENTS_BASE)
    deck = load_deck(folder)
    for saver, corner in ((False, (255, 255, 0)), (True, (255, 255, 255))):
        pdf = tmp_path / f"saver-{saver}.pdf"
        write_printshop(pdf, print_cards(deck, "en", lambda m: None, ink_saver=saver))
        (page,) = render_pages(pdf, [0], dpi=72)
        assert near(_pixel(page, 1, 1), corner)
        assert near(_pixel(page, 10, 10), (0, 0, 255))     # the elements stay
