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
