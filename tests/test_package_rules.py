"""A game package's rules text (rules.md / rules.yaml, generator/look/rules.py),
its quick reference (generator/look/reference.py) and its PO catalogs in its
own source language (generator/translations.py, generator/look/texts.py).

The package is Goofspiel's engine (tests/goofspiel.py) with its assets in a
temporary folder holding this file's texts: the tests own what they read."""
from __future__ import annotations

import copy
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from goofspiel import GAME
from herald.engine.games import GAMES
from herald.generator import i18n
from herald.generator import translations as tr
from herald.generator.documents import render_template, rules_text
from herald.generator.errors import InputError
from herald.generator.look import rules as look_rules
from herald.generator.look import texts as look_texts
from herald.generator.look.reference import write_reference

PACKAGE_SOURCE = (Path(__file__).resolve().parents[1] / "examples" / "games" / "goofspiel"
                  / "src" / "herald_goofspiel")

DATABASE = """\
game: goofspiel
language: en
title: Goofspiel
subtitle: A game of pure strategy
credits: "Game: Merrill Flood."
"""

RULES_MD = """\
# Goofspiel

A game of __pure strategy__ for two or three players.

## The game {#goal}
Each player holds the same hand. Everyone bids for a prize card
**at the same time**: the highest bid wins it.

## Setting up
- Give each player one suit, ace to king.
- Shuffle the prize suit face down: the _prize pile_.

## A round {#turn}
1. Turn up the top prize.
2. Everyone bids a card of their hand, face down.
3. **Reveal**: the highest bid wins the prize.

<!-- examples -->

> A bid card is spent: it never comes back.

## Scoring {#score .steps}
- Add up the prizes you won.
- The most points wins.
"""


def _database(assets: Path, extra: str = "") -> str:
    """This file's database.yaml, naming the package's deck when it has one
    (the generic look's schema reads it)."""
    deck = assets / "deck"
    if (deck / "cards.csv").is_file() and (deck / "layout.yaml").is_file():
        extra = "deck:\n  cards: deck/cards.csv\n  layout: deck/layout.yaml\n" + extra
    return DATABASE + extra


def _package(folder: Path) -> Path:
    """A copy of the package's source with this file's texts in its assets."""
    shutil.copytree(PACKAGE_SOURCE, folder, ignore=shutil.ignore_patterns("__pycache__"))
    assets = folder / "assets"
    for name in ("rules.md", "rules.yaml", "booklet.yaml"):
        (assets / name).unlink(missing_ok=True)
    shutil.rmtree(assets / "locales", ignore_errors=True)
    (assets / "database.yaml").write_text(_database(assets), encoding="utf-8")
    (assets / "rules.md").write_text(RULES_MD, encoding="utf-8")
    return assets


@pytest.fixture
def assets(tmp_path, monkeypatch) -> Path:
    """Goofspiel registered with its assets in a temporary folder."""
    folder = _package(tmp_path / "herald_goofspiel")
    game = copy.copy(GAME)
    game.assets = str(folder)
    monkeypatch.setitem(GAMES._load(), "goofspiel", game)
    return folder


# -- Markdown into sections --------------------------------------------------------------

def test_markdown_reads_into_the_booklets_sections(assets):
    rules = look_rules.read_rules("goofspiel")
    assert rules["title"] == "Goofspiel"
    assert rules["subtitle"] == "A game of **pure strategy** for two or three players."
    assert [s["id"] for s in rules["sections"]] == ["goal", "setting-up", "turn", "score"]
    assert [s["steps"] for s in rules["sections"]] == [False, False, True, True]
    goal, setup, turn, _ = rules["sections"]
    assert goal["blocks"] == [{"p": "Each player holds the same hand. Everyone bids for a "
                                     "prize card **at the same time**: the highest bid "
                                     "wins it."}]
    assert setup["blocks"] == [{"list": ["Give each player one suit, ace to king.",
                                         "Shuffle the prize suit face down: the "
                                         "*prize pile*."]}]
    assert turn["blocks"] == [
        {"list": ["Turn up the top prize.", "Everyone bids a card of their hand, face down.",
                  "**Reveal**: the highest bid wins the prize."]},
        {"examples": True},
        {"note": "A bid card is spent: it never comes back."}]


def test_the_template_places_the_examples_at_the_marker(assets):
    text = rules_text("goofspiel", "en")
    xml = render_template("rules.xml.j2", {"text": text, "game": "goofspiel",
                                           "locale": "en"})
    turn = xml[xml.index('<section id="turn"'):xml.index("</section>", xml.index(
        '<section id="turn"'))]
    assert turn.index("<list>") < turn.index('<examples section="turn"/>') \
        < turn.index("<note>")
    assert turn.count("<examples") == 1
    # a section without the marker has them at its end
    assert '<examples section="goal"/>\n  </section>' in xml
    # no rule option: no readings section
    assert 'id="rulings"' not in xml
    assert text["examples_title"] == "Worked examples"
    assert text["credits"] == ["Game: Merrill Flood."]


def test_rules_yaml_reads_like_markdown(assets):
    (assets / "rules.md").unlink()
    (assets / "rules.yaml").write_text(
        "title: Goofspiel\nsections:\n"
        "  - id: round\n    title: A round\n    blocks:\n"
        "      - list: [Turn up a prize., Bid.]\n      - examples: here\n"
        "      - note: A bid card is spent.\n", encoding="utf-8")
    rules = look_rules.read_rules("goofspiel")
    assert rules["subtitle"] is None
    # a section with id round (or turn) is the turn: numbered on the reference
    assert rules["sections"] == [{"id": "round", "title": "A round", "steps": True, "blocks": [
        {"list": ["Turn up a prize.", "Bid."]}, {"examples": True},
        {"note": "A bid card is spent."}]}]
    # the subtitle falls back on the database's
    assert rules_text("goofspiel", "en")["subtitle"] == "A game of pure strategy"


HOSTILE = [
    ("## A\ntext <b>bold</b>\n", 2, "raw HTML"),
    ("## A\n<script>alert(1)</script>\n", 2, "raw HTML"),
    ("## A\n<!-- a comment -->\n", 2, "raw HTML"),
    ("## A\nAn unclosed <img src=x onerror=alert(1)\n", 2, "raw HTML"),
    ("## A\n### B\n", 2, "level 3"),
    ("## A {#a}\n## B {#a}\n", 2, "already the id"),
    ("## A {#Bad_Id}\n", 1, "{#section-id}"),
    ("# T\nsub\n\nmore text\n## A\n", 4, "before the first section"),
    ("just text\n", 1, "no section"),
    ("## A\nok\n\x07\n", 3, "control character"),
    ("## A\n" + "x" * 5000 + "\n", 2, "longer than"),
    ("".join(f"## S{i}\n" for i in range(70)), 61, "more than 60 sections"),
]


@pytest.mark.parametrize("text, line, words", HOSTILE)
def test_a_hostile_rules_md_is_one_line_with_its_line(assets, text, line, words):
    (assets / "rules.md").write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as e:
        look_rules.read_rules("goofspiel")
    message = str(e.value)
    assert "\n" not in message
    assert f"rules.md:{line}:" in message and words in message, message


@pytest.mark.parametrize("text, words", [
    ("title: T\nsections:\n  - id: a\n    title: A\n    blocks:\n      - p: <b>x</b>\n",
     "rules.yaml:6: sections.1.blocks.1.p: raw HTML"),
    ("title: T\nlayout: sheet\nsections: []\n", "rules.yaml:2: layout: unknown key"),
    ("sections:\n  - title: A\n    blocks: [{table: x}]\n",
     "rules.yaml:3: sections.1.blocks.1: expected one of"),
])
def test_a_hostile_rules_yaml_is_one_line_with_its_line(assets, text, words):
    (assets / "rules.md").unlink()
    (assets / "rules.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as e:
        look_rules.read_rules("goofspiel")
    assert "\n" not in str(e.value) and words in str(e.value), str(e.value)


def test_a_rules_md_too_large_or_not_utf8_is_refused(assets):
    path = assets / "rules.md"
    path.write_bytes(b"## A\n" + b"x" * (look_rules.MAX_BYTES + 1))
    with pytest.raises(InputError, match="larger than"):
        look_rules.read_rules("goofspiel")
    path.write_bytes(b"## A\ncaf\xe9\n")
    with pytest.raises(InputError, match=r"rules.md:2: not UTF-8"):
        look_rules.read_rules("goofspiel")


def _site(tmp_path: Path) -> Path:
    """The package as an installer lays it out (its folder and a dist-info
    with the entry point), without running pip."""
    site = tmp_path / "site"
    _package(site / "herald_goofspiel")
    info = site / "herald_goofspiel-1.0.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: herald-goofspiel\n"
                                   "Version: 1.0.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[herald.games]\ngoofspiel = herald_goofspiel:GAME\n",
                                           encoding="utf-8")
    return site


def _herald(site: Path, *args):
    paths = [str(site)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep)
                           if p and "herald_goofspiel" not in p]
    return subprocess.run([sys.executable, "-m", "herald.generator.cli", *args],
                          capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, PYTHONPATH=os.pathsep.join(paths)))


@pytest.fixture
def site(tmp_path) -> Path:
    return _site(tmp_path)


def test_the_command_line_says_a_hostile_rules_md_in_one_line(site):
    assets = site / "herald_goofspiel" / "assets"
    (assets / "rules.md").write_text("## Rules\nA <img src=x onerror=alert(1)> trap\n",
                                     encoding="utf-8")
    done = _herald(site, "i18n", "extract", "goofspiel")
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "rules.md:2: raw HTML" in lines[0], done.stderr
    assert not (assets / "locales" / "goofspiel.pot").exists()


# -- the quick reference -----------------------------------------------------------------

@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler) missing")
def test_the_reference_has_the_title_and_the_numbered_steps(assets, tmp_path):
    from types import SimpleNamespace
    out = tmp_path / "reference.pdf"
    text = rules_text("goofspiel", "en")
    assert write_reference(out, SimpleNamespace(game="goofspiel"), "en", "a4", text) == 1
    words = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True,
                           text=True, check=True).stdout
    flat = " ".join(words.split())
    assert "Goofspiel" in flat and "Quick reference" in flat
    assert "1 Turn up the top prize." in flat
    assert "2 Everyone bids a card of their hand, face down." in flat
    # a bold lead stays in its step's text while not every step has one
    assert "3 Reveal: the highest bid wins the prize." in flat
    # the other sections as panels, and the second steps section numbered too
    assert "The game" in flat and "Setting up" in flat
    assert "1 Add up the prizes you won." in flat
    # the note stays in the booklet
    assert "never comes back" not in flat
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True).stdout
    assert re.search(r"^Pages:\s+1$", info, re.M), info


def test_a_rules_text_too_long_for_one_page_is_one_line(assets, tmp_path):
    from types import SimpleNamespace
    long = "".join(f"## Part {i}\n" + "A long paragraph of rules. " * 60 + "\n\n"
                   for i in range(30))
    (assets / "rules.md").write_text(long, encoding="utf-8")
    with pytest.raises(InputError, match="does not fit one page"):
        write_reference(tmp_path / "r.pdf", SimpleNamespace(game="goofspiel"), "en", "a4",
                        rules_text("goofspiel", "en"))
    assert not (tmp_path / "r.pdf").exists()


# -- PO catalogs in the package's language -------------------------------------------------

def test_a_package_is_written_in_its_own_language(assets):
    assert tr.source_language("goofspiel") == "en"
    assert tr.source_language("lenormand") == "fr"
    assert tr.source_language(tr.GENERIC) == "fr"
    assert tr.po_folder("goofspiel") == assets / "locales"
    assert tr.game_locales("goofspiel") == ["en"]
    (assets / "database.yaml").write_text(
        _database(assets).replace("language: en", "language: 12"), encoding="utf-8")
    with pytest.raises(InputError, match=r"database.yaml:2: language: 12"):
        tr.source_language("goofspiel")


def test_po_round_trip_extract_translate_read(assets):
    pot = i18n.extract("goofspiel")
    assert pot == assets / "locales" / "goofspiel.pot"
    template = tr.read_po(pot)
    contexts = {m.context for m in template if m.id}
    assert {"card database title", "rules title", "rules subtitle", "rules goal title",
            "rules goal 1", "rules setting-up 1.2", "rules turn 3", "rules score 1.2",
            "example a-short-game, title"} <= contexts
    # French: a new locale, every string missing until translated
    path, new, fuzzy = i18n.update("goofspiel", "fr")
    assert path == assets / "locales" / "fr.po" and new == len(tr.source_entries("goofspiel"))
    assert not tr.complete("goofspiel", "fr")
    assert i18n.locale_gaps("goofspiel", "fr")
    catalog = tr.read_po(path, "fr")
    french = {"rules title": "Goofspiel", "rules goal title": "Le jeu",
              "rules turn 1.1": "Retourner le premier lot."}
    for m in catalog:
        if m.id:
            m.string = french.get(m.context, f"FR {m.id}")
    tr.write_catalog(path, catalog)
    assert tr.complete("goofspiel", "fr")
    assert tr.game_locales("goofspiel") == ["en", "fr"]
    text = rules_text("goofspiel", "fr")
    assert text["sections"][0]["title"] == "Le jeu"
    turn = next(s for s in text["sections"] if s["id"] == "turn")
    assert turn["blocks"][0]["list"][0] == "Retourner le premier lot."
    assert turn["blocks"][2] == {"note": "FR A bid card is spent: it never comes back."}
    # the generic words in French, from Herald's own catalog
    assert text["examples_title"] == "Exemples commentés"
    assert text["credits"] == ["FR Game: Merrill Flood."]
    # and the source language stays as written
    assert rules_text("goofspiel", "en")["sections"][0]["title"] == "The game"


def test_update_refuses_the_packages_own_language(site):
    done = _herald(site, "i18n", "update", "goofspiel", "--lang", "en")
    assert done.returncode == 2 and "source language" in done.stderr
    done = _herald(site, "i18n", "update", "goofspiel", "--lang", "fr")
    assert done.returncode == 0, done.stderr
    po = site / "herald_goofspiel" / "assets" / "locales" / "fr.po"
    assert po.is_file() and 'msgctxt "rules goal title"' in po.read_text(encoding="utf-8")
    done = _herald(site, "i18n", "check", "goofspiel")
    assert done.returncode == 1
    assert "goofspiel en: complete (the source)" in done.stdout
    assert "goofspiel fr:" in done.stdout and "missing: card database title" in done.stdout


def test_card_texts_and_plain_example_titles_are_translated(assets):
    """The card list's text columns (by card id) and an example's plain
    title are the package's texts too: extracted, and read back translated."""
    import csv

    from herald.generator.examples import load_example
    cards = assets / "deck" / "cards.csv"
    if not cards.is_file():
        # no deck in the package yet: a card list of our own
        cards.parent.mkdir()
        cards.write_text("id,name,value,count\np1,Ace of prizes,1,1\n"
                         "p2,Two of prizes,2,1\n", encoding="utf-8")
        (assets / "database.yaml").write_text(DATABASE + "deck:\n  cards: deck/cards.csv\n",
                                              encoding="utf-8")
    with cards.open(encoding="utf-8") as f:
        names = {row["id"]: row["name"] for row in csv.DictReader(f)}
    example = (assets / "examples" / "a-short-game.yaml")
    text = example.read_text(encoding="utf-8")
    start = text.index("title:")
    end = text.index("players:")
    example.write_text(text[:start] + "title: A plain title\n" + text[end:], encoding="utf-8")
    entries = {(e.ctx, e.source) for e in tr.source_entries("goofspiel")}
    assert {(f"card list {card}.name", name) for card, name in names.items()} \
        | {("example a-short-game, title", "A plain title")} <= entries
    assert not any(ctx.endswith(".value") for ctx, _ in entries)   # not a column of words
    path, _, _ = i18n.update("goofspiel", "fr")
    catalog = tr.read_po(path, "fr")
    for m in catalog:
        if m.context == "example a-short-game, title":
            m.string = "Un titre simple"
    tr.write_catalog(path, catalog)
    loaded = load_example(example)
    assert loaded.title("fr") == "Un titre simple" and loaded.title("en") == "A plain title"
    card, name = sorted(names.items())[0]
    assert look_texts.card_text("goofspiel", "fr", card, "name", name) == name  # as written
    # a card list outside the assets folder is refused
    (assets / "database.yaml").write_text(
        DATABASE + "deck:\n  cards: ../../x.csv\n  layout: deck/layout.yaml\n",
        encoding="utf-8")
    with pytest.raises(InputError, match="assets folder"):
        tr.source_entries("goofspiel")


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler) missing")
def test_a_title_too_long_for_a_panels_heading_wraps_on_the_reference(assets, tmp_path):
    """A panel's heading is one line: a section title longer than the page
    is set as a paragraph that wraps, every word of it on the page."""
    from types import SimpleNamespace
    long = "Scoring, ties, and " + "what happens when every prize has gone " * 3 + "at last"
    (assets / "rules.md").write_text(RULES_MD + f"\n## {long}\nCount the prizes.\n",
                                     encoding="utf-8")
    out = tmp_path / "reference.pdf"
    write_reference(out, SimpleNamespace(game="goofspiel"), "en", "a4",
                    rules_text("goofspiel", "en"))
    words = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True,
                           check=True).stdout
    flat = " ".join(words.split()).lower()
    assert long.lower() in flat and "count the prizes." in flat
