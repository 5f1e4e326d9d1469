"""The generic look's card faces (a diagram's cards, from the package's card
list and PO files) and a designer's deck pictures are remembered by the
files' contents, never by their times (generator/filecache.py): an edit
saved within the same clock tick, at the same size, shows at once."""
from __future__ import annotations

import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import save_in_the_same_tick
from goofspiel import GAME
from herald.engine.games import GAMES
from herald.generator.deck import images
from herald.generator.look import diagram as D

DB = SimpleNamespace(game="goofspiel", deck=SimpleNamespace(cards="deck/cards.csv"))


@pytest.fixture
def package(tmp_path, monkeypatch):
    """Goofspiel registered with a copy of its assets, which a test edits."""
    copy = tmp_path / "assets"
    shutil.copytree(Path(GAME.assets), copy)
    monkeypatch.setattr(GAME, "assets", str(copy), raising=False)
    if "goofspiel" not in GAMES:
        monkeypatch.setitem(GAMES._load(), "goofspiel", GAME)
    return copy


def test_a_card_list_edited_twice_in_one_tick_shows_the_second_edit(package):
    cards = package / "deck" / "cards.csv"
    assert D.card_faces(DB, "en")["p1"] == D.Face("A", "Prize")
    save_in_the_same_tick(cards, b"p1,p,A,1,Prize", b"p1,p,A,1,Pearl")
    assert D.card_faces(DB, "en")["p1"] == D.Face("A", "Pearl")
    save_in_the_same_tick(cards, b"p1,p,A,1,Pearl", b"p1,p,A,1,Purse")
    assert D.card_faces(DB, "en")["p1"] == D.Face("A", "Purse")
    assert D.card_faces(DB, "en")["p2"] == D.Face("2", "Prize")


def test_a_translation_edited_twice_in_one_tick_shows_the_second_edit(package):
    po = package / "locales" / "fr.po"
    old = b'msgctxt "card list p1.name"\nmsgid "Prize"\nmsgstr "Lot"'
    assert D.card_faces(DB, "fr")["p1"].name == "Lot"
    save_in_the_same_tick(po, old, old.replace(b'"Lot"', b'"Lit"'))
    assert D.card_faces(DB, "fr")["p1"].name == "Lit"
    save_in_the_same_tick(po, old.replace(b'"Lot"', b'"Lit"'), old.replace(b'"Lot"', b'"Let"'))
    assert D.card_faces(DB, "fr")["p1"].name == "Let"
    assert D.card_faces(DB, "fr")["p2"].name == "Lot"


def _png(colour) -> bytes:
    """A 4x4 PNG of one colour, stored uncompressed: every colour the same size."""
    import io

    from PIL import Image
    out = io.BytesIO()
    Image.new("RGB", (4, 4), colour).save(out, format="PNG", compress_level=0)
    return out.getvalue()


def _colour(picture) -> tuple:
    return picture.data._image.convert("RGB").getpixel((0, 0))


def test_a_picture_edited_twice_in_one_tick_is_drawn_as_the_second_edit(tmp_path):
    path = tmp_path / "art.png"
    red, green, blue = _png((255, 0, 0)), _png((0, 255, 0)), _png((0, 0, 255))
    assert len({len(red), len(green), len(blue)}) == 1
    path.write_bytes(red)
    assert _colour(images.load(path, "art")) == (255, 0, 0)
    save_in_the_same_tick(path, red, green)
    assert _colour(images.load(path, "art")) == (0, 255, 0)
    save_in_the_same_tick(path, green, blue)
    assert _colour(images.load(path, "art")) == (0, 0, 255)
    # read once while the bytes stay the same: the same picture is handed out
    assert images.load(path, "art") is images.load(path, "art")
