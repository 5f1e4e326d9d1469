import copy

import pytest
import yaml

from herald.engine.runner import run_example
from herald.generator.database import database_path, load_database
from herald.generator.examples import builtin_examples, load_example, run
from herald.generator.games.oriflamme.narration import (
    StepText, catalog_path, missing_strings, narrate, narrate_events,
)
from herald.generator.render.text import NBSP, NNBSP

EXAMPLES = builtin_examples("oriflamme")


@pytest.fixture(scope="module")
def db():
    return load_database(database_path("oriflamme"))


def told(name, db, locale):
    return narrate(run(load_example(_path(name))), db, locale)


def _path(name):
    return next(p for p in EXAMPLES if p.stem == name)


def flat(steps):
    return [s for step in steps for s in step.sentences]


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_narrates(path, locale, db):
    outcome = run(load_example(path))
    steps = narrate(outcome, db, locale)
    assert len(steps) == len(outcome.steps)
    for i, (step, st) in enumerate(zip(outcome.steps, steps)):
        assert isinstance(st, StepText)
        assert (st.step_index, st.decision_text) == (i, step.text)
        for sentence in st.sentences:
            assert sentence and "{" not in sentence and "}" not in sentence
            assert sentence[0].isupper()


def test_resolution_example_en(db):
    steps = told("resolution-example", db, "en")
    assert [s.decision_text for s in steps] == [
        "red bank", "blue reveal", "blue target 3", "green bank"]
    assert steps[1].sentences == ["Blue reveals their Soldier and gains 1 influence."]
    assert steps[2].sentences == [
        "Blue eliminates Red's Conspiracy with their Soldier and gains 1 influence."]
    assert steps[0].sentences == ["Red keeps their Heir hidden and puts an influence on it."]


def test_resolution_example_fr(db):
    steps = told("resolution-example", db, "fr")
    assert steps[1].sentences == ["Bleu révèle son Soldat et gagne 1 point d'Influence."]
    assert steps[2].sentences == [
        "Bleu élimine le Complot de Rouge avec son Soldat et gagne 1 point d'Influence."]
    # French typography: a no-break space before the colon.
    assert f"Fin du tour 2{NBSP}: Rouge 1, Bleu 3 et Vert 1." in steps[3].sentences


def test_plurals(db):
    en = flat(told("pile-below-resolves", db, "en"))
    assert "Red gains 2 influence with their Heir." in en
    fr = flat(told("pile-below-resolves", db, "fr"))
    assert "Rouge gagne 2 points d'Influence grâce à son Héritier." in fr
    assert any("gagne 1 point d'Influence." in s for s in fr)


def test_conspiracy_gains_six(db):
    assert told("conspiracy-doubles", db, "en")[0].sentences[0] == \
        "Red reveals their Conspiracy and gains 6 influence."
    assert told("conspiracy-doubles", db, "fr")[0].sentences[0] == \
        "Rouge révèle son Complot et gagne 6 points d'Influence."


def test_french_genders_and_typography(db):
    fr = flat(told("ambush-revealed", db, "fr"))
    assert fr[0] == (f"Rouge révèle son Embuscade{NNBSP}; les 2 points d'Influence "
                     "posés dessus sont perdus.")
    assert "L'Espion de Bleu n'a aucun effet." in fr
    assert "Rouge élimine l'Embuscade de Bleu" in flat(told("ambush-opponent-soldier",
                                                           db, "fr"))[0]


def test_duo_seats(db):
    assert told("duo-lord", db, "fr")[0].sentences[0].startswith("Nord laisse son Soldat")
    assert "South draws 2 cards." in told("duo-lord", db, "en")[0].sentences


def test_changed_decision_changes_narration(db, oriflamme):
    spec = copy.deepcopy(load_example(_path("resolution-example")).spec)
    spec["play"][2] = "blue target 1"
    spec.pop("expect")
    steps = narrate(run_example(oriflamme, spec), db, "en")
    assert steps[2].sentences == [
        "Blue eliminates Red's Heir with their Soldier and gains 1 influence."]


def test_narrate_events_directly(db):
    events = [{"type": "steal", "player": "red", "card": (0, 2), "victim": "blue",
               "amount": 2, "position": 1},
              {"type": "act", "player": "red", "card": (0, 2), "position": 1}]
    assert narrate_events(events, db, "en") == ["Red steals 2 influence from Blue with their Spy."]
    assert narrate_events(events, db, "fr") == [
        "Rouge vole 2 points d'Influence à Bleu avec son Espion."]


def test_missing_strings(tmp_path):
    assert missing_strings("fr") == []
    for locale in ("en", "fr"):
        (tmp_path / locale).mkdir()
        data = yaml.safe_load(catalog_path(locale).read_text(encoding="utf-8"))
        if locale == "fr":
            del data["events"]["gain"]["heir"]
            data["events"]["bonus"] = "Bonus."
        (tmp_path / locale / "narration.yaml").write_text(
            yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    assert missing_strings("fr", root=tmp_path) == [
        "missing: events.gain.heir", "extra: events.bonus"]
