"""A worked example is told once per locale in a process (its booklet and its
web edition read the same words), and told again after any edit of the
files its words come from (generator/narrated.py)."""
from __future__ import annotations

import os

import pytest
from conftest import copy_assets
from herald.generator.database import database_path, load_database
from herald.generator.examples import builtin_examples, load_example, run
from herald.generator.games.lenormand import narration

GAME = "lenormand"


def _outcome(stem: str):
    path = next(p for p in builtin_examples(GAME) if p.stem == stem)
    return run(load_example(path))


def _never(*args, **kwargs):
    raise AssertionError("told again")


def test_an_example_told_twice_is_told_once(monkeypatch):
    db = load_database(database_path(GAME))
    outcome = _outcome("exchange-then-attack")
    first = narration.narrate(outcome, db, "fr")
    # the second time, nothing is told: the words kept are handed out
    monkeypatch.setattr(narration, "Teller", _never)
    again = narration.narrate(outcome, db, "fr")
    assert again == first and again[0].sentences[0].startswith("Adèle pose le 17")
    # a copy each: what a caller changes is not what the next one reads
    again[0].sentences.append("changed")
    assert narration.narrate(outcome, db, "fr") == first
    # another locale, another outcome: told
    with pytest.raises(AssertionError, match="told again"):
        narration.narrate(outcome, db, "en")
    with pytest.raises(AssertionError, match="told again"):
        narration.narrate(_outcome("exchange-then-attack"), db, "fr")


def test_a_catalog_edited_in_the_same_tick_is_told_with_its_new_words(tmp_path, monkeypatch):
    assets = copy_assets(tmp_path, monkeypatch, GAME)
    db = load_database(database_path(GAME))
    outcome = _outcome("exchange-then-attack")
    assert narration.narrate(outcome, db, "fr")[0].sentences[0].startswith("Adèle pose le 17")
    catalog = assets / GAME / "locales" / "fr" / "narration.yaml"
    before = os.stat(catalog)
    text = catalog.read_text(encoding="utf-8")
    catalog.write_text(text.replace("{player} pose {card}", "{player} POSE {card}"),
                       encoding="utf-8")
    # the same time and size: only the bytes tell the edit
    os.utime(catalog, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert os.stat(catalog).st_size == before.st_size
    assert narration.narrate(outcome, db, "fr")[0].sentences[0].startswith("Adèle POSE le 17")


def test_a_diagram_s_teller_is_made_again_with_a_new_catalog(monkeypatch):
    """The Lenormand diagrams' teller (the players' names) is kept while the
    database and the catalog are the same objects, and made again when the
    catalog is a new one (its files were edited)."""
    from herald.generator.games.lenormand import diagram
    db = load_database(database_path(GAME))
    first = diagram._teller(db, "en")
    assert diagram._teller(db, "en") is first
    edited = dict(narration.catalog("en"))
    monkeypatch.setattr(narration, "catalog", lambda locale: edited)
    again = diagram._teller(db, "en")
    assert again is not first and again.cat is edited
