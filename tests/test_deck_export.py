"""Issue 35's last items, each checked on the files written: the
DriveThruCards PDF's Subject, the services' jumbo sizes, a back per layout,
inherited elements changed by id, bilingual columns and the export options
(a fanned hand, rounded corners, the PNGs' resolution, the sheets' grid and
gaps)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from herald.generator.deck.build import Options, build
from herald.generator.deck.presets import PRESETS, check_size
from herald.generator.deck.scaffold import new_deck
from herald.generator.deck.units import SIZES
from herald.generator.errors import InputError
from pypdf import PdfReader
from reportlab.lib.units import inch


def quiet(_message: str) -> None:
    pass


@pytest.fixture(scope="module")
def starter(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("starter") / "starter"
    new_deck(folder)
    return folder


def _copy(starter: Path, tmp_path: Path, name: str = "deck") -> Path:
    folder = tmp_path / name
    shutil.copytree(starter, folder)
    return folder


# -- 1. the DriveThruCards PDF says what it holds -------------------------------------

def test_drivethrucards_subject_says_each_front_then_its_back_and_its_bleed(starter,
                                                                              tmp_path):
    (pdf,) = build(starter, tmp_path, "en", Options(printer=PRESETS["drivethrucards"]), quiet)
    reader = PdfReader(str(pdf))
    subject = reader.metadata["/Subject"]
    assert subject == ("9 cards, 2.5x3.5 in trim, 3.2 mm bleed: each front followed by "
                       "its back")
    # what the subject says is what the file does: 1/8 in of bleed, front then back
    page = reader.pages[0]
    assert float(page.trimbox.left) == pytest.approx(inch / 8, abs=0.01)
    assert "DAWN" in (reader.pages[0].extract_text() or "").upper()
    assert "DAWN" not in (reader.pages[1].extract_text() or "").upper()
    assert "DAWN" in (reader.pages[2].extract_text() or "").upper()     # 3 copies of Dawn


def test_the_home_print_shop_file_keeps_its_own_subject(starter, tmp_path):
    paths = build(starter, tmp_path, "en", Options(images=False), quiet)
    (shop,) = [p for p in paths if "printshop" in p.name]
    subject = PdfReader(str(shop)).metadata["/Subject"]
    assert subject.endswith("3 mm bleed: all fronts, then all backs in the same order")


def test_the_subject_is_in_the_decks_language(starter, tmp_path):
    folder = _copy(starter, tmp_path)
    layout = folder / "layout.yaml"
    layout.write_text(layout.read_text().replace("title: My deck", "title: Mon jeu\nlang: fr"))
    (pdf,) = build(folder, tmp_path / "out", "fr", Options(printer=PRESETS["drivethrucards"]),
                   quiet)
    subject = PdfReader(str(pdf)).metadata["/Subject"]
    assert subject == ("9 cartes, 2.5x3.5 in au format fini, fond perdu 3,2 mm\u00a0: chaque "
                       "recto suivi de son verso")
    from herald.generator.render.imposition import _texts
    for lang, words in (("de", "jede Vorderseite gefolgt von ihrer Rückseite"),
                        ("es", "cada anverso seguido de su reverso")):
        assert words in _texts(lang)["subject_interleaved"], lang


# -- 2. jumbo: one size, one name ------------------------------------------------------

def test_jumbo_is_the_game_crafters_and_large_is_makeplayingcards(starter, tmp_path):
    assert SIZES["jumbo"] == (3.5 * inch, 5.5 * inch)
    assert SIZES["large"] == (3.5 * inch, 5.75 * inch)
    assert check_size(PRESETS["thegamecrafter"], SIZES["jumbo"], "layout.yaml:3") == "jumbo"
    assert check_size(PRESETS["makeplayingcards"], SIZES["large"], "layout.yaml:3") == "large"
    with pytest.raises(InputError) as e:
        check_size(PRESETS["makeplayingcards"], SIZES["jumbo"], "layout.yaml:3")
    assert "does not print 3.5 × 5.5 in cards" in str(e.value) or \
        "does not print" in str(e.value)
    assert "large (3.5x5.75 in)" in str(e.value)
    # a large deck's images at MakePlayingCards: the trim and 0.12 in all round, 300 dpi
    from PIL import Image
    folder = _copy(starter, tmp_path)
    layout = folder / "layout.yaml"
    layout.write_text(layout.read_text().replace("size: poker", "size: large"))
    paths = build(folder, tmp_path / "out", "en", Options(printer=PRESETS["makeplayingcards"]),
                  quiet)
    png = next(p for p in paths if p.suffix == ".png")
    with Image.open(png) as image:
        assert image.size == (1122, 1797)


# -- 3. a back per layout; inherited elements changed or removed by id ----------------

KINDS = """\
size: 60x90 mm
layouts:
  plain:
    background: "#ffffff"
    elements:
      - {type: rect, id: badge, x: 5mm, y: 5mm, width: 10mm, height: 10mm, fill: "#0000ff"}
      - {type: rect, id: title, x: 5mm, y: 20mm, width: 10mm, height: 10mm, fill: "#00ff00"}
    back: {background: "#ff0000"}
  moved:
    extends: plain
    change: {title: {x: 30mm}}
    remove: [badge]
  own:
    background: "#ffffff"
back: {background: "#0000ff"}
"""
KIND_CARDS = "name,layout\nAlpha,plain\nBeta,moved\nGamma,own\n"


def _deck(folder: Path, layout: str, cards: str = KIND_CARDS) -> Path:
    folder.mkdir(parents=True)
    (folder / "layout.yaml").write_text(layout)
    (folder / "cards.csv").write_text(cards)
    return folder


def _pixel(image, x_mm: float, y_mm: float, bleed_mm: float = 3.0):
    """The colour at (x, y) mm from the trim's top-left corner, on a 72 dpi page."""
    return image.getpixel((round((x_mm + bleed_mm) / 25.4 * 72),
                           round((y_mm + bleed_mm) / 25.4 * 72)))


def near(colour, expected, tolerance=40):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected))


def _pages(folder: Path):
    from herald.generator.deck.faces import load_deck, print_cards
    from herald.generator.render.imposition import write_printshop
    from herald.generator.render.raster import render_pages
    cards = print_cards(load_deck(folder), "en", quiet)
    pdf = folder.parent / f"{folder.name}.pdf"
    write_printshop(pdf, cards)
    return render_pages(pdf, dpi=72)


def test_a_layouts_own_back_its_heirs_too_and_changed_elements(tmp_path):
    pages = _pages(_deck(tmp_path / "kinds", KINDS))
    alpha, beta, gamma, alpha_back, beta_back, gamma_back = pages
    assert near(_pixel(alpha_back, 30, 45), (255, 0, 0))     # plain's own back
    assert near(_pixel(beta_back, 30, 45), (255, 0, 0))      # ... inherited by moved
    assert near(_pixel(gamma_back, 30, 45), (0, 0, 255))     # the deck's back
    assert near(_pixel(alpha, 10, 10), (0, 0, 255))          # plain's badge
    assert near(_pixel(alpha, 10, 25), (0, 255, 0))          # ... and title
    assert near(_pixel(beta, 10, 10), (255, 255, 255))       # moved: the badge removed
    assert near(_pixel(beta, 10, 25), (255, 255, 255))       # ... the title moved
    assert near(_pixel(beta, 35, 25), (0, 255, 0))           # ... to x: 30mm


@pytest.mark.parametrize("layout, words", [
    (KINDS.replace("change: {title: {x: 30mm}}", "change: {nope: {x: 30mm}}"),
     ["layout.yaml:11: layouts.moved.change: 'plain' has no element with id 'nope' "
      "(ids: badge, title)"]),
    (KINDS.replace("remove: [badge]", "remove: [gone]"),
     ["layout.yaml:12: layouts.moved.remove: 'plain' has no element with id 'gone'"]),
    (KINDS.replace("{x: 30mm}", "{size: 12}"),
     ["layout.yaml:11: layouts.moved.change.title.size: unknown key"]),
    (KINDS.replace("{x: 30mm}", "{x: [1, 2]}"),
     ["layout.yaml:11: layouts.moved.change.title.x: input should be a valid number"]),
    (KINDS.replace("{x: 30mm}", "{type: ellipse}"),
     ["layouts.moved.change.title.type: an element's type cannot be changed"]),
    (KINDS.replace("id: title", "id: badge"),
     ["layout.yaml:7: layouts.plain.elements.2.id: 'badge' is already the id"]),
    (KINDS.replace("id: badge", "id: Bad Id!"), ["layouts.plain.elements.1.id"]),
    (KINDS.replace("  own:\n", "  own:\n    remove: [badge]\n"),
     ["layouts.own.remove: changes an inherited element; this layout extends none"]),
    (KINDS.replace('back: {background: "#ff0000"}', 'back: {extends: own}'),
     ["layouts.plain.back.extends: a back extends no layout"]),
    (KINDS.replace('back: {background: "#ff0000"}', 'back: {background: "#ff0000", x: 1}'),
     ["layouts.plain.back.x: unknown key"]),
    (KINDS.replace("remove: [badge]", "remove: [" + ", ".join(["a"] * 201) + "]"),
     ["layouts.moved.remove"]),
])
def test_a_bad_change_or_back_is_one_line_and_writes_nothing(tmp_path, layout, words):
    from in_process import one_line_error, run_herald
    folder = _deck(tmp_path / "kinds", layout)
    out = tmp_path / "out"
    code, _, err = run_herald("cards", "--deck", folder, "--out", out, cwd=tmp_path)
    one_line_error(code, err, *words)
    assert not out.exists() or not any(out.rglob("*.*"))


# -- 4. both languages on one card -------------------------------------------------------

BILINGUAL = """\
size: 60x90 mm
lang: en
layouts:
  card:
    elements:
      - {type: text, text: "{{ name_en }}", size: 12, x: 5mm, y: 5mm, width: 50mm,
         height: 10mm}
      - {type: text, text: "{{ name_fr }}", font: serif-italic, size: 12, x: 5mm,
         y: 20mm, width: 50mm, height: 10mm}
      - {type: text, text: "{{ name }}", size: 12, x: 5mm, y: 40mm, width: 50mm,
         height: 10mm}
"""


def test_a_bilingual_card_shows_both_languages_columns(tmp_path):
    folder = _deck(tmp_path / "both", BILINGUAL,
                   "name_en,name_fr\nOwl,Chouette\nFox,Renard\n")
    paths = build(folder, tmp_path / "out", "en", Options(images=False), quiet)
    (shop,) = [p for p in paths if "printshop" in p.name]
    first = PdfReader(str(shop)).pages[0].extract_text()
    lines = [line.strip() for line in first.splitlines() if line.strip()]
    assert lines == ["Owl", "Chouette", "Owl"]        # name_en, name_fr, name in English


def test_an_empty_cell_a_bilingual_card_shows_is_refused_in_every_language(tmp_path):
    from in_process import one_line_error, run_herald
    folder = _deck(tmp_path / "both", BILINGUAL, "name_en,name_fr\nOwl,Chouette\nFox,\n")
    code, _, err = run_herald("cards", "--deck", folder, "--lang", "en", "--out",
                              tmp_path / "out", cwd=tmp_path)
    one_line_error(code, err, "cards.csv:3: name_fr: empty, but name_en has text")
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))
