"""The Oriflamme card database: it loads, it agrees with the engine, and a
broken copy is reported as one line naming the file and the field."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from herald.engine.oriflamme.cards import CARD_INDEX, CARDS, FAMILIES, kind_of
from herald.engine.oriflamme.state import DEFAULT_CONFIG, Config
from herald.generator.database import database_path, load_database
from herald.generator.errors import InputError
from herald.generator.games.oriflamme.schema import ABILITY_MAX, Database

SHIPPED = database_path("oriflamme")

NAMES = {
    "archer": ("Archer", "Archer"),
    "soldier": ("Soldat", "Soldier"),
    "spy": ("Espion", "Spy"),
    "heir": ("Héritier", "Heir"),
    "shapeshifter": ("Changeforme", "Shapeshifter"),
    "lord": ("Seigneur", "Lord"),
    "assassination": ("Assassinat", "Assassination"),
    "royal_decree": ("Décret royal", "Royal Decree"),
    "ambush": ("Embuscade", "Ambush"),
    "conspiracy": ("Complot", "Conspiracy"),
}
FAMILY_NAMES = {
    "red": ("Rouge", "Red"), "blue": ("Bleu", "Blue"), "green": ("Vert", "Green"),
    "yellow": ("Jaune", "Yellow"), "purple": ("Violet", "Purple"),
}


@pytest.fixture(scope="module")
def db() -> Database:
    return load_database(SHIPPED)


# -- the shipped database ------------------------------------------------------

def test_shipped_database_is_where_database_path_says():
    assert SHIPPED.name == "database.yaml"
    assert SHIPPED.parent.name == "oriflamme"
    assert SHIPPED.parent.parent.name == "assets"
    assert SHIPPED.is_file()


def test_shipped_database_loads(db):
    assert isinstance(db, Database)
    assert db.game == "oriflamme"
    assert db.locales == ["fr", "de", "en", "es"]     # French, then the PO files
    assert (db.name["fr"], db.name["en"]) == ("Oriflamme", "Oriflamme")
    assert load_database(SHIPPED) is db     # one validated copy per file version


def test_every_database_card_has_an_engine_card_and_back(db):
    # the base box, then the other boxes (Alliance): the engine's cards, in order
    every = tuple(c.id for c in db.all_cards)
    assert db.card_ids == CARDS[:10] and every == CARDS
    assert set(CARD_INDEX) == set(every)
    # every card has an ability implementation, and every implementation a card
    from herald.engine.oriflamme.state import ABILITIES
    assert {CARDS[c] for c in ABILITIES} == set(every)
    assert all(callable(f) for f in ABILITIES.values())


def test_kinds_match_the_engine(db):
    for card in db.all_cards:
        assert card.kind == kind_of(CARD_INDEX[card.id]), card.id
    kinds = [c.kind for c in db.cards]
    assert kinds == ["personnage"] * 6 + ["intrigue"] * 4


def test_counts_make_a_family_of_ten(db):
    assert all(c.count == 1 for c in db.cards)
    assert db.family_size == 10


def test_setup_numbers_equal_the_engine_defaults(db):
    assert db.setup_config() == DEFAULT_CONFIG
    assert isinstance(db.setup_config(), Config)
    s = db.setup
    assert (s.hand, s.set_aside, s.rounds, s.influence) == (7, 3, 6, 1)
    assert (s.duo_hand_per_family, s.duo_draw, s.duo_hand_left, s.duo_draw_pile) == \
        (3, 2, 2, 8)


def test_families_match_the_engine(db):
    assert db.family_ids == FAMILIES
    for f in db.families:
        assert (f.name["fr"], f.name["en"]) == FAMILY_NAMES[f.id]
        assert re.fullmatch(r"#[0-9A-Fa-f]{6}", f.colour)
    assert len({f.colour.lower() for f in db.families}) == 5


def test_coats_of_arms_differ_in_shape_not_only_colour(db):
    arms = [f.arms for f in db.families]
    assert all(a is not None for a in arms)
    for attr in ("field", "pattern", "ordinary", "charge"):
        values = [getattr(a, attr) for a in arms]
        assert len(set(values)) == 5, (attr, values)


def test_card_names(db):
    for card in db.cards:
        assert (card.name["fr"], card.name["en"]) == NAMES[card.id]


def test_every_text_exists_in_every_locale(db):
    for card in db.cards:
        for locale in db.locales:
            assert card.ability[locale].strip()
            assert card.clarifications[locale], (card.id, locale)
        # the two locales say the same things, one sentence for one sentence
        assert len(card.clarifications["fr"]) == len(card.clarifications["en"]), card.id
    for locale in db.locales:
        aid = db.aids[locale]
        assert list(aid.abilities) == list(db.card_ids)
        assert len(aid.turn) >= 5
        assert db.terms[locale].queue_short == {"fr": "File", "en": "Queue", "de": "Einflussreihe",
                                                "es": "Fila"}[locale]


def test_abilities_fit_on_a_card(db):
    for card in db.cards:
        for locale in db.locales:
            assert len(card.ability[locale]) <= ABILITY_MAX, (card.id, locale)


def test_influence_gains_use_the_influence_word(db):
    """Wherever influence is gained, the text says so in words a renderer can
    swap for the icon: "N influence" / "N point(s) d'Influence"."""
    gain = {"fr": re.compile(r"\bgagnez (\d+) (\S+ \S+)"),
            "en": re.compile(r"\bgain (\d+) (\w+)")}
    word = {"fr": ("point d'Influence", "points d'Influence"), "en": ("influence",)}
    checked = 0
    for card in db.cards:
        for locale in gain:
            texts = [card.ability[locale], db.aids[locale].abilities[card.id]]
            texts += card.clarifications[locale]
            for text in texts:
                for _n, noun in gain[locale].findall(text):
                    checked += 1
                    if locale == "fr":
                        noun = "point d'Influence" if noun.startswith("point ") else noun
                        noun = "points d'Influence" if noun.startswith("points ") else noun
                    assert noun in word[locale], (card.id, locale, text)
    assert checked > 20


@pytest.mark.parametrize("card_id, locale, needle", [
    ("archer", "en", "gain 1 influence"),
    ("soldier", "fr", "gagnez 1 point d'Influence"),
    ("heir", "en", "gain 2 influence"),
    ("lord", "fr", "Gagnez 1 point d'Influence, plus 1 point d'Influence"),
    ("ambush", "en", "gain 4 influence"),
    ("ambush", "fr", "Défaussez l'Embuscade"),
    ("conspiracy", "en", "twice the influence"),
    ("royal_decree", "en", "never onto another card"),
    ("assassination", "fr", "Défaussez l'Assassinat"),
])
def test_ability_texts_state_the_ruling(db, card_id, locale, needle):
    assert needle in db.card(card_id).ability[locale]


@pytest.mark.parametrize("card_id, needles", [
    ("archer", ["itself", "your own family only when no other target"]),
    ("soldier", ["your own family only when the other neighbour cannot be targeted"]),
    ("spy", ["never from the tokens", "only when all the Spy's neighbours are yours",
             "does not spring it"]),
    ("heir", ["revealed, uncovered"]),
    ("shapeshifter", ["not the name", "another Shapeshifter does nothing"]),
    ("lord", ["face up or face down", "every card of your family counts, even covered"]),
    ("assassination", ["target itself"]),
    ("royal_decree", ["stays in place", "card moved after", "tokens move with it"]),
    ("ambush", ["still gains 1 influence", "gain 2 influence", "never gained"]),
    ("conspiracy", ["6 influence"]),
])
def test_clarifications_follow_herald_rulings(db, card_id, needles):
    text = " ".join(db.card(card_id).clarifications["en"])
    for needle in needles:
        assert needle in text, (card_id, needle)


# -- broken copies --------------------------------------------------------------

def _assert_one_line(err: InputError, path: Path, field: str):
    msg = str(err)
    assert "\n" not in msg and msg == msg.strip()
    assert path.name in msg
    assert re.search(rf"{re.escape(path.name)}:\d+: ", msg), msg   # with the line
    assert field in msg, msg


def _broken(tmp_path: Path, old: str, new: str, count: int = 1) -> Path:
    text = SHIPPED.read_text(encoding="utf-8")
    assert old in text, f"the test's anchor {old!r} is gone from the database"
    path = tmp_path / "database.yaml"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return path


def test_an_unchanged_copy_loads(tmp_path):
    path = _broken(tmp_path, "game: oriflamme", "game: oriflamme")
    assert load_database(path) == load_database(SHIPPED)


BROKEN = {
    "missing French name": (
        'name: {fr: "Héritier"}', 'name: {en: "Heir"}',
        "cards.4.name.fr", "field required"),
    "unknown key": (
        "  - id: spy\n", "  - id: spy\n    flavour: sly\n",
        "cards.3.flavour", "unknown key"),
    "bad colour": (
        '"#53A576"', '"#53A57G"', "families.3.colour", "hex colour"),
    "unquoted colour read as a comment": (
        '"#53A576"', "#53A576", "families.3.colour", "comment"),
    "YAML syntax error": (
        'name: {fr: "Espion"}', 'name: {fr: "Espion"',
        "cards.3.name", "YAML syntax error"),
    "duplicated card id": (
        "  - id: lord\n", "  - id: spy\n", "cards.6.id", "duplicate id 'spy'"),
    "unknown kind": (
        "kind: intrigue", "kind: ruse", "cards.7.kind", "personnage"),
    "zero count": (
        "count: 1", "count: 0", "cards.1.count", "greater than or equal to 1"),
    "locale not in locales": (
        'name: {fr: "Bleu"}', 'name: {fr: "Bleu", pt: "Azul"}',
        "families.2.name.pt", "not in locales"),
    "number as text": (
        "hand: 7", 'hand: "7"', "setup.hand", "integer"),
    "inconsistent duo setup": (
        "duo_draw_pile: 8", "duo_draw_pile: 9", "setup.duo_draw_pile", "expected 8"),
    "aid line for a card missing": (
        '      spy: "Volez', '      spyy: "Volez', "aids.fr.abilities.spy", "required"),
    "key written twice": (
        '    name: {fr: "Rouge"}\n',
        '    name: {fr: "Rouge"}\n    name: {fr: "Rouge"}\n',
        "families.1.name", "twice"),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_broken_database_is_one_line_naming_file_and_field(tmp_path, case):
    old, new, field, message = BROKEN[case]
    path = _broken(tmp_path, old, new)
    with pytest.raises(InputError) as info:
        load_database(path)
    _assert_one_line(info.value, path, field)
    assert message in str(info.value)


def test_a_changed_french_text_leaves_its_translations_out(tmp_path):
    """A copy whose French differs from the built-in one's has no English
    for that text in the PO file: it loads in French alone, never half
    translated."""
    text = SHIPPED.read_text(encoding="utf-8")
    start = text.index("  - id: conspiracy")
    at = text.index("      fr:\n", text.index("    clarifications:", start)) + len("      fr:\n")
    path = tmp_path / "database.yaml"
    path.write_text(text[:at] + '        - "Une précision de plus."\n' + text[at:],
                    encoding="utf-8")
    assert load_database(path).locales == ["fr"]
    assert "en" in load_database(SHIPPED).locales


def test_missing_file(tmp_path):
    path = tmp_path / "database.yaml"
    with pytest.raises(InputError) as info:
        load_database(path)
    msg = str(info.value)
    assert "\n" not in msg and path.name in msg and "no such file" in msg


def test_database_path_rejects_paths():
    with pytest.raises(InputError):
        database_path("../oriflamme")
