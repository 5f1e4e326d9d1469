"""The Oriflamme rules reference text (assets/oriflamme/locales/*/rules.yaml).

Both locales load, share the same keys and sections in the same order, name
the cards in their own language, and never copy a sentence from the French
rules sources: no run of 8 words of the French text may appear in the
publisher's rulebook (002) or the fan transcription (000).
"""
from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

import pytest
from herald.generator.translations import game_locales

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ROOT / "assets" / "oriflamme" / "locales"
DATABASE = ROOT / "assets" / "oriflamme" / "database.yaml"
# The sources sit in shared/ beside the repository (as on CI), unless told otherwise.
SOURCES = Path(os.environ.get("HERALD_RULES_SOURCES",
                              Path(__file__).resolve().parents[2] / "shared" / "rules-sources"))
SOURCE_FILES = ("002_697ed417c728e07c.txt", "000_fbae317d6d1ad5ca.txt")

SECTION_IDS = ["goal", "components", "setup", "round", "placement", "resolution",
               "piles", "eliminate", "end", "cards", "duo", "alliance"]
FIXED_STRINGS = ["title", "subtitle", "contents", "examples_title", "examples_intro",
                 "examples_checked", "rulings_title", "rulings_intro", "reference_title",
                 "cards_clarifications", "page", "unverified_warning"]
BLOCK_KINDS = {"p", "list", "note", "figure"}   # figure: a picture the kit draws
SHINGLE = 8   # words: a run this long shared with a source counts as copied


def load(locale: str) -> dict:
    """The rules text: the French file, or its translation from the PO file."""
    from herald.generator.catalogs import load_catalog
    return load_catalog("oriflamme", locale, "rules")


@pytest.fixture(scope="module")
def rules() -> dict[str, dict]:
    return {loc: load(loc) for loc in game_locales("oriflamme")}


def texts(node) -> list[str]:
    """Every string in a loaded rules file, depth first."""
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for v in node.values() for s in texts(v)]
    if isinstance(node, list):
        return [s for v in node for s in texts(v)]
    return []


def shape(node):
    """The key structure of a rules file: mapping keys, section ids, block kinds."""
    if isinstance(node, dict):
        return {k: shape(v) for k, v in node.items()}
    if isinstance(node, list):
        return [shape(v) for v in node]
    return type(node).__name__


def words(text: str) -> list[str]:
    """Lower case, no accents, no punctuation or markup, words split on anything else.

    Words cut by a hyphen at a line end in the sources (``défaus-\\nsées``) are
    joined first, and typographic apostrophes count as apostrophes, so the
    same sentence reads the same in the sources and in Herald's files.
    """
    text = re.sub(r"-\s*\n\s*", "", text)
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.replace("œ", "oe").replace("æ", "ae")
    return re.findall(r"[a-z0-9]+", text)


def shingles(text: str, n: int = SHINGLE) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i:i + n]) for i in range(len(w) - n + 1)}


def copied_runs(text: str, source_shingles: set[tuple[str, ...]]) -> list[str]:
    return sorted(" ".join(s) for s in shingles(text) & source_shingles)


@pytest.fixture(scope="module")
def source_shingles() -> set[tuple[str, ...]]:
    missing = [name for name in SOURCE_FILES if not (SOURCES / name).is_file()]
    if missing:
        pytest.skip(f"rules sources not found in {SOURCES} (set HERALD_RULES_SOURCES)")
    found: set[tuple[str, ...]] = set()
    for name in SOURCE_FILES:
        found |= shingles((SOURCES / name).read_text(encoding="utf-8"))
    assert len(found) > 1000, "the rules sources look empty"
    return found


def card_names() -> dict[str, list[str]]:
    from herald.generator.database import load_database
    db = load_database(DATABASE)
    return {loc: [c.name[loc] for c in db.cards] for loc in game_locales("oriflamme")}


# -- structure ------------------------------------------------------------------------

@pytest.mark.parametrize("locale", game_locales("oriflamme"))
def test_file_is_complete(rules, locale):
    doc = rules[locale]
    for key in FIXED_STRINGS:
        assert isinstance(doc.get(key), str) and doc[key].strip(), f"{locale}: {key}"
    # issue 12: one front-matter line replaces "Verified by the Herald engine"
    assert "Herald" not in doc["examples_checked"]
    assert isinstance(doc["rulings_headers"], list) and len(doc["rulings_headers"]) == 4
    assert all(isinstance(h, str) and h.strip() for h in doc["rulings_headers"])
    assert [s["id"] for s in doc["sections"]] == SECTION_IDS
    for section in doc["sections"]:
        # a section may list a box's cards (Oriflamme Alliance: cards: alliance)
        assert set(section) - {"cards"} == {"id", "title", "blocks"}, section["id"]
        assert section["title"].strip(), section["id"]
        assert section["blocks"], f"{locale}: section {section['id']} has no block"
        for block in section["blocks"]:
            assert len(block) == 1 and set(block) <= BLOCK_KINDS, (section["id"], block)
            (kind, value), = block.items()
            if kind == "list":
                assert value and all(isinstance(i, str) and i.strip() for i in value)
            else:
                assert isinstance(value, str) and value.strip()
    # cards: an introduction only, the card pages come from the database
    cards = next(s for s in doc["sections"] if s["id"] == "cards")
    assert len(cards["blocks"]) <= 2


def test_locales_have_the_same_keys_in_the_same_order(rules):
    fr = rules["fr"]
    for en in (rules["en"], rules["de"], rules["es"]):
        assert list(fr) == list(en)
        assert [s["id"] for s in fr["sections"]] == [s["id"] for s in en["sections"]]
        for a, b in zip(fr["sections"], en["sections"]):
            assert list(a) == list(b), a["id"]


def test_markup_is_balanced(rules):
    for locale, doc in rules.items():
        for text in texts(doc):
            assert text.count("**") % 2 == 0, (locale, text)
            assert text.replace("**", "").count("*") % 2 == 0, (locale, text)
            if locale == "fr":
                assert text.count("«") == text.count("»"), text
                assert '"' not in text and "“" not in text, text


# -- own words ------------------------------------------------------------------------

def test_copy_detector_catches_a_copied_sentence(source_shingles):
    """The check below can fail: a sentence lifted from 002 is caught, even
    re-cased, re-punctuated and with straight apostrophes."""
    lifted = ("Une carte dans la File d'Influence, révélée et non recouverte, "
              "CONTINUE d'appliquer sa capacité lors du tour suivant !")
    assert copied_runs(lifted, source_shingles)
    assert not copied_runs("Herald dit tout cela avec ses propres mots, sans rien recopier.",
                           source_shingles)


def test_no_sentence_is_copied_from_the_sources(rules, source_shingles):
    copies = {}
    for text in texts(rules["fr"]):
        runs = copied_runs(text, source_shingles)
        if runs:
            copies[text] = runs
    assert not copies, "text copied from the rules sources:\n" + "\n".join(
        f"- {text!r}: {runs}" for text, runs in copies.items())


# -- card names -----------------------------------------------------------------------

def mentions(text: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


@pytest.mark.parametrize("locale, other", [("fr", "en"), ("en", "fr"), ("de", "en"),
                                           ("es", "en"), ("de", "fr"), ("es", "fr")])
def test_card_names_are_in_the_locale_language(rules, locale, other):
    names = card_names()
    own = set(names[locale])
    foreign = [n for n in names[other] if n not in own]          # "Archer" is both
    body = "\n".join(texts(rules[locale]))
    assert not [n for n in foreign if mentions(body, n)], f"{locale}: names of {other}"
    # every card is named somewhere (the components section lists them all)
    assert [n for n in names[locale] if not mentions(body, n)] == []


def test_game_terms(rules):
    fr = "\n".join(texts(rules["fr"]))
    en = "\n".join(texts(rules["en"]))
    for term in ("File d'Influence", "point d'Influence", "points d'Influence", "Personnage",
                 "Intrigue", "révél", "élimin", "défauss", "pile"):
        assert term in fr, term
    for term in ("the Queue", "influence", "Character", "Intrigue", "reveal", "eliminat",
                 "discard", "pile"):
        assert term in en, term
    assert "queue" not in re.sub(r"Queue", "", en), "en: the Queue takes a capital"


# -- the text agrees with Herald's default rulings -------------------------------------

def section_text(doc: dict, sid: str) -> str:
    section = next(s for s in doc["sections"] if s["id"] == sid)
    return "\n".join(texts(section["blocks"]))


def test_agrees_with_default_rulings(rules):
    en = {s["id"]: section_text(rules["en"], s["id"]) for s in rules["en"]["sections"]}
    # own card eliminating own Ambush: 2 influence, both discarded (option own_ambush)
    assert "2 influence in all" in en["eliminate"] and "both cards are discarded" in en["eliminate"]
    # two players: your other family's Ambush gives 1, attacker stays (duo_sibling_ambush)
    assert "only 1 influence" in en["duo"] and "attacker stays in the Queue" in en["duo"]
    # duo numbers: 3 + 3 in hand, draw pile of 8, 2 placed and 2 drawn a round, 2 left
    for needle in ("3 cards at random from each family", "other 8 cards", "**2 cards**",
                   "draws 2 cards", "still holds 2 cards"):
        assert needle in en["duo"], needle
    # tie-break, then a shared win; tokens left on cards do not count
    assert "share the victory" in en["end"] and "count for no one" in en["end"]
    fr = {s["id"]: section_text(rules["fr"], s["id"]) for s in rules["fr"]["sections"]}
    assert "2 points d'Influence en tout" in fr["eliminate"]
    assert "l'attaquant reste dans la File" in fr["duo"]
    assert "se partagent la victoire" in fr["end"]
