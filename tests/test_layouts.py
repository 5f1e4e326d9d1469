"""Card texts are fitted once a process for the same words (render/layouts.py):
the deck, the Alliance deck, the booklet and the web edition share each
layout, and an edited text, even saved within the same clock tick at the
same size, gets a layout of its own at once."""
from __future__ import annotations

from datetime import date

import pytest
from conftest import copy_assets, save_in_the_same_tick
from herald.generator.database import database_path, load_database
from herald.generator.games.aset import decrees
from herald.generator.games.aset.faces import print_cards as aset_cards
from herald.generator.games.lenormand import aid as lenormand_aid
from herald.generator.games.oriflamme import faces
from herald.generator.render.fonts import register_fonts
from herald.generator.render.layouts import LayoutCache, frozen

ORIFLAMME = load_database(database_path("oriflamme"))


def _face(cards, key: str):
    """The drawing object behind a printed card's front (its laid-out texts)."""
    return next(c for c in cards if c.key == key).draw_front.__self__


def _ability(cards, key: str) -> str:
    return " ".join(line.plain for line in _face(cards, key).text.ability.lines)


def test_oriflamme_fits_each_card_and_aid_once_for_the_same_words(monkeypatch):
    fitted: list[str] = []
    face_layout = faces._FaceText.layout.__func__
    aid_layout = faces._AidText.layout.__func__

    def face(cls, db, card, *args):
        fitted.append(card.id)
        return face_layout(cls, db, card, *args)

    def aid(cls, db, *args):
        fitted.append("aid")
        return aid_layout(cls, db, *args)
    monkeypatch.setattr(faces._FaceText, "layout", classmethod(face))
    monkeypatch.setattr(faces._AidText, "layout", classmethod(aid))
    faces._LAYOUTS.clear()
    first = faces.print_cards(ORIFLAMME, "en")
    again = faces.print_cards(ORIFLAMME, "en", ink="saver")     # the ink changes no words
    alliance = ORIFLAMME.select("alliance")
    faces.print_cards(alliance, "en")
    faces.print_cards(ORIFLAMME.select("alliance"), "en")      # the booklet's, the web's
    base = [c.id for c in ORIFLAMME.cards]
    assert sorted(fitted) == sorted([*base, "aid", *(c.id for c in alliance.cards), "aid"])
    key = f"{ORIFLAMME.families[0].id}-{base[0]}"
    assert _face(first, key).text is _face(again, key).text
    assert next(c for c in first if c.key.startswith("aid-")).draw_front.__self__.text is \
        next(c for c in again if c.key.startswith("aid-")).draw_front.__self__.text
    faces.print_cards(ORIFLAMME, "fr")                          # another locale: its own
    assert len(fitted) == 2 * (len(base) + 1) + len(alliance.cards) + 1


def test_an_ability_edited_twice_in_one_tick_prints_the_second_edit(tmp_path, monkeypatch):
    assets = copy_assets(tmp_path, monkeypatch, "oriflamme")
    path = assets / "oriflamme" / "database.yaml"
    db = load_database(path)
    card = db.cards[2]
    key = f"{db.families[0].id}-{card.id}"
    text = card.ability["fr"]
    assert f'fr: "{text}"' in path.read_text(encoding="utf-8")
    assert "Volez" in _ability(faces.print_cards(db, "fr"), key)
    first, second = text.replace("Volez", "Videz"), text.replace("Volez", "Ôtez")
    save_in_the_same_tick(path, f'fr: "{text}"', f'fr: "{first}"')
    printed = _ability(faces.print_cards(load_database(path), "fr"), key)
    assert "Videz" in printed and "Volez" not in printed
    save_in_the_same_tick(path, f'fr: "{first}"', f'fr: "{second}"')
    printed = _ability(faces.print_cards(load_database(path), "fr"), key)
    assert "Ôtez" in printed and "Videz" not in printed


def test_aset_decrees_are_fitted_once_and_refitted_for_other_words(monkeypatch):
    db = load_database(database_path("aset"))
    fitted = []
    layout = decrees._DecreeFace.layout.__func__

    def counted(cls, text, *args, **kwargs):
        fitted.append(text.name)
        return layout(cls, text, *args, **kwargs)
    monkeypatch.setattr(decrees._DecreeFace, "layout", classmethod(counted))
    decrees._LAYOUTS.clear()
    first = aset_cards(db, "en")
    n = len(fitted)
    assert n == len(db.decrees) + 1          # each decree, and the blank one
    again = aset_cards(db, "en")
    assert len(fitted) == n
    key = f"decree-{db.decrees[0].id}"
    assert _face(first, key) is _face(again, key)
    # another catalog word on the card (the word over a space to write in)
    words = decrees.catalog("en")
    edited = {**words, "decree": {**words["decree"], "missing": "Write the effect here"}}
    monkeypatch.setattr(decrees, "catalog", lambda locale: edited)
    printed = aset_cards(db, "en")
    assert len(fitted) == 2 * n
    assert _face(printed, key).missing == ["Write the effect here"]


def _lines(face) -> list[str]:
    return [line.plain for part in face.parts for line in part.lines]


def test_an_aset_decree_with_other_steps_prints_their_sentences():
    db = load_database(database_path("aset"))
    a, b = [d for d in db.decrees if isinstance(d.effect1, list) and d.effect1
            and not d.discardable and not d.table_talk][:2]
    assert a.effect1 != b.effect1
    key = f"decree-{a.id}"
    before = _lines(_face(aset_cards(db, "en"), key))
    changed = a.model_copy(update={"effect1": b.effect1})
    edited = db.model_copy(update={"decrees": [changed if d is a else d for d in db.decrees]})
    after = _lines(_face(aset_cards(edited, "en"), key))
    fresh = decrees._DecreeFace.layout(decrees.decree_text(changed, "en"),
                                       decrees.catalog("en")["decree"], "en", register_fonts(),
                                       "test", credit=_face(aset_cards(db, "en"), key).credit)
    assert after == _lines(fresh) and after != before
    assert _lines(_face(aset_cards(db, "en"), key)) == before


def test_lenormand_aids_are_fitted_once_and_refitted_for_other_words(monkeypatch):
    db = load_database(database_path("lenormand"))
    fitted = []
    lay_out = lenormand_aid.lay_out

    def counted(*args):
        fitted.append(args[1])
        return lay_out(*args)
    monkeypatch.setattr(lenormand_aid, "lay_out", counted)
    lenormand_aid._LAYOUTS.clear()
    first = lenormand_aid.aid_cards(db, "en")
    assert lenormand_aid.aid_cards(db, "en")[0].draw_front.__self__ is \
        first[0].draw_front.__self__
    lenormand_aid.aid_cards(db, "en", size="poker")             # another size: its own
    assert fitted == ["en", "en"]
    text = lenormand_aid.rules_text("lenormand", "en")
    changed = {**text, "aid_card": {**text["aid_card"], "turn_title": "Pick exactly one"}}
    monkeypatch.setattr(lenormand_aid, "rules_text", lambda game, locale: changed)
    assert lenormand_aid.aid_cards(db, "en")[0].draw_front.__self__.turn_title == \
        "Pick exactly one"
    changed["aid_card"]["turn_title"] = "Pick just one"         # the same dict, edited
    assert lenormand_aid.aid_cards(db, "en")[0].draw_front.__self__.turn_title == \
        "Pick just one"
    assert len(fitted) == 4


def test_frozen_keys_tell_every_value_apart():
    values = [1, True, "1", 2.5, None, [1], {"1": 1}, {1: 1}, ["1"], date(2026, 1, 1), b"1",
              [[1, 2]], [1, [2]], {"a": [1]}, {"a": "1"}, [], {}, ""]
    keys = [frozen(v) for v in values]
    assert len(set(keys)) == len(values)
    # equal values give equal keys (YAML has no tuple: a tuple keys as a list)
    assert frozen({"a": [1, "x"]}) == frozen({"a": [1, "x"]})
    assert frozen([1, (2,)]) == frozen([1, [2]])
    odd = {1, 2}                            # a kind it does not key by contents
    assert frozen(odd) != frozen(odd)


def test_a_layout_that_fails_is_not_kept_and_the_cache_is_bounded():
    cache: LayoutCache[int] = LayoutCache(2)
    made = []

    def make(n):
        def go():
            made.append(n)
            if n < 0:
                raise ValueError("does not fit")
            return n
        return go
    with pytest.raises(ValueError):
        cache.get("bad", make(-1))
    with pytest.raises(ValueError):
        cache.get("bad", make(-1))
    assert made == [-1, -1]
    assert cache.get("a", make(1)) == 1 and cache.get("a", make(9)) == 1
    cache.get("b", make(2))
    cache.get("c", make(3))                 # "a" was the least recently used: out
    assert cache.get("a", make(4)) == 4
    assert made == [-1, -1, 1, 2, 3, 4]
