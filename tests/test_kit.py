"""Issue 12: a kit playable as printed (tokens and tiles, cover page,
collation codes), card art and colour (one emblem per card, family colours
apart for colour-blind players and in greyscale, the ink-saving variant), and
the print-shop details (calibration following --backs, one Tabletop Simulator
deck per family, PNGs carrying their 300 dpi)."""
from __future__ import annotations

import importlib.metadata
import itertools
import json

import numpy as np
import pypdf
import pypdfium2
import pytest
from colour_vision import MIN_DELTA_E, MIN_GREY_GAP, figures
from conftest import herald
from herald.generator.database import database_path, load_database
from herald.generator.documents import rules_text
from herald.generator.games.oriflamme import arms as A
from herald.generator.games.oriflamme.emblems import EMBLEMS, draw_emblem
from herald.generator.games.oriflamme.faces import collation_codes
from herald.generator.games.oriflamme.tokens import token_cards, token_counts
from PIL import Image, ImageChops, ImageStat
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

DB = load_database(database_path("oriflamme"))


# -- the five family colours ---------------------------------------------------

def test_family_colours_stay_apart_for_colour_blind_players_and_in_greyscale():
    delta, grey = figures({f.id: f.colour for f in DB.families})
    for vision, pairs in delta.items():
        for pair, d in pairs.items():
            assert d >= MIN_DELTA_E, (vision, pair, round(d, 1))
    levels = sorted(grey.values())
    gaps = [b - a for a, b in zip(levels, levels[1:])]
    assert min(gaps) >= MIN_GREY_GAP, grey


# -- emblems and arms --------------------------------------------------------------

def _render(draw, size=(100, 100), scale=1.0) -> Image.Image:
    import io
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=size, invariant=1)
    draw(c)
    c.showPage()
    c.save()
    page = pypdfium2.PdfDocument(buf.getvalue())[0]
    return page.render(scale=scale).to_pil().convert("L")


def test_every_card_has_its_own_emblem_told_apart_in_greyscale():
    every_box = set(DB.card_ids) | {c.id for box in DB.boxes.values() for c in box.cards}
    assert set(EMBLEMS) == every_box                     # base and Alliance cards
    thumbs = {}
    for card_id in EMBLEMS:
        im = _render(lambda c, card_id=card_id: draw_emblem(c, card_id, 50, 50, 48), scale=0.4)
        ink = float((np.asarray(im) < 128).mean())
        assert 0.12 < ink < 0.7, (card_id, ink)          # a silhouette, not a speck or a blob
        thumbs[card_id] = im
    for a, b in itertools.combinations(EMBLEMS, 2):
        diff = ImageStat.Stat(ImageChops.difference(thumbs[a], thumbs[b])).mean[0]
        # grey levels, 0-255; the closest pair, the Zealot's flame and the
        # Extortion's purse, differ by 29.5 (silhouettes, not only their mass)
        assert diff > 28, (a, b, diff)


def test_a_charge_on_a_same_tincture_ordinary_is_counterchanged():
    """The yellow arms' sable key on its sable chevron: where the key lies on
    the chevron it is drawn in the field colour, so it shows."""
    yellow = DB.family("yellow")
    plain = yellow.arms.model_copy(update={"charge": "none"})

    def draw(arms):
        return _render(lambda c: A.draw_arms(c, arms, yellow.colour, 50, 50, 90))
    # the key's shaft crosses the chevron at (-4, 7) in shield units (120 high)
    k = 90 / 120
    at = (round(50 - 4 * k), round(100 - (50 + 7 * k)))
    assert draw(plain).getpixel(at) < 70                 # the sable chevron
    assert draw(yellow.arms).getpixel(at) > 150          # the key on it, in yellow


def test_tokens_and_tiles_are_in_the_kit_and_in_the_rules():
    assert token_counts() == {1: 54, 5: 18}
    for locale in DB.locales:
        pieces = token_cards(DB, locale)
        assert [p.key for p in pieces] == ["tokens-1-1", "tokens-1-2", "tokens-1-3",
                                           "tokens-5-1", "tiles"]
        assert all(p.deck == "" for p in pieces)          # cut up, never dealt in TTS
        components = next(s for s in rules_text("oriflamme", locale)["sections"]
                          if s["id"] == "components")
        text = " ".join(i for b in components["blocks"] for i in b.get("list", [])).lower()
        for word in ("72", "54", "18", DB.terms[locale].first_player.lower(),
                     DB.terms[locale].resolution_direction.lower()):
            assert word in text, (locale, word)


# -- the built kit ------------------------------------------------------------------

@pytest.fixture(scope="module")
def kits(tmp_path_factory, oriflamme_deck):
    """The session's English deck (full ink, duplex-long), and a French one
    in saver ink on short-edge duplex."""
    out = tmp_path_factory.mktemp("kit")
    result = herald("cards", "oriflamme", "--lang", "fr", "--backs", "duplex-short",
                    "--ink", "saver", "--out", str(out / "saver"))
    assert result.returncode == 0, result.stderr
    return {"full": oriflamme_deck[0] / "en", "saver": out / "saver" / "oriflamme" / "fr"}


def _text(path, page):
    return pypdf.PdfReader(path).pages[page].extract_text().replace("\n", " ")


def test_the_cover_page_tells_how_to_print_cut_and_sort(kits):
    version = importlib.metadata.version("herald")
    cover = _text(kits["full"] / "oriflamme-cards-a4.pdf", 0)
    for words in ("In this kit", "72 influence tokens", "200 to 250", "pages 3 to 22",
                  "100 %", "flipping on the long edge", "crop marks", "R-01 to R-10",
                  "61\u00d7112 mm", "Adrien and Axel Hesling", "Studio H", "personal use",
                  f"Herald {version}"):
        assert words in cover, words
    assert _text(kits["full"] / "oriflamme-cards-a4.pdf", 1).strip() == ""   # its blank back


def test_the_cover_page_has_typographic_apostrophes_and_no_command_line(kits):
    """The locale's typography, and the printer's remedy for shifted backs
    rather than a command line: the reader holds only the PDF."""
    for kit_ in kits.values():
        cover = _text(kit_ / "oriflamme-cards-a4.pdf", 0)
        assert "'" not in cover and "--" not in cover and "Herald" in cover
        assert "calibration" in cover or "calibrage" in cover
    cover = _text(kits["saver"] / "oriflamme-cards-a4.pdf", 0)
    for words in ("Contenu du kit", "bord court", "Hesling", "usage personnel", "R-01"):
        assert words in cover, words


def test_each_card_carries_its_collation_code(kits):
    reader = pypdf.PdfReader(kits["full"] / "oriflamme-cards-printshop.pdf")
    codes = collation_codes(DB)
    assert list(codes.values()) == ["R", "B", "G", "Y", "P"]
    for f, family in enumerate(DB.families):
        for c in range(len(DB.cards)):
            assert f"{codes[family.id]}-{c + 1:02d}" in reader.pages[f * 10 + c].extract_text()
        assert f"{codes[family.id]}-21" in reader.pages[50 + f].extract_text()   # its aid


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_collation_codes_are_unique_across_boxes(locale):
    """A mixed box sorts by code: the base game's, Alliance's and a mix's cards
    and aids never share one (Alliance's Insurrection was R-07, like the
    base Assassination), and the letters are the locale's family initials."""
    from herald.generator.games.oriflamme.cards import print_cards
    owner: dict[str, str] = {}
    for cards in (None, "alliance", "mixed"):
        for card in print_cards(DB, locale, cards=cards):
            face = getattr(card.draw_front, "__self__", None)
            code = getattr(face, "code", "")
            if not code:
                continue                      # tokens and tiles have none
            assert owner.setdefault(code, card.key) == card.key, (code, card.key)
    letters = {code.split("-")[0] for code in owner}
    assert letters == ({"R", "B", "V", "J", "VI"} if locale == "fr" else {"R", "B", "G", "Y", "P"})
    assert "R-07" in owner and "R-17" in owner and owner["R-07"] != owner["R-17"]
    assert {"R-21", "R-22", "R-23"} <= set(owner)          # one aid per box, one for a mix


def test_tokens_and_tiles_print_on_the_last_sheet_both_sides(kits):
    pages = pypdf.PdfReader(kits["full"] / "oriflamme-cards-a4.pdf").pages
    for page in pages[-2:]:                      # the last sheet's fronts and backs
        text = page.extract_text()
        assert "FIRST PLAYER" in text and "RESOLUTION DIRECTION" in text
        assert text.count("5") >= 18 and text.count("1") >= 3 * 18


def test_calibration_follows_the_backs_option(kits):
    text = _text(kits["full"] / "oriflamme-calibration-a4.pdf", 0)
    # each sheet in its kit's locale alone, with the printer's own remedy
    assert "flipping on the long edge" in text and "retournement" not in text
    assert "duplex alignment" in text and "--" not in text
    text = _text(kits["saver"] / "oriflamme-calibration-a4.pdf", 0)
    assert "retournement bord court" in text and "flipping" not in text
    assert "alignement recto verso" in text and "--" not in text


def test_pngs_carry_300_dpi(kits):
    # tokens are die-cut pieces (their own print-shop file): no card image
    assert not (kits["full"] / "png" / "tokens-5-1.png").exists()
    for name in ("png/red-archer.png", "png/back-blue.png", "png/aid-red.png"):
        with Image.open(kits["full"] / name) as im:
            assert tuple(round(v) for v in im.info["dpi"]) == (300, 300), name


def test_tabletop_simulator_one_deck_per_family_with_its_own_back(kits):
    folder = kits["full"] / "tts"
    note = json.loads((folder / "oriflamme-decks.json").read_text())
    decks = {d["deck"]: d for d in note["decks"]}
    assert list(decks) == [f"oriflamme-{f}" for f in DB.family_ids] + ["oriflamme-aids"]
    backs = set()
    for family in DB.family_ids:
        deck = decks[f"oriflamme-{family}"]
        assert deck["number"] == 10 and deck["unique_backs"] is False
        with Image.open(folder / deck["back"]) as im:
            backs.add(im.tobytes())
        with Image.open(folder / deck["faces"]) as im:
            assert im.size == (410 * 10, 752)
    assert len(backs) == 5                                  # each family its own back
    assert decks["oriflamme-aids"]["unique_backs"] is True


def test_ink_saver_prints_white_borders_and_backs(kits):
    with Image.open(kits["saver"] / "png" / "back-red.png") as im:
        grey = im.convert("L")
        assert ImageStat.Stat(grey).mean[0] > 215           # no colour flood
        assert min(im.getpixel((4, 4))) > 250
    with Image.open(kits["saver"] / "png" / "red-archer.png") as im:
        assert min(im.getpixel((4, 4))) > 250               # white border
    with Image.open(kits["full"] / "png" / "back-red.png") as im:
        assert ImageStat.Stat(im.convert("L")).mean[0] < 120


@pytest.mark.parametrize("cards", ["alliance", "mixed"])
def test_condemnation_tokens_share_the_tile_sheet(cards):
    """The Magistrate's five Condemnation tokens sit at the foot of the tile
    piece: Alliance's 50 cards, 5 aids and 5 token pieces fill ten sheets of
    six, where a piece of their own took an eleventh for five tokens."""
    from herald.generator.games.oriflamme.cards import print_cards
    from herald.generator.render.imposition import grid
    printed = print_cards(DB, "en", cards=cards)
    cols, rows = grid((210 * mm, 297 * mm))
    assert -(-len(printed) // (cols * rows)) == 10
    keys = [c.key for c in printed]
    assert "tiles-condemnation" in keys and "tiles" not in keys
    assert not [k for k in keys if k.startswith("condemnation")]
    base = print_cards(DB, "en")
    assert len(printed) == len(base) == 60
    assert "tiles" in [c.key for c in base]
