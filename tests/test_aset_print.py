"""L'Ordre d'Asèt's print side: a deck of two card sizes, the booklet and its
errata page, the quick reference.

Builds the English deck and rules once (about 10 s of CPU) and checks the
files: trim and bleed of both card sizes in the print-shop file, the number
of cards of each kind, the scoring table's and errata's figures against the
engine's, and
the text the booklet and the reference must carry.
"""
from __future__ import annotations

from collections import Counter

import pytest
from herald.generator.database import database_path, load_database
from herald.generator.decks import build_deck
from herald.generator.games.aset.booklet import breakdown, errata_outcomes
from herald.generator.games.aset.describe import decree_text
from herald.generator.kits import kit
from herald.generator.render.geometry import PRINTSHOP_BLEED
from herald.generator.verified import verify_game
from pypdf import PdfReader
from reportlab.lib.units import mm

TOL = 0.05 * mm
LARGE = (61 * mm, 112 * mm)
SMALL = (44 * mm, 68 * mm)


@pytest.fixture(scope="module")
def db():
    return load_database(database_path("aset"))


@pytest.fixture(scope="module")
def built(tmp_path_factory, db, rules_kit):
    out = tmp_path_factory.mktemp("aset")
    deck = build_deck("aset", "en", paper="a4", backs="duplex-long", bleed_mm=3,
                      back_offset_mm=(0, 0), out=out)
    rules = sorted((rules_kit / "aset" / "en").glob("*-a4.pdf"))
    return {p.name: p for p in deck + rules}


def _kind(key: str) -> str:
    for prefix in ("aid", "decree", "order", "blank"):
        if key.startswith(prefix):
            return prefix
    return "numbered"


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_every_card_of_the_box_at_its_size(db, locale):
    cards = kit("aset").print_cards(db, locale)
    kinds = Counter(_kind(c.key) for c in cards)
    families = len(db.families) * db.setup.family_size
    assert families == 55            # the database's five families of 11 (003 says 56)
    assert kinds == {"numbered": 55, "decree": 25, "order": 7, "blank": 3, "aid": 5}
    for c in cards:
        size = LARGE if _kind(c.key) in ("numbered", "aid") else SMALL
        assert abs(c.width - size[0]) < TOL and abs(c.height - size[1]) < TOL, c.label
    # each family's cards by copies, as the database lists them
    for f in db.families:
        per = Counter(c.key for c in cards if c.key.startswith(f"{f.id}-"))
        assert per == {f"{f.id}-{k}": n for k, n in f.cards.items() if n}


def test_printshop_pages_trim_and_bleed_at_each_size(built):
    """One print-shop file per card size (issue 22): a print shop runs one
    size at a time."""
    sizes = Counter()
    for name, only in (("aset-cards-printshop.pdf", LARGE),
                       ("aset-cards-printshop-44x68.pdf", SMALL)):
        for page in PdfReader(str(built[name])).pages:
            trim = page.trimbox
            assert abs(float(trim.width) - only[0]) < TOL, name
    pages = [p for name in ("aset-cards-printshop.pdf", "aset-cards-printshop-44x68.pdf")
             for p in PdfReader(str(built[name])).pages]
    for page in pages:
        trim, bleed = page.trimbox, page.bleedbox
        w, h = float(trim.width), float(trim.height)
        size = min((LARGE, SMALL), key=lambda s: abs(s[0] - w) + abs(s[1] - h))
        assert abs(w - size[0]) < TOL and abs(h - size[1]) < TOL
        assert abs(float(bleed.width) - (w + 2 * PRINTSHOP_BLEED)) < TOL
        assert abs(float(bleed.height) - (h + 2 * PRINTSHOP_BLEED)) < TOL
        assert abs(float(trim.left) - float(bleed.left) - PRINTSHOP_BLEED) < TOL
        sizes[size] += 1
    # fronts and backs: 60 large cards (55 numbered, 5 aids), 35 small ones
    assert sizes == {LARGE: 2 * 60, SMALL: 2 * 35}


def test_tts_deck_per_kind_keeps_each_size(built):
    from PIL import Image
    folder = built["aset-cards-printshop.pdf"].parent / "tts"
    decrees = Image.open(folder / "aset-decrees-faces.png")
    yellow = Image.open(folder / "aset-yellow-faces.png")
    # 10 columns; a small card keeps its 44 x 68 proportions
    w, h = decrees.width / 10, yellow.width / 10
    assert abs(w / (decrees.height / 3) - 44 / 68) < 0.01
    assert w < h


def test_scoring_table_and_errata_hold_the_engines_figures(built, db):
    found = errata_outcomes(verify_game("aset"))
    by_id = {ex.id: o for ex, o in found}
    assert set(by_id) == {"scoring-table", "material-count-erratum"}
    state = by_id["scoring-table"].state
    lines = [breakdown(state, i) for i in range(len(state.players))]
    assert [ln["total"] for ln in lines] == [state.points(i) for i in range(4)] == \
        [9, 12, 15, 12]                                  # 003's printed totals
    # 003's rows as printed, and the Assassin-Commander pairs its Malus row leaves out
    assert [(ln["single"], ln["solos"], ln["special"], ln["malus"]) for ln in lines] == \
        [(7, 8, 0, 4), (11, 8, 3, 6), (11, 8, 6, 6), (7, 8, 3, 2)]
    assert [ln["solo_pairs"] for ln in lines] == [2, 4, 4, 4]
    reader = PdfReader(str(built["aset-rules-a4.pdf"]))
    pages = [p.extract_text() for p in reader.pages]
    # the table's page (one table cell a line; the text before it names the pairs too)
    cells = next(t.splitlines() for t in pages if "Assassin-Commander pairs" in t.splitlines())
    pairs = cells.index("Assassin-Commander pairs")
    assert cells[pairs + 1:pairs + 5] == ["−2", "−4", "−4", "−4"]
    total = cells.index("Total", pairs)
    assert [int(x) for x in cells[total + 1:total + 5]] == [9, 12, 15, 12]
    errata = next(t for t in pages if "5 × 11 = 55" in t.replace("\u202f", " "))
    assert "Assassin and Commander: the rulebook gives the aspirants 16; the families of " \
        "the box hold 10." in " ".join(errata.split())


def test_heralds_decrees_say_so_on_their_face(built, db):
    text = " ".join(p.extract_text() for p in PdfReader(str(built["aset-cards-a4.pdf"])).pages)
    own = [d for d in db.decrees if d.deck == "herald"]
    assert len(own) == 19
    assert text.count("Herald decree, not in the box") == len(own)
    assert "Unknown decree" not in text.replace("\n", " ")      # the box's pile is not dealt
    for d in own:
        assert d.name["en"].upper().replace("'", "’") in text.replace("\n", " "), d.id


def test_booklet_and_reference_text(built, db):
    text = " ".join(p.extract_text() for p in PdfReader(str(built["aset-rules-a4.pdf"])).pages)
    for d in db.decrees[:9]:
        assert decree_text(d, "en").name in text.replace("’", "'")
    for words in ("Worked examples", "Rulings", "The value of each card", "Errata",
                  "With best play on both sides"):
        assert words in text
    assert "card_values" not in text and "last_rank" not in text   # no option ids
    reference = PdfReader(str(built["aset-reference-a4.pdf"]))
    assert len(reference.pages) == 1
    assert "Scoring" in reference.pages[0].extract_text()


def test_decree_cards_print_effects_or_a_space_to_write(db):
    anti = decree_text(next(d for d in db.decrees if d.id == "anti_parity"), "en")
    assert anti.effect1 and anti.effect2 is None          # Effect 2 left to write in
    rise = decree_text(next(d for d in db.decrees if d.id == "rise_of_pairs"), "fr")
    assert rise.effect1 == ["Si le premier rang porte une valeur paire, elle descend au "
                            "dernier rang."]
    ostracism = decree_text(next(d for d in db.decrees if d.id == "ostracism"), "en")
    assert ostracism.discardable and not ostracism.has_effect2 and ostracism.effect1 is None
