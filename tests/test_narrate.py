import copy
import re

import pytest
from herald.engine.oriflamme.cards import CARDS
from herald.engine.runner import run_example
from herald.generator.database import database_path, load_database
from herald.generator.examples import builtin_examples, load_example, run
from herald.generator.games.oriflamme.narration import (
    StepText,
    narrate,
    narrate_events,
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
        "Blue eliminates Red’s Conspiracy with their Soldier and gains 1 influence."]
    assert steps[0].sentences == ["Red keeps their Heir hidden and puts an influence on it."]


def test_resolution_example_fr(db):
    steps = told("resolution-example", db, "fr")
    assert steps[1].sentences == ["Bleu révèle son Soldat et gagne 1 point d’Influence."]
    assert steps[2].sentences == [
        "Bleu élimine le Complot de Rouge avec son Soldat et gagne 1 point d’Influence."]
    # French typography: a no-break space before the colon.
    assert f"Fin du tour 2{NBSP}: Rouge 1, Bleu 3 et Vert 1." in steps[3].sentences


def test_plurals(db):
    en = flat(told("pile-below-resolves", db, "en"))
    assert "Red gains 2 influence with their Heir." in en
    fr = flat(told("pile-below-resolves", db, "fr"))
    assert "Rouge gagne 2 points d’Influence grâce à son Héritier." in fr
    assert any("gagne 1 point d’Influence." in s for s in fr)


def test_conspiracy_gains_six(db):
    assert told("conspiracy-doubles", db, "en")[0].sentences[0] == \
        "Red reveals their Conspiracy and gains 6 influence."
    assert told("conspiracy-doubles", db, "fr")[0].sentences[0] == \
        "Rouge révèle son Complot et gagne 6 points d’Influence."


def test_french_genders_and_typography(db):
    fr = flat(told("ambush-revealed", db, "fr"))
    assert fr[0] == (f"Rouge révèle son Embuscade{NNBSP}; les 2 points d’Influence "
                     "posés dessus sont perdus.")
    assert "L’Espion de Bleu n’a aucun effet." in fr
    assert "Rouge élimine l’Embuscade de Bleu" in flat(told("ambush-opponent-soldier",
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
        "Blue eliminates Red’s Heir with their Soldier and gains 1 influence."]


def test_narrate_events_directly(db):
    events = [{"type": "steal", "player": "red", "card": (0, 2), "victim": "blue",
               "amount": 2, "position": 1},
              {"type": "act", "player": "red", "card": (0, 2), "position": 1}]
    assert narrate_events(events, db, "en") == ["Red steals 2 influence from Blue with their Spy."]
    assert narrate_events(events, db, "fr") == [
        "Rouge vole 2 points d’Influence à Bleu avec son Espion."]


# -- the narration agrees with the diagram (issue 12) -------------------------------

def test_first_card_goes_in_the_middle_not_at_the_start(db):
    """The first card of an empty Queue is drawn alone in the middle; the
    narration says so, and "start"/"end" only once the Queue has cards."""
    en = told("placement-abc", db, "en")
    assert en[0].sentences == [
        "Red places their Heir face down in the middle of the table: "
        "the Queue starts with it."]
    assert en[1].sentences == ["Blue places their Spy face down at the start of the Queue."]
    assert en[2].sentences[0] == "Green places their Archer face down at the end of the Queue."
    fr = told("placement-abc", db, "fr")
    assert fr[0].sentences == [
        f"Rouge pose son Héritier face cachée au centre de la table{NBSP}: "
        "c’est la première carte de la File."]


def test_first_placement_event_and_diagram(db):
    from herald.generator.games.oriflamme.diagram import annotations_for, state_at
    example = load_example(_path("placement-abc"))
    outcome = run(example)
    assert outcome.steps[0].events[0]["where"] == "first"
    assert outcome.steps[1].events[0]["where"] == "start"
    _, before = state_at(example, outcome, 1)
    notes = annotations_for(outcome.steps[0].events, before)
    assert [len(s.entries) for s in notes.slots] == [1]


def test_own_card_eliminations_read_naturally(db):
    assert told("own-family-free", db, "en")[0].sentences == [
        "Red eliminates their own Heir with their Soldier and gains 1 influence."]
    assert told("own-family-free", db, "fr")[0].sentences == [
        "Rouge élimine son propre Héritier avec son Soldat et gagne 1 point d’Influence."]
    assert told("ambush-own-soldier", db, "fr")[0].sentences[0] == \
        "Rouge élimine sa propre Embuscade avec son Soldat et gagne 1 point d’Influence."
    assert told("archer-itself", db, "en")[0].sentences == [
        "Red’s Archer eliminates itself; Red gains 1 influence."]
    assert told("archer-itself", db, "fr")[0].sentences == [
        f"L’Archer de Rouge se prend pour cible et s’élimine{NNBSP}; "
        "Rouge gagne 1 point d’Influence."]
    assert told("spy-robs-self", db, "en")[0].sentences == [
        "Red targets their own card with their Spy and gains nothing."]
    # no example anywhere names the same player twice around "eliminates"
    for path in EXAMPLES:
        if path.stem.startswith("alliance"):
            continue
        for sentence in flat(narrate(run(load_example(path)), db, "en")):
            for who in ("Red", "Blue", "Green", "Yellow", "Purple", "North", "South"):
                assert not sentence.startswith(f"{who} eliminates {who}’s"), sentence


def test_tie_break_is_named(db):
    en = flat(told("solve-last-round", db, "en"))[-1]
    assert en == ("The game is over: Red and Blue are level on 7 influence; the tie-break "
                  "goes to Red, who has the most cards in the Queue (Red 1 and Blue 0).")
    fr = flat(told("tie-break", db, "fr"))[-1]
    assert fr == (f"Fin de la partie{NBSP}: Rouge et Bleu sont à égalité avec 4 points "
                  f"d’Influence{NNBSP}; Bleu, qui a le plus de cartes dans la File "
                  "(Rouge 1 et Bleu 2), l’emporte au départage.")
    shared = flat(told("shared-win", db, "en"))[-1]
    assert "level on influence and on cards in the Queue, and share the victory" in shared
    assert shared.endswith("(influence: Red 4, Blue 4, and Green 3).")
    # a clear win stays a plain win
    assert flat(told("solve-paranoid-placement", db, "en"))[-1] == \
        "The game is over: Blue wins (Red 5, Blue 7, and Green 6)."


def test_insurrection_with_one_point_is_told_once(db):
    """Its one point pays for the reveal: it is not also "lost"."""
    en = told("alliance-insurrection-ambush-pile", db, "en")
    assert en[0].sentences == ["Red reveals their Insurrection.",
                               "One influence on their Insurrection pays for the reveal."]
    assert "Red eliminates Green’s Heir with their Insurrection and gains 1 influence." \
        in en[1].sentences
    fr = flat(told("alliance-insurrection-ambush-pile", db, "fr"))
    assert not any("perdu" in s for s in fr[:2]), fr[:2]


def test_empress_favouring_your_other_family_and_an_empty_tax_read_naturally(db):
    assert told("alliance-duo-empress", db, "en")[1].sentences == [
        "North puts 1 influence from the supply on their own Zealot with their Empress."]
    assert told("alliance-duo-empress", db, "fr")[1].sentences == [
        "Nord pose 1 point d’Influence de la réserve sur son propre Zélote avec son "
        "Impératrice."]
    en = flat(told("alliance-insurrection-order", db, "en"))
    assert "Red has no influence on a hidden card to discard." in en
    assert "North discards an influence from each of their hidden cards (1 in all)." in \
        flat(told("alliance-duo-extortion", db, "en"))


def test_german_declines_the_weak_noun_soldat(db):
    """German "Soldat" is a weak noun: "den Soldaten", "mit seinem Soldaten";
    the grammar's ``forms`` declines it, the nominative keeps the label."""
    soldier = CARDS.index("soldier")
    spy = CARDS.index("spy")
    killed = [{"type": "eliminate", "player": "blue", "card": (1, spy),
               "target": (0, soldier), "owner": "red", "position": 0}]
    assert narrate_events(killed, db, "de") == [
        "Blau entfernt den Soldaten von Rot mit seiner Spionin."]
    kills = [{"type": "eliminate", "player": "blue", "card": (1, soldier),
              "target": (0, spy), "owner": "red", "position": 0}]
    assert narrate_events(kills, db, "de") == [
        "Blau entfernt die Spionin von Rot mit seinem Soldaten."]
    own = [{"type": "eliminate", "player": "red", "card": (0, spy),
            "target": (0, soldier), "owner": "red", "position": 0}]
    assert narrate_events(own, db, "de") == [
        "Rot entfernt seinen eigenen Soldaten mit seiner Spionin."]
    undeclined = re.compile(r"\b(den|dem|seinen|seinem|eigenen) Soldat\b")
    for path in EXAMPLES:
        for sentence in flat(narrate(run(load_example(path)), db, "de")):
            assert not undeclined.search(sentence), sentence


def test_grammar_forms_are_checked():
    from herald.generator.errors import InputError
    from herald.generator.games.oriflamme.narration import _forms
    dets = {"den": {"m": "den "}}
    assert _forms({"forms": {"soldier": {"den": "Soldaten"}}, "determiners": dets}, "de") \
        == {"soldier": {"den": "Soldaten"}}
    with pytest.raises(InputError, match="forms.soldier.dat: no such determiner"):
        _forms({"forms": {"soldier": {"dat": "Soldaten"}}, "determiners": dets}, "de")
    with pytest.raises(InputError, match="a name"):
        _forms({"forms": {"soldier": {"den": ""}}, "determiners": dets}, "de")
