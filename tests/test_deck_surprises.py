"""What used to surprise a designer silently is one line naming file, row and
field: two card lists, a star nothing closes, an empty translation, a
spreadsheet formula with no saved value; the services' short names; the
PNGs tagged sRGB."""
from __future__ import annotations

import io
import shutil
import zipfile
from pathlib import Path

import pytest
from herald.generator.deck.build import Options, build
from herald.generator.deck.data import load_cards
from herald.generator.deck.presets import PRESETS, preset
from herald.generator.deck.richtext import MarkupError, parse
from herald.generator.deck.scaffold import new_deck
from herald.generator.errors import InputError
from herald.generator.render.fonts import register_fonts
from herald.generator.render.raster import png_bytes
from pypdf import PdfReader

LAYOUT = """\
size: poker
layouts:
  card:
    elements:
      - {type: text, text: "{{ name }}: {{ text }}", x: 5mm, y: 5mm, width: 50mm,
         height: 70mm}
"""


@pytest.fixture(scope="module")
def starter(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("starter") / "starter"
    new_deck(folder)
    return folder


def _deck(folder: Path, cards: str, layout: str = LAYOUT) -> Path:
    folder.mkdir(parents=True)
    (folder / "layout.yaml").write_text(layout)
    (folder / "cards.csv").write_text(cards)
    return folder


def _refusal(folder: Path, tmp_path: Path, lang: str = "all") -> str:
    with pytest.raises(InputError) as e:
        build(folder, tmp_path / "out", lang, Options(images=False), lambda m: None)
    assert not (tmp_path / "out").exists()
    message = str(e.value)
    assert "\n" not in message
    return message


def _pdf_text(paths) -> str:
    pdf = next(p for p in paths if p.name.endswith("printshop.pdf"))
    return "\n".join(page.extract_text() or "" for page in PdfReader(str(pdf)).pages)


def test_two_card_lists_are_refused_naming_both(starter, tmp_path):
    from openpyxl import Workbook
    folder = tmp_path / "deck"
    shutil.copytree(starter, folder)
    book = Workbook()
    book.active.append(["name", "count"])
    book.active.append(["Other", 1])
    book.save(folder / "cards.xlsx")
    message = _refusal(folder, tmp_path)
    assert "cards.csv and cards.xlsx: two card lists" in message
    # naming one in the layout file chooses it
    layout = folder / "layout.yaml"
    layout.write_text("cards: cards.csv\n" + layout.read_text())
    build(folder, tmp_path / "ok", "en", Options(images=False), lambda m: None)


def test_a_lone_star_is_refused_naming_the_row_and_field(tmp_path):
    folder = _deck(tmp_path / "deck", "name,text\nAlpha,fine *soft*\nBeta,2 * 3\n")
    message = _refusal(folder, tmp_path)
    assert "cards.csv:3: layouts.card.elements.1.text: " in message
    assert "a * that nothing closes" in message and "\\*" in message
    folder2 = _deck(tmp_path / "deck2", "name,text\nBeta,10**9\n")
    assert "a ** that nothing closes (bold" in _refusal(folder2, tmp_path)


def test_an_escaped_star_prints_as_a_star(tmp_path):
    folder = _deck(tmp_path / "deck", "name,text\nBeta,2 \\* 3 and a \\ slash\n")
    paths = build(folder, tmp_path / "out", "all", Options(images=False), lambda m: None)
    text = _pdf_text(paths)
    assert "2 * 3" in text and "a \\ slash" in text and "\\*" not in text


def test_stars_are_parsed_as_styles_or_text():
    register_fonts()
    (para,) = parse("a \\*b\\* *c*", "Garamond", "en", {})
    words = para[0]
    assert words[1][0].text == "*b*" and words[1][0].font == "Garamond"
    assert words[2][0].font == "Garamond-Italic"
    with pytest.raises(MarkupError):
        parse("**open *shut*", "Garamond", "en", {})


def test_an_empty_translation_cell_is_refused(tmp_path):
    cards = "name,text_en,text_fr\nAlpha,Burn,Brûlez\nBeta,Freeze,\nGamma,,\n"
    folder = _deck(tmp_path / "deck", cards)
    message = _refusal(folder, tmp_path, "fr")
    assert "cards.csv:3: text_fr: empty, but text_en has text" in message
    # in English every cell is there; an empty cell in every language is a choice
    paths = build(folder, tmp_path / "en", "en", Options(images=False), lambda m: None)
    assert "Freeze" in _pdf_text(paths)


def _xlsx_with_unsaved_formula(path: Path) -> None:
    from openpyxl import Workbook
    book = Workbook()
    book.active.append(["Name", "Count"])
    book.active.append(["Alpha", 2])
    book.active.append(["Beta", "=1+1"])       # openpyxl writes no saved value
    book.save(path)


def test_an_xlsx_formula_without_a_saved_value_is_refused(tmp_path):
    path = tmp_path / "cards.xlsx"
    _xlsx_with_unsaved_formula(path)
    with pytest.raises(InputError) as e:
        load_cards(path)
    assert str(e.value).endswith("cards.xlsx: row 3: Count: a formula with no saved value (open "
                            "and save the workbook in a spreadsheet, or type the value)")


def test_an_xlsx_formula_with_its_saved_value_is_read(tmp_path):
    path = tmp_path / "cards.xlsx"
    _xlsx_with_unsaved_formula(path)
    # as a spreadsheet saves it: the formula and the value it gave
    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    sheet = "xl/worksheets/sheet1.xml"
    assert b"<f>1+1</f><v></v>" in parts[sheet] or b"<f>1+1</f>" in parts[sheet]
    parts[sheet] = parts[sheet].replace(b"<f>1+1</f><v></v>", b"<f>1+1</f>") \
        .replace(b"<f>1+1</f>", b"<f>1+1</f><v>2</v>")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        for name, data in parts.items():
            z.writestr(name, data)
    path.write_bytes(buffer.getvalue())
    cards = load_cards(path)
    assert [row.count for row in cards.rows] == [2, 2]


@pytest.mark.parametrize("short, full", [("tgc", "thegamecrafter"), ("MPC", "makeplayingcards"),
                                         ("ps", "printerstudio"), ("dtc", "drivethrucards"),
                                         ("DriveThru", "drivethrucards"),
                                         ("The Game Crafter", "thegamecrafter")])
def test_the_services_short_names(short, full):
    assert preset(short) is PRESETS[full]


def test_an_unknown_service_lists_the_names():
    with pytest.raises(InputError) as e:
        preset("kickstarter")
    assert "thegamecrafter" in str(e.value) and "tgc" in str(e.value)


def test_pngs_are_tagged_srgb_and_deterministic():
    from PIL import Image, ImageCms
    image = Image.new("RGB", (8, 8), (200, 30, 40))
    data = png_bytes(image, dpi=300)
    assert data == png_bytes(image.copy(), dpi=300)
    with Image.open(io.BytesIO(data)) as back:
        profile = ImageCms.ImageCmsProfile(io.BytesIO(back.info["icc_profile"]))
        assert "sRGB" in ImageCms.getProfileDescription(profile)
        assert back.getpixel((0, 0)) == (200, 30, 40)


def test_a_services_images_carry_the_srgb_profile(starter, tmp_path):
    from PIL import Image
    paths = build(starter, tmp_path, "en", Options(printer=preset("tgc")), lambda m: None)
    image = next(p for p in paths if p.suffix == ".png")
    with Image.open(image) as opened:
        assert opened.info.get("icc_profile", b"")[36:40] == b"acsp"   # an ICC profile


def test_the_game_crafters_mini_deck_is_600_by_825_pixels(starter, tmp_path):
    from PIL import Image
    folder = tmp_path / "mini"
    shutil.copytree(starter, folder)
    layout = folder / "layout.yaml"
    layout.write_text(layout.read_text().replace("size: poker", "size: mini", 1))
    paths = build(folder, tmp_path / "out", "en", Options(printer=preset("tgc")),
                  lambda m: None)
    pngs = [p for p in paths if p.suffix == ".png"]
    assert pngs
    for path in pngs:
        with Image.open(path) as image:
            assert image.size == (600, 825)
