"""L'Ordre d'Asèt's card database: its schema, and the engine's built-in copy."""
import pytest
import yaml
from herald.engine.aset.data import DEFAULT_CONFIG, DEFAULT_DATA
from herald.engine.games import GAMES
from herald.generator.database import database_path, load_database
from herald.generator.errors import InputError
from herald.generator.games.aset import Database

SHIPPED = database_path("aset")


def test_shipped_database_loads_and_equals_the_engine_defaults():
    db = load_database(SHIPPED)
    assert isinstance(db, Database) and db.game == "aset" and db.locales[0] == "fr" \
        and "en" in db.locales
    assert db.setup_config() == DEFAULT_CONFIG
    assert db.rules_data()["decrees"] == DEFAULT_DATA["decrees"]
    assert GAMES["aset"].config == DEFAULT_CONFIG


def test_the_box():
    db = load_database(SHIPPED)
    assert [c.value for c in db.cards] == [1, 2, 3, 4, 5, 6, 7]
    assert [c.id for c in db.cards][0] == "assassin" and db.cards[6].id == "commander"
    assert all(sum(f.cards.values()) == 11 for f in db.families)
    assert all(f.cards[f.special] == 1 for f in db.families)    # the kind held once
    # each set of decrees is a pile of 25: the box's (003's, 16 of them to
    # write in) and Herald's own, which replaces the 19 that 003 does not describe
    box = [d for d in db.decrees if d.deck != "herald"]
    own = [d for d in db.decrees if d.deck != "box"]
    assert len(box) == 25 and len(own) == 25
    assert {d.id for d in box if d.discardable} == {
        "council_favourite", "anarchy_2_0", "ostracism"}
    assert not [d.id for d in own if d.effect1 == "unknown"]     # every one acts
    assert not [d.id for d in own if d.deck and d.id in db.missing_decrees]
    assert sum(d.deck == "herald" for d in own) == 19
    assert "unnamed_10" in db.missing_decrees and "rise_of_pairs" not in db.missing_decrees


def _broken(tmp_path, old, new):
    text = SHIPPED.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "database.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


BROKEN = {
    "unknown decree effect": (
        "effect1: [{move: {values: odd, to: first}}]", "effect1: [{shuffle: true}]",
        "decrees.1.effect1.1.shuffle", "unknown decree effect 'shuffle'"),
    "value outside 1-7": (
        "{id: commander, value: 7,", "{id: commander, value: 8,",
        "cards.7.value", "less than or equal to 7"),
    "value outside 1-7 in a decree": (
        "value_in: [5, 6]", "value_in: [5, 9]",
        "decrees.3.effect1.1.if.value_in.2", "a value is 1 to 7"),
    "family of the wrong size": (
        "cards: {assassin: 1, idol: 1, archer: 2,", "cards: {assassin: 1, idol: 1, archer: 1,",
        "families.1.cards", "the family has 10 cards, not 11"),
    "unknown card in a family": (
        "special: witch", "special: wizard", "families.5.special", "no card with id"),
    "missing French name": (
        'name: {fr: "Ostracisme"}', 'name: {en: "Ostracism"}',
        "decrees.9.name.fr", "field required"),
    "effect 2 on a discardable decree": (
        "    discardable: true\n    effect1: unknown\n    deck: box\n  - id: ostracism",
        "    discardable: true\n    effect1: unknown\n    effect2: []\n    deck: box\n"
        "  - id: ostracism",
        "decrees.8.effect2", "no Effect 2"),
    "Order with a value twice": (
        "order: [7, 6, 5, 4, 3, 2, 1]", "order: [7, 6, 5, 4, 3, 2, 2]",
        "setup.order", "each value 1 to 7 once"),
    "unknown key": (
        "  special_points: 3", "  special_points: 3\n  bonus: 1", "scoring.bonus",
        "unknown key"),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_broken_database_is_one_line_naming_file_line_and_field(tmp_path, case):
    old, new, field, message = BROKEN[case]
    path = _broken(tmp_path, old, new)
    with pytest.raises(InputError) as info:
        load_database(path)
    text = str(info.value)
    assert "\n" not in text
    where, rest = text.split(": ", 1)
    assert where.startswith(str(path) + ":") or where.startswith(f"{path.name}:") \
        or ":" in where, text
    assert int(where.rsplit(":", 1)[1]) > 0, text
    assert rest.startswith(field + ": "), text
    assert message in text, text


def test_the_model_alone_rejects_a_family_of_ten():
    data = yaml.safe_load(SHIPPED.read_text(encoding="utf-8"))
    data["families"][1]["cards"]["idol"] = 1
    with pytest.raises(Exception) as info:
        Database.model_validate(data)
    assert "10 cards" in str(info.value)
