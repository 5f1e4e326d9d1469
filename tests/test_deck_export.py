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
    assert "MakePlayingCards does not print" in str(e.value)
    assert "large (3.5x5.75 in)" in str(e.value)
    assert str(e.value).endswith("; what MakePlayingCards calls jumbo is large here")
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


# -- 5. images for a screen: resolution, rounded corners, a fanned hand ------------------

EXPORT = """\
export:
  dpi: 150
  corners: 4mm
  hand: [dawn, Noon, dusk, midnight]
"""


def _exported(starter: Path, tmp_path: Path, extra: str, name: str = "deck") -> Path:
    folder = _copy(starter, tmp_path, name)
    layout = folder / "layout.yaml"
    layout.write_text(layout.read_text() + extra)
    build(folder, tmp_path / "out", "en", Options(), quiet)
    return tmp_path / "out" / name / "en" / "export"


def test_exported_cards_at_their_dpi_cut_at_the_trim_with_round_corners(starter, tmp_path):
    from PIL import Image
    folder = _exported(starter, tmp_path, EXPORT)
    names = sorted(p.name for p in folder.iterdir())
    assert names[1:] == ["dawn.png", "dusk.png", "hand.png", "midnight.png", "noon.png"]
    assert names[0].startswith("back-")
    with Image.open(folder / "dawn.png") as image:
        assert image.size == (375, 525)                  # 2.5 x 3.5 in at 150 dpi, no bleed
        assert image.info["dpi"][0] == pytest.approx(150, abs=0.02)   # pHYs: dots a metre
        assert "icc_profile" in image.info                # sRGB, like every PNG
        assert image.mode == "RGBA"
        r = round(4 / 25.4 * 150)                          # the corner's radius in pixels
        assert image.getpixel((0, 0))[3] == 0             # outside the rounded corner
        assert image.getpixel((r // 4, r // 4))[3] == 0
        assert image.getpixel((r, 1))[3] == 255           # the top edge past the corner
        assert image.getpixel((r // 2 + r // 4, r // 2 + r // 4))[3] == 255
        assert near(image.getpixel((187, 2))[:3], (201, 150, 43))   # the trim: the border
    with Image.open(tmp_path / "out" / "deck" / "en" / "png" / "dawn.png") as kit:
        assert kit.size == (821, 1121)     # the kit's own images: 300 dpi with the bleed
        assert kit.mode == "RGB"


def test_the_hand_fans_the_chosen_cards_first_to_the_left(starter, tmp_path):
    from PIL import Image
    folder = _exported(starter, tmp_path, EXPORT)
    with Image.open(folder / "hand.png") as hand:
        assert hand.mode == "RGBA" and hand.getpixel((0, 0))[3] == 0
        w, h = hand.size
        assert 2 * 375 < w < 4 * 375 and 525 < h < 2 * 525     # fanned, not in a row
        gold, blue = (201, 150, 43), (79, 109, 143)
        left = [hand.getpixel((x, h // 2)) for x in range(0, w // 4)]
        right = [hand.getpixel((x, h // 2)) for x in range(3 * w // 4, w)]
        assert any(p[3] == 255 and near(p[:3], gold) for p in left)      # Dawn, a sun card
        assert not any(p[3] == 255 and near(p[:3], blue) for p in left)
        assert any(p[3] == 255 and near(p[:3], blue) for p in right)     # Midnight, a moon
        # turned: the first card's top edge is higher at its right than its left
        column = [x for x in range(w) if hand.getpixel((x, h // 3))[3] == 255]
        assert column and column[0] > 0


def test_exports_are_byte_identical_from_build_to_build(starter, tmp_path):
    one = _exported(starter, tmp_path / "a", EXPORT)
    two = _exported(starter, tmp_path / "b", EXPORT)
    for path in one.iterdir():
        assert path.read_bytes() == (two / path.name).read_bytes(), path.name


@pytest.mark.parametrize("extra, words", [
    ("export: {dpi: 5000}\n", ["layout.yaml:", "export.dpi: input should be less than or "
                               "equal to 1200"]),
    ("export: {dpi: 1200}\n", ["export.dpi: 1200 dpi makes", "million pixels a card"]),
    ("export: {corners: 40mm}\n", ["export.corners: from 0 to half the card's width"]),
    ("export: {corners: lots}\n", ["export.corners: 'lots' is not a length"]),
    ("export:\n  hand: [dawn, nobody]\n", ["layout.yaml:", "export.hand.2: no card 'nobody' "
                                           "(cards: dawn, noon, dusk, midnight)"]),
    ("export: {hand: [" + ", ".join(["dawn"] * 13) + "]}\n", ["export.hand"]),
    ("export: {hand: [" + "x" * 61 + "]}\n", ["export.hand.1"]),
    ("export: {sheet: {columns: 0}}\n", ["export.sheet.columns"]),
    ("export: {sheet: {gap: 1km}}\n", ["export.sheet.gap"]),
    ("export: {colour: red}\n", ["export.colour: unknown key"]),
])
def test_a_bad_export_is_one_line_and_writes_nothing(starter, tmp_path, extra, words):
    from in_process import one_line_error, run_herald
    folder = _copy(starter, tmp_path)
    layout = folder / "layout.yaml"
    text = layout.read_text() + extra
    if "dpi: 1200" in extra:                    # a big card at the highest resolution
        text = text.replace("size: poker", "size: 250x250 mm")
    layout.write_text(text)
    out = tmp_path / "out"
    code, _, err = run_herald("cards", "--deck", folder, "--out", out, cwd=tmp_path)
    one_line_error(code, err, *words)
    assert not out.exists() or not any(out.rglob("*.*"))


# -- 5b. the home sheets' grid and gaps ----------------------------------------------------

def test_the_sheets_grid_and_gaps(starter, tmp_path):
    from herald.generator.render.imposition import SheetGrid, fit_bleed, sheet_layout
    from herald.generator.render.raster import render_pages
    from reportlab.lib.units import mm
    folder = _copy(starter, tmp_path)
    layout = folder / "layout.yaml"
    layout.write_text(layout.read_text() + "export:\n  sheet: {columns: 2, rows: 3, gap: 4mm}\n")
    paths = build(folder, tmp_path / "out", "en", Options(images=False), quiet)
    (sheets,) = [p for p in paths if p.name.endswith("-cards-a4.pdf")]
    # 9 cards, 6 a page: a cover and its blank back, then two pages of fronts and backs
    assert len(PdfReader(str(sheets)).pages) == 2 + 2 * 2
    poker = SIZES["poker"]
    grid = SheetGrid(2, 3, 4 * mm)
    lay = sheet_layout("a4", fit_bleed("a4", 3 * mm, poker, grid), card=poker, sheet=grid)
    # three upright rows with their gaps would leave the outer bleed in the
    # printer's margin (issue 33): turned, they keep it whole
    assert (lay.columns, lay.rows, lay.turned) == (2, 3, True)
    assert min(lay.left, lay.bottom) >= 6 * mm
    slot_w, slot_h = lay.card_w, lay.card_h                    # the card turned
    (x0, y0), (x1, _), (_, y1) = lay.trim_origin(0, 0), lay.trim_origin(1, 0), \
        lay.trim_origin(0, 1)
    assert (x1 - x0 - slot_w - 2 * lay.bleed) / mm == pytest.approx(4)   # 4 mm of white
    assert (y0 - y1 - slot_h - 2 * lay.bleed) / mm == pytest.approx(4)
    page = render_pages(sheets, [2], dpi=72)[0]
    H = page.height
    right_bleed = x0 + slot_w + lay.bleed                      # the first card's bleed edge
    y = H - (y0 + slot_h / 2)                                  # halfway down the first row
    assert near(page.getpixel((round(right_bleed - 3), round(y))), (201, 150, 43))   # gold
    assert page.getpixel((round(right_bleed + 2 * mm), round(y))) == (255, 255, 255)  # gap
    assert near(page.getpixel((round(x1 - lay.bleed + 3), round(y))), (201, 150, 43))
    # without the layout's sheet: as many as fit, 2 x 4 turned on A4, the bleeds touching
    plain = sheet_layout("a4", fit_bleed("a4", 3 * mm, poker), card=poker)
    assert (plain.columns, plain.rows, plain.turned, plain.spacing) == (2, 4, True, 0.0)


def test_a_gap_too_wide_for_the_paper_names_the_layouts_line(starter, tmp_path):
    from in_process import one_line_error, run_herald
    folder = _copy(starter, tmp_path)
    layout = folder / "layout.yaml"
    layout.write_text(layout.read_text().replace("size: poker", "size: 180x250 mm")
                      + "export:\n  sheet: {gap: 20mm}\n")
    code, _, err = run_herald("cards", "--deck", folder, "--backs", "fold", "--out",
                              tmp_path / "out", cwd=tmp_path)
    one_line_error(code, err, "layout.yaml:", "export.sheet: ")
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


def test_an_export_taken_out_of_the_layout_leaves_no_old_images(starter, tmp_path):
    folder = _exported(starter, tmp_path, "export: {dpi: 100}\n")
    assert (folder / "dawn.png").is_file()
    layout = tmp_path / "deck" / "layout.yaml"
    layout.write_text(layout.read_text().replace("export: {dpi: 100}\n", ""))
    build(tmp_path / "deck", tmp_path / "out", "en", Options(), quiet)
    assert not folder.exists()
    assert (folder.parent / "png" / "dawn.png").is_file()
